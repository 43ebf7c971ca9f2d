// shape_cast chains after a gather (xegpu.load with offsets), run at layout-kind=lane and
// layout-kind=inst by test_vs_mlir.py (issue 12): what mlir-opt 22 assigns, wgdist assigns.

gpu.module @m {
func.func @gather_fold_cube(%src: memref<1024xf16>, %dst: memref<16xf16>) {
  %on = arith.constant dense<true> : vector<1024xi1>
  %idx = vector.step : vector<1024xindex>
  %v = xegpu.load %src[%idx], %on : memref<1024xf16>, vector<1024xindex>, vector<1024xi1> -> vector<1024xf16>
  %cube = vector.shape_cast %v : vector<1024xf16> to vector<8x8x16xf16>
  %z2 = arith.constant dense<0.0> : vector<8x16xf16>
  %z1 = arith.constant dense<0.0> : vector<16xf16>
  %plane = vector.multi_reduction <add>, %cube, %z2 [0] : vector<8x8x16xf16> to vector<8x16xf16>
  %row = vector.multi_reduction <add>, %plane, %z1 [0] : vector<8x16xf16> to vector<16xf16>
  %on16 = arith.constant dense<true> : vector<16xi1>
  %at = arith.constant dense<1> : vector<16xindex>
  xegpu.store %row, %dst[%at], %on16 : vector<16xf16>, memref<16xf16>, vector<16xindex>, vector<16xi1>
  return
}
}

// -----
gpu.module @m {
func.func @gather_reshape_roundtrip(%src: memref<256xf16>, %dst: memref<256xf16>) {
  %on = arith.constant dense<true> : vector<256xi1>
  %idx = vector.step : vector<256xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf16>, vector<256xindex>, vector<256xi1> -> vector<256xf16>
  %a = vector.shape_cast %v : vector<256xf16> to vector<2x4x32xf16>
  %b = vector.shape_cast %a : vector<2x4x32xf16> to vector<1x256xf16>
  %c = vector.shape_cast %b : vector<1x256xf16> to vector<256xf16>
  xegpu.store %c, %dst[%idx], %on : vector<256xf16>, memref<256xf16>, vector<256xindex>, vector<256xi1>
  return
}
}

// -----
gpu.module @m {
func.func @gather_to_rows(%src: memref<256xf32>, %dst: memref<16x16xf32>) {
  %on = arith.constant dense<true> : vector<256xi1>
  %idx = vector.step : vector<256xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf32>, vector<256xindex>, vector<256xi1> -> vector<256xf32>
  %m = vector.shape_cast %v : vector<256xf32> to vector<16x16xf32>
  %t = xegpu.create_nd_tdesc %dst : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
  xegpu.store_nd %m, %t[0, 0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
  return
}
}

// -----
gpu.module @m {
func.func @gather_unit_expand(%src: memref<256xf32>, %dst: memref<1x16xf32>) {
  %on = arith.constant dense<true> : vector<16xi1>
  %idx = vector.step : vector<16xindex>
  %v = xegpu.load %src[%idx], %on : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  %m = vector.shape_cast %v : vector<16xf32> to vector<1x16xf32>
  %t = xegpu.create_nd_tdesc %dst : memref<1x16xf32> -> !xegpu.tensor_desc<1x16xf32>
  xegpu.store_nd %m, %t[0, 0] : vector<1x16xf32>, !xegpu.tensor_desc<1x16xf32>
  return
}
}
