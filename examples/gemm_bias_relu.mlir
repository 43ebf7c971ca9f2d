// D = relu(A x B + bias) for 1024x1024 matrices, one 256x256 tile of D per workgroup (WG level).
//
// The bias row is loaded as a 1x256 tile (the same rank as the GEMM result, as in the RFC's
// appendix), broadcast down the 256 rows, added to the f32 accumulator and clamped at zero with
// arith.maximumf. Layouts sit only on the anchors (A/B/C descriptor types, dpas, store);
// sg_layout [8, 4], 32x64 per subgroup. The bias descriptor has none: its layout follows from the
// broadcast (the stretched row dimension keeps sg_layout 8 with sg_data 1, i.e. [8, 4]/[1, 64],
// every row of subgroups reading the same row). mlir-opt 22 rejects that layout written on a
// 1x256 descriptor type ("cannot distribute [1, 256]"), which is why it is left to propagation.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
gpu.module @kernels {
  gpu.func @gemm_bias_relu(%A: memref<1024x1024xf16>, %B: memref<1024x1024xf16>, %bias: memref<1x1024xf32>, %D: memref<1024x1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %bid_x = gpu.block_id x
    %bid_y = gpu.block_id y
    %m = arith.muli %bid_x, %c256 : index
    %n = arith.muli %bid_y, %c256 : index
    %a_desc = xegpu.create_nd_tdesc %A : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #a>
    %b_desc = xegpu.create_nd_tdesc %B : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #b>
    %zero = arith.constant dense<0.000000e+00> : vector<256x256xf32>
    %acc = scf.for %k = %c0 to %c1024 step %c32 iter_args(%sum = %zero) -> (vector<256x256xf32>) {
      %a = xegpu.load_nd %a_desc[%m, %k] : !xegpu.tensor_desc<256x32xf16, #a> -> vector<256x32xf16>
      %b = xegpu.load_nd %b_desc[%k, %n] : !xegpu.tensor_desc<32x256xf16, #b> -> vector<32x256xf16>
      %d = xegpu.dpas %a, %b, %sum {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
      scf.yield %d : vector<256x256xf32>
    }
    %bias_desc = xegpu.create_nd_tdesc %bias : memref<1x1024xf32> -> !xegpu.tensor_desc<1x256xf32>
    %bias_row = xegpu.load_nd %bias_desc[%c0, %n] : !xegpu.tensor_desc<1x256xf32> -> vector<1x256xf32>
    %bias_tile = vector.broadcast %bias_row : vector<1x256xf32> to vector<256x256xf32>
    %biased = arith.addf %acc, %bias_tile : vector<256x256xf32>
    %relu = arith.maximumf %biased, %zero : vector<256x256xf32>
    %d_desc = xegpu.create_nd_tdesc %D : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
    xegpu.store_nd %relu, %d_desc[%m, %n] <{layout = #c}> : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
    gpu.return
  }
}
