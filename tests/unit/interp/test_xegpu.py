"""Interpreter: xegpu ops against numpy slicing written here."""

from __future__ import annotations

import numpy as np
import pytest

import wgdist
from wgdist.interp import InterpError, run_kernel


def kernel(params: str, body: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({params}) kernel {{\n{body}\n    gpu.return\n  }}\n}}"


def td(shape: str, enc: str = "") -> str:
    return f"!xegpu.tensor_desc<{shape}{', ' + enc if enc else ''}>"


def test_load_store_nd_with_offsets_on_descriptor_and_access() -> None:
    src = kernel(
        "%a: memref<16x32xf32>, %o: memref<16x32xf32>",
        f"""
    %c2 = arith.constant 2 : index
    %t = xegpu.create_nd_tdesc %a[4, 8] : memref<16x32xf32> -> {td('4x8xf32')}
    %v = xegpu.load_nd %t[%c2, 1] : {td('4x8xf32')} -> vector<4x8xf32>
    %u = xegpu.create_nd_tdesc %o : memref<16x32xf32> -> {td('4x8xf32')}
    xegpu.store_nd %v, %u[1, 3] : vector<4x8xf32>, {td('4x8xf32')}""",
    )
    a = np.random.default_rng(0).random((16, 32)).astype(np.float32)
    r = run_kernel(wgdist.parse(src), [a, np.zeros((16, 32))])
    out = r.buffers[1].data.reshape(16, 32)
    want = np.zeros((16, 32), np.float32)
    want[1:5, 3:11] = a[6:10, 9:17]
    assert np.array_equal(out, want)
    written = (r.buffers[1].n_writes > 0).reshape(16, 32)
    assert written.sum() == 32 and written[1:5, 3:11].all()


def test_boundary_check_zero_fills_loads_and_drops_stores() -> None:
    src = kernel(
        "%a: memref<8x8xi32>, %o: memref<8x8xi32>",
        f"""
    %t = xegpu.create_nd_tdesc %a : memref<8x8xi32> -> {td('4x4xi32')}
    %v = xegpu.load_nd %t[6, -2] : {td('4x4xi32')} -> vector<4x4xi32>
    %u = xegpu.create_nd_tdesc %o : memref<8x8xi32> -> {td('4x4xi32')}
    xegpu.store_nd %v, %u[5, 6] : vector<4x4xi32>, {td('4x4xi32')}""",
    )
    a = np.arange(64, dtype=np.int32).reshape(8, 8)
    r = run_kernel(wgdist.parse(src), [a, np.full((8, 8), -1)])
    blk = np.zeros((4, 4), np.int32)
    blk[0:2, 2:4] = a[6:8, 0:2]
    want = np.full((8, 8), -1, np.int32)
    want[5:8, 6:8] = blk[0:3, 0:2]
    assert np.array_equal(r.buffers[1].data.reshape(8, 8), want)


def test_without_boundary_check_out_of_bounds_is_an_error() -> None:
    enc = "#xegpu.block_tdesc_attr<boundary_check = false>"
    src = kernel(
        "%a: memref<8x8xf32>",
        f"""
    %t = xegpu.create_nd_tdesc %a : memref<8x8xf32> -> {td('4x4xf32', enc)}
    %v = xegpu.load_nd %t[6, 0] : {td('4x4xf32', enc)} -> vector<4x4xf32>""",
    )
    with pytest.raises(InterpError, match=r"'xegpu.load_nd' op load at offsets \[6, 0\].*index 8 outside dimension 0 \(size 8\).*boundary_check = false"):
        run_kernel(wgdist.parse(src), [np.zeros((8, 8))])


