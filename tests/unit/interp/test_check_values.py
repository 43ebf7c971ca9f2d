"""Value-level comparison: every distributed value against the part of its workgroup value the
subgroup owns, the first op whose value differs named with the subgroup and the element.

The distributed programs with planted bugs are wgdist-opt's output edited by hand (the
correspondence of ``--against`` pairs wgdist's own distribution with the file op by op)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wgdist
from wgdist.checker import check, check_all
from wgdist.ir.diagnostics import location_of
from wgdist.tools.wgdist_check import run as cli

L = "#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>"
TD = f"!xegpu.tensor_desc<64x64xf32, {L}>"


def kernel(body: str, params: str = "%a: memref<64x64xf32>, %b: memref<64x64xf32>") -> str:
    return (
        "gpu.module @m {\n"
        f"  gpu.func @k({params}) kernel {{\n"
        f"    %da = xegpu.create_nd_tdesc %a : memref<64x64xf32> -> {TD}\n"
        f"{body}"
        "    gpu.return\n"
        "  }\n"
        "}\n"
    )


def loc_of(text: str, needle: str) -> str:
    """``line:col`` of the op on the first line holding ``needle``: the column of its name, after
    any results (where wgdist and mlir-opt locate an op)."""
    number, line = next((i, line) for i, line in enumerate(text.splitlines(), 1) if needle in line)
    body = line.lstrip()
    name = body.split("= ", 1)[1] if body.startswith("%") else body
    return f"{number}:{line.index(name) + 1}"


def distributed(wg: str) -> str:
    return wgdist.print_module(wgdist.run_pipeline(wg, "xegpu-wg-to-sg-distribute"))


def swap_offsets(sg: str, nth: int) -> str:
    """The ``nth`` load_nd of ``sg`` reads the tile at its offsets swapped (row <-> column): a
    wrong tile offset for every subgroup off the diagonal."""
    loads = list(re.finditer(r"xegpu\.load_nd (%\w+)\[(%\w+), (%\w+)\]", sg))
    m = loads[nth]
    return sg[: m.start()] + f"xegpu.load_nd {m[1]}[{m[3]}, {m[2]}]" + sg[m.end():]


# %x is stored last; %t's sum is stored first and overwritten: memory cannot see %t.
OVERWRITTEN = kernel(
    f"    %db = xegpu.create_nd_tdesc %b : memref<64x64xf32> -> {TD}\n"
    f"    %x = xegpu.load_nd %da[0, 0] : {TD} -> vector<64x64xf32>\n"
    f"    %t = xegpu.load_nd %da[0, 0] : {TD} -> vector<64x64xf32>\n"
    f"    %y = arith.addf %t, %t {{layout_result_0 = {L}}} : vector<64x64xf32>\n"
    f"    xegpu.store_nd %y, %db[0, 0] : vector<64x64xf32>, {TD}\n"
    f"    xegpu.store_nd %x, %db[0, 0] : vector<64x64xf32>, {TD}\n"
)


def test_a_wrong_tile_offset_in_an_overwritten_value_is_named_at_its_op() -> None:
    sg = distributed(OVERWRITTEN)
    good = check(OVERWRITTEN, against=sg)
    assert good.ok and good.values > 0, good.report
    assert "values: 3 of the 3 distributed workgroup value(s) compared" in good.report
    r = check(OVERWRITTEN, against=swap_offsets(sg, 1), schedules=1)
    assert not r.ok
    assert set(r.comparison.counts) == {"op value"}, r.report  # memory agrees
    first = r.comparison.differences[0]
    load = loc_of(OVERWRITTEN, "%t = xegpu.load_nd")
    assert first.message.startswith(
        f"first op whose value differs: 'xegpu.load_nd' at <string>:{load} in subgroup 1 of workgroup "
        "(0, 0, 0): element [0, 32] of the workgroup value: workgroup mode "
    ), first.message
    assert "(its tile #0 at [0, 32], 1024 element(s) of it differ; subgroup op 'xegpu.load_nd'" in first.message
    # the sum computed from it differs too, reported after the load (its op ran later)
    add = loc_of(OVERWRITTEN, "arith.addf")
    assert any(f"'arith.addf' at <string>:{add}" in d.message for d in r.comparison.differences[1:])
    # subgroup 0 and 3 own tiles on the diagonal: their swapped offsets are the same
    assert {m for d in r.comparison.differences for m in re.findall(r"in subgroup (\d)", d.message)} == {"1", "2"}


SLM_ONLY = kernel(
    "    %slm = memref.alloc() : memref<16384xi8, 3>\n"
    "    %md = xegpu.create_mem_desc %slm : memref<16384xi8, 3> -> !xegpu.mem_desc<64x64xf32>\n"
    f"    %v = xegpu.load_nd %da[0, 0] : {TD} -> vector<64x64xf32>\n"
    f"    %s = arith.mulf %v, %v {{layout_result_0 = {L}}} : vector<64x64xf32>\n"
    f"    xegpu.store_matrix %s, %md[0, 0] <{{layout = {L}}}> : vector<64x64xf32>, !xegpu.mem_desc<64x64xf32>\n",
    params="%a: memref<64x64xf32>",
)


def test_a_wrong_tile_offset_of_a_result_living_in_slm_is_named_at_the_load() -> None:
    sg = distributed(SLM_ONLY)
    assert check(SLM_ONLY, against=sg).ok
    r = check(SLM_ONLY, against=swap_offsets(sg, 0), schedules=1)
    # (store_matrix bytes are not compared as SLM memory: only the values judge this kernel)
    assert not r.ok and set(r.comparison.counts) == {"op value"}, r.report
    load = loc_of(SLM_ONLY, "xegpu.load_nd")
    assert r.comparison.differences[0].message.startswith(
        f"first op whose value differs: 'xegpu.load_nd' at <string>:{load} in subgroup 1"
    ), r.report


REGISTERS_ONLY = kernel(
    f"    %v = xegpu.load_nd %da[0, 0] : {TD} -> vector<64x64xf32>\n"
    f"    %s = arith.mulf %v, %v {{layout_result_0 = {L}}} : vector<64x64xf32>\n"
    f"    %e = math.exp %s {{layout_result_0 = {L}}} : vector<64x64xf32>\n",
    params="%a: memref<64x64xf32>",
)


def test_a_kernel_that_stores_nothing_is_judged_by_its_values() -> None:
    r = check(REGISTERS_ONLY, "xegpu-wg-to-sg-distribute")
    assert r.ok and r.written == 0 and r.values == 3 * 3 * 64 * 64, r.report  # 3 values, 3 schedules
    assert r.report.endswith("agree: every distributed value matches (36864 element(s) compared; no memory written)")
    sg = distributed(REGISTERS_ONLY)
    wrong = sg.replace("math.exp", "math.exp2")  # not the same op: the ops no longer line up
    r = check(REGISTERS_ONLY, against=wrong)
    assert not r.ok and "NOTHING COMPARED" in r.report
    assert "its values are not compared, only memory" in r.report
    mul = re.search(r"(%\w+) = arith.mulf (%\w+), \2", sg)
    assert mul is not None
    exp = re.search(r"(%\w+) = math.exp (%\w+)", sg)
    assert exp is not None
    r = check(REGISTERS_ONLY, against=sg.replace(exp[0], f"{exp[1]} = math.exp {mul[2]}"), schedules=1)
    assert not r.ok
    assert r.comparison.differences[0].message.startswith(
        f"first op whose value differs: 'math.exp' at <string>:{loc_of(REGISTERS_ONLY, 'math.exp')} in subgroup 0"
    ), r.report


def test_the_pipeline_maps_every_distributed_value() -> None:
    r = check(OVERWRITTEN, "xegpu-wg-to-sg-distribute")
    assert r.ok and "values: 3 of the 3 distributed workgroup value(s) compared" in r.report


def test_a_reference_without_layouts_is_compared_in_memory_only() -> None:
    bare = OVERWRITTEN.replace(f", {L}", "").replace(f" {{layout_result_0 = {L}}}", "")
    assert "sg_layout" not in bare
    r = check(bare, against=distributed(OVERWRITTEN), subgroups=4)
    assert r.ok and r.values == 0 and "values:" not in r.report, r.report
    assert "note: values are not compared, only memory: no vector of the workgroup program has a workgroup layout" in r.report


def test_layouts_that_cannot_distribute_are_notes_under_against() -> None:
    bad = OVERWRITTEN.replace("sg_data = [32, 32]", "sg_data = [32, 24]")
    with pytest.raises(Exception, match="cannot distribute"):
        check(bad, "xegpu-wg-to-sg-distribute")
    r = check(bad, against=distributed(OVERWRITTEN))
    assert r.ok and r.values == 0, r.report
    line = loc_of(bad, "%db = xegpu.create_nd_tdesc")
    assert f"note: <string>:{line}: 'xegpu.create_nd_tdesc' result type !xegpu.tensor_desc" in r.report
    assert "its layout cannot distribute [64, 64]: dim 1: shape 64 is not a multiple of sg_data 24" in r.report
    assert "note: values are not compared, only memory: wgdist cannot distribute the workgroup program" in r.report
    assert len(r.notes) == len(set(r.notes))


def test_values_beyond_max_bytes_are_not_kept() -> None:
    r = check(REGISTERS_ONLY, "xegpu-wg-to-sg-distribute", max_bytes=64 * 64 * 4, schedules=1)
    assert r.ok and r.values == 64 * 64, r.report  # the load only: 16 KiB, the budget
    assert "note: 2 workgroup value(s) were not kept (over --max-bytes): their tiles were not compared" in r.report


def test_each_warning_is_printed_once(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    twice = OVERWRITTEN.replace(
        f"%x = xegpu.load_nd %da[0, 0] : {TD}", f"%x = xegpu.load_nd %da[0, 0] <{{transpose = array<i64: 1, 2>}}> : {TD}"
    )
    k = tmp_path / "k.mlir"
    k.write_text(twice)
    assert cli([str(k), "-p", "xegpu-wg-to-sg-distribute"]) == 0
    err = capfd.readouterr().err
    assert err.count("warning: 'xegpu.load_nd' op Invalid transpose attr. It is ignored.") == 1, err
    assert all(r.ok for r in check_all(twice, "xegpu-wg-to-sg-distribute"))


def test_help_describes_the_value_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "values: every distributed value (each result of a workgroup op with a layout) is compared" in out
    assert "the report names the first op whose value differs" in out
    assert "pointers and vectors: an integer parameter that is the source of an xegpu access" in out


def test_a_distribution_bug_is_named_at_the_op_in_pipeline_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted bug in the pass itself: the second load's tile offsets swapped (row <-> column)."""
    from wgdist.passes.distribute.ops import xegpu_nd

    real = xegpu_nd.tile_offsets
    second = loc_of(OVERWRITTEN, "%t = xegpu.load_nd")

    def planted(env, d, original, before):  # type: ignore[no-untyped-def]
        out = real(env, d, original, before)
        loc = location_of(before)
        return [o[::-1] for o in out] if loc is not None and loc.endswith(f":{second}") else out

    monkeypatch.setattr(xegpu_nd, "tile_offsets", planted)
    r = check(OVERWRITTEN, "xegpu-wg-to-sg-distribute", schedules=1)
    assert not r.ok and set(r.comparison.counts) == {"op value"}, r.report
    assert r.comparison.differences[0].message.startswith(
        f"first op whose value differs: 'xegpu.load_nd' at <string>:{second} in subgroup 1"
    ), r.report


