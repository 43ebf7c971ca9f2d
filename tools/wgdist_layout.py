"""``wgdist-layout``: who owns what under a layout, as a table and as a picture.

    wgdist-layout '#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>' --shape 128x128
    wgdist-layout '#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>' --shape 128x128 --svg out.svg
    wgdist-layout --kernel k.mlir --value acc [-p xegpu-propagate-layout]

prints, as the seed RFC's table does, every tile (inclusive element ranges) with the subgroups that
hold it (linear id and grid coordinates, and the round of wrap in which each gets it), then each
subgroup's tiles; a tile held by several subgroups is a shared copy, and the one subgroup that
writes it back (:func:`wgdist.layout.is_writer`) is marked ``*``. ``--svg`` draws the shape with
each tile coloured by its subgroup (a shared tile in stripes, one per holder) and a legend.
``--kernel FILE --value NAME`` takes the layout and shape of the value ``%NAME`` of a kernel
(where LLVM 22 keeps it: :func:`wgdist.dialects.xegpu.layout_access.value_layout`), after the
passes of ``-p`` if given (``-p xegpu-propagate-layout`` for a value only propagation lays out).

Everything comes from the layout model (:mod:`wgdist.layout`: ``tiles``, ``tile_shape``,
``rounds``, ``delinearize``, ``is_writer``); nothing is re-derived here. A layout that cannot
split the shape is the model's message and exit status 1.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from wgdist.ir.cli import ArgumentParser, run_tool
from wgdist.layout import AnyLayout, delinearize, is_writer, rounds, tile_shape, tiles


@dataclass(frozen=True)
class Holding:
    """One subgroup's copy of a tile: its linear id, grid coordinates and round of wrap."""

    sg_id: int
    coords: tuple[int, ...]
    round: int
    writer: bool


@dataclass(frozen=True)
class Ownership:
    """Every tile of ``shape`` (by start offset, in row-major order) and who holds it."""

    text: str
    shape: tuple[int, ...]
    tile: tuple[int, ...]
    subgroups: int
    sg_layout: tuple[int, ...] | None
    order: tuple[int, ...] | None
    rounds: tuple[int, ...] | None
    holders: dict[tuple[int, ...], list[Holding]]


def ownership(layout_text: str, shape: Sequence[int]) -> Ownership:
    """The ownership map of ``layout_text`` (an ``#xegpu.layout``/``#xegpu.slice``) on ``shape``."""
    return ownership_of(_parse_layout(layout_text), layout_text, shape)


def ownership_of(model: AnyLayout, layout_text: str, shape: Sequence[int]) -> Ownership:
    """The ownership map of a layout model (a :class:`wgdist.layout.Layout` or
    :class:`~wgdist.layout.SliceLayout`, spelled ``layout_text``) on ``shape``."""
    shape = tuple(shape)
    tile = tile_shape(shape, model)  # LayoutError (a ValueError) if the layout cannot split it
    root = model.root
    holders: dict[tuple[int, ...], list[Holding]] = {}
    order = root.effective_order() if root.sg_layout is not None else None
    for sg in range(model.num_subgroups):
        coords = delinearize(sg, root.sg_layout, order) if root.sg_layout is not None and order else ()
        writer = is_writer(shape, model, sg)
        for k, start in enumerate(tiles(shape, model, sg)):
            holders.setdefault(start, []).append(Holding(sg, tuple(coords), k, writer))
    kept = model.kept_dims
    sg_rounds = (
        rounds(shape, [root.sg_layout[d] for d in kept], tile) if root.sg_layout is not None else None
    )
    return Ownership(
        layout_text.strip(),
        shape,
        tile,
        model.num_subgroups,
        root.sg_layout,
        order,
        sg_rounds,
        dict(sorted(holders.items())),
    )


def _parse_layout(text: str) -> AnyLayout:
    """The layout model of the attribute text (parse errors are located in the text)."""
    # xDSL and the dialects load here, not at start-up: the pure layout model needs neither
    from xdsl.parser import Parser

    import wgdist
    from wgdist.dialects.xegpu import LayoutAttr, SliceAttr

    attr = Parser(wgdist.context(), text, "<layout>").parse_attribute()
    if not isinstance(attr, LayoutAttr | SliceAttr):
        raise ValueError(f"expected an #xegpu.layout or #xegpu.slice, got {attr}")
    return attr.to_model()


