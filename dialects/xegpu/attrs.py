"""XeGPU attributes other than layouts, mirroring LLVM 22's spelling.

``#xegpu.range<[a, b]>``, ``#xegpu.cache_hint<..>``, ``#xegpu.block_tdesc_attr<..>``,
``#xegpu.scatter_tdesc_attr<..>``, ``#xegpu.mem_layout<..>``, and the opaque enums
``#xegpu<memory_space ..>`` and ``#xegpu<fence_scope ..>``. The layout attributes
(``#xegpu.layout``, ``#xegpu.wg_map``, ``#xegpu.sg_map``, ``#xegpu.slice``) are in
:mod:`.layout_attrs`; import any of them from :mod:`wgdist.dialects.xegpu`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import auto
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    i64,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

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


def sg_id_range(op: Operation) -> tuple[int, int] | None:
    """``(start, end)`` of the ``sg_id_range`` an op (an ``scf.if``) carries, or None."""
    attr = op.attributes.get("sg_id_range")
    if isinstance(attr, RangeAttr):
        return attr.start.value.data, attr.end.value.data
    return None


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

        parser.parse_punctuation("<")
        if parser._current_token.text == ">":  # noqa: SLF001 - mlir-opt requires an entry
            parser.raise_error(
                "expected valid keyword (#xegpu.mem_layout needs at least one entry, e.g. stride = [..])",
                parser.pos,
                parser.pos + 1,
            )
        parser.parse_comma_separated_list(parser.Delimiter.NONE, entry)
        parser.parse_punctuation(">")
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
    """The integers of an ``ArrayAttr`` of ``IntegerAttr``s; None for any other attribute."""
    if not isinstance(v, ArrayAttr):
        return None
    ints = [x.value.data for x in v.data if isinstance(x, IntegerAttr)]
    return tuple(ints) if len(ints) == len(v.data) else None


__all__ = [
    "ATOMIC_RMW_KINDS",
    "BlockTensorDescAttr",
    "CachePolicy",
    "CachePolicyAttr",
    "FenceScope",
    "FenceScopeAttr",
    "MemLayoutAttr",
    "MemorySpace",
    "MemorySpaceAttr",
    "RangeAttr",
    "ScatterTensorDescAttr",
]
