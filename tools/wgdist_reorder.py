"""``wgdist-reorder``: look at a workgroup order.

Prints, for an ``NXxNY`` launch grid and a scheme (the options of the ``reorder-workgroups``
pass), the dispatch id of the workgroup that computes each output tile (rows: M tiles, columns:
N tiles, like the tables of the Wave and rocRoller docs), the XCD that tile runs on, and the
cache model's block fetches per XCD next to the default order's. ``--svg FILE`` draws the grid
coloured by XCD. ``--scheme auto`` prints the ranking it chose from.

Options, their checks, the warnings about options that do nothing and the cache model's defaults
are the pass's own (:func:`wgdist.reorder.check_options`, :mod:`wgdist.reorder.cache_model`), so the tool
and the pass choose the same.

    wgdist-reorder --grid 8x8 --scheme wave --group-size 2 --num-xcds 8
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from wgdist.ir.cli import run_tool
from wgdist.reorder import (
    COMMAND_LINE,
    DEFAULT_K_BLOCKS,
    DEFAULT_WINDOW,
    GROUP_STYLES,
    SCHEMES,
    XCD_REMAPS,
    Fetches,
    Scheme,
    check_options,
    choose_auto,
    dispatch_table,
    resolve,
    scheme_fetches,
)


class ToolError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 1, not argparse's 2
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(1)


MAX_WORKGROUPS = 512 * 512  # the table, the cache model and the SVG are all per workgroup
# the reorder-workgroups options the tool shares (scheme apart); the first six define the order
OPTIONS = (
    "group_size",
    "group_dim",
    "group_style",
    "num_xcds",
    "xcd_remap",
    "chunk",
    "window",
    "k_blocks",
    "grid",
)


def parse_grid(text: str) -> tuple[int, ...]:
    """``8x8`` (or ``8,8``) as ints; the sizes are checked with the pass's rules (check_grid)."""
    parts = text.lower().replace(",", "x").split("x")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"grid must look like 8x8, got {text!r}") from None


def make_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="wgdist-reorder", description=__doc__.split("\n\n")[1])
    p.add_argument("--grid", type=parse_grid, required=True, help="launch grid NXxNY (x = M tiles)")
    p.add_argument("--scheme", default="wave", choices=SCHEMES)
    p.add_argument("--group-size", type=int)
    p.add_argument("--group-dim", type=int)
    p.add_argument("--group-style", choices=GROUP_STYLES)
    p.add_argument("--num-xcds", type=int, help="XCDs (chiplets) with their own L2; default 1")
    p.add_argument("--xcd-remap", choices=XCD_REMAPS)
    p.add_argument("--chunk", type=int)
    p.add_argument(
        "--window",
        type=int,
        default=DEFAULT_WINDOW,
        help=f"co-resident workgroups per XCD in the cache model ({DEFAULT_WINDOW})",
    )
    p.add_argument(
        "--k-blocks",
        type=int,
        default=DEFAULT_K_BLOCKS,
        help=f"K blocks per A/B panel in the cache model ({DEFAULT_K_BLOCKS})",
    )
    p.add_argument("--svg", metavar="FILE", help="also draw the grid, coloured by XCD")
    return p


def format_grid(cells: list[list[int]], title: str) -> list[str]:
    nx, ny = len(cells), len(cells[0])
    width = max(3, len(str(max(max(r) for r in cells))) + 1)
    lines = [title]
    lines.append("      N" + "".join(f"{n:>{width}}" for n in range(ny)))
    lines.append("  M    +" + "-" * (width * ny))
    for m in range(nx):
        lines.append(f"  {m:>4} |" + "".join(f"{v:>{width}}" for v in cells[m]))
    return lines


def format_fetches(f: Fetches, base: Fetches) -> list[str]:
    lines = [
        f"cache model: {f.window} co-resident workgroups per XCD window, "
        f"K = {f.k_blocks} blocks per panel",
        "   XCD      A      B  total  default order",
    ]
    for c in range(f.num_xcds):
        lines.append(f"  {c:>4} {f.a[c]:>6} {f.b[c]:>6} {f.per_xcd[c]:>6} {base.per_xcd[c]:>14}")
    lines.append(f"   all {sum(f.a):>6} {sum(f.b):>6} {f.total:>6} {base.total:>14}")
    return lines


PALETTE = ["#b0b0b0", "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f0c929"]


