"""Random valid workgroup-level kernels for checking xegpu-wg-to-sg-distribute on the interpreter.

:func:`generate` builds one kernel from a seed: a family (GEMM with a K loop and prefetch, bias +
activation, reductions, softmax, transpose, shape_cast, strided slices, store-then-reload,
masks, 1-D / 2-D / 3-D values, bitcast), an element type (f16, bf16, f32, i32 where the family allows),
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
    "reload", "mask", "one_d", "three_d", "bitcast",
)


@dataclass(frozen=True)
class Kernel:
    family: str
    text: str
    pipeline: str
    func: str


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


def layout(rng: random.Random, shape: list[int], s: int, tries: int = 50) -> str:
    """A layout with ``s`` subgroups that the layout model accepts for ``shape``."""
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
    sig = ", ".join(f"{p}: {_m(s, e)}" for p, s, e in params)
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


_BUILD = {
    "gemm": _gemm, "bias_act": _bias_act, "reduction": _reduction, "softmax": _softmax,
    "transpose": _transpose, "shape_cast": _shape_cast, "extract": _extract, "insert": _insert,
    "reload": _reload, "mask": _mask, "one_d": _one_d, "three_d": _three_d, "bitcast": _bitcast,
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
    fully = ann or fam in ("shape_cast", "extract", "insert", "three_d")
    return Kernel(name, text, DIST if fully else PROP, "k")


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
    r = wgdist.check(k.text, k.pipeline, func=k.func, seed=seed, samples=1, schedules=2)
    return ("agree" if r.ok else "DISAGREE"), r.report
