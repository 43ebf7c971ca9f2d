"""xegpu-propagate-layout on kernels with random valid anchor layouts (hypothesis).

After the pass, every op is checked with the layout model by brute force: each subgroup's operand
tiles hold exactly the data its result tiles need (elementwise: the same elements; transpose:
the permuted elements; broadcast: the source elements its result elements read; reduction: whole
fibres of its result elements; dpas: its C rows of A and C columns of B), and every value's
layout distributes its shape.
"""

from __future__ import annotations

import itertools
from math import prod
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.dialects.elementwise import elementwise_ops
from wgdist.dialects.vector import BroadcastOp, MultiDimReductionOp, ShapeCastOp, TransposeOp
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp, DpasOp
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    Layout,
    SliceLayout,
    distribution_errors,
    owned,
    same_distribution,
    with_unit_dims,
)
from wgdist.passes.propagate.values import shape_of

PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


# ---- IR helpers ------------------------------------------------------------------------------
def lay_text(lay: Layout) -> str:
    return (
        f"#xegpu.layout<sg_layout = {list(lay.sg_layout)}, sg_data = {list(lay.sg_data)}, "
        f"order = {list(lay.effective_order())}>"
    )


def vt(shape) -> str:
    return "vector<" + "x".join(map(str, shape)) + "xf32>"


def mt(shape) -> str:
    return "memref<" + "x".join(map(str, shape)) + "xf32>"


def td(shape, lay: Layout | None = None) -> str:
    inner = "x".join(map(str, shape)) + "xf32"
    return f"!xegpu.tensor_desc<{inner}{', ' + lay_text(lay) if lay else ''}>"


def load(name: str, arg: str, shape) -> str:
    zeros = ", ".join("0" for _ in shape)
    return (
        f"  %{name}_t = xegpu.create_nd_tdesc %{arg} : {mt(shape)} -> {td(shape)}\n"
        f"  %{name} = xegpu.load_nd %{name}_t[{zeros}] : {td(shape)} -> {vt(shape)}\n"
    )


def store(value: str, arg: str, shape, lay: Layout) -> str:
    zeros = ", ".join("0" for _ in shape)
    return (
        f"  %st_{value} = xegpu.create_nd_tdesc %{arg} : {mt(shape)} -> {td(shape, lay)}\n"
        f"  xegpu.store_nd %{value}, %st_{value}[{zeros}] : {vt(shape)}, {td(shape, lay)}\n"
    )


def run(text: str):
    return wgdist.run_pipeline(text, "xegpu-propagate-layout")


def layout_of(v):
    """The layout as our passes read it (extent-1 dims as sg_data 1: LLVM 22's spelling of a
    unit-dim shape_cast result carries the broadcast's sg_data there)."""
    attr = value_layout(v)
    assert attr is not None, f"no layout on {v}"
    shape = shape_of(v.type)
    return with_unit_dims(shape, attr.to_model()) if shape else attr.to_model()


def agree(text: str, kind: str = "subgroup") -> None:
    """The propagated and distributed kernel computes what the workgroup kernel computes."""
    pipe = PIPELINE if kind == "subgroup" else PIPELINE.replace("layout,", f"layout{{layout-kind={kind}}},", 1)
    r = wgdist.check(text, pipe, seed=1)
    assert r.ok, text + "\n" + r.report


