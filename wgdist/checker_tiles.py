"""Which subgroup value holds which tile of which workgroup value: the correspondence of
wgdist-check's value comparison (:mod:`wgdist.interp.value_check`).

It comes from the distribution itself, never from reading its output: while
``xegpu-wg-to-sg-distribute`` runs, an observer (:data:`~wgdist.passes.distribute.driver.TILES_OBSERVER`)
receives each function's plan (how every workgroup value is split) and tile map (the subgroup
values of each workgroup value's tiles, in the layout model's tile order).

* With ``-p PIPELINE`` the pipeline runs on a copy of the workgroup program whose values map
  back to the original's (:func:`distribute_with_tiles`); subgroup values a later pass removed
  are not compared.
* With ``--against FILE`` the workgroup program is distributed again by wgdist (its layouts as
  written), and each function of that output is paired with the namesake in FILE op by op
  (:func:`pair_with`): the same op names and result types in the same order, as wgdist-opt
  writes them. Where they do not line up (another tool's output, or layouts that wgdist cannot
  distribute), only memory is compared and a note says why.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, VectorType
from xdsl.ir import Operation, OpResult, SSAValue
from xdsl.utils.exceptions import DiagnosticException

from wgdist import run_pipeline
from wgdist.interp.core import symbol_name
from wgdist.interp.launch import kernel_functions
from wgdist.interp.value_check import TileEntry
from wgdist.ir.diagnostics import capture_diagnostics
from wgdist.passes.distribute.driver import TILES_OBSERVER
from wgdist.passes.distribute.state import Env, Plan


def _attached(v: SSAValue, module: ModuleOp) -> bool:
    """Whether ``v`` (an op result or a block argument) is still inside ``module``."""
    owner = v.owner
    op: Operation | None = owner if isinstance(owner, Operation) else owner.parent_op()
    while op is not None:
        if op is module:
            return True
        op = op.parent_op()
    return False


def distribute_with_tiles(
    wg_mod: ModuleOp, pipeline: str, ctx: Context, run: Callable[[ModuleOp], None] | None = None,
) -> tuple[ModuleOp, list[TileEntry]]:
    """A copy of ``wg_mod`` through ``pipeline`` (``run`` applies it; default
    :func:`wgdist.run_pipeline`), and the tile entries of every vector op result of ``wg_mod``
    the distribution split, whose subgroup values are still in the output."""
    forward: dict[SSAValue, SSAValue] = {}
    out = wg_mod.clone(value_mapper=forward)
    back = {c: o for o, c in forward.items()}
    found: list[tuple[SSAValue, Plan, Env]] = []

    def observe(plan: Plan, env: Env) -> None:
        for v in plan.dist:
            if v in env.vmap:
                found.append((v, plan, env))

    token = TILES_OBSERVER.set(observe)
    try:
        if run is None:
            run_pipeline(out, pipeline, ctx)
        else:
            run(out)
    finally:
        TILES_OBSERVER.reset(token)
    entries: list[TileEntry] = []
    for v, plan, env in found:
        orig = back.get(v)
        owner = v.owner
        if orig is None or not isinstance(orig, OpResult) or not isinstance(orig.type, VectorType):
            continue
        sg = env.vmap[v]
        d = plan.dist[v]
        if len(sg) != d.ntiles or not all(_attached(t, out) for t in sg):
            continue
        if math.prod(d.shape) != math.prod(orig.type.get_shape()):
            continue
        entries.append(TileEntry(
            orig, d.shape, d.table, d.tile_shape, list(sg), d.packed, plan.base.get(owner, 0) if isinstance(owner, Operation) else 0,
        ))  # fmt: skip
    return out, entries


def _signature(func: Operation) -> list[tuple[str, tuple[object, ...]]]:
    return [(op.name, tuple(r.type for r in op.results)) for op in func.walk() if op is not func]


def pair_with(ours: ModuleOp, theirs: ModuleOp, entries: list[TileEntry]) -> tuple[list[TileEntry], list[str]]:
    """``entries`` (subgroup values in ``ours``) moved onto ``theirs``: each function of
    ``ours`` paired op by op with its namesake (same op names and result types in the same
    order); the entries of a function that does not line up are dropped, with a note."""
    their_funcs = {symbol_name(f): f for f in kernel_functions(theirs)}
    mapping: dict[SSAValue, SSAValue] = {}
    notes: list[str] = []
    for f in kernel_functions(ours):
        name = symbol_name(f)
        g = their_funcs.get(name)
        if g is None:
            continue
        if _signature(f) != _signature(g):
            notes.append(
                f"note: @{name}: the distributed program's ops do not line up with wgdist's "
                "distribution of the workgroup program (not wgdist-opt's output, or another "
                "pipeline): its values are not compared, only memory"
            )
            continue
        mine = [op for op in f.walk() if op is not f]
        other = [op for op in g.walk() if op is not g]
        for a, b in zip(mine, other):
            mapping.update(zip(a.results, b.results))
    out = []
    for e in entries:
        if all(t in mapping for t in e.sg):
            e.sg = [mapping[t] for t in e.sg]
            out.append(e)
    return out, notes


def against_tiles(wg_mod: ModuleOp, against: ModuleOp, ctx: Context) -> tuple[list[TileEntry], list[str]]:
    """The tile entries of ``wg_mod``'s values in ``against``: wgdist's distribution of
    ``wg_mod`` paired with ``against`` (:func:`pair_with`); none, with a note, when ``wg_mod``
    cannot be distributed as written."""
    try:
        with capture_diagnostics(lambda _: None):  # the distribution's remarks are not the check's
            ours, entries = distribute_with_tiles(wg_mod, "xegpu-wg-to-sg-distribute", ctx)
    except DiagnosticException as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        return [], [
            "note: values are not compared, only memory: wgdist cannot distribute the workgroup "
            f"program as written, so it does not know which subgroup value holds which tile ({first})"
        ]
    if not entries:
        vectors = any(isinstance(r.type, VectorType) for op in wg_mod.walk() for r in op.results)
        return [], [
            "note: values are not compared, only memory: no vector of the workgroup program has a "
            "workgroup layout (sg_layout) saying which subgroup holds which tile"
        ] if vectors else []
    return pair_with(ours, against, entries)
