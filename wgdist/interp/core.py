"""The evaluator core: IR is precompiled into closures over a per-call frame (a list of slots).

A *compiler* (:data:`CompilerFn`) receives the :class:`FuncCompiler` and one op and returns a
*step*: a function ``step(frame) -> None`` that reads operand slots and writes result slots, or
a :class:`GenStep` wrapping a generator function (for ops that may wait at a barrier, directly or
inside their regions). ``frame[0]`` is the :class:`Thread` running the code.

The op family modules (:mod:`~wgdist.interp.arith`, :mod:`~wgdist.interp.vector`, ...) export
their compilers in tables keyed by op class, which :mod:`wgdist.interp.table` merges into one
:class:`OpTable`; a :class:`Program` is given that table (the core imports no family).

A subgroup is run as a generator that yields at barriers (see :mod:`wgdist.interp.launch`);
blocks without barriers run as plain loops, which keeps the common path fast.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import StringAttr
from xdsl.dialects.func import CallOp
from xdsl.ir import Block, Operation, Region, SSAValue

from wgdist.interp.values import BarrierState, InterpError, UnsupportedOpError, WriterInfo
from wgdist.ir.diagnostics import location_of

Frame = list[Any]
Step = Callable[[Frame], None]
Wait = tuple[Any, ...]  # what a subgroup waits for: ("barrier", op) or ("nbarrier", op, id, gen)
Probe = Callable[["Thread", Any], None]
"""Called with the running thread and the value each time the op defining a watched SSA value
runs (:class:`Program`'s ``probes``; wgdist-check's value comparison)."""


class GenStep:
    """A step that is a generator function: it may yield waits (barriers)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[Frame], Generator[Wait, None, None]]):
        self.fn = fn


Compiled = Step | GenStep
CompilerFn = Callable[["FuncCompiler", Any], Compiled]
"""Compiles one op into a step; each family types the op parameter by the op class it handles."""

StepTable = dict[type[Operation], CompilerFn]
"""A family's compilers by the op class each handles."""
OpClasses = frozenset[type[Operation]]


class OpTable:
    """Everything the core knows per op class: the compilers, the ops that may wait at a barrier
    and the terminators (whose operands are the results of their block; they have no step).

    Lookups go by ``type(op)``. An op built from another Python class for the same op - xDSL's
    own ``arith.cmpi``/``arith.select``/``arith.index_cast``, which wgdist's passes create while
    wgdist's context parses wgdist's subclasses of them, or xDSL's ``gpu`` ops, which wgdist's
    ``gpu`` dialect replaces - gets the entry of the class that has its name.
    """

    def __init__(self, compilers: Mapping[type[Operation], CompilerFn], blocking: OpClasses, terminators: OpClasses):
        self.compilers = dict(compilers)
        self.blocking = blocking
        self.terminators = terminators
        self._by_name = {cls.name: fn for cls, fn in self.compilers.items()}
        self._blocking_names = frozenset(cls.name for cls in blocking)
        self._terminator_names = frozenset(cls.name for cls in terminators)

    def compiler(self, op: Operation) -> CompilerFn | None:
        fn = self.compilers.get(type(op))
        return self._by_name.get(op.name) if fn is None else fn

    def is_blocking(self, op: Operation) -> bool:
        return type(op) in self.blocking or op.name in self._blocking_names

    def is_terminator(self, op: Operation) -> bool:
        return type(op) in self.terminators or op.name in self._terminator_names


def symbol_name(op: Operation) -> str:
    """The ``sym_name`` of a function (a property in xDSL 0.74, an attribute in older IR)."""
    attr = op.properties.get("sym_name") or op.attributes.get("sym_name")
    assert isinstance(attr, StringAttr), f"{op.name} has no sym_name"
    return attr.data


def describe_op(op: Operation) -> str:
    """``'name' at file:line:col`` (without the location when there is none)."""
    loc = location_of(op)
    return f"'{op.name}'" + (f" at {loc}" if loc else "")


@dataclass
class WorkgroupShared:
    """State all subgroups of one workgroup share: SLM allocations and barriers."""

    slm: dict[tuple[Operation, int], Any] = field(default_factory=dict)  # -> MemRef
    barriers: BarrierState = field(default_factory=BarrierState)


class Thread:
    """One executing program instance: a subgroup (SG mode) or a whole workgroup (WG mode).

    ``num_subgroups`` describes the launch (the same in both modes); ``None`` when a workgroup
    mode run was not told it.
    """

    def __init__(
        self,
        wg: tuple[int, int, int],
        grid: tuple[int, int, int],
        sg: int | None,
        num_subgroups: int | None,
        shared: WorkgroupShared,
        subgroup_size: int = 16,
    ):
        self.wg = wg
        self.grid = grid
        self.sg = sg
        self.num_subgroups = num_subgroups
        self.subgroup_size = subgroup_size
        self.shared = shared
        self.wg_linear = wg[0] + grid[0] * (wg[1] + grid[1] * wg[2])
        self.who = WriterInfo(self.wg_linear, -1 if sg is None else sg)
        self.ops = 0
        self.alloc_counts: dict[Operation, int] = {}
        self.memory: Any = None
        """The launch's pointer buffers (:class:`~wgdist.interp.pointers.AddressSpace`)."""

    def describe(self) -> str:
        where = f"workgroup ({self.wg[0]}, {self.wg[1]}, {self.wg[2]})"
        return where if self.sg is None else f"subgroup {self.sg} of {where}"


@dataclass
class BlockCode:
    steps: list[Compiled]
    ops: list[Operation]
    blocking: bool
    arg_slots: list[int]
    term: Operation | None
    term_slots: list[int]


def internal_error(op: Operation, e: Exception) -> InterpError:
    return InterpError(op, f"evaluation failed: {type(e).__name__}: {e}")


