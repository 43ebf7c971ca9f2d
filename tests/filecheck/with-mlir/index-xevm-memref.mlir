// RUN: MLIR_ROUNDTRIP
// RUN: MLIR_GENERIC_ROUNDTRIP
// RUN: %mlir-opt %s --split-input-file --xevm-attach-target='chip=pvc O=3' | wgdist-opt --split-input-file | filecheck %s --check-prefix=ATTACH

// What mlir-opt 22 writes that wgdist reads back: gpu.module targets (xevm-attach-target), the
// index ops, memref.extract_aligned_pointer_as_index; custom and generic.

gpu.module @m [#xevm.target<O = 3, chip = "pvc", flags = {"cmd-options" = ["-foo"]}, linkFiles = ["a.bc"]>] {
  gpu.func @k(%m: memref<32x32xf32>, %a: index, %b: index, %i: i32) kernel {
    %0 = index.sub %a, %b
    %1 = index.constant 42
    %2 = index.casts %i : i32 to index
    %3 = index.castu %0 : index to i64
    %4 = index.bool.constant true
    %5 = index.ceildivu %2, %1
    %p = memref.extract_aligned_pointer_as_index %m : memref<32x32xf32> -> index
    gpu.return
  }
}
// CHECK: gpu.module @m [#xevm.target<O = 3, chip = "pvc", flags = {"cmd-options" = ["-foo"]}, linkFiles = ["a.bc"]>] {
// CHECK: index.sub %{{.*}}, %{{.*}}
// CHECK-NEXT: index.constant 42
// CHECK-NEXT: index.casts %{{.*}} : i32 to index
// CHECK-NEXT: index.castu %{{.*}} : index to i64
// CHECK-NEXT: index.bool.constant true
// CHECK-NEXT: index.ceildivu
// CHECK-NEXT: memref.extract_aligned_pointer_as_index %{{.*}} : memref<32x32xf32> -> index

// -----

gpu.module @plain {
  gpu.func @k() kernel {
    gpu.return
  }
}
// CHECK: gpu.module @plain {
// ATTACH: gpu.module @plain [#xevm.target<O = 3, chip = "pvc">] {
