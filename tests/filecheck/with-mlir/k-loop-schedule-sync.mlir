// strategy=split-barrier and strategy=pingpong output (named barriers, scf.if on the step test and
// on gpu.subgroup_id; pingpong in both forms) is accepted by mlir-opt 22 in custom and generic
// form, and what comes back into wgdist-opt still passes the static barrier check. (LLVM 22 does not lower the named
// barrier ops to SPIR-V: that lowering is wgdist's own.)
//
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=split-barrier interval=2}' | %mlir-opt | wgdist-opt -p xegpu-verify-barriers | filecheck %s --check-prefix=SPLIT
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=false}' --print-op-generic | %mlir-opt --mlir-print-op-generic | wgdist-opt -p xegpu-verify-barriers | filecheck %s --check-prefix=PING
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong}' | %mlir-opt | wgdist-opt -p xegpu-verify-barriers | filecheck %s --check-prefix=CONV

#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
gpu.module @kernels {
  gpu.func @gemm(%A: memref<32x128xf16>, %B: memref<128x32xf16>, %C: memref<32x32xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %ta = xegpu.create_nd_tdesc %A : memref<32x128xf16> -> !xegpu.tensor_desc<32x32xf16, #a>
    %tb = xegpu.create_nd_tdesc %B : memref<128x32xf16> -> !xegpu.tensor_desc<32x32xf16, #b>
    %tc = xegpu.create_nd_tdesc %C : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #c>
    %z = arith.constant dense<0.0> : vector<32x32xf32>
    %r = scf.for %k = %c0 to %n step %c32 iter_args(%acc = %z) -> (vector<32x32xf32>) {
      %va = xegpu.load_nd %ta[0, %k] <{layout = #a}> : !xegpu.tensor_desc<32x32xf16, #a> -> vector<32x32xf16>
      %vb = xegpu.load_nd %tb[%k, 0] <{layout = #b}> : !xegpu.tensor_desc<32x32xf16, #b> -> vector<32x32xf16>
      %d = xegpu.dpas %va, %vb, %acc {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] <{layout = #c}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #c>
    gpu.return
  }
}

// SPLIT-LABEL: gpu.func @gemm
// SPLIT:         xegpu.alloc_nbarrier 1
// SPLIT:         %[[NB:.*]] = xegpu.init_nbarrier
// SPLIT:         xegpu.nbarrier_arrive %[[NB]]
// SPLIT:         scf.for
// SPLIT:           scf.if
// SPLIT-NEXT:        xegpu.nbarrier_wait %[[NB]]
// SPLIT:             xegpu.nbarrier_arrive %[[NB]]
// SPLIT:           } else {
// SPLIT-NOT:         nbarrier
// SPLIT:           xegpu.dpas
// SPLIT:         xegpu.nbarrier_wait %[[NB]]
// SPLIT:         xegpu.store_nd

// PING-LABEL: gpu.func @gemm
// PING:         %[[NB:.*]] = xegpu.init_nbarrier
// PING:         arith.cmpi uge
// PING:         scf.if
// PING-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// PING-NEXT:      xegpu.nbarrier_wait %[[NB]]
// PING:         scf.for
// PING:           xegpu.nbarrier_arrive %[[NB]]
// PING-NEXT:      xegpu.nbarrier_wait %[[NB]]
// PING-NEXT:      xegpu.dpas
// PING-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// PING-NEXT:      xegpu.nbarrier_wait %[[NB]]
// PING-NEXT:      scf.yield
// PING:         scf.if
// PING-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// PING-NEXT:      xegpu.nbarrier_wait %[[NB]]
// PING:         xegpu.store_nd

// CONV-LABEL: gpu.func @gemm
// CONV:         %[[NB:.*]] = xegpu.init_nbarrier
// CONV:         scf.for
// CONV:           scf.if
// CONV:             xegpu.load_nd
// CONV:           arith.select {{.*}} : vector<16x32xi1>, vector<16x32xf16>
// CONV:           scf.if
// CONV-NEXT:        xegpu.dpas
// CONV:           arith.select {{.*}} : vector<16x16xi1>, vector<16x16xf32>
// CONV-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CONV-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CONV-NEXT:      scf.yield
// CONV-NEXT:    }
// CONV-NEXT:    xegpu.store_nd
