// RUN: WG_VERIFY_DIAG | filecheck %s

// One diagnostic per chunk: the LLVM 22 wording where upstream has a message, plus the numbers,
// and the checks wgdist adds (order a permutation, per-dimension distributability, dpas layouts
// covering one subgroup count).

func.func @f() attributes {l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], order = [1, 1]>} { return }

// CHECK: #xegpu.layout: order [1, 1] is not a permutation of 0..1

// -----

func.func @f() attributes {l = #xegpu.layout<sg_data = [16, 16], inst_data = [8, 16]>} { return }

// CHECK: #xegpu.layout: expected sg_layout being used with sg_data

// -----

func.func @f() attributes {l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16]>} { return }

// CHECK: #xegpu.layout: expected sg_layout and sg_data to have the same rank, got sg_layout 2, sg_data 1

// -----

func.func @f() attributes {l = #xegpu.layout<sg_layout = [0, 2], sg_data = [16, 16]>} { return }

// CHECK: #xegpu.layout: sg_layout[0] = 0 must be at least 1

// -----

func.func @f() attributes {l = #xegpu.layout<inst_data = [8, 16], order = [1, 0]>} { return }

// CHECK: #xegpu.layout: expected sg_layout/lane_layout being used with order

// -----

func.func @f() attributes {l = #xegpu.layout<lane_layout = [1, 16], foo = [1]>} { return }

// CHECK: unknown field 'foo' in #xegpu.layout, expected one of sg_layout, sg_data, inst_data, lane_layout, lane_data, order

// -----

func.func @f() attributes {l = #xegpu.wg_map<sg_layout = [4, 4], sg_data = [16, 16], sg_order = [0, 0]>} { return }

// CHECK: #xegpu.wg_map: sg_order [0, 0] is not a permutation of 0..1

// -----

func.func @f() attributes {l = #xegpu.sg_map<wi_layout = [1, 16], wi_data = [1]>} { return }

// CHECK: #xegpu.sg_map: expected wi_layout and wi_data to have the same rank, got wi_layout 2, wi_data 1

// -----

func.func @f() attributes {l = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1, 1]>} { return }

// CHECK: repeated dim (1) in slice attribute.

// -----

func.func @f() attributes {l = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [2]>} { return }

// CHECK: invalid dim (2) in slice attribute.

// -----

func.func @f() attributes {l = #xegpu.range<[4, 2]>} { return }

// CHECK: 'end' : 2 must be greater than 'start' : 4

// -----

func.func @f(%a: !xegpu.tensor_desc<256xf32, #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>>) { return }

// CHECK: #xegpu.slice is not allowed in !xegpu.tensor_desc: a descriptor needs a full #xegpu.layout (slices describe values, e.g. reduction results)

// -----

func.func @f(%a: !xegpu.tensor_desc<256xf32, #xegpu.cache_hint<cached>>) { return }

// CHECK: unexpected attribute #xegpu.cache_hint<cached> in !xegpu.tensor_desc: expected #xegpu.block_tdesc_attr, #xegpu.scatter_tdesc_attr or a layout

// -----

func.func @f(%a: !xegpu.tensor_desc<256x128xf32, #xegpu.layout<sg_layout = [8], sg_data = [32]>>) { return }

// CHECK: expected layout rank to match tensor rank, got layout rank 1 and tensor rank 2

// -----

func.func @f(%a: !xegpu.tensor_desc<96x64xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>>) { return }

// CHECK: cannot distribute [96, 64] using #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>: dim 0: 6 tiles of sg_data 16 in shape 96 neither divide among sg_layout 4 (wrap needs 6 % 4 == 0) nor share it (sharing needs 4 % 6 == 0)

// -----

func.func @f(%a: !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [24, 16]>>) { return }

// CHECK: cannot distribute [128, 128] using #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], inst_data = [24, 16]>: dim 0: sg_data 32 is not a multiple of inst_data 24

// -----

func.func @f(%a: !xegpu.tensor_desc<32x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 4]>>) { return }

// CHECK: cannot distribute [32, 32] using #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 4]>: dim 1: tile 32 is not a multiple of lane_layout 16 x lane_data 4

// -----

func.func @f(%a: !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>) { return }

// CHECK: expected last dim of tensor to match chunk size, got 4 and chunk_size 2

// -----

func.func @f(%a: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>) { return }

// CHECK: expected non-contiguous elements for 1D tensor (chunk_size 2 needs a rank-2 tensor_desc)

// -----

func.func @f(%a: !xegpu.tensor_desc<16x8xf32, #xegpu.block_tdesc_attr<memory_space = slm>>) { return }

// CHECK: SLM is only supported for 1D block tensor, got a rank-2 tensor_desc

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>) {
  %a = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<8x16xf16>
  return
}

// CHECK: Result shape [8, 16] is not consistent with tensor descriptor !xegpu.tensor_desc<16x16xf16> (expected [16, 16])

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>) {
  %a = xegpu.load_nd %t[0, 0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x32xf16>
  return
}

// CHECK: Result shape [8, 32] is not consistent with tensor descriptor !xegpu.tensor_desc<16x16xf16> (expected [16, 16])

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>) {
  %a = xegpu.load_nd %t[0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  return
}

// CHECK: Mismatched ranks between offsets and tensor descriptor: 1 offsets for a rank-2 tensor_desc !xegpu.tensor_desc<16x16xf16>

// -----

func.func @f(%t: !xegpu.tensor_desc<4x16x16xf16>) {
  %a = xegpu.load_nd %t : !xegpu.tensor_desc<4x16x16xf16> -> vector<4x16x16xf16>
  return
}

// CHECK: Expects a 1D or 2D TensorDesc. (got rank 3)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>) {
  %a = xegpu.load_nd %t : !xegpu.tensor_desc<16x16xf16> -> vector<10xf16>
  return
}

// CHECK: Result shape [10] is not a valid distribution for tensor descriptor !xegpu.tensor_desc<16x16xf16> (256 elements over 10 per lane; 8 or 16 lanes expected)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>) {
  %a = xegpu.load_nd %t : !xegpu.tensor_desc<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<16xf16>
  return
}

// CHECK: TensorDesc doesn't need LayoutAttr for SIMT code (a rank-1 vector<16xf16> from !xegpu.tensor_desc<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>)

// -----

func.func @f(%t: !xegpu.tensor_desc<96x64xf16>) {
  %a = xegpu.load_nd %t <{layout = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 16]>}> : !xegpu.tensor_desc<96x64xf16> -> vector<96x64xf16>
  return
}

// CHECK: layout #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 16]> cannot distribute [96, 64]: dim 0: 3 tiles of sg_data 32 in shape 96 neither divide among sg_layout 4 (wrap needs 3 % 4 == 0) nor share it (sharing needs 4 % 3 == 0)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>, %v: vector<16x8xf16>) {
  xegpu.store_nd %v, %t : vector<16x8xf16>, !xegpu.tensor_desc<16x16xf16>
  return
}

// CHECK: Value shape [16, 8] is not consistent with tensor descriptor !xegpu.tensor_desc<16x16xf16> (expected [16, 16])

// -----

func.func @f(%a: vector<8x16xf16>, %b: vector<16x16xf16>) {
  %d = xegpu.dpas %a, %b : vector<8x16xf16>, vector<16x16xf16> -> vector<128xf32>
  return
}

// CHECK: expecting lhs and result to be a 2D vector, and rhs to be either 2D or 3D (packed) vector (A is 8x16, B is 16x16, result is 128)

// -----

func.func @f(%a: vector<8xf16>, %b: vector<16x16xf16>) {
  %d = xegpu.dpas %a, %b : vector<8xf16>, vector<16x16xf16> -> vector<8xf32>
  return
}

// CHECK: expecting lhs and result to be a 2D vector, and rhs to be either 2D or 3D (packed) vector (A is 8, B is 16x16, result is 8)

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<32x128xf16>) {
  %d = xegpu.dpas %a, %b : vector<128x64xf16>, vector<32x128xf16> -> vector<128x128xf32>
  return
}

// CHECK: K-dimension mismatch: A is 128x64, B is 32x128

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<64x128xf16>) {
  %d = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<64x128xf32>
  return
}

// CHECK: M-dimension mismatch: A is 128x64, result is 64x128

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<64x128xf16>) {
  %d = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x64xf32>
  return
}

