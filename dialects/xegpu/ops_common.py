"""Pieces shared by the XeGPU op modules: property dictionaries, attribute printing, checks.

mlir-opt 22 prints an op whose format has ``prop-dict attr-dict`` as
``<operands> <{props}> {attrs} : <types>``, always emitting the space before the (possibly
empty) property dictionary; that is where its double space (``%t[0, 0]  : ...``) comes from. It
sorts both dictionaries by name. :func:`print_props_and_attrs` reproduces this exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, Operation
from xdsl.irdl import base
from xdsl.parser import Parser
from xdsl.printer import Printer

from wgdist.dialects.xegpu.attrs import CachePolicyAttr
from wgdist.dialects.xegpu.layout_attrs import LayoutAttr, SgMapAttr, SliceAttr, WgMapAttr

LayoutConstr = base(LayoutAttr) | base(WgMapAttr) | base(SgMapAttr) | base(SliceAttr)
"""IRDL constraint of a ``DistributeLayoutAttr`` property."""

CacheHintConstr = base(CachePolicyAttr)

HINTS = ("l1_hint", "l2_hint", "l3_hint")
"""The cache-hint properties of the memory ops."""


def hint_props(
    l1: CachePolicyAttr | None, l2: CachePolicyAttr | None, l3: CachePolicyAttr | None
) -> dict[str, Attribute | None]:
    return {"l1_hint": l1, "l2_hint": l2, "l3_hint": l3}


def parse_props_and_attrs(
    parser: Parser, prop_names: Iterable[str]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """``<{...}>`` then ``{...}``, both optional. Known property names written in the attribute
    dictionary (``{layout = ...}``, which mlir-opt accepts) are moved to the properties."""
    names = set(prop_names)
    pos = parser.pos
    props = parser.parse_optional_properties_dict()
    for k in props:
        if k not in names:
            parser.raise_error(
                f"unknown property '{k}', expected one of {', '.join(sorted(names)) or 'none'}",
                pos,
                parser.pos,
            )
    attrs = parser.parse_optional_attr_dict()
    for k in list(attrs):
        if k in names:
            if k in props:
                parser.raise_error(f"'{k}' given both as a property and as an attribute", pos, parser.pos)
            props[k] = attrs.pop(k)
    return dict(sorted(props.items())), attrs


def _print_entries(printer: Printer, entries: Mapping[str, Attribute]) -> None:
    for i, (k, v) in enumerate(sorted(entries.items())):
        if i:
            printer.print_string(", ")
        printer.print_identifier_or_string_literal(k)
        if not isinstance(v, UnitAttr):
            printer.print_string(" = ")
            printer.print_attribute(v)


def print_props_and_attrs(
    printer: Printer, op: Operation, elided: Iterable[str] = (), *, props_in_attr_dict: bool = False
) -> None:
    """`` <{props}> {attrs}`` the way mlir-opt prints ``prop-dict attr-dict``.

    With ``props_in_attr_dict`` (formats with only ``attr-dict``, e.g. dpas) the properties are
    merged into the ``{...}`` dictionary instead, and no space is printed for an empty one.
    """
    skip = set(elided)
    props = {k: v for k, v in op.properties.items() if k not in skip}
    attrs = dict(op.attributes)
    if props_in_attr_dict:
        merged = {**attrs, **props}
        if merged:
            printer.print_string(" {")
            _print_entries(printer, merged)
            printer.print_string("}")
        return
    printer.print_string(" ")
    if props:
        printer.print_string("<{")
        _print_entries(printer, props)
        printer.print_string("}>")
    if attrs:
        printer.print_string(" {")
        _print_entries(printer, attrs)
        printer.print_string("}")


def print_attr_dict(printer: Printer, op: Operation, elided: Iterable[str] = ()) -> None:
    """`` {attrs}`` (sorted, like mlir-opt), nothing when empty."""
    skip = set(elided)
    attrs = {k: v for k, v in op.attributes.items() if k not in skip}
    if attrs:
        printer.print_string(" {")
        _print_entries(printer, attrs)
        printer.print_string("}")


def sorted_props(props: Mapping[str, Attribute | None]) -> dict[str, Attribute]:
    """Drop ``None`` entries and sort by name (mlir-opt's generic form lists them sorted)."""
    return {k: v for k, v in sorted(props.items()) if v is not None}


def shape_str(shape: Iterable[int]) -> str:
    """``128x64`` (the spelling of a shape in messages)."""
    return "x".join(str(d) for d in shape)
