"""Random valid workgroup-level kernels for checking xegpu-wg-to-sg-distribute on the interpreter.

:func:`generate` builds one kernel from a seed: a family (GEMM with a K loop and prefetch, bias +
activation, reductions, softmax, transpose, shape_cast, strided slices, store-then-reload,
masks, 1-D / 2-D / 3-D values, bitcast, gather/scatter with offsets and masks (chunked and not),
load_matrix/store_matrix through an SLM ``mem_desc``, ``scf.if`` on a uniform condition and in
the ``sg_id_range`` form, dynamic offsets from block ids and loop ivs, layouts carrying
``inst_data``/``lane_*`` fields, interleave/deinterleave), an element type (f16, bf16, f32, i32 where the family allows),
shapes and layouts drawn so that the layout model accepts them (wrap, sharing or both, either
order), and either anchors only (layouts on the memory ops and dpas; the pipeline runs
``xegpu-propagate-layout`` first) or every value annotated (``layout_result_0`` everywhere; the
pass runs alone). :func:`classify` runs one kernel: ``agree`` (the distributed program computes
what the WG program computes, ``wgdist.check``), ``refused`` (a located error from the
pipeline; the message is kept), ``invalid`` (the generator made IR the verifier rejects before
any pass: a generator bug), or ``DISAGREE`` (a miscompile).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from math import prod

from xdsl.utils.exceptions import ParseError

import wgdist
from wgdist.ir.diagnostics import DiagnosticException
from wgdist.layout import Layout, distribution_errors

DIST = "xegpu-wg-to-sg-distribute"
PROP = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"
FAMILIES = (
    "gemm", "bias_act", "reduction", "softmax", "transpose", "shape_cast", "extract", "insert",
    "reload", "mask", "one_d", "three_d", "bitcast", "gather", "matrix", "if_uniform",
    "if_sg_range", "dyn_offsets", "lanes", "interleave",
)


@dataclass(frozen=True)
class Kernel:
    family: str
    text: str
    pipeline: str
    func: str
    grid: tuple[int, ...] | None = None


# ---- layouts ---------------------------------------------------------------------------------------
def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def _grid(rng: random.Random, s: int, rank: int) -> list[int]:
    """A grid of ``s`` subgroups over ``rank`` dims."""
    out = [1] * rank
    rest = s
    while rest > 1:
        f = 2
        out[rng.randrange(rank)] *= f
        rest //= f
    return out


def llvm22_distributable(shape: list[int], lay: list[int], data: list[int]) -> bool:
    """LLVM 22's tensor_desc rule (upstream-llvm22.md 1.4): per dim ``P = n / L`` (or ``n`` when
    ``L`` is a multiple of ``n``), then ``P % D == 0`` in every dim (round-robin) or ``D % P ==
    0`` in every dim (sharing): wrap in one dim and sharing in another is rejected."""
    per: list[int] = []
    for n, L in zip(shape, lay):
        if n % L and L % n:
            return False
        per.append(n // L if n % L == 0 else n)
    return all(p % d == 0 for p, d in zip(per, data)) or all(d % p == 0 for p, d in zip(per, data))


def layout(rng: random.Random, shape: list[int], s: int, tries: int = 50, llvm22: bool = False) -> str:
    """A layout with ``s`` subgroups that the layout model accepts for ``shape`` (``llvm22``:
    one LLVM 22 accepts on a tensor_desc too, no wrap/sharing mix)."""
    for _ in range(tries):
        lay = _grid(rng, s, len(shape))
        data: list[int] = []
        for n, L in zip(shape, lay):
            ok = [d for d in _divisors(n) if d >= min(n, 4) or d == n
                  if (n // d) % L == 0 or L % (n // d) == 0]
            data.append(rng.choice(ok) if ok else n)
        order = list(range(len(shape)))[::-1]
        if len(shape) > 1 and rng.random() < 0.3:
            rng.shuffle(order)
        model = Layout(sg_layout=tuple(lay), sg_data=tuple(data), order=tuple(order))
        if prod(data) > 4096 or distribution_errors(tuple(shape), model):
            continue
        if llvm22 and not llvm22_distributable(shape, lay, data):
            continue
        o = "" if order == list(range(len(shape)))[::-1] else f", order = {order}"
        return f"#xegpu.layout<sg_layout = {lay}, sg_data = {data}{o}>"
    return f"#xegpu.layout<sg_layout = {[1] * (len(shape) - 1) + [s]}, sg_data = {shape[:-1] + [shape[-1] // s]}>"


# ---- text helpers ----------------------------------------------------------------------------------
def _v(shape: list[int], elt: str) -> str:
    return f"vector<{'x'.join(map(str, shape))}x{elt}>"


def _m(shape: list[int], elt: str) -> str:
    return f"memref<{'x'.join(map(str, shape))}x{elt}>"


class _Body:
    """Kernel text with optional ``layout_result_0`` annotations."""

    def __init__(self, annotate: bool) -> None:
        self.lines: list[str] = []
        self.annotate = annotate
        self.n = 0

    def name(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def res(self, lay: str) -> str:
        return f"layout_result_0 = {lay}" if self.annotate else ""

    def attrs(self, lay: str, extra: str = "") -> str:
        parts = [p for p in (extra, self.res(lay)) if p]
        return " {" + ", ".join(parts) + "}" if parts else ""

    def load(self, mem: str, shape: list[int], elt: str, lay: str, offs: str | None = None) -> str:
        t, v = self.name(), self.name()
        td = f"!xegpu.tensor_desc<{'x'.join(map(str, shape))}x{elt}, {lay}>"
        o = offs or ", ".join(["0"] * len(shape))
        self.lines.append(f"{t} = xegpu.create_nd_tdesc {mem} : {_m(self.mem_shape[mem], elt)} -> {td}")
        self.lines.append(f"{v} = xegpu.load_nd {t}[{o}] <{{layout = {lay}}}> : {td} -> {_v(shape, elt)}")
        return v

    def store(self, val: str, mem: str, shape: list[int], elt: str, lay: str) -> None:
        t = self.name()
        td = f"!xegpu.tensor_desc<{'x'.join(map(str, shape))}x{elt}, {lay}>"
        self.lines.append(f"{t} = xegpu.create_nd_tdesc {mem} : {_m(self.mem_shape[mem], elt)} -> {td}")
        zeros = ", ".join(["0"] * len(shape))
        self.lines.append(f"xegpu.store_nd {val}, {t}[{zeros}] <{{layout = {lay}}}> : {_v(shape, elt)}, {td}")

    def op(self, text: str, lay: str, tail: str, extra: str = "", after: str = "") -> str:
        v = self.name()
        self.lines.append(f"{v} = {text}{self.attrs(lay, extra)}{after} : {tail}")
        return v

    def const(self, value: str, shape: list[int], elt: str, lay: str) -> str:
        v = self.name()
        a = self.attrs(lay)
        self.lines.append(f"{v} = arith.constant{a} dense<{value}> : {_v(shape, elt)}")
        return v

    mem_shape: dict[str, list[int]]


def _func(name: str, params: list[tuple[str, list[int], str]], body: _Body) -> str:
    """A ``func.func``; a parameter with an empty shape is a scalar of its type (``index``)."""
    sig = ", ".join(f"{p}: {_m(s, e) if s else e}" for p, s, e in params)
    inner = "\n".join("  " + ln for ln in body.lines)
    return f"func.func @{name}({sig}) {{\n{inner}\n  func.return\n}}\n"


def _new_body(annotate: bool, params: list[tuple[str, list[int], str]]) -> _Body:
    b = _Body(annotate)
    b.mem_shape = {p: s for p, s, _ in params}
    return b


def _arith(elt: str) -> tuple[str, str, str]:
    """(add, max, mul) op names for ``elt``."""
    if elt == "i32":
        return "arith.addi", "arith.maxsi", "arith.muli"
    return "arith.addf", "arith.maximumf", "arith.mulf"


def _zero(elt: str) -> str:
    return "0" if elt == "i32" else "0.0"


# ---- families --------------------------------------------------------------------------------------
def _shape2(rng: random.Random) -> list[int]:
    return [rng.choice([8, 16, 32, 64]), rng.choice([16, 32, 64])]


def _bias_act(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    lay = layout(rng, shp, s)
    params = [("%x", shp, elt), ("%b", shp, elt), ("%y", shp, elt)]
    b = _new_body(ann, params)
    add, mx, _ = _arith(elt)
    x = b.load("%x", shp, elt, lay)
    y = b.load("%b", shp, elt, layout(rng, shp, s) if not ann or rng.random() < 0.5 else lay)
    t = b.op(f"{add} {x}, {y}", lay, _v(shp, elt))
    z = b.const(_zero(elt), shp, elt, lay)
    r = b.op(f"{mx} {t}, {z}", lay, _v(shp, elt))
    b.store(r, "%y", shp, elt, layout(rng, shp, s) if not ann else lay)
    return "bias_act", _func("k", params, b)


def _gemm(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    m, n = rng.choice([32, 64, 128]), rng.choice([32, 64, 128])
    kstep = rng.choice([16, 32])
    k = kstep * rng.choice([1, 2, 4])
    lc = layout(rng, [m, n], s)
    g = re.search(r"sg_layout = \[(\d+), (\d+)\], sg_data = \[(\d+), (\d+)\](.*)>", lc)
    assert g is not None
    L0, L1, dm, dn, rest = int(g[1]), int(g[2]), int(g[3]), int(g[4]), g[5]
    kd = rng.choice([d for d in _divisors(kstep) if d >= 8 and ((kstep // d) % L1 == 0 or L1 % (kstep // d) == 0)
                     and ((kstep // d) % L0 == 0 or L0 % (kstep // d) == 0)] or [kstep])
    la = f"#xegpu.layout<sg_layout = [{L0}, {L1}], sg_data = [{dm}, {kd}]{rest}>"
    lb = f"#xegpu.layout<sg_layout = [{L0}, {L1}], sg_data = [{kd}, {dn}]{rest}>"
    params = [("%a", [m, k], "f16"), ("%b", [k, n], "f16"), ("%c", [m, n], "f32")]
    b = _new_body(ann, params)
    ta = f"!xegpu.tensor_desc<{m}x{kstep}xf16, {la}>"
    tb = f"!xegpu.tensor_desc<{kstep}x{n}xf16, {lb}>"
    b.lines += [
        "%c0 = arith.constant 0 : index",
        f"%cs = arith.constant {kstep} : index",
        f"%ck = arith.constant {k} : index",
        f"%ta = xegpu.create_nd_tdesc %a : {_m([m, k], 'f16')} -> {ta}",
        f"%tb = xegpu.create_nd_tdesc %b : {_m([k, n], 'f16')} -> {tb}",
        f"xegpu.prefetch_nd %ta[0, 0] <{{layout = {la}}}> : {ta}",
    ]
    z = b.const("0.0", [m, n], "f32", lc)
    fl = f" {{layout_result_0 = {lc}}}" if ann else ""
    b.lines += [
        f"%r = scf.for %kk = %c0 to %ck step %cs iter_args(%acc = {z}) -> ({_v([m, n], 'f32')}) {{",
        f"  %va = xegpu.load_nd %ta[0, %kk] <{{layout = {la}}}> : {ta} -> {_v([m, kstep], 'f16')}",
        f"  %vb = xegpu.load_nd %tb[%kk, 0] <{{layout = {lb}}}> : {tb} -> {_v([kstep, n], 'f16')}",
        f"  %d = xegpu.dpas %va, %vb, %acc {{layout_a = {la}, layout_b = {lb}, layout_cd = {lc}}} : "
        f"{_v([m, kstep], 'f16')}, {_v([kstep, n], 'f16')}, {_v([m, n], 'f32')} -> {_v([m, n], 'f32')}",
        f"  scf.yield %d : {_v([m, n], 'f32')}",
        f"}}{fl}",
    ]
    b.store("%r", "%c", [m, n], "f32", lc)
    return "gemm", _func("k", params, b)


def _reduction(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    dim = rng.choice([0, 1])
    lay = layout(rng, shp, s)
    out = [shp[1 - dim]]
    rl = f"#xegpu.slice<{lay}, dims = [{dim}]>"
    if ann and rng.random() < 0.3:  # a result layout of its own, not the slice of the source
        rl = layout(rng, out, s)
    params = [("%x", shp, elt), ("%y", out, elt)]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, lay)
    acc = b.const("1" if elt == "i32" else "1.0", out, elt, rl)
    r = b.op(f"vector.multi_reduction <add>, {x}, {acc}", rl, after=f" [{dim}]", tail= f"{_v(shp, elt)} to {_v(out, elt)}")
    b.store(r, "%y", out, elt, layout(rng, out, s))
    if ann:  # the store's layout differs from the slice: say so with a convert_layout
        b.lines = b.lines[:-2]
        sl = layout(rng, out, s)
        c = b.name()
        b.lines.append(f"{c} = xegpu.convert_layout {r} <{{input_layout = {rl}, target_layout = {sl}}}> : {_v(out, elt)}")
        b.store(c, "%y", out, elt, sl)
    return "reduction", _func("k", params, b)


def _softmax(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    lay = layout(rng, shp, s)
    rl = f"#xegpu.slice<{lay}, dims = [1]>"
    params = [("%x", shp, "f32"), ("%y", shp, "f32")]
    b = _new_body(ann, params)
    x = b.load("%x", shp, "f32", lay)
    ninf = b.const("0xFF800000", [shp[0]], "f32", rl)
    mx = b.op(f"vector.multi_reduction <maximumf>, {x}, {ninf}", rl, after=" [1]", tail= f"{_v(shp, 'f32')} to {_v([shp[0]], 'f32')}")
    col = [shp[0], 1]
    cm = b.op(f"vector.shape_cast {mx}", lay, f"{_v([shp[0]], 'f32')} to {_v(col, 'f32')}")
    tm = b.op(f"vector.broadcast {cm}", lay, f"{_v(col, 'f32')} to {_v(shp, 'f32')}")
    sub = b.op(f"arith.subf {x}, {tm}", lay, _v(shp, "f32"))
    e = b.op(f"math.exp {sub}", lay, _v(shp, "f32"))
    z = b.const("0.0", [shp[0]], "f32", rl)
    sm = b.op(f"vector.multi_reduction <add>, {e}, {z}", rl, after=" [1]", tail= f"{_v(shp, 'f32')} to {_v([shp[0]], 'f32')}")
    cs = b.op(f"vector.shape_cast {sm}", lay, f"{_v([shp[0]], 'f32')} to {_v(col, 'f32')}")
    ts = b.op(f"vector.broadcast {cs}", lay, f"{_v(col, 'f32')} to {_v(shp, 'f32')}")
    d = b.op(f"arith.divf {e}, {ts}", lay, _v(shp, "f32"))
    b.store(d, "%y", shp, "f32", lay)
    return "softmax", _func("k", params, b)


def _transpose(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    t = shp[::-1]
    lay = layout(rng, shp, s)
    mm = re.search(r"sg_layout = \[(\d+), (\d+)\], sg_data = \[(\d+), (\d+)\](?:, order = \[(\d), (\d)\])?", lay)
    assert mm is not None
    o = [int(mm[5]), int(mm[6])] if mm[5] else [1, 0]
    tl = f"#xegpu.layout<sg_layout = [{mm[2]}, {mm[1]}], sg_data = [{mm[4]}, {mm[3]}], order = [{1 - o[0]}, {1 - o[1]}]>"
    if ann and rng.random() < 0.3:  # a result layout that is not the source's transposed
        tl = layout(rng, t, s)
    params = [("%x", shp, elt), ("%y", t, elt)]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, lay)
    r = b.op(f"vector.transpose {x}, [1, 0]", tl, f"{_v(shp, elt)} to {_v(t, elt)}")
    b.store(r, "%y", t, elt, tl if ann or rng.random() < 0.7 else layout(rng, t, s))
    return "transpose", _func("k", params, b)


def _shape_cast(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    n = prod(shp)
    out = rng.choice([[n], [shp[0] // 2, shp[1] * 2] if shp[0] >= 16 else [n], [shp[0] * 2, shp[1] // 2]])
    lay = layout(rng, shp, s)
    ol = layout(rng, out, s)
    params = [("%x", shp, elt), ("%y", out, elt)]
    b = _new_body(True, params)
    x = b.load("%x", shp, elt, lay)
    r = b.op(f"vector.shape_cast {x}", ol, f"{_v(shp, elt)} to {_v(out, elt)}")
    b.store(r, "%y", out, elt, ol)
    return "shape_cast", _func("k", params, b)


def _extract(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = [rng.choice([16, 32, 64]), rng.choice([32, 64])]
    sz = [shp[0] // 2, shp[1] // 2]
    off = [rng.choice([0, sz[0] // 2, sz[0]]), rng.choice([0, 8, sz[1]])]
    lay, rl = layout(rng, shp, s), layout(rng, sz, s)
    params = [("%x", shp, elt), ("%y", sz, elt)]
    b = _new_body(True, params)
    x = b.load("%x", shp, elt, lay)
    r = b.op(f"vector.extract_strided_slice {x}", rl, f"{_v(shp, elt)} to {_v(sz, elt)}",
             extra=f"offsets = {off}, sizes = {sz}, strides = [1, 1]")
    b.store(r, "%y", sz, elt, rl)
    return "extract", _func("k", params, b)


def _insert(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = [rng.choice([16, 32, 64]), rng.choice([32, 64])]
    sz = [shp[0] // 2, shp[1] // 2]
    off = [rng.choice([0, sz[0] // 2, sz[0]]), rng.choice([0, 8, sz[1]])]
    lay, vl = layout(rng, shp, s), layout(rng, sz, s)
    params = [("%x", shp, elt), ("%w", sz, elt), ("%y", shp, elt)]
    b = _new_body(True, params)
    x = b.load("%x", shp, elt, lay)
    w = b.load("%w", sz, elt, vl)
    r = b.op(f"vector.insert_strided_slice {w}, {x}", lay, f"{_v(sz, elt)} into {_v(shp, elt)}",
             extra=f"offsets = {off}, strides = [1, 1]")
    b.store(r, "%y", shp, elt, lay)
    return "insert", _func("k", params, b)


def _reload(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    l1, l2 = layout(rng, shp, s), layout(rng, shp, s)
    add, _, _ = _arith(elt)
    params = [("%x", shp, elt), ("%t", shp, elt), ("%y", shp, elt)]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, l1)
    d = b.op(f"{add} {x}, {x}", l1, _v(shp, elt))
    b.store(d, "%t", shp, elt, l1)
    r = b.load("%t", shp, elt, l2)
    b.store(r, "%y", shp, elt, l2)
    return "reload", _func("k", params, b)


def _mask(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    lay = layout(rng, shp, s)
    bounds = [rng.randrange(0, shp[0] + 1), rng.randrange(1, shp[1] + 1)]
    if 0 in bounds:  # constant_mask: one empty dim empties every dim
        bounds = [0, 0]
    params = [("%x", shp, elt), ("%y", shp, elt)]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, lay)
    mk = b.op(f"vector.constant_mask {bounds}", lay, _v(shp, "i1"))
    z = b.const(_zero(elt), shp, elt, lay)
    r = b.op(f"arith.select {mk}, {x}, {z}", lay, f"{_v(shp, 'i1')}, {_v(shp, elt)}")
    b.store(r, "%y", shp, elt, lay)
    return "mask", _func("k", params, b)


def _one_d(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    n = rng.choice([64, 128, 256, 512])
    lay = layout(rng, [n], s)
    add, mx, _ = _arith(elt)
    params = [("%x", [n], elt), ("%y", [n], elt)]
    b = _new_body(ann, params)
    x = b.load("%x", [n], elt, lay)
    t = b.op(f"{add} {x}, {x}", lay, _v([n], elt))
    b.store(t, "%y", [n], elt, layout(rng, [n], s) if not ann else lay)
    return "one_d", _func("k", params, b)


def _three_d(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    three = [2, shp[0] // 2, shp[1]]
    lay, l3 = layout(rng, shp, s), layout(rng, three, s)
    add, _, _ = _arith(elt)
    params = [("%x", shp, elt), ("%y", shp, elt)]
    b = _new_body(True, params)
    x = b.load("%x", shp, elt, lay)
    c = b.op(f"vector.shape_cast {x}", l3, f"{_v(shp, elt)} to {_v(three, elt)}")
    one = b.const("1" if elt == "i32" else "1.0", three, elt, l3)
    t = b.op(f"{add} {c}, {one}", l3, _v(three, elt))
    back = b.op(f"vector.shape_cast {t}", lay, f"{_v(three, elt)} to {_v(shp, elt)}")
    b.store(back, "%y", shp, elt, lay)
    return "three_d", _func("k", params, b)


def _bitcast(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    shp = _shape2(rng)
    lay = layout(rng, shp, s)
    mm = re.search(r"sg_data = \[(\d+), (\d+)\]", lay)
    assert mm is not None
    out = [shp[0], shp[1] * 2]
    hl = lay.replace(mm[0], f"sg_data = [{mm[1]}, {int(mm[2]) * 2}]")
    params = [("%x", shp, "f32"), ("%y", out, "f16")]
    b = _new_body(ann, params)
    x = b.load("%x", shp, "f32", lay)
    r = b.op(f"vector.bitcast {x}", hl, f"{_v(shp, 'f32')} to {_v(out, 'f16')}")
    b.store(r, "%y", out, "f16", hl)
    return "bitcast", _func("k", params, b)


# ---- families beyond the block ops -------------------------------------------------------------------
def _fields(lay: str) -> tuple[list[int], list[int], str]:
    """``(sg_layout, sg_data, rest)`` of a layout string made by :func:`layout`."""
    g = re.search(r"sg_layout = \[([\d, ]+)\], sg_data = \[([\d, ]+)\](.*)>", lay)
    assert g is not None
    return [int(x) for x in g[1].split(",")], [int(x) for x in g[2].split(",")], g[3]


def _lay(sg: list[int], data: list[int], rest: str = "") -> str:
    return f"#xegpu.layout<sg_layout = {sg}, sg_data = {data}{rest}>"


_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4}


def _gather(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """Offsets ``step * k`` (distinct addresses), a constant or a runtime ``create_mask``, a
    gather, an elementwise op and a scatter; with ``chunk_size`` each offset reads a row."""
    n = rng.choice([32, 64, 128, 256])
    chunk = rng.choice([1, 1, 2, 4, 8])
    k = chunk * rng.choice([1, 2, 3])
    lo = layout(rng, [n], s, llvm22=True)
    (L,), (d,), _ = _fields(lo)
    shp = [n] if chunk == 1 else [n, chunk]
    vl = lo if chunk == 1 else _lay([L, 1], [d, chunk])
    size = n * k
    dyn = rng.random() < 0.4
    params: list[tuple[str, list[int], str]] = [("%x", [size], elt), ("%y", [size], elt)]
    if dyn:
        params.append(("%n", [], "index"))
    b = _new_body(ann, params)
    add, _, _ = _arith(elt)
    st = b.op("vector.step", lo, _v([n], "index"))
    kk = b.const(str(k), [n], "index", lo)
    off = b.op(f"arith.muli {st}, {kk}", lo, _v([n], "index"))
    if dyn:
        mask = b.op("vector.create_mask %n", lo, _v([n], "i1"))
    else:
        mask = b.op(f"vector.constant_mask [{rng.randrange(1, n + 1)}]", lo, _v([n], "i1"))
    ch = f"chunk_size = {chunk}, " if chunk > 1 else ""
    v = b.name()
    b.lines.append(f"{v} = xegpu.load %x[{off}], {mask} <{{{ch}layout = {vl}}}> : {_m([size], elt)}, "
                   f"{_v([n], 'index')}, {_v([n], 'i1')} -> {_v(shp, elt)}")
    e = b.op(f"{add} {v}, {v}", vl, _v(shp, elt))
    if not ann and rng.random() < 0.3:  # the scatter wants another split (offsets, mask convert)
        lo2 = layout(rng, [n], s, llvm22=True)
        (L2,), (d2,), _ = _fields(lo2)
        vl = lo2 if chunk == 1 else _lay([L2, 1], [d2, chunk])
    b.lines.append(f"xegpu.store {e}, %y[{off}], {mask} <{{{ch}layout = {vl}}}> : {_v(shp, elt)}, "
                   f"{_m([size], elt)}, {_v([n], 'index')}, {_v([n], 'i1')}")
    return "gather", _func("k", params, b)


def _matrix(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """A tile stored to shared local memory under one layout and read back under another."""
    shp = _shape2(rng)
    l1, l2 = layout(rng, shp, s, llvm22=True), layout(rng, shp, s, llvm22=True)
    rows = shp[0] * rng.choice([1, 2])  # the tile sits at row 0 or shp[0] of a taller matrix
    at = rng.choice([0, rows - shp[0]])
    nbytes = rows * shp[1] * _BYTES[elt]
    dyn = rng.random() < 0.4  # the row offset as a runtime index (the same value both times)
    params = [("%x", shp, elt), ("%y", shp, elt)]
    b = _new_body(ann, params)
    md = f"!xegpu.mem_desc<{rows}x{shp[1]}x{elt}>"
    x = b.load("%x", shp, elt, l1)
    b.lines += [
        f"%slm = memref.alloca() : memref<{nbytes}xi8, 3>",
        f"%md = xegpu.create_mem_desc %slm : memref<{nbytes}xi8, 3> -> {md}",
        f"%r0 = arith.constant {at} : index",
    ]
    row = "%r0" if dyn else str(at)
    b.lines.append(f"xegpu.store_matrix {x}, %md[{row}, 0] <{{layout = {l1}}}> : {_v(shp, elt)}, {md}"
                   + (", index" if dyn else ""))
    if rng.random() < 0.5:
        b.lines.append("gpu.barrier")
    w = b.name()
    b.lines.append(f"{w} = xegpu.load_matrix %md[{row}, 0] <{{layout = {l2}}}> : {md}"
                   + (", index" if dyn else "") + f" -> {_v(shp, elt)}")
    if rng.random() < 0.5:
        add, _, _ = _arith(elt)
        w = b.op(f"{add} {w}, {w}", l2, _v(shp, elt))
    b.store(w, "%y", shp, elt, l2)
    return "matrix", _func("k", params, b)


def _if_uniform(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """An ``scf.if`` on a runtime scalar (the same in every subgroup) yielding a vector."""
    shp = _shape2(rng)
    lay = layout(rng, shp, s, llvm22=True)
    add, mx, mul = _arith(elt)
    params = [("%x", shp, elt), ("%y", shp, elt), ("%n", [], "index")]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, lay)
    b.lines += [f"%cut = arith.constant {rng.randrange(0, 8)} : index", "%cond = arith.cmpi slt, %n, %cut : index"]
    vt = _v(shp, elt)
    fl = f" {{layout_result_0 = {lay}}}" if ann else ""
    if rng.random() < 0.3:  # no results: each branch stores (with anchors only: its own layout)
        b.lines.append("scf.if %cond {")
        b.store(b.op(f"{add} {x}, {x}", lay, vt), "%y", shp, elt, lay if ann else layout(rng, shp, s, llvm22=True))
        b.lines.append("} else {")
        b.store(b.op(f"{mul} {x}, {x}", lay, vt), "%y", shp, elt, lay if ann else layout(rng, shp, s, llvm22=True))
        b.lines.append("}")
        return "if_uniform", _func("k", params, b)
    b.lines.append(f"%r = scf.if %cond -> ({vt}) {{")
    t = b.op(f"{add} {x}, {x}", lay, vt)
    b.lines.append(f"  scf.yield {t} : {vt}")
    b.lines.append("} else {")
    e = b.op(f"{mul if rng.random() < 0.5 else mx} {x}, {x}", lay, vt)
    b.lines.append(f"  scf.yield {e} : {vt}")
    b.lines.append(f"}}{fl}")
    b.store("%r", "%y", shp, elt, lay if ann or rng.random() < 0.5 else layout(rng, shp, s, llvm22=True))
    return "if_uniform", _func("k", params, b)


def _if_sg_range(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """``scf.if`` with ``sg_id_range``: half of the subgroups (a range of the ids, selected by a
    condition on ``gpu.subgroup_id``) run a region whose layouts cover only them."""
    s = max(s, 2)
    half = s // 2
    lo = rng.choice([0, half])
    shp, inner = _shape2(rng), _shape2(rng)
    lay, il = layout(rng, shp, s, llvm22=True), layout(rng, inner, half, llvm22=True)
    add, _, _ = _arith(elt)
    params = [("%x", shp, elt), ("%y", shp, elt), ("%u", inner, elt), ("%w", inner, elt)]
    b = _new_body(True, params)
    x = b.load("%x", shp, elt, lay)
    t = b.op(f"{add} {x}, {x}", lay, _v(shp, elt))
    b.store(t, "%y", shp, elt, lay)
    b.lines += [
        "%sg = gpu.subgroup_id : index",
        f"%lo = arith.constant {lo} : index",
        f"%hi = arith.constant {lo + half} : index",
        "%ge = arith.cmpi uge, %sg, %lo : index",
        "%lt = arith.cmpi ult, %sg, %hi : index",
        "%in = arith.andi %ge, %lt : i1",
        "scf.if %in {",
    ]
    u = b.load("%u", inner, elt, il)
    e = b.op(f"{add} {u}, {u}", il, _v(inner, elt))
    b.store(e, "%w", inner, elt, il)
    b.lines.append(f"}} {{sg_id_range = #xegpu.range<[{lo}, {lo + half}]>}}")
    return "if_sg_range", _func("k", params, b)


def _dyn_offsets(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """load_nd/store_nd at offsets computed from ``gpu.block_id`` and a loop's iv."""
    tile = _shape2(rng)
    lay = layout(rng, tile, s, llvm22=True)
    steps, grid = rng.choice([1, 2, 3]), rng.choice([1, 2])
    rows = tile[0] * steps * grid
    full = [rows, tile[1]]
    add, _, _ = _arith(elt)
    params = [("%x", full, elt), ("%y", full, elt)]
    b = _new_body(ann, params)
    td = f"!xegpu.tensor_desc<{tile[0]}x{tile[1]}x{elt}, {lay}>"
    vt = _v(tile, elt)
    b.lines += [
        "%c0 = arith.constant 0 : index",
        f"%cm = arith.constant {tile[0]} : index",
        f"%cb = arith.constant {tile[0] * steps} : index",
        "%bx = gpu.block_id x",
        "%base = arith.muli %bx, %cb : index",
        f"%tx = xegpu.create_nd_tdesc %x : {_m(full, elt)} -> {td}",
        f"%ty = xegpu.create_nd_tdesc %y : {_m(full, elt)} -> {td}",
        "scf.for %i = %c0 to %cb step %cm {",
        "  %row = arith.addi %base, %i : index",
        f"  %v = xegpu.load_nd %tx[%row, 0] <{{layout = {lay}}}> : {td} -> {vt}",
    ]
    t = b.op(f"{add} %v, %v", lay, vt)
    if ann or rng.random() < 0.6:
        b.lines += [f"  xegpu.store_nd {t}, %ty[%row, 0] <{{layout = {lay}}}> : {vt}, {td}", "}"]
    else:  # the store wants another split: a conversion inside the loop
        ol = layout(rng, tile, s, llvm22=True)
        od = f"!xegpu.tensor_desc<{tile[0]}x{tile[1]}x{elt}, {ol}>"
        b.lines.insert(-4, f"%to = xegpu.create_nd_tdesc %y : {_m(full, elt)} -> {od}")
        b.lines += [f"  xegpu.store_nd {t}, %to[%row, 0] <{{layout = {ol}}}> : {vt}, {od}", "}"]
    name, text = "dyn_offsets", _func("k", params, b)
    return name, text + f"// grid {grid}\n"


