"""Values that must carry one layout (*partners*), as union-find sets: an ``scf.for`` /
``scf.while`` result and its region argument, and for tensor descriptors (whose layout is part
of the type) also the init, yielded and ``update_nd_offset`` values of the chain, and an
``scf.if`` descriptor result with what its branches yield."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from wgdist.dialects.xegpu.ops_nd import UpdateNdOffsetOp
from wgdist.dialects.xegpu.types import TensorDescType


def yield_of(region_block: Block) -> Operation:
    last = region_block.last_op
    assert last is not None
    return last


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
        if isinstance(op, scf.ForOp):
            body = op.body.block
            yld = yield_of(body)
            for i, res in enumerate(op.results):
                arg = body.args[i + 1]
                self._union(res, arg)
                if isinstance(res.type, TensorDescType):
                    self._union(res, op.iter_args[i])
                    self._union(res, yld.operands[i])
        elif isinstance(op, scf.WhileOp):
            before, after = op.before_region.block, op.after_region.block
            cond, yld = yield_of(before), yield_of(after)
            for j, res in enumerate(op.results):
                self._union(res, after.args[j])
                if isinstance(res.type, TensorDescType):
                    self._union(res, cond.operands[j + 1])
            for i, arg in enumerate(before.args):
                if isinstance(arg.type, TensorDescType):
                    self._union(arg, op.arguments[i])
                    self._union(arg, yld.operands[i])
        elif isinstance(op, scf.IfOp):
            for i, res in enumerate(op.results):
                if isinstance(res.type, TensorDescType):
                    for region in (op.true_region, op.false_region):
                        if region.blocks:
                            self._union(res, yield_of(region.block).operands[i])
        elif isinstance(op, UpdateNdOffsetOp):
            self._union(op.result, op.TensorDesc)
