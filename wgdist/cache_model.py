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

from dataclasses import dataclass
from typing import Any

from wgdist.reorder import Scheme, bijection_error, remap_all, resolve


@dataclass(frozen=True)
class Fetches:
    """Modelled fetches: ``a_panels[c]``/``b_panels[c]`` distinct-per-window panels of XCD ``c``.

    A panel is ``k_blocks`` blocks; ``a``/``b``/``per_xcd``/``total`` count blocks,
    :meth:`bytes` weighs A and B panels by their sizes.
    """

    a_windows: tuple[tuple[int, ...], ...]  # [xcd][window] distinct A panels
    b_windows: tuple[tuple[int, ...], ...]
    num_xcds: int
    window: int
    k_blocks: int

    @property
    def a_panels(self) -> tuple[int, ...]:
        return tuple(sum(w) for w in self.a_windows)

    @property
    def b_panels(self) -> tuple[int, ...]:
        return tuple(sum(w) for w in self.b_windows)

    def window_blocks(self, xcd: int, window: int) -> tuple[int, int]:
        """``(A blocks, B blocks)`` fetched by window ``window`` of XCD ``xcd``."""
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


def fetches(
    new_x: Any, new_y: Any, nx: int, ny: int, num_xcds: int, window: int, k_blocks: int
) -> Fetches:
    """Model the fetches of the order ``f -> (new_x[f], new_y[f])`` (numpy arrays over ``f``)."""
    import numpy as np

    for name, v in (("num-xcds", num_xcds), ("window", window), ("k-blocks", k_blocks)):
        if v < 1:
            raise ValueError(f"{name} must be >= 1, got {v}")
    total = nx * ny
    f = np.arange(total, dtype=np.int64)
    xcd = f % num_xcds
    win = (f // num_xcds) // window
    n_win = int(win.max()) + 1
    key = xcd * n_win + win  # one key per (XCD, window)
    rows = np.unique(key * nx + np.asarray(new_x, dtype=np.int64))
    cols = np.unique(key * ny + np.asarray(new_y, dtype=np.int64))
    a = np.bincount(rows // nx, minlength=num_xcds * n_win).reshape(num_xcds, n_win)
    b = np.bincount(cols // ny, minlength=num_xcds * n_win).reshape(num_xcds, n_win)
    return Fetches(
        tuple(tuple(int(v) for v in r) for r in a),
        tuple(tuple(int(v) for v in r) for r in b),
        num_xcds,
        window,
        k_blocks,
    )


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
            unique.append(s)
    return unique


@dataclass(frozen=True)
class AutoChoice:
    scheme: Scheme
    fetches: int
    identity_fetches: int
    ranking: tuple[tuple[Scheme, int], ...]  # every candidate with its total, best first

    def reason(self) -> str:
        saved = self.identity_fetches - self.fetches
        pct = 100.0 * saved / self.identity_fetches if self.identity_fetches else 0.0
        return (
            f"fewest modelled fetches among {len(self.ranking)} candidates: {self.fetches} "
            f"vs {self.identity_fetches} for identity ({pct:.0f}% fewer)"
        )


def choose_auto(
    nx: int, ny: int, num_xcds: int = 1, window: int = 64, k_blocks: int = 1
) -> AutoChoice:
    """The candidate with the fewest modelled fetches (the simplest one on ties)."""
    scored: list[tuple[int, int, Scheme]] = []
    for order, s in enumerate(auto_candidates(nx, ny, num_xcds)):
        total = scheme_fetches(s, nx, ny, window, k_blocks, num_xcds).total
        scored.append((total, order, s))
    scored.sort(key=lambda t: (t[0], t[1]))
    best_total, _, best = scored[0]
    ident = next(t for t, o, _ in scored if o == 0)
    return AutoChoice(best, best_total, ident, tuple((s, t) for t, _, s in scored))
