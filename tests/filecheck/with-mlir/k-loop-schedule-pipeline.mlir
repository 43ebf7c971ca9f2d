// strategy=pipeline's output is accepted by mlir-opt 22 (custom and generic form, back into
// wgdist-opt) and, for GEMMs LLVM 22 lowers, still reaches a SPIR-V binary through its XeVM
// pipeline (static and dynamic trip count; the guarded reads become scf.if). With stages=3
// fragments=2 and 8 static steps, fragment 0 lives in three iter_args: the steady loop runs three
// steps per iteration (6 dpas), the remaining five follow it unrolled (10 dpas); with a dynamic
// trip count they follow it each under scf.if. Both forms reach a binary too.
// tests/unit/schedule/test_pipeline_spirv.py runs spirv-val on the binaries.
//
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pipeline stages=3 fragments=2}' | %mlir-opt --split-input-file | filecheck %s --check-prefix=ROUND
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pipeline stages=3 fragments=2}' --print-op-generic | %mlir-opt --split-input-file --mlir-print-op-generic | wgdist-opt --split-input-file | filecheck %s --check-prefix=ROUND
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pipeline stages=2}' | %mlir-opt --split-input-file --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" | filecheck %s --check-prefix=BIN
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pipeline stages=3 fragments=2}' | %mlir-opt --split-input-file --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" | filecheck %s --check-prefix=BIN

gpu.module @kernels {
  gpu.func @gemm(%A: memref<32x128xf16>, %B: memref<128x32xf16>, %C: memref<32x32xf32>) kernel {
    %clb = arith.constant 0 : index
    %cub = arith.constant 128 : index
    %cbk = arith.constant 16 : index
    %ad = xegpu.create_nd_tdesc %A : memref<32x128xf16> -> !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    %bd = xegpu.create_nd_tdesc %B : memref<128x32xf16> -> !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
    %cd = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
    %acc = scf.for %k = %clb to %cub step %cbk iter_args(%sum = %zero) -> (vector<32x32xf32>) {
      %va = xegpu.load_nd %ad[0, %k] : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>> -> vector<32x16xf16>
      %vb = xegpu.load_nd %bd[%k, 0] : !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>> -> vector<16x32xf16>
      %kn = arith.addi %k, %cbk : index
      xegpu.prefetch_nd %ad[0, %kn] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}> : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
      xegpu.prefetch_nd %bd[%kn, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
      %d = xegpu.dpas %va, %vb, %sum {layout_a = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, layout_cd = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>} : vector<32x16xf16>, vector<16x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    xegpu.store_nd %acc, %cd[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    gpu.return
  }
}

// -----
gpu.module @kernels_dynamic {
  gpu.func @gemm(%A: memref<32x64xf16>, %B: memref<64x32xf16>, %C: memref<32x32xf32>, %ub: index) kernel {
    %clb = arith.constant 0 : index
    %cub = arith.constant 64 : index
    %cbk = arith.constant 16 : index
    %ad = xegpu.create_nd_tdesc %A : memref<32x64xf16> -> !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    %bd = xegpu.create_nd_tdesc %B : memref<64x32xf16> -> !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
    %cd = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
    %acc = scf.for %k = %clb to %ub step %cbk iter_args(%sum = %zero) -> (vector<32x32xf32>) {
      %va = xegpu.load_nd %ad[0, %k] : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>> -> vector<32x16xf16>
      %vb = xegpu.load_nd %bd[%k, 0] : !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>> -> vector<16x32xf16>
      %kn = arith.addi %k, %cbk : index
      xegpu.prefetch_nd %ad[0, %kn] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}> : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
      xegpu.prefetch_nd %bd[%kn, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : !xegpu.tensor_desc<16x32xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
      %d = xegpu.dpas %va, %vb, %sum {layout_a = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, layout_cd = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>} : vector<32x16xf16>, vector<16x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    xegpu.store_nd %acc, %cd[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>>
    gpu.return
  }
}


// ROUND-LABEL: gpu.func @gemm(
// ROUND:         xegpu.load_nd
// ROUND:         scf.for {{.*}} iter_args(
// ROUND-COUNT-6:   xegpu.dpas
// ROUND:           scf.yield
// ROUND-NOT:     scf.for
// ROUND-COUNT-10: xegpu.dpas
// ROUND-NOT:     scf.for
// ROUND:         xegpu.store_nd
// ROUND-LABEL: gpu.func @gemm(
// ROUND:         arith.ceildivsi
// ROUND:         arith.maxsi
// ROUND:         scf.for
// ROUND-COUNT-6:   xegpu.dpas
// ROUND:           scf.yield
// ROUND-NOT:     scf.for
// ROUND:         scf.if
// ROUND:           scf.if
// ROUND:             xegpu.load_nd
// ROUND:           xegpu.dpas
// ROUND-NOT:     scf.for
// ROUND:         xegpu.store_nd

// BIN: gpu.binary @kernels
// BIN: gpu.binary @kernels_dynamic
