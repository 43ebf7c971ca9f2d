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
    // expected-error @+1 {{waits on named barrier 0 without having arrived at it; its named barriers are not lowered}}
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

// -----

// A named barrier passed in: who takes part is unknown, so it is not lowered.
gpu.module @m {
  gpu.func @argument(%nb: !xegpu.nbarrier) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{cannot lower a named barrier that is not the result of an xegpu.init_nbarrier of this function}}
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}

// -----

// A named barrier carried through a loop: its arrivals cannot be followed.
gpu.module @m {
  gpu.func @carried() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %id = arith.constant 0 : i8
    %n = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
    // expected-error @+1 {{cannot lower a named barrier used other than by xegpu.nbarrier_arrive/nbarrier_wait}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %nb) -> (!xegpu.nbarrier) {
      xegpu.nbarrier_arrive %b : !xegpu.nbarrier
      xegpu.nbarrier_wait %b : !xegpu.nbarrier
      scf.yield %b : !xegpu.nbarrier
    }
    gpu.return
  }
}
