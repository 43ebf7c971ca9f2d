"""The shared-local-memory exchanges of xegpu-wg-to-sg-distribute: the writer predicate
against brute force, buffer sizes from the layout model, and the diagnostics."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wgdist
from wgdist import run_pipeline
from wgdist.ir.diagnostics import OpError
from wgdist.layout import Layout, SliceLayout, distribution_errors, is_writer, tiles, writer_dims
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.ops.vector_reduction import Table


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
        if is_writer(d.shape, d.layout, s):
            for t in tiles(d.shape, d.layout, s):
                written[t] = written.get(t, 0) + 1
    assert written == {t: 1 for t in owners}
    # no predicate exactly when every tile has one owner
    assert (writer_dims(d.shape, d.layout) == []) == all(len(o) == 1 for o in owners.values())


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
    # the 32 partial sums of the one source tile: two 1x16 lane blocks, then one load
    assert out.count("xegpu.store_matrix") == 2 and out.count("xegpu.load_matrix") == 1


def test_local_reduction_uses_no_slm() -> None:
    lay = "#xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>"
    out = str(run_pipeline(_reduce_kernel(lay, f"#xegpu.slice<{lay}, dims = [1]>"), "xegpu-wg-to-sg-distribute"))
    assert "memref.get_global" not in out and "gpu.barrier" not in out


def test_cross_subgroup_reduction_into_another_tile_is_moved() -> None:
    """A reduction across subgroups whose result tile ([32]/[8]) is not the source's tile on the
    kept dims ([8, 4]/[32, 32] keeps 32) was refused; it is now reduced into the slice of the
    source layout, then moved to the result's split through SLM, and computes what the
    workgroup program computes."""
    lay = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32]>"
    res = "#xegpu.layout<sg_layout = [32], sg_data = [8]>"
    store = (
        f"%o = xegpu.create_nd_tdesc %m2 : memref<256xf32> -> !xegpu.tensor_desc<256xf32, {res}>\n"
        f"  xegpu.store_nd %r, %o[0] <{{layout = {res}}}> : vector<256xf32>, !xegpu.tensor_desc<256xf32, {res}>"
    )
    src = _reduce_kernel(lay, res, store).replace("%m: memref<256x128xf32>)", "%m: memref<256x128xf32>, %m2: memref<256xf32>)")
    out = str(run_pipeline(src, "xegpu-wg-to-sg-distribute"))
    assert "vector<256" not in out.split("func.func")[1].split("{", 1)[1]  # nothing left at WG size
    # two exchanges: the partial sums, then the reduced 32-element tiles to the 8-element ones
    assert out.count("xegpu.store_matrix") >= 2 and out.count("gpu.barrier") >= 2
    r = wgdist.check(src, "xegpu-wg-to-sg-distribute", seed=1)
    assert r.ok, r.report
    assert r.written == 256 and r.subgroups == 32


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


def _fmt(v) -> str:  # type: ignore[no-untyped-def]
    return "[" + ", ".join(str(x) for x in v) + "]"


def _lay(lay: Layout) -> str:
    assert lay.sg_layout is not None and lay.sg_data is not None
    order = f", order = {_fmt(lay.order)}" if lay.order is not None else ""
    return f"#xegpu.layout<sg_layout = {_fmt(lay.sg_layout)}, sg_data = {_fmt(lay.sg_data)}{order}>"


def convert_3d_kernel(shape: tuple[int, int, int], a: Layout, b: Layout, s: int) -> str:
    """Load ``shape`` as 2-D rows split over ``s`` subgroups, view it as 3-D, convert to ``a``,
    then to ``b``, back and store: two rank-3 exchanges through SLM."""
    n0, n1, n2 = shape
    plain2 = f"#xegpu.layout<sg_layout = [{s}, 1], sg_data = [{n0 // s}, {n1 * n2}]>"
    plain3 = f"#xegpu.layout<sg_layout = [{s}, 1, 1], sg_data = [{n0 // s}, {n1}, {n2}]>"
    v2 = f"vector<{n0}x{n1 * n2}xf32>"
    v3 = f"vector<{n0}x{n1}x{n2}xf32>"
    td = f"!xegpu.tensor_desc<{n0}x{n1 * n2}xf32, {plain2}>"
    la, lb = _lay(a), _lay(b)
    return f"""func.func @k(%m: memref<{n0}x{n1 * n2}xf32>, %o: memref<{n0}x{n1 * n2}xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<{n0}x{n1 * n2}xf32> -> {td}
  %v = xegpu.load_nd %t[0, 0] <{{layout = {plain2}}}> : {td} -> {v2}
  %v3 = vector.shape_cast %v {{layout_result_0 = {plain3}}} : {v2} to {v3}
  %a = xegpu.convert_layout %v3 <{{input_layout = {plain3}, target_layout = {la}}}> : {v3}
  %e = math.exp %a {{layout_result_0 = {la}}} : {v3}
  %b = xegpu.convert_layout %e <{{input_layout = {la}, target_layout = {lb}}}> : {v3}
  %c = xegpu.convert_layout %b <{{input_layout = {lb}, target_layout = {plain3}}}> : {v3}
  %w = vector.shape_cast %c {{layout_result_0 = {plain2}}} : {v3} to {v2}
  %u = xegpu.create_nd_tdesc %o : memref<{n0}x{n1 * n2}xf32> -> {td}
  xegpu.store_nd %w, %u[0, 0] <{{layout = {plain2}}}> : {v2}, {td}
  func.return
}}
"""


@st.composite
def layouts_3d(draw: st.DrawFn, shape: tuple[int, ...], s: int) -> Layout:
    """A valid 3-D layout of ``shape`` over ``s`` subgroups (wrap, exact or sharing per dim)."""
    lay = draw(st.sampled_from([ls for ls in ((1, 1, s), (1, s, 1), (s, 1, 1), (2, s // 2, 1), (1, 2, s // 2), (2, 1, s // 2), (s // 2, 1, 2)) if min(ls) >= 1]))
    data = []
    for n, L in zip(shape, lay):
        ok = [d for d in (1, 2, 4, 8) if n % d == 0 and ((n // d) % L == 0 or L % (n // d) == 0)]
        data.append(draw(st.sampled_from(ok)))
    order = draw(st.none() | st.permutations(range(3)))
    return Layout(lay, tuple(data), order=None if order is None else tuple(order))


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_rank_3_convert_layout_agrees_with_the_workgroup_program(data: st.DataObject) -> None:
    """convert_layout of rank-3 values through SLM (was: 'only rank 1 and 2 values are
    exchanged'), order changes included, checked against the workgroup program."""
    from wgdist import check

    s = data.draw(st.sampled_from([4, 8]))
    shape = (8, data.draw(st.sampled_from([4, 8])), data.draw(st.sampled_from([4, 8])))
    a = data.draw(layouts_3d(shape, s))
    b = data.draw(layouts_3d(shape, s))
    r = check(convert_3d_kernel(shape, a, b, s), "xegpu-wg-to-sg-distribute")
    assert r.ok, r.report


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the audit's case: [2, 2, 1]/[2, 4, 8] -> [1, 2, 2]/[4, 4, 4] on 4x8x8
        (Layout((2, 2, 1), (2, 4, 8)), Layout((1, 2, 2), (4, 4, 4))),
        # only the order changes
        (Layout((2, 2, 1), (4, 4, 8), order=(2, 1, 0)), Layout((2, 2, 1), (4, 4, 8), order=(1, 0, 2))),
        (Layout((1, 2, 2), (8, 4, 4), order=(2, 1, 0)), Layout((1, 2, 2), (8, 4, 4), order=(1, 2, 0))),
        # wrap on dim 0, sharing on dim 2
        (Layout((2, 1, 2), (2, 8, 8)), Layout((4, 1, 1), (2, 8, 8))),
    ],
)
def test_rank_3_convert_layout_cases(a: Layout, b: Layout) -> None:
    from wgdist import check

    shape = (8, 8, 8)
    src = convert_3d_kernel(shape, a, b, 4)
    out = str(run_pipeline(src, "xegpu-wg-to-sg-distribute"))
    assert "!xegpu.mem_desc<64x8xf32>" in out  # 8x8x8 flattened: 64 rows of 8
    r = check(src, "xegpu-wg-to-sg-distribute")
    assert r.ok, r.report


