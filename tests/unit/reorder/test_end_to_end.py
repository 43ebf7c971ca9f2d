"""End to end: the GEMM example, distributed to subgroups and reordered, computes the same C.

wgdist.check runs the workgroup-level kernel over the whole 4x4 grid in workgroup mode and the
pipeline's output in subgroup mode, then compares every buffer. A reordering that loses tiles
must show up there (the negative control feeds the pass the naive XCD remap, dynamically so the
pass's own bijectivity proof does not run).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wgdist.checker import check

GEMM = Path(__file__).resolve().parents[3] / "examples" / "gemm_k_loop.mlir"
PIPE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute,reorder-workgroups{{{opts}}}"


@pytest.mark.parametrize(
    "opts",
    ["grid=4,4 group-size=2 num-xcds=3", "scheme=tensile group-size=3 xcd-remap=tail num-xcds=3"],
)
def test_reordered_distributed_gemm_matches(opts: str) -> None:
    r = check(GEMM, PIPE.format(opts=opts), grid=(4, 4))
    assert r.ok, r.report


def test_a_lossy_mapping_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import wgdist.passes.reorder_workgroups as mod
    from wgdist.reorder import grid_vars

    def naive(s, nx, ny):  # type: ignore[no-untyped-def]
        bx, by, nxe, nye = grid_vars(nx, ny)
        f = bx + by * nxe
        i = (f % 3) * ((nxe * nye) // 3) + f // 3  # loses tiles when 3 does not divide T = 16
        return i % nxe, i // nxe

    monkeypatch.setattr(mod, "mapping_exprs", naive)
    r = check(GEMM, PIPE.format(opts="scheme=wave"), grid=(4, 4))
    assert not r.ok
