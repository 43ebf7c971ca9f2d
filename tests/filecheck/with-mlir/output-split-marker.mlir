// RUN: wgdist-opt %s --split-input-file --output-split-marker="// ===" | filecheck %s
// RUN: wgdist-opt %s --split-input-file --output-split-marker="// ===" | %mlir-opt --split-input-file="// ===" --output-split-marker="// ===" | filecheck %s --check-prefix=MLIR
// RUN: %mlir-opt %s --split-input-file --output-split-marker="// ===" | wgdist-opt --split-input-file="// ===" --output-split-marker="// ===" | filecheck %s

// --output-split-marker names the line between the chunks' outputs, in both tools, so each
// reads the other's split output back.

func.func @first() {
  return
}

// -----

func.func @second() {
  return
}

// CHECK: func.func @first
// CHECK-NOT: // -----
// CHECK: {{^}}// ==={{$}}
// CHECK-NEXT: module
// CHECK: func.func @second
// MLIR: func.func @first
// MLIR: {{^}}// ==={{$}}
// MLIR: func.func @second
