// RUN: not wgdist-opt %s --split-input-file 2> %t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err
// RUN: not wgdist-opt %s --split-input-file='// ==''===' 2>&1 | filecheck %s --check-prefix=MARKER

// As mlir-opt 22: every chunk is processed, each failing chunk's error is printed, the good
// chunks' output is printed with a separator between chunks, and the exit status is 1.
// --split-input-file=MARKER splits at another marker (spelled in two pieces on the RUN line,
// which would be split otherwise).

func.func @first(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @bad_parse(%a: i32) {
  %0 = arith.addi %a : i32
  return
}

// -----

func.func @bad_verify(%v: vector<4x8xf32>) {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----
// =====

func.func @last(%a: i32) -> i32 {
  return %a : i32
}

// CHECK:      func.func @first
// CHECK:      // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: // {{-----$}}
// CHECK-NEXT: {{(builtin.)?}}module {
// CHECK-NEXT:   func.func @last

// ERR: split-input-file.mlir:17:{{[0-9]+}}: error: {{[Ee]}}xpected ','
// ERR: split-input-file.mlir:24:{{[0-9]+}}: error: 'vector.transpose' op dimension size mismatch at: 1

// with the other marker: chunk 1 holds @first, @bad_parse and @bad_verify, chunk 2 @last
// MARKER: split-input-file.mlir:17:{{[0-9]+}}: error: {{[Ee]}}xpected ','
// MARKER-NOT: error
// MARKER: func.func @last