// CHECK: N-dimension mismatch: B is 64x128, result is 128x64

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<64x128xf16>, %c: vector<128x128xf16>) {
  %d = xegpu.dpas %a, %b, %c : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf16> -> vector<128x128xf32>
  return
}

// CHECK: Expecting the acc type to be the same as result. (acc vector<128x128xf16>, result vector<128x128xf32>)

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<64x128xf16>) {
  %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [64, 16]>} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  return
}

// CHECK: expected layout_a, layout_b and layout_cd to cover the same number of subgroups, got layout_a 16, layout_b 4

// -----

func.func @f(%a: vector<128x64xf16>, %b: vector<64x128xf16>) {
  %d = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<inst_data = [16, 16]>} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  return
}

// CHECK: expected layout_a, layout_b and layout_cd to be all workgroup layouts (with sg_layout) or all subgroup layouts, got layout_a WG, layout_b SG

// -----

func.func @f(%v: vector<32x32xf32>) {
  %c = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, target_layout = #xegpu.layout<inst_data = [16, 16]>}> : vector<32x32xf32>
  return
}

// CHECK: expected input layout and target layout be WgLayout or SgLayout at the same time. (input_layout is WG, target_layout is SG)

// -----

func.func @f(%v: vector<32x32xf32>) {
  %c = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [24, 16]>}> : vector<32x32xf32>
  return
}

