"""wgdist's parser: located ops and MLIR-compatible hexadecimal dense literals."""

from __future__ import annotations

import math

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
    assert (loc.filename.data, loc.line.data, loc.column.data) == ("k.mlir", 2, 3)
