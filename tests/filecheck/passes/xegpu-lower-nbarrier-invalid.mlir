// Named barriers without a whole-workgroup equivalent: a located error naming why, exit 1, no
// change to the IR.
//
// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -p xegpu-lower-nbarrier
// RUN: not wgdist-opt %s --split-input-file -p xegpu-lower-nbarrier 2>&1 | filecheck %s

// Ping-pong: the upper half's extra phase before the loop is not reached by the lower half.
// CHECK: xegpu-lower-nbarrier-invalid.mlir:[[# @LINE + 15]]:7: error: 'xegpu.nbarrier_wait' op is reached 0 time(s) by subgroup(s) 0-1; 1 time(s) by subgroup(s) 2-3, under the scf.if at {{.*}}:[[# @LINE + 12]]:5 whose condition differs between subgroups: a workgroup barrier must be reached by every subgroup as the same dynamic instances
gpu.module @m {
  gpu.func @pingpong(%n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %hi = arith.cmpi uge, %sg, %c2 : index
    scf.if %hi {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      // expected-error @+1 {{needs hardware named barriers, which LLVM 22 cannot lower}}
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.return
  }
}

// -----

// Two subgroups of four: a subset.
gpu.module @m {
  gpu.func @subset() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c2 = arith.constant 2 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 2 : i8
    xegpu.alloc_nbarrier 1
    // expected-error @+1 {{declares 2 participants in a workgroup of 4 subgroups: only named barriers of the whole workgroup}}
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.return
  }
}

// -----

// Unbalanced: a wait without an arrive.
gpu.module @m {
  gpu.func @unbalanced() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    // expected-error @+1 {{cannot lower unbalanced named barriers: waits on named barrier 0 without having arrived at it}}
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}

// -----

// The subgroup count unknown.
gpu.module @m {
  gpu.func @no_count() kernel {
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    // expected-error @+1 {{cannot lower named barriers without the subgroup count}}
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}
