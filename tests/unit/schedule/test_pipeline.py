"""strategy=pipeline: the structure it builds (prologue, steady loop, epilogue), the op multiset
of one step, the order of what it must not reorder, and what it refuses."""

from __future__ import annotations

from collections import Counter

import pytest
from xdsl.dialects import scf
from xdsl.ir import Operation

import wgdist
from tests.unit.schedule.gemm_gen import DISTRIBUTE, gemm
from wgdist.ir.diagnostics import capture_diagnostics
from wgdist.passes.schedule.classify import OpKind, classify, k_loops

# what the pass clones or adds per step: index arithmetic of the reads' addresses, their guards
ADDED = {"arith.constant", "arith.addi", "arith.muli", "arith.cmpi", "scf.if", "scf.yield"}
READS = {"xegpu.load_nd", "xegpu.prefetch_nd"}


def _distributed(**kw: object) -> wgdist.ModuleOp:
    return wgdist.run_pipeline(wgdist.parse(gemm(**kw)), DISTRIBUTE)  # type: ignore[arg-type]


def _schedule(module: wgdist.ModuleOp, options: str) -> list[str]:
    notes: list[str] = []
    with capture_diagnostics(lambda d: notes.append(d.message)):
        wgdist.run_pipeline(module, f"xegpu-k-loop-schedule{{{options}}}")
    return notes


def _flat(block_ops: list[Operation]) -> list[Operation]:
    """The ops of a body with scf.if then-regions inlined (the guarded reads)."""
    out: list[Operation] = []
    for op in block_ops:
        out.append(op)
        if isinstance(op, scf.IfOp):
            out += _flat(list(op.true_region.block.ops))
    return out


def _loops(module: wgdist.ModuleOp) -> list[scf.ForOp]:
    return [op for op in module.walk() if isinstance(op, scf.ForOp)]


CASES = [
    dict(),
    dict(m=32, n=64, dn=16),
    dict(convert=True),
    dict(barrier=True),
    dict(prefetch=False, m=64, n=32),
]


