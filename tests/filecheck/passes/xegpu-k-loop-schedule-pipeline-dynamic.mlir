// strategy=pipeline with a trip count known only at run time (every prologue read guarded,
// the split computed), with SLM accesses and barriers in the body (they keep their order;
// only the global reads move to earlier steps), and with descriptors advanced in iter_args.
//
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=pipeline stages=3}' | filecheck %s

gpu.module @m {
  gpu.func @dynamic(%A: memref<8x256xf16>, %B: memref<256x16xf16>, %C: memref<8x16xf32>, %lb: index, %ub: index) kernel {
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<8x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %lb to %ub step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @dynamic
// CHECK:        %[[IN0:.*]] = arith.cmpi slt, %lb, %ub : index
// CHECK-DAG:    %[[ZA:.*]] = arith.constant dense<0.000000e+00> : vector<8x16xf16>
// CHECK-DAG:    %[[ZB:.*]] = arith.constant dense<0.000000e+00> : vector<16x16xf16>
// CHECK:        %[[P0A:.*]], %[[P0B:.*]] = scf.if %[[IN0]]
// CHECK-NEXT:     xegpu.load_nd %a[0, %lb]
// CHECK-NEXT:     xegpu.load_nd %b[%lb, 0]
// CHECK:        } else {
// CHECK-NEXT:     scf.yield %[[ZA]], %[[ZB]]
// CHECK:        %[[K1:.*]] = arith.addi %lb, %{{.*}} : index
// CHECK-NEXT:   %[[IN1:.*]] = arith.cmpi slt, %[[K1]], %ub : index
// CHECK-NEXT:   %[[P1A:.*]], %[[P1B:.*]] = scf.if %[[IN1]]
// CHECK-NEXT:     xegpu.load_nd %a[0, %[[K1]]]
// CHECK:        %[[SPAN:.*]] = arith.subi %ub, %lb : index
// CHECK-NEXT:   %[[N:.*]] = arith.ceildivsi %[[SPAN]], %c16 : index
// CHECK-NEXT:   %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:   %[[REST:.*]] = arith.subi %[[N]], %[[TWO]] : index
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[M:.*]] = arith.maxsi %[[REST]], %[[ZERO]] : index
// The steady loop runs two steps per iteration (each tile lives in two iter_args: every one is
// yielded a tile read in the iteration), so its step count is rounded down to even; up to three
// steps follow it, each under scf.if (the reads of the first one guarded again).
// CHECK-NEXT:   %[[HALF:.*]] = arith.divsi %[[M]], %[[TWO]] : index
// CHECK-NEXT:   %[[EVEN:.*]] = arith.muli %[[HALF]], %[[TWO]] : index
// CHECK-NEXT:   %[[BY:.*]] = arith.muli %[[EVEN]], %c16 : index
// CHECK-NEXT:   %[[SPLIT:.*]] = arith.addi %lb, %[[BY]] : index
// CHECK-NEXT:   %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:   %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[S3:.*]], %[[S4:.*]] = scf.for %[[K:.*]] = %lb to %[[SPLIT]] step %[[C32]] iter_args(%[[ACC:.*]] = %z, %[[QA0:.*]] = %[[P0A]], %[[QA1:.*]] = %[[P1A]], %[[QB0:.*]] = %[[P0B]], %[[QB1:.*]] = %[[P1B]])
// CHECK-NEXT:     %[[K2:.*]] = arith.addi %[[K]], %[[C32]] : index
// CHECK-NEXT:     %[[NA:.*]] = xegpu.load_nd %a[0, %[[K2]]]
// CHECK-NEXT:     %[[NB:.*]] = xegpu.load_nd %b[%[[K2]], 0]
// CHECK-NEXT:     %[[D:.*]] = xegpu.dpas %[[QA0]], %[[QB0]], %[[ACC]]
// CHECK-NEXT:     %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT:     %[[K3:.*]] = arith.addi %[[K1]], %[[C32]] : index
// CHECK-NEXT:     %[[NA1:.*]] = xegpu.load_nd %a[0, %[[K3]]]
// CHECK-NEXT:     %[[NB1:.*]] = xegpu.load_nd %b[%[[K3]], 0]
// CHECK-NEXT:     %[[D1:.*]] = xegpu.dpas %[[QA1]], %[[QB1]], %[[D]]
// CHECK-NEXT:     scf.yield %[[D1]], %[[NA]], %[[NA1]], %[[NB]], %[[NB1]]
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[IN2:.*]] = arith.cmpi slt, %[[SPLIT]], %ub : index
// CHECK-NEXT:   %[[E0:.*]], %[[E0A:.*]], %[[E0B:.*]] = scf.if %[[IN2]]
// CHECK-NEXT:     %[[KE2:.*]] = arith.addi %[[SPLIT]], %[[C32]] : index
// CHECK-NEXT:     %[[INE:.*]] = arith.cmpi slt, %[[KE2]], %ub : index
// CHECK-NEXT:     %[[RA:.*]], %[[RB:.*]] = scf.if %[[INE]]
// CHECK-NEXT:       xegpu.load_nd %a[0, %[[KE2]]]
// CHECK-NEXT:       xegpu.load_nd %b[%[[KE2]], 0]
// CHECK:          %[[DE0:.*]] = xegpu.dpas %[[S1]], %[[S3]], %[[S0]]
// CHECK-NEXT:     scf.yield %[[DE0]], %[[RA]], %[[RB]]
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %[[S0]], %[[ZA]], %[[ZB]]
// CHECK-NEXT:   }
// CHECK:        %[[E1:.*]] = scf.if
// CHECK-NEXT:     %[[DE1:.*]] = xegpu.dpas %[[S2]], %[[S4]], %[[E0]]
// CHECK-NEXT:     scf.yield %[[DE1]]
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %[[E0]]
// CHECK:        %[[E2:.*]] = scf.if
// CHECK-NEXT:     %[[DE2:.*]] = xegpu.dpas %[[E0A]], %[[E0B]], %[[E1]]
// CHECK-NOT:    xegpu.load_nd
// CHECK:        xegpu.store_nd %[[E2]], %c[0, 0]

