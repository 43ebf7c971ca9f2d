// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP

// The vector forms LLVM 22 accepts that xDSL 0.74's classes rejected or could not read, through
// mlir-opt 22 and back (custom and generic syntax).

func.func @llvm22_forms(%m: memref<4x4xvector<8xf32>>, %i: index, %vi: vector<4xindex>, %z: vector<f32>, %s: i32, %v: vector<4xf32>, %w: vector<2xf32>) {
  %0 = vector.load %m[%i, %i] : memref<4x4xvector<8xf32>>, vector<8xf32>
  vector.store %0, %m[%i, %i] {alignment = 32} : memref<4x4xvector<8xf32>>, vector<8xf32>
  %1 = vector.bitcast %vi : vector<4xindex> to vector<8xi32>
  %2 = vector.bitcast %1 : vector<8xi32> to vector<4xindex>
  %3 = vector.reduction <add>, %z : vector<f32> into f32
  %4 = vector.constant_mask [1] : vector<i1>
  %5 = vector.create_mask %i : vector<i1>
  %6 = vector.shuffle %z, %z [1, 0, -1] : vector<f32>, vector<f32>
  %7 = vector.shuffle %v, %w [5, 0, -1] {tag} : vector<4xf32>, vector<2xf32>
  vector.print %v : vector<4xf32>
  vector.print %s : i32 punctuation <comma>
  vector.print punctuation <newline>
  vector.print str "hello"
  vector.print punctuation <close> {tag}
  return
}

// CHECK: func.func @llvm22_forms(%[[M:.*]]: memref<4x4xvector<8xf32>>, %[[I:.*]]: index, %[[VI:.*]]: vector<4xindex>, %[[Z:.*]]: vector<f32>, %[[S:.*]]: i32, %[[V:.*]]: vector<4xf32>, %[[W:.*]]: vector<2xf32>)
// CHECK-NEXT: %[[L:.*]] = vector.load %[[M]][%[[I]], %[[I]]] : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: vector.store %[[L]], %[[M]][%[[I]], %[[I]]] {alignment = 32 : i64} : memref<4x4xvector<8xf32>>, vector<8xf32>
// CHECK-NEXT: %[[B:.*]] = vector.bitcast %[[VI]] : vector<4xindex> to vector<8xi32>
// CHECK-NEXT: %{{.*}} = vector.bitcast %[[B]] : vector<8xi32> to vector<4xindex>
// CHECK-NEXT: %{{.*}} = vector.reduction <add>, %[[Z]] : vector<f32> into f32
// CHECK-NEXT: %{{.*}} = vector.constant_mask [1] : vector<i1>
// CHECK-NEXT: %{{.*}} = vector.create_mask %[[I]] : vector<i1>
// CHECK-NEXT: %{{.*}} = vector.shuffle %[[Z]], %[[Z]] [1, 0, -1] : vector<f32>, vector<f32>
// CHECK-NEXT: %{{.*}} = vector.shuffle %[[V]], %[[W]] [5, 0, -1] {tag} : vector<4xf32>, vector<2xf32>
// CHECK-NEXT: vector.print %[[V]] : vector<4xf32>
// CHECK-NEXT: vector.print %[[S]] : i32 punctuation <comma>
// CHECK-NEXT: vector.print
// CHECK-NEXT: vector.print str "hello"
// CHECK-NEXT: vector.print punctuation <close> {tag}
