"""xegpu-wg-to-sg-distribute: diagnostics leave the IR untouched; emitted IR is minimal."""

from __future__ import annotations

import pytest

import wgdist
from wgdist import parse, run_pipeline
from wgdist.ir.diagnostics import OpError

L = "#xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>"

BAD = f"""
func.func @k(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, {L}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {L}}}> : !xegpu.tensor_desc<64x64xf32, {L}> -> vector<64x64xf32>
  %w = arith.addf %v, %v {{layout_result_0 = {L}}} : vector<64x64xf32>
  %b = vector.extract %w[0] : vector<64xf32> from vector<64x64xf32>
  func.return
}}
"""


def test_error_leaves_module_unchanged() -> None:
    module = parse(BAD)
    before = str(module)
    with pytest.raises(OpError, match="'vector.extract' op has no workgroup-to-subgroup rule"):
        run_pipeline(module, "xegpu-wg-to-sg-distribute")
    assert str(module) == before


def test_wrap_needs_no_modulo_and_one_subgroup_id() -> None:
    text = BAD.replace("  %b = vector.extract %w[0] : vector<64xf32> from vector<64x64xf32>\n", "")
    text = text.replace("64x64", "256x128")
    out = str(run_pipeline(text, "xegpu-wg-to-sg-distribute"))
    assert out.count("gpu.subgroup_id") == 1
    # [4, 4] on 256x128 wraps in both dims: 2 coordinates (remui), 1 division, no offset modulo
    assert out.count("arith.remui") == 2
    assert out.count("arith.divui") == 1
    assert "vector<256x128xf32>" not in out  # nothing workgroup-sized is left
    assert out.count("arith.addf") == 8


def test_mismatched_elementwise_operand_is_moved_to_the_result_split() -> None:
    """An elementwise operand split otherwise than the result was refused ("insert an
    xegpu.convert_layout"); it is moved to the result's split through SLM and agrees."""
    other = "#xegpu.layout<sg_layout = [4, 4], sg_data = [8, 8]>"
    text = BAD.replace(
        "  %b = vector.extract %w[0] : vector<64xf32> from vector<64x64xf32>\n",
        f"  %x = arith.addf %w, %v {{layout_result_0 = {other}}} : vector<64x64xf32>\n"
        f"  %to = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, {other}>\n"
        f"  xegpu.store_nd %x, %to[0, 0] <{{layout = {other}}}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, {other}>\n",
    )
    out = str(run_pipeline(text, "xegpu-wg-to-sg-distribute"))
    assert out.count("xegpu.store_matrix") == 2 and out.count("gpu.barrier") >= 2
    assert wgdist.check(text, "xegpu-wg-to-sg-distribute").ok


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


def _distribute(text: str) -> str:
    return str(run_pipeline(text, "xegpu-wg-to-sg-distribute"))


def _addi(out: str) -> list[str]:
    return [line.split("=", 1)[1].strip() for line in out.splitlines() if "arith.addi" in line and ": index" in line]


def test_constant_ssa_offsets_fold_with_tile_offsets() -> None:
    """Audit t38: an index arith.constant offset is a constant: its sum with a tile offset folds
    (``(x + 16) + %c8`` is ``x + 24``), one add per distinct sum, operands in one order."""
    text = """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
func.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %t = xegpu.create_nd_tdesc %a : memref<64x64xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
  %v = xegpu.load_nd %t[%c8, 8] <{layout = #l}> : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
  xegpu.store_nd %v, %u[8, %c8] <{layout = #l}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #l>
  func.return
}"""
    out = _distribute(text)
    adds = _addi(out)
    assert len(adds) == len(set(adds)) == 3, adds  # row + 8, row + 24, column + 8
    assert not any(a.startswith("arith.addi %c") for a in adds), adds  # constants last
    assert "%c24 = arith.constant 24 : index" in out
    assert "%c16 = arith.constant 16 : index" in out  # the column tile offset x * 16
    assert out.count("= arith.constant 8 : index") == 1


