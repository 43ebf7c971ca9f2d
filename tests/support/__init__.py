"""Test oracles and sample kernels shared by the tests and the benchmarks (not installed):
:mod:`tests.support.footprint` (per-subgroup access footprints, the differential against
mlir-opt 22) and :mod:`tests.support.samples` (a hand-distributed GEMM pair)."""
