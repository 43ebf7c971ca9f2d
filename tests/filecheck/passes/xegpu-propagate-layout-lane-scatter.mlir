// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=lane}' | filecheck %s --check-prefix=LANE
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout{layout-kind=inst}' | filecheck %s --check-prefix=INST

// Gather/scatter at the lane and inst kinds (as mlir-opt 22 assigns; tests/unit/propagate/test_vs_mlir.py
// checks every function here against it): the data of xegpu.load/store gets the kind's default
// (chunked: [16, 1]/[1, 32/bits], inst [16, chunk]), the offsets and masks [16]/[1] at both kinds,
// and their producers (vector.step, arithmetic, constants, vector.create_mask) take them.
func.func @gather_vec(%m: memref<256xf32>, %o: memref<256xf32>) {
  %s = vector.step : vector<16xindex>
  %c = arith.constant dense<4> : vector<16xindex>
  %off = arith.muli %s, %c : vector<16xindex>
  %mask = arith.constant dense<true> : vector<16xi1>
  %v = xegpu.load %m[%off], %mask : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
  %e = math.exp %v : vector<16xf32>
  xegpu.store %e, %o[%off], %mask : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
  return
}
// LANE-LABEL: func.func @gather_vec(
// LANE: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<4> : vector<16xindex>
// LANE: %off = arith.muli %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// LANE: %v = xegpu.load %m[%off], %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// LANE: %e = math.exp %v {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xf32>
// LANE: xegpu.store %e, %o[%off], %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
// INST-LABEL: func.func @gather_vec(
// INST: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<4> : vector<16xindex>
// INST: %off = arith.muli %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// INST: %v = xegpu.load %m[%off], %mask <{layout = #xegpu.layout<inst_data = [16]>}> : memref<256xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
// INST: %e = math.exp %v {layout_result_0 = #xegpu.layout<inst_data = [16]>} : vector<16xf32>
// INST: xegpu.store %e, %o[%off], %mask <{layout = #xegpu.layout<inst_data = [16]>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>

// -----
func.func @gather_chunk(%m: memref<1024xf16>, %o: memref<1024xf16>, %n: index) {
  %s = vector.step : vector<16xindex>
  %c = arith.constant dense<8> : vector<16xindex>
  %off = arith.addi %s, %c : vector<16xindex>
  %mask = vector.create_mask %n : vector<16xi1>
  %v = xegpu.load %m[%off], %mask <{chunk_size = 8}> : memref<1024xf16>, vector<16xindex>, vector<16xi1> -> vector<16x8xf16>
  xegpu.store %v, %o[%off], %mask <{chunk_size = 8}> : vector<16x8xf16>, memref<1024xf16>, vector<16xindex>, vector<16xi1>
  return
}
// LANE-LABEL: func.func @gather_chunk(
// LANE: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<8> : vector<16xindex>
// LANE: %off = arith.addi %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %mask = vector.create_mask %n {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xi1>
// LANE: %v = xegpu.load %m[%off], %mask <{chunk_size = 8 : i64, layout = #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>}> : memref<1024xf16>, vector<16xindex>, vector<16xi1> -> vector<16x8xf16>
// LANE: xegpu.store %v, %o[%off], %mask <{chunk_size = 8 : i64, layout = #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>}> : vector<16x8xf16>, memref<1024xf16>, vector<16xindex>, vector<16xi1>
// INST-LABEL: func.func @gather_chunk(
// INST: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<8> : vector<16xindex>
// INST: %off = arith.addi %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %mask = vector.create_mask %n {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xi1>
// INST: %v = xegpu.load %m[%off], %mask <{chunk_size = 8 : i64, layout = #xegpu.layout<inst_data = [16, 8]>}> : memref<1024xf16>, vector<16xindex>, vector<16xi1> -> vector<16x8xf16>
// INST: xegpu.store %v, %o[%off], %mask <{chunk_size = 8 : i64, layout = #xegpu.layout<inst_data = [16, 8]>}> : vector<16x8xf16>, memref<1024xf16>, vector<16xindex>, vector<16xi1>

