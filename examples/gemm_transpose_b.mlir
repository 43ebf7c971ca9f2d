// C = A x B where B is stored transposed (BT = B^T, N x K, row-major): 1024x1024 matrices, one
// 256x256 tile of C per workgroup (WG level), f16 inputs, f32 accumulation.
//
// Each K step loads a 256x32 tile of BT and turns it into the 32x256 B operand with
// vector.transpose. The BT descriptor's layout is the dpas B layout [8, 4]/[32, 64] (order [1, 0])
// permuted by [1, 0]: sg_layout [4, 8], sg_data [64, 32], order [0, 1]. With it every subgroup
// transposes its own block, with no data exchanged between subgroups.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
#bt = #xegpu.layout<sg_layout = [4, 8], sg_data = [64, 32], order = [0, 1]>
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>
gpu.module @kernels {
  gpu.func @gemm_transpose_b(%A: memref<1024x1024xf16>, %BT: memref<1024x1024xf16>, %C: memref<1024x1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %bid_x = gpu.block_id x
    %bid_y = gpu.block_id y
    %m = arith.muli %bid_x, %c256 : index
    %n = arith.muli %bid_y, %c256 : index
    %a_desc = xegpu.create_nd_tdesc %A : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #a>
    %bt_desc = xegpu.create_nd_tdesc %BT : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #bt>
    %zero = arith.constant dense<0.000000e+00> : vector<256x256xf32>
    %acc = scf.for %k = %c0 to %c1024 step %c32 iter_args(%sum = %zero) -> (vector<256x256xf32>) {
      %a = xegpu.load_nd %a_desc[%m, %k] : !xegpu.tensor_desc<256x32xf16, #a> -> vector<256x32xf16>
      %bt = xegpu.load_nd %bt_desc[%n, %k] : !xegpu.tensor_desc<256x32xf16, #bt> -> vector<256x32xf16>
      %b = vector.transpose %bt, [1, 0] : vector<256x32xf16> to vector<32x256xf16>
      %d = xegpu.dpas %a, %b, %sum {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
      scf.yield %d : vector<256x256xf32>
    }
    %c_desc = xegpu.create_nd_tdesc %C : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x256xf32, #c>
    xegpu.store_nd %acc, %c_desc[%m, %n] <{layout = #c}> : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #c>
    gpu.return
  }
}
