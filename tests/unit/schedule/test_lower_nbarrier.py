"""xegpu-lower-nbarrier: what it lowers computes what the named-barrier program computes under
adversarial interleavings (and still needs its barriers); what it refuses is left untouched."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.context import Context

import wgdist
from tests.unit.schedule.sync_kernels import DIST, check, gemm, schedule
from wgdist.dialects import gpu, xegpu
from wgdist.interp import run_kernel
from wgdist.interp.launch import Schedule
from wgdist.ir.diagnostics import OpError
from wgdist.passes.schedule.barrier_check import barrier_problems
from wgdist.passes.xegpu_lower_nbarrier import XeGPULowerNbarrierPass

# Each subgroup publishes its id, then (after the named barrier) reads its neighbour's, %n
# times; a split barrier spans the steps (arrive after the write, wait before the read).
EXCHANGE = """
gpu.module @m {
  gpu.func @k(%x: memref<4xi32>, %o: memref<4xi32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %id = arith.constant 0 : i8
    %p = arith.constant 4 : i8
    xegpu.alloc_nbarrier 1
    %nb = xegpu.init_nbarrier %id, %p : i8, i8 -> !xegpu.nbarrier
    %n0 = arith.addi %sg, %c1 : index
    %next = arith.remui %n0, %c4 : index
    scf.for %k = %c0 to %n step %c1 {
      %ki = arith.index_cast %k : index to i32
      %s = arith.index_cast %sg : index to i32
      %v = arith.addi %ki, %s : i32
      memref.store %v, %x[%sg] : memref<4xi32>
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
      %y = memref.load %x[%next] : memref<4xi32>
      %acc = memref.load %o[%sg] : memref<4xi32>
      %t = arith.addi %acc, %y : i32
      memref.store %t, %o[%sg] : memref<4xi32>
      xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
      xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    }
    gpu.return
  }
}
"""


def run(text: str, trips: int, s: Schedule) -> list[int]:
    r = run_kernel(wgdist.parse(text), [np.zeros(4, dtype=np.int32), np.zeros(4, dtype=np.int32), trips],
                   subgroups=4, schedule=s)
    return [int(v) for v in r.buffers[1].data]


def lowered(text: str, options: str = "") -> str:
    return wgdist.print_module(wgdist.run_pipeline(text, f"xegpu-lower-nbarrier{options}"))


@pytest.mark.parametrize("trips", [0, 1, 3])
def test_gpu_barrier_form_computes_what_the_named_barriers_compute(trips: int) -> None:
    low = lowered(EXCHANGE)
    assert "nbarrier" not in low and low.count("gpu.barrier") == 2
    want = [sum(k + (s + 1) % 4 for k in range(trips)) for s in range(4)]
    for s in (Schedule("in-order"), Schedule("reversed"), Schedule("random", 5)):
        assert run(EXCHANGE, trips, s) == want
        assert run(low, trips, s) == want
    # the barriers matter: without them some order reads a value not yet written
    racy = low.replace("gpu.barrier", "")
    if trips:
        assert any(run(racy, trips, s) != want for s in (Schedule("in-order"), Schedule("reversed")))


def test_split_target_keeps_both_ends_as_calls_in_place() -> None:
    low = lowered(EXCHANGE, "{target=spirv-split-barrier}")
    module = wgdist.parse(low)
    calls = [op.callee.string_value() for op in module.walk() if op.name == "func.call"]
    assert calls == ["_Z33__spirv_ControlBarrierArriveINTELiii", "_Z31__spirv_ControlBarrierWaitINTELiii"] * 2
    assert not any(isinstance(op, xegpu.NbarrierArriveOp | xegpu.InitNbarrierOp) for op in module.walk())


@pytest.mark.parametrize("interval", [1, 2])
@pytest.mark.parametrize("trips", [0, 1, 3])
def test_split_barrier_schedule_lowered_agrees_with_the_workgroup_program(interval: int, trips: int) -> None:
    kernel = gemm(32, 64, 32, (2, 2), halves=2)
    scheduled = schedule(kernel, f"strategy=split-barrier interval={interval}")
    XeGPULowerNbarrierPass().apply(Context(), scheduled)
    assert not any(isinstance(op, xegpu.NbarrierWaitOp) for op in scheduled.walk())
    assert any(isinstance(op, gpu.BarrierOp) for op in scheduled.walk())
    (fn,) = [op for op in scheduled.walk() if isinstance(op, gpu.FuncOp)]
    assert barrier_problems(fn) == []
    r = check(kernel, scheduled, trips)
    assert r.ok, r.report


def test_pingpong_is_refused_at_its_phase_offset_and_left_untouched() -> None:
    kernel = gemm(32, 64, 32, (2, 2), halves=2)
    scheduled = schedule(kernel, "strategy=pingpong converge=false")
    before = wgdist.print_module(scheduled)
    with pytest.raises(OpError, match=r"'xegpu.nbarrier_wait' op is reached 0 time\(s\) by subgroup\(s\) 0-1; "
                       r"1 time\(s\) by subgroup\(s\) 2-3, under the scf.if .* needs hardware named barriers"):
        XeGPULowerNbarrierPass().apply(Context(), scheduled)
    assert wgdist.print_module(scheduled) == before


def test_refusals_name_the_op_and_change_nothing() -> None:
    subset = EXCHANGE.replace("%p = arith.constant 4", "%p = arith.constant 2")
    module = wgdist.parse(subset)
    before = wgdist.print_module(module)
    with pytest.raises(OpError, match=r"named barrier 0 declares 2 participants but 4 of the 4 subgroups arrive at it \(subgroup\(s\) 0-3\); its named barriers are not lowered"):
        XeGPULowerNbarrierPass().apply(Context(), module)
    assert wgdist.print_module(module) == before
    no_count = EXCHANGE.replace(" attributes {known_block_size = array<i32: 64, 1, 1>}", "")
    with pytest.raises(OpError, match="without the subgroup count"):
        XeGPULowerNbarrierPass().apply(Context(), wgdist.parse(no_count))
    XeGPULowerNbarrierPass(num_subgroups=4).apply(Context(), wgdist.parse(no_count))  # the count given


def test_the_distributed_kernels_without_named_barriers_are_unchanged() -> None:
    kernel = gemm(32, 64, 32, (2, 2), halves=2)
    module = wgdist.run_pipeline(kernel, DIST)
    before = wgdist.print_module(module)
    XeGPULowerNbarrierPass().apply(Context(), module)
    assert wgdist.print_module(module) == before
