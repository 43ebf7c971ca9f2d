"""XeGPU layout attributes: ``#xegpu.layout``, the RFC's ``#xegpu.wg_map``/``#xegpu.sg_map``, and
``#xegpu.slice``.

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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, TypeAlias

from xdsl.dialects.builtin import I32, I64, DenseArrayBase, IntegerType, NoneAttr, i32, i64
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from wgdist.layout import Layout, SliceLayout

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


class _DistributeLayout(ParametrizedAttribute):
    """What every layout-like attribute answers through its :mod:`wgdist.layout` model."""

    def to_model(self) -> Layout | SliceLayout:
        raise NotImplementedError

    @property
    def is_wg(self) -> bool:
        return self.to_model().is_wg

    def get_rank(self) -> int:
        return self.to_model().rank


class _LayoutFields(_DistributeLayout):
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
        """The :class:`wgdist.layout.Layout` this attribute denotes (built once per attribute:
        both are immutable)."""
        model = self.__dict__.get("_model")
        if model is None:
            model = Layout(**{m: _values(getattr(self, f)) for f, m in self.FIELDS})
            object.__setattr__(self, "_model", model)
        return model

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
        fields = (sg_layout, sg_data, inst_data, lane_layout, lane_data, order)
        super().__init__(*(_array(f) for f in fields))

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
        super().__init__(*(_array(f) for f in (sg_layout, sg_data, sg_order)))


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
        fields = (sg_layout, sg_data, inst_data, wi_layout, wi_data, order)
        super().__init__(*(_array(f) for f in fields))


PlainLayoutAttr: TypeAlias = LayoutAttr | WgMapAttr | SgMapAttr
"""The three spellings of a (non-slice) layout."""


@irdl_attr_definition
class SliceAttr(_DistributeLayout):
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
            if not isinstance(parent, DISTRIBUTE_LAYOUT_TYPES):
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
        if not isinstance(self.parent, DISTRIBUTE_LAYOUT_TYPES):
            raise VerifyException(
                f"expected the parent of #xegpu.slice to be a layout or a slice, got {self.parent}"
            )
        # the parent verified itself when it was built; only the dims are new here
        errs = [e for e in self.to_model().structural_errors() if "slice attribute" in e]
        if errs:
            raise VerifyException(errs[0])

    @property
    def parent_layout(self) -> DistributeLayoutAttr:
        """``parent``, typed: a layout (any spelling) or a slice, as :meth:`verify` ensures."""
        parent = self.parent
        assert isinstance(parent, DISTRIBUTE_LAYOUT_TYPES)
        return parent

    def to_model(self) -> SliceLayout:
        return SliceLayout(self.parent_layout.to_model(), tuple(int(d) for d in self.dims.get_values()))

    def root(self) -> PlainLayoutAttr:
        p = self.parent
        while isinstance(p, SliceAttr):
            p = p.parent
        assert isinstance(p, PlainLayoutAttr)
        return p


DistributeLayoutAttr: TypeAlias = LayoutAttr | WgMapAttr | SgMapAttr | SliceAttr
DISTRIBUTE_LAYOUT_TYPES = (LayoutAttr, WgMapAttr, SgMapAttr, SliceAttr)