def test_differences_of_a_value_that_ran_a_different_number_of_times_are_dropped() -> None:
    """A pass after the distribution that peels a loop runs a subgroup value once less than its
    workgroup op: its values no longer pair up, so their differences are not reported."""
    import numpy as np

    from wgdist.interp.compare import Comparison
    from wgdist.interp.value_check import TileEntry, ValueComparer, ValueTrace

    module = wgdist.parse(REGISTERS_ONLY)
    ops = [op for op in module.walk() if op.results and op.name != "xegpu.create_nd_tdesc"]
    wg_value, sg_value = ops[0].results[0], ops[1].results[0]
    entry = TileEntry(wg_value, (2, 2), (((0, 0),), ((0, 0),)), (2, 2), [sg_value])
    thread = type("Thread", (), {"wg_linear": 0, "sg": 1, "wg": (0, 0, 0)})()
    for ran_in_subgroup, differing, misaligned in ((2, 8, set()), (1, 0, {0})):
        trace = ValueTrace([entry], budget=1 << 20)
        for k in range(2):  # the workgroup op ran twice
            trace._record(0, thread, np.full((2, 2), k, np.float32))  # type: ignore[arg-type]
        comparer = ValueComparer([entry], trace)
        (probe,) = comparer.probes().values()
        for k in range(ran_in_subgroup):  # every value off by one: 4 elements differ each time
            probe(thread, np.full((2, 2), k + 1, np.float32))  # type: ignore[arg-type]
        out = Comparison()
        comparer.report(out)
        assert out.counts.get("op value", 0) == differing and comparer.misaligned == misaligned


