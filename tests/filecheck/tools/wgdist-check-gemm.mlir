// The example GEMM through the full pipeline agrees with the workgroup-level program; the
// report names the grid, the subgroup count (from the layouts) and the float tolerance, and every
// distributed value (the loads, the dpas, the loop's result) was compared with its workgroup value.
// RUN: wgdist-check %examples/gemm_k_loop.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --grid 2,2 --seed 7 | filecheck %s
// RUN: wgdist-check %examples/gemm_bias_relu.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute --grid 1,2 | filecheck %s --check-prefix=BIAS
// RUN: wgdist-check %examples/gemm_transpose_b.mlir -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute | filecheck %s --check-prefix=TB

// CHECK:      @gemm_k_loop: grid 2x2x1, 32 subgroups per workgroup, seed 7
// CHECK:      subgroup mode:  128 subgroup(s)
// CHECK:      %C [1024, 1024] float32: 262144 element(s) written, tolerance rtol=0.0001
// CHECK-NEXT: values: 5 of the 5 distributed workgroup value(s) compared with the subgroups' tiles
// CHECK-NEXT: agree: every buffer matches (262144 element(s) written)

// BIAS: agree: every buffer matches (131072 element(s) written)
// TB:   agree: every buffer matches (65536 element(s) written)