# ---- the brute-force checker -----------------------------------------------------------------
def check_module(module) -> int:
    """Check every op whose operands and results carry layouts; returns how many were checked."""
    checked = 0
    for op in module.walk():
        if isinstance(op, ConvertLayoutOp):
            continue
        results = [r for r in op.results if shape_of(r.type) and value_layout(r) is not None]
        for r in results:
            assert not distribution_errors(shape_of(r.type), layout_of(r))
        if not results:
            continue
        res = results[0]
        rshape, rlay = shape_of(res.type), layout_of(res)
        subgroups = range(rlay.num_subgroups)
        if type(op) in elementwise_ops():
            for v in op.operands:
                # function arguments carry no layout in LLVM 22's IR: nothing to check there
                if shape_of(v.type) == rshape and value_layout(v) is not None:
                    for s in subgroups:
                        assert owned(rshape, layout_of(v), s) == owned(rshape, rlay, s)
        elif isinstance(op, TransposeOp):
            perm = op.permutation.get_values()
            src = op.vector
            for s in subgroups:
                mine = {tuple(e[p] for p in perm) for e in owned(shape_of(src.type), layout_of(src), s)}
                assert mine == owned(rshape, rlay, s)
        elif isinstance(op, BroadcastOp):
            sshape = shape_of(op.source.type)
            r, k = len(rshape), len(sshape)
            for s in subgroups:
                need = {
                    tuple(0 if sshape[i] == 1 else e[i + r - k] for i in range(k))
                    for e in owned(rshape, rlay, s)
                }
                assert owned(sshape, layout_of(op.source), s) == need
        elif isinstance(op, MultiDimReductionOp):
            sshape = shape_of(op.source.type)
            red = op.get_reduction_dims()
            kept = [d for d in range(len(sshape)) if d not in red]
            slay = layout_of(op.source)
            split = isinstance(rlay, SliceLayout) and any(rlay.root.sg_layout[d] > 1 for d in red)
            holders: dict[tuple, int] = {}
            for s in subgroups:
                res_elems = owned(rshape, rlay, s)
                mine = owned(sshape, slay, s)
                if split:
                    # a cross-subgroup reduction: the subgroup's data projects onto its result
                    # elements (each element's holders are counted below)
                    assert {tuple(e[d] for d in kept) for e in mine} == res_elems
                    for e in mine:
                        holders[e] = holders.get(e, 0) + 1
                    continue
                fibres = {
                    e
                    for x in res_elems
                    for e in itertools.product(
                        *[[x[kept.index(d)]] if d in kept else range(sshape[d]) for d in range(len(sshape))]
                    )
                }
                assert mine == fibres
            if split:
                copies: dict[tuple, int] = {}
                for s in subgroups:
                    for x in owned(rshape, rlay, s):
                        copies[x] = copies.get(x, 0) + 1
                # a team (subgroups differing only along the reduced dims) holds each element
                # of its fibres exactly once: no element is counted twice by the combine
                team = prod(rlay.root.sg_layout[d] for d in red)
                assert all(n * team == copies[tuple(e[d] for d in kept)] for e, n in holders.items())
        elif isinstance(op, ShapeCastOp):
            sshape = shape_of(op.source.type)

            def lin(shape, elems):
                strides = [prod(shape[i + 1 :]) for i in range(len(shape))]
                return {sum(a * b for a, b in zip(e, strides)) for e in elems}

            for s in subgroups:
                assert lin(sshape, owned(sshape, layout_of(op.source), s)) == lin(rshape, owned(rshape, rlay, s))
        elif isinstance(op, DpasOp):
            (m, k), n = shape_of(op.lhs.type), rshape[1]
            a, b = op.layout_a.to_model(), op.layout_b.to_model()
            for s in subgroups:
                c_elems = owned(rshape, rlay, s)
                rows, cols = {i for i, _ in c_elems}, {j for _, j in c_elems}
                assert owned((m, k), a, s) == set(itertools.product(rows, range(k)))
                assert owned((k, n), b, s) == set(itertools.product(range(k), cols))
        else:
            continue
        checked += 1
    return checked


# ---- strategies ------------------------------------------------------------------------------
@st.composite
def dim(draw, sharing: bool):
    d = draw(st.sampled_from([1, 2, 4]))
    t = draw(st.sampled_from([1, 2, 4]))
    choices = {x for x in (1, 2, 4) if t % x == 0} | ({2 * t} if sharing else set())
    lay = draw(st.sampled_from(sorted(choices)))
    return d * t, lay, d


@st.composite
def layout2d(draw, sharing: bool = False):
    """A 2-D shape and a valid layout; stores need layouts without sharing (spec 1.3 rule 5)."""
    dims = [draw(dim(sharing)) for _ in range(2)]
    assume(prod(x for _, x, _ in dims) <= 8)
    order = draw(st.permutations([0, 1]))
    shape = tuple(n for n, _, _ in dims)
    return shape, Layout([x for _, x, _ in dims], [d for _, _, d in dims], order=order)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(layout2d(), st.sampled_from([4, 8]))
