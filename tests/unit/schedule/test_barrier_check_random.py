"""The barrier check is sound on random barrier programs: whatever it calls balanced (no error,
no warning) runs to completion in the interpreter for every trip count and schedule tried.

Programs: 4 subgroups, one named barrier (4 or 2 participants), statements arrive / wait /
arrive+wait / gpu.barrier, nested in ``scf.if`` on the subgroup id, ``scf.for`` loops whose
trip count is the kernel argument ``%n`` and ping-pong style phase offsets around a body."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import wgdist
from wgdist.dialects import gpu
from wgdist.interp import DeadlockError, InterpError, run_kernel
from wgdist.interp.launch import Schedule
from wgdist.passes.schedule.barrier_check import barrier_problems

Stmt = tuple  # ("pair",) | ("arrive",) | ("wait",) | ("bar",) | ("if", pred, c, body) | ("for", body) | ("shift", c, body)

LEAF = st.sampled_from([("pair",), ("pair",), ("pair",), ("arrive",), ("wait",), ("bar",), ("bar",)])


def _nest(children: st.SearchStrategy[list[Stmt]]) -> st.SearchStrategy[Stmt]:
    return st.one_of(
        st.tuples(st.just("if"), st.sampled_from(["ult", "uge"]), st.integers(1, 3), children),
        st.tuples(st.just("for"), children),
        st.tuples(st.just("for"), children),
        # a phase offset: the upper subgroups complete one phase before, the lower ones after
        st.tuples(st.just("shift"), st.integers(1, 3), children),
    )


PROGRAM = st.lists(st.recursive(LEAF, lambda s: _nest(st.lists(s, min_size=1, max_size=3)), max_leaves=6),
                   min_size=1, max_size=4)


def render(prog: list[Stmt], participants: int) -> str:
    names = itertools.count()
    lines: list[str] = []

    def emit(stmts: list[Stmt], ind: str) -> None:
        for s in stmts:
            if s[0] == "pair":
                lines.append(f"{ind}xegpu.nbarrier_arrive %nb : !xegpu.nbarrier")
                lines.append(f"{ind}xegpu.nbarrier_wait %nb : !xegpu.nbarrier")
            elif s[0] in ("arrive", "wait"):
                lines.append(f"{ind}xegpu.nbarrier_{s[0]} %nb : !xegpu.nbarrier")
            elif s[0] == "bar":
                lines.append(f"{ind}gpu.barrier")
            elif s[0] == "if":
                i = next(names)
                lines.append(f"{ind}%b{i} = arith.constant {s[2]} : index")
                lines.append(f"{ind}%p{i} = arith.cmpi {s[1]}, %sg, %b{i} : index")
                lines.append(f"{ind}scf.if %p{i} {{")
                emit(s[3], ind + "  ")
                lines.append(f"{ind}}}")
            elif s[0] == "shift":
                emit([("if", "uge", s[1], [("pair",)])], ind)
                emit(s[2], ind)
                emit([("if", "ult", s[1], [("pair",)])], ind)
            else:
                i = next(names)
                lines.append(f"{ind}scf.for %k{i} = %c0 to %n step %c1 {{")
                emit(s[1], ind + "  ")
                lines.append(f"{ind}}}")

    emit(prog, "    ")
    body = "\n".join(lines)
    return f"""
gpu.module @m {{
  gpu.func @k(%o: memref<4xi32>, %n: index) kernel attributes {{known_block_size = array<i32: 64, 1, 1>}} {{
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %id = arith.constant 0 : i8
    %np = arith.constant {participants} : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %np : i8, i8 -> !xegpu.nbarrier
{body}
    gpu.return
  }}
}}
"""


def runs(text: str, trips: int, schedule: Schedule) -> bool:
    try:
        run_kernel(wgdist.parse(text), [np.zeros(4, dtype=np.int32), trips], subgroups=4, schedule=schedule)
    except (DeadlockError, InterpError):
        return False
    return True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(PROGRAM, st.sampled_from([4, 4, 2]))
def test_what_the_check_calls_balanced_runs(prog: list[Stmt], participants: int) -> None:
    """Only programs the check calls balanced count (``assume``): hypothesis fails the test as
    unsatisfiable if the generator stops making any."""
    text = render(prog, participants)
    module = wgdist.parse(text)
    (fn,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assume(not barrier_problems(fn))
    for trips in (0, 1, 2, 3):
        for schedule in (Schedule("in-order"), Schedule("reversed")):
            assert runs(text, trips, schedule), (text, trips, schedule)


def test_the_generator_makes_both_kinds() -> None:
    # a balanced and an unbalanced rendering, as the property test sees them
    ok = render([("pair",), ("for", [("pair",), ("bar",)])], 4)
    bad = render([("if", "ult", 2, [("pair",)])], 4)
    for text, clean in ((ok, True), (bad, False)):
        (fn,) = [op for op in wgdist.parse(text).walk() if isinstance(op, gpu.FuncOp)]
        assert (barrier_problems(fn) == []) == clean
        assert runs(text, 2, Schedule("in-order")) == clean
