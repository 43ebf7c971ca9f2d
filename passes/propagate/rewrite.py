"""Write an :class:`~.analysis.Analysis` into the IR where LLVM 22 reads layouts.

* constants whose users need different layouts are cloned, one per layout;
* a use whose requirement differs from its value's layout gets an ``xegpu.convert_layout``
  (one per value and layout, right after the value's definition);
  (none can go between a workgroup and a non-workgroup layout, or convert a packed load: both
  are reported at the consumer);
* layouts go to descriptor types, load_nd/store_nd/prefetch_nd/store/store_matrix ``layout``,
  dpas ``layout_a/b/cd``, and ``layout_result_N`` everywhere else (scf results included), in
  the forms LLVM 22's wg-to-sg reads (:func:`llvm_spelling`).

A layout the user wrote is never replaced (the inst/lane kinds only add their fields): when it
disagrees with its descriptor, the op is reported.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import NoneAttr, VectorType
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.diagnostics import OpError
from wgdist.dialects.vector import MultiDimReductionOp, ShapeCastOp
from wgdist.dialects.xegpu.attrs import LayoutAttr, SliceAttr
from wgdist.dialects.xegpu.layout_access import set_result_layout
from wgdist.dialects.xegpu.ops_compute import ConvertLayoutOp, DpasOp
from wgdist.dialects.xegpu.ops_nd import LoadNdOp, PrefetchNdOp, StoreNdOp
from wgdist.dialects.xegpu.types import TensorDescType
from wgdist.layout import AnyLayout, Layout, SliceLayout, with_unit_dims
from wgdist.layout_rules import same_distribution, sg_part
from wgdist.passes.propagate.analysis import Analysis, describe
from wgdist.passes.propagate.op_rules import is_elementwise, packed_load, shape_of, value_shape


def explicit_order(layout: AnyLayout) -> AnyLayout:
    """``layout`` with its ``order`` spelled out (LLVM 22 compares layouts field by field, so a
    derived layout always names its order)."""
    if isinstance(layout, SliceLayout):
        return SliceLayout(explicit_order(layout.parent), layout.dims)
    if layout.order is not None or (layout.sg_layout is None and layout.lane_layout is None):
        return layout
    return Layout(layout.sg_layout, layout.sg_data, layout.inst_data, layout.lane_layout,
                  layout.lane_data, layout.effective_order())


def to_attr(layout: AnyLayout) -> LayoutAttr | SliceAttr:
    if isinstance(layout, SliceLayout):
        return SliceAttr(to_attr(layout.parent), layout.dims)  # type: ignore[arg-type]
    return LayoutAttr.from_model(layout)


def _same(v: SSAValue, a: AnyLayout, b: AnyLayout) -> bool:
    shape = value_shape(v)
    assert shape is not None
    return same_distribution(shape, a, b)


def _clone_constants(an: Analysis, root: Operation) -> None:
    for op in list(root.walk()):
        if not isinstance(op, arith.ConstantOp) or not isinstance(op.result.type, VectorType):
            continue
        v = op.result
        mine = an.layout.get(v)
        clones: list[tuple[AnyLayout, SSAValue]] = []
        for use in list(v.uses):
            req = an.uses.get((use.operation, use.index))
            if req is None or mine is None or _same(v, mine, req):
                continue
            target = next((c for lay, c in clones if _same(v, lay, req)), None)
            if target is None:
                clone = op.clone()
                Rewriter.insert_op(clone, InsertPoint.after(op))
                target = clone.results[0]
                an.layout[target] = req
                clones.append((req, target))
            use.operation.operands[use.index] = target


def conflicts(an: Analysis) -> list[tuple[Operation, int, SSAValue, AnyLayout, AnyLayout]]:
    """Every use whose required layout differs from its vector's: ``(op, i, value, have,
    required)``; constants are cloned for them, other values converted."""
    out = []
    for (op, i), req in list(an.uses.items()):
        v = op.operands[i]
        if not isinstance(v.type, VectorType):
            continue
        have = an.layout.get(v)
        if have is not None and not _same(v, have, req):
            out.append((op, i, v, have, req))
    return out


def _is_constant(v: SSAValue) -> bool:
    return isinstance(v, OpResult) and isinstance(v.op, arith.ConstantOp) and isinstance(v.type, VectorType)


def planned_changes(an: Analysis, root: Operation) -> list[str]:
    """What the rewrite would insert, one line each in program order (for ``print-only``)."""
    index = {op: n for n, op in enumerate(root.walk())}
    lines = []
    for op, i, v, have, req in sorted(conflicts(an), key=lambda c: (index.get(c[0], -1), c[1])):
        where = f"{describe(v)} for operand #{i} of '{op.name}'"
        if _is_constant(v):
            lines.append(f"// clone {where}: {to_attr(req)}")
        else:
            lines.append(f"// convert_layout {where}: {to_attr(have)} -> {to_attr(req)}")
    return lines


def _insert_converts(an: Analysis) -> None:
    made: dict[tuple[SSAValue, AnyLayout], SSAValue] = {}
    for op, i, v, have, req in conflicts(an):
        key = (v, req)
        conv = made.get(key)
        if conv is None and have.is_wg != req.is_wg:
            wg, sg = (have, req) if have.is_wg else (req, have)
            raise OpError(
                op,
                f"operand #{i} ({describe(v)}) needs {to_attr(req)} but has {to_attr(have)}: no "
                f"convert_layout goes between the workgroup layout {to_attr(wg)} and the layout "
                f"{to_attr(sg)} without sg_layout; give the anchor that sets {to_attr(sg)} a "
                "workgroup layout",
            )
        if conv is None and packed_load(v):
            raise OpError(
                op,
                f"operand #{i} needs {to_attr(req)}, but it is the packed load {describe(v)} laid out "
                f"with {to_attr(have)}, which cannot be converted; give its descriptor that layout",
            )
        if conv is None:
            cop = ConvertLayoutOp(v, to_attr(have), to_attr(req))
            if isinstance(v, OpResult):
                Rewriter.insert_op(cop, InsertPoint.after(v.op))
            else:
                assert isinstance(v, BlockArgument)
                Rewriter.insert_op(cop, InsertPoint.at_start(v.block))
            conv = cop.result
            an.layout[conv] = req
            made[key] = conv
        op.operands[i] = conv


def _attr_model(a: Attribute | None) -> AnyLayout | None:
    if a is None or isinstance(a, NoneAttr):
        return None
    return a.to_model()  # type: ignore[attr-defined]


def extends(user: AnyLayout, ours: AnyLayout) -> bool:
    """``ours`` is ``user`` with inst/lane fields added (what the inst/lane kinds may do to a
    user's layout): same subgroup fields and order, every inst/lane field the user wrote kept."""
    if isinstance(user, SliceLayout) or isinstance(ours, SliceLayout):
        return user == ours
    if (user.sg_layout, user.sg_data) != (ours.sg_layout, ours.sg_data):
        return False
    if user.order is not None and user.order != ours.order:
        return False
    return all(
        getattr(user, f) is None or getattr(user, f) == getattr(ours, f)
        for f in ("inst_data", "lane_layout", "lane_data")
    )


def _set_prop(op: Operation, name: str, v: SSAValue, lay: AnyLayout | None) -> None:
    """Set property ``name`` unless the user wrote one; a user's that disagrees is an error."""
    if lay is None:
        return
    have = _attr_model(op.properties.get(name))
    if have is not None and have != lay and extends(have, lay) and not _same(v, have, lay):
        have = None  # the inst/lane kinds add their fields to the user's layout
    if have is None:
        op.properties[name] = to_attr(lay)
        op.properties = dict(sorted(op.properties.items()))
    elif not _same(v, have, lay):
        raise OpError(
            op,
            f"{name} {op.properties[name]} disagrees with the layout {to_attr(lay)} of "
            f"{describe(v)}; insert an xegpu.convert_layout or fix one of them",
        )


def _unit_dims_removed(src: tuple[int, ...], res: tuple[int, ...], dims: tuple[int, ...]) -> bool:
    """``res`` is ``src`` with unit dims inserted exactly at ``dims``."""
    if len(res) != len(src) + len(dims) or any(res[d] != 1 for d in dims):
        return False
    return tuple(n for d, n in enumerate(res) if d not in dims) == src


def llvm_spelling(an: Analysis, root: Operation) -> dict[SSAValue, AnyLayout]:
    """Layouts to write in the form LLVM 22's wg-to-sg reads, for values whose derived layout
    distributes the same way (it crashes or fails to legalize otherwise):

    * a ``multi_reduction`` result: ``#xegpu.slice<source layout, dims = reduced dims>`` (the
      source's subgroup fields; only where the result has no inst/lane fields of its own);
    * elementwise ops on such a value: the same slice;
    * a ``shape_cast`` re-inserting exactly the sliced unit dims: the slice's parent, ``sg_data``
      of the unit dims included (``[32, 1]/[8, 128]`` on ``256x1``; our passes read extent-1 dims
      as ``sg_data = 1``, :func:`wgdist.layout.with_unit_dims`).
    """
    spell: dict[SSAValue, AnyLayout] = {}
    for op in root.walk():
        if not op.results:
            continue
        r = op.results[0]
        have = an.layout.get(r)
        rshape = shape_of(r.type)
        if have is None or rshape is None or r in an.fixed or not isinstance(r.type, VectorType):
            continue
        cand: AnyLayout | None = None
        if isinstance(op, MultiDimReductionOp) and isinstance(have, Layout):
            src = an.layout.get(op.source)
            if isinstance(src, Layout) and src.is_wg:
                red = tuple(sorted(int(d) for d in op.get_reduction_dims()))
                # subgroup fields only: the result's own inst/lane fields are none here (a
                # slice would read its parent's, which a 256x1 shape_cast cannot carry)
                cand = SliceLayout(explicit_order(sg_part(src)), red)
        elif is_elementwise(op):
            cand = next((spell[o] for o in op.operands if o in spell and shape_of(o.type) == rshape), None)
        elif isinstance(op, ShapeCastOp):
            src_sp = spell.get(op.source)
            sshape = shape_of(op.source.type)
            if (
                isinstance(src_sp, SliceLayout)
                and isinstance(src_sp.parent, Layout)
                and sshape is not None
                and _unit_dims_removed(sshape, rshape, src_sp.dims)
            ):
                if same_distribution(rshape, with_unit_dims(rshape, src_sp.parent), have):
                    spell[r] = src_sp.parent
                continue
        if cand is not None and same_distribution(rshape, cand, have):
            spell[r] = cand
    return spell


def _write_ops(an: Analysis, root: Operation) -> None:
    spell = llvm_spelling(an, root)
    for op in list(root.walk()):
        if isinstance(op, ConvertLayoutOp):
            if op in an.user_converts:  # the inst/lane kinds add their fields to both sides
                _set_prop(op, "input_layout", op.operands[0], an.uses.get((op, 0)))
                _set_prop(op, "target_layout", op.result, an.layout.get(op.result))
            continue
        if isinstance(op, DpasOp):
            for i, name in ((0, "layout_a"), (1, "layout_b")):
                _set_prop(op, name, op.operands[i], an.uses.get((op, i)) or an.layout.get(op.operands[i]))
            _set_prop(op, "layout_cd", op.result, an.layout.get(op.result))
            continue
        if isinstance(op, LoadNdOp):
            _set_prop(op, "layout", op.value, an.layout.get(op.value))
            continue
        if isinstance(op, StoreNdOp | PrefetchNdOp):
            _set_prop(op, "layout", op.TensorDesc, an.layout.get(op.TensorDesc))
            continue
        if op.name in ("xegpu.store", "xegpu.store_matrix"):
            _set_prop(op, "layout", op.operands[0], an.uses.get((op, 0)))
            continue
        for r in op.results:
            lay = an.layout.get(r)
            if lay is None or not isinstance(r.type, VectorType):
                continue
            if r in an.fixed:
                user = _attr_model(op.attributes.get(f"layout_result_{r.index}"))
                if user is None or user == lay or not extends(user, lay):
                    continue
            set_result_layout(op, r.index, to_attr(explicit_order(spell.get(r, lay))))


def _write_descriptors(an: Analysis, root: Operation) -> None:
    todo: list[tuple[SSAValue, AnyLayout]] = []
    for op in root.walk():
        values: list[SSAValue] = list(op.results)
        for region in op.regions:
            for block in region.blocks:
                values.extend(block.args)
        for v in values:
            t = v.type
            if not isinstance(t, TensorDescType) or v not in an.layout:
                continue
            user = _attr_model(t.layout)
            if user is None or (user != an.layout[v] and extends(user, an.layout[v])):
                todo.append((v, an.layout[v]))
    for v, lay in todo:
        if not isinstance(lay, Layout):
            owner = v.op if isinstance(v, OpResult) else None
            if isinstance(v, BlockArgument):
                owner = v.block.parent_op()
            assert owner is not None
            raise OpError(owner, f"{describe(v)} would need the slice layout {to_attr(lay)}, which a tensor_desc cannot carry")
        t = v.type
        assert isinstance(t, TensorDescType)
        if isinstance(v, OpResult):
            set_result_layout(v.op, v.index, LayoutAttr.from_model(lay))
        else:
            Rewriter.replace_value_with_new_type(v, t.with_layout(LayoutAttr.from_model(lay)))


def rewrite(an: Analysis, root: Operation) -> None:
    _clone_constants(an, root)
    _insert_converts(an)
    _write_ops(an, root)
    _write_descriptors(an, root)
