"""``wgdist-reorder``: look at a workgroup order.

Prints, for an ``NXxNY`` launch grid and a scheme (the options of the ``reorder-workgroups``
pass), the dispatch id of the workgroup that computes each output tile (rows: M tiles, columns:
N tiles, like the tables of the Wave and rocRoller docs), the XCD (L2 domain) that tile runs on,
and the cache model's fetches per XCD next to the default order's: without ``--target``, the
window count (blocks, :mod:`wgdist.reorder.cache_model`); with ``--target h100`` (mi300x, pvc,
bmg), the bytes the simulated L2 fetches from memory (:mod:`wgdist.reorder.l2sim`). ``--svg FILE``
draws the grid coloured by XCD. ``--scheme auto`` prints every candidate with its modelled
fetches, fewest first, and which one it chose.

Options, their checks, the warnings about options that do nothing and the cache model's defaults
are the pass's own (:func:`wgdist.reorder.check_options`, :mod:`wgdist.reorder.auto`), so the tool
and the pass choose the same.

    wgdist-reorder --grid 8x8 --scheme wave --group-size 2 --num-xcds 8
    wgdist-reorder --grid 128x64 --scheme auto --target h100 --k-blocks 64
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
    TARGETS,
    XCD_REMAPS,
    Fetches,
    Model,
    Scheme,
    check_options,
    choose_auto,
    dispatch_table,
    model,
    resolve,
    scheme_fetches,
    show_bytes,
    traffic,
)
from wgdist.reorder.l2sim import domain_of


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
    "target",
    "tile",
    "elem_bytes",
)


def parse_grid(text: str, what: str = "grid", example: str = "8x8") -> tuple[int, ...]:
    """``8x8`` (or ``8,8``) as ints; the sizes are checked with the pass's rules (check_grid)."""
    parts = text.lower().replace(",", "x").split("x")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must look like {example}, got {text!r}") from None


def parse_tile(text: str) -> tuple[int, ...]:
    """``128x256x64``: the workgroup tile along M, N, K (checked by check_tile)."""
    return parse_grid(text, "tile", "128x256x64")


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
        "--target",
        choices=tuple(TARGETS),
        help="the GPU the cache model simulates (default: generic, the window count)",
    )
    p.add_argument(
        "--window",
        type=int,
        help=f"co-resident workgroups per XCD in the cache model (the target's; {DEFAULT_WINDOW} "
        "without one)",
    )
    p.add_argument(
        "--k-blocks",
        type=int,
        help=f"K blocks per A/B panel in the cache model (the target's; {DEFAULT_K_BLOCKS} without "
        "one)",
    )
    p.add_argument("--tile", type=parse_tile, help="workgroup tile MxNxK (the target's)")
    p.add_argument("--elem-bytes", type=int, help="bytes per element of A and B (the target's)")
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
    # sized to its text as well as its grid: a monospace character is about 0.61 em wide
    text_w = max([len(title) * 0.61 * 13] + [len(line) * 0.61 * 12 for line in footer])
    w = round(max(left + ny * cell + 20, 8 + 64 * min(num_xcds, 8) + 8, 8 + text_w + 16, 520))
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
    if nx * ny > MAX_WORKGROUPS:
        raise ToolError(
            f"--grid {nx}x{ny} has {nx * ny} workgroups; this tool tabulates at most "
            f"{MAX_WORKGROUPS} (e.g. 512x512)"
        )
    m = model(args.target or "generic", args.num_xcds, args.window, args.k_blocks, args.tile,
              args.elem_bytes)  # fmt: skip
    x = m.machine.domains
    lines: list[str] = []
    if args.scheme == "auto":
        choice = choose_auto(
            nx, ny, args.num_xcds, args.window, args.k_blocks,
            target=args.target or "generic", tile=args.tile, elem_bytes=args.elem_bytes,
        )  # fmt: skip
        scheme: Scheme = choice.scheme
        lines.append(f"scheme=auto chose: {scheme.describe()}")
        lines.append(f"  options: {scheme.spec(COMMAND_LINE)}")
        lines.append(f"  why: {choice.reason()}")
        unit = "fetched blocks" if m.unit == "blocks" else "bytes fetched from memory"
        lines.append(f"  candidates ({unit}, fewest first):")
        for s, t in choice.ranking:
            shown = str(t) if m.unit == "blocks" else show_bytes(t)
            mark = "  <- chosen" if s == scheme else ""
            lines.append(f"    {shown:>10}  {s.describe()} ({s.spec(COMMAND_LINE)}){mark}")
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
        if m.machine.dispatch == "round-robin":
            doms = [[f % x for f in row] for row in table]
            title = f"XCD of each tile (f % {x}):"
        else:
            doms = [[int(domain_of(f, nx * ny, m.machine)) for f in row] for row in table]
            title = f"L2 domain of each tile (f * {x} // {nx * ny}):"
        lines.append("\n".join(format_grid(doms, title)))
        lines.append("")
    if m.unit == "blocks":
        window = args.window or DEFAULT_WINDOW
        k_blocks = args.k_blocks or DEFAULT_K_BLOCKS
        ours = scheme_fetches(scheme, nx, ny, window, k_blocks, x)
        base = scheme_fetches(resolve("identity", num_xcds=x), nx, ny, window, k_blocks)
        cache_lines = format_fetches(ours, base)
        total, base_total = str(ours.total), str(base.total)
    else:
        cache_lines, total, base_total = format_traffic(scheme, nx, ny, m)
    lines += cache_lines
    if args.svg:
        footer = [cache_lines[0], f"fetched: {total} (default order: {base_total})"]
        with open(args.svg, "w") as fh:
            fh.write(svg(table, x, head, footer))
        lines.append(f"wrote {args.svg}")
    return "\n".join(lines)


def format_traffic(scheme: Scheme, nx: int, ny: int, m: Model) -> tuple[list[str], str, str]:
    """The L2 simulation's bytes per domain, next to the default order's; and both totals."""
    ours = traffic(scheme, nx, ny, m)
    base = traffic(resolve("identity", num_xcds=m.machine.domains), nx, ny, m)
    p = m.problem
    lines = [
        f"cache model: {m.describe()}",
        "  domain          A          B      total  default order",
    ]
    for d in range(m.machine.domains):
        a, b = ours.a_blocks[d] * p.a_bytes, ours.b_blocks[d] * p.b_bytes
        lines.append(
            f"  {d:>6} {show_bytes(a):>10} {show_bytes(b):>10} "
            f"{show_bytes(ours.per_domain[d]):>10} {show_bytes(base.per_domain[d]):>14}"
        )
    a = sum(ours.a_blocks) * p.a_bytes
    b = sum(ours.b_blocks) * p.b_bytes
    lines.append(
        f"     all {show_bytes(a):>10} {show_bytes(b):>10} {show_bytes(ours.total):>10} "
        f"{show_bytes(base.total):>14}"
    )
    return lines, show_bytes(ours.total), show_bytes(base.total)


def main(argv: Sequence[str] | None = None) -> None:
    if status := run_tool("wgdist-reorder", lambda: print(run(argv)), user_errors=(ToolError,)):
        sys.exit(status)


if __name__ == "__main__":
    main()