// -----
func.func @tdesc_gather(%m: memref<256xf32>, %o: memref<256xf32>) {
  %s = vector.step : vector<16xindex>
  %mask = arith.constant dense<true> : vector<16xi1>
  %t = xegpu.create_tdesc %m, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  %u = xegpu.create_tdesc %o, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
  %v = xegpu.load %t, %mask : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
  xegpu.store %v, %u, %mask : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
  return
}
// LANE-LABEL: func.func @tdesc_gather(
// LANE: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// LANE: %t = xegpu.create_tdesc %m, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<lane_layout = [16], lane_data = [1]>>
// LANE: %u = xegpu.create_tdesc %o, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<lane_layout = [16], lane_data = [1]>>
// LANE: %v = xegpu.load %t, %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<lane_layout = [16], lane_data = [1]>>, vector<16xi1> -> vector<16xf32>
// LANE: xegpu.store %v, %u, %mask <{layout = #xegpu.layout<lane_layout = [16], lane_data = [1]>}> : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<lane_layout = [16], lane_data = [1]>>, vector<16xi1>
// INST-LABEL: func.func @tdesc_gather(
// INST: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// INST: %t = xegpu.create_tdesc %m, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<inst_data = [16]>>
// INST: %u = xegpu.create_tdesc %o, %s : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<inst_data = [16]>>
// INST: %v = xegpu.load %t, %mask <{layout = #xegpu.layout<inst_data = [16]>}> : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<inst_data = [16]>>, vector<16xi1> -> vector<16xf32>
// INST: xegpu.store %v, %u, %mask <{layout = #xegpu.layout<inst_data = [16]>}> : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #xegpu.layout<inst_data = [16]>>, vector<16xi1>

// -----
func.func @tdesc_gather_chunk(%m: memref<1024xf16>, %o: memref<1024xf16>) {
  %s = vector.step : vector<16xindex>
  %c = arith.constant dense<4> : vector<16xindex>
  %off = arith.muli %s, %c : vector<16xindex>
  %mask = arith.constant dense<true> : vector<16xi1>
  %t = xegpu.create_tdesc %m, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
  %u = xegpu.create_tdesc %o, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
  %v = xegpu.load %t, %mask : !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1> -> vector<16x4xf16>
  xegpu.store %v, %u, %mask : vector<16x4xf16>, !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1>
  return
}
// LANE-LABEL: func.func @tdesc_gather_chunk(
// LANE: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<4> : vector<16xindex>
// LANE: %off = arith.muli %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// LANE: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// LANE: %t = xegpu.create_tdesc %m, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>>
// LANE: %u = xegpu.create_tdesc %o, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>>
// LANE: %v = xegpu.load %t, %mask <{layout = #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>}> : !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>>, vector<16xi1> -> vector<16x4xf16>
// LANE: xegpu.store %v, %u, %mask <{layout = #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>}> : vector<16x4xf16>, !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 2]>>, vector<16xi1>
// INST-LABEL: func.func @tdesc_gather_chunk(
// INST: %s = vector.step {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %c = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<4> : vector<16xindex>
// INST: %off = arith.muli %s, %c {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} : vector<16xindex>
// INST: %mask = arith.constant {layout_result_0 = #xegpu.layout<lane_layout = [16], lane_data = [1]>} dense<true> : vector<16xi1>
// INST: %t = xegpu.create_tdesc %m, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<inst_data = [16, 4]>>
// INST: %u = xegpu.create_tdesc %o, %off : memref<1024xf16>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<inst_data = [16, 4]>>
// INST: %v = xegpu.load %t, %mask <{layout = #xegpu.layout<inst_data = [16, 4]>}> : !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<inst_data = [16, 4]>>, vector<16xi1> -> vector<16x4xf16>
// INST: xegpu.store %v, %u, %mask <{layout = #xegpu.layout<inst_data = [16, 4]>}> : vector<16x4xf16>, !xegpu.tensor_desc<16x4xf16, #xegpu.scatter_tdesc_attr<chunk_size = 4 : i64>, #xegpu.layout<inst_data = [16, 4]>>, vector<16xi1>
