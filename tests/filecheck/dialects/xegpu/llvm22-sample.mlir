// RUN: wgdist-opt %inputs/llvm22-syntax-sample.mlir | filecheck %s
// RUN: wgdist-opt %inputs/llvm22-syntax-sample.mlir --print-op-generic | wgdist-opt | filecheck %s

// wgdist-opt's own custom print of the LLVM 22 syntax sample (tests/filecheck/inputs/, a copy of
// shared/design/llvm22-syntax-sample.mlir), directly and after its generic form; no mlir-opt
// needed. The printer quirks mlir-opt 22 has are reproduced: two spaces before ':' when an op
// has offsets but no properties, 'memory_space =  slm', '}>:' on load_matrix, dpas layouts in
// the attribute dictionary.

// CHECK-LABEL: gpu.func @descriptors(
// CHECK:      xegpu.create_nd_tdesc %m[0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK:      xegpu.create_nd_tdesc %p[%x, %y], shape : [%h, %w], strides : [%w, %c1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
// CHECK:      !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2 : i64, boundary_check = false>>
// CHECK-LABEL: gpu.func @nd_ops(
// CHECK:      %a = xegpu.load_nd %t[0, 0]  : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %b = xegpu.load_nd %t[%x, 16] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %c = xegpu.load_nd %t[0, 0] <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
// CHECK:      xegpu.store_nd %a, %t[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %t[%x, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %u = xegpu.update_nd_offset %t, [%x, 16] : !xegpu.tensor_desc<16x16xf16>
// CHECK-LABEL: gpu.func @scatter(
// CHECK:      xegpu.create_tdesc %slm, %o : memref<?xf32, 3>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 2 : i64>>
// CHECK:      xegpu.store %v, %t, %m4  : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>
// CHECK-NEXT: xegpu.prefetch %t  : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK:      %g2 = xegpu.load %p[%off], %mask <{chunk_size = 2 : i64}> : ui64, vector<16xindex>, vector<16xi1> -> vector<16x2xf32>
// CHECK:      %r = xegpu.atomic_rmw addf %ta, %mask, %val : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
// CHECK-LABEL: gpu.func @compute_and_sync(
// CHECK:      %d1 = xegpu.dpas %a, %b, %c {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
// CHECK:      xegpu.alloc_nbarrier 8
// CHECK:      %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
// CHECK:      xegpu.fence memory_kind = slm, fence_scope = gpu
// CHECK:      %lm = xegpu.load_matrix %md[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>}>: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<32x32xf32>
// CHECK-NEXT: xegpu.store_matrix %lm, %md[0, 0] : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-LABEL: gpu.func @non_xegpu_layouts(
// CHECK:      vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>
// CHECK:      {sg_id_range = #xegpu.range<[0 : i64, 2 : i64]>}
