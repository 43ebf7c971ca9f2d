// Every wgdist tool reports a user error the same way (wgdist.ir.cli): a parse error is
// file:line:col, the source line and a caret; a bad -p names the tool; status 1, no traceback.
// RUN: not wgdist-opt %s 2>&1 | filecheck %s
// RUN: not wgdist-check %s --against %s 2>&1 | filecheck %s
// RUN: printf 'func.func @f() {\n  func.return\n}\n' > %t.mlir
// RUN: not wgdist-opt %t.mlir -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS -DTOOL=wgdist-opt
// RUN: not wgdist-check %t.mlir -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS -DTOOL=wgdist-check

// CHECK:      tools-agree.mlir:[[# @LINE + 7]]:23: error: use of undeclared SSA value name (undefined: %nope)
// CHECK-NEXT: %0 = arith.addf %a, %nope : f32
// CHECK-NEXT: ^^^^^
// CHECK-NOT:  Traceback
// PASS:       [[TOOL]]: error: unknown pass 'no-such-pass'
// PASS-NOT:   Traceback
func.func @f(%a: f32) {
  %0 = arith.addf %a, %nope : f32
  func.return
}
