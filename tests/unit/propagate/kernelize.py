"""Turn a function of the propagation FileCheck inputs that takes or returns workgroup-level
vectors into a kernel ``wgdist.check`` can run: each vector argument becomes a memref the
function loads it from (``xegpu.load_nd`` through a descriptor without a layout, so the
propagation decides it; rank 3 and more as a 2-D block and a shape_cast), each vector result a
memref it is stored to. Text in, text out; the
inputs are the project's own, one function per line of signature."""

from __future__ import annotations

import re

_FUNC = re.compile(r"^ *(func\.func|gpu\.func) @(\w+)\(([^)\n]*)\)( -> (\([^)\n]*\)|[^{ \n]+))?( [^{\n]*)?\{\n", re.M)
_ARG = re.compile(r"(%\w+): (vector<([0-9x]+)x(\w+)>|[^,]+)")


def _split(text: str) -> list[str]:
    return [a.strip() for a in text.split(",") if a.strip()] if text.strip() else []


def _flat(shape: str) -> str:
    """A shape of rank 3 or more with its leading dims merged (block loads are 1-D or 2-D)."""
    dims = [int(d) for d in shape.split("x")]
    if len(dims) <= 2:
        return shape
    lead = 1
    for d in dims[:-1]:
        lead *= d
    return f"{lead}x{dims[-1]}"


def _zeros(rank: int) -> str:
    return ", ".join(["0"] * rank)


def kernelize(chunk: str) -> str | None:
    """``chunk`` with its vector arguments and results moved to memory, or None when a function
    returns something other than vectors (a scalar has no memory to go to here)."""
    out, pos = [], 0
    for m in _FUNC.finditer(chunk):
        kind, name, args, _, results, attrs = m.groups()
        res_types = _split(results.strip("()")) if results else []
        if any(not t.startswith("vector<") for t in res_types):
            return None
        new_args, prologue = [], []
        for a in _split(args):
            am = _ARG.fullmatch(a)
            assert am is not None, a
            var, _, shape, elem = am.groups()
            if shape is None:
                new_args.append(a)
                continue
            flat = _flat(shape)
            mem = f"memref<{flat}x{elem}>"
            desc = f"!xegpu.tensor_desc<{flat}x{elem}>"
            new_args.append(f"{var}_in: {mem}")
            prologue.append(f"  {var}_td = xegpu.create_nd_tdesc {var}_in : {mem} -> {desc}")
            loaded = var if flat == shape else f"{var}_2d"
            prologue.append(f"  {loaded} = xegpu.load_nd {var}_td[0, 0] : {desc} -> vector<{flat}x{elem}>"
                            if "x" in flat else
                            f"  {loaded} = xegpu.load_nd {var}_td[0] : {desc} -> vector<{flat}x{elem}>")
            if loaded != var:
                prologue.append(f"  {var} = vector.shape_cast {loaded} : vector<{flat}x{elem}> to vector<{shape}x{elem}>")
        for i, t in enumerate(res_types):
            shape, elem = t[len("vector<") : -1].rsplit("x", 1)
            new_args.append(f"%ret{i}: memref<{_flat(shape)}x{elem}>")
        head = f"{kind} @{name}({', '.join(new_args)}){attrs or ' '}{{\n"
        out.append(chunk[pos : m.start()] + m.group(0)[: len(m.group(0)) - len(m.group(0).lstrip())] + head + "\n".join(prologue) + ("\n" if prologue else ""))
        pos = m.end()
        if res_types:
            end = chunk.index("return", pos)
            line_end = chunk.index("\n", end)
            ret = chunk[end:line_end]
            values = _split(ret.split(" ", 1)[1].split(":")[0])
            stores = []
            for i, (v, t) in enumerate(zip(values, res_types)):
                shape, elem = t[len("vector<") : -1].rsplit("x", 1)
                flat = _flat(shape)
                desc = f"!xegpu.tensor_desc<{flat}x{elem}>"
                if flat != shape:
                    stores.append(f"%ret{i}_2d = vector.shape_cast {v} : {t} to vector<{flat}x{elem}>")
                    v = f"%ret{i}_2d"
                stores.append(f"%ret{i}_td = xegpu.create_nd_tdesc %ret{i} : memref<{flat}x{elem}> -> {desc}")
                stores.append(f"xegpu.store_nd {v}, %ret{i}_td[{_zeros(len(flat.split('x')))}] : vector<{flat}x{elem}>, {desc}")
            indent = chunk[chunk.rindex("\n", 0, end) + 1 : end]
            keyword = ret.split(" ", 1)[0]
            out.append(chunk[pos:end] + "".join(f"{s}\n{indent}" for s in stores) + keyword)
            pos = line_end
    out.append(chunk[pos:])
    return "".join(out)
