"""``wgdist-opt --help`` and ``-p`` offer wgdist's passes and the generic ones that apply to its IR,
not xDSL's passes for other dialects (riscv, x86, snitch, eqsat), which fail on XeGPU code."""

from __future__ import annotations

import re

import pytest

from wgdist.passes import get_all_passes
from wgdist.tools.wgdist_opt import GENERIC_PASSES, WgdistOptMain


def _listed(capsys: pytest.CaptureFixture[str]) -> set[str]:
    with pytest.raises(SystemExit):
        WgdistOptMain(args=["--help"])
    text = " ".join(capsys.readouterr().out.split())
    found = re.search(r"Available passes are: (\S+(?: \S+)*?) --", text)
    assert found is not None, text
    return set(found.group(1).replace("- ", "-").replace(" ", "").split(","))


def test_help_lists_wgdist_and_generic_passes_only(capsys: pytest.CaptureFixture[str]) -> None:
    listed = _listed(capsys)
    assert set(get_all_passes()) <= listed
    assert {"canonicalize", "cse", "dce"} <= listed
    assert listed <= set(get_all_passes()) | set(GENERIC_PASSES)
    assert not [name for name in listed if re.match(r"(riscv|x86|snitch|eqsat|convert-riscv)", name)]


def test_a_pass_for_another_dialect_is_an_unknown_pass() -> None:
    from xdsl.transforms import get_all_passes as xdsl_passes

    assert "lower-riscv-func" in xdsl_passes()  # xDSL has it; wgdist-opt does not offer it
    from wgdist.ir import PipelineError

    main = None
    with pytest.raises(PipelineError, match="unknown pass 'lower-riscv-func'"):
        main = WgdistOptMain(args=["-p", "lower-riscv-func"])
    assert main is None
