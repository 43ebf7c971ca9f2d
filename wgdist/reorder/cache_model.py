"""A first-order cache model for workgroup orders, and the ``scheme=auto`` choice built on it.

Assumptions (reordering.md, section 3): workgroup ``f`` runs on XCD ``f % X`` as that XCD's
``(f // X)``-th workgroup; each XCD's sequence is cut into consecutive windows of ``window``
co-resident workgroups; a window fetches every distinct A row-panel (one per M tile) and B
column-panel (one per N tile) it touches once, ``k_blocks`` blocks each; nothing is reused across
windows or XCDs and capacity is unlimited. The numbers rank orders; they are not measurements.

It reproduces Wave's figure (8x8 grid, 8 XCDs, K = 8 blocks, window 8: XCD 0 reads 72 blocks in
the default order, 48 with ``GROUP_SIZE_M = 2``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from wgdist.reorder.bijection import bijection_error, remap_ids
from wgdist.reorder.mapping import mapping_exprs, remap_all
from wgdist.reorder.schemes import Scheme, closest_preset, resolve

# The model's parameters when none are given: one set for the pass and the tool alike.
# window: co-resident workgroups per XCD (an MI300X XCD has 38 CUs and holds one or more
# workgroups on each; an Xe-HPC stack holds 64 or more). k_blocks: a panel is 8 K blocks, as in
# Wave's figure; it multiplies every count by the same factor, so it never changes a choice.
DEFAULT_WINDOW = 64
DEFAULT_K_BLOCKS = 8


@dataclass(frozen=True)
class Fetches:
    """Modelled fetches: ``a_panels[c]``/``b_panels[c]`` distinct-per-window panels of XCD ``c``.

    A panel is ``k_blocks`` blocks; ``a``/``b``/``per_xcd``/``total`` count blocks,
    :meth:`bytes` weighs A and B panels by their sizes. ``windows`` lists the windows counted
    (None: every one of the ``n_windows`` windows of each XCD).
    """

    a_windows: tuple[tuple[int, ...], ...]  # [xcd][counted window] distinct A panels
    b_windows: tuple[tuple[int, ...], ...]
    num_xcds: int
    window: int
    k_blocks: int
    n_windows: int = 0
    windows: tuple[int, ...] | None = None

    @property
    def a_panels(self) -> tuple[int, ...]:
        return tuple(sum(w) for w in self.a_windows)

    @property
    def b_panels(self) -> tuple[int, ...]:
        return tuple(sum(w) for w in self.b_windows)

    def window_blocks(self, xcd: int, window: int) -> tuple[int, int]:
        """``(A blocks, B blocks)`` fetched by the ``window``-th counted window of XCD ``xcd``."""
        return (
            self.a_windows[xcd][window] * self.k_blocks,
            self.b_windows[xcd][window] * self.k_blocks,
        )

    @property
    def a(self) -> tuple[int, ...]:
        return tuple(v * self.k_blocks for v in self.a_panels)

    @property
    def b(self) -> tuple[int, ...]:
        return tuple(v * self.k_blocks for v in self.b_panels)

    @property
    def per_xcd(self) -> tuple[int, ...]:
        return tuple(x + y for x, y in zip(self.a, self.b))

    @property
    def total(self) -> int:
        return sum(self.a) + sum(self.b)

    def bytes(self, a_panel_bytes: int, b_panel_bytes: int) -> int:
        """Total bytes when an A panel weighs ``a_panel_bytes`` and a B panel ``b_panel_bytes``."""
        return sum(self.a_panels) * a_panel_bytes + sum(self.b_panels) * b_panel_bytes


def _check_model(num_xcds: int, window: int, k_blocks: int) -> None:
    for name, v in (("num-xcds", num_xcds), ("window", window), ("k-blocks", k_blocks)):
        if v < 1:
            raise ValueError(f"{name} must be >= 1, got {v}")


def n_windows(total: int, num_xcds: int, window: int) -> int:
    """Windows of the busiest XCD (XCD 0) when ``total`` workgroups are dispatched."""
    return _ceil(_ceil(total, num_xcds), window)


def _ceil(a: int, b: int) -> int:
    return (a + b - 1) // b


def _window_ids(total: int, num_xcds: int, window: int, windows: Any) -> tuple[Any, Any]:
    """Dispatch ids ``f[c, j, t]`` of the ``t``-th workgroup of window ``windows[j]`` of XCD ``c``.

    Workgroup ``f`` is the ``(f // X)``-th one of XCD ``f % X``; ids past the grid are masked.
    """
    import numpy as np

    rounds = _ceil(total, num_xcds)
    width = min(window, rounds)
    r = np.asarray(windows, dtype=np.int64)[:, None] * window + np.arange(width)[None, :]
    f = r[None, :, :] * num_xcds + np.arange(num_xcds, dtype=np.int64)[:, None, None]
    valid = f < total
    return np.where(valid, f, 0), valid


def _distinct(values: Any, valid: Any, sentinel: int) -> Any:
    """Distinct valid values along the last axis (one window each)."""
    import numpy as np

    v = np.sort(np.where(valid, values, sentinel), axis=-1)
    new = (v[..., 1:] != v[..., :-1]) & (v[..., 1:] != sentinel)
    return np.count_nonzero(new, axis=-1) + (v[..., 0] != sentinel)


def _count(
    tiles: Callable[[Any], tuple[Any, Any]],
    nx: int,
    ny: int,
    num_xcds: int,
    window: int,
    k_blocks: int,
    windows: Any = None,
) -> Fetches:
    """Fetches of the order ``tiles(f) -> (new_x, new_y)`` in ``windows`` (None: all of them)."""
    import numpy as np

    _check_model(num_xcds, window, k_blocks)
    total = nx * ny
    count = n_windows(total, num_xcds, window)
    ws = np.arange(count) if windows is None else np.asarray(windows, dtype=np.int64)
    f, valid = _window_ids(total, num_xcds, window, ws)
    new_x, new_y = tiles(f.reshape(-1))
    a = _distinct(np.asarray(new_x).reshape(f.shape), valid, nx)
    b = _distinct(np.asarray(new_y).reshape(f.shape), valid, ny)
    return Fetches(
        tuple(tuple(int(v) for v in row) for row in a),
        tuple(tuple(int(v) for v in row) for row in b),
        num_xcds,
        window,
        k_blocks,
        count,
        None if windows is None else tuple(int(w) for w in ws),
    )


def fetches(
    new_x: Any, new_y: Any, nx: int, ny: int, num_xcds: int, window: int, k_blocks: int
) -> Fetches:
    """Model the fetches of the order ``f -> (new_x[f], new_y[f])`` (numpy arrays over ``f``)."""
    import numpy as np

    xs, ys = np.asarray(new_x, dtype=np.int64), np.asarray(new_y, dtype=np.int64)
    return _count(lambda f: (xs[f], ys[f]), nx, ny, num_xcds, window, k_blocks)


def scheme_fetches(
    s: Scheme, nx: int, ny: int, window: int, k_blocks: int, num_xcds: int | None = None
) -> Fetches:
    """Fetches of scheme ``s`` on an ``nx x ny`` grid (hardware XCDs default to the scheme's)."""
    new_x, new_y = remap_all(s, nx, ny)
    err = bijection_error(new_x, new_y, nx, ny)
    if err is not None:
        raise ValueError(f"{s.spec()} on a {nx}x{ny} grid is not a bijection: {err}")
    return fetches(new_x, new_y, nx, ny, num_xcds or s.num_xcds, window, k_blocks)


def auto_candidates(nx: int, ny: int, num_xcds: int) -> list[Scheme]:
    """Candidates for ``scheme=auto``, simplest first (ties go to the earlier one)."""
    out = [resolve("identity", num_xcds=num_xcds), resolve("row-major", num_xcds=num_xcds)]
    remaps = ["none"] + (["balanced"] if num_xcds > 1 else [])
    for remap in remaps:
        if remap != "none":
            out.append(resolve("identity", num_xcds=num_xcds, xcd_remap=remap))
        for dim, par in ((0, nx), (1, ny)):
            size = 2
            while size < par:
                for style in ("wave", "triton"):
                    preset = "triton" if style == "triton" else ("wave" if dim == 0 else "tensile")
                    s = resolve(
                        preset,
                        group_size=size,
                        group_dim=dim,
                        num_xcds=num_xcds,
                        xcd_remap=remap,
                    )
                    if style == "wave" or remap == "none":
                        out.append(s)
                size *= 2
    unique: list[Scheme] = []
    seen: set[tuple[Any, ...]] = set()
    for s in out:
        key = (s.xcd_remap if s.has_xcd_step else "none", s.group_dim, s.group_size, s.group_style)
        if key not in seen:
            seen.add(key)
            unique.append(replace(s, name=closest_preset(s)))  # named by what it is
    return unique


# scheme=auto evaluates every candidate on every window up to this many workgroups; on a larger
# grid, on an evenly spaced sample of windows holding about AUTO_SAMPLE_WORKGROUPS workgroups
# (windows are independent in the model, and the XCD steps and grouped walks repeat along the
# grid, so a spread-out sample ranks like the whole grid at a fraction of the cost).
AUTO_EXACT_WORKGROUPS = 1 << 16
AUTO_SAMPLE_WORKGROUPS = 1 << 16


def auto_windows(nx: int, ny: int, num_xcds: int, window: int) -> Any:
    """The windows ``scheme=auto`` counts: None (all) or an evenly spaced sample of them."""
    import numpy as np

    total = nx * ny
    count = n_windows(total, num_xcds, window)
    per_window = min(window, _ceil(total, num_xcds)) * num_xcds
    k = max(1, AUTO_SAMPLE_WORKGROUPS // per_window)
    if total <= AUTO_EXACT_WORKGROUPS or k >= count:
        return None
    return ((2 * np.arange(k) + 1) * count) // (2 * k)


def _remapper(s: Scheme, nx: int, ny: int) -> Callable[[Any], tuple[Any, Any]]:
    ex = mapping_exprs(s, nx, ny)
    return lambda f: remap_ids(ex, nx, ny, f)


@dataclass(frozen=True)
class AutoChoice:
    scheme: Scheme
    fetches: int
    identity_fetches: int
    ranking: tuple[tuple[Scheme, int], ...]  # every candidate with its total, best first
    num_xcds: int = 1
    window: int = DEFAULT_WINDOW
    k_blocks: int = DEFAULT_K_BLOCKS
    n_windows: int = 0
    sampled: int | None = None  # windows per XCD counted when sampling, else None

    def reason(self) -> str:
        """Why, in blocks (a panel is ``k_blocks`` blocks) summed over every XCD."""
        saved = self.identity_fetches - self.fetches
        pct = 100.0 * saved / self.identity_fetches if self.identity_fetches else 0.0
        where = f"all {self.num_xcds} XCDs" if self.num_xcds > 1 else "the one XCD"
        if self.sampled is not None:
            where += (
                f", in {self.sampled} of {self.n_windows} windows each (evenly spaced: the grid "
                f"has more than {AUTO_EXACT_WORKGROUPS} workgroups)"
            )
        return (
            f"fewest modelled fetches among {len(self.ranking)} candidates: {self.fetches} "
            f"vs {self.identity_fetches} blocks for identity ({pct:.0f}% fewer), summed over "
            f"{where}; model: window {self.window} workgroups per XCD, {self.k_blocks} blocks "
            "per panel"
        )


def choose_auto(
    nx: int,
    ny: int,
    num_xcds: int = 1,
    window: int = DEFAULT_WINDOW,
    k_blocks: int = DEFAULT_K_BLOCKS,
) -> AutoChoice:
    """The candidate with the fewest modelled fetches (the simplest one on ties).

    Grids of more than :data:`AUTO_EXACT_WORKGROUPS` workgroups are scored on a sample of
    windows (:func:`auto_windows`); the choice's reason says so.
    """
    windows = auto_windows(nx, ny, num_xcds, window)
    scored: list[tuple[int, int, Scheme]] = []
    for order, s in enumerate(auto_candidates(nx, ny, num_xcds)):
        got = _count(_remapper(s, nx, ny), nx, ny, num_xcds, window, k_blocks, windows)
        scored.append((got.total, order, s))
    scored.sort(key=lambda t: (t[0], t[1]))
    best_total, _, best = scored[0]
    ident = next(t for t, o, _ in scored if o == 0)
    return AutoChoice(
        best,
        best_total,
        ident,
        tuple((s, t) for t, _, s in scored),
        num_xcds,
        window,
        k_blocks,
        n_windows(nx * ny, num_xcds, window),
        None if windows is None else len(windows),
    )
