// RUN: wgdist-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: wgdist-opt %s --split-input-file --verify-diagnostics=only-expected | filecheck %s

// Every diagnostic is expected (the parser's, the verifier's, a pass remark): exit 0, and the
// good chunks are printed between split markers as mlir-opt does (a failed chunk prints nothing).

func.func @parse(%a: i32) {
  // expected-error @+1 {{Expected ','}}
  %0 = arith.addi %a : i32
  return
}

// -----

func.func @same_line(%v: vector<4x8xf32>) {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32> // expected-error {{'vector.transpose' op dimension size mismatch at: 1}}
  return
}

// -----

func.func @designators(%v: vector<4x8xf32>) {
  // expected-error-re @below {{'vector.transpose' op dimension size mismatch at: {{[0-9]+}} (result dim 0}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @above(%v: vector<4x8xf32>) {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  // expected-error @above {{}}
  return
}

// -----

// A nested op's error comes before its function's missing terminator (mlir-opt's order).
func.func @no_return(%v: vector<4x8xf32>) {
  // expected-error @+1 {{source dim 1 is 8}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
}

// -----

func.func @good(%a: i32) -> i32 {
  return %a : i32
}

// CHECK:      // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: {{(builtin.)?}}module {
// CHECK-NEXT:   func.func @good
