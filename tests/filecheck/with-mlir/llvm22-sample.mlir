// The LLVM 22 syntax sample (a copy of shared/design/llvm22-syntax-sample.mlir in tests/filecheck/inputs/) through wgdist-opt and
// mlir-opt 22 both ways, in custom and generic form. The checks are mlir-opt's own print of the
// sample (first RUN line), so every other pipeline must reproduce mlir-opt's text exactly.

// RUN: %mlir-opt %inputs/llvm22-syntax-sample.mlir | filecheck %s
// RUN: wgdist-opt %inputs/llvm22-syntax-sample.mlir | %mlir-opt | filecheck %s
// RUN: wgdist-opt %inputs/llvm22-syntax-sample.mlir --print-op-generic | %mlir-opt | filecheck %s
// RUN: %mlir-opt %inputs/llvm22-syntax-sample.mlir | wgdist-opt | %mlir-opt | filecheck %s
// RUN: %mlir-opt %inputs/llvm22-syntax-sample.mlir --mlir-print-op-generic | wgdist-opt | %mlir-opt | filecheck %s
// RUN: %mlir-opt %inputs/llvm22-syntax-sample.mlir --mlir-print-op-generic | wgdist-opt --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt | %mlir-opt | filecheck %s

// CHECK-LABEL: gpu.func @descriptors(
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}[0, 0] : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}], shape : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}], strides : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}] : ui64 -> !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}}, shape : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}], strides : [%{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}] : memref<?x?xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2 : i64, boundary_check = false>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<boundary_check = false>, #xegpu.layout<inst_data = [8, 16]>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// CHECK-LABEL: gpu.func @nd_ops(
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_nd_tdesc %{{[a-zA-Z0-9_]+}} : memref<24x32xf16> -> !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0]  : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, 16] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<streaming>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0] <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_nd %{{[a-zA-Z0-9_]+}}[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
// CHECK-NEXT: xegpu.store_nd %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[0, 0] <{l1_hint = #xegpu.cache_hint<write_back>}> : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: xegpu.prefetch_nd %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.update_nd_offset %{{[a-zA-Z0-9_]+}}, [%{{[a-zA-Z0-9_]+}}, 16] : !xegpu.tensor_desc<16x16xf16>
// CHECK-LABEL: gpu.func @scatter(
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : ui64, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : memref<?xf32, 3>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<memory_space =  slm, chunk_size = 2 : i64>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1> -> vector<4x2xf32>
// CHECK-NEXT: xegpu.store %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}  : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xi1>
// CHECK-NEXT: xegpu.prefetch %{{[a-zA-Z0-9_]+}}  : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.update_offset %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2 : i64>>, vector<4xindex>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}}  : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}} <{chunk_size = 2 : i64}> : ui64, vector<16xindex>, vector<16xi1> -> vector<16x2xf32>
// CHECK-NEXT: xegpu.store %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}], %{{[a-zA-Z0-9_]+}} <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
// CHECK-NEXT: xegpu.prefetch %{{[a-zA-Z0-9_]+}}[%{{[a-zA-Z0-9_]+}}]  : memref<256xf32>, vector<16xindex>
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.create_tdesc %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : ui64, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.atomic_rmw addf %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xf32> -> vector<16xf32>
// CHECK-LABEL: gpu.func @compute_and_sync(
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.dpas %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64]>, layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32]>, layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} : vector<128x64xf16>, vector<64x128xf16>, vector<128x128xf32> -> vector<128x128xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.convert_layout %{{[a-zA-Z0-9_]+}} <{input_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>, target_layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [16, 16]>}> : vector<32x32xf32>
// CHECK-NEXT: xegpu.alloc_nbarrier 8
// CHECK:      %{{[a-zA-Z0-9_]+}} = xegpu.init_nbarrier %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} : i8, i8 -> !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_arrive %{{[a-zA-Z0-9_]+}} : !xegpu.nbarrier
// CHECK-NEXT: xegpu.nbarrier_wait %{{[a-zA-Z0-9_]+}} : !xegpu.nbarrier
// CHECK-NEXT: xegpu.fence memory_kind = global, fence_scope = workgroup
// CHECK-NEXT: xegpu.fence memory_kind = slm, fence_scope = gpu
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.create_mem_desc %{{[a-zA-Z0-9_]+}} : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>}>: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<32x32xf32>
// CHECK-NEXT: xegpu.store_matrix %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}}[0, 0] : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = xegpu.load_matrix %{{[a-zA-Z0-9_]+}}[0, 0] <{subgroup_block_io}>: !xegpu.mem_desc<32x32xf32, #xegpu.mem_layout<block = [16, 16], stride = [1, 32]>> -> vector<16x16xf32>
// CHECK-LABEL: gpu.func @non_xegpu_layouts(
// CHECK:      %{{[a-zA-Z0-9_]+}} = arith.constant {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>} dense<0.000000e+00> : vector<256xf32>
// CHECK-NEXT: %{{[a-zA-Z0-9_]+}} = vector.multi_reduction <add>, %{{[a-zA-Z0-9_]+}}, %{{[a-zA-Z0-9_]+}} {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>, dims = [1]>} [1] : vector<256x128xf32> to vector<256xf32>
// CHECK:      } {sg_id_range = #xegpu.range<[0 : i64, 2 : i64]>}
