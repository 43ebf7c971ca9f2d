"""The subgroup count of a check whose workgroup program has no sg_layout: taken from the layouts
the pipeline's passes before xegpu-wg-to-sg-distribute assign (run on a copy), with a note; a
distributed program that reads gpu.subgroup_id where the count cannot be told is an error asking
for --subgroups, not a mismatch of unwritten elements."""

from __future__ import annotations

from pathlib import Path

import pytest

import wgdist
from wgdist.checker import check, layout_passes
from wgdist.interp.values import KernelError
from wgdist.tools.wgdist_check import run as cli

# A gemm with no layout at all: xegpu-propagate-layout (layout-kind=subgroup, wgdist's default)
# gives its dpas a layout_cd for num-subgroups (else known_block_size / 16 = 16).
GEMM = """gpu.module @k {
gpu.func @gemm(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
  %ta = xegpu.create_nd_tdesc %A : memref<128x64xf16> -> !xegpu.tensor_desc<128x64xf16>
  %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16>
  %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32>
  %a = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<128x64xf16> -> vector<128x64xf16>
  %b = xegpu.load_nd %tb[0, 0] : !xegpu.tensor_desc<64x128xf16> -> vector<64x128xf16>
  %c = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
  xegpu.store_nd %c, %tc[0, 0] : vector<128x128xf32>, !xegpu.tensor_desc<128x128xf32>
  gpu.return
}
}
"""


@pytest.mark.parametrize(("option", "n"), [("{num-subgroups=8}", 8), ("{num-subgroups=4}", 4), ("", 16)])
def test_count_from_the_layout_passes(option: str, n: int) -> None:
    r = check(GEMM, f"xegpu-propagate-layout{option},xegpu-wg-to-sg-distribute", seed=1, samples=1, schedules=2)
    assert r.ok, r.report
    assert r.subgroups == n and r.written == 128 * 128
    assert f"the {n} subgroup(s) per workgroup are those of the layouts `xegpu-propagate-layout{option}` assigns" in r.report


def test_explicit_subgroups_win() -> None:
    r = check(GEMM, "xegpu-propagate-layout{num-subgroups=8},xegpu-wg-to-sg-distribute", subgroups=8, samples=1, schedules=1)
    assert r.ok and r.subgroups == 8 and "layout passes" not in r.report and "assigns" not in r.report


def test_distributed_program_without_a_count_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--against gives no layout passes: the distributed program reads gpu.subgroup_id, the
    workgroup program has no sg_layout, so the count cannot be told (before: one subgroup ran
    and 14336 elements were reported unwritten)."""
    sg = str(wgdist.run_pipeline(GEMM, "xegpu-propagate-layout{num-subgroups=8},xegpu-wg-to-sg-distribute"))
    with pytest.raises(KernelError, match=r"cannot tell how many subgroups run @gemm: .* reads gpu.subgroup_id; pass --subgroups N"):
        check(GEMM, against=sg)
    assert check(GEMM, against=sg, subgroups=8, samples=1, schedules=1).ok
    wg_path, sg_path = tmp_path / "wg.mlir", tmp_path / "sg.mlir"
    wg_path.write_text(GEMM)
    sg_path.write_text(sg)
    capsys.readouterr()  # the pipeline's remark
    assert cli([str(wg_path), "--against", str(sg_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{sg_path}:") and "pass --subgroups N" in err and "Traceback" not in err
    assert cli([str(wg_path), "--against", str(sg_path), "--subgroups", "8", "--schedules", "1"]) == 0


def test_one_subgroup_stays_the_default_without_subgroup_ids() -> None:
    """A pipeline that assigns no sg_layout (nothing distributed, no gpu.subgroup_id): one
    subgroup, with the note saying so."""
    r = check(GEMM, "xegpu-wg-to-sg-distribute", samples=1, schedules=1)
    assert r.ok and r.subgroups == 1 and "one subgroup per workgroup" in r.report


def test_layout_passes() -> None:
    assert layout_passes("a,b{x=1,2},xegpu-wg-to-sg-distribute,c") == "a,b{x=1,2}"
    assert layout_passes("a,xegpu-wg-to-sg-distribute{slm-bytes=4},b,xegpu-wg-to-sg-distribute") == (
        "a,xegpu-wg-to-sg-distribute{slm-bytes=4},b"
    )
    assert layout_passes("xegpu-wg-to-sg-distribute") is None
    assert layout_passes("xegpu-propagate-layout,reorder-workgroups") is None
