"""LLVM 22's ``arith`` casts on scalars, vectors and tensors (part of wgdist's merged ``arith``).

xDSL 0.74's casts take scalars only and lack ``trunci``'s ``overflow`` flags, ``extf``'s
``fastmath`` and ``truncf``'s rounding mode and ``fastmath``; ``index_castui`` is missing. Each
class here subclasses xDSL's (``isinstance`` checks against xDSL's classes keep holding),
redefines its fields, and checks MLIR's rules: one shape on both sides, then the element rule.
``wgdist.dialects.arith`` puts them into the ``Arith`` dialect; import them from there.
The ``type: ignore`` comments mark where a field's type widens from xDSL's scalar one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Self

from xdsl.dialects import arith as xarith
from xdsl.dialects.arith import (
    FastMathFlagsAttr,
    IntegerOverflowAttr,
    IntegerOverflowFlag,
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
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
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


def shape_of(t: Attribute) -> tuple[object, ...] | None:
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


def _width(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    assert isinstance(t, AnyFloat)
    return t.bitwidth


def _verify_cast(op: IRDLOperation, ok: Callable[[Attribute, Attribute], bool], rule: str) -> None:
    """MLIR's cast checks: one shape on both sides, then an element rule (``rule`` says it)."""
    src, dst = op.operands[0].type, op.results[0].type
    if shape_of(src) != shape_of(dst):
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
    result = result_def(integerLike)  # type: ignore[assignment, arg-type]
    traits = traits_def(Pure())
    assembly_format = None  # type: ignore[assignment]

    def verify_(self) -> None:
        _verify_cast(self, _wider, "the result element type must be wider")


@irdl_op_definition
class ExtUIOp(_Cast, xarith.ExtUIOp):
    """Zero-extends integers (elementwise on vectors/tensors) to a wider integer type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithextui-arithextuiop).
    """

    name = "arith.extui"
    input = operand_def(integerLike)
    result = result_def(integerLike)  # type: ignore[assignment, arg-type]
    assembly_format = None  # type: ignore[assignment]

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
    result = result_def(integerLike)  # type: ignore[assignment, arg-type]
    overflow_flags = prop_def(
        IntegerOverflowAttr, default_value=IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )
    assembly_format = None  # type: ignore[assignment]
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
    result = result_def(floatingPointLike)  # type: ignore[assignment, arg-type]
    assembly_format = None  # type: ignore[assignment]

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class UIToFPOp(_Cast, xarith.UIToFPOp):
    """Converts unsigned integers (elementwise on vectors/tensors) to floats.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithuitofp-arithuitofpop).
    """

    name = "arith.uitofp"
    input = operand_def(integerLike)
    result = result_def(floatingPointLike)  # type: ignore[assignment, arg-type]
    assembly_format = None  # type: ignore[assignment]

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class FPToSIOp(_Cast, xarith.FPToSIOp):
    """Converts floats (elementwise on vectors/tensors) to signed integers, rounding to zero.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithfptosi-arithfptosiop).
    """

    name = "arith.fptosi"
    input = operand_def(floatingPointLike)
    result = result_def(integerLike)  # type: ignore[assignment, arg-type]
    assembly_format = None  # type: ignore[assignment]

    def verify_(self) -> None:
        _verify_cast(self, _any, "")


@irdl_op_definition
class FPToUIOp(_Cast, xarith.FPToUIOp):
    """Converts floats (elementwise on vectors/tensors) to unsigned integers, rounding to zero.

    See [upstream](https://mlir.llvm.org/docs/Dialects/ArithOps/#arithfptoui-arithfptouiop).
    """

    name = "arith.fptoui"
    input = operand_def(floatingPointLike)
    result = result_def(integerLike)  # type: ignore[assignment, arg-type]
    assembly_format = None  # type: ignore[assignment]

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
    assembly_format = None  # type: ignore[assignment]
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
    assembly_format = None  # type: ignore[assignment]
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
    result = result_def(signlessIntegerLike)  # type: ignore[arg-type]
    assembly_format = None  # type: ignore[assignment]

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
