"""The text of a check's report: per function, the launch, each argument buffer, the notes,
what the value comparison covered, and the verdict (see :func:`report`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.scf import IfOp
from xdsl.ir import Operation

from wgdist.interp.compare import Comparison
from wgdist.interp.launch import RunResult
from wgdist.interp.scf import reads_subgroup_id, sg_id_range_size
from wgdist.interp.value_check import TileEntry, ValueComparer, ValueTrace
from wgdist.ir.diagnostics import location_of


def in_function(e: TileEntry, func: Operation) -> bool:
    op: Operation | None = e.wg.owner if isinstance(e.wg.owner, Operation) else None
    while op is not None:
        if op is func:
            return True
        op = op.parent_op()
    return False


@dataclass
class ValueCount:
    """What the value comparison covered over the samples and schedules of one function."""

    elements: int = 0  # subgroup-value elements compared, all runs together
    values: set[int] = field(default_factory=set)  # entries with at least one value compared
    dropped: int = 0
    misaligned: set[int] = field(default_factory=set)
    reordered: int = 0  # workgroups compared with another workgroup's values

    def add(self, comparer: ValueComparer, trace: ValueTrace) -> None:
        self.elements += comparer.compared
        self.values |= comparer.covered
        self.dropped = max(self.dropped, trace.dropped)
        self.misaligned |= comparer.misaligned
        self.reordered = max(self.reordered, sum(1 for a, b in comparer.wg_map.items() if a != b))

    def notes(self, entries: Sequence[TileEntry]) -> list[str]:
        if not entries:
            return []
        out = [
            f"  values: {len(self.values)} of the {len(entries)} distributed workgroup value(s) compared "
            f"with the subgroups' tiles ({self.elements} element(s))"
        ]
        if self.reordered:
            out.append(
                f"note: {self.reordered} workgroup(s) of the distributed program compute another "
                "workgroup's tiles (a workgroup reordering): their values were compared with that "
                "workgroup's"
            )
        if self.misaligned:
            out.append(
                f"note: {len(self.misaligned)} distributed value(s) ran a different number of times than "
                "their workgroup op (a pass after the distribution moved them, e.g. out of a loop): "
                "their differences are not reported"
            )
        if self.dropped:
            out.append(
                f"note: {self.dropped} workgroup value(s) were not kept (over --max-bytes): their "
                "tiles were not compared"
            )
        return out


def range_contract_notes(func: Operation) -> list[str]:
    """A note for every ``scf.if`` with ``sg_id_range`` whose condition does not read
    ``gpu.subgroup_id``: every subgroup that takes it runs the region, not only the range's."""
    out = []
    for op in func.walk():
        size = sg_id_range_size(op)
        if size is not None and isinstance(op, IfOp) and not reads_subgroup_id(op.cond):
            out.append(
                f"note: {location_of(op) or '?'}: the condition of this scf.if with sg_id_range does "
                "not read gpu.subgroup_id: every subgroup that takes it runs the region, not only "
                "those of the range (the workgroup program then runs it once)"
            )
    return out


def report(
    name: str, wg: RunResult, sg: RunResult, n_sg: int, seed: int, comp: Comparison,
    names: list[str], inputs: list[np.ndarray], notes: list[str], n_schedules: int = 1,
    slm: int = 0, values: int = 0,
) -> str:
    g = wg.grid
    n_wg = g[0] * g[1] * g[2]
    lines = [
        f"@{name}: grid {g[0]}x{g[1]}x{g[2]}, {n_sg} subgroups per workgroup, seed {seed}, "
        f"{n_schedules} schedule(s)",
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
    written += slm
    lines += notes
    if not comp.ok:
        counts = ", ".join(f"{n} {k}" for k, n in comp.counts.items())
        lines.append(f"MISMATCH: {counts}")
        lines += [f"  {d.message}" for d in comp.differences]
    elif not wg.buffers and not slm and not values:
        lines.append(f"warning: @{name} has no memref arguments: nothing was compared")
    elif written == 0 and not values:
        lines.append(
            "NOTHING COMPARED: the workgroup program wrote no element of its memref arguments "
            "nor of shared local memory, so agreement means nothing (does the kernel store its "
            "results?)"
        )
    elif written == 0:
        lines.append(f"agree: every distributed value matches ({values} element(s) compared; no memory written)")
    else:
        lines.append(f"agree: every buffer matches ({written} element(s) written)")
    return "\n".join(lines)
