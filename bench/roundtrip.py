"""Benchmark (issue 14): the cost per op of reading and writing IR, and of the distribution
pipeline, against plain xdsl-opt and mlir-opt 22 on the same input.

The inputs are the generated GEMM-block kernels of ``bench/distribute_vs_mlir.py`` (12 ops per
block), sized to about 1k, 5k, 12k, 25k and 50k ops (``--sizes`` takes op counts, e.g.
``--sizes 1000,5000`` for a quick run). Per size, each tool is a fresh process timed by GNU
``time`` (CPU = user + system seconds; peak RSS):

* ``wgdist``: ``wgdist-opt in.mlir`` (parse, verify, print);
* ``xdsl``: plain ``xdsl-opt in.mlir`` from the same venv (its own parser and dialects);
* ``mlir``: ``mlir-opt-22 in.mlir``;
* ``wg/xdsl``, ``wg/mlir``: the ratios of the ms/op figures;
* ``pipeline``: ``wgdist-opt -p xegpu-propagate-layout,xegpu-wg-to-sg-distribute`` (CPU s),
  and ``passes``: the two passes alone, in a process that parsed the input first (CPU s, by
  ``time.process_time`` around the passes only), with ``ms/emit``: that per op of the output;
* ``RSS wg``/``RSS xdsl``: peak resident memory (MiB) of the two round trips.

    .venv/bin/python bench/roundtrip.py [--sizes 1000,5000,12000,25000,50000] [--no-pipeline]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from distribute_vs_mlir import kernel  # noqa: E402

BIN = Path(sys.executable).parent
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"
OPS_PER_BLOCK = 12
DEFAULT_SIZES = "1000,5000,12000,25000,50000"
GNU_TIME = "/usr/bin/time"

# Run in a fresh interpreter: parse (untimed), then the two passes (CPU timed), then count ops.
PASSES_ALONE = """
import sys, time
from wgdist import context
from wgdist.ir import parse
from wgdist.passes import get_all_passes
ctx = context()
module = parse(open(sys.argv[1]).read(), ctx, sys.argv[1])
passes = [get_all_passes()[name]()() for name in sys.argv[2].split(",")]
t0 = time.process_time()
for p in passes:
    p.apply(ctx, module)
seconds = time.process_time() - t0
print(seconds, sum(1 for _ in module.walk()) - 1)
"""


def timed(cmd: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak RSS (MiB) of ``cmd``, run to /dev/null."""
    proc = subprocess.run(
        [GNU_TIME, "-f", "%U %S %M", *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    user, system, rss_kib = proc.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), int(rss_kib) / 1024


def op_count(path: Path) -> int:
    """Ops of the input module (the module itself excluded), as xDSL counts them."""
    code = (
        "import sys; from wgdist import context; from wgdist.ir import parse; "
        "m = parse(open(sys.argv[1]).read(), context()); print(sum(1 for _ in m.walk()) - 1)"
    )
    return int(subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default=DEFAULT_SIZES, help=f"approximate op counts (default {DEFAULT_SIZES})")
    ap.add_argument("--no-pipeline", action="store_true", help="round trips only")
    args = ap.parse_args()
    mlir = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
    head = (
        f"{'ops':>6} {'wgdist ms/op':>12} {'xdsl ms/op':>10} {'mlir ms/op':>10} {'wg/xdsl':>7} {'wg/mlir':>7}"
        f" {'pipeline s':>10} {'passes s':>8} {'emitted':>8} {'ms/emit':>7} {'RSS wg':>6} {'RSS xdsl':>8}"
    )
    print(head, flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for approx in (int(x) for x in args.sizes.split(",")):
            path = Path(tmp) / f"k{approx}.mlir"
            path.write_text(kernel(max(1, round(approx / OPS_PER_BLOCK))))
            ops = op_count(path)
            wg_s, wg_rss = timed([str(BIN / "wgdist-opt"), str(path), "-o", "/dev/null"])
            xd_s, xd_rss = timed([str(BIN / "xdsl-opt"), str(path), "-o", "/dev/null"])
            ml_s = timed([mlir, str(path), "-o", "/dev/null"])[0] if mlir else float("nan")
            pipe_s = passes_s = float("nan")
            emitted = 0
            if not args.no_pipeline:
                pipe_s = timed([str(BIN / "wgdist-opt"), "-p", PIPELINE, str(path), "-o", "/dev/null"])[0]
                out = subprocess.run(
                    [sys.executable, "-c", PASSES_ALONE, str(path), PIPELINE], capture_output=True, text=True, check=True
                ).stdout.split()
                passes_s, emitted = float(out[0]), int(out[1])
            wg, xd, ml = (1000 * s / ops for s in (wg_s, xd_s, ml_s))
            per_emit = 1000 * passes_s / emitted if emitted else float("nan")
            print(
                f"{ops:>6} {wg:>12.3f} {xd:>10.3f} {ml:>10.4f} {wg / xd:>7.2f} {wg / ml:>7.0f}"
                f" {pipe_s:>10.2f} {passes_s:>8.2f} {emitted:>8} {per_emit:>7.3f} {wg_rss:>6.0f} {xd_rss:>8.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
