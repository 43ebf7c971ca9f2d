"""Shared-local-memory matrix ops: create_mem_desc, load_matrix, store_matrix.

Text quirks copied from mlir-opt 22: the types of the dynamic offsets are listed after the
``mem_desc`` type (``: !xegpu.mem_desc<..>, index -> vector<..>``) and there is no space before
the colon (``<{layout = ..}>: ...``; ``%md[0, 0] : ...`` without a property dictionary).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    AnyFloatConstr,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    UnitAttr,
    VectorType,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
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
from wgdist.dialects.xegpu.attrs import MemLayoutAttr
from wgdist.dialects.xegpu.layout_attrs import DistributeLayoutAttr
from wgdist.dialects.xegpu.ops_common import (
    LayoutConstr,
    parse_props_and_attrs,
    print_props_and_attrs,
    sorted_props,
)
from wgdist.dialects.xegpu.ops_verify import check_anchor_layout
from wgdist.dialects.xegpu.types import MemDescType

_DataConstr = base(VectorType) | base(IntegerType) | AnyFloatConstr


@irdl_op_definition
class CreateMemDescOp(IRDLOperation):
    """A matrix view (mem_desc) of a shared local memory buffer.

    ``%md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<..>``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpucreate_mem_desc-xegpucreatememdescop).
    """

    name = "xegpu.create_mem_desc"

    source = operand_def(MemRefType)
    mem_desc = result_def(MemDescType)

    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, result_type: MemDescType) -> None:
        super().__init__(operands=[source], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> CreateMemDescOp:
        src = parser.parse_unresolved_operand()
        _, attrs = parse_props_and_attrs(parser, ())
        parser.parse_punctuation(":")
        st = parser.parse_type()
        parser.parse_punctuation("->")
        rt = parser.parse_type()
        return cls.build(operands=[parser.resolve_operand(src, st)], result_types=[rt], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        print_props_and_attrs(printer, self)
        printer.print_string(": ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.mem_desc.type)

    def verify_(self) -> None:
        t = self.source.type
        assert isinstance(t, MemRefType)
        ms = t.memory_space
        # LLVM 22's isSharedPred wants memory space 3 (mlir-opt 22 crashes on a memref without one)
        shared = isinstance(ms, IntegerAttr) and ms.value.data == 3
        if not shared or t.get_num_dims() not in (1, 2) or any(d < 0 for d in t.get_shape()):
            raise VerifyException(
                "operand #0 must be reside in share memory and statically 1d or 2d shaped memref "
                f"of integer or float values, but got '{t}' (memory space 3, static shape)"
            )
        md = self.mem_desc.type
        assert isinstance(md, MemDescType)
        src_bits = prod(t.get_shape()) * _bitwidth(t.element_type)
        md_bits = prod(md.get_shape()) * _bitwidth(md.element_type)
        if src_bits != md_bits:
            raise VerifyException(
                f"failed to verify that all of {{source, mem_desc}} have same size in bits "
                f"(source {t} has {src_bits} bits, mem_desc {md} has {md_bits})"
            )


class _MatrixAccess(OffsetAccessOp):
    """Shared parts of load_matrix/store_matrix."""

    PROPS: ClassVar[tuple[str, ...]] = ("subgroup_block_io", "layout")
    MATRIX_TEXT: ClassVar[bool] = True

    @property
    def mem_desc_value(self) -> SSAValue:
        return self.descriptor

    def _verify_matrix(self, data_t: Attribute) -> None:
        idx.verify_index_list("offsets", self.properties.get("const_offsets"), self.dynamic_offsets)
        md = self.mem_desc_value.type
        assert isinstance(md, MemDescType)
        elt = data_t.element_type if isinstance(data_t, VectorType) else data_t
        if elt != md.element_type:
            raise VerifyException(
                f"expected the data element type {elt} to equal the mem_desc element type {md.element_type}"
            )
        if len(self.mixed_offsets()) != md.get_rank():
            raise VerifyException(
                f"expected {md.get_rank()} offsets for {md}, got {len(self.mixed_offsets())}"
            )
        sbio = "subgroup_block_io" in self.properties
        if not isinstance(data_t, VectorType):
            if sbio:
                raise VerifyException("subgroup_block_io are only allowed when result is a VectorType.")
            return
        if md.get_rank() != 2:
            raise VerifyException(f"mem_desc must be 2D. (got {md})")
        shape = list(data_t.get_shape())
        layout_attr = self.properties.get("layout")
        if sbio and isinstance(layout_attr, DistributeLayoutAttr):
            check_block_io_lanes(md, layout_attr)
        if sbio and len(shape) != 2 and _is_col_major(md):
            raise VerifyException(
                f"mem_desc should be row major when subgroup_block_io is set. (strides "
                f"{_strides(md)} of {md})"
            )
        if len(shape) == 2 and any(d > m for d, m in zip(shape, md.get_shape())):
            raise VerifyException(
                f"data shape must not exceed mem_desc shape. (data {shape}, mem_desc {list(md.get_shape())})"
            )
        layout = self.properties.get("layout")
        if layout is not None:
            check_anchor_layout("layout", layout, shape)


def _matrix_props(
    offsets: Sequence[int | SSAValue], subgroup_block_io: bool, layout: DistributeLayoutAttr | None
) -> tuple[list[SSAValue], dict[str, Attribute]]:
    dynamic, props = idx.offset_props(offsets)
    props["subgroup_block_io"] = UnitAttr() if subgroup_block_io else None
    props["layout"] = layout
    return dynamic, sorted_props(props)


@irdl_op_definition
class LoadMatrixOp(_MatrixAccess):
    """Load a block of a shared-local-memory matrix (mem_desc) into a vector.

    ``%v = xegpu.load_matrix %md[%i, 0] <{layout = ..}>: !xegpu.mem_desc<..>, index -> vector``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpuload_matrix-xegpuloadmatrixop).
    """

    name = "xegpu.load_matrix"
    HAS_RESULT: ClassVar[bool] = True

    mem_desc = operand_def(MemDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = prop_def(DenseArrayBase[I64])
    subgroup_block_io = opt_prop_def(UnitAttr)
    layout = opt_prop_def(LayoutConstr)
    res = result_def(_DataConstr)

    def __init__(
        self,
        mem_desc: SSAValue,
        offsets: Sequence[int | SSAValue],
        result_type: Attribute,
        *,
        subgroup_block_io: bool = False,
        layout: DistributeLayoutAttr | None = None,
    ) -> None:
        dyn, props = _matrix_props(offsets, subgroup_block_io, layout)
        super().__init__(operands=[mem_desc, dyn], result_types=[result_type], properties=props)

    def verify_(self) -> None:
        self._verify_matrix(self.res.type)


@irdl_op_definition
class StoreMatrixOp(_MatrixAccess):
    """Store a vector into a block of a shared-local-memory matrix (mem_desc).

    ``xegpu.store_matrix %v, %md[0, %i] <{..}>: vector<..>, !xegpu.mem_desc<..>, index``.

    See [upstream](https://mlir.llvm.org/docs/Dialects/XeGPU/#xegpustore_matrix-xegpustorematrixop).
    """

    name = "xegpu.store_matrix"
    HAS_VALUE: ClassVar[bool] = True

    data = operand_def(_DataConstr)
    mem_desc = operand_def(MemDescType)
    offsets = var_operand_def(IndexType)
    const_offsets = prop_def(DenseArrayBase[I64])
    subgroup_block_io = opt_prop_def(UnitAttr)
    layout = opt_prop_def(LayoutConstr)

    def __init__(
        self,
        data: SSAValue,
        mem_desc: SSAValue,
        offsets: Sequence[int | SSAValue],
        *,
        subgroup_block_io: bool = False,
        layout: DistributeLayoutAttr | None = None,
    ) -> None:
        dyn, props = _matrix_props(offsets, subgroup_block_io, layout)
        super().__init__(operands=[data, mem_desc, dyn], properties=props)

    def verify_(self) -> None:
        self._verify_matrix(self.data.type)


def _bitwidth(t: Attribute) -> int:
    width = getattr(t, "bitwidth", None)
    if not isinstance(width, int):
        raise VerifyException(f"expected an integer or float element type, got {t}")
    return width


def _mem_layout_entry(md: MemDescType, key: str) -> list[int] | None:
    layout = md.mem_layout
    if not isinstance(layout, MemLayoutAttr):
        return None
    entry = layout.attrs.data.get(key)
    if not isinstance(entry, ArrayAttr):
        return None
    return [e.value.data for e in entry.data if isinstance(e, IntegerAttr)]


def _strides(md: MemDescType) -> list[int]:
    """The mem_desc's strides: its ``stride`` entry, or row-major ones."""
    given = _mem_layout_entry(md, "stride")
    if given is not None:
        return given
    shape = md.get_shape()
    return [prod(shape[i + 1 :]) for i in range(len(shape))]


def _is_col_major(md: MemDescType) -> bool:
    strides = _strides(md)
    return len(strides) >= 2 and strides[-1] != 1


def check_block_io_lanes(md: MemDescType, layout: DistributeLayoutAttr) -> None:
    """LLVM 22's rules for ``subgroup_block_io`` with a layout that has ``lane_data``: lanes
    access whole rows (lane_data 1 but in the last dimension), the lane layout matches the
    mem_desc's ``block``, and every dimension split across lanes has stride 1."""
    model = layout.to_model()
    lane_data = getattr(model, "lane_data", None)
    lane_layout = getattr(model, "lane_layout", None)
    if not lane_data or lane_layout is None:
        return
    if any(d != 1 for d in lane_data[:-1]):
        raise VerifyException(
            f"With subgroup_block_io, accessed data must be contiguous and coalesced. (lane_data "
            f"{list(lane_data)})"
        )
    block = _mem_layout_entry(md, "block") or []
    strides = _strides(md)
    for i, lanes in enumerate(lane_layout):
        if i >= len(block) or lanes != block[i]:
            raise VerifyException(
                f"With subgroup_block_io, the block shape must match the lane layout. (lane_layout "
                f"{list(lane_layout)}, block {block})"
            )
        if lanes != 1 and strides[i] != 1:
            raise VerifyException(
                f"With subgroup_block_io, the distributed dimensions must be contiguous. (dimension "
                f"{i}: {lanes} lanes, stride {strides[i]})"
            )
