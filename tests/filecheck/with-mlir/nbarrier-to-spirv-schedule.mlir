// End to end: a workgroup GEMM (4 subgroups, K loop) distributed, scheduled by
// xegpu-k-loop-schedule, its named barriers lowered by xegpu-lower-nbarrier, reaches a SPIR-V
// binary through mlir-opt 22's XeVM pipeline, and spirv-val accepts it. The ping-pong schedule's
// phase offset has no workgroup-barrier equivalent: refused, located.
//
// REQUIRES: spirv-val
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=split-barrier},xegpu-verify-barriers,xegpu-lower-nbarrier' > %t.i1.mlir
// RUN: filecheck %s --check-prefix=I1 < %t.i1.mlir
// RUN: %mlir-opt %t.i1.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" > %t.i1.bin.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.i1.bin.mlir %t.i1.spv
// RUN: spirv-val %t.i1.spv
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=split-barrier interval=2},xegpu-verify-barriers,xegpu-lower-nbarrier' > %t.i2.mlir
// RUN: filecheck %s --check-prefix=I2 < %t.i2.mlir
// RUN: %mlir-opt %t.i2.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" > %t.i2.bin.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.i2.bin.mlir %t.i2.spv
// RUN: spirv-val %t.i2.spv
// RUN: not wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=false},xegpu-lower-nbarrier' 2>&1 | filecheck %s --check-prefix=PINGPONG
// The ping-pong schedule as mlir-opt 22 canonicalizes it still passes the barrier check:
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=false}' | %mlir-opt --canonicalize --cse | wgdist-opt -p 'xegpu-verify-barriers{num-subgroups=4}' 2>&1 | filecheck %s --check-prefix=CANON

// I1-NOT:  nbarrier
// I1:      scf.for
// I1:        gpu.barrier
// I1:        xegpu.dpas
// I1:      }
// I1-NEXT: gpu.barrier
// I2-NOT:  nbarrier
// I2:      scf.for
// I2:        scf.if
// I2-NEXT:     gpu.barrier
// CANON-NOT: error
// CANON-NOT: warning
// CANON: xegpu.nbarrier_arrive
// PINGPONG: error: 'xegpu.nbarrier_wait' op is reached 0 time(s) by subgroup(s) 0-1; 1 time(s) by subgroup(s) 2-3, under the scf.if {{.*}} it needs hardware named barriers, which LLVM 22 cannot lower

gpu.module @m {
  gpu.func @k(%A: memref<32x256xf16>, %B: memref<256x64xf16>, %C: memref<32x64xf32>, %kt: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %cs = arith.constant 32 : index
    %ub = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %A : memref<32x256xf16> -> !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>>
    %tb = xegpu.create_nd_tdesc %B : memref<256x64xf16> -> !xegpu.tensor_desc<16x64xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>>
    %tc = xegpu.create_nd_tdesc %C : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>>
    %z = arith.constant dense<0.0> : vector<32x64xf32>
    %r = scf.for %k = %c0 to %kt step %cs iter_args(%acc0 = %z) -> (vector<32x64xf32>) {
      %h1 = arith.constant 16 : index
      %o0 = arith.addi %k, %c0 : index
      %va0 = xegpu.load_nd %ta[0, %o0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>> -> vector<32x16xf16>
      %vb0 = xegpu.load_nd %tb[%o0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>}> : !xegpu.tensor_desc<16x64xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>> -> vector<16x64xf16>
      %acc1 = xegpu.dpas %va0, %vb0, %acc0 {layout_a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>, layout_cd = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>} : vector<32x16xf16>, vector<16x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
      %o1 = arith.addi %k, %h1 : index
      %va1 = xegpu.load_nd %ta[0, %o1] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>}> : !xegpu.tensor_desc<32x16xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>> -> vector<32x16xf16>
      %vb1 = xegpu.load_nd %tb[%o1, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>}> : !xegpu.tensor_desc<16x64xf16, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>> -> vector<16x64xf16>
      %acc2 = xegpu.dpas %va1, %vb1, %acc1 {layout_a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>, layout_b = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>, layout_cd = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>} : vector<32x16xf16>, vector<16x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
      scf.yield %acc2 : vector<32x64xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] <{layout = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>>
    gpu.return
  }
}

