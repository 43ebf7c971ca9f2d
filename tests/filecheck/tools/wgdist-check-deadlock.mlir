// A named barrier initialized for 3 participants in a workgroup of 4 subgroups: subgroups 0-2
// complete its first generation, subgroup 3 arrives alone in the second and waits forever.
// The workgroup program (arrive and wait do nothing there) runs; the subgroup run is a
// deadlock naming the wait, its location, who waits, who returned and the arrivals, under
// every schedule.
// RUN: not wgdist-check %s --against %s --subgroups 4 2>&1 | filecheck %s
// RUN: not wgdist-check %s --against %s --subgroups 4 --schedules 1 2>&1 | filecheck %s
// RUN: not wgdist-check %s --against %s --subgroups 2 2>&1 | filecheck %s --check-prefix=TWO

// CHECK: wgdist-check-deadlock.mlir:20:5: error: deadlock in workgroup (0, 0, 0): a barrier that not every subgroup reaches: subgroups 0-2 returned; subgroups 3 wait at 'xegpu.nbarrier_wait' at {{.*}}wgdist-check-deadlock.mlir:20:5 on named barrier 1, 1 of its 3 participants arrived (the subgroups run in order between barriers)
// CHECK-NOT: Traceback
// TWO: error: 'xegpu.init_nbarrier' op 3 participants for a workgroup of 2 subgroups
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %id = arith.constant 1 : i8
    %n = arith.constant 3 : i8
    xegpu.alloc_nbarrier 2
    %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    gpu.return
  }
}
