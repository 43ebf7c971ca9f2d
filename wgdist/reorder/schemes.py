"""Workgroup-order schemes: the presets, their parts, and the option checks that need them.

A :class:`Scheme` is at most two pieces (the formulas are in :mod:`wgdist.reorder.mapping`): an
XCD step (``xcd-remap`` over ``num-xcds`` XCDs, with ``chunk``) and a grouped walk
``Group(group-dim, group-size)`` in ``group-style``. Presets (``scheme``): ``identity``;
``row-major`` = ``Group(0, 1)``; ``triton`` = triton-style ``Group(0, G)``; ``wave`` = balanced
XCD step + wave-style ``Group(0, G)``; ``rocroller`` = rocRoller's WGM along ``group-dim`` (equal
to wave-style ``Group(d, G)``) + balanced XCC step; ``tensile`` = wave-style ``Group(1, G)``;
``auto`` = chosen by the cache model (:func:`wgdist.reorder.choose_auto`). Explicit options
override a preset's parts (:func:`resolve`); :meth:`Scheme.spec` writes the options back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wgdist.reorder.options import (
    DEFAULT_CHUNK,
    DEFAULT_GROUP_SIZE,
    MODEL_OPTIONS,
    PIPELINE,
    SCHEMES,
    Spelling,
    check_grid,
    check_tile,
    check_values,
)


@dataclass(frozen=True)
class Scheme:
    """A resolved scheme: XCD step + optional grouped walk (``group_dim is None``: none)."""

    xcd_remap: str = "none"
    num_xcds: int = 1
    chunk: int = DEFAULT_CHUNK
    group_dim: int | None = None
    group_size: int = DEFAULT_GROUP_SIZE
    group_style: str = "wave"
    name: str = "identity"

    def __post_init__(self) -> None:
        check_scheme_values(self)

    @property
    def has_xcd_step(self) -> bool:
        return self.xcd_remap != "none" and self.num_xcds > 1

    def spec(self, spelling: Spelling | None = None) -> str:
        """Options that reproduce this scheme: its preset (or the closest one) + what differs."""
        sp = spelling or PIPELINE
        base = self.name if _overrides(self, self.name) is not None else closest_preset(self)
        parts = [("scheme", base)] + (_overrides(self, base) or [])
        return " ".join(sp.val(k, v) for k, v in parts)

    def describe(self) -> str:
        """What the scheme does, in words (``grouped along M, group-size 2, no XCD step``)."""
        if self.group_dim is None:
            walk = "no grouping"
        else:
            walk = f"grouped along {'MN'[self.group_dim]}, group-size {self.group_size}"
            if self.group_size == 1 and self.group_dim == 0:
                walk += " (row-major)"
            elif self.group_style == "triton" and self.group_size > 1:
                walk += ", triton-style last group"
        if not self.has_xcd_step:
            return "the identity: " * (self.group_dim is None) + walk + ", no XCD step"
        step = f"{self.xcd_remap} XCD step over {self.num_xcds} XCDs"
        return f"{walk}, {step}" + (f" (chunk {self.chunk})" if self.xcd_remap == "chunked" else "")


def _overrides(s: Scheme, preset: str) -> list[tuple[str, Any]] | None:
    """Options that turn ``preset`` into ``s`` (None: it cannot, or would need xcd-remap=none)."""
    if preset not in _PRESETS:
        return None
    remap, dim, size, style = _PRESETS[preset]
    if s.group_dim is None and dim is not None:
        return None
    if not s.has_xcd_step and remap != "none" and s.num_xcds > 1 and preset != s.name:
        return None  # only the user's own preset may hide its XCD step behind num-xcds=1
    out: list[tuple[str, Any]] = []
    if s.group_dim is not None:
        if s.group_dim != (0 if dim is None else dim):
            out.append(("group-dim", s.group_dim))
        if s.group_size != (size or DEFAULT_GROUP_SIZE) or dim is None:
            out.append(("group-size", s.group_size))
        if s.group_style != style and s.group_size > 1:
            out.append(("group-style", s.group_style))
    if s.has_xcd_step:
        if s.xcd_remap != remap:
            out.append(("xcd-remap", s.xcd_remap))
        out.append(("num-xcds", s.num_xcds))
        if s.xcd_remap == "chunked" and s.chunk != DEFAULT_CHUNK:
            out.append(("chunk", s.chunk))
    return out


def closest_preset(s: Scheme) -> str:
    """The preset that needs the fewest options to become ``s`` and has its XCD step or none."""
    best: tuple[int, int, str] | None = None
    for order, preset in enumerate(("wave", "triton", "tensile", "rocroller", "row-major")):
        remap, dim, size, _ = _PRESETS[preset]
        if (remap != "none") != s.has_xcd_step or (preset == "row-major" and s.group_size != 1):
            continue
        extra = _overrides(s, preset)
        if extra is not None and (best is None or (len(extra), order) < best[:2]):
            best = (len(extra), order, preset)
    return "identity" if best is None or s.group_dim is None else best[2]


def check_scheme_values(s: Scheme) -> None:
    """Raise ValueError naming the option and the value for anything out of range."""
    check_values(
        PIPELINE,
        {
            "xcd-remap": s.xcd_remap,
            "group-style": s.group_style,
            "num-xcds": s.num_xcds,
            "chunk": s.chunk,
            "group-size": s.group_size,
            "group-dim": s.group_dim,
        },
    )


def check_options(
    scheme: str, spelling: Spelling = PIPELINE, *, model_shown: bool = False, **options: Any
) -> list[str]:
    """Refuse (ValueError) what ``reorder-workgroups`` and ``wgdist-reorder`` both refuse.

    ``options`` are the user's (None or absent: not given): ``group_size``, ``group_dim``,
    ``group_style``, ``num_xcds``, ``xcd_remap``, ``chunk``, ``grid`` and the cache model's
    ``target``, ``window``, ``k_blocks``, ``tile``, ``elem_bytes``.
    Messages name the options as ``spelling`` writes them, so the pass and the tool say the same.
    Returns notes on given options that do nothing (``model_shown``: the caller shows the cache
    model, so ``window``/``k-blocks``/``num-xcds`` are used even when the order ignores them).
    """
    sp = spelling
    o = {k.replace("_", "-"): v for k, v in options.items() if v is not None}
    if scheme not in SCHEMES:
        raise ValueError(f"{sp.val('scheme', repr(scheme))} is not one of {', '.join(SCHEMES)}")
    check_values(sp, o)
    if "grid" in o:
        check_grid(tuple(o["grid"]), sp)
    if "tile" in o:
        check_tile(tuple(o["tile"]), sp)
    if scheme == "auto":
        for name in ("group-size", "group-dim", "group-style", "xcd-remap", "chunk"):
            if name in o:
                given = ", ".join(sp.opt(n) for n in ("target", "num-xcds", *MODEL_OPTIONS))
                raise ValueError(
                    f"{sp.val('scheme', 'auto')} chooses {sp.opt(name)} itself; give only "
                    f"{given} and {sp.opt('grid')}"
                )
        return []
    return _notes(scheme, sp, o, model_shown)


def _notes(scheme: str, sp: Spelling, o: dict[str, Any], model_shown: bool) -> list[str]:
    parts = {
        k.replace("-", "_"): v for k, v in o.items() if k not in (*MODEL_OPTIONS, "target", "grid")
    }
    s = resolve(scheme, **parts)
    notes = []
    if "chunk" in o and s.xcd_remap != "chunked":
        chunked = sp.val("xcd-remap", "chunked")
        notes.append(f"{sp.val('chunk', o['chunk'])} does nothing without {chunked}")
    if o.get("num-xcds", 1) > 1 and s.xcd_remap == "none":
        origin = "xcd-remap" if "xcd-remap" in o else "scheme"
        note = f"{sp.val('num-xcds', o['num-xcds'])} does not change the order: "
        note += f"{sp.val(origin, o.get(origin, scheme))} has no XCD step"
        if origin == "scheme":
            note += f" (give {sp.val('xcd-remap', 'balanced')} for one)"
        notes.append(note + ("; the cache model still uses it" if model_shown else ""))
    if o.get("xcd-remap", "none") != "none" and s.num_xcds == 1:
        default = "" if "num-xcds" in o else " (the default)"
        notes.append(
            f"{sp.val('xcd-remap', o['xcd-remap'])} does nothing with {sp.val('num-xcds', 1)}"
            f"{default}: give {sp.val('num-xcds', 'N')} for N XCDs"
        )
    if not model_shown:
        auto = sp.val("scheme", "auto")
        notes += [
            f"{sp.val(n, _shown(o[n], sp))} is used only by {auto}"
            for n in ("target", *MODEL_OPTIONS)
            if n in o
        ]
    return notes


# preset name -> (xcd_remap, group_dim, group_size or None for the default, group_style)
_PRESETS: dict[str, tuple[str, int | None, int | None, str]] = {
    "identity": ("none", None, None, "wave"),
    "row-major": ("none", 0, 1, "wave"),
    "triton": ("none", 0, None, "triton"),
    "wave": ("balanced", 0, None, "wave"),
    "rocroller": ("balanced", 0, None, "wave"),
    "tensile": ("none", 1, None, "wave"),
}


def resolve(
    scheme: str = "wave",
    *,
    group_size: int | None = None,
    group_dim: int | None = None,
    group_style: str | None = None,
    num_xcds: int | None = None,
    xcd_remap: str | None = None,
    chunk: int | None = None,
) -> Scheme:
    """The :class:`Scheme` of preset ``scheme`` with the given options overriding its parts.

    ``auto`` cannot be resolved without a grid: use :func:`wgdist.reorder.choose_auto`.
    A grouping option given to a preset without grouping (``identity``) turns grouping on
    along ``group-dim`` (default 0).
    """
    if scheme == "auto":
        raise ValueError("scheme=auto needs a static grid: use wgdist.reorder.choose_auto")
    if scheme not in _PRESETS:
        raise ValueError(f"scheme={scheme!r} is not one of {', '.join(SCHEMES)}")
    remap, dim, size, style = _PRESETS[scheme]
    if dim is None and (group_size is not None or group_dim is not None or group_style is not None):
        dim = 0
    return Scheme(
        xcd_remap=xcd_remap if xcd_remap is not None else remap,
        num_xcds=num_xcds if num_xcds is not None else 1,
        chunk=chunk if chunk is not None else DEFAULT_CHUNK,
        group_dim=group_dim if group_dim is not None else dim,
        group_size=group_size if group_size is not None else (size or DEFAULT_GROUP_SIZE),
        group_style=group_style if group_style is not None else style,
        name=scheme,
    )


# ---------------------------------------------------------------------------------------------


def _shown(value: Any, sp: Spelling) -> str:
    return sp.grid_sep.join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)
