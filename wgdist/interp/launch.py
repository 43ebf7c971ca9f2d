"""Launching a kernel: workgroup mode and subgroup mode, with the lockstep barrier scheduler.

*Workgroup mode* runs the function once per workgroup (``gpu.subgroup_id`` has no value there).
*Subgroup mode* runs it once per subgroup id of each workgroup. The subgroups of a workgroup are
generators advanced in turn until each one waits at a barrier or returns: a ``gpu.barrier``
releases when every subgroup of the workgroup waits at one; a named barrier wait releases when
its generation completed. When nothing can proceed, the workgroup is deadlocked and the error
names the barrier op and its location, which subgroups wait there, which returned, and for a
named barrier how many of its participants arrived.

The order in which the subgroups run between two barriers is the *schedule* (:class:`Schedule`):
``in-order`` (subgroup id order), ``reversed``, or ``random`` (a seeded permutation drawn anew
for every round). A kernel with a missing barrier reads data another subgroup has not written
yet under one of these orders; :func:`wgdist.check` runs several.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    DenseArrayBase,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    VectorType,
)
from xdsl.ir import Operation, SSAValue

from wgdist.interp.core import (
    FuncCode,
    Probe,
    Program,
    Thread,
    Wait,
    WorkgroupShared,
    describe_op,
    symbol_name,
)
from wgdist.interp.elements import UnsupportedTypeError, array_converter, np_dtype, scalar_converter
from wgdist.interp.pointers import AddressSpace, pointer_parameters
from wgdist.interp.table import TABLE
from wgdist.interp.values import (
    Buffer,
    DeadlockError,
    InterpError,
    KernelError,
    MemRef,
    UnsupportedOpError,
    memref_layout,
)
from wgdist.ir.diagnostics import location_of


@dataclass
class RunResult:
    buffers: dict[int, Buffer]  # argument index -> buffer (memref arguments)
    ops: int  # executed ops, all threads together
    seconds: float
    grid: tuple[int, int, int]
    # per workgroup (the first KEEP_SLM_WORKGROUPS, x fastest): its SLM allocations after the run
    slm: list[list[tuple[Operation, MemRef]]] = field(default_factory=list)


KEEP_SLM_WORKGROUPS = 64


@dataclass(frozen=True)
class Schedule:
    """The order the subgroups of a workgroup run in between barriers: ``kind`` is
    ``"in-order"``, ``"reversed"`` or ``"random"`` (a permutation per round from ``seed``)."""

    kind: str = "in-order"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("in-order", "reversed", "random"):
            raise ValueError(f"schedule must be 'in-order', 'reversed' or 'random', got {self.kind!r}")

    def __str__(self) -> str:
        return f"random (seed {self.seed})" if self.kind == "random" else self.kind

    def phrase(self) -> str:
        """``in order``, ``in reversed order``, ``in random order (seed S)``."""
        return {"in-order": "in order", "reversed": "in reversed order"}.get(
            self.kind, f"in random order (seed {self.seed})"
        )

    def orderer(self, wg_linear: int) -> Callable[[list[int]], list[int]]:
        """A function putting the runnable subgroups of one round in this schedule's order."""
        if self.kind == "in-order":
            return lambda ids: ids
        if self.kind == "reversed":
            return lambda ids: ids[::-1]
        rng = random.Random(self.seed * 1_000_003 + wg_linear)

        def shuffle(ids: list[int]) -> list[int]:
            out = list(ids)
            rng.shuffle(out)
            return out

        return shuffle


def schedules(n: int, seed: int = 0) -> list[Schedule]:
    """The first ``n`` schedules of a check: in order, reversed, then random ones."""
    fixed = [Schedule("in-order"), Schedule("reversed")]
    return (fixed + [Schedule("random", seed + k) for k in range(max(0, n - 2))])[:n]


def kernel_functions(module: Operation) -> list[Operation]:
    """The functions of a module that have a body (gpu.func and func.func)."""
    return [
        op for op in module.walk()
        if op.name in ("func.func", "gpu.func") and op.regions[0].blocks
    ]


def function_type(func: Operation) -> FunctionType:
    """The type of a ``func.func`` or ``gpu.func``."""
    t = func.properties.get("function_type") or func.attributes.get("function_type")
    assert isinstance(t, FunctionType), f"{func.name} has no function_type"
    return t


def find_function(module: Operation, name: str | None) -> Operation:
    """The function ``name``, or the module's one kernel (``gpu.func ... kernel``) or one
    function."""
    funcs = kernel_functions(module)
    if name is not None:
        for f in funcs:
            if symbol_name(f) == name:
                return f
        have = ", ".join(f"@{symbol_name(f)}" for f in funcs) or "none"
        raise ValueError(f"no function @{name} in the module (functions: {have})")
    kernels = [f for f in funcs if f.name == "gpu.func" and "kernel" in f.attributes]
    pick = kernels or funcs
    if len(pick) != 1:
        names = ", ".join(f"@{symbol_name(f)}" for f in pick) or "none"
        raise ValueError(f"cannot tell which function to run ({names}); pass --func NAME")
    return pick[0]


