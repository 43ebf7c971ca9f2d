"""The static bijection proof: bounded memory, a documented limit, a clear diagnostic beyond it."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from wgdist.passes.reorder_workgroups import ReorderWorkgroupsPass
from wgdist.reorder import (
    MAX_GRID_SIZE,
    MAX_PROOF_WORKGROUPS,
    bijection_error,
    prove_bijection,
    remap_all,
    resolve,
)

OPT = str(Path(sys.executable).parent / "wgdist-opt")

KERNEL = """gpu.module @m {
  gpu.func @k(%c: memref<?x?xf32>) kernel {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x, %y] : memref<?x?xf32>
    gpu.return
  }
}
"""


def opt(tmp_path: Path, pipeline: str, text: str = KERNEL) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "k.mlir"
    path.write_text(text)
    return subprocess.run([OPT, str(path), "-p", pipeline], capture_output=True, text=True)


def test_the_limit_is_documented_and_sane() -> None:
    assert MAX_PROOF_WORKGROUPS == 1 << 24 and MAX_GRID_SIZE == 2**31 - 1
    import wgdist.passes.reorder_workgroups as mod

    assert f"{MAX_PROOF_WORKGROUPS}" in (mod.__doc__ or "")


def test_proof_memory_is_bounded() -> None:
    """2048x2048 ids: the whole-grid arrays alone would be 32 MB each; the proof stays small."""
    s = resolve("wave", group_size=8, num_xcds=8)
    tracemalloc.start()
    try:
        proof = prove_bijection(s, 2048, 2048)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert proof.error is None and not proof.identity
    assert peak < 24 * 2**20, peak


@pytest.mark.parametrize("nx,ny", [(7, 5), (1, 13), (13, 1), (300, 301)])
def test_chunked_proof_equals_whole_grid_check(nx: int, ny: int) -> None:
    for s in (resolve("wave", group_size=3, num_xcds=8), resolve("identity")):
        new_x, new_y = remap_all(s, nx, ny)
        proof = prove_bijection(s, nx, ny)
        assert proof.error == bijection_error(new_x, new_y, nx, ny) is None
        assert proof.identity == (s.name == "identity")


def test_duplicates_across_chunks_are_found() -> None:
    """A lossy mapping whose repeated tile lies in a later chunk than its first use."""
    from wgdist.reorder import grid_vars

    nx, ny = 1 << 10, 1 << 9
    bx, by, nxe, _ = grid_vars(nx, ny)
    f = bx + by * nxe
    lossy = f % nxe, (f // nxe) % 100  # ids 0 and 102400 (another chunk) both compute (0, 0)
    proof = prove_bijection(resolve("identity"), nx, ny, lossy)
    assert proof.error is not None
    assert proof.error.startswith("dispatch ids 0 and 102400 both map to tile (0, 0)"), proof.error
    arrays = [np.asarray(v) for v in remap_all(resolve("identity"), nx, ny, lossy)]
    assert bijection_error(arrays[0], arrays[1], nx, ny) == proof.error


def test_too_large_to_prove_is_a_located_diagnostic(tmp_path: Path) -> None:
    r = opt(tmp_path, "reorder-workgroups{grid=20000,20000 num-xcds=8}")
    assert r.returncode == 1, r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    assert (
        "k.mlir:2:3: error: 'gpu.func' op the 20000x20000 grid has 400000000 workgroups" in r.stderr
    )
    assert f"more than the {MAX_PROOF_WORKGROUPS}" in r.stderr and "without grid=" in r.stderr


def test_known_grid_size_too_large_too(tmp_path: Path) -> None:
    text = KERNEL.replace(
        "kernel {", "kernel attributes {known_grid_size = array<i32: 65536, 65536, 1>} {"
    )
    r = opt(tmp_path, "reorder-workgroups{scheme=auto}", text)
    assert r.returncode == 1 and "65536x65536 grid has 4294967296 workgroups" in r.stderr


@pytest.mark.parametrize("grid", ["4294967296,4294967296", "2147483648,1"])
def test_grid_outside_the_i32_range_is_refused(tmp_path: Path, grid: str) -> None:
    r = opt(tmp_path, f"reorder-workgroups{{grid={grid}}}")
    assert r.returncode == 1, r.stderr
    assert f"reorder-workgroups: grid sizes must be at most {MAX_GRID_SIZE}" in r.stderr
    assert "Maximum allowed size" not in r.stderr
    with pytest.raises(ValueError, match="the i32 range of known_grid_size"):
        ReorderWorkgroupsPass(grid=(MAX_GRID_SIZE + 1, 1))


def test_largest_grid_at_the_limit_is_proved(tmp_path: Path) -> None:
    r = opt(tmp_path, "reorder-workgroups{grid=4096,4096 num-xcds=8 group-size=4}")
    assert r.returncode == 0, r.stderr
    assert "%wg_x" in r.stdout
