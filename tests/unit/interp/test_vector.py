"""Interpreter: vector ops (xDSL's and wgdist's extension ops), scf and memref, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import wgdist
from wgdist.interp import InterpError, UnsupportedOpError, run_kernel


def run1(body: str, params: str, args: list[np.ndarray]):  # type: ignore[no-untyped-def]
    src = f"func.func @k({params}) {{\n  %c0 = arith.constant 0 : index\n{body}\n  func.return\n}}"
    return run_kernel(wgdist.parse(src), args)


A = np.arange(24, dtype=np.float32).reshape(4, 6) - 7


def test_multi_reduction_with_accumulator() -> None:
    r = run1(
        """  %v = vector.load %a[%c0, %c0] : memref<4x6xf32>, vector<4x6xf32>
  %acc = arith.constant dense<1.0> : vector<4xf32>
  %s = vector.multi_reduction <add>, %v, %acc [1] : vector<4x6xf32> to vector<4xf32>
  %accm = arith.constant dense<-100.0> : vector<6xf32>
  %m = vector.multi_reduction <maximumf>, %v, %accm [0] : vector<4x6xf32> to vector<6xf32>
  vector.store %s, %o[%c0] : memref<4xf32>, vector<4xf32>
  vector.store %m, %p[%c0] : memref<6xf32>, vector<6xf32>""",
        "%a: memref<4x6xf32>, %o: memref<4xf32>, %p: memref<6xf32>",
        [A, np.zeros(4), np.zeros(6)],
    )
    assert r.buffers[1].data.tolist() == (A.sum(axis=1) + 1).tolist()
    assert r.buffers[2].data.tolist() == A.max(axis=0).tolist()


def test_reduction_transpose_shape_cast() -> None:
    r = run1(
        """  %v = vector.load %a[%c0, %c0] : memref<4x6xf32>, vector<4x6xf32>
  %t = vector.transpose %v, [1, 0] : vector<4x6xf32> to vector<6x4xf32>
  vector.store %t, %o[%c0, %c0] : memref<6x4xf32>, vector<6x4xf32>
  %s = vector.shape_cast %v : vector<4x6xf32> to vector<2x12xf32>
  vector.store %s, %p[%c0, %c0] : memref<2x12xf32>, vector<2x12xf32>
  %f = vector.shape_cast %v : vector<4x6xf32> to vector<24xf32>
  %m = vector.reduction <mul>, %f : vector<24xf32> into f32
  memref.store %m, %q[%c0] : memref<1xf32>""",
        "%a: memref<4x6xf32>, %o: memref<6x4xf32>, %p: memref<2x12xf32>, %q: memref<1xf32>",
        [A, np.zeros((6, 4)), np.zeros((2, 12)), np.zeros(1)],
    )
    assert np.array_equal(r.buffers[1].data.reshape(6, 4), A.T)
    assert np.array_equal(r.buffers[2].data.reshape(2, 12), A.reshape(2, 12))
    assert r.buffers[3].data[0] == np.prod(A.astype(np.float32))


def test_strided_slices_broadcast_step_and_masks() -> None:
    r = run1(
        """  %v = vector.load %a[%c0, %c0] : memref<4x6xf32>, vector<4x6xf32>
  %e = vector.extract_strided_slice %v {offsets = [1, 0], sizes = [2, 3], strides = [1, 2]} : vector<4x6xf32> to vector<2x3xf32>
  %z = arith.constant dense<0.0> : vector<4x6xf32>
  %i = vector.insert_strided_slice %e, %z {offsets = [2, 3], strides = [1, 1]} : vector<2x3xf32> into vector<4x6xf32>
  vector.store %i, %o[%c0, %c0] : memref<4x6xf32>, vector<4x6xf32>
  %st = vector.step : vector<6xindex>
  %b = vector.broadcast %st : vector<6xindex> to vector<4x6xindex>
  vector.store %b, %p[%c0, %c0] : memref<4x6xindex>, vector<4x6xindex>
  %cm = vector.constant_mask [2, 3] : vector<4x6xi1>
  vector.store %cm, %q[%c0, %c0] : memref<4x6xi1>, vector<4x6xi1>
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %c5 : vector<4x6xi1>
  vector.store %m, %w[%c0, %c0] : memref<4x6xi1>, vector<4x6xi1>""",
        "%a: memref<4x6xf32>, %o: memref<4x6xf32>, %p: memref<4x6xindex>, %q: memref<4x6xi1>, %w: memref<4x6xi1>",
        [A, np.zeros((4, 6)), np.zeros((4, 6)), np.zeros((4, 6)), np.zeros((4, 6))],
    )
    want = np.zeros((4, 6), np.float32)
    want[2:4, 3:6] = A[1:3, 0:6:2]
    assert np.array_equal(r.buffers[1].data.reshape(4, 6), want)
    assert np.array_equal(r.buffers[2].data.reshape(4, 6), np.tile(np.arange(6), (4, 1)))
    cm = np.zeros((4, 6), bool)
    cm[:2, :3] = True
    assert np.array_equal(r.buffers[3].data.reshape(4, 6), cm)
    m = np.zeros((4, 6), bool)
    m[:1, :5] = True
    assert np.array_equal(r.buffers[4].data.reshape(4, 6), m)


def test_extract_insert_with_dynamic_position() -> None:
    r = run1(
        """  %v = vector.load %a[%c0, %c0] : memref<4x6xf32>, vector<4x6xf32>
  %c2 = arith.constant 2 : index
  %row = vector.extract %v[%c2] : vector<6xf32> from vector<4x6xf32>
  %x = vector.extract %v[3, 5] : f32 from vector<4x6xf32>
  %ins = vector.insert %x, %row [0] : f32 into vector<6xf32>
  vector.store %ins, %o[%c0] : memref<6xf32>, vector<6xf32>""",
        "%a: memref<4x6xf32>, %o: memref<6xf32>",
        [A, np.zeros(6)],
    )
    want = A[2].copy()
    want[0] = A[3, 5]
    assert r.buffers[1].data.tolist() == want.tolist()


def test_vector_load_out_of_bounds_names_the_access() -> None:
    with pytest.raises(InterpError, match=r"'vector.load' op access at \[2, 0\] with shape \[4, 6\] is out of bounds of memref '%a' of shape \[4, 6\]: indices \[2, 6\) in dimension 0 \(size 4\)"):
        run1(
            """  %c2 = arith.constant 2 : index
  %v = vector.load %a[%c2, %c0] : memref<4x6xf32>, vector<4x6xf32>""",
            "%a: memref<4x6xf32>",
            [A],
        )


def test_scf_for_while_if_and_subview() -> None:
    r = run1(
        """  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %z) -> (f32) {
    %x = memref.load %a[%i, %c1] : memref<4x6xf32>
    %pos = arith.cmpf ogt, %x, %z : f32
    %n = scf.if %pos -> (f32) {
      %t = arith.addf %s, %x : f32
      scf.yield %t : f32
    } else {
      scf.yield %s : f32
    }
    scf.yield %n : f32
  }
  memref.store %sum, %o[%c0] : memref<2xf32>
  %w = scf.while (%k = %c1) : (index) -> index {
    %more = arith.cmpi ult, %k, %c10 : index
    scf.condition(%more) %k : index
  } do {
  ^bb0(%k2: index):
    %d = arith.muli %k2, %c4 : index
    scf.yield %d : index
  }
  %wf = arith.index_cast %w : index to i32
  %wff = arith.sitofp %wf : i32 to f32
  memref.store %wff, %o[%c1] : memref<2xf32>
  %sv = memref.subview %a[1, 2] [2, 2] [2, 1] : memref<4x6xf32> to memref<2x2xf32, strided<[12, 1], offset: 8>>
  %e = memref.load %sv[%c1, %c1] : memref<2x2xf32, strided<[12, 1], offset: 8>>
  memref.store %e, %q[%c0] : memref<1xf32>""",
        "%a: memref<4x6xf32>, %o: memref<2xf32>, %q: memref<1xf32>",
        [A, np.zeros(2), np.zeros(1)],
    )
    col = A[:, 1]
    assert r.buffers[1].data.tolist() == [float(col[col > 0].sum()), 16.0]
    assert r.buffers[2].data[0] == A[3, 3]


def test_private_alloc_is_poisoned_with_nan() -> None:
    r = run1(
        """  %m = memref.alloca() : memref<2xf32>
  %x = memref.load %m[%c0] : memref<2xf32>
  memref.store %x, %o[%c0] : memref<1xf32>""",
        "%o: memref<1xf32>",
        [np.zeros(1)],
    )
    assert np.isnan(r.buffers[0].data[0])


def test_unsupported_op_is_reported_by_name() -> None:
    src = """gpu.module @m {
  gpu.func @k(%o: memref<1xindex>) kernel {
    %t = gpu.thread_id x
    gpu.return
  }
}"""
    with pytest.raises(UnsupportedOpError, match="'gpu.thread_id' op is lane-level"):
        run_kernel(wgdist.parse(src), [np.zeros(1)])
