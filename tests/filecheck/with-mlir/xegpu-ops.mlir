// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// Every xegpu op, type and attribute LLVM 22 has: wgdist-opt's output read by mlir-opt 22 and
// read back (custom and generic form), with the text unchanged but for SSA names.

func.func @attributes() attributes {
    l0 = #xegpu.layout<order = [0, 1], lane_data = [1, 1], lane_layout = [1, 16], inst_data = [8, 16], sg_data = [16, 32], sg_layout = [2, 2]>,
    l2 = #xegpu.layout<lane_layout = [1, 16]>,
    s1 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [1]>, dims = [0]>,
    r0 = #xegpu.range<[0, 2]>, c3 = #xegpu.cache_hint<read_invalidate>, m0 = #xegpu<memory_space slm>, f0 = #xegpu<fence_scope gpu>,
    b1 = #xegpu.block_tdesc_attr<boundary_check = false, array_length = 2, memory_space = slm>,
    sc1 = #xegpu.scatter_tdesc_attr<chunk_size = 8, memory_space = slm>, ml = #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>} {
  return
}

// CHECK-LABEL: func.func @attributes(
// CHECK-SAME: b1 = #xegpu.block_tdesc_attr<memory_space =  slm, array_length = 2 : i64, boundary_check = false>, c3 = #xegpu.cache_hint<read_invalidate>, f0 = #xegpu<fence_scope gpu>, l0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>, l2 = #xegpu.layout<lane_layout = [1, 16]>, m0 = #xegpu<memory_space slm>, ml = #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>, r0 = #xegpu.range<[0 : i64, 2 : i64]>, s1 = #xegpu.slice<#xegpu.slice<#xegpu.layout<sg_layout = [8, 4, 2], sg_data = [32, 32, 2]>, dims = [1]>, dims = [0]>, sc1 = #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 8 : i64>

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
    %k: !xegpu.mem_desc<32x32xf32>,
    %l: !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>,
    %m: !xegpu.nbarrier) {
  return
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<8x16xf32>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<8x16xf32>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64, boundary_check = false>>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space =  slm>>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<chunk_size = 8 : i64>>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<32x64xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>>, %{{[a-zA-Z0-9_]+}}: !xegpu.tensor_desc<16x8xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 8 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>>, %{{[a-zA-Z0-9_]+}}: !xegpu.mem_desc<32x32xf32>, %{{[a-zA-Z0-9_]+}}: !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, %{{[a-zA-Z0-9_]+}}: !xegpu.nbarrier

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
// CHECK-SAME: %{{[a-zA-Z0-9_]+}}: memref<24x32xf32>, %{{[a-zA-Z0-9_]+}}: ui64, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: memref<?x?xf16>, %{{[a-zA-Z0-9_]+}}: memref<24x32xf16>
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}[0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}], shape : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}], strides : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}] : ui64 -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}, shape : [%{{[a-zA-Z0-9_]+}}, 32], strides : [32, 1] {tag} : memref<?x?xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<boundary_check = false>, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0]  : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, 16] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0] <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}} <{transpose = array<i64: 1, 0>}> {tag} : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}  : !xegpu.tensor_desc<16x16xf16> -> vector<16xf16>
// CHECK-NEXT: xegpu.store_nd %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.store_nd %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}  : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %{{[a-zA-Z0-9_]+}}  : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.update_nd_offset %{{[a-zA-Z0-9_]+}}, [%{{[a-zA-Z0-9_]+}}, 16] : !xegpu.tensor_desc<16x16xf16>

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
// CHECK-SAME: %{{[a-zA-Z0-9_]+}}: ui64, %{{[a-zA-Z0-9_]+}}: memref<256xf32>, %{{[a-zA-Z0-9_]+}}: vector<16xf32>, %{{[a-zA-Z0-9_]+}}: vector<16xi1>, %{{[a-zA-Z0-9_]+}}: vector<16xindex>, %{{[a-zA-Z0-9_]+}}: memref<?xf32, 3>, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: i1
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : ui64, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : memref<?xf32, 3>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 2 : i64>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1> -> vector<4x2xf32>
// CHECK-NEXT: xegpu.store %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}  : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>
// CHECK-NEXT: xegpu.prefetch %{{[a-zA-Z0-9_]+}}  : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.update_offset %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xindex>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}}  : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}} <{chunk_size = 2 : i64}> : ui64, vector<16xindex>, vector<16xi1> -> vector<16x2xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}}  : memref<256xf32>, index, i1 -> f32
// CHECK-NEXT: xegpu.store %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}} <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
// CHECK-NEXT: xegpu.prefetch %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}]  : memref<256xf32>, vector<16xindex>
// CHECK-NEXT: xegpu.prefetch %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}] <{offset_align_byte = 4 : i64}> : ui64, vector<16xindex>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : ui64, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.atomic_rmw addf %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.atomic_rmw xori %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} {layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>

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
// CHECK-SAME: %{{[a-zA-Z0-9_]+}}: memref<4096xi8, 3>, %{{[a-zA-Z0-9_]+}}: index, %{{[a-zA-Z0-9_]+}}: i8, %{{[a-zA-Z0-9_]+}}: i8
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_mem_desc %{{[a-zA-Z0-9_]+}} : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}>: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<32x32xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, 0] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index -> vector<16x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[0, 0] <{subgroup_block_io}> {tag}: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<16x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}] : !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index, index -> f32
// CHECK-NEXT: xegpu.store_matrix %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[0, 0] : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: xegpu.store_matrix %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[0, %{{[a-zA-Z0-9_]+}}] <{layout = #xegpu.layout<inst_data = [8, 16]>}>: vector<16x16xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>, index
// CHECK-NEXT: xegpu.alloc_nbarrier 8
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.init_nbarrier %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : i8, i8 -> !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_arrive %{{[a-zA-Z0-9_]+}} : !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_wait %{{[a-zA-Z0-9_]+}} : !xegpu.nbarrier
// CHECK-NEXT: xegpu.fence memory_kind = global, fence_scope = workgroup
// CHECK-NEXT: xegpu.fence memory_kind = slm, fence_scope = gpu {tag}

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
// CHECK-SAME: %{{[a-zA-Z0-9_]+}}: vector<128x64xf16>, %{{[a-zA-Z0-9_]+}}: vector<64x128xf16>, %{{[a-zA-Z0-9_]+}}: vector<128x128xf32>, %{{[a-zA-Z0-9_]+}}: vector<32x128x2xf16>, %{{[a-zA-Z0-9_]+}}: vector<32x32xf32>, %{{[a-zA-Z0-9_]+}}: vector<8xf16>, %{{[a-zA-Z0-9_]+}}: vector<16xf16>, %{{[a-zA-Z0-9_]+}}: vector<8xf32>
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>, tag} : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : vector<128x64xf16>, vector<32x128x2xf16> -> vector<128x128xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.convert_layout %{{[a-zA-Z0-9_]+}} <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16]>}> : vector<32x32xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.convert_layout %{{[a-zA-Z0-9_]+}} <{input_layout = #xegpu.layout<inst_data = [16, 16]>, target_layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<32x32xf32>
