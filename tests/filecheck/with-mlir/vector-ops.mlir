// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// Every vector op wgdist adds, through mlir-opt 22 and back (custom and generic syntax).

func.func @ops(%v: vector<4x8xf32>, %acc: vector<4xf32>, %init: f32, %w: vector<2x4xf32>, %s: vector<[4]x3xi8>) -> (vector<4xf32>, f32, vector<8x4xf32>, vector<2x2x8xf32>, vector<3x[4]xi8>, vector<16xindex>, vector<4x3xi1>, vector<2x4xf32>, vector<4x8xf32>) {
  %0 = vector.multi_reduction <add>, %v, %acc {tag} [1] : vector<4x8xf32> to vector<4xf32>
  %1 = vector.multi_reduction <maximumf>, %v, %init [0, 1] : vector<4x8xf32> to f32
  %2 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %3 = vector.shape_cast %v : vector<4x8xf32> to vector<2x2x8xf32>
  %4 = vector.shape_cast %s : vector<[4]x3xi8> to vector<3x[4]xi8>
  %5 = vector.step : vector<16xindex>
  %6 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %7 = vector.extract_strided_slice %v {offsets = [1, 2], sizes = [2, 4], strides = [1, 1], zzz, aaa = 1 : i32} : vector<4x8xf32> to vector<2x4xf32>
  %8 = vector.insert_strided_slice %w, %v {offsets = [2, 4], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<4xf32>, f32, vector<8x4xf32>, vector<2x2x8xf32>, vector<3x[4]xi8>, vector<16xindex>, vector<4x3xi1>, vector<2x4xf32>, vector<4x8xf32>
}

// CHECK: func.func @ops(%[[V:.*]]: vector<4x8xf32>, %[[ACC:.*]]: vector<4xf32>, %[[INIT:.*]]: f32, %[[W:.*]]: vector<2x4xf32>, %[[S:.*]]: vector<[4]x3xi8>)
// CHECK-NEXT: %{{.*}} = vector.multi_reduction <add>, %[[V]], %[[ACC]] {tag} [1] : vector<4x8xf32> to vector<4xf32>
// CHECK-NEXT: %{{.*}} = vector.multi_reduction <maximumf>, %[[V]], %[[INIT]] [0, 1] : vector<4x8xf32> to f32
// CHECK-NEXT: %{{.*}} = vector.transpose %[[V]], [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK-NEXT: %{{.*}} = vector.shape_cast %[[V]] : vector<4x8xf32> to vector<2x2x8xf32>
// CHECK-NEXT: %{{.*}} = vector.shape_cast %[[S]] : vector<[4]x3xi8> to vector<3x[4]xi8>
// CHECK-NEXT: %{{.*}} = vector.step : vector<16xindex>
// CHECK-NEXT: %{{.*}} = vector.constant_mask [3, 2] : vector<4x3xi1>
// CHECK-NEXT: %{{.*}} = vector.extract_strided_slice %[[V]] {aaa = 1 : i32, offsets = [1, 2], sizes = [2, 4], strides = [1, 1], zzz} : vector<4x8xf32> to vector<2x4xf32>
// CHECK-NEXT: %{{.*}} = vector.insert_strided_slice %[[W]], %[[V]] {offsets = [2, 4], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
