"""The LLVM 22 syntax sample the lit suite reads (tests/filecheck/inputs/) is the design's copy.

The in-repo copy keeps the suite self-contained; the design folder (``../shared/design``) is the
source of truth when it is there. Either way the in-repo copy must parse, verify and exercise
every xegpu op of LLVM 22, so the test always checks something.
"""

from __future__ import annotations

from pathlib import Path

import wgdist

ROOT = Path(__file__).resolve().parents[3]
IN_REPO = ROOT / "tests" / "filecheck" / "inputs" / "llvm22-syntax-sample.mlir"
SHARED = ROOT.parent / "shared" / "design" / "llvm22-syntax-sample.mlir"

LLVM22_XEGPU_OPS = {
    "alloc_nbarrier", "atomic_rmw", "convert_layout", "create_mem_desc", "create_nd_tdesc",
    "create_tdesc", "dpas", "fence", "init_nbarrier", "load", "load_matrix", "load_nd",
    "nbarrier_arrive", "nbarrier_wait", "prefetch", "prefetch_nd", "store", "store_matrix",
    "store_nd", "update_nd_offset", "update_offset",
}  # fmt: skip


def test_in_repo_sample_parses_and_covers_every_xegpu_op() -> None:
    module = wgdist.parse(IN_REPO.read_text(), name=str(IN_REPO))
    module.verify()
    names = {op.name.removeprefix("xegpu.") for op in module.walk() if op.name.startswith("xegpu.")}
    assert names == LLVM22_XEGPU_OPS, sorted(names ^ LLVM22_XEGPU_OPS)


def test_in_repo_sample_is_the_design_copy() -> None:
    """Equal to ../shared/design's copy when that exists; otherwise the in-repo copy is the
    reference and must at least be a non-trivial MLIR file."""
    text = IN_REPO.read_text()
    if SHARED.exists():
        assert text == SHARED.read_text(), (
            f"{IN_REPO.relative_to(ROOT)} differs from {SHARED}: copy the design's sample over"
        )
    else:
        assert text.count("xegpu.") >= len(LLVM22_XEGPU_OPS), "the in-repo sample lost its xegpu ops"
