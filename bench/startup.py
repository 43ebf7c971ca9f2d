"""Start-up time of the command-line tools: median wall time of N fresh processes each.

Rows: ``wgdist-opt`` and ``xdsl-opt`` on an empty module, ``wgdist-opt`` parsing the GEMM example
(loads the xegpu, vector and gpu dialects), ``import wgdist`` (its functions import what they
need when called: it loads no xDSL module) and ``import wgdist.ir`` (parser, printer, verify,
diagnostics), and ``mlir-opt`` 22 for reference when installed. The target is ``wgdist-opt`` on
an empty module under 0.3 s. The "extra" column is the cost on top of plain ``xdsl-opt``;
``--why`` prints which wgdist modules an empty run imports (they should be none of wgdist's
dialect, pass or interpreter modules: the registries are lazy; exit status 1 if any is).

    .venv/bin/python bench/startup.py [-n 15] [--why]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
EMPTY = "builtin.module {\n}\n"
TARGET_S = 0.3


def time_runs(cmd: list[str], stdin: str | None, n: int) -> list[float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    return times


def imported_wgdist_modules() -> list[str]:
    """wgdist modules an empty ``wgdist-opt`` run imports (via ``python -X importtime``)."""
    code = (
        "import sys; from wgdist.tools.wgdist_opt import main; sys.argv=['wgdist-opt']; main()"
    )
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        input=EMPTY,
        capture_output=True,
        text=True,
    )
    names = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].strip().startswith("wgdist"):
            names.append(f"{parts[2].strip()} ({int(parts[1]) / 1000:.1f} ms cumulative)")
    return names


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=15, help="runs per command (default 15)")
    ap.add_argument("--why", action="store_true", help="list wgdist modules an empty run imports")
    args = ap.parse_args()

    rows: list[tuple[str, list[str], str | None]] = [
        ("wgdist-opt, empty module", [str(BIN / "wgdist-opt")], EMPTY),
        ("xdsl-opt, empty module", [str(BIN / "xdsl-opt")], EMPTY),
        (
            "wgdist-opt, examples/gemm_k_loop.mlir",
            [str(BIN / "wgdist-opt"), str(ROOT / "examples" / "gemm_k_loop.mlir")],
            None,
        ),
        ("python -c 'import wgdist'", [sys.executable, "-c", "import wgdist"], None),
        ("python -c 'import wgdist.ir'", [sys.executable, "-c", "import wgdist.ir"], None),
        ("python -c 'pass'", [sys.executable, "-c", "pass"], None),
    ]
    mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
    if mlir_opt:
        rows.append(("mlir-opt 22, empty module", [mlir_opt], EMPTY))

    results = {label: time_runs(cmd, stdin, args.n) for label, cmd, stdin in rows}
    base = statistics.median(results["xdsl-opt, empty module"])

    print(f"start-up, {args.n} runs each (seconds)")
    print(f"{'command':<40} {'median':>8} {'min':>8} {'extra':>8}")
    for label, times in results.items():
        med = statistics.median(times)
        print(f"{label:<40} {med:8.3f} {min(times):8.3f} {med - base:+8.3f}")
    wg = statistics.median(results["wgdist-opt, empty module"])
    verdict = "meets" if wg < TARGET_S else "MISSES"
    print(f"\nwgdist-opt on an empty module: {wg:.3f} s, {verdict} the {TARGET_S} s target")

    if args.why or wg >= TARGET_S:
        mods = imported_wgdist_modules()
        print("wgdist modules imported by an empty run:")
        for m in mods or ["(none)"]:
            print(f"  {m}")
        eager = [m for m in mods if m.startswith(("wgdist.dialects.", "wgdist.passes.", "wgdist.interp"))]
        if eager:
            print(f"NOT LAZY: an empty run imports {len(eager)} dialect/pass/interpreter module(s)")
            raise SystemExit(1)


if __name__ == "__main__":
    main()