def test_convert_of_sub_byte_elements_is_rejected_before_any_change() -> None:
    a = "#xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 4, 8]>"
    b = "#xegpu.layout<sg_layout = [1, 2, 2], sg_data = [4, 4, 4]>"
    src = f"""func.func @k() {{
  %v = vector.constant_mask [2, 8, 8] {{layout_result_0 = {a}}} : vector<4x8x8xi1>
  %c = xegpu.convert_layout %v <{{input_layout = {a}, target_layout = {b}}}> : vector<4x8x8xi1>
  %w = arith.andi %c, %c {{layout_result_0 = {b}}} : vector<4x8x8xi1>
  func.return
}}
"""
    from wgdist import parse

    module = parse(src)
    before = str(module)
    with pytest.raises(OpError, match=r"'xegpu.convert_layout' op cannot exchange i1 elements through shared local memory"):
        run_pipeline(module, "xegpu-wg-to-sg-distribute")
    assert str(module) == before


BIG_CONVERT = """
#a = #xegpu.layout<sg_layout = [4, 2], sg_data = [64, 128]>
#b = #xegpu.layout<sg_layout = [2, 4], sg_data = [128, 64]>
func.func @k(%m: memref<256x256xf32>) {
  %t = xegpu.create_nd_tdesc %m : memref<256x256xf32> -> !xegpu.tensor_desc<256x256xf32, #a>
  %v = xegpu.load_nd %t[0, 0] <{layout = #a}> : !xegpu.tensor_desc<256x256xf32, #a> -> vector<256x256xf32>
  %c = xegpu.convert_layout %v <{input_layout = #a, target_layout = #b}> : vector<256x256xf32>
  %e = math.exp %c {layout_result_0 = #b} : vector<256x256xf32>
  func.return
}
"""