def _lanes(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """Workgroup layouts that also carry ``inst_data`` and ``lane_layout``/``lane_data``."""
    shp = [rng.choice([16, 32, 64]), rng.choice([32, 64, 128])]
    lay = layout(rng, shp, s, llvm22=True)
    sg, data, rest = _fields(lay)
    inst = [min(8, data[0]), (rng.choice([16, 32]) if data[1] % 32 == 0 else 16) if data[1] % 16 == 0 else data[1]]
    extra = f", inst_data = {inst}"
    if inst[1] % 16 == 0:
        extra += f", lane_layout = [1, 16], lane_data = [1, {rng.choice([1, 1, 2]) if inst[1] % 32 == 0 else 1}]"
    full = _lay(sg, data, extra + rest)
    add, mx, _ = _arith(elt)
    params = [("%x", shp, elt), ("%y", shp, elt)]
    b = _new_body(ann, params)
    x = b.load("%x", shp, elt, full)
    t = b.op(f"{add} {x}, {x}", full, _v(shp, elt))
    z = b.const(_zero(elt), shp, elt, full)
    r = b.op(f"{mx} {t}, {z}", full, _v(shp, elt))
    b.store(r, "%y", shp, elt, full if ann or rng.random() < 0.5 else layout(rng, shp, s, llvm22=True))
    return "lanes", _func("k", params, b)


def _interleave(rng: random.Random, s: int, ann: bool, elt: str) -> tuple[str, str]:
    """``vector.interleave`` of two loads, or ``vector.deinterleave`` of one with its halves
    combined; the wide side's trailing sg_data is twice the narrow side's, or (sometimes) a wide
    layout of its own, and with anchors only the store may want yet another (the operands move,
    or propagation converts)."""
    narrow = rng.choice([[rng.choice([32, 64, 128])], _shape2(rng)])
    wide = narrow[:-1] + [2 * narrow[-1]]
    ln = layout(rng, narrow, s, llvm22=True)
    sg, data, rest = _fields(ln)
    lw = _lay(sg, data[:-1] + [2 * data[-1]], rest)
    if rng.random() < 0.3:
        lw = layout(rng, wide, s, llvm22=True)
    sl = lw if rng.random() < 0.7 else layout(rng, wide, s, llvm22=True)  # the wide store's own
    nl = ln if rng.random() < 0.7 else layout(rng, narrow, s, llvm22=True)  # the narrow store's own
    add, _, mul = _arith(elt)
    nt, wt = _v(narrow, elt), _v(wide, elt)
    if not ann and elt != "i32" and rng.random() < 0.25:  # the interleave of a reduction (a slice)
        rows = rng.choice([8, 16, 32])
        n = narrow[-1]
        l2 = layout(rng, [rows, n], s, llvm22=True)
        params = [("%x", [rows, n], elt), ("%y", [2 * n], elt)]
        b = _new_body(False, params)
        x = b.load("%x", [rows, n], elt, l2)
        z = b.const("0.0", [n], elt, "")
        r = b.op(f"vector.multi_reduction <add>, {x}, {z}", "", after=" [0]", tail=f"{_v([rows, n], elt)} to {_v([n], elt)}")
        i = b.op(f"vector.interleave {r}, {r}", "", f"{_v([n], elt)} -> {_v([2 * n], elt)}")
        b.store(i, "%y", [2 * n], elt, layout(rng, [2 * n], s, llvm22=True))
        return "interleave", _func("k", params, b)
    if rng.random() < 0.5:
        params = [("%a", narrow, elt), ("%b", narrow, elt), ("%y", wide, elt)]
        b = _new_body(ann, params)
        a = b.load("%a", narrow, elt, ln)
        c = b.load("%b", narrow, elt, ln)
        i = b.op(f"vector.interleave {a}, {c}", lw, f"{nt} -> {wt}")
        b.store(i, "%y", wide, elt, sl if not ann else lw)
    else:
        params = [("%x", wide, elt), ("%y", narrow, elt)]
        b = _new_body(ann, params)
        x = b.load("%x", wide, elt, lw)
        ev, od = b.name(), b.name()
        attrs = f" {{layout_result_0 = {ln}, layout_result_1 = {ln}}}" if ann else ""
        b.lines.append(f"{ev}, {od} = vector.deinterleave {x}{attrs} : {wt} -> {nt}")
        r = b.op(f"{mul} {ev}, {od}", ln, nt)
        b.store(r, "%y", narrow, elt, nl if not ann else ln)
    return "interleave", _func("k", params, b)


_BUILD = {
    "gemm": _gemm, "bias_act": _bias_act, "reduction": _reduction, "softmax": _softmax,
    "transpose": _transpose, "shape_cast": _shape_cast, "extract": _extract, "insert": _insert,
    "reload": _reload, "mask": _mask, "one_d": _one_d, "three_d": _three_d, "bitcast": _bitcast,
    "gather": _gather, "matrix": _matrix, "if_uniform": _if_uniform, "if_sg_range": _if_sg_range,
    "dyn_offsets": _dyn_offsets, "lanes": _lanes, "interleave": _interleave,
}
_FLOAT_ONLY = {"gemm", "softmax"}


def generate(seed: int, family: str | None = None) -> Kernel:
    """One random kernel (deterministic in ``seed``)."""
    rng = random.Random(seed)
    fam = family or rng.choice(FAMILIES)
    elt = "f32" if fam in _FLOAT_ONLY else rng.choice(["f16", "bf16", "f32", "i32"])
    s = rng.choice([1, 2, 4, 8, 16])
    ann = rng.random() < 0.5
    name, text = _BUILD[fam](rng, s, ann, elt)
    fully = ann or fam in ("shape_cast", "extract", "insert", "three_d", "if_sg_range")
    g = re.search(r"// grid (\d+)", text)
    return Kernel(name, text, DIST if fully else PROP, "k", (int(g[1]), 1) if g else None)


def classify(k: Kernel, seed: int = 0) -> tuple[str, str]:
    """``(verdict, detail)``: agree / refused / invalid / DISAGREE (see the module docstring)."""
    try:
        wgdist.verify(wgdist.parse(k.text))
    except (DiagnosticException, ParseError) as e:
        return "invalid", str(e)
    try:
        wgdist.run_pipeline(k.text, k.pipeline)
    except DiagnosticException as e:
        return "refused", str(e).splitlines()[0]
    r = wgdist.check(k.text, k.pipeline, func=k.func, seed=seed, samples=1, schedules=2, grid=k.grid)
    return ("agree" if r.ok else "DISAGREE"), r.report
