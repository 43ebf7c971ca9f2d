// Balanced barriers: no diagnostic, exit 0, the IR unchanged.
//
// RUN: wgdist-opt %s -p xegpu-verify-barriers 2>&1 | filecheck %s
// The scheduled example GEMM (32 subgroups), each strategy, verified after the schedule:
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=false num-subgroups=32},xegpu-verify-barriers{num-subgroups=32}' 2>&1 | filecheck %s --check-prefix=PINGPONG
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=split-barrier num-subgroups=32},xegpu-verify-barriers{num-subgroups=32}' 2>&1 | filecheck %s --check-prefix=SPLIT
// The converged ping-pong (every barrier outside the group conditions) passes the check and
// xegpu-lower-nbarrier turns its named barrier into gpu.barrier:
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=true num-subgroups=32},xegpu-verify-barriers{num-subgroups=32},xegpu-lower-nbarrier{num-subgroups=32}' 2>&1 | filecheck %s --check-prefix=CONV
// Without the subgroup count the ping-pong's group conditions cannot be followed: warnings, exit 0.
// RUN: wgdist-opt %examples/gemm_k_loop.mlir -p 'xegpu-propagate-layout,xegpu-wg-to-sg-distribute,xegpu-k-loop-schedule{strategy=pingpong converge=false num-subgroups=32},xegpu-verify-barriers' 2>&1 | filecheck %s --check-prefix=UNKNOWN

// CHECK-NOT: error
// CHECK-NOT: warning
// CHECK-LABEL: gpu.func @pingpong
// CHECK:         scf.if
// CHECK-NEXT:      xegpu.nbarrier_arrive
// CHECK-NEXT:      xegpu.nbarrier_wait
// CHECK:         scf.for
// CHECK:         scf.if
// CHECK-NEXT:      xegpu.nbarrier_arrive
// CHECK-NEXT:      xegpu.nbarrier_wait
// CHECK-LABEL: gpu.func @every_second_step
// CHECK-LABEL: gpu.func @uniform_bounds

// PINGPONG-NOT: error
// PINGPONG-NOT: warning
// PINGPONG: xegpu.alloc_nbarrier
// PINGPONG: xegpu.nbarrier_arrive
// SPLIT-NOT: error
// SPLIT-NOT: warning
// SPLIT: xegpu.nbarrier_arrive
// CONV-NOT: error
// CONV-NOT: warning
// CONV-NOT: nbarrier
// CONV: scf.for
// CONV: gpu.barrier
// CONV-NOT: nbarrier
// UNKNOWN: warning: 'xegpu.init_nbarrier' op declares 32 participants for named barrier 0; the subgroup count is unknown
// UNKNOWN: warning: 'scf.if' op branches on a condition that may differ between subgroups
// UNKNOWN-NOT: error

gpu.module @m {
  // Two groups one phase apart (4 subgroups): the upper half before the loop, the lower after.
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
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
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
  // A split barrier every second step: arrive and wait guarded by the same uniform condition.
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
      gpu.barrier
      scf.if %now {
        xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      }
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
  // gpu.barrier in a loop whose bounds depend on the subgroup id only through a value every
  // subgroup computes alike (the subgroup count).
  gpu.func @uniform_bounds() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %x = arith.remui %sg, %c1 : index
    %t = arith.addi %x, %c4 : index
    scf.for %k = %c0 to %t step %c1 {
      gpu.barrier
    }
    gpu.return
  }
}
