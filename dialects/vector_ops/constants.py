"""Ops that make index vectors and masks: ``vector.step``, ``vector.constant_mask``, ``vector.create_mask``.

```mlir
%s = vector.step : vector<16xindex>
%m = vector.constant_mask [3, 2] : vector<4x3xi1>
%n = vector.create_mask %a, %b : vector<4x3xi1>
```
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I64, DenseArrayBase, IndexType, VectorType, i1
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import entries, fmt_list, i64_dense, vector_of


@irdl_op_definition
class StepOp(IRDLOperation):
    """The 1-D index vector ``[0, 1, ..., N-1]``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorstep-vectorstepop).
    """

    name = "vector.step"

    result = result_def(VectorType)

    traits = traits_def(Pure())

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type: VectorType | int) -> None:
        """``StepOp(16)`` is ``vector.step : vector<16xindex>``."""
        if isinstance(result_type, int):
            result_type = VectorType(IndexType(), [result_type])
        super().__init__(result_types=[result_type])

    def verify_(self) -> None:
        res = vector_of(self.result.type, "result")
        if res.get_num_dims() != 1 or not isinstance(res.element_type, IndexType):
            raise VerifyException(
                f"result #0 must be vector of index values of ranks 1, but got '{res}'"
            )


@irdl_op_definition
class ConstantMaskOp(IRDLOperation):
    """An i1 mask set inside the box ``[0, mask_dim_sizes[d])`` of each dimension ``d``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorconstant_mask-vectorconstantmaskop).
    """

    name = "vector.constant_mask"

    mask_dim_sizes = prop_def(DenseArrayBase.constr(I64))
    result = result_def(VectorType.constr(i1))

    traits = traits_def(Pure())

    assembly_format = "$mask_dim_sizes attr-dict `:` type(results)"

    def __init__(
        self, mask_dim_sizes: Sequence[int], result_type: VectorType | None = None
    ) -> None:
        """``result_type`` defaults to ``vector<mask_dim_sizes x i1>`` (an all-set mask)."""
        if result_type is None:
            result_type = VectorType(i1, list(mask_dim_sizes))
        super().__init__(
            result_types=[result_type], properties={"mask_dim_sizes": i64_dense(mask_dim_sizes)}
        )

    def get_mask_dim_sizes(self) -> tuple[int, ...]:
        return self.mask_dim_sizes.get_values()

    def verify_(self) -> None:
        res = vector_of(self.result.type, "result")
        sizes = self.get_mask_dim_sizes()
        shape = res.get_shape()
        if not shape:
            if len(sizes) != 1:
                raise VerifyException(
                    f"array attr must have length 1 for 0-D vectors (mask_dim_sizes "
                    f"{fmt_list(sizes)} has {entries(len(sizes))})"
                )
            if sizes[0] not in (0, 1):
                raise VerifyException(
                    f"mask dim size must be either 0 or 1 for 0-D vectors (got {sizes[0]})"
                )
            return
        if len(sizes) != len(shape):
            raise VerifyException(
                f"must specify array attr of size equal vector result rank (mask_dim_sizes "
                f"{fmt_list(sizes)} has {entries(len(sizes))}, {res} has rank {len(shape)})"
            )
        for d, (size, dim, scalable) in enumerate(zip(sizes, shape, res.get_scalable_dims())):
            if not 0 <= size <= dim:
                raise VerifyException(
                    f"array attr of size out of bounds of vector result dimension size "
                    f"(mask_dim_sizes[{d}] = {size}, dimension {d} is {dim})"
                )
            if scalable and size not in (0, dim):
                raise VerifyException(
                    f"only supports 'none set' or 'all set' scalable dimensions "
                    f"(mask_dim_sizes[{d}] = {size}, scalable dimension {d} is {dim})"
                )
        if 0 in sizes and any(sizes):
            raise VerifyException(
                f"expected all mask dim sizes to be zeros, as a result of conjunction with zero "
                f"mask dim (mask_dim_sizes {fmt_list(sizes)})"
            )


@irdl_op_definition
class CreateMaskOp(IRDLOperation):
    """An i1 mask set inside the box ``[0, %size_d)`` of each dimension ``d`` (sizes are values).

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorcreate_mask-vectorcreatemaskop).
    xDSL 0.74's class of this name wants no operand for a 0-D mask; LLVM 22 wants one.
    """

    name = "vector.create_mask"

    mask_dim_sizes = var_operand_def(IndexType)
    mask_vector = result_def(VectorType.constr(i1))

    traits = traits_def(Pure())

    assembly_format = "$mask_dim_sizes attr-dict `:` type(results)"

    def __init__(self, mask_operands: Sequence[Operation | SSAValue], result_type: VectorType) -> None:
        super().__init__(operands=(mask_operands,), result_types=(result_type,))

    def verify_(self) -> None:
        res = vector_of(self.mask_vector.type, "result")
        n = len(self.mask_dim_sizes)
        if res.get_num_dims() == 0:
            if n != 1:
                raise VerifyException(
                    f"must specify exactly one operand for 0-D create_mask (got {n})"
                )
        elif n != res.get_num_dims():
            raise VerifyException(
                f"must specify an operand for each result vector dimension ({n} operands, {res} "
                f"has rank {res.get_num_dims()})"
            )