def test_slm_exchange_larger_than_a_workgroup_has_is_a_diagnostic() -> None:
    """A 256x256 f32 convert_layout emitted memref<262144xi8, 3>, twice Xe2's 128 KiB."""
    with pytest.raises(OpError, match=r"'xegpu.convert_layout' op converting the layout through shared local memory needs 262144 bytes \(256x256 f32\), more than the 131072 bytes a workgroup has \(slm-bytes=131072"):
        run_pipeline(BIG_CONVERT, "xegpu-wg-to-sg-distribute")
    out = str(run_pipeline(BIG_CONVERT, "xegpu-wg-to-sg-distribute{slm-bytes=262144}"))
    assert "memref<262144xi8, 3 : i64>" in out


def test_slm_budget_is_per_exchange() -> None:
    """Two 64 KiB exchanges (separated by barriers) fit 64 KiB; one byte less does not."""
    text = BIG_CONVERT.replace("256x256", "128x128").replace("[64, 128]", "[32, 64]").replace("[128, 64]", "[64, 32]")
    text = text.replace("  func.return", """  %d = xegpu.convert_layout %e <{input_layout = #b, target_layout = #a}> : vector<128x128xf32>
  %f = math.exp %d {layout_result_0 = #a} : vector<128x128xf32>
  func.return""")
    out = str(run_pipeline(text, "xegpu-wg-to-sg-distribute{slm-bytes=65536}"))
    assert out.count(": memref<65536xi8, 3 : i64> = uninitialized") == 2 and out.count("memref.get_global") == 2
    with pytest.raises(OpError, match=r"needs 65536 bytes \(128x128 f32\), more than the 65535 bytes"):
        run_pipeline(text, "xegpu-wg-to-sg-distribute{slm-bytes=65535}")


def test_slm_bytes_option_is_checked() -> None:
    from wgdist.passes.xegpu_wg_to_sg_distribute import XeGPUWgToSgDistributePass

    assert XeGPUWgToSgDistributePass().slm_bytes == 128 * 1024
    with pytest.raises(ValueError, match="slm-bytes must be a byte count"):
        XeGPUWgToSgDistributePass(slm_bytes=-1)
