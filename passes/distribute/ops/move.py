"""Moving a distributed value to another split of the same WG value, the cheapest way the
layout model allows (used where an op needs an operand split like its result, e.g. a
reduction's accumulator):

* the same tiles in the same order: nothing;
* every subgroup holds the same elements under both splits: regathered inside the subgroup
  (:func:`wgdist.passes.distribute.regather.run_plan`: extract/insert_strided_slice and
  shape_cast, no data between subgroups);
* otherwise through shared local memory (:func:`.xegpu_convert_layout.exchange`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Attribute, Operation, SSAValue

from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.ops.xegpu_convert_layout import check_exchange, exchange
from wgdist.passes.distribute.regather import Run, element_ids, emit_regather, run_plan
from wgdist.passes.distribute.state import Env, Plan


@dataclass(frozen=True)
class Move:
    """``runs``: the subgroup-local regather plan; None: through SLM."""

    runs: tuple[tuple[Run, ...], ...] | None


def plan_move(op: Operation, plan: Plan, src: Dist, dst: Dist, elt: Attribute, what: str) -> Move | None:
    """How a value split as ``src`` becomes split as ``dst`` (None: it already is); a located
    error when it cannot be exchanged."""
    if src.same_distribution(dst):
        return None
    ids = element_ids(src.shape)
    runs = run_plan(src, dst, ids, ids)
    if runs is not None:
        return Move(tuple(tuple(r) for r in runs))
    check_exchange(op, plan, src, elt, f"moving {what} to the split of the result")
    return Move(None)


def emit_move(env: Env, op: Operation, move: Move, src: Dist, dst: Dist, tiles: list[SSAValue],
              elt: Attribute) -> list[SSAValue]:
    """The tiles of ``dst`` from ``tiles`` (split as ``src``), before ``op``."""
    if move.runs is None:
        return exchange(op, env, src, dst, tiles, elt)
    return emit_regather(env, op, [list(r) for r in move.runs], src, dst, tiles, elt)
