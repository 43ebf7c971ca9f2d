"""Interpreter speed: executed ops per second and wall time of a full check.

Cases: the hand-distributed 256x256x256 GEMM with 32 subgroups (one and several tiles per
subgroup) and, when the passes are available, the examples through the full pipeline.

    python bench/interp_speed.py [--grid X,Y]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.support (the sample kernels) is not installed

import argparse  # noqa: E402
import time  # noqa: E402

from tests.support.samples import gemm_sg, gemm_wg  # noqa: E402
from wgdist.checker import check  # noqa: E402

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def row(name: str, fn) -> None:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    try:
        r = fn()
    except Exception as e:  # a benchmark reports failures and goes on
        print(f"{name:<38} {'error: ' + str(e).splitlines()[0][:60]}")
        return
    total = time.perf_counter() - t
    wg_rate = r.wg.ops / r.wg.seconds if r.wg.seconds else 0.0
    sg_rate = r.sg.ops / r.sg.seconds if r.sg.seconds else 0.0
    print(
        f"{name:<38} {'ok' if r.ok else 'DIFF':<5} {r.wg.ops:>8} {wg_rate:>10.0f} "
        f"{r.sg.ops:>9} {sg_rate:>10.0f} {total:>8.2f}"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--grid", default="2,2", help="grid for the examples (default 2,2)")
    args = p.parse_args()
    grid = tuple(int(x) for x in args.grid.split(","))
    print(f"{'case':<38} {'check':<5} {'WG ops':>8} {'WG ops/s':>10} {'SG ops':>9} {'SG ops/s':>10} {'total s':>8}")
    one = (256, 256, 256, (8, 4), (32, 64), 32)
    wrap = (256, 256, 256, (8, 4), (16, 32), 16)
    row("gemm 256^3, 32 sg, 1 tile/sg", lambda: check(gemm_wg(*one), against=gemm_sg(*one)))
    row("gemm 256^3, 32 sg, 4 tiles/sg, k=16", lambda: check(gemm_wg(*wrap), against=gemm_sg(*wrap)))
    examples = ROOT / "examples"
    for f in sorted(examples.glob("*.mlir")):
        row(f"{f.name} grid {args.grid}", lambda f=f: check(f, PIPELINE, grid=grid))


if __name__ == "__main__":
    main()
