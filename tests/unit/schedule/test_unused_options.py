"""xegpu-k-loop-schedule warns about options the chosen strategy does not read (as
reorder-workgroups does), and stays quiet about the ones it reads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

KERNEL = Path(__file__).resolve().parents[2] / "filecheck" / "passes" / "xegpu-k-loop-schedule-split-barrier.mlir"


def _warnings(options: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "wgdist.tools.wgdist_opt", str(KERNEL), "--split-input-file",
         "-p", f"xegpu-k-loop-schedule{{{options}}}"],
        capture_output=True, text=True,
    )
    return sorted({line.split("op ", 1)[1] for line in proc.stderr.splitlines() if "does nothing" in line})


def test_options_the_strategy_does_not_read_are_named() -> None:
    assert _warnings("strategy=pingpong interval=4 stages=5") == [
        "xegpu-k-loop-schedule: interval= does nothing with strategy=pingpong",
        "xegpu-k-loop-schedule: stages= does nothing with strategy=pingpong",
    ]
    assert _warnings("strategy=split-barrier converge=false fragments=2") == [
        "xegpu-k-loop-schedule: converge= does nothing with strategy=split-barrier",
        "xegpu-k-loop-schedule: fragments= does nothing with strategy=split-barrier",
    ]


def test_options_the_strategy_reads_give_no_warning() -> None:
    assert _warnings("strategy=pipeline stages=3 fragments=2") == []
    assert _warnings("strategy=split-barrier interval=2") == []
