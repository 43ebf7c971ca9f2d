"""Interpreter: 16- and 8-bit element types (bf16 is 16 bits even though float32 holds its
values): packed loads, shared local memory seen through other element types, bitcasts, dpas.
References are numpy written here."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IndexType, IntegerType

import wgdist
from wgdist.interp import run_kernel
from wgdist.interp.elements import bf16_bits, bit_width, round_bf16


def kernel(params: str, body: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({params}) kernel {{\n{body}\n    gpu.return\n  }}\n}}"


def td(shape: str) -> str:
    return f"!xegpu.tensor_desc<{shape}>"


def bf16(a: np.ndarray) -> np.ndarray:
    """bf16 values held as float32, rounded here with integer arithmetic (ties to even)."""
    bits = np.asarray(a, np.float32).view(np.uint32).astype(np.uint64)
    lsb = (bits >> 16) & 1
    return (((bits + 0x7FFF + lsb) >> 16) << 16).astype(np.uint32).view(np.float32)


def hi16(a: np.ndarray) -> np.ndarray:
    """The bf16 bit patterns of exact bf16 values: the upper half of their float32 bits."""
    return (np.asarray(a, np.float32).view(np.uint32) >> 16).astype(np.uint16)


RNG = np.random.default_rng(11)


def test_bit_widths() -> None:
    widths = [bit_width(t) for t in (BFloat16Type(), Float16Type(), Float32Type(), IndexType(), IntegerType(8), IntegerType(1))]
    assert widths == [16, 16, 32, 64, 8, 1]


def test_narrowing_to_bf16_rounds_to_nearest_even() -> None:
    # 1 + 2^-8 is halfway between 1 and the next bf16 (1 + 2^-7): ties go to the even pattern
    x = np.array([0x3F808000, 0x3F818000, 0x3F808001, 0x3F807FFF, 0xBF808000, 0x7F800001], np.uint32).view(np.float32)
    assert bf16_bits(x).tolist() == [0x3F80, 0x3F82, 0x3F81, 0x3F80, 0xBF80, 0x7FC0]


@pytest.mark.parametrize(("t", "pack"), [("bf16", 2), ("f16", 2), ("i8", 4)])
def test_packed_load_nd_packs_32_bits_along_rows(t: str, pack: int) -> None:
    rows, cols = 16, 16
    src = kernel(
        f"%a: memref<{rows}x{cols}x{t}>, %o: memref<{rows // pack}x{cols}x{pack}x{t}>",
        f"""
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a : memref<{rows}x{cols}x{t}> -> {td(f'{rows}x{cols}x{t}')}
    %p = xegpu.load_nd %ta[0, 0] <{{packed}}> : {td(f'{rows}x{cols}x{t}')} -> vector<{rows // pack}x{cols}x{pack}x{t}>
    vector.store %p, %o[%c0, %c0, %c0] : memref<{rows // pack}x{cols}x{pack}x{t}>, vector<{rows // pack}x{cols}x{pack}x{t}>""",
    )
    if t == "i8":
        a = RNG.integers(-128, 128, (rows, cols)).astype(np.int8)
    else:
        a = RNG.uniform(-1, 1, (rows, cols)).astype(np.float16 if t == "f16" else np.float32)
        a = bf16(a) if t == "bf16" else a
    r = run_kernel(wgdist.parse(src), [a, np.zeros((rows // pack, cols, pack))])
    got = r.buffers[1].data.reshape(rows // pack, cols, pack)
    for k in range(rows):
        for n in range(cols):
            assert got[k // pack, n, k % pack] == a[k, n]


def test_bf16_mem_desc_on_an_i8_buffer_uses_two_bytes_per_element() -> None:
    # 8x16 bf16 = 256 bytes: the whole i8 buffer. The same bytes read back as i16 and as i8 are
    # the bf16 bit patterns (little-endian).
    src = kernel(
        "%a: memref<8x16xbf16>, %o: memref<8x16xbf16>, %w: memref<128xi16>, %b: memref<256xi8>",
        """
    %c0 = arith.constant 0 : index
    %slm = memref.alloc() : memref<256xi8, 3>
    %md = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<8x16xbf16>
    %v = vector.load %a[%c0, %c0] : memref<8x16xbf16>, vector<8x16xbf16>
    xegpu.store_matrix %v, %md[0, 0] : vector<8x16xbf16>, !xegpu.mem_desc<8x16xbf16>
    %back = xegpu.load_matrix %md[0, 0] : !xegpu.mem_desc<8x16xbf16> -> vector<8x16xbf16>
    vector.store %back, %o[%c0, %c0] : memref<8x16xbf16>, vector<8x16xbf16>
    %m16 = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<128xi16>
    %words = xegpu.load_matrix %m16[0] : !xegpu.mem_desc<128xi16> -> vector<128xi16>
    vector.store %words, %w[%c0] : memref<128xi16>, vector<128xi16>
    %m8 = xegpu.create_mem_desc %slm : memref<256xi8, 3> -> !xegpu.mem_desc<256xi8>
    %bytes = xegpu.load_matrix %m8[0] : !xegpu.mem_desc<256xi8> -> vector<256xi8>
    vector.store %bytes, %b[%c0] : memref<256xi8>, vector<256xi8>""",
    )
    a = bf16(RNG.uniform(-4, 4, (8, 16)))
    r = run_kernel(wgdist.parse(src), [a, np.zeros((8, 16)), np.zeros(128), np.zeros(256)])
    assert np.array_equal(r.buffers[1].data.reshape(8, 16), a)
    pattern = hi16(a).reshape(-1)
    assert r.buffers[2].data.view(np.uint16).tolist() == pattern.tolist()
    lo, hi = pattern & 0xFF, pattern >> 8
    assert r.buffers[3].data.view(np.uint8).tolist() == np.stack([lo, hi], axis=1).reshape(-1).tolist()


def test_a_bf16_slm_buffer_seen_as_bytes_and_as_i16() -> None:
    # a bf16 memref in SLM: i16 written through a mem_desc become bf16 values of the memref, and
    # its bytes read through an i8 mem_desc are the bf16 patterns
    src = kernel(
        "%x: memref<16xi16>, %o: memref<16xbf16>, %b: memref<32xi8>",
        """
    %c0 = arith.constant 0 : index
    %slm = memref.alloc() : memref<16xbf16, 3>
    %m16 = xegpu.create_mem_desc %slm : memref<16xbf16, 3> -> !xegpu.mem_desc<16xi16>
    %vx = vector.load %x[%c0] : memref<16xi16>, vector<16xi16>
    xegpu.store_matrix %vx, %m16[0] : vector<16xi16>, !xegpu.mem_desc<16xi16>
    %v = vector.load %slm[%c0] : memref<16xbf16, 3>, vector<16xbf16>
    vector.store %v, %o[%c0] : memref<16xbf16>, vector<16xbf16>
    %m8 = xegpu.create_mem_desc %slm : memref<16xbf16, 3> -> !xegpu.mem_desc<32xi8>
    %bytes = xegpu.load_matrix %m8[0] : !xegpu.mem_desc<32xi8> -> vector<32xi8>
    vector.store %bytes, %b[%c0] : memref<32xi8>, vector<32xi8>""",
    )
    vals = bf16(RNG.uniform(-8, 8, 16))
    x = hi16(vals).view(np.int16)
    r = run_kernel(wgdist.parse(src), [x, np.zeros(16), np.zeros(32)])
    assert np.array_equal(r.buffers[1].data, vals)
    pattern = x.view(np.uint16)
    want = np.stack([pattern & 0xFF, pattern >> 8], axis=1).reshape(-1)
    assert r.buffers[2].data.view(np.uint8).tolist() == want.tolist()


def test_i8_written_through_a_mem_desc_on_a_bf16_buffer() -> None:
    src = kernel(
        "%x: memref<8xi8>, %o: memref<4xbf16>",
        """
    %c0 = arith.constant 0 : index
    %slm = memref.alloc() : memref<4xbf16, 3>
    %m8 = xegpu.create_mem_desc %slm : memref<4xbf16, 3> -> !xegpu.mem_desc<8xi8>
    %vx = vector.load %x[%c0] : memref<8xi8>, vector<8xi8>
    xegpu.store_matrix %vx, %m8[0] : vector<8xi8>, !xegpu.mem_desc<8xi8>
    %v = vector.load %slm[%c0] : memref<4xbf16, 3>, vector<4xbf16>
    vector.store %v, %o[%c0] : memref<4xbf16>, vector<4xbf16>""",
    )
    vals = bf16(np.array([1.5, -2.25, 1e-3, 300.0]))
    x = hi16(vals).view(np.int8)
    r = run_kernel(wgdist.parse(src), [x, np.zeros(4)])
    assert np.array_equal(r.buffers[1].data, vals)


def test_arith_bitcast_between_bf16_and_16_bit_types() -> None:
    src = kernel(
        "%a: memref<8xbf16>, %o: memref<8xi16>, %h: memref<8xf16>, %back: memref<8xbf16>, %s: memref<1xi16>",
        """
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0] : memref<8xbf16>, vector<8xbf16>
    %i = arith.bitcast %v : vector<8xbf16> to vector<8xi16>
    vector.store %i, %o[%c0] : memref<8xi16>, vector<8xi16>
    %f = arith.bitcast %i : vector<8xi16> to vector<8xf16>
    vector.store %f, %h[%c0] : memref<8xf16>, vector<8xf16>
    %b = arith.bitcast %f : vector<8xf16> to vector<8xbf16>
    vector.store %b, %back[%c0] : memref<8xbf16>, vector<8xbf16>
    %x = memref.load %a[%c0] : memref<8xbf16>
    %xi = arith.bitcast %x : bf16 to i16
    memref.store %xi, %s[%c0] : memref<1xi16>""",
    )
    a = bf16(np.linspace(-2, 2, 8))
    r = run_kernel(wgdist.parse(src), [a, np.zeros(8), np.zeros(8), np.zeros(8), np.zeros(1)])
    pattern = hi16(a)
    assert r.buffers[1].data.view(np.uint16).tolist() == pattern.tolist()
    assert r.buffers[2].data.view(np.uint16).tolist() == pattern.tolist()
    assert np.array_equal(r.buffers[3].data, a)
    assert r.buffers[4].data.view(np.uint16).tolist() == [pattern[0]]


def test_truncf_to_bf16_then_bitcast_shows_the_rounded_pattern() -> None:
    src = kernel(
        "%a: memref<4xf32>, %o: memref<4xi16>",
        """
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0] : memref<4xf32>, vector<4xf32>
    %t = arith.truncf %v : vector<4xf32> to vector<4xbf16>
    %i = arith.bitcast %t : vector<4xbf16> to vector<4xi16>
    vector.store %i, %o[%c0] : memref<4xi16>, vector<4xi16>""",
    )
    x = np.array([0x3F808000, 0x3F818000, 0x3F808001, 0xC0490FDB], np.uint32).view(np.float32)
    r = run_kernel(wgdist.parse(src), [x, np.zeros(4)])
    assert r.buffers[1].data.view(np.uint16).tolist() == [0x3F80, 0x3F82, 0x3F81, 0xC049]


def test_vector_bitcast_changes_the_element_count_by_bit_width() -> None:
    src = kernel(
        "%a: memref<8xbf16>, %o: memref<4xi32>, %back: memref<8xbf16>, %bytes: memref<16xi8>",
        """
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0] : memref<8xbf16>, vector<8xbf16>
    %w = vector.bitcast %v : vector<8xbf16> to vector<4xi32>
    vector.store %w, %o[%c0] : memref<4xi32>, vector<4xi32>
    %b = vector.bitcast %w : vector<4xi32> to vector<8xbf16>
    vector.store %b, %back[%c0] : memref<8xbf16>, vector<8xbf16>
    %y = vector.bitcast %v : vector<8xbf16> to vector<16xi8>
    vector.store %y, %bytes[%c0] : memref<16xi8>, vector<16xi8>""",
    )
    a = bf16(RNG.uniform(-3, 3, 8))
    r = run_kernel(wgdist.parse(src), [a, np.zeros(4), np.zeros(8), np.zeros(16)])
    pattern = hi16(a)
    assert r.buffers[1].data.view(np.uint32).tolist() == pattern.view(np.uint32).tolist()
    assert np.array_equal(r.buffers[2].data, a)
    assert r.buffers[3].data.view(np.uint8).tolist() == pattern.view(np.uint8).tolist()


def dpas_kernel(at: str, ct: str, m: int, k: int, n: int, packed: bool, acc: bool) -> str:
    pack = 32 // {"i8": 8, "bf16": 16, "f16": 16}[at]
    bshape = f"{k // pack}x{n}x{pack}" if packed else f"{k}x{n}"
    params = f"%a: memref<{m}x{k}x{at}>, %b: memref<{k}x{n}x{at}>, %c: memref<{m}x{n}x{ct}>, %o: memref<{m}x{n}x{ct}>"
    acc_in = ", %vc" if acc else ""
    acc_t = f", vector<{m}x{n}x{ct}>" if acc else ""
    return kernel(
        params,
        f"""
    %c0 = arith.constant 0 : index
    %va = vector.load %a[%c0, %c0] : memref<{m}x{k}x{at}>, vector<{m}x{k}x{at}>
    %tb = xegpu.create_nd_tdesc %b : memref<{k}x{n}x{at}> -> {td(f'{k}x{n}x{at}')}
    %vb = xegpu.load_nd %tb[0, 0] {'<{packed}>' if packed else ''} : {td(f'{k}x{n}x{at}')} -> vector<{bshape}x{at}>
    %vc = vector.load %c[%c0, %c0] : memref<{m}x{n}x{ct}>, vector<{m}x{n}x{ct}>
    %d = xegpu.dpas %va, %vb{acc_in} : vector<{m}x{k}x{at}>, vector<{bshape}x{at}>{acc_t} -> vector<{m}x{n}x{ct}>
    vector.store %d, %o[%c0, %c0] : memref<{m}x{n}x{ct}>, vector<{m}x{n}x{ct}>""",
    )


@pytest.mark.parametrize("packed", [False, True])
@pytest.mark.parametrize("acc", [False, True])
def test_dpas_i8_accumulates_exactly_in_i32(packed: bool, acc: bool) -> None:
    a = RNG.integers(-128, 128, (8, 32)).astype(np.int8)
    b = RNG.integers(-128, 128, (32, 16)).astype(np.int8)
    c = RNG.integers(-(2**20), 2**20, (8, 16)).astype(np.int32)
    r = run_kernel(wgdist.parse(dpas_kernel("i8", "i32", 8, 32, 16, packed, acc)), [a, b, c, np.zeros((8, 16))])
    want = a.astype(np.int64) @ b.astype(np.int64) + (c if acc else 0)
    assert r.buffers[3].data.reshape(8, 16).tolist() == want.tolist()


@pytest.mark.parametrize("packed", [False, True])
def test_dpas_bf16_into_f32(packed: bool) -> None:
    a = bf16(RNG.uniform(-1, 1, (8, 16)))
    b = bf16(RNG.uniform(-1, 1, (16, 16)))
    c = RNG.uniform(-1, 1, (8, 16)).astype(np.float32)
    r = run_kernel(wgdist.parse(dpas_kernel("bf16", "f32", 8, 16, 16, packed, True)), [a, b, c, np.zeros((8, 16))])
    want = a.astype(np.float64) @ b.astype(np.float64) + c
    assert np.allclose(r.buffers[3].data.reshape(8, 16), want, rtol=1e-6, atol=1e-5)


def test_dpas_bf16_result_is_rounded_to_bf16() -> None:
    a = bf16(RNG.uniform(-1, 1, (8, 16)))
    b = bf16(RNG.uniform(-1, 1, (16, 16)))
    c = bf16(RNG.uniform(-1, 1, (8, 16)))
    r = run_kernel(wgdist.parse(dpas_kernel("bf16", "bf16", 8, 16, 16, False, True)), [a, b, c, np.zeros((8, 16))])
    got = r.buffers[3].data.reshape(8, 16)
    want = bf16((a.astype(np.float64) @ b.astype(np.float64) + c).astype(np.float32))
    assert np.array_equal(got, round_bf16(got))
    assert np.allclose(got, want, rtol=2**-7, atol=2**-8)


def test_bf16_arguments_are_rounded_on_entry() -> None:
    src = kernel(
        "%a: memref<3xbf16>, %o: memref<3xi16>",
        """
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0] : memref<3xbf16>, vector<3xbf16>
    %i = arith.bitcast %v : vector<3xbf16> to vector<3xi16>
    vector.store %i, %o[%c0] : memref<3xi16>, vector<3xi16>""",
    )
    x = np.array([0x3F808000, 0x3F818000, 0x3F808001], np.uint32).view(np.float32)
    r = run_kernel(wgdist.parse(src), [x, np.zeros(3)])
    assert r.buffers[0].data.view(np.uint32).tolist() == [0x3F800000, 0x3F820000, 0x3F810000]
    assert r.buffers[1].data.view(np.uint16).tolist() == [0x3F80, 0x3F82, 0x3F81]
