"""``wgdist.check`` (this module is ``wgdist.checker``): does the distributed program compute what the workgroup program computes?

Draws random inputs for the memref arguments, runs the workgroup-level kernel in workgroup mode
and the distributed kernel (the pipeline's output, or a given file) in subgroup mode, and compares
every argument buffer (see :mod:`wgdist.interp.compare` for what is compared).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, MemRefType, ModuleOp, VectorType
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.utils.exceptions import ArgSpecParseError, VerifyException

from wgdist.interp.compare import Comparison, compare_buffers
from wgdist.interp.launch import RunResult, find_function, known_grid, run_kernel
from wgdist.interp.values import KernelError, array_converter, int_width, is_float, np_dtype

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_SUBGROUPS",
    "CheckResult",
    "check",
    "infer_subgroups",
    "random_inputs",
]

# Limits checked before anything is allocated or run (wgdist-check --max-bytes, --max-subgroups).
# The interpreter keeps several copies of each argument buffer (inputs, one per mode, write
# tracking): 256 MiB of arguments take about 4.5 GB of memory and half a minute.
DEFAULT_MAX_BYTES = 256 * 2**20
# Subgroup programs run in one check (workgroups x subgroups per workgroup): a trivial kernel
# runs about 12000 of them a second.
DEFAULT_MAX_SUBGROUPS = 65536


@dataclass
class CheckResult:
    """``ok``: the programs agree and the comparison covered something (see :func:`check`)."""

    ok: bool
    report: str
    comparison: Comparison
    wg: RunResult
    sg: RunResult
    subgroups: int
    written: int = 0  # elements of memref arguments the workgroup program wrote
    notes: list[str] = field(default_factory=list)  # printed in the report ("note: ...")
    name: str = ""  # the checked function, without "@"


def _module(src: str | Path | ModuleOp, ctx: Context) -> ModuleOp:
    """Parse (text or a file) and verify; a verifier failure names the op and its location."""
    from wgdist import parse

    if isinstance(src, ModuleOp):
        module = src
    elif isinstance(src, Path):
        module = parse(src.read_text(), ctx, str(src))
    else:
        module = parse(src, ctx)
    with _located(module):
        module.verify()
    return module


@contextmanager
def _located(module: ModuleOp) -> Iterator[None]:
    """Turn a ``VerifyException`` of ``module`` into the first failing op's located error
    (``file:line:col: error: 'op' ...``, as wgdist-opt reports it)."""
    from wgdist.diagnostics import first_verify_error

    try:
        yield
    except VerifyException:
        located = first_verify_error(module)
        if located is None:
            raise
        raise located from None


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


def _layout_sources(func: Operation) -> Iterator[tuple[int, Operation, str]]:
    """``(subgroups, op, what)`` for every workgroup layout of the kernel: on the ops of the body
    (their properties, attributes, operand and result types, block arguments) and in the types
    of the function's parameters. The function's own attribute dictionary is not the kernel's
    layouts (it may hold any attribute) and is skipped."""
    for i, t in enumerate(func.function_type.inputs.data):  # type: ignore[attr-defined]
        for n in _layout_counts(t):
            yield n, func, f"the type of parameter {i}"
    for op in func.walk():
        if op is func:
            continue
        named = [(f"attribute '{k}'", a) for k, a in op.properties.items()]
        named += [(f"attribute '{k}'", a) for k, a in op.attributes.items()]
        named += [(f"the type of result {i}", r.type) for i, r in enumerate(op.results)]
        named += [(f"the type of operand {i}", o.type) for i, o in enumerate(op.operands)]
        named += [
            (f"the type of block argument {a.index}", a.type)
            for region in op.regions for block in region.blocks for a in block.args
        ]
        for what, a in named:
            for n in _layout_counts(a):
                yield n, op, what


def _at(op: Operation) -> str:
    from wgdist.diagnostics import location_of

    loc = location_of(op)
    return f"'{op.name}'" + (f" at {loc}" if loc else "")


def infer_subgroups(func: Operation) -> int:
    """The subgroup count all workgroup layouts in ``func`` agree on (product of sg_layout)."""
    found: dict[int, tuple[Operation, str]] = {}
    for n, op, what in _layout_sources(func):
        found.setdefault(n, (op, what))
    if not found:
        raise KernelError(
            func,
            f"cannot infer the number of subgroups: no layout with sg_layout in @{_name(func)}; "
            "pass --subgroups N",
        )
    if len(found) > 1:
        second = list(found.values())[1][0]  # the error points at the first op that disagrees
        desc = ", ".join(f"{n} in {what} of {_at(op)}" for n, (op, what) in found.items())
        raise KernelError(
            second,
            f"the kernel's layouts disagree on the number of subgroups: {desc}; pass "
            "--subgroups N to run with N anyway",
        )
    return next(iter(found))


def _name(func: Operation) -> str:
    return func.sym_name.data  # type: ignore[attr-defined, no-any-return]


def random_inputs(
    func: Operation, seed: int, scalars: Mapping[str, float] | None = None,
    *, max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[np.ndarray]:
    """One random array per memref parameter (floats in [-1, 1), small integers, random
    booleans); scalar parameters take their value from ``scalars`` (by name, without ``%``).

    The memref parameters may take at most ``max_bytes`` together (checked before anything is
    allocated)."""
    if not _is_int(seed) or seed < 0:
        raise ValueError(f"--seed: expected a non-negative integer, got {seed!r}")
    names = _param_names(func)
    scalars = dict(scalars or {})
    unknown = sorted(set(scalars) - set(names))
    if unknown:
        raise KernelError(
            func,
            f"@{_name(func)} has no parameter named {', '.join('%' + n for n in unknown)} "
            f"(--scalar; its parameters: {', '.join('%' + n for n in names) or 'none'})",
        )
    types = func.function_type.inputs.data  # type: ignore[attr-defined]
    for i, t in enumerate(types):
        if not isinstance(t, MemRefType):
            if names[i] not in scalars:
                raise KernelError(
                    func,
                    f"parameter {i} (%{names[i]}) of @{_name(func)} has type {t}; only memref "
                    f"parameters get random contents: give its value (--scalar {names[i]}=VALUE)",
                )
        elif any(d < 0 for d in t.get_shape()):
            raise KernelError(
                func, f"parameter {i} (%{names[i]}) of @{_name(func)} has the dynamic type {t}; give static shapes"
            )
    _check_argument_bytes(func, names, max_bytes)
    rng = np.random.default_rng(seed)
    out: list[np.ndarray] = []
    for i, t in enumerate(types):
        if not isinstance(t, MemRefType):
            out.append(np.asarray(scalars[names[i]]))
            continue
        shape = t.get_shape()
        et = t.element_type
        arr: np.ndarray
        if is_float(et):
            arr = rng.uniform(-1.0, 1.0, size=shape)
        elif int_width(et) == 1:
            arr = rng.random(size=shape) < 0.5
        else:
            arr = rng.integers(-8, 9, size=shape)
        out.append(np.asarray(array_converter(et)(arr)).astype(np_dtype(et)))
    return out


def _nbytes(shape: Sequence[int], elt: Attribute) -> int:
    """Bytes the interpreter holds for a static ``shape`` of ``elt`` (Python ints: no overflow)."""
    try:
        size = np_dtype(elt).itemsize
    except TypeError:  # an element type the interpreter rejects later, with its own message
        size = 8
    return math.prod(shape) * size


def _check_argument_bytes(func: Operation, names: Sequence[str], max_bytes: int) -> None:
    sizes = [
        (i, t, _nbytes(t.get_shape(), t.element_type))
        for i, t in enumerate(func.function_type.inputs.data)  # type: ignore[attr-defined]
        if isinstance(t, MemRefType)
    ]
    total = sum(n for _, _, n in sizes)
    if total <= max_bytes:
        return
    i, t, n = max(sizes, key=lambda x: x[2])
    if len(sizes) == 1:
        what = f"parameter {i} (%{names[i]}) of @{_name(func)}, {t}, takes {total} bytes ({_human(total)})"
    else:
        what = (
            f"the memref parameters of @{_name(func)} take {total} bytes together "
            f"({_human(total)}; the largest is parameter {i} (%{names[i]}), {t}, with {n} bytes)"
        )
    raise KernelError(
        func,
        f"{what}, more than the limit of {max_bytes} bytes ({_human(max_bytes)}) on the buffers "
        "the check allocates (it holds several copies of each); raise it with --max-bytes",
    )


def _check_value_bytes(module: Operation, max_bytes: int) -> None:
    """A vector value or a memref.alloc/alloca larger than ``max_bytes`` is refused before the
    run (the interpreter would try to allocate it)."""
    for op in module.walk():
        allocates = op.name in ("memref.alloc", "memref.alloca")
        for i, r in enumerate(op.results):
            t = r.type
            if isinstance(t, VectorType) or (allocates and isinstance(t, MemRefType)):
                shape = t.get_shape()  # type: ignore[union-attr]
                if any(d < 0 for d in shape):
                    continue
                n = _nbytes(shape, t.element_type)  # type: ignore[union-attr]
                if n > max_bytes:
                    raise KernelError(
                        op,
                        f"result {i}, {t}, takes {n} bytes ({_human(n)}), more than the limit "
                        f"of {max_bytes} bytes ({_human(max_bytes)}) on the values the check "
                        "allocates; raise it with --max-bytes",
                    )


def _human(n: int) -> str:
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            return f"{n / size:.4g} {unit}"
    return f"{n} B"


def _check_launch(grid: tuple[int, ...], grid_from: str, n_sg: int, sg_from: str, max_subgroups: int) -> None:
    """Refuse a launch that would run more than ``max_subgroups`` subgroup programs."""
    n_wg = math.prod(grid)
    total = n_wg * n_sg
    if total > max_subgroups:
        raise ValueError(
            f"the launch has {n_wg} workgroup(s) ({grid_from}) x {n_sg} subgroup(s) ({sg_from}) = "
            f"{total} subgroups to run, more than the limit of {max_subgroups}; raise it with "
            "--max-subgroups"
        )


def _check_options(
    rtol: float | None, atol: float | None, seed: int, subgroups: int | None, limit: int,
    max_bytes: int, max_subgroups: int,
) -> None:
    """Every option of :func:`check` that a user gives, checked first; errors name the
    wgdist-check option."""
    for option, tol in (("--rtol", rtol), ("--atol", atol)):
        if tol is not None and not (math.isfinite(tol) and tol >= 0):
            raise ValueError(f"{option}: expected a finite non-negative number, got {tol}")
    if not _is_int(seed) or seed < 0:
        raise ValueError(f"--seed: expected a non-negative integer, got {seed!r}")
    for option, n in (
        ("--subgroups", subgroups), ("--show", limit), ("--max-bytes", max_bytes),
        ("--max-subgroups", max_subgroups),
    ):
        if n is not None and (not _is_int(n) or n < 1):
            raise ValueError(f"{option}: expected a positive integer, got {n!r}")


def _is_int(n: object) -> bool:
    return isinstance(n, numbers.Integral) and not isinstance(n, bool)


def _param_names(func: Operation) -> list[str]:
    args = func.regions[0].blocks[0].args
    return [a.name_hint or f"arg{i}" for i, a in enumerate(args)]


def _reads_block_id(funcs: Sequence[Operation]) -> bool:
    return any(op.name == "gpu.block_id" for f in funcs for op in f.walk())


def check(
    kernel: str | Path | ModuleOp,
    pipeline: str | None = None,
    *,
    against: str | Path | ModuleOp | None = None,
    grid: Sequence[int] | None = None,
    subgroups: int | None = None,
    seed: int = 0,
    func: str | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    ctx: Context | None = None,
    limit: int = 10,
    scalars: Mapping[str, float] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_subgroups: int = DEFAULT_MAX_SUBGROUPS,
) -> CheckResult:
    """Run ``kernel`` in workgroup mode and its distributed form in subgroup mode; compare.

    The distributed form is ``pipeline`` applied to a copy of ``kernel``, or ``against``.
    ``kernel``/``against`` are IR text, a :class:`Path`, or a module. ``grid`` defaults to the
    kernel's ``known_grid_size``, else one workgroup (with a note when the kernel reads
    ``gpu.block_id``: other workgroups' tiles are then never checked). ``scalars`` gives the
    values of non-memref parameters by name.

    Limits, checked before anything is allocated or run: the memref parameters take at most
    ``max_bytes`` together, and so does any one vector value or ``memref.alloc`` of either
    program; the launch runs at most ``max_subgroups`` subgroups (workgroups x subgroups per
    workgroup). Errors name the wgdist-check option (``--max-bytes``, ``--max-subgroups``...).

    Not ``ok`` when the programs differ, and also when the workgroup program wrote no element
    of its memref arguments: a check that compares nothing is no evidence. A function without
    memref arguments has nothing to compare; the report warns, but that is not a failure.
    """
    from wgdist import context, run_pipeline
    from wgdist.diagnostics import PipelineError

    _check_options(rtol, atol, seed, subgroups, limit, max_bytes, max_subgroups)
    ctx = ctx or context()
    wg_mod = _module(kernel, ctx)
    if against is not None:
        sg_mod = _module(against, ctx)
    elif pipeline is not None:
        sg_mod = wg_mod.clone()
        try:
            with _located(sg_mod):
                run_pipeline(sg_mod, pipeline, ctx)
        except ArgSpecParseError as e:  # a BaseException in xDSL 0.74: a malformed pipeline
            raise PipelineError(str(e).rstrip()) from None
    else:
        raise ValueError("give a pipeline or a distributed program (--against) to compare with")
    wg_func = find_function(wg_mod, func)
    name = _name(wg_func)
    sg_func = find_function(sg_mod, name)
    if wg_func.function_type != sg_func.function_type:  # type: ignore[attr-defined]
        raise KernelError(
            sg_func,
            f"@{name} has type {sg_func.function_type} in the distributed program and "  # type: ignore[attr-defined]
            f"{wg_func.function_type} in the workgroup program ({_at(wg_func)})",  # type: ignore[attr-defined]
        )
    notes: list[str] = []
    if grid is not None:
        grid_from = f"--grid {','.join(map(str, grid))}"
    else:
        grid = known_grid(wg_func)
        grid_from = f"known_grid_size of @{name}"
        if grid is None:
            grid, grid_from = (1, 1), "the default grid; --grid X,Y sets it"
            if _reads_block_id([wg_func, sg_func]):
                notes.append(
                    "note: only one workgroup was checked (grid 1x1) although the kernel reads "
                    "gpu.block_id; pass --grid X,Y (or give the gpu.func known_grid_size) to "
                    "check the other workgroups' tiles"
                )
    if subgroups is not None:
        n_sg, sg_from = subgroups, f"--subgroups {subgroups}"
    else:
        n_sg, sg_from = infer_subgroups(wg_func), "from the layouts"
    _check_launch(tuple(grid), grid_from, n_sg, sg_from, max_subgroups)
    _check_value_bytes(wg_mod, max_bytes)
    _check_value_bytes(sg_mod, max_bytes)
    inputs = random_inputs(wg_func, seed, scalars, max_bytes=max_bytes)
    # both runs describe the same launch; workgroup mode runs each workgroup as one program
    wg = run_kernel(wg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg, mode="workgroup")
    sg = run_kernel(sg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg)

    comp = Comparison()
    names = _param_names(wg_func)
    for i, buf in wg.buffers.items():
        shape = inputs[i].shape
        compare_buffers(f"%{names[i]}", shape, buf, sg.buffers[i], wg.grid, comp, rtol=rtol, atol=atol, limit=limit)
    written = sum(int(np.count_nonzero(b.n_writes)) for b in wg.buffers.values())
    ok = comp.ok
    if wg.buffers and written == 0:
        ok = False
    report = _report(name, wg, sg, n_sg, seed, comp, names, inputs, notes)
    return CheckResult(ok, report, comp, wg, sg, n_sg, written, notes, name)


def _report(
    name: str, wg: RunResult, sg: RunResult, n_sg: int, seed: int, comp: Comparison,
    names: list[str], inputs: list[np.ndarray], notes: list[str],
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
    lines += notes
    if not comp.ok:
        counts = ", ".join(f"{n} {k}" for k, n in comp.counts.items())
        lines.append(f"MISMATCH: {counts}")
        lines += [f"  {d.message}" for d in comp.differences]
    elif not wg.buffers:
        lines.append(f"warning: @{name} has no memref arguments: nothing was compared")
    elif written == 0:
        lines.append(
            "NOTHING COMPARED: the workgroup program wrote no element of its memref arguments, "
            "so agreement means nothing (does the kernel store its results?)"
        )
    else:
        lines.append(f"agree: every buffer matches ({written} element(s) written)")
    return "\n".join(lines)
