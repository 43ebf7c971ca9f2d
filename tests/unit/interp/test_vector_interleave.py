"""The interpreter's ``vector.interleave`` / ``vector.deinterleave`` against references written
here (LLVM 22's semantics: lhs at even trailing positions, rhs at odd; deinterleave splits
them back): wgdist-check compares the interpreter with itself, so the step's meaning is pinned
here."""

from __future__ import annotations

import numpy as np

import wgdist
from wgdist.interp import run_kernel


def _kernel(body: str, params: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({params}) kernel {{\n    %c0 = arith.constant 0 : index\n{body}\n    gpu.return\n  }}\n}}"


def test_interleave_puts_lhs_at_even_and_rhs_at_odd_positions() -> None:
    src = _kernel(
        """
    %a = vector.load %x[%c0, %c0] : memref<2x3xi32>, vector<2x3xi32>
    %b = vector.load %y[%c0, %c0] : memref<2x3xi32>, vector<2x3xi32>
    %i = vector.interleave %a, %b : vector<2x3xi32> -> vector<2x6xi32>
    vector.store %i, %o[%c0, %c0] : memref<2x6xi32>, vector<2x6xi32>""",
        "%x: memref<2x3xi32>, %y: memref<2x3xi32>, %o: memref<2x6xi32>",
    )
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = 100 + a
    r = run_kernel(wgdist.parse(src), [a, b, np.zeros((2, 6), np.int32)])
    assert r.buffers[2].data.reshape(2, 6).tolist() == [[0, 100, 1, 101, 2, 102], [3, 103, 4, 104, 5, 105]]


def test_deinterleave_splits_even_and_odd_positions() -> None:
    src = _kernel(
        """
    %v = vector.load %x[%c0] : memref<8xf32>, vector<8xf32>
    %e, %d = vector.deinterleave %v : vector<8xf32> -> vector<4xf32>
    vector.store %e, %even[%c0] : memref<4xf32>, vector<4xf32>
    vector.store %d, %odd[%c0] : memref<4xf32>, vector<4xf32>""",
        "%x: memref<8xf32>, %even: memref<4xf32>, %odd: memref<4xf32>",
    )
    x = np.arange(8, dtype=np.float32) * 1.5
    r = run_kernel(wgdist.parse(src), [x, np.zeros(4, np.float32), np.zeros(4, np.float32)])
    assert r.buffers[1].data.tolist() == [0.0, 3.0, 6.0, 9.0]
    assert r.buffers[2].data.tolist() == [1.5, 4.5, 7.5, 10.5]


def test_zero_d_interleave_is_a_pair() -> None:
    src = _kernel(
        """
    %s = memref.load %x[%c0] : memref<2xf32>
    %c1 = arith.constant 1 : index
    %t = memref.load %x[%c1] : memref<2xf32>
    %a = vector.broadcast %s : f32 to vector<f32>
    %b = vector.broadcast %t : f32 to vector<f32>
    %i = vector.interleave %a, %b : vector<f32> -> vector<2xf32>
    vector.store %i, %o[%c0] : memref<2xf32>, vector<2xf32>""",
        "%x: memref<2xf32>, %o: memref<2xf32>",
    )
    r = run_kernel(wgdist.parse(src), [np.array([7.0, 9.0], np.float32), np.zeros(2, np.float32)])
    assert r.buffers[1].data.tolist() == [7.0, 9.0]
