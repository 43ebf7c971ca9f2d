"""Verification reports what mlir-opt 22 reports: the first failure of each function (an op with
isolated-from-above regions), in order, and within one function only the first."""

from __future__ import annotations

import pytest
from xdsl.dialects import func
from xdsl.utils.exceptions import ParseError

import wgdist
from wgdist.ir import VerifyError, VerifyErrors, verify, verify_errors

BROKEN_RETURNS = """
func.func @a(%x: f32) -> f32 {
  return
}
func.func @ok(%x: f32) -> f32 {
  return %x : f32
}
func.func @b(%x: f32) -> f32 {
  return
}
"""


def _unverified(text: str) -> object:
    """Parse without the final verification (the pipeline verifies before the first pass)."""
    return wgdist.parse(text, name="k.mlir")


def test_each_broken_function_reports_its_first_failure_in_order() -> None:
    module = _unverified(BROKEN_RETURNS)
    errors = verify_errors(module)  # type: ignore[arg-type]
    assert [str(e).split(": error:")[0] for e in errors] == ["k.mlir:3:3", "k.mlir:9:3"]
    with pytest.raises(VerifyErrors) as e:
        verify(module)  # type: ignore[arg-type]
    assert [err.op.parent_op().sym_name.data for err in e.value.errors] == ["a", "b"]  # type: ignore[union-attr]
    assert str(e.value).count("error:") == 2


def test_one_broken_function_raises_a_single_error() -> None:
    module = _unverified(BROKEN_RETURNS.split("func.func @ok")[0])
    with pytest.raises(VerifyError) as e:
        verify(module)  # type: ignore[arg-type]
    assert not isinstance(e.value, VerifyErrors)
    assert str(e.value).startswith("k.mlir:3:3: error: 'func.return' op")


def test_wgdist_checks_at_parse_time_report_every_function_with_its_source_line() -> None:
    text = """func.func @f(%x: vector<4xf32>) {
  %0 = vector.extract %x[7] : f32 from vector<4xf32>
  %1 = vector.extract %x[9] : f32 from vector<4xf32>
  return
}
func.func @g(%x: vector<4xf32>) {
  %0 = vector.extract %x[8] : f32 from vector<4xf32>
  return
}
"""
    with pytest.raises(ParseError) as e:
        wgdist.parse(text, name="s.mlir")
    more = getattr(e.value, "more_errors", [])
    assert [m.span.get_location().line for m in [e.value, *more]] == [2, 7]
    assert all(m.span.get_location().col == 8 for m in [e.value, *more])
    assert "position 7" in str(e.value) and "position 8" in str(more[0])


def test_a_syntax_error_after_a_broken_function_is_what_is_reported() -> None:
    """mlir-opt verifies only once the whole input parsed: a later syntax error wins."""
    text = """func.func @f(%x: vector<4xf32>) {
  %0 = vector.extract %x[7] : f32 from vector<4xf32>
  return
}
func.func @g( {
"""
    with pytest.raises(ParseError) as e:
        wgdist.parse(text, name="s.mlir")
    assert e.value.span.get_location().line == 5
    assert not getattr(e.value, "more_errors", [])


def test_functions_are_found_inside_modules() -> None:
    module = _unverified("module {\n" + BROKEN_RETURNS + "}\n")
    assert len(verify_errors(module)) == 2  # type: ignore[arg-type]
    assert all(isinstance(e.op.parent_op(), func.FuncOp) for e in verify_errors(module))  # type: ignore[arg-type]
