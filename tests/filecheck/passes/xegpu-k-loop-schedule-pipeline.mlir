// strategy=pipeline on a hand-written subgroup-level K loop (two A tiles and one B tile per
// step, two dpas): prologue, steady loop, guarded epilogue; mini-iterations with fragments=2.
//
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pipeline stages=2}' | filecheck %s
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pipeline stages=2 fragments=2}' | filecheck %s --check-prefix=FRAG
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pipeline stages=1 fragments=2}' | filecheck %s --check-prefix=ROT

gpu.module @m {
  gpu.func @four_steps(%A: memref<64x256xf16>, %B: memref<256x16xf16>, %C: memref<64x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<64x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:2 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc0 = %z, %acc1 = %z) -> (vector<8x16xf32>, vector<8x16xf32>) {
      %a0 = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %a1 = xegpu.load_nd %a[8, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d0 = xegpu.dpas %a0, %vb, %acc0 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d1 = xegpu.dpas %a1, %vb, %acc1 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d0, %d1 : vector<8x16xf32>, vector<8x16xf32>
    }
    xegpu.store_nd %r#0, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#1, %c[8, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// Prologue: step 0's reads. Steady loop over steps 0..2 (to 48) reads step k+1 and multiplies
// step k's tiles from iter_args; the epilogue (step 3) reads under `k + 16 < 64`.
// CHECK-LABEL: gpu.func @four_steps
// CHECK:        %[[A0:.*]] = xegpu.load_nd %a[0, %c0]
// CHECK-NEXT:   %[[A1:.*]] = xegpu.load_nd %a[8, %c0]
// CHECK-NEXT:   %[[B:.*]] = xegpu.load_nd %b[%c0, 0]
// CHECK-DAG:    %[[SPLIT:.*]] = arith.constant 48 : index
// CHECK-DAG:    %[[ONE:.*]] = arith.constant 16 : index
// CHECK:        %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[S3:.*]], %[[S4:.*]] = scf.for %[[K:.*]] = %c0 to %[[SPLIT]] step %c16 iter_args(%[[X0:.*]] = %z, %[[X1:.*]] = %z, %[[QA0:.*]] = %[[A0]], %[[QA1:.*]] = %[[A1]], %[[QB:.*]] = %[[B]])
// CHECK-NEXT:     %[[K1:.*]] = arith.addi %[[K]], %[[ONE]] : index
// CHECK-NEXT:     %[[NA0:.*]] = xegpu.load_nd %a[0, %[[K1]]]
// CHECK-NEXT:     %[[NA1:.*]] = xegpu.load_nd %a[8, %[[K1]]]
// CHECK-NEXT:     %[[NB:.*]] = xegpu.load_nd %b[%[[K1]], 0]
// CHECK-NEXT:     %[[D0:.*]] = xegpu.dpas %[[QA0]], %[[QB]], %[[X0]]
// CHECK-NEXT:     %[[D1:.*]] = xegpu.dpas %[[QA1]], %[[QB]], %[[X1]]
// CHECK-NEXT:     scf.yield %[[D0]], %[[D1]], %[[NA0]], %[[NA1]], %[[NB]]
// CHECK:        %[[E0R:.*]], %[[E1R:.*]], %{{.*}}, %{{.*}}, %{{.*}} = scf.for %[[KE:.*]] = %[[SPLIT]] to %c64 step %c16 iter_args(%[[Y0:.*]] = %[[S0]], %[[Y1:.*]] = %[[S1]], %[[RA0:.*]] = %[[S2]], %[[RA1:.*]] = %[[S3]], %[[RB:.*]] = %[[S4]])
// CHECK-NEXT:     %[[KE1:.*]] = arith.addi %[[KE]], %[[ONE]] : index
// CHECK-NEXT:     %[[IN:.*]] = arith.cmpi slt, %[[KE1]], %c64 : index
// CHECK-NEXT:     %[[G0:.*]], %[[G1:.*]], %[[G2:.*]] = scf.if %[[IN]]
// CHECK-NEXT:       xegpu.load_nd %a[0, %[[KE1]]]
// CHECK-NEXT:       xegpu.load_nd %a[8, %[[KE1]]]
// CHECK-NEXT:       xegpu.load_nd %b[%[[KE1]], 0]
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[E0:.*]] = xegpu.dpas %[[RA0]], %[[RB]], %[[Y0]]
// CHECK-NEXT:     %[[E1:.*]] = xegpu.dpas %[[RA1]], %[[RB]], %[[Y1]]
// CHECK-NEXT:     scf.yield %[[E0]], %[[E1]], %[[G0]], %[[G1]], %[[G2]]
// CHECK:        xegpu.store_nd %[[E0R]], %c[0, 0]
// CHECK-NEXT:   xegpu.store_nd %[[E1R]], %c[8, 0]

// Two fragments: {%d0 with %a0, %vb} and {%d1 with %a1}. Fragment 0 is read two steps ahead
// (the prologue reads steps 0 and 1 of it), fragment 1 one step ahead. Mini-iteration 0 reads
// fragment 1 of step k+1 before %d0; mini-iteration 1 reads fragment 0 of step k+2 before %d1.
// Fragment 0 lives in two iter_args, so the steady loop runs two steps per iteration (it yields
// only tiles it read, never one of its iter_args) and the last two steps follow it unrolled,
// reading nothing beyond step 3.
// FRAG-LABEL: gpu.func @four_steps
// FRAG:        %[[A0:.*]] = xegpu.load_nd %a[0, %c0]
// FRAG-NEXT:   %[[A1:.*]] = xegpu.load_nd %a[8, %c0]
// FRAG-NEXT:   %[[B:.*]] = xegpu.load_nd %b[%c0, 0]
// FRAG-NEXT:   %[[ONE:.*]] = arith.constant 16 : index
// FRAG-NEXT:   %[[A0N:.*]] = xegpu.load_nd %a[0, %[[ONE]]]
// FRAG-NEXT:   %[[BN:.*]] = xegpu.load_nd %b[%[[ONE]], 0]
// FRAG-NEXT:   %[[TWO:.*]] = arith.constant 32 : index
// FRAG-NEXT:   scf.for %[[K:.*]] = %c0 to %[[TWO]] step %[[TWO]] iter_args(%[[X0:.*]] = %z, %[[X1:.*]] = %z, %[[QA0:.*]] = %[[A0]], %[[QA0N:.*]] = %[[A0N]], %[[QA1:.*]] = %[[A1]], %[[QB:.*]] = %[[B]], %[[QBN:.*]] = %[[BN]])
// FRAG-NEXT:     %[[K1:.*]] = arith.addi %[[K]], %[[ONE]] : index
// FRAG-NEXT:     %[[NA1:.*]] = xegpu.load_nd %a[8, %[[K1]]]
// FRAG-NEXT:     %[[D0:.*]] = xegpu.dpas %[[QA0]], %[[QB]], %[[X0]]
// FRAG-NEXT:     %[[K2:.*]] = arith.addi %[[K]], %[[TWO]] : index
// FRAG-NEXT:     %[[NA0:.*]] = xegpu.load_nd %a[0, %[[K2]]]
// FRAG-NEXT:     %[[NB:.*]] = xegpu.load_nd %b[%[[K2]], 0]
// FRAG-NEXT:     %[[D1:.*]] = xegpu.dpas %[[QA1]], %[[QB]], %[[X1]]
// FRAG-NEXT:     %[[K3:.*]] = arith.addi %[[K1]], %[[ONE]] : index
// FRAG-NEXT:     %[[NA1N:.*]] = xegpu.load_nd %a[8, %[[K3]]]
// FRAG-NEXT:     %[[D0N:.*]] = xegpu.dpas %[[QA0N]], %[[QBN]], %[[D0]]
// FRAG-NEXT:     %[[K4:.*]] = arith.addi %[[K1]], %[[TWO]] : index
// FRAG-NEXT:     %[[NA0N:.*]] = xegpu.load_nd %a[0, %[[K4]]]
// FRAG-NEXT:     %[[NBN:.*]] = xegpu.load_nd %b[%[[K4]], 0]
// FRAG-NEXT:     %[[D1N:.*]] = xegpu.dpas %[[NA1]], %[[QBN]], %[[D1]]
// FRAG-NEXT:     scf.yield %[[D0N]], %[[D1N]], %[[NA0]], %[[NA0N]], %[[NA1N]], %[[NB]], %[[NBN]]
// FRAG-NEXT:   }
// FRAG-NEXT:   %[[THREE:.*]] = arith.constant 48 : index
// FRAG-NEXT:   %[[LA1:.*]] = xegpu.load_nd %a[8, %[[THREE]]]
// FRAG-NEXT:   %[[E0:.*]] = xegpu.dpas
// FRAG-NEXT:   %[[E1:.*]] = xegpu.dpas
// FRAG-NEXT:   xegpu.dpas %{{.*}}, %{{.*}}, %[[E0]]
// FRAG-NEXT:   xegpu.dpas %[[LA1]], %{{.*}}, %[[E1]]
// FRAG-NEXT:   xegpu.store_nd

// stages=1 fragments=2 is seed 004's schedule on its own: the prologue reads fragment 0 of step
// 0 (the bootstrap pair); mini-iteration 0 reads fragment 1 of this step before %d0, the last
// mini-iteration reads fragment 0 of the next step before %d1 (cross-stage rotation).
// ROT-LABEL: gpu.func @four_steps
// ROT:        %[[A0:.*]] = xegpu.load_nd %a[0, %c0]
// ROT-NEXT:   %[[B:.*]] = xegpu.load_nd %b[%c0, 0]
// ROT-DAG:    %[[SPLIT:.*]] = arith.constant 48 : index
// ROT-DAG:    %[[ONE:.*]] = arith.constant 16 : index
// ROT:        scf.for %[[K:.*]] = %c0 to %[[SPLIT]] step %c16 iter_args(%[[X0:.*]] = %z, %[[X1:.*]] = %z, %[[QA0:.*]] = %[[A0]], %[[QB:.*]] = %[[B]])
// ROT-NEXT:     %[[A1:.*]] = xegpu.load_nd %a[8, %[[K]]]
// ROT-NEXT:     %[[D0:.*]] = xegpu.dpas %[[QA0]], %[[QB]], %[[X0]]
// ROT-NEXT:     %[[K1:.*]] = arith.addi %[[K]], %[[ONE]] : index
// ROT-NEXT:     %[[NA0:.*]] = xegpu.load_nd %a[0, %[[K1]]]
// ROT-NEXT:     %[[NB:.*]] = xegpu.load_nd %b[%[[K1]], 0]
// ROT-NEXT:     %[[D1:.*]] = xegpu.dpas %[[A1]], %[[QB]], %[[X1]]
// ROT-NEXT:     scf.yield %[[D0]], %[[D1]], %[[NA0]], %[[NB]]

// -----

// One step and two stages: the prologue reads step 0, no steady loop, the epilogue runs the
// step (and reads nothing: step 1 does not exist, its guard is false at run time).
gpu.module @m {
  gpu.func @one_step(%A: memref<8x16xf16>, %B: memref<16x16xf16>, %C: memref<8x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c16 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @one_step
// CHECK:        %[[VA:.*]] = xegpu.load_nd %a[0, %c0]
// CHECK-NEXT:   %[[VB:.*]] = xegpu.load_nd %b[%c0, 0]
// CHECK:        %[[R:.*]], %{{.*}}, %{{.*}} = scf.for %{{.*}} = %c0 to %c16 step %c16 iter_args(%{{.*}} = %z, %{{.*}} = %[[VA]], %{{.*}} = %[[VB]])
// CHECK:          scf.if
// CHECK:          xegpu.dpas
// CHECK:        xegpu.store_nd %[[R]], %c[0, 0]
// CHECK-NEXT:   gpu.return
