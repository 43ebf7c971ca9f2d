"""xegpu-wg-to-sg-distribute against the layout model: for random (shape, layout) pairs the
regions each subgroup touches after distribution are exactly the model's tiles."""

from __future__ import annotations

from math import prod

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.footprint import footprint
from wgdist import run_pipeline
from wgdist.layout import Layout, tile_shape, tiles


@st.composite
def shaped_layouts(draw: st.DrawFn, max_rank: int = 2):
    """(shape, Layout): every dim independently wrap, exact or sharing (mixed across dims)."""
    rank = draw(st.integers(1, max_rank))
    shape, lay, data = [], [], []
    for _ in range(rank):
        d = draw(st.sampled_from([1, 2, 4, 8]))
        t = draw(st.sampled_from([1, 2, 3, 4, 6]))
        divisors = [x for x in range(1, t + 1) if t % x == 0]
        L = draw(st.sampled_from(sorted(set(divisors + [t * 2, t * 4]))))
        shape.append(d * t)
        lay.append(L)
        data.append(d)
    order = draw(st.permutations(list(range(rank))))
    return tuple(shape), Layout(sg_layout=lay, sg_data=data, order=order)


def _lit(v) -> str:  # type: ignore[no-untyped-def]
    return "[" + ", ".join(str(x) for x in v) + "]"


def shares(shape: tuple[int, ...], lay: Layout) -> bool:
    assert lay.sg_layout is not None and lay.sg_data is not None
    return any(n < L * d for n, L, d in zip(shape, lay.sg_layout, lay.sg_data))


def kernel(shape: tuple[int, ...], lay: Layout, base: tuple[int, ...]) -> str:
    s = "x".join(map(str, shape))
    mem = "x".join(str(n + b) for n, b in zip(shape, base))
    attr = f"#xegpu.layout<sg_layout = {_lit(lay.sg_layout)}, sg_data = {_lit(lay.sg_data)}, order = {_lit(lay.order)}>"
    offs = ", ".join(map(str, base))
    return f"""
func.func @k(%m: memref<{mem}xf32>) {{
  %t = xegpu.create_nd_tdesc %m : memref<{mem}xf32> -> !xegpu.tensor_desc<{s}xf32, {attr}>
  xegpu.prefetch_nd %t[{offs}] : !xegpu.tensor_desc<{s}xf32, {attr}>
  %v = xegpu.load_nd %t[{offs}] <{{layout = {attr}}}> : !xegpu.tensor_desc<{s}xf32, {attr}> -> vector<{s}xf32>
  %w = arith.addf %v, %v {{layout_result_0 = {attr}}} : vector<{s}xf32>
  {"" if shares(shape, lay) else f"xegpu.store_nd %w, %t[{offs}] <{{layout = {attr}}}> : vector<{s}xf32>, !xegpu.tensor_desc<{s}xf32, {attr}>"}
  func.return
}}
"""


def regions(fp: frozenset, kind: str) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:  # type: ignore[type-arg]
    out = set()
    for rec in fp:
        if rec[0] != kind:
            continue
        offs = tuple(dict(o).get(1, 0) if all(k == 1 for k, _ in o) else None for o in rec[2])
        out.add((offs, rec[3]))
    return out


@settings(max_examples=40, deadline=None)
@given(shaped_layouts(), st.data())
def test_each_subgroup_touches_its_model_tiles(sl, data) -> None:  # type: ignore[no-untyped-def]
    shape, lay = sl
    base = tuple(data.draw(st.sampled_from([0, 8])) for _ in shape)
    module = run_pipeline(kernel(shape, lay, base), "xegpu-wg-to-sg-distribute")
    ts = tile_shape(shape, lay)
    for s in range(prod(lay.sg_layout or ())):
        want = {(tuple(o + b for o, b in zip(t, base)), ts) for t in tiles(shape, lay, s)}
        fp = footprint(module, s)
        for kind in ("prefetch_nd", "load_nd") + (() if shares(shape, lay) else ("store_nd",)):
            assert regions(fp, kind) == want, (kind, s)
