"""XeGPU types: ``!xegpu.tensor_desc``, ``!xegpu.mem_desc`` and ``!xegpu.nbarrier`` (LLVM 22 text).

``!xegpu.tensor_desc<SHAPE x ELT [, ENCODING] [, LAYOUT]>``: ENCODING is a
``#xegpu.block_tdesc_attr`` (an all-default one is dropped, as mlir-opt does) or a
``#xegpu.scatter_tdesc_attr``; LAYOUT is ``#xegpu.layout`` (or the RFC's ``#xegpu.wg_map`` /
``#xegpu.sg_map``). The printed order is encoding, then layout. A ``#xegpu.slice`` or any other
attribute in the type is a parse error with a message (mlir-opt 22 fails without one).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar

from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    IntAttr,
    IntegerType,
    NoneAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.hints import isa

from wgdist.dialects.xegpu.attrs import (
    BlockTensorDescAttr,
    MemLayoutAttr,
    MemorySpace,
    ScatterTensorDescAttr,
)
from wgdist.dialects.xegpu.layout_attrs import (
    LayoutAttr,
    PlainLayoutAttr,
    SgMapAttr,
    SliceAttr,
    WgMapAttr,
)
from wgdist.layout import distribution_errors


def _shape_attr(shape: Sequence[int] | ArrayAttr[IntAttr]) -> ArrayAttr[IntAttr]:
    if isinstance(shape, ArrayAttr):
        return shape
    return ArrayAttr([IntAttr(int(d)) for d in shape])


def _print_shape_and_element(printer: Printer, shape: ArrayAttr[IntAttr], elt: Attribute) -> None:
    for d in shape.data:
        printer.print_string(f"{d.data}x")
    printer.print_attribute(elt)


def _is_int_or_float(t: Attribute) -> bool:
    return isinstance(t, IntegerType) or isa(t, AnyFloat)


def _bitwidth(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    width = getattr(t, "bitwidth", 0)
    return width if isinstance(width, int) else 0


@irdl_attr_definition
class TensorDescType(ParametrizedAttribute, TypeAttribute):
    """``!xegpu.tensor_desc<8x16xf32[, encoding][, layout]>``."""

    name = "xegpu.tensor_desc"

    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    encoding: BlockTensorDescAttr | ScatterTensorDescAttr | NoneAttr
    layout: LayoutAttr | WgMapAttr | SgMapAttr | NoneAttr

    def __init__(
        self,
        shape: Sequence[int] | ArrayAttr[IntAttr],
        element_type: Attribute,
        encoding: BlockTensorDescAttr | ScatterTensorDescAttr | NoneAttr | None = None,
        layout: PlainLayoutAttr | NoneAttr | None = None,
    ) -> None:
        if encoding is None or (isinstance(encoding, BlockTensorDescAttr) and encoding.is_default()):
            encoding = NoneAttr()
        super().__init__(_shape_attr(shape), element_type, encoding, layout or NoneAttr())

    # ---- text --------------------------------------------------------------------------------
    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            shape, elt = parser.parse_ranked_shape()
            encoding: Attribute = NoneAttr()
            layout: Attribute = NoneAttr()
            while parser.parse_optional_punctuation(",") is not None:
                pos = parser.pos
                attr = parser.parse_attribute()
                if isinstance(attr, BlockTensorDescAttr | ScatterTensorDescAttr):
                    if not isinstance(encoding, NoneAttr):
                        parser.raise_error("!xegpu.tensor_desc takes one encoding attribute", pos, parser.pos)
                    encoding = attr
                elif isinstance(attr, PlainLayoutAttr):
                    if not isinstance(layout, NoneAttr):
                        parser.raise_error("!xegpu.tensor_desc takes one layout attribute", pos, parser.pos)
                    layout = attr
                elif isinstance(attr, SliceAttr):
                    parser.raise_error(
                        "#xegpu.slice is not allowed in !xegpu.tensor_desc: a descriptor needs a full "
                        "#xegpu.layout (slices describe values, e.g. reduction results)",
                        pos,
                        parser.pos,
                    )
                else:
                    parser.raise_error(
                        f"unexpected attribute {attr} in !xegpu.tensor_desc: expected "
                        "#xegpu.block_tdesc_attr, #xegpu.scatter_tdesc_attr or a layout",
                        pos,
                        parser.pos,
                    )
        if isinstance(encoding, BlockTensorDescAttr) and encoding.is_default():
            encoding = NoneAttr()
        return [_shape_attr(shape), elt, encoding, layout]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            _print_shape_and_element(printer, self.shape, self.element_type)
            for a in (self.encoding, self.layout):
                if not isinstance(a, NoneAttr):
                    printer.print_string(", ")
                    printer.print_attribute(a)

    # ---- API ---------------------------------------------------------------------------------
    def get_shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    def get_rank(self) -> int:
        return len(self.shape.data)

    @property
    def is_scattered(self) -> bool:
        return isinstance(self.encoding, ScatterTensorDescAttr)

    @property
    def array_length(self) -> int:
        e = self.encoding
        return e.array_length.value.data if isinstance(e, BlockTensorDescAttr) else 1

    @property
    def chunk_size(self) -> int:
        e = self.encoding
        return e.chunk_size.value.data if isinstance(e, ScatterTensorDescAttr) else 1

    @property
    def boundary_check(self) -> bool:
        e = self.encoding
        return bool(e.boundary_check.value.data) if isinstance(e, BlockTensorDescAttr) else True

    @property
    def memory_space(self) -> MemorySpace:
        e = self.encoding
        return e.memory_space.data if not isinstance(e, NoneAttr) else MemorySpace.GLOBAL

    def chunk_alignment(self) -> int:
        """LLVM 22: a scattered chunk of a sub-32-bit type is a whole number of 32-bit units,
        i.e. a multiple of ``32 // bitwidth`` elements (1 for 32 bits or more)."""
        width = _bitwidth(self.element_type)
        return 32 // width if 0 < width < 32 else 1

    def with_layout(self, layout: PlainLayoutAttr | NoneAttr | None) -> TensorDescType:
        """The same descriptor with ``layout`` (None or NoneAttr: no layout)."""
        return TensorDescType(self.shape, self.element_type, self.encoding, layout)

    def verify(self) -> None:
        shape = self.get_shape()
        if not shape:
            raise VerifyException("expected non-zero rank tensor")
        if any(d <= 0 for d in shape):
            raise VerifyException(f"expected static positive dimensions in tensor_desc shape {list(shape)}")
        if not _is_int_or_float(self.element_type):
            raise VerifyException(f"expected an integer or float element type, got {self.element_type}")
        enc = self.encoding
        if isinstance(enc, BlockTensorDescAttr):
            if enc.memory_space.data == MemorySpace.SLM and len(shape) != 1:
                raise VerifyException(
                    f"SLM is only supported for 1D block tensor, got a rank-{len(shape)} tensor_desc"
                )
        if isinstance(enc, ScatterTensorDescAttr):
            chunk = enc.chunk_size.value.data
            if chunk > 1:
                if len(shape) == 1:
                    raise VerifyException(
                        f"expected non-contiguous elements for 1D tensor (chunk_size {chunk} needs "
                        "a rank-2 tensor_desc)"
                    )
                if shape[-1] != chunk:
                    raise VerifyException(
                        f"expected last dim of tensor to match chunk size, got {shape[-1]} and "
                        f"chunk_size {chunk}"
                    )
                if shape[-1] % self.chunk_alignment():
                    raise VerifyException(
                        f"expected last dim of tensor to be a multiple of {self.chunk_alignment()} "
                        f"(chunk_size {chunk} of {self.element_type}: 32-bit units)"
                    )
        layout = self.layout
        if isinstance(layout, NoneAttr):
            return
        model = layout.to_model()
        if model.rank != len(shape):
            raise VerifyException(
                f"expected layout rank to match tensor rank, got layout rank {model.rank} "
                f"and tensor rank {len(shape)}"
            )
        lane_data = getattr(model, "lane_data", None)
        factor = self.chunk_alignment()
        if self.chunk_size > 1 and lane_data is not None and lane_data[-1] % factor:
            raise VerifyException(
                f"expected last dim of lane_data to be a multiple of: {factor} (lane_data "
                f"{list(lane_data)}, chunk_size {self.chunk_size} of {self.element_type})"
            )
        errs = distribution_errors(shape, model) if LAYOUT_FITS_SHAPE.get() else []
        if errs:
            raise VerifyException(f"cannot distribute {list(shape)} using {layout}: {'; '.join(errs)}")


