"""Scattered access ops: create_tdesc, update_offset, load, store, prefetch, atomic_rmw.

``load``/``store``/``prefetch`` have two forms in LLVM 22: on a scattered ``!xegpu.tensor_desc``
(``xegpu.load %t, %mask``) and descriptor-free on a 1-D memref or an integer address with an
offsets vector (``xegpu.load %m[%offs], %mask <{chunk_size = 2}>``).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    AnyFloatConstr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    VectorType,
    i64,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
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

from wgdist.dialects.xegpu.attrs import ATOMIC_RMW_KINDS, CachePolicyAttr
from wgdist.dialects.xegpu.layout_attrs import DistributeLayoutAttr
from wgdist.dialects.xegpu.ops_common import (
    HINTS,
    CacheHintConstr,
    LayoutConstr,
    hint_props,
    parse_props_and_attrs,
    print_attr_dict,
    print_props_and_attrs,
    sorted_props,
)
from wgdist.dialects.xegpu.ops_verify import (
    check_anchor_layout,
    check_cache_hints,
    check_gather_scatter,
    check_memory_space,
    check_scatter_source,
    check_scattered,
    shape_of,
)
from wgdist.dialects.xegpu.types import TensorDescType

_SourceConstr = base(TensorDescType) | base(MemRefType) | base(IntegerType)
_OffsetConstr = base(VectorType) | base(IndexType)
_MaskConstr = base(VectorType) | base(IntegerType)
_ValueConstr = base(VectorType) | base(IntegerType) | AnyFloatConstr


@irdl_op_definition
class CreateTdescOp(IRDLOperation):
    """A scattered descriptor: one address per offset (and chunk) from a base.

    ``%t = xegpu.create_tdesc %src, %offs : ui64, vector<4xindex> -> !xegpu.tensor_desc<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpucreate_tdesc-xegpucreatedescop).
    """

    name = "xegpu.create_tdesc"

    source = operand_def(MemRefType | IntegerType)
    offsets = operand_def(VectorType)
    result = result_def(TensorDescType)

    traits = traits_def(Pure())
    assembly_format = (
        "$source `,` $offsets attr-dict `:` type($source) `,` type($offsets) `->` type($result)"
    )

    def __init__(self, source: SSAValue, offsets: SSAValue, result_type: TensorDescType) -> None:
        super().__init__(operands=[source, offsets], result_types=[result_type])

    def verify_(self) -> None:
        t = self.result.type
        assert isinstance(t, TensorDescType)
        check_scattered(t, True)
        check_memory_space(self.source.type, t)
        expected = shape_of(self.offsets.type) + ([t.chunk_size] if t.chunk_size != 1 else [])
        if expected != list(t.get_shape()):
            raise VerifyException(f"Incorrect TensorDesc shape. Expected is {expected}, got {list(t.get_shape())}")


@irdl_op_definition
class UpdateOffsetOp(IRDLOperation):
    """Move each address of a scattered tensor_desc by its own delta.

    ``%u = xegpu.update_offset %t, %delta : !xegpu.tensor_desc<..>, vector<4xindex>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuupdate_offset-xegpuupdateoffsetop).
    """

    name = "xegpu.update_offset"

    TensorDesc = operand_def(TensorDescType)
    offsets = operand_def(VectorType)
    result = result_def(TensorDescType)

    traits = traits_def(Pure())

    def __init__(self, tensor_desc: SSAValue, offsets: SSAValue) -> None:
        super().__init__(operands=[tensor_desc, offsets], result_types=[tensor_desc.type])

    @classmethod
    def parse(cls, parser: Parser) -> UpdateOffsetOp:
        t = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        o = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        tt = parser.parse_type()
        parser.parse_punctuation(",")
        ot = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(t, tt), parser.resolve_operand(o, ot)],
            result_types=[tt],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.TensorDesc, self.offsets], printer.print_ssa_value)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_list([self.TensorDesc.type, self.offsets.type], printer.print_attribute)

    def verify_(self) -> None:
        t = self.TensorDesc.type
        assert isinstance(t, TensorDescType)
        check_scattered(t, True)
        if self.result.type != t:
            raise VerifyException(f"expected the result type to be {t}, got {self.result.type}")
        expected = list(t.get_shape())[:-1] if t.chunk_size > 1 else list(t.get_shape())
        if shape_of(self.offsets.type) != expected:
            raise VerifyException(
                f"expected offsets of shape {expected} for {t}, got {shape_of(self.offsets.type)}"
            )


class _ScatterAccess(IRDLOperation):
    """Shared text: ``[value,] source[[offsets]], [mask] <{props}> {attrs} : type(operands)``."""

    PROPS: ClassVar[tuple[str, ...]] = ()
    HAS_VALUE: ClassVar[bool] = False
    HAS_MASK: ClassVar[bool] = True
    HAS_RESULT: ClassVar[bool] = False

    @classmethod
    def parse(cls, parser: Parser) -> _ScatterAccess:
        pos = parser.pos
        names = []
        if cls.HAS_VALUE:
            names.append(parser.parse_unresolved_operand())
            parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        offsets = None
        if parser.parse_optional_punctuation("[") is not None:
            offsets = parser.parse_unresolved_operand()
            parser.parse_punctuation("]")
            names.append(offsets)
        if cls.HAS_MASK:
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        props, attrs = parse_props_and_attrs(parser, cls.PROPS)
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        while parser.parse_optional_punctuation(",") is not None:
            types.append(parser.parse_type())
        results = []
        if cls.HAS_RESULT:
            parser.parse_punctuation("->")
            results.append(parser.parse_type())
        if len(types) != len(names):
            parser.raise_error(f"expected {len(names)} operand types, got {len(types)}", pos, parser.pos)
        ops = [parser.resolve_operand(n, t) for n, t in zip(names, types)]
        groups: list[SSAValue | list[SSAValue]] = []
        i = 0
        if cls.HAS_VALUE:
            groups.append(ops[0])
            i = 1
        groups.append(ops[i])
        groups.append([ops[i + 1]] if offsets is not None else [])
        if cls.HAS_MASK:
            groups.append(ops[-1])
        return cls.build(operands=groups, result_types=results, properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        ops = list(self.operands)
        printer.print_string(" ")
        if self.HAS_VALUE:
            printer.print_ssa_value(ops.pop(0))
            printer.print_string(", ")
        printer.print_ssa_value(ops[0])
        offsets = self.offset_operand()
        if offsets is not None:
            printer.print_string("[")
            printer.print_ssa_value(offsets)
            printer.print_string("]")
        if self.HAS_MASK:
            printer.print_string(", ")
            printer.print_ssa_value(ops[-1])
        print_props_and_attrs(printer, self)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        if self.HAS_RESULT:
            printer.print_string(" -> ")
            printer.print_attribute(self.results[0].type)

    def offset_operand(self) -> SSAValue | None:
        offs: SSAValue | None = getattr(self, "offsets")  # noqa: B009 - defined by each subclass
        return offs

    def source_value(self) -> SSAValue:
        return self.operands[1 if self.HAS_VALUE else 0]

    def chunk(self) -> int:
        c = self.properties.get("chunk_size")
        return c.value.data if isinstance(c, IntegerAttr) else 1

    def _verify_common(self, value_t: Attribute | None, store: bool) -> None:
        src = self.source_value()
        tdesc = check_scatter_source(src)
        offs = self.offset_operand()
        if tdesc is not None and offs is not None:
            raise VerifyException("offsets are not allowed with a tensor_desc source")
        if tdesc is None and offs is None:
            raise VerifyException(f"expected offsets for the {src.type} source")
        if tdesc is not None and "chunk_size" in self.properties:
            raise VerifyException("chunk_size is taken from the tensor_desc; do not set it on the op")
        check_cache_hints(self, store=store)
        if self.chunk() < 1:
            raise VerifyException(f"chunk_size must be at least 1, got {self.chunk()}")
        src_t = src.type
        if value_t is not None and isinstance(src_t, MemRefType):
            elt = value_t.element_type if isinstance(value_t, VectorType) else value_t
            if elt != src_t.element_type:
                raise VerifyException(
                    f"Value should have the same element type as MemRef. ({elt} vs {src_t.element_type})"
                )
        if value_t is not None:
            mask_t = self.operands[-1].type
            check_gather_scatter("Value", value_t, mask_t, tdesc, offs.type if offs else None, self.chunk())
        layout = self.properties.get("layout")
        if layout is not None:
            shape = shape_of(value_t) if value_t is not None else (
                list(tdesc.get_shape()) if tdesc is not None else (shape_of(offs.type) if offs else [])
            )  # fmt: skip
            if shape:
                check_anchor_layout("layout", layout, shape)


@irdl_op_definition
class LoadGatherOp(_ScatterAccess):
    """Gather: load the elements at a vector of addresses, where the mask is set.

    ``xegpu.load`` (gather): ``%v = xegpu.load %src[[%offs]], %mask <{..}> : ... -> vector``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuload-xegpuloadgatherop).
    """

    name = "xegpu.load"
    PROPS: ClassVar[tuple[str, ...]] = ("chunk_size", *HINTS, "layout")
    HAS_RESULT: ClassVar[bool] = True

    source = operand_def(_SourceConstr)
    offsets = opt_operand_def(_OffsetConstr)
    mask = operand_def(_MaskConstr)
    chunk_size = opt_prop_def(IntegerAttr[I64])
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    layout = opt_prop_def(LayoutConstr)
    value = result_def(_ValueConstr)

    def __init__(
        self,
        source: SSAValue,
        mask: SSAValue,
        result_type: Attribute,
        offsets: SSAValue | None = None,
        *,
        chunk_size: int | None = None,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        layout: DistributeLayoutAttr | None = None,
    ) -> None:
        props = hint_props(l1_hint, l2_hint, l3_hint)
        props["chunk_size"] = IntegerAttr(chunk_size, i64) if chunk_size is not None else None
        props["layout"] = layout
        super().__init__(
            operands=[source, [offsets] if offsets is not None else [], mask],
            result_types=[result_type],
            properties=sorted_props(props),
        )

    def verify_(self) -> None:
        self._verify_common(self.value.type, store=False)


@irdl_op_definition
class StoreScatterOp(_ScatterAccess):
    """Scatter: store a vector to a vector of addresses, where the mask is set.

    ``xegpu.store`` (scatter): ``xegpu.store %v, %dst[[%offs]], %mask <{..}> : ...``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpustore-xegpustorescatterop).
    """

    name = "xegpu.store"
    PROPS: ClassVar[tuple[str, ...]] = ("chunk_size", *HINTS, "layout")
    HAS_VALUE: ClassVar[bool] = True

    value = operand_def(_ValueConstr)
    dest = operand_def(_SourceConstr)
    offsets = opt_operand_def(_OffsetConstr)
    mask = operand_def(_MaskConstr)
    chunk_size = opt_prop_def(IntegerAttr[I64])
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    layout = opt_prop_def(LayoutConstr)

    def __init__(
        self,
        value: SSAValue,
        dest: SSAValue,
        mask: SSAValue,
        offsets: SSAValue | None = None,
        *,
        chunk_size: int | None = None,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        layout: DistributeLayoutAttr | None = None,
    ) -> None:
        props = hint_props(l1_hint, l2_hint, l3_hint)
        props["chunk_size"] = IntegerAttr(chunk_size, i64) if chunk_size is not None else None
        props["layout"] = layout
        super().__init__(
            operands=[value, dest, [offsets] if offsets is not None else [], mask],
            properties=sorted_props(props),
        )

    def verify_(self) -> None:
        self._verify_common(self.value.type, store=True)


@irdl_op_definition
class PrefetchOp(_ScatterAccess):
    """Prefetch the elements at a vector of addresses into the cache.

    ``xegpu.prefetch %src[[%offs]] <{..}> : type(operands)``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuprefetch-xegpuprefetchop).
    """

    name = "xegpu.prefetch"
    PROPS: ClassVar[tuple[str, ...]] = (*HINTS, "offset_align_byte", "layout")
    HAS_MASK: ClassVar[bool] = False

    source = operand_def(_SourceConstr)
    offsets = opt_operand_def(_OffsetConstr)
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    offset_align_byte = opt_prop_def(IntegerAttr[I64])
    layout = opt_prop_def(LayoutConstr)

    def __init__(
        self,
        source: SSAValue,
        offsets: SSAValue | None = None,
        *,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        offset_align_byte: int | None = None,
        layout: DistributeLayoutAttr | None = None,
    ) -> None:
        props = hint_props(l1_hint, l2_hint, l3_hint)
        props["layout"] = layout
        props["offset_align_byte"] = IntegerAttr(offset_align_byte, i64) if offset_align_byte is not None else None
        super().__init__(
            operands=[source, [offsets] if offsets is not None else []], properties=sorted_props(props)
        )

    def verify_(self) -> None:
        self._verify_common(None, store=False)
        if self.offset_align_byte is None and isinstance(self.source.type, IntegerType):
            raise VerifyException(
                f"offset_align_byte is required with integer source. (source is {self.source.type})"
            )
        if self.offset_align_byte is not None and not isinstance(self.source.type, IntegerType):
            raise VerifyException(
                f"offset_align_byte only allowed with integer source. (source is {self.source.type})"
            )


@irdl_op_definition
class AtomicRMWOp(IRDLOperation):
    """Atomic read-modify-write at the addresses of a scattered tensor_desc.

    ``%r = xegpu.atomic_rmw addf %t, %mask, %v {layout = ..} : tdesc, mask, value -> value``.

    ``kind`` is arith's AtomicRMWKind, an i64 property (``kind = 0 : i64`` is ``addf``).

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuatomic_rmw-xegpuatomicrmwop).
    """

    name = "xegpu.atomic_rmw"

    tensorDesc = operand_def(TensorDescType)
    mask = operand_def(VectorType)
    value = operand_def(VectorType)
    kind = prop_def(IntegerAttr[I64])
    layout = opt_prop_def(LayoutConstr)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    def __init__(
        self, kind: str, tensor_desc: SSAValue, mask: SSAValue, value: SSAValue,
        *, layout: DistributeLayoutAttr | None = None,
    ) -> None:  # fmt: skip
        super().__init__(
            operands=[tensor_desc, mask, value],
            result_types=[value.type],
            properties=sorted_props(
                {"kind": IntegerAttr(ATOMIC_RMW_KINDS.index(kind), i64), "layout": layout}
            ),
        )

    @property
    def kind_name(self) -> str:
        k = self.kind.value.data
        return ATOMIC_RMW_KINDS[k] if 0 <= k < len(ATOMIC_RMW_KINDS) else str(k)

    @classmethod
    def parse(cls, parser: Parser) -> AtomicRMWOp:
        kind = parser.parse_keyword_in(ATOMIC_RMW_KINDS, " (an atomic kind)")
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        props, attrs = parse_props_and_attrs(parser, ("layout",))
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        for _ in range(2):
            parser.parse_punctuation(",")
            types.append(parser.parse_type())
        parser.parse_punctuation("->")
        res = parser.parse_type()
        props["kind"] = IntegerAttr(ATOMIC_RMW_KINDS.index(kind), i64)
        return cls.build(
            operands=[parser.resolve_operand(n, t) for n, t in zip(names, types)],
            result_types=[res],
            properties=dict(sorted(props.items())),
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind_name} ")
        printer.print_list([self.tensorDesc, self.mask, self.value], printer.print_ssa_value)
        print_props_and_attrs(printer, self, ("kind",), props_in_attr_dict=True)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        k = self.kind.value.data
        if not 0 <= k < len(ATOMIC_RMW_KINDS):
            raise VerifyException(f"invalid atomic_rmw kind {k}, expected 0..{len(ATOMIC_RMW_KINDS) - 1}")
        t = self.tensorDesc.type
        assert isinstance(t, TensorDescType)
        check_scattered(t, True)
        # LLVM 22's ODS traits, in its order and wording, with the types
        trio = (t, self.value.type, self.result.type)
        elements = [getattr(x, "element_type", x) for x in trio]
        if len(set(elements)) != 1:
            raise VerifyException(
                "failed to verify that all of {tensorDesc, value, result} have same element type "
                f"({', '.join(str(e) for e in elements)})"
            )
        shapes = [tuple(x.get_shape()) if isinstance(x, TensorDescType) else tuple(shape_of(x)) for x in trio]
        if len(set(shapes)) != 1:
            raise VerifyException(
                "failed to verify that all of {tensorDesc, value, result} have same shape "
                f"({', '.join(str(list(sh)) for sh in shapes)})"
            )
        check_gather_scatter("Value", self.value.type, self.mask.type, t, None, t.chunk_size)
        if self.layout is not None:
            check_anchor_layout("layout", self.layout, shape_of(self.value.type))
