// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=LANE
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=inst}' | filecheck %s --check-prefix=INST

// At layout-kind=inst a shape that is not a multiple of the default block [8, 16] gets the
// tallest block of at most 8 rows that divides it (as mlir-opt 22: 12 rows -> [4, 16], 6 and 10
// rows -> [2, 16], 3 rows -> [1, 16]); a slice insertion passes its result's inst/lane fields to
// the inserted value. (xegpu-propagate-layout-lane-invalid.mlir: shapes no default fits.)
func.func @copy_12x32(%m: memref<12x32xf16>, %o: memref<12x32xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<12x32xf16> -> vector<12x32xf16>
  %u = xegpu.create_nd_tdesc %o : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16>
  xegpu.store_nd %v, %u[0, 0] : vector<12x32xf16>, !xegpu.tensor_desc<12x32xf16>
  return
}
// LANE-LABEL: func.func @copy_12x32(
// LANE: %t = xegpu.create_nd_tdesc %m : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<12x32xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<12x32xf16>
// LANE: %u = xegpu.create_nd_tdesc %o : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %v, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<12x32xf16>, !xegpu.tensor_desc<12x32xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @copy_12x32(
// INST: %t = xegpu.create_nd_tdesc %m : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16, #xegpu.layout<inst_data = [4, 16]>>
// INST: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [4, 16]>}> : !xegpu.tensor_desc<12x32xf16, #xegpu.layout<inst_data = [4, 16]>> -> vector<12x32xf16>
// INST: %u = xegpu.create_nd_tdesc %o : memref<12x32xf16> -> !xegpu.tensor_desc<12x32xf16, #xegpu.layout<inst_data = [4, 16]>>
// INST: xegpu.store_nd %v, %u[0, 0] <{layout = #xegpu.layout<inst_data = [4, 16]>}> : vector<12x32xf16>, !xegpu.tensor_desc<12x32xf16, #xegpu.layout<inst_data = [4, 16]>>

// -----
func.func @copy_10x32(%m: memref<10x32xf32>, %o: memref<10x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<10x32xf32> -> vector<10x32xf32>
  %e = math.exp %v : vector<10x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32>
  xegpu.store_nd %e, %u[0, 0] : vector<10x32xf32>, !xegpu.tensor_desc<10x32xf32>
  return
}
// LANE-LABEL: func.func @copy_10x32(
// LANE: %t = xegpu.create_nd_tdesc %m : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<10x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<10x32xf32>
// LANE: %e = math.exp %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} : vector<10x32xf32>
// LANE: %u = xegpu.create_nd_tdesc %o : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %e, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<10x32xf32>, !xegpu.tensor_desc<10x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @copy_10x32(
// INST: %t = xegpu.create_nd_tdesc %m : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32, #xegpu.layout<inst_data = [2, 16]>>
// INST: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [2, 16]>}> : !xegpu.tensor_desc<10x32xf32, #xegpu.layout<inst_data = [2, 16]>> -> vector<10x32xf32>
// INST: %e = math.exp %v {layout_result_0 = #xegpu.layout<inst_data = [2, 16]>} : vector<10x32xf32>
// INST: %u = xegpu.create_nd_tdesc %o : memref<10x32xf32> -> !xegpu.tensor_desc<10x32xf32, #xegpu.layout<inst_data = [2, 16]>>
// INST: xegpu.store_nd %e, %u[0, 0] <{layout = #xegpu.layout<inst_data = [2, 16]>}> : vector<10x32xf32>, !xegpu.tensor_desc<10x32xf32, #xegpu.layout<inst_data = [2, 16]>>

