"""Strategy name -> the function that rewrites one classified K loop.

A strategy gets the :class:`~wgdist.passes.schedule.classify.KLoop` and the options and either
rewrites the loop (returning None) or returns a :class:`Refusal` and leaves the IR untouched.
"""

from __future__ import annotations

from collections.abc import Callable

from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.pingpong import apply as pingpong
from wgdist.passes.schedule.pipeline import apply as pipeline
from wgdist.passes.schedule.split_barrier import apply as split_barrier


def _not_yet(name: str) -> Callable[[KLoop, ScheduleOptions], Refusal | None]:
    def apply(kloop: KLoop, options: ScheduleOptions) -> Refusal | None:
        return Refusal(kloop.loop, f"strategy={name} is not implemented yet")

    return apply


STRATEGIES: dict[str, Callable[[KLoop, ScheduleOptions], Refusal | None]] = {
    "pipeline": pipeline,
    "split-barrier": split_barrier,
    "pingpong": pingpong,
}
