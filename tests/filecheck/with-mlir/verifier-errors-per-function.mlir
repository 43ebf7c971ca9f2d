// RUN: not wgdist-opt %s 2> %t.wg
// RUN: not %mlir-opt %s 2> %t.mlir
// RUN: grep "error: '" %t.wg | grep -o '^[^ ]*: error' > %t.wg.where
// RUN: grep "error: '" %t.mlir | grep -o '^[^ ]*: error' > %t.mlir.where
// RUN: diff %t.wg.where %t.mlir.where
// RUN: filecheck %s < %t.wg
// RUN: wgdist-opt %s --verify-diagnostics
// RUN: %mlir-opt %s --verify-diagnostics

// As mlir-opt 22 verifies once the whole input is read: each function (an op with an
// isolated-from-above region) reports its first failure, at the op's name; a second failure in
// the same function is not reported. Both tools report the same places, and the same
// expectations hold for both. (The message texts differ, so expectations name the op only.)

func.func @two_broken_ops(%x: vector<4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op}}
  %0 = vector.shape_cast %x : vector<4xf32> to vector<5xf32>
  %1 = vector.shape_cast %x : vector<4xf32> to vector<3xf32>
  return
}

func.func @one_broken_op(%x: vector<4xf32>) {
  %ok = vector.shape_cast %x : vector<4xf32> to vector<2x2xf32>
  // expected-error @+1 {{'vector.shape_cast' op}}
  %0 = vector.shape_cast %x : vector<4xf32> to vector<7xf32>
  return
}

func.func @fine(%x: f32) -> f32 {
  return %x : f32
}

func.func @missing_result(%x: f32) -> f32 {
  // expected-error @+1 {{'func.return' op}}
  return
}

// CHECK: verifier-errors-per-function.mlir:17:8: error: 'vector.shape_cast' op
// CHECK-NEXT: verifier-errors-per-function.mlir:25:8: error: 'vector.shape_cast' op
// CHECK-NEXT: verifier-errors-per-function.mlir:35:3: error: 'func.return' op
// CHECK-NOT: error
