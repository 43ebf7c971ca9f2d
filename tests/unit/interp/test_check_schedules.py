"""Adversarial schedules: the subgroups run between barriers in order, reversed and in seeded
random orders, so that a distributed kernel missing a barrier is caught; deadlocks name the
barrier, its location, the waiting and the returned subgroups."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import wgdist
from wgdist.checker import check
from wgdist.interp import DeadlockError, run_kernel
from wgdist.interp.launch import Schedule, schedules
from wgdist.tools.wgdist_check import run as cli

# The workgroup program: o[s] = max(s - 1, 0) for the 4 subgroups' slots.
WG = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %s = %c0 to %c4 step %c1 {
      %t = arith.subi %s, %c1 : index
      %m = arith.maxsi %t, %c0 : index
      %v = arith.index_cast %m : index to i32
      memref.store %v, %o[%s] : memref<4xi32>
    }
    gpu.return
  }
}
"""

# Its distributed form, by hand: each subgroup publishes its id in SLM and reads its lower
# neighbour's. Without the barrier, running the subgroups in id order hides the race.
SG = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %sg = gpu.subgroup_id : index
    %slm = memref.alloc() : memref<4xi32, 3>
    %x = arith.index_cast %sg : index to i32
    memref.store %x, %slm[%sg] : memref<4xi32, 3>
    BARRIER
    %t = arith.subi %sg, %c1 : index
    %m = arith.maxsi %t, %c0 : index
    %y = memref.load %slm[%m] : memref<4xi32, 3>
    memref.store %y, %o[%sg] : memref<4xi32>
    gpu.return
  }
}
"""


def test_schedules_are_in_order_reversed_then_seeded_random() -> None:
    kinds = schedules(5, seed=7)
    assert [s.kind for s in kinds] == ["in-order", "reversed", "random", "random", "random"]
    assert [s.seed for s in kinds[2:]] == [7, 8, 9]
    ids = list(range(8))
    shuffle = Schedule("random", 3).orderer(0)
    orders = [shuffle(ids) for _ in range(4)]
    assert all(sorted(o) == ids for o in orders) and len({tuple(o) for o in orders}) > 1
    assert Schedule("random", 3).orderer(0)(ids) == orders[0]  # seeded: the same again
    assert Schedule("reversed").orderer(0)(ids) == ids[::-1]
    with pytest.raises(ValueError, match="schedule must be"):
        Schedule("sideways")


def test_a_missing_barrier_is_hidden_in_order_and_caught_reversed() -> None:
    racy = SG.replace("BARRIER", "")
    assert check(WG, against=racy, subgroups=4, schedules=1).ok  # the lucky order
    r = check(WG, against=racy, subgroups=4)
    assert not r.ok and r.comparison.counts.get("value", 0) >= 1
    assert "MISMATCH with the subgroups run in reversed order between barriers" in r.report
    fixed = check(WG, against=SG.replace("BARRIER", "gpu.barrier"), subgroups=4, schedules=5)
    assert fixed.ok and "seed 0, 5 schedule(s)" in fixed.report


def test_cli_catches_the_missing_barrier(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wg, sg = tmp_path / "wg.mlir", tmp_path / "sg.mlir"
    wg.write_text(WG)
    sg.write_text(SG.replace("BARRIER", ""))
    assert cli([str(wg), "--against", str(sg), "--subgroups", "4", "--schedules", "1"]) == 0
    capsys.readouterr()
    assert cli([str(wg), "--against", str(sg), "--subgroups", "4"]) == 1
    out = capsys.readouterr().out
    assert "reversed order" in out and "%o[" in out


def test_random_orders_are_seeded_and_differ_between_rounds() -> None:
    # three barrier rounds; each round every subgroup appends its id to a log in SLM
    seen: set[tuple[int, ...]] = set()
    for seed in range(6):
        r = run_kernel(wgdist.parse(LOG), [np.zeros(12, dtype=np.int32)], subgroups=4, schedule=Schedule("random", seed))
        log = tuple(int(x) for x in r.buffers[0].data)
        again = run_kernel(wgdist.parse(LOG), [np.zeros(12, dtype=np.int32)], subgroups=4, schedule=Schedule("random", seed))
        assert tuple(int(x) for x in again.buffers[0].data) == log
        for k in range(3):
            assert sorted(log[4 * k: 4 * k + 4]) == [0, 1, 2, 3]
        seen.add(log)
    assert len(seen) > 1
    rev = run_kernel(wgdist.parse(LOG), [np.zeros(12, dtype=np.int32)], subgroups=4, schedule=Schedule("reversed"))
    assert [int(x) for x in rev.buffers[0].data] == [3, 2, 1, 0] * 3


# Every subgroup, in each of 3 rounds, takes the next slot of a counter in SLM and writes its id
# there: the log is the order the subgroups ran in.
LOG = """
gpu.module @m {
  gpu.func @k(%o: memref<12xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %sg = gpu.subgroup_id : index
    %cnt = memref.alloc() : memref<1xindex, 3>
    %is0 = arith.cmpi eq, %sg, %c0 : index
    scf.if %is0 {
      memref.store %c0, %cnt[%c0] : memref<1xindex, 3>
    }
    gpu.barrier
    scf.for %r = %c0 to %c3 step %c1 {
      %n = memref.load %cnt[%c0] : memref<1xindex, 3>
      %n1 = arith.addi %n, %c1 : index
      memref.store %n1, %cnt[%c0] : memref<1xindex, 3>
      %x = arith.index_cast %sg : index to i32
      memref.store %x, %o[%n] : memref<12xi32>
      gpu.barrier
    }
    gpu.return
  }
}
"""

UNBALANCED = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %id = arith.constant 1 : i8
    %n = arith.constant 4 : i8
    %c3 = arith.constant 3 : index
    xegpu.alloc_nbarrier 2
    %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
    %last = arith.cmpi eq, %sg, %c3 : index
    scf.if %last {
    } else {
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.return
  }
}
"""