def test_load_nd_transpose_packed_and_array_length() -> None:
    enc = "#xegpu.block_tdesc_attr<array_length = 2>"
    src = kernel(
        "%a: memref<16x32xf16>, %o1: memref<16x8xf16>, %o2: memref<4x8x2xf16>, %o3: memref<2x8x8xf16>",
        f"""
    %t = xegpu.create_nd_tdesc %a : memref<16x32xf16> -> {td('8x16xf16')}
    %tr = xegpu.load_nd %t[0, 0] <{{transpose = array<i64: 1, 0>}}> : {td('8x16xf16')} -> vector<16x8xf16>
    %t8 = xegpu.create_nd_tdesc %a : memref<16x32xf16> -> {td('8x8xf16')}
    %pk = xegpu.load_nd %t8[2, 3] <{{packed}}> : {td('8x8xf16')} -> vector<4x8x2xf16>
    %ta = xegpu.create_nd_tdesc %a : memref<16x32xf16> -> {td('8x8xf16', enc)}
    %ar = xegpu.load_nd %ta[1, 4] : {td('8x8xf16', enc)} -> vector<2x8x8xf16>
    %c0 = arith.constant 0 : index
    vector.store %tr, %o1[%c0, %c0] : memref<16x8xf16>, vector<16x8xf16>
    vector.store %pk, %o2[%c0, %c0, %c0] : memref<4x8x2xf16>, vector<4x8x2xf16>
    vector.store %ar, %o3[%c0, %c0, %c0] : memref<2x8x8xf16>, vector<2x8x8xf16>""",
    )
    a = np.arange(16 * 32).reshape(16, 32).astype(np.float16)
    r = run_kernel(wgdist.parse(src), [a, np.zeros((16, 8)), np.zeros((4, 8, 2)), np.zeros((2, 8, 8))])
    assert np.array_equal(r.buffers[1].data.reshape(16, 8), a[0:8, 0:16].T)
    blk = a[2:10, 3:11]
    packed = r.buffers[2].data.reshape(4, 8, 2)
    for k in range(8):
        for n in range(8):
            assert packed[k // 2, n, k % 2] == blk[k, n]
    arr = r.buffers[3].data.reshape(2, 8, 8)
    assert np.array_equal(arr[0], a[1:9, 4:12]) and np.array_equal(arr[1], a[1:9, 12:20])


def test_update_nd_offset_accumulates() -> None:
    src = kernel(
        "%a: memref<8x64xf32>, %o: memref<8x16xf32>",
        f"""
    %t = xegpu.create_nd_tdesc %a[0, 4] : memref<8x64xf32> -> {td('8x16xf32')}
    %c16 = arith.constant 16 : index
    %t1 = xegpu.update_nd_offset %t, [0, %c16] : {td('8x16xf32')}
    %t2 = xegpu.update_nd_offset %t1, [0, 16] : {td('8x16xf32')}
    %v = xegpu.load_nd %t2 : {td('8x16xf32')} -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %o : memref<8x16xf32> -> {td('8x16xf32')}
    xegpu.store_nd %v, %u[0, 0] : vector<8x16xf32>, {td('8x16xf32')}""",
    )
    a = np.random.default_rng(1).random((8, 64)).astype(np.float32)
    r = run_kernel(wgdist.parse(src), [a, np.zeros((8, 16))])
    assert np.array_equal(r.buffers[1].data.reshape(8, 16), a[:, 36:52])


def test_dpas_plain_packed_and_without_accumulator() -> None:
    src = kernel(
        "%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>, %o1: memref<8x16xf32>, %o2: memref<8x16xf32>",
        f"""
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> {td('8x16xf16')}
    %tb = xegpu.create_nd_tdesc %b : memref<16x16xf16> -> {td('16x16xf16')}
    %va = xegpu.load_nd %ta[0, 0] : {td('8x16xf16')} -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb[0, 0] <{{packed}}> : {td('16x16xf16')} -> vector<8x16x2xf16>
    %vc = vector.load %c[%c0, %c0] : memref<8x16xf32>, vector<8x16xf32>
    %d = xegpu.dpas %va, %vb, %vc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
    vector.store %d, %o1[%c0, %c0] : memref<8x16xf32>, vector<8x16xf32>
    %vb2 = xegpu.load_nd %tb[0, 0] : {td('16x16xf16')} -> vector<16x16xf16>
    %e = xegpu.dpas %va, %vb2 : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    vector.store %e, %o2[%c0, %c0] : memref<8x16xf32>, vector<8x16xf32>""",
    )
    rng = np.random.default_rng(2)
    a = rng.uniform(-1, 1, (8, 16)).astype(np.float16)
    b = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    c = rng.uniform(-1, 1, (8, 16)).astype(np.float32)
    r = run_kernel(wgdist.parse(src), [a, b, c, np.zeros((8, 16)), np.zeros((8, 16))])
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(r.buffers[3].data.reshape(8, 16), ref + c, atol=1e-5)
    assert np.allclose(r.buffers[4].data.reshape(8, 16), ref, atol=1e-5)


def test_convert_layout_is_identity_on_values() -> None:
    lay = "#xegpu.layout<sg_layout = [2, 2], sg_data = [4, 4]>"
    lay2 = "#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 2]>"
    src = kernel(
        "%a: memref<8x8xf32>, %o: memref<8x8xf32>",
        f"""
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0, %c0] : memref<8x8xf32>, vector<8x8xf32>
    %w = xegpu.convert_layout %v <{{input_layout = {lay}, target_layout = {lay2}}}> : vector<8x8xf32>
    vector.store %w, %o[%c0, %c0] : memref<8x8xf32>, vector<8x8xf32>""",
    )
    a = np.random.default_rng(3).random((8, 8)).astype(np.float32)
    r = run_kernel(wgdist.parse(src), [a, np.zeros((8, 8))])
    assert np.array_equal(r.buffers[1].data.reshape(8, 8), a)


def test_gather_scatter_with_mask_and_chunks() -> None:
    src = kernel(
        "%a: memref<64xf32>, %o: memref<64xf32>, %g: memref<4x2xf32>",
        """
    %c0 = arith.constant 0 : index
    %off = arith.constant dense<[0, 10, 20, 60]> : vector<4xindex>
    %m = arith.constant dense<[true, true, false, true]> : vector<4xi1>
    %v = xegpu.load %a[%off], %m <{chunk_size = 2}> : memref<64xf32>, vector<4xindex>, vector<4xi1> -> vector<4x2xf32>
    vector.store %v, %g[%c0, %c0] : memref<4x2xf32>, vector<4x2xf32>
    %t = xegpu.create_tdesc %o, %off : memref<64xf32>, vector<4xindex> -> !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
    xegpu.store %v, %t, %m : vector<4x2xf32>, !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, vector<4xi1>""",
    )
    a = np.arange(64, dtype=np.float32)
    r = run_kernel(wgdist.parse(src), [a, np.full(64, -1.0), np.zeros((4, 2))])
    assert r.buffers[2].data.reshape(4, 2).tolist() == [[0, 1], [10, 11], [0, 0], [60, 61]]
    o = r.buffers[1].data
    assert o[[0, 1, 10, 11, 60, 61]].tolist() == [0, 1, 10, 11, 60, 61]
    assert o[20] == -1 and o[21] == -1 and int((r.buffers[1].n_writes > 0).sum()) == 6


def test_gather_unmasked_lane_out_of_bounds_is_an_error() -> None:
    src = kernel(
        "%a: memref<64xf32>",
        """
    %off = arith.constant dense<[0, 63]> : vector<2xindex>
    %m = arith.constant dense<true> : vector<2xi1>
    %v = xegpu.load %a[%off], %m <{chunk_size = 2}> : memref<64xf32>, vector<2xindex>, vector<2xi1> -> vector<2x2xf32>""",
    )
    with pytest.raises(InterpError, match=r"'xegpu.load' op lane \[1\] accesses element 64 outside memref '%a' of shape \[64\]"):
        run_kernel(wgdist.parse(src), [np.zeros(64)])


def test_mem_desc_blocked_column_major_layout() -> None:
    ml = "#xegpu.mem_layout<stride = [1, 8], block = [2, 4]>"
    src = kernel(
        "%a: memref<8x8xf32>, %o: memref<8x8xf32>, %raw: memref<64xf32>",
        f"""
    %c0 = arith.constant 0 : index
    %slm = memref.alloc() : memref<256xi8, 3>
    %md = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<8x8xf32, {ml}>
    %v = vector.load %a[%c0, %c0] : memref<8x8xf32>, vector<8x8xf32>
    xegpu.store_matrix %v, %md[0, 0] : vector<8x8xf32>, !xegpu.mem_desc<8x8xf32, {ml}>
    %w = xegpu.load_matrix %md[2, 4] : !xegpu.mem_desc<8x8xf32, {ml}> -> vector<4x4xf32>
    vector.store %w, %o[%c0, %c0] : memref<8x8xf32>, vector<4x4xf32>
    %flat = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<64xf32>
    %all = xegpu.load_matrix %flat[0] : !xegpu.mem_desc<64xf32> -> vector<64xf32>
    vector.store %all, %raw[%c0] : memref<64xf32>, vector<64xf32>""",
    )
    a = np.arange(64, dtype=np.float32).reshape(8, 8)
    r = run_kernel(wgdist.parse(src), [a, np.zeros((8, 8)), np.zeros(64)])
    assert np.array_equal(r.buffers[1].data.reshape(8, 8)[0:4, 0:4], a[2:6, 4:8])
    raw = r.buffers[2].data
    # blocks of 2x4, dim 0 fastest (stride 1): block (bi, bj) starts at (bi + 4*bj) * 8, and
    # inside a block element (i, j) sits at i + 2*j
    for i in range(8):
        for j in range(8):
            pos = ((i // 2) + 4 * (j // 4)) * 8 + (i % 2) + 2 * (j % 4)
            assert raw[pos] == a[i, j]
