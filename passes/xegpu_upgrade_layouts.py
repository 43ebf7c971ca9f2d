"""``xegpu-upgrade-layouts``: rewrite the RFC's ``wg_map``/``sg_map`` to LLVM 22's ``#xegpu.layout``.

The RFC spellings are accepted by wgdist's parser but not by mlir-opt 22. This pass replaces
every ``#xegpu.wg_map`` and ``#xegpu.sg_map`` - in types (``!xegpu.tensor_desc``, also inside
function types), properties (``layout``, ``layout_a``, ...), discardable attributes
(``layout_result_<N>``) and parents of ``#xegpu.slice`` - by the same layout spelled
``#xegpu.layout``: ``sg_order`` becomes ``order``, ``wi_layout``/``wi_data`` become
``lane_layout``/``lane_data``; fields keep their values, and absent fields stay absent. Nothing
else changes (no op is created, erased or reordered). It has no options.

Before::

    %t = xegpu.create_nd_tdesc %m : memref<128x128xf32>
        -> !xegpu.tensor_desc<128x128xf32, #xegpu.wg_map<sg_layout = [4, 4], sg_data = [32, 32], sg_order = [0, 1]>>
    %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.sg_map<sg_layout = [4, 4],
        sg_data = [32, 32], wi_layout = [1, 16], wi_data = [1, 1]>, dims = [1]>} [1] : vector<128x128xf32> to vector<128xf32>

After::

    %t = xegpu.create_nd_tdesc %m : memref<128x128xf32>
        -> !xegpu.tensor_desc<128x128xf32, #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32], order = [0, 1]>>
    %r = vector.multi_reduction <add>, %v, %acc {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [4, 4],
        sg_data = [32, 32], lane_layout = [1, 16], lane_data = [1, 1]>, dims = [1]>} [1] : vector<128x128xf32> to vector<128xf32>
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriteWalker, TypeConversionPattern

from wgdist.dialects.xegpu import LayoutAttr, SgMapAttr, WgMapAttr


class UpgradeLayoutSpellings(TypeConversionPattern):
    """Turn each wg_map/sg_map, wherever it is nested, into the equal ``#xegpu.layout``."""

    def __init__(self) -> None:
        super().__init__(recursive=True)

    def convert_type(self, typ: Attribute, /) -> Attribute | None:
        if isinstance(typ, WgMapAttr | SgMapAttr):
            return LayoutAttr.from_model(typ.to_model())
        return None


@dataclass(frozen=True)
class XeGPUUpgradeLayoutsPass(ModulePass):
    """Rewrite ``#xegpu.wg_map``/``#xegpu.sg_map`` to ``#xegpu.layout`` everywhere."""

    name = "xegpu-upgrade-layouts"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # A walker over one pattern: no dead-code elimination, so unused ops are kept.
        PatternRewriteWalker(UpgradeLayoutSpellings(), apply_recursively=False).rewrite_module(op)
