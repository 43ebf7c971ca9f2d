// RUN: not wgdist-opt %s --split-input-file > %t.wg 2> %t.wg.err
// RUN: not %mlir-opt %s --split-input-file > %t.mlir 2> %t.mlir.err
// RUN: grep -E '^// [-]{5}$|func.func @' %t.wg | sed 's/(.*//' > %t.wg.shape
// RUN: grep -E '^// [-]{5}$|func.func @' %t.mlir | sed 's/(.*//' > %t.mlir.shape
// RUN: diff %t.wg.shape %t.mlir.shape
// RUN: grep -c 'error:' %t.wg.err | filecheck %s --check-prefix=COUNT
// RUN: grep -c 'error:' %t.mlir.err | filecheck %s --check-prefix=COUNT

// --split-input-file as mlir-opt 22 does it: the same chunks print (a failed chunk prints
// nothing), the same separators, one error per failed chunk, exit 1. (The two tools word the
// errors differently and spell the module differently, so the output's shape is compared.)
// COUNT: 2

func.func @first(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @bad_parse(%a: i32) {
  %0 = arith.addi %a : i32
  return
}

// -----

func.func @middle() {
  return
}

// -----

func.func @bad_verify(%v: vector<4x8xf32>) {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @last(%a: i32) -> i32 {
  return %a : i32
}
