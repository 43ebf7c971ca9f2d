"""xDSL's ``memref`` dialect with the one op mlir-opt 22 writes that xDSL cannot read back.

``memref.extract_aligned_pointer_as_index`` (which LLVM 22's ``convert-xegpu-to-xevm`` emits
for a descriptor's base address) has no custom format in xDSL 0.74: mlir-opt 22 prints
``%p = memref.extract_aligned_pointer_as_index %m : memref<32x32xf32> -> index``. The class
here has that form; every other op is xDSL's own class, unchanged (passes match them by class).
"""

from __future__ import annotations

from xdsl.dialects import memref as xdsl_memref
from xdsl.dialects.builtin import IndexType, MemRefType
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import NoMemoryEffect


@irdl_op_definition
class ExtractAlignedPointerAsIndexOp(IRDLOperation):
    """``%p = memref.extract_aligned_pointer_as_index %m : memref<...> -> index``: the aligned
    base address of ``%m`` as an ``index``."""

    name = "memref.extract_aligned_pointer_as_index"

    source = operand_def(MemRefType)
    aligned_pointer = result_def(IndexType)

    traits = traits_def(NoMemoryEffect())

    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"

    def __init__(self, source: SSAValue | Operation) -> None:
        super().__init__(operands=[source], result_types=[IndexType()])


MemRef = Dialect(
    "memref",
    [
        ExtractAlignedPointerAsIndexOp if op.name == ExtractAlignedPointerAsIndexOp.name else op
        for op in xdsl_memref.MemRef.operations
    ],
    list(xdsl_memref.MemRef.attributes),
)

__all__ = ["ExtractAlignedPointerAsIndexOp", "MemRef"]
