"""The shared-local-memory exchanges of xegpu-wg-to-sg-distribute: the writer predicate
against brute force, buffer sizes from the layout model, and the diagnostics."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist import run_pipeline
from wgdist.diagnostics import OpError
from wgdist.layout import Layout, SliceLayout, distribution_errors, tiles
from wgdist.passes.distribute.common import Dist
from wgdist.passes.distribute.slm import writer_dims, writes
from wgdist.passes.distribute.slm_reduce import Table


@st.composite
def dists(draw: st.DrawFn) -> Dist:
    rank = draw(st.integers(1, 3))
    shape, lay, data = [], [], []
    for _ in range(rank):
        n = draw(st.sampled_from([4, 8, 16]))
        L = draw(st.sampled_from([1, 2, 4]))
        d = draw(st.sampled_from([x for x in (1, 2, 4, 8, 16) if n % x == 0 and ((n // x) % L == 0 or L % (n // x) == 0)]))
        shape.append(n)
        lay.append(L)
        data.append(d)
    order = draw(st.permutations(range(rank)))
    root = Layout(tuple(lay), tuple(data), order=tuple(order))
    if rank > 1 and draw(st.booleans()):
        dim = draw(st.integers(0, rank - 1))
        sl = SliceLayout(root, (dim,))
        shape.pop(dim)
        return Dist(tuple(shape), sl)
    assert not distribution_errors(shape, root)
    return Dist(tuple(shape), root)


@settings(max_examples=300, deadline=None)
@given(dists())
def test_writer_predicate_picks_one_owner_per_tile(d: Dist) -> None:
    owners: dict[tuple[int, ...], list[int]] = {}
    for s in range(d.num_subgroups):
        for t in tiles(d.shape, d.layout, s):
            owners.setdefault(t, []).append(s)
    written: dict[tuple[int, ...], int] = {}
    for s in range(d.num_subgroups):
        if writes(d, s):
            for t in tiles(d.shape, d.layout, s):
                written[t] = written.get(t, 0) + 1
    assert written == {t: 1 for t in owners}
    # no predicate exactly when every tile has one owner
    assert (writer_dims(d) == []) == all(len(o) == 1 for o in owners.values())


@settings(max_examples=200, deadline=None)
@given(dists(), st.data())
def test_reduction_table_rows_are_a_bijection_on_blocks(d: Dist, data: st.DataObject) -> None:
    dims = tuple(sorted(data.draw(st.sets(st.integers(0, len(d.shape) - 1), min_size=1))))
    t = Table(d, dims)
    blocks = {tuple(st_) for s in range(d.num_subgroups) for st_ in tiles(d.shape, d.layout, s)}
    rows = {t.row(b) for b in blocks}
    assert len(rows) == len(blocks) == t.nq * t.nb
    assert rows == set(range(t.nq * t.nb))


def _reduce_kernel(lay: str, res: str, extra: str = "") -> str:
    return f"""func.func @k(%m: memref<256x128xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<256x128xf32> -> !xegpu.tensor_desc<256x128xf32, {lay}>
  %v = xegpu.load_nd %t[0, 0] <{{layout = {lay}}}> : !xegpu.tensor_desc<256x128xf32, {lay}> -> vector<256x128xf32>
  %z = arith.constant {{layout_result_0 = {res}}} dense<0.0> : vector<256xf32>
  %r = vector.multi_reduction <add>, %v, %z {{layout_result_0 = {res}}} [1] : vector<256x128xf32> to vector<256xf32>
  {extra}
  func.return
}}
"""


def test_slm_size_and_guard_follow_the_model() -> None:
    lay = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64]>"
    res = f"#xegpu.slice<{lay}, dims = [1]>"
    out = str(run_pipeline(_reduce_kernel(lay, res), "xegpu-wg-to-sg-distribute"))
    # 8 row blocks x 2 column blocks of 32 partial sums, f32: 16 x 32 x 4 bytes
    assert "memref<2048xi8, 3 : i64>" in out and "!xegpu.mem_desc<16x32xf32>" in out
    # the column coordinate shares (4 subgroups, 2 blocks): only coordinates 0 and 1 write
    assert re.search(r"arith.cmpi ult, %\d+, %c2 : index", out)
    assert out.count("scf.if") == 1 and out.count("gpu.barrier") == 1
    assert "vector<2x32xf32>" in out  # each result tile reads its 2 partial rows


def test_no_guard_without_sharing() -> None:
    lay = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>"
    out = str(run_pipeline(_reduce_kernel(lay, f"#xegpu.slice<{lay}, dims = [1]>"), "xegpu-wg-to-sg-distribute"))
    assert "scf.if" not in out and "arith.cmpi" not in out
    assert out.count("xegpu.store_matrix") == 1 and out.count("xegpu.load_matrix") == 1


def test_local_reduction_uses_no_slm() -> None:
    lay = "#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>"
    out = str(run_pipeline(_reduce_kernel(lay, f"#xegpu.slice<{lay}, dims = [1]>"), "xegpu-wg-to-sg-distribute"))
    assert "memref.alloca" not in out and "gpu.barrier" not in out


def test_cross_subgroup_reduction_result_tile_must_match() -> None:
    lay = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>"
    res = "#xegpu.layout<sg_layout = [32], sg_data = [8]>"
    with pytest.raises(OpError, match=r"'vector.multi_reduction' op the reduction crosses subgroups .* result tile \[8\]"):
        run_pipeline(_reduce_kernel(lay, res), "xegpu-wg-to-sg-distribute")


def test_exchange_inside_sg_id_range_is_rejected() -> None:
    lay = "#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>"
    res = f"#xegpu.slice<{lay}, dims = [1]>"
    src = f"""func.func @k(%m: memref<32x32xf32>, %c: i1) {{
  scf.if %c {{
    %t = xegpu.create_nd_tdesc %m : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32, {lay}>
    %v = xegpu.load_nd %t[0, 0] <{{layout = {lay}}}> : !xegpu.tensor_desc<32x32xf32, {lay}> -> vector<32x32xf32>
    %z = arith.constant {{layout_result_0 = {res}}} dense<0.0> : vector<32xf32>
    %r = vector.multi_reduction <add>, %v, %z {{layout_result_0 = {res}}} [1] : vector<32x32xf32> to vector<32xf32>
    scf.yield
  }} {{sg_id_range = #xegpu.range<[0, 4]>}}
  func.return
}}
"""
    with pytest.raises(OpError, match="'vector.multi_reduction' op moves data between subgroups .* sg_id_range"):
        run_pipeline(src, "xegpu-wg-to-sg-distribute")


def test_convert_of_a_rank_3_value_is_rejected_before_any_change() -> None:
    a = "#xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]>"
    b = "#xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]>"
    src = f"""func.func @k() {{
  %v = arith.constant {{layout_result_0 = {a}}} dense<1.0> : vector<4x8x8xf32>
  %c = xegpu.convert_layout %v <{{input_layout = {a}, target_layout = {b}}}> : vector<4x8x8xf32>
  %w = arith.addf %c, %c {{layout_result_0 = {b}}} : vector<4x8x8xf32>
  func.return
}}
"""
    from wgdist import parse

    module = parse(src)
    before = str(module)
    with pytest.raises(OpError, match=r"'xegpu.convert_layout' op converting .* only rank 1 and 2 values .* \(rank 3\)"):
        run_pipeline(module, "xegpu-wg-to-sg-distribute")
    assert str(module) == before
