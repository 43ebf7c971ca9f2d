"""``xegpu-k-loop-schedule``'s options, checked once when the pipeline is built."""

from __future__ import annotations

from dataclasses import dataclass

STRATEGY_NAMES = ("pipeline", "split-barrier", "pingpong")


@dataclass(frozen=True)
class ScheduleOptions:
    """The pass options a strategy reads (see the pass docstring for their meaning).

    ``stages``: pipeline depth (loads for iteration ``k + stages - 1`` issued in iteration ``k``);
    ``fragments``: mini-iterations per K step (0: one per dpas); ``interval``: split-barrier
    distance in iterations; ``num_subgroups``: the workgroup's subgroup count (0: from the
    kernel); ``converge``: pingpong with every barrier reached by all subgroups in convergence."""

    strategy: str = "pipeline"
    stages: int = 2
    fragments: int = 1
    interval: int = 1
    num_subgroups: int = 0
    converge: bool = True

    def check(self) -> None:
        """``ValueError`` naming the option and the value when one is out of range."""
        if self.strategy not in STRATEGY_NAMES:
            raise ValueError(
                f"unknown strategy={self.strategy!r}; expected one of {', '.join(STRATEGY_NAMES)}"
            )
        if not 1 <= self.stages <= 16:
            raise ValueError(f"stages={self.stages} is out of range: expected 1 to 16")
        if not 0 <= self.fragments <= 64:
            raise ValueError(
                f"fragments={self.fragments} is out of range: expected 0 (one per dpas) to 64"
            )
        if self.interval < 1:
            raise ValueError(f"interval={self.interval} is out of range: expected at least 1")
        if self.num_subgroups < 0:
            raise ValueError(
                f"num-subgroups={self.num_subgroups} is out of range: expected 0 (from the "
                "kernel) or a positive count"
            )
