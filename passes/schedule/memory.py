"""Which memory a K-loop op touches: the memref behind a descriptor, a mem_desc or a memref
value (through ``create_nd_tdesc``, ``update_nd_offset``, ``create_mem_desc``, loop-carried
descriptors, ``memref.get_global`` by symbol), and whether it is shared local memory."""

from __future__ import annotations

from xdsl.dialects import memref, scf
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from wgdist.dialects import xegpu


def _memory_space(value: SSAValue) -> Attribute | None:
    """The memory space of the memref behind a descriptor / memref value (None: global)."""
    root = _source(value)
    typ = root.type if isinstance(root, SSAValue) else None
    if isinstance(typ, MemRefType):
        return typ.memory_space
    return None


def is_slm(value: SSAValue) -> bool:
    space = _memory_space(value)
    if space is None:
        return False
    text = str(space)
    return text.startswith("3 ") or text == "3" or "workgroup" in text


def _source(value: SSAValue) -> SSAValue | str:
    """The memref a descriptor / mem_desc / memref value comes from: through
    ``create_nd_tdesc``, ``update_nd_offset``, ``create_mem_desc``, loop-carried descriptors;
    a ``memref.get_global`` is named by its symbol."""
    seen: set[SSAValue] = set()
    while value not in seen:
        seen.add(value)
        owner = value.owner
        if isinstance(owner, xegpu.CreateNdTdescOp | xegpu.CreateMemDescOp | xegpu.CreateTdescOp):
            value = owner.source
        elif isinstance(owner, xegpu.UpdateNdOffsetOp | xegpu.UpdateOffsetOp):
            value = owner.operands[0]
        elif isinstance(owner, memref.GetGlobalOp):
            return owner.name_.root_reference.data
        elif isinstance(value, BlockArgument) and isinstance(owner.parent_op(), scf.ForOp):
            loop = owner.parent_op()
            assert isinstance(loop, scf.ForOp)
            if value.index == 0:
                return value
            value = loop.iter_args[value.index - 1]
        else:
            return value
    return value


def source_of(op: Operation) -> SSAValue | str | None:
    """The memref (or global's symbol) a memory op of the body accesses (the first memory op
    inside a region op)."""
    if op.regions:
        inner = (source_of(o) for o in op.walk() if o is not op and not o.regions)
        return next((s for s in inner if s is not None), None)
    for operand in op.operands:
        if isinstance(operand.type, MemRefType) or isinstance(
            operand.type, xegpu.TensorDescType | xegpu.MemDescType
        ):
            return _source(operand)
    return None
