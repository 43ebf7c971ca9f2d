// xegpu-lower-nbarrier{target=spirv-split-barrier}: named barriers of the whole workgroup become
// the SPIR-V split barrier (SPV_INTEL_split_barrier) through calls of its built-ins, which LLVM
// 22's SPIR-V backend turns into OpControlBarrierArriveINTEL / OpControlBarrierWaitINTEL when the
// extension is enabled (--spirv-ext, an LLVM option mlir-opt 22 accepts); spirv-val accepts the
// binary. The kernel has no XeGPU ops, so the pipeline below is mlir-opt 22's XeVM pipeline
// without its XeGPU passes, which cannot carry the calls (see the last RUN line).
//
// REQUIRES: spirv-val
// RUN: wgdist-opt %s -p 'xegpu-lower-nbarrier{target=spirv-split-barrier}' | filecheck %s --check-prefix=IR
// RUN: wgdist-opt %s -p 'xegpu-lower-nbarrier{target=spirv-split-barrier}' | %mlir-opt --spirv-ext=+SPV_INTEL_split_barrier --pass-pipeline='builtin.module(xevm-attach-target{O=2 chip=bmg triple=spirv64-unknown-unknown},gpu.module(convert-gpu-to-llvm-spv{use-64bit-index=true},cse,reconcile-unrealized-casts),convert-scf-to-cf,expand-strided-metadata,gpu-to-llvm,convert-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin})' > %t.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.mlir %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | filecheck %s --check-prefix=SPIRV
// Without the extension the SPIR-V backend refuses the built-in:
// RUN: wgdist-opt %s -p 'xegpu-lower-nbarrier{target=spirv-split-barrier}' | not %mlir-opt --pass-pipeline='builtin.module(xevm-attach-target{O=2 chip=bmg triple=spirv64-unknown-unknown},gpu.module(convert-gpu-to-llvm-spv{use-64bit-index=true},cse,reconcile-unrealized-casts),convert-scf-to-cf,expand-strided-metadata,gpu-to-llvm,convert-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin})' 2>&1 | filecheck %s --check-prefix=NOEXT
// mlir-opt 22's XeVM pipeline cannot carry the calls: xegpu-propagate-layout rewrites the
// declarations' types (their arguments dropped), so the calls no longer verify.
// RUN: wgdist-opt %s -p 'xegpu-lower-nbarrier{target=spirv-split-barrier}' | not %mlir-opt --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" 2>&1 | filecheck %s --check-prefix=XEVM

// IR:      func.func private @_Z33__spirv_ControlBarrierArriveINTELiii(i32, i32, i32)
// IR:      func.func private @_Z31__spirv_ControlBarrierWaitINTELiii(i32, i32, i32)
// IR-LABEL: gpu.func @exchange
// IR:        memref.store
// IR-NEXT:   %[[W:.*]] = arith.constant 2 : i32
// IR-NEXT:   %[[S:.*]] = arith.constant 2 : i32
// IR-NEXT:   %[[REL:.*]] = arith.constant 260 : i32
// IR-NEXT:   func.call @_Z33__spirv_ControlBarrierArriveINTELiii(%[[W]], %[[S]], %[[REL]])
// IR:        %[[ACQ:.*]] = arith.constant 258 : i32
// IR-NEXT:   func.call @_Z31__spirv_ControlBarrierWaitINTELiii({{.*}}, %[[ACQ]])
// IR-NEXT:   memref.load
// IR-NOT:    xegpu.

// SPIRV: OpCapability SplitBarrierINTEL
// SPIRV: OpExtension "SPV_INTEL_split_barrier"
// SPIRV: OpControlBarrierArriveINTEL %uint_2 %uint_2 %uint_260
// SPIRV: OpControlBarrierWaitINTEL %uint_2 %uint_2 %uint_258
// NOEXT: the builtin requires the following SPIR-V extension: SPV_INTEL_split_barrier
// XEVM: error: 'func.call' op incorrect number of operands for callee

gpu.module @m {
  gpu.func @exchange(%x: memref<4xi32>, %o: memref<4xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %v = arith.index_cast %sg : index to i32
    memref.store %v, %x[%sg] : memref<4xi32>
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    %n0 = arith.addi %sg, %c1 : index
    %n = arith.remui %n0, %c4 : index
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    %y = memref.load %x[%n] : memref<4xi32>
    memref.store %y, %o[%sg] : memref<4xi32>
    gpu.return
  }
}
