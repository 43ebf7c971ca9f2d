"""Cache-friendly workgroup-id reordering: the schemes, as pure Python.

The launch grid is ``nx x ny`` workgroups; ``x`` (``gpu.block_id x``) indexes output tiles along M
(dimension 0), ``y`` along N (dimension 1). The hardware dispatch id is ``f = x + y * nx`` (x
fastest). A scheme is a bijection of the grid onto itself, built from at most two pieces
(see /work/shared/design/reordering.md, section 1):

1. an **XCD step** ``f -> i`` (``xcd-remap``) that undoes the round-robin dispatch of ``f`` to
   XCD ``f % X`` so that each XCD gets a run of consecutive logical ids:

   * ``none``: ``i = f``;
   * ``balanced``: ``c = f % X``; ``i = c * (T // X) + min(c, T % X) + f // X`` (the first
     ``T % X`` XCDs own one id more; a bijection for every ``T`` and ``X``);
   * ``tail``: the same with ``T % X == 0`` on the first ``(T // X) * X`` ids, identity after;
   * ``chunked``: per block of ``X * chunk`` ids each XCD owns ``chunk`` consecutive ids
     (``i = base + (j % X) * chunk + j // X``), identity past the last full block.

   The naive ``(f % X) * (T // X) + f // X`` is not offered: it loses tiles when ``X`` does not
   divide ``T``.

2. a **grouped walk** ``Group(d, G)`` over ``i``: tiles are taken in groups of ``G`` consecutive
   rows of dimension ``d`` (``group-dim``); inside a group ``d`` is fastest; groups advance
   along the other dimension. With ``par = n_d``, ``perp = n_(1-d)``, ``G`` clamped to ``par``,
   ``W = G * perp``, ``g = i // W``, ``first = g * G``, ``gs = max(1, min(par - first, G))``::

       wave style  : par_idx = first + (i % W) % gs
       triton style: par_idx = first + i % gs
       perp_idx    = (i % W) // gs

   The two styles differ only inside a cut-short last group.

Presets (``scheme``): ``identity``; ``row-major`` = ``Group(0, 1)``; ``triton`` = triton-style
``Group(0, G)``; ``wave`` = balanced XCD step + wave-style ``Group(0, G)``; ``rocroller`` =
rocRoller's WGM along ``group-dim`` (equal to wave-style ``Group(d, G)``) + balanced XCC step;
``tensile`` = wave-style ``Group(1, G)``; ``auto`` = the candidate with the fewest modelled
fetches (:func:`wgdist.cache_model.choose_auto`). Explicit options override a preset's parts.

Each formula is written once, as :mod:`wgdist.reorder_model` expressions; :func:`mapping_exprs`
returns them, the Python model evaluates them and the pass emits them as IR.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wgdist.reorder_model import (
    MAX_PROOF_WORKGROUPS,
    Expr,
    Proof,
    bijection_error,
    check_bijection,
    const,
    evaluate,
    maxu,
    minu,
    remap_ids,
    select_ult,
    var,
)

SCHEMES = ("identity", "row-major", "triton", "wave", "rocroller", "tensile", "auto")
XCD_REMAPS = ("none", "balanced", "tail", "chunked")
GROUP_STYLES = ("wave", "triton")
DEFAULT_GROUP_SIZE = 8
DEFAULT_CHUNK = 2
MAX_GRID_SIZE = 2**31 - 1  # known_grid_size is an array<i32>


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
    _check_values(
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


def check_options(
    scheme: str, spelling: Spelling = PIPELINE, *, model_shown: bool = False, **options: Any
) -> list[str]:
    """Refuse (ValueError) what ``reorder-workgroups`` and ``wgdist-reorder`` both refuse.

    ``options`` are the user's (None or absent: not given): ``group_size``, ``group_dim``,
    ``group_style``, ``num_xcds``, ``xcd_remap``, ``chunk``, ``window``, ``k_blocks``, ``grid``.
    Messages name the options as ``spelling`` writes them, so the pass and the tool say the same.
    Returns notes on given options that do nothing (``model_shown``: the caller shows the cache
    model, so ``window``/``k-blocks``/``num-xcds`` are used even when the order ignores them).
    """
    sp = spelling
    o = {k.replace("_", "-"): v for k, v in options.items() if v is not None}
    if scheme not in SCHEMES:
        raise ValueError(f"{sp.val('scheme', repr(scheme))} is not one of {', '.join(SCHEMES)}")
    _check_values(sp, o)
    if "grid" in o:
        check_grid(tuple(o["grid"]), sp)
    if scheme == "auto":
        for name in ("group-size", "group-dim", "group-style", "xcd-remap", "chunk"):
            if name in o:
                given = ", ".join(sp.opt(n) for n in ("num-xcds", "window", "k-blocks"))
                raise ValueError(
                    f"{sp.val('scheme', 'auto')} chooses {sp.opt(name)} itself; give only "
                    f"{given} and {sp.opt('grid')}"
                )
        return []
    return _notes(scheme, sp, o, model_shown)


def _notes(scheme: str, sp: Spelling, o: dict[str, Any], model_shown: bool) -> list[str]:
    parts = {
        k.replace("-", "_"): v for k, v in o.items() if k not in ("window", "k-blocks", "grid")
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
            f"{sp.val(n, o[n])} is used only by {auto}" for n in ("window", "k-blocks") if n in o
        ]
    return notes


def _check_values(sp: Spelling, o: dict[str, Any]) -> None:
    for name, choices in (("xcd-remap", XCD_REMAPS), ("group-style", GROUP_STYLES)):
        if o.get(name) is not None and o[name] not in choices:
            raise ValueError(f"{sp.val(name, repr(o[name]))} is not one of {', '.join(choices)}")
    for name in ("group-size", "num-xcds", "chunk", "window", "k-blocks"):
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

    ``auto`` cannot be resolved without a grid: use :func:`wgdist.cache_model.choose_auto`.
    A grouping option given to a preset without grouping (``identity``) turns grouping on
    along ``group-dim`` (default 0).
    """
    if scheme == "auto":
        raise ValueError("scheme=auto needs a static grid: use wgdist.cache_model.choose_auto")
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
# The formulas (written once, as expressions)


