// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP
// RUN: wgdist-opt %S/../dialects/vector/interleave-invalid.mlir --split-input-file --verify-diagnostics -o /dev/null
// RUN: %mlir-opt %S/../dialects/vector/interleave-invalid.mlir --split-input-file --verify-diagnostics -o /dev/null

// vector.interleave / vector.deinterleave through mlir-opt 22 and back (custom and generic
// form), and the invalid cases rejected by both with LLVM 22's wording.

func.func @interleave(%a: vector<2x4xf32>, %b: vector<2x4xf32>, %z: vector<f32>, %s: vector<[4]xi8>) -> (vector<2x8xf32>, vector<2xf32>, vector<[8]xi8>, vector<2x4xf32>, vector<[4]xi8>) {
  %0 = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x8xf32>
  %1 = vector.interleave %z, %z {tag = 1 : i32} : vector<f32> -> vector<2xf32>
  %2 = vector.interleave %s, %s : vector<[4]xi8> -> vector<[8]xi8>
  %3, %4 = vector.deinterleave %0 {tag} : vector<2x8xf32> -> vector<2x4xf32>
  %5, %6 = vector.deinterleave %2 : vector<[8]xi8> -> vector<[4]xi8>
  return %0, %1, %2, %4, %5 : vector<2x8xf32>, vector<2xf32>, vector<[8]xi8>, vector<2x4xf32>, vector<[4]xi8>
}

// CHECK-LABEL: func.func @interleave
// CHECK-NEXT: %[[I:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<2x4xf32> -> vector<2x8xf32>
// CHECK-NEXT: %{{.*}} = vector.interleave %{{.*}}, %{{.*}} {tag = 1 : i32} : vector<f32> -> vector<2xf32>
// CHECK-NEXT: %[[S:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<[4]xi8> -> vector<[8]xi8>
// CHECK-NEXT: %{{.*}}, %[[ODD:.*]] = vector.deinterleave %[[I]] {tag} : vector<2x8xf32> -> vector<2x4xf32>
// CHECK-NEXT: %[[EVEN:.*]], %{{.*}} = vector.deinterleave %[[S]] : vector<[8]xi8> -> vector<[4]xi8>
// CHECK-NEXT: func.return %[[I]], %{{.*}}, %[[S]], %[[ODD]], %[[EVEN]]