LAYOUT_FITS_SHAPE: ContextVar[bool] = ContextVar("xegpu_layout_fits_shape", default=True)
"""False: a tensor_desc's layout need not distribute its shape (wgdist-check reads an
``--against`` check's workgroup program so, whose layouts do not matter to its run)."""


@irdl_attr_definition
class MemDescType(ParametrizedAttribute, TypeAttribute):
    """``!xegpu.mem_desc<32x32xf32[, #xegpu.mem_layout<...>]>``: a view of shared local memory."""

    name = "xegpu.mem_desc"

    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    mem_layout: MemLayoutAttr | NoneAttr

    def __init__(
        self,
        shape: Sequence[int] | ArrayAttr[IntAttr],
        element_type: Attribute,
        mem_layout: MemLayoutAttr | NoneAttr | None = None,
    ) -> None:
        super().__init__(_shape_attr(shape), element_type, mem_layout or NoneAttr())

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            shape, elt = parser.parse_ranked_shape()
            mem_layout: Attribute = NoneAttr()
            if parser.parse_optional_punctuation(",") is not None:
                pos = parser.pos
                mem_layout = parser.parse_attribute()
                if not isinstance(mem_layout, MemLayoutAttr):
                    parser.raise_error(
                        f"expected #xegpu.mem_layout in !xegpu.mem_desc, got {mem_layout}", pos, parser.pos
                    )
        return [_shape_attr(shape), elt, mem_layout]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            _print_shape_and_element(printer, self.shape, self.element_type)
            if not isinstance(self.mem_layout, NoneAttr):
                printer.print_string(", ")
                printer.print_attribute(self.mem_layout)

    def get_shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    def get_rank(self) -> int:
        return len(self.shape.data)

    def verify(self) -> None:
        shape = self.get_shape()
        if not shape or any(d <= 0 for d in shape):
            raise VerifyException(f"expected a static non-empty shape in mem_desc, got {list(shape)}")
        if not _is_int_or_float(self.element_type):
            raise VerifyException(f"expected an integer or float element type, got {self.element_type}")
        if isinstance(self.mem_layout, MemLayoutAttr):
            for key in ("stride", "block"):
                entry = self.mem_layout.attrs.data.get(key)
                if isinstance(entry, ArrayAttr) and len(entry.data) != len(shape):
                    raise VerifyException(
                        f"expected mem_layout {key} to have the rank {len(shape)} of the mem_desc "
                        f"shape {list(shape)}, got {len(entry.data)} entries"
                    )


@irdl_attr_definition
class NbarrierType(ParametrizedAttribute, TypeAttribute):
    """``!xegpu.nbarrier``: a named barrier."""

    name = "xegpu.nbarrier"
