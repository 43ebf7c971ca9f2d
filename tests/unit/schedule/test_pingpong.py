"""xegpu-k-loop-schedule{strategy=pingpong} (converge=false, then the default converge=true): the
two clusters and the phase shift, one group's dpas beside the other's loads in every barrier
phase, agreement with the workgroup program for any trip count, refusals (loop untouched),
planted mistakes the checker catches, and the forms the converged loop keeps to so that mlir-opt
22 lowers it."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import VectorType

import wgdist
from tests.support.footprint import mlir_opt
from tests.unit.cli.lowering import lower, spirv_val
from tests.unit.schedule.gemm_gen import DISTRIBUTE as GEN_DISTRIBUTE
from tests.unit.schedule.gemm_gen import gemm as gen_gemm
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
from wgdist.dialects import gpu, xegpu
from wgdist.dialects.arith import CmpiOp, SelectOp
from wgdist.interp import DeadlockError, InterpError
from wgdist.ir.diagnostics import DiagnosticException, OpError
from wgdist.passes.schedule.barrier_check import barrier_problems
from wgdist.passes.schedule.classify import KLoop, Refusal, classify
from wgdist.passes.schedule.options import ScheduleOptions
from wgdist.passes.schedule.pingpong import apply

PLAIN = "strategy=pingpong converge=false"  # the phase shift before / after the loop
KERNEL = gemm(32, 64, 32, (2, 2), halves=2)  # 4 subgroups (known_block_size 64)
MEMORY = (xegpu.LoadNdOp, xegpu.PrefetchNdOp)
SYNC = (xegpu.NbarrierArriveOp, xegpu.NbarrierWaitOp)


def _is_barrier(ops: list, i: int) -> bool:  # type: ignore[type-arg]
    return isinstance(ops[i], xegpu.NbarrierArriveOp) and isinstance(ops[i + 1], xegpu.NbarrierWaitOp)


def _guard(op: scf.IfOp) -> tuple[str, int]:
    cmp = op.cond.owner
    assert isinstance(cmp, CmpiOp)
    names = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
    return names[cmp.predicate.value.data], cmp.rhs.owner.value.value.data  # type: ignore[union-attr]


def test_memory_cluster_barrier_compute_cluster_barrier() -> None:
    loop = the_loop(schedule(KERNEL, PLAIN))
    ops = list(loop.body.block.ops)
    first_dpas = next(i for i, op in enumerate(ops) if isinstance(op, xegpu.DpasOp))
    last_memory = max(i for i, op in enumerate(ops) if isinstance(op, MEMORY))
    assert last_memory < first_dpas
    assert _is_barrier(ops, last_memory + 1) and first_dpas == last_memory + 3
    assert _is_barrier(ops, len(ops) - 3) and isinstance(ops[-1], scf.YieldOp)
    assert sum(isinstance(op, SYNC) for op in ops) == 4


def test_late_group_passes_one_barrier_before_the_loop_the_early_group_one_after() -> None:
    m = schedule(KERNEL, PLAIN)
    loop = the_loop(m)
    before, after = loop.prev_op, loop.next_op
    assert isinstance(before, scf.IfOp) and isinstance(after, scf.IfOp)
    assert _guard(before) == ("uge", 2) and _guard(after) == ("ult", 2)
    for guard in (before, after):
        assert [op.name for op in guard.true_region.block.ops] == [
            "xegpu.nbarrier_arrive", "xegpu.nbarrier_wait", "scf.yield"]
    (init,) = [op for op in m.walk() if isinstance(op, xegpu.InitNbarrierOp)]
    assert init.participant_thread_num.owner.value.value.data == 4


def test_the_body_keeps_its_ops_plus_two_barriers() -> None:
    dist = wgdist.run_pipeline(KERNEL, DIST)
    loop = the_loop(dist)
    before = list(loop.body.block.ops)
    k = classify(loop)
    assert isinstance(k, KLoop)
    assert apply(k, ScheduleOptions(strategy="pingpong", converge=False)) is None
    after = [op for op in loop.body.block.ops if not isinstance(op, SYNC)]
    assert Counter(map(id, after)) == Counter(map(id, before))  # the same op objects, moved
    assert body_names(loop) - Counter(op.name for op in before) == Counter(
        {"xegpu.nbarrier_arrive": 2, "xegpu.nbarrier_wait": 2})
    for cls in (MEMORY, xegpu.DpasOp):  # the loads keep their order among themselves, so do the dpas
        assert [op for op in after if isinstance(op, cls)] == [op for op in before if isinstance(op, cls)]
    wgdist.verify(dist)  # every op after the ops it uses


@pytest.mark.parametrize("trips", [0, 1, 2, 3, 5])
def test_agrees_with_the_workgroup_program_for_any_trip_count(trips: int) -> None:
    r = check(KERNEL, schedule(KERNEL, PLAIN), trips)
    assert r.ok, r.report


@pytest.mark.parametrize("seed", range(8))
def test_random_gemms_agree(seed: int) -> None:
    text, count = random_gemm(seed, even=True)
    m = schedule(text, PLAIN)
    assert len(sync_ops(m)) == 8
    r = check(text, m, random.Random(seed).randint(0, 4), schedules=3)
    assert r.ok, r.report


def _phases(events: list[tuple[int, str, int]], half: int) -> dict[int, dict[str, set[str]]]:
    out: dict[int, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for sg, what, gen in events:
        out[gen]["early" if sg < half else "late"].add(what)
    return out


@pytest.mark.parametrize("kind", ["in-order", "reversed"])
def test_in_every_barrier_phase_one_group_loads_while_the_other_multiplies(kind: str) -> None:
    text = gemm(32, 64, 32, (2, 4), halves=2)
    phases = _phases(trace(schedule(text, PLAIN), 4, 8, kind), 4)
    assert len(phases) == 2 * 4 + 1
    for gen, groups in phases.items():
        if 0 < gen < 2 * 4:
            assert {frozenset(groups["early"]), frozenset(groups["late"])} == {
                frozenset({"load"}), frozenset({"dpas"})}, gen
    # without the phase shift (both extra barriers dropped) both groups load in the same phase
    m = schedule(text, PLAIN)
    loop = the_loop(m)
    for guard in (loop.prev_op, loop.next_op):
        assert guard is not None
        guard.detach()
        guard.erase()
    shifted = _phases(trace(m, 4, 8, kind), 4)
    assert any(g["early"] == g["late"] == {"load"} for g in shifted.values())


def test_the_count_can_come_from_the_option() -> None:
    text = gemm(16, 64, 16, (1, 4), block=False)
    m = schedule(text, PLAIN + " num-subgroups=4")
    assert len(sync_ops(m)) == 8
    assert check(text, m, 3).ok


# ---- refusals ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "options", "why"),
    [
        (gemm(16, 64, 16, (1, 4), block=False), "", "needs the subgroup count"),
        (gemm(16, 48, 16, (1, 3)), "", "even number of subgroups (two equal groups), got 3"),
        (gemm(16, 32, 16, (1, 1)), "", "even number of subgroups (two equal groups), got 1"),
        (gemm(16, 64, 16, (1, 4), block=False), " num-subgroups=5", "got 5"),
    ],
)
def test_without_an_even_static_count_the_loop_is_refused_untouched(text: str, options: str, why: str) -> None:
    dist = wgdist.run_pipeline(text, DIST)
    want = wgdist.print_module(dist)
    k = classify(the_loop(dist))
    assert isinstance(k, KLoop)
    opts = ScheduleOptions(strategy="pingpong", num_subgroups=int(options.split("=")[1]) if options else 0)
    r = apply(k, opts)
    assert isinstance(r, Refusal) and why in r.reason, r
    assert wgdist.print_module(dist) == want
    assert wgdist.print_module(schedule(text, PLAIN + options)) == want


def test_num_subgroups_contradicting_known_block_size_is_a_located_error() -> None:
    """A barrier declared for 2 subgroups of a 4-subgroup workgroup would hang: refused at the
    function, naming both counts."""
    with pytest.raises(OpError, match=r"num-subgroups=2 contradicts known_block_size, which gives 4 subgroups"):
        schedule(gemm(16, 64, 16, (1, 4)), PLAIN + " num-subgroups=2")


SG = """
gpu.module @m {
  gpu.func @k(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %s = xegpu.create_nd_tdesc %A : memref<64x64xf16, 3> -> !xegpu.tensor_desc<8x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      EXTRA
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    gpu.return
  }
}
"""


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ("gpu.barrier", "a barrier or fence in the body (gpu.barrier)"),
        ("xegpu.fence memory_kind = global, fence_scope = workgroup", "a barrier or fence in the body (xegpu.fence)"),
    ],
)
def test_sync_in_the_body_is_refused(extra: str, why: str) -> None:
    m = wgdist.parse(SG.replace("EXTRA", extra).replace("    %s = xegpu.create_nd_tdesc %A : memref<64x64xf16, 3> -> !xegpu.tensor_desc<8x16xf16>\n", ""))
    want = wgdist.print_module(m)
    k = classify(the_loop(m))
    assert isinstance(k, KLoop)
    r = apply(k, ScheduleOptions(strategy="pingpong"))
    assert isinstance(r, Refusal) and why in r.reason
    assert wgdist.print_module(m) == want


def test_a_load_that_needs_a_dpas_result_is_refused() -> None:
    extra = ("%d0 = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>\n"
             "      %e = vector.extract %d0[0, 0] : f32 from vector<8x16xf32>\n"
             "      %i = arith.fptoui %e : f32 to index\n"
             "      %vx = xegpu.load_nd %a[0, %i] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>")
    text = SG.replace("EXTRA", extra).replace(
        "    %s = xegpu.create_nd_tdesc %A : memref<64x64xf16, 3> -> !xegpu.tensor_desc<8x16xf16>\n", "")
    m = wgdist.parse(text)
    want = wgdist.print_module(m)
    k = classify(the_loop(m))
    assert isinstance(k, KLoop)
    r = apply(k, ScheduleOptions(strategy="pingpong"))
    assert isinstance(r, Refusal) and "a load needs this dpas result" in r.reason
    assert wgdist.print_module(m) == want


# ---- planted mistakes ----------------------------------------------------------------------------
def _scheduled() -> tuple[wgdist.ModuleOp, scf.ForOp]:
    m = schedule(KERNEL, PLAIN)
    return m, the_loop(m)


def test_a_missing_wait_is_caught() -> None:
    m, loop = _scheduled()
    wait = next(op for op in loop.body.block.ops if isinstance(op, xegpu.NbarrierWaitOp))
    wait.detach()
    wait.erase()
    with pytest.raises(InterpError, match="arrives twice at named barrier 0"):
        check(KERNEL, m, 2)


def test_a_barrier_moved_under_the_subgroup_id_deadlocks_naming_it() -> None:
    m, loop = _scheduled()
    ops = [op for op in loop.body.block.ops if isinstance(op, SYNC)][-2:]
    assert problems(m) == []
    for op in ops:
        under_subgroup_if(op, "ult", 2)
    with pytest.raises(DeadlockError, match="named barrier 0, 2 of its 4 participants arrived"):
        check(KERNEL, m, 2)
    assert any("named barrier 0" in p.message for p in problems(m))


@pytest.mark.parametrize("side", ["before", "after"])
def test_dropping_either_extra_barrier_deadlocks_naming_it(side: str) -> None:
    m, loop = _scheduled()
    guard = loop.prev_op if side == "before" else loop.next_op
    assert isinstance(guard, scf.IfOp)
    guard.detach()
    guard.erase()
    with pytest.raises(DeadlockError, match=r"nbarrier_wait.* on named barrier 0, 2 of its 4 participants"):
        check(KERNEL, m, 2)
    (found,) = problems(m)
    assert "named barrier 0 is unbalanced" in found.message


def test_the_static_check_finds_nothing_to_report_in_the_output() -> None:
    for seed in range(6):
        text, _ = random_gemm(seed, even=True)
        assert problems(schedule(text, PLAIN)) == []


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_gemms_agree(name: str) -> None:
    pipeline = f"{DIST},xegpu-k-loop-schedule{{strategy=pingpong converge=false num-subgroups=32}}"
    path = Path(__file__).resolve().parents[3] / "examples" / f"{name}.mlir"
    assert len(sync_ops(wgdist.run_pipeline(path.read_text(), pipeline))) == 8
    r = wgdist.check(path, pipeline, samples=1, schedules=2)
    assert r.ok, r.report


def test_generated_gemms_agree_or_are_refused_for_a_reason() -> None:
    done = Counter()
    for text, pipeline, count in generated_gemms(range(16)):
        p = f"{pipeline},xegpu-k-loop-schedule{{strategy=pingpong converge=false num-subgroups={count}}}"
        scheduled = bool(sync_ops(wgdist.run_pipeline(text, p)))
        # refused: an odd count, or the distribution's SLM exchange in the body
        assert scheduled or count % 2 or "store_matrix" in wgdist.print_module(wgdist.run_pipeline(text, pipeline))
        done[scheduled] += 1
        r = wgdist.check(text, p, func="k", samples=1, schedules=3)
        assert r.ok, r.report
    assert done[True] >= 4


# ---- converge=true: the phase shift inside the loop, every barrier a workgroup barrier ----------
CONVERGE = "strategy=pingpong converge=true"


def test_converged_loop_runs_2n_plus_1_phases_with_one_barrier_each() -> None:
    m = schedule(KERNEL, CONVERGE)
    loop = the_loop(m)
    names = [op.name for op in loop.body.block.ops]
    assert names[-3:] == ["xegpu.nbarrier_arrive", "xegpu.nbarrier_wait", "scf.yield"]
    ifs = [op for op in loop.body.block.ops if isinstance(op, scf.IfOp)]
    assert len(ifs) == 2  # the memory cluster, then the compute cluster
    m_ops = [op.name for op in ifs[0].true_region.block.ops]
    c_ops = [op.name for op in ifs[1].true_region.block.ops]
    assert m_ops.count("xegpu.load_nd") == 4 and "xegpu.dpas" not in m_ops
    assert c_ops.count("xegpu.dpas") == 2 and "xegpu.load_nd" not in c_ops
    assert len(sync_ops(m)) == 2 and problems(m) == []
    # each op of the old body appears once
    old = the_loop(wgdist.run_pipeline(KERNEL, DIST))
    assert Counter(m_ops[:-1] + c_ops[:-1]) == body_names(old, (scf.YieldOp,))


@pytest.mark.parametrize("trips", [0, 1, 2, 5])
def test_converged_agrees_for_any_trip_count(trips: int) -> None:
    r = check(KERNEL, schedule(KERNEL, CONVERGE), trips)
    assert r.ok, r.report


@pytest.mark.parametrize("seed", range(6))
def test_converged_random_gemms_agree(seed: int) -> None:
    text, _ = random_gemm(seed, even=True)
    r = check(text, schedule(text, CONVERGE), random.Random(seed).randint(0, 4), schedules=3)
    assert r.ok, r.report


def test_converged_groups_alternate_loads_and_dpas_by_phase() -> None:
    text = gemm(32, 64, 32, (2, 4), halves=2)
    phases = _phases(trace(schedule(text, CONVERGE), 4, 8, "reversed", kstep=32), 4)
    assert sorted(phases) == list(range(2 * 4 + 1))
    assert phases[0] == {"early": {"load"}} and phases[8] == {"late": {"dpas"}}
    for gen in range(1, 8):
        assert {frozenset(phases[gen]["early"]), frozenset(phases[gen]["late"])} == {
            frozenset({"load"}), frozenset({"dpas"})}, gen


def test_converged_without_the_last_phase_is_a_mismatch() -> None:
    m = schedule(KERNEL, CONVERGE)
    loop = the_loop(m)
    phases = loop.ub.owner  # 2N + 1
    assert isinstance(phases, arith.AddiOp)
    loop.operands[1] = phases.lhs  # 2N phases: the late group's last dpas never run
    r = check(KERNEL, m, 3)
    assert not r.ok and "mismatch" in r.report.lower()


def test_converged_barriers_lower_to_gpu_barrier() -> None:
    out = wgdist.run_pipeline(KERNEL, f"{DIST},xegpu-k-loop-schedule{{{CONVERGE}}},xegpu-lower-nbarrier")
    assert not sync_ops(out)
    barriers = [op for op in out.walk() if isinstance(op, gpu.BarrierOp)]
    assert len(barriers) == 1 and barriers[0].parent_op() is the_loop(out)
    # the plain form's phase offset is refused by the lowering (half the subgroups at a barrier)
    with pytest.raises(DiagnosticException, match="nbarrier_wait"):
        wgdist.run_pipeline(KERNEL, f"{DIST},xegpu-k-loop-schedule{{strategy=pingpong converge=false}},xegpu-lower-nbarrier")


def test_converged_is_the_default() -> None:
    default = wgdist.print_module(schedule(KERNEL, "strategy=pingpong"))
    assert default == wgdist.print_module(schedule(KERNEL, CONVERGE))
    assert default != wgdist.print_module(schedule(KERNEL, PLAIN))


def _loop_args_read_in_ifs(loop: scf.ForOp) -> list[str]:
    """The ``scf.if`` ops in ``loop``'s body whose regions read a block argument of ``loop``."""
    args = set(loop.body.block.args)
    return [f"{op.name} reads {v}" for if_op in loop.body.block.ops if isinstance(if_op, scf.IfOp)
            for op in if_op.walk() if op is not if_op for v in op.operands if v in args]


