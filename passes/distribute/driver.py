"""The distribution walk: check everything, then rewrite, then erase the WG ops.

xDSL has no 1:N dialect conversion, so the pass is an explicit two-phase walk per function:

1. **check** (:class:`Plan`): visit ops in order (into regions); every op that touches a
   workgroup value - an operand already distributed, or a result/anchor layout with
   ``sg_layout`` - needs a handler; the handler validates the op against the layout model and
   says how each result is split (:class:`~.common.Dist`). Any problem raises
   :class:`~wgdist.diagnostics.OpError` naming the op and the reason, *before the IR is touched*.
2. **rewrite**: the planned ops, in order, are expanded into subgroup ops inserted before them;
   ``Env.vmap`` maps each WG value to the list of its subgroup tiles (row-major round order).
3. **erase**: the WG ops, in reverse order, so nothing workgroup-sized survives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp, VectorType
from xdsl.ir import Block, Operation, Region, SSAValue

from wgdist.diagnostics import OpError
from wgdist.dialects.xegpu.attrs import RangeAttr
from wgdist.dialects.xegpu.layout_access import operand_layout_anchor, value_layout
from wgdist.passes.distribute.common import Dist, Env, describe, is_wg_attr
from wgdist.passes.distribute.sg_ids import SgIds


class Handler(Protocol):
    def check(self, op: Operation, plan: Plan) -> Sequence[Dist | None]:
        """Validate ``op``; return how each result is split (None: not distributed)."""
        ...

    def rewrite(self, op: Operation, env: Env) -> None:
        """Emit the subgroup ops before ``op`` and fill ``env.vmap`` for its results."""
        ...


_REGISTRY: dict[str, Handler] = {}
_ELEMENTWISE: Handler | None = None


def register(names: Sequence[str], handler: Handler) -> None:
    for n in names:
        _REGISTRY[n] = handler


def register_elementwise(handler: Handler) -> None:
    global _ELEMENTWISE
    _ELEMENTWISE = handler


def _load_handlers() -> None:
    if _REGISTRY:
        return
    from wgdist.passes.distribute import compute_ops, gather_ops, nd_ops, scf_ops, slm, vector_ops

    for mod in (nd_ops, compute_ops, vector_ops, scf_ops, slm, gather_ops):
        mod.register_all()


def handler_for(op: Operation) -> Handler | None:
    h = _REGISTRY.get(op.name)
    if h is not None:
        return h
    dialect = op.name.split(".", 1)[0]
    if dialect in ("arith", "math") and len(op.results) == 1 and isinstance(op.results[0].type, VectorType):
        return _ELEMENTWISE
    return None


def sg_id_range(op: Operation) -> tuple[int, int] | None:
    attr = op.attributes.get("sg_id_range")
    if isinstance(attr, RangeAttr):
        return attr.start.value.data, attr.end.value.data
    return None


class Plan:
    """Phase 1: the WG ops of one function, their handlers and the split of every WG value."""

    def __init__(self, slm_bytes: int = 128 * 1024) -> None:
        self.slm_bytes = slm_bytes
        """Shared local memory a workgroup has (the pass option ``slm-bytes``)."""
        self.dist: dict[SSAValue, Dist] = {}
        self.ops: list[tuple[Operation, Handler]] = []
        self.base: dict[Operation, int] = {}
        self._ranges: list[tuple[int, int]] = []
        self._first: tuple[int, Operation, Dist] | None = None
        """The subgroup count outside sg_id_range regions (the first layout seen), for checking."""
        self.extra: dict[object, object] = {}
        """Handler-private facts shared between an op and its regions' ops (scf targets)."""

    # ---- queries for handlers ----------------------------------------------------------------
    def operand(self, op: Operation, index: int, what: str | None = None) -> Dist:
        """The split of operand ``index``; an error if it is not a distributed WG value."""
        v = op.operands[index]
        d = self.dist.get(v)
        if d is not None:
            return d
        name = what or f"operand #{index}"
        attr = value_layout(v)
        origin = "a function argument" if not hasattr(v, "op") else f"produced by '{v.op.name}'"  # type: ignore[attr-defined]
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
            h = handler_for(op)
            if h is None:
                raise OpError(op, self._no_rule(op))
            self.ops.append((op, h))
            self.base[op] = self._ranges[-1][0] if self._ranges else 0
            dists = h.check(op, self)
            for res, d in zip(op.results, dists):
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
                f"sg_layout size {d.num_subgroups} ({describe(d.layout)}) must match the "
                f"sg_id_range [{a}, {b}) of the enclosing scf.if ({size} subgroups)",
            )
        if size is None:
            if self._first is None:
                self._first = (d.num_subgroups, op, d)
            elif d.num_subgroups != self._first[0]:
                n, first, fd = self._first
                raise OpError(
                    op,
                    f"sg_layout size {d.num_subgroups} ({describe(d.layout)}) differs from the "
                    f"{n} subgroups of the workgroup's other layouts ({describe(fd.layout)} on "
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

    def _no_rule(self, op: Operation) -> str:
        for i, o in enumerate(op.operands):
            d = self.dist.get(o)
            if d is not None:
                return (
                    f"has no workgroup-to-subgroup rule, but operand #{i} ({o.type}) is a "
                    f"workgroup value distributed with {describe(d.layout)}"
                )
        return "has no workgroup-to-subgroup rule, but it carries a workgroup layout (sg_layout)"


def _functions(module: ModuleOp) -> list[Operation]:
    return [op for op in module.walk() if op.name in ("func.func", "gpu.func") and op.regions]


def distribute_module(module: ModuleOp, slm_bytes: int = 128 * 1024) -> None:
    """Distribute every function of ``module``; raises OpError before changing anything.
    ``slm_bytes``: shared local memory per workgroup, the budget of the SLM exchanges."""
    _load_handlers()
    plans: list[tuple[Operation, Plan]] = []
    for f in _functions(module):
        body = f.regions[0]
        if not body.blocks:
            continue
        plan = Plan(slm_bytes)
        plan.check_region(body)
        if plan.ops:
            plans.append((f, plan))
    for f, plan in plans:
        _rewrite(f, plan)


def _rewrite(f: Operation, plan: Plan) -> None:
    ids = SgIds(f.regions[0].blocks[0])
    env = Env(ids=ids, dist=plan.dist, base=plan.base)
    for op, h in plan.ops:
        env.current = op
        h.rewrite(op, env)
    for op, _ in reversed(plan.ops):
        for r in op.results:
            if r.uses:
                users = ", ".join(sorted({u.operation.name for u in r.uses}))
                raise AssertionError(f"internal error: {op.name} result still used by {users}")
        op.detach()
        op.erase()
    ids.merge_constants()
    ids.prune()


__all__ = ["Handler", "Plan", "distribute_module", "handler_for", "register", "register_elementwise", "scf"]
