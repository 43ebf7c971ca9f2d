"""The three ways in: the library API, wgdist-opt, and plain xdsl-opt through the entry point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.utils.exceptions import DiagnosticException

import wgdist
import wgdist.ir

BIN = Path(sys.executable).parent
SAMPLE = """
gpu.module @m {
  gpu.func @f(%m: memref<64x64xf32>) {
    %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #xegpu.wg_map<sg_layout = [2, 2], sg_data = [32, 32]>>
    gpu.return
  }
}
"""


def test_context_has_every_dialect():
    ctx = wgdist.context()
    for name in ["builtin", "func", "arith", "math", "scf", "memref", "gpu", "vector", "xegpu"]:
        assert ctx.get_optional_dialect(name) is not None, name
    # the merged vector dialect, not xDSL's
    assert ctx.get_optional_op("vector.multi_reduction") is not None
    assert ctx.get_optional_op("vector.broadcast") is not None


def test_run_pipeline_on_text_and_module():
    module = wgdist.run_pipeline(SAMPLE, "xegpu-upgrade-layouts")
    text = str(module)
    assert "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>" in text
    assert "wg_map" not in text
    again = wgdist.run_pipeline(wgdist.parse(SAMPLE), "xegpu-upgrade-layouts")
    assert str(again) == text


def test_run_pipeline_reports_located_errors():
    bad = SAMPLE.replace("sg_data = [32, 32]", "sg_data = [24, 32]")
    with pytest.raises(Exception) as info:
        wgdist.run_pipeline(bad, "xegpu-upgrade-layouts")
    assert "24" in str(info.value)


def test_run_pipeline_unknown_pass():
    with pytest.raises(Exception, match="no-such-pass"):
        wgdist.run_pipeline(SAMPLE, "no-such-pass")


def test_plain_xdsl_opt_sees_xegpu_and_passes(tmp_path: Path):
    f = tmp_path / "k.mlir"
    f.write_text('"test.op"() {a = #xegpu.wg_map<sg_layout = [2, 2], sg_data = [16, 16]>} : () -> ()\n')
    out = subprocess.run([str(BIN / "xdsl-opt"), str(f), "-p", "xegpu-upgrade-layouts"],
                         capture_output=True, text=True, check=True).stdout
    assert "#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>" in out
    # and xDSL's own passes keep working next to the plugin
    subprocess.run([str(BIN / "xdsl-opt"), str(f), "-p", "canonicalize"], check=True, capture_output=True)


def test_wgdist_opt_lists_its_passes():
    out = subprocess.run([str(BIN / "wgdist-opt"), "--help"], capture_output=True, text=True).stdout
    assert "-p" in out
    opt = subprocess.run([str(BIN / "wgdist-opt"), "-p", "xegpu-upgrade-layouts"], input="builtin.module {}\n",
                         capture_output=True, text=True)
    assert opt.returncode == 0, opt.stderr


def test_diagnostic_exception_type():
    assert issubclass(wgdist.ir.OpError, DiagnosticException)
