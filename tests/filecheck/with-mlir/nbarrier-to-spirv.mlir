// Scheduled-style named barriers reach a SPIR-V binary that spirv-val accepts: a K loop with a
// split barrier across steps (arrive after a step's loads, wait before the next step's), whole
// workgroup (4 subgroups), lowered by xegpu-lower-nbarrier to gpu.barrier at each wait, then by
// mlir-opt 22's XeVM pipeline.
//
// REQUIRES: spirv-val
// RUN: wgdist-opt %s -p xegpu-verify-barriers,xegpu-lower-nbarrier | filecheck %s --check-prefix=IR
// RUN: wgdist-opt %s -p xegpu-lower-nbarrier | %mlir-opt --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" > %t.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.mlir %t.spv
// RUN: spirv-val %t.spv
// RUN: wgdist-opt %s -p xegpu-lower-nbarrier | %mlir-opt --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=isa" | filecheck %s --check-prefix=ISA
// Without the lowering LLVM 22 stops at the named barriers:
// RUN: not %mlir-opt %s --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" 2>&1 | filecheck %s --check-prefix=LLVM22

// IR-LABEL: gpu.func @split_k
// IR-NOT:     xegpu.alloc_nbarrier
// IR-NOT:     xegpu.init_nbarrier
// IR:         scf.for
// IR-NEXT:      gpu.barrier
// IR-NEXT:      xegpu.load_nd
// IR-NOT:       xegpu.nbarrier_arrive
// IR:           xegpu.dpas
// IR:         }
// IR-NEXT:    gpu.barrier
// IR-NEXT:    xegpu.store_nd

// ISA: OpControlBarrier [[EXEC:%[0-9]+]] [[EXEC]] {{%[0-9]+}}{{.*}}OpControlBarrier [[EXEC]] [[EXEC]]
// LLVM22: error: failed to legalize operation 'xegpu.

gpu.module @m {
  gpu.func @split_k(%a: memref<64x1024xf16>, %b: memref<1024x64xf16>, %c: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c1024 = arith.constant 1024 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %r0 = arith.divui %sg, %c2 : index
    %row = arith.muli %r0, %c32 : index
    %c0_ = arith.remui %sg, %c2 : index
    %col = arith.muli %c0_, %c32 : index
    %ta = xegpu.create_nd_tdesc %a : memref<64x1024xf16> -> !xegpu.tensor_desc<32x32xf16>
    %tb = xegpu.create_nd_tdesc %b : memref<1024x64xf16> -> !xegpu.tensor_desc<32x32xf16>
    %tc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<32x32xf32>
    %acc0 = xegpu.load_nd %tc[%row, %col] : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    %r = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %acc0) -> (vector<32x32xf32>) {
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      %va = xegpu.load_nd %ta[%row, %k] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
      %vb = xegpu.load_nd %tb[%k, %col] : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      %d = xegpu.dpas %va, %vb, %acc : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    xegpu.store_nd %r, %tc[%row, %col] : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    gpu.return
  }
}
