"""``vector.shuffle`` with LLVM 22's verifier.

xDSL 0.74's class of this name infers the result type with assertions, so a 0-D operand next to
an n-D one was an internal error; this class replaces it in the merged dialect: the result type
is inferred as LLVM 22 infers it (``[len(mask)] + v1's trailing dimensions``) and every rule is a
located diagnostic in LLVM 22's wording.

```mlir
%s = vector.shuffle %a, %b [0, 3, 5] : vector<4xf32>, vector<2xf32>
%t = vector.shuffle %x, %y [0, 1] : vector<f32>, vector<f32>
```
"""

from __future__ import annotations

from xdsl.dialects.builtin import I64, DenseArrayBase, VectorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.vector_ops._common import fmt_list, i64_dense, make_vector

_POISON = -1


def shuffle_result_type(v1: Attribute, v2: Attribute, mask_length: int) -> VectorType:
    """LLVM 22's inferred result: ``[mask_length] + v1.shape[1:]`` of v1's element type."""
    assert isinstance(v1, VectorType)
    trailing = list(v1.get_shape()[1:])
    return make_vector(v1.element_type, [mask_length, *trailing], [False] * (1 + len(trailing)))


@irdl_op_definition
class ShuffleOp(IRDLOperation):
    """Pick rows of the concatenation of two vectors (along the leading dimension) by a mask.

    See [upstream](https://mlir.llvm.org/docs/Dialects/Vector/#vectorshuffle-vectorshuffleop).
    """

    name = "vector.shuffle"

    v1 = operand_def(VectorType)
    v2 = operand_def(VectorType)
    mask = prop_def(DenseArrayBase.constr(I64))
    result = result_def(VectorType)

    traits = traits_def(NoMemoryEffect())

    def __init__(
        self, v1: SSAValue, v2: SSAValue, mask: DenseArrayBase[I64], *, result_type: VectorType | None = None
    ) -> None:
        if result_type is None:
            result_type = shuffle_result_type(v1.type, v2.type, len(mask.get_values()))
        super().__init__(operands=(v1, v2), result_types=(result_type,), properties={"mask": mask})

    @classmethod
    def parse(cls, parser: Parser) -> ShuffleOp:
        v1 = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        v2 = parser.parse_unresolved_operand()
        pos = parser.pos
        mask = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t1 = parser.parse_type()
        parser.parse_punctuation(",")
        t2 = parser.parse_type()
        if not isinstance(t1, VectorType) or not isinstance(t2, VectorType):
            parser.raise_error(f"expected vector operand types, got {t1}, {t2}", pos)
        op = cls(
            parser.resolve_operand(v1, t1), parser.resolve_operand(v2, t2), i64_dense(mask),
        )
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.v1)
        printer.print_string(", ")
        printer.print_operand(self.v2)
        printer.print_string(" " + fmt_list(self.mask.get_values()))
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.v1.type)
        printer.print_string(", ")
        printer.print_attribute(self.v2.type)

    def verify_(self) -> None:
        t1, t2, res = self.v1.type, self.v2.type, self.result.type
        assert isinstance(t1, VectorType) and isinstance(t2, VectorType) and isinstance(res, VectorType)
        for i, t in enumerate((t1, t2)):
            if any(t.get_scalable_dims()):
                raise VerifyException(
                    f"operand #{i} must be fixed-length vector of any type values, but got '{t}'"
                )
        if t1.element_type != res.element_type or t2.element_type != res.element_type:
            which = "first operand v1" if t1.element_type != res.element_type else "second operand v2"
            raise VerifyException(
                f"failed to verify that {which} and result have same element type "
                f"({t1.element_type}, {t2.element_type} vs. {res.element_type})"
            )
        r1, r2, rr = t1.get_num_dims(), t2.get_num_dims(), res.get_num_dims()
        if not ((r1 == 0 and r2 == 0 and rr == 1) or (r1 == rr and r2 == rr)):
            raise VerifyException(
                f"rank mismatch (v1 {t1} has rank {r1}, v2 {t2} has rank {r2}, result {res} has "
                f"rank {rr})"
            )
        s1, s2, sr = t1.get_shape(), t2.get_shape(), res.get_shape()
        for d in range(1, r1):
            if not sr[d] == s1[d] == s2[d]:
                raise VerifyException(
                    f"dimension mismatch (dimension {d}: v1 {s1[d]}, v2 {s2[d]}, result {sr[d]})"
                )
        mask = self.mask.get_values()
        if not mask:
            raise VerifyException("invalid mask length (the mask is empty)")
        if len(mask) != sr[0]:
            raise VerifyException(
                f"mask length mismatch ({len(mask)} mask entries, result leading dimension {sr[0]})"
            )
        bound = (s1[0] if r1 else 1) + (s2[0] if r2 else 1)
        for i, m in enumerate(mask):
            if m != _POISON and not 0 <= m < bound:
                raise VerifyException(
                    f"mask index #{i + 1} out of range ({m} is not in [0, {bound}) or poison (-1))"
                )


__all__ = ["ShuffleOp", "shuffle_result_type"]