@pytest.mark.parametrize("kw", CASES)
@pytest.mark.parametrize("options", ["stages=2", "stages=3 fragments=2", "stages=2 fragments=0", "stages=1 fragments=0"])
def test_one_step_executes_the_original_ops(kw: dict[str, object], options: str) -> None:
    trip = 16
    module = _distributed(**(kw | dict(k_size=16 * trip)))
    (loop,) = k_loops(module)
    original = list(loop.body.block.ops)
    kinds = classify(loop)
    assert not isinstance(kinds, type(None))
    inside = Counter(op.name for op in original if op.name not in READS | ADDED)
    before = _weighted(module) - Counter({k: trip * v for k, v in inside.items()})
    _schedule(module, options)
    loops = _loops(module)
    steps = [_int(new.step) // 16 for new in loops]  # original steps per iteration
    # a steady loop and an epilogue loop; or, with a queue of u >= 2 values, a steady loop of u
    # steps per iteration followed by the remaining steps without a loop
    assert steps in ([1, 1], [2], [3])
    want = Counter(op.name for op in original if op.name not in ADDED)
    fixed = [op.name for op in original if op.name not in READS | ADDED]
    barriers = sum(op.name == "gpu.barrier" for op in original)
    for new, u in zip(loops, steps):
        got = Counter(op.name for op in _flat(list(new.body.block.ops)) if op.name not in ADDED)
        assert got == Counter({k: u * v for k, v in want.items()})
        # what is not a read keeps its relative order (dpas, SLM ops, barriers, the rest)
        assert [op.name for op in new.body.block.ops if op.name not in READS | ADDED] == fixed * u
        # no read crosses a sync op: the reads between two barriers are the same
        per_step: Counter[tuple[int, str]] = Counter()
        for t in range(u):
            for (b, name), c in _segments(original).items():
                per_step[b + t * barriers, name] += c
        assert _segments(_flat(list(new.body.block.ops))) == per_step
    # every op that is not a read runs once per step, loops counted by their trip counts
    after = _weighted(module)
    for name in set(after) | set(before) | set(inside):
        assert after[name] - before[name] == trip * inside[name], name


def _weighted(module: wgdist.ModuleOp) -> Counter[str]:
    """The function's ops that are not reads or index arithmetic, outside the K loop(s) once,
    inside them once per iteration."""
    fn = next(op for op in module.walk() if op.name == "gpu.func")
    out: Counter[str] = Counter()
    for op in fn.body.block.ops:
        if isinstance(op, scf.ForOp):
            for inner in op.body.block.ops:
                if inner.name not in READS | ADDED:
                    out[inner.name] += _trips(op)
        elif op.name not in READS | ADDED:
            out[op.name] += 1
    return out


def _int(value: object) -> int:
    owner = value.owner  # type: ignore[attr-defined]
    return owner.value.value.data  # type: ignore[no-any-return]


def _trips(loop: scf.ForOp) -> int:
    return max(0, -((_int(loop.lb) - _int(loop.ub)) // _int(loop.step)))


def _segments(ops: list[Operation]) -> Counter[tuple[int, str]]:
    """(barriers before it, name) of every read."""
    out: Counter[tuple[int, str]] = Counter()
    seen = 0
    for op in ops:
        seen += op.name == "gpu.barrier"
        if op.name in READS:
            out[seen, op.name] += 1
    return out


@pytest.mark.parametrize("trip", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("stages", [2, 3])
def test_prologue_reads_each_existing_step_once(trip: int, stages: int) -> None:
    module = _distributed(ub=16 * trip, k_size=64)
    (loop,) = k_loops(module)
    per_step = sum(op.name == "xegpu.load_nd" for op in loop.body.block.ops)
    assert per_step == 3  # two A tiles (the C block wraps along M) and one B tile
    _schedule(module, f"stages={stages}")
    fn = next(op for op in module.walk() if op.name == "gpu.func")
    top = [op for op in fn.body.block.ops]
    loops = [op for op in top if isinstance(op, scf.ForOp)]
    if loops:  # every load of a step, for the min(trip, stages - 1) steps the prologue covers
        loads = [op for op in top[: top.index(loops[0])] if op.name == "xegpu.load_nd"]
        assert len(loads) == per_step * min(trip, stages - 1)
    if stages == 2:  # a steady loop and an epilogue loop
        assert len(loops) == (trip > stages - 1) + (trip > 0)
    else:  # a steady loop of two steps per iteration, when it has one, then the rest unrolled
        assert len(loops) == (trip >= 4)
    # and every step is read once in all: none twice, none beyond the trip count
    total = sum(op.name == "xegpu.load_nd" for op in top) + sum(
        _trips(lp) * sum(op.name == "xegpu.load_nd" for op in lp.body.block.ops) for lp in loops)
    assert total == per_step * trip
    assert not any(isinstance(op, scf.IfOp) for op in top), "a static trip count needs no guard"


def test_dynamic_trip_count_guards_the_prologue() -> None:
    module = _distributed(dynamic=True)
    _schedule(module, "stages=3")
    fn = next(op for op in module.walk() if op.name == "gpu.func")
    top = list(fn.body.block.ops)
    loop = next(op for op in top if isinstance(op, scf.ForOp))
    guards = [op for op in top[: top.index(loop)] if isinstance(op, scf.IfOp)]
    assert len(guards) == 2  # steps 0 and 1
    # after the steady loop (two steps per iteration), up to three steps, each guarded
    after = [op for op in top[top.index(loop) :] if isinstance(op, scf.IfOp)]
    assert len(after) == 3 and all(any(o.name == "xegpu.dpas" for o in op.walk()) for op in after)
    names = [op.name for op in fn.body.block.ops]
    assert "arith.ceildivsi" in names and "arith.maxsi" in names


def test_queue_values_are_read_in_the_iteration_that_yields_them() -> None:
    """A tile read two steps ahead lives in two iter_args; the steady loop runs two steps per
    iteration so that it yields only values it read (never one of its own iter_args, which
    mlir-opt 22's xegpu-subgroup-distribute crashes on), and each step's dpas take the queue
    slot of their step."""
    module = _distributed(k_size=16 * 8)
    _schedule(module, "stages=3")
    steady = _loops(module)[0]
    assert _int(steady.step) == 32
    block = steady.body.block
    carried = 2  # two accumulators
    yield_op = block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    queue_args = block.args[1 + carried :]
    assert not set(yield_op.operands) & set(block.args)
    assert all(v.owner.name == "xegpu.load_nd" for v in yield_op.operands[carried:])  # type: ignore[union-attr]
    dpas = [op for op in block.ops if op.name == "xegpu.dpas"]
    assert len(dpas) == 4
    assert all(op.operands[0] in queue_args[::2] for op in dpas[:2])
    assert all(op.operands[0] in queue_args[1::2] for op in dpas[2:])


def test_nothing_to_schedule_is_a_remark_and_no_change() -> None:
    module = _distributed()
    before = str(module)
    notes = _schedule(module, "stages=1 fragments=1")
    assert str(module) == before
    assert len(notes) == 1 and "stages=1 with one fragment per step moves nothing" in notes[0]


CARRIED = """
gpu.module @m {
  gpu.func @k(%A: memref<64x64xf16>, %B: memref<64x64xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = xegpu.create_nd_tdesc %A[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:3 = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %z, %da = %a, %db = %b) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>) {
      %va = xegpu.load_nd %da : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %db : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %na = xegpu.update_nd_offset %da, [0, 16] : !xegpu.tensor_desc<8x16xf16>
      %nb = xegpu.update_nd_offset %db, [16, 0] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %d, %na, %nb : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>
    }
    gpu.return
  }
}
"""


@pytest.mark.parametrize("stages", [2, 3])
def test_loop_carried_descriptor_is_advanced_for_reads_ahead(stages: int) -> None:
    """Descriptors moved by update_nd_offset in iter_args: a read d steps ahead reads through
    the descriptor advanced d times (the chain cloned), the carried descriptors themselves are
    those of the original loop."""
    module = wgdist.parse(CARRIED)
    notes = _schedule(module, f"stages={stages}")
    assert notes == []
    steady = _loops(module)[0]
    block = steady.body.block
    updates = [op for op in block.ops if op.name == "xegpu.update_nd_offset"]
    u = stages - 1  # steps per iteration (one queue slot per step ahead)
    # per step, (stages - 1) advances per descriptor for the reads ahead, plus the step's two
    assert len(updates) == u * (2 * (stages - 1) + 2)
    yield_op = block.last_op
    assert isinstance(yield_op, scf.YieldOp)
    assert [op.name for op in block.ops][-3:] == ["xegpu.update_nd_offset"] * 2 + ["scf.yield"]
    assert yield_op.operands[1].owner is updates[-2]
    # the carried descriptor: the original step's advance, once per step, from the iter_arg
    v = yield_op.operands[1]
    for _ in range(u):
        assert v.owner.name == "xegpu.update_nd_offset"  # type: ignore[union-attr]
        v = v.owner.operands[0]  # type: ignore[union-attr]
    assert v is block.args[2]


def test_i32_induction_variable_is_refused() -> None:
    module = wgdist.parse(CARRIED.replace("%c0 = arith.constant 0 : index", "%c0 = arith.constant 0 : index\n    %i0 = arith.constant 0 : i32\n    %i16 = arith.constant 16 : i32\n    %i64 = arith.constant 64 : i32").replace("scf.for %k = %c0 to %c64 step %c16", "scf.for %k = %i0 to %i64 step %i16").replace("!xegpu.tensor_desc<16x16xf16>) {", "!xegpu.tensor_desc<16x16xf16>) : i32 {"))
    before = str(module)
    notes = _schedule(module, "stages=2")
    assert str(module) == before
    assert len(notes) == 1 and "the induction variable is i32" in notes[0]
    kinds = classify(k_loops(module)[0])
    assert not isinstance(kinds, type(None)) and OpKind.MMA in kinds.kinds.values()  # type: ignore[union-attr]


def test_barrier_problem_after_rewriting_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from wgdist.ir.diagnostics import OpError
    from wgdist.passes.schedule import barrier_check

    def planted(func_op: Operation, *args: object) -> list[barrier_check.BarrierProblem]:
        return [barrier_check.BarrierProblem(func_op, "planted imbalance")]

    monkeypatch.setattr(barrier_check, "barrier_problems", planted)
    module = _distributed(barrier=True)
    with pytest.raises(OpError, match="internal error: .* barrier problem: planted imbalance"):
        _schedule(module, "stages=2")


def test_undecided_barrier_case_after_rewriting_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    from wgdist.passes.schedule import barrier_check

    def planted(func_op: Operation, *args: object) -> list[barrier_check.BarrierProblem]:
        return [barrier_check.BarrierProblem(func_op, "planted undecided case", "warning")]

    monkeypatch.setattr(barrier_check, "barrier_problems", planted)
    module = _distributed(barrier=True)
    notes = _schedule(module, "stages=2")  # no OpError: not the strategy's fault
    assert [n for n in notes if "barrier check: planted undecided case" in n]
    assert len(_loops(module)) == 2, "the rewrite is kept"


def test_barrier_check_finds_nothing_in_scheduled_loops_with_barriers() -> None:
    from wgdist.passes.schedule.barrier_check import barrier_problems

    for kw in (dict(barrier=True), dict(convert=True), dict(barrier=True, dynamic=True)):
        module = _distributed(**kw)
        _schedule(module, "stages=3 fragments=2")
        fn = next(op for op in module.walk() if op.name == "gpu.func")
        assert any(op.name == "gpu.barrier" for op in fn.walk())
        assert barrier_problems(fn) == []


def test_reads_through_a_data_dependent_offset_are_not_moved() -> None:
    """The offset is carried and advanced by a value read from SLM each step: not an induction,
    so no read can go ahead; the loop is left alone with a remark."""
    text = """
gpu.module @m {
  gpu.func @k(%A: memref<8x256xf16>, %B: memref<256x16xf16>, %S: memref<4xindex, 3>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = xegpu.create_nd_tdesc %A : memref<8x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z, %o = %c0) -> (vector<8x16xf32>, index) {
      %va = xegpu.load_nd %a[0, %o] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%o, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %s = memref.load %S[%k] : memref<4xindex, 3>
      %next = arith.addi %o, %s : index
      scf.yield %d, %next : vector<8x16xf32>, index
    }
    gpu.return
  }
}
"""
    module = wgdist.parse(text)
    before = str(module)
    notes = _schedule(module, "stages=2")
    assert str(module) == before
    assert len(notes) == 1 and "no global read or prefetch to schedule" in notes[0]


@pytest.mark.parametrize("options", ["stages=2", "stages=3", "stages=2 fragments=2"])
def test_a_read_only_an_slm_write_uses_is_not_carried(options: str) -> None:
    module = _distributed(convert=True)
    _schedule(module, options)
    for loop in _loops(module):
        for op in loop.body.block.ops:
            if op.name == "xegpu.store_matrix":  # the tile stored is read in this very step
                src = op.operands[0].owner
                assert isinstance(src, Operation) and src.name == "xegpu.load_nd"
                assert src.parent_block() is loop.body.block
    # the prologue's prefetches (outside any loop) carry the layout of the body's load
    of_a = [op for op in module.walk() if op.name == "xegpu.prefetch_nd" and not _in_loop(op)
            and str(op.operands[0].type).startswith("!xegpu.tensor_desc<8x16xf16")]
    assert of_a and all(op.properties.get("layout") is not None for op in of_a)


def _in_loop(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp):
            return True
        parent = parent.parent_op()
    return False
