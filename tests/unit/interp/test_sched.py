"""Interpreter: subgroup mode, shared local memory, barriers, named barriers, deadlocks."""

from __future__ import annotations

import numpy as np
import pytest

import wgdist
from wgdist.interp import DeadlockError, InterpError, run_kernel

# Each subgroup writes its id into SLM slot sg, then (after a barrier) reads its neighbour's slot.
EXCHANGE = """
gpu.module @m {
  gpu.func @k(%o: memref<4x8xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %bx = gpu.block_id x
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %slm = memref.alloc() : memref<4xi32, 3>
    %w = arith.muli %bx, %c100 : index
    %x = arith.addi %w, %sg : index
    %xi = arith.index_cast %x : index to i32
    memref.store %xi, %slm[%sg] : memref<4xi32, 3>
    BARRIER
    %n0 = arith.addi %sg, %c1 : index
    %n = arith.remui %n0, %c4 : index
    %y = memref.load %slm[%n] : memref<4xi32, 3>
    %col = arith.muli %bx, %c4 : index
    %c = arith.addi %col, %sg : index
    %c0 = arith.constant 0 : index
    memref.store %y, %o[%c0, %c] : memref<4x8xi32>
    gpu.return
  }
}
"""


def test_slm_is_shared_per_workgroup_and_barrier_orders_phases() -> None:
    src = EXCHANGE.replace("BARRIER", "gpu.barrier")
    r = run_kernel(wgdist.parse(src), [np.zeros((4, 8))], grid=(2, 1), subgroups=4)
    row = r.buffers[0].data.reshape(4, 8)[0]
    want = [100 * wg + (s + 1) % 4 for wg in range(2) for s in range(4)]
    assert row.tolist() == want
    assert r.buffers[0].last_sg.reshape(4, 8)[0].tolist() == [0, 1, 2, 3] * 2


def test_without_the_barrier_a_subgroup_reads_data_not_yet_written() -> None:
    src = EXCHANGE.replace("BARRIER", "")
    r = run_kernel(wgdist.parse(src), [np.zeros((4, 8))], grid=(1, 1), subgroups=4)
    row = r.buffers[0].data.reshape(4, 8)[0, :4]
    # subgroups run in id order between barriers: 0..2 read uninitialized slots
    assert row[3] == 0 and row[:3].tolist() != [1, 2, 3]


DEADLOCK = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %c2 = arith.constant 2 : index
    %p = arith.cmpi ult, %sg, %c2 : index
    scf.if %p {
      gpu.barrier
    }
    gpu.return
  }
}
"""


def test_barrier_not_reached_by_every_subgroup_is_a_deadlock() -> None:
    with pytest.raises(DeadlockError, match=r"deadlock in workgroup \(0, 0, 0\).*subgroups 0-1 wait at 'gpu.barrier' at <string>:8:7; subgroups 2-3 returned"):
        run_kernel(wgdist.parse(DEADLOCK), [np.zeros(4)], subgroups=4)


def test_workgroup_mode_runs_barriers_as_no_ops_and_has_no_subgroup_id() -> None:
    src = EXCHANGE.replace("BARRIER", "gpu.barrier")
    with pytest.raises(InterpError, match="'gpu.subgroup_id' op has no value in workgroup mode"):
        run_kernel(wgdist.parse(src), [np.zeros((4, 8))])


NAMED = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %id = arith.constant 1 : i8
    %n = arith.constant PARTICIPANTS : i8
    %slm = memref.alloc() : memref<4xi32, 3>
    xegpu.alloc_nbarrier 2
    %nb = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
    %i = arith.index_cast %sg : index to i32
    %d = arith.subi %c3, %sg : index
    memref.store %i, %slm[%d] : memref<4xi32, 3>
    xegpu.nbarrier_arrive %nb : !xegpu.nbarrier
    xegpu.nbarrier_wait %nb : !xegpu.nbarrier
    %y = memref.load %slm[%sg] : memref<4xi32, 3>
    memref.store %y, %o[%sg] : memref<4xi32>
    gpu.return
  }
}
"""


def test_named_barrier_synchronizes_its_participants() -> None:
    r = run_kernel(wgdist.parse(NAMED.replace("PARTICIPANTS", "4")), [np.zeros(4)], subgroups=4)
    assert r.buffers[0].data.tolist() == [3, 2, 1, 0]


