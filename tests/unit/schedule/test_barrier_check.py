"""The static barrier check against hand-written balanced and unbalanced kernels, each one also
run by the interpreter: what the check calls unbalanced deadlocks or fails there (for some trip
count), what it calls balanced runs under every schedule tried."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

import wgdist
from wgdist.dialects import gpu
from wgdist.interp import DeadlockError, InterpError, run_kernel
from wgdist.interp.launch import Schedule
from wgdist.passes.schedule.barrier_check import BarrierProblem, barrier_problems, subgroup_count
from wgdist.passes.schedule.barrier_poly import Poly

# 4 subgroups (64 lanes); %n is the loop's trip count, drawn at run time.
HEAD = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %id = arith.constant ID : i8
    %p = arith.constant PARTICIPANTS : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
"""
TAIL = """
    %v = arith.index_cast %sg : index to i32
    memref.store %v, %o[%sg] : memref<4xi32>
    gpu.return
  }
}
"""
# Two groups one phase apart: the upper half arrives/waits once before the loop, the lower half
# once after it (named barriers, since a gpu.barrier must be reached by every subgroup).
PINGPONG = """
    %hi = arith.cmpi uge, %sg, %c2 : index
    scf.if %hi {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
"""
# Intel's split barrier across iterations: arrive after a step, wait before the next one.
SPLIT = """
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    scf.for %k = %c0 to %n step %c1 {
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      gpu.barrier
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
"""
# Every second step only: the arrive and the wait are guarded by the same uniform condition.
SPLIT_EVERY_2 = """
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    scf.for %k = %c0 to %n step %c1 {
      %r = arith.remui %k, %c2 : index
      %now = arith.cmpi eq, %r, %c0 : index
      scf.if %now {
        xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      }
      scf.if %now {
        xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      }
    }
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
"""
BALANCED = {"pingpong": PINGPONG, "split": SPLIT, "split-every-2": SPLIT_EVERY_2}

UNBALANCED = {
    # the lower half never makes up for the upper half's extra phase
    "pingpong-no-undo": (PINGPONG.split("    %lo =")[0], "named barrier 0 is unbalanced: subgroup(s) 0-1 arrive "
                         "2*N1 time(s); subgroup(s) 2-3 arrive 2*N1 + 1 time(s)"),
    "missing-wait": (PINGPONG.replace("      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier\n      xegpu.nbarrier_wait %nb : !xegpu.nbarrier\n      xegpu.nbarrier_arrive",
                                      "      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier\n      xegpu.nbarrier_arrive", 1),
                     "arrives at named barrier 0 again before waiting on it"),
    "barrier-in-branch": ("""
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      gpu.barrier
    }
""", "'gpu.barrier' op is reached 1 time(s) by subgroup(s) 0-1; 0 time(s) by subgroup(s) 2-3, under the scf.if"),
    "participants": (PINGPONG, "named barrier 0 declares 3 participants but 4 of the 4 subgroups arrive at it"),
    "id-beyond-allocation": (SPLIT, "uses named barrier id 1, not below the 1 allocated"),
    "trip-count-of-sg": ("""
    %t = arith.addi %sg, %c1 : index
    scf.for %k = %c0 to %t step %c1 {
      gpu.barrier
    }
""", "'gpu.barrier' op is reached 1 time(s) by subgroup(s) 0; 2 time(s) by subgroup(s) 1"),
    # each half completes one phase, but on opposite sides of a gpu.barrier
    "phases-across-gpu-barrier": ("""
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.if %lo {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.barrier
    %hi = arith.cmpi uge, %sg, %c2 : index
    scf.if %hi {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
""", "'gpu.barrier' op is reached by the subgroups of named barrier 0 in different phases of it (subgroup(s) 0-1 "
     "after 1 arrival(s) and 1 wait(s); subgroup(s) 2-3 after 0 arrival(s) and 0 wait(s))"),
    # the lower half waits every step, the upper half once: balanced only when %n == 1
    "trip-count-dependent": ("""
    %lo = arith.cmpi ult, %sg, %c2 : index
    scf.for %k = %c0 to %n step %c1 {
      scf.if %lo {
        xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
        xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      }
    }
    scf.if %lo {
    } else {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
""", "subgroup(s) 0-1 arrive N1 time(s); subgroup(s) 2-3 arrive 1 time(s)"),
}


