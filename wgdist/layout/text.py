"""The one spelling of a layout in messages: exactly the IR text of the attribute,
``#xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], order = [1, 0]>`` and
``#xegpu.slice<#xegpu.layout<...>, dims = [1]>`` (what the printer writes for
``LayoutAttr.from_model(layout)`` and the slice attribute; a test checks it with the dialect)."""

from __future__ import annotations

from wgdist.layout.model import AnyLayout, Layout

_FIELDS = ("sg_layout", "sg_data", "inst_data", "lane_layout", "lane_data", "order")


def _ints(values: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def layout_text(layout: AnyLayout) -> str:
    """``layout`` as the IR prints it; fields that are None are left out, in the attribute's
    field order."""
    if isinstance(layout, Layout):
        present = [(f, getattr(layout, f)) for f in _FIELDS if getattr(layout, f) is not None]
        return "#xegpu.layout<" + ", ".join(f"{f} = {_ints(v)}" for f, v in present) + ">"
    return f"#xegpu.slice<{layout_text(layout.parent)}, dims = {_ints(layout.dims)}>"
