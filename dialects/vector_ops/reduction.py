"""``vector.multi_reduction``: reduce some dimensions of an n-D vector (LLVM 22 syntax).

```mlir
%r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
%s = vector.multi_reduction <maximumf>, %v, %init [0, 1] : vector<4x8xf32> to f32
```
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import I64, DenseArrayBase, VectorType
from xdsl.dialects.vector import CombiningKindAttr, CombiningKindFlag
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import fmt_list, i64_dense, select_dims, vector_of


def reduced_type(source: VectorType, reduction_dims: Sequence[int]) -> Attribute:
    """The type left after reducing ``reduction_dims`` of ``source``.

    The element type when every dimension is reduced, otherwise a vector of the kept
    dimensions (their scalable flags kept too).
    """
    dims = set(reduction_dims)
    kept = [d for d in range(source.get_num_dims()) if d not in dims]
    return select_dims(source, kept) if kept else source.element_type


@irdl_op_definition
class MultiDimReductionOp(IRDLOperation):
    """Reduce the ``reduction_dims`` of ``source`` with ``kind``, starting from ``acc``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectormulti_reduction-vectormultidimreductionop).
    """

    name = "vector.multi_reduction"

    T: ClassVar = VarConstraint("T", AnyAttr())

    source = operand_def(VectorType)
    acc = operand_def(T)
    dest = result_def(T)
    kind = prop_def(CombiningKindAttr)
    reduction_dims = prop_def(DenseArrayBase.constr(I64))

    traits = traits_def(Pure())

    assembly_format = (
        "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)"
    )

    def __init__(
        self,
        kind: CombiningKindAttr | CombiningKindFlag | str,
        source: SSAValue | Operation,
        acc: SSAValue | Operation,
        reduction_dims: Sequence[int],
    ) -> None:
        if not isinstance(kind, CombiningKindAttr):
            kind = CombiningKindAttr(CombiningKindFlag(kind))
        acc = SSAValue.get(acc)
        super().__init__(
            operands=[source, acc],
            result_types=[acc.type],
            properties={"kind": kind, "reduction_dims": i64_dense(reduction_dims)},
        )

    def get_reduction_dims(self) -> tuple[int, ...]:
        return self.reduction_dims.get_values()

    def verify_(self) -> None:
        source = vector_of(self.source.type, "source")
        rank = source.get_num_dims()
        dims = self.get_reduction_dims()
        # LLVM 22 infers the result type from the dimensions: one out of range, like a result
        # of another type, is "incompatible" there
        dest = self.dest.type
        dest_element = dest.element_type if isinstance(dest, VectorType) else dest
        if dest_element != source.element_type:
            raise VerifyException(
                "failed to verify that source operand and result have same element type "
                f"({source.element_type} vs. {dest_element})"
            )
        bad = [d for d in dims if not 0 <= d < rank]
        expected = None if bad else reduced_type(source, dims)
        if self.dest.type != expected:
            why = (
                f"reduction dimension {bad[0]} is out of range [0, {rank})"
                if bad
                else f"expected {expected}, the source with dimensions {fmt_list(dims)} reduced"
            )
            raise VerifyException(
                f"destination type '{self.dest.type}' is incompatible with source type "
                f"'{source}' ({why})"
            )
