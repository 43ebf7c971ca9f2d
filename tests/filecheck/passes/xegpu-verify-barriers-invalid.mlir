// Barriers that not every subgroup meets equally often: one located error per problem, exit 1,
// the IR unchanged. Warnings where the check cannot decide.
//
// RUN: wgdist-opt %s --split-input-file --verify-diagnostics -p xegpu-verify-barriers
// RUN: not wgdist-opt %s --split-input-file -p xegpu-verify-barriers 2>&1 | filecheck %s

// A gpu.barrier under a condition on the subgroup id (4 subgroups: known_block_size 64 / 16).
// CHECK: xegpu-verify-barriers-invalid.mlir:[[# @LINE + 8]]:7: error: 'gpu.barrier' op is reached 1 time(s) by subgroup(s) 0-1; 0 time(s) by subgroup(s) 2-3, under the scf.if at {{.*}}:[[# @LINE + 6]]:5 whose condition differs between subgroups
gpu.module @m {
  gpu.func @branch() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c2 = arith.constant 2 : index
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      // expected-error @+1 {{is reached 1 time(s) by subgroup(s) 0-1; 0 time(s) by subgroup(s) 2-3}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A loop whose trip count is the subgroup id + 1.
gpu.module @m {
  gpu.func @trips() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.addi %sg, %c1 : index
    scf.for %k = %c0 to %t step %c1 {
      // expected-error @+1 {{is reached 1 time(s) by subgroup(s) 0; 2 time(s) by subgroup(s) 1; 3 time(s) by subgroup(s) 2; 4 time(s) by subgroup(s) 3, under the scf.for}}
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// Ping-pong that forgets to undo the phase offset after the loop: the upper half arrives once
// more than the lower half, for every trip count %n.
// CHECK: error: 'xegpu.init_nbarrier' op named barrier 0 is unbalanced: subgroup(s) 0-1 arrive N1 time(s); subgroup(s) 2-3 arrive N1 + 1 time(s); {{.*}} (N1 = the trip count of the scf.for at {{.*}}xegpu-verify-barriers-invalid.mlir:[[# @LINE + 17]]:5)
gpu.module @m {
  gpu.func @pingpong(%n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    // expected-error @+1 {{named barrier 0 is unbalanced}}
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %hi = arith.cmpi uge, %sg, %c2 : index
    scf.if %hi {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.return
  }
}

// -----

// Participants, allocation, alternation.
gpu.module @m {
  gpu.func @named() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %id = arith.constant 2 : i8
    %p = arith.constant 3 : i8
    // expected-error @+2 {{uses named barrier id 2, not below the 2 allocated by the xegpu.alloc_nbarrier at}}
    xegpu.alloc_nbarrier 2
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    // expected-error @-1 {{named barrier 2 declares 3 participants but 4 of the 4 subgroups arrive at it (subgroup(s) 0-3)}}
    // expected-error @+1 {{waits on named barrier 2 without having arrived at it}}
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    // expected-error @+1 {{arrives at named barrier 2 again before waiting on it}}
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}

// -----

// What the check cannot follow is a warning: an id computed from an argument.
gpu.module @m {
  gpu.func @dynamic(%i: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %id = arith.index_cast %i : index to i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    // expected-warning @+1 {{has an id that the check cannot compute}}
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.barrier
    gpu.return
  }
}
