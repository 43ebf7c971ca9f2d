"""Every op has all its homes: an op class the distribution pass handles has a propagation rule
and an interpreter step, and every op class with a propagation rule has a distribution handler.

The three tables are keyed by op class (``wgdist.passes.distribute.driver.HANDLERS``,
``wgdist.passes.propagate.rules.RULES``, ``wgdist.interp.table.HANDLERS``); adding an op to one
and forgetting another fails here, naming the op and the missing table.
"""

from __future__ import annotations

from collections.abc import Collection

from xdsl.dialects.arith import AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp
from xdsl.dialects.math import FPowIOp, IPowIOp
from xdsl.ir import Operation

from wgdist.interp import table as interp
from wgdist.passes.distribute.driver import HANDLERS as DISTRIBUTE
from wgdist.passes.propagate.rules import RULES

Classes = Collection[type[Operation]]


def missing_homes(distribute: Classes, rules: Classes, steps: Classes) -> list[str]:
    """One line per op class that lacks a home the others say it needs."""
    out = [f"{c.name}: a distribution handler but no propagation rule" for c in distribute if c not in rules]
    out += [f"{c.name}: a propagation rule but no distribution handler" for c in rules if c not in distribute]
    out += [f"{c.name}: a distribution handler but no interpreter step" for c in distribute if c not in steps]
    return sorted(out)


def _interpreter_classes() -> set[type[Operation]]:
    """Ops the interpreter runs, ends a region with, or declares it has no semantics for."""
    return set(interp.HANDLERS) | set(interp.TERMINATORS) | set(interp.UNSUPPORTED_ELEMENTWISE)


def test_every_distributed_op_has_a_rule_and_an_interpreter_step() -> None:
    assert missing_homes(DISTRIBUTE, RULES, _interpreter_classes()) == []


def test_the_interpreter_gaps_are_exactly_the_declared_ones() -> None:
    """The declared gaps (two-result arithmetic, integer powers) may not grow silently: a new
    elementwise op without semantics must be added here on purpose."""
    assert set(interp.UNSUPPORTED_ELEMENTWISE) == {
        AddUIExtendedOp,
        MulSIExtendedOp,
        MulUIExtendedOp,
        FPowIOp,
        IPowIOp,
    }


def test_a_forgotten_entry_is_named() -> None:
    """Dropping any one op from any one table is reported, naming the op and what it lacks."""
    steps = _interpreter_classes()
    some = sorted(DISTRIBUTE, key=lambda c: c.name)
    for victim in (some[0], some[len(some) // 2], some[-1]):
        without = [c for c in DISTRIBUTE if c is not victim]
        assert missing_homes(without, RULES, steps) == [
            f"{victim.name}: a propagation rule but no distribution handler"
        ]
        rules = [c for c in RULES if c is not victim]
        assert missing_homes(DISTRIBUTE, rules, steps) == [
            f"{victim.name}: a distribution handler but no propagation rule"
        ]
        assert missing_homes(DISTRIBUTE, RULES, steps - {victim}) == [
            f"{victim.name}: a distribution handler but no interpreter step"
        ]
