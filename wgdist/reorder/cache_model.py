"""The window count model: distinct A/B panels per window of co-resident workgroups.

Assumptions (reordering.md, section 3): workgroup ``f`` runs on XCD ``f % X`` as that XCD's
``(f // X)``-th workgroup; each XCD's sequence is cut into consecutive windows of ``window``
co-resident workgroups; a window fetches every distinct A row-panel (one per M tile) and B
column-panel (one per N tile) it touches once, ``k_blocks`` blocks each; nothing is reused across
windows or XCDs and capacity is unlimited. The numbers rank orders; they are not measurements.

It reproduces Wave's figure (8x8 grid, 8 XCDs, K = 8 blocks, window 8: XCD 0 reads 72 blocks in
the default order, 48 with ``GROUP_SIZE_M = 2``). It is the L2 simulation of
:mod:`wgdist.reorder.l2sim` with an L2 that keeps nothing between steps (the ``generic`` target),
kept per window so that ``wgdist-reorder`` can show each XCD's counts; ``scheme=auto`` uses the
simulation (:mod:`wgdist.reorder.auto`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wgdist.reorder.bijection import bijection_error
from wgdist.reorder.mapping import remap_all
from wgdist.reorder.schemes import Scheme


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
