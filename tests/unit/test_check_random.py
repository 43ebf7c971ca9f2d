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


@st.composite
def layouts(draw: st.DrawFn, shape: tuple[int, int], share: bool, whole_rows: bool = False) -> str:
    """A 2-D layout; ``whole_rows``: every subgroup holds whole rows (what a row reduction
    needs when the pass does not reduce across subgroups)."""
    s = draw(st.sampled_from([4, 8]))
    lm = s if whole_rows else draw(st.sampled_from([d for d in (1, 2, 4, 8) if s % d == 0]))
    ln = s // lm
    dm = draw(dim_layout(shape[0], lm, share))
    dn = shape[1] if whole_rows else draw(dim_layout(shape[1], ln, share))
    order = draw(st.sampled_from(["[1, 0]", "[0, 1]"]))
    return f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {dn}], order = {order}>"


OPS = ["arith.addf", "arith.mulf", "arith.maximumf", "arith.subf"]


@st.composite
def elementwise_kernel(draw: st.DrawFn) -> str:
    m = draw(st.sampled_from([16, 32, 64]))
    n = draw(st.sampled_from([16, 32, 64]))
    reduce = draw(st.booleans())
    store = draw(layouts((m, n), share=False, whole_rows=reduce))
    # Loads use the store's layout: a different (e.g. sharing) load layout needs a
    # cross-subgroup convert_layout, which xegpu-wg-to-sg-distribute rejects until its shared
    # local memory path lands. Sharing is exercised by the dpas operands below.
    load = store
    chain = draw(st.lists(st.tuples(st.sampled_from(OPS), st.sampled_from(["%a", "%b"])), min_size=1, max_size=3))
    loop = draw(st.booleans())
    t = f"{m}x{n}xf32"
    tdl = f"!xegpu.tensor_desc<{t}, {load}>"
    tds = f"!xegpu.tensor_desc<{t}, {store}>"
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
    inner = "\n      ".join(body)
    if loop:
        compute = f"""%c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %init = arith.constant dense<0.0> : vector<{t}>
    %res = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (vector<{t}>) {{
      {inner}
      %next = arith.addf %acc, {cur} : vector<{t}>
      scf.yield %next : vector<{t}>
    }}"""
        cur = "%res"
    else:
        compute = inner
    return f"""gpu.module @m {{
  gpu.func @k(%A: memref<{t}>, %B: memref<{t}>, %C: memref<{t}>) kernel {{
    %ta = xegpu.create_nd_tdesc %A : memref<{t}> -> {tdl}
    %tb = xegpu.create_nd_tdesc %B : memref<{t}> -> {tdl}
    %tc = xegpu.create_nd_tdesc %C : memref<{t}> -> {tds}
    %a = xegpu.load_nd %ta[0, 0] : {tdl} -> vector<{t}>
    %b = xegpu.load_nd %tb[0, 0] : {tdl} -> vector<{t}>
    {compute}
    xegpu.store_nd {cur}, %tc[0, 0] : vector<{t}>, {tds}
    gpu.return
  }}
}}
"""


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(elementwise_kernel(), st.integers(0, 3))
def test_random_elementwise_loop_reduction_kernels_agree(src: str, seed: int) -> None:
    r = check(src, PIPELINE, seed=seed)
    assert r.ok, src + "\n" + r.report


@st.composite
def dpas_kernel(draw: st.DrawFn) -> tuple[str, int]:
    m = draw(st.sampled_from([32, 64]))
    n = draw(st.sampled_from([32, 64]))
    k = draw(st.sampled_from([16, 32]))
    lm, ln = draw(st.sampled_from([(2, 2), (4, 2), (2, 4)]))
    dm = draw(st.sampled_from([d for d in (8, 16, 32) if (m // d) % lm == 0]))
    dn = draw(st.sampled_from([d for d in (8, 16, 32) if (n // d) % ln == 0]))
    # A is split by rows only and B by columns only: the other dim of each is shared by the
    # subgroups of a row / column of the grid (sharing), the C tiles may wrap
    ks = draw(st.sampled_from([8, 16]))
    la = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {ks}]>"
    lb = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{ks}, {dn}]>"
    lc = f"#xegpu.layout<sg_layout = [{lm}, {ln}], sg_data = [{dm}, {dn}]>"
    ta, tb, tc = (f"!xegpu.tensor_desc<{m}x{ks}xf16, {la}>", f"!xegpu.tensor_desc<{ks}x{n}xf16, {lb}>", f"!xegpu.tensor_desc<{m}x{n}xf32, {lc}>")
    src = f"""gpu.module @m {{
  gpu.func @k(%A: memref<{m}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{m}x{n}xf32>) kernel {{
    %c0 = arith.constant 0 : index
    %ck = arith.constant {k} : index
    %cs = arith.constant {ks} : index
    %ta = xegpu.create_nd_tdesc %A : memref<{m}x{k}xf16> -> {ta}
    %tb = xegpu.create_nd_tdesc %B : memref<{k}x{n}xf16> -> {tb}
    %tc = xegpu.create_nd_tdesc %C : memref<{m}x{n}xf32> -> {tc}
    %c = xegpu.load_nd %tc[0, 0] : {tc} -> vector<{m}x{n}xf32>
    %acc = scf.for %kk = %c0 to %ck step %cs iter_args(%s = %c) -> (vector<{m}x{n}xf32>) {{
      %a = xegpu.load_nd %ta[0, %kk] : {ta} -> vector<{m}x{ks}xf16>
      %b = xegpu.load_nd %tb[%kk, 0] : {tb} -> vector<{ks}x{n}xf16>
      %d = xegpu.dpas %a, %b, %s {{layout_a = {la}, layout_b = {lb}, layout_cd = {lc}}} : vector<{m}x{ks}xf16>, vector<{ks}x{n}xf16>, vector<{m}x{n}xf32> -> vector<{m}x{n}xf32>
      scf.yield %d : vector<{m}x{n}xf32>
    }}
    xegpu.store_nd %acc, %tc[0, 0] : vector<{m}x{n}xf32>, {tc}
    gpu.return
  }}
}}
"""
    return src, draw(st.integers(0, 3))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dpas_kernel())
def test_random_dpas_loops_agree(case: tuple[str, int]) -> None:
    src, seed = case
    r = check(src, PIPELINE, seed=seed)
    assert r.ok, src + "\n" + r.report