// -----

// A staged through SLM between two barriers: the read of B runs two steps ahead, issued where it
// was (the dpas it would go before lies beyond the barriers); the read of A, which only the SLM
// store uses, stays in its step (mlir-opt 22 finds no lane layout for such a value carried in
// an iter_arg); the SLM store, the barriers, the SLM load and the dpas keep their order and step.
gpu.module @m {
  memref.global "private" @slm : memref<256xi8, 3 : i64> = uninitialized
  gpu.func @through_slm(%A: memref<8x256xf16>, %B: memref<256x16xf16>, %C: memref<8x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A : memref<8x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %ga = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %m = memref.get_global @slm : memref<256xi8, 3 : i64>
      %md = xegpu.create_mem_desc %m : memref<256xi8, 3 : i64> -> !xegpu.mem_desc<8x16xf16>
      xegpu.store_matrix %ga, %md[0, 0] : vector<8x16xf16>, !xegpu.mem_desc<8x16xf16>
      gpu.barrier
      %va = xegpu.load_matrix %md[0, 0] : !xegpu.mem_desc<8x16xf16> -> vector<8x16xf16>
      gpu.barrier
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @through_slm
// The steady loop runs two steps per iteration (B's tile lives in two iter_args: each is
// yielded a tile read in the iteration), the last two steps follow it without a loop.
// CHECK:        %[[C32:.*]] = arith.constant 32 : index
// CHECK:        scf.for %[[K:.*]] = %c0 to %[[C32]] step %[[C32]] iter_args(%[[ACC:.*]] = %z, %[[QB:.*]] = %vb, %[[QBN:.*]] = %vb_1)
// CHECK-NEXT:     %[[GA:.*]] = xegpu.load_nd %a[0, %[[K]]]
// CHECK-NEXT:     %[[K2:.*]] = arith.addi %[[K]], %[[C32]] : index
// CHECK-NEXT:     %[[NB:.*]] = xegpu.load_nd %b[%[[K2]], 0]
// CHECK-NEXT:     %[[M:.*]] = memref.get_global @slm
// CHECK-NEXT:     %[[MD:.*]] = xegpu.create_mem_desc %[[M]]
// CHECK-NEXT:     xegpu.store_matrix %[[GA]], %[[MD]][0, 0]
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     %[[VA:.*]] = xegpu.load_matrix %[[MD]][0, 0]
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     %[[D:.*]] = xegpu.dpas %[[VA]], %[[QB]], %[[ACC]]
// CHECK-NEXT:     %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT:     %[[GA1:.*]] = xegpu.load_nd %a[0, %[[K1]]]
// CHECK-NEXT:     %[[K3:.*]] = arith.addi %[[K1]], %[[C32]] : index
// CHECK-NEXT:     %[[NB1:.*]] = xegpu.load_nd %b[%[[K3]], 0]
// CHECK:          xegpu.store_matrix %[[GA1]]
// CHECK:          %[[D1:.*]] = xegpu.dpas %{{.*}}, %[[QBN]], %[[D]]
// CHECK-NEXT:     scf.yield %[[D1]], %[[NB]], %[[NB1]]
// CHECK-NEXT:   }
// CHECK-NOT:    scf.for
// CHECK:        xegpu.load_nd %a[0, %[[C32]]]
// CHECK-NOT:    xegpu.load_nd %b
// CHECK:        xegpu.dpas
// CHECK:        xegpu.dpas
// CHECK-NEXT:   xegpu.store_nd

// -----

// Descriptors moved by update_nd_offset in iter_args: the reads two steps ahead go through the
// descriptors advanced twice; the loop still carries (and advances) the original descriptors.
gpu.module @m {
  gpu.func @carried(%A: memref<8x128xf16>, %B: memref<128x16xf16>, %C: memref<8x16xf32>, %ub: index) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A[0, 0] : memref<8x128xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B[0, 0] : memref<128x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:3 = scf.for %k = %c0 to %ub step %c16 iter_args(%acc = %z, %da = %a, %db = %b) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>) {
      %va = xegpu.load_nd %da : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %db : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %na = xegpu.update_nd_offset %da, [0, 16] : !xegpu.tensor_desc<8x16xf16>
      %nb = xegpu.update_nd_offset %db, [16, 0] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %d, %na, %nb : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>
    }
    xegpu.store_nd %r#0, %c : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @carried
// Two steps per iteration: the second step starts from the descriptors the first advanced.
// CHECK:        scf.for %{{.*}} = %c0 to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %z, %[[DA:.*]] = %a, %[[DB:.*]] = %b,
// CHECK-NEXT:     %[[A1:.*]] = xegpu.update_nd_offset %[[DA]], [0, 16]
// CHECK-NEXT:     %[[B1:.*]] = xegpu.update_nd_offset %[[DB]], [16, 0]
// CHECK-NEXT:     %[[A2:.*]] = xegpu.update_nd_offset %[[A1]], [0, 16]
// CHECK-NEXT:     %[[B2:.*]] = xegpu.update_nd_offset %[[B1]], [16, 0]
// CHECK-NEXT:     %[[VA:.*]] = xegpu.load_nd %[[A2]]
// CHECK-NEXT:     %[[VB:.*]] = xegpu.load_nd %[[B2]]
// CHECK-NEXT:     %[[D:.*]] = xegpu.dpas
// CHECK-NEXT:     %[[NA:.*]] = xegpu.update_nd_offset %[[DA]], [0, 16]
// CHECK-NEXT:     %[[NB:.*]] = xegpu.update_nd_offset %[[DB]], [16, 0]
// CHECK-NEXT:     %[[A3:.*]] = xegpu.update_nd_offset %[[NA]], [0, 16]
// CHECK-NEXT:     %[[B3:.*]] = xegpu.update_nd_offset %[[NB]], [16, 0]
// CHECK-NEXT:     %[[A4:.*]] = xegpu.update_nd_offset %[[A3]], [0, 16]
// CHECK-NEXT:     %[[B4:.*]] = xegpu.update_nd_offset %[[B3]], [16, 0]
// CHECK-NEXT:     %[[VA1:.*]] = xegpu.load_nd %[[A4]]
// CHECK-NEXT:     %[[VB1:.*]] = xegpu.load_nd %[[B4]]
// CHECK-NEXT:     %[[D1:.*]] = xegpu.dpas %{{.*}}, %{{.*}}, %[[D]]
// CHECK-NEXT:     %[[NA1:.*]] = xegpu.update_nd_offset %[[NA]], [0, 16]
// CHECK-NEXT:     %[[NB1:.*]] = xegpu.update_nd_offset %[[NB]], [16, 0]
// CHECK-NEXT:     scf.yield %[[D1]], %[[NA1]], %[[NB1]], %[[VA]], %[[VA1]], %[[VB]], %[[VB1]]