@pytest.mark.parametrize("seed", range(4))
def test_converged_reads_no_loop_argument_inside_an_if_and_selects_vectors_on_vector_masks(seed: int) -> None:
    # what mlir-opt 22 cannot lower (pass docstring): an scf.if reading or forwarding an iter_arg,
    # an arith.select of a vector on a scalar i1
    text, _ = random_gemm(seed, even=True)
    loop = the_loop(schedule(text, CONVERGE))
    assert _loop_args_read_in_ifs(loop) == []
    selects = [op for op in loop.body.block.ops if isinstance(op, SelectOp)]
    assert selects and all(isinstance(op.cond.type, VectorType) for op in selects
                           if isinstance(op.result.type, VectorType))
    # the plain K loop reads its iter_args in the dpas: the converged one would too without the selects
    plain = the_loop(wgdist.run_pipeline(text, DIST))
    assert any(v in set(plain.body.block.args[1:]) for op in plain.body.block.ops for v in op.operands)


def test_converged_slots_have_their_own_masks_and_fillers() -> None:
    # mlir-opt's CSE must not merge the values of two slots (an A and a B operand of one shape
    # need different lane layouts): one mask op per slot, one filler value per slot
    text = gemm(32, 64, 32, (2, 2), halves=2)
    loop = the_loop(schedule(text, CONVERGE))
    masks = [op.cond for op in loop.body.block.ops if isinstance(op, SelectOp) and isinstance(op.result.type, VectorType)]
    slots = len(loop.body.block.args) - 1
    assert len(masks) == slots + (slots - 4) and len(set(masks)) == slots  # old iter_args: in and out share
    fillers = [v.owner for v in loop.iter_args[-4:]]
    keys = {(f.value, f.result.type) for f in fillers if isinstance(f, arith.ConstantOp)}
    assert len(keys) == 4


