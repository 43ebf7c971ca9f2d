"""xegpu-wg-to-sg-distribute: diagnostics leave the IR untouched; emitted IR is minimal."""

from __future__ import annotations

import pytest

from wgdist import parse, run_pipeline
from wgdist.diagnostics import OpError

L = "#xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>"

BAD = f"""
func.func @k(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, {L}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {L}}}> : !xegpu.tensor_desc<64x64xf32, {L}> -> vector<64x64xf32>
  %w = arith.addf %v, %v {{layout_result_0 = {L}}} : vector<64x64xf32>
  %b = vector.bitcast %w : vector<64x64xf32> to vector<64x64xi32>
  func.return
}}
"""


def test_error_leaves_module_unchanged() -> None:
    module = parse(BAD)
    before = str(module)
    with pytest.raises(OpError, match="'vector.bitcast' op has no workgroup-to-subgroup rule"):
        run_pipeline(module, "xegpu-wg-to-sg-distribute")
    assert str(module) == before


def test_wrap_needs_no_modulo_and_one_subgroup_id() -> None:
    text = BAD.replace("  %b = vector.bitcast %w : vector<64x64xf32> to vector<64x64xi32>\n", "")
    text = text.replace("64x64", "256x128")
    out = str(run_pipeline(text, "xegpu-wg-to-sg-distribute"))
    assert out.count("gpu.subgroup_id") == 1
    # [4, 4] on 256x128 wraps in both dims: 2 coordinates (remui), 1 division, no offset modulo
    assert out.count("arith.remui") == 2
    assert out.count("arith.divui") == 1
    assert "vector<256x128xf32>" not in out  # nothing workgroup-sized is left
    assert out.count("arith.addf") == 8


def test_mismatched_layouts_name_both() -> None:
    other = "#xegpu.layout<sg_layout = [4, 4], sg_data = [8, 8]>"
    text = BAD.replace(
        "  %b = vector.bitcast %w : vector<64x64xf32> to vector<64x64xi32>\n",
        f"  %x = arith.addf %w, %v {{layout_result_0 = {other}}} : vector<64x64xf32>\n",
    )
    with pytest.raises(OpError, match=r"operand #0 is distributed with layout<sg_layout = \[4, 4\], sg_data = \[16, 16\]>"):
        run_pipeline(text, "xegpu-wg-to-sg-distribute")


def test_slice_on_a_unit_dim_reads_sg_data_one() -> None:
    """Audit t37: a slice layout on a value with an extent-1 dim crashed (ZeroDivisionError in
    the layout model); it reads sg_data 1 there, like a plain layout."""
    text = """
#s = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4, 1], sg_data = [2, 4, 4]>, dims = [0]>
func.func @k() {
  %c = arith.constant {layout_result_0 = #s} dense<1.0> : vector<16x1xf32>
  %e = math.exp %c {layout_result_0 = #s} : vector<16x1xf32>
  func.return
}"""
    out = str(run_pipeline(text, "xegpu-wg-to-sg-distribute"))
    assert "math.exp %0 : vector<4x1xf32>" in out


def test_slice_that_does_not_split_the_shape_is_a_diagnostic() -> None:
    """A slice whose kept dims do not split the value was not checked at all (garbage tiles)."""
    text = """
#s = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [4, 4]>, dims = [0]>
func.func @k() {
  %c = arith.constant {layout_result_0 = #s} dense<1.0> : vector<12xf32>
  %e = math.exp %c {layout_result_0 = #s} : vector<12xf32>
  func.return
}"""
    with pytest.raises(OpError, match=r"'arith.constant' op cannot distribute result #0 of shape \[12\] .*dim 0: 3 tiles of sg_data 4"):
        run_pipeline(text, "xegpu-wg-to-sg-distribute")
