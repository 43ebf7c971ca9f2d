"""``vector.interleave`` and ``vector.deinterleave``, which xDSL 0.74 lacks (LLVM 22's syntax and
verifier messages).

Interleave merges two vectors of one type along the trailing dimension, alternating elements
(``result[..., 2i] = lhs[..., i]``, ``result[..., 2i + 1] = rhs[..., i]``); a 0-D pair gives a
``vector<2xT>``. Deinterleave is its inverse: the even trailing positions and the odd ones.

```mlir
%i = vector.interleave %a, %b : vector<2x4xf32> -> vector<2x8xf32>
%even, %odd = vector.deinterleave %i : vector<2x8xf32> -> vector<2x4xf32>
```

Generic form: ``"vector.interleave"(%a, %b) : (vector<2x4xf32>, vector<2x4xf32>) ->
vector<2x8xf32>`` and ``"vector.deinterleave"(%i) : (vector<2x8xf32>) -> (vector<2x4xf32>,
vector<2x4xf32>)``. The verifier checks what LLVM 22's does, in its order and wording (the
numbers appended in parentheses).
"""

from __future__ import annotations

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import make_vector


def _scaled(t: VectorType, num: int, den: int) -> VectorType:
    """``t`` with the trailing dimension times ``num / den`` (a 0-D ``t`` becomes ``[num]``)."""
    shape, scalable = list(t.get_shape()), list(t.get_scalable_dims())
    if not shape:
        return make_vector(t.element_type, [num // den], [False])
    shape[-1] = shape[-1] * num // den
    return make_vector(t.element_type, shape, scalable)


def interleaved_type(operand: VectorType) -> VectorType:
    """The result type of interleaving two ``operand`` vectors (trailing dimension doubled)."""
    return _scaled(operand, 2, 1)


def deinterleaved_type(source: VectorType) -> VectorType:
    """The type of each half of deinterleaving ``source`` (trailing dimension halved)."""
    return _scaled(source, 1, 2)


def _must_be_vector(what: str, t: Attribute, *, nonzero_rank: bool) -> None:
    if not isinstance(t, VectorType) or (nonzero_rank and not t.get_shape()):
        raise VerifyException(f"{what} must be vector of any type values, but got '{t}'")


def _parse_vector(parser: Parser) -> VectorType:
    pos = parser.pos
    t = parser.parse_type()
    if not isinstance(t, VectorType):
        parser.raise_error(f"invalid kind of type specified: expected builtin.vector, but found '{t}'", pos)
    return t


@irdl_op_definition
class InterleaveOp(IRDLOperation):
    """Alternate the trailing elements of two vectors of one type.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorinterleave-vectorinterleaveop).
    """

    name = "vector.interleave"

    lhs = operand_def()
    rhs = operand_def()
    result = result_def()

    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: VectorType | None = None) -> None:
        if result_type is None:
            assert isinstance(lhs.type, VectorType)
            result_type = interleaved_type(lhs.type)
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> InterleaveOp:
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = _parse_vector(parser)
        parser.parse_punctuation("->")
        rt = _parse_vector(parser)
        op = cls(parser.resolve_operand(lhs, t), parser.resolve_operand(rhs, t), rt)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.lhs)
        printer.print_string(", ")
        printer.print_operand(self.rhs)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.lhs.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        lt, rt, res = self.lhs.type, self.rhs.type, self.result.type
        _must_be_vector("operand #0", lt, nonzero_rank=False)
        _must_be_vector("operand #1", rt, nonzero_rank=False)
        _must_be_vector("result #0", res, nonzero_rank=False)
        assert isinstance(lt, VectorType) and isinstance(rt, VectorType) and isinstance(res, VectorType)
        if lt != rt:
            raise VerifyException(f"failed to verify that all of {{lhs, rhs}} have same type ({lt} vs. {rt})")
        expected = interleaved_type(lt)
        if res != expected:
            raise VerifyException(
                "failed to verify that type of 'result' is double the width of the inputs "
                f"(expected {expected}, got {res})"
            )


@irdl_op_definition
class DeinterleaveOp(IRDLOperation):
    """Split a vector's trailing dimension into its even and its odd positions.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectordeinterleave-vectordeinterleaveop).
    """

    name = "vector.deinterleave"

    source = operand_def()
    res1 = result_def()
    res2 = result_def()

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, result_type: VectorType | None = None) -> None:
        if result_type is None:
            assert isinstance(source.type, VectorType)
            result_type = deinterleaved_type(source.type)
        super().__init__(operands=[source], result_types=[result_type, result_type])

    @classmethod
    def parse(cls, parser: Parser) -> DeinterleaveOp:
        src = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = _parse_vector(parser)
        parser.parse_punctuation("->")
        rt = _parse_vector(parser)
        op = cls(parser.resolve_operand(src, t), rt)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.res1.type)

    def verify_(self) -> None:
        st, r1, r2 = self.source.type, self.res1.type, self.res2.type
        _must_be_vector("operand #0", st, nonzero_rank=True)
        _must_be_vector("result #0", r1, nonzero_rank=True)
        _must_be_vector("result #1", r2, nonzero_rank=True)
        assert isinstance(st, VectorType) and isinstance(r1, VectorType)
        n = st.get_shape()[-1]
        if n % 2:
            raise VerifyException(
                "failed to verify that the trailing dimension of the source vector has an even number of "
                f"elements ({st} has {n})"
            )
        expected = deinterleaved_type(st)
        if r1 != expected:
            raise VerifyException(
                "failed to verify that the trailing dimension of the results is half the width of source "
                f"trailing dimension (expected {expected}, got {r1})"
            )
        if r1 != r2:
            raise VerifyException(f"failed to verify that all of {{res1, res2}} have same type ({r1} vs. {r2})")


__all__ = ["DeinterleaveOp", "InterleaveOp", "deinterleaved_type", "interleaved_type"]
