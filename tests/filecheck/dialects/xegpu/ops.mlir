// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// Every xegpu attribute, type and op in LLVM 22 custom syntax (and the RFC's wg_map/sg_map),
// printed back exactly as mlir-opt 22 prints it; the generic form mirrors mlir-opt's too.

func.func @attributes() attributes {
    l0 = #xegpu.layout<order = [0, 1], lane_data = [1, 1], lane_layout = [1, 16], inst_data = [8, 16], sg_data = [16, 32], sg_layout = [2, 2]>,
    l1 = #xegpu.layout<sg_layout = [4]>,
    l2 = #xegpu.layout<lane_layout = [1, 16]>,
    wg = #xegpu.wg_map<sg_order = [0, 1], sg_layout = [8, 4], sg_data = [32, 32]>,
    sg = #xegpu.sg_map<wi_data = [1, 1], wi_layout = [1, 16], sg_layout = [8, 4], sg_data = [32, 64], inst_data = [8, 16], order = [1, 0]>,
    s0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>,
    s1 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [1]>, dims = [0]>,
    s2 = #xegpu.slice<#xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [0]>,
    r0 = #xegpu.range<[0, 2]>,
    c0 = #xegpu.cache_hint<cached>, c1 = #xegpu.cache_hint<uncached>, c2 = #xegpu.cache_hint<streaming>,
    c3 = #xegpu.cache_hint<read_invalidate>, c4 = #xegpu.cache_hint<write_back>, c5 = #xegpu.cache_hint<write_through>,
    m0 = #xegpu<memory_space slm>, f0 = #xegpu<fence_scope gpu>,
    b0 = #xegpu.block_tdesc_attr<>, b1 = #xegpu.block_tdesc_attr<boundary_check = false, array_length = 2, memory_space = slm>,
    sc0 = #xegpu.scatter_tdesc_attr<>, sc1 = #xegpu.scatter_tdesc_attr<chunk_size = 8, memory_space = slm>,
    ml = #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>} {
  return
}

// CHECK-LABEL: func.func @attributes()
// CHECK-SAME: b0 = #xegpu.block_tdesc_attr<>, b1 = #xegpu.block_tdesc_attr<memory_space =  slm, array_length = 2 : i64, boundary_check = false>
// CHECK-SAME: c0 = #xegpu.cache_hint<cached>, c1 = #xegpu.cache_hint<uncached>, c2 = #xegpu.cache_hint<streaming>
// CHECK-SAME: c3 = #xegpu.cache_hint<read_invalidate>, c4 = #xegpu.cache_hint<write_back>, c5 = #xegpu.cache_hint<write_through>
// CHECK-SAME: f0 = #xegpu<fence_scope gpu>
// CHECK-SAME: l0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>
// CHECK-SAME: l1 = #xegpu.layout<sg_layout = [4]>
// CHECK-SAME: l2 = #xegpu.layout<lane_layout = [1, 16]>
// CHECK-SAME: m0 = #xegpu<memory_space slm>
// CHECK-SAME: ml = #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>
// CHECK-SAME: r0 = #xegpu.range<[0 : i64, 2 : i64]>
// CHECK-SAME: s0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>
// CHECK-SAME: s1 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [1]>, dims = [0]>
// CHECK-SAME: s2 = #xegpu.slice<#xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [0]>
// CHECK-SAME: sc0 = #xegpu.scatter_tdesc_attr<>, sc1 = #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 8 : i64>
// CHECK-SAME: sg = #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [8, 16], wi_layout = [1, 16], wi_data = [1, 1], order = [1, 0]>
// CHECK-SAME: wg = #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>

// CHECK-GENERIC-LABEL: sym_name = "attributes"}>
// CHECK-GENERIC: f0 = #xegpu<fence_scope gpu>
// CHECK-GENERIC-SAME: l0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>
// CHECK-GENERIC-SAME: m0 = #xegpu<memory_space slm>
// CHECK-GENERIC-SAME: r0 = #xegpu.range<[0 : i64, 2 : i64]>
// CHECK-GENERIC-SAME: s1 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [1]>, dims = [0]>
// CHECK-GENERIC-SAME: sg = #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [8, 16], wi_layout = [1, 16], wi_data = [1, 1], order = [1, 0]>
// CHECK-GENERIC-SAME: wg = #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>

