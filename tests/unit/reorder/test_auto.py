"""scheme=auto: the tool and the pass share one set of model defaults and choose the same."""

from __future__ import annotations

from typing import Any

import pytest

import wgdist
import wgdist.passes.reorder_workgroups as pass_mod
import wgdist.tools.wgdist_reorder as tool_mod
from wgdist.reorder import DEFAULT_K_BLOCKS, DEFAULT_WINDOW, AutoChoice, choose_auto

KERNEL = """
func.func @k() -> (index, index) {
  %x = gpu.block_id x
  %y = gpu.block_id y
  return %x, %y : index, index
}
"""

GRIDS = [(16, 16), (8, 8), (32, 16), (7, 5), (64, 64), (100, 37), (13, 1)]


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, AutoChoice]]:
    """Every choose_auto result, tagged with who asked (the pass or the tool)."""
    log: list[tuple[str, AutoChoice]] = []
    for who, mod in (("pass", pass_mod), ("tool", tool_mod)):

        def spy(*args: Any, _who: str = who, **kwargs: Any) -> AutoChoice:
            c = choose_auto(*args, **kwargs)
            log.append((_who, c))
            return c

        monkeypatch.setattr(mod, "choose_auto", spy)
    return log


def run_pass(options: str) -> str:
    return str(wgdist.run_pipeline(KERNEL, f"reorder-workgroups{{scheme=auto {options}}}"))


def run_tool(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    tool_mod.main(["--scheme", "auto", *argv])
    return capsys.readouterr().out


@pytest.mark.parametrize("nx,ny", GRIDS)
@pytest.mark.parametrize("xcds", [1, 8])
def test_tool_and_pass_choose_the_same(
    capsys: pytest.CaptureFixture[str], chosen: list, nx: int, ny: int, xcds: int
) -> None:
    run_pass(f"grid={nx},{ny} num-xcds={xcds}")
    run_tool(capsys, "--grid", f"{nx}x{ny}", "--num-xcds", str(xcds))
    (who_p, by_pass), (who_t, by_tool) = chosen
    assert (who_p, who_t) == ("pass", "tool")
    assert by_pass.scheme == by_tool.scheme and by_pass.reason() == by_tool.reason()


def test_the_16x16_case_of_the_audit(capsys: pytest.CaptureFixture[str], chosen: list) -> None:
    """Was: the tool (window 8) kept the identity, the pass (window 64) chose a grouped walk."""
    run_tool(capsys, "--grid", "16x16", "--num-xcds", "8")
    run_pass("grid=16,16 num-xcds=8")
    assert [c.scheme.group_dim for _, c in chosen] == [0, 0]


def test_window_and_k_blocks_are_pass_options(
    capsys: pytest.CaptureFixture[str], chosen: list
) -> None:
    assert (DEFAULT_WINDOW, DEFAULT_K_BLOCKS) == (64, 8)
    run_pass("grid=16,16 num-xcds=8 window=8 k-blocks=2")
    err = capsys.readouterr().err
    run_tool(capsys, "--grid", "16x16", "--num-xcds", "8", "--window", "8", "--k-blocks", "2")
    assert chosen[0][1] == chosen[1][1] and chosen[0][1].scheme.group_dim is None
    assert "window 8 workgroups per XCD, 2 blocks per panel" in err


def test_the_remark_names_its_units(capsys: pytest.CaptureFixture[str]) -> None:
    run_pass("grid=8,8 num-xcds=8 window=8")
    err = capsys.readouterr().err
    assert "384 vs 576 blocks for identity (33% fewer), summed over all 8 XCDs" in err
    out = run_tool(capsys, "--grid", "8x8", "--num-xcds", "8")
    assert "384 vs 576 blocks for identity (33% fewer), summed over all 8 XCDs" in out
    assert "window 64 workgroups per XCD, 8 blocks per panel" in out
