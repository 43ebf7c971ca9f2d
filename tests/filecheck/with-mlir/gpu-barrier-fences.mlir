// The gpu.barrier xegpu-wg-to-sg-distribute inserts for a dependence through memory needs no
// separate fence, for global memory either: mlir-opt 22 lowers it (convert-gpu-to-llvm-spv, the
// XeVM route) to the OpenCL barrier(3), CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE.
// RUN: %mlir-opt %s --convert-gpu-to-llvm-spv | filecheck %s

gpu.module @m {
  gpu.func @k(%m: memref<64xf32>) kernel {
    gpu.barrier
    gpu.return
  }
}
// CHECK:      llvm.func spir_funccc @_Z7barrierj(i32)
// CHECK:      %[[FLAGS:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z7barrierj(%[[FLAGS]])
