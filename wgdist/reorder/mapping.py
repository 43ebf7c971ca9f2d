"""The workgroup-order formulas, written once as expressions, and their evaluation on a grid.

The launch grid is ``nx x ny`` workgroups; ``x`` (``gpu.block_id x``) indexes output tiles along M
(dimension 0), ``y`` along N (dimension 1). The hardware dispatch id is ``f = x + y * nx`` (x
fastest). A :class:`~wgdist.reorder.schemes.Scheme` maps the grid onto itself in two steps:

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

:func:`mapping_exprs` returns the pair ``(new_x, new_y)`` as :mod:`wgdist.reorder.expr` trees; the
Python model evaluates them (:func:`remap_all`, :func:`prove_bijection`, :func:`dispatch_table`)
and the ``reorder-workgroups`` pass emits the same trees as IR.
"""

from __future__ import annotations

from typing import Any

from wgdist.reorder.bijection import (
    MAX_PROOF_WORKGROUPS,
    Proof,
    bijection_error,
    check_bijection,
    remap_ids,
)
from wgdist.reorder.expr import Expr, const, evaluate, maxu, minu, select_ult, var
from wgdist.reorder.options import XCD_REMAPS
from wgdist.reorder.schemes import Scheme


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

    Memory: one byte per workgroup and one chunk of :data:`~wgdist.reorder.bijection.PROOF_CHUNK` ids; refuses grids of
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
