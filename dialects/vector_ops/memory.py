"""``vector.load`` and ``vector.store`` with LLVM 22's verifier.

xDSL 0.74's classes of these names require the memref's element type to equal the vector's, which
rejects LLVM 22's memrefs of vectors; these classes replace them in the merged dialect.

```mlir
%v = vector.load %m[%i, %j] : memref<64x64xf32>, vector<8xf32>
%w = vector.load %mv[%i] : memref<16xvector<8xf32>>, vector<8xf32>
vector.store %v, %m[%i, %j] {alignment = 16} : memref<64x64xf32>, vector<8xf32>
```
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I64,
    AffineMapAttr,
    BoolAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StridedLayoutAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

_ALIGNMENT = (
    "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose "
    "value is positive and whose value is a power of two > 0"
)


def check_memref_access(
    memref: Attribute,
    vector: Attribute,
    n_indices: int,
    alignment: IntegerAttr | None,
    *,
    what: str,
    rank_msg: str,
) -> None:
    """LLVM 22's rules shared by ``vector.load`` (``what="result"``) and ``vector.store``
    (``what="valueToStore"``); raises ``VerifyException`` with its wording plus the numbers."""
    if not isinstance(memref, MemRefType) or not isinstance(vector, VectorType):
        return
    if alignment is not None and (alignment.value.data <= 0 or alignment.value.data & (alignment.value.data - 1)):
        raise VerifyException(f"{_ALIGNMENT} (alignment = {alignment.value.data})")
    if vector.get_num_dims() > 0 and memref.get_num_dims():
        stride = _minor_stride(memref)
        if stride != 1:
            raise VerifyException(
                f"most minor memref dim must have unit stride (stride {stride} in {memref})"
            )
    if memref.get_num_dims() < vector.get_num_dims():
        raise VerifyException(
            f"{rank_msg} ({memref} has rank {memref.get_num_dims()}, {vector} has rank "
            f"{vector.get_num_dims()})"
        )
    element = memref.element_type
    if isinstance(element, VectorType):
        if element != vector:
            raise VerifyException(
                f"base memref and {what} vector types should match ({element} vs. {vector})"
            )
        element = element.element_type
    if element != vector.element_type:
        suffix = "type" if what == "valueToStore" else "types"
        raise VerifyException(
            f"base and {what} element {suffix} should match ({element} vs. {vector.element_type})"
        )
    if n_indices != memref.get_num_dims():
        raise VerifyException(
            f"requires {memref.get_num_dims()} indices (got {n_indices} for {memref})"
        )


@irdl_op_definition
class LoadOp(IRDLOperation):
    """Read a vector from a memref at the given indices.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorload-vectorloadop).
    """

    name = "vector.load"

    base = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def(VectorType)
    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)"

    def __init__(
        self,
        ref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
        result_type: VectorType,
    ) -> None:
        super().__init__(operands=(ref, indices), result_types=(result_type,))

    def verify_(self) -> None:
        check_memref_access(
            self.base.type, self.result.type, len(self.indices), _alignment(self.alignment),
            what="result", rank_msg="destination memref has lower rank than the result vector",
        )


@irdl_op_definition
class StoreOp(IRDLOperation):
    """Write a vector to a memref at the given indices.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorstore-vectorstoreop).
    """

    name = "vector.store"

    vector = operand_def(VectorType)
    base = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$vector `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($vector)"
    )

    def __init__(
        self,
        vector: SSAValue | Operation,
        base: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
        nontemporal: BoolAttr | None = None,
    ) -> None:
        super().__init__(
            operands=[vector, base, indices], properties={"nontemporal": nontemporal}
        )

    def verify_(self) -> None:
        check_memref_access(
            self.base.type, self.vector.type, len(self.indices), _alignment(self.alignment),
            what="valueToStore", rank_msg="source memref has lower rank than the vector to store",
        )


def _minor_stride(memref: MemRefType) -> int | str:
    """The stride of ``memref``'s last dimension: an int, ``"?"`` when dynamic, or
    ``"not strided"`` for an affine layout that is not a strided one (LLVM 22 rejects both)."""
    layout = memref.layout
    if isinstance(layout, StridedLayoutAttr):
        strides = layout.get_strides()
        last = strides[-1] if strides else 1
        return "?" if last is None else last
    if not isinstance(layout, AffineMapAttr):
        return 1
    amap = layout.data
    if len(amap.results) != 1 or amap.num_dims != memref.get_num_dims():
        return "not strided"
    # The coefficient of the last dimension, with every symbol at 0, 1 and 2: an affine strided
    # layout gives one constant; a coefficient that follows a symbol is a dynamic stride.
    # A map that is not linear in the dimensions (floordiv, mod, ...) is not a strided layout.
    n = amap.num_dims
    seen: set[int] = set()
    for sym in (0, 1, 2):
        symbols = [sym] * amap.num_symbols
        base = amap.eval([0] * n, symbols)[0]
        coeffs = [amap.eval([int(i == d) for i in range(n)], symbols)[0] - base for d in range(n)]
        for point in ([3] * n, [7 + 5 * i for i in range(n)]):
            expected = base + sum(c * x for c, x in zip(coeffs, point, strict=True))
            if amap.eval(point, symbols)[0] != expected:
                return "not strided"
        seen.add(coeffs[-1])
    return seen.pop() if len(seen) == 1 else "?"


def _alignment(attr: Attribute | None) -> IntegerAttr | None:
    return attr if isinstance(attr, IntegerAttr) else None


__all__ = ["LoadOp", "StoreOp", "check_memref_access"]
