// RUN: WG_ROUNDTRIP
// RUN: WG_GENERIC_ROUNDTRIP

// gpu.module with compilation targets, as mlir-opt 22's xevm-attach-target prints them: a
// parameter equal to its default (O = 2, triple spirv64-unknown-unknown, chip bmg) is not printed.

gpu.module @default [#xevm.target] {
}
// CHECK: gpu.module @default [#xevm.target] {
// CHECK-GENERIC: "gpu.module"() <{sym_name = "default", targets = [#xevm.target]}>

gpu.module @pvc [#xevm.target<O = 3, chip = "pvc", flags = {"cmd-options" = ["-foo"]}, linkFiles = ["a.bc", "b.bc"]>] {
  gpu.func @k() kernel {
    gpu.return
  }
}
// CHECK: gpu.module @pvc [#xevm.target<O = 3, chip = "pvc", flags = {"cmd-options" = ["-foo"]}, linkFiles = ["a.bc", "b.bc"]>] {
// CHECK-NEXT: gpu.func @k() kernel {

gpu.module @spelled [#xevm.target<O = 2, triple = "spirv64-unknown-unknown", chip = "bmg">] {}
// CHECK: gpu.module @spelled [#xevm.target] {

gpu.module @attrs [#xevm.target<triple = "spirv64", chip = "pvc">] attributes {tag} {}
// CHECK: gpu.module @attrs [#xevm.target<triple = "spirv64", chip = "pvc">] attributes {tag} {

gpu.module @plain {}
// CHECK: gpu.module @plain {
// CHECK-GENERIC: "gpu.module"() <{sym_name = "plain"}>
