"""xegpu-k-loop-schedule{strategy=split-barrier interval=I}: structure, unchanged body, agreement
with the workgroup program for any trip count, refusals, and planted mistakes the checker catches."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from xdsl.dialects import scf

import wgdist
from tests.unit.schedule.sync_kernels import (
    DIST,
    EXAMPLES,
    body_names,
    check,
    gemm,
    generated_gemms,
    problems,
    random_gemm,
    schedule,
    sync_ops,
    the_loop,
    trace,
    under_subgroup_if,
)
from wgdist.dialects import xegpu
from wgdist.interp import DeadlockError, InterpError
from wgdist.ir.diagnostics import OpError
from wgdist.passes.schedule.classify import KLoop, Refusal, classify
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.sg_sync import nonuniform_reason, subgroup_count
from wgdist.passes.schedule.split_barrier import apply

KERNEL = gemm(32, 64, 32, (2, 2), halves=2)
READS = (xegpu.LoadNdOp, xegpu.PrefetchNdOp)
SYNC = (xegpu.NbarrierArriveOp, xegpu.NbarrierWaitOp)


def _neighbours(op: scf.ForOp) -> tuple[str, str]:
    prev, nxt = op.prev_op, op.next_op
    assert prev is not None and nxt is not None
    return prev.name, nxt.name


def test_interval_1_waits_before_the_first_load_and_arrives_after_the_last() -> None:
    m = schedule(KERNEL, "strategy=split-barrier")
    loop = the_loop(m)
    assert _neighbours(loop) == ("xegpu.nbarrier_arrive", "xegpu.nbarrier_wait")
    ops = list(loop.body.block.ops)
    reads = [i for i, op in enumerate(ops) if isinstance(op, READS)]
    assert isinstance(ops[reads[0] - 1], xegpu.NbarrierWaitOp)
    assert isinstance(ops[reads[-1] + 1], xegpu.NbarrierArriveOp)
    assert len(sync_ops(m)) == 4
    (alloc,) = [op for op in m.walk() if isinstance(op, xegpu.AllocNbarrierOp)]
    assert alloc.nbarrier_num.value.data == 1
    (init,) = [op for op in m.walk() if isinstance(op, xegpu.InitNbarrierOp)]
    assert init.participant_thread_num.owner.value.value.data == 4  # all 4 subgroups


def test_interval_1_moves_nothing_and_adds_the_wait_and_the_arrive() -> None:
    before = the_loop(wgdist.run_pipeline(KERNEL, DIST))
    after = the_loop(schedule(KERNEL, "strategy=split-barrier"))
    assert [op.name for op in after.body.block.ops if not isinstance(op, SYNC)] == [
        op.name for op in before.body.block.ops]
    assert body_names(after) - body_names(before) == Counter(
        {"xegpu.nbarrier_wait": 1, "xegpu.nbarrier_arrive": 1})


@pytest.mark.parametrize("interval", [2, 3])
def test_interval_above_1_runs_the_loads_once_per_step_either_branch(interval: int) -> None:
    before = the_loop(wgdist.run_pipeline(KERNEL, DIST))
    after = the_loop(schedule(KERNEL, f"strategy=split-barrier interval={interval}"))
    (guard,) = [op for op in after.body.block.ops if isinstance(op, scf.IfOp)]
    then = [op.name for op in guard.true_region.block.ops][:-1]
    other = [op.name for op in guard.false_region.block.ops][:-1]
    assert then[0] == "xegpu.nbarrier_wait" and then[-1] == "xegpu.nbarrier_arrive"
    assert then[1:-1] == other
    assert sum(n in ("xegpu.load_nd", "xegpu.prefetch_nd") for n in other) == 5
    step_test = Counter({"arith.subi": 1, "arith.divui": 1, "arith.remui": 1, "arith.cmpi": 1})
    executed = body_names(after, (scf.IfOp,)) + Counter(other) - step_test
    assert executed == body_names(before)
    # the step test is (iv - lb) / step mod I == 0
    (rem,) = [op for op in after.body.block.ops if op.name == "arith.remui"]
    assert rem.operands[1].owner.value.value.data == interval  # type: ignore[union-attr]


@pytest.mark.parametrize("interval", [1, 2, 3])
@pytest.mark.parametrize("trips", [0, 1, 2, 4, 5])
def test_agrees_with_the_workgroup_program_for_any_trip_count(interval: int, trips: int) -> None:
    m = schedule(KERNEL, f"strategy=split-barrier interval={interval}")
    r = check(KERNEL, m, trips)
    assert r.ok, r.report


@pytest.mark.parametrize("seed", range(8))
def test_random_gemms_agree(seed: int) -> None:
    text, _ = random_gemm(seed)
    rng = random.Random(seed)
    m = schedule(text, f"strategy=split-barrier interval={rng.randint(1, 3)}")
    assert len(sync_ops(m)) >= 4
    r = check(text, m, rng.randint(0, 5), schedules=3)
    assert r.ok, r.report


def test_without_a_static_count_the_loop_is_refused_and_the_option_gives_it() -> None:
    text = gemm(16, 32, 16, (1, 2), block=False)
    assert not sync_ops(schedule(text, "strategy=split-barrier"))
    m = schedule(text, "strategy=split-barrier num-subgroups=2")
    (init,) = [op for op in m.walk() if isinstance(op, xegpu.InitNbarrierOp)]
    assert init.participant_thread_num.owner.value.value.data == 2
    assert check(text, m, 3).ok


# ---- planted mistakes ----------------------------------------------------------------------------
def _scheduled(interval: int = 1) -> tuple[wgdist.ModuleOp, scf.ForOp]:
    m = schedule(KERNEL, f"strategy=split-barrier interval={interval}")
    return m, the_loop(m)


def test_a_missing_wait_is_caught() -> None:
    m, loop = _scheduled()
    (wait,) = [op for op in loop.body.block.ops if isinstance(op, xegpu.NbarrierWaitOp)]
    wait.detach()
    wait.erase()
    with pytest.raises(InterpError, match="arrives twice at named barrier 0"):
        check(KERNEL, m, 3)


def test_a_missing_pre_loop_arrive_is_caught() -> None:
    m, loop = _scheduled()
    arrive = loop.prev_op
    assert isinstance(arrive, xegpu.NbarrierArriveOp)
    arrive.detach()
    arrive.erase()
    with pytest.raises(InterpError, match="waits on named barrier 0 without arriving"):
        check(KERNEL, m, 2)


def test_an_arrive_moved_under_the_subgroup_id_deadlocks_naming_the_barrier() -> None:
    m, loop = _scheduled()
    (arrive,) = [op for op in loop.body.block.ops if isinstance(op, xegpu.NbarrierArriveOp)]
    under_subgroup_if(arrive, "ult", 1)
    with pytest.raises(DeadlockError, match="named barrier 0, 1 of its 4 participants arrived"):
        check(KERNEL, m, 2)


def test_dropping_the_post_loop_wait_is_caught_by_the_static_check() -> None:
    # the interpreter lets a subgroup return with an arrive outstanding; the static check does not
    m, loop = _scheduled()
    assert problems(m) == []
    wait = loop.next_op
    assert isinstance(wait, xegpu.NbarrierWaitOp)
    wait.detach()
    wait.erase()
    assert check(KERNEL, m, 2).ok
    assert [(p.op.name, p.message) for p in problems(m)] == [
        ("xegpu.nbarrier_arrive", "arrives at named barrier 0 and the subgroup returns without waiting on it")]


@pytest.mark.parametrize("interval", [1, 2, 5])
def test_the_static_check_finds_nothing_to_report_in_the_output(interval: int) -> None:
    for seed in range(4):
        text, _ = random_gemm(seed)
        assert problems(schedule(text, f"strategy=split-barrier interval={interval}")) == []


# ---- refusals and helpers ------------------------------------------------------------------------
SG_HEAD = """
gpu.module @m {
  gpu.func @k(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %sg = gpu.subgroup_id : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to UB step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}
"""


def _sg_loop(ub: str, prelude: str = "") -> tuple[wgdist.ModuleOp, KLoop]:
    m = wgdist.parse(SG_HEAD.replace("UB", ub).replace("    %a = ", prelude + "    %a = ", 1))
    loop = the_loop(m)
    k = classify(loop)
    assert isinstance(k, KLoop), k
    return m, k


LOADED_BOUND = "    %l = memref.load %A[%c0, %c0] : memref<64x64xf16>\n    %x = arith.fptoui %l : f16 to index\n"


@pytest.mark.parametrize(
    ("ub", "prelude", "why"),
    [
        ("%sg", "", "reads 'gpu.subgroup_id'"),
        ("%u", "    %u = arith.addi %sg, %n : index\n", "reads 'gpu.subgroup_id'"),
        ("%x", LOADED_BOUND, "reads the result of 'memref.load'"),
    ],
)
def test_a_loop_the_subgroups_run_unequally_often_is_refused_untouched(ub: str, prelude: str, why: str) -> None:
    m, k = _sg_loop(ub, prelude)
    text = wgdist.print_module(m)
    r = apply(k, ScheduleOptions(strategy="split-barrier"))
    assert isinstance(r, Refusal) and why in r.reason and "equally often" in r.reason
    assert wgdist.print_module(m) == text


def test_uniform_bounds_are_recognised() -> None:
    _, k = _sg_loop("%n")
    assert nonuniform_reason(k.loop) is None
    assert subgroup_count(k.loop, 0) == 4 and subgroup_count(k.loop, 4) == 4
    with pytest.raises(OpError, match="num-subgroups=6 contradicts known_block_size, which gives 4 subgroups"):
        subgroup_count(k.loop, 6)


def test_a_new_barrier_takes_the_next_free_id() -> None:
    m, k = _sg_loop("%n", "    xegpu.alloc_nbarrier 2\n")
    assert apply(k, ScheduleOptions(strategy="split-barrier")) is None
    (alloc,) = [op for op in m.walk() if isinstance(op, xegpu.AllocNbarrierOp)]
    (init,) = [op for op in m.walk() if isinstance(op, xegpu.InitNbarrierOp)]
    assert alloc.nbarrier_num.value.data == 3
    assert init.nbarrier_id.owner.value.value.data == 2
    wgdist.verify(m)


def test_the_pass_reports_a_refusal_as_a_remark_and_keeps_the_loop() -> None:
    src = SG_HEAD.replace("UB", "%sg")
    out = wgdist.run_pipeline(src, "xegpu-k-loop-schedule{strategy=split-barrier}")
    assert wgdist.print_module(out) == wgdist.print_module(wgdist.parse(src))


def _lead_violations(events: list[tuple[int, str, int]], subgroups: int, loads: int, interval: int) -> int:
    """Loads of step j issued before every subgroup issued all loads of step I*(j // I - 1)."""
    issued = [0] * subgroups
    bad = 0
    for sg, what, _ in events:
        if what != "load":
            continue
        step = issued[sg] // loads
        need = interval * (step // interval - 1)
        if need >= 0 and min(issued) < (need + 1) * loads:
            bad += 1
        issued[sg] += 1
    return bad


@pytest.mark.parametrize("interval", [1, 2, 3])
@pytest.mark.parametrize("kind", ["in-order", "reversed"])
def test_no_subgroup_runs_ahead_by_more_than_the_interval(interval: int, kind: str) -> None:
    text = gemm(32, 64, 32, (2, 2), halves=2)  # 4 load_nd per step
    m = schedule(text, f"strategy=split-barrier interval={interval}")
    assert _lead_violations(trace(m, 7, 4, kind), 4, 4, interval) == 0
    # unscheduled, the first subgroup to run finishes its whole loop before the others start
    plain = wgdist.run_pipeline(text, DIST)
    assert _lead_violations(trace(plain, 7, 4, kind), 4, 4, interval) > 0


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_gemms_agree(name: str) -> None:
    pipeline = f"{DIST},xegpu-k-loop-schedule{{strategy=split-barrier interval=2 num-subgroups=32}}"
    path = Path(__file__).resolve().parents[3] / "examples" / f"{name}.mlir"
    assert len(sync_ops(wgdist.run_pipeline(path.read_text(), pipeline))) == 4
    r = wgdist.check(path, pipeline, samples=1, schedules=2)
    assert r.ok, r.report


def test_generated_gemms_agree() -> None:
    # some bodies hold the distribution's SLM exchanges and gpu.barrier: split-barrier keeps them
    for i, (text, pipeline, count) in enumerate(generated_gemms(range(12))):
        p = f"{pipeline},xegpu-k-loop-schedule{{strategy=split-barrier interval={1 + i % 3} num-subgroups={count}}}"
        assert sync_ops(wgdist.run_pipeline(text, p))
        r = wgdist.check(text, p, func="k", samples=1, schedules=3)
        assert r.ok, r.report


def test_loads_after_a_barrier_are_not_moved_across_it() -> None:
    text = SG_HEAD.replace("UB", "%n").replace(
        "      %vb = xegpu.load_nd", "      gpu.barrier\n      %vb = xegpu.load_nd")
    m = wgdist.parse(text)
    k = classify(the_loop(m))
    assert isinstance(k, KLoop)
    r = apply(k, ScheduleOptions(strategy="split-barrier", interval=2))
    assert isinstance(r, Refusal) and r.op.name == "gpu.barrier" and "move loads across" in r.reason
    assert wgdist.print_module(m) == wgdist.print_module(wgdist.parse(text))
    # interval 1 moves nothing: the wait goes before the first load, the arrive after the last
    assert apply(k, ScheduleOptions(strategy="split-barrier")) is None
    names = [op.name for op in the_loop(m).body.block.ops]
    assert names[:5] == ["xegpu.nbarrier_wait", "xegpu.load_nd", "gpu.barrier", "xegpu.load_nd", "xegpu.nbarrier_arrive"]
    assert problems(m) == []
