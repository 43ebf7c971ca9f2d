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

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.diagnostics import OpError
from wgdist.dialects.vector import BroadcastOp, MultiDimReductionOp, ShapeCastOp, TransposeOp
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp, DpasOp
from wgdist.layout import Layout, distribution_errors, owned
from wgdist.passes.propagate.op_rules import is_elementwise, shape_of


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
    attr = value_layout(v)
    assert attr is not None, f"no layout on {v}"
    return attr.to_model()


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
        if is_elementwise(op):
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
            for s in subgroups:
                res_elems = owned(rshape, rlay, s)
                fibres = {
                    e
                    for x in res_elems
                    for e in itertools.product(
                        *[[x[kept.index(d)]] if d in kept else range(sshape[d]) for d in range(len(sshape))]
                    )
                }
                assert owned(sshape, layout_of(op.source), s) == fibres
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
        assert "no source layout gives every subgroup the same elements" in str(e)
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