// CHECK: target_layout #xegpu.layout<sg_layout = [2, 2], sg_data = [24, 16]> cannot distribute [32, 32]: dim 0: shape 32 is not a multiple of sg_data 24

// -----

func.func @f(%m: memref<24x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<2x8x16xf32>
  return
}

// CHECK: Expecting the TensorDesc rank is not greater than the ranks of shape, strides, offsets or the memref source. (TensorDesc rank 3, memref source 2)

// -----

func.func @f(%p: ui64) {
  %t = xegpu.create_nd_tdesc %p : ui64 -> !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: expecting shape and strides to be present for integer source ui64

// -----

func.func @f(%m: memref<24x32xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<24x32xf16> -> !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: TensorDesc should have the same element type with the source if it is a memref. (source f16, TensorDesc f32)

// -----

func.func @f(%m: memref<24x32xf32>) {
  %t = xegpu.create_nd_tdesc %m[0, 0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: Expecting the rank of shape, strides, offsets, and source (if source is a memref) should match with each other. (offsets 3, memref source 2)

// -----

func.func @f(%p: ui64, %o: vector<4xindex>) {
  %t = xegpu.create_tdesc %p, %o : ui64, vector<4xindex> -> !xegpu.tensor_desc<8x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
  return
}

// CHECK: Incorrect TensorDesc shape. Expected is [4, 2], got [8, 2]

// -----

func.func @f(%t: !xegpu.tensor_desc<16x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, %mask: vector<8xi1>) {
  %v = xegpu.load %t, %mask : !xegpu.tensor_desc<16x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, vector<8xi1> -> vector<16x2xf32>
  return
}

// CHECK: Mask should match TensorDesc except the chunk size dim. (mask [8], expected [16])

// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %v = xegpu.load %m[%off], %mask : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<8xf32>
  return
}

// CHECK: Mask should match value except the chunk size dim. (mask [16], value [8])

// -----

func.func @f(%m: memref<16x16xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %v = xegpu.load %m[%off], %mask : memref<16x16xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  return
}

// CHECK: Expecting the source is a 1D memref or pointer (uint64_t). (got a rank-2 memref<16x16xf32>)

// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>) {
  xegpu.prefetch %m[%off] <{offset_align_byte = 4}> : memref<256xf32>, vector<16xindex>
  return
}

// CHECK: offset_align_byte only allowed with integer source. (source is memref<256xf32>)

// -----

func.func @f(%md: !xegpu.mem_desc<32x32xf32>) {
  %v = xegpu.load_matrix %md[0, 0] : !xegpu.mem_desc<32x32xf32> -> vector<64x32xf32>
  return
}

// CHECK: data shape must not exceed mem_desc shape. (data [64, 32], mem_desc [32, 32])

// -----

func.func @f(%md: !xegpu.mem_desc<32x32xf32>) {
  %v = xegpu.load_matrix %md[0, 0] : !xegpu.mem_desc<32x32xf32> -> vector<16x16xf16>
  return
}

// CHECK: expected the data element type f16 to equal the mem_desc element type f32

// -----

func.func @f(%t: !xegpu.tensor_desc<16x16xf16>) {
  %a = xegpu.load_nd %t <{lyout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  return
}

// CHECK: unknown property 'lyout', expected one of l1_hint, l2_hint, l3_hint, layout, packed, transpose

// -----

func.func @f(%m: memref<24x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.scatter_tdesc_attr<>>
  return
}

// CHECK: Expects a non-scattered TensorDesc. (got !xegpu.tensor_desc<8x16xf32, #xegpu.scatter_tdesc_attr<>>)

// -----

func.func @f(%slm: memref<4096xi8, 1>) {
  %md = xegpu.create_mem_desc %slm : memref<4096xi8, 1> -> !xegpu.mem_desc<32x32xf32>
  return
}

// CHECK: 'xegpu.create_mem_desc' op operand #0 must be reside in share memory and statically 1d or 2d shaped memref of integer or float values, but got 'memref<4096xi8, 1 : i64>' (memory space 3, static shape)

// -----

// mlir-opt 22 crashes on a source without a memory space (its isSharedPred reads it): refused.
func.func @f(%slm: memref<4096xi8>) {
  %md = xegpu.create_mem_desc %slm : memref<4096xi8> -> !xegpu.mem_desc<32x32xf32>
  return
}

// CHECK: 'xegpu.create_mem_desc' op operand #0 must be reside in share memory and statically 1d or 2d shaped memref of integer or float values, but got 'memref<4096xi8>' (memory space 3, static shape)

// -----

func.func @f(%a: vector<8x16xindex>, %b: vector<16x16xindex>) {
  %r = xegpu.dpas %a, %b : vector<8x16xindex>, vector<16x16xindex> -> vector<8x16xindex>
  return
}

// CHECK: 'xegpu.dpas' op operand #0 must be fixed-length vector of integer (1, 4, 8, 16, 32 or 64 bits) or f16/f32/f64/bf16/tf32 values, but got 'vector<8x16xindex>'

// -----

func.func @f() {
  xegpu.fence memory_kind = local, fence_scope = workgroup
  return
}

// CHECK: Expected `global`, or `slm`.

// -----

func.func @f(%t: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, %mask: vector<16xi1>, %v: vector<16xf32>) {
  %r = xegpu.atomic_rmw fadd %t, %mask, %v : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
  return
}

// CHECK: Expected one of 'addf', 'addi', 'andi', 'assign', 'maximumf', 'maxnumf', 'maxs', 'maxu', 'minimumf', 'minnumf', 'mins', 'minu', 'mulf', 'muli', 'ori', 'xori' (an atomic kind)


// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %g = xegpu.load %m[%off], %mask : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf16>
  return
}

// CHECK: 'xegpu.load' op Value should have the same element type as MemRef. (f16 vs f32)

// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %g = xegpu.load %m[%off], %mask <{chunk_size = 0}> : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  return
}

// CHECK: 'xegpu.load' op chunk_size must be at least 1, got 0

// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %g = xegpu.load %m[%off], %mask <{chunk_size = 2}> : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16x3xf32>
  return
}

