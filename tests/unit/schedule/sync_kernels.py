"""Workgroup-level GEMMs and helpers for the tests of the split-barrier and pingpong schedules.

:func:`gemm` writes a GEMM whose K loop has ``halves`` (load A, load B, dpas) groups per step, so
that loads and dpas alternate in the body; the loop's upper bound is a kernel argument ``%kt``
(trip count chosen at run time through the checker's ``scalars``) or a constant. :func:`schedule`
runs propagation, distribution and one strategy; :func:`mutate` plants a mistake in its output.
"""

from __future__ import annotations

import random
from collections import Counter

from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

import wgdist
from wgdist.dialects import xegpu
from wgdist.passes.schedule.sg_sync import guarded, subgroup_condition

DIST = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"
SYNC = (xegpu.NbarrierArriveOp, xegpu.NbarrierWaitOp)


def gemm(
    m: int, n: int, kstep: int, grid: tuple[int, int], *, halves: int = 1, trips: int | None = None,
    block: bool = True, prefetch: bool = True,
) -> str:
    """C[m, n] = A[m, K] x B[K, n] with K = kstep * 8 columns in memory, subgroups on a
    ``grid`` (rows, columns) of C; ``trips=None``: the upper bound is the argument ``%kt``."""
    L0, L1 = grid
    h = kstep // halves
    k_mem = kstep * 8
    la = f"#xegpu.layout<sg_layout = [{L0}, {L1}], sg_data = [{m // L0}, {h}]>"
    lb = f"#xegpu.layout<sg_layout = [{L0}, {L1}], sg_data = [{h}, {n // L1}]>"
    lc = f"#xegpu.layout<sg_layout = [{L0}, {L1}], sg_data = [{m // L0}, {n // L1}]>"
    ta = f"!xegpu.tensor_desc<{m}x{h}xf16, {la}>"
    tb = f"!xegpu.tensor_desc<{h}x{n}xf16, {lb}>"
    tc = f"!xegpu.tensor_desc<{m}x{n}xf32, {lc}>"
    vc = f"vector<{m}x{n}xf32>"
    attrs = f" attributes {{known_block_size = array<i32: {L0 * L1 * 16}, 1, 1>}}" if block else ""
    ub = "%kt" if trips is None else "%ub"
    lines = [
        "gpu.module @m {",
        f"  gpu.func @k(%A: memref<{m}x{k_mem}xf16>, %B: memref<{k_mem}x{n}xf16>, "
        f"%C: memref<{m}x{n}xf32>, %kt: index) kernel{attrs} {{",
        "    %c0 = arith.constant 0 : index",
        f"    %cs = arith.constant {kstep} : index",
        f"    %ub = arith.constant {kstep * (trips or 0)} : index",
        f"    %ta = xegpu.create_nd_tdesc %A : memref<{m}x{k_mem}xf16> -> {ta}",
        f"    %tb = xegpu.create_nd_tdesc %B : memref<{k_mem}x{n}xf16> -> {tb}",
        f"    %tc = xegpu.create_nd_tdesc %C : memref<{m}x{n}xf32> -> {tc}",
        f"    %z = arith.constant dense<0.0> : {vc}",
        f"    %r = scf.for %k = %c0 to {ub} step %cs iter_args(%acc0 = %z) -> ({vc}) {{",
    ]
    for i in range(halves):
        lines += [
            f"      %o{i} = arith.addi %k, %c0 : index" if i == 0 else
            f"      %o{i} = arith.addi %k, %h{i} : index",
            f"      %va{i} = xegpu.load_nd %ta[0, %o{i}] <{{layout = {la}}}> : {ta} -> vector<{m}x{h}xf16>",
            f"      %vb{i} = xegpu.load_nd %tb[%o{i}, 0] <{{layout = {lb}}}> : {tb} -> vector<{h}x{n}xf16>",
            f"      %acc{i + 1} = xegpu.dpas %va{i}, %vb{i}, %acc{i} {{layout_a = {la}, layout_b = {lb}, "
            f"layout_cd = {lc}}} : vector<{m}x{h}xf16>, vector<{h}x{n}xf16>, {vc} -> {vc}",
        ]
        if i + 1 < halves:
            lines.insert(-4, f"      %h{i + 1} = arith.constant {h * (i + 1)} : index")
    if prefetch:
        lines += [
            "      %kn = arith.addi %k, %cs : index",
            f"      xegpu.prefetch_nd %ta[0, %kn] <{{layout = {la}}}> : {ta}",
        ]
    lines += [
        f"      scf.yield %acc{halves} : {vc}",
        "    }",
        f"    xegpu.store_nd %r, %tc[0, 0] <{{layout = {lc}}}> : {vc}, {tc}",
        "    gpu.return",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def random_gemm(seed: int, even: bool = False) -> tuple[str, int]:
    """A random :func:`gemm` (shape, subgroup grid, halves, prefetch) and its subgroup count."""
    rng = random.Random(seed)
    grids = [(1, 2), (2, 1), (2, 2), (1, 4), (4, 1), (2, 4), (4, 2)]
    if not even:
        grids += [(1, 1), (1, 3), (3, 1)]
    L0, L1 = rng.choice(grids)
    m = L0 * rng.choice([8, 16, 32])
    n = L1 * rng.choice([16, 32])
    halves = rng.choice([1, 2])
    kstep = 16 * halves * rng.choice([1, 2])
    return gemm(m, n, kstep, (L0, L1), halves=halves, prefetch=rng.random() < 0.7), L0 * L1


def schedule(text: str, options: str) -> ModuleOp:
    """The kernel after propagation, distribution and ``xegpu-k-loop-schedule{options}``."""
    return wgdist.run_pipeline(text, f"{DIST},xegpu-k-loop-schedule{{{options}}}")


def the_loop(module: Operation) -> scf.ForOp:
    loops = [op for op in module.walk() if isinstance(op, scf.ForOp)]
    assert len(loops) == 1
    return loops[0]


def body_names(loop: scf.ForOp, drop: tuple[type[Operation], ...] = ()) -> Counter[str]:
    """The multiset of op names at the top of the loop body, ``drop`` classes left out."""
    return Counter(op.name for op in loop.body.block.ops if not isinstance(op, drop))


def sync_ops(module: Operation) -> list[Operation]:
    return [op for op in module.walk() if isinstance(op, SYNC)]


def check(text: str, sg: ModuleOp, trips: int, schedules: int = 4) -> wgdist.checker.CheckResult:
    """``wgdist.check`` of the WG kernel against ``sg`` with ``trips`` K steps."""
    from wgdist.checker import check as run_check

    kstep = int(text.split("%cs = arith.constant ")[1].split()[0])
    return run_check(text, DIST, against=sg, scalars={"kt": kstep * trips}, samples=1, schedules=schedules)


def under_subgroup_if(op: Operation, predicate: str, bound: int) -> None:
    """Plant a mistake: move ``op`` into ``scf.if (gpu.subgroup_id <predicate> bound)``."""
    block = op.parent_block()
    assert block is not None
    cond_ops, cond = subgroup_condition(predicate, bound)
    block.insert_ops_before(cond_ops, op)
    op.detach()
    block.insert_op_after(guarded(cond, [op]), cond_ops[-1])


def trace(sg: ModuleOp, trips: int, subgroups: int, kind: str = "in-order",
          kstep: int | None = None) -> list[tuple[int, str, int]]:
    """Run ``sg`` (a :func:`gemm` with ``trips`` K steps of ``kstep``, by default the loop's
    step) and return, in execution order, one
    ``(subgroup, "load" | "dpas", generation of named barrier 0 at that moment)`` per load_nd and
    dpas executed."""
    from wgdist.interp import run_kernel
    from wgdist.interp.core import Thread
    from wgdist.interp.kernel_inputs import random_inputs
    from wgdist.interp.launch import Schedule, find_function

    events: list[tuple[int, str, int]] = []

    def probe(what: str):  # type: ignore[no-untyped-def]
        def record(th: Thread, _value: object) -> None:
            assert th.sg is not None
            events.append((th.sg, what, th.shared.barriers.generation.get(0, 0)))
        return record

    watched = {
        op.results[0]: probe("load" if isinstance(op, xegpu.LoadNdOp) else "dpas")
        for op in sg.walk() if isinstance(op, xegpu.LoadNdOp | xegpu.DpasOp)
    }
    if kstep is None:  # the K loop's step
        kstep = int(next(op for op in sg.walk() if isinstance(op, scf.ForOp)).step.owner.value.value.data)
    f = find_function(sg, None)
    args = random_inputs(f, 0, {"kt": kstep * trips})
    run_kernel(sg, args, subgroups=subgroups, schedule=Schedule(kind), probes=watched)
    return events


def problems(module: Operation) -> list:  # type: ignore[type-arg]
    """The static barrier check's findings for the module's one kernel."""
    from wgdist.passes.schedule.barrier_check import barrier_problems

    (fn,) = [op for op in module.walk() if op.name in ("gpu.func", "func.func")]
    return barrier_problems(fn)


EXAMPLES = ("gemm_k_loop", "gemm_bias_relu", "gemm_transpose_b")  # 32 subgroups each


def generated_gemms(seeds: range) -> list[tuple[str, str, int]]:
    """``(text, pipeline, subgroups)`` of the distribution tests' random GEMMs
    (tests/unit/distribute/kernel_gen.py)."""
    import re
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "distribute"))
    import kernel_gen as kg

    out = []
    for seed in seeds:
        k = kg.generate(seed, "gemm")
        grid = re.search(r"sg_layout = \[(\d+), (\d+)\]", k.text)
        assert grid is not None
        out.append((k.text, k.pipeline, int(grid[1]) * int(grid[2])))
    return out
