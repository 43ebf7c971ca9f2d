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
