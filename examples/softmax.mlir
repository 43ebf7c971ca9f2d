// Row softmax of a 4096x128 f32 matrix, one 256x128 tile per workgroup (WG level):
//   y[i, j] = exp(x[i, j] - max_j x[i, j]) / sum_j exp(x[i, j] - max_j x[i, j])
//
// The 32 subgroups are stacked along the rows (sg_layout [32, 1]); each owns 8 whole rows
// (sg_data [8, 128]), so both row reductions stay inside a subgroup. The reduced 256-vector goes
// back to 256x128 through a unit-dim shape_cast and a broadcast. Layouts only on the anchors.
#rows = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
gpu.module @kernels {
  gpu.func @softmax(%X: memref<4096x128xf32>, %Y: memref<4096x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %bid = gpu.block_id x
    %row = arith.muli %bid, %c256 : index
    %x_desc = xegpu.create_nd_tdesc %X : memref<4096x128xf32> -> !xegpu.tensor_desc<256x128xf32, #rows>
    %x = xegpu.load_nd %x_desc[%row, %c0] : !xegpu.tensor_desc<256x128xf32, #rows> -> vector<256x128xf32>
    %neg_inf = arith.constant dense<0xFF800000> : vector<256xf32>
    %max = vector.multi_reduction <maximumf>, %x, %neg_inf [1] : vector<256x128xf32> to vector<256xf32>
    %max_col = vector.shape_cast %max : vector<256xf32> to vector<256x1xf32>
    %max_tile = vector.broadcast %max_col : vector<256x1xf32> to vector<256x128xf32>
    %shifted = arith.subf %x, %max_tile : vector<256x128xf32>
    %e = math.exp %shifted : vector<256x128xf32>
    %zero = arith.constant dense<0.000000e+00> : vector<256xf32>
    %sum = vector.multi_reduction <add>, %e, %zero [1] : vector<256x128xf32> to vector<256xf32>
    %sum_col = vector.shape_cast %sum : vector<256xf32> to vector<256x1xf32>
    %sum_tile = vector.broadcast %sum_col : vector<256x1xf32> to vector<256x128xf32>
    %y = arith.divf %e, %sum_tile : vector<256x128xf32>
    %y_desc = xegpu.create_nd_tdesc %Y : memref<4096x128xf32> -> !xegpu.tensor_desc<256x128xf32, #rows>
    xegpu.store_nd %y, %y_desc[%row, %c0] <{layout = #rows}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, #rows>
    gpu.return
  }
}
