"""``wgdist.check`` (this module is ``wgdist.checker``): does the distributed program compute what the workgroup program computes?

Draws random inputs for the memref, pointer and vector arguments, runs the workgroup-level
kernel in workgroup mode and the distributed kernel (the pipeline's output, or a given file) in
subgroup mode, and compares every argument buffer (see :mod:`wgdist.interp.compare` for what is
compared) and every distributed value with the part of its workgroup value the subgroup owns
(:mod:`wgdist.interp.value_check`; which subgroup value holds which tile:
:mod:`wgdist.checker_tiles`). The inputs, the subgroup count and the size limits come from
:mod:`wgdist.interp.kernel_inputs`; reading the programs from :mod:`wgdist.checker_programs`, the
report's text from :mod:`wgdist.checker_report`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from wgdist import context
from wgdist.checker_programs import each_diagnostic_once, kernels, layout_module, programs
from wgdist.checker_report import ValueCount, in_function, range_contract_notes, report
from wgdist.interp import launch as lsched
from wgdist.interp.compare import Comparison, compare_buffers, compare_slm
from wgdist.interp.core import describe_op, symbol_name
from wgdist.interp.kernel_inputs import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_SUBGROUPS,
    array_parameters,
    check_launch,
    check_value_bytes,
    draw_scalars,
    infer_subgroups,
    is_int,
    layout_passes,
    param_names,
    random_inputs,
    scalar_parameters,
    subgroup_count,
)
from wgdist.interp.launch import (
    RunResult,
    find_function,
    function_type,
    known_grid,
    run_kernel,
)
from wgdist.interp.value_check import TileEntry, ValueComparer, ValueTrace
from wgdist.interp.values import (
    DeadlockError,
    InterpError,
    KernelError,
    UndefinedOpError,
    UnsupportedOpError,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_SUBGROUPS",
    "CheckResult",
    "check",
    "check_all",
    "check_function",
    "infer_subgroups",
    "kernels",
    "layout_passes",
    "random_inputs",
]


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
    values: int = 0  # elements of distributed values compared with their workgroup values


def _check_options(
    rtol: float | None, atol: float | None, seed: int, subgroups: int | None, limit: int,
    max_bytes: int, max_subgroups: int, samples: int = 1, schedules: int = 1,
) -> None:
    """Every option of :func:`check` that a user gives, checked first; errors name the
    wgdist-check option."""
    for option, tol in (("--rtol", rtol), ("--atol", atol)):
        if tol is not None and not (math.isfinite(tol) and tol >= 0):
            raise ValueError(f"{option}: expected a finite non-negative number, got {tol}")
    if not is_int(seed) or seed < 0:
        raise ValueError(f"--seed: expected a non-negative integer, got {seed!r}")
    for option, n in (
        ("--subgroups", subgroups), ("--show", limit), ("--max-bytes", max_bytes),
        ("--max-subgroups", max_subgroups), ("--samples", samples), ("--schedules", schedules),
    ):
        if n is not None and (not is_int(n) or n < 1):
            raise ValueError(f"{option}: expected a positive integer, got {n!r}")


def _reads_block_id(funcs: Sequence[Operation]) -> bool:
    return any(op.name == "gpu.block_id" for f in funcs for op in f.walk())


def check(
    kernel: str | Path | ModuleOp,
    pipeline: str | None = None,
    *,
    against: str | Path | ModuleOp | None = None,
    func: str | None = None,
    ctx: Context | None = None,
    **options: Any,
) -> CheckResult:
    """Run one kernel function in workgroup mode and its distributed form in subgroup mode;
    compare (the function ``func``, or the module's only kernel; :func:`check_all` checks
    every kernel).

    The distributed form is ``pipeline`` applied to a copy of ``kernel``, or ``against``.
    ``kernel``/``against`` are IR text, a :class:`Path`, or a module. The options are those of
    :func:`check_function`.
    """
    ctx = ctx or context()
    _check_options(**{k: options.get(k, v) for k, v in _OPTION_DEFAULTS.items()})
    notes: list[str] = []
    with each_diagnostic_once():
        wg_mod, sg_mod, tiles = programs(kernel, pipeline, against, ctx, notes, options.get("values", True))
        layouts = layout_module(wg_mod, pipeline, ctx) if options.get("subgroups") is None else None
        return check_function(
            wg_mod, sg_mod, find_function(wg_mod, func), module_notes=notes, layouts=layouts, tiles=tiles, **options
        )


def check_all(
    kernel: str | Path | ModuleOp,
    pipeline: str | None = None,
    *,
    against: str | Path | ModuleOp | None = None,
    func: str | None = None,
    ctx: Context | None = None,
    **options: Any,
) -> list[CheckResult]:
    """:func:`check` for every kernel function of the module (:func:`kernels`), or only
    ``func``."""
    ctx = ctx or context()
    _check_options(**{k: options.get(k, v) for k, v in _OPTION_DEFAULTS.items()})
    notes: list[str] = []
    with each_diagnostic_once():
        wg_mod, sg_mod, tiles = programs(kernel, pipeline, against, ctx, notes, options.get("values", True))
        funcs = [find_function(wg_mod, func)] if func is not None else kernels(wg_mod)
        if not funcs:
            raise ValueError("the module has no function with a body to check")
        layouts = layout_module(wg_mod, pipeline, ctx) if options.get("subgroups") is None else None
        return [
            check_function(wg_mod, sg_mod, f, module_notes=notes, layouts=layouts, tiles=tiles, **options)
            for f in funcs
        ]


_OPTION_DEFAULTS: dict[str, Any] = {
    "rtol": None, "atol": None, "seed": 0, "subgroups": None, "limit": 10,
    "max_bytes": DEFAULT_MAX_BYTES, "max_subgroups": DEFAULT_MAX_SUBGROUPS, "samples": 3, "schedules": 3,
}


def check_function(
    wg_mod: ModuleOp,
    sg_mod: ModuleOp,
    wg_func: Operation,
    *,
    grid: Sequence[int] | None = None,
    subgroups: int | None = None,
    seed: int = 0,
    rtol: float | None = None,
    atol: float | None = None,
    limit: int = 10,
    scalars: Mapping[str, float] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_subgroups: int = DEFAULT_MAX_SUBGROUPS,
    samples: int = 3,
    schedules: int = 3,
    values: bool = True,
    module_notes: Sequence[str] = (),
    layouts: tuple[ModuleOp, str] | None = None,
    tiles: Sequence[TileEntry] = (),
) -> CheckResult:
    """Check the function ``wg_func`` of ``wg_mod`` against its namesake in ``sg_mod``.

    ``subgroups`` per workgroup default to the count the workgroup program's layouts agree on;
    where it has no sg_layout, to the count of ``layouts`` (the workgroup program after the
    pipeline's layout passes, and their text: ``xegpu-propagate-layout{num-subgroups=8}``
    assigns 8), with a note; else one, and an error when the distributed program reads
    ``gpu.subgroup_id`` but the workgroup program does not.

    ``grid`` defaults to the kernel's ``known_grid_size``, else one workgroup (with a note when
    the kernel reads ``gpu.block_id``: other workgroups' tiles are then never checked).
    ``scalars`` fixes the values of non-memref parameters by name; the others are drawn
    (:func:`~wgdist.interp.kernel_inputs.draw_scalars`), ``samples`` times when there is one to
    draw, each sample with its own memref contents (seed ``seed + k``) and reported. A sample
    whose inputs make the workgroup program fail (an access out of bounds for a drawn offset, a
    division by zero or an out-of-range shift on drawn data) is drawn again, then skipped with
    a note; when every sample is skipped the last failure is the error.

    The distributed program runs under ``schedules`` orders of its subgroups between barriers
    (:func:`~wgdist.interp.launch.schedules`: in order, reversed, then seeded random ones); the
    first that differs is reported, so a missing barrier is caught rather than hidden by a lucky
    order.

    Limits, checked before anything is allocated or run: the memref parameters take at most
    ``max_bytes`` together, and so does any one vector value or ``memref.alloc`` of either
    program; the launch runs at most ``max_subgroups`` subgroups (workgroups x subgroups per
    workgroup). Errors name the wgdist-check option (``--max-bytes``, ``--max-subgroups``...).

    Every distributed value of ``tiles`` (the correspondence :mod:`wgdist.checker_tiles`
    builds) is compared, each time its op runs, with its subgroup's part of the workgroup value;
    the first op whose value differs is reported first (kind ``"op value"``).

    Not ``ok`` when the programs differ, and also when nothing was compared (no element of the
    memref arguments or of SLM written, no distributed value): a check that compares nothing is
    no evidence. A function without memref arguments and values has nothing to compare; the
    report warns, but that is not a failure.
    """
    _check_options(rtol, atol, seed, subgroups, limit, max_bytes, max_subgroups, samples, schedules)
    name = symbol_name(wg_func)
    sg_func = find_function(sg_mod, name)
    wg_type, sg_type = function_type(wg_func), function_type(sg_func)
    if wg_type != sg_type:
        raise KernelError(
            sg_func,
            f"@{name} has type {sg_type} in the distributed program and "
            f"{wg_type} in the workgroup program ({describe_op(wg_func)})",
        )
    notes: list[str] = list(module_notes)
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
    notes += range_contract_notes(wg_func)
    if subgroups is not None:
        n_sg, sg_from = subgroups, f"--subgroups {subgroups}"
    else:
        n_sg, sg_from = subgroup_count(wg_func, sg_func, name, layouts, notes)
    check_launch(tuple(grid), grid_from, n_sg, sg_from, max_subgroups)
    check_value_bytes(wg_mod, max_bytes)
    check_value_bytes(sg_mod, max_bytes)
    given = dict(scalars or {})
    first = draw_scalars(wg_func, given, 0, 0, seed) | given
    random_inputs(wg_func, seed, first, max_bytes=max_bytes)  # its errors before any run
    notes += [f"note: {how}" for _, _, how in array_parameters(wg_func, first).values() if how]
    drawn = [n for _, n, _ in scalar_parameters(wg_func) if n not in given]
    names = param_names(wg_func)
    order = lsched.schedules(schedules, seed)
    lines: list[str] = []
    last: tuple[Comparison, RunResult, RunResult, list[np.ndarray]] | None = None
    failure: InterpError | None = None
    written = 0
    slm_total = slm_compared = 0
    counted = ValueCount()
    entries = [e for e in tiles if in_function(e, wg_func)] if values else []
    ok = True
    for k in range(samples if drawn else 1):
        ran = _run_sample(wg_mod, wg_func, name, grid, n_sg, seed, k, given, bool(drawn), max_bytes, entries)
        if isinstance(ran, InterpError):
            failure = ran
            lines.append(f"  sample {k}: skipped, the workgroup program is undefined on its inputs: {ran}")
            continue
        vals, inputs, wg, trace = ran
        label = f"  sample {k}" + (": " + ", ".join(f"%{n}={vals[n]}" for n in drawn) if drawn else "")
        for sched in order:
            comparer = ValueComparer(entries, trace, rtol, atol, limit)
            try:
                sg = run_kernel(sg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg,
                                schedule=sched, probes=comparer.probes())
            except DeadlockError as e:
                raise DeadlockError(f"{e} (the subgroups run {sched.phrase()} between barriers)") from None
            comp = Comparison()
            comparer.report(comp)
            counted.add(comparer, trace)
            for i, buf in wg.buffers.items():
                compare_buffers(f"%{names[i]}", inputs[i].shape, buf, sg.buffers[i], wg.grid, comp,
                                rtol=rtol, atol=atol, limit=limit)
            slm_compared = compare_slm(wg.slm, sg.slm, wg.grid, comp, rtol=rtol, atol=atol, limit=limit)
            last = (comp, wg, sg, inputs)
            if not comp.ok:
                label += f": MISMATCH with the subgroups run {sched.phrase()} between barriers"
                ok = False
                break
        else:
            label += f": agree under {len(order)} schedule(s)"
        lines.append(label)
        written += sum(int(np.count_nonzero(b.n_writes)) for b in wg.buffers.values())
        slm_total += slm_compared
        if not ok:
            break
    if last is None:
        assert failure is not None
        raise failure
    comp, wg, sg, inputs = last
    if slm_total:
        notes.append(
            f"  shared local memory: {slm_total} element(s) the workgroup program left there compared"
        )
    notes += counted.notes(entries)
    if set(comp.counts) == {"op value"}:
        notes.append(
            "note: values differ although memory agrees: a wrong intermediate value, or a distributed "
            "program made from other layouts than the workgroup program's (each subgroup's values are "
            "compared with the tiles the workgroup program's layouts give it; --memory-only compares "
            "memory alone)"
        )
    if (wg.buffers or slm_total) and written + slm_total + counted.elements == 0:
        ok = False
    written += slm_total
    if drawn or not ok:  # the samples' values, or the schedule that differed
        notes = lines + notes
    text = report(name, wg, sg, n_sg, seed, comp, names, inputs, notes, len(order), slm_compared, counted.elements)
    return CheckResult(ok, text, comp, wg, sg, n_sg, written, notes, name, counted.elements)


def _run_sample(
    wg_mod: ModuleOp, wg_func: Operation, name: str, grid: Sequence[int], n_sg: int, seed: int,
    sample: int, given: dict[str, float], drawn: bool, max_bytes: int, entries: Sequence[TileEntry] = (),
) -> tuple[dict[str, float], list[np.ndarray], RunResult, ValueTrace] | InterpError:
    """The inputs of one sample and the workgroup program's run on them; when the run fails on
    drawn inputs, up to three redraws (positive integer contents; then also integer scalars 1,
    then 0), then the failure."""
    error: InterpError | None = None
    for attempt in range(4 if drawn else 2):
        vals = draw_scalars(wg_func, given, sample, attempt, seed)
        inputs = random_inputs(wg_func, seed + sample, vals, max_bytes=max_bytes, positive=attempt > 0)
        trace = ValueTrace(entries, max_bytes)
        try:
            wg = run_kernel(wg_mod, [a.copy() for a in inputs], func=name, grid=grid, subgroups=n_sg,
                            mode="workgroup", probes=trace.probes())
        except UnsupportedOpError:
            raise
        except InterpError as e:
            if not (drawn or isinstance(e, UndefinedOpError)):
                raise
            error = e
            continue
        return vals, inputs, wg, trace
    assert error is not None
    return error