// CHECK: 'xegpu.load' op expected the last dim of the value [16, 3] to be the chunk size 2

// -----

func.func @f(%slm: memref<4096xi8, 3>) {
  %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<64x64xf32>
  return
}

// CHECK: 'xegpu.create_mem_desc' op failed to verify that all of {source, mem_desc} have same size in bits (source memref<4096xi8, 3 : i64> has 32768 bits, mem_desc !xegpu.mem_desc<64x64xf32> has 131072)

// -----

func.func @f() attributes {t = !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1]>>} { return }

// CHECK: expected mem_layout stride to have the rank 2 of the mem_desc shape [32, 32], got 1 entries

// -----

// Cache hints per op (LLVM 22): reads reject write_back/write_through, writes reject
// streaming/read_invalidate, at every level.

func.func @f(%t: !xegpu.tensor_desc<8x16xf32>) {
  %a = xegpu.load_nd %t <{l1_hint = #xegpu.cache_hint<write_back>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
  return
}

// CHECK: 'xegpu.load_nd' op invalid l1_hint: #xegpu.cache_hint<write_back> (write_back is not a hint for a load or prefetch)

// -----

func.func @f(%t: !xegpu.tensor_desc<8x16xf32>) {
  xegpu.prefetch_nd %t[0, 0] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<write_through>}> : !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: 'xegpu.prefetch_nd' op invalid l2_hint: #xegpu.cache_hint<write_through> (write_through is not a hint for a load or prefetch)

// -----

func.func @f(%t: !xegpu.tensor_desc<8x16xf32>, %v: vector<8x16xf32>) {
  xegpu.store_nd %v, %t <{l3_hint = #xegpu.cache_hint<streaming>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: 'xegpu.store_nd' op invalid l3_hint: #xegpu.cache_hint<streaming> (streaming is not a hint for a store)

// -----

func.func @f(%m: memref<256xf32>, %off: vector<16xindex>, %mask: vector<16xi1>) {
  %g = xegpu.load %m[%off], %mask <{l1_hint = #xegpu.cache_hint<write_through>}> : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  return
}

// CHECK: 'xegpu.load' op invalid l1_hint: #xegpu.cache_hint<write_through> (write_through is not a hint for a load or prefetch)

// -----

func.func @f(%t: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>) {
  xegpu.prefetch %t <{l2_hint = #xegpu.cache_hint<write_back>}> : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  return
}

// CHECK: 'xegpu.prefetch' op invalid l2_hint: #xegpu.cache_hint<write_back> (write_back is not a hint for a load or prefetch)

// -----

func.func @f(%t: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, %mask: vector<16xi1>, %v: vector<16xf32>) {
  xegpu.store %v, %t, %mask <{l1_hint = #xegpu.cache_hint<read_invalidate>}> : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
  return
}

// CHECK: 'xegpu.store' op invalid l1_hint: #xegpu.cache_hint<read_invalidate> (read_invalidate is not a hint for a store)

// -----

func.func @f(%t: !xegpu.tensor_desc<2x8x16xf32>, %v: vector<2x8x16xf32>) {
  xegpu.store_nd %v, %t : vector<2x8x16xf32>, !xegpu.tensor_desc<2x8x16xf32>
  return
}

// CHECK: 'xegpu.store_nd' op Expects a 1D or 2D TensorDesc. (got rank 3)

// -----

// Memory spaces (LLVM 22): the source's (a memref's integer space, else 0; an integer address
// is global) must be the descriptor's (0, or 3 for slm), for create_nd_tdesc and create_tdesc.

func.func @f(%m: memref<24x32xf32, 3>) {
  %t = xegpu.create_nd_tdesc %m : memref<24x32xf32, 3> -> !xegpu.tensor_desc<8x16xf32>
  return
}

// CHECK: 'xegpu.create_nd_tdesc' op Memory space mismatch. Source: 3, TensorDesc: 0 (source memref<24x32xf32, 3 : i64>)

// -----

func.func @f(%m: memref<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256xf32> -> !xegpu.tensor_desc<16xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
  return
}

// CHECK: 'xegpu.create_nd_tdesc' op Memory space mismatch. Source: 0, TensorDesc: 3 (source memref<256xf32>)

// -----

func.func @f(%p: ui64, %n: index) {
  %t = xegpu.create_nd_tdesc %p, shape : [%n], strides : [1] : ui64 -> !xegpu.tensor_desc<16xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
  return
}

// CHECK: 'xegpu.create_nd_tdesc' op Memory space mismatch. Source: 0, TensorDesc: 3 (source ui64)

// -----

func.func @f(%m: memref<256xf32, 1>, %o: vector<16xindex>) {
  %t = xegpu.create_tdesc %m, %o : memref<256xf32, 1>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  return
}

// CHECK: 'xegpu.create_tdesc' op Memory space mismatch. Source: 1, TensorDesc: 0 (source memref<256xf32, 1 : i64>)

// -----

// Scattered chunks of sub-32-bit types are whole 32-bit units (LLVM 22): chunk_size and the
// last lane_data entry are multiples of 32 / bitwidth.

func.func @f(%t: !xegpu.tensor_desc<16x3xf16, #xegpu.scatter_tdesc_attr<chunk_size = 3>>) { return }

// CHECK: expected last dim of tensor to be a multiple of 2 (chunk_size 3 of f16: 32-bit units)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x2xi8, #xegpu.scatter_tdesc_attr<chunk_size = 2>>) { return }

// CHECK: expected last dim of tensor to be a multiple of 4 (chunk_size 2 of i8: 32-bit units)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>>) { return }

// CHECK: expected last dim of lane_data to be a multiple of: 2 (lane_data [1, 1], chunk_size 4 of f16)

// -----

func.func @f(%t: !xegpu.tensor_desc<16x8xi8, #xegpu.scatter_tdesc_attr<chunk_size = 8>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>>) { return }

// CHECK: expected last dim of lane_data to be a multiple of: 4 (lane_data [1, 2], chunk_size 8 of i8)

// -----

func.func @f() attributes {t = !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<>>} { return }

// CHECK: expected valid keyword (#xegpu.mem_layout needs at least one entry, e.g. stride = [..])

// -----

// Discardable layout_result_N / layout_operand_N layouts describe a value of the op and have its
// rank (checked as the op is read; mlir-opt 22 checks neither).

func.func @f(%a: vector<128x128xf32>) -> vector<128x128xf32> {
  %r = arith.addf %a, %a {layout_result_0 = #xegpu.layout<sg_layout = [2, 2, 2], sg_data = [32, 32, 32]>} : vector<128x128xf32>
  return %r : vector<128x128xf32>
}

// CHECK: 'arith.addf' op layout_result_0 #xegpu.layout<sg_layout = [2, 2, 2], sg_data = [32, 32, 32]> has rank 3, but result #0 is a rank-2 vector<128x128xf32>

// -----

func.func @f(%a: vector<128x128xf32>) -> vector<128x128xf32> {
  %r = arith.addf %a, %a {layout_result_1 = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>} : vector<128x128xf32>
  return %r : vector<128x128xf32>
}

// CHECK: 'arith.addf' op layout_result_1 describes result #1, but the op has 1 result

// -----

func.func @f(%v: vector<256x128xf32>, %acc: vector<256xf32>) -> vector<256xf32> {
  %r = vector.multi_reduction <add>, %v, %acc {layout_operand_1 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>} [1] : vector<256x128xf32> to vector<256xf32>
  return %r : vector<256xf32>
}

// CHECK: 'vector.multi_reduction' op layout_operand_1 #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]> has rank 2, but operand #1 is a rank-1 vector<256xf32>

// -----

func.func @f(%p: ui64) {
  %off = arith.constant dense<0> : vector<16xindex>
  xegpu.prefetch %p[%off] : ui64, vector<16xindex>
  return
}

// CHECK: 'xegpu.prefetch' op offset_align_byte is required with integer source. (source is ui64)

// -----

func.func @f(%m: memref<64x64xf16>, %v: vector<2x8x16xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  xegpu.store_nd %v, %t[0, 0] : vector<2x8x16xf16>, !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  return
}

// CHECK: 'xegpu.store_nd' op array length is not supported by store_nd. (array_length = 2)

// -----

func.func @f(%a: vector<8xf16>, %b: vector<15xf16>) {
  %r = xegpu.dpas %a, %b : vector<8xf16>, vector<15xf16> -> vector<8xf32>
  return
}

// CHECK: 'xegpu.dpas' op Expecting B operand to be a multiple of 32 bits. (B is vector<15xf16>: 15 x 16 bits)

// -----

func.func @f(%a: vector<8x16xf16>, %b: vector<16x16xbf16>) {
  %r = xegpu.dpas %a, %b : vector<8x16xf16>, vector<16x16xbf16> -> vector<8x16xf32>
  return
}

// CHECK: 'xegpu.dpas' op failed to verify that all of {lhs, rhs} have same element type (f16 vs. bf16)

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>, %v: vector<16x16xf32>) {
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>
  return
}

// CHECK: 'xegpu.store_matrix' op With subgroup_block_io, accessed data must be contiguous and coalesced. (lane_data [2, 1])

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>>) {
  %v = xegpu.load_matrix %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16]>> -> vector<16x16xf32>
  return
}

// CHECK: 'xegpu.load_matrix' op With subgroup_block_io, the block shape must match the lane layout. (lane_layout [1, 16], block [16, 16])

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [1, 16]>>, %v: vector<16x16xf32>) {
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io, layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [1, 16]>>
  return
}

// CHECK: 'xegpu.store_matrix' op With subgroup_block_io, the distributed dimensions must be contiguous. (dimension 1: 16 lanes, stride 32)

// -----

func.func @f(%m: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, %v: vector<16xf32>) {
  xegpu.store_matrix %v, %m[0, 0] {subgroup_block_io} : vector<16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>
  return
}

// CHECK: 'xegpu.store_matrix' op mem_desc should be row major when subgroup_block_io is set. (strides [1, 32] of !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>)

// -----

// subgroup-level anchor: the workgroup distributability rule still applies where sg_layout is
// present (mlir-opt 22 checks no anchor layout; wgdist checks what it is to distribute).
func.func @f(%m: memref<64x64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<8x24xf16>
  %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 16]>}> : !xegpu.tensor_desc<8x24xf16> -> vector<8x24xf16>
  return
}

// CHECK: 'xegpu.load_nd' op layout #xegpu.layout<sg_layout = [2, 2], sg_data = [4, 16]> cannot distribute [8, 24]: dim 1: shape 24 is not a multiple of sg_data 16

// -----

// subgroup-level anchor: a descriptor type's layout is checked whatever its fields, as LLVM 22
// checks it.
func.func @f(%m: memref<64x64xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> !xegpu.tensor_desc<1x32xf16, #xegpu.layout<inst_data = [8, 16]>>
  return
}

// CHECK: cannot distribute [1, 32] using #xegpu.layout<inst_data = [8, 16]>: dim 0: shape 1 is not a multiple of inst_data 8

// -----

func.func @f(%t: !xegpu.tensor_desc<8x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, %mask: vector<8xi1>, %v: vector<8x4xi32>) {
  %0 = xegpu.atomic_rmw addi %t, %mask, %v : !xegpu.tensor_desc<8x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<8xi1>, vector<8x4xi32> -> vector<8x4xi32>
  return
}

// CHECK: 'xegpu.atomic_rmw' op failed to verify that all of {tensorDesc, value, result} have same element type (f32, i32, i32)

// -----

// a SIMT-shaped value: LLVM 22 requires the descriptor's shape
func.func @f(%t: !xegpu.tensor_desc<8x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, %mask: vector<1xi1>, %v: vector<4xf32>) {
  %0 = xegpu.atomic_rmw addf %t, %mask, %v : !xegpu.tensor_desc<8x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<1xi1>, vector<4xf32> -> vector<4xf32>
  return
}

// CHECK: 'xegpu.atomic_rmw' op failed to verify that all of {tensorDesc, value, result} have same shape ([8, 4], [4], [4])
