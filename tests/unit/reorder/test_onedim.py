"""1-D static grids: a grouped walk that is the identity there emits nothing, nor an unused id."""

from __future__ import annotations

import pytest

import wgdist
from wgdist.reorder import mapping_exprs, nodes, remap_all, resolve

ONLY_X = """
gpu.module @m {
  gpu.func @onlyx(%m: memref<64xf32>) kernel attributes {known_grid_size = array<i32: 16, 1, 1>} {
    %x = gpu.block_id x
    %v = arith.constant 1.0 : f32
    memref.store %v, %m[%x] : memref<64xf32>
    gpu.return
  }
}
"""


def ops(text: str, options: str) -> list[str]:
    out = str(wgdist.run_pipeline(text, f"reorder-workgroups{{{options}}}"))
    return [line.split("=", 1)[1].split()[0] for line in out.splitlines() if "= arith." in line]


def test_walk_on_a_1d_grid_is_not_emitted() -> None:
    """Wave on 16x1, 8 XCDs: only the XCD step (was: its walk (i >> 3) * 8 + (i & 7) too)."""
    wave = ops(ONLY_X, "scheme=wave num-xcds=8")
    step_only = ops(ONLY_X, "scheme=identity xcd-remap=balanced num-xcds=8")
    assert wave == step_only
    assert wave.count("arith.shrui") == 1 and "arith.muli" in wave


def test_no_unused_constant_for_the_missing_dimension() -> None:
    out = str(wgdist.run_pipeline(ONLY_X, "reorder-workgroups{scheme=wave num-xcds=8}"))
    assert "%wg_y" not in out and "arith.constant 0 : index" not in out
    assert "memref.store %v, %m[%wg_x]" in out


@pytest.mark.parametrize(
    "opts,nx,ny",
    [
        ({"scheme": "wave", "num_xcds": 8}, 16, 1),
        ({"scheme": "wave", "group_size": 3, "num_xcds": 8}, 13, 1),
        ({"scheme": "wave", "group_size": 2, "num_xcds": 8}, 1, 13),
        ({"scheme": "tensile", "group_size": 4, "num_xcds": 3, "xcd_remap": "balanced"}, 1, 13),
        ({"scheme": "tensile", "group_size": 4}, 13, 1),
        ({"scheme": "triton", "group_size": 4}, 12, 1),
        ({"scheme": "rocroller", "group_size": 4, "group_dim": 1, "num_xcds": 8}, 9, 1),
    ],
)
def test_identity_walks_fold_to_the_logical_id(opts: dict, nx: int, ny: int) -> None:
    s = resolve(**opts)
    ex, ey = mapping_exprs(s, nx, ny)
    step = mapping_exprs(resolve("identity", num_xcds=s.num_xcds, xcd_remap=s.xcd_remap), nx, ny)
    assert (ex, ey) == step  # the XCD step alone (none: the ids themselves); that this is the
    # scheme's order is checked against brute-force references in test_reorder_schemes.py


@pytest.mark.parametrize("nx,g", [(7, 4), (5, 3), (11, 4)])
def test_a_triton_walk_that_moves_tiles_on_a_1d_grid_is_kept(nx: int, g: int) -> None:
    """Triton's last group, cut short, swaps tiles even on a 1-D grid: not the identity."""
    s = resolve("triton", group_size=g)
    new_x, _ = remap_all(s, nx, 1)
    assert list(new_x) != list(range(nx))
    ex, _ = mapping_exprs(s, nx, 1)
    assert any(n.kind == "remu" for n in nodes((ex,)))
