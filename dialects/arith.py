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
canonicalization patterns keep working) and redefine every field, the verifier and the syntax:

```mlir
%m = arith.cmpf ogt, %a, %b : vector<4xf32>                      // vector<4xi1>
%s = arith.select %m, %a, %b : vector<4xi1>, vector<4xf32>
%t = arith.select %c, %a, %b : vector<4xf32>                     // %c : i1
%w = arith.extf %h fastmath<fast> : vector<4xf16> to vector<4xf32>
%n = arith.truncf %w to_nearest_even : vector<4xf32> to vector<4xbf16>
%i = arith.trunci %x overflow<nsw> : vector<4xi32> to vector<4xi8>
```

``Arith`` is xDSL's dialect with these classes swapped in; ``wgdist-opt`` and
``wgdist.context()`` register it in place of xDSL's ``arith``. Create the corrected ops from this
module so they get vector result types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar, Self

from xdsl.dialects import arith as xarith
from xdsl.dialects.arith import (
    CMPF_COMPARISON_OPERATIONS,
    CMPI_COMPARISON_OPERATIONS,
    FastMathFlagsAttr,
    IntegerOverflowAttr,
    IntegerOverflowFlag,
    boolLike,
    floatingPointLike,
    signlessIntegerLike,
)
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    UnrankedTensorType,
    VectorType,
    container_of,
    i1,
    i32,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

integerLike = container_of(IntegerType)

ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")
"""``arith.truncf``'s rounding modes, indexed by their ``roundingmode`` property value."""


def _shape(t: Attribute) -> tuple[object, ...] | None:
    """The container kind and shape of ``t``; ``None`` for a scalar."""
    if isinstance(t, VectorType):
        return ("vector", t.get_shape(), t.get_scalable_dims())
    if isinstance(t, TensorType):
        return ("tensor", t.get_shape())
    if isinstance(t, UnrankedTensorType):
        return ("tensor",)
    return None


def _element(t: Attribute) -> Attribute:
    if isinstance(t, VectorType | TensorType | UnrankedTensorType):
        return t.get_element_type()
    return t


def bool_like(t: Attribute) -> Attribute:
    """``i1`` with the shape of ``t`` (the result type of a comparison of ``t`` operands)."""
    if isinstance(t, VectorType):
        return VectorType(i1, t.get_shape(), t.scalable_dims)
    if isinstance(t, TensorType):
        return TensorType(i1, t.get_shape(), t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType(i1)
    return i1


def _width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    assert isinstance(t, AnyFloat)
    return t.bitwidth


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
    result = result_def(boolLike)  # type: ignore[assignment]

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
    result = result_def(boolLike)  # type: ignore[assignment]

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
    assembly_format = None

    def verify_(self) -> None:
        ct, rt = self.cond.type, self.result.type
        if ct != i1 and _shape(ct) != _shape(rt):
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


# --- casts --------------------------------------------------------------------------------------


def _verify_cast(op: IRDLOperation, ok: Callable[[Attribute, Attribute], bool], rule: str) -> None:
    """MLIR's cast checks: one shape on both sides, then an element rule (``rule`` says it)."""
    src, dst = op.operands[0].type, op.results[0].type
    if _shape(src) != _shape(dst):
        raise VerifyException(
            f"requires the same shape for all operands and results, got {src} and {dst}"
        )
    if not ok(_element(src), _element(dst)):
        raise VerifyException(f"operand type {src} and result type {dst} are cast incompatible: {rule}")


def _wider(a: Attribute, b: Attribute) -> bool:
    return _width(b) > _width(a)


def _narrower(a: Attribute, b: Attribute) -> bool:
    return _width(b) < _width(a)


def _index_int(a: Attribute, b: Attribute) -> bool:
    return isinstance(a, IndexType) != isinstance(b, IndexType)


def _any(a: Attribute, b: Attribute) -> bool:
    return True


def _parse_fastmath(parser: Parser) -> dict[str, Attribute]:
    if parser.parse_optional_keyword("fastmath"):
        return {"fastmath": FastMathFlagsAttr(FastMathFlagsAttr.parse_parameter(parser))}
    return {}


def _print_fastmath(printer: Printer, fastmath: FastMathFlagsAttr | None) -> None:
    if fastmath is not None:
        printer.print_string(" fastmath")
        fastmath.print_parameter(printer)


class _Cast(IRDLOperation):
    """LLVM 22's syntax for a cast, ``%x [flags] attr-dict : T to U``; subclasses add flags."""

    FLAGS_SYNTAX: ClassVar[str] = ""

    @classmethod
    def _parse_flags(cls, parser: Parser) -> dict[str, Attribute]:
        return {}

    def _print_flags(self, printer: Printer) -> None:
        pass

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        src = parser.parse_unresolved_operand()
        props = cls._parse_flags(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":", f" in {cls.name} %operand {cls.FLAGS_SYNTAX}: T to U")
        src_type = parser.parse_type()
        parser.parse_keyword("to")
        dst_type = parser.parse_type()
        (value,) = parser.resolve_operands([src], [src_type], parser.pos)
        return cls.build(operands=[value], result_types=[dst_type], properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operands[0])
        self._print_flags(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operands[0].type)
        printer.print_string(" to ")
        printer.print_attribute(self.results[0].type)


@irdl_op_definition
class ExtSIOp(_Cast, xarith.ExtSIOp):
    """Sign-extends integers (elementwise on vectors/tensors) to a wider integer type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithextsi-arithextsiop).
    """

    name = "arith.extsi"
    input = operand_def(integerLike)
    result = result_def(integerLike)  # type: ignore[assignment]
    traits = traits_def(Pure())
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _wider, "the result element type must be wider")


