"""Per-subgroup access footprints of subgroup-level XeGPU code (a differential test utility).

``footprint(module, sg_id)`` evaluates a distributed function symbolically with
``gpu.subgroup_id`` fixed to ``sg_id``: index arithmetic on constants folds, everything else
(function arguments, block ids, loop induction variables) stays symbolic as a linear form.
It returns the set of records

* ``("load_nd" | "store_nd" | "prefetch_nd" | "load_matrix" | "store_matrix", source, offsets,
  shape, extra)``: which region of which memory an access touches (for stores, ``extra`` holds
  the provenance of the stored data);
* ``("dpas", a, b, acc)``: which dpas runs, by the provenance of its operands.

Provenance is a token tree (a loaded block, an op applied to tokens, a constant). Two
distributed programs that agree on these sets for every subgroup id touch the same memory
with the same data and multiply the same blocks. Loops are evaluated for two iterations
(induction variable ``lb`` and ``lb + step``), so descriptor updates carried through a loop are
compared too. :func:`compare_with_mlir_opt` runs both wgdist and mlir-opt 22 on one input.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from wgdist import context, parse, run_pipeline

Lin = tuple[tuple[object, int], ...]
"""A linear form: sorted ``(term, coefficient)`` pairs; the term ``1`` is the constant."""


def lin(v: object) -> Lin:
    if isinstance(v, int):
        return ((1, v),) if v else ()
    if isinstance(v, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in v):
        return v  # already a linear form
    return (((v,), 1),)


def _norm(d: dict[object, int]) -> Lin:
    return tuple(sorted(((k, c) for k, c in d.items() if c), key=repr))


def add(a: Lin, b: Lin, sign: int = 1) -> Lin:
    d: dict[object, int] = dict(a)
    for k, c in b:
        d[k] = d.get(k, 0) + sign * c
    return _norm(d)


def scale(a: Lin, c: int) -> Lin:
    return _norm({k: v * c for k, v in a})


def const_of(a: Lin) -> int | None:
    if not a:
        return 0
    if len(a) == 1 and a[0][0] == 1:
        return int(a[0][1])  # type: ignore[call-overload]
    return None


@dataclass(frozen=True)
class Desc:
    source: object
    offsets: tuple[Lin, ...] | None
    shape: tuple[int, ...]
    extra: tuple[object, ...]


_INT_BIN: dict[str, Callable[[int, int], int]] = {
    "addi": lambda a, b: a + b, "subi": lambda a, b: a - b, "muli": lambda a, b: a * b,
    "remui": lambda a, b: a % b, "divui": lambda a, b: a // b, "remsi": lambda a, b: a % b,
    "divsi": lambda a, b: a // b, "maxsi": max, "minsi": min, "maxui": max, "minui": min,
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "remu": lambda a, b: a % b, "divu": lambda a, b: a // b, "rems": lambda a, b: a % b,
    "divs": lambda a, b: a // b,
}  # fmt: skip
_CMP: dict[int, Callable[[int, int], bool]] = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a < b, 3: lambda a, b: a <= b,
        4: lambda a, b: a > b, 5: lambda a, b: a >= b, 6: lambda a, b: a < b, 7: lambda a, b: a <= b,
        8: lambda a, b: a > b, 9: lambda a, b: a >= b}  # fmt: skip
_SKIP_PROPS = {"layout", "layout_a", "layout_b", "layout_cd", "input_layout", "target_layout", "operandSegmentSizes"}


def _static(op: Operation, name: str) -> tuple[int, ...] | None:
    a = op.properties.get(name) or op.attributes.get(name)
    if isinstance(a, DenseArrayBase):
        return tuple(int(x) for x in a.get_values())  # hashable: records are set members
    return None


class _Eval:
    def __init__(self, sg_id: int) -> None:
        self.sg_id = sg_id
        self.env: dict[SSAValue, object] = {}
        self.records: set[tuple[object, ...]] = set()
        self.loops = 0
        self.allocs = 0

    def get(self, v: SSAValue) -> object:
        if v not in self.env:
            self.env[v] = ("value", str(v.type))
        return self.env[v]

    def idx(self, v: SSAValue) -> Lin:
        return lin(self.get(v))

    def mixed(self, op: Operation, prop: str, dyn: Sequence[SSAValue]) -> tuple[Lin, ...] | None:
        static = _static(op, prop)
        if static is None:
            return None
        it = iter(dyn)
        return tuple(self.idx(next(it)) if s < -(2**62) else lin(s) for s in static)

    # ---- walk ----------------------------------------------------------------------------------
    def block(self, block: Block) -> list[object]:
        for op in block.ops:
            if op.name in ("scf.yield", "scf.condition", "func.return", "gpu.return"):
                return [self.get(o) for o in op.operands]
            self.op(op)
        return []

    def op(self, op: Operation) -> None:  # noqa: C901 - one dispatch table
        name = op.name
        if name == "builtin.unregistered":
            name = op.op_name.data  # type: ignore[attr-defined]
        short = name.split(".", 1)[1] if "." in name else name
        ops = list(op.operands)
        if name == "gpu.subgroup_id":
            self.env[op.results[0]] = lin(self.sg_id)
        elif name in ("arith.constant", "index.constant") and isinstance(
            op.properties.get("value", op.attributes.get("value")), IntegerAttr
        ):
            value = op.properties.get("value", op.attributes.get("value"))
            self.env[op.results[0]] = lin(value.value.data)  # type: ignore[union-attr]
        elif (name.startswith("arith.") or name.startswith("index.")) and short in _INT_BIN and len(ops) == 2 and not hasattr(ops[0].type, "get_shape"):
            a, b = self.idx(ops[0]), self.idx(ops[1])
            ca, cb = const_of(a), const_of(b)
            if ca is not None and cb is not None:
                self.env[op.results[0]] = lin(_INT_BIN[short](ca, cb))
            elif short in ("addi", "add"):
                self.env[op.results[0]] = add(a, b)
            elif short in ("subi", "sub"):
                self.env[op.results[0]] = add(a, b, -1)
            elif short in ("muli", "mul") and (ca is not None or cb is not None):
                self.env[op.results[0]] = scale(b, ca) if ca is not None else scale(a, cb if cb is not None else 0)
            else:
                self.env[op.results[0]] = lin((short, a, b))
        elif name == "arith.cmpi" and not hasattr(ops[0].type, "get_shape"):
            x, y = const_of(self.idx(ops[0])), const_of(self.idx(ops[1]))
            pattr = op.properties["predicate"]
            assert isinstance(pattr, IntegerAttr)
            pred = pattr.value.data
            self.env[op.results[0]] = lin(int(_CMP[pred](x, y))) if x is not None and y is not None else ("cmpi", pred, self.idx(ops[0]), self.idx(ops[1]))
        elif name == "memref.alloca" or name == "memref.alloc":
            self.allocs += 1
            self.env[op.results[0]] = ("alloc", self.allocs, str(op.results[0].type))
        elif name == "xegpu.create_nd_tdesc":
            seg = _static(op, "operandSegmentSizes") or (1, len(ops) - 1, 0, 0)
            off = ops[1 : 1 + seg[1]]
            shp = ops[1 + seg[1] : 1 + seg[1] + seg[2]]
            strd = ops[1 + seg[1] + seg[2] :]
            offs = self.mixed(op, "const_offsets", off)
            extra = (self.mixed(op, "const_shape", shp), self.mixed(op, "const_strides", strd))
            self.env[op.results[0]] = Desc(self.get(ops[0]), offs, tuple(op.results[0].type.get_shape()), extra)  # type: ignore[attr-defined]
        elif name == "xegpu.update_nd_offset":
            d = self.get(ops[0])
            delta = self.mixed(op, "const_offsets", ops[1:])
            assert isinstance(d, Desc) and delta is not None
            base = d.offsets or tuple(() for _ in delta)
            r = len(delta)
            offs = base[: len(base) - r] + tuple(add(x, y) for x, y in zip(base[len(base) - r :], delta))
            self.env[op.results[0]] = Desc(d.source, offs, d.shape, d.extra)
        elif name in ("xegpu.load_nd", "xegpu.store_nd", "xegpu.prefetch_nd"):
            self.nd(op, short)
        elif name in ("xegpu.load_matrix", "xegpu.store_matrix"):
            data = short == "store_matrix"
            md = ops[1] if data else ops[0]
            offs = self.mixed(op, "const_offsets", ops[2 if data else 1 :])
            shape = tuple(ops[0].type.get_shape()) if data else tuple(op.results[0].type.get_shape())  # type: ignore[attr-defined]
            key = (short, self.get(md), offs, shape, self.get(ops[0]) if data else None)
            self.records.add(key)
            if not data:
                self.env[op.results[0]] = ("ld", key)
        elif name == "xegpu.dpas":
            toks = tuple(self.get(o) for o in ops)
            self.records.add(("dpas", *toks, str(op.results[0].type)))
            self.env[op.results[0]] = ("dpas", toks)
        elif name == "scf.for":
            self.loop(op)
        elif name == "scf.if":
            self.if_(op)
        elif name == "scf.while":
            self.while_(op)
        else:
            self.generic(op)

    def nd(self, op: Operation, kind: str) -> None:
        ops = list(op.operands)
        n_fixed = 2 if kind == "store_nd" else 1
        d = self.get(ops[n_fixed - 1])
        assert isinstance(d, Desc), f"{kind} on a non-descriptor {d}"
        offs = self.mixed(op, "const_offsets", ops[n_fixed:])
        if offs is not None:
            base = d.offsets or tuple(() for _ in offs)
            lead = len(base) - len(offs)
            offs = base[:lead] + tuple(add(x, y) for x, y in zip(base[lead:], offs))
        else:
            offs = d.offsets
        extra: tuple[object, ...] = (
            _static(op, "transpose"),
            "packed" in op.properties,
            d.extra,
            self.get(ops[0]) if kind == "store_nd" else None,
        )
        key = (kind, d.source, offs, d.shape, extra)
        self.records.add(key)
        if kind == "load_nd":
            self.env[op.results[0]] = ("ld", key[:4], extra[:2], str(op.results[0].type))

    def generic(self, op: Operation) -> None:
        props = tuple(sorted((k, str(v)) for k, v in op.properties.items() if k not in _SKIP_PROPS))
        if op.name == "arith.constant":
            props = (("value", str(op.properties.get("value"))),)
        toks = tuple(self.get(o) for o in op.operands)
        for i, r in enumerate(op.results):
            self.env[r] = (op.name, i, toks, props, str(r.type))
        for region in op.regions:
            for b in region.blocks:
                self.block(b)

    def loop(self, op: Operation) -> None:
        self.loops += 1
        lb, _ub, step, *inits = op.operands
        body = op.regions[0].blocks[0]
        carried = [self.get(v) for v in inits]
        iv0 = self.idx(lb)
        for it in range(2):
            self.env[body.args[0]] = add(iv0, scale(self.idx(step), it))
            for a, v in zip(body.args[1:], carried):
                self.env[a] = v
            carried = self.block(body)
        for r, v in zip(op.results, carried):
            self.env[r] = v

    def if_(self, op: Operation) -> None:
        c = const_of(self.idx(op.operands[0])) if isinstance(self.get(op.operands[0]), tuple) and all(isinstance(p, tuple) for p in self.idx(op.operands[0])) else None
        regions = [r for r in op.regions if r.blocks]
        if c is not None:
            chosen = regions[0] if c else (regions[1] if len(regions) > 1 else None)
            outs = self.block(chosen.blocks[0]) if chosen is not None else []
        else:
            branches = [self.block(r.blocks[0]) for r in regions]
            outs = [("select", self.get(op.operands[0]), *vals) for vals in zip(*branches)]
        for r, v in zip(op.results, outs):
            self.env[r] = v

    def while_(self, op: Operation) -> None:
        before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
        for a, v in zip(before.args, op.operands):
            self.env[a] = self.get(v)
        cond = self.block(before)
        for arg, val in zip(after.args, cond[1:]):
            self.env[arg] = val
        self.block(after)
        for res, val in zip(op.results, cond[1:]):
            self.env[res] = val


def _function(module: ModuleOp, name: str | None) -> Operation:
    funcs = [op for op in module.walk() if op.name in ("func.func", "gpu.func") and op.regions and op.regions[0].blocks]
    if name is not None:
        funcs = [f for f in funcs if f.attributes.get("sym_name") is not None and f.attributes["sym_name"].data == name  # type: ignore[attr-defined]
                 or f.properties.get("sym_name") is not None and f.properties["sym_name"].data == name]  # type: ignore[attr-defined]
    if len(funcs) != 1:
        raise ValueError(f"expected one function{' named ' + name if name else ''}, found {len(funcs)}")
    return funcs[0]


def footprint(module: ModuleOp, sg_id: int, func_name: str | None = None) -> frozenset[tuple[object, ...]]:
    """The access records of subgroup ``sg_id`` in the (one, or named) function of ``module``."""
    f = _function(module, func_name)
    ev = _Eval(sg_id)
    block = f.regions[0].blocks[0]
    for i, a in enumerate(block.args):
        ev.env[a] = ("arg", i) if not a.type.__class__.__name__ == "IndexType" else lin(("arg", i))
    ev.block(block)
    return frozenset(ev.records)


# ---- the differential against mlir-opt 22 -------------------------------------------------------
def mlir_opt() -> str | None:
    """mlir-opt 22, found the way the lit suite finds it: $WGDIST_MLIR_OPT, `mlir-opt-22` on the
    PATH, or Debian's /usr/lib/llvm-22/bin/mlir-opt."""
    found = os.environ.get("WGDIST_MLIR_OPT") or shutil.which("mlir-opt-22")
    if not found and os.path.exists("/usr/lib/llvm-22/bin/mlir-opt"):
        found = "/usr/lib/llvm-22/bin/mlir-opt"
    return found


