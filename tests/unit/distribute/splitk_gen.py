"""Seeded random split-K dpas kernels (layouts-spec 1.9) whose A and B tiles multiply inside
each subgroup: the K coordinate of A's grid and of B's grid is the same part of the subgroup
id, and one of M and N is held whole (or the grid has no room for it), so that every
``(m, n, K group)`` partial is computed somewhere.

A ``[r, g]`` splits K ``g`` ways along its second grid dim (wrapping over several K tiles, or
sharing them when the K tiles are fewer than ``g``); B ``[g, r]`` splits K along its first grid
dim, with the order that makes its K coordinate A's. ``share`` says which of M (A holds all
rows, its ``r`` grid rows share them) and N (B holds all columns) is whole; the other is split
over the ``r`` grid positions, wrapping or sharing. C's layout is drawn independently (any valid
split of ``M x N`` over the same subgroups), the accumulator is loaded from memory (non-zero) or
absent, or loaded under another layout; the kernel may run inside an ``scf.for`` over K chunks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wgdist.layout import Layout, distribution_errors

ELEMENTS = {"f16": "f32", "bf16": "f32", "i8": "i32"}


@dataclass(frozen=True)
class SplitKKernel:
    text: str
    a: Layout
    b: Layout
    c: Layout
    shape: tuple[int, int, int]  # M, N, K of one dpas
    elt: str
    loop: int  # K chunks of the scf.for (0: no loop)
    acc: str  # "loaded", "none", "other"

    @property
    def groups(self) -> int:
        """The number of K groups (distinct K tile sets)."""
        assert self.a.sg_data is not None and self.a.sg_layout is not None
        return min(self.shape[2] // self.a.sg_data[1], self.a.sg_layout[1])


def _text(layout: Layout) -> str:
    assert layout.sg_layout is not None and layout.sg_data is not None
    order = f", order = {list(layout.order)}" if layout.order is not None else ""
    return f"#xegpu.layout<sg_layout = {list(layout.sg_layout)}, sg_data = {list(layout.sg_data)}{order}>"


def _split(rng: random.Random, grid: int, tile: int) -> int:
    """An extent for ``grid`` subgroups over tiles of ``tile``: wrap (2 rounds), one round, or
    sharing (fewer tiles than subgroups)."""
    choices = [grid * tile, 2 * grid * tile]
    choices += [t * tile for t in range(1, grid) if grid % t == 0]
    return rng.choice(choices)


def _any_layout(rng: random.Random, shape: tuple[int, int], subgroups: int) -> Layout:
    while True:
        l0 = rng.choice([d for d in (1, 2, 4, 8) if subgroups % d == 0])
        lay = (l0, subgroups // l0)
        data = tuple(rng.choice([d for d in (8, 16, 32, 64) if n % d == 0]) for n in shape)
        order = rng.choice([None, (0, 1)])
        cand = Layout(lay, data, order=order)
        if not distribution_errors(shape, cand):
            return cand


def generate(seed: int, *, elt: str | None = None, subgroups: int | None = None, loop: bool | None = None) -> SplitKKernel:
    rng = random.Random(seed)
    S = subgroups or rng.choice([2, 4, 8])
    g = rng.choice([x for x in (2, 4) if S % x == 0])
    r = S // g
    elt = elt or rng.choice(sorted(ELEMENTS))
    k_tile = rng.choice([8, 16]) if elt != "i8" else rng.choice([16, 32])
    # K: wrap (2 tiles per subgroup), one each, or sharing (fewer tiles than the g positions, > 1)
    kt = rng.choice([g, 2 * g] + ([g // 2] if g == 4 else []))
    K = kt * k_tile
    mt, nt = rng.choice([16, 32]), rng.choice([16, 32])
    share = "m" if r > 1 and rng.random() < 0.5 else "n"
    if share == "m":  # A holds all rows; B's columns split over the r grid positions
        M = rng.choice([mt, 2 * mt])
        N = _split(rng, r, nt)
        a_data, b_data = (M, k_tile), (k_tile, nt)
    else:
        M = _split(rng, r, mt)
        N = rng.choice([nt, 2 * nt])
        a_data, b_data = (mt, k_tile), (k_tile, N)
    a_fast_k = rng.random() < 0.5  # K the fastest part of the id (A order [1, 0]) or the slowest
    a = Layout((r, g), a_data, order=None if a_fast_k else (0, 1))
    b = Layout((g, r), b_data, order=(0, 1) if a_fast_k else None)
    c = _any_layout(rng, (M, N), S)
    for shape, lay in (((M, K), a), ((K, N), b), ((M, N), c)):
        assert not distribution_errors(shape, lay), (shape, lay)
    use_loop = rng.random() < 0.4 if loop is None else loop
    acc = rng.choice(["loaded", "loaded", "none", "other"])
    if use_loop and acc == "other":  # an scf.for init value carries the loop result's layout
        acc = "loaded"
    other = _any_layout(rng, (M, N), S) if acc == "other" else c
    text = kernel_text(a, b, c, other, (M, N, K), elt, 2 if use_loop else 0, acc)
    return SplitKKernel(text, a, b, c, (M, N, K), elt, 2 if use_loop else 0, acc)


def kernel_text(a: Layout, b: Layout, c: Layout, acc_layout: Layout, shape: tuple[int, int, int], elt: str,
                loop: int, acc: str) -> str:
    M, N, K = shape
    out = ELEMENTS[elt]
    KT = K * max(loop, 1)
    la, lb, lc, lo = _text(a), _text(b), _text(c), _text(acc_layout)
    head = [
        f"func.func @splitk(%pa: memref<{M}x{KT}x{elt}>, %pb: memref<{KT}x{N}x{elt}>, %pc: memref<{M}x{N}x{out}>) {{",
        f"  %ta = xegpu.create_nd_tdesc %pa : memref<{M}x{KT}x{elt}> -> !xegpu.tensor_desc<{M}x{K}x{elt}, {la}>",
        f"  %tb = xegpu.create_nd_tdesc %pb : memref<{KT}x{N}x{elt}> -> !xegpu.tensor_desc<{K}x{N}x{elt}, {lb}>",
        f"  %tc = xegpu.create_nd_tdesc %pc : memref<{M}x{N}x{out}> -> !xegpu.tensor_desc<{M}x{N}x{out}, {lc}>",
    ]
    vt = f"vector<{M}x{N}x{out}>"
    if acc == "none" and loop:
        init = f"  %c0v = arith.constant {{layout_result_0 = {lc}}} dense<0{'.0' if out == 'f32' else ''}> : {vt}"
        head.append(init)
        acc_value = "%c0v"
    elif acc == "none":
        acc_value = ""
    else:
        if acc == "other":
            head.append(f"  %to = xegpu.create_nd_tdesc %pc : memref<{M}x{N}x{out}> -> !xegpu.tensor_desc<{M}x{N}x{out}, {lo}>")
            head.append(f"  %vc = xegpu.load_nd %to[0, 0] <{{layout = {lo}}}> : !xegpu.tensor_desc<{M}x{N}x{out}, {lo}> -> {vt}")
        else:
            head.append(f"  %vc = xegpu.load_nd %tc[0, 0] <{{layout = {lc}}}> : !xegpu.tensor_desc<{M}x{N}x{out}, {lc}> -> {vt}")
        acc_value = "%vc"

    def body(k: str, acc_in: str, res: str, ind: str) -> list[str]:
        dpas_acc = "" if (acc == "none" and not loop) else f", {acc_in}"
        acc_type = "" if (acc == "none" and not loop) else f", {vt}"
        return [
            f"{ind}%va = xegpu.load_nd %ta[0, {k}] <{{layout = {la}}}> : !xegpu.tensor_desc<{M}x{K}x{elt}, {la}> -> vector<{M}x{K}x{elt}>",
            f"{ind}%vb = xegpu.load_nd %tb[{k}, 0] <{{layout = {lb}}}> : !xegpu.tensor_desc<{K}x{N}x{elt}, {lb}> -> vector<{K}x{N}x{elt}>",
            f"{ind}{res} = xegpu.dpas %va, %vb{dpas_acc} {{layout_a = {la}, layout_b = {lb}, layout_cd = {lc}}} : "
            f"vector<{M}x{K}x{elt}>, vector<{K}x{N}x{elt}>{acc_type} -> {vt}",
        ]

    if loop:
        lines = head + [
            "  %c0 = arith.constant 0 : index",
            f"  %cs = arith.constant {K} : index",
            f"  %ce = arith.constant {KT} : index",
            f"  %r = scf.for %k = %c0 to %ce step %cs iter_args(%acc = {acc_value}) -> ({vt}) {{",
            *body("%k", "%acc", "%d", "    "),
            f"    scf.yield %d : {vt}",
            f"  }} {{layout_result_0 = {lc}}}",
        ]
        result = "%r"
    else:
        lines = head + body("0", acc_value, "%d", "  ")
        result = "%d"
    lines += [
        f"  xegpu.store_nd {result}, %tc[0, 0] <{{layout = {lc}}}> : {vt}, !xegpu.tensor_desc<{M}x{N}x{out}, {lc}>",
        "  func.return",
        "}",
    ]
    return "\n".join(lines) + "\n"
