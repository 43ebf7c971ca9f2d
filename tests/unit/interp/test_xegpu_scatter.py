"""Interpreter: xegpu atomic_rmw, scattered descriptors (update_offset), prefetches and fence,
against numpy written here."""

from __future__ import annotations

import numpy as np
import pytest

import wgdist
from wgdist.interp import InterpError, run_kernel


def kernel(params: str, body: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({params}) kernel {{\n{body}\n    gpu.return\n  }}\n}}"


def scatter_td(shape: str, chunk: int = 1) -> str:
    attr = "#xegpu.scatter_tdesc_attr<>" if chunk == 1 else f"#xegpu.scatter_tdesc_attr<chunk_size = {chunk}>"
    return f"!xegpu.tensor_desc<{shape}, {attr}>"


def dense(values: list, t: str) -> str:  # type: ignore[type-arg]
    text = ", ".join(str(x).lower() for x in values)
    return f"dense<[{text}]> : {t}"


# lanes 0 and 1 hit the same element (duplicates accumulate one after the other), lane 3 is
# masked off (it writes nothing and reads 0), lane 4 hits the last element
OFFSETS = [3, 3, 7, 12, 15, 0]
MASK = [True, True, True, False, True, True]


def combine(kind: str, a: object, b: object, dtype: np.dtype) -> object:
    """``kind`` of one old value and one operand, in Python arithmetic."""
    if kind in ("maxu", "minu"):
        u = np.dtype(f"uint{dtype.itemsize * 8}")
        ua, ub = int(np.array(a, dtype).view(u)), int(np.array(b, dtype).view(u))
        return np.array(max(ua, ub) if kind == "maxu" else min(ua, ub), dtype=u).view(dtype)
    if dtype.kind == "i":
        x, y = int(a), int(b)  # type: ignore[call-overload]
        res = {"addi": x + y, "muli": x * y, "maxs": max(x, y), "mins": min(x, y), "andi": x & y,
               "ori": x | y, "xori": x ^ y, "assign": y}[kind]
        bits = dtype.itemsize * 8  # wrap to the element width
        return (res + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
    f, g = float(a), float(b)  # type: ignore[arg-type]
    if kind in ("maximumf", "minimumf") and (np.isnan(f) or np.isnan(g)):
        return np.nan
    if kind in ("maxnumf", "minnumf") and (np.isnan(f) or np.isnan(g)):
        return g if np.isnan(f) else f
    pick = max if kind.startswith("max") else min
    return {"addf": f + g, "mulf": f * g, "assign": g}.get(kind, pick(f, g))


def atomic_reference(kind: str, mem: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sequential semantics: each unmasked lane reads the element and writes ``op(old, value)``."""
    mem = mem.copy()
    old = np.zeros(len(OFFSETS), dtype=mem.dtype)
    for lane, (off, on) in enumerate(zip(OFFSETS, MASK)):
        if on:
            old[lane] = mem[off]
            mem[off] = combine(kind, mem[off], values[lane], mem.dtype)
    return mem, old


def atomic_kernel(kind: str, t: str) -> str:
    n = len(OFFSETS)
    return kernel(
        f"%s: memref<16x{t}>, %v: memref<{n}x{t}>, %o: memref<{n}x{t}>",
        f"""
    %c0 = arith.constant 0 : index
    %off = arith.constant {dense(OFFSETS, f'vector<{n}xindex>')}
    %m = arith.constant {dense(MASK, f'vector<{n}xi1>')}
    %val = vector.load %v[%c0] : memref<{n}x{t}>, vector<{n}x{t}>
    %t = xegpu.create_tdesc %s, %off : memref<16x{t}>, vector<{n}xindex> -> {scatter_td(f'{n}x{t}')}
    %old = xegpu.atomic_rmw {kind} %t, %m, %val : {scatter_td(f'{n}x{t}')}, vector<{n}xi1>, vector<{n}x{t}> -> vector<{n}x{t}>
    vector.store %old, %o[%c0] : memref<{n}x{t}>, vector<{n}x{t}>""",
    )


INT_KINDS = ["addi", "muli", "maxs", "mins", "maxu", "minu", "andi", "ori", "xori", "assign"]
FLOAT_KINDS = ["addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf", "assign"]


@pytest.mark.parametrize("kind", INT_KINDS)
@pytest.mark.parametrize("t", ["i32", "i8"])
def test_atomic_rmw_integer_kinds(kind: str, t: str) -> None:
    dt = np.dtype(f"int{t[1:]}")
    rng = np.random.default_rng(len(kind))
    mem = rng.integers(-100, 100, 16).astype(dt)
    mem[3] = -5  # the duplicated element: negative, so that signed and unsigned order differ
    vals = np.array([7, -3, 100, 9, -128 if t == "i8" else -(2**31), 2], dtype=dt)
    r = run_kernel(wgdist.parse(atomic_kernel(kind, t)), [mem.copy(), vals, np.zeros(len(OFFSETS), dt)])
    want_mem, want_old = atomic_reference(kind, mem, vals)
    assert r.buffers[0].data.tolist() == want_mem.tolist()
    assert r.buffers[2].data.tolist() == want_old.tolist()
    written = np.flatnonzero(r.buffers[0].n_writes)
    assert written.tolist() == [0, 3, 7, 15]  # the masked lane's element 12 is untouched
    assert int(r.buffers[0].n_writes[3]) == 2


@pytest.mark.parametrize("kind", FLOAT_KINDS)
def test_atomic_rmw_float_kinds(kind: str) -> None:
    rng = np.random.default_rng(len(kind))
    mem = rng.uniform(-2, 2, 16).astype(np.float32)
    mem[0] = np.nan  # maximumf/minimumf propagate it, maxnumf/minnumf do not
    vals = rng.uniform(-2, 2, len(OFFSETS)).astype(np.float32)
    r = run_kernel(wgdist.parse(atomic_kernel(kind, "f32")), [mem.copy(), vals, np.zeros(len(OFFSETS))])
    want_mem, want_old = atomic_reference(kind, mem, vals)
    np.testing.assert_array_equal(r.buffers[0].data, want_mem)
    np.testing.assert_array_equal(r.buffers[2].data, want_old)


def test_atomic_rmw_with_chunks_accumulates_every_element_of_a_lane() -> None:
    td = scatter_td("2x4xf32", chunk=4)
    src = kernel(
        "%s: memref<16xf32>",
        f"""
    %off = arith.constant dense<[2, 4]> : vector<2xindex>
    %m = arith.constant dense<true> : vector<2xi1>
    %val = arith.constant dense<1.0> : vector<2x4xf32>
    %t = xegpu.create_tdesc %s, %off : memref<16xf32>, vector<2xindex> -> {td}
    %old = xegpu.atomic_rmw addf %t, %m, %val : {td}, vector<2xi1>, vector<2x4xf32> -> vector<2x4xf32>""",
    )
    r = run_kernel(wgdist.parse(src), [np.zeros(16, np.float32)])
    want = np.zeros(16, np.float32)
    np.add.at(want, [2, 3, 4, 5, 4, 5, 6, 7], 1.0)  # lanes overlap on elements 4 and 5
    assert r.buffers[0].data.tolist() == want.tolist()


def test_atomic_rmw_float_kind_on_integers_is_an_error() -> None:
    with pytest.raises(InterpError, match="floating-point atomic kind 'addf' does not apply to i32"):
        run_kernel(wgdist.parse(atomic_kernel("addf", "i32")), [np.zeros(16), np.zeros(6), np.zeros(6)])


def test_update_offset_moves_every_lane_and_leaves_the_old_descriptor() -> None:
    td = scatter_td("4x2xf32", chunk=2)
    src = kernel(
        "%a: memref<64xf32>, %o1: memref<4x2xf32>, %o2: memref<4x2xf32>",
        f"""
    %c0 = arith.constant 0 : index
    %off = arith.constant dense<[0, 8, 16, 30]> : vector<4xindex>
    %d = arith.constant dense<[1, 20, -16, 32]> : vector<4xindex>
    %m = arith.constant dense<true> : vector<4xi1>
    %t = xegpu.create_tdesc %a, %off : memref<64xf32>, vector<4xindex> -> {td}
    %t2 = xegpu.update_offset %t, %d : {td}, vector<4xindex>
    %t3 = xegpu.update_offset %t2, %d : {td}, vector<4xindex>
    %v2 = xegpu.load %t2, %m : {td}, vector<4xi1> -> vector<4x2xf32>
    %v1 = xegpu.load %t, %m : {td}, vector<4xi1> -> vector<4x2xf32>
    vector.store %v1, %o1[%c0, %c0] : memref<4x2xf32>, vector<4x2xf32>
    vector.store %v2, %o2[%c0, %c0] : memref<4x2xf32>, vector<4x2xf32>""",
    )
    a = np.arange(64, dtype=np.float32) * 10
    r = run_kernel(wgdist.parse(src), [a, np.zeros((4, 2)), np.zeros((4, 2))])
    starts1, starts2 = np.array([0, 8, 16, 30]), np.array([1, 28, 0, 62])
    assert r.buffers[1].data.reshape(4, 2).tolist() == a[starts1[:, None] + np.arange(2)].tolist()
    assert r.buffers[2].data.reshape(4, 2).tolist() == a[starts2[:, None] + np.arange(2)].tolist()


def test_update_offset_past_the_end_fails_at_the_access_not_before() -> None:
    td = scatter_td("2xf32")
    src = kernel(
        "%a: memref<16xf32>",
        f"""
    %off = arith.constant dense<[0, 4]> : vector<2xindex>
    %d = arith.constant dense<[15, 12]> : vector<2xindex>
    %m = arith.constant dense<[true, true]> : vector<2xi1>
    %t = xegpu.create_tdesc %a, %off : memref<16xf32>, vector<2xindex> -> {td}
    %t2 = xegpu.update_offset %t, %d : {td}, vector<2xindex>
    %v = xegpu.load %t2, %m : {td}, vector<2xi1> -> vector<2xf32>""",
    )
    with pytest.raises(InterpError, match=r"'xegpu.load' op lane \[1\] accesses element 16 outside memref '%a'"):
        run_kernel(wgdist.parse(src), [np.zeros(16)])


def test_prefetches_change_nothing_when_in_bounds() -> None:
    nd = "!xegpu.tensor_desc<4x8xf32>"
    src = kernel(
        "%a: memref<16x16xf32>, %s: memref<64xf32>",
        f"""
    %t = xegpu.create_nd_tdesc %a : memref<16x16xf32> -> {nd}
    xegpu.prefetch_nd %t[0, 0] : {nd}
    xegpu.prefetch_nd %t[14, 12] : {nd}
    xegpu.prefetch_nd %t[16, 16] : {nd}
    %off = arith.constant dense<[0, 60]> : vector<2xindex>
    %ts = xegpu.create_tdesc %s, %off : memref<64xf32>, vector<2xindex> -> {scatter_td('2x4xf32', chunk=4)}
    xegpu.prefetch %ts : {scatter_td('2x4xf32', chunk=4)}
    xegpu.prefetch %s[%off] : memref<64xf32>, vector<2xindex>""",
    )
    a = np.arange(256, dtype=np.float32).reshape(16, 16)
    s = np.arange(64, dtype=np.float32)
    r = run_kernel(wgdist.parse(src), [a, s])
    assert np.array_equal(r.buffers[0].data.reshape(16, 16), a) and np.array_equal(r.buffers[1].data, s)
    assert not r.buffers[0].n_writes.any() and not r.buffers[1].n_writes.any()


PREFETCH_ERRORS = [
    (
        "%t = xegpu.create_nd_tdesc %a : memref<16x16xf32> -> !xegpu.tensor_desc<4x8xf32, #xegpu.block_tdesc_attr<boundary_check = false>>\n"
        "    xegpu.prefetch_nd %t[14, 0] : !xegpu.tensor_desc<4x8xf32, #xegpu.block_tdesc_attr<boundary_check = false>>",
        r"'xegpu.prefetch_nd' op prefetch at offsets \[14, 0\] with block \[4, 8\] touches index 16 outside dimension 0",
    ),
    (
        "%t = xegpu.create_nd_tdesc %a : memref<16x16xf32> -> !xegpu.tensor_desc<4x8xf32, #xegpu.block_tdesc_attr<array_length = 2, boundary_check = false>>\n"
        "    xegpu.prefetch_nd %t[0, 4] : !xegpu.tensor_desc<4x8xf32, #xegpu.block_tdesc_attr<array_length = 2, boundary_check = false>>",
        r"prefetch at offsets \[0, 4\] with block \[4, 16\] touches index 16 outside dimension 1",
    ),
    (
        "%t = xegpu.create_nd_tdesc %a : memref<16x16xf32> -> !xegpu.tensor_desc<8xf32>\n"
        "    xegpu.prefetch_nd %t[16, 0] : !xegpu.tensor_desc<8xf32>",
        r"'xegpu.prefetch_nd' op prefetch at offsets \[16, 0\]: offset 16 is outside dimension 0 of the \[16, 16\] region",
    ),
    (
        "%off = arith.constant dense<[0, 61]> : vector<2xindex>\n"
        f"    %ts = xegpu.create_tdesc %s, %off : memref<64xf32>, vector<2xindex> -> {scatter_td('2x4xf32', chunk=4)}\n"
        f"    xegpu.prefetch %ts : {scatter_td('2x4xf32', chunk=4)}",
        r"'xegpu.prefetch' op lane \[1\] accesses element 64 outside memref '%s' of shape \[64\]",
    ),
    (
        "%off = arith.constant dense<[-1, 0]> : vector<2xindex>\n"
        "    xegpu.prefetch %s[%off] : memref<64xf32>, vector<2xindex>",
        r"'xegpu.prefetch' op lane \[0\] accesses element -1 outside memref '%s'",
    ),
]


@pytest.mark.parametrize(("body", "message"), PREFETCH_ERRORS)
def test_prefetches_are_checked_like_loads(body: str, message: str) -> None:
    src = kernel("%a: memref<16x16xf32>, %s: memref<64xf32>", "    " + body)
    with pytest.raises(InterpError, match=message):
        run_kernel(wgdist.parse(src), [np.zeros((16, 16)), np.zeros(64)])


FENCED = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %slm = memref.alloc() : memref<4xi32, 3>
    %x = arith.index_cast %sg : index to i32
    memref.store %x, %slm[%sg] : memref<4xi32, 3>
    xegpu.fence memory_kind = slm, fence_scope = workgroup
    gpu.barrier
    %n0 = arith.addi %sg, %c1 : index
    %n = arith.remui %n0, %c4 : index
    %y = memref.load %slm[%n] : memref<4xi32, 3>
    memref.store %y, %o[%sg] : memref<4xi32>
    xegpu.fence memory_kind = global, fence_scope = gpu
    gpu.return
  }
}
"""


def test_fence_is_a_no_op_between_subgroups_synchronized_by_a_barrier() -> None:
    r = run_kernel(wgdist.parse(FENCED), [np.zeros(4)], subgroups=4)
    assert r.buffers[0].data.tolist() == [1, 2, 3, 0]
    wg_only = kernel("%o: memref<1xf32>", "    xegpu.fence memory_kind = global, fence_scope = workgroup")
    r = run_kernel(wgdist.parse(wg_only), [np.zeros(1)])
    assert r.ops >= 2 and not r.buffers[0].n_writes.any()
