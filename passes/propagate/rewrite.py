"""Write an :class:`~.analysis.Analysis` into the IR where LLVM 22 reads layouts.

* constants whose users need different layouts are cloned, one per layout;
* a use whose requirement differs from its value's layout gets an ``xegpu.convert_layout``
  (one per value and layout, right after the value's definition);
  (none can go between a workgroup and a non-workgroup layout, or convert a packed load: both
  are reported at the consumer);
* layouts go to descriptor types, load_nd/store_nd/prefetch_nd/load/store/store_matrix ``layout``,
  dpas ``layout_a/b/cd``, and ``layout_result_N`` everywhere else (scf results included), in
  the forms LLVM 22's wg-to-sg reads (:mod:`.spelling`); :data:`WRITERS` says where for
  each anchor op;
* a function whose tensor_desc argument got a layout has its signature updated.

A layout the user wrote is never replaced (the inst/lane kinds only add their fields): when it
disagrees with its descriptor, the op is reported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import FunctionType, VectorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects.xegpu import (
    ConvertLayoutOp,
    DpasOp,
    LayoutAttr,
    LoadGatherOp,
    LoadNdOp,
    PrefetchNdOp,
    StoreMatrixOp,
    StoreNdOp,
    StoreScatterOp,
    TensorDescType,
)
from wgdist.dialects.xegpu.layout_access import result_attr_name, set_result_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import AnyLayout, Layout, SliceLayout, layout_text, same_distribution
from wgdist.layout.rules_below import below_plain
from wgdist.passes.propagate.analysis import Analysis
from wgdist.passes.propagate.anchors import FUNCTIONS
from wgdist.passes.propagate.spelling import explicit_order, llvm_spelling, to_attr
from wgdist.passes.propagate.values import attr_layout, describe, packed_load, value_shape

OpT = TypeVar("OpT", bound=Operation)


def _same(v: SSAValue, a: AnyLayout, b: AnyLayout) -> bool:
    """Whether ``v`` laid out by ``a`` serves where ``b`` is required (below the workgroup
    level a slice with one lane on its sliced dims is its kept dims' plain layout)."""
    shape = value_shape(v)
    assert shape is not None
    return same_distribution(shape, below_plain(a), below_plain(b))


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
            lines.append(f"// clone {where}: {layout_text(req)}")
        else:
            lines.append(f"// convert_layout {where}: {layout_text(have)} -> {layout_text(req)}")
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
                f"operand #{i} ({describe(v)}) needs {layout_text(req)} but has {layout_text(have)}: no "
                f"convert_layout goes between the workgroup layout {layout_text(wg)} and the layout "
                f"{layout_text(sg)} without sg_layout; give the anchor that sets {layout_text(sg)} a "
                "workgroup layout",
            )
        if conv is None and packed_load(v):
            raise OpError(
                op,
                f"operand #{i} needs {layout_text(req)}, but it is the packed load {describe(v)} laid out "
                f"with {layout_text(have)}, which cannot be converted; give its descriptor that layout",
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
    have = attr_layout(op.properties.get(name))
    if have is not None and have != lay and extends(have, lay) and not _same(v, have, lay):
        have = None  # the inst/lane kinds add their fields to the user's layout
    if have is None:
        op.properties[name] = to_attr(lay)
        op.properties = dict(sorted(op.properties.items()))
    elif not _same(v, have, lay):
        raise OpError(
            op,
            f"{name} {op.properties[name]} disagrees with the layout {layout_text(lay)} of "
            f"{describe(v)}; insert an xegpu.convert_layout or fix one of them",
        )


def _write_convert_layout(op: ConvertLayoutOp, an: Analysis) -> None:
    if op in an.user_converts:  # the inst/lane kinds add their fields to both sides
        _set_prop(op, "input_layout", op.source, an.uses.get((op, 0)))
        _set_prop(op, "target_layout", op.result, an.layout.get(op.result))


def _write_dpas(op: DpasOp, an: Analysis) -> None:
    for i, name in ((0, "layout_a"), (1, "layout_b")):
        _set_prop(op, name, op.operands[i], an.uses.get((op, i)) or an.layout.get(op.operands[i]))
    _set_prop(op, "layout_cd", op.result, an.layout.get(op.result))


def _write_load_nd(op: LoadNdOp, an: Analysis) -> None:
    _set_prop(op, "layout", op.value, an.layout.get(op.value))


def _write_load_gather(op: LoadGatherOp, an: Analysis) -> None:
    _set_prop(op, "layout", op.value, an.layout.get(op.value))


def _write_nd_access(op: StoreNdOp | PrefetchNdOp, an: Analysis) -> None:
    _set_prop(op, "layout", op.TensorDesc, an.layout.get(op.TensorDesc))


def _write_store(op: StoreScatterOp | StoreMatrixOp, an: Analysis) -> None:
    _set_prop(op, "layout", op.operands[0], an.uses.get((op, 0)))


def _writer(cls: type[OpT], write: Callable[[OpT, Analysis], None]) -> tuple[type[Operation], Callable[[Any, Analysis], None]]:
    """A table entry whose function takes ``cls`` (checked by the type checker)."""
    return cls, write


WRITERS: dict[type[Operation], Callable[[Any, Analysis], None]] = dict(
    [
        _writer(ConvertLayoutOp, _write_convert_layout),
        _writer(DpasOp, _write_dpas),
        _writer(LoadNdOp, _write_load_nd),
        _writer(LoadGatherOp, _write_load_gather),
        _writer(StoreNdOp, _write_nd_access),
        _writer(PrefetchNdOp, _write_nd_access),
        _writer(StoreScatterOp, _write_store),
        _writer(StoreMatrixOp, _write_store),
    ]
)
"""Where the anchor ops keep layouts (their properties); every other op gets
``layout_result_N`` on its vector results."""


def _write_results(op: Operation, an: Analysis, spelled: dict[SSAValue, AnyLayout]) -> None:
    for r in op.results:
        lay = an.layout.get(r)
        if lay is None or not isinstance(r.type, VectorType):
            continue
        if r in an.fixed:
            user = attr_layout(op.attributes.get(result_attr_name(r.index)))
            if user is None or user == lay or not extends(user, lay):
                continue
        set_result_layout(op, r.index, to_attr(explicit_order(spelled.get(r, lay))))


def _write_ops(an: Analysis, root: Operation) -> None:
    spelled = llvm_spelling(root, an.layout, an.fixed)
    for op in list(root.walk()):
        write = WRITERS.get(type(op))
        if write is not None:
            write(op, an)
        else:
            _write_results(op, an, spelled)


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
            user = attr_layout(t.layout)
            if user is None or (user != an.layout[v] and extends(user, an.layout[v])):
                todo.append((v, an.layout[v]))
    for v, lay in todo:
        if not isinstance(lay, Layout):
            owner = v.op if isinstance(v, OpResult) else None
            if isinstance(v, BlockArgument):
                owner = v.block.parent_op()
            assert owner is not None
            raise OpError(owner, f"{describe(v)} would need the slice layout {layout_text(lay)}, which a tensor_desc cannot carry")
        t = v.type
        assert isinstance(t, TensorDescType)
        if isinstance(v, OpResult):
            set_result_layout(v.op, v.index, LayoutAttr.from_model(lay))
        else:
            Rewriter.replace_value_with_new_type(v, t.with_layout(LayoutAttr.from_model(lay)))
    _sync_signatures(root)


def _sync_signatures(root: Operation) -> None:
    """A function whose entry block argument (a tensor_desc) got a layout takes the new
    argument types into its signature (``function_type``), so the module still verifies."""
    for fn in root.walk():
        if not isinstance(fn, FUNCTIONS) or not fn.body.blocks:
            continue
        ftype = fn.function_type
        args = [a.type for a in fn.body.blocks[0].args]
        if tuple(args) != tuple(ftype.inputs.data):
            fn.function_type = FunctionType.from_lists(args, list(ftype.outputs.data))


def rewrite(an: Analysis, root: Operation) -> None:
    _clone_constants(an, root)
    _insert_converts(an)
    _write_ops(an, root)
    _write_descriptors(an, root)
