"""The ``arith`` dialect with LLVM 22's handling of vector operands.

xDSL 0.74's ``arith`` is right for constants and the binary/unary ops (vectors, ``fastmath``,
``overflow``), but not for the rest of what a WG kernel uses:

- ``cmpi``/``cmpf`` always produce ``i1`` (MLIR: ``i1`` or an ``i1`` vector/tensor of the operand
  shape), accept operands of two different types in generic form, and drop ``attr-dict``;
- ``select`` only takes an ``i1`` condition, and its custom form has no ``vector<4xi1>, ...``
  type list for a vector condition;
- the casts (``extsi``, ``extui``, ``trunci``, ``sitofp``, ``uitofp``, ``fptosi``, ``fptoui``,
  ``extf``, ``truncf``, ``index_cast``) take scalars only, and ``trunci``'s ``overflow`` flags,
  ``extf``'s ``fastmath`` and ``truncf``'s rounding mode and ``fastmath`` are missing;
- ``index_castui`` and ``remf`` do not exist.

The classes here subclass xDSL's (so ``isinstance(op, xdsl.dialects.arith.CmpiOp)`` and xDSL's
canonicalization patterns keep working) and redefine every field, the verifier and the syntax
(irdl reads a subclass's own field definitions first; the ``type: ignore`` comments are where a
field's type widens from xDSL's scalar one, which is the point of the override):

```mlir
%m = arith.cmpf ogt, %a, %b : vector<4xf32>                      // vector<4xi1>
%s = arith.select %m, %a, %b : vector<4xi1>, vector<4xf32>
%t = arith.select %c, %a, %b : vector<4xf32>                     // %c : i1
%w = arith.extf %h fastmath<fast> : vector<4xf16> to vector<4xf32>
%n = arith.truncf %w to_nearest_even : vector<4xf32> to vector<4xbf16>
%i = arith.trunci %x overflow<nsw> : vector<4xi32> to vector<4xi8>
```

The casts live in ``arith_casts.py``. ``Arith`` lists every op of the dialect once, in xDSL's
order with these classes in place of xDSL's; ``wgdist-opt`` and ``wgdist.context()`` register it
in place of xDSL's ``arith``. Every op and attribute class is importable from this module;
create the corrected ops from here so they get vector result types.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import arith as xarith
from xdsl.dialects.arith import (
    CMPF_COMPARISON_OPERATIONS,
    CMPI_COMPARISON_OPERATIONS,
    AddfOp,
    AddiOp,
    AddUIExtendedOp,
    AndIOp,
    BitcastOp,
    CeilDivSIOp,
    CeilDivUIOp,
    ConstantOp,
    DivfOp,
    DivSIOp,
    DivUIOp,
    FastMathFlagsAttr,
    FloorDivSIOp,
    IntegerOverflowAttr,
    MaximumfOp,
    MaxnumfOp,
    MaxSIOp,
    MaxUIOp,
    MinimumfOp,
    MinnumfOp,
    MinSIOp,
    MinUIOp,
    MulfOp,
    MuliOp,
    MulSIExtendedOp,
    MulUIExtendedOp,
    NegfOp,
    OrIOp,
    RemSIOp,
    RemUIOp,
    ShLIOp,
    ShRSIOp,
    ShRUIOp,
    SubfOp,
    SubiOp,
    XOrIOp,
    boolLike,
    floatingPointLike,
    signlessIntegerLike,
)
from xdsl.dialects.builtin import (
    IntegerAttr,
    TensorType,
    UnrankedTensorType,
    VectorType,
    i1,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
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
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.arith_casts import (
    ExtFOp,
    ExtSIOp,
    ExtUIOp,
    FPToSIOp,
    FPToUIOp,
    IndexCastOp,
    IndexCastUIOp,
    SIToFPOp,
    TruncFOp,
    TruncIOp,
    UIToFPOp,
    shape_of,
)


def bool_like(t: Attribute) -> Attribute:
    """``i1`` with the shape of ``t`` (the result type of a comparison of ``t`` operands)."""
    if isinstance(t, VectorType):
        return VectorType(i1, t.get_shape(), t.scalable_dims)
    if isinstance(t, TensorType):
        return TensorType(i1, t.get_shape(), t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType(i1)
    return i1


# --- comparisons ----------------------------------------------------------------------------


def _parse_predicate(parser: Parser, op_name: str, names: list[str]) -> int:
    word = parser.parse_optional_keyword_in(names)
    if word is None:
        parser.raise_error(f"{op_name} expects a predicate, one of {', '.join(names)}")
    return names.index(word)


def _verify_comparison(op: CmpiOp | CmpfOp, names: list[str]) -> None:
    pred = op.predicate.value.data
    if not 0 <= pred < len(names):
        raise VerifyException(
            f"predicate {pred} is out of range: {op.name} has predicates 0 to {len(names) - 1} "
            f"({', '.join(names)})"
        )
    expected = bool_like(op.lhs.type)
    if op.result.type != expected:
        raise VerifyException(
            f"result type {op.result.type} must be {expected}: i1 with the shape of the "
            f"operand type {op.lhs.type}"
        )


def _predicate(arg: int | str, names: list[str], op_name: str) -> int:
    if isinstance(arg, int):
        return arg
    if arg not in names:
        raise ValueError(f"{op_name} has no predicate '{arg}' (one of {', '.join(names)})")
    return names.index(arg)


@irdl_op_definition
class CmpiOp(xarith.CmpiOp):
    """Elementwise integer comparison; the result is ``i1`` or ``i1`` of the operand shape.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithcmpi-arithcmpiop).
    """

    name = "arith.cmpi"

    T: ClassVar = VarConstraint("T", signlessIntegerLike)
    predicate = prop_def(IntegerAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(boolLike)  # type: ignore[assignment, arg-type]

    def __init__(self, operand1: Operation | SSAValue, operand2: Operation | SSAValue, arg: int | str):
        lhs, rhs = SSAValue.get(operand1), SSAValue.get(operand2)
        IRDLOperation.__init__(
            self,
            operands=[lhs, rhs],
            result_types=[bool_like(lhs.type)],
            properties={"predicate": IntegerAttr(_predicate(arg, CMPI_COMPARISON_OPERATIONS, self.name), 64)},
        )

    def verify_(self) -> None:
        _verify_comparison(self, CMPI_COMPARISON_OPERATIONS)

    @classmethod
    def parse(cls, parser: Parser) -> CmpiOp:
        pred = _parse_predicate(parser, cls.name, CMPI_COMPARISON_OPERATIONS)
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        a, b = parser.resolve_operands([lhs, rhs], [t, t], parser.pos)
        op = cls(a, b, pred)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        name = CMPI_COMPARISON_OPERATIONS[self.predicate.value.data]
        printer.print_string(f" {name}, ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)


@irdl_op_definition
class CmpfOp(xarith.CmpfOp):
    """Elementwise float comparison; the result is ``i1`` or ``i1`` of the operand shape.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithcmpf-arithcmpfop).
    """

    name = "arith.cmpf"

    T: ClassVar = VarConstraint("T", floatingPointLike)
    predicate = prop_def(IntegerAttr)
    lhs = operand_def(T)
    rhs = operand_def(T)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))
    result = result_def(boolLike)  # type: ignore[assignment, arg-type]

    def __init__(
        self,
        operand1: SSAValue | Operation,
        operand2: SSAValue | Operation,
        arg: int | str,
        fastmath: FastMathFlagsAttr | None = None,
    ):
        lhs, rhs = SSAValue.get(operand1), SSAValue.get(operand2)
        IRDLOperation.__init__(
            self,
            operands=[lhs, rhs],
            result_types=[bool_like(lhs.type)],
            properties={
                "predicate": IntegerAttr(_predicate(arg, CMPF_COMPARISON_OPERATIONS, self.name), 64),
                "fastmath": fastmath or FastMathFlagsAttr("none"),
            },
        )

    def verify_(self) -> None:
        _verify_comparison(self, CMPF_COMPARISON_OPERATIONS)

    @classmethod
    def parse(cls, parser: Parser) -> CmpfOp:
        pred = _parse_predicate(parser, cls.name, CMPF_COMPARISON_OPERATIONS)
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        fastmath = FastMathFlagsAttr("none")
        if parser.parse_optional_keyword("fastmath"):
            fastmath = FastMathFlagsAttr(FastMathFlagsAttr.parse_parameter(parser))
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        a, b = parser.resolve_operands([lhs, rhs], [t, t], parser.pos)
        op = cls(a, b, pred, fastmath)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        name = CMPF_COMPARISON_OPERATIONS[self.predicate.value.data]
        printer.print_string(f" {name}, ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        if self.fastmath != FastMathFlagsAttr("none"):
            printer.print_string(" fastmath")
            self.fastmath.print_parameter(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)


# --- select -----------------------------------------------------------------------------------


@irdl_op_definition
class SelectOp(xarith.SelectOp):
    """Chooses ``lhs`` where ``cond`` holds, else ``rhs``; ``cond`` is ``i1`` (whole values) or
    ``i1`` of the result's shape (elementwise).

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithselect-arithselectop).
    """

    name = "arith.select"

    _T: ClassVar = VarConstraint("_T", AnyAttr())
    cond = operand_def(boolLike)
    lhs = operand_def(_T)
    rhs = operand_def(_T)
    result = result_def(_T)
    assembly_format = None  # type: ignore[assignment]

    def verify_(self) -> None:
        ct, rt = self.cond.type, self.result.type
        if ct != i1 and shape_of(ct) != shape_of(rt):
            raise VerifyException(
                f"condition type {ct} must be i1 or i1 with the shape of the result type {rt}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        cond = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) > 2:
            parser.raise_error(f"arith.select expects 1 or 2 types (condition, result), got {len(types)}")
        cond_type, result_type = (i1, types[0]) if len(types) == 1 else (types[0], types[1])
        operands = parser.resolve_operands([cond, lhs, rhs], [cond_type, result_type, result_type], parser.pos)
        op = cls(*operands)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.cond, self.lhs, self.rhs], printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if self.cond.type != i1:
            printer.print_attribute(self.cond.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class RemFOp(xarith.FloatingPointLikeBinaryOperation):
    """Float remainder (the sign follows the dividend), elementwise on vectors/tensors.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithremf-arithremfop).
    """

    name = "arith.remf"
    traits = traits_def(Pure())


Arith = Dialect(
    "arith",
    [
        # xDSL's order; "replaced": this module's class in place of xDSL's, "added": not in xDSL
        ConstantOp,
        AddiOp,
        AddUIExtendedOp,
        SubiOp,
        MuliOp,
        MulUIExtendedOp,
        MulSIExtendedOp,
        DivUIOp,
        DivSIOp,
        FloorDivSIOp,
        CeilDivSIOp,
        CeilDivUIOp,
        RemUIOp,
        RemSIOp,
        MinSIOp,
        MaxSIOp,
        MinUIOp,
        MaxUIOp,
        AddfOp,
        SubfOp,
        MulfOp,
        DivfOp,
        NegfOp,
        CmpiOp,  # replaced
        CmpfOp,  # replaced
        SelectOp,  # replaced
        AndIOp,
        OrIOp,
        XOrIOp,
        ShLIOp,
        ShRUIOp,
        ShRSIOp,
        MinimumfOp,
        MinnumfOp,
        MaximumfOp,
        MaxnumfOp,
        BitcastOp,
        IndexCastOp,  # replaced
        FPToSIOp,  # replaced
        FPToUIOp,  # replaced
        SIToFPOp,  # replaced
        UIToFPOp,  # replaced
        ExtFOp,  # replaced
        TruncFOp,  # replaced
        TruncIOp,  # replaced
        ExtSIOp,  # replaced
        ExtUIOp,  # replaced
        IndexCastUIOp,  # added
        RemFOp,  # added
    ],
    [FastMathFlagsAttr, IntegerOverflowAttr],
    [xarith.ArithConstantMaterializationInterface()],
)

__all__ = [
    "AddUIExtendedOp",
    "AddfOp",
    "AddiOp",
    "AndIOp",
    "Arith",
    "BitcastOp",
    "CeilDivSIOp",
    "CeilDivUIOp",
    "CmpfOp",
    "CmpiOp",
    "ConstantOp",
    "DivSIOp",
    "DivUIOp",
    "DivfOp",
    "ExtFOp",
    "ExtSIOp",
    "ExtUIOp",
    "FPToSIOp",
    "FPToUIOp",
    "FastMathFlagsAttr",
    "FloorDivSIOp",
    "IndexCastOp",
    "IndexCastUIOp",
    "IntegerOverflowAttr",
    "MaxSIOp",
    "MaxUIOp",
    "MaximumfOp",
    "MaxnumfOp",
    "MinSIOp",
    "MinUIOp",
    "MinimumfOp",
    "MinnumfOp",
    "MulSIExtendedOp",
    "MulUIExtendedOp",
    "MulfOp",
    "MuliOp",
    "NegfOp",
    "OrIOp",
    "RemFOp",
    "RemSIOp",
    "RemUIOp",
    "SIToFPOp",
    "SelectOp",
    "ShLIOp",
    "ShRSIOp",
    "ShRUIOp",
    "SubfOp",
    "SubiOp",
    "TruncFOp",
    "TruncIOp",
    "UIToFPOp",
    "XOrIOp",
    "bool_like",
]
