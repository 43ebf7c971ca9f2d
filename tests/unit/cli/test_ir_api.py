"""``wgdist.print_module`` prints what ``wgdist-opt`` prints; ``wgdist.verify`` checks what the
parser checks, on IR however it was made."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects import func, vector
from xdsl.dialects.builtin import ModuleOp, VectorType, f32
from xdsl.ir import Block, Operation, Region
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import ParseError, VerifyException

import wgdist
import wgdist.passes
from wgdist.dialects.xegpu import LayoutAttr
from wgdist.ir import VerifyError
from wgdist.passes import get_all_passes
from wgdist.tools import wgdist_opt as opt_tool

ROOT = Path(__file__).resolve().parents[3]
WGDIST_OPT = Path(sys.executable).with_name("wgdist-opt")
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"

PRINTED = sorted(
    [
        *(ROOT / "examples").glob("*.mlir"),
        *(ROOT / "tests" / "filecheck" / "dialects").glob("*/ops.mlir"),
        ROOT / "tests" / "filecheck" / "dialects" / "xegpu" / "llvm22-sample.mlir",
        ROOT / "tests" / "filecheck" / "inputs" / "llvm22-syntax-sample.mlir",
    ]
)


def wgdist_opt(path: Path, *args: str) -> str:
    proc = subprocess.run(
        [str(WGDIST_OPT), str(path), "--split-input-file", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def printed_by_library(path: Path, *, generic: bool = False, pipeline: str = "") -> str:
    """What the library prints for each ``// -----`` chunk, joined as ``--split-input-file`` does."""
    chunks = path.read_text().split("// -----")
    out = []
    for chunk in chunks:
        module = wgdist.parse(chunk, name=str(path))
        if pipeline:
            module = wgdist.run_pipeline(module, pipeline)
        out.append(wgdist.print_module(module, generic=generic))
    return "// -----\n".join(out)


def test_the_inputs_exist() -> None:
    assert len(PRINTED) >= 9 and all(p.exists() for p in PRINTED), PRINTED


@pytest.mark.parametrize("path", PRINTED, ids=lambda p: str(p.relative_to(ROOT)))
def test_print_module_is_what_wgdist_opt_prints(path: Path) -> None:
    assert printed_by_library(path) == wgdist_opt(path)


@pytest.mark.parametrize("name", ["gemm_k_loop.mlir", "softmax.mlir"])
def test_print_module_generic_form(name: str) -> None:
    path = ROOT / "examples" / name
    assert printed_by_library(path, generic=True) == wgdist_opt(path, "--print-op-generic")


def test_print_module_after_passes() -> None:
    path = ROOT / "examples" / "gemm_k_loop.mlir"
    assert printed_by_library(path, pipeline=PIPELINE) == wgdist_opt(path, "-p", PIPELINE)


def test_print_module_spells_i64_arrays_as_mlir_opt() -> None:
    """xDSL's own printer (``str(module)``) writes ``[0 : i64, 0 : i64]``; mlir-opt and
    ``wgdist.print_module`` write ``[0, 0]``."""
    module = wgdist.parse("func.func @f() attributes {offsets = [0, 0]} {\n  return\n}\n")
    assert "offsets = [0 : i64, 0 : i64]" in str(module)
    assert "offsets = [0, 0]" in wgdist.print_module(module)


# -- verify: IR built in Python meets the parser's rules --------------------------------------


def python_module(shape: tuple[int, ...] = (4, 8)) -> tuple[ModuleOp, Operation]:
    """``func.func @f(%v: vector<shape x f32>)`` whose body is one ``vector.broadcast`` to
    ``vector<8x8xf32>``, built in Python; returns the module and the broadcast."""
    block = Block(arg_types=[VectorType(f32, shape)])
    bcast = vector.BroadcastOp(block.args[0], VectorType(f32, (8, 8)))
    block.add_ops([bcast, func.ReturnOp()])
    function = func.FuncOp("f", ((VectorType(f32, shape),), ()), Region(block))
    return ModuleOp([function]), bcast


def parser_message(text: str) -> str:
    with pytest.raises(ParseError) as info:
        wgdist.parse(text)
    return info.value.msg