def colour(xcd: int) -> str:
    if xcd < len(PALETTE):
        return PALETTE[xcd]
    return f"hsl({(xcd * 137) % 360}, 60%, 65%)"


def svg(table: list[list[int]], num_xcds: int, title: str, footer: list[str]) -> str:
    nx, ny = len(table), len(table[0])
    cell, left, top = 34, 40, 56
    legend_rows = (num_xcds + 7) // 8
    w = max(left + ny * cell + 20, 520)
    h = top + nx * cell + 30 + 18 * legend_rows + 16 * len(footer) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="monospace" font-size="12">',
        f'<text x="8" y="18" font-size="13">{_esc(title)}</text>',
        f'<text x="{left}" y="{top - 8}">N tile -&gt;</text>',
        f'<text x="6" y="{top + 14}">M</text>',
    ]
    for m in range(nx):
        for n in range(ny):
            f = table[m][n]
            x, y = left + n * cell, top + m * cell
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colour(f % num_xcds)}"'
                ' stroke="white"/>'
            )
            out.append(
                f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" text-anchor="middle">{f}</text>'
            )
    y = top + nx * cell + 22
    for c in range(num_xcds):
        lx, ly = 8 + (c % 8) * 64, y + (c // 8) * 18
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colour(c)}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly}">XCD {c}</text>')
    y += 18 * legend_rows + 6
    for i, line in enumerate(footer):
        out.append(f'<text x="8" y="{y + 16 * i}">{_esc(line)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def run(argv: Sequence[str] | None) -> str:
    args = make_parser().parse_args(argv)
    options = {name: getattr(args, name) for name in OPTIONS}
    try:  # the pass's own validation, with the options spelled as flags
        notes = check_options(args.scheme, COMMAND_LINE, model_shown=True, **options)
    except ValueError as e:
        raise ToolError(str(e)) from None
    for note in notes:
        print(f"wgdist-reorder: warning: {note}", file=sys.stderr)
    nx, ny = args.grid
    x = args.num_xcds if args.num_xcds is not None else 1
    if nx * ny > MAX_WORKGROUPS:
        raise ToolError(
            f"--grid {nx}x{ny} has {nx * ny} workgroups; this tool tabulates at most "
            f"{MAX_WORKGROUPS} (e.g. 512x512)"
        )
    lines: list[str] = []
    if args.scheme == "auto":
        choice = choose_auto(nx, ny, x, args.window, args.k_blocks)
        scheme: Scheme = choice.scheme
        lines.append(f"scheme=auto chose: {scheme.describe()}")
        lines.append(f"  options: {scheme.spec(COMMAND_LINE)}")
        lines.append(f"  why: {choice.reason()}")
        lines.append("  best candidates (total fetched blocks):")
        for s, t in choice.ranking[:6]:
            lines.append(f"    {t:>8}  {s.describe()}")
        lines.append("")
    else:
        scheme = resolve(args.scheme, **{k: options[k] for k in OPTIONS[:6]})
    head = (
        f"{nx}x{ny} grid (x: M tiles, y: N tiles): {scheme.describe()} "
        f"({scheme.spec(COMMAND_LINE)})"
    )
    table = dispatch_table(scheme, nx, ny)
    lines.insert(0, head)
    lines.append(
        "\n".join(
            format_grid(table, "dispatch id f = x + y*nx of the workgroup computing tile (M, N):")
        )
    )
    lines.append("")
    if x > 1:
        xcds = [[f % x for f in row] for row in table]
        lines.append("\n".join(format_grid(xcds, f"XCD of each tile (f % {x}):")))
        lines.append("")
    ours = scheme_fetches(scheme, nx, ny, args.window, args.k_blocks, x)
    base = scheme_fetches(resolve("identity", num_xcds=x), nx, ny, args.window, args.k_blocks)
    cache_lines = format_fetches(ours, base)
    lines += cache_lines
    if args.svg:
        footer = [cache_lines[0], f"fetched blocks: {ours.total} (default order: {base.total})"]
        with open(args.svg, "w") as fh:
            fh.write(svg(table, x, head, footer))
        lines.append(f"wrote {args.svg}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    if status := run_tool("wgdist-reorder", lambda: print(run(argv)), user_errors=(ToolError,)):
        sys.exit(status)


if __name__ == "__main__":
    main()
