// A partial row reduction through a 3-D view, the pattern of the XeGPU RFC (and IMEX's
// reduction test): a 256x128 f32 tile per workgroup is exponentiated, viewed as 8x32x128
// (vector.shape_cast) and summed over the middle dimension, leaving 8x128 partial sums.
//
// Layouts (RFC rules): the store anchor gives the 8x128 result [8, 4]/[1, 32]; the reduction
// source then is [8, 1, 4]/[1, 32, 32] with order [2, 1, 0], and the shape_cast merges that back
// to [8, 4]/[32, 32] for the 256x128 load - each subgroup reduces the 32x32 block it loaded.
#tile = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>
#out = #xegpu.layout<sg_layout = [8, 4], sg_data = [1, 32]>
gpu.module @kernels {
  gpu.func @reduce_3d(%X: memref<4096x128xf32>, %P: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c256 = arith.constant 256 : index
    %bid = gpu.block_id x
    %row = arith.muli %bid, %c256 : index
    %out_row = arith.muli %bid, %c8 : index
    %x_desc = xegpu.create_nd_tdesc %X : memref<4096x128xf32> -> !xegpu.tensor_desc<256x128xf32, #tile>
    %x = xegpu.load_nd %x_desc[%row, %c0] : !xegpu.tensor_desc<256x128xf32, #tile> -> vector<256x128xf32>
    %e = math.exp %x : vector<256x128xf32>
    %e3 = vector.shape_cast %e : vector<256x128xf32> to vector<8x32x128xf32>
    %zero = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %partial = vector.multi_reduction <add>, %e3, %zero [1] : vector<8x32x128xf32> to vector<8x128xf32>
    %p_desc = xegpu.create_nd_tdesc %P : memref<128x128xf32> -> !xegpu.tensor_desc<8x128xf32, #out>
    xegpu.store_nd %partial, %p_desc[%out_row, %c0] <{layout = #out}> : vector<8x128xf32>, !xegpu.tensor_desc<8x128xf32, #out>
    gpu.return
  }
}
