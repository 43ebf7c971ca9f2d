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

from wgdist.dialects.vector_ops._common import entries, fmt_list, i64_dense, select_dims, vector_of


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
        source = vector_of(self.vector.type, "source")
        perm = self.get_permutation()
        rank = source.get_num_dims()
        if len(perm) != rank:
            raise VerifyException(
                f"permutation {fmt_list(perm)} has {entries(len(perm))} but the source type "
                f"{source} has rank {rank}"
            )
        if sorted(perm) != list(range(rank)):
            raise VerifyException(
                f"permutation {fmt_list(perm)} is not a permutation of {fmt_list(range(rank))}"
            )
        expected = transposed_type(source, perm)
        if self.result.type != expected:
            raise VerifyException(
                f"result type {self.result.type} does not match {expected}, the source type "
                f"{source} permuted by {fmt_list(perm)}"
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
        if src.element_type != res.element_type:
            raise VerifyException(
                f"source element type {src.element_type} differs from result element type "
                f"{res.element_type}"
            )
        n_src, n_res = prod(src.get_shape()), prod(res.get_shape())
        if n_src != n_res:
            raise VerifyException(
                f"source type {src} has {n_src} elements but result type {res} has {n_res}"
            )
        s_src, s_res = src.get_num_scalable_dims(), res.get_num_scalable_dims()
        if s_src != s_res:
            raise VerifyException(
                f"source type {src} has {s_src} scalable dimensions but result type {res} "
                f"has {s_res}"
            )