// -----

func.func @types(
    %a: !xegpu.tensor_desc<8x16xf32>,
    %b: !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 1, boundary_check = true, memory_space = global>>,
    %c: !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2, boundary_check = false>>,
    %d: !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>,
    %e: !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<chunk_size = 8>>,
    %f: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>,
    %g: !xegpu.tensor_desc<32x64xf32, #xegpu.layout<order = [0, 1], lane_data = [1, 1], lane_layout = [1, 16], sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>>,
    %h: !xegpu.tensor_desc<16x8xf32, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>, #xegpu.scatter_tdesc_attr<memory_space = slm, chunk_size = 8>>,
    %i: !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>>,
    %j: !xegpu.tensor_desc<256x128xf32, #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>>,
    %k: !xegpu.mem_desc<32x32xf32>,
    %l: !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>,
    %m: !xegpu.nbarrier) {
  return
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %a: !xegpu.tensor_desc<8x16xf32>
// CHECK-SAME: %b: !xegpu.tensor_desc<8x16xf32>
// CHECK-SAME: %c: !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64, boundary_check = false>>
// CHECK-SAME: %d: !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space =  slm>>
// CHECK-SAME: %e: !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<chunk_size = 8 : i64>>
// CHECK-SAME: %f: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
// CHECK-SAME: %g: !xegpu.tensor_desc<32x64xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>
// CHECK-SAME: %h: !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 8 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>>
// CHECK-SAME: %i: !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>>
// CHECK-SAME: %j: !xegpu.tensor_desc<256x128xf32, #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>>
// CHECK-SAME: %k: !xegpu.mem_desc<32x32xf32>
// CHECK-SAME: %l: !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-SAME: %m: !xegpu.nbarrier

// CHECK-GENERIC-LABEL: "func.func"() <{function_type = (!xegpu.tensor_desc<8x16xf32>, !xegpu.tensor_desc<8x16xf32>, !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64, boundary_check = false>>
// CHECK-GENERIC-SAME: !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, !xegpu.nbarrier) -> ()

// -----

func.func @nd_ops(%m: memref<24x32xf32>, %p: ui64, %w: index, %h: index, %x: index, %y: index, %dyn: memref<?x?xf16>, %src: memref<24x32xf16>) {
  %c1 = arith.constant 1 : index
  %0 = xegpu.create_nd_tdesc %m[0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  %1 = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
  %2 = xegpu.create_nd_tdesc %p[%x, %y], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
  %3 = xegpu.create_nd_tdesc %dyn, shape : [%h, 32], strides : [32, 1] {tag} : memref<?x?xf16> -> !xegpu.tensor_desc<16x16xf16>
  %4 = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<boundary_check = false>, #xegpu.layout<inst_data = [8, 16]>>
  %t = xegpu.create_nd_tdesc %src : memref<24x32xf16> -> !xegpu.tensor_desc<16x16xf16>
  %a = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %b = xegpu.load_nd %t[%x, 16] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %c = xegpu.load_nd %t[0, 0] <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
  %d = xegpu.load_nd %t {transpose = array<i64: 1, 0>, tag} : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %e = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
  %f = xegpu.load_nd %t : !xegpu.tensor_desc<16x16xf16> -> vector<16xf16>
  xegpu.store_nd %a, %t[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
  xegpu.store_nd %a, %t : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
  xegpu.prefetch_nd %t[%x, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
  xegpu.prefetch_nd %t : !xegpu.tensor_desc<16x16xf16>
  %u = xegpu.update_nd_offset %t, [%x, 16] : !xegpu.tensor_desc<16x16xf16>
  return
}

// CHECK-LABEL: func.func @nd_ops(
// CHECK:      %0 = xegpu.create_nd_tdesc %m[0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %1 = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %2 = xegpu.create_nd_tdesc %p[%x, %y], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %3 = xegpu.create_nd_tdesc %dyn, shape : [%h, 32], strides : [32, 1] {tag} : memref<?x?xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %4 = xegpu.create_nd_tdesc %m : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<boundary_check = false>, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %src : memref<24x32xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %a = xegpu.load_nd %t[0, 0]  : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %b = xegpu.load_nd %t[%x, 16] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %c = xegpu.load_nd %t[0, 0] <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
// CHECK-NEXT: %d = xegpu.load_nd %t <{transpose = array<i64: 1, 0>}> {tag} : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %e = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %f = xegpu.load_nd %t  : !xegpu.tensor_desc<16x16xf16> -> vector<16xf16>
// CHECK-NEXT: xegpu.store_nd %a, %t[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.store_nd %a, %t  : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %t[%x, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %t  : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %u = xegpu.update_nd_offset %t, [%x, 16] : !xegpu.tensor_desc<16x16xf16>

// CHECK-GENERIC-LABEL: sym_name = "nd_ops"}>
// CHECK-GENERIC:      %0 = "xegpu.create_nd_tdesc"(%m) <{const_offsets = array<i64: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (memref<24x32xf32>) -> !xegpu.tensor_desc<8x16xf32>
// CHECK-GENERIC-NEXT: %1 = "xegpu.create_nd_tdesc"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (memref<24x32xf32>) -> !xegpu.tensor_desc<8x16xf32>
// CHECK-GENERIC-NEXT: %2 = "xegpu.create_nd_tdesc"(%p, %x, %y, %h, %w, %w, %c1) <{const_offsets = array<i64: -9223372036854775808, -9223372036854775808>, const_shape = array<i64: -9223372036854775808, -9223372036854775808>, const_strides = array<i64: -9223372036854775808, -9223372036854775808>, operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (ui64, index, index, index, index, index, index) -> !xegpu.tensor_desc<8x16xf32>
// CHECK-GENERIC-NEXT: %3 = "xegpu.create_nd_tdesc"(%dyn, %h) <{const_shape = array<i64: -9223372036854775808, 32>, const_strides = array<i64: 32, 1>, operandSegmentSizes = array<i32: 1, 0, 1, 0>}> {tag} : (memref<?x?xf16>, index) -> !xegpu.tensor_desc<16x16xf16>
// CHECK-GENERIC:      %a = "xegpu.load_nd"(%t) <{const_offsets = array<i64: 0, 0>}> : (!xegpu.tensor_desc<16x16xf16>) -> vector<16x16xf16>
// CHECK-GENERIC-NEXT: %b = "xegpu.load_nd"(%t, %x) <{const_offsets = array<i64: -9223372036854775808, 16>, l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : (!xegpu.tensor_desc<16x16xf16>, index) -> vector<16x16xf16>
// CHECK-GENERIC-NEXT: %c = "xegpu.load_nd"(%t) <{const_offsets = array<i64: 0, 0>, packed}> : (!xegpu.tensor_desc<16x16xf16>) -> vector<8x16x2xf16>
// CHECK-GENERIC-NEXT: %d = "xegpu.load_nd"(%t) <{transpose = array<i64: 1, 0>}> {tag} : (!xegpu.tensor_desc<16x16xf16>) -> vector<16x16xf16>
// CHECK-GENERIC:      "xegpu.store_nd"(%a, %t) <{const_offsets = array<i64: 0, 0>, l1_hint = #xegpu.cache_hint<write_back>}> : (vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>) -> ()
// CHECK-GENERIC:      "xegpu.prefetch_nd"(%t, %x) <{const_offsets = array<i64: -9223372036854775808, 0>, l1_hint = #xegpu.cache_hint<cached>}> : (!xegpu.tensor_desc<16x16xf16>, index) -> ()
// CHECK-GENERIC:      %u = "xegpu.update_nd_offset"(%t, %x) <{const_offsets = array<i64: -9223372036854775808, 16>}> : (!xegpu.tensor_desc<16x16xf16>, index) -> !xegpu.tensor_desc<16x16xf16>

// -----

func.func @scatter_ops(%p: ui64, %m: memref<256xf32>, %val: vector<16xf32>, %mask: vector<16xi1>, %off: vector<16xindex>, %slm: memref<?xf32, 3>, %i: index, %b: i1) {
  %o = arith.constant dense<[0, 8, 16, 24]> : vector<4xindex>
  %m4 = arith.constant dense<true> : vector<4xi1>
  %t = xegpu.create_tdesc %p, %o : ui64, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
  %t2 = xegpu.create_tdesc %slm, %o : memref<?xf32, 3>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<memory_space = slm, chunk_size = 2>>
  %v = xegpu.load %t, %m4 <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, vector<4xi1> -> vector<4x2xf32>
  xegpu.store %v, %t, %m4 : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, vector<4xi1>
  xegpu.prefetch %t : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
  %t3 = xegpu.update_offset %t, %o : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, vector<4xindex>
  %g = xegpu.load %m[%off], %mask : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  %g2 = xegpu.load %p[%off], %mask <{chunk_size = 2}> : ui64, vector<16xindex>, vector<16xi1> -> vector<16x2xf32>
  %g3 = xegpu.load %m[%i], %b : memref<256xf32>, index, i1 -> f32
  xegpu.store %val, %m[%off], %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
  xegpu.prefetch %m[%off] : memref<256xf32>, vector<16xindex>
  xegpu.prefetch %p[%off] <{offset_align_byte = 4}> : ui64, vector<16xindex>
  %ta = xegpu.create_tdesc %p, %off : ui64, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  %r = xegpu.atomic_rmw addf %ta, %mask, %val : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
  %r2 = xegpu.atomic_rmw xori %ta, %mask, %val {layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
  return
}

// CHECK-LABEL: func.func @scatter_ops(
// CHECK:      %t = xegpu.create_tdesc %p, %o : ui64, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-NEXT: %t2 = xegpu.create_tdesc %slm, %o : memref<?xf32, 3>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 2 : i64>>
// CHECK-NEXT: %v = xegpu.load %t, %m4 <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1> -> vector<4x2xf32>
// CHECK-NEXT: xegpu.store %v, %t, %m4  : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>
// CHECK-NEXT: xegpu.prefetch %t  : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-NEXT: %t3 = xegpu.update_offset %t, %o : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xindex>
// CHECK-NEXT: %g = xegpu.load %m[%off], %mask  : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %g2 = xegpu.load %p[%off], %mask <{chunk_size = 2 : i64}> : ui64, vector<16xindex>, vector<16xi1> -> vector<16x2xf32>
// CHECK-NEXT: %g3 = xegpu.load %m[%i], %b  : memref<256xf32>, index, i1 -> f32
// CHECK-NEXT: xegpu.store %val, %m[%off], %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
// CHECK-NEXT: xegpu.prefetch %m[%off]  : memref<256xf32>, vector<16xindex>
// CHECK-NEXT: xegpu.prefetch %p[%off] <{offset_align_byte = 4 : i64}> : ui64, vector<16xindex>
// CHECK-NEXT: %ta = xegpu.create_tdesc %p, %off : ui64, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
// CHECK-NEXT: %r = xegpu.atomic_rmw addf %ta, %mask, %val : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
// CHECK-NEXT: %r2 = xegpu.atomic_rmw xori %ta, %mask, %val {layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>

// CHECK-GENERIC-LABEL: sym_name = "scatter_ops"}>
// CHECK-GENERIC:      %t = "xegpu.create_tdesc"(%p, %o) : (ui64, vector<4xindex>) -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-GENERIC:      %v = "xegpu.load"(%t, %m4) <{l1_hint = #xegpu.cache_hint<cached>}> : (!xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>) -> vector<4x2xf32>
// CHECK-GENERIC-NEXT: "xegpu.store"(%v, %t, %m4) : (vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>) -> ()
// CHECK-GENERIC-NEXT: "xegpu.prefetch"(%t) : (!xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>) -> ()
// CHECK-GENERIC-NEXT: %t3 = "xegpu.update_offset"(%t, %o) : (!xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xindex>) -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-GENERIC-NEXT: %g = "xegpu.load"(%m, %off, %mask) : (memref<256xf32>, vector<16xindex>, vector<16xi1>) -> vector<16xf32>
// CHECK-GENERIC-NEXT: %g2 = "xegpu.load"(%p, %off, %mask) <{chunk_size = 2 : i64}> : (ui64, vector<16xindex>, vector<16xi1>) -> vector<16x2xf32>
// CHECK-GENERIC:      "xegpu.store"(%val, %m, %off, %mask) <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : (vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>) -> ()
// CHECK-GENERIC:      %r = "xegpu.atomic_rmw"(%ta, %mask, %val) <{kind = 0 : i64}> : (!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK-GENERIC-NEXT: %r2 = "xegpu.atomic_rmw"(%ta, %mask, %val) <{kind = 15 : i64, layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : (!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>

// -----

func.func @matrix_and_sync(%slm: memref<4096xi8, 3>, %i: index, %id: i8, %n: i8) {
  %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>
  %lm = xegpu.load_matrix %md[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>> -> vector<32x32xf32>
  %l2 = xegpu.load_matrix %md[%i, 0] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, index -> vector<16x16xf32>
  %sb = xegpu.load_matrix %md[0, 0] <{subgroup_block_io}> {tag} : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>> -> vector<16x16xf32>
  %sc = xegpu.load_matrix %md[%i, %i] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, index, index -> f32
  xegpu.store_matrix %lm, %md[0, 0] : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>
  xegpu.store_matrix %l2, %md[0, %i] {layout = #xegpu.layout<inst_data = [8, 16]>} : vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, index
  xegpu.alloc_nbarrier 8
  %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
  xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
  xegpu.nbarrier_wait %nb : !xegpu.nbarrier
  xegpu.fence memory_kind = global, fence_scope = workgroup
  xegpu.fence memory_kind = slm, fence_scope = gpu {tag}
  return
}

// CHECK-LABEL: func.func @matrix_and_sync(
// CHECK:      %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: %lm = xegpu.load_matrix %md[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}>: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<32x32xf32>
// CHECK-NEXT: %l2 = xegpu.load_matrix %md[%i, 0] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index -> vector<16x16xf32>
// CHECK-NEXT: %sb = xegpu.load_matrix %md[0, 0] <{subgroup_block_io}> {tag}: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<16x16xf32>
// CHECK-NEXT: %sc = xegpu.load_matrix %md[%i, %i] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index, index -> f32
// CHECK-NEXT: xegpu.store_matrix %lm, %md[0, 0] : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: xegpu.store_matrix %l2, %md[0, %i] <{layout = #xegpu.layout<inst_data = [8, 16]>}>: vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index
// CHECK-NEXT: xegpu.alloc_nbarrier 8
// CHECK-NEXT: %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_wait %nb : !xegpu.nbarrier
// CHECK-NEXT: xegpu.fence memory_kind = global, fence_scope = workgroup
// CHECK-NEXT: xegpu.fence memory_kind = slm, fence_scope = gpu {tag}

// CHECK-GENERIC-LABEL: sym_name = "matrix_and_sync"}>
// CHECK-GENERIC:      %md = "xegpu.create_mem_desc"(%slm) : (memref<4096xi8, 3>) -> !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-GENERIC-NEXT: %lm = "xegpu.load_matrix"(%md) <{const_offsets = array<i64: 0, 0>, layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : (!xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>) -> vector<32x32xf32>
// CHECK-GENERIC-NEXT: %l2 = "xegpu.load_matrix"(%md, %i) <{const_offsets = array<i64: -9223372036854775808, 0>}> : (!xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index) -> vector<16x16xf32>
// CHECK-GENERIC-NEXT: %sb = "xegpu.load_matrix"(%md) <{const_offsets = array<i64: 0, 0>, subgroup_block_io}> {tag} : (!xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>) -> vector<16x16xf32>
// CHECK-GENERIC:      "xegpu.store_matrix"(%l2, %md, %i) <{const_offsets = array<i64: 0, -9223372036854775808>, layout = #xegpu.layout<inst_data = [8, 16]>}> : (vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index) -> ()
// CHECK-GENERIC-NEXT: "xegpu.alloc_nbarrier"() <{nbarrier_num = 8 : i64}> : () -> ()
// CHECK-GENERIC-NEXT: %nb = "xegpu.init_nbarrier"(%id, %n) : (i8, i8) -> !xegpu.nbarrier
// CHECK-GENERIC-NEXT: "xegpu.nbarrier_arrive"(%nb) : (!xegpu.nbarrier) -> ()
// CHECK-GENERIC-NEXT: "xegpu.nbarrier_wait"(%nb) : (!xegpu.nbarrier) -> ()
// CHECK-GENERIC-NEXT: "xegpu.fence"() <{fence_scope = #xegpu<fence_scope workgroup>, memory_kind = #xegpu<memory_space global>}> : () -> ()
// CHECK-GENERIC-NEXT: "xegpu.fence"() <{fence_scope = #xegpu<fence_scope gpu>, memory_kind = #xegpu<memory_space slm>}> {tag} : () -> ()

// -----

func.func @compute(%a: vector<128x64xf16>, %b: vector<64x128xf16>, %c: vector<128x128xf32>, %bp: vector<32x128x2xf16>, %v: vector<32x32xf32>, %a8: vector<8xf16>, %b16: vector<16xf16>, %c8: vector<8xf32>) {
  %d0 = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  %d1 = xegpu.dpas %a, %b, %c {layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, tag, layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>} : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
  %d2 = xegpu.dpas %a, %bp : vector<128x64xf16>, vector<32x128x2xf16> -> vector<128x128xf32>
  %d3 = xegpu.dpas %a8, %b16, %c8 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
  %cv = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16]>}> : vector<32x32xf32>
  %cw = xegpu.convert_layout %v {target_layout = #xegpu.layout<inst_data = [8, 16]>, input_layout = #xegpu.layout<inst_data = [16, 16]>} : vector<32x32xf32>
  return
}

// CHECK-LABEL: func.func @compute(
// CHECK:      %d0 = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
// CHECK-NEXT: %d1 = xegpu.dpas %a, %b, %c {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, tag} : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
// CHECK-NEXT: %d2 = xegpu.dpas %a, %bp : vector<128x64xf16>, vector<32x128x2xf16> -> vector<128x128xf32>
// CHECK-NEXT: %d3 = xegpu.dpas %a8, %b16, %c8 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
// CHECK-NEXT: %cv = xegpu.convert_layout %v <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16]>}> : vector<32x32xf32>
// CHECK-NEXT: %cw = xegpu.convert_layout %v <{input_layout = #xegpu.layout<inst_data = [16, 16]>, target_layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<32x32xf32>

// CHECK-GENERIC-LABEL: sym_name = "compute"}>
// CHECK-GENERIC:      %d0 = "xegpu.dpas"(%a, %b) : (vector<128x64xf16>, vector<64x128xf16>) -> vector<128x128xf32>
// CHECK-GENERIC-NEXT: %d1 = "xegpu.dpas"(%a, %b, %c) <{layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}> {tag} : (vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32>) -> vector<128x128xf32>
// CHECK-GENERIC:      %cv = "xegpu.convert_layout"(%v) <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16]>}> : (vector<32x32xf32>) -> vector<32x32xf32>

// -----

// The RFC spellings on ops: they stay as written.
func.func @rfc_spellings(%m: memref<256x128xf32>, %v: vector<256x128xf32>, %acc: vector<256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>>
  %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>}> : !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>> -> vector<256x128xf32>
  %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>
  return
}

// CHECK-LABEL: func.func @rfc_spellings(
// CHECK:      %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>>
// CHECK-NEXT: %x = xegpu.load_nd %t[0, 0] <{layout = #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>}> : !xegpu.tensor_desc<256x128xf32, #xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32], sg_order = [0, 1]>> -> vector<256x128xf32>
// CHECK-NEXT: %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.wg_map<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>

// CHECK-GENERIC-LABEL: sym_name = "rfc_spellings"}>
// CHECK-GENERIC:      %x = "xegpu.load_nd"(%t) <{const_offsets = array<i64: 0, 0>, layout = #xegpu.sg_map<sg_layout = [8, 4], sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>}>