def verify_message(module: ModuleOp) -> str:
    with pytest.raises(VerifyError) as info:
        wgdist.verify(module)
    error = info.value
    assert isinstance(error, VerifyException)  # callers catching verifier failures still do
    return f"'{error.op.name}' op {error.message}"


def test_verify_applies_the_vector_rules_of_the_parser() -> None:
    module, _ = python_module()
    module.verify()  # xDSL's verifier accepts a 4x8 -> 8x8 broadcast
    expected = parser_message(
        "func.func @f(%v: vector<4x8xf32>) {\n"
        "  %b = vector.broadcast %v : vector<4x8xf32> to vector<8x8xf32>\n  return\n}\n"
    )
    assert expected.startswith("'vector.broadcast' op dimension mismatch (4 vs. 8)")
    assert verify_message(module) == expected


def test_verify_applies_the_layout_attribute_rules_of_the_parser() -> None:
    module, bcast = python_module(shape=(8,))
    wgdist.verify(module)  # a valid 8 -> 8x8 broadcast
    bcast.attributes["layout_result_0"] = LayoutAttr(sg_layout=[2], sg_data=[4])
    expected = parser_message(
        "func.func @f(%v: vector<8xf32>) {\n"
        "  %b = vector.broadcast %v {layout_result_0 = #xegpu.layout<sg_layout = [2], sg_data = [4]>}"
        " : vector<8xf32> to vector<8x8xf32>\n  return\n}\n"
    )
    assert "layout_result_0" in expected and "rank-2 vector<8x8xf32>" in expected
    assert verify_message(module) == expected


def test_verify_locates_its_errors_like_the_parser() -> None:
    module = wgdist.parse(
        "func.func @f(%v: vector<8xf32>, %w: vector<4x8xf32>) {\n"
        "  %b = vector.broadcast %v : vector<8xf32> to vector<8x8xf32>\n  return\n}\n",
        name="k.mlir",
    )
    wgdist.verify(module)
    bcast = next(op for op in module.walk() if isinstance(op, vector.BroadcastOp))
    function = bcast.parent_op()
    assert isinstance(function, func.FuncOp)
    bcast.operands[0] = function.body.block.args[1]  # as a buggy pass might leave it
    with pytest.raises(VerifyError, match=r"^k\.mlir:2:8: error: 'vector\.broadcast' op dimension mismatch"):
        wgdist.verify(module)


def test_run_pipeline_verifies_python_built_ir() -> None:
    module, _ = python_module()
    with pytest.raises(VerifyError, match="dimension mismatch"):
        wgdist.run_pipeline(module, "xegpu-propagate-layout")


@dataclass(frozen=True)
class BreakBroadcast(ModulePass):
    """A buggy pass: the broadcast of ``BROADCAST`` reads the 4x8 argument instead."""

    name = "break-broadcast"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for bcast in op.walk():
            if isinstance(bcast, vector.BroadcastOp):
                function = bcast.parent_op()
                assert isinstance(function, func.FuncOp)
                bcast.operands[0] = function.body.block.args[1]


BROADCAST = (
    "func.func @f(%v: vector<8xf32>, %w: vector<4x8xf32>) {\n"
    "  %b = vector.broadcast %v : vector<8xf32> to vector<8x8xf32>\n  return\n}\n"
)
AFTER_THE_PASS = "k.mlir:2:8: error: 'vector.broadcast' op dimension mismatch (4 vs. 8)"


def with_broken_pass() -> dict[str, Callable[[], type[ModulePass]]]:
    return {**get_all_passes(), "break-broadcast": lambda: BreakBroadcast}


def test_run_pipeline_verifies_what_a_pass_produced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wgdist.passes, "get_all_passes", with_broken_pass)
    with pytest.raises(VerifyError, match="^" + re.escape(AFTER_THE_PASS)):
        wgdist.run_pipeline(wgdist.parse(BROADCAST, name="k.mlir"), "break-broadcast")


def test_wgdist_opt_verifies_what_a_pass_produced(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(opt_tool, "get_all_passes", with_broken_pass)
    monkeypatch.chdir(tmp_path)
    Path("k.mlir").write_text(BROADCAST)
    with pytest.raises(SystemExit) as info:
        opt_tool.main(["k.mlir", "-p", "break-broadcast"])
    assert info.value.code == 1
    assert capsys.readouterr().err.startswith(AFTER_THE_PASS)
