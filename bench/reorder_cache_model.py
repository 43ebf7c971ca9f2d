"""Modelled fetches per workgroup-order scheme: the window count, then each target's L2 simulation.

Each row is one scheme; each column one machine/grid case. The numbers are total fetched blocks
(A + B panels, K blocks each) under the cache model's assumptions: a ranking aid, not a
measurement. A and B panels weigh the same here (square-ish tiles); with unequal tile sizes use
``Fetches.bytes``. The last row is what ``scheme=auto``'s choice fetches; the lines after the table
say what it chose. Schemes with an XCD step use the case's XCD count.

The second table is the L2 simulation of each target (``wgdist.reorder.l2sim``, the target's
tile and K blocks) on a 16384x16384 output: MiB fetched from memory per scheme, and what
``scheme=auto target=T`` picks.

    .venv/bin/python bench/reorder_cache_model.py
"""

from __future__ import annotations

import time

from wgdist.reorder import TARGETS, choose_auto, get_target, resolve, scheme_fetches, scheme_traffic

# (label, nx, ny, num_xcds, window, k_blocks)
CASES = [
    ("wave-doc 8x8 X8 w8", 8, 8, 8, 8, 8),
    ("MI300 32x16 X8 w38", 32, 16, 8, 38, 64),
    ("Xe 16x16 X1 w64", 16, 16, 1, 64, 128),
    ("Xe 40x24 X1 w64", 40, 24, 1, 64, 32),
    ("Xe 7x50 X1 w32", 7, 50, 1, 32, 32),
    ("2-stack 64x64 X2 w64", 64, 64, 2, 64, 32),
]

SCHEMES = [
    ("identity", {}),
    ("row-major", {}),
    ("triton G=4", {"scheme": "triton", "group_size": 4}),
    ("triton G=8", {"scheme": "triton", "group_size": 8}),
    ("wave G=2", {"scheme": "wave", "group_size": 2}),
    ("wave G=4", {"scheme": "wave", "group_size": 4}),
    ("wave G=8", {"scheme": "wave", "group_size": 8}),
    ("rocroller N G=4", {"scheme": "rocroller", "group_size": 4, "group_dim": 1}),
    ("tensile G=8", {"scheme": "tensile", "group_size": 8}),
    ("wave G=8 tail", {"scheme": "wave", "group_size": 8, "xcd_remap": "tail"}),
    ("wave G=8 chunk2", {"scheme": "wave", "group_size": 8, "xcd_remap": "chunked"}),
]


def main() -> None:
    t0 = time.perf_counter()
    width = max(len(c[0]) for c in CASES) + 2
    print("modelled fetched blocks (lower is better)")
    print(f"{'scheme':<18}" + "".join(f"{c[0]:>{width}}" for c in CASES))
    for label, opts in SCHEMES:
        opts = dict(opts)
        name = opts.pop("scheme", label)
        row = []
        for _, nx, ny, x, window, k in CASES:
            s = resolve(str(name), num_xcds=x, **opts)  # type: ignore[arg-type]
            row.append(scheme_fetches(s, nx, ny, window, k).total)
        print(f"{label:<18}" + "".join(f"{v:>{width}}" for v in row))
    picks = [choose_auto(nx, ny, x, window, k) for _, nx, ny, x, window, k in CASES]
    print(f"{'auto':<18}" + "".join(f"{c.fetches:>{width}}" for c in picks))
    print("scheme=auto's choices:")
    for case, c in zip(CASES, picks):
        print(f"  {case[0]:<{width}} {c.scheme.describe()} ({c.scheme.spec()})")
    print(f"({time.perf_counter() - t0:.2f} s)")
    targets()


def targets() -> None:
    t0 = time.perf_counter()
    names = [n for n in TARGETS if n != "generic"]
    grids = {n: (16384 // get_target(n).tile[0], 16384 // get_target(n).tile[1]) for n in names}
    print("\nL2 simulation, 16384x16384 output, MiB fetched from memory (lower is better)")
    print(
        f"{'scheme':<18}" + "".join(f"{n + ' ' + 'x'.join(map(str, grids[n])):>16}" for n in names)
    )
    for label, opts in SCHEMES:
        opts = dict(opts)
        name = opts.pop("scheme", label)
        row = []
        for n in names:
            x = get_target(n).domains
            s = resolve(str(name), num_xcds=x, **opts)  # type: ignore[arg-type]
            row.append(scheme_traffic(s, *grids[n], target=n).total / 2**20)
        print(f"{label:<18}" + "".join(f"{v:>16.0f}" for v in row))
    picks = [choose_auto(*grids[n], target=n) for n in names]
    print(f"{'auto':<18}" + "".join(f"{c.fetches / 2**20:>16.0f}" for c in picks))
    for n, c in zip(names, picks):
        print(f"  {n:<8} {c.scheme.describe()} ({c.scheme.spec()})")
    print(f"({time.perf_counter() - t0:.2f} s)")


if __name__ == "__main__":
    main()
