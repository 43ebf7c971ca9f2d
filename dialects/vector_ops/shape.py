"""Ops that rearrange a vector's shape: ``vector.transpose`` and ``vector.shape_cast``.

```mlir
%t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
%c = vector.shape_cast %v : vector<4x8xf32> to vector<2x2x8xf32>
```
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from xdsl.dialects.builtin import I64, DenseArrayBase, VectorType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import fmt_list, i64_dense, select_dims, vector_of


def transposed_type(source: VectorType, permutation: Sequence[int]) -> VectorType:
    """``source`` with its dimensions (and scalable flags) reordered by ``permutation``."""
    return select_dims(source, permutation)


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """Result dimension ``i`` is source dimension ``permutation[i]``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectortranspose-vectortransposeop).
    """

    name = "vector.transpose"

    vector = operand_def(VectorType)
    result = result_def(VectorType)
    permutation = prop_def(DenseArrayBase.constr(I64))

    traits = traits_def(Pure())

    assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"

    def __init__(
        self,
        vector: SSAValue | Operation,
        permutation: Sequence[int],
        result_type: VectorType | None = None,
    ) -> None:
        """``result_type`` defaults to the source type permuted by ``permutation``."""
        vector = SSAValue.get(vector)
        if result_type is None:
            result_type = transposed_type(vector_of(vector.type, "vector"), permutation)
        super().__init__(
            operands=[vector],
            result_types=[result_type],
            properties={"permutation": i64_dense(permutation)},
        )

    def get_permutation(self) -> tuple[int, ...]:
        return self.permutation.get_values()

    def verify_(self) -> None:
        # LLVM 22's checks and wording, in its order; the dimension sizes are compared, not their
        # scalability (mlir-opt 22 accepts vector<[2]x4xf32> to vector<4x2xf32>)
        source = vector_of(self.vector.type, "source")
        result = vector_of(self.result.type, "result")
        perm = self.get_permutation()
        rank = result.get_num_dims()
        if source.element_type != result.element_type:
            raise VerifyException(
                "failed to verify that operand and result have same element type "
                f"({source.element_type} vs. {result.element_type})"
            )
        if source.get_num_dims() != rank:
            raise VerifyException(
                f"vector result rank mismatch: {rank} ({source} has rank {source.get_num_dims()})"
            )
        if len(perm) != rank:
            raise VerifyException(
                f"transposition length mismatch: {len(perm)} (permutation {fmt_list(perm)}, "
                f"rank {rank})"
            )
        seen: set[int] = set()
        for i, p in enumerate(perm):
            if not 0 <= p < rank:
                raise VerifyException(
                    f"transposition index out of range: {p} (permutation {fmt_list(perm)}, "
                    f"rank {rank})"
                )
            if p in seen:
                raise VerifyException(
                    f"duplicate position index: {p} (permutation {fmt_list(perm)})"
                )
            seen.add(p)
            if result.get_shape()[i] != source.get_shape()[p]:
                raise VerifyException(
                    f"dimension size mismatch at: {p} (result dim {i} is "
                    f"{result.get_shape()[i]}, source dim {p} is {source.get_shape()[p]})"
                )


@irdl_op_definition
class ShapeCastOp(IRDLOperation):
    """Reinterpret a vector with another shape of the same element count and type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorshape_cast-vectorshapecastop).
    """

    name = "vector.shape_cast"

    source = operand_def(VectorType)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: VectorType) -> None:
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        src = vector_of(self.source.type, "source")
        res = vector_of(self.result.type, "result")
        # LLVM 22's wording, with the types
        if src.element_type != res.element_type:
            raise VerifyException(
                f"has different source and result element types ({src} vs. {res})"
            )
        n_src, n_res = prod(src.get_shape()), prod(res.get_shape())
        if n_src != n_res:
            raise VerifyException(
                f"has different number of elements at source ({n_src}) and result ({n_res}) "
                f"({src} vs. {res})"
            )
        s_src, s_res = src.get_num_scalable_dims(), res.get_num_scalable_dims()
        if s_src != s_res:
            raise VerifyException(
                f"has different number of scalable dims at source ({s_src}) and result "
                f"({s_res}) ({src} vs. {res})"
            )