def known_grid(func: Operation) -> tuple[int, ...] | None:
    """The function's ``known_grid_size`` (xDSL's ``gpu.known_grid_size`` attribute or
    upstream's property), or ``None``."""
    attr = (
        func.attributes.get("gpu.known_grid_size")
        or func.attributes.get("known_grid_size")
        or func.properties.get("known_grid_size")
    )
    if attr is None:
        return None
    if not isinstance(attr, DenseArrayBase):
        raise KernelError(func, f"known_grid_size of @{symbol_name(func)} must be an array<i32: ...>, got {attr}")
    sizes = tuple(int(v) for v in attr.get_values())
    if not 1 <= len(sizes) <= 3 or min(sizes) < 1:
        raise KernelError(func, f"known_grid_size of @{symbol_name(func)} must hold 1 to 3 sizes >= 1, got {list(sizes)}")
    return sizes


def _grid3(grid: Sequence[int]) -> tuple[int, int, int]:
    if len(grid) > 3 or any(x < 1 for x in grid):
        raise ValueError(f"grid must be 1 to 3 positive sizes, got {list(grid)}")
    x, y, z = tuple(grid) + (1,) * (3 - len(grid))
    return x, y, z


def make_arguments(func: Operation, args: Sequence[Any]) -> tuple[list[Any], dict[int, Buffer], AddressSpace]:
    """Wrap numpy arrays for memref parameters in tracked buffers; convert scalars and vectors.
    A pointer parameter (:mod:`~wgdist.interp.pointers`) given an array gets a tracked buffer
    of it and the buffer's address as its value."""
    types = function_type(func).inputs.data
    if len(args) != len(types):
        raise ValueError(f"@{symbol_name(func)} takes {len(types)} arguments, got {len(args)}")
    out: list[Any] = []
    bufs: dict[int, Buffer] = {}
    space = AddressSpace()
    pointers = pointer_parameters(func)
    block_args = func.regions[0].blocks[0].args
    for i, (t, a) in enumerate(zip(types, args)):
        hint = block_args[i].name_hint
        name = f"%{hint}" if hint else f"argument {i}"
        if isinstance(t, IntegerType | IndexType) and np.ndim(a) == 1:  # a pointer's buffer
            elt = pointers[i].elt if i in pointers else None
            data = np.array(array_converter(elt)(np.asarray(a)), dtype=np_dtype(elt)) if elt else np.array(a)
            bufs[i] = Buffer(data.reshape(-1), name, "global", track=True, elt=elt)
            out.append(space.add(i, bufs[i]))
        elif isinstance(t, VectorType):
            arr = np.asarray(a)
            if arr.shape != tuple(t.get_shape()):
                raise ValueError(f"argument {i} has shape {list(arr.shape)}, the parameter {t}")
            out.append(np.array(array_converter(t.element_type)(arr), dtype=np_dtype(t.element_type)))
        elif isinstance(t, MemRefType):
            shape, strides, offset = memref_layout(t, func)
            arr = np.asarray(a)
            if arr.shape != shape:
                raise ValueError(f"argument {i} has shape {list(arr.shape)}, the parameter {t}")
            data = np.array(array_converter(t.element_type)(arr), dtype=np_dtype(t.element_type)).reshape(-1)
            if strides != tuple(MemRefType.strides_for_shape(shape)) or offset:
                raise UnsupportedOpError(func, f"argument {i}: only identity-layout memrefs can be passed")
            buf = Buffer(data, name, "global", track=True, elt=t.element_type)
            bufs[i] = buf
            out.append(MemRef(buf, 0, shape, strides, t.element_type))
        else:
            try:
                out.append(scalar_converter(t)(a))
            except UnsupportedTypeError as e:
                raise UnsupportedOpError(func, f"argument {i} of type {t} cannot be passed: {e}") from e
    return out, bufs, space