def xcd_step(f: Expr, total: Expr, s: Scheme) -> Expr:
    """Logical id ``i`` of dispatch id ``f`` (``total`` = T workgroups)."""
    x = s.num_xcds
    if not s.has_xcd_step:
        return f
    if s.xcd_remap == "balanced":
        c = f % x
        return c * (total // x) + minu(c, total % x) + f // x
    if s.xcd_remap == "tail":
        q = total // x
        return select_ult(f, q * x, (f % x) * q + f // x, f)
    if s.xcd_remap == "chunked":
        block = x * s.chunk
        j = f % block
        full = (total // block) * block
        return select_ult(f, full, (f // block) * block + (j % x) * s.chunk + j // x, f)
    raise ValueError(f"xcd-remap={s.xcd_remap!r} is not one of {', '.join(XCD_REMAPS)}")


def group_walk(i: Expr, par: Expr, perp: Expr, size: int, style: str) -> tuple[Expr, Expr]:
    """``(par_idx, perp_idx)`` of logical id ``i`` in ``Group(d, size)``."""
    g_size = minu(size, par)  # clamp the group to the grid
    width = g_size * perp
    first = (i // width) * g_size
    gs = maxu(1, minu(par - first, g_size))  # Wave's clamp: never a division by zero
    local = i % width
    par_idx = first + (local % gs if style == "wave" else i % gs)
    return par_idx, local // gs


def grid_vars(nx: int | None, ny: int | None) -> tuple[Expr, Expr, Expr, Expr]:
    """Leaves ``bx, by, nx, ny``: constants for a static size, bounded variables otherwise."""
    nxe = var("nx", 1) if nx is None else const(nx)
    nye = var("ny", 1) if ny is None else const(ny)
    bx = const(0) if nx == 1 else var("bx", 0, None if nx is None else nx - 1)
    by = const(0) if ny == 1 else var("by", 0, None if ny is None else ny - 1)
    return bx, by, nxe, nye


def mapping_exprs(s: Scheme, nx: int | None = None, ny: int | None = None) -> tuple[Expr, Expr]:
    """``(new_x, new_y)`` as expressions of ``bx, by`` (and ``nx, ny`` when not static)."""
    for size, name in ((nx, "x"), (ny, "y")):
        if size is not None and size < 1:
            raise ValueError(f"grid size along {name} must be >= 1, got {size}")
    bx, by, nxe, nye = grid_vars(nx, ny)
    flat = nx is not None and ny is not None and 1 in (nx, ny) and _walk_is_identity_1d(s, nx, ny)
    if not s.has_xcd_step and (s.group_dim is None or flat):
        return bx, by
    f = bx + by * nxe
    total = nxe * nye
    i = xcd_step(f, total, s)
    if flat:  # a 1-D grid whose walk is the identity: only the XCD step (i < T: no % or //)
        return (const(0), i) if nx == 1 else (i, const(0))
    if s.group_dim is None:
        return i % nxe, i // nxe
    if s.group_dim == 0:
        m, n = group_walk(i, nxe, nye, s.group_size, s.group_style)
        return m, n
    n, m = group_walk(i, nye, nxe, s.group_size, s.group_style)
    return m, n


def _walk_is_identity_1d(s: Scheme, nx: int, ny: int) -> bool:
    """On a 1-D grid, is the grouped walk of ``s`` (if any) the identity on ``i``?

    A group of size 1 along the walk, or no other dimension to walk: every style is the identity,
    except Triton's inside a cut-short last group that does not start at a multiple of its size.
    """
    if s.group_dim is None:
        return True
    par = nx if s.group_dim == 0 else ny
    if par == 1 or s.group_style == "wave":
        return True
    g = min(s.group_size, par)
    first = ((par - 1) // g) * g  # the last group
    return first % (par - first) == 0


# ---------------------------------------------------------------------------------------------
# Evaluation, tables, bijectivity


def remap(s: Scheme, nx: int, ny: int, bx: int, by: int) -> tuple[int, int]:
    """The tile ``(m, n)`` that workgroup ``(bx, by)`` of an ``nx x ny`` grid computes."""
    ex, ey = mapping_exprs(s, nx, ny)
    r = evaluate((ex, ey), {"bx": bx, "by": by, "nx": nx, "ny": ny})
    return int(r[0]), int(r[1])


def remap_all(s: Scheme, nx: int, ny: int, exprs: tuple[Expr, Expr] | None = None) -> Any:
    """numpy arrays ``(new_x, new_y)`` indexed by dispatch id ``f`` (all ``nx * ny`` of them).

    Memory grows with the grid: for a bounded check of a large grid use :func:`prove_bijection`.
    """
    import numpy as np

    ex = exprs if exprs is not None else mapping_exprs(s, nx, ny)
    return remap_ids(ex, nx, ny, np.arange(nx * ny))


def too_large_to_prove(nx: int, ny: int) -> str | None:
    """Why an ``nx x ny`` grid is not enumerated (None when it is small enough)."""
    if nx * ny <= MAX_PROOF_WORKGROUPS:
        return None
    return (
        f"the {nx}x{ny} grid has {nx * ny} workgroups, more than the {MAX_PROOF_WORKGROUPS} "
        "(e.g. 4096x4096) enumerated to prove a mapping bijective"
    )


def prove_bijection(s: Scheme, nx: int, ny: int, exprs: tuple[Expr, Expr] | None = None) -> Proof:
    """Enumerate the grid chunk by chunk: is the mapping a bijection, and is it the identity?

    Memory: one byte per workgroup and one chunk of :data:`PROOF_CHUNK` ids; refuses grids of
    more than :data:`MAX_PROOF_WORKGROUPS` workgroups (ValueError).
    """
    why = too_large_to_prove(nx, ny)
    if why is not None:
        raise ValueError(why)
    ex = exprs if exprs is not None else mapping_exprs(s, nx, ny)
    import numpy as np

    return check_bijection(lambda a, b: remap_ids(ex, nx, ny, np.arange(a, b)), nx, ny)


def dispatch_table(s: Scheme, nx: int, ny: int) -> list[list[int]]:
    """``table[m][n]`` = dispatch id of the workgroup that computes tile ``(m, n)``."""
    new_x, new_y = remap_all(s, nx, ny)
    err = bijection_error(new_x, new_y, nx, ny)
    if err is not None:
        raise ValueError(f"{s.spec()} on a {nx}x{ny} grid is not a bijection: {err}")
    table = [[0] * ny for _ in range(nx)]
    for f in range(nx * ny):
        table[int(new_x[f])][int(new_y[f])] = f
    return table