def _lenient_layouts(text: str) -> str:
    """mlir-opt 22 leaves ``order`` on a distributed layout that keeps only ``inst_data``
    (``#xegpu.layout<inst_data = [8, 16], order = [0, 1]>``), which wgdist's verifier rejects
    like LLVM 22's own parser of that text would ('expected sg_layout/lane_layout being used
    with order'). Footprints ignore layouts, so such an ``order`` is dropped before parsing."""

    def fix(m: re.Match[str]) -> str:
        body = m.group(1)
        if "sg_layout" in body or "lane_layout" in body:
            return m.group(0)
        return "#xegpu.layout<" + re.sub(r",?\s*order\s*=\s*\[[^\]]*\]", "", body).strip(", ") + ">"

    return re.sub(r"#xegpu\.layout<([^<>]*)>", fix, text)


def _parse_any(text: str) -> ModuleOp:
    ctx = context()
    ctx.allow_unregistered = True  # mlir-opt's output may use the index dialect (sg_id_range)
    return parse(_lenient_layouts(text), ctx, "<mlir-opt>")


def distribute_with_mlir_opt(text: str) -> ModuleOp:
    tool = mlir_opt()
    if tool is None:
        raise RuntimeError("mlir-opt 22 not found (set WGDIST_MLIR_OPT)")
    out = subprocess.run(
        [tool, "--xegpu-wg-to-sg-distribute", "--mlir-print-op-generic", "-"],
        input=text, capture_output=True, text=True, check=False,
    )
    if out.returncode:
        raise RuntimeError(f"mlir-opt failed: {out.stderr.strip()}")
    return _parse_any(out.stdout)


def distribute_with_wgdist(text: str) -> ModuleOp:
    return run_pipeline(text, "xegpu-wg-to-sg-distribute")


def compare(a: ModuleOp, b: ModuleOp, sg_ids: Iterable[int], func_name: str | None = None) -> list[str]:
    """Subgroup ids whose footprints differ, each with the records only one side has."""
    problems = []
    for s in sg_ids:
        fa, fb = footprint(a, s, func_name), footprint(b, s, func_name)
        if fa != fb:
            only_a = sorted(map(repr, fa - fb))[:3]
            only_b = sorted(map(repr, fb - fa))[:3]
            problems.append(f"sg {s}: only in first {only_a}; only in second {only_b}")
    return problems


def compare_with_mlir_opt(text: str, sg_ids: Iterable[int], func_name: str | None = None) -> list[str]:
    """Distribute ``text`` with wgdist and with mlir-opt 22 and :func:`compare` them."""
    return compare(distribute_with_wgdist(text), distribute_with_mlir_opt(text), sg_ids, func_name)
