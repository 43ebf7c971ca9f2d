"""wgdist.check and wgdist-check: the launch grid (known_grid_size, the one-workgroup note),
checks that compare nothing, scalar parameters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.samples import gemm_sg, gemm_wg
from wgdist.checker import check
from wgdist.tools.wgdist_check import run as cli

WRAP = (128, 128, 64, (4, 2), (16, 32), 16)
KNOWN_2x1 = "kernel attributes {known_grid_size = array<i32: 2, 1, 1>} {"


def block_offset_bug() -> str:
    """Every workgroup computes and stores the tile of workgroup 0 (block_id x ignored)."""
    return gemm_sg(*WRAP, wgs=2).replace("%row = arith.muli %bx, %cm : index", "%row = arith.muli %c0, %cm : index")


def test_one_workgroup_by_default_misses_a_block_offset_bug_but_says_so() -> None:
    r = check(gemm_wg(*WRAP, wgs=2), against=block_offset_bug())
    assert r.ok and r.wg.grid == (1, 1, 1)
    assert "note: only one workgroup was checked (grid 1x1) although the kernel reads gpu.block_id" in r.report
    assert "pass --grid X,Y" in r.report


def test_known_grid_size_is_the_default_grid() -> None:
    wg = gemm_wg(*WRAP, wgs=2).replace("kernel {", KNOWN_2x1, 1)
    r = check(wg, against=block_offset_bug())
    assert r.wg.grid == (2, 1, 1) and not r.ok
    assert r.comparison.counts["unwritten"] == 128 * 128 and "only one workgroup" not in r.report
    good = check(wg, against=gemm_sg(*WRAP, wgs=2))
    assert good.ok and good.wg.grid == (2, 1, 1), good.report
    # an explicit grid wins over known_grid_size
    assert check(wg, against=block_offset_bug(), grid=(1, 1)).wg.grid == (1, 1, 1)


def test_no_note_when_the_kernel_does_not_read_block_ids() -> None:
    src = KERNEL_STORING.replace("STORE", "xegpu.store_nd %a, %ty[0, 0] : vector<32x16xf32>, !xegpu.tensor_desc<32x16xf32, #l>")
    r = check(src, "xegpu-propagate-layout,xegpu-wg-to-sg-distribute")
    assert r.ok and "note:" not in r.report, r.report


KERNEL_STORING = """
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%X: memref<32x16xf32>, %Y: memref<32x16xf32>) kernel {
    %tx = xegpu.create_nd_tdesc %X : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #l>
    %ty = xegpu.create_nd_tdesc %Y : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #l>
    %a = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<32x16xf32, #l> -> vector<32x16xf32>
    STORE
    gpu.return
  }
}
"""


PREFETCH_ONLY = KERNEL_STORING.replace("STORE", "").replace(
    "%a = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<32x16xf32, #l> -> vector<32x16xf32>",
    "xegpu.prefetch_nd %tx[0, 0] : !xegpu.tensor_desc<32x16xf32, #l>",
)


def test_a_check_that_compares_nothing_fails() -> None:
    r = check(PREFETCH_ONLY, "xegpu-propagate-layout,xegpu-wg-to-sg-distribute")
    assert not r.ok and r.comparison.ok and r.written == 0
    assert "NOTHING COMPARED: the workgroup program wrote no element of its memref arguments" in r.report
    assert "agree:" not in r.report


def test_a_function_without_memref_arguments_only_gets_a_warning() -> None:
    src = "gpu.module @m {\n  gpu.func @k() kernel {\n    gpu.return\n  }\n}\n"
    r = check(src, against=src, subgroups=2)
    assert r.ok and r.report.endswith("warning: @k has no memref arguments: nothing was compared")
    assert "agree:" not in r.report


def write(tmp: Path, name: str, text: str) -> str:
    p = tmp / name
    p.write_text(text)
    return str(p)


def test_cli_exit_status_when_nothing_is_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = write(tmp_path, "k.mlir", PREFETCH_ONLY)
    assert cli([k, "-p", "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"]) == 1
    assert "NOTHING COMPARED" in capsys.readouterr().out


def test_cli_grid_defaults_and_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg = write(tmp_path, "wg.mlir", gemm_wg(*WRAP, wgs=2))
    known = write(tmp_path, "known.mlir", gemm_wg(*WRAP, wgs=2).replace("kernel {", KNOWN_2x1, 1))
    bug = write(tmp_path, "bug.mlir", block_offset_bug())
    assert cli([wg, "--against", bug]) == 0
    assert "note: only one workgroup was checked" in capsys.readouterr().out
    assert cli([wg, "--against", bug, "--grid", "2,1"]) == 1
    assert cli([known, "--against", bug]) == 1
    out = capsys.readouterr().out
    assert "grid 2x1x1" in out and "MISMATCH" in out
    assert "known_grid_size" in cli_help(capsys) and "NOTHING COMPARED" in cli_help(capsys)


def cli_help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        cli(["--help"])
    return capsys.readouterr().out.replace("\n", " ")


SCALAR = """
gpu.module @m {
  gpu.func @k(%o: memref<8xf32>, %n: index, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %o[%i] : memref<8xf32>
    }
    gpu.return
  }
}
"""


def test_scalar_parameters_take_given_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    r = check(SCALAR, against=SCALAR, subgroups=1, scalars={"n": 5, "x": 2.5})
    assert r.ok and r.written == 5
    assert r.wg.buffers[0].data[:5].tolist() == [2.5] * 5
    drawn = check(SCALAR, against=SCALAR, subgroups=1, seed=4)
    lines = [n for n in drawn.notes if n.startswith("  sample")]
    ns = [int(re.search(r"%n=(\d+)", ln)[1]) for ln in lines]  # type: ignore[index]
    assert ns[:2] == [1, 2] and 1 <= ns[2] <= 8 and len(ns) == 3
    assert drawn.ok and drawn.written == sum(ns)  # written counts every sample's stores to %o[0..n)
    assert all("agree under 3 schedule(s)" in ln and "%x=" in ln for ln in lines)
    fixed_n = check(SCALAR, against=SCALAR, subgroups=1, scalars={"n": 4}, samples=2)
    assert [n.count("%n") for n in fixed_n.notes] == [0, 0] and fixed_n.written == 8
    with pytest.raises(ValueError, match="@k has no parameter named %m"):
        check(SCALAR, against=SCALAR, subgroups=1, scalars={"n": 1, "x": 1, "m": 2})
    k = write(tmp_path, "s.mlir", SCALAR)
    assert cli([k, "--against", k, "--subgroups", "1", "--scalar", "n=3", "--scalar", "%x=1.5"]) == 0
    assert "3 element(s) written" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="1"):
        cli([k, "--against", k, "--scalar", "n"])
    assert "expected NAME=NUMBER, got 'n'" in capsys.readouterr().err
