"""The op-keyed tables of xegpu-propagate-layout: what their keys are, and a few rules read
through them on parsed ops."""

from __future__ import annotations

import pytest
from xdsl.ir import Operation

import wgdist
from wgdist.dialects.elementwise import elementwise_ops
from wgdist.dialects.vector import MultiDimReductionOp, TransposeOp
from wgdist.layout import Layout, SliceLayout
from wgdist.passes.propagate.anchors import ANCHORS
from wgdist.passes.propagate.partners import PARTNERS
from wgdist.passes.propagate.regions import REGIONS
from wgdist.passes.propagate.rewrite import WRITERS
from wgdist.passes.propagate.rules import (
    RULES,
    elementwise_backward,
    forward_result_layout,
    operand_requirements,
)
from wgdist.passes.propagate.spelling import SPELLINGS

WG = Layout(sg_layout=(2, 4), sg_data=(16, 8), order=(1, 0))


def test_every_elementwise_op_has_the_elementwise_rule() -> None:
    for cls in elementwise_ops():
        assert RULES[cls].backward is elementwise_backward, cls.name


@pytest.mark.parametrize(
    "table", [ANCHORS, REGIONS, PARTNERS, SPELLINGS, WRITERS], ids=["ANCHORS", "REGIONS", "PARTNERS", "SPELLINGS", "WRITERS"]
)
def test_every_other_table_is_keyed_by_ops_that_have_rules(table: dict[type[Operation], object]) -> None:
    assert set(table) <= set(RULES), sorted(c.name for c in set(table) - set(RULES))


def test_anchors_are_written_where_they_are_read() -> None:
    assert set(WRITERS) == set(ANCHORS)


def test_keys_are_the_classes_the_parser_creates() -> None:
    """Lookups use ``type(op)``: every key must be the class wgdist's context registers under
    its name (not, say, xDSL's arith op that wgdist's replaces)."""
    ctx = wgdist.context()
    wrong = [cls.name for cls in RULES if ctx.get_optional_op(cls.name) is not cls]
    assert not wrong


def _ops(body: str) -> list[Operation]:
    module = wgdist.parse(f"func.func @f(%a: vector<32x32xf32>, %b: vector<32xf32>) {{\n{body}\n  return\n}}")
    return [op for op in module.walk() if op.name not in ("builtin.module", "func.func", "func.return")]


def test_transpose_rules_invert_each_other() -> None:
    (op,) = _ops("  %t = vector.transpose %a, [1, 0] : vector<32x32xf32> to vector<32x32xf32>")
    assert isinstance(op, TransposeOp)
    [(index, src)] = operand_requirements(op, WG)
    assert index == 0
    assert src != WG  # the permuted layout
    assert forward_result_layout(op, [src]) == WG


def test_reduction_forward_is_the_slice_of_its_source() -> None:
    (op,) = _ops("  %r = vector.multi_reduction <add>, %a, %b [1] : vector<32x32xf32> to vector<32xf32>")
    assert isinstance(op, MultiDimReductionOp)
    assert forward_result_layout(op, [WG, None]) == SliceLayout(WG, (1,))


def test_an_op_without_a_rule_constrains_nothing() -> None:
    (op,) = _ops("  %c = arith.constant dense<1.0> : vector<32x32xf32>")
    assert operand_requirements(op, WG) == []
    assert forward_result_layout(op, []) is None
