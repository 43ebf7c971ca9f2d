"""Compute ops: ``xegpu.dpas`` and ``xegpu.convert_layout``.

``dpas`` keeps its three anchor layouts as properties that the custom form prints inside the
``{...}`` attribute dictionary (mlir-opt 22 rejects ``<{...}>`` there); ``convert_layout`` prints
``<{input_layout = .., target_layout = ..}>``.

Beyond LLVM 22, dpas checks that its layouts agree with each other (same ``sg_layout`` and
effective ``order``; A's M tile equals C/D's, B's N tile equals C/D's, A's K tile equals B's).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatTF32Type,
    IntegerType,
    Signedness,
    VectorType,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.xegpu.layout_attrs import DistributeLayoutAttr
from wgdist.dialects.xegpu.ops_common import (
    LayoutConstr,
    parse_props_and_attrs,
    print_props_and_attrs,
    shape_str,
    sorted_props,
)
from wgdist.dialects.xegpu.ops_verify import check_anchor_layout, check_layout_for
from wgdist.layout import Layout

_DPAS_PROPS = ("layout_a", "layout_b", "layout_cd")


@irdl_op_definition
class DpasOp(IRDLOperation):
    """Matrix multiply-accumulate on the systolic array: D = A x B (+ C).

    ``%d = xegpu.dpas %a, %b[, %acc] {layout_a, layout_b, layout_cd} : A, B[, C] -> D``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpudpas-xegpudpasop).
    """

    name = "xegpu.dpas"

    lhs = operand_def(VectorType)
    rhs = operand_def(VectorType)
    acc = opt_operand_def(VectorType)
    layout_a = opt_prop_def(LayoutConstr)
    layout_b = opt_prop_def(LayoutConstr)
    layout_cd = opt_prop_def(LayoutConstr)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        lhs: SSAValue,
        rhs: SSAValue,
        result_type: VectorType,
        acc: SSAValue | None = None,
        *,
        layout_a: DistributeLayoutAttr | None = None,
        layout_b: DistributeLayoutAttr | None = None,
        layout_cd: DistributeLayoutAttr | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            operands=[lhs, rhs, [acc] if acc is not None else []],
            result_types=[result_type],
            properties=sorted_props(
                {"layout_a": layout_a, "layout_b": layout_b, "layout_cd": layout_cd}
            ),
            attributes=attributes,
        )

    @classmethod
    def parse(cls, parser: Parser) -> DpasOp:
        pos = parser.pos
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        if parser.parse_optional_punctuation(",") is not None:
            names.append(parser.parse_unresolved_operand())
        props, attrs = parse_props_and_attrs(parser, _DPAS_PROPS)
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        while parser.parse_optional_punctuation(",") is not None:
            types.append(parser.parse_type())
        parser.parse_punctuation("->")
        res = parser.parse_type()
        if len(types) != len(names):
            parser.raise_error(
                f"expected {len(names)} operand types for xegpu.dpas, got {len(types)}", pos, parser.pos
            )
        ops = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        return cls.build(
            operands=[ops[0], ops[1], ops[2:]],
            result_types=[res],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.lhs, self.rhs, *([self.acc] if self.acc else [])], printer.print_ssa_value)
        print_props_and_attrs(printer, self, props_in_attr_dict=True)
        printer.print_string(" : ")
        printer.print_list(
            [self.lhs.type, self.rhs.type, *([self.acc.type] if self.acc else [])],
            printer.print_attribute,
        )
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    # ---- verification --------------------------------------------------------------------------
    def verify_(self) -> None:
        lt, rt = self.lhs.type, self.rhs.type
        assert isinstance(lt, VectorType) and isinstance(rt, VectorType)
        for i, v in enumerate((self.lhs, self.rhs, self.result)):
            t = v.type
            assert isinstance(t, VectorType)
            if not is_dpas_scalar(t.element_type):
                what = f"operand #{i}" if i < 2 else "result #0"
                raise VerifyException(
                    f"{what} must be fixed-length vector of integer (1, 4, 8, 16, 32 or 64 bits) "
                    f"or f16/f32/f64/bf16/tf32 values, but got '{t}'"
                )
        if lt.element_type != rt.element_type:
            raise VerifyException(
                "failed to verify that all of {lhs, rhs} have same element type "
                f"({lt.element_type} vs. {rt.element_type})"
            )
        a, b, d = (self._shape(v) for v in (self.lhs, self.rhs, self.result))
        if self.acc is not None and self.acc.type != self.result.type:
            raise VerifyException(
                f"Expecting the acc type to be the same as result. (acc {self.acc.type}, result "
                f"{self.result.type})"
            )
        if len(a) == len(b) == len(d) == 1:
            # the SIMT (per-lane) form: LLVM 22 checks only that B is whole 32-bit words
            rhs = self.rhs.type
            assert isinstance(rhs, VectorType)
            width = getattr(rhs.element_type, "bitwidth", 32)
            factor = 32 // width if 0 < width <= 32 else 1
            if factor and b[0] % factor:
                raise VerifyException(
                    f"Expecting B operand to be a multiple of 32 bits. (B is {rhs}: {b[0]} x "
                    f"{width} bits)"
                )
            return
        if len(a) != 2 or len(d) != 2 or len(b) not in (2, 3):
            raise VerifyException(
                "expecting lhs and result to be a 2D vector, and rhs to be either 2D or 3D "
                f"(packed) vector (A is {shape_str(a)}, B is {shape_str(b)}, result is {shape_str(d)})"
            )
        b2 = [b[0] * b[2], b[1]] if len(b) == 3 else list(b)
        if a[1] != b2[0]:
            raise VerifyException(
                f"K-dimension mismatch: A is {shape_str(a)}, B is {shape_str(b)}"
                + (f" (unpacked {shape_str(b2)})" if len(b) == 3 else "")
            )
        if a[0] != d[0]:
            raise VerifyException(f"M-dimension mismatch: A is {shape_str(a)}, result is {shape_str(d)}")
        if b2[1] != d[1]:
            raise VerifyException(f"N-dimension mismatch: B is {shape_str(b)}, result is {shape_str(d)}")
        self._verify_layouts(a, b2 if len(b) == 2 else None, d)

    @staticmethod
    def _shape(v: SSAValue) -> list[int]:
        assert isinstance(v.type, VectorType)
        return list(v.type.get_shape())

    def _verify_layouts(self, a: list[int], b: list[int] | None, d: list[int]) -> None:
        models: dict[str, tuple[Layout, list[int]]] = {}
        anchors = (
            ("layout_a", self.layout_a, a),
            ("layout_b", self.layout_b, b),
            ("layout_cd", self.layout_cd, d),
        )
        for name, attr, shape in anchors:
            if attr is None or shape is None:
                continue
            check_anchor_layout(name, attr, shape)
            model = attr.to_model()
            if isinstance(model, Layout):
                models[name] = (model, shape)
        wg = {n: m.is_wg for n, (m, _) in models.items()}
        if len(set(wg.values())) > 1:
            kinds = ", ".join(f"{n} {'WG' if w else 'SG'}" for n, w in wg.items())
            raise VerifyException(
                "expected layout_a, layout_b and layout_cd to be all workgroup layouts (with "
                f"sg_layout) or all subgroup layouts, got {kinds}"
            )
        wg_models = {n: v for n, v in models.items() if v[0].is_wg}
        if len(wg_models) < 2:
            return
        # LLVM 22 accepts any sg_layout, order and sg_data on the three operands (the
        # distribution moves operands whose splits do not multiply, or sums partial products
        # of a K split across subgroups); one workgroup has one subgroup count (layouts-spec
        # 1.3 rule 2).
        counts = {n: m.num_subgroups for n, (m, _) in wg_models.items()}
        if len(set(counts.values())) > 1:
            listed = ", ".join(f"{n} {c}" for n, c in counts.items())
            raise VerifyException(f"expected layout_a, layout_b and layout_cd to cover the same number of subgroups, got {listed}")


@irdl_op_definition
class ConvertLayoutOp(IRDLOperation):
    """Redistribute a vector from one layout to another.

    ``%r = xegpu.convert_layout %v <{input_layout = .., target_layout = ..}> : vector<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuconvert_layout-xegpuconvertlayoutop).
    """

    name = "xegpu.convert_layout"

    source = operand_def(VectorType)
    input_layout = prop_def(LayoutConstr)
    target_layout = prop_def(LayoutConstr)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue,
        input_layout: DistributeLayoutAttr,
        target_layout: DistributeLayoutAttr,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            operands=[source],
            result_types=[source.type],
            properties={"input_layout": input_layout, "target_layout": target_layout},
            attributes=attributes,
        )

    @classmethod
    def parse(cls, parser: Parser) -> ConvertLayoutOp:
        src = parser.parse_unresolved_operand()
        props, attrs = parse_props_and_attrs(parser, ("input_layout", "target_layout"))
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(src, t)], result_types=[t], properties=props, attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        print_props_and_attrs(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)

    def verify_(self) -> None:
        if self.source.type != self.result.type:
            raise VerifyException(
                f"expected the result type {self.result.type} to equal the source type {self.source.type}"
            )
        assert isinstance(self.source.type, VectorType)
        shape = list(self.source.type.get_shape())
        src, dst = self.input_layout, self.target_layout
        if src.is_wg != dst.is_wg:
            raise VerifyException(
                "expected input layout and target layout be WgLayout or SgLayout at the same time. "
                f"(input_layout is {'WG' if src.is_wg else 'SG'}, target_layout is "
                f"{'WG' if dst.is_wg else 'SG'})"
            )
        check_layout_for("input_layout", src, shape)
        check_layout_for("target_layout", dst, shape)


_DPAS_INT_WIDTHS = {
    Signedness.SIGNLESS: (1, 4, 8, 16, 32, 64),
    Signedness.SIGNED: (1, 8, 16, 32, 64),
    Signedness.UNSIGNED: (1, 8, 16, 32, 64),
}


def is_dpas_scalar(t: Attribute) -> bool:
    """LLVM 22's ``XeGPU_ScalarType``: the element types dpas operands may have."""
    if isinstance(t, IntegerType):
        return t.width.data in _DPAS_INT_WIDTHS[t.signedness.data]
    return isinstance(t, Float16Type | Float32Type | Float64Type | BFloat16Type | FloatTF32Type)