@irdl_op_definition
class ExtUIOp(_Cast, xarith.ExtUIOp):
    """Zero-extends integers (elementwise on vectors/tensors) to a wider integer type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithextui-arithextuiop).
    """

    name = "arith.extui"
    input = operand_def(integerLike)
    result = result_def(integerLike)  # type: ignore[assignment]
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _wider, "the result element type must be wider")


@irdl_op_definition
class TruncIOp(_Cast, xarith.TruncIOp):
    """Truncates integers (elementwise on vectors/tensors) to a narrower integer type, with
    optional ``overflow<nsw, nuw>`` flags.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithtrunci-arithtrunciop).
    """

    name = "arith.trunci"
    input = operand_def(integerLike)
    result = result_def(integerLike)  # type: ignore[assignment]
    overflow_flags = prop_def(
        IntegerOverflowAttr, default_value=IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )
    assembly_format = None
    FLAGS_SYNTAX: ClassVar[str] = "[overflow<nsw, nuw>] "

    def __init__(
        self,
        op: SSAValue | Operation,
        target_type: Attribute,
        overflow: IntegerOverflowAttr | None = None,
    ):
        flags = overflow or IntegerOverflowAttr("none")
        IRDLOperation.__init__(
            self, operands=[op], result_types=[target_type], properties={"overflowFlags": flags}
        )

    def verify_(self) -> None:
        _verify_cast(self, _narrower, "the result element type must be narrower")

    @classmethod
    def _parse_flags(cls, parser: Parser) -> dict[str, Attribute]:
        if parser.parse_optional_keyword("overflow"):
            return {"overflowFlags": IntegerOverflowAttr(IntegerOverflowAttr.parse_parameter(parser))}
        return {}

    def _print_flags(self, printer: Printer) -> None:
        flags = [f.value for f in IntegerOverflowFlag if f in self.overflow_flags.data]
        if flags:
            printer.print_string(f" overflow<{', '.join(flags)}>")


@irdl_op_definition
class SIToFPOp(_Cast, xarith.SIToFPOp):
    """Converts signed integers (elementwise on vectors/tensors) to floats.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithsitofp-arithsitofpop).
    """

    name = "arith.sitofp"
    input = operand_def(integerLike)
    result = result_def(floatingPointLike)  # type: ignore[assignment]
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class UIToFPOp(_Cast, xarith.UIToFPOp):
    """Converts unsigned integers (elementwise on vectors/tensors) to floats.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithuitofp-arithuitofpop).
    """

    name = "arith.uitofp"
    input = operand_def(integerLike)
    result = result_def(floatingPointLike)  # type: ignore[assignment]
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class FPToSIOp(_Cast, xarith.FPToSIOp):
    """Converts floats (elementwise on vectors/tensors) to signed integers, rounding to zero.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithfptosi-arithfptosiop).
    """

    name = "arith.fptosi"
    input = operand_def(floatingPointLike)
    result = result_def(integerLike)  # type: ignore[assignment]
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class FPToUIOp(_Cast, xarith.FPToUIOp):
    """Converts floats (elementwise on vectors/tensors) to unsigned integers, rounding to zero.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithfptoui-arithfptouiop).
    """

    name = "arith.fptoui"
    input = operand_def(floatingPointLike)
    result = result_def(integerLike)  # type: ignore[assignment]
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class ExtFOp(_Cast, xarith.ExtFOp):
    """Extends floats (elementwise on vectors/tensors) to a wider float type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithextf-arithextfop).
    """

    name = "arith.extf"
    input = operand_def(floatingPointLike)
    result = result_def(floatingPointLike)
    fastmath = opt_prop_def(FastMathFlagsAttr)
    assembly_format = None
    FLAGS_SYNTAX: ClassVar[str] = "[fastmath<...>] "

    def __init__(
        self, op: SSAValue | Operation, target_type: Attribute, fastmath: FastMathFlagsAttr | None = None
    ):
        IRDLOperation.__init__(
            self, operands=[op], result_types=[target_type], properties={"fastmath": fastmath}
        )

    def verify_(self) -> None:
        _verify_cast(self, _wider, "the result element type must be wider")

    @classmethod
    def _parse_flags(cls, parser: Parser) -> dict[str, Attribute]:
        return _parse_fastmath(parser)

    def _print_flags(self, printer: Printer) -> None:
        _print_fastmath(printer, self.fastmath)


