// xegpu-k-loop-schedule{strategy=split-barrier interval=I} on subgroup-level GEMMs: one named
// barrier of all the workgroup's subgroups; a wait before the step's loads, an arrive after them,
// one arrive before the loop and one wait after it (every subgroup alternates arrive/wait for any
// trip count). I > 1: the load cluster first, under one scf.if on the step test.
//
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=split-barrier}' 2>&1 | filecheck %s --check-prefix=I1
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=split-barrier interval=4}' 2>&1 | filecheck %s --check-prefix=I4
// RUN: not wgdist-opt %s --split-input-file -p 'xegpu-k-loop-schedule{strategy=split-barrier num-subgroups=8}' 2>&1 | filecheck %s --check-prefix=OPT

// Four subgroups (known_block_size 64 / 16 lanes); two dpas per K step.
gpu.module @m {
  gpu.func @gemm(%A: memref<32x256xf16>, %B: memref<256x64xf16>, %C: memref<32x64xf32>, %kt: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %sg = gpu.subgroup_id : index
    %row = arith.muli %sg, %c16 : index
    %a = xegpu.create_nd_tdesc %A : memref<32x256xf16> -> !xegpu.tensor_desc<16x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x64xf16> -> !xegpu.tensor_desc<16x32xf16>
    %c = xegpu.create_nd_tdesc %C : memref<32x64xf32> -> !xegpu.tensor_desc<16x32xf32>
    %z = arith.constant dense<0.0> : vector<16x32xf32>
    %r = scf.for %k = %c0 to %kt step %c32 iter_args(%acc = %z) -> (vector<16x32xf32>) {
      %a0 = xegpu.load_nd %a[%row, %k] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %b0 = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
      %d0 = xegpu.dpas %a0, %b0, %acc : vector<16x16xf16>, vector<16x32xf16>, vector<16x32xf32> -> vector<16x32xf32>
      %k1 = arith.addi %k, %c16 : index
      %a1 = xegpu.load_nd %a[%row, %k1] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %b1 = xegpu.load_nd %b[%k1, 0] : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
      %d1 = xegpu.dpas %a1, %b1, %d0 : vector<16x16xf16>, vector<16x32xf16>, vector<16x32xf32> -> vector<16x32xf32>
      scf.yield %d1 : vector<16x32xf32>
    }
    xegpu.store_nd %r, %c[%row, 0] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
    gpu.return
  }
}

// I1-LABEL: gpu.func @gemm
// I1-NEXT:    xegpu.alloc_nbarrier 1
// I1:         %[[ID:.*]] = arith.constant 0 : i8
// I1-NEXT:    %[[N:.*]] = arith.constant 4 : i8
// I1-NEXT:    %[[NB:.*]] = xegpu.init_nbarrier %[[ID]], %[[N]] : i8, i8 -> !xegpu.nbarrier
// I1-NEXT:    xegpu.nbarrier_arrive %[[NB]] : !xegpu.nbarrier
// I1-NEXT:    scf.for
// I1-NEXT:      xegpu.nbarrier_wait %[[NB]]
// I1-NEXT:      xegpu.load_nd
// I1-NEXT:      xegpu.load_nd
// I1-NEXT:      xegpu.dpas
// I1-NEXT:      arith.addi
// I1-NEXT:      xegpu.load_nd
// I1-NEXT:      xegpu.load_nd
// I1-NEXT:      xegpu.nbarrier_arrive %[[NB]]
// I1-NEXT:      xegpu.dpas
// I1-NEXT:      scf.yield
// I1-NEXT:    }
// I1-NEXT:    xegpu.nbarrier_wait %[[NB]]
// I1-NEXT:    xegpu.store_nd

