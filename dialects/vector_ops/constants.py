"""Ops that make a vector from attributes alone: ``vector.step`` and ``vector.constant_mask``.

```mlir
%s = vector.step : vector<16xindex>
%m = vector.constant_mask [3, 2] : vector<4x3xi1>
```
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I64, DenseArrayBase, IndexType, VectorType, i1
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def, traits_def
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
            raise VerifyException(f"result type must be a 1-D vector of index, got {res}")


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
        if len(sizes) != len(shape):
            raise VerifyException(
                f"mask_dim_sizes {fmt_list(sizes)} has {entries(len(sizes))} but the result "
                f"type {res} has rank {len(shape)}"
            )
        for d, (size, dim, scalable) in enumerate(zip(sizes, shape, res.get_scalable_dims())):
            if not 0 <= size <= dim:
                raise VerifyException(
                    f"mask_dim_sizes[{d}] = {size} is out of bounds [0, {dim}] of result "
                    f"dimension {d}"
                )
            if scalable and size not in (0, dim):
                raise VerifyException(
                    f"mask_dim_sizes[{d}] = {size} of scalable dimension {d} must be 0 or {dim}"
                )
        if 0 in sizes and any(sizes):
            raise VerifyException(
                f"mask_dim_sizes {fmt_list(sizes)} contains 0, so every size must be 0 "
                "(the mask is empty)"
            )
