"""``xegpu-propagate-layout``: give every workgroup-level value a layout.

A user writes layouts only where they matter (a dpas, a store, a descriptor, an explicit
``xegpu.convert_layout``); this pass derives the rest so that ``xegpu-wg-to-sg-distribute``
(ours or LLVM 22's) can run. It is a backward dataflow over use -> def edges, iterated to a
fixpoint (through ``scf.for``/``scf.while``/``scf.if`` region arguments and yields), followed by
a rewrite. Rules: ``shared/design/layouts-spec.md`` section 2, implemented in
:mod:`wgdist.layout_rules`; the dataflow is :mod:`wgdist.passes.propagate.analysis`.

Where two requirements on one value disagree, the value keeps the first (anchors come first)
and an ``xegpu.convert_layout`` is inserted in front of the other consumer; a user's layout is
never overwritten. A workgroup-level value that no rule reaches is reported by name.

Output: layouts where LLVM 22 reads them - descriptor types, the ``layout`` property of
load_nd/store_nd/prefetch_nd (and store/store_matrix), dpas ``layout_a/layout_b/layout_cd``, and
``layout_result_N`` on every other op (``scf`` results too).

Options
-------
``layout-kind=subgroup|inst|lane`` (default ``subgroup``)
    ``subgroup`` propagates the subgroup fields (``sg_layout``, ``sg_data``, ``order``) of the
    user's anchors. ``inst`` and ``lane`` also fill in LLVM 22's ``inst_data`` /
    ``lane_layout``+``lane_data`` defaults (A/C ``[8, 16]``, B ``[16, 16]``, 1-D ``[16]``; lanes
    ``[1, 16]``/``[1, 1]``, 16-bit dpas B ``lane_data = [2, 1]``) where the layout lacks them;
    user-written subgroup fields are kept. Before::

        %c = xegpu.dpas %a, %b {layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}
            : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>

    after ``layout-kind=subgroup`` (A and B derived with the full K)::

        %c = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>,
                                layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>,
                                layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} ...

    and with ``layout-kind=inst`` the derived A also carries ``inst_data = [8, 16]``, B
    ``inst_data = [16, 16]``.

``print-only=true`` (default ``false``)
    Print one line per value with a derived layout, ``// %name (result #0 of 'op'): LAYOUT``,
    and leave the IR unchanged::

        // %x (result #0 of 'xegpu.load_nd'): #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 128]>
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from wgdist.diagnostics import OpError
from wgdist.passes.propagate.analysis import Analysis, describe, tracked
from wgdist.passes.propagate.rewrite import rewrite, to_attr

_FUNCS = ("func.func", "gpu.func")


def _values(op: Operation) -> list[SSAValue]:
    vals: list[SSAValue] = list(op.results)
    if op.name not in _FUNCS:
        for region in op.regions:
            for block in region.blocks:
                vals.extend(block.args)
    return vals


def _check_complete(an: Analysis, module: ModuleOp) -> None:
    """In every function that is workgroup level (has a layout with sg_layout; any layout for
    the inst/lane kinds), every vector and descriptor value must have one."""
    for fn in module.walk():
        if fn.name not in _FUNCS:
            continue
        body = [op for op in fn.walk() if op is not fn]
        vals = [v for op in body for v in _values(op) if tracked(v)]
        if not any(v in an.layout and (an.kind != "subgroup" or an.layout[v].is_wg) for v in vals):
            continue
        for v in vals:
            if v not in an.layout:
                owner = v.owner if isinstance(v.owner, Operation) else v.owner.parent_op()
                assert owner is not None
                users = sorted({u.operation.name for u in v.uses}) or ["nothing"]
                raise OpError(
                    owner,
                    f"cannot derive a layout for {describe(v)}: no anchor reaches it and its users "
                    f"({', '.join(users)}) have no layout rule that gives one",
                )


@dataclass(frozen=True)
class XeGPUPropagateLayoutPass(ModulePass):
    """Derive a layout for every workgroup-level value from the user's anchor layouts."""

    name = "xegpu-propagate-layout"

    layout_kind: Literal["subgroup", "inst", "lane"] = "subgroup"
    print_only: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        an = Analysis(kind=self.layout_kind)
        an.run(op)
        _check_complete(an, op)
        if self.print_only:
            for inner in op.walk():
                for v in _values(inner):
                    if v in an.layout:
                        print(f"// {describe(v)}: {to_attr(an.layout[v])}", file=sys.stdout)
            return
        rewrite(an, op)
