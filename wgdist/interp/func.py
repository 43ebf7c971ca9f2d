"""func ops: ``func.call`` to functions of the same module (compiled on first use);
``func.return`` ends a function body."""

from __future__ import annotations

from collections.abc import Generator

from xdsl.dialects.func import CallOp, ReturnOp

from wgdist.interp.core import Compiled, Frame, FuncCompiler, GenStep, OpClasses, StepTable, Wait
from wgdist.interp.values import UnsupportedOpError


def _call(c: FuncCompiler, op: CallOp) -> Compiled:
    name = op.callee.root_reference.data
    program = c.program
    if name not in program.funcs:
        raise UnsupportedOpError(op, f"calls '@{name}', which is not defined in the module")
    callee = program.funcs[name]
    if not callee.regions[0].blocks:
        raise UnsupportedOpError(op, f"calls the external function '@{name}'")
    ins = c.ins(op)
    outs = c.outs(op)

    if program.func_may_block(name):

        def gen(v: Frame) -> Generator[Wait, None, None]:
            res = yield from program.function(name).call(v[0], [v[i] for i in ins])
            for o, x in zip(outs, res):
                v[o] = x

        return GenStep(gen)

    def step(v: Frame) -> None:
        gen = program.function(name).call(v[0], [v[i] for i in ins])
        try:
            next(gen)
        except StopIteration as stop:
            for o, x in zip(outs, stop.value):
                v[o] = x

    return step


STEPS: StepTable = {CallOp: _call}
TERMINATORS: OpClasses = frozenset({ReturnOp})
