"""The command-line tools share one error policy (:mod:`wgdist.ir.cli`): the same failure gives
the same status and the same kind of message in every tool.

Each tool runs in-process with its one library call replaced by one that raises, so every kind
of failure is reached the same way in each tool.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

from wgdist.ir import OpError
from wgdist.ir.cli import run_tool
from wgdist.tools import wgdist_check, wgdist_layout, wgdist_opt, wgdist_reorder

KERNEL = "func.func @f() {\n  func.return\n}\n"


def _op_error() -> Exception:
    return OpError(ModuleOp([]), "is wrong here")


# what the library call raises -> (exit status, start of stderr with the tool's name as {tool})
FAILURES: dict[str, tuple[Callable[[], BaseException], int, str]] = {
    "assertion": (lambda: AssertionError("boom"), 2, "{tool}: internal error: AssertionError: boom"),
    "type_error": (lambda: TypeError("boom"), 2, "{tool}: internal error: TypeError: boom"),
    "attribute_error": (lambda: AttributeError("boom"), 2, "{tool}: internal error: AttributeError: boom"),
    "value_error": (lambda: ValueError("bad value"), 1, "{tool}: error: bad value"),
    "key_error": (lambda: KeyError("k"), 1, "{tool}: error: KeyError: 'k'"),
    "not_implemented": (lambda: NotImplementedError("later"), 1, "{tool}: error: NotImplementedError: later"),
    "memory": (lambda: MemoryError("37 GiB"), 1, "{tool}: error: out of memory (37 GiB)"),
    "missing_file": (
        lambda: FileNotFoundError(2, "No such file or directory", "gone.mlir"),
        1,
        "{tool}: error: gone.mlir: No such file or directory",
    ),
    "op_error": (_op_error, 1, "error: 'builtin.module' op is wrong here"),
}


def raising(make: Callable[[], BaseException]) -> Callable[..., object]:
    def call(*args: object, **kwargs: object) -> object:
        raise make()

    return call


def run_opt(monkeypatch: pytest.MonkeyPatch, path: Path, make: Callable[[], BaseException]) -> int:
    monkeypatch.setattr(wgdist_opt, "parse", raising(make))
    with pytest.raises(SystemExit) as info:
        wgdist_opt.main([str(path)])
    assert isinstance(info.value.code, int)
    return info.value.code


def run_check(monkeypatch: pytest.MonkeyPatch, path: Path, make: Callable[[], BaseException]) -> int:
    monkeypatch.setattr(wgdist_check, "check_all", raising(make))
    with pytest.raises(SystemExit) as info:
        wgdist_check.main([str(path), "--against", str(path), "--subgroups", "1"])
    assert isinstance(info.value.code, int)
    return info.value.code


def run_reorder(monkeypatch: pytest.MonkeyPatch, path: Path, make: Callable[[], BaseException]) -> int:
    monkeypatch.setattr(wgdist_reorder, "run", raising(make))
    with pytest.raises(SystemExit) as info:
        wgdist_reorder.main(["--grid", "4x4"])
    assert isinstance(info.value.code, int)
    return info.value.code


def run_layout(monkeypatch: pytest.MonkeyPatch, path: Path, make: Callable[[], BaseException]) -> int:
    monkeypatch.setattr(wgdist_layout, "ownership", raising(make))
    with pytest.raises(SystemExit) as info:
        wgdist_layout.main(["#xegpu.layout<sg_layout = [2], sg_data = [4]>", "--shape", "8"])
    assert isinstance(info.value.code, int)
    return info.value.code


TOOLS = {
    "wgdist-opt": run_opt,
    "wgdist-check": run_check,
    "wgdist-reorder": run_reorder,
    "wgdist-layout": run_layout,
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_every_tool_reports_a_failure_the_same_way(
    tool: str,
    failure: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("WGDIST_TRACEBACK", raising=False)
    make, status, message = FAILURES[failure]
    (tmp_path / "k.mlir").write_text(KERNEL)
    assert TOOLS[tool](monkeypatch, tmp_path / "k.mlir", make) == status
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith(message.format(tool=tool)), err  # a tool may add a hint
    assert "Traceback" not in err
    if status == 2:
        assert "set WGDIST_TRACEBACK=1 to see where" in err


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_wgdist_traceback_shows_where_a_bug_is(
    tool: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WGDIST_TRACEBACK", "1")
    (tmp_path / "k.mlir").write_text(KERNEL)
    with pytest.raises(AssertionError, match="boom"):
        TOOLS[tool](monkeypatch, tmp_path / "k.mlir", lambda: AssertionError("boom"))


def test_policy_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    class ToolError(Exception):
        pass

    def fail(e: BaseException) -> Callable[[], int]:
        def body() -> int:
            raise e

        return body

    assert run_tool("t", lambda: None) == 0
    assert run_tool("t", lambda: 3) == 3
    assert run_tool("t", fail(SystemExit(0))) == 0
    assert run_tool("t", fail(SystemExit(2))) == 1  # argparse's usage error
    assert run_tool("t", fail(ToolError("no")), user_errors=(ToolError,)) == 1
    assert capsys.readouterr().err == "t: error: no\n"
    assert run_tool("t", fail(MemoryError()), memory_hint="use less") == 1
    assert capsys.readouterr().err == "t: error: out of memory; use less\n"


@pytest.mark.parametrize("tool", ["wgdist-opt", "wgdist-check"])
def test_missing_input_file_is_named_by_every_tool(tool: str, tmp_path: Path) -> None:
    extra = ["--against", "nope.mlir"] if tool == "wgdist-check" else []
    proc = subprocess.run(
        [str(Path(sys.executable).with_name(tool)), "nope.mlir", *extra],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.strip() == f"{tool}: error: nope.mlir: No such file or directory"


@pytest.mark.parametrize("elt", ["i3", "f80"])
def test_element_type_the_interpreter_lacks_is_a_located_user_error(elt: str, tmp_path: Path) -> None:
    """An element type the interpreter does not model is a limit a valid kernel meets: status 1,
    located at the function and naming the parameter (it was an internal error, status 2)."""
    src = tmp_path / "k.mlir"
    src.write_text(f"func.func @k(%a: memref<8x{elt}>) {{\n  return\n}}\n")
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("wgdist-check")), str(src), "-p", "xegpu-wg-to-sg-distribute",
         "--subgroups", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert f"k.mlir:1:1: error: 'func.func' op parameter 0 (%a) of @k has the element type {elt}" in proc.stderr