def test_dpas_kernel(case, k):
    (m, n), lay = case
    text = (
        f"func.func @f(%A: {mt((m, k))}, %B: {mt((k, n))}, %C: {mt((m, n))}) {{\n"
        + load("a", "A", (m, k))
        + load("b", "B", (k, n))
        + f"  %d = xegpu.dpas %a, %b {{layout_cd = {lay_text(lay)}}} : {vt((m, k))}, {vt((k, n))} -> {vt((m, n))}\n"
        + f"  %r = arith.negf %d : {vt((m, n))}\n"
        + store("r", "C", (m, n), lay)
        + "  return\n}\n"
    )
    assert check_module(run(text)) == 2


@SETTINGS
@given(layout2d())
def test_transpose_kernel(case):
    (n0, n1), lay = case
    text = (
        f"func.func @f(%X: {mt((n1, n0))}, %Y: {mt((n0, n1))}) {{\n"
        + load("x", "X", (n1, n0))
        + f"  %e = math.exp %x : {vt((n1, n0))}\n"
        + f"  %t = vector.transpose %e, [1, 0] : {vt((n1, n0))} to {vt((n0, n1))}\n"
        + store("t", "Y", (n0, n1), lay)
        + "  return\n}\n"
    )
    assert check_module(run(text)) == 2


@SETTINGS
@given(layout2d(), st.sampled_from([2, 4, 8]))
def test_reduction_kernel(case, extent):
    (n0, _), lay2 = case
    lay = Layout(lay2.sg_layout[:1], lay2.sg_data[:1], order=(0,))
    text = (
        f"func.func @f(%X: {mt((n0, extent))}, %Y: {mt((n0,))}) {{\n"
        + load("x", "X", (n0, extent))
        + f"  %z = arith.constant dense<0.0> : {vt((n0,))}\n"
        + f"  %s = vector.multi_reduction <add>, %x, %z [1] : {vt((n0, extent))} to {vt((n0,))}\n"
        + store("s", "Y", (n0,), lay)
        + "  return\n}\n"
    )
    assert check_module(run(text)) == 1


@SETTINGS
@given(layout2d())
def test_broadcast_kernel(case):
    (n0, n1), lay = case
    text = (
        f"func.func @f(%X: {mt((n0, n1))}, %B: {mt((1, n1))}, %Y: {mt((n0, n1))}) {{\n"
        + load("x", "X", (n0, n1))
        + load("b", "B", (1, n1))
        + f"  %bb = vector.broadcast %b : {vt((1, n1))} to {vt((n0, n1))}\n"
        + f"  %y = arith.addf %x, %bb : {vt((n0, n1))}\n"
        + store("y", "Y", (n0, n1), lay)
        + "  return\n}\n"
    )
    assert check_module(run(text)) == 2


