"""XeGPU attributes, mirroring LLVM 22's spelling (and the RFC's ``wg_map``/``sg_map``).

Layout-like attributes (``DistributeLayoutAttr``):

* ``#xegpu.layout<sg_layout = [..], sg_data = [..], inst_data = [..], lane_layout = [..],
  lane_data = [..], order = [..]>`` - every field an optional i32 array, accepted in any order,
  printed in this order (as mlir-opt 22 does);
* ``#xegpu.wg_map<sg_layout = [..], sg_data = [..], sg_order = [..]>`` and
  ``#xegpu.sg_map<sg_layout, sg_data, inst_data, wi_layout, wi_data, order>`` - the RFC
  spellings. They mean the same layout (``sg_order``/``order`` -> order, ``wi_*`` -> ``lane_*``),
  print back in their own spelling, and are rewritten to ``#xegpu.layout`` by the
  ``xegpu-upgrade-layouts`` pass so that mlir-opt 22 can read the result;
* ``#xegpu.slice<PARENT, dims = [..]>`` - a parent layout (or slice) with ``dims`` removed.

Each has ``to_model()`` returning the pure :mod:`wgdist.layout` model, which does all layout
arithmetic. Verification of a layout attribute on its own uses
``Layout.structural_errors()``; unlike LLVM 22 it also rejects an ``order`` that is not a
permutation and sizes below 1.

Distributability (checked by ``!xegpu.tensor_desc`` and by the ops) follows
``wgdist.layout.distribution_errors``: every dimension is judged on its own (``n % sg_data == 0``
and the tile count either divides among ``sg_layout`` - wrap - or divides it - sharing). So wrap
in one dimension and sharing in another is accepted, which is a superset of LLVM 22 (upstream
decides round-robin vs sharing for the whole vector, and rejects the mix). It also accepts an
``sg_layout`` larger than the shape when whole tiles are shared, which LLVM 22 accepts too.

The other attributes: ``#xegpu.range<[a, b]>``, ``#xegpu.cache_hint<..>``,
``#xegpu.block_tdesc_attr<..>``, ``#xegpu.scatter_tdesc_attr<..>``, ``#xegpu.mem_layout<..>``,
and the opaque enums ``#xegpu<memory_space ..>`` and ``#xegpu<fence_scope ..>``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import auto
from typing import ClassVar, TypeAlias

from xdsl.dialects.builtin import (
    I32,
    I64,
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    i32,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from wgdist.layout import Layout, SliceLayout

# ---- enums -----------------------------------------------------------------------------------


class CachePolicy(StrEnum):
    CACHED = auto()
    UNCACHED = auto()
    STREAMING = auto()
    READ_INVALIDATE = auto()
    WRITE_BACK = auto()
    WRITE_THROUGH = auto()


@irdl_attr_definition
class CachePolicyAttr(EnumAttribute[CachePolicy]):
    """``#xegpu.cache_hint<cached>``."""

    name = "xegpu.cache_hint"

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> CachePolicy:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(CachePolicy)


class MemorySpace(StrEnum):
    GLOBAL = auto()
    SLM = auto()


@irdl_attr_definition
class MemorySpaceAttr(EnumAttribute[MemorySpace], SpacedOpaqueSyntaxAttribute):
    """``#xegpu<memory_space global>`` (fence ``memory_kind``, descriptor memory space)."""

    name = "xegpu.memory_space"


class FenceScope(StrEnum):
    WORKGROUP = auto()
    GPU = auto()


@irdl_attr_definition
class FenceScopeAttr(EnumAttribute[FenceScope], SpacedOpaqueSyntaxAttribute):
    """``#xegpu<fence_scope workgroup>``."""

    name = "xegpu.fence_scope"


# arith's AtomicRMWKind: xegpu.atomic_rmw stores the kind as this i64 (generic form `kind = 0 : i64`).
ATOMIC_RMW_KINDS: tuple[str, ...] = (
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
    "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
)  # fmt: skip


