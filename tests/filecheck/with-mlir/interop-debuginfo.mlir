// RUN: %mlir-opt %s --mlir-print-debuginfo | wgdist-opt | filecheck %s
// RUN: %mlir-opt %s --mlir-print-debuginfo --mlir-print-op-generic | wgdist-opt | filecheck %s
// RUN: wgdist-opt %s | %mlir-opt | wgdist-opt | filecheck %s
// RUN: %mlir-opt %s --mlir-print-debuginfo | not wgdist-opt -p xegpu-wg-to-sg-distribute 2>&1 | filecheck %s --check-prefix=ERR

// What mlir-opt 22 prints with -mlir-print-debuginfo reads back: location aliases defined after
// their uses (at the end of the file), locations and attributes on gpu.func arguments, and
// diagnostics then name the location the text carries.

#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>
gpu.module @m {
  gpu.func @f(%m: memref<64x64xf32> {llvm.noalias}, %i: index loc("arg.py":1:2)) kernel {
    %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #l>
    %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<64x64xf32, #l> -> vector<64x64xf32>
    %e = vector.extract %v[0, 0] : f32 from vector<64x64xf32> loc("kernel.py":7:5)
    gpu.return
  }
}

// CHECK: gpu.func @f(%{{.*}}: memref<64x64xf32> {llvm.noalias}, %{{.*}}: index) kernel {
// CHECK: vector.extract
// ERR: kernel.py:7:5: error: 'vector.extract' op has no workgroup-to-subgroup rule
