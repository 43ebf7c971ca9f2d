// RUN: WG_ROUNDTRIP
// RUN: %if mlir %{ wgdist-opt %s | %mlir-opt | wgdist-opt | filecheck %s %}

// Forms next to the verifier-parity rules that LLVM 22 accepts and wgdist must too: dpas on
// i4 and tf32, an integer-source prefetch with offset_align_byte, a coalesced
// subgroup_block_io store_matrix (lane_layout equal to the mem_desc block).

func.func @llvm22_accepted(%a: vector<8x16xi4>, %b: vector<16x16xi4>, %c: vector<8x8xtf32>, %d: vector<8x16xtf32>, %p: ui64, %w: vector<16x16xf32>, %bm: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [1, 16]>>) {
  %0 = xegpu.dpas %a, %b : vector<8x16xi4>, vector<16x16xi4> -> vector<8x16xi32>
  %1 = xegpu.dpas %c, %d : vector<8x8xtf32>, vector<8x16xtf32> -> vector<8x16xf32>
  %off = arith.constant dense<0> : vector<16xindex>
  xegpu.prefetch %p[%off] <{offset_align_byte = 2 : i64}> : ui64, vector<16xindex>
  xegpu.store_matrix %w, %bm[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, subgroup_block_io}>: vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [1, 16]>>
  return
}

// CHECK-LABEL: func.func @llvm22_accepted
// CHECK:      xegpu.dpas %{{.*}}, %{{.*}} : vector<8x16xi4>, vector<16x16xi4> -> vector<8x16xi32>
// CHECK-NEXT: xegpu.dpas %{{.*}}, %{{.*}} : vector<8x8xtf32>, vector<8x16xtf32> -> vector<8x16xf32>
// CHECK:      xegpu.prefetch %{{.*}}[%{{.*}}] <{offset_align_byte = 2 : i64}> : ui64, vector<16xindex>
// CHECK-NEXT: xegpu.store_matrix %{{.*}}, %{{.*}}[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, subgroup_block_io}>: vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [1, 16]>>