# ---- layouts ---------------------------------------------------------------------------------

_I32Array: TypeAlias = DenseArrayBase[I32]


def _array(v: Sequence[int] | _I32Array | NoneAttr | None) -> _I32Array | NoneAttr:
    if v is None or isinstance(v, NoneAttr):
        return NoneAttr()
    if isinstance(v, DenseArrayBase):
        return v
    return DenseArrayBase.from_list(i32, [int(x) for x in v])


def _values(v: Attribute) -> tuple[int, ...] | None:
    if isinstance(v, DenseArrayBase) and isinstance(v.elt_type, IntegerType):
        return tuple(int(x) for x in v.get_values())
    return None


def _parse_int_list(parser: AttrParser) -> list[int]:
    return parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)


def _parse_fields(parser: AttrParser, spelling: str, names: Sequence[str]) -> dict[str, list[int]]:
    """``<key = [ints], ...>`` with keys from ``names`` in any order, each at most once."""
    fields: dict[str, list[int]] = {}

    def entry() -> None:
        pos = parser.pos
        key = parser.parse_identifier(f" (a field of #xegpu.{spelling}: {', '.join(names)})")
        if key not in names:
            parser.raise_error(
                f"unknown field '{key}' in #xegpu.{spelling}, expected one of {', '.join(names)}",
                pos,
                parser.pos,
            )
        if key in fields:
            parser.raise_error(f"field '{key}' given twice in #xegpu.{spelling}", pos, parser.pos)
        parser.parse_punctuation("=")
        fields[key] = _parse_int_list(parser)

    parser.parse_comma_separated_list(parser.Delimiter.ANGLE, entry)
    return fields


def _print_fields(printer: Printer, items: Sequence[tuple[str, Attribute]]) -> None:
    present = [(k, _values(v)) for k, v in items if not isinstance(v, NoneAttr)]
    with printer.in_angle_brackets():
        printer.print_string(", ".join(f"{k} = [{', '.join(map(str, vs or ()))}]" for k, vs in present))


class _LayoutFields(ParametrizedAttribute):
    """Shared code of the three spellings of a layout (not registered itself)."""

    # (spelling of the field, name of the wgdist.layout.Layout field)
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = ()
    SPELLING: ClassVar[str] = ""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        fields = _parse_fields(parser, cls.SPELLING, [f for f, _ in cls.FIELDS])
        return [_array(fields.get(f)) for f, _ in cls.FIELDS]

    def print_parameters(self, printer: Printer) -> None:
        _print_fields(printer, [(f, getattr(self, f)) for f, _ in self.FIELDS])

    def to_model(self) -> Layout:
        """The :class:`wgdist.layout.Layout` this attribute denotes."""
        return Layout(**{m: _values(getattr(self, f)) for f, m in self.FIELDS})

    def verify(self) -> None:
        for f, _ in self.FIELDS:
            v = getattr(self, f)
            if not isinstance(v, NoneAttr) and v.elt_type != i32:
                raise VerifyException(f"#xegpu.{self.SPELLING} field {f} must be an i32 array")
        errs = self.to_model().structural_errors()
        if errs:
            raise VerifyException(f"#xegpu.{self.SPELLING}: {self._respell(errs[0])}")

    def _respell(self, message: str) -> str:
        """Name fields as this spelling does (``sg_order``, ``wi_layout``, ...)."""
        renames = {m: f for f, m in self.FIELDS if f != m}
        if not renames:
            return message
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, renames)) + r")\b")
        return pattern.sub(lambda mo: renames[mo.group(1)], message)

    def field(self, name: str) -> tuple[int, ...] | None:
        """A field by its model name (``sg_layout``, ..., ``lane_layout``, ``order``)."""
        return getattr(self.to_model(), name)

    @property
    def is_wg(self) -> bool:
        return self.to_model().is_wg

    def get_rank(self) -> int:
        return self.to_model().rank


