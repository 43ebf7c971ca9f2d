"""What the barrier analysis (:mod:`.barriers`) knows about one memory access: the buffer it
lies in (:func:`root`: a function argument or an allocation; None: unknown), the coordinate
space its offsets are in (its frame) and its origin there as linear forms (:class:`Lin`), its
split, and for the ops the pass does not distribute (every subgroup runs them) an unknown region.

:data:`ACCESSES` maps each distributed memory op class to the function that describes it;
prefetches have no effect on values and are not listed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import IntegerAttr, MemRefType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.traits import MemoryEffectKind, get_effects

from wgdist.dialects import vector
from wgdist.dialects.xegpu import (
    CreateMemDescOp,
    CreateNdTdescOp,
    LoadGatherOp,
    LoadMatrixOp,
    LoadNdOp,
    MemorySpace,
    StoreMatrixOp,
    StoreNdOp,
    StoreScatterOp,
    TensorDescType,
    UpdateNdOffsetOp,
)
from wgdist.passes.distribute.dist import Dist
from wgdist.passes.distribute.ops.xegpu_nd import NdPlan
from wgdist.passes.distribute.state import Plan

Key = Any
"""A symbol of a linear form: an SSA value, or ``("desc", value, dim)`` for the unknown origin of
a loop-carried descriptor."""


@dataclass(frozen=True)
class Lin:
    """``const + sum(coeff * symbol)``: an index expression, exact where it is affine."""

    const: int
    terms: tuple[tuple[Key, int], ...] = ()

    def __add__(self, o: Lin) -> Lin:
        acc: dict[Key, int] = dict(self.terms)
        for k, c in o.terms:
            acc[k] = acc.get(k, 0) + c
        return Lin(self.const + o.const, tuple((k, c) for k, c in acc.items() if c))

    def scaled(self, f: int) -> Lin:
        return Lin(self.const * f, tuple((k, c * f) for k, c in self.terms))

    def same_symbols(self, o: Lin) -> bool:
        return dict(self.terms) == dict(o.terms)


def lin(v: int | SSAValue) -> Lin:
    """The linear form of an index value (constants, addi, subi, muli by a constant folded)."""
    if isinstance(v, int):
        return Lin(v)
    op = v.owner
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return Lin(op.value.value.data)
    if isinstance(op, arith.AddiOp):
        return lin(op.lhs) + lin(op.rhs)
    if isinstance(op, arith.SubiOp):
        return lin(op.lhs) + lin(op.rhs).scaled(-1)
    if isinstance(op, arith.MuliOp):
        a, b = lin(op.lhs), lin(op.rhs)
        if not b.terms:
            return a.scaled(b.const)
        if not a.terms:
            return b.scaled(a.const)
    return Lin(0, ((v, 1),))


@dataclass(frozen=True)
class Access:
    """One distributed memory op as the analysis sees it.

    ``root``: the buffer (None: unknown, may alias any buffer of ``space``); ``frame``: the
    coordinate space ``origin`` and the tiles are in (None: the region is unknown); the
    subgroup-``s`` footprint is ``origin + tiles(dist, s)`` on the trailing dims (leading frame
    dims are the single index ``origin``); ``base``: the ``sg_id_range`` start; ``carried``:
    pending from an earlier loop iteration; ``scope``: the outermost ``scf.if`` with
    ``sg_id_range`` around ``op`` (None: none)."""

    op: Operation
    write: bool
    space: str
    root: Any
    frame: Any
    origin: tuple[Lin | None, ...]
    dist: Dist | None
    """None: an op the pass does not distribute, run alike by every subgroup."""
    base: int = 0
    carried: bool = False
    scope: Operation | None = None

    @cached_property
    def key(self) -> AccessKey:
        """Everything but ``op`` and ``carried``: two pending accesses with equal keys get the
        same answer from every later conflict test (``carried`` only words the barrier's
        reason), so the analysis keeps only the first of them, the one a barrier would name."""
        return AccessKey((self.write, self.space, self.root, self.frame, self.origin, self.dist, self.base, self.scope))


class AccessKey:
    """A tuple whose hash is computed once (keys are hashed at every merge of pending sets)."""

    __slots__ = ("fields", "hash")

    def __init__(self, fields: tuple[Any, ...]) -> None:
        self.fields = fields
        self.hash = hash(fields)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AccessKey) and self.hash == other.hash and self.fields == other.fields


# ---- buffers, frames and origins ----------------------------------------------------------------
_SLM_SPACES = (3,)


def _space_of_memref(t: Attribute) -> str:
    ms = t.memory_space if isinstance(t, MemRefType) else None
    if isinstance(ms, IntegerAttr) and ms.value.data in _SLM_SPACES:
        return "slm"
    if getattr(ms, "data", None) == MemorySpace.SLM:
        return "slm"
    return "global"


def _is_function(op: Operation | None) -> bool:
    return op is not None and op.name in ("func.func", "gpu.func")


def _loop_init(arg: BlockArgument) -> tuple[SSAValue, SSAValue] | None:
    """For an iter_arg of an ``scf.for`` body: its init and the value the body yields for it."""
    parent = arg.block.parent_op()
    if isinstance(parent, scf.ForOp) and arg.index > 0:
        term = arg.block.last_op
        if term is None:
            return None
        return parent.iter_args[arg.index - 1], term.operands[arg.index - 1]
    return None


def root(v: SSAValue, seen: frozenset[SSAValue] = frozenset()) -> Any:
    """The buffer ``v`` (a memref, address, descriptor or mem_desc) lies in; None: unknown."""
    if v in seen:
        return "self"
    if isinstance(v, BlockArgument):
        if _is_function(v.block.parent_op()):
            return v
        pair = _loop_init(v)
        if pair is None:
            return None
        a, b = root(pair[0], seen | {v}), root(pair[1], seen | {v})
        return a if b in (a, "self") else None
    op = v.owner
    if not isinstance(op, Operation):
        return None
    if isinstance(op, memref.AllocOp | memref.AllocaOp):
        return op
    if isinstance(op, CreateNdTdescOp | CreateMemDescOp):
        return root(op.source, seen)
    if isinstance(op, UpdateNdOffsetOp):
        return root(op.TensorDesc, seen)
    mems = [o for o in op.operands if isinstance(o.type, MemRefType)]
    if len(mems) == 1 and len(op.results) == 1 and isinstance(op.results[0].type, MemRefType):
        return root(mems[0], seen)  # a view: same buffer, coordinates unknown (no frame)
    return None


def _right_aligned(base: list[Lin | None], offs: Sequence[int | SSAValue]) -> list[Lin | None]:
    lead = len(base) - len(offs)
    if lead < 0:
        return [None] * len(offs)
    out = list(base)
    for i, o in enumerate(offs):
        b = out[lead + i]
        out[lead + i] = None if b is None else b + lin(o)
    return out


def _nd_frame(desc: SSAValue) -> tuple[Any, list[Lin | None]]:
    """The coordinate space of a block descriptor and its origin there."""
    op = desc.owner
    frame: Any
    origin: list[Lin | None]
    if isinstance(op, UpdateNdOffsetOp):
        frame, origin = _nd_frame(op.TensorDesc)
        return frame, _right_aligned(origin, op.mixed_offsets())
    if isinstance(op, CreateNdTdescOp):
        src = op.source
        if isinstance(src.type, MemRefType):
            is_view = not isinstance(src, BlockArgument) and not isinstance(src.owner, memref.AllocOp | memref.AllocaOp)
            frame = None if is_view else src
            rank = src.type.get_num_dims()
        else:
            sizes = tuple(lin(s) for s in op.mixed_sizes()) if op.const_shape is not None else ()
            strides = tuple(lin(s) for s in op.mixed_strides()) if op.const_strides is not None else ()
            frame = (src, sizes, strides)
            rank = len(sizes) or len(op.tdesc_type.get_shape())
        origin = [Lin(0)] * rank
        if op.const_offsets is not None:
            origin = _right_aligned(origin, op.mixed_offsets())
        return frame, origin
    if isinstance(desc, BlockArgument) and isinstance(desc.type, TensorDescType):
        pair = _loop_init(desc)
        if pair is not None:
            frame, origin = _nd_frame(pair[0])
            y = pair[1]
            while isinstance(y.owner, UpdateNdOffsetOp):
                y = y.owner.TensorDesc
            if y is desc:  # the body only moves the descriptor
                return frame, [Lin(0, ((("desc", desc, d), 1),)) for d in range(len(origin))]
    return None, [None] * len(desc.type.get_shape()) if isinstance(desc.type, TensorDescType) else []


def _nd_space(desc: SSAValue) -> str:
    t = desc.type
    assert isinstance(t, TensorDescType)
    return "slm" if t.memory_space == MemorySpace.SLM else "global"


def _nd(op: LoadNdOp | StoreNdOp, plan: Plan) -> Access:
    desc = op.TensorDesc
    frame, origin = _nd_frame(desc)
    if op.const_offsets is not None:
        origin = _right_aligned(origin, op.mixed_offsets())
    planned = plan.planned[op][1]
    d = planned.own if isinstance(planned, NdPlan) and planned.own is not None else plan.dist[desc]
    return Access(op, isinstance(op, StoreNdOp), _nd_space(desc), root(desc), frame, tuple(origin), d)


def _scatter(op: LoadGatherOp | StoreScatterOp, plan: Plan) -> Access:
    src = op.source if isinstance(op, LoadGatherOp) else op.dest
    d = plan.dist[op.value]
    space = _space_of_memref(src.type)
    return Access(op, isinstance(op, StoreScatterOp), space, root(src), ("lanes", op.offsets),
                  tuple(Lin(0) for _ in d.shape), d)


def _matrix(op: LoadMatrixOp | StoreMatrixOp, plan: Plan) -> Access:
    d = plan.dist[op.res] if isinstance(op, LoadMatrixOp) else plan.dist[op.data]
    origin = tuple(lin(o) for o in op.mixed_offsets())
    return Access(op, isinstance(op, StoreMatrixOp), "slm", root(op.mem_desc), op.mem_desc, origin, d)


_UNDISTRIBUTED_READS = (vector.LoadOp, vector.MaskedLoadOp, vector.TransferReadOp)
_UNDISTRIBUTED_WRITES = (vector.StoreOp, vector.MaskedStoreOp, vector.TransferWriteOp)


def undistributed_access(op: Operation) -> Access | None:
    """An op the pass leaves alone (every subgroup runs it) that reads or writes a memref:
    the memref ops by their declared effects, the vector memory ops by class. Its region is
    unknown, so any write-involving pair with it on the same buffer gets a barrier."""
    mems = [o for o in op.operands if isinstance(o.type, MemRefType)]
    if len(mems) != 1:
        return None
    if isinstance(op, _UNDISTRIBUTED_READS + _UNDISTRIBUTED_WRITES):
        write = isinstance(op, _UNDISTRIBUTED_WRITES)
    else:
        kinds = {e.kind for e in get_effects(op) or ()}
        if not kinds & {MemoryEffectKind.READ, MemoryEffectKind.WRITE}:
            return None
        write = MemoryEffectKind.WRITE in kinds
    return Access(op, write, _space_of_memref(mems[0].type), root(mems[0]), None, (), None)


ACCESSES: dict[type[Operation], Callable[[Any, Plan], Access]] = {
    LoadNdOp: _nd,
    StoreNdOp: _nd,
    LoadGatherOp: _scatter,
    StoreScatterOp: _scatter,
    LoadMatrixOp: _matrix,
    StoreMatrixOp: _matrix,
}
"""Distributed memory ops -> their access (prefetch_nd has no effect on values: not listed)."""