@irdl_op_definition
class TruncFOp(_Cast, xarith.TruncFOp):
    """Truncates floats (elementwise on vectors/tensors) to a narrower float type, with an
    optional rounding mode (``to_nearest_even``, ``downward``, ``upward``, ``toward_zero``,
    ``to_nearest_away``) and ``fastmath`` flags.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithtruncf-arithtruncfop).
    """

    name = "arith.truncf"
    input = operand_def(floatingPointLike)
    result = result_def(floatingPointLike)
    roundingmode = opt_prop_def(IntegerAttr)
    fastmath = opt_prop_def(FastMathFlagsAttr)
    assembly_format = None
    FLAGS_SYNTAX: ClassVar[str] = f"[{' | '.join(ROUNDING_MODES)}] [fastmath<...>] "

    def __init__(
        self,
        op: SSAValue | Operation,
        target_type: Attribute,
        roundingmode: str | None = None,
        fastmath: FastMathFlagsAttr | None = None,
    ):
        mode = None
        if roundingmode is not None:
            if roundingmode not in ROUNDING_MODES:
                raise ValueError(f"arith.truncf has no rounding mode '{roundingmode}'")
            mode = IntegerAttr(ROUNDING_MODES.index(roundingmode), i32)
        IRDLOperation.__init__(
            self,
            operands=[op],
            result_types=[target_type],
            properties={"roundingmode": mode, "fastmath": fastmath},
        )

    def verify_(self) -> None:
        mode = self.roundingmode
        if mode is not None and (mode.type != i32 or not 0 <= mode.value.data < len(ROUNDING_MODES)):
            raise VerifyException(
                f"roundingmode {mode} must be an i32 from 0 to {len(ROUNDING_MODES) - 1} "
                f"({', '.join(ROUNDING_MODES)})"
            )
        _verify_cast(self, _narrower, "the result element type must be narrower")

    @classmethod
    def _parse_flags(cls, parser: Parser) -> dict[str, Attribute]:
        props: dict[str, Attribute] = {}
        mode = parser.parse_optional_keyword_in(ROUNDING_MODES)
        if mode is not None:
            props["roundingmode"] = IntegerAttr(ROUNDING_MODES.index(mode), i32)
        return props | _parse_fastmath(parser)

    def _print_flags(self, printer: Printer) -> None:
        if self.roundingmode is not None:
            printer.print_string(f" {ROUNDING_MODES[self.roundingmode.value.data]}")
        _print_fastmath(printer, self.fastmath)


@irdl_op_definition
class IndexCastOp(_Cast, xarith.IndexCastOp):
    """Casts between ``index`` and a signless integer (sign-extending or truncating),
    elementwise on vectors/tensors.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithindex_cast-arithindexcastop).
    """

    name = "arith.index_cast"
    input = operand_def(signlessIntegerLike)
    result = result_def(signlessIntegerLike)
    assembly_format = None

    def verify_(self) -> None:
        _verify_cast(self, _index_int, "exactly one side must be index")


@irdl_op_definition
class IndexCastUIOp(_Cast):
    """Casts between ``index`` and a signless integer (zero-extending or truncating),
    elementwise on vectors/tensors.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithindex_castui-arithindexcastuiop).
    """

    name = "arith.index_castui"
    input = operand_def(signlessIntegerLike)
    result = result_def(signlessIntegerLike)
    traits = traits_def(Pure())

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute):
        super().__init__(operands=[input_arg], result_types=[target_type])

    def verify_(self) -> None:
        _verify_cast(self, _index_int, "exactly one side must be index")


@irdl_op_definition
class RemFOp(xarith.FloatingPointLikeBinaryOperation):
    """Float remainder (the sign follows the dividend), elementwise on vectors/tensors.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithremf-arithremfop).
    """

    name = "arith.remf"
    traits = traits_def(Pure())


_REPLACED: tuple[type[IRDLOperation], ...] = (
    CmpiOp,
    CmpfOp,
    SelectOp,
    ExtSIOp,
    ExtUIOp,
    TruncIOp,
    SIToFPOp,
    UIToFPOp,
    FPToSIOp,
    FPToUIOp,
    ExtFOp,
    TruncFOp,
    IndexCastOp,
)
_ADDED: tuple[type[IRDLOperation], ...] = (IndexCastUIOp, RemFOp)

REPLACEMENTS: Mapping[str, type[IRDLOperation]] = {op.name: op for op in _REPLACED}
"""The corrected op classes by op name."""

Arith = Dialect(
    "arith",
    [
        *(REPLACEMENTS.get(op.name, op) for op in xarith.Arith.operations),
        *_ADDED,
    ],
    list(xarith.Arith.attributes),
    [xarith.ArithConstantMaterializationInterface()],
)

__all__ = [
    "ROUNDING_MODES",
    "Arith",
    "CmpfOp",
    "CmpiOp",
    "ExtFOp",
    "ExtSIOp",
    "ExtUIOp",
    "FPToSIOp",
    "FPToUIOp",
    "IndexCastOp",
    "IndexCastUIOp",
    "RemFOp",
    "SIToFPOp",
    "SelectOp",
    "TruncFOp",
    "TruncIOp",
    "UIToFPOp",
    "bool_like",
]