@irdl_attr_definition
class LayoutAttr(_LayoutFields):
    """``#xegpu.layout<...>`` (LLVM 22)."""

    name = "xegpu.layout"
    FIELDS = (
        ("sg_layout", "sg_layout"),
        ("sg_data", "sg_data"),
        ("inst_data", "inst_data"),
        ("lane_layout", "lane_layout"),
        ("lane_data", "lane_data"),
        ("order", "order"),
    )
    SPELLING = "layout"

    sg_layout: _I32Array | NoneAttr
    sg_data: _I32Array | NoneAttr
    inst_data: _I32Array | NoneAttr
    lane_layout: _I32Array | NoneAttr
    lane_data: _I32Array | NoneAttr
    order: _I32Array | NoneAttr

    def __init__(
        self,
        sg_layout: Sequence[int] | _I32Array | NoneAttr | None = None,
        sg_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        inst_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        lane_layout: Sequence[int] | _I32Array | NoneAttr | None = None,
        lane_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        order: Sequence[int] | _I32Array | NoneAttr | None = None,
    ) -> None:
        super().__init__(
            _array(sg_layout),
            _array(sg_data),
            _array(inst_data),
            _array(lane_layout),
            _array(lane_data),
            _array(order),
        )

    @staticmethod
    def from_model(layout: Layout) -> LayoutAttr:
        return LayoutAttr(
            layout.sg_layout,
            layout.sg_data,
            layout.inst_data,
            layout.lane_layout,
            layout.lane_data,
            layout.order,
        )


@irdl_attr_definition
class WgMapAttr(_LayoutFields):
    """``#xegpu.wg_map<sg_layout = [..], sg_data = [..], sg_order = [..]>`` (RFC v1)."""

    name = "xegpu.wg_map"
    FIELDS = (("sg_layout", "sg_layout"), ("sg_data", "sg_data"), ("sg_order", "order"))
    SPELLING = "wg_map"

    sg_layout: _I32Array | NoneAttr
    sg_data: _I32Array | NoneAttr
    sg_order: _I32Array | NoneAttr

    def __init__(
        self,
        sg_layout: Sequence[int] | _I32Array | NoneAttr | None = None,
        sg_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        sg_order: Sequence[int] | _I32Array | NoneAttr | None = None,
    ) -> None:
        super().__init__(_array(sg_layout), _array(sg_data), _array(sg_order))


@irdl_attr_definition
class SgMapAttr(_LayoutFields):
    """``#xegpu.sg_map<sg_layout, sg_data, inst_data, wi_layout, wi_data, order>`` (RFC v2-v4)."""

    name = "xegpu.sg_map"
    FIELDS = (
        ("sg_layout", "sg_layout"),
        ("sg_data", "sg_data"),
        ("inst_data", "inst_data"),
        ("wi_layout", "lane_layout"),
        ("wi_data", "lane_data"),
        ("order", "order"),
    )
    SPELLING = "sg_map"

    sg_layout: _I32Array | NoneAttr
    sg_data: _I32Array | NoneAttr
    inst_data: _I32Array | NoneAttr
    wi_layout: _I32Array | NoneAttr
    wi_data: _I32Array | NoneAttr
    order: _I32Array | NoneAttr

    def __init__(
        self,
        sg_layout: Sequence[int] | _I32Array | NoneAttr | None = None,
        sg_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        inst_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        wi_layout: Sequence[int] | _I32Array | NoneAttr | None = None,
        wi_data: Sequence[int] | _I32Array | NoneAttr | None = None,
        order: Sequence[int] | _I32Array | NoneAttr | None = None,
    ) -> None:
        super().__init__(
            _array(sg_layout),
            _array(sg_data),
            _array(inst_data),
            _array(wi_layout),
            _array(wi_data),
            _array(order),
        )


PlainLayoutAttr: TypeAlias = LayoutAttr | WgMapAttr | SgMapAttr
"""The three spellings of a (non-slice) layout."""


