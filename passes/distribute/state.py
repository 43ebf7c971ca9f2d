"""The state of the two phases of the distribution and the handler contract.

* :class:`Plan` (phase 1, check): the walk over one function that finds the ops touching a
  workgroup value, asks each one's :class:`Handler` to check it, and keeps what the handler
  decided (its :class:`OpPlan`) and how every WG value is split (:class:`~.dist.Dist`).
* :class:`Env` (phase 2, rewrite): what the handlers share while they emit the subgroup ops of
  one function: the WG value -> subgroup tiles map and the hoisted subgroup-id arithmetic.

A handler is typed by the op class it handles and by the plan it keeps::

    class LoadNd:                                   # Handler[LoadNdOp, TilesPlan]
        def check(self, op: LoadNdOp, plan: Plan) -> TilesPlan: ...         # no IR change
        def rewrite(self, op: LoadNdOp, env: Env, planned: TilesPlan) -> None: ...

``check`` validates the op against the layout model (an :class:`OpError` naming the op and the
reason, before anything changes) and returns the result splits plus whatever it found out
that ``rewrite`` needs (which source tile feeds which result tile, ...); ``rewrite`` uses that
and recomputes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects.xegpu.attrs import sg_id_range
from wgdist.dialects.xegpu.layout_access import operand_layout_anchor, value_layout
from wgdist.ir.diagnostics import OpError
from wgdist.layout import layout_text
from wgdist.passes.distribute.dist import Dist, is_wg_attr
from wgdist.passes.distribute.sg_ids import SgIds


@dataclass(frozen=True)
class OpPlan:
    """What ``check`` decided for one op: how each result is split (None: not distributed).
    A handler whose ``rewrite`` needs more facts keeps them in a subclass of its own."""

    results: tuple[Dist | None, ...] = ()


@dataclass(frozen=True)
class TilesPlan(OpPlan):
    """``tiles[k]``: the tile of the operand the op reads (for a store: the stored value; for a
    load: the descriptor) that goes with result/destination tile ``k``, the same in every
    subgroup."""

    tiles: tuple[int, ...] = ()


OpT = TypeVar("OpT", bound=Operation, contravariant=True)
PlanT = TypeVar("PlanT", bound=OpPlan)
_Op = TypeVar("_Op", bound=Operation)


class Handler(Protocol[OpT, PlanT]):
    """The distribution of one op class (see the module docstring)."""

    def check(self, op: OpT, plan: Plan) -> PlanT:
        """Validate ``op``; return how each result is split and the facts ``rewrite`` needs."""
        ...

    def rewrite(self, op: OpT, env: Env, planned: PlanT) -> None:
        """Emit the subgroup ops before ``op`` and fill ``env.vmap`` for its results."""
        ...


HandlerTable = Mapping[type[Operation], Handler[Any, Any]]
"""Handlers keyed by the op class they distribute."""


class Plan:
    """Phase 1: the WG ops of one function, their plans and the split of every WG value."""

    def __init__(self, handlers: HandlerTable, slm_bytes: int) -> None:
        self.handlers = handlers
        self.slm_bytes = slm_bytes
        """Shared local memory a workgroup has (the pass option ``slm-bytes``)."""
        self.dist: dict[SSAValue, Dist] = {}
        self.ops: list[Operation] = []
        """The WG ops in walk order (an op before the ops of its regions)."""
        self.planned: dict[Operation, tuple[Handler[Any, Any], OpPlan]] = {}
        self.base: dict[Operation, int] = {}
        self.carried: dict[Block, Sequence[Dist | None]] = {}
        """The split of what each block's terminator passes on (``scf.yield``), set by the op
        that owns the block before the block is checked."""
        self._ranges: list[tuple[int, int]] = []
        self._first: tuple[int, Operation, Dist] | None = None
        """The subgroup count outside sg_id_range regions (the first layout seen), for checking."""

    # ---- queries for handlers ----------------------------------------------------------------
    def operand(self, op: Operation, index: int, what: str | None = None) -> Dist:
        """The split of operand ``index``; an error if it is not a distributed WG value."""
        v = op.operands[index]
        d = self.dist.get(v)
        if d is not None:
            return d
        name = what or f"operand #{index}"
        attr = value_layout(v)
        owner = v.owner
        origin = f"produced by '{owner.name}'" if isinstance(owner, Operation) else "a function argument"
        if is_wg_attr(attr):
            raise OpError(op, f"{name} ({v.type}, {origin}) has a workgroup layout but was not distributed")
        raise OpError(
            op,
            f"{name} ({v.type}, {origin}) has no workgroup layout: the op is distributed with "
            "sg_layout, so this operand needs one too (give its producer a layout_result_0, or "
            "run xegpu-propagate-layout first)",
        )

    def maybe(self, v: SSAValue) -> Dist | None:
        return self.dist.get(v)

    def range_size(self) -> int | None:
        if not self._ranges:
            return None
        a, b = self._ranges[-1]
        return b - a

    def no_rule(self, op: Operation) -> str:
        """Why ``op`` cannot be distributed when no handler takes it."""
        for i, o in enumerate(op.operands):
            d = self.dist.get(o)
            if d is not None:
                return (
                    f"has no workgroup-to-subgroup rule, but operand #{i} ({o.type}) is a "
                    f"workgroup value distributed with {layout_text(d.layout)}"
                )
        return "has no workgroup-to-subgroup rule, but it carries a workgroup layout (sg_layout)"

    # ---- the walk ----------------------------------------------------------------------------
    def check_region(self, region: Region) -> None:
        for block in region.blocks:
            self.check_block(block)

    def check_block(self, block: Block) -> None:
        for op in block.ops:
            self.check_op(op)

    def check_op(self, op: Operation) -> None:
        rng = sg_id_range(op)
        if rng is not None:
            self._ranges.append(rng)
        try:
            if not self._is_wg(op):
                for region in op.regions:
                    self.check_region(region)
                return
            h = self.handlers.get(type(op))
            if h is None:
                raise OpError(op, self.no_rule(op))
            self.ops.append(op)
            self.base[op] = self._ranges[-1][0] if self._ranges else 0
            planned = h.check(op, self)
            self.planned[op] = (h, planned)
            for res, d in zip(op.results, planned.results):
                if d is not None:
                    self._record(op, res, d)
        finally:
            if rng is not None:
                self._ranges.pop()

    def record(self, op: Operation, v: SSAValue, d: Dist) -> None:
        """Record the split of a value a handler creates besides results (block arguments)."""
        self._record(op, v, d)

    def _record(self, op: Operation, v: SSAValue, d: Dist) -> None:
        size = self.range_size()
        if size is not None and d.num_subgroups != size:
            a, b = self._ranges[-1]
            raise OpError(
                op,
                f"sg_layout size {d.num_subgroups} ({layout_text(d.layout)}) must match the "
                f"sg_id_range [{a}, {b}) of the enclosing scf.if ({size} subgroups)",
            )
        if size is None:
            if self._first is None:
                self._first = (d.num_subgroups, op, d)
            elif d.num_subgroups != self._first[0]:
                n, first, fd = self._first
                raise OpError(
                    op,
                    f"sg_layout size {d.num_subgroups} ({layout_text(d.layout)}) differs from the "
                    f"{n} subgroups of the workgroup's other layouts ({layout_text(fd.layout)} on "
                    f"'{first.name}'): every layout outside an sg_id_range must cover all subgroups",
                )
        self.dist[v] = d

    def _is_wg(self, op: Operation) -> bool:
        if any(o in self.dist for o in op.operands):
            return True
        if any(is_wg_attr(value_layout(r)) for r in op.results):
            return True
        if any(is_wg_attr(value_layout(o)) for o in op.operands if not isinstance(o.type, VectorType)):
            return True  # e.g. a WG tensor_desc function argument
        return any(is_wg_attr(operand_layout_anchor(op, i)) for i in range(len(op.operands)))


@dataclass
class Env:
    """What handlers share while rewriting one function."""

    ids: SgIds
    dist: dict[SSAValue, Dist]
    vmap: dict[SSAValue, list[SSAValue]] = field(default_factory=dict)
    base: dict[Operation, int] = field(default_factory=dict)
    """sg_id_range start of each WG op (0 outside any range)."""
    current: Operation | None = None
    own_descs: dict[tuple[SSAValue, Dist], list[SSAValue]] = field(default_factory=dict)
    """Subgroup descriptors made for accesses that carry the layout themselves (the descriptor
    type has none): one set per (WG descriptor, split), shared by the accesses that agree."""

    def emit(self, op: _Op) -> _Op:
        """Insert ``op`` before the WG op being rewritten."""
        assert self.current is not None
        Rewriter.insert_op(op, InsertPoint.before(self.current))
        return op

    def tile_base(self) -> int:
        assert self.current is not None
        return self.base.get(self.current, 0)
