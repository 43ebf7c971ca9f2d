"""``strategy=pipeline`` (being written)."""

from __future__ import annotations

from wgdist.passes.schedule.classify import KLoop, Refusal
from wgdist.passes.schedule.options import ScheduleOptions


def apply(kloop: KLoop, options: ScheduleOptions) -> Refusal | None:
    return Refusal(kloop.loop, "strategy=pipeline is not implemented yet")