@irdl_attr_definition
class SliceAttr(ParametrizedAttribute):
    """``#xegpu.slice<PARENT, dims = [..]>``; PARENT is a layout (any spelling) or a slice."""

    name = "xegpu.slice"

    parent: Attribute
    dims: DenseArrayBase[I64]

    def __init__(self, parent: DistributeLayoutAttr, dims: Sequence[int] | DenseArrayBase) -> None:
        if not isinstance(dims, DenseArrayBase):
            dims = DenseArrayBase.from_list(i64, list(dims))
        super().__init__(parent, dims)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            parent = parser.parse_attribute()
            if not isinstance(parent, LayoutAttr | WgMapAttr | SgMapAttr | SliceAttr):
                parser.raise_error(
                    "expected the parent of #xegpu.slice to be #xegpu.layout, #xegpu.wg_map, "
                    "#xegpu.sg_map or #xegpu.slice",
                    pos,
                    parser.pos,
                )
            parser.parse_punctuation(",")
            parser.parse_keyword("dims")
            parser.parse_punctuation("=")
            dims = _parse_int_list(parser)
        return [parent, DenseArrayBase.from_list(i64, dims)]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.parent)
            printer.print_string(f", dims = [{', '.join(map(str, self.dims.get_values()))}]")

    def verify(self) -> None:
        if not isinstance(self.parent, LayoutAttr | WgMapAttr | SgMapAttr | SliceAttr):
            raise VerifyException(
                f"expected the parent of #xegpu.slice to be a layout or a slice, got {self.parent}"
            )
        # the parent verified itself when it was built; only the dims are new here
        errs = [e for e in self.to_model().structural_errors() if "slice attribute" in e]
        if errs:
            raise VerifyException(errs[0])

    def to_model(self) -> SliceLayout:
        parent = self.parent
        assert isinstance(parent, LayoutAttr | WgMapAttr | SgMapAttr | SliceAttr)
        return SliceLayout(parent.to_model(), tuple(int(d) for d in self.dims.get_values()))

    @property
    def is_wg(self) -> bool:
        return self.to_model().is_wg

    def get_rank(self) -> int:
        return self.to_model().rank

    def root(self) -> PlainLayoutAttr:
        p = self.parent
        while isinstance(p, SliceAttr):
            p = p.parent
        assert isinstance(p, LayoutAttr | WgMapAttr | SgMapAttr)
        return p


DistributeLayoutAttr: TypeAlias = LayoutAttr | WgMapAttr | SgMapAttr | SliceAttr
DISTRIBUTE_LAYOUT_TYPES = (LayoutAttr, WgMapAttr, SgMapAttr, SliceAttr)


def is_layout_attr(attr: Attribute) -> bool:
    """Whether ``attr`` is one of the layout-like attributes."""
    return isinstance(attr, DISTRIBUTE_LAYOUT_TYPES)


# ---- other attributes ------------------------------------------------------------------------


