"""Differential test: wgdist's xegpu-wg-to-sg-distribute against mlir-opt 22's on inputs that
mlir-opt distributes correctly, compared by per-subgroup access footprint (wgdist.footprint)."""

from __future__ import annotations

import pytest

from wgdist.footprint import compare, compare_with_mlir_opt, distribute_with_wgdist, mlir_opt

# The interop tier, like tests/filecheck/with-mlir: it needs mlir-opt 22 (.ci/run installs it).
needs_mlir = pytest.mark.skipif(mlir_opt() is None, reason="mlir-opt 22 not installed (apt-get install mlir-22-tools)")

L44 = "#xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>"
L84 = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>"
L1D = "#xegpu.layout<sg_layout = [8], sg_data = [16]>"
LCM = "#xegpu.layout<sg_layout = [4, 2], sg_data = [32, 32], order = [0, 1]>"
A = "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>"

CASES = {
    "round_robin_elementwise": f"""
func.func @k(%m: memref<256x128xf32>, %o: memref<256x128xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, {L44}>
  %u = xegpu.create_nd_tdesc %o : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, {L44}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {L44}}}> : !xegpu.tensor_desc<256x128xf32, {L44}> -> vector<256x128xf32>
  %e = math.exp %v {{layout_result_0 = {L44}}} : vector<256x128xf32>
  %s = arith.mulf %e, %v {{layout_result_0 = {L44}}} : vector<256x128xf32>
  xegpu.store_nd %s, %u[0, 0] <{{layout = {L44}}}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, {L44}>
  func.return
}}""",
    "sharing_prefetch_load": f"""
func.func @k(%m: memref<64x64xf32>, %x: index) {{
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, {L84}>
  xegpu.prefetch_nd %t[%x, 0] : !xegpu.tensor_desc<64x64xf32, {L84}>
  %v = xegpu.load_nd %t[%x, 0] <{{layout = {L84}}}> : !xegpu.tensor_desc<64x64xf32, {L84}> -> vector<64x64xf32>
  func.return
}}""",
    "one_dim_wrap": f"""
func.func @k(%m: memref<1024xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<1024xf32> -> !xegpu.tensor_desc<256xf32, {L1D}>
  %v = xegpu.load_nd %t[128] <{{layout = {L1D}}}> : !xegpu.tensor_desc<256xf32, {L1D}> -> vector<256xf32>
  xegpu.store_nd %v, %t[512] <{{layout = {L1D}}}> : vector<256xf32>, !xegpu.tensor_desc<256xf32, {L1D}>
  func.return
}}""",
    "column_major_order": f"""
func.func @k(%m: memref<128x64xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<128x64xf32> -> !xegpu.tensor_desc<128x64xf32, {LCM}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {LCM}}}> : !xegpu.tensor_desc<128x64xf32, {LCM}> -> vector<128x64xf32>
  xegpu.store_nd %v, %t[0, 0] <{{layout = {LCM}}}> : vector<128x64xf32>, !xegpu.tensor_desc<128x64xf32, {LCM}>
  func.return
}}""",
    "offsets_on_descriptor_3d_memref": f"""
func.func @k(%m: memref<4x256x128xf32>, %b: index) {{
  %t = xegpu.create_nd_tdesc %m[%b, 0, 0] : memref<4x256x128xf32> -> !xegpu.tensor_desc<256x128xf32, {L44}>
  %v = xegpu.load_nd %t <{{layout = {L44}}}> : !xegpu.tensor_desc<256x128xf32, {L44}> -> vector<256x128xf32>
  xegpu.store_nd %v, %t <{{layout = {L44}}}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, {L44}>
  func.return
}}""",
    "ui64_source_update_in_loop": f"""
func.func @k(%p: ui64, %h: index, %w: index, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = xegpu.create_nd_tdesc %p[0, 0], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<256x128xf32, {L44}>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%d = %t) -> (!xegpu.tensor_desc<256x128xf32, {L44}>) {{
    xegpu.prefetch_nd %d : !xegpu.tensor_desc<256x128xf32, {L44}>
    %d2 = xegpu.update_nd_offset %d, [0, 128] : !xegpu.tensor_desc<256x128xf32, {L44}>
    scf.yield %d2 : !xegpu.tensor_desc<256x128xf32, {L44}>
  }}
  func.return
}}""",
    "dpas_all_shared": f"""
func.func @k(%a: memref<32x32xf16>, %b: memref<32x32xf16>, %c: memref<32x32xf32>) {{
  %ta = xegpu.create_nd_tdesc %a : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, {A}>
  %tb = xegpu.create_nd_tdesc %b : memref<32x32xf16> -> !xegpu.tensor_desc<32x32xf16, {A}>
  %tc = xegpu.create_nd_tdesc %c : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, {A}>
  %va = xegpu.load_nd %ta[0, 0] <{{layout = {A}}}> : !xegpu.tensor_desc<32x32xf16, {A}> -> vector<32x32xf16>
  %vb = xegpu.load_nd %tb[0, 0] <{{layout = {A}}}> : !xegpu.tensor_desc<32x32xf16, {A}> -> vector<32x32xf16>
  %vc = xegpu.load_nd %tc[0, 0] <{{layout = {A}}}> : !xegpu.tensor_desc<32x32xf32, {A}> -> vector<32x32xf32>
  %d = xegpu.dpas %va, %vb, %vc {{layout_a = {A}, layout_b = {A}, layout_cd = {A}}} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
  func.return
}}""",
    "gemm_k_loop": """
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [16, 16]>
func.func @k(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>, %C: memref<1024x1024xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %tc = xegpu.create_nd_tdesc %C : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x128xf32, #a>
  %cv = xegpu.load_nd %tc[%m, %n] <{layout = #a}> : !xegpu.tensor_desc<256x128xf32, #a> -> vector<256x128xf32>
  %ta = xegpu.create_nd_tdesc %A : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #a>
  %tb = xegpu.create_nd_tdesc %B : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x128xf16, #b>
  %r = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %cv) -> (vector<256x128xf32>) {
    %av = xegpu.load_nd %ta[%m, %k] <{layout = #a}> : !xegpu.tensor_desc<256x32xf16, #a> -> vector<256x32xf16>
    %bv = xegpu.load_nd %tb[%k, %n] <{layout = #b}> : !xegpu.tensor_desc<32x128xf16, #b> -> vector<32x128xf16>
    %d = xegpu.dpas %av, %bv, %acc {layout_a = #a, layout_b = #b, layout_cd = #a} : vector<256x32xf16>, vector<32x128xf16>, vector<256x128xf32> -> vector<256x128xf32>
    scf.yield %d : vector<256x128xf32>
  } {layout_result_0 = #a}
  xegpu.store_nd %r, %tc[%m, %n] <{layout = #a}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #a>
  func.return
}""",
    "softmax_local_reduction": """
#l = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
#s = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>, dims = [1]>
func.func @k(%m: memref<256x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #l>
  %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<256x128xf32, #l> -> vector<256x128xf32>
  %z = arith.constant {layout_result_0 = #s} dense<0.0> : vector<256xf32>
  %r = vector.multi_reduction <add>, %v, %z {layout_result_0 = #s} [1] : vector<256x128xf32> to vector<256xf32>
  %c = vector.shape_cast %r {layout_result_0 = #l} : vector<256xf32> to vector<256x1xf32>
  %b = vector.broadcast %c {layout_result_0 = #l} : vector<256x1xf32> to vector<256x128xf32>
  %d = arith.divf %v, %b {layout_result_0 = #l} : vector<256x128xf32>
  xegpu.store_nd %d, %t[0, 0] <{layout = #l}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #l>
  func.return
}""",
    "transpose_with_order": """
#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 8], order = [1, 0]>
#d = #xegpu.layout<sg_layout = [8, 4], sg_data = [8, 8], order = [0, 1]>
func.func @k(%m: memref<32x64xf32>, %o: memref<64x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #s>
  %v = xegpu.load_nd %t[0, 0] <{layout = #s}> : !xegpu.tensor_desc<32x64xf32, #s> -> vector<32x64xf32>
  %r = vector.transpose %v, [1, 0] {layout_result_0 = #d} : vector<32x64xf32> to vector<64x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #d>
  xegpu.store_nd %r, %u[0, 0] <{layout = #d}> : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #d>
  func.return
}""",
    "sg_id_range_if": """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
func.func @k(%m: memref<32x32xf32>, %c: i1) {
  scf.if %c {
    %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #l>
    %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<32x32xf32, #l> -> vector<32x32xf32>
    xegpu.store_nd %v, %t[0, 0] <{layout = #l}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #l>
  } {sg_id_range = #xegpu.range<[2, 6]>}
  func.return
}""",
    "scf_if_results": f"""
func.func @k(%m: memref<256x128xf32>, %c: i1) {{
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, {L44}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {L44}}}> : !xegpu.tensor_desc<256x128xf32, {L44}> -> vector<256x128xf32>
  %r = scf.if %c -> (vector<256x128xf32>) {{
    %e = math.exp %v {{layout_result_0 = {L44}}} : vector<256x128xf32>
    scf.yield %e : vector<256x128xf32>
  }} else {{
    scf.yield %v : vector<256x128xf32>
  }} {{layout_result_0 = {L44}}}
  xegpu.store_nd %r, %t[0, 0] <{{layout = {L44}}}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, {L44}>
  func.return
}}""",
}


@needs_mlir
@pytest.mark.parametrize("name", sorted(CASES))
def test_same_footprint_as_mlir_opt(name: str) -> None:
    ids = range(2, 6) if name == "sg_id_range_if" else range(32)
    assert compare_with_mlir_opt(CASES[name], ids) == []


def test_checker_sees_a_wrong_subgroup() -> None:
    """The checker can fail: subgroup 1's footprint differs from subgroup 0's."""
    m = distribute_with_wgdist(CASES["round_robin_elementwise"])
    from wgdist.footprint import footprint

    assert footprint(m, 0) != footprint(m, 1)
    assert compare(m, m, range(16)) == []
