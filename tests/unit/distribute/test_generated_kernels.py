"""Random valid workgroup kernels of every family the distribution handles
(:mod:`kernel_gen`), each distributed and run on the interpreter against the workgroup program.

Every kernel must either agree (``wgdist.check``) or be refused with a located diagnostic; a
disagreement, an internal error or an invalid generated kernel fails. The default run checks
``WGDIST_FUZZ_SEEDS`` (12) seeds per family; ``make fuzz`` runs a long campaign (more seeds, a
different seed base) and prints the refusal rate per family.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kernel_gen as kg  # noqa: E402

SEEDS = int(os.environ.get("WGDIST_FUZZ_SEEDS", "12"))
BASE = int(os.environ.get("WGDIST_FUZZ_BASE", "0"))
TALLY: dict[str, Counter[str]] = {}


@pytest.mark.parametrize("family", kg.FAMILIES)
def test_generated_kernels_agree_or_are_refused_with_a_location(family: str) -> None:
    tally = TALLY.setdefault(family, Counter())
    bad: list[str] = []
    for i in range(SEEDS):
        seed = BASE + i * 7919 + kg.FAMILIES.index(family)
        k = kg.generate(seed, family)
        verdict, detail = kg.classify(k, seed=seed)
        tally[verdict] += 1
        if verdict == "refused":
            # a user-facing refusal names the op's location (line:col), never a traceback
            if not detail.startswith("<string>:") or "error:" not in detail:
                bad.append(f"seed {seed}: refusal without a location: {detail}")
        elif verdict != "agree":
            bad.append(f"seed {seed} ({k.pipeline}): {verdict}\n{detail}\n{k.text}")
    assert not bad, "\n\n".join(bad)
    assert tally["agree"] > 0, f"no {family} kernel distributed: {tally}"


def test_report_refusal_rate() -> None:
    """Prints the tally of the family tests that ran before (``pytest -s`` shows it)."""
    total = Counter[str]()
    for fam, c in sorted(TALLY.items()):
        total.update(c)
        print(f"{fam:12s} {dict(c)}")
    n = sum(total.values())
    if n:
        print(f"refused {total['refused']}/{n} = {100 * total['refused'] / n:.1f}%")
    assert total["DISAGREE"] == 0
