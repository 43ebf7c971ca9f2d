"""Backward (use -> def) layout dataflow to a fixpoint, completed forward (def -> use) where
nothing downstream decides (see :meth:`Analysis._complete`).

State:

* ``layout[v]``: the layout value ``v`` is *produced* with;
* ``uses[(op, i)]``: the layout operand ``i`` of ``op`` *requires*.

Seeds are the user's layouts: results an op fixes (descriptor types, load_nd ``layout``, dpas
``layout_cd``, convert_layout ``target_layout``, ``layout_result_N``) and operands an anchor
pins (:data:`.anchors.ANCHORS`: dpas ``layout_a/b/cd``, stored values, prefetched descriptors,
convert_layout ``input_layout``). A value with no fixed layout takes the first requirement that
reaches it (anchors' requirements are seeded first, so they win); every later, different
requirement stays recorded on its use and becomes an ``xegpu.convert_layout`` in the rewrite.
Producing ops turn their result layouts into operand requirements through their backward rule
(:data:`.rules.RULES`); ``scf`` ops pass a layout to the init and yielded values of what they
carry (:data:`.regions.REGIONS`).

Values that must carry one layout are *partners* (:mod:`.partners`): an ``scf.for`` /
``scf.while`` result and its region argument, and for tensor descriptors (whose layout is part
of the type) also the init, yielded and ``update_nd_offset`` values of the chain. Once a
descriptor has a layout, every store_nd through it requires its stored value to have it.

What the anchors imply beyond their operands (a dpas's ``layout_cd`` from ``layout_a/b``, a
descriptor's layout from a value stored through it, the B defaults of the inst/lane kinds) is in
:mod:`.anchors`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects.builtin import VectorType
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from wgdist.dialects.vector import ExtractStridedSliceOp, MultiDimReductionOp, ShapeCastOp
from wgdist.dialects.xegpu import ConvertLayoutOp, LoadNdOp, StoreNdOp, TensorDescType
from wgdist.dialects.xegpu.layout_access import value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import (
    AnyLayout,
    Layout,
    RuleError,
    SliceLayout,
    block_layouts,
    distribution_errors,
    layout_text,
    reduction_source_accepts,
    same_distribution,
    with_unit_dims,
)
from wgdist.layout.rules_below import below_innermost, whole_layout
from wgdist.passes.propagate.anchors import (
    ANCHORS,
    OPERAND_ROLES,
    dpas_b_descriptors,
    in_any,
    load_layout,
    store_layout,
    wg_functions,
)
from wgdist.passes.propagate.defaults import Kind, Role, default_error, with_defaults
from wgdist.passes.propagate.partners import Partners
from wgdist.passes.propagate.regions import REGIONS
from wgdist.passes.propagate.rules import (
    forward_result_layout,
    load_result_layout,
    operand_requirements,
)
from wgdist.passes.propagate.values import (
    describe,
    element_bits,
    element_is_integer,
    tracked,
    value_shape,
)

Use = tuple[Operation, int]


def _shape_cast_alternatives(op: Operation, shape: tuple[int, ...], need: AnyLayout, fallback: bool) -> list[AnyLayout]:
    """For a source that fits no layout its users need: below the workgroup level, the needed
    layout split along the innermost dim alone; at it, in the fallback round, a contiguous
    block layout (:func:`~wgdist.layout.block_layouts`); the users convert."""
    if not need.is_wg:
        inner = below_innermost(need)
        return [inner] if inner is not None else []
    return list(block_layouts(shape, need)) if fallback else []


def _load_nd_alternatives(op: Operation, shape: tuple[int, ...], need: AnyLayout, fallback: bool) -> list[AnyLayout]:
    """A descriptor cannot carry a slice: load a plain layout (:func:`~.anchors.load_layout`),
    convert to the slice."""
    return list(load_layout(shape, need)) if isinstance(need, SliceLayout) else []


def _reduction_alternatives(op: Operation, shape: tuple[int, ...], need: AnyLayout, fallback: bool) -> list[AnyLayout]:
    """A result needed as a slice of a source-rank layout on other dims than the reduced ones
    (a broadcast along another dim): the slice of that layout on the reduced dims, when it
    splits the source; the users convert (the seed RFC's conversion rule)."""
    assert isinstance(op, MultiDimReductionOp)
    source = value_shape(op.source)
    red = tuple(sorted(int(d) for d in op.get_reduction_dims()))
    if not isinstance(need, SliceLayout) or source is None or need.parent.rank != len(source):
        return []
    if not isinstance(need.parent, Layout) or distribution_errors(source, need.parent):
        return []
    return [SliceLayout(need.parent, red)]


def _window_alternatives(op: Operation, shape: tuple[int, ...], need: AnyLayout, fallback: bool) -> list[AnyLayout]:
    """In the fallback round, for a window whose tiles do not sit inside the same subgroups'
    tiles of its source (offsets off the tile grid): every subgroup holds the whole window, cut
    locally from the whole source; the users convert (each keeps its own part, no exchange)."""
    if not fallback or not isinstance(need, Layout) or not need.is_wg:
        return []
    return [whole_layout(need, shape)]


ALTERNATIVES: dict[type[Operation], Callable[[Operation, tuple[int, ...], AnyLayout, bool], list[AnyLayout]]] = {
    ShapeCastOp: _shape_cast_alternatives,
    LoadNdOp: _load_nd_alternatives,
    MultiDimReductionOp: _reduction_alternatives,
    ExtractStridedSliceOp: _window_alternatives,
}
"""Layouts a blocked op (one whose backward rule fails for the layout its users need) may
produce instead, given the op, its result's shape, the needed layout and whether this is the
fallback round; its users then convert."""


def operand_role(op: Operation, index: int) -> Role:
    """What operand ``index`` of ``op`` is used as (for the inst/lane defaults)."""
    anchor = ANCHORS.get(type(op))
    if anchor is not None:
        return anchor.role(op, index)
    roles = OPERAND_ROLES.get(type(op), ())
    return roles[index] if index < len(roles) else "plain"


@dataclass
class Analysis:
    """The layouts of a module's values (``layout``) and of the uses that require one
    (``uses``), with those the user wrote (``fixed``, ``fixed_uses``); :meth:`run` computes them
    for the layout kind ``kind``."""

    kind: Kind = "subgroup"
    layout: dict[SSAValue, AnyLayout] = field(default_factory=dict)
    fixed: set[SSAValue] = field(default_factory=set)
    uses: dict[Use, AnyLayout] = field(default_factory=dict)
    fixed_uses: set[Use] = field(default_factory=set)
    _work: deque[SSAValue] = field(default_factory=deque)
    _blocked: dict[Operation, tuple[SSAValue, str]] = field(default_factory=dict)
    user_converts: set[Operation] = field(default_factory=set)
    _wg_fns: set[Operation] = field(default_factory=set)
    _b_descs: dict[SSAValue, Role] = field(default_factory=dict)

    _partners: Partners = field(default_factory=Partners)

    def partners(self, v: SSAValue) -> list[SSAValue]:
        return self._partners.of(v)

    # ---- assignment --------------------------------------------------------------------------
    def _decorate(self, layout: AnyLayout | None, v: SSAValue, role: Role) -> AnyLayout | None:
        shape = value_shape(v)
        if shape is None:
            return None
        if role == "plain":
            role = self._b_descs.get(v, role)
        out = with_defaults(layout, self.kind, shape, role, element_bits(v.type), element_is_integer(v.type))
        if out is None:
            return None
        if isinstance(out, Layout) and out.sg_layout is None and out.inst_data is None and out.lane_layout is None:
            return None
        if self.kind == "subgroup" and not out.is_wg:
            return None
        return out

    def assign(self, v: SSAValue, layout: AnyLayout, fixed: bool = False) -> None:
        for p in self.partners(v):
            if p not in self.layout:
                self.layout[p] = layout
                if fixed:
                    self.fixed.add(p)
                self._work.append(p)

    def require(self, op: Operation, index: int, layout: AnyLayout | None, fixed: bool = False) -> None:
        defaults_only = False
        if layout is None:
            if not fixed or self.kind == "subgroup" or in_any(op, self._wg_fns):
                return
            layout, defaults_only = Layout(), True  # an anchor without a layout gets the kind's defaults
        v = op.operands[index]
        if not tracked(v):
            return
        dec = self._decorate(layout, v, operand_role(op, index))
        if dec is None:
            shape = value_shape(v)
            if defaults_only and shape is not None:
                why = default_error(self.kind, shape, operand_role(op, index))
                raise OpError(op, f"no layout-kind={self.kind} default for operand #{index} ({describe(v)}): {why}")
            return
        use = (op, index)
        if use in self.uses and (use in self.fixed_uses or not fixed):
            return
        self.uses[use] = dec
        if fixed:
            self.fixed_uses.add(use)
        if v not in self.layout:
            self.assign(v, dec)

    # ---- seeds -------------------------------------------------------------------------------
    def _fixed_result(self, v: SSAValue) -> AnyLayout | None:
        """The layout ``v`` is produced with whatever its users need: what its anchor produces,
        else what is written on it (extended by the inst/lane defaults)."""
        anchor = ANCHORS.get(type(v.op)) if isinstance(v, OpResult) else None
        if isinstance(v, OpResult) and anchor is not None and anchor.produced is not None:
            produced = anchor.produced(v.op)
            if produced is not None:
                return produced
        attr = value_layout(v)
        if attr is None:
            return None
        if isinstance(v, BlockArgument) and not isinstance(v.type, TensorDescType):
            return None  # region args of vectors follow their op's result, handled by partners
        role: Role = anchor.result_role if anchor is not None else "plain"
        model = attr.to_model()
        shape = value_shape(v)
        if shape is not None:
            model = with_unit_dims(shape, model)  # LLVM 22's [32, 1]/[8, 128] on a 256x1 value
        return self._decorate(model, v, role)

    def _seed_results(self, op: Operation) -> None:
        values: list[SSAValue] = list(op.results)
        for region in op.regions:
            for block in region.blocks:
                values.extend(block.args)
        for v in values:
            if tracked(v) and v not in self.layout:
                got = self._fixed_result(v)
                if got is not None:
                    self._check_valid(op, v, got)
                    self.assign(v, got, fixed=True)
        anchor = ANCHORS.get(type(op))
        if anchor is None or not op.results:
            return
        r = op.results[0]
        implied = anchor.implied(op) if anchor.implied is not None and r not in self.layout else None
        if implied is not None:
            got = self._decorate(implied, r, anchor.result_role)
            assert got is not None
            self._check_valid(op, r, got)
            self.assign(r, got, fixed=True)
        if anchor.default_result and r not in self.layout and self.kind != "subgroup" and not in_any(op, self._wg_fns):
            got = self._decorate(None, r, anchor.result_role)
            shape = value_shape(r)
            if got is None and shape is not None:
                why = default_error(self.kind, shape, anchor.result_role)
                raise OpError(op, f"no layout-kind={self.kind} default for {describe(r)}: {why}")
            if got is not None:
                self.assign(r, got, fixed=True)

    def _seed_uses(self, op: Operation) -> None:
        anchor = ANCHORS.get(type(op))
        if anchor is not None and anchor.pins is not None:
            for i, lay in anchor.pins(op):
                self.require(op, i, lay, fixed=True)

    def _constrain_stores(self, desc: SSAValue, lay: AnyLayout) -> None:
        """A store_nd through ``desc`` writes its value with the descriptor's layout: once the
        descriptor (or a loop / update_nd_offset partner of it) has one, the stored value must
        have it too (a different one converts in front of the store)."""
        for use in list(desc.uses):
            op = use.operation
            if isinstance(op, StoreNdOp) and op.TensorDesc is desc:
                self.require(op, 0, lay, fixed=True)

    def _check_valid(self, op: Operation, v: SSAValue, lay: AnyLayout) -> None:
        shape = value_shape(v)
        assert shape is not None
        errs = distribution_errors(shape, lay)
        if errs:
            raise OpError(op, f"layout of {describe(v)} cannot distribute {list(shape)}: {errs[0]}")

    # ---- fixpoint ----------------------------------------------------------------------------
    def _process(self, v: SSAValue) -> None:
        lay = self.layout[v]
        if isinstance(v.type, TensorDescType):
            self._constrain_stores(v, lay)
        if isinstance(v, BlockArgument):
            owner = v.block.parent_op()
            flow = REGIONS.get(type(owner)) if owner is not None else None
            for use_op, i in flow.arg_uses(owner, v) if flow is not None else []:
                self.require(use_op, i, lay)
            return
        assert isinstance(v, OpResult)
        op = v.op
        flow = REGIONS.get(type(op))
        if flow is not None:
            for use_op, i in flow.result_uses(op, v.index):
                self.require(use_op, i, lay)
            return
        try:
            reqs = operand_requirements(op, self.layout.get(op.results[0]), self.kind != "subgroup")
        except RuleError as e:
            # Resolved later from the operands' side when possible (see _complete).
            self._blocked.setdefault(op, (v, f"cannot derive operand layouts from {describe(v)}: {e}"))
            return
        for i, req in reqs:
            self.require(op, i, req)

    def _drain(self) -> None:
        while self._work:
            self._process(self._work.popleft())

    def _complete(self, ops: list[Operation]) -> None:
        """Def -> use completion, after the use -> def fixpoint, until nothing changes:

        * a value nothing downstream gives a layout takes the one its operands imply
          (:func:`~.rules.forward_result_layout`), e.g. a reduction feeding only a
          ``vector.reduction``; the fixpoint then carries it back to other operands (constants);
        * an op whose backward rule fails for its result's layout ``R`` produces the layout its
          operands imply instead, and its users get ``R`` through a conversion.

        An op still blocked afterwards is reported.
        """
        fallback = False
        while True:
            changed = False
            for op in ops:
                if op in self._blocked:
                    if self._unblock(op, fallback):
                        del self._blocked[op]
                        changed = True
                        fallback = False
                    continue
                for r in op.results:
                    if isinstance(r.type, VectorType) and r not in self.layout:
                        f = self._forward(op, r) or (self._cast_block(op, r) if fallback else None)
                        if f is not None:
                            self.assign(r, f)
                            changed = True
                if isinstance(op, StoreNdOp) and op.TensorDesc not in self.layout:
                    changed |= self._desc_from_stored(op)
            self._drain()
            if not changed:
                if fallback:
                    break
                fallback = True  # one more round in which a blocked op or a cast may take a block layout
        for op, (v, msg) in self._blocked.items():
            raise OpError(op, msg + self._no_conversion(op, v))

    def _no_conversion(self, op: Operation, v: SSAValue) -> str:
        """Why no conversion resolves a blocked op: the layout its users need and, for a
        reduction, why the slice of that layout's parent on the reduced dims does not fit."""
        need = self.layout.get(v)
        if need is None:
            return ""
        out = f"; its users need {layout_text(need)}"
        source = value_shape(op.operands[0]) if isinstance(op, MultiDimReductionOp) else None
        if isinstance(need, SliceLayout) and source is not None and need.parent.rank == len(source):
            errs = distribution_errors(source, need.parent)
            if errs:
                out += f", and {layout_text(need.parent)} cannot split the source {list(source)} to convert from: {errs[0]}"
        return out

    def _desc_from_stored(self, op: StoreNdOp) -> bool:
        """A descriptor no anchor reaches takes the layout of a value stored through it (the
        nearest layout a store may use, :func:`~.anchors.store_layout`)."""
        have = self.layout.get(op.value)
        shape = value_shape(op.TensorDesc)
        if have is None or not have.is_wg or shape is None:
            return False
        lay = store_layout(shape, have)
        dec = self._decorate(lay, op.TensorDesc, "plain") if lay is not None else None
        if dec is None:
            return False
        self.assign(op.TensorDesc, dec)
        return True

    def _forward(self, op: Operation, r: OpResult) -> AnyLayout | None:
        """The layout ``op``'s operands imply for ``r``; for scf ops, that of the values flowing
        into it (an init or a yielded value)."""
        flow = REGIONS.get(type(op))
        if flow is not None:
            flows = flow.inflows(op, r.index) if flow.inflows is not None else []
            return next((self.layout[v] for v in flows if v in self.layout and self.layout[v].is_wg), None)
        return forward_result_layout(op, [self.layout.get(o) for o in op.operands])

    def _cast_block(self, op: Operation, r: OpResult) -> AnyLayout | None:
        """A shape_cast result nothing downstream decides, whose source layout maps to no layout
        of the result (subgroups holding strided runs of it): a contiguous block layout
        (:func:`~wgdist.layout.block_layouts`) its source converts to."""
        src = self.layout.get(op.operands[0]) if isinstance(op, ShapeCastOp) else None
        shape = value_shape(r)
        if src is None or not src.is_wg or shape is None:
            return None
        for cand in block_layouts(shape, src):
            try:
                operand_requirements(op, cand)
            except RuleError:
                continue
            return cand
        return None

    def _unblock(self, op: Operation, fallback: bool) -> bool:
        """Give ``op``'s result a layout its backward rule accepts: the one its operands imply,
        else one of its :data:`ALTERNATIVES` (some only in the ``fallback`` round)."""
        v, _ = self._blocked[op]
        if v in self.fixed or len(op.results) != 1 or self.partners(v) != [v]:
            return False
        cands: list[AnyLayout] = []
        f = forward_result_layout(op, [self.layout.get(o) for o in op.operands])
        if f is not None:
            cands.append(f)
        shape = value_shape(v)
        alternatives = ALTERNATIVES.get(type(op))
        if alternatives is not None and shape is not None:
            cands.extend(alternatives(op, shape, self.layout[v], fallback))
        for cand in cands:
            try:
                reqs = operand_requirements(op, cand, self.kind != "subgroup")
            except RuleError:
                continue
            self.layout[v] = cand  # every use keeps its requirement: they differ, so they convert
            for i, req in reqs:
                self.require(op, i, req)
            return True
        return False

    def run(self, root: Operation) -> None:
        ops = list(root.walk())
        self.user_converts = {op for op in ops if isinstance(op, ConvertLayoutOp)}
        for op in ops:
            self._partners.link(op)
        self._wg_fns = wg_functions(root)
        if self.kind != "subgroup":
            self._b_descs = dpas_b_descriptors(ops, self.partners)
        for op in ops:
            self._seed_results(op)
        for op in ops:
            self._seed_uses(op)
        self._drain()
        self._complete(ops)
        # A load produces the layout of its descriptor (permuted when transposed); different
        # needs of its users convert.
        for op in ops:
            if isinstance(op, LoadNdOp) and op.TensorDesc in self.layout:
                self.layout[op.value] = load_result_layout(op, self.layout[op.TensorDesc])
        for op in ops:
            if isinstance(op, MultiDimReductionOp):
                self._relax_reduction(op)

    def _relax_reduction(self, op: MultiDimReductionOp) -> None:
        """A reduction takes its source as produced, even split over subgroups along a reduced
        dim, when that gives every subgroup the same result fibres
        (:func:`~wgdist.layout.reduction_source_accepts`), instead of converting it to the
        derived source layout; its result is then spelled as the slice of that source."""
        use = (op, 0)
        req, have, res = self.uses.get(use), self.layout.get(op.source), self.layout.get(op.dest)
        shape = value_shape(op.source)
        if req is None or have is None or res is None or shape is None:
            return
        if not isinstance(res, SliceLayout) and op.dest in self.fixed:
            return  # a user's plain result stays subgroup-local
        if same_distribution(shape, have, req):
            return
        red = [int(d) for d in op.get_reduction_dims()]
        if not reduction_source_accepts(res, shape, red, have):
            self._convert_result_instead(op, have, red)
            return
        self.uses[use] = have
        if op.dest not in self.fixed and isinstance(have, Layout):
            self.layout[op.dest] = SliceLayout(have, tuple(sorted(red)))

    def _convert_result_instead(self, op: MultiDimReductionOp, have: AnyLayout, red: list[int]) -> None:
        """The cheaper side of a conflict: when the source as produced reduces within each
        subgroup (one subgroup along every reduced dim), the reduction takes it and its smaller
        result converts to what its users need, instead of the source converting."""
        shape = value_shape(op.source)
        if self.kind != "subgroup" or op.dest in self.fixed or self.partners(op.dest) != [op.dest] or shape is None:
            return
        if not isinstance(have, Layout) or have.sg_layout is None or any(have.sg_layout[d] != 1 for d in red):
            return
        if distribution_errors(shape, have):
            return
        result = SliceLayout(have, tuple(sorted(red)))
        self.uses[(op, 0)] = have
        self.layout[op.dest] = result
        if (op, 1) in self.uses and (op, 1) not in self.fixed_uses:
            self.uses[(op, 1)] = result  # the accumulator converts with the result (or is cloned)
            acc = op.acc
            if acc not in self.fixed and len(list(acc.uses)) == 1 and self.partners(acc) == [acc] and acc in self.layout:
                self.layout[acc] = result  # used here only: produced as needed

