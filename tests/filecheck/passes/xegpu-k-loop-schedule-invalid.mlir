// Option errors a user can cause: one message naming the option and the value, exit status 1,
// no traceback.
//
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{strategy=bogus}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{stages=0}' 2>&1 | filecheck %s --check-prefix=STAGES
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{stages=17}' 2>&1 | filecheck %s --check-prefix=STAGES17
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{fragments=-1}' 2>&1 | filecheck %s --check-prefix=FRAGMENTS
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{interval=0}' 2>&1 | filecheck %s --check-prefix=INTERVAL
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{num-subgroups=-2}' 2>&1 | filecheck %s --check-prefix=SUBGROUPS
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{stage=2}' 2>&1 | filecheck %s --check-prefix=NAME
// RUN: not wgdist-opt %s -p 'xegpu-k-loop-schedule{stages=two}' 2>&1 | filecheck %s --check-prefix=TYPE

gpu.module @m {
  gpu.func @k() kernel {
    gpu.return
  }
}

// STRATEGY: wgdist-opt: error: xegpu-k-loop-schedule: unknown strategy='bogus'; expected one of pipeline, split-barrier, pingpong
// STAGES: wgdist-opt: error: xegpu-k-loop-schedule: stages=0 is out of range: expected 1 to 16
// STAGES17: wgdist-opt: error: xegpu-k-loop-schedule: stages=17 is out of range: expected 1 to 16
// FRAGMENTS: wgdist-opt: error: xegpu-k-loop-schedule: fragments=-1 is out of range: expected 0 (one per dpas) to 64
// INTERVAL: wgdist-opt: error: xegpu-k-loop-schedule: interval=0 is out of range: expected at least 1
// SUBGROUPS: wgdist-opt: error: xegpu-k-loop-schedule: num-subgroups=-2 is out of range: expected 0 (from the kernel) or a positive count
// NAME: wgdist-opt: error: pass 'xegpu-k-loop-schedule' has no option 'stage' (its options: strategy, stages, fragments, interval, num-subgroups{{.*}})
// TYPE: wgdist-opt: error: pass 'xegpu-k-loop-schedule' option 'stages': expected an integer, got 'two'
// STRATEGY-NOT: Traceback