def kernel_value(path: str, name: str, passes: str = "") -> tuple[str, AnyLayout, tuple[int, ...]]:
    """``(layout text, layout model, shape)`` of the value ``%name`` in the kernel file ``path``."""
    import io  # the IR stack loads only for --kernel (see _parse_layout)

    from xdsl.printer import Printer

    import wgdist
    from wgdist.dialects.xegpu.layout_access import value_layout

    with open(path) as f:
        source = f.read()
    module = wgdist.run_pipeline(source, passes) if passes else wgdist.parse(source, name=path)
    name = name.removeprefix("%")
    found = [
        v for op in module.walk() for v in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args))
        if v.name_hint == name
    ]
    if not found:
        raise ValueError(f"{path}: no value named %{name}")
    value = found[0]
    layout = value_layout(value)
    if layout is None:
        hint = "" if passes else " (give -p xegpu-propagate-layout to propagate layouts first)"
        raise ValueError(f"{path}: %{name} has no layout{hint}")
    shape = getattr(value.type, "shape", None)
    if shape is None:
        raise ValueError(f"{path}: %{name} is of type {value.type}, which has no shape")
    text = io.StringIO()
    Printer(stream=text).print_attribute(layout)
    dims = tuple(int(d.data) if hasattr(d, "data") else int(d) for d in shape)
    return text.getvalue(), layout.to_model(), dims


def _range(start: tuple[int, ...], tile: tuple[int, ...]) -> str:
    return "[" + ", ".join(f"{s}:{s + t - 1}" for s, t in zip(start, tile)) + "]"


def table(own: Ownership) -> str:
    """The text the tool prints: a summary, the tiles with their holders, each subgroup's tiles."""
    lines = [f"{own.text} on {'x'.join(map(str, own.shape))}"]
    if own.sg_layout is None:
        lines.append("no sg_layout: one subgroup holds the whole shape")
    else:
        lines.append(
            f"{own.subgroups} subgroups, grid {list(own.sg_layout)}, order {list(own.order or ())}; "
            f"tile {'x'.join(map(str, own.tile))}; rounds of wrap per dim {list(own.rounds or ())}"
        )
    shared = sum(1 for h in own.holders.values() if len(h) > 1)
    lines.append(f"{len(own.holders)} tiles, {shared} held by more than one subgroup (* writes it back)")
    lines.append("")
    rows = [("tile", "owners: linear id (coords) round")]
    for start, held in own.holders.items():
        owners = ", ".join(
            f"{h.sg_id}{'*' if h.writer and len(held) > 1 else ''} ({','.join(map(str, h.coords))}) r{h.round}"
            for h in held
        )
        rows.append((_range(start, own.tile), owners))
    width = max(len(r[0]) for r in rows)
    lines += [f"{a.ljust(width)}  {b}" for a, b in rows]
    lines.append("")
    per_sg: dict[int, list[str]] = {}
    coords: dict[int, tuple[int, ...]] = {}
    for start, held in own.holders.items():
        for h in held:
            per_sg.setdefault(h.sg_id, []).append(_range(start, own.tile))
            coords[h.sg_id] = h.coords
    for sg in sorted(per_sg):
        lines.append(f"subgroup {sg} ({','.join(map(str, coords[sg]))}): {' '.join(per_sg[sg])}")
    return "\n".join(lines) + "\n"


_PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac", "#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#17becf",
)  # fmt: skip
_CHAR_W = 7.0  # width of one character of the 12px monospace font, for sizing to the text


