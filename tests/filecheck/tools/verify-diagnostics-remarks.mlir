// RUN: wgdist-opt %s -p 'reorder-workgroups{scheme=wave num-xcds=1}' --verify-diagnostics | filecheck %s
// RUN: not wgdist-opt %s -p 'reorder-workgroups{scheme=wave num-xcds=8}' --verify-diagnostics 2>&1 | filecheck %s --check-prefix=UNMET

// A remark a pass emits is a diagnostic --verify-diagnostics checks: expected here, so nothing
// is printed on stderr and the output is the module; with 8 XCDs the pass rewrites the function,
// emits no remark, and the expectation is reported as not produced.

gpu.module @m {
  // expected-remark @+1 {{@onlyx: scheme=wave is the identity on the 16x1 grid: left unchanged}}
  gpu.func @onlyx(%m: memref<64xf32>) kernel attributes {known_grid_size = array<i32: 16, 1, 1>} {
    %x = gpu.block_id x
    %v = arith.constant 1.0 : f32
    memref.store %v, %m[%x] : memref<64xf32>
    gpu.return
  }
}

// CHECK: gpu.func @onlyx
// CHECK: memref.store %v, %m[%x] : memref<64xf32>

// UNMET: verify-diagnostics-remarks.mlir:9:6: error: expected remark "@onlyx: scheme=wave is the identity on the 16x1 grid: left unchanged" was not produced
// UNMET-NEXT: // expected-remark @+1
// UNMET-NEXT: ^~~~~
