"""No false alarm on the gpu.barrier the distribution inserts: every example and every chunk of
the distribution pass's FileCheck inputs, distributed, passes the barrier check, with the
subgroup count of its layouts and without any."""

from __future__ import annotations

from xdsl.dialects import func

import wgdist
from tests.unit.cli.lowering import kernels
from wgdist.dialects import gpu
from wgdist.interp.kernel_inputs import has_sg_layout, infer_subgroups
from wgdist.passes.schedule.barrier_check import barrier_problems


def test_distributed_outputs_have_no_barrier_problem() -> None:
    checked = barriers = 0
    for name, text, passes in kernels():
        counts = {
            op.sym_name.data: infer_subgroups(op)
            for op in wgdist.parse(text).walk()
            if isinstance(op, func.FuncOp | gpu.FuncOp) and has_sg_layout(op)
        }
        out = wgdist.run_pipeline(text, passes)
        for fn in out.walk():
            if not isinstance(fn, func.FuncOp | gpu.FuncOp):
                continue
            n = counts.get(fn.sym_name.data)
            for count in {n, None}:
                found = barrier_problems(fn, count)
                assert found == [], (name, count, [(p.op.name, p.message) for p in found])
            checked += 1
            barriers += sum(isinstance(op, gpu.BarrierOp) for op in fn.walk())
    # the corpus really has barriers to check (SLM exchanges, shared tiles, loops)
    assert checked > 50 and barriers > 30, (checked, barriers)