@irdl_attr_definition
class RangeAttr(ParametrizedAttribute):
    """``#xegpu.range<[start, end]>`` (``sg_id_range`` on ``scf.if``); prints with ``: i64``."""

    name = "xegpu.range"

    start: IntegerAttr
    end: IntegerAttr

    def __init__(self, start: int | IntegerAttr, end: int | IntegerAttr) -> None:
        super().__init__(
            start if isinstance(start, IntegerAttr) else IntegerAttr(start, i64),
            end if isinstance(end, IntegerAttr) else IntegerAttr(end, i64),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            parser.parse_punctuation("[")
            start = parser.parse_attribute()
            parser.parse_punctuation(",")
            end = parser.parse_attribute()
            parser.parse_punctuation("]")
        for a in (start, end):
            if not isinstance(a, IntegerAttr):
                parser.raise_error(f"expected an integer in #xegpu.range, got {a}")
        return [start, end]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string("[")
            printer.print_attribute(self.start)
            printer.print_string(", ")
            printer.print_attribute(self.end)
            printer.print_string("]")

    def verify(self) -> None:
        s, e = self.start.value.data, self.end.value.data
        if e <= s:
            raise VerifyException(f"'end' : {e} must be greater than 'start' : {s}")


def _i64(v: int | IntegerAttr) -> IntegerAttr:
    return v if isinstance(v, IntegerAttr) else IntegerAttr(v, i64)


def _bool_attr(v: bool | IntegerAttr) -> IntegerAttr:
    return v if isinstance(v, IntegerAttr) else IntegerAttr(int(v), IntegerType(1))


class _KeyValueAttr(ParametrizedAttribute):
    """Shared parsing of ``<key = value, ...>`` descriptor encodings (not registered)."""

    KEYS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _parse_entries(cls, parser: AttrParser) -> dict[str, int | bool | MemorySpace]:
        out: dict[str, int | bool | MemorySpace] = {}

        def entry() -> None:
            pos = parser.pos
            key = parser.parse_identifier()
            if key not in cls.KEYS or key in out:
                what = "repeated" if key in out else "unknown"
                parser.raise_error(
                    f"{what} parameter '{key}' in #{cls.name}, expected {', '.join(cls.KEYS)}",
                    pos,
                    parser.pos,
                )
            parser.parse_punctuation("=")
            if key == "memory_space":
                out[key] = parser.parse_str_enum(MemorySpace)
            elif key == "boundary_check":
                v = parser.parse_optional_boolean()
                if v is None:
                    parser.raise_error("expected true or false for boundary_check")
                out[key] = v
            else:
                out[key] = parser.parse_integer(allow_boolean=False)
                if parser.parse_optional_punctuation(":") is not None:
                    parser.parse_type()

        if parser.parse_optional_punctuation("<") is not None:
            if parser.parse_optional_punctuation(">") is None:
                entry()
                while parser.parse_optional_punctuation(",") is not None:
                    entry()
                parser.parse_punctuation(">")
        return out


@irdl_attr_definition
class BlockTensorDescAttr(_KeyValueAttr):
    """``#xegpu.block_tdesc_attr<memory_space = .., array_length = N, boundary_check = b>``."""

    name = "xegpu.block_tdesc_attr"
    KEYS = ("memory_space", "array_length", "boundary_check")

    memory_space: MemorySpaceAttr
    array_length: IntegerAttr
    boundary_check: IntegerAttr

    def __init__(
        self,
        memory_space: MemorySpace | MemorySpaceAttr = MemorySpace.GLOBAL,
        array_length: int | IntegerAttr = 1,
        boundary_check: bool | IntegerAttr = True,
    ) -> None:
        if not isinstance(memory_space, MemorySpaceAttr):
            memory_space = MemorySpaceAttr(memory_space)
        super().__init__(memory_space, _i64(array_length), _bool_attr(boundary_check))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        e = cls._parse_entries(parser)
        ms = e.get("memory_space", MemorySpace.GLOBAL)
        assert isinstance(ms, MemorySpace)
        return [
            MemorySpaceAttr(ms),
            _i64(int(e.get("array_length", 1))),
            _bool_attr(bool(e.get("boundary_check", True))),
        ]

    def print_parameters(self, printer: Printer) -> None:
        parts = []
        if self.memory_space.data != MemorySpace.GLOBAL:
            parts.append(f"memory_space =  {self.memory_space.data.value}")  # mlir-opt's 2 spaces
        if self.array_length.value.data != 1:
            parts.append(f"array_length = {self.array_length.value.data} : i64")
        if not self.boundary_check.value.data:
            parts.append("boundary_check = false")
        printer.print_string("<" + ", ".join(parts) + ">")

    def is_default(self) -> bool:
        return self == BlockTensorDescAttr()

    def verify(self) -> None:
        if self.array_length.value.data < 1:
            raise VerifyException(f"array_length must be at least 1, got {self.array_length.value.data}")


@irdl_attr_definition
class ScatterTensorDescAttr(_KeyValueAttr):
    """``#xegpu.scatter_tdesc_attr<memory_space = .., chunk_size = N>``."""

    name = "xegpu.scatter_tdesc_attr"
    KEYS = ("memory_space", "chunk_size")

    memory_space: MemorySpaceAttr
    chunk_size: IntegerAttr

    def __init__(
        self,
        memory_space: MemorySpace | MemorySpaceAttr = MemorySpace.GLOBAL,
        chunk_size: int | IntegerAttr = 1,
    ) -> None:
        if not isinstance(memory_space, MemorySpaceAttr):
            memory_space = MemorySpaceAttr(memory_space)
        super().__init__(memory_space, _i64(chunk_size))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        e = cls._parse_entries(parser)
        ms = e.get("memory_space", MemorySpace.GLOBAL)
        assert isinstance(ms, MemorySpace)
        return [MemorySpaceAttr(ms), _i64(int(e.get("chunk_size", 1)))]

    def print_parameters(self, printer: Printer) -> None:
        parts = []
        if self.memory_space.data != MemorySpace.GLOBAL:
            parts.append(f"memory_space =  {self.memory_space.data.value}")  # mlir-opt's 2 spaces
        if self.chunk_size.value.data != 1:
            parts.append(f"chunk_size = {self.chunk_size.value.data} : i64")
        printer.print_string("<" + ", ".join(parts) + ">")

    def verify(self) -> None:
        if self.chunk_size.value.data < 1:
            raise VerifyException(f"chunk_size must be at least 1, got {self.chunk_size.value.data}")


@irdl_attr_definition
class MemLayoutAttr(ParametrizedAttribute):
    """``#xegpu.mem_layout<stride = [..], block = [..]>``: named entries, printed sorted."""

    name = "xegpu.mem_layout"

    attrs: DictionaryAttr

    def __init__(self, attrs: DictionaryAttr | dict[str, Attribute | Sequence[int]]) -> None:
        if not isinstance(attrs, DictionaryAttr):
            attrs = DictionaryAttr(
                {
                    k: v
                    if isinstance(v, Attribute)
                    else ArrayAttr([IntegerAttr(x, i64) for x in v])
                    for k, v in attrs.items()
                }
            )
        super().__init__(DictionaryAttr(dict(sorted(attrs.data.items()))))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        entries: dict[str, Attribute] = {}

        def entry() -> None:
            pos = parser.pos
            key = parser.parse_identifier()
            if key in entries:
                parser.raise_error(f"repeated key '{key}' in #xegpu.mem_layout", pos, parser.pos)
            parser.parse_punctuation("=")
            if parser._current_token.text == "[":  # noqa: SLF001 - a plain int list or an attribute
                ints = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
                entries[key] = ArrayAttr([IntegerAttr(x, i64) for x in ints])
            else:
                entries[key] = parser.parse_attribute()

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, entry)
        return [DictionaryAttr(dict(sorted(entries.items())))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        for i, (k, v) in enumerate(sorted(self.attrs.data.items())):
            if i:
                printer.print_string(", ")
            printer.print_string(f"{k} = ")
            ints = _int_list(v)
            if ints is not None:
                printer.print_string(f"[{', '.join(map(str, ints))}]")
            else:
                printer.print_attribute(v)
        printer.print_string(">")

    def get(self, key: str) -> tuple[int, ...] | None:
        v = self.attrs.data.get(key)
        return None if v is None else _int_list(v)


def _int_list(v: Attribute) -> tuple[int, ...] | None:
    if isinstance(v, ArrayAttr) and all(isinstance(x, IntegerAttr) for x in v.data):
        return tuple(x.value.data for x in v.data)  # type: ignore[attr-defined]
    return None


ATTRS: list[type[Attribute]] = [
    CachePolicyAttr,
    MemorySpaceAttr,
    FenceScopeAttr,
    LayoutAttr,
    WgMapAttr,
    SgMapAttr,
    SliceAttr,
    RangeAttr,
    BlockTensorDescAttr,
    ScatterTensorDescAttr,
    MemLayoutAttr,
]
