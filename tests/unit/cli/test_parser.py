"""wgdist's parser: located ops and MLIR-compatible hexadecimal dense literals."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FileLineColLoc
from xdsl.utils.exceptions import ParseError

import wgdist


def _dense_values(text: str) -> list[float]:
    module = wgdist.parse(f"%c = arith.constant {text}\n")
    op = next(o for o in module.walk() if isinstance(o, arith.ConstantOp))
    value = op.value
    assert isinstance(value, DenseIntOrFPElementsAttr)
    return list(value.get_values())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dense<0xFF800000> : vector<4xf32>", [-math.inf] * 4),
        ("dense<0x7F800000> : vector<2xf32>", [math.inf] * 2),
        ("dense<[0x7C00, 0xFC00, 0x3C00]> : vector<3xf16>", [math.inf, -math.inf, 1.0]),
        ("dense<0x3FF0000000000000> : vector<1xf64>", [1.0]),
        ("dense<0x3F80> : vector<2xbf16>", [1.0, 1.0]),
        ("dense<[1.5, 0x40000000]> : vector<2xf32>", [1.5, 2.0]),
    ],
)
def test_hex_dense_floats_are_bit_patterns(text: str, expected: list[float]):
    assert _dense_values(text) == expected


def test_hex_dense_integers_stay_integers():
    assert _dense_values("dense<0xFF> : vector<2xi32>") == [255, 255]


def test_hex_dense_nan_payload():
    (v,) = _dense_values("dense<0x7FC00000> : vector<1xf32>")
    assert np.isnan(v)


def test_hex_literal_too_wide_is_an_error():
    with pytest.raises(ParseError, match="does not fit"):
        _dense_values("dense<0x1FFFF> : vector<2xf16>")


def test_ops_carry_their_source_location():
    module = wgdist.parse("\n  %c = arith.constant 1 : index\n", name="k.mlir")
    op = next(o for o in module.walk() if isinstance(o, arith.ConstantOp))
    loc = op.location
    assert isinstance(loc, FileLineColLoc)
    assert (loc.filename.data, loc.line.data, loc.column.data) == ("k.mlir", 2, 8)  # at the op name, as mlir-opt


def _modules_loaded_by_wgdist_opt(text: str) -> set[str]:
    """The ``wgdist.dialects`` modules a ``wgdist-opt`` run on ``text`` imports (fresh process)."""
    code = (
        "import sys\n"
        "from wgdist.tools.wgdist_opt import main\n"
        "sys.argv = ['wgdist-opt']\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    print('MODULES', *sorted(m for m in sys.modules if m.startswith('wgdist.dialects.')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, check=True)
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("MODULES"))
    return set(line.split()[1:])


def test_parse_checks_stay_unloaded_without_vector_ops():
    """The vector parse checks (and the vector dialect they pull in) load only for vector ops:
    an empty module or one with only func/arith ops must not pay for them at start-up."""
    for text in ("builtin.module {\n}\n", "func.func @f() {\n  %c = arith.constant 1 : index\n  return\n}\n"):
        loaded = _modules_loaded_by_wgdist_opt(text)
        assert not {m for m in loaded if m.startswith("wgdist.dialects.vector_ops")}, loaded


def test_parse_checks_still_run_on_vector_ops():
    with pytest.raises(ParseError, match="source rank higher than destination rank"):
        wgdist.parse(
            "func.func @f(%v: vector<2x4xf32>) {\n"
            "  %b = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>\n"
            "  return\n}\n"
        )