def kernel(body: str, participants: int = 4, bid: int = 0) -> str:
    return HEAD.replace("PARTICIPANTS", str(participants)).replace("ID", str(bid)) + body + TAIL


def problems(text: str, n: int | None = None) -> list[BarrierProblem]:
    module = wgdist.parse(text)
    (fn,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    return barrier_problems(fn, n)


def interp(text: str, trips: int, schedule: Schedule) -> None:
    run_kernel(wgdist.parse(text), [np.zeros(4, dtype=np.int32), trips], subgroups=4, schedule=schedule)


SCHEDULES = [Schedule("in-order"), Schedule("reversed"), Schedule("random", 3)]


@pytest.mark.parametrize("name", sorted(BALANCED))
def test_balanced_kernels_have_no_problem_and_run(name: str) -> None:
    text = kernel(BALANCED[name])
    assert problems(text) == []
    for trips in (0, 1, 3):
        for s in SCHEDULES:
            interp(text, trips, s)


@pytest.mark.parametrize("name", sorted(UNBALANCED))
def test_unbalanced_kernels_are_errors_and_fail_in_the_interpreter(name: str) -> None:
    body, expected = UNBALANCED[name]
    # (the participants and the id sit in the kernel's head)
    text = kernel(body, participants=3 if name == "participants" else 4, bid=1 if name == "id-beyond-allocation" else 0)
    found = problems(text)
    errors = [f"'{p.op.name}' op {p.message}" for p in found if p.is_error]
    assert any(expected in e for e in errors), errors
    failures = 0
    for trips in (0, 1, 2, 3):
        try:
            interp(text, trips, Schedule("in-order"))
        except (DeadlockError, InterpError):
            failures += 1
    assert failures > 0


def test_the_gpu_barrier_problem_names_the_subgroup_dependent_condition() -> None:
    (p,) = problems(kernel(UNBALANCED["barrier-in-branch"][0]))
    assert "under the scf.if at <string>:14:5 whose condition differs between subgroups" in p.message


def test_without_the_subgroup_count_named_barriers_are_warnings_and_gpu_barriers_still_errors() -> None:
    no_count = kernel(PINGPONG).replace(" attributes {known_block_size = array<i32: 64, 1, 1>}", "")
    found = problems(no_count)
    assert found and not any(p.is_error for p in found)
    assert any("subgroup count is unknown" in p.message for p in found)
    assert problems(no_count, 4) == []  # the count given: balanced
    bad = kernel(UNBALANCED["barrier-in-branch"][0]).replace(" attributes {known_block_size = array<i32: 64, 1, 1>}", "")
    (p,) = [p for p in problems(bad) if p.is_error]
    assert p.is_error and "may differ between subgroups" in p.message


def test_what_the_check_cannot_trace_is_a_warning_not_a_claim() -> None:
    carried = kernel("""
    scf.for %k = %c0 to %n step %c1 iter_args(%b = %nb) -> (!xegpu.nbarrier) {
      xegpu.nbarrier_arrive %b : !xegpu.nbarrier
      xegpu.nbarrier_wait %b : !xegpu.nbarrier
      scf.yield %b : !xegpu.nbarrier
    }
""")
    found = problems(carried)
    assert [(p.severity, p.op.name) for p in found] == [("warning", "xegpu.nbarrier_arrive"), ("warning", "xegpu.nbarrier_wait")]
    assert all("cannot trace" in p.message for p in found)
    dynamic_id = kernel("").replace("%id = arith.constant 0 : i8", "%id = arith.index_cast %n : index to i8")
    (p,) = problems(dynamic_id)
    assert p.severity == "warning" and "has an id that the check cannot compute" in p.message


def test_subgroup_count_from_known_block_size() -> None:
    module = wgdist.parse(kernel(""))
    assert isinstance(module, ModuleOp)
    (fn,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assert subgroup_count(fn) == 4 and subgroup_count(fn, 32) == 2 and subgroup_count(fn, 48) is None


def test_polynomials() -> None:
    n, c = Poly.symbol("N1"), Poly.symbol("c1")
    assert str(n.scale(2) + Poly.const(1)) == "2*N1 + 1"
    assert n * c + n * (Poly.const(1) - c) == n
    assert str(n * n - n) == "N1*N1 - N1"
