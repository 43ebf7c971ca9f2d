// Whole kernels from examples/: layouts only on anchors in the input; every value has one after.
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p xegpu-propagate-layout | filecheck %s --check-prefix=KLOOP
// RUN: wgdist-opt %examples/gemm_bias_relu.mlir -p xegpu-propagate-layout | filecheck %s --check-prefix=BIAS
// RUN: wgdist-opt %examples/softmax.mlir -p xegpu-propagate-layout | filecheck %s --check-prefix=SOFTMAX
// RUN: wgdist-opt %examples/gemm_transpose_b.mlir -p xegpu-propagate-layout | filecheck %s --check-prefix=TRANSB
// RUN: wgdist-opt %examples/reduce_3d.mlir -p xegpu-propagate-layout | filecheck %s --check-prefix=RED3D
// Our passes read the LLVM 22 forms back (idempotent; sg_data 128 on softmax's 256x1 reads as 1):
// RUN: wgdist-opt %examples/softmax.mlir -p xegpu-propagate-layout | wgdist-opt -p xegpu-propagate-layout | filecheck %s --check-prefix=SOFTMAX
// RUN: wgdist-opt %examples/softmax.mlir -p xegpu-propagate-layout | wgdist-opt -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=SMDIST
// SMDIST: vector.multi_reduction <maximumf>, {{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// SMDIST: vector.shape_cast {{.*}} : vector<8xf32> to vector<8x1xf32>
// SMDIST-NOT: convert_layout

// GEMM with a K loop: the zero accumulator, the loop result and the loads take the dpas layouts.
// KLOOP: %zero = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// KLOOP: scf.for
// KLOOP: %a = xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>}>
// KLOOP: %b = xegpu.load_nd {{.*}} <{layout = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>}>
// KLOOP: } {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// KLOOP-NOT: convert_layout

// GEMM + bias + ReLU: the 1x256 bias descriptor gets the stretched layout [8, 4]/[1, 64].
// BIAS: %bias_desc = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32, #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 64], order = [1, 0]>>
// BIAS: %bias_tile = vector.broadcast %bias_row {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// BIAS: %biased = arith.addf %acc, %bias_tile {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// BIAS: %relu = arith.maximumf %biased, %zero {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// BIAS-NOT: convert_layout

// Softmax: subgroup-local row reductions, unit-dim shape_cast, stretched broadcast. The reduction
// results are written as slices of their sources and the unit-dim shape_casts as the slices
// parents (sg_data 128 on the extent-1 dim), the forms LLVM 22 distributes.
// SOFTMAX: %neg_inf = arith.constant {layout_result_0 = #xegpu.layout<sg_layout = [32], sg_data = [8], order = [0]>}
// SOFTMAX: %max = vector.multi_reduction <maximumf>, %x, %neg_inf {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>, dims = [1]>} [1]
// SOFTMAX: %max_col = vector.shape_cast %max {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>}
// SOFTMAX: %max_tile = vector.broadcast %max_col {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>}
// SOFTMAX: %e = math.exp %shifted {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>}
// SOFTMAX: %sum = vector.multi_reduction <add>, %e, %zero {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>, dims = [1]>} [1]
// SOFTMAX: %y = arith.divf %e, %sum_tile {layout_result_0 = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128], order = [1, 0]>}
// SOFTMAX-NOT: convert_layout

// GEMM with transposed B: the BT descriptor gets the permuted layout including order [0, 1].
// TRANSB: %bt_desc = xegpu.create_nd_tdesc %BT : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]>>
// TRANSB: %b = vector.transpose %bt, [1, 0] {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], order = [1, 0]>}
// TRANSB-NOT: convert_layout

// Reduction over a 3-D shape_cast (the RFC's partial-reduction pattern).
// RED3D: %e = math.exp %x {layout_result_0 = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [1, 0]>}
// RED3D: %e3 = vector.shape_cast %e {layout_result_0 = #xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>}
// RED3D: %partial = vector.multi_reduction <add>, %e3, %zero {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [8, 1, 4], sg_data = [1, 32, 32], order = [2, 1, 0]>, dims = [1]>} [1]
// RED3D-NOT: convert_layout
