"""wgdist.check and wgdist-check: agreement, planted bugs, error handling."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import BFloat16Type, Float32Type

import wgdist
import wgdist.checker
from tests.support.samples import gemm_sg, gemm_wg
from wgdist.checker import check, infer_subgroups
from wgdist.interp import find_function
from wgdist.interp.compare import Comparison, compare_buffers
from wgdist.interp.values import Buffer
from wgdist.ir.diagnostics import PipelineError
from wgdist.tools.wgdist_check import run as cli
from wgdist.tools.wgdist_opt import main as opt_main

ONE = (256, 256, 256, (8, 4), (32, 64), 32)  # one tile per subgroup
WRAP = (128, 128, 64, (4, 2), (16, 32), 16)  # 2 x 2 rounds per subgroup


def test_gemm_256_with_32_subgroups_agrees() -> None:
    r = check(gemm_wg(*ONE), against=gemm_sg(*ONE))
    assert r.ok, r.report
    assert r.subgroups == 32 and "agree" in r.report
    assert r.comparison.counts == {}


def test_wrapping_layout_over_two_workgroups_agrees() -> None:
    r = check(gemm_wg(*WRAP, wgs=2), against=gemm_sg(*WRAP, wgs=2), grid=(2, 1), seed=3)
    assert r.ok, r.report
    assert r.wg.grid == (2, 1, 1)


def test_planted_offset_bug_is_detected() -> None:
    r = check(gemm_wg(*WRAP), against=gemm_sg(*WRAP, bug="offset"))
    assert not r.ok
    assert r.comparison.counts.get("value", 0) > 0
    assert "workgroup mode" in r.report and "written by subgroup" in r.report


def test_planted_accumulator_swap_is_detected_and_names_the_writer() -> None:
    r = check(gemm_wg(*WRAP), against=gemm_sg(*WRAP, bug="swap"))
    assert not r.ok
    first = r.comparison.differences[0]
    assert first.kind == "value"
    # subgroup 0 owns tile (0, 0) and stored the (0, 32) accumulator there
    assert first.index == (0, 0) and "written by subgroup 0 of workgroup (0, 0, 0)" in first.message


def test_unwritten_and_twice_written_elements_are_reported() -> None:
    # every subgroup stores its tile twice into tile row 0: rows >= 16 are never written
    wg = gemm_wg(*ONE)
    sg = gemm_sg(*ONE).replace("xegpu.store_nd %acc0_0, %tc[%r0, %col0]", "xegpu.store_nd %acc0_0, %tc[%c0, %col0]")
    r = check(wg, against=sg)
    assert r.comparison.counts["unwritten"] == 256 * 256 - 32 * 256
    assert "write count" in r.comparison.counts or "value" in r.comparison.counts


def test_workgroups_writing_the_same_tile_are_reported() -> None:
    # a broken workgroup mapping: both workgroups compute and store tile 0
    wg = gemm_wg(*WRAP, wgs=2)
    sg = gemm_sg(*WRAP, wgs=2).replace("%row = arith.muli %bx, %cm : index", "%row = arith.muli %c0, %cm : index")
    r = check(wg, against=sg, grid=(2, 1))
    assert r.comparison.counts["workgroups"] == 128 * 128
    assert r.comparison.counts["unwritten"] == 128 * 128


def test_infer_subgroups_from_layouts() -> None:
    m = wgdist.parse(gemm_wg(*WRAP))
    assert infer_subgroups(find_function(m, None)) == 8


def test_check_needs_a_pipeline_or_a_program() -> None:
    with pytest.raises(ValueError, match="give a pipeline"):
        check(gemm_wg(*WRAP))


def test_wgdist_check_is_callable_on_the_package() -> None:
    r = wgdist.check(gemm_wg(*WRAP), against=gemm_sg(*WRAP))
    assert r.ok


def write(tmp: Path, name: str, text: str) -> str:
    p = tmp / name
    p.write_text(text)
    return str(p)


def test_cli_exit_codes_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg = write(tmp_path, "wg.mlir", gemm_wg(*WRAP))
    good = write(tmp_path, "sg.mlir", gemm_sg(*WRAP))
    bad = write(tmp_path, "bad.mlir", gemm_sg(*WRAP, bug="swap"))
    assert cli([wg, "--against", good]) == 0
    assert "agree" in capsys.readouterr().out
    assert cli([wg, "--against", bad, "--show", "2"]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and out.count("%C[") == 2


def test_cli_errors_are_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg = write(tmp_path, "wg.mlir", gemm_wg(*WRAP))
    broken = write(tmp_path, "broken.mlir", "gpu.module @m {\n  gpu.func @gemm( {\n}\n")
    assert cli([wg, "--against", broken]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{broken}:2:") and "Traceback" not in err
    assert cli([wg, "--against", str(tmp_path / "missing.mlir")]) == 1
    assert "missing.mlir" in capsys.readouterr().err
    assert cli([wg, "--against", wg, "--func", "nope"]) == 1
    assert "no function @nope in the module (functions: @gemm)" in capsys.readouterr().err


def test_cli_reports_a_deadlock_as_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg = write(tmp_path, "wg.mlir", gemm_wg(*WRAP))
    sg_text = gemm_sg(*WRAP).replace("gpu.return", "gpu.barrier\n    gpu.return", 1)
    deadlock = sg_text.replace("gpu.barrier\n", "scf.if %p {\n      gpu.barrier\n    }\n").replace(
        "%sg = gpu.subgroup_id : index", "%sg = gpu.subgroup_id : index\n    %c3x = arith.constant 3 : index\n    %p = arith.cmpi ult, %sg, %c3x : index", 1
    )
    sg = write(tmp_path, "sg.mlir", deadlock)
    assert cli([wg, "--against", sg]) == 1
    err = capsys.readouterr().err
    assert "error: deadlock in workgroup (0, 0, 0)" in err and "subgroups 0-2 wait at 'gpu.barrier'" in err
    assert "Traceback" not in err


def test_console_script_runs(tmp_path: Path) -> None:
    wg = write(tmp_path, "wg.mlir", gemm_wg(*WRAP))
    sg = write(tmp_path, "sg.mlir", gemm_sg(*WRAP))
    exe = Path(sys.executable).parent / "wgdist-check"
    res = subprocess.run([str(exe), wg, "--against", sg, "--seed", "5"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "seed 5" in res.stdout


def test_bf16_buffers_are_compared_with_a_bf16_tolerance() -> None:
    ref = np.array([1.0, 0.5, -3.0], np.float32)
    one_ulp = (ref.view(np.uint32) + (1 << 16)).view(np.float32)  # the next bf16 value up
    for elt, ok in ((BFloat16Type(), True), (Float32Type(), False)):
        a = Buffer(ref.copy(), "a", track=True, elt=elt)
        b = Buffer(one_ulp.copy(), "b", track=True, elt=elt)
        a.n_writes[:] = b.n_writes[:] = 1
        comp = Comparison()
        compare_buffers("%x", (3,), a, b, (1, 1, 1), comp)
        assert comp.ok == ok, comp.counts


LAUNCH_VALUES = """
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%X: memref<32x16xf32>, %Y: memref<32x16xf32>) kernel {
    %n = gpu.num_subgroups : index
    %bd = gpu.block_dim x
    %s = arith.addi %n, %bd : index
    %i = arith.index_cast %s : index to i32
    %f = arith.sitofp %i : i32 to f32
    %tx = xegpu.create_nd_tdesc %X : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #l>
    %ty = xegpu.create_nd_tdesc %Y : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #l>
    %a = xegpu.load_nd %tx[0, 0] : !xegpu.tensor_desc<32x16xf32, #l> -> vector<32x16xf32>
    %b = vector.broadcast %f : f32 to vector<32x16xf32>
    %c = arith.addf %a, %b : vector<32x16xf32>
    xegpu.store_nd %c, %ty[0, 0] : vector<32x16xf32>, !xegpu.tensor_desc<32x16xf32, #l>
    gpu.return
  }
}
"""


def test_a_kernel_reading_launch_sizes_agrees_in_both_modes() -> None:
    r = check(LAUNCH_VALUES, "xegpu-propagate-layout,xegpu-wg-to-sg-distribute")
    assert r.ok, r.report
    assert float(r.wg.buffers[1].data[0] - r.wg.buffers[0].data[0]) == pytest.approx(8 + 128, abs=1e-4)


# --- user errors found by fuzzing: one clear message, status 1, checked before anything runs ---

SMALL = """#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%m: memref<SHAPExf32>) kernel {
    %t = xegpu.create_nd_tdesc %m : memref<SHAPExf32> -> !xegpu.tensor_desc<16x16xf32, #l>
    %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<16x16xf32, #l> -> vector<16x16xf32>
    %c = arith.constant dense<1.0> : vector<16x16xf32>
    %w = arith.addf %v, %c : vector<16x16xf32>
    xegpu.store_nd %w, %t[0, 0] <{layout = #l}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #l>
    gpu.return
  }
}
"""
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def small(tmp: Path, shape: str = "16x16") -> str:
    return write(tmp, "k.mlir", SMALL.replace("SHAPE", shape))


@pytest.mark.parametrize("pipeline", ["xegpu-propagate-layout{", ",", "xegpu-propagate-layout,,", "xegpu-propagate-layout{layout-kind=}"])
def test_cli_malformed_pipeline_is_one_message(
    pipeline: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """xDSL's ArgSpecParseError is a BaseException: it escaped every handler (a traceback)."""
    assert cli([small(tmp_path), "-p", pipeline]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wgdist-check: error: Error parsing pass pipeline specification:"), err
    assert f"\n{pipeline}\n" in err  # the pipeline text, with a caret under the column


def test_library_malformed_pipeline_raises_pipeline_error() -> None:
    with pytest.raises(PipelineError, match="Expected pass name here"):
        check(SMALL.replace("SHAPE", "16x16"), ",")


FUNC_ATTRIBUTES = """#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%m: memref<16x16xf32>) kernel attributes {
      a = #xegpu.layout<sg_layout = [8, 4], sg_data = [2, 4]>, b = [#xegpu.layout<sg_layout = [4, 16]>]} {
    %t = xegpu.create_nd_tdesc %m : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #l>
    %v = xegpu.load_nd %t[0, 0] <{layout = #l}> : !xegpu.tensor_desc<16x16xf32, #l> -> vector<16x16xf32>
    %w = arith.negf %v {layout_result_0 = OTHER} : vector<16x16xf32>
    xegpu.store_nd %w, %t[0, 0] <{layout = #l}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #l>
    gpu.return
  }
}
"""


def test_layouts_in_the_function_attribute_dictionary_are_not_the_kernel_layouts() -> None:
    """They used to count: 'layouts disagree ...: 4 ('gpu.func'), 32 ('gpu.func')'."""
    m = wgdist.parse(FUNC_ATTRIBUTES.replace("OTHER", "#l"))
    assert infer_subgroups(find_function(m, None)) == 4
    r = check(FUNC_ATTRIBUTES.replace("OTHER", "#l"), PIPELINE)
    assert r.ok and r.subgroups == 4, r.report


def test_disagreeing_layouts_are_located_and_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = write(tmp_path, "k.mlir", FUNC_ATTRIBUTES.replace("OTHER", "#xegpu.layout<sg_layout = [4, 2], sg_data = [4, 8]>"))
    assert cli([k, "--against", k]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        f"{k}:7:10: error: 'arith.negf' op the kernel's layouts disagree on the number of subgroups: "
        f"4 in the type of result 0 of 'xegpu.create_nd_tdesc' at {k}:5:10, "
        f"8 in attribute 'layout_result_0' of 'arith.negf' at {k}:7:10; "
        "pass --subgroups N to run with N anyway"
    ), err
    cli([k, "--against", k, "--subgroups", "4"])  # runs (the WG program as its own SG form differs)
    assert "4 subgroups per workgroup" in capsys.readouterr().out


def test_parameter_errors_name_the_function_location(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = write(tmp_path, "k.mlir", (
        "#s = #xegpu.layout<sg_layout = [4, 8], sg_data = [32, 16]>\n"
        "func.func @if_else(%p: i1, %o: memref<128x128xf32>) {\n  return\n}\n"
    ))
    assert cli([k, "--against", k, "--subgroups", "2"]) == 1  # runs: %p is drawn, nothing is written
    out = capsys.readouterr()
    assert "sample 0: %p=0" in out.out and "sample 1: %p=1" in out.out and "NOTHING COMPARED" in out.out
    v = write(tmp_path, "v.mlir", "func.func @desc(%p: !xegpu.tensor_desc<4xf32>, %o: memref<8xf32>) {\n  return\n}\n")
    assert cli([v, "--against", v, "--subgroups", "2"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{v}:1:1: error: 'func.func' op parameter 0 (%p) of @desc has type !xegpu.tensor_desc<4xf32>; the check "
        "gives values to memref, vector, integer, index, float and pointer parameters only"
    )
    assert cli([k, "--against", k, "--subgroups", "2", "--scalar", "q=1"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{k}:2:1: error: 'func.func' op @if_else has no parameter named %q (--scalar; its parameters: %p, %o)"
    )
    assert cli([k, "--against", k]) == 1  # no sg_layout: one subgroup; it writes nothing
    out = capsys.readouterr().out
    assert "1 subgroups per workgroup" in out and "note: no layout of @if_else has sg_layout: the launch has one subgroup per workgroup" in out


@pytest.mark.parametrize(
    "shape, size",
    [("100000x100000", "40000000000 bytes (37.25 GiB)"), ("18446744073709551616x4", "295147905179352825856 bytes")],
)
def test_cli_huge_buffer_is_refused_before_allocating(
    shape: str, size: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    k = small(tmp_path, shape)
    assert cli([k, "-p", PIPELINE]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{k}:3:3: error: 'gpu.func' op parameter 0 (%m) of @k, memref<{shape}xf32>, takes {size}"), err
    assert "more than the limit of 268435456 bytes (256 MiB)" in err and "raise it with --max-bytes" in err


def test_cli_max_bytes_sets_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = small(tmp_path, "64x64")  # 16384 bytes
    assert cli([k, "-p", PIPELINE, "--max-bytes", "16K"]) == 0
    assert "agree" in capsys.readouterr().out
    assert cli([k, "-p", PIPELINE, "--max-bytes", "16383"]) == 1
    assert "takes 16384 bytes (16 KiB), more than the limit of 16383 bytes" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli([k, "-p", PIPELINE, "--max-bytes", "lots"])
    assert "argument --max-bytes: expected a positive byte count" in capsys.readouterr().err


def test_huge_value_or_allocation_in_the_kernel_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = write(tmp_path, "alloc.mlir", (
        "gpu.module @m {\n  gpu.func @k(%o: memref<4xf32>) kernel {\n"
        "    %a = memref.alloc() : memref<100000x100000xf32>\n"
        "    %c0 = arith.constant 0 : index\n"
        "    %v = memref.load %a[%c0, %c0] : memref<100000x100000xf32>\n"
        "    memref.store %v, %o[%c0] : memref<4xf32>\n    gpu.return\n  }\n}\n"
    ))
    assert cli([k, "--against", k, "--subgroups", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{k}:3:10: error: 'memref.alloc' op result 0, memref<100000x100000xf32>, takes 40000000000 bytes"), err
    assert "--max-bytes" in err
    with pytest.raises(ValueError, match=r"'arith.constant' op result 0, vector<4096x4096xf32>, takes 67108864 bytes"):
        check(SMALL.replace("SHAPE", "16x16").replace("16x16xf32>\n    %w", "16x16xf32>\n    %big = arith.constant dense<0.0> : vector<4096x4096xf32>\n    %w"), PIPELINE, max_bytes=2**20)


@pytest.mark.parametrize(
    "args, launch",
    [
        (["--grid", "100000,100000"], "10000000000 workgroup(s) (--grid 100000,100000) x 4 subgroup(s) (from the layouts) = 40000000000"),
        (["--subgroups", "100000"], "1 workgroup(s) (the default grid; --grid X,Y sets it) x 100000 subgroup(s) (--subgroups 100000) = 100000"),
        (["--grid", "8,8", "--max-subgroups", "255"], "64 workgroup(s) (--grid 8,8) x 4 subgroup(s) (from the layouts) = 256"),
    ],
)
def test_cli_huge_launch_is_refused_before_running(
    args: list[str], launch: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli([small(tmp_path), "-p", PIPELINE, *args]) == 1
    err = capsys.readouterr().err
    limit = args[-1] if "--max-subgroups" in args else "65536"
    assert err.strip() == (
        f"wgdist-check: error: the launch has {launch} subgroups to run, more than the limit of {limit}; "
        "raise it with --max-subgroups"
    ), err


def test_cli_max_subgroups_raises_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli([small(tmp_path), "-p", PIPELINE, "--grid", "8,8", "--max-subgroups", "256"]) == 0
    assert "256 subgroup(s)" in capsys.readouterr().out


def test_cli_out_of_memory_is_one_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError("Unable to allocate 37.3 GiB for an array")

    monkeypatch.setattr(wgdist.checker, "run_kernel", no_memory)
    assert cli([small(tmp_path), "-p", PIPELINE]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wgdist-check: error: out of memory (Unable to allocate 37.3 GiB for an array)"), err


@pytest.mark.parametrize("option", ["--rtol", "--atol"])
@pytest.mark.parametrize("value", ["nan", "-1", "inf", "-inf", "1e400", "x"])
def test_cli_tolerances_must_be_finite_and_non_negative(
    option: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli([small(tmp_path), "-p", PIPELINE, f"{option}={value}"])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert f"wgdist-check: error: argument {option}: expected a finite non-negative number, got '{value}'" in err


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rtol": float("inf")}, "--rtol: expected a finite non-negative number, got inf"),
        ({"atol": float("nan")}, "--atol: expected a finite non-negative number, got nan"),
        ({"rtol": -1e-3}, "--rtol: expected a finite non-negative number, got -0.001"),
        ({"seed": -1}, "--seed: expected a non-negative integer, got -1"),
        ({"subgroups": 0}, "--subgroups: expected a positive integer, got 0"),
        ({"max_bytes": 0}, "--max-bytes: expected a positive integer, got 0"),
        ({"max_subgroups": -5}, "--max-subgroups: expected a positive integer, got -5"),
    ],
)
def test_library_rejects_bad_options_naming_them(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError) as info:
        check(SMALL.replace("SHAPE", "16x16"), PIPELINE, **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_an_infinite_tolerance_no_longer_hides_a_planted_bug() -> None:
    with pytest.raises(ValueError, match="--atol"):
        check(gemm_wg(*WRAP), against=gemm_sg(*WRAP, bug="swap"), atol=float("inf"))


def test_cli_negative_seed_names_the_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli([small(tmp_path), "-p", PIPELINE, "--seed", "-1"])
    assert "error: argument --seed: expected a non-negative integer, got '-1'" in capsys.readouterr().err
    assert cli([small(tmp_path), "-p", PIPELINE, "--seed", str(2**70)]) == 0  # any size is a seed
    assert f"seed {2**70}" in capsys.readouterr().out


def test_nothing_compared_also_prints_an_error_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = write(tmp_path, "k.mlir", (
        "#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>\n"
        "func.func @only_prefetches(%m: memref<128x128xf32>) {\n"
        "  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #l>\n"
        "  xegpu.prefetch_nd %t[0, 0] : !xegpu.tensor_desc<128x128xf32, #l>\n"
        "  func.return\n}\n"
    ))
    assert cli([k, "-p", PIPELINE]) == 1
    out, err = capsys.readouterr()
    assert "NOTHING COMPARED" in out
    assert err.strip() == (
        "wgdist-check: error: nothing compared: the workgroup program wrote no element of the memref "
        "arguments of @only_prefetches, so agreement means nothing (see the report)"
    )


def test_locations_survive_repeated_checks_and_wgdist_opt_in_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fuzzer calling the tools' main() in one process saw wgdist-check errors without
    file:line:col; that was a wgdist-check before its verifier errors were located, but no state
    shared between calls (context, parser, caches) may lose them."""
    k = write(tmp_path, "bad.mlir", (
        "func.func @f6(%v: vector<4x8xf32>) {\n"
        "  %0 = vector.transpose %v, [1, 0, 2] : vector<4x8xf32> to vector<8x4xf32>\n  return\n}\n"
    ))
    p = write(tmp_path, "p.mlir", "func.func @f(%x: !xegpu.tensor_desc<2xf32>) {\n  return\n}\n")
    expected = f"{k}:2:8: error: 'vector.transpose' op transposition length mismatch: 3"
    expected_p = f"{p}:1:1: error: 'func.func' op parameter 0 (%x) of @f has type !xegpu.tensor_desc<2xf32>"
    for _ in range(2):
        assert cli([k, "-p", PIPELINE]) == 1
        assert capsys.readouterr().err.startswith(expected)
        assert cli([p, "--against", p, "--subgroups", "1"]) == 1
        assert capsys.readouterr().err.startswith(expected_p)
        with pytest.raises(ValueError, match="^" + re.escape(expected_p)):
            wgdist.check(Path(p), against=Path(p), subgroups=1)
        for argv in ([k], ["examples/softmax.mlir", "-p", PIPELINE + ",reorder-workgroups{grid=4,4}", "-o", "/dev/null"]):
            with pytest.raises(SystemExit):
                opt_main([str(Path(__file__).parents[3] / a) if a.startswith("examples") else a for a in argv])
        capsys.readouterr()


def test_signature_and_known_grid_errors_are_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg = small(tmp_path)
    sg = write(tmp_path, "sg.mlir", SMALL.replace("SHAPE", "16x32"))
    assert cli([wg, "--against", sg, "--subgroups", "4"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{sg}:3:3: error: 'gpu.func' op @k has type (memref<16x32xf32>) -> () in the distributed program "
        f"and (memref<16x16xf32>) -> () in the workgroup program ('gpu.func' at {wg}:3:3)"
    )
    bad_grid = write(tmp_path, "g.mlir", SMALL.replace("SHAPE", "16x16").replace(
        "kernel {", "kernel attributes {known_grid_size = array<i32: 2, 0, 1>} {"))
    assert cli([bad_grid, "-p", PIPELINE]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{bad_grid}:3:3: error: 'gpu.func' op known_grid_size of @k must hold 1 to 3 sizes >= 1, got [2, 0, 1]"
    )
