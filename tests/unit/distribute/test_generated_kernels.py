"""Random valid workgroup kernels of every family the distribution handles
(:mod:`kernel_gen`), each distributed and run on the interpreter against the workgroup program.

Every kernel must either agree (``wgdist.check``) or be refused with a located diagnostic; a
disagreement, an internal error or an invalid generated kernel fails. The default run checks
``WGDIST_FUZZ_SEEDS`` (6) seeds per family; ``make fuzz`` runs a long campaign (more seeds, a
different seed base) and prints the tally per family; at most a quarter of a family may be
refused. The families added for gather/scatter, SLM matrices, ``scf.if``, dynamic offsets,
inst/lane fields and interleave draw only layouts LLVM 22 accepts on a tensor_desc (no
wrap/sharing mix), and their kernels pass mlir-opt 22's verifier.

Refusal rate per family, measured 2026-11-25 with ``make fuzz FUZZ_SEEDS=40
FUZZ_BASE=4000037`` (800 kernels, 40 per family): no disagreement; 0 refusals in every family
except ``gather``, 2 of 40 (5%; 5 of 60 in a gather-only probe): a scatter whose layout differs
from its gather's (anchors only) needs the shared ``index`` offsets converted, and an SLM
exchange cannot carry ``index`` (nor ``i1``) elements ("cannot exchange index elements through
shared local memory"). Campaigns on earlier versions of the generator (1500 more kernels) found
no disagreement either.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kernel_gen as kg  # noqa: E402

SEEDS = int(os.environ.get("WGDIST_FUZZ_SEEDS", "6"))
BASE = int(os.environ.get("WGDIST_FUZZ_BASE", "0"))


@pytest.mark.parametrize("family", kg.FAMILIES)
def test_generated_kernels_agree_or_are_refused_with_a_location(family: str) -> None:
    tally: Counter[str] = Counter()
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
    print(f"{family:12s} {dict(tally)}")  # the refusal rate, shown by pytest -s (make fuzz)
    assert not bad, "\n\n".join(bad)
    # every family distributes: refusals are the exception (rates in the module docstring)
    assert tally["refused"] <= SEEDS // 4, f"{family}: too many refusals: {dict(tally)}"

