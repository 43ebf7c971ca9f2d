// RUN: not wgdist-opt %s --split-input-file --verify-diagnostics > %t.wg.out 2> %t.wg
// RUN: not %mlir-opt %s --split-input-file --verify-diagnostics > %t.mlir.out 2> %t.mlir
// RUN: diff %t.wg %t.mlir
// RUN: not wgdist-opt %s --split-input-file --verify-diagnostics=only-expected 2> %t.wg.only
// RUN: not %mlir-opt %s --split-input-file --verify-diagnostics=only-expected 2> %t.mlir.only
// RUN: diff %t.wg.only %t.mlir.only
// RUN: filecheck %s < %t.wg

// wgdist-opt and mlir-opt 22 give the same messages, in the same order, and both exit 1, for
// expectations that are not met: missing, on another line, of another severity, a dangling
// @below. (The messages of the errors themselves differ between the two tools, so each
// error here is expected by a text both contain.)

func.func @matched(%v: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.transpose' op}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @severity(%v: vector<4x8xf32>) {
  // expected-warning @+1 {{'vector.transpose' op}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}
// CHECK: verify-diagnostics.mlir:23:6: error: 'error' diagnostic emitted when expecting a 'warning'

// -----

func.func @wrong_line(%v: vector<4x8xf32>) {
  // expected-error @+2 {{'vector.transpose' op}}
  // expected-error @+1 {{'vector.transpose' op}}
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @missing() {
  // expected-remark @+1 {{never emitted}}
  return
}

// -----

func.func @dangling() {
  return
  // expected-note @below {{nothing below}}
}

// CHECK: verify-diagnostics.mlir:23:6: error: expected warning "'vector.transpose' op" was not produced
// CHECK: verify-diagnostics.mlir:33:6: error: expected error "'vector.transpose' op" was not produced
// CHECK: verify-diagnostics.mlir:41:6: error: expected remark "never emitted" was not produced
// CHECK: verify-diagnostics.mlir:49:6: error: expected note "nothing below" was not produced