def test_slot_division_folds_and_neutral_constant_is_built_once_outside_loops() -> None:
    """Audit t4/t3b: (c * 16 + 64) / 16 is c + 4 (no divui of a tile offset), and the neutral
    element of a cross-subgroup reduction in a loop is built once, at the function entry."""
    text = """
#l = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>
#r = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>, dims = [1]>
func.func @k(%a: memref<256x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %t = xegpu.create_nd_tdesc %a : memref<256x128xf32> -> !xegpu.tensor_desc<32x128xf32, #l>
  %z = arith.constant {layout_result_0 = #r} dense<1.0> : vector<32xf32>
  %res = scf.for %i = %c0 to %n step %c32 iter_args(%acc = %z) -> (vector<32xf32>) {
    %v = xegpu.load_nd %t[%i, 0] <{layout = #l}> : !xegpu.tensor_desc<32x128xf32, #l> -> vector<32x128xf32>
    %s = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #r} [1] : vector<32x128xf32> to vector<32xf32>
    scf.yield %s : vector<32xf32>
  } {layout_result_0 = #r}
  func.return
}"""
    out = _distribute(text)
    loop = out[out.index("scf.for"):]
    assert "arith.constant" not in loop
    assert out.count("arith.constant dense<0.000000e+00>") == 1
    assert "arith.divui" not in out.replace("arith.divui %sg_id", "")  # only the delinearization


def test_user_subgroup_id_is_reused() -> None:
    """Audit t18: the kernel's own gpu.subgroup_id (for an scf.if with sg_id_range) is the one
    the pass uses: one per function."""
    text = """
#l = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 16]>
#h = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16], order = [0, 1]>
func.func @k(%a: memref<32x64xf32>, %b: memref<32x32xf32>) {
  %t = xegpu.create_nd_tdesc %a : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
  xegpu.store_nd %v, %t[0, 0] <{layout = #l}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #l>
  %sg = gpu.subgroup_id : index
  %c4 = arith.constant 4 : index
  %cond = arith.cmpi uge, %sg, %c4 : index
  scf.if %cond {
    %sg2 = gpu.subgroup_id : index
    %tb = xegpu.create_nd_tdesc %b : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #h>
    %w = xegpu.load_nd %tb[%sg2, 0] <{layout = #h}> : !xegpu.tensor_desc<32x32xf32, #h> -> vector<32x32xf32>
    xegpu.store_nd %w, %tb[0, 0] <{layout = #h}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #h>
  } {sg_id_range = #xegpu.range<[4, 8]>}
  func.return
}"""
    out = _distribute(text)
    assert out.count("gpu.subgroup_id") == 1
    assert out.splitlines()[2].strip() == "%sg = gpu.subgroup_id : index"
    assert "arith.cmpi uge, %sg, %c4" in out


def test_shape_cast_between_subgroup_counts_names_both() -> None:
    """Audit t36: the message was 'not the shape_cast of its own tiles'; it is a count mismatch."""
    text = """
#v = #xegpu.layout<sg_layout = [4], sg_data = [4]>
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [4, 4]>
func.func @k(%m: memref<16xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<16xf32> -> !xegpu.tensor_desc<16xf32, #v>
  %v = xegpu.load_nd %t[0] <{layout = #v}> : !xegpu.tensor_desc<16xf32, #v> -> vector<16xf32>
  %s = vector.shape_cast %v {layout_result_0 = #l} : vector<16xf32> to vector<16x1xf32>
  func.return
}"""
    with pytest.raises(OpError, match=r"'vector.shape_cast' op the source is split over 4 subgroups \(#xegpu.layout<sg_layout = \[4\], sg_data = \[4\]>\) but the result over 8 \(#xegpu.layout<sg_layout = \[4, 2\], sg_data = \[4, 1\]>\)"):
        _distribute(text)
    bcast = text.replace("vector.shape_cast %v", "vector.broadcast %v").replace("vector<16xf32> to vector<16x1xf32>", "vector<16xf32> to vector<2x16xf32>").replace("sg_data = [4, 4]", "sg_data = [1, 4]")
    with pytest.raises(OpError, match=r"'vector.broadcast' op the source is split over 4 subgroups .* but the result over 8"):
        _distribute(bcast)


def test_an_out_of_range_load_nd_transpose_is_ignored_as_in_llvm22() -> None:
    """LLVM 22 ignores (with a warning) a transpose naming a dim outside the descriptor; the
    distribution and the interpreter do the same (it was an internal IndexError, then an
    unlocated 'not a permutation')."""
    lay = "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>"
    td = f"!xegpu.tensor_desc<64x64xf32, {lay}>"
    src = f"""
func.func @k(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> {td}
  %v = xegpu.load_nd %t[0, 0] <{{transpose = array<i64: 0, 5>}}> : {td} -> vector<64x64xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> {td}
  xegpu.store_nd %v, %u[0, 0] : vector<64x64xf32>, {td}
  return
}}
"""
    r = wgdist.check(src, "xegpu-propagate-layout,xegpu-wg-to-sg-distribute", seed=0)
    assert r.ok, r.report
    assert r.written == 64 * 64, r.report
    out = wgdist.print_module(run_pipeline(src, "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"))
    assert "transpose" not in out  # the ignored transpose is not carried to the subgroup loads