def run_kernel(
    module: Operation,
    args: Sequence[Any],
    *,
    func: str | None = None,
    grid: Sequence[int] = (1, 1, 1),
    subgroups: int | None = None,
    subgroup_size: int = 16,
    mode: str | None = None,
    schedule: Schedule = Schedule(),
    probes: Mapping[SSAValue, Probe] | None = None,
) -> RunResult:
    """Run ``func`` over the launch grid and return the argument buffers after the run.

    The launch has ``subgroups`` subgroups of ``subgroup_size`` lanes per workgroup; both modes
    see the same launch (``gpu.num_subgroups``, ``gpu.block_dim``, ``gpu.subgroup_size``).
    ``mode="workgroup"`` runs one program instance per workgroup (the whole workgroup's work;
    ``gpu.subgroup_id`` has no value), ``mode="subgroup"`` runs the program once per subgroup
    id ``0 .. subgroups-1`` of every workgroup. The default mode is subgroup mode when
    ``subgroups`` is given, else workgroup mode for a launch whose subgroup count is unknown
    (``gpu.num_subgroups`` and ``gpu.block_dim x`` then have no value). ``schedule`` orders
    the subgroups between barriers (subgroup mode). ``probes`` are called with every value of
    the op results they watch (:class:`~wgdist.interp.core.Program`).
    """
    g = _grid3(grid)
    if mode is None:
        mode = "workgroup" if subgroups is None else "subgroup"
    if mode not in ("workgroup", "subgroup"):
        raise ValueError(f"mode must be 'workgroup' or 'subgroup', got {mode!r}")
    if subgroups is not None and subgroups < 1:
        raise ValueError(f"the number of subgroups must be positive, got {subgroups}")
    if mode == "subgroup" and subgroups is None:
        raise ValueError("subgroup mode needs the number of subgroups per workgroup")
    f = find_function(module, func)
    program = Program(module, TABLE, probes)
    code = program.function(symbol_name(f))
    values, bufs, space = make_arguments(f, args)
    start = time.perf_counter()
    ops = 0
    slm: list[list[tuple[Operation, MemRef]]] = []
    for z in range(g[2]):
        for y in range(g[1]):
            for x in range(g[0]):
                shared = WorkgroupShared()
                if mode == "workgroup":
                    threads = [Thread((x, y, z), g, None, subgroups, shared, subgroup_size)]
                else:
                    assert subgroups is not None
                    threads = [Thread((x, y, z), g, s, subgroups, shared, subgroup_size) for s in range(subgroups)]
                for t in threads:
                    t.memory = space
                run_workgroup(code, threads, values, schedule)
                ops += sum(t.ops for t in threads)
                if len(slm) < KEEP_SLM_WORKGROUPS:
                    slm.append([(op, m) for (op, _), m in shared.slm.items()])
    return RunResult(bufs, ops, time.perf_counter() - start, g, slm)


def run_workgroup(
    code: FuncCode, threads: list[Thread], args: list[Any], schedule: Schedule = Schedule()
) -> None:
    """Run the subgroups of one workgroup to the end, barrier round by barrier round, each
    round in the order ``schedule`` gives."""
    n = len(threads)
    shared = threads[0].shared
    order = schedule.orderer(threads[0].wg_linear)
    gens: list[Generator[Wait, None, Any]] = [code.call(t, list(args)) for t in threads]
    waits: list[Wait | None] = [None] * n
    done = [False] * n
    runnable = list(range(n))
    while True:
        for i in order(runnable):
            try:
                waits[i] = next(gens[i])
            except StopIteration:
                done[i] = True
                waits[i] = None
            except InterpError as e:
                e.add_context(threads[i].describe())
                raise
        live = [i for i in range(n) if not done[i]]
        if not live:
            return
        runnable = []
        for i in live:
            w = waits[i]
            assert w is not None
            if w[0] == "nbarrier" and shared.barriers.generation.get(w[2], 0) > w[3]:
                runnable.append(i)
        if runnable:
            continue
        if len(live) == n and all(w is not None and w[0] == "barrier" for w in waits):
            runnable = live
            continue
        raise DeadlockError(_deadlock_message(threads, waits, done))


def _deadlock_message(threads: list[Thread], waits: list[Wait | None], done: list[bool]) -> str:
    groups: dict[str, list[int]] = {}
    barriers = threads[0].shared.barriers
    for i, (t, w) in enumerate(zip(threads, waits)):
        if done[i]:
            key = "returned"
        elif w is not None and w[0] == "barrier":
            key = f"wait at {describe_op(w[1])}"
        else:
            assert w is not None
            bid = w[2]
            arrived = barriers.arrived.get(bid, 0)
            of = barriers.participants.get(bid)
            count = f", {arrived} of its {of} participants arrived" if of is not None else ""
            key = f"wait at {describe_op(w[1])} on named barrier {bid}{count}"
        groups.setdefault(key, []).append(t.sg if t.sg is not None else 0)
    first_op = next(w[1] for w in waits if w is not None)
    loc = location_of(first_op)
    parts = [f"subgroups {_ranges(ids)} {k}" for k, ids in groups.items()]
    wg = threads[0].wg
    prefix = f"{loc}: " if loc else ""
    return (
        f"{prefix}error: deadlock in workgroup ({wg[0]}, {wg[1]}, {wg[2]}): a barrier that not every "
        f"subgroup reaches: " + "; ".join(parts)
    )


def _ranges(ids: list[int]) -> str:
    out: list[str] = []
    start = prev = ids[0]
    for x in ids[1:]:
        if x == prev + 1:
            prev = x
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = x
    out.append(str(start) if start == prev else f"{start}-{prev}")
    return ",".join(out)
