"""``wgdist-opt`` on broken inputs: exit status 1, one located message, never a traceback.

Runs the installed console script (``.venv/bin/wgdist-opt``) as a user would.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

WGDIST_OPT = Path(sys.executable).with_name("wgdist-opt")

KERNEL_HEAD = "func.func @f(%m: memref<256x128xf32>, %v: vector<4x8xf32>, %a: f32, %b: i32) {\n"

# name -> (file contents, line of the error (None: no location), regex the message must match)
BROKEN_INPUTS: dict[str, tuple[str, int | None, str]] = {
    "truncated": (
        KERNEL_HEAD + "  %0 = arith.constant 1 : i32\n",
        3,
        r"unexpected end of input",
    ),
    "truncated_mid_op": (
        KERNEL_HEAD + "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to\n",
        3,
        r"unexpected end of input",
    ),
    "unknown_generic_op": (
        KERNEL_HEAD + '  "foo.bar"() : () -> ()\n  func.return\n}\n',
        2,
        r"Operation foo\.bar is not registered",
    ),
    "unknown_vector_op": (
        KERNEL_HEAD + '  %0 = "vector.splat"(%a) : (f32) -> vector<4xf32>\n  func.return\n}\n',
        2,
        r"Operation vector\.splat is not registered",
    ),
    "operand_type_mismatch": (
        KERNEL_HEAD + "  %0 = arith.addf %a, %b : f32\n  func.return\n}\n",
        2,
        r"used with type f32, but has been previously used or defined with type i32",
    ),
    "verifier_wrong_result_type": (
        KERNEL_HEAD
        + "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>\n"
        + "  func.return\n}\n",
        2,
        r"'vector\.transpose' op dimension size mismatch at: 1 \(result dim 0 is 4, source dim 1 is 8\)",
    ),
    "verifier_in_nested_region": (
        KERNEL_HEAD
        + "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
        + "  scf.for %i = %c0 to %c4 step %c4 {\n"
        + "    %r = vector.shape_cast %v : vector<4x8xf32> to vector<3x8xf32>\n"
        + "  }\n  func.return\n}\n",
        5,
        r"'vector\.shape_cast' op has different number of elements at source \(32\) and result "
        r"\(24\)",
    ),
    "layout_rank_mismatch": (
        KERNEL_HEAD
        + "  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32,"
        + " #xegpu.layout<sg_layout = [8, 4], sg_data = [32]>>\n  func.return\n}\n",
        2,
        r"sg_layout.*sg_data",
    ),
    "layout_not_distributable": (
        KERNEL_HEAD
        + "  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<96x64xf32,"
        + " #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 16]>>\n  func.return\n}\n",
        2,
        r"cannot distribute \[96, 64\]",
    ),
    "integer_out_of_range": (
        KERNEL_HEAD + "  %0 = arith.constant 99999999999 : i32\n  func.return\n}\n",
        2,
        r"Integer value 99999999999 is out of range for type i32",
    ),
    "layout_field_out_of_i32": (
        "func.func @f() attributes {l = #xegpu.layout<sg_layout = [99999999999, 4], "
        "sg_data = [32, 32]>} {\n  func.return\n}\n",
        1,
        r"99999999999 is out of range for type i32",
    ),
    "dense_shape_mismatch_points_at_literal": (
        KERNEL_HEAD + "  %0 = arith.constant dense<[1, 2, 3]> : vector<4xi32>\n  func.return\n}\n",
        2,
        r"Shape mismatch in dense literal",
    ),
    "hex_float_too_wide": (
        KERNEL_HEAD + "  %0 = arith.constant 0x1FFFFFFFF : f32\n  func.return\n}\n",
        2,
        r"hexadecimal float literal does not fit in its type: 0x1FFFFFFFF : f32",
    ),
    "hex_float_negative": (
        KERNEL_HEAD + "  %0 = arith.constant -0x3F800000 : f32\n  func.return\n}\n",
        2,
        r"hexadecimal float literal should not have a leading minus",
    ),
    "hex_float_negative_dense": (
        KERNEL_HEAD + "  %0 = arith.constant dense<[0x0, -0x3F800000]> : vector<2xf32>\n  func.return\n}\n",
        2,
        r"hexadecimal float literal should not have a leading minus",
    ),
    "bad_enum_in_custom_syntax": (
        KERNEL_HEAD
        + "  %w = arith.constant dense<0.0> : vector<8xf32>\n"
        + "  %r = vector.multi_reduction <bogus>, %v, %w [0] : vector<4x8xf32> to vector<8xf32>\n"
        + "  func.return\n}\n",
        3,
        r"'bogus' is not a valid CombiningKindFlag",
    ),
    "wrong_type_kind_in_custom_syntax": (
        KERNEL_HEAD + "  %0 = vector.load %v[%a] : vector<4x8xf32>, vector<8xf32>\n  func.return\n}\n",
        2,
        r"vector<4x8xf32> should be of base attribute memref",
    ),
    "broadcast_dimension_mismatch": (
        KERNEL_HEAD + "  %r = vector.broadcast %v : vector<4x8xf32> to vector<8x8xf32>\n  func.return\n}\n",
        2,
        r"'vector\.broadcast' op dimension mismatch \(4 vs\. 8\)",
    ),
    "undefined_value_points_at_its_use": (
        KERNEL_HEAD + "  %0 = arith.addf %a, %nope : f32\n  func.return\n}\n",
        2,
        r"use of undeclared SSA value name \(undefined: %nope\)",
    ),
    "undefined_location_alias": (
        KERNEL_HEAD + "  %0 = arith.constant 1 : i32 loc(#nowhere)\n  func.return\n}\n",
        2,
        r"undefined location alias '#nowhere'",
    ),
    "layout_in_alias": (
        "#bad = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], order = [0, 0]>\n"
        + "func.func @f() {\n  func.return\n}\n",
        1,
        r"order",
    ),
}


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(WGDIST_OPT), *args], cwd=cwd, capture_output=True, text=True, timeout=60
    )


def assert_clean_failure(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert proc.stdout == ""
    assert proc.stderr.strip(), "no message"
    return proc.stderr


def test_console_script_is_installed() -> None:
    assert WGDIST_OPT.exists(), WGDIST_OPT


@pytest.mark.parametrize("case", sorted(BROKEN_INPUTS))
def test_broken_input_gives_located_error(case: str, tmp_path: Path) -> None:
    text, line, pattern = BROKEN_INPUTS[case]
    (tmp_path / "in.mlir").write_text(text)
    err = assert_clean_failure(run(["in.mlir"], tmp_path))
    first = err.splitlines()[0]
    located = re.match(r"in\.mlir:(\d+):(\d+): error: (.+)", first)
    assert located, first
    assert int(located.group(1)) == line, first
    assert re.search(pattern, located.group(3)), first


def test_broken_input_on_stdin_is_located(tmp_path: Path) -> None:
    text = KERNEL_HEAD + "  %0 = arith.addf %a, %b : f32\n  func.return\n}\n"
    proc = subprocess.run(
        [str(WGDIST_OPT)], input=text, capture_output=True, text=True, timeout=60
    )
    err = assert_clean_failure(proc)
    assert re.match(r"[^:\n]*:2:\d+: error: ", err), err


@pytest.mark.parametrize(
    "pipeline, pattern",
    [
        ("canonicalize{bogus=1}", r"bogus"),
        ("no-such-pass", r"no-such-pass"),
        ("canonicalize{", r"."),
        (
            "xegpu-propagate-layout{layout-kind=bogus}",
            r"^wgdist-opt: error: pass 'xegpu-propagate-layout' option 'layout-kind': expected "
            r"one of subgroup, inst, lane, got 'bogus'$",
        ),
        (
            "xegpu-propagate-layout{kind=inst}",
            r"pass 'xegpu-propagate-layout' has no option 'kind' \(its options: layout-kind",
        ),
        (
            "reorder-workgroups{group-size=abc}",
            r"pass 'reorder-workgroups' option 'group-size': expected an integer, got 'abc'",
        ),
        ("reorder-workgroups{group-size=0}", r"group-size must be >= 1, got 0"),
        ("xegpu-wg-to-sg-distribute{foo=1}", r"has no option 'foo' \(its options: slm-bytes\)"),
        ("xegpu-upgrade-layouts{foo=1}", r"has no option 'foo' \(its options: none\)"),
        ("xegpu-propagate-layot", r"unknown pass 'xegpu-propagate-layot' \(did you mean xegpu-propagate-layout"),
    ],
)
def test_bad_pass_pipeline(pipeline: str, pattern: str, tmp_path: Path) -> None:
    (tmp_path / "ok.mlir").write_text("func.func @f() {\n  func.return\n}\n")
    err = assert_clean_failure(run(["ok.mlir", "-p", pipeline], tmp_path))
    assert re.search(pattern, err.strip(), re.MULTILINE), err


def test_missing_file(tmp_path: Path) -> None:
    err = assert_clean_failure(run(["does-not-exist.mlir"], tmp_path))
    assert "does-not-exist.mlir" in err


def test_valid_input_still_succeeds(tmp_path: Path) -> None:
    (tmp_path / "ok.mlir").write_text(
        KERNEL_HEAD + "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>\n"
        "  func.return\n}\n"
    )
    proc = run(["ok.mlir"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "vector.transpose %v, [1, 0]" in proc.stdout


def test_location_alias_defined_after_use(tmp_path: Path) -> None:
    """mlir-opt -mlir-print-debuginfo defines location aliases at the end of the file."""
    (tmp_path / "dbg.mlir").write_text(
        KERNEL_HEAD
        + "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32> loc(#l1)\n"
        + "  func.return\n}\n#l1 = loc(\"orig.py\":41:7)\n"
    )
    err = assert_clean_failure(run(["dbg.mlir"], tmp_path))
    assert err.startswith("orig.py:41:7: error: 'vector.transpose' op"), err


def test_print_diagnostics_locates_verifier_errors_per_chunk(tmp_path: Path) -> None:
    """With --print-diagnostics each chunk's verifier error is one located line on stdout; all
    chunks run."""
    bad = "  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>\n"
    (tmp_path / "s.mlir").write_text(
        KERNEL_HEAD + bad + "  func.return\n}\n// -----\n" + KERNEL_HEAD + bad + "  func.return\n}\n"
    )
    proc = run(["s.mlir", "--split-input-file", "--print-diagnostics"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if "error:" in line]
    assert errors == [
        f"s.mlir:{line}:8: error: 'vector.transpose' op dimension size mismatch at: 1 (result "
        "dim 0 is 4, source dim 1 is 8)"
        for line in (2, 7)
    ], proc.stdout


def test_library_rejects_bad_pass_option() -> None:
    import wgdist
    from wgdist.ir import PipelineError

    with pytest.raises(PipelineError, match=r"option 'num-xcds': expected an integer, got 'many'"):
        wgdist.run_pipeline("func.func @f() {\n  func.return\n}\n", "reorder-workgroups{num-xcds=many}")


def _tool(name: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name(name)
    return subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "args, pattern",
    [
        (["--grid", "0"], r"argument --grid: expected 1 to 3 positive sizes, got '0'"),
        (["--grid", "1,1,1,1"], r"expected 1 to 3 positive sizes"),
        (["--grid", "2xq"], r"expected X,Y\[,Z\] positive integers, got '2xq'"),
        ([], r"one of the arguments -p/--pipeline --against is required"),
        (
            ["-p", "xegpu-propagate-layout{layout-kind=wg}"],
            r"^wgdist-check: error: pass 'xegpu-propagate-layout' option 'layout-kind': expected "
            r"one of subgroup, inst, lane, got 'wg'$",
        ),
    ],
)
def test_wgdist_check_usage_errors_exit_1(args: list[str], pattern: str, tmp_path: Path) -> None:
    (tmp_path / "k.mlir").write_text("func.func @f() {\n  func.return\n}\n")
    proc = _tool("wgdist-check", ["k.mlir", *args], tmp_path)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert re.search(pattern, proc.stderr, re.MULTILINE), proc.stderr


def test_wgdist_check_grid_accepts_reorder_spelling(tmp_path: Path) -> None:
    """``--grid 2x1`` (wgdist-reorder's spelling) means the same as ``--grid 2,1``."""
    kernel = (
        "gpu.module @m {\n  gpu.func @k(%o: memref<2xindex>) kernel {\n"
        "    %b = gpu.block_id x\n    memref.store %b, %o[%b] : memref<2xindex>\n"
        "    gpu.return\n  }\n}\n"
    )
    (tmp_path / "k.mlir").write_text(kernel)
    outs = []
    for grid in ("2x1", "2,1"):
        proc = _tool("wgdist-check", ["k.mlir", "--against", "k.mlir", "--subgroups", "1", "--grid", grid], tmp_path)
        assert proc.returncode == 0, proc.stderr
        outs.append(re.sub(r"in \d+\.\d+ s", "in T s", proc.stdout))  # wall times differ run to run
    assert outs[0] == outs[1] and "2 element(s) written" in outs[0], outs[0]


def test_wgdist_reorder_huge_grid_is_refused(tmp_path: Path) -> None:
    proc = _tool("wgdist-reorder", ["--grid", "99999x99999"], tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "--grid 99999x99999 has 9999800001 workgroups; this tool tabulates at most 262144" in proc.stderr


def test_binary_input_is_located(tmp_path: Path) -> None:
    (tmp_path / "junk.mlir").write_bytes(b"func.func @f() {\n  \xff\xfe\x00 }\n")
    err = assert_clean_failure(run(["junk.mlir"], tmp_path))
    assert err.strip() == "junk.mlir:2:3: error: input is not UTF-8 text (byte 0xff)", err


def test_any_file_name_is_read_as_mlir(tmp_path: Path) -> None:
    """mlir-opt reads any file name; so does wgdist-opt (xdsl-opt wants a known extension)."""
    (tmp_path / "kernel.ir").write_text("func.func @f() {\n  func.return\n}\n")
    proc = run(["kernel.ir"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "func.func @f()" in proc.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["does-not-exist.mlir"], "wgdist-opt: error: does-not-exist.mlir: No such file or directory"),
        (["."], "wgdist-opt: error: .: Is a directory"),
        (["ok.mlir", "-o", "no/such/dir/out.mlir"], "wgdist-opt: error: no/such/dir/out.mlir: No such file or directory"),
        (["ok.mlir", "-o", "."], "wgdist-opt: error: .: Is a directory"),
    ],
)
def test_file_errors_name_the_file(args: list[str], message: str, tmp_path: Path) -> None:
    (tmp_path / "ok.mlir").write_text("func.func @f() {\n  func.return\n}\n")
    err = assert_clean_failure(run(args, tmp_path))
    assert err.strip() == message, err


@pytest.mark.parametrize("text", ["", "// only a comment\n", "#l = #xegpu.layout<inst_data = [8, 16]>\n"])
def test_input_without_ops_is_an_empty_module(text: str, tmp_path: Path) -> None:
    """As in mlir-opt: no ops at all (empty file, comments, aliases) is an empty module."""
    (tmp_path / "e.mlir").write_text(text)
    proc = run(["e.mlir"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["builtin.module", "{", "}"], proc.stdout


def test_dash_is_stdin_and_stdout(tmp_path: Path) -> None:
    """As in mlir-opt: ``-`` names standard input, ``-o -`` standard output (no file ``-``)."""
    proc = subprocess.run(
        [str(WGDIST_OPT), "-", "-o", "-"],
        input="func.func @f() {\n  func.return\n}\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "func.func @f()" in proc.stdout
    assert not (tmp_path / "-").exists()
    bad = subprocess.run(
        [str(WGDIST_OPT), "-"],
        input=KERNEL_HEAD + "  %0 = arith.addf %a, %b : f32\n  func.return\n}\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    err = assert_clean_failure(bad)
    assert re.match(r"stdin:2:\d+: error: ", err), err


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('"' + "a" * 40 + "\n", "1:42", "expected '\"' in string literal"),
        ('func.func @f() attributes {a = "' + "a" * 40 + "\n", "1:73", "expected '\"' in string"),
        ('func.func @f() attributes {a = "x\\qy"} {\n  func.return\n}\n', "1:34", "unknown escape"),
    ],
)
def test_unterminated_string_is_fast_and_located(
    tmp_path: Path, text: str, where: str, message: str
) -> None:
    """xDSL's string regex backtracked exponentially on an unterminated literal (26 chars: 13 s)."""
    (tmp_path / "s.mlir").write_text(text)
    proc = subprocess.run(
        [str(WGDIST_OPT), "s.mlir"], cwd=tmp_path, capture_output=True, text=True, timeout=10
    )
    err = assert_clean_failure(proc)
    assert err.startswith(f"s.mlir:{where}: error: "), err
    assert message in err, err


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        (
            "func.func @f() -> f32 {\n  %x = arith.addf %y, %y : f32\n"
            "  %y = arith.constant 1.0 : f32\n  return %x : f32\n}\n",
            "2:8",
            "defined later in the same block",
        ),
        (
            "func.func @f() -> f32 {\n  %x = arith.addf %x, %x : f32\n  return %x : f32\n}\n",
            "2:8",
            "defined later in the same block",
        ),
        (
            "%e = math.exp %x : f32\nfunc.func @g(%x: f32) {\n  return\n}\n",
            "1:6",
            "defined in a region that does not enclose this use",
        ),
    ],
)
def test_use_not_dominated_by_definition(tmp_path: Path, text: str, where: str, reason: str) -> None:
    """As mlir-opt: 'operand #0 does not dominate this use', located at the use."""
    (tmp_path / "d.mlir").write_text(text)
    err = assert_clean_failure(run(["d.mlir"], tmp_path))
    assert err.startswith(f"d.mlir:{where}: error: operand #0 does not dominate this use ({reason})"), err


def test_dominance_allows_enclosing_regions_other_blocks_and_graph_regions(tmp_path: Path) -> None:
    (tmp_path / "ok.mlir").write_text(
        "func.func @f(%c: i1) -> f32 {\n  %y = arith.constant 1.0 : f32\n  cf.cond_br %c, ^a, ^b\n"
        "^a:\n  cf.br ^b\n^b:\n  %z = arith.addf %y, %y : f32\n"
        "  %w = scf.if %c -> (f32) {\n    scf.yield %z : f32\n  } else {\n    scf.yield %y : f32\n  }\n"
        "  return %w : f32\n}\n"
    )
    proc = run(["ok.mlir"], tmp_path)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["-t", "bogus"], "invalid choice: 'bogus' (choose from mlir)"),
        (["-t", "llvm"], "invalid choice: 'llvm' (choose from mlir)"),
        (["-t", "x86-asm"], "invalid choice: 'x86-asm'"),
        (["-t", "mps"], "invalid choice: 'mps'"),
        (["-f", "bogus"], "invalid choice: 'bogus'"),
    ],
)
def test_command_line_misuse_exits_1(tmp_path: Path, args: list[str], message: str) -> None:
    """Like wgdist-check: a misused command line is a user error (status 1, not argparse's 2),
    and only the targets that apply to XeGPU modules are offered."""
    (tmp_path / "ok.mlir").write_text("func.func @f() {\n  func.return\n}\n")
    proc = run(["ok.mlir", *args], tmp_path)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert message in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    "text, where, message",
    [
        ("func.func @f(%a: f32) {\n}\n", ":1:1:", "'func.func' op contains empty block in single-block region"),
        ("gpu.module @m {\n  gpu.func @f() {\n  }\n}\n", ":2:3:", "'gpu.func' op contains empty block"),
        ("func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n", ":4:1:",
         "'func.func' op redefinition of symbol named 'f'"),
    ],
)
def test_module_level_verifier_errors_are_located(tmp_path: Path, text: str, where: str, message: str) -> None:
    f = tmp_path / "k.mlir"
    f.write_text(text)
    r = subprocess.run([str(WGDIST_OPT), str(f)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert f"{f}{where} error: {message}" in r.stderr, r.stderr


def test_a_semi_affine_map_is_a_located_error(tmp_path: Path) -> None:
    """mlir-opt 22 reads ``s0 * d0``; xDSL 0.74 cannot represent it: a located refusal that says
    so, not an unlocated NotImplementedError."""
    (tmp_path / "a.mlir").write_text(
        "func.func @f(%m: memref<8xf32, affine_map<(d0)[s0] -> (s0 * d0)>>) {\n  return\n}\n"
    )
    err = assert_clean_failure(run(["a.mlir"], tmp_path))
    assert err.startswith("a.mlir:1:32: error: not supported by wgdist (xDSL 0.74): Multiplication with non-constant"), err