def test_converged_loads_and_dpas_stay_under_the_phase_tests() -> None:
    loop = the_loop(schedule(KERNEL, CONVERGE))
    top = [op for op in loop.body.block.ops if isinstance(op, (*MEMORY, xegpu.DpasOp))]
    assert top == []  # only the selects run in every phase


def test_converged_selects_are_needed() -> None:
    # the compute cluster reads each iter_arg through select(is_c, iter_arg, 0); reading the 0
    # instead loses the sums
    m = schedule(KERNEL, CONVERGE)
    loop = the_loop(m)
    args = set(loop.body.block.args)
    inputs = [op for op in loop.body.block.ops if isinstance(op, SelectOp) and op.lhs in args]
    assert len(inputs) == len(loop.body.block.args) - 1 - 4  # one per old iter_arg (4 loads carried)
    for op in inputs:
        op.result.replace_all_uses_with(op.rhs)
    r = check(KERNEL, m, 3)
    assert not r.ok and "mismatch" in r.report.lower()


@pytest.mark.parametrize("name", EXAMPLES)
def test_converged_example_gemms_agree(name: str) -> None:
    pipeline = f"{DIST},xegpu-k-loop-schedule{{strategy=pingpong num-subgroups=32}}"
    path = Path(__file__).resolve().parents[3] / "examples" / f"{name}.mlir"
    out = wgdist.run_pipeline(path.read_text(), pipeline)
    (fn,) = [op for op in out.walk() if isinstance(op, gpu.FuncOp | func.FuncOp)]
    assert len(sync_ops(out)) == 2 and barrier_problems(fn, 32) == []
    r = wgdist.check(path, pipeline, samples=1, schedules=2)
    assert r.ok, r.report


