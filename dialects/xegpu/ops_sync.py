"""Synchronization ops: alloc_nbarrier, init_nbarrier, nbarrier_arrive, nbarrier_wait, fence."""

from __future__ import annotations

from xdsl.dialects.builtin import I64, IntegerAttr, i8, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.xegpu.attrs import FenceScope, FenceScopeAttr, MemorySpace, MemorySpaceAttr
from wgdist.dialects.xegpu.ops_common import print_attr_dict
from wgdist.dialects.xegpu.types import NbarrierType


@irdl_op_definition
class AllocNbarrierOp(IRDLOperation):
    """``xegpu.alloc_nbarrier 8``: reserve named barriers for the kernel.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpualloc_nbarrier-xegpuallocnbarrierop).
    """

    name = "xegpu.alloc_nbarrier"

    nbarrier_num = prop_def(IntegerAttr[I64])

    def __init__(self, nbarrier_num: int) -> None:
        super().__init__(properties={"nbarrier_num": IntegerAttr(nbarrier_num, i64)})

    @classmethod
    def parse(cls, parser: Parser) -> AllocNbarrierOp:
        n = parser.parse_integer(allow_boolean=False)
        attrs = parser.parse_optional_attr_dict()
        return cls.build(properties={"nbarrier_num": IntegerAttr(n, i64)}, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.nbarrier_num.value.data}")
        print_attr_dict(printer, self)

    def verify_(self) -> None:
        if self.nbarrier_num.value.data < 0:
            raise VerifyException(f"expected a non-negative nbarrier_num, got {self.nbarrier_num.value.data}")


@irdl_op_definition
class InitNbarrierOp(IRDLOperation):
    """A named barrier with an id and the number of threads taking part.

    ``%nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuinit_nbarrier-xegpuinitnbarrierop).
    """

    name = "xegpu.init_nbarrier"

    nbarrier_id = operand_def(i8)
    participant_thread_num = operand_def(i8)
    result = result_def(NbarrierType)

    assembly_format = (
        "$nbarrier_id `,` $participant_thread_num attr-dict `:` type($nbarrier_id) `,` "
        "type($participant_thread_num) `->` type($result)"
    )

    def __init__(self, nbarrier_id: SSAValue, participant_thread_num: SSAValue) -> None:
        super().__init__(operands=[nbarrier_id, participant_thread_num], result_types=[NbarrierType()])


@irdl_op_definition
class NbarrierArriveOp(IRDLOperation):
    """Signal arrival at a named barrier.

    ``xegpu.nbarrier_arrive %nb : !xegpu.nbarrier``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpunbarrier_arrive-xegpunbarrierarriveop).
    """

    name = "xegpu.nbarrier_arrive"

    nbarrier = operand_def(NbarrierType)

    assembly_format = "$nbarrier attr-dict `:` type($nbarrier)"

    def __init__(self, nbarrier: SSAValue) -> None:
        super().__init__(operands=[nbarrier])


@irdl_op_definition
class NbarrierWaitOp(IRDLOperation):
    """Wait until every participant has arrived at a named barrier.

    ``xegpu.nbarrier_wait %nb : !xegpu.nbarrier``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpunbarrier_wait-xegpunbarrierwaitop).
    """

    name = "xegpu.nbarrier_wait"

    nbarrier = operand_def(NbarrierType)

    assembly_format = "$nbarrier attr-dict `:` type($nbarrier)"

    def __init__(self, nbarrier: SSAValue) -> None:
        super().__init__(operands=[nbarrier])


@irdl_op_definition
class FenceOp(IRDLOperation):
    """A memory fence of a memory kind (global or slm) within a scope.

    ``xegpu.fence memory_kind = global, fence_scope = workgroup``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpufence-xegpufenceop).
    """

    name = "xegpu.fence"

    memory_kind = prop_def(MemorySpaceAttr)
    fence_scope = prop_def(FenceScopeAttr)

    def __init__(
        self, memory_kind: MemorySpace | MemorySpaceAttr, fence_scope: FenceScope | FenceScopeAttr
    ) -> None:
        mk = memory_kind if isinstance(memory_kind, MemorySpaceAttr) else MemorySpaceAttr(memory_kind)
        fs = fence_scope if isinstance(fence_scope, FenceScopeAttr) else FenceScopeAttr(fence_scope)
        super().__init__(properties={"fence_scope": fs, "memory_kind": mk})

    @classmethod
    def parse(cls, parser: Parser) -> FenceOp:
        parser.parse_keyword("memory_kind")
        parser.parse_punctuation("=")
        mk = parser.parse_str_enum(MemorySpace)
        parser.parse_punctuation(",")
        parser.parse_keyword("fence_scope")
        parser.parse_punctuation("=")
        fs = parser.parse_str_enum(FenceScope)
        attrs: dict[str, Attribute] = parser.parse_optional_attr_dict()
        return cls.build(
            properties={"fence_scope": FenceScopeAttr(fs), "memory_kind": MemorySpaceAttr(mk)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(
            f" memory_kind = {self.memory_kind.data.value}, fence_scope = {self.fence_scope.data.value}"
        )
        print_attr_dict(printer, self)
