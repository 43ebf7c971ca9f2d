"""Values that must carry one layout (*partners*), as union-find sets.

``PARTNERS[type(op)](op)`` lists the pairs of values ``op`` makes partners: an ``scf.for`` /
``scf.while`` result and its region argument, and for tensor descriptors (whose layout is part
of the type) also the init, yielded and ``update_nd_offset`` values of the chain, and an
``scf.if`` descriptor result with what its branches yield; the two results of a
``vector.deinterleave``. Ops that are not keys make none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from wgdist.dialects.vector import DeinterleaveOp
from wgdist.dialects.xegpu import TensorDescType, UpdateNdOffsetOp
from wgdist.passes.propagate.regions import yield_of

OpT = TypeVar("OpT", bound=Operation)

Pair = tuple[SSAValue, SSAValue]


def _is_desc(v: SSAValue) -> bool:
    return isinstance(v.type, TensorDescType)


def for_partners(op: scf.ForOp) -> list[Pair]:
    body = op.body.block
    yld = yield_of(body)
    pairs: list[Pair] = []
    for i, res in enumerate(op.results):
        pairs.append((res, body.args[i + 1]))
        if _is_desc(res):
            pairs += [(res, op.iter_args[i]), (res, yld.operands[i])]
    return pairs


def while_partners(op: scf.WhileOp) -> list[Pair]:
    before, after = op.before_region.block, op.after_region.block
    cond, yld = yield_of(before), yield_of(after)
    pairs: list[Pair] = []
    for j, res in enumerate(op.results):
        pairs.append((res, after.args[j]))
        if _is_desc(res):
            pairs.append((res, cond.operands[j + 1]))
    for i, arg in enumerate(before.args):
        if _is_desc(arg):
            pairs += [(arg, op.arguments[i]), (arg, yld.operands[i])]
    return pairs


def if_partners(op: scf.IfOp) -> list[Pair]:
    return [
        (res, yield_of(region.block).operands[i])
        for i, res in enumerate(op.results)
        if _is_desc(res)
        for region in (op.true_region, op.false_region)
        if region.blocks
    ]


def update_nd_offset_partners(op: UpdateNdOffsetOp) -> list[Pair]:
    return [(op.result, op.TensorDesc)]


def deinterleave_partners(op: DeinterleaveOp) -> list[Pair]:
    return [(op.res1, op.res2)]


def _entry(cls: type[OpT], pairs: Callable[[OpT], list[Pair]]) -> tuple[type[Operation], Callable[[Any], list[Pair]]]:
    """A table entry whose function takes ``cls`` (checked by the type checker)."""
    return cls, pairs


PARTNERS: dict[type[Operation], Callable[[Any], list[Pair]]] = dict(
    [
        _entry(scf.ForOp, for_partners),
        _entry(scf.WhileOp, while_partners),
        _entry(scf.IfOp, if_partners),
        _entry(UpdateNdOffsetOp, update_nd_offset_partners),
        _entry(DeinterleaveOp, deinterleave_partners),
    ]
)


@dataclass
class Partners:
    _uf: dict[SSAValue, SSAValue] = field(default_factory=dict)
    _members: dict[SSAValue, list[SSAValue]] = field(default_factory=dict)

    def _find(self, v: SSAValue) -> SSAValue:
        while self._uf.get(v, v) is not v:
            v = self._uf[v]
        return v

    def _union(self, a: SSAValue, b: SSAValue) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra is rb:
            return
        self._uf[rb] = ra
        self._members.setdefault(ra, [ra]).extend(self._members.pop(rb, [rb]))

    def of(self, v: SSAValue) -> list[SSAValue]:
        """``v`` and every value that must have its layout."""
        return self._members.get(self._find(v), [v])

    def link(self, op: Operation) -> None:
        """Make the values ``op`` ties together partners."""
        pairs = PARTNERS.get(type(op))
        if pairs is not None:
            for a, b in pairs(op):
                self._union(a, b)
