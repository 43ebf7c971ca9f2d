"""The options of ``reorder-workgroups`` and ``wgdist-reorder``: names, ranges, spellings.

The pass writes an option ``group-size=2``, the tool ``--group-size 2``; a :class:`Spelling` says
which, so both front ends refuse the same values with the same sentence (:func:`check_values`,
:func:`check_grid`; :func:`wgdist.reorder.check_options` adds the checks that need the presets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wgdist.reorder.targets import TARGETS

SCHEMES = ("identity", "row-major", "triton", "wave", "rocroller", "tensile", "auto")
XCD_REMAPS = ("none", "balanced", "tail", "chunked")
GROUP_STYLES = ("wave", "triton")
DEFAULT_GROUP_SIZE = 8
DEFAULT_CHUNK = 2
MAX_GRID_SIZE = 2**31 - 1  # known_grid_size is an array<i32>
# the cache model's options other than target, in the order messages list them
MODEL_OPTIONS = ("window", "k-blocks", "tile", "elem-bytes")


@dataclass(frozen=True)
class Spelling:
    """How options are written: ``group-size=2`` in a pass pipeline, ``--group-size 2`` in a shell."""

    prefix: str = ""
    sep: str = "="
    grid_sep: str = ","

    def opt(self, name: str) -> str:
        return self.prefix + name

    def val(self, name: str, value: object) -> str:
        return f"{self.prefix}{name}{self.sep}{value}"


PIPELINE = Spelling()  # reorder-workgroups{group-size=2 grid=8,8}
COMMAND_LINE = Spelling("--", " ", "x")  # wgdist-reorder --group-size 2 --grid 8x8


def check_values(sp: Spelling, o: dict[str, Any]) -> None:
    """Raise ValueError for an option value out of range (``o``: option name -> value or None)."""
    named = (("xcd-remap", XCD_REMAPS), ("group-style", GROUP_STYLES), ("target", tuple(TARGETS)))
    for name, choices in named:
        if o.get(name) is not None and o[name] not in choices:
            raise ValueError(f"{sp.val(name, repr(o[name]))} is not one of {', '.join(choices)}")
    for name in ("group-size", "num-xcds", "chunk", "window", "k-blocks", "elem-bytes"):
        if o.get(name) is not None and o[name] < 1:
            raise ValueError(f"{sp.opt(name)} must be >= 1, got {o[name]}")
    if o.get("group-dim") not in (None, 0, 1):
        raise ValueError(f"{sp.opt('group-dim')} must be 0 or 1, got {o['group-dim']}")


def check_grid(grid: tuple[int, ...], spelling: Spelling = PIPELINE) -> None:
    """Two sizes, each in ``[1, MAX_GRID_SIZE]`` (the range of ``known_grid_size``)."""
    sp = spelling
    shown = sp.val("grid", sp.grid_sep.join(str(g) for g in grid))
    if len(grid) != 2 or min(grid) < 1:
        form = sp.val("grid", f"NX{sp.grid_sep}NY")
        raise ValueError(f"{sp.opt('grid')} must be two sizes >= 1 ({form}), got {shown}")
    if max(grid) > MAX_GRID_SIZE:
        raise ValueError(
            f"{sp.opt('grid')} sizes must be at most {MAX_GRID_SIZE} (the i32 range of "
            f"known_grid_size), got {shown}"
        )


def check_tile(tile: tuple[int, ...], spelling: Spelling = PIPELINE) -> None:
    """Three sizes >= 1: the workgroup's tile along M, N and K (elements)."""
    sp = spelling
    if len(tile) != 3 or min(tile) < 1:
        shown = sp.val("tile", sp.grid_sep.join(str(v) for v in tile))
        form = sp.val("tile", sp.grid_sep.join(("M", "N", "K")))
        raise ValueError(f"{sp.opt('tile')} must be three sizes >= 1 ({form}), got {shown}")
