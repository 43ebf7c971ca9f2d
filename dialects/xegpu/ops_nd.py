"""Block (nd) descriptor ops: create_nd_tdesc, load_nd, store_nd, prefetch_nd, update_nd_offset.

Operands, properties and text mirror LLVM 22 (``mlir-opt-22 --mlir-print-op-generic`` is the
reference): offsets are ``Variadic<Index>`` plus ``const_offsets`` with the dynamic marker
``-9223372036854775808``; ``create_nd_tdesc`` has four operand groups recorded in
``operandSegmentSizes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    DenseArrayBase,
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
    UnitAttr,
    VectorType,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from wgdist.dialects.xegpu import offsets as idx
from wgdist.dialects.xegpu.access import OffsetAccessOp
from wgdist.dialects.xegpu.attrs import CachePolicyAttr
from wgdist.dialects.xegpu.layout_attrs import DistributeLayoutAttr
from wgdist.dialects.xegpu.ops_common import (
    HINTS,
    CacheHintConstr,
    LayoutConstr,
    hint_props,
    parse_props_and_attrs,
    print_attr_dict,
    sorted_props,
)
from wgdist.dialects.xegpu.ops_verify import (
    check_cache_hints,
    check_memory_space,
    check_offsets_rank,
    check_scattered,
    check_value_layout,
    check_value_shape,
)
from wgdist.dialects.xegpu.types import TensorDescType


@irdl_op_definition
class CreateNdTdescOp(IRDLOperation):
    """``xegpu.create_nd_tdesc``: a block descriptor on a memref or a raw address.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpucreate_nd_tdesc-xegpucreatenddescop).
    """

    name = "xegpu.create_nd_tdesc"

    source = operand_def(MemRefType | IntegerType)
    offsets = var_operand_def(IndexType)
    shape = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    const_offsets = opt_prop_def(DenseArrayBase[I64])
    const_shape = opt_prop_def(DenseArrayBase[I64])
    const_strides = opt_prop_def(DenseArrayBase[I64])
    result = result_def(TensorDescType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        source: SSAValue,
        result_type: TensorDescType,
        offsets: Sequence[int | SSAValue] | None = None,
        shape: Sequence[int | SSAValue] | None = None,
        strides: Sequence[int | SSAValue] | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        dyn_off, props = idx.offset_props(offsets)
        dyn_shape: list[SSAValue] = []
        dyn_strides: list[SSAValue] = []
        if shape is not None:
            s, dyn_shape = idx.split(shape)
            props["const_shape"] = idx.static_array(s)
        if strides is not None:
            s, dyn_strides = idx.split(strides)
            props["const_strides"] = idx.static_array(s)
        super().__init__(
            operands=[source, dyn_off, dyn_shape, dyn_strides],
            result_types=[result_type],
            properties=sorted_props(props),
            attributes=attributes,
        )

    def mixed_offsets(self) -> idx.Mixed:
        return idx.mixed(self.const_offsets, self.offsets)

    def mixed_sizes(self) -> idx.Mixed:
        """The shape of the source (from ``shape :`` or the static memref type)."""
        if self.const_shape is not None:
            return idx.mixed(self.const_shape, self.shape)
        t = self.source.type
        return list(t.get_shape()) if isinstance(t, MemRefType) else []

    def mixed_strides(self) -> idx.Mixed:
        if self.const_strides is not None:
            return idx.mixed(self.const_strides, self.strides)
        t = self.source.type
        if isinstance(t, MemRefType):
            shape = t.get_shape()
            out, acc = [], 1
            for d in reversed(shape):
                out.append(acc)
                acc *= d
            return list(reversed(out))
        return []

    @property
    def tdesc_type(self) -> TensorDescType:
        assert isinstance(self.result.type, TensorDescType)
        return self.result.type

    @classmethod
    def parse(cls, parser: Parser) -> CreateNdTdescOp:
        src = parser.parse_unresolved_operand()
        off = idx.parse_optional_index_list(parser)
        shape = strides = None
        if parser.parse_optional_punctuation(",") is not None:
            parser.parse_keyword("shape")
            parser.parse_punctuation(":")
            shape = idx.parse_index_list(parser)
            parser.parse_punctuation(",")
            parser.parse_keyword("strides")
            parser.parse_punctuation(":")
            strides = idx.parse_index_list(parser)
        _, attrs = parse_props_and_attrs(parser, ())
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        pos = parser.pos
        res_type = parser.parse_type()
        if not isinstance(res_type, TensorDescType):
            parser.raise_error(f"expected !xegpu.tensor_desc result, got {res_type}", pos, parser.pos)
        index = IndexType()
        props: dict[str, Attribute | None] = {}
        groups: list[list[SSAValue]] = []
        for key, group in (("const_offsets", off), ("const_shape", shape), ("const_strides", strides)):
            if group is None:
                groups.append([])
                continue
            groups.append([parser.resolve_operand(o, index) for o in group[0]])
            props[key] = idx.static_array(group[1])
        op = cls.build(
            operands=[parser.resolve_operand(src, src_type), *groups],
            result_types=[res_type],
            properties=sorted_props(props),
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        if self.const_offsets is not None:
            idx.print_index_list(printer, idx.static_values(self.const_offsets) or [], self.offsets)
        if self.const_shape is not None:
            printer.print_string(", shape : ")
            idx.print_index_list(printer, idx.static_values(self.const_shape) or [], self.shape)
            printer.print_string(", strides : ")
            idx.print_index_list(printer, idx.static_values(self.const_strides) or [], self.strides)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        idx.verify_index_list("offsets", self.const_offsets, self.offsets)
        idx.verify_index_list("shape", self.const_shape, self.shape)
        idx.verify_index_list("strides", self.const_strides, self.strides)
        if (self.const_shape is None) != (self.const_strides is None):
            raise VerifyException("expected both shape and strides, or neither")
        src = self.source.type
        tdesc = self.tdesc_type
        check_scattered(tdesc, False)
        check_memory_space(src, tdesc)
        if isinstance(src, IntegerType):
            ok = src.width.data in (32, 64) and src.signedness.data in (
                Signedness.SIGNLESS,
                Signedness.UNSIGNED,
            )
            if not ok:
                raise VerifyException(f"expected a memref, i64/ui64 or i32/ui32 source, got {src}")
            if self.const_shape is None:
                raise VerifyException(
                    f"expecting shape and strides to be present for integer source {src}"
                )
        if isinstance(src, MemRefType):
            if src.element_type != tdesc.element_type:
                raise VerifyException(
                    "TensorDesc should have the same element type with the source if it is a memref."
                    f" (source {src.element_type}, TensorDesc {tdesc.element_type})"
                )
            if self.const_shape is None and any(d < 0 for d in src.get_shape()):
                raise VerifyException(
                    f"expecting shape and strides to be present for dynamic memref source {src}"
                )
        ranks = {
            "offsets": len(self.mixed_offsets()) if self.const_offsets is not None else None,
            "shape": len(self.mixed_sizes()) if self.const_shape is not None else None,
            "strides": len(self.mixed_strides()) if self.const_strides is not None else None,
            "memref source": src.get_num_dims() if isinstance(src, MemRefType) else None,
        }
        given = {k: r for k, r in ranks.items() if r is not None}
        if len(set(given.values())) > 1:
            raise VerifyException(
                "Expecting the rank of shape, strides, offsets, and source (if source is a memref) "
                "should match with each other. (" + ", ".join(f"{k} {r}" for k, r in given.items()) + ")"
            )
        if given and tdesc.get_rank() > min(given.values()):
            raise VerifyException(
                "Expecting the TensorDesc rank is not greater than the ranks of shape, strides, "
                f"offsets or the memref source. (TensorDesc rank {tdesc.get_rank()}, "
                + ", ".join(f"{k} {r}" for k, r in given.items())
                + ")"
            )


class _NdAccessOp(OffsetAccessOp):
    """Shared parts of load_nd/store_nd/prefetch_nd: ``%t[offsets] <{props}> {attrs}``."""

    @property
    def tensor_desc(self) -> SSAValue:
        return self.descriptor

    @property
    def tdesc_type(self) -> TensorDescType:
        t = self.tensor_desc.type
        assert isinstance(t, TensorDescType)
        return t

    def _verify_access(self, *, store: bool = False, max_rank: int | None = 2) -> None:
        """mlir-opt's order: block descriptor, its rank (load/store: 1-D or 2-D), the cache
        hints, then the offsets."""
        idx.verify_index_list("offsets", self.properties.get("const_offsets"), self.dynamic_offsets)
        check_scattered(self.tdesc_type, False)
        rank = self.tdesc_type.get_rank()
        if max_rank is not None and rank > max_rank:
            raise VerifyException(f"Expects a 1D or 2D TensorDesc. (got rank {rank})")
        check_cache_hints(self, store=store)
        if self.properties.get("const_offsets") is not None:
            check_offsets_rank(len(self.mixed_offsets()), self.tdesc_type)


@irdl_op_definition
class LoadNdOp(_NdAccessOp):
    """Load the block a tensor_desc describes into a vector (2-D block load).

    ``xegpu.load_nd %t[offsets] <{...}> : !xegpu.tensor_desc<..> -> vector<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuload_nd-xegpuloadndop).
    """

    name = "xegpu.load_nd"
    HAS_RESULT: ClassVar[bool] = True
    PROPS: ClassVar[tuple[str, ...]] = ("packed", "transpose", *HINTS, "layout")

    TensorDesc = operand_def(TensorDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = opt_prop_def(DenseArrayBase[I64])
    packed = opt_prop_def(UnitAttr)
    transpose = opt_prop_def(DenseArrayBase[I64])
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    layout = opt_prop_def(LayoutConstr)
    value = result_def(VectorType)

    def __init__(
        self,
        tensor_desc: SSAValue,
        result_type: VectorType,
        offsets: Sequence[int | SSAValue] | None = None,
        *,
        packed: bool = False,
        transpose: Sequence[int] | None = None,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        layout: DistributeLayoutAttr | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        dyn, props = idx.offset_props(offsets)
        props.update(hint_props(l1_hint, l2_hint, l3_hint))
        props["packed"] = UnitAttr() if packed else None
        props["transpose"] = idx.static_array(transpose) if transpose is not None else None
        props["layout"] = layout
        super().__init__(
            operands=[tensor_desc, dyn],
            result_types=[result_type],
            properties=sorted_props(props),
            attributes=attributes,
        )

    def verify_(self) -> None:
        self._verify_access()
        check_value_shape(self, "Result", self.value, self.tdesc_type)
        check_value_layout(self, self.layout, self.value, self.tdesc_type, store=False)

    def effective_transpose(self) -> tuple[int, ...] | None:
        """The ``transpose`` the load applies, or None: as in LLVM 22, a transpose naming a dim
        outside the descriptor is ignored (the verifier warns "Invalid transpose attr")."""
        if self.transpose is None:
            return None
        perm = tuple(int(p) for p in self.transpose.get_values())
        rank = len(self.tdesc_type.get_shape())
        return None if any(not 0 <= p < rank for p in perm) else perm


@irdl_op_definition
class StoreNdOp(_NdAccessOp):
    """Store a vector into the block a tensor_desc describes (2-D block store).

    ``xegpu.store_nd %v, %t[offsets] <{...}> : vector<..>, !xegpu.tensor_desc<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpustore_nd-xegpustorendop).
    """

    name = "xegpu.store_nd"
    HAS_VALUE: ClassVar[bool] = True
    PROPS: ClassVar[tuple[str, ...]] = (*HINTS, "layout")

    value = operand_def(VectorType)
    TensorDesc = operand_def(TensorDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = opt_prop_def(DenseArrayBase[I64])
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    layout = opt_prop_def(LayoutConstr)

    def __init__(
        self,
        value: SSAValue,
        tensor_desc: SSAValue,
        offsets: Sequence[int | SSAValue] | None = None,
        *,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        layout: DistributeLayoutAttr | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        dyn, props = idx.offset_props(offsets)
        props.update(hint_props(l1_hint, l2_hint, l3_hint))
        props["layout"] = layout
        super().__init__(
            operands=[value, tensor_desc, dyn], properties=sorted_props(props), attributes=attributes
        )

    def verify_(self) -> None:
        self._verify_access(store=True)
        if (n := self.tdesc_type.array_length) > 1:
            raise VerifyException(f"array length is not supported by store_nd. (array_length = {n})")
        check_value_shape(self, "Value", self.value, self.tdesc_type)
        check_value_layout(self, self.layout, self.value, self.tdesc_type, store=True)


@irdl_op_definition
class PrefetchNdOp(_NdAccessOp):
    """Prefetch the block a tensor_desc describes into the cache.

    ``xegpu.prefetch_nd %t[offsets] <{...}> : !xegpu.tensor_desc<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuprefetch_nd-xegpuprefetchndop).
    """

    name = "xegpu.prefetch_nd"
    PROPS: ClassVar[tuple[str, ...]] = (*HINTS, "layout")

    TensorDesc = operand_def(TensorDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = opt_prop_def(DenseArrayBase[I64])
    l1_hint = opt_prop_def(CacheHintConstr)
    l2_hint = opt_prop_def(CacheHintConstr)
    l3_hint = opt_prop_def(CacheHintConstr)
    layout = opt_prop_def(LayoutConstr)

    def __init__(
        self,
        tensor_desc: SSAValue,
        offsets: Sequence[int | SSAValue] | None = None,
        *,
        l1_hint: CachePolicyAttr | None = None,
        l2_hint: CachePolicyAttr | None = None,
        l3_hint: CachePolicyAttr | None = None,
        layout: DistributeLayoutAttr | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        dyn, props = idx.offset_props(offsets)
        props.update(hint_props(l1_hint, l2_hint, l3_hint))
        props["layout"] = layout
        super().__init__(operands=[tensor_desc, dyn], properties=sorted_props(props), attributes=attributes)

    def verify_(self) -> None:
        self._verify_access(max_rank=None)
        t = self.tdesc_type
        if self.layout is not None:
            check_value_layout(self, self.layout, None, t, store=False)


@irdl_op_definition
class UpdateNdOffsetOp(IRDLOperation):
    """Move a block tensor_desc by the given offsets.

    ``xegpu.update_nd_offset %t, [%x, 16] : !xegpu.tensor_desc<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuupdate_nd_offset-xegpuupdatendoffsetop).
    """

    name = "xegpu.update_nd_offset"

    TensorDesc = operand_def(TensorDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = prop_def(DenseArrayBase[I64])
    result = result_def(TensorDescType)

    traits = traits_def(Pure())

    def __init__(
        self,
        tensor_desc: SSAValue,
        offsets: Sequence[int | SSAValue],
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        static, dynamic = idx.split(offsets)
        super().__init__(
            operands=[tensor_desc, dynamic],
            result_types=[tensor_desc.type],
            properties={"const_offsets": idx.static_array(static)},
            attributes=attributes,
        )

    def mixed_offsets(self) -> idx.Mixed:
        return idx.mixed(self.const_offsets, self.offsets)

    @classmethod
    def parse(cls, parser: Parser) -> UpdateNdOffsetOp:
        desc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dyn, static = idx.parse_index_list(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        t = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(desc, t), [parser.resolve_operand(o, IndexType()) for o in dyn]],
            result_types=[t],
            properties={"const_offsets": idx.static_array(static)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.TensorDesc)
        printer.print_string(", ")
        idx.print_index_list(printer, idx.static_values(self.const_offsets) or [], self.offsets)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        idx.verify_index_list("offsets", self.const_offsets, self.offsets)
        t = self.TensorDesc.type
        assert isinstance(t, TensorDescType)
        check_scattered(t, False)
        if self.result.type != t:
            raise VerifyException(
                f"expected the result type to equal the source type {t}, got {self.result.type}"
            )
        check_offsets_rank(len(self.mixed_offsets()), t)