def test_named_barrier_whose_last_generation_never_fills_deadlocks() -> None:
    # 3 participants, 4 subgroups: subgroups 0-2 complete a generation, subgroup 3 waits alone
    with pytest.raises(DeadlockError, match=r"subgroups 0-2 returned; subgroups 3 wait at 'xegpu.nbarrier_wait' at <string>:17:5 on named barrier 1"):
        run_kernel(wgdist.parse(NAMED.replace("PARTICIPANTS", "3")), [np.zeros(4)], subgroups=4)


def test_more_participants_than_subgroups_is_an_error() -> None:
    with pytest.raises(InterpError, match="'xegpu.init_nbarrier' op 4 participants for a workgroup of 3 subgroups"):
        run_kernel(wgdist.parse(NAMED.replace("PARTICIPANTS", "4")), [np.zeros(4)], subgroups=3)


def test_errors_name_the_subgroup() -> None:
    src = """
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %c1 = arith.constant 1 : index
    %i = arith.addi %sg, %c1 : index
    %v = arith.constant 7 : i32
    memref.store %v, %o[%i] : memref<4xi32>
    gpu.return
  }
}"""
    with pytest.raises(InterpError, match=r"'memref.store' op index \[4\] is out of bounds of memref '%o' of shape \[4\] in dimension 0 \(size 4\) \(subgroup 3 of workgroup \(0, 0, 0\)\)"):
        run_kernel(wgdist.parse(src), [np.zeros(4)], subgroups=4)


def test_launch_ids() -> None:
    src = """
gpu.module @m {
  gpu.func @k(%o: memref<3x2x6xindex>) kernel {
    %x = gpu.block_id x
    %y = gpu.block_id y
    %gx = gpu.grid_dim x
    %gy = gpu.grid_dim y
    %sg = gpu.subgroup_id : index
    %ns = gpu.num_subgroups : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    memref.store %x, %o[%x, %sg, %c0] : memref<3x2x6xindex>
    memref.store %y, %o[%x, %sg, %c1] : memref<3x2x6xindex>
    memref.store %gx, %o[%x, %sg, %c2] : memref<3x2x6xindex>
    memref.store %gy, %o[%x, %sg, %c3] : memref<3x2x6xindex>
    memref.store %sg, %o[%x, %sg, %c4] : memref<3x2x6xindex>
    memref.store %ns, %o[%x, %sg, %c5] : memref<3x2x6xindex>
    gpu.return
  }
}"""
    r = run_kernel(wgdist.parse(src), [np.zeros((3, 2, 6))], grid=(3, 1), subgroups=2)
    out = r.buffers[0].data.reshape(3, 2, 6)
    for x in range(3):
        for s in range(2):
            assert out[x, s].tolist() == [x, 0, 3, 1, s, 2]


LAUNCH = """
gpu.module @m {
  gpu.func @k(%o: memref<3xindex>) kernel {
    %ns = gpu.num_subgroups : index
    %bd = gpu.block_dim x
    %ss = gpu.subgroup_size : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    memref.store %ns, %o[%c0] : memref<3xindex>
    memref.store %bd, %o[%c1] : memref<3xindex>
    memref.store %ss, %o[%c2] : memref<3xindex>
    gpu.return
  }
}"""


def test_both_modes_describe_the_same_launch() -> None:
    m = wgdist.parse(LAUNCH)
    wg = run_kernel(m, [np.zeros(3)], subgroups=8, mode="workgroup")
    sg = run_kernel(m, [np.zeros(3)], subgroups=8)
    assert wg.buffers[0].data.tolist() == sg.buffers[0].data.tolist() == [8, 128, 16]
    assert int(wg.buffers[0].n_writes.sum()) == 3  # one program instance in workgroup mode


def test_workgroup_mode_without_the_launch_size_has_no_subgroup_count() -> None:
    with pytest.raises(InterpError, match="'gpu.num_subgroups' op has no value: this workgroup mode run was not told"):
        run_kernel(wgdist.parse(LAUNCH), [np.zeros(3)])
    with pytest.raises(ValueError, match="subgroup mode needs the number of subgroups"):
        run_kernel(wgdist.parse(LAUNCH), [np.zeros(3)], mode="subgroup")
