// RUN: wgdist-opt %s --split-input-file -p xegpu-lower-nbarrier | filecheck %s
// RUN: wgdist-opt %s --split-input-file -p 'xegpu-lower-nbarrier{target=spirv-split-barrier}' | filecheck %s --check-prefix=SPLIT

// Whole-workgroup named barriers (4 subgroups) in uniform control flow: each wait becomes a
// gpu.barrier, the arrives and the barrier's setup go.

// CHECK-LABEL: gpu.func @split_across_steps
// CHECK-NOT:     nbarrier
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.return
// SPLIT:       func.func private @_Z33__spirv_ControlBarrierArriveINTELiii(i32, i32, i32)
// SPLIT:       func.func private @_Z31__spirv_ControlBarrierWaitINTELiii(i32, i32, i32)
// SPLIT-LABEL: gpu.func @split_across_steps
// SPLIT-NOT:     xegpu.
// SPLIT:         func.call @_Z33__spirv_ControlBarrierArriveINTELiii
// SPLIT:         scf.for
// SPLIT:           func.call @_Z31__spirv_ControlBarrierWaitINTELiii
// SPLIT:           func.call @_Z33__spirv_ControlBarrierArriveINTELiii
// SPLIT:         }
// SPLIT:         func.call @_Z31__spirv_ControlBarrierWaitINTELiii
gpu.module @m {
  gpu.func @split_across_steps(%x: memref<64xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      %v = memref.load %x[%k] : memref<64xf32>
      memref.store %v, %x[%c0] : memref<64xf32>
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}

// -----

// Every second step (a uniform condition): the wait's gpu.barrier stays under the same scf.if,
// which every subgroup takes alike.
// CHECK-LABEL: gpu.func @every_second_step
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if
// CHECK-NEXT:      }
gpu.module @m {
  gpu.func @every_second_step(%n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    scf.for %k = %c0 to %n step %c1 {
      %r = arith.remui %k, %c2 : index
      %now = arith.cmpi eq, %r, %c0 : index
      scf.if %now {
        xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      }
      scf.if %now {
        xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      }
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}

// -----

// No named barrier: nothing changes.
// CHECK-LABEL: gpu.func @plain
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.return
gpu.module @m {
  gpu.func @plain() kernel {
    gpu.barrier
    gpu.return
  }
}
