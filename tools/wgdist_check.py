"""``wgdist-check``: run a workgroup-level kernel and its distributed form on random inputs and
compare every output buffer and every distributed value (see :func:`wgdist.checker.check`).

    wgdist-check kernel.mlir -p PIPELINE [--grid X,Y[,Z]] [--subgroups N] [--seed S] [--func NAME]
        [--scalar NAME=VALUE] [--samples N] [--schedules N]
    wgdist-check kernel.mlir --against distributed.mlir ...

Every kernel function of the file is checked (``--func`` narrows to one), each with its own
report. Exit status 0 when the programs agree, 1 when they differ, when the workgroup program wrote
nothing to compare, or on any error (one message, no traceback); 2 on an internal error (the
policy of every wgdist tool, :mod:`wgdist.ir.cli`).
"""

from __future__ import annotations

import os

# The interpreter multiplies many small matrices: BLAS threads only add contention. Must be set
# before numpy is first imported.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

from wgdist.checker import DEFAULT_MAX_BYTES, DEFAULT_MAX_SUBGROUPS, check_all  # noqa: E402
from wgdist.ir.cli import ArgumentParser, run_tool  # noqa: E402

MEMORY_HINT = (
    "the kernel's buffers or values are too large for this machine: check smaller shapes (or "
    "lower --max-bytes to be told earlier)"
)