def test_converged_generated_gemms_agree_or_are_refused_for_a_reason() -> None:
    done = Counter()
    for text, pipeline, count in generated_gemms(range(16)):
        p = f"{pipeline},xegpu-k-loop-schedule{{strategy=pingpong num-subgroups={count}}}"
        scheduled = bool(sync_ops(wgdist.run_pipeline(text, p)))
        assert scheduled or count % 2 or "store_matrix" in wgdist.print_module(wgdist.run_pipeline(text, pipeline))
        done[scheduled] += 1
        r = wgdist.check(text, p, func="k", samples=1, schedules=3)
        assert r.ok, r.report
    assert done[True] >= 4


def test_the_command_line_check_agrees_and_names_a_deadlock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wgdist.tools.wgdist_check import run as cli

    example = Path(__file__).resolve().parents[3] / "examples" / "gemm_k_loop.mlir"
    pipeline = f"{DIST},xegpu-k-loop-schedule{{strategy=pingpong converge=false num-subgroups=32}}"
    assert cli([str(example), "-p", pipeline, "--schedules", "3", "--samples", "1"]) == 0
    assert "agree" in capsys.readouterr().out
    # the same output without the early group's extra barrier after the loop
    sg = wgdist.run_pipeline(example.read_text(), pipeline)
    guard = the_loop(sg).next_op
    assert isinstance(guard, scf.IfOp)
    guard.detach()
    guard.erase()
    bad = tmp_path / "sg.mlir"
    bad.write_text(wgdist.print_module(sg))
    assert cli([str(example), "--against", str(bad), "--schedules", "2", "--samples", "1"]) == 1
    err = capsys.readouterr()
    assert "deadlock" in err.out + err.err and "named barrier 0, 16 of its 32 participants" in err.out + err.err


