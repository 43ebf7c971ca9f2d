"""scheme=auto says what it chose in words, with an option string that reproduces it."""

from __future__ import annotations

import pytest

import wgdist
from wgdist.reorder import (
    COMMAND_LINE,
    Scheme,
    auto_candidates,
    check_options,
    choose_auto,
    remap_all,
    resolve,
)
from wgdist.tools.wgdist_reorder import main

KERNEL = """
func.func @k() -> (index, index) {
  %x = gpu.block_id x
  %y = gpu.block_id y
  return %x, %y : index, index
}
"""


def options_of(spec: str) -> tuple[str, dict]:
    o: dict = {}
    for kv in spec.split():
        k, v = kv.split("=")
        o[k.replace("-", "_")] = int(v) if v.isdigit() else v
    return o.pop("scheme"), o


@pytest.mark.parametrize(
    "s,words",
    [
        (resolve("identity"), "the identity: no grouping, no XCD step"),
        (resolve("row-major"), "grouped along M, group-size 1 (row-major), no XCD step"),
        (
            resolve("wave", group_size=2, num_xcds=8),
            "grouped along M, group-size 2, balanced XCD step over 8 XCDs",
        ),
        (
            resolve("wave", group_size=2, num_xcds=8, xcd_remap="none"),
            "grouped along M, group-size 2, no XCD step",
        ),
        (
            resolve("triton", group_size=4),
            "grouped along M, group-size 4, triton-style last group, no XCD step",
        ),
        (resolve("tensile", group_size=4), "grouped along N, group-size 4, no XCD step"),
        (
            resolve("identity", xcd_remap="chunked", num_xcds=2, chunk=3),
            "no grouping, chunked XCD step over 2 XCDs (chunk 3)",
        ),
    ],
)
def test_describe(s: Scheme, words: str) -> None:
    assert s.describe() == words


@pytest.mark.parametrize("nx,ny,x", [(8, 8, 8), (32, 16, 8), (7, 5, 3), (16, 4, 1)])
def test_every_candidate_spec_reproduces_it_and_names_no_useless_option(
    nx: int, ny: int, x: int
) -> None:
    for s in auto_candidates(nx, ny, x):
        scheme, opts = options_of(s.spec())
        assert check_options(scheme, **opts) == [], s.spec()
        again = resolve(scheme, **opts)
        got, want = remap_all(again, nx, ny), remap_all(s, nx, ny)
        assert (got[0] == want[0]).all() and (got[1] == want[1]).all(), s.spec()
        assert "xcd-remap=none" not in s.spec()
        if not s.has_xcd_step:
            assert not s.spec().startswith(("scheme=wave", "scheme=rocroller")), s.spec()


def test_user_schemes_keep_their_preset_name() -> None:
    assert resolve("wave", group_size=2, num_xcds=8).spec() == "scheme=wave group-size=2 num-xcds=8"
    assert resolve("identity").spec() == "scheme=identity"
    assert resolve("wave", num_xcds=1).spec() == "scheme=wave"
    assert (
        resolve("rocroller", group_dim=1, group_size=4, num_xcds=8).spec(COMMAND_LINE)
        == "--scheme rocroller --group-dim 1 --group-size 4 --num-xcds 8"
    )


def test_auto_remark_labels_the_choice_by_what_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    wgdist.run_pipeline(KERNEL, "reorder-workgroups{scheme=auto grid=8,8 num-xcds=8 window=8}")
    err = capsys.readouterr().err
    choice = choose_auto(8, 8, 8, 8)
    assert (
        "@k: scheme=auto chose grouped along M, group-size 2, no XCD step "
        "(scheme=triton group-size=2 group-style=wave) for the 8x8 grid: fewest" in err
    )
    assert choice.scheme.spec() == "scheme=triton group-size=2 group-style=wave"
    assert "scheme=wave xcd-remap=none" not in err
    main(["--grid", "8x8", "--scheme", "auto", "--num-xcds", "8", "--window", "8"])
    out = capsys.readouterr().out
    assert "scheme=auto chose: grouped along M, group-size 2, no XCD step" in out
    assert "  options: --scheme triton --group-size 2 --group-style wave" in out