@pytest.mark.parametrize("schedule", [Schedule("in-order"), Schedule("reversed"), Schedule("random", 1)], ids=str)
def test_unbalanced_named_barrier_is_a_deadlock_with_its_location(schedule: Schedule) -> None:
    with pytest.raises(DeadlockError) as e:
        run_kernel(wgdist.parse(UNBALANCED), [np.zeros(4)], subgroups=4, schedule=schedule)
    msg = str(e.value)
    assert msg.startswith("<string>:14:7: error: deadlock in workgroup (0, 0, 0)"), msg
    assert "subgroups 0-2 wait at 'xegpu.nbarrier_wait' at <string>:14:7 on named barrier 1, 3 of its 4 participants arrived" in msg
    assert "subgroups 3 returned" in msg


TWO_KERNELS = """
gpu.module @m {
  gpu.func @first(%o: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : i32
    memref.store %c7, %o[%c0] : memref<4xi32>
    gpu.return
  }
  gpu.func @second(%o: memref<4xi32>, %a: memref<4xi32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %a[%i] : memref<4xi32>
      %y = arith.shli %x, %x : i32
      %q = arith.divsi %y, %x : i32
      memref.store %q, %o[%i] : memref<4xi32>
    }
    gpu.return
  }
}
"""


def test_every_kernel_is_checked_and_func_narrows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    k = tmp_path / "two.mlir"
    k.write_text(TWO_KERNELS)
    assert cli([str(k), "--against", str(k), "--subgroups", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("@first: grid") == 1 and out.count("@second: grid") == 1
    assert cli([str(k), "--against", str(k), "--subgroups", "1", "--func", "second", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert "@first" not in out and "sample 0: %n=1" in out and "sample 1: %n=2" in out


def test_shift_amounts_and_divisors_drawn_from_memory_are_redrawn_until_defined() -> None:
    # [-8, 8] contents make the shift and the division undefined; the redraw takes [1, 7]
    r = check(TWO_KERNELS, against=TWO_KERNELS, func="second", subgroups=1, scalars={"n": 4}, seed=0)
    assert r.ok and r.written == 4, r.report
    a = r.wg.buffers[1].data
    assert a.min() >= 1 and a.max() <= 7


def test_a_sample_out_of_bounds_for_its_drawn_offset_is_redrawn_then_skipped() -> None:
    # %n is a trip count over a 4-element buffer: samples drawing n > 4 are redrawn with n = 1 (after a redraw of the memory)
    r = check(TWO_KERNELS, against=TWO_KERNELS, func="second", subgroups=1, samples=4, seed=3)
    assert r.ok, r.report
    lines = [n for n in r.notes if n.startswith("  sample")]
    assert len(lines) == 4 and all("agree" in ln for ln in lines)
    # a program that fails whatever is drawn: every sample is skipped, the failure is the error
    bad = TWO_KERNELS.replace(
        "    scf.for %i", "    %c9 = arith.constant 9 : index\n    %z = memref.load %a[%c9] : memref<4xi32>\n    scf.for %i"
    )
    with pytest.raises(Exception, match=r"out of bounds"):
        check(bad, against=bad, func="second", subgroups=1, samples=2)
