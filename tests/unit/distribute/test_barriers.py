"""The barrier analysis of xegpu-wg-to-sg-distribute (passes/distribute/barriers.py): a barrier
exactly where some element is touched by different subgroups in two accesses (one a write),
against brute force over the layout model's element ownership; the interpreter agrees with the
workgroup program on the result; aliasing it cannot decide is conservative."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.ir.diagnostics import capture_diagnostics
from wgdist.layout import Layout, distribution_errors, is_writer, owned

PIPE = "xegpu-wg-to-sg-distribute"
SHAPE = (32, 32)


def _layout_text(lay: Layout) -> str:
    assert lay.sg_layout is not None and lay.sg_data is not None
    order = "" if lay.order is None else f", order = [{lay.order[0]}, {lay.order[1]}]"
    return (
        f"#xegpu.layout<sg_layout = [{lay.sg_layout[0]}, {lay.sg_layout[1]}], "
        f"sg_data = [{lay.sg_data[0]}, {lay.sg_data[1]}]{order}>"
    )


def _store_then_load(a: Layout, b: Layout) -> str:
    s = "32x32xf32"
    return f"""
#a = {_layout_text(a)}
#b = {_layout_text(b)}
func.func @k(%m: memref<{s}>, %o: memref<{s}>) {{
  %ta = xegpu.create_nd_tdesc %m : memref<{s}> -> !xegpu.tensor_desc<{s}, #a>
  %v = xegpu.load_nd %ta[0, 0] <{{layout = #a}}> : !xegpu.tensor_desc<{s}, #a> -> vector<{s}>
  %w = arith.addf %v, %v {{layout_result_0 = #a}} : vector<{s}>
  xegpu.store_nd %w, %ta[0, 0] <{{layout = #a}}> : vector<{s}>, !xegpu.tensor_desc<{s}, #a>
  %tb = xegpu.create_nd_tdesc %m : memref<{s}> -> !xegpu.tensor_desc<{s}, #b>
  %x = xegpu.load_nd %tb[0, 0] <{{layout = #b}}> : !xegpu.tensor_desc<{s}, #b> -> vector<{s}>
  %to = xegpu.create_nd_tdesc %o : memref<{s}> -> !xegpu.tensor_desc<{s}, #b>
  xegpu.store_nd %x, %to[0, 0] <{{layout = #b}}> : vector<{s}>, !xegpu.tensor_desc<{s}, #b>
  return
}}"""


def _accessors(lay: Layout, write: bool) -> dict[tuple[int, ...], set[int]]:
    """Brute force over every element: the subgroups that touch it (a store: one writer per
    shared tile)."""
    out: dict[tuple[int, ...], set[int]] = {}
    for s in range(lay.num_subgroups):
        if write and not is_writer(SHAPE, lay, s):
            continue
        for e in owned(SHAPE, lay, s):
            out.setdefault(e, set()).add(s)
    return out


def _conflict(first: dict[tuple[int, ...], set[int]], second: dict[tuple[int, ...], set[int]]) -> bool:
    return any(len(first[e] | second[e]) > 1 for e in first.keys() & second.keys())


def _expected_barriers(a: Layout, b: Layout) -> int:
    """load under a, store under a (WAR when a shares data), then load under b (RAW)."""
    load_a, store_a, load_b = _accessors(a, False), _accessors(a, True), _accessors(b, False)
    return int(_conflict(load_a, store_a)) + int(_conflict(store_a, load_b))


@st.composite
def _layouts(draw: st.DrawFn) -> Layout:
    lay, data = [], []
    for n in SHAPE:
        L = draw(st.sampled_from([1, 2, 4]))
        d = draw(st.sampled_from([x for x in (4, 8, 16, 32) if n % x == 0 and ((n // x) % L == 0 or L % (n // x) == 0)]))
        lay.append(L)
        data.append(d)
    order = draw(st.sampled_from([None, (0, 1)]))
    return Layout(tuple(lay), tuple(data), order=order)


def _barriers(text: str) -> tuple[int, list[str]]:
    notes: list[str] = []
    with capture_diagnostics(lambda d: notes.append(d.message)):
        out = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    return out.count("gpu.barrier"), notes


@settings(max_examples=25, deadline=None)
@given(_layouts(), _layouts())
def test_store_then_load_barrier_iff_brute_force(a: Layout, b: Layout) -> None:
    if a.num_subgroups != b.num_subgroups:
        b = Layout(a.sg_layout, tuple(n // L for n, L in zip(SHAPE, a.sg_layout or ())), order=b.order)
    assert not distribution_errors(SHAPE, a) and not distribution_errors(SHAPE, b)
    text = _store_then_load(a, b)
    count, notes = _barriers(text)
    want = _expected_barriers(a, b)
    assert count == want, (a, b, notes)
    assert len(notes) == count
    if want and _conflict(_accessors(a, True), _accessors(b, False)):
        assert "read-after-write between subgroups after 'xegpu.store_nd'" in notes[-1]
    assert wgdist.check(text, PIPE).ok


def test_missing_barrier_is_caught_by_the_checker() -> None:
    """The kernel needs its barrier: without it the distributed program disagrees."""
    a, b = Layout((4, 2), (8, 16)), Layout((2, 4), (16, 8))
    text = _store_then_load(a, b)
    sg = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    assert sg.count("gpu.barrier") == 1
    assert wgdist.check(text, PIPE).ok
    broken = sg.replace("gpu.barrier\n", "")
    assert not wgdist.check(text, against=broken).ok


POINTER = """
#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16]>
func.func @k(%p: i64, %q: i64) {
  %c32 = arith.constant 32 : index
  %c1 = arith.constant 1 : index
  %t = xegpu.create_nd_tdesc %p, shape : [%c32, %c32], strides : [%c32, %c1] : i64 -> !xegpu.tensor_desc<32x32xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<32x32xf32, #a> -> vector<32x32xf32>
  %u = xegpu.create_nd_tdesc %q, shape : [%c32, %c32], strides : [%c32, %c1] : i64 -> !xegpu.tensor_desc<32x32xf32, #a>
  xegpu.store_nd %v, %u[0, 0] <{layout = #a}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #a>
  %p2 = arith.addi %p, %p : i64
  %w = xegpu.create_nd_tdesc %p2, shape : [%c32, %c32], strides : [%c32, %c1] : i64 -> !xegpu.tensor_desc<32x32xf32, #a>
  xegpu.store_nd %v, %w[0, 0] <{layout = #a}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #a>
  return
}"""


def test_unknown_address_is_conservative_distinct_arguments_are_not() -> None:
    """Distinct kernel arguments are distinct buffers (no barrier before the store to %q); a
    computed address may alias anything (a barrier before the store to %p + %p)."""
    count, notes = _barriers(POINTER)
    assert count == 1
    assert "origin is unknown" in notes[0] and "write-after-read" in notes[0]


RANGE = """
#h = #xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16]>
#g = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 8]>
func.func @k(%b: memref<16x16xf32>) {
  %sg = gpu.subgroup_id : index
  %c4 = arith.constant 4 : index
  %cond = arith.cmpi uge, %sg, %c4 : index
  scf.if %cond {
    %tb = xegpu.create_nd_tdesc %b : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #h>
    %w = xegpu.load_nd %tb[0, 0] <{layout = #h}> : !xegpu.tensor_desc<16x16xf32, #h> -> vector<16x16xf32>
    %tg = xegpu.create_nd_tdesc %b : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #g>
    %c = arith.constant {layout_result_0 = #g} dense<1.0> : vector<16x16xf32>
    xegpu.store_nd %c, %tg[0, 0] <{layout = #g}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #g>
  } {sg_id_range = #xegpu.range<[4, 8]>}
  func.return
}"""


def test_dependence_inside_sg_id_range_is_a_warning() -> None:
    """No gpu.barrier can go inside an sg_id_range region (the other subgroups never arrive):
    the pass warns, naming both ops, and inserts none."""
    count, notes = _barriers(RANGE)
    assert count == 0
    assert len(notes) == 1 and "inside one scf.if with sg_id_range" in notes[0] and "write-after-read" in notes[0]


def test_barrier_before_an_sg_id_range_region() -> None:
    """A store before the region and a load inside it under another layout: the barrier goes
    before the scf.if, not inside it."""
    text = RANGE.replace(
        "  %sg = gpu.subgroup_id : index",
        """  %t0 = xegpu.create_nd_tdesc %b : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #g>
  %c0v = arith.constant {layout_result_0 = #g} dense<2.0> : vector<16x16xf32>
  xegpu.store_nd %c0v, %t0[0, 0] <{layout = #g}> : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32, #g>
  %sg = gpu.subgroup_id : index""",
    ).replace("sg_id_range = #xegpu.range<[4, 8]>", "sg_id_range = #xegpu.range<[0, 4]>").replace("uge", "ult")
    out = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    lines = [ln.strip() for ln in out.splitlines()]
    assert lines.count("gpu.barrier") == 1
    i = lines.index("gpu.barrier")
    assert lines[i + 1].startswith("scf.if"), lines[i + 1]
    region = lines[i + 1 : lines.index("}", i + 1)]
    assert any("xegpu.load_nd" in ln for ln in region), region  # the sg_id_range scf.if


@pytest.mark.parametrize("same", [True, False])
def test_loop_carried(same: bool) -> None:
    """A load at the top of a loop body after a store at the bottom: a barrier at the top of the
    body only when the layouts differ."""
    a = "#xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16]>"
    b = a if same else "#xegpu.layout<sg_layout = [2, 4], sg_data = [16, 8]>"
    text = f"""
#a = {a}
#b = {b}
func.func @k(%m: memref<32x32xf32>, %o: memref<32x32xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %ta = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #a>
  %tb = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #b>
  %to = xegpu.create_nd_tdesc %o : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, #b>
  scf.for %i = %c0 to %c3 step %c1 {{
    %x = xegpu.load_nd %tb[0, 0] <{{layout = #b}}> : !xegpu.tensor_desc<32x32xf32, #b> -> vector<32x32xf32>
    %y = arith.addf %x, %x {{layout_result_0 = #b}} : vector<32x32xf32>
    xegpu.store_nd %y, %to[0, 0] <{{layout = #b}}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #b>
    %c = arith.constant {{layout_result_0 = #a}} dense<1.0> : vector<32x32xf32>
    %v = xegpu.load_nd %ta[0, 0] <{{layout = #a}}> : !xegpu.tensor_desc<32x32xf32, #a> -> vector<32x32xf32>
    %z = arith.addf %v, %c {{layout_result_0 = #a}} : vector<32x32xf32>
    xegpu.store_nd %z, %ta[0, 0] <{{layout = #a}}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32, #a>
  }}
  return
}}"""
    count, notes = _barriers(text)
    out = wgdist.print_module(wgdist.run_pipeline(text, PIPE))
    body = out[out.index("scf.for"):]
    assert count == (0 if same else 2)
    if not same:
        assert body.splitlines()[1].strip() == "gpu.barrier"
        assert any("across loop iterations" in n for n in notes)
    assert wgdist.check(text, PIPE).ok


UNDISTRIBUTED = """
#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32]>
func.func @k(%m: memref<64x64xf32>, %o: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %t = xegpu.create_nd_tdesc %m : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<64x64xf32, #a> -> vector<64x64xf32>
  %q = xegpu.create_nd_tdesc %o : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #a>
  xegpu.store_nd %v, %q[0, 0] <{layout = #a}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #a>
  %f = arith.constant 7.0 : f32
  memref.store %f, %m[%c5, %c0] : memref<64x64xf32>
  %g = memref.load %o[%c5, %c0] : memref<64x64xf32>
  return
}"""


def test_undistributed_memory_ops_are_conservative() -> None:
    """memref.store after a distributed load of the same buffer (every subgroup runs it): a
    barrier before it (which also orders the memref.load of %o after the distributed store).
    Storing to %o instead: write-after-write. Ops on a buffer no distributed op touches: none."""
    count, notes = _barriers(UNDISTRIBUTED)
    assert count == 1
    assert "write-after-read" in notes[0] and "does not distribute" in notes[0]
    count, notes = _barriers(UNDISTRIBUTED.replace("memref.load %o", "memref.load %m").replace("memref.store %f, %m", "memref.store %f, %o"))
    assert count == 1 and "write-after-write" in notes[0]
    alone = UNDISTRIBUTED.replace("%o: memref<64x64xf32>)", "%o: memref<64x64xf32>, %s: memref<64x64xf32>)")
    count, _ = _barriers(alone.replace("memref.store %f, %m", "memref.store %f, %s").replace("memref.load %o", "memref.load %s"))
    assert count == 0