# ---- the default form through mlir-opt 22's XeVM pipeline to SPIR-V ------------------------------
needs_mlir = pytest.mark.skipif(mlir_opt() is None, reason="mlir-opt 22 not installed (apt-get install mlir-22-tools)")
SPIRV_GEMMS = [  # gemm_gen kernels whose unscheduled form LLVM 22 lowers
    ("static", dict()),
    ("dynamic", dict(dynamic=True)),
    ("same-shape-a-b", dict(m=32, n=32, dm=16, dn=16, bk=16, prefetch=False)),  # A and B both 16x16
    ("large-tiles", dict(m=64, n=64, dm=32, dn=32, bk=32, k_size=128, prefetch=False)),
]
# A prefetch whose descriptor's block shape differs from its loads' dpas blocking: LLVM 22's
# xegpu-blocking gives the memory scf.if's yield another block count than its results.
SPIRV_FAILS = {"prefetch-16x16": (dict(m=32, n=32, dm=16, dn=16, bk=16), "region branch point has 2 operands")}


def _to_spirv(kw: dict[str, object], schedule_options: str | None) -> tuple[str, bytes | None]:
    passes = GEN_DISTRIBUTE
    if schedule_options:
        passes += (f",xegpu-k-loop-schedule{{{schedule_options} num-subgroups=4}},"
                   "xegpu-verify-barriers{num-subgroups=4},xegpu-lower-nbarrier{num-subgroups=4}")
    return lower(str(wgdist.run_pipeline(wgdist.parse(gen_gemm(**kw)), passes)))  # type: ignore[arg-type]


@needs_mlir
@pytest.mark.parametrize("name,kw", SPIRV_GEMMS, ids=[c[0] for c in SPIRV_GEMMS])
def test_the_default_form_reaches_spirv_that_spirv_val_accepts(name: str, kw: dict[str, object]) -> None:
    status, binary = _to_spirv(kw, "strategy=pingpong")
    assert status == "binary" and binary is not None, f"{name}: {status}"
    assert spirv_val(binary) in ("", None)
    # the plain form's phase offset is refused before mlir-opt (no faithful workgroup barrier)
    with pytest.raises(DiagnosticException, match="nbarrier_wait"):
        _to_spirv(kw, "strategy=pingpong converge=false")


@needs_mlir
@pytest.mark.parametrize("name", sorted(SPIRV_FAILS))
def test_documented_spirv_exclusions_are_still_what_they_say(name: str) -> None:
    kw, why = SPIRV_FAILS[name]
    assert _to_spirv(kw, None)[0] == "binary", f"{name}: the unscheduled kernel no longer lowers"
    status, _ = _to_spirv(kw, "strategy=pingpong")
    assert why in status, f"{name}: now {status!r}: move it to SPIRV_GEMMS if it lowers"