// I4-LABEL: gpu.func @gemm
// I4:         %[[NB:.*]] = xegpu.init_nbarrier
// I4-NEXT:    xegpu.nbarrier_arrive %[[NB]]
// I4-NEXT:    %[[I:.*]] = arith.constant 4 : index
// I4-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// I4-NEXT:    scf.for %[[K:.*]] = %[[LB:.*]] to %{{.*}} step %[[ST:[^ ]*]]
// I4-NEXT:      %[[D:.*]] = arith.subi %[[K]], %[[LB]]
// I4-NEXT:      %[[J:.*]] = arith.divui %[[D]], %[[ST]]
// I4-NEXT:      %[[R:.*]] = arith.remui %[[J]], %[[I]]
// I4-NEXT:      %[[T:.*]] = arith.cmpi eq, %[[R]], %[[Z]]
// I4-NEXT:      %[[L0:[^ ,]*]], %[[L1:[^ ,]*]], %[[L2:[^ ,]*]], %[[L3:[^ ,]*]] = scf.if %[[T]] -> (vector<16x16xf16>, vector<16x32xf16>, vector<16x16xf16>, vector<16x32xf16>) {
// I4-NEXT:        xegpu.nbarrier_wait %[[NB]]
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        arith.addi
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        xegpu.nbarrier_arrive %[[NB]]
// I4-NEXT:        scf.yield
// I4-NEXT:      } else {
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        arith.addi
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        xegpu.load_nd
// I4-NEXT:        scf.yield
// I4-NEXT:      }
// I4-NEXT:      %[[D0:.*]] = xegpu.dpas %[[L0]], %[[L1]],
// I4-NEXT:      xegpu.dpas %[[L2]], %[[L3]], %[[D0]]
// I4-NEXT:      scf.yield
// I4-NEXT:    }
// I4-NEXT:    xegpu.nbarrier_wait %[[NB]]

// An option count contradicting known_block_size (4 subgroups) is an error at the function: a
// barrier declared for 8 participants would never complete.
// OPT: error: 'gpu.func' op num-subgroups=8 contradicts known_block_size, which gives 4 subgroups of 16 lanes

// -----

// Without known_block_size or num-subgroups the participant count is unknown: left alone.
func.func @unknown_count(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) -> vector<8x16xf32> {
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
  func.return %r : vector<8x16xf32>
}

// I1: split-barrier.mlir:[[# @LINE - 9]]:8: remark: 'scf.for' op strategy=split-barrier: split-barrier needs the subgroup count (its barrier's participants): pass num-subgroups=N or give the gpu.func a known_block_size; loop left unchanged
// I1-LABEL: func.func @unknown_count
// I1-NOT:     nbarrier
// I1:         func.return

// -----

// A trip count that depends on the subgroup id: a workgroup-wide barrier inside would hang.
gpu.module @m {
  gpu.func @per_subgroup(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %sg = gpu.subgroup_id : index
    %ub = arith.muli %sg, %c16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %ub step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// I1: split-barrier.mlir:[[# @LINE - 11]]:10: remark: 'scf.for' op strategy=split-barrier: split-barrier needs every subgroup to run the loop equally often: a bound of the loop at depth 0 may differ between subgroups: it reads 'gpu.subgroup_id'; loop left unchanged
// I1-LABEL: gpu.func @per_subgroup
// I1-NOT:     nbarrier
// I1:         gpu.return

// -----

// Two K loops: two barriers (ids 0 and 1); a function that already allocates Xe's 32 named
// barriers gets no more.
gpu.module @m {
  gpu.func @two(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
    %r2 = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %r) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[8, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
  gpu.func @full(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    xegpu.alloc_nbarrier 32
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
}

// I1: split-barrier.mlir:[[# @LINE - 10]]:10: remark: 'scf.for' op strategy=split-barrier: split-barrier needs a named barrier: the function already allocates 32 named barriers, Xe has 32; loop left unchanged
// I1-LABEL: gpu.func @two
// I1-NEXT:    xegpu.alloc_nbarrier 2
// I1:         %[[ID0:.*]] = arith.constant 0 : i8
// I1:         %[[NB0:.*]] = xegpu.init_nbarrier %[[ID0]]
// I1:         xegpu.nbarrier_wait %[[NB0]]
// I1:         %[[ID1:.*]] = arith.constant 1 : i8
// I1:         %[[NB1:.*]] = xegpu.init_nbarrier %[[ID1]]
// I1:         xegpu.nbarrier_wait %[[NB1]]
// I1-LABEL: gpu.func @full
// I1-NEXT:    xegpu.alloc_nbarrier 32
// I1-NOT:     init_nbarrier
// I1:         gpu.return
