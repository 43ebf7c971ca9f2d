// xegpu-k-loop-schedule{strategy=pingpong converge=false}: the body as a memory cluster (the loads
// and the index math they need) and a compute cluster (the dpas), each closed by arrive+wait on
// one named barrier of all S subgroups; subgroups S/2.. pass it once before the loop, subgroups
// 0..S/2-1 once after it, so the two halves run one phase apart. The default (converge=true, CONV)
// runs the shift inside the loop.
//
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pingpong converge=false}' 2>&1 | filecheck %s
// RUN: not wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pingpong converge=false num-subgroups=6}' 2>&1 | filecheck %s --check-prefix=SIX
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pingpong}' 2>&1 | filecheck %s --check-prefix=CONV
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pingpong converge=true}' 2>&1 | filecheck %s --check-prefix=CONV

// Eight subgroups (known_block_size 128 / 16 lanes); loads and dpas alternate in the body.
gpu.module @m {
  gpu.func @gemm(%A: memref<64x256xf16>, %B: memref<256x64xf16>, %C: memref<64x64xf32>, %kt: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %sg = gpu.subgroup_id : index
    %row = arith.muli %sg, %c16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %kt step %c32 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %a0 = xegpu.load_nd %a[%row, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %b0 = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d0 = xegpu.dpas %a0, %b0, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %k1 = arith.addi %k, %c16 : index
      %a1 = xegpu.load_nd %a[%row, %k1] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %b1 = xegpu.load_nd %b[%k1, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d1 = xegpu.dpas %a1, %b1, %d0 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %kn = arith.addi %k, %c32 : index
      xegpu.prefetch_nd %a[%row, %kn] : !xegpu.tensor_desc<8x16xf16>
      scf.yield %d1 : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[%row, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @gemm
// CHECK-NEXT:    xegpu.alloc_nbarrier 1
// CHECK:         %[[ID:.*]] = arith.constant 0 : i8
// CHECK-NEXT:    %[[N:.*]] = arith.constant 8 : i8
// CHECK-NEXT:    %[[NB:.*]] = xegpu.init_nbarrier %[[ID]], %[[N]] : i8, i8 -> !xegpu.nbarrier
// CHECK-NEXT:    %[[SG:.*]] = gpu.subgroup_id : index
// CHECK-NEXT:    %[[HALF:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[LATE:.*]] = arith.cmpi uge, %[[SG]], %[[HALF]] : index
// CHECK-NEXT:    %[[EARLY:.*]] = arith.cmpi ult, %[[SG]], %[[HALF]] : index
// CHECK-NEXT:    scf.if %[[LATE]] {
// CHECK-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CHECK-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      xegpu.load_nd
// CHECK-NEXT:      xegpu.load_nd
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      xegpu.load_nd
// CHECK-NEXT:      xegpu.load_nd
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      xegpu.prefetch_nd
// CHECK-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CHECK-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CHECK-NEXT:      xegpu.dpas
// CHECK-NEXT:      xegpu.dpas
// CHECK-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CHECK-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[EARLY]] {
// CHECK-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CHECK-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CHECK-NEXT:    }
// CHECK-NEXT:    xegpu.store_nd

// converge=true (the default): 2N + 1 phases, one cluster per phase (j = p - group), one barrier
// per phase outside any condition. Neither scf.if reads a block argument of the loop (mlir-opt 22
// cannot lower that): the memory cluster's else yields filler constants (one value per slot, so
// that no two merge) and a select on the phase test keeps the carried value; the dpas read the
// selects. Each slot's i1 vector mask is its own op (the test on j + 2 * slot).
// CONV-LABEL: gpu.func @gemm
// CONV:         %[[NB:.*]] = xegpu.init_nbarrier
// CONV:         %[[N:.*]] = arith.divsi
// CONV-NEXT:    %[[TWICE:.*]] = arith.muli %[[N]], %[[TWO:.*]] : index
// CONV-NEXT:    %[[PHASES:.*]] = arith.addi %[[TWICE]], %[[ONE:.*]] : index
// CONV-NEXT:    %[[SG:.*]] = gpu.subgroup_id : index
// CONV-NEXT:    %[[HALF:.*]] = arith.constant 4 : index
// CONV-NEXT:    %[[LATE:.*]] = arith.cmpi uge, %[[SG]], %[[HALF]] : index
// CONV-NEXT:    %[[G:.*]] = arith.select %[[LATE]], %[[ONE]], %{{.*}} : index
// CONV-NEXT:    %[[FA0:.*]] = arith.constant dense<1.000000e+00> : vector<8x16xf16>
// CONV-NEXT:    %[[FB0:.*]] = arith.constant dense<2.000000e+00> : vector<16x16xf16>
// CONV-NEXT:    %[[FA1:.*]] = arith.constant dense<3.000000e+00> : vector<8x16xf16>
// CONV-NEXT:    %[[FB1:.*]] = arith.constant dense<4.000000e+00> : vector<16x16xf16>
// CONV-NEXT:    %[[FACC:.*]] = arith.constant dense<5.000000e+00> : vector<8x16xf32>
// CONV-NEXT:    scf.for %[[P:.*]] = %{{.*}} to %[[PHASES]] step %[[ONE]] iter_args(%[[ACC:[^ ]*]] = %z, %[[A0:[^ ]*]] = %[[FA0]], %[[B0:[^ ]*]] = %[[FB0]], %[[A1:[^ ]*]] = %[[FA1]], %[[B1:[^ ]*]] = %[[FB1]])
// CONV-NEXT:      %[[J:.*]] = arith.subi %[[P]], %[[G]] : index
// CONV-NEXT:      arith.cmpi sge, %[[J]]
// CONV-NEXT:      arith.cmpi slt, %[[J]], %[[TWICE]]
// CONV-NEXT:      %[[IN:.*]] = arith.andi
// CONV-NEXT:      arith.remsi %[[J]], %[[TWO]]
// CONV-NEXT:      arith.cmpi eq
// CONV-NEXT:      arith.cmpi eq
// CONV-NEXT:      %[[ISM:.*]] = arith.andi
// CONV-NEXT:      %[[ISC:.*]] = arith.andi
// CONV:           %[[L0:[^,]*]], %[[L1:[^,]*]], %[[L2:[^,]*]], %[[L3:[^ ]*]] = scf.if %[[ISM]] ->
// CONV-NEXT:        xegpu.load_nd
// CONV-NEXT:        xegpu.load_nd
// CONV-NEXT:        arith.addi
// CONV-NEXT:        xegpu.load_nd
// CONV-NEXT:        xegpu.load_nd
// CONV-NEXT:        arith.addi
// CONV-NEXT:        xegpu.prefetch_nd
// CONV-NEXT:        scf.yield
// CONV-NEXT:      } else {
// CONV-NEXT:        scf.yield %[[FA0]], %[[FB0]], %[[FA1]], %[[FB1]] :
// CONV-NEXT:      }
// CONV-NEXT:      %[[S0:.*]] = arith.constant 0 : index
// CONV-NEXT:      %[[J0:.*]] = arith.addi %[[J]], %[[S0]] : index
// CONV-NEXT:      %[[R0:.*]] = arith.remsi %[[J0]], %[[TWO]] : index
// CONV-NEXT:      %[[E0:.*]] = arith.cmpi eq, %[[R0]], %{{.*}} : index
// CONV-NEXT:      %[[T0:.*]] = arith.andi %[[IN]], %[[E0]] : i1
// CONV-NEXT:      %[[M0:.*]] = vector.broadcast %[[T0]] : i1 to vector<8x16xi1>
// CONV-NEXT:      %[[NA0:.*]] = arith.select %[[M0]], %[[L0]], %[[A0]] : vector<8x16xi1>, vector<8x16xf16>
// CONV-NEXT:      arith.constant 2 : index
// CONV:           %[[M1:.*]] = vector.broadcast %{{.*}} : i1 to vector<16x16xi1>
// CONV-NEXT:      %[[NB0:.*]] = arith.select %[[M1]], %[[L1]], %[[B0]] : vector<16x16xi1>, vector<16x16xf16>
// CONV-NEXT:      arith.constant 4 : index
// CONV:           %[[NA1:.*]] = arith.select %{{.*}}, %[[L2]], %[[A1]] : vector<8x16xi1>, vector<8x16xf16>
// CONV-NEXT:      arith.constant 6 : index
// CONV:           %[[NB1:.*]] = arith.select %{{.*}}, %[[L3]], %[[B1]] : vector<16x16xi1>, vector<16x16xf16>
// CONV-NEXT:      arith.constant 8 : index
// CONV:           %[[MC:.*]] = vector.broadcast %{{.*}} : i1 to vector<8x16xi1>
// CONV-NEXT:      %[[IACC:.*]] = arith.select %[[MC]], %[[ACC]], %[[FACC]] : vector<8x16xi1>, vector<8x16xf32>
// CONV-NEXT:      %[[C:.*]] = scf.if %[[ISC]] ->
// CONV-NEXT:        %[[D0:.*]] = xegpu.dpas %[[NA0]], %[[NB0]], %[[IACC]]
// CONV-NEXT:        %[[D1:.*]] = xegpu.dpas %[[NA1]], %[[NB1]], %[[D0]]
// CONV-NEXT:        scf.yield %[[D1]]
// CONV-NEXT:      } else {
// CONV-NEXT:        scf.yield %[[FACC]] :
// CONV-NEXT:      }
// CONV-NEXT:      %[[OUT:.*]] = arith.select %[[MC]], %[[C]], %[[ACC]] : vector<8x16xi1>, vector<8x16xf32>
// CONV-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// CONV-NEXT:      xegpu.nbarrier_wait %[[NB]]
// CONV-NEXT:      scf.yield %[[OUT]], %[[NA0]], %[[NB0]], %[[NA1]], %[[NB1]] :
// CONV-NEXT:    }
// CONV-NEXT:    xegpu.store_nd

// num-subgroups contradicting known_block_size (8 subgroups) is an error at the function:
// SIX: error: 'gpu.func' op num-subgroups=6 contradicts known_block_size, which gives 8 subgroups of 16 lanes

// -----

// Three subgroups cannot form two equal groups; SLM traffic and barriers in the body are refused
// (the groups would reach them in different phases). Each loop is left as it was.
gpu.module @m {
  gpu.func @odd(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
  gpu.func @slm(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %s = memref.alloca() : memref<64x64xf16, 3>
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %x = memref.load %s[%c0, %k] : memref<64x64xf16, 3>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
  gpu.func @barrier(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      gpu.barrier
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}

// CHECK: pingpong.mlir:[[# @LINE - 41]]:10: remark: 'scf.for' op strategy=pingpong: pingpong needs an even number of subgroups (two equal groups), got 3; loop left unchanged
// CHECK: pingpong.mlir:[[# @LINE - 25]]:12: remark: 'memref.load' op strategy=pingpong: SLM traffic in the body (memref.load): the groups' phase shift would race its SLM accesses; loop left unchanged
// CHECK: pingpong.mlir:[[# @LINE - 11]]:7: remark: 'gpu.barrier' op strategy=pingpong: a barrier or fence in the body (gpu.barrier): the groups reach it in different phases; loop left unchanged
// CHECK-NOT: nbarrier
// CHECK-LABEL: gpu.func @odd
// CHECK-NOT: nbarrier
// CHECK-LABEL: gpu.func @slm
// CHECK-NOT: nbarrier
// CHECK-LABEL: gpu.func @barrier
// CHECK-NOT: nbarrier
// CHECK: gpu.return
