// wgdist-check's failures are one message and status 1.
// RUN: not wgdist-check %s --against %s --subgroups 4 2>&1 | filecheck %s --check-prefix=WGSGID
// RUN: not wgdist-check %s -p xegpu-wg-to-sg-distribute --subgroups 0 2>&1 | filecheck %s --check-prefix=ARGS
// RUN: not wgdist-check %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not wgdist-check %s 2>&1 | filecheck %s --check-prefix=NOSRC
// RUN: not wgdist-check %s -p 'xegpu-propagate-layout{' 2>&1 | filecheck %s --check-prefix=PSYNTAX
// RUN: not wgdist-check %s --against %s --rtol=nan 2>&1 | filecheck %s --check-prefix=RTOL
// RUN: not wgdist-check %s --against %s --seed -1 2>&1 | filecheck %s --check-prefix=SEED
// RUN: not wgdist-check %s --against %s --subgroups 4 --grid 1000,1000 2>&1 | filecheck %s --check-prefix=LAUNCH

// A workgroup-level program cannot ask for its subgroup id: the workgroup run reports it.
// WGSGID: wgdist-check-errors.mlir:{{[0-9]+}}:11: error: 'gpu.subgroup_id' op has no value in workgroup mode
// WGSGID-NOT: Traceback
// ARGS: error: argument --subgroups: expected a positive integer, got '0'
// PASS-NOT: Traceback
// PSYNTAX: wgdist-check: error: Error parsing pass pipeline specification:
// PSYNTAX-NEXT: pass-pipeline:1:24
// PSYNTAX-NEXT: xegpu-propagate-layout{
// PSYNTAX-NEXT: ^
// PSYNTAX-NEXT: Expected argument name here
// PSYNTAX-NOT: Traceback
// RTOL: wgdist-check: error: argument --rtol: expected a finite non-negative number, got 'nan'
// SEED: wgdist-check: error: argument --seed: expected a non-negative integer, got '-1'
// LAUNCH: wgdist-check: error: the launch has 1000000 workgroup(s) (--grid 1000,1000) x 4 subgroup(s) (--subgroups 4) = 4000000 subgroups to run, more than the limit of 65536; raise it with --max-subgroups
// NOSRC: error: one of the arguments -p/--pipeline --against is required
gpu.module @m {
  gpu.func @k(%o: memref<4xindex>) kernel {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    memref.store %sg, %o[%c0] : memref<4xindex>
    gpu.return
  }
}
