"""The ``index`` dialect ops that mlir-opt 22 writes into IR wgdist reads back (LLVM 22 syntax).

``xegpu-wg-to-sg-distribute`` in LLVM 22 rebases the subgroup id of an ``sg_id_range`` with
``index.sub``; other LLVM passes emit the rest of the dialect's integer arithmetic on ``index``.
Every op here has MLIR's custom form and its generic form:

* the binary ops ``index.add|sub|mul|divs|divu|ceildivs|ceildivu|floordivs|rems|remu|maxs|maxu|
  mins|minu|shl|shrs|shru|and|or|xor`` (``%c = index.sub %a, %b``), index operands and result;
* ``index.constant 42`` (property ``value = 42 : index``) and ``index.bool.constant true``
  (``value = true``, an ``i1`` result);
* ``index.casts`` / ``index.castu`` (``%x = index.casts %i : i32 to index``): signed or unsigned
  conversion between ``index`` and an integer type, one side ``index``;
* ``index.sizeof`` (the bit width of ``index``);
* ``index.cmp slt(%a, %b)`` (property ``pred = #index<cmp_predicate slt>``, an ``i1`` result),
  predicates ``eq ne slt sle sgt sge ult ule ugt uge``.
"""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, IndexType, IntegerAttr, IntegerType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Dialect, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import ConstantLike, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


class BinaryOp(IRDLOperation):
    """``%r = index.<op> %lhs, %rhs``: two ``index`` operands, an ``index`` result."""

    lhs = operand_def(IndexType)
    rhs = operand_def(IndexType)
    result = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "$lhs `,` $rhs attr-dict"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        super().__init__(operands=[lhs, rhs], result_types=[IndexType()])


def _binary(op_name: str, doc: str) -> type[BinaryOp]:
    cls = type(
        "".join(part.capitalize() for part in op_name.split(".")) + "Op",
        (BinaryOp,),
        {"name": f"index.{op_name}", "__doc__": f"``index.{op_name}``: {doc}.", "__module__": __name__},
    )
    return irdl_op_definition(cls)


AddOp = _binary("add", "lhs + rhs")
SubOp = _binary("sub", "lhs - rhs")
MulOp = _binary("mul", "lhs * rhs")
DivSOp = _binary("divs", "signed division, rounding toward zero")
DivUOp = _binary("divu", "unsigned division")
CeilDivSOp = _binary("ceildivs", "signed division, rounding up")
CeilDivUOp = _binary("ceildivu", "unsigned division, rounding up")
FloorDivSOp = _binary("floordivs", "signed division, rounding down")
RemSOp = _binary("rems", "signed remainder")
RemUOp = _binary("remu", "unsigned remainder")
MaxSOp = _binary("maxs", "signed maximum")
MaxUOp = _binary("maxu", "unsigned maximum")
MinSOp = _binary("mins", "signed minimum")
MinUOp = _binary("minu", "unsigned minimum")
ShlOp = _binary("shl", "lhs << rhs")
ShrSOp = _binary("shrs", "arithmetic shift right")
ShrUOp = _binary("shru", "logical shift right")
AndOp = _binary("and", "bitwise and")
OrOp = _binary("or", "bitwise or")
XOrOp = _binary("xor", "bitwise exclusive or")

BINARY_OPS: tuple[type[BinaryOp], ...] = (
    AddOp, SubOp, MulOp, DivSOp, DivUOp, CeilDivSOp, CeilDivUOp, FloorDivSOp, RemSOp, RemUOp,
    MaxSOp, MaxUOp, MinSOp, MinUOp, ShlOp, ShrSOp, ShrUOp, AndOp, OrOp, XOrOp,
)  # fmt: skip


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """``%c = index.constant 42``: an ``index`` constant."""

    name = "index.constant"

    value = prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)

    traits = traits_def(ConstantLike(), Pure())

    assembly_format = "attr-dict $value"

    def __init__(self, value: int) -> None:
        super().__init__(properties={"value": IntegerAttr(value, IndexType())}, result_types=[IndexType()])