# Each workgroup adds its row block of %a to its column block of %b: the values depend on both
# block ids, so a reordered workgroup's values are those of exactly one other workgroup.
BLOCKS = """
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%a: memref<64x16xf32>, %b: memref<16x64xf32>, %c: memref<64x64xf32>) kernel {
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %c16 = arith.constant 16 : index
    %r = arith.muli %bx, %c16 : index
    %s = arith.muli %by, %c16 : index
    %da = xegpu.create_nd_tdesc %a : memref<64x16xf32> -> !xegpu.tensor_desc<16x16xf32, #l>
    %db = xegpu.create_nd_tdesc %b : memref<16x64xf32> -> !xegpu.tensor_desc<16x16xf32, #l>
    %dc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32, #l>
    %x = xegpu.load_nd %da[%r, 0] : !xegpu.tensor_desc<16x16xf32, #l> -> vector<16x16xf32>
    %y = xegpu.load_nd %db[0, %s] : !xegpu.tensor_desc<16x16xf32, #l> -> vector<16x16xf32>
    %z = arith.addf %x, %y {layout_result_0 = #l} : vector<16x16xf32>
    xegpu.store_nd %z, %dc[%r, %s] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #l>
    gpu.return
  }
}
"""


def test_a_reordered_workgroup_is_compared_with_the_workgroup_whose_tiles_it_computes(monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline = "xegpu-wg-to-sg-distribute,reorder-workgroups{scheme=triton group-size=2 grid=4,4}"
    r = check(BLOCKS, pipeline, grid=(4, 4), schedules=1)
    assert r.ok and "values: 3 of the 3 distributed workgroup value(s) compared" in r.report, r.report
    assert re.search(r"note: \d+ workgroup\(s\) of the distributed program compute another workgroup's tiles", r.report)
    # wrong load offsets (row and column swapped) stay wrong under the reordering: the loaded
    # value equals no workgroup's
    from wgdist.passes.distribute.ops import xegpu_nd

    real = xegpu_nd.tile_offsets
    load = loc_of(BLOCKS, "%y = xegpu.load_nd")

    def planted(env, d, original, before):  # type: ignore[no-untyped-def]
        out = real(env, d, original, before)
        loc = location_of(before)
        return [[o[1], o[0]] for o in out] if loc is not None and loc.endswith(f":{load}") else out

    monkeypatch.setattr(xegpu_nd, "tile_offsets", planted)
    bad = check(BLOCKS, pipeline, grid=(4, 4), schedules=1)
    assert not bad.ok and bad.comparison.differences[0].message.startswith(
        f"first op whose value differs: 'xegpu.load_nd' at <string>:{load} in subgroup "
    ), bad.report


def test_memory_only_and_the_note_when_only_values_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bug = swap_offsets(distributed(OVERWRITTEN), 1)
    r = check(OVERWRITTEN, against=bug, schedules=1)
    assert "note: values differ although memory agrees: a wrong intermediate value, or a distributed program made from other layouts" in r.report
    quiet = check(OVERWRITTEN, against=bug, values=False)
    assert quiet.ok and quiet.values == 0 and "values" not in quiet.report.replace("values differ", ""), quiet.report
    wg, sg = tmp_path / "wg.mlir", tmp_path / "sg.mlir"
    wg.write_text(OVERWRITTEN)
    sg.write_text(bug)
    assert cli([str(wg), "--against", str(sg), "--schedules", "1"]) == 1
    assert cli([str(wg), "--against", str(sg), "--memory-only"]) == 0
    assert "agree: every buffer matches" in capsys.readouterr().out
