"""``xegpu-propagate-layout``: give every workgroup-level value a layout.

A user writes layouts only where they matter (a dpas, a store, a descriptor, an explicit
``xegpu.convert_layout``); this pass derives the rest so that ``xegpu-wg-to-sg-distribute``
(ours or LLVM 22's) can run. It is a backward dataflow over use -> def edges, iterated to a
fixpoint (through ``scf.for``/``scf.while``/``scf.if`` region arguments and yields), followed by
a rewrite. Rules: ``shared/design/layouts-spec.md`` section 2, computed by :mod:`wgdist.layout`
and applied per op class by :data:`wgdist.passes.propagate.rules.RULES`; the dataflow is
:mod:`wgdist.passes.propagate.analysis`, the rewrite :mod:`wgdist.passes.propagate.rewrite`.

Where two requirements on one value disagree, the value keeps the first (anchors come first)
and an ``xegpu.convert_layout`` is inserted in front of the other consumer; a user's layout is
never overwritten. What nothing downstream decides follows its operands: a descriptor no anchor
reaches takes the layout of a value stored through it, a dpas with only ``layout_a`` and
``layout_b`` gets ``layout_cd``. A descriptor with a layout constrains every store_nd through it
(the stored value converts), a transposed ``load_nd`` permutes the layout between descriptor and
result, a ``packed`` one carries the descriptor's 2-D layout on its 3-D result, and a load whose
result is needed as a ``#xegpu.slice`` loads a plain layout (converting when no plain layout is
equivalent). An op whose rule cannot give its users' layout produces one it can and they convert
(the seed RFC's conversion rule, at the cheapest point: the conversion follows the value's
definition, so a loop-invariant value converts before the loop): a reduction whose result is
broadcast along another dim keeps the slice on its reduced dims and its small result converts; a
window off its source's tile grid is held whole by every subgroup; a shape_cast whose source
layout maps to nothing on its result takes a contiguous block layout. Before/after of the first::

    %s = vector.multi_reduction <add>, %x, %z [1] : vector<32x32xf32> to vector<32xf32>
    %b = vector.broadcast %s : vector<32xf32> to vector<32x32xf32>   // stored under [2, 2]/[8, 8]

    %s = vector.multi_reduction <add>, %x, %z {layout_result_0 = #xegpu.slice<#l, dims = [1]>} [1] ...
    %0 = xegpu.convert_layout %s <{input_layout = #xegpu.slice<#l, dims = [1]>,
                                   target_layout = #xegpu.slice<#l, dims = [0]>}> : vector<32xf32>
    %b = vector.broadcast %0 {layout_result_0 = #l} ...              // #l = [2, 2]/[8, 8]

A workgroup-level value that no rule reaches is reported by name, a refusal with the layouts
and the reason no conversion fits; a value nothing uses (a dead load) keeps no layout.

Output: layouts where LLVM 22 reads them - descriptor types, the ``layout`` property of
load_nd/store_nd/prefetch_nd (and store/store_matrix), dpas ``layout_a/layout_b/layout_cd``, and
``layout_result_N`` on every other op (``scf`` results too), in the forms LLVM 22's wg-to-sg
distributes: a reduction result as ``#xegpu.slice<source layout, dims = reduced>``, the unit-dim
shape_cast after it as the slice's parent (``[32, 1]/[8, 128]`` on ``256x1``; read back as
``sg_data = 1`` on extent-1 dims).

Options
-------
``layout-kind=subgroup|inst|lane`` (default ``subgroup``)
    ``subgroup`` propagates the subgroup fields (``sg_layout``, ``sg_data``, ``order``) of the
    user's anchors. It is the default because this is a workgroup-level tool (the pass feeds
    ``xegpu-wg-to-sg-distribute``); mlir-opt 22's default is ``lane``, so on a function whose
    anchors have no subgroup layout the default kind assigns nothing and warns
    (``layout-kind=subgroup (wgdist's default) assigned no layout ...``): pass
    ``layout-kind=lane`` (or ``inst``) there, as mlir-opt 22 would assign. ``inst`` and ``lane`` also fill in LLVM 22's ``inst_data`` /
    ``lane_layout``+``lane_data`` defaults (A/C ``[8, 16]``, B ``[16, 16]``, 1-D ``[16]``; lanes
    ``[1, 16]``/``[1, 1]``, 16-bit dpas B ``lane_data = [2, 1]``) where the layout lacks them;
    user-written subgroup fields are kept. Lane/inst-only functions get what mlir-opt 22 assigns
    (checked by ``tests/unit/propagate/test_vs_mlir.py``): i8/ui8 dpas A ``lane_data = [1, 2]``;
    gather/scatter data ``[16]/[1]`` (chunked ``[16, 1]/[1, 32/bits]``, inst ``[16, chunk]``),
    their offsets and masks ``[16]/[1]``; inst blocks ``[h, 16]`` with ``h`` the tallest of
    8/4/2/1 rows dividing the shape (``12x32`` -> ``[4, 16]``); a shape no default fits is a
    located error with the numbers; a tensor_desc function argument's layout goes into the
    function's signature; reductions, broadcasts, shape_casts and same-width bitcasts propagate
    (:mod:`wgdist.layout.rules_below`: a reduction's source is its result slice's parent or the
    kind's 2-D default, a broadcast's source the slice on its dropped dims, a reshape keeps the
    lanes/blocks on the innermost dim), where 22 leaves values without a layout (3-D casts and
    reductions) or gives a dpas operand another layout without a conversion, wgdist converts.
    In a workgroup-level kernel an anchor without a
    layout seeds nothing (as in ``subgroup``), a descriptor whose loads feed dpas B takes the B
    defaults, and a user's convert_layout gets the fields on both sides. Before::

        %c = xegpu.dpas %a, %b {layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>}
            : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>

    after ``layout-kind=subgroup`` (A and B derived with the full K)::

        %c = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>,
                                layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>,
                                layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} ...

    and with ``layout-kind=inst`` the derived A also carries ``inst_data = [8, 16]``, B
    ``inst_data = [16, 16]``, and the user's ``layout_cd`` ``inst_data = [8, 16]``.

``num-subgroups=N`` (default ``0``: from ``known_block_size``)
    Beyond LLVM 22, ``layout-kind=subgroup`` only: in a function where no layout has
    ``sg_layout``, each dpas without ``layout_cd`` gets one for ``N`` subgroups (without the
    option, ``gpu.func``'s ``known_block_size`` threads / 16): the output tile split most nearly
    square, K whole (:mod:`wgdist.passes.propagate.auto_sg`), with a remark naming the choice;
    the rest propagates from it. Before (``known_block_size = array<i32: 256, 1, 1>``, 16
    subgroups)::

        %c = xegpu.dpas %a, %b : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>

    after (remark ``layout_cd chosen for 16 subgroups: sg_layout = [4, 4], sg_data = [32, 32]
    ...``)::

        %c = xegpu.dpas %a, %b {layout_a = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 64], order = [1, 0]>,
                                layout_b = #xegpu.layout<sg_layout = [4, 4], sg_data = [64, 32], order = [1, 0]>,
                                layout_cd = #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>} ...

``print-only=true`` (default ``false``)
    Print one line per value with a layout (written or derived),
    ``// %name (result #0 of 'op'): LAYOUT`` (``%res#1`` for a result of a multi-result op),
    then one per conversion or constant clone the rewrite would insert
    (``// convert_layout %e (result #0 of 'math.exp') for operand #0 of 'arith.negf': FROM -> TO``,
    ``// clone %z (result #0 of 'arith.constant') for operand #1 of 'arith.addf': LAYOUT``),
    and leave the IR unchanged. On the dpas above (before) it prints, before the unchanged
    module::

        // %c (result #0 of 'xegpu.dpas'): #xegpu.layout<sg_layout = [4, 4], sg_data = [32, 32]>

The per-op-class tables of :mod:`wgdist.passes.propagate` say how each op takes part.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import math
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from wgdist.dialects.arith import Arith
from wgdist.dialects.vector import Vector
from wgdist.dialects.xegpu import (
    ConvertLayoutOp,
    CreateMemDescOp,
    CreateNdTdescOp,
    CreateTdescOp,
    DpasOp,
    LoadGatherOp,
    LoadMatrixOp,
    LoadNdOp,
    UpdateNdOffsetOp,
    UpdateOffsetOp,
)
from wgdist.ir.diagnostics import OpError, emit
from wgdist.layout import layout_text
from wgdist.passes.propagate.analysis import Analysis
from wgdist.passes.propagate.anchors import ANCHORS, FUNCTIONS
from wgdist.passes.propagate.auto_sg import assign_dpas_layouts
from wgdist.passes.propagate.rewrite import planned_changes, rewrite
from wgdist.passes.propagate.rules import rule_of
from wgdist.passes.propagate.values import describe, tracked


def _values(op: Operation) -> list[SSAValue]:
    vals: list[SSAValue] = list(op.results)
    if not isinstance(op, FUNCTIONS):
        for region in op.regions:
            for block in region.blocks:
                vals.extend(block.args)
    return vals


_PURE_OPS: frozenset[type[Operation]] = frozenset(
    [
        *Arith.operations,
        *math.Math.operations,
        *Vector.operations,
        CreateNdTdescOp,
        UpdateNdOffsetOp,
        LoadNdOp,
        CreateTdescOp,
        UpdateOffsetOp,
        LoadGatherOp,
        LoadMatrixOp,
        CreateMemDescOp,
        DpasOp,
        ConvertLayoutOp,
    ]
)
"""Ops whose only effect is taken to be their results: xegpu's descriptor, load, dpas and
convert_layout ops, and every arith, math and vector op (vector's stores included, so a value
only they use counts as unused)."""


def _pure(op: Operation) -> bool:
    return not op.regions and type(op) in _PURE_OPS


def _unused(body: list[Operation]) -> set[SSAValue]:
    """Values whose layout cannot matter: no uses, or only uses by side-effect-free ops (loads,
    descriptor and vector arithmetic) whose results are all unused in turn - a dead load and
    the descriptor only it reads."""
    dead: set[SSAValue] = set()
    for op in reversed(body):
        for v in op.results:
            if all(_pure(u.operation) and all(r in dead for r in u.operation.results) for u in v.uses):
                dead.add(v)
    return dead


def _check_complete(an: Analysis, module: ModuleOp) -> None:
    """In every function that is workgroup level (has a layout with sg_layout; any layout for
    the inst/lane kinds), every vector and descriptor value must have one - except values
    nothing uses (a dead load keeps no layout; distribution leaves it as it is)."""
    for fn in module.walk():
        if not isinstance(fn, FUNCTIONS):
            continue
        body = [op for op in fn.walk() if op is not fn]
        vals = [v for op in body for v in _values(op) if tracked(v)]
        if not any(v in an.layout and (an.kind != "subgroup" or an.layout[v].is_wg) for v in vals):
            continue
        unused = _unused(body)
        missing = [v for v in vals if v not in an.layout and v not in unused]
        for v in missing:
            _report_ruleless_user(an, v)
        for v in missing:
            owner = v.owner if isinstance(v.owner, Operation) else v.owner.parent_op()
            assert owner is not None
            users = sorted({u.operation.name for u in v.uses}) or ["nothing"]
            raise OpError(
                owner,
                f"cannot derive a layout for {describe(v)}: no anchor reaches it and its users "
                f"({', '.join(users)}) have no layout rule that gives one",
            )


def _warn_nothing_assigned(an: Analysis, module: ModuleOp) -> None:
    """A function with anchors that ``layout-kind=subgroup`` (the default) gives no layout at
    all: none of its anchors has a subgroup layout. mlir-opt 22's default kind is ``lane``, so
    the same command line would have assigned lane layouts there; say so."""
    for fn in module.walk():
        if not isinstance(fn, FUNCTIONS):
            continue
        body = [o for o in fn.walk() if o is not fn]
        if not any(type(o) in ANCHORS for o in body):
            continue
        if any(v in an.layout for o in body for v in _values(o)):
            continue
        emit(
            fn,
            "layout-kind=subgroup (wgdist's default) assigned no layout: no anchor has a subgroup "
            "layout (sg_layout); mlir-opt 22's default is layout-kind=lane (pass layout-kind=lane "
            "or layout-kind=inst for lane or instruction layouts)",
            "warning",
        )


def _report_ruleless_user(an: Analysis, v: SSAValue) -> None:
    """When a user of ``v`` (which has no layout) has a layout on its result but no rule that
    passes a layout to its operands, that user is the op to blame: report it by name."""
    for use in v.uses:
        user = use.operation
        rule = rule_of(user, an.kind != "subgroup")
        if rule is not None and rule.backward is not None:
            continue
        have = next((an.layout[r] for r in user.results if r in an.layout), None)
        if have is None:
            continue
        raise OpError(
            user,
            f"no layout rule for '{user.name}' at layout-kind={an.kind}: its result has "
            f"{layout_text(have)}, but nothing gives its operand #{use.index} ({describe(v)}) a layout",
        )


@dataclass(frozen=True)
class XeGPUPropagateLayoutPass(ModulePass):
    """Derive a layout for every workgroup-level value from the user's anchor layouts."""

    name = "xegpu-propagate-layout"

    layout_kind: Literal["subgroup", "inst", "lane"] = "subgroup"
    print_only: bool = False
    num_subgroups: int = 0

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.num_subgroups < 0:
            raise OpError(op, f"num-subgroups must be positive, got {self.num_subgroups}")
        if self.layout_kind == "subgroup" and not self.print_only:
            assign_dpas_layouts(op, self.num_subgroups)
        an = Analysis(kind=self.layout_kind)
        an.run(op)
        _check_complete(an, op)
        if self.layout_kind == "subgroup":
            _warn_nothing_assigned(an, op)
        if self.print_only:
            for inner in op.walk():
                for v in _values(inner):
                    if v in an.layout:
                        print(f"// {describe(v)}: {layout_text(an.layout[v])}", file=sys.stdout)
            for line in planned_changes(an, op):
                print(line, file=sys.stdout)
            return
        rewrite(an, op)
