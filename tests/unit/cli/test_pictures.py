"""``wgdist-layout``'s table and picture, and ``wgdist-reorder --svg`` sized to its text."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.layout import Layout, owned
from wgdist.tools.wgdist_layout import colour, ownership, svg, table

TOOL = Path(sys.executable).with_name("wgdist-layout")
RFC = "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>"


def _owners(layout: str, shape: tuple[int, ...]) -> dict[str, list[int]]:
    own = ownership(layout, shape)
    return {
        ", ".join(f"{s}:{s + t - 1}" for s, t in zip(start, own.tile)): [h.sg_id for h in held]
        for start, held in own.holders.items()
    }


@pytest.mark.parametrize(
    ("order", "expected"),
    [("", [[0, 1], [2, 3], [0, 1], [2, 3]]), (", order = [0, 1]", [[0, 2], [1, 3], [0, 2], [1, 3]])],
)
def test_rfc_table(order: str, expected: list[list[int]]) -> None:
    """layouts-spec 1.6: the seed RFC's 128x128 table over [2, 2] x [32, 128], both orders."""
    owners = _owners(f"#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]{order}>", (128, 128))
    assert list(owners) == ["0:31, 0:127", "32:63, 0:127", "64:95, 0:127", "96:127, 0:127"]
    assert list(owners.values()) == expected


def test_table_text_names_rounds_coordinates_and_writer() -> None:
    text = table(ownership(RFC, (128, 128)))
    assert "4 subgroups, grid [2, 2], order [1, 0]; tile 32x128; rounds of wrap per dim [2, 1]" in text
    assert "[64:95, 0:127]   0* (0,0) r1, 1 (0,1) r1" in text
    assert "subgroup 3 (1,1): [32:63, 0:127] [96:127, 0:127]" in text


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([1, 2, 4]),
    st.sampled_from([1, 2, 4]),
    st.sampled_from([4, 8]),
    st.sampled_from([4, 8]),
    st.sampled_from([1, 2, 4]),
    st.sampled_from([1, 2, 4]),
    st.booleans(),
)
def test_holders_are_what_each_subgroup_owns(
    l0: int, l1: int, d0: int, d1: int, k0: int, k1: int, col_major: bool
) -> None:
    """Brute force: the elements of the tiles listed for a subgroup are exactly what it owns."""
    shape = (d0 * k0, d1 * k1)
    order = ", order = [0, 1]" if col_major else ""
    text = f"#xegpu.layout<sg_layout = [{l0}, {l1}], sg_data = [{d0}, {d1}]{order}>"
    own = ownership(text, shape)
    model = Layout(sg_layout=(l0, l1), sg_data=(d0, d1), order=(0, 1) if col_major else None)
    for sg in range(l0 * l1):
        listed = {
            (start[0] + i, start[1] + j)
            for start, held in own.holders.items()
            if any(h.sg_id == sg for h in held)
            for i in range(own.tile[0])
            for j in range(own.tile[1])
        }
        assert listed == owned(shape, model, sg)
        rounds = sorted(h.round for held in own.holders.values() for h in held if h.sg_id == sg)
        assert rounds == list(range(len(rounds)))


def test_svg_colours_each_tile_by_its_holders_and_fits_its_text() -> None:
    own = ownership(RFC, (128, 128))
    root = ET.fromstring(svg(own))
    ns = "{http://www.w3.org/2000/svg}"
    width = float(root.attrib["width"])
    title = root.find(f"{ns}text")
    assert title is not None and title.text is not None
    assert width >= len(title.text) * 7.0
    fills = [r.attrib["fill"] for r in root.iter(f"{ns}rect") if r.attrib.get("fill") not in ("none", "white")]
    # 4 tiles, each in 2 stripes (shared by 2 subgroups), then a legend swatch per subgroup
    assert fills[:8] == [colour(0), colour(1), colour(2), colour(3), colour(0), colour(1), colour(2), colour(3)]
    assert fills[8:] == [colour(sg) for sg in range(4)]
    assert len({colour(sg) for sg in range(32)}) == 32


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOOL), *args], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_tool_writes_table_and_svg(tmp_path: Path) -> None:
    proc = _run(RFC, "--shape", "128x128", "--svg", "o.svg", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "[0:31, 0:127]    0* (0,0) r0, 1 (0,1) r0" in proc.stdout
    assert ET.parse(tmp_path / "o.svg").getroot().tag.endswith("svg")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((RFC, "--shape", "100x128"), "wgdist-layout: error: "),
        (("#xegpu.layout<sg_layout = [2, 2]", "--shape", "128x128"), "<layout>:1:"),
        (("#xegpu.range<[0, 4]>", "--shape", "8"), "expected an #xegpu.layout or #xegpu.slice"),
        ((RFC, "--shape", "128xa"), "--shape: expected dimensions like 128x128"),
        (("#xegpu.layout<sg_layout = [2, 2, 2], sg_data = [4, 4, 4]>", "--shape", "8x8x8", "--svg", "o.svg"),
         "--svg draws 1-D and 2-D shapes"),
    ],
)  # fmt: skip
def test_tool_user_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    proc = _run(*args, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_reorder_svg_is_as_wide_as_its_title_and_footer(tmp_path: Path) -> None:
    tool = Path(sys.executable).with_name("wgdist-reorder")
    proc = subprocess.run(
        [str(tool), "--grid", "8x8", "--num-xcds", "8", "--svg", "r.svg"], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(tmp_path / "r.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t for t in root.iter(f"{ns}text") if t.attrib.get("x") == "8" and t.text]
    width = float(root.attrib["width"])
    for t in texts:
        size = float(t.attrib.get("font-size", "12"))
        assert 8 + len(t.text or "") * 0.6 * size <= width, (t.text, width)


KERNEL = """\
func.func @k(%m: memref<128x128xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<128x128xf32> -> !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>>
  %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]>> -> vector<128x128xf32>
  %e = math.exp %v {layout_result_0 = #xegpu.layout<sg_layout = [4, 1], sg_data = [32, 128]>} : vector<128x128xf32>
  func.return
}
"""


@pytest.mark.parametrize(
    ("value", "first_line"),
    [
        ("t", "%t: #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 128]> on 128x128"),
        ("%e", "%e: #xegpu.layout<sg_layout = [4, 1], sg_data = [32, 128]> on 128x128"),
    ],
)
def test_tool_reads_a_kernel_value(tmp_path: Path, value: str, first_line: str) -> None:
    """--kernel/--value: the layout where LLVM 22 keeps it (the descriptor type, layout_result_0)."""
    (tmp_path / "k.mlir").write_text(KERNEL)
    proc = _run("--kernel", "k.mlir", "--value", value, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == first_line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--value", "v"), "k.mlir: %v has no layout (give -p xegpu-propagate-layout"),
        (("--value", "nope"), "k.mlir: no value named %nope"),
        (("--value", "m"), "k.mlir: %m has no layout"),
        ((), "--kernel takes --value"),
    ],
)
def test_tool_kernel_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    (tmp_path / "k.mlir").write_text(KERNEL)
    proc = _run("--kernel", "k.mlir", *args, cwd=tmp_path)
    assert proc.returncode == 1 and message in proc.stderr, proc.stderr