def run_plain(bc: BlockCode, v: Frame) -> None:
    """Run a block that never waits (every step is a plain function)."""
    v[0].ops += len(bc.steps) + 1
    i = 0
    try:
        for s in bc.steps:
            s(v)  # type: ignore[operator]  # a non-blocking block holds no GenStep
            i += 1
    except InterpError:
        raise
    except (ArithmeticError, ValueError, IndexError, TypeError, KeyError) as e:
        raise internal_error(bc.ops[i], e) from e


def run_gen(bc: BlockCode, v: Frame) -> Generator[Wait, None, None]:
    """Run a block that may wait at barriers (yields the waits)."""
    v[0].ops += len(bc.steps) + 1
    for s, op in zip(bc.steps, bc.ops):
        try:
            if isinstance(s, GenStep):
                yield from s.fn(v)
            else:
                s(v)
        except InterpError:
            raise
        except (ArithmeticError, ValueError, IndexError, TypeError, KeyError) as e:
            raise internal_error(op, e) from e


def run_block(bc: BlockCode, v: Frame) -> Generator[Wait, None, None]:
    if bc.blocking:
        yield from run_gen(bc, v)
    else:
        run_plain(bc, v)


@dataclass
class FuncCode:
    name: str
    nslots: int
    body: BlockCode

    def call(self, thread: Thread, args: list[Any]) -> Generator[Wait, None, list[Any]]:
        v: Frame = [None] * self.nslots
        v[0] = thread
        for s, a in zip(self.body.arg_slots, args):
            v[s] = a
        if self.body.blocking:
            yield from run_gen(self.body, v)
        else:
            run_plain(self.body, v)
        return [v[s] for s in self.body.term_slots]


class Program:
    """All functions of a module, compiled on first use with the compilers of ``table``."""

    def __init__(self, module: Operation, table: OpTable, probes: Mapping[SSAValue, Probe] | None = None):
        self.module = module
        self.table = table
        self.probes = probes or {}
        """Op results whose every value is handed to a :data:`Probe` after their op runs."""
        self.funcs: dict[str, Operation] = {}
        for op in module.walk():
            if op.name in ("func.func", "gpu.func"):
                self.funcs[symbol_name(op)] = op
        self.code: dict[str, FuncCode] = {}
        self._blocking: dict[str, bool] = {}

    def function(self, name: str) -> FuncCode:
        fc = self.code.get(name)
        if fc is None:
            op = self.funcs[name]
            fc = FuncCompiler(self, op).compile()
            self.code[name] = fc
        return fc

    def func_may_block(self, name: str) -> bool:
        if name not in self._blocking:
            self._blocking[name] = True  # recursion: assume the worst
            op = self.funcs.get(name)
            self._blocking[name] = op is not None and any(
                self.op_may_block(o) for o in op.walk() if o is not op
            )
        return self._blocking[name]

    def op_may_block(self, op: Operation) -> bool:
        if self.table.is_blocking(op):
            return True
        if isinstance(op, CallOp):
            return self.func_may_block(op.callee.root_reference.data)
        return False


class FuncCompiler:
    """Compiles one function body; owns the slot numbering of its SSA values."""

    def __init__(self, program: Program, func: Operation):
        self.program = program
        self.func = func
        self.slots: dict[SSAValue, int] = {}
        self.nslots = 1  # slot 0: the thread

    def slot(self, v: SSAValue) -> int:
        s = self.slots.get(v)
        if s is None:
            s = self.nslots
            self.slots[v] = s
            self.nslots += 1
        return s

    def where(self, op: Operation) -> str:
        return location_of(op) or op.name

    def ins(self, op: Operation) -> list[int]:
        return [self.slot(o) for o in op.operands]

    def outs(self, op: Operation) -> list[int]:
        return [self.slot(r) for r in op.results]

    def probed(self, op: Operation, step: Compiled) -> Compiled:
        """``step`` followed by the probes of ``op``'s watched results."""
        watched = [(self.slot(r), self.program.probes[r]) for r in op.results if r in self.program.probes]
        if not watched:
            return step

        def report(v: Frame) -> None:
            for slot, probe in watched:
                probe(v[0], v[slot])

        if isinstance(step, GenStep):
            inner_gen = step.fn

            def gen(v: Frame) -> Generator[Wait, None, None]:
                yield from inner_gen(v)
                report(v)

            return GenStep(gen)
        inner = step

        def plain(v: Frame) -> None:
            inner(v)
            report(v)

        return plain

    def compile(self) -> FuncCode:
        region = self.func.regions[0]
        if len(region.blocks) != 1:
            raise UnsupportedOpError(self.func, "only single-block function bodies are supported")
        body = self.block(region.blocks[0])
        return FuncCode(symbol_name(self.func), self.nslots, body)

    def region_block(self, op: Operation, region: Region) -> BlockCode:
        if len(region.blocks) != 1:
            raise UnsupportedOpError(op, "regions with several blocks are not supported")
        return self.block(region.blocks[0])

    def block(self, block: Block) -> BlockCode:
        table = self.program.table
        steps: list[Compiled] = []
        ops: list[Operation] = []
        term: Operation | None = None
        blocking = False
        for op in block.ops:
            if table.is_terminator(op):
                term = op
                continue
            fn = table.compiler(op)
            if fn is None:
                raise UnsupportedOpError(op, "is not supported by the interpreter")
            step = fn(self, op)
            if self.program.probes:
                step = self.probed(op, step)
            blocking = blocking or isinstance(step, GenStep)
            steps.append(step)
            ops.append(op)
        return BlockCode(
            steps,
            ops,
            blocking,
            [self.slot(a) for a in block.args],
            term,
            self.ins(term) if term is not None else [],
        )