// -----
func.func @copy_3x16(%m: memref<3x16xf16>, %o: memref<3x16xf16>) {
  %t = xegpu.create_nd_tdesc %m : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<3x16xf16> -> vector<3x16xf16>
  %u = xegpu.create_nd_tdesc %o : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16>
  xegpu.store_nd %v, %u[0, 0] : vector<3x16xf16>, !xegpu.tensor_desc<3x16xf16>
  return
}
// LANE-LABEL: func.func @copy_3x16(
// LANE: %t = xegpu.create_nd_tdesc %m : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<3x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<3x16xf16>
// LANE: %u = xegpu.create_nd_tdesc %o : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %v, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<3x16xf16>, !xegpu.tensor_desc<3x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @copy_3x16(
// INST: %t = xegpu.create_nd_tdesc %m : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16, #xegpu.layout<inst_data = [1, 16]>>
// INST: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [1, 16]>}> : !xegpu.tensor_desc<3x16xf16, #xegpu.layout<inst_data = [1, 16]>> -> vector<3x16xf16>
// INST: %u = xegpu.create_nd_tdesc %o : memref<3x16xf16> -> !xegpu.tensor_desc<3x16xf16, #xegpu.layout<inst_data = [1, 16]>>
// INST: xegpu.store_nd %v, %u[0, 0] <{layout = #xegpu.layout<inst_data = [1, 16]>}> : vector<3x16xf16>, !xegpu.tensor_desc<3x16xf16, #xegpu.layout<inst_data = [1, 16]>>

// -----
func.func @insert_slice(%m: memref<8x32xf32>, %o: memref<16x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<8x32xf32> -> vector<8x32xf32>
  %z = arith.constant dense<0.0> : vector<16x32xf32>
  %w = vector.insert_strided_slice %v, %z {offsets = [8, 0], strides = [1, 1]} : vector<8x32xf32> into vector<16x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32>
  xegpu.store_nd %w, %u[0, 0] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
  return
}
// LANE-LABEL: func.func @insert_slice(
// LANE: %t = xegpu.create_nd_tdesc %m : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<8x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<8x32xf32>
// LANE: %z = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>} dense<0.000000e+00> : vector<16x32xf32>
// LANE: %w = vector.insert_strided_slice %v, %z {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [8, 0], strides = [1, 1]} : vector<8x32xf32> into vector<16x32xf32>
// LANE: %u = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %w, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @insert_slice(
// INST: %t = xegpu.create_nd_tdesc %m : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// INST: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<8x32xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<8x32xf32>
// INST: %z = arith.constant {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>} dense<0.000000e+00> : vector<16x32xf32>
// INST: %w = vector.insert_strided_slice %v, %z {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>, offsets = [8, 0], strides = [1, 1]} : vector<8x32xf32> into vector<16x32xf32>
// INST: %u = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// INST: xegpu.store_nd %w, %u[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32, #xegpu.layout<inst_data = [8, 16]>>

// -----
func.func @extract_slice(%m: memref<16x32xf32>, %o: memref<8x32xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
  %w = vector.extract_strided_slice %v {offsets = [8, 0], sizes = [8, 32], strides = [1, 1]} : vector<16x32xf32> to vector<8x32xf32>
  %u = xegpu.create_nd_tdesc %o : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>
  xegpu.store_nd %w, %u[0, 0] : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32>
  return
}
// LANE-LABEL: func.func @extract_slice(
// LANE: %t = xegpu.create_nd_tdesc %m : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : !xegpu.tensor_desc<16x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>> -> vector<16x32xf32>
// LANE: %w = vector.extract_strided_slice %v {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, offsets = [8, 0], sizes = [8, 32], strides = [1, 1]} : vector<16x32xf32> to vector<8x32xf32>
// LANE: %u = xegpu.create_nd_tdesc %o : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// LANE: xegpu.store_nd %w, %u[0, 0] <{layout = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}> : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
// INST-LABEL: func.func @extract_slice(
// INST: %t = xegpu.create_nd_tdesc %m : memref<16x32xf32> -> !xegpu.tensor_desc<16x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// INST: %v = xegpu.load_nd %t[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : !xegpu.tensor_desc<16x32xf32, #xegpu.layout<inst_data = [8, 16]>> -> vector<16x32xf32>
// INST: %w = vector.extract_strided_slice %v {layout_result_0 = #xegpu.layout<inst_data = [8, 16]>, offsets = [8, 0], sizes = [8, 32], strides = [1, 1]} : vector<16x32xf32> to vector<8x32xf32>
// INST: %u = xegpu.create_nd_tdesc %o : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32, #xegpu.layout<inst_data = [8, 16]>>
// INST: xegpu.store_nd %w, %u[0, 0] <{layout = #xegpu.layout<inst_data = [8, 16]>}> : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32, #xegpu.layout<inst_data = [8, 16]>>
