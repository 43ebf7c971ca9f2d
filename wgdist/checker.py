"""``wgdist.check`` (this module is ``wgdist.checker``): does the distributed program compute what the workgroup program computes?

Draws random inputs for the memref arguments, runs the workgroup-level kernel in workgroup mode
and the distributed kernel (the pipeline's output, or a given file) in subgroup mode, and compares
every argument buffer (see :mod:`wgdist.interp.compare` for what is compared).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, MemRefType, ModuleOp
from xdsl.ir import Attribute, Operation, ParametrizedAttribute

from wgdist.interp.compare import Comparison, compare_buffers
from wgdist.interp.launch import RunResult, find_function, run_kernel
from wgdist.interp.values import array_converter, int_width, is_float, np_dtype

__all__ = ["CheckResult", "check", "infer_subgroups", "random_inputs"]


@dataclass
class CheckResult:
    ok: bool
    report: str
    comparison: Comparison
    wg: RunResult
    sg: RunResult
    subgroups: int


def _module(src: str | Path | ModuleOp, ctx: Context) -> ModuleOp:
    from wgdist import parse

    if isinstance(src, ModuleOp):
        return src
    if isinstance(src, Path):
        return parse(src.read_text(), ctx, str(src))
    return parse(src, ctx)


def _layout_counts(attr: Attribute) -> Iterator[int]:
    to_model = getattr(attr, "to_model", None)
    if to_model is not None:
        model = to_model()
        if model.is_wg:
            yield model.num_subgroups
        return
    if isinstance(attr, ParametrizedAttribute):
        for p in attr.parameters:
            yield from _layout_counts(p)
    elif isinstance(attr, ArrayAttr):
        for p in attr.data:
            yield from _layout_counts(p)
    elif isinstance(attr, DictionaryAttr):
        for p in attr.data.values():
            yield from _layout_counts(p)


def infer_subgroups(func: Operation) -> int:
    """The subgroup count all workgroup layouts in ``func`` agree on (product of sg_layout)."""
    found: dict[int, Operation] = {}
    for op in func.walk():
        attrs = [*op.properties.values(), *op.attributes.values()]
        attrs += [r.type for r in op.results] + [o.type for o in op.operands]
        for a in attrs:
            for n in _layout_counts(a):
                found.setdefault(n, op)
    if not found:
        raise ValueError(
            "cannot infer the number of subgroups: no layout with sg_layout in the kernel; "
            "pass --subgroups N"
        )
    if len(found) > 1:
        desc = ", ".join(f"{n} ('{op.name}')" for n, op in sorted(found.items()))
        raise ValueError(f"the kernel's layouts disagree on the number of subgroups: {desc}")
    return next(iter(found))


def random_inputs(func: Operation, seed: int) -> list[np.ndarray]:
    """One random array per parameter (floats in [-1, 1), small integers, random booleans)."""
    rng = np.random.default_rng(seed)
    out: list[np.ndarray] = []
    for i, t in enumerate(func.function_type.inputs.data):  # type: ignore[attr-defined]
        if not isinstance(t, MemRefType):
            raise ValueError(
                f"parameter {i} of @{func.sym_name.data} has type {t}; only memref parameters "  # type: ignore[attr-defined]
                "can be given random contents"
            )
        shape = t.get_shape()
        et = t.element_type
        if any(d < 0 for d in shape):
            raise ValueError(f"parameter {i} has the dynamic type {t}; give static shapes")
        arr: np.ndarray
        if is_float(et):
            arr = rng.uniform(-1.0, 1.0, size=shape)
        elif int_width(et) == 1:
            arr = rng.random(size=shape) < 0.5
        else:
            arr = rng.integers(-8, 9, size=shape)
        out.append(np.asarray(array_converter(et)(arr)).astype(np_dtype(et)))
    return out


def _param_names(func: Operation) -> list[str]:
    args = func.regions[0].blocks[0].args
    return [a.name_hint or f"arg{i}" for i, a in enumerate(args)]


def check(
    kernel: str | Path | ModuleOp,
    pipeline: str | None = None,
    *,
    against: str | Path | ModuleOp | None = None,
    grid: Sequence[int] = (1, 1),
    subgroups: int | None = None,
    seed: int = 0,
    func: str | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    ctx: Context | None = None,
    limit: int = 10,
) -> CheckResult:
    """Run ``kernel`` in workgroup mode and its distributed form in subgroup mode; compare.

    The distributed form is ``pipeline`` applied to a copy of ``kernel``, or ``against``.
    ``kernel``/``against`` are IR text, a :class:`Path`, or a module.
    """
    from wgdist import context, run_pipeline

    ctx = ctx or context()
    wg_mod = _module(kernel, ctx)
    if against is not None:
        sg_mod = _module(against, ctx)
    elif pipeline is not None:
        sg_mod = run_pipeline(wg_mod.clone(), pipeline, ctx)
    else:
        raise ValueError("give a pipeline or a distributed program (--against) to compare with")
    wg_func = find_function(wg_mod, func)
    name = wg_func.sym_name.data  # type: ignore[attr-defined]
    sg_func = find_function(sg_mod, name)
    if wg_func.function_type != sg_func.function_type:  # type: ignore[attr-defined]
        raise ValueError(
            f"@{name} has type {wg_func.function_type} in the workgroup program and "  # type: ignore[attr-defined]
            f"{sg_func.function_type} in the distributed one"  # type: ignore[attr-defined]
        )
    n_sg = subgroups if subgroups is not None else infer_subgroups(wg_func)
    inputs = random_inputs(wg_func, seed)
    # both runs describe the same launch; workgroup mode runs each workgroup as one program
    wg = run_kernel(wg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg, mode="workgroup")
    sg = run_kernel(sg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg)

    comp = Comparison()
    names = _param_names(wg_func)
    for i, buf in wg.buffers.items():
        shape = inputs[i].shape
        compare_buffers(f"%{names[i]}", shape, buf, sg.buffers[i], wg.grid, comp, rtol=rtol, atol=atol, limit=limit)
    report = _report(name, wg, sg, n_sg, seed, comp, names, inputs)
    return CheckResult(comp.ok, report, comp, wg, sg, n_sg)


def _report(
    name: str, wg: RunResult, sg: RunResult, n_sg: int, seed: int, comp: Comparison,
    names: list[str], inputs: list[np.ndarray],
) -> str:
    g = wg.grid
    n_wg = g[0] * g[1] * g[2]
    lines = [
        f"@{name}: grid {g[0]}x{g[1]}x{g[2]}, {n_sg} subgroups per workgroup, seed {seed}",
        f"  workgroup mode: {n_wg} workgroup(s), {wg.ops} ops in {wg.seconds:.3f} s",
        f"  subgroup mode:  {n_wg * n_sg} subgroup(s), {sg.ops} ops in {sg.seconds:.3f} s",
    ]
    written = 0
    for i, buf in wg.buffers.items():
        w = int(np.count_nonzero(buf.n_writes))
        written += w
        tol = comp.tolerances.get(f"%{names[i]}")
        extra = f", tolerance {tol}" if tol and w else ""
        lines.append(f"  %{names[i]} {list(inputs[i].shape)} {inputs[i].dtype}: {w} element(s) written{extra}")
    if comp.ok:
        lines.append(f"agree: every buffer matches ({written} element(s) written)")
    else:
        counts = ", ".join(f"{n} {k}" for k, n in comp.counts.items())
        lines.append(f"MISMATCH: {counts}")
        lines += [f"  {d.message}" for d in comp.differences]
    return "\n".join(lines)