@irdl_op_definition
class BoolConstantOp(IRDLOperation):
    """``%t = index.bool.constant true``: an ``i1`` constant."""

    name = "index.bool.constant"

    value = prop_def(BoolAttr)
    result = result_def(IntegerType(1))

    traits = traits_def(ConstantLike(), Pure())

    assembly_format = "attr-dict $value"

    def __init__(self, value: bool) -> None:
        super().__init__(properties={"value": BoolAttr.from_bool(value)}, result_types=[IntegerType(1)])


class _CastOp(IRDLOperation):
    """``%r = index.casts %x : i32 to index``: one side ``index``, the other an integer type."""

    input = operand_def(base(IndexType) | base(IntegerType))
    output = result_def(base(IndexType) | base(IntegerType))

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    def __init__(self, value: SSAValue | Operation, result_type: IndexType | IntegerType) -> None:
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        source, target = self.input.type, self.output.type
        if isinstance(source, IndexType) == isinstance(target, IndexType):
            raise VerifyException(
                f"cast incompatible: one of {source} and {target} must be index and the other an integer type"
            )


@irdl_op_definition
class CastSOp(_CastOp):
    """``index.casts``: sign-extending or truncating conversion to or from ``index``."""

    name = "index.casts"


@irdl_op_definition
class CastUOp(_CastOp):
    """``index.castu``: zero-extending or truncating conversion to or from ``index``."""

    name = "index.castu"


@irdl_op_definition
class SizeOfOp(IRDLOperation):
    """``%n = index.sizeof``: the bit width of ``index`` on the target."""

    name = "index.sizeof"

    result = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__(result_types=[IndexType()])


class CmpPredicate(StrEnum):
    """The predicates of ``index.cmp``: (in)equality, signed and unsigned orderings."""

    EQ = "eq"
    NE = "ne"
    SLT = "slt"
    SLE = "sle"
    SGT = "sgt"
    SGE = "sge"
    ULT = "ult"
    ULE = "ule"
    UGT = "ugt"
    UGE = "uge"


@irdl_attr_definition
class CmpPredicateAttr(EnumAttribute[CmpPredicate], SpacedOpaqueSyntaxAttribute):
    """``#index<cmp_predicate slt>``: the predicate of an ``index.cmp``."""

    name = "index.cmp_predicate"


@irdl_op_definition
class CmpOp(IRDLOperation):
    """``%r = index.cmp slt(%lhs, %rhs)``: compare two ``index`` values, an ``i1`` result."""

    name = "index.cmp"

    pred = prop_def(CmpPredicateAttr)
    lhs = operand_def(IndexType)
    rhs = operand_def(IndexType)
    result = result_def(IntegerType(1))

    traits = traits_def(Pure())

    assembly_format = "$pred `(` $lhs `,` $rhs `)` attr-dict"

    def __init__(self, pred: CmpPredicate, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        super().__init__(
            operands=[lhs, rhs], properties={"pred": CmpPredicateAttr(pred)}, result_types=[IntegerType(1)]
        )


Index = Dialect(
    "index",
    [*BINARY_OPS, ConstantOp, BoolConstantOp, CastSOp, CastUOp, SizeOfOp, CmpOp],
    [CmpPredicateAttr],
)

__all__ = [
    "BINARY_OPS",
    "AddOp",
    "AndOp",
    "BinaryOp",
    "BoolConstantOp",
    "CastSOp",
    "CastUOp",
    "CeilDivSOp",
    "CeilDivUOp",
    "CmpOp",
    "CmpPredicate",
    "CmpPredicateAttr",
    "ConstantOp",
    "DivSOp",
    "DivUOp",
    "FloorDivSOp",
    "Index",
    "MaxSOp",
    "MaxUOp",
    "MinSOp",
    "MinUOp",
    "MulOp",
    "OrOp",
    "RemSOp",
    "RemUOp",
    "ShlOp",
    "ShrSOp",
    "ShrUOp",
    "SizeOfOp",
    "SubOp",
    "XOrOp",
]