def colour(sg: int) -> str:
    """Subgroup ``sg``'s colour (16 distinct hues, then the same hues lighter)."""
    base = _PALETTE[sg % len(_PALETTE)]
    if sg < len(_PALETTE):
        return base
    r, g, b = (int(base[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{(c + 255) // 2:02x}" for c in (r, g, b))


def svg(own: Ownership) -> str:
    """The picture: tiles coloured by holder, a title above and a legend below, sized to fit."""
    if len(own.shape) > 2:
        raise ValueError(f"--svg draws 1-D and 2-D shapes; this shape is {'x'.join(map(str, own.shape))}")
    rows, cols = own.shape if len(own.shape) == 2 else (1, own.shape[0])
    trows, tcols = own.tile if len(own.tile) == 2 else (1, own.tile[0])
    scale = min(640 / cols, 480 / rows)
    scale = max(scale, 4 / min(trows, tcols))  # a tile is at least 4 px
    grid_w, grid_h = cols * scale, rows * scale
    margin, title_h = 10, 40
    title = f"{own.text} on {'x'.join(map(str, own.shape))}"
    subtitle = f"tile {'x'.join(map(str, own.tile))}; {own.subgroups} subgroups; stripes: shared copies"
    legend = [f"sg {sg} ({','.join(map(str, h.coords))})" for sg, h in sorted(_first_holdings(own).items())]
    per_line = max(1, int(max(grid_w, 400) // 120))
    legend_h = 20 * ((len(legend) + per_line - 1) // per_line) + 10
    text_w = max(len(title), len(subtitle)) * _CHAR_W
    width = margin * 2 + max(grid_w, text_w, min(len(legend), per_line) * 120)
    height = title_h + grid_h + legend_h + margin * 2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'font-family="monospace" font-size="12">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
        f'<text x="{margin}" y="16">{html.escape(title)}</text>',
        f'<text x="{margin}" y="32" fill="#555">{html.escape(subtitle)}</text>',
    ]
    for start, held in own.holders.items():
        r0, c0 = start if len(start) == 2 else (0, start[0])
        x, y = margin + c0 * scale, title_h + r0 * scale
        w, h = tcols * scale, trows * scale
        stripe = w / len(held)
        for i, holding in enumerate(held):
            out.append(
                f'<rect x="{x + i * stripe:.2f}" y="{y:.2f}" width="{stripe:.2f}" height="{h:.2f}" '
                f'fill="{colour(holding.sg_id)}"/>'
            )
        out.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" fill="none" stroke="black"/>')
        label = ",".join(str(hd.sg_id) for hd in held)
        if len(label) * _CHAR_W < w and h >= 14:
            out.append(
                f'<text x="{x + w / 2:.2f}" y="{y + h / 2 + 4:.2f}" text-anchor="middle">{label}</text>'
            )
    top = title_h + grid_h + 10
    for i, name in enumerate(legend):
        lx = margin + (i % per_line) * 120
        ly = top + (i // per_line) * 20
        sg = int(name.split()[1])
        out.append(f'<rect x="{lx}" y="{ly}" width="12" height="12" fill="{colour(sg)}" stroke="black"/>')
        out.append(f'<text x="{lx + 16}" y="{ly + 11}">{html.escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _first_holdings(own: Ownership) -> dict[int, Holding]:
    first: dict[int, Holding] = {}
    for held in own.holders.values():
        for h in held:
            first.setdefault(h.sg_id, h)
    return first


def _shape(text: str) -> tuple[int, ...]:
    try:
        dims = tuple(int(d) for d in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--shape: expected dimensions like 128x128, got '{text}'") from None
    if not dims or any(d <= 0 for d in dims):
        raise ValueError(f"--shape: dimensions must be positive, got '{text}'")
    return dims


def run(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(prog="wgdist-layout", description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("layout", nargs="?", help="an #xegpu.layout<...> or #xegpu.slice<...> attribute")
    parser.add_argument("--shape", help="the workgroup-level shape, e.g. 128x128")
    parser.add_argument("--kernel", metavar="FILE", help="take the layout and shape of --value in this kernel")
    parser.add_argument("--value", metavar="NAME", help="the value (%%NAME) of --kernel to show")
    parser.add_argument("-p", "--passes", default="", help="passes to run on --kernel first")
    parser.add_argument("--svg", metavar="FILE", help="also draw the ownership map as SVG")
    args = parser.parse_args(argv)
    if args.kernel is not None:
        if args.value is None or args.layout is not None or args.shape is not None:
            parser.error("--kernel takes --value, and no layout or --shape")
        text, model, shape = kernel_value(args.kernel, args.value, args.passes)
        own = ownership_of(model, f"%{args.value.removeprefix('%')}: {text}", shape)
    else:
        if args.layout is None or args.shape is None:
            parser.error("give a layout and --shape, or --kernel and --value")
        shape = _shape(args.shape)
        own = ownership(args.layout, shape)
    if prod(shape) > 1 << 26:
        raise ValueError(f"--shape {args.shape}: too large to list ({prod(shape)} elements)")
    sys.stdout.write(table(own))
    if args.svg:
        picture = svg(own)
        with open(args.svg, "w") as f:
            f.write(picture)
    return 0


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run_tool("wgdist-layout", lambda: run(argv)))


if __name__ == "__main__":
    main()
