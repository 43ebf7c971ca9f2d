"""``vector.bitcast`` with LLVM 22's verifier.

xDSL 0.74's class of this name compares total bit counts, so it accepts rank changes and rejects
``index`` elements; LLVM 22 keeps the rank and the leading dimensions, reinterprets the minor
dimension only, and sizes ``index`` by the default data layout (64 bits). This class replaces
xDSL's in the merged dialect.

```mlir
%b = vector.bitcast %v : vector<4x8xf32> to vector<4x16xf16>
%c = vector.bitcast %i : vector<4xindex> to vector<8xi32>
```
"""

from __future__ import annotations

from xdsl.dialects.builtin import AnyFloatConstr, IndexType, IntegerType, VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

_ELEMENT = base(IntegerType) | base(IndexType) | AnyFloatConstr

INDEX_BITS = 64
"""The width of ``index`` under MLIR's default data layout."""


def bit_width(element: Attribute) -> int:
    """An element type's width in bits (``index``: :data:`INDEX_BITS`)."""
    if isinstance(element, IndexType):
        return INDEX_BITS
    width = getattr(element, "bitwidth", None)
    if not isinstance(width, int):
        raise VerifyException(f"element type {element} has no bit width")
    return width


@irdl_op_definition
class BitcastOp(IRDLOperation):
    """Reinterpret the bits of a vector's minor dimension as another element type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorbitcast-vectorbitcastop).
    """

    name = "vector.bitcast"

    source = operand_def(VectorType.constr(_ELEMENT))
    result = result_def(VectorType.constr(_ELEMENT))

    traits = traits_def(Pure())

    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        src, res = self.source.type, self.result.type
        assert isinstance(src, VectorType) and isinstance(res, VectorType)
        s, r = src.get_shape(), res.get_shape()
        if len(s) != len(r):
            raise VerifyException(
                "failed to verify that all of {source, result} have same rank "
                f"({src} has rank {len(s)}, {res} has rank {len(r)})"
            )
        for i in range(len(s) - 1):
            if s[i] != r[i]:
                raise VerifyException(f"dimension size mismatch at: {i} ({s[i]} vs. {r[i]})")
        sb, rb = bit_width(src.element_type), bit_width(res.element_type)
        if not s:
            if sb != rb:
                raise VerifyException(
                    "source/result bitwidth of the 0-D vector element types must be equal "
                    f"({sb} vs. {rb})"
                )
        elif sb * s[-1] != rb * r[-1]:
            raise VerifyException(
                "source/result bitwidth of the minor 1-D vectors must be equal "
                f"({s[-1]} x {sb} bits vs. {r[-1]} x {rb} bits)"
            )


__all__ = ["INDEX_BITS", "BitcastOp", "bit_width"]