def _grid(text: str) -> tuple[int, ...]:
    """``X,Y[,Z]``; ``XxY[xZ]`` (wgdist-reorder's spelling) is accepted too."""
    try:
        parts = tuple(int(x) for x in text.lower().replace("x", ",").split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y[,Z] positive integers, got '{text}'") from None
    if not 1 <= len(parts) <= 3 or any(p < 1 for p in parts):
        raise argparse.ArgumentTypeError(f"expected 1 to 3 positive sizes, got '{text}'")
    return parts


def _int_at_least(low: int, what: str):
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = low - 1
        if n < low:
            raise argparse.ArgumentTypeError(f"expected a {what} integer, got '{text}'")
        return n

    return parse


_positive = _int_at_least(1, "positive")
_non_negative = _int_at_least(0, "non-negative")


def _tolerance(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if not (math.isfinite(x) and x >= 0):
        raise argparse.ArgumentTypeError(f"expected a finite non-negative number, got '{text}'")
    return x


_UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}


def _size(text: str) -> int:
    """A byte count: ``268435456``, ``256M``, ``1G`` (K, M, G, T: powers of 1024; ``iB`` or
    ``B`` may follow)."""
    m = re.fullmatch(r"\s*(\d+)\s*([kmgt]?)(i?b)?\s*", text.lower())
    if m is None or int(m.group(1)) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive byte count (e.g. 268435456, 512M, 2G), got '{text}'")
    return int(m.group(1)) * _UNITS[m.group(2)]


def _size_text(n: int) -> str:
    for unit in "TGMK":
        if n % _UNITS[unit.lower()] == 0:
            return f"{n // _UNITS[unit.lower()]}{unit}"
    return str(n)


def _scalar(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    try:
        if not sep or not name:
            raise ValueError
        number = float(value) if any(c in value.lower() for c in ".en") else int(value, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected NAME=NUMBER, got '{text}'") from None
    return name.lstrip("%"), number


EPILOG = """\
grid: without --grid the launch grid is the gpu.func's known_grid_size; without that it is one
workgroup, and when the kernel reads gpu.block_id the report says so in a note (the other
workgroups' tiles are not checked: pass --grid).

limits: before allocating or running anything, the check refuses memref parameters taking more
than --max-bytes together (default {max_bytes}; the check holds several copies of each buffer, about
18 bytes of memory per byte of arguments), any one vector value or memref.alloc larger than
that, and a launch of more than --max-subgroups subgroups in all (workgroups x subgroups per
workgroup, default {max_subgroups}). Raise them when the machine and your patience allow.

schedules: between two barriers the subgroups of a workgroup run one after the other; the
distributed program runs under --schedules orders (in order, reversed, then random ones seeded
by --seed) and the first that differs is reported: a missing barrier shows up. A barrier that
some subgroups wait at and the others never reach (gpu.barrier, or a named barrier whose
participants do not all arrive) is a deadlock: the error names the barrier op, its location,
which subgroups wait and which returned.

subgroups: without --subgroups the count is the product of the layouts' sg_layout (outside
scf.if regions with sg_id_range, which run as a workgroup of the range's size); a kernel with no
sg_layout runs one subgroup per workgroup (a note says so).

shared local memory: what the workgroup program leaves in SLM is compared too (each allocation
with the distributed program's allocation of the same type), so a kernel whose result lives
there is judged.

values: every distributed value (each result of a workgroup op with a layout) is compared, each
time its op runs, with the part of the workgroup value the subgroup owns (its tiles in the
layout's order); the report names the first op whose value differs (the one the workgroup
program ran first), the subgroup, the element and both values, so a kernel that stores nothing,
keeps its result in SLM or overwrites a wrong intermediate is judged, and the op that went wrong
is named rather than the store at the end. Which subgroup value holds which tile comes from
xegpu-wg-to-sg-distribute itself; with --against, wgdist distributes the workgroup program and
pairs its output with the file op by op (wgdist-opt's output lines up; another tool's output, or
layouts wgdist cannot distribute, leave only memory compared, with a note). Values are kept up
to --max-bytes; a note says when some were not. A distributed program made from other layouts
than the workgroup program's holds other tiles in each subgroup: its values differ where memory
agrees (a note says so); --memory-only compares memory alone.

pointers and vectors: an integer parameter that is the source of an xegpu access (create_nd_tdesc
with shape and strides, create_tdesc, load/store/prefetch with offsets; ui64 as a rule) gets a
buffer, compared like a memref argument; its value is the buffer's address. The buffer is sized
from the descriptor's shape and strides (an integer parameter used as that shape or stride
defaults to the descriptor's shape and row-major strides), from constant gather/scatter offsets,
else from the largest shape in the kernel; a note says which. Vector parameters get random
contents.

scalars: parameters that are not memrefs and that --scalar does not fix get drawn values,
--samples times (small positive integers and indices, both values of an i1, finite floats);
each sample is reported. A sample on which the workgroup program fails (an offset out of
bounds, a division by zero or a shift out of range on drawn data) is drawn again, then skipped
with a note.

exit status: 0 when every buffer and value agrees; 1 when they differ, when nothing was compared
(no element of the memref arguments or SLM written, no distributed value: the report says
NOTHING COMPARED, agreement on nothing is no evidence; a function without memref arguments only
gets a warning; NOTHING COMPARED also prints a one-line error on stderr), or on any error (one message on stderr, no traceback); 2 on
an internal error, a bug in wgdist (WGDIST_TRACEBACK=1 shows where).
"""


def parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="wgdist-check",
        description="Check that a distributed (subgroup-level) kernel computes what the "
        "workgroup-level kernel computes, on random inputs: memory and every distributed value.",
        epilog=EPILOG.format(max_bytes=_size_text(DEFAULT_MAX_BYTES), max_subgroups=DEFAULT_MAX_SUBGROUPS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("kernel", help="workgroup-level kernel (.mlir)")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("-p", "--pipeline", help="pass pipeline producing the distributed kernel")
    src.add_argument("--against", help="an already distributed kernel (.mlir) to judge")
    p.add_argument(
        "--grid", type=_grid, help="launch grid X,Y[,Z] (default: the kernel's known_grid_size, else 1,1)"
    )
    p.add_argument("--subgroups", type=_positive, help="subgroups per workgroup (default: from the layouts)")
    p.add_argument("--seed", type=_non_negative, default=0, help="random seed of the inputs (default 0)")
    p.add_argument(
        "--func", help="check only this function (default: every gpu.func kernel, else every function)"
    )
    p.add_argument(
        "--scalar", type=_scalar, action="append", default=[], metavar="NAME=VALUE",
        help="fix the value of a scalar (non-memref) parameter; repeatable (the others are drawn)",
    )
    p.add_argument(
        "--samples", type=_positive, default=3, metavar="N",
        help="samples of drawn scalar parameter values (and memref contents) per kernel (default 3)",
    )
    p.add_argument(
        "--schedules", type=_positive, default=3, metavar="N",
        help="orders the subgroups run in between barriers: in order, reversed, then seeded random "
        "ones (default 3)",
    )
    p.add_argument(
        "--memory-only", action="store_true",
        help="compare memory only, not every distributed value with its workgroup value",
    )
    p.add_argument("--rtol", type=_tolerance, help="relative tolerance for floats (default per type)")
    p.add_argument("--atol", type=_tolerance, help="absolute tolerance factor, scaled by max|reference|")
    p.add_argument("--show", type=_positive, default=10, help="differences to print per kind (default 10)")
    p.add_argument(
        "--max-bytes", type=_size, default=DEFAULT_MAX_BYTES, metavar="BYTES",
        help="most bytes of memref arguments (together), and of any one vector value or "
        f"memref.alloc, the check allocates (default {_size_text(DEFAULT_MAX_BYTES)}; K, M, G, T "
        "suffixes: powers of 1024)",
    )
    p.add_argument(
        "--max-subgroups", type=_positive, default=DEFAULT_MAX_SUBGROUPS, metavar="N",
        help=f"most subgroups the launch runs, workgroups x subgroups per workgroup (default {DEFAULT_MAX_SUBGROUPS})",
    )
    return p


def run(argv: Sequence[str] | None) -> int:
    """Parse the command line (a misuse exits 1) and run the check under the tools' error policy;
    the exit status."""
    args = parser().parse_args(argv)
    return run_tool("wgdist-check", lambda: _check(args), memory_hint=MEMORY_HINT)


def _check(args: argparse.Namespace) -> int:
    """:func:`wgdist.checker.check_all` with the command line's options; prints the reports."""
    results = check_all(
        Path(args.kernel),
        args.pipeline,
        against=Path(args.against) if args.against else None,
        grid=args.grid,
        subgroups=args.subgroups,
        seed=args.seed,
        func=args.func,
        rtol=args.rtol,
        atol=args.atol,
        limit=args.show,
        scalars=dict(args.scalar),
        max_bytes=args.max_bytes,
        max_subgroups=args.max_subgroups,
        samples=args.samples,
        schedules=args.schedules,
        values=not args.memory_only,
    )
    for result in results:
        print(result.report)
    for result in results:
        if not result.ok and result.comparison.ok:
            print(
                f"wgdist-check: error: nothing compared: the workgroup program wrote no element of "
                f"the memref arguments of @{result.name}, so agreement means nothing (see the report)",
                file=sys.stderr,
            )
    return 0 if all(r.ok for r in results) else 1


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
