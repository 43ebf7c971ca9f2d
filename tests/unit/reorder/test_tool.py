"""wgdist-reorder: the printed tables and counts, the SVG, and clean errors."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from wgdist.reorder import dispatch_table, resolve
from wgdist.tools.wgdist_reorder import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def parse_grid(out: str, title: str) -> list[list[int]]:
    """Read back the grid printed under ``title``."""
    lines = out.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(title)) + 3
    rows = []
    for line in lines[start:]:
        m = re.match(r"^\s+(\d+) \|(.*)$", line)
        if not m:
            break
        rows.append([int(v) for v in m.group(2).split()])
    return rows


def test_wave_seed_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "--grid", "8x8", "--scheme", "wave", "--group-size", "2", "--num-xcds", "8"
    )
    assert code == 0
    table = parse_grid(out, "dispatch id")
    assert table == dispatch_table(resolve("wave", group_size=2, num_xcds=8), 8, 8)
    assert parse_grid(out, "XCD of each tile") == [[f % 8 for f in row] for row in table]
    assert re.search(r"^\s+0\s+16\s+32\s+48\s+72$", out, re.M)  # XCD 0: A, B, total, default
    assert re.search(r"^\s+all\s+128\s+256\s+384\s+576$", out, re.M)


def test_rocroller_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--grid", "6x8", "--scheme", "rocroller", "--group-size", "4")
    assert code == 0
    table = parse_grid(out, "dispatch id")
    assert table[3] == [3, 7, 11, 15, 19, 23, 27, 31]
    assert table[5] == [33, 35, 37, 39, 41, 43, 45, 47]
    assert "XCD of each tile" not in out  # one XCD: nothing to show


def test_auto_says_which_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--grid", "8x8", "--scheme", "auto", "--num-xcds", "8")
    assert code == 0
    assert "scheme=auto chose: grouped along M, group-size 2, no XCD step\n" in out
    assert "  options: --scheme triton --group-size 2 --group-style wave\n" in out
    assert "why: fewest modelled fetches among" in out and "384 vs 576 blocks for identity" in out


def test_svg_is_coloured_by_xcd(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "w.svg"
    code, out, _ = run(
        capsys,
        "--grid",
        "4x6",
        "--scheme",
        "wave",
        "--group-size",
        "2",
        "--num-xcds",
        "3",
        "--svg",
        str(path),
    )
    assert code == 0 and f"wrote {path}" in out
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    rects = root.findall(f"{ns}rect")[: 4 * 6]
    labels = [t.text for t in root.findall(f"{ns}text")]
    table = dispatch_table(resolve("wave", group_size=2, num_xcds=3), 4, 6)
    fills = {}
    for r, f in zip(rects, [f for row in table for f in row]):
        fills.setdefault(f % 3, set()).add(r.get("fill"))
        assert str(f) in labels
    assert (
        all(len(v) == 1 for v in fills.values())
        and len({next(iter(v)) for v in fills.values()}) == 3
    )
    assert any("XCD 2" == t for t in labels)


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["--grid", "8x0"], "--grid must be two sizes >= 1 (--grid NXxNY), got --grid 8x0"),
        (["--grid", "8x8x2"], "--grid must be two sizes >= 1 (--grid NXxNY), got --grid 8x8x2"),
        (["--grid", "axb"], "grid must look like 8x8"),
        (["--grid", "8x8", "--group-size", "0"], "error: --group-size must be >= 1, got 0"),
        (["--grid", "8x8", "--group-dim", "2"], "error: --group-dim must be 0 or 1, got 2"),
        (
            ["--grid", "8x8", "--scheme", "auto", "--group-size", "3", "--xcd-remap", "tail"],
            "error: --scheme auto chooses --group-size itself; give only --target, --num-xcds, "
            "--window, --k-blocks, --tile, --elem-bytes and --grid",
        ),
        (["--grid", "8x8", "--scheme", "auto", "--chunk", "2"], "auto chooses --chunk itself"),
        (["--grid", "8x8", "--window", "0"], "error: --window must be >= 1, got 0"),
        (["--grid", "8x8", "--scheme", "nope"], "invalid choice: 'nope'"),
        (["--grid", "8x8", "--svg", "/nonexistent/dir/x.svg"], "No such file or directory"),
    ],
)
def test_errors_exit_1_without_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1 and needle in err and "Traceback" not in err


def test_console_script() -> None:
    exe = shutil.which("wgdist-reorder", path=str(Path(sys.executable).parent))
    assert exe is not None
    r = subprocess.run(
        [exe, "--grid", "3x2", "--scheme", "row-major"], capture_output=True, text=True
    )
    assert r.returncode == 0 and "--scheme row-major" in r.stdout
    r = subprocess.run([exe, "--grid", "3"], capture_output=True, text=True)
    assert r.returncode == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "options",
    [
        {"scheme": "auto", "group_size": 3, "xcd_remap": "tail"},
        {"scheme": "auto", "group_dim": 1},
        {"scheme": "auto", "group_style": "triton"},
        {"group_size": 0},
        {"group_dim": 2},
        {"num_xcds": 0},
        {"chunk": 0, "xcd_remap": "chunked"},
        {"window": 0},
        {"k_blocks": -1},
        {"grid": (0, 4)},
        {"grid": (2**31, 1)},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_tool_and_pass_refuse_the_same(capsys: pytest.CaptureFixture[str], options: dict) -> None:
    """One validation: the same sentence, with options spelled as each front end writes them."""
    from wgdist.passes.reorder_workgroups import ReorderWorkgroupsPass

    with pytest.raises(ValueError) as e:
        ReorderWorkgroupsPass(**options)
    said_by_pass = str(e.value).removeprefix("reorder-workgroups: ")
    argv = ["--grid", "8x8"]
    for k, v in options.items():
        shown = "x".join(map(str, v)) if k == "grid" else str(v)
        argv += [f"--{k.replace('_', '-')}", shown]
    code, _, err = run(capsys, *argv)
    said_by_tool = err.strip().removeprefix("wgdist-reorder: error: ")
    assert code == 1

    def words(text: str) -> str:  # 'grid=8,8' and '--grid 8x8' read the same
        return re.sub(r"(?<=[\dX]),(?=[\dN])", "x", text.replace("--", "").replace("=", " "))

    assert words(said_by_tool) == words(said_by_pass), (said_by_tool, said_by_pass)
