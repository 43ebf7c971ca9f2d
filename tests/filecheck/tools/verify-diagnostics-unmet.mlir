// RUN: not wgdist-opt %s --split-input-file --verify-diagnostics 2> %t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s < %t.err
// RUN: wgdist-opt %s --split-input-file --verify-diagnostics=only-expected 2>&1 | filecheck %s --check-prefix=ONLY

// Diagnostics no expected-* line names are errors (exit 1, mlir-opt 22's wording); with
// --verify-diagnostics=only-expected they are ignored (exit 0 here: every expectation is met).

func.func @unexpected(%v: vector<4x8xf32>) {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}
// CHECK: verify-diagnostics-unmet.mlir:9:8: error: unexpected error: 'vector.transpose' op dimension size mismatch at: 1 (result dim 0 is 4, source dim 1 is 8)
// CHECK-NEXT: {{^}}  %t = vector.transpose
// CHECK-NEXT: {{^       \^$}}

// -----

func.func @expected(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.transpose' op}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @good(%a: i32) -> i32 {
  return %a : i32
}
// OUT: func.func @good
// ONLY-NOT: error
// ONLY: func.func @good
