"""Options that do nothing are said so (the pass warns, the tool too), with the same sentence."""

from __future__ import annotations

import pytest

import wgdist
from wgdist.tools.wgdist_reorder import main

KERNEL = """
func.func @k() -> (index, index) {
  %x = gpu.block_id x
  %y = gpu.block_id y
  return %x, %y : index, index
}
"""

CASES = [
    ("scheme=wave chunk=3 num-xcds=8", "chunk=3 does nothing without xcd-remap=chunked"),
    (
        "scheme=triton num-xcds=8",
        "num-xcds=8 does not change the order: scheme=triton has no XCD step "
        "(give xcd-remap=balanced for one)",
    ),
    (
        "scheme=wave xcd-remap=none num-xcds=4",
        "num-xcds=4 does not change the order: xcd-remap=none has no XCD step",
    ),
    (
        "scheme=identity xcd-remap=tail",
        "xcd-remap=tail does nothing with num-xcds=1 (the default): give num-xcds=N for N XCDs",
    ),
]


def warnings_of_pass(capsys: pytest.CaptureFixture[str], options: str) -> list[str]:
    wgdist.run_pipeline(KERNEL, f"reorder-workgroups{{{options} grid=8,8}}")
    return [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]


def warnings_of_tool(capsys: pytest.CaptureFixture[str], options: str) -> list[str]:
    argv = ["--grid", "8x8"]
    for kv in options.split():
        k, v = kv.split("=")
        argv += [f"--{k}", v]
    main(argv)
    return [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]


@pytest.mark.parametrize("options,note", CASES)
def test_options_that_do_nothing_are_named(
    capsys: pytest.CaptureFixture[str], options: str, note: str
) -> None:
    said = warnings_of_pass(capsys, options)
    assert len(said) == 1 and said[0].endswith(
        f"warning: 'builtin.module' op reorder-workgroups: {note}"
    )
    said = warnings_of_tool(capsys, options)
    as_flags = note
    for kv in ("chunk=3", "num-xcds=8", "num-xcds=4", "num-xcds=1", "num-xcds=N", "scheme=triton"):
        as_flags = as_flags.replace(kv, "--" + kv.replace("=", " "))
    for kv in ("xcd-remap=chunked", "xcd-remap=none", "xcd-remap=tail", "xcd-remap=balanced"):
        as_flags = as_flags.replace(kv, "--" + kv.replace("=", " "))
    assert len(said) == 1 and said[0].startswith(f"wgdist-reorder: warning: {as_flags}"), said


def test_model_options_without_auto_are_named_by_the_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = warnings_of_pass(capsys, "scheme=wave group-size=2 window=8 k-blocks=2")
    assert said[0].endswith("window=8 is used only by scheme=auto")
    assert said[1].endswith("k-blocks=2 is used only by scheme=auto")
    # the tool uses them for its cache-model table: no warning there
    assert warnings_of_tool(capsys, "scheme=wave group-size=2 window=8 k-blocks=2") == []


@pytest.mark.parametrize(
    "options",
    [
        "scheme=wave num-xcds=8 group-size=2",
        "scheme=wave xcd-remap=chunked chunk=3 num-xcds=2",
        "scheme=auto num-xcds=8 window=8",
        "scheme=triton",
    ],
)
def test_useful_options_are_not_warned_about(
    capsys: pytest.CaptureFixture[str], options: str
) -> None:
    assert warnings_of_pass(capsys, options) == []
    assert warnings_of_tool(capsys, options) == []
