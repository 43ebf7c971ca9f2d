"""Random workgroup kernels (shape, layout, op chain) through the full pipeline: the distributed
program must agree with the workgroup program (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wgdist.checker import check

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


@st.composite
def dim_layout(draw: st.DrawFn, n: int, lay: int, share: bool) -> int:
    """sg_data for one dim of extent n over lay subgroups: wrap/exact, or sharing if allowed."""
    options = [d for d in (1, 2, 4, 8, 16, 32, 64) if n % d == 0 and ((n // d) % lay == 0 or (share and lay % (n // d) == 0))]
    return draw(st.sampled_from(options))


Lay = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]  # sg_layout, sg_data, order


@st.composite
def layouts(draw: st.DrawFn, shape: tuple[int, int], share: bool, whole_rows: bool = False) -> Lay:
    """A 2-D layout; ``whole_rows``: every subgroup holds whole rows (what a row reduction
    needs when the pass does not reduce across subgroups)."""
    s = draw(st.sampled_from([4, 8]))
    lm = s if whole_rows else draw(st.sampled_from([d for d in (1, 2, 4, 8) if s % d == 0]))
    ln = s // lm
    dm = draw(dim_layout(shape[0], lm, share))
    dn = shape[1] if whole_rows else draw(dim_layout(shape[1], ln, share))
    order = draw(st.sampled_from([(1, 0), (0, 1)]))
    return (lm, ln), (dm, dn), order


def fmt(lay: Lay) -> str:
    (lm, ln), (dm, dn), (o0, o1) = lay
    return f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {dn}], order = [{o0}, {o1}]>"


def transposed(lay: Lay) -> Lay:
    """The layout of the transposed value: every field permuted, order included (dim 1 fastest
    becomes dim 0 fastest)."""
    (lm, ln), (dm, dn), order = lay
    return (ln, lm), (dn, dm), tuple(1 - d for d in order)  # type: ignore[return-value]


GRIDS = [(1, 1), (2, 1), (1, 2), (2, 2)]
OPS = ["arith.addf", "arith.mulf", "arith.maximumf", "arith.subf"]


@st.composite
def elementwise_kernel(draw: st.DrawFn) -> tuple[str, tuple[int, int]]:
    """Loads of A and B (optionally ``load_nd <{transpose}>`` of n x m blocks), an elementwise
    chain, then a row reduction or a ``vector.transpose``, an optional loop, a store; each
    workgroup of the grid handles its own tile."""
    m = draw(st.sampled_from([16, 32, 64]))
    n = draw(st.sampled_from([16, 32, 64]))
    reduce = draw(st.booleans())
    transpose = not reduce and draw(st.booleans())
    tload = draw(st.booleans())
    gx, gy = draw(st.sampled_from(GRIDS))
    out_shape = (n, m) if transpose else (m, n)
    store_lay = draw(layouts(out_shape, share=False, whole_rows=reduce))
    # Values before the store have the store's layout (transposed across a vector.transpose):
    # a different (e.g. sharing) layout needs a cross-subgroup convert_layout, which
    # xegpu-wg-to-sg-distribute rejects until its shared local memory path lands. Sharing is
    # exercised by the dpas operands below.
    value_lay = transposed(store_lay) if transpose else store_lay
    chain = draw(st.lists(st.tuples(st.sampled_from(OPS), st.sampled_from(["%a", "%b"])), min_size=1, max_size=3))
    loop = draw(st.booleans())
    t = f"{m}x{n}xf32"
    src_shape = (n, m) if tload else (m, n)
    src_t = f"{src_shape[0]}x{src_shape[1]}xf32"
    tdl = f"!xegpu.tensor_desc<{src_t}, {fmt(transposed(value_lay) if tload else value_lay)}>"
    load_props = " <{transpose = array<i64: 1, 0>}>" if tload else ""
    out_t = f"{out_shape[0]}x{out_shape[1]}xf32"
    tds = f"!xegpu.tensor_desc<{out_t}, {fmt(store_lay)}>"
    body = []
    cur = "%a"
    for i, (op, rhs) in enumerate(chain):
        body.append(f"%e{i} = {op} {cur}, {rhs} : vector<{t}>")
        cur = f"%e{i}"
    if reduce:
        body += [
            f"%z = arith.constant dense<0.0> : vector<{m}xf32>",
            f"%r = vector.multi_reduction <add>, {cur}, %z [1] : vector<{t}> to vector<{m}xf32>",
            f"%rs = vector.shape_cast %r : vector<{m}xf32> to vector<{m}x1xf32>",
            f"%rb = vector.broadcast %rs : vector<{m}x1xf32> to vector<{t}>",
            f"%red = arith.addf {cur}, %rb : vector<{t}>",
        ]
        cur = "%red"
    if transpose:
        body.append(f"%tr = vector.transpose {cur}, [1, 0] : vector<{t}> to vector<{out_t}>")
        cur = "%tr"
    inner = "\n      ".join(body)
    if loop:
        compute = f"""%c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %init = arith.constant dense<0.0> : vector<{out_t}>
    %res = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (vector<{out_t}>) {{
      {inner}
      %next = arith.addf %acc, {cur} : vector<{out_t}>
      scf.yield %next : vector<{out_t}>
    }}"""
        cur = "%res"
    else:
        compute = inner
    mem_in = f"memref<{gx * src_shape[0]}x{gy * src_shape[1]}xf32>"
    mem_out = f"memref<{gx * out_shape[0]}x{gy * out_shape[1]}xf32>"
    src = f"""gpu.module @m {{
  gpu.func @k(%A: {mem_in}, %B: {mem_in}, %C: {mem_out}) kernel {{
    %c0 = arith.constant 0 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %cs0 = arith.constant {src_shape[0]} : index
    %cs1 = arith.constant {src_shape[1]} : index
    %co0 = arith.constant {out_shape[0]} : index
    %co1 = arith.constant {out_shape[1]} : index
    %si = arith.muli %bx, %cs0 : index
    %sj = arith.muli %by, %cs1 : index
    %oi = arith.muli %bx, %co0 : index
    %oj = arith.muli %by, %co1 : index
    %ta = xegpu.create_nd_tdesc %A : {mem_in} -> {tdl}
    %tb = xegpu.create_nd_tdesc %B : {mem_in} -> {tdl}
    %tc = xegpu.create_nd_tdesc %C : {mem_out} -> {tds}
    %a = xegpu.load_nd %ta[%si, %sj]{load_props} : {tdl} -> vector<{t}>
    %b = xegpu.load_nd %tb[%si, %sj]{load_props} : {tdl} -> vector<{t}>
    {compute}
    xegpu.store_nd {cur}, %tc[%oi, %oj] : vector<{out_t}>, {tds}
    gpu.return
  }}
}}
"""
    return src, (gx, gy)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(elementwise_kernel(), st.integers(0, 3))
def test_random_elementwise_loop_reduction_transpose_kernels_agree(case: tuple[str, tuple[int, int]], seed: int) -> None:
    src, grid = case
    r = check(src, PIPELINE, seed=seed, grid=grid)
    assert r.ok, src + "\n" + r.report
    assert r.written == r.wg.buffers[2].data.size  # every workgroup stored its tile


@st.composite
def dpas_kernel(draw: st.DrawFn) -> tuple[str, int, tuple[int, int]]:
    m = draw(st.sampled_from([32, 64]))
    n = draw(st.sampled_from([32, 64]))
    k = draw(st.sampled_from([16, 32]))
    lm, ln = draw(st.sampled_from([(2, 2), (4, 2), (2, 4)]))
    dm = draw(st.sampled_from([d for d in (8, 16, 32) if (m // d) % lm == 0]))
    dn = draw(st.sampled_from([d for d in (8, 16, 32) if (n // d) % ln == 0]))
    # subgroup ids row-major ([1, 0]) or column-major ([0, 1]) over the grid, the same for A, B, C
    order = draw(st.sampled_from(["[1, 0]", "[0, 1]"]))
    gx, gy = draw(st.sampled_from(GRIDS))
    # A is split by rows only and B by columns only: the other dim of each is shared by the
    # subgroups of a row / column of the grid (sharing), the C tiles may wrap
    ks = draw(st.sampled_from([8, 16]))
    la = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {ks}], order = {order}>"
    lb = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{ks}, {dn}], order = {order}>"
    lc = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {dn}], order = {order}>"
    ta, tb, tc = (f"!xegpu.tensor_desc<{m}x{ks}xf16, {la}>", f"!xegpu.tensor_desc<{ks}x{n}xf16, {lb}>", f"!xegpu.tensor_desc<{m}x{n}xf32, {lc}>")
    ma, mb, mc = f"memref<{gx * m}x{k}xf16>", f"memref<{k}x{gy * n}xf16>", f"memref<{gx * m}x{gy * n}xf32>"
    src = f"""gpu.module @m {{
  gpu.func @k(%A: {ma}, %B: {mb}, %C: {mc}) kernel {{
    %c0 = arith.constant 0 : index
    %ck = arith.constant {k} : index
    %cs = arith.constant {ks} : index
    %cm = arith.constant {m} : index
    %cn = arith.constant {n} : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %bx, %cm : index
    %col = arith.muli %by, %cn : index
    %ta = xegpu.create_nd_tdesc %A : {ma} -> {ta}
    %tb = xegpu.create_nd_tdesc %B : {mb} -> {tb}
    %tc = xegpu.create_nd_tdesc %C : {mc} -> {tc}
    %c = xegpu.load_nd %tc[%row, %col] : {tc} -> vector<{m}x{n}xf32>
    %acc = scf.for %kk = %c0 to %ck step %cs iter_args(%s = %c) -> (vector<{m}x{n}xf32>) {{
      %a = xegpu.load_nd %ta[%row, %kk] : {ta} -> vector<{m}x{ks}xf16>
      %b = xegpu.load_nd %tb[%kk, %col] : {tb} -> vector<{ks}x{n}xf16>
      %d = xegpu.dpas %a, %b, %s {{layout_a = {la}, layout_b = {lb}, layout_cd = {lc}}} : vector<{m}x{ks}xf16>, vector<{ks}x{n}xf16>, vector<{m}x{n}xf32> -> vector<{m}x{n}xf32>
      scf.yield %d : vector<{m}x{n}xf32>
    }}
    xegpu.store_nd %acc, %tc[%row, %col] : vector<{m}x{n}xf32>, {tc}
    gpu.return
  }}
}}
"""
    return src, draw(st.integers(0, 3)), (gx, gy)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dpas_kernel())
def test_random_dpas_loops_agree(case: tuple[str, int, tuple[int, int]]) -> None:
    src, seed, grid = case
    r = check(src, PIPELINE, seed=seed, grid=grid)
    assert r.ok, src + "\n" + r.report
    assert r.written == r.wg.buffers[2].data.size


@st.composite
def transposing_load_kernel(draw: st.DrawFn) -> tuple[str, tuple[int, int]]:
    """``load_nd <{transpose}>`` of an n x m block into an m x n value, an elementwise chain,
    a store; every value's layout spelled out, for xegpu-wg-to-sg-distribute alone (the
    elementwise kernels run transposing loads through xegpu-propagate-layout)."""
    m = draw(st.sampled_from([16, 32, 64]))
    n = draw(st.sampled_from([16, 32, 64]))
    gx, gy = draw(st.sampled_from(GRIDS))
    lay = draw(layouts((m, n), share=False))
    val, src = fmt(lay), fmt(transposed(lay))
    chain = draw(st.lists(st.tuples(st.sampled_from(OPS), st.sampled_from(["%a", "%b"])), min_size=0, max_size=3))
    t = f"{m}x{n}xf32"
    body, cur = [], "%a"
    for i, (op, rhs) in enumerate(chain):
        body.append(f"%e{i} = {op} {cur}, {rhs} {{layout_result_0 = {val}}} : vector<{t}>")
        cur = f"%e{i}"
    tds, tdv = f"!xegpu.tensor_desc<{n}x{m}xf32, {src}>", f"!xegpu.tensor_desc<{t}, {val}>"
    mem_in, mem_out = f"memref<{gx * n}x{gy * m}xf32>", f"memref<{gx * m}x{gy * n}xf32>"
    load = f"<{{transpose = array<i64: 1, 0>, layout = {val}}}> : {tds} -> vector<{t}>"
    compute = "\n    ".join(body)
    src_text = f"""gpu.module @m {{
  gpu.func @k(%A: {mem_in}, %B: {mem_in}, %C: {mem_out}) kernel {{
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %cm = arith.constant {m} : index
    %cn = arith.constant {n} : index
    %si = arith.muli %bx, %cn : index
    %sj = arith.muli %by, %cm : index
    %oi = arith.muli %bx, %cm : index
    %oj = arith.muli %by, %cn : index
    %ta = xegpu.create_nd_tdesc %A : {mem_in} -> {tds}
    %tb = xegpu.create_nd_tdesc %B : {mem_in} -> {tds}
    %tc = xegpu.create_nd_tdesc %C : {mem_out} -> {tdv}
    %a = xegpu.load_nd %ta[%si, %sj] {load}
    %b = xegpu.load_nd %tb[%si, %sj] {load}
    {compute}
    xegpu.store_nd {cur}, %tc[%oi, %oj] <{{layout = {val}}}> : vector<{t}>, {tdv}
    gpu.return
  }}
}}
"""
    return src_text, (gx, gy)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transposing_load_kernel(), st.integers(0, 3))
def test_random_transposing_load_kernels_agree(case: tuple[str, tuple[int, int]], seed: int) -> None:
    src, grid = case
    r = check(src, "xegpu-wg-to-sg-distribute", seed=seed, grid=grid)
    assert r.ok, src + "\n" + r.report
    assert r.written == r.wg.buffers[2].data.size


TRANSPOSING_LOAD = """
#l = #xegpu.layout<sg_layout = [2, 4], sg_data = [16, 8], order = [0, 1]>
#lt = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 16], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%A: memref<32x64xf32>, %C: memref<64x32xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %A : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
    %tc = xegpu.create_nd_tdesc %C : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #lt>
    %a = xegpu.load_nd %ta[0, 0] <{transpose = array<i64: 1, 0>, layout = #lt}> : !xegpu.tensor_desc<32x64xf32, #l> -> vector<64x32xf32>
    USE
    xegpu.store_nd %b, %tc[0, 0] : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #lt>
    gpu.return
  }
}
"""


def test_transposing_load_stored_as_loaded() -> None:
    r = check(TRANSPOSING_LOAD.replace("USE", "").replace("%b, %tc", "%a, %tc"), PIPELINE)
    assert r.ok and r.written == 64 * 32, r.report


def test_transposing_load_feeding_an_elementwise_op() -> None:
    r = check(TRANSPOSING_LOAD.replace("USE", "%b = arith.addf %a, %a : vector<64x32xf32>"), PIPELINE)
    assert r.ok, r.report
