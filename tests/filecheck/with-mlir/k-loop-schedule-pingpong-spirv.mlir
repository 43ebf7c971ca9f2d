// The ping-pong schedule's default form (converge=true) reaches a SPIR-V binary that spirv-val
// accepts: two workgroup GEMMs (4 subgroups with a dynamic K bound and two dpas per step on
// blocked tiles; 2 subgroups with a static K bound) distributed, scheduled, checked by the static barrier
// check, their named barrier lowered to gpu.barrier by xegpu-lower-nbarrier, then mlir-opt 22's
// XeVM pipeline. No scf.if of the phase loop reads one of its iter_args and every vector select
// has a vector mask (the forms LLVM 22 cannot lower: k-loop-schedule-pingpong-llvm22.mlir).
// The binary holds one OpControlBarrier per kernel (workgroup scope; 784: acquire-release on
// workgroup and cross-workgroup memory), the phase loop's barrier.
// (No prefetch of A here: with one, LLVM 22 does not lower the unscheduled kernel either.)
//
// REQUIRES: spirv-val
// RUN: wgdist-opt %s -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong},xegpu-verify-barriers,xegpu-lower-nbarrier' > %t.mlir
// RUN: filecheck %s --check-prefix=IR < %t.mlir
// RUN: %mlir-opt %t.mlir --gpu-lower-to-xevm-pipeline="xegpu-op-level=workgroup binary-format=bin" > %t.bin.mlir
// RUN: filecheck %s --check-prefix=BIN < %t.bin.mlir
// RUN: env PYTHONPATH=%S/../../.. python -c "import sys; from tests.unit.cli.lowering import _unescape as u; q = bytes([34]); t = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(u(t.split(b'bin = ' + q, 1)[1].split(q + b'>]', 1)[0]))" %t.bin.mlir %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | filecheck %s --check-prefix=SPV

#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
#s_a = #xegpu.layout<sg_layout = [2, 1], sg_data = [8, 16]>
#s_b = #xegpu.layout<sg_layout = [2, 1], sg_data = [16, 16]>
gpu.module @kernels {
  gpu.func @dynamic_k(%A: memref<32x512xf16>, %B: memref<512x64xf16>, %C: memref<32x64xf32>, %kt: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %ta = xegpu.create_nd_tdesc %A : memref<32x512xf16> -> !xegpu.tensor_desc<32x16xf16, #a>
    %tb = xegpu.create_nd_tdesc %B : memref<512x64xf16> -> !xegpu.tensor_desc<16x64xf16, #b>
    %tc = xegpu.create_nd_tdesc %C : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #b>
    %z = arith.constant dense<0.0> : vector<32x64xf32>
    %r = scf.for %k = %c0 to %kt step %c32 iter_args(%acc = %z) -> (vector<32x64xf32>) {
      %va0 = xegpu.load_nd %ta[0, %k] <{layout = #a}> : !xegpu.tensor_desc<32x16xf16, #a> -> vector<32x16xf16>
      %vb0 = xegpu.load_nd %tb[%k, 0] <{layout = #b}> : !xegpu.tensor_desc<16x64xf16, #b> -> vector<16x64xf16>
      %d0 = xegpu.dpas %va0, %vb0, %acc {layout_a = #a, layout_b = #b, layout_cd = #b} : vector<32x16xf16>, vector<16x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
      %k1 = arith.addi %k, %c16 : index
      %va1 = xegpu.load_nd %ta[0, %k1] <{layout = #a}> : !xegpu.tensor_desc<32x16xf16, #a> -> vector<32x16xf16>
      %vb1 = xegpu.load_nd %tb[%k1, 0] <{layout = #b}> : !xegpu.tensor_desc<16x64xf16, #b> -> vector<16x64xf16>
      %d1 = xegpu.dpas %va1, %vb1, %d0 {layout_a = #a, layout_b = #b, layout_cd = #b} : vector<32x16xf16>, vector<16x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
      scf.yield %d1 : vector<32x64xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] <{layout = #b}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #b>
    gpu.return
  }
  gpu.func @static_k(%A: memref<16x64xf16>, %B: memref<64x16xf16>, %C: memref<16x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %ta = xegpu.create_nd_tdesc %A : memref<16x64xf16> -> !xegpu.tensor_desc<16x16xf16, #s_a>
    %tb = xegpu.create_nd_tdesc %B : memref<64x16xf16> -> !xegpu.tensor_desc<16x16xf16, #s_b>
    %tc = xegpu.create_nd_tdesc %C : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #s_a>
    %z = arith.constant dense<0.0> : vector<16x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<16x16xf32>) {
      %va = xegpu.load_nd %ta[0, %k] <{layout = #s_a}> : !xegpu.tensor_desc<16x16xf16, #s_a> -> vector<16x16xf16>
      %vb = xegpu.load_nd %tb[%k, 0] <{layout = #s_b}> : !xegpu.tensor_desc<16x16xf16, #s_b> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc {layout_a = #s_a, layout_b = #s_b, layout_cd = #s_a} : vector<16x16xf16>, vector<16x16xf16>, vector<16x16xf32> -> vector<16x16xf32>
      scf.yield %d : vector<16x16xf32>
    }
    xegpu.store_nd %r, %tc[0, 0] <{layout = #s_a}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #s_a>
    gpu.return
  }
}

// IR-NOT:  nbarrier
// IR-LABEL: gpu.func @dynamic_k
// IR:        %[[G:.*]] = arith.select %{{.*}} : index
// IR:        scf.for %[[P:[^ ]*]] =
// IR-NEXT:     arith.subi %[[P]], %[[G]]
// IR:          scf.if
// IR-COUNT-4:    xegpu.load_nd
// IR:          } else {
// IR-NEXT:       scf.yield %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^ ]*}} :
// IR:          arith.select %{{.*}} : vector<16x16xi1>, vector<16x16xf16>
// IR:          arith.select %{{.*}} : vector<16x32xi1>, vector<16x32xf32>
// IR-NEXT:     scf.if
// IR-COUNT-2:    xegpu.dpas
// IR:          arith.select %{{.*}} : vector<16x32xi1>, vector<16x32xf32>
// IR-NEXT:     gpu.barrier
// IR-NEXT:     scf.yield
// IR-NEXT:   }
// IR-NEXT:   xegpu.store_nd
// IR-LABEL: gpu.func @static_k
// IR:        scf.for
// IR:          scf.if
// IR:            xegpu.load_nd
// IR:          scf.if
// IR-NEXT:       xegpu.dpas
// IR:          gpu.barrier
// IR-NEXT:     scf.yield
// IR-NEXT:   }
// IR-NEXT:   xegpu.store_nd

// SPV-DAG: OpEntryPoint Kernel %dynamic_k
// SPV-DAG: OpEntryPoint Kernel %static_k
// SPV-COUNT-2: OpControlBarrier %uint_2 %uint_2 %uint_784
// SPV-NOT: OpControlBarrier

// BIN: gpu.binary @kernels
// BIN-SAME: #gpu.object<#xevm.target