@SETTINGS
@given(layout2d(sharing=True), st.sampled_from([1, 2, 4]))
def test_shape_cast_kernel(case, split):
    (n0, n1), lay = case
    assume(n0 % split == 0)
    src = (split, n0 // split, n1)
    text = (
        f"func.func @f(%x: {vt(src)}) -> {vt((n0, n1))} {{\n"
        f"  %e = math.exp %x : {vt(src)}\n"
        f"  %c = vector.shape_cast %e : {vt(src)} to {vt((n0, n1))}\n"
        f"  %r = arith.negf %c {{layout_result_0 = {lay_text(lay)}}} : {vt((n0, n1))}\n"
        f"  return %r : {vt((n0, n1))}\n}}\n"
    )
    try:
        module = run(text)
    except OpError as e:
        # an error only where the layout model agrees that no source layout fits
        fits = [c for c in layouts_for(src, lay.num_subgroups, sharing=True) if same_distribution((n0, n1), lay, c, shape_b=src)]
        assert not fits, f"{e}\nbut {fits[0]} gives every subgroup the same elements"
        return
    assert check_module(module) == 3


def test_conflict_inserts_one_conversion_and_keeps_both_layouts():
    a = Layout((2, 2), (4, 4))
    b = Layout((4, 1), (2, 8))
    text = (
        f"func.func @f(%X: {mt((8, 8))}, %Y: {mt((8, 8))}) {{\n"
        + load("x", "X", (8, 8))
        + f"  %e = math.exp %x : {vt((8, 8))}\n"
        + store("e", "Y", (8, 8), a)
        + store("e", "Y", (8, 8), b).replace("%st_e", "%st2_e")
        + "  return\n}\n"
    )
    module = run(text)
    converts = [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    assert len(converts) == 1
    assert converts[0].input_layout.to_model().sg_layout == (2, 2)
    assert converts[0].target_layout.to_model().sg_layout == (4, 1)
    check_module(module)


def test_unreached_value_is_named():
    text = (
        f"func.func @f(%X: {mt((8, 8))}, %Y: {mt((8, 8))}) -> f32 {{\n"
        + load("x", "X", (8, 8))
        + "  %z = arith.constant 0.0 : f32\n"
        + f"  %e = vector.broadcast %z : f32 to {vt((64,))}\n"
        + f"  %s = vector.reduction <add>, %e, %z : {vt((64,))} into f32\n"
        + store("x", "Y", (8, 8), Layout((2, 2), (4, 4)))
        + "  return %s : f32\n}\n"
    )
    with pytest.raises(OpError, match=r"cannot derive a layout for %e \(result #0 of 'vector.broadcast'\)"):
        run(text)


# ---- several anchors, end to end -------------------------------------------------------------
def layouts_for(shape, subgroups: int, sharing: bool = False) -> list[Layout]:
    """Every valid layout of ``shape`` over ``subgroups`` subgroups (sg_data dividing the shape)."""
    out = []
    rank = len(shape)
    for lay in itertools.product(*[[x for x in range(1, subgroups + 1) if subgroups % x == 0]] * rank):
        if prod(lay) != subgroups:
            continue
        for data in itertools.product(*[[d for d in range(1, n + 1) if n % d == 0] for n in shape]):
            for order in itertools.permutations(range(rank)):
                cand = Layout(lay, data, order=order)
                if not distribution_errors(shape, cand, no_sharing=not sharing):
                    out.append(cand)
    return out


@st.composite
def anchored_pair(draw):
    """A 2-D shape and two layouts of it over the same subgroups (they may disagree)."""
    shape, a = draw(layout2d())
    b = draw(st.sampled_from(layouts_for(shape, a.num_subgroups)))
    return shape, a, b


E2E = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@E2E
@given(
    anchored_pair(),
    st.sampled_from(["store", "result", "two_stores", "plain_desc"]),
    st.sampled_from(["subgroup", "inst", "lane"]),
)
def test_conflicting_anchors_end_to_end(case, variant, kind):
    """Two anchors that may disagree (descriptor of the load vs an op result, a store, a second
    store, or a store through a descriptor without a layout): the pass converts where needed and
    the distributed kernel computes what the workgroup kernel computes."""
    shape, a, b = case
    zeros = ", ".join("0" for _ in shape)
    res_attr = f" {{layout_result_0 = {lay_text(b)}}}" if variant == "result" else ""
    out = td(shape, None if variant == "plain_desc" else b)
    text = (
        f"gpu.module @m {{\ngpu.func @f(%X: {mt(shape)}, %Y: {mt(shape)}, %Z: {mt(shape)}) kernel {{\n"
        f"  %xt = xegpu.create_nd_tdesc %X : {mt(shape)} -> {td(shape, a)}\n"
        f"  %x = xegpu.load_nd %xt[{zeros}] : {td(shape, a)} -> {vt(shape)}\n"
        f"  %e = math.exp %x{res_attr} : {vt(shape)}\n"
        f"  %yt = xegpu.create_nd_tdesc %Y : {mt(shape)} -> {out}\n"
        f"  xegpu.store_nd %e, %yt[{zeros}] : {vt(shape)}, {out}\n"
    )
    if variant == "two_stores":
        text += (
            f"  %zt = xegpu.create_nd_tdesc %Z : {mt(shape)} -> {td(shape, a)}\n"
            f"  xegpu.store_nd %e, %zt[{zeros}] : {vt(shape)}, {td(shape, a)}\n"
        )
    text += "  gpu.return\n}\n}\n"
    check_module(run(text))
    agree(text, kind)


@E2E
@given(layout2d(), st.sampled_from([0, 1]), st.sampled_from(["subgroup", "inst", "lane"]))
def test_split_reduction_softmax_end_to_end(case, dim_, kind):
    """Softmax-like row (or column) normalization under any valid layout, the reduced dim
    possibly split over subgroups (a slice result, a cross-subgroup reduction): every derived
    layout is checked by ownership, then the kernel end to end."""
    shape, lay = case
    kept = shape[1 - dim_]
    unit = (kept, 1) if dim_ == 1 else (1, kept)
    zeros = ", ".join("0" for _ in shape)
    text = (
        f"gpu.module @m {{\ngpu.func @f(%X: {mt(shape)}, %Y: {mt(shape)}) kernel {{\n"
        f"  %xt = xegpu.create_nd_tdesc %X : {mt(shape)} -> {td(shape, lay)}\n"
        f"  %x = xegpu.load_nd %xt[{zeros}] : {td(shape, lay)} -> {vt(shape)}\n"
        f"  %z = arith.constant dense<0.0> : {vt((kept,))}\n"
        f"  %s = vector.multi_reduction <add>, %x, %z [{dim_}] : {vt(shape)} to {vt((kept,))}\n"
        f"  %c = vector.shape_cast %s : {vt((kept,))} to {vt(unit)}\n"
        f"  %b = vector.broadcast %c : {vt(unit)} to {vt(shape)}\n"
        f"  %y = arith.subf %x, %b : {vt(shape)}\n"
        f"  %yt = xegpu.create_nd_tdesc %Y : {mt(shape)} -> {td(shape, lay)}\n"
        f"  xegpu.store_nd %y, %yt[{zeros}] : {vt(shape)}, {td(shape, lay)}\n"
        "  gpu.return\n}\n}\n"
    )
    module = run(text)
    assert check_module(module) >= 4
    if lay.sg_layout[dim_] > 1:  # split reduced dim: the loaded layout serves the reduction as is
        assert not [op for op in module.walk() if isinstance(op, ConvertLayoutOp)]
    agree(text, kind)


# ---- the FileCheck regressions, end to end -----------------------------------------------------
FILECHECK = Path(__file__).parents[2] / "filecheck" / "passes"
REGRESSION_KERNELS = [
    ("stores", "store_through_derived_desc"),
    ("stores", "store_through_loop_desc"),
    ("stores", "desc_from_stored_value"),
    ("stores", "desc_from_shared_value"),
    ("transpose", "transposed_load"),
    ("transpose", "transposed_load_desc"),
    ("dpas", "packed_b"),
    ("dpas", "packed_b_anchored"),
    ("dpas", "ab_only"),
    ("broadcast", "slice_on_load"),
    ("broadcast", "slice_on_load_converted"),
    ("reduction", "split_reduced_dim"),
    ("regressions", "dead_load"),
    ("conflicts", "b_and_store"),
]


def filecheck_kernel(name: str, func: str) -> str:
    text = (FILECHECK / f"xegpu-propagate-layout-{name}.mlir").read_text()
    chunks = [c for c in text.split("// -----") if f"@{func}(" in c]
    assert len(chunks) == 1, (name, func)
    return chunks[0]


@pytest.mark.parametrize("kind", ["subgroup", "inst", "lane"])
@pytest.mark.parametrize(("name", "func"), REGRESSION_KERNELS)
def test_regression_kernels_end_to_end(name, func, kind):
    """Each kernel of the regression FileCheck tests above, propagated with every kind and
    distributed, computes what the workgroup kernel computes."""
    agree(filecheck_kernel(name, func), kind)
