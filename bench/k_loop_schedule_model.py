"""Modelled cost per K step of the example GEMMs under each K-loop schedule: evidence, not a claim.

No Intel GPU is reachable here, so nothing below is measured. For each example GEMM
(``examples/gemm_*.mlir``), distributed and then scheduled by the real
``xegpu-k-loop-schedule`` pass (no schedule, ``pipeline``, ``split-barrier``, ``split-barrier
interval=2``, ``pingpong``), every subgroup's program is unrolled into an instruction stream
(its own subgroup id, the real loop trip counts and branch conditions) and the subgroups that
share one vector engine (XVE) are run through a small cycle model. It prints, per K step:

* ``sg issue``: issue slots one subgroup uses (2D block messages + hardware dpas + sync ops);
* ``XVE``: cycles the shared XVE needs (the whole kernel's modelled time / the GEMM's K steps,
  so the prologue and epilogue are amortised in);
* ``XMX``: the XVE's matrix engine busy fraction;

for two global-load latencies (the least certain number) and two issue policies.

Numbers and where they come from:

* ``DPAS_CYCLES = 8`` per hardware dpas (8x16x16 f16/bf16, repeat count 8, systolic depth 8):
  Intel Data Center GPU Max 1550 (Xe-HPC): peak 839 TFLOPS FP16/BF16 on the XMX, 128 Xe-cores
  with 8 XMX engines each, 1.6 GHz (Intel's product specifications, ark.intel.com), i.e.
  839e12 / (128 * 8 * 1.6e9) = 512 flops per clock per engine, and one 8x16x16 dpas is 4096.
* ``THREADS_PER_XVE = 8``, ``XVES_PER_CORE = 8`` (64 hardware threads per Xe-core), 32 named
  barriers: Intel GPU Occupancy Calculator, device table for Xe-HPC (oneAPI-samples,
  ``Tools/GPU-Occupancy-Calculator``).
* 2D block messages: a load covers at most 32 rows x 64 bytes, a store 8 rows x 64 bytes (the
  block sizes of the ``cl_intel_subgroup_2d_block_io`` OpenCL extension; LLVM 22 refuses taller
  block loads too, upstream-llvm22.md 4.1).
* ``LATENCIES`` (global load, issue to data, in cycles) and ``BARRIER_CYCLES`` (last arrival to
  release): assumptions, not sourced; the table sweeps the latency.

Assumptions of the model (each one can be wrong):

* One workgroup per Xe-core; subgroup ``s`` runs on XVE ``s mod 8``; every XVE behaves like the
  one modelled (so a workgroup barrier completes when the modelled XVE's subgroups arrive).
* An XVE issues one instruction per cycle to one of its ready subgroups, either round-robin
  (``rr``) or always the lowest-numbered ready one (``old``, an oldest-first stand-in): Intel
  does not document the arbitration, and it matters: round-robin shares the XMX fairly, so the
  subgroups finish their dpas together and then all wait for their loads at once (lockstep),
  while oldest-first lets them drift apart so one subgroup's load latency hides behind the
  others' dpas. Each subgroup issues in order and waits for a load's data or a dpas result only
  where it uses it.
* A 2D block message takes one issue slot and returns after the latency; no bandwidth limit, no
  cache model: a prefetch costs its issue slot and nothing else, so the benefit of keeping
  subgroups that share A rows or B columns together (``split-barrier``: prefetched data still
  in cache) is NOT modelled, only its barrier cost.
* The XMX of the XVE runs one hardware dpas at a time (``DPAS_CYCLES`` each) for all its
  subgroups; index arithmetic and vector ALU ops (bias, relu, transposes) are free.
* A wait on a named barrier (or a ``gpu.barrier``) releases ``BARRIER_CYCLES`` after the last
  participant arrives.

    .venv/bin/python bench/k_loop_schedule_model.py
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from xdsl.dialects import scf
from xdsl.dialects.builtin import VectorType
from xdsl.ir import Block, Operation, SSAValue

import wgdist
from wgdist.dialects import gpu, xegpu
from wgdist.interp.kernel_inputs import infer_subgroups
from wgdist.passes.schedule.barrier_values import UNKNOWN_UNIFORM, Abs, Subgroup, evaluate

DPAS_CYCLES = 8
THREADS_PER_XVE = 8
XVES_PER_CORE = 8
LATENCIES = (200, 800)
POLICIES = (("rr", False), ("old", True))
BARRIER_CYCLES = 30
LOAD_ROWS, STORE_ROWS, ROW_BYTES = 32, 8, 64

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("gemm_*.mlir"))
DIST = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"
STRATEGIES = [
    ("none", None),
    ("pipeline", "strategy=pipeline"),
    ("split-barrier", "strategy=split-barrier"),
    ("split-barrier I=2", "strategy=split-barrier interval=2"),
    ("pingpong", "strategy=pingpong converge=false"),
    ("pingpong converged", "strategy=pingpong converge=true"),
]


# ---- one subgroup's instruction stream --------------------------------------------------------
@dataclass
class Instr:
    kind: str  # load, send, dpas, barrier, arrive, wait, step
    count: int = 1  # hardware messages / dpas instructions
    deps: tuple[int, ...] = ()
    bid: int = -1


def _messages(shape: tuple[int, ...], bits: int, rows: int) -> int:
    if len(shape) == 1:
        return math.ceil(shape[0] * bits / 8 / ROW_BYTES)
    r, c = shape[-2], shape[-1]
    return math.ceil(r / rows) * math.ceil(c * bits / 8 / ROW_BYTES) * math.prod(shape[:-2])


def _shape_bits(t: object) -> tuple[tuple[int, ...], int]:
    shape = tuple(t.get_shape())  # type: ignore[attr-defined]
    bits = t.element_type.bitwidth  # type: ignore[attr-defined]
    return shape, int(bits)


def _dpas_count(op: xegpu.DpasOp) -> int:
    (m, k), a_bits = _shape_bits(op.lhs.type)
    (_, n), _ = _shape_bits(op.rhs.type)
    k_per = 8 * 32 // a_bits
    return math.ceil(m / 8) * math.ceil(n / 16) * math.ceil(k / k_per)


class Tracer:
    """Unroll ``fn`` as subgroup ``sg``: scalars computed (barrier_values), loops unrolled with
    their real trip counts, the taken branch of each scf.if, vectors as the instructions they
    wait for."""

    def __init__(self, fn: Operation, sg: int, n: int) -> None:
        self.who = Subgroup(sg, n, 16)
        self.scalars: dict[SSAValue, Abs] = {}
        self.vectors: dict[SSAValue, tuple[int, ...]] = {}
        self.nb: dict[SSAValue, int] = {}
        self.out: list[Instr] = []
        self.steps = 0
        for a in fn.regions[0].blocks[0].args:
            self.scalars[a] = UNKNOWN_UNIFORM
        self.block(fn.regions[0].blocks[0])

    def deps(self, *values: SSAValue) -> tuple[int, ...]:
        return tuple(d for v in values for d in self.vectors.get(v, ()))

    def emit(self, ins: Instr, result: SSAValue | None = None) -> None:
        self.out.append(ins)
        if result is not None:
            self.vectors[result] = (len(self.out) - 1,)

    def block(self, block: Block) -> list[SSAValue]:
        for op in block.ops:
            if isinstance(op, scf.YieldOp):
                return list(op.operands)
            handler = HANDLERS.get(type(op))
            if handler is not None:
                handler(self, op)
            elif op.regions:
                raise NotImplementedError(f"{op.name} with regions")
            else:
                self.other(op)
        return []

    def other(self, op: Operation) -> None:
        if any(isinstance(r.type, VectorType) for r in op.results):
            for r in op.results:  # vector ALU ops: free, pass the dependences through
                self.vectors[r] = self.deps(*op.operands)
            return
        ins = [self.scalars.get(v, Abs(None, True)) for v in op.operands]
        for r, a in zip(op.results, evaluate(op, ins, self.who)):
            self.scalars[r] = a

    def bind(self, targets: tuple[SSAValue, ...] | list[SSAValue], values: list[SSAValue]) -> None:
        for t, v in zip(targets, values):
            if v in self.vectors:
                self.vectors[t] = self.vectors[v]
            elif v in self.scalars:
                self.scalars[t] = self.scalars[v]
            if v in self.nb:
                self.nb[t] = self.nb[v]

    def value(self, v: SSAValue) -> int:
        a = self.scalars.get(v)
        if a is None or a.value is None:
            raise ValueError(f"the model needs a known value for {v}")
        return a.value


def _for(t: Tracer, op: scf.ForOp) -> None:
    lb, ub, step = t.value(op.lb), t.value(op.ub), t.value(op.step)
    body = op.body.blocks[0]
    k_loop = any(isinstance(o, xegpu.DpasOp) for o in op.walk())
    carried: list[SSAValue] = list(op.iter_args)
    for k in range(lb, ub, step):
        t.scalars[body.args[0]] = Abs(k, False)
        t.bind(body.args[1:], carried)
        if k_loop and any(isinstance(o, xegpu.DpasOp) for o in body.ops):
            t.emit(Instr("step"))
            t.steps += 1
        carried = t.block(body)
    t.bind(op.results, carried)


def _if(t: Tracer, op: scf.IfOp) -> None:
    taken = op.true_region if t.value(op.cond) else op.false_region
    if taken.blocks:
        t.bind(op.results, t.block(taken.blocks[0]))


def _load(t: Tracer, op: Operation) -> None:
    shape, bits = _shape_bits(op.results[0].type)
    t.emit(Instr("load", _messages(shape, bits, LOAD_ROWS)), op.results[0])


def _prefetch(t: Tracer, op: Operation) -> None:
    shape, bits = _shape_bits(op.operands[0].type)
    t.emit(Instr("send", _messages(shape, bits, LOAD_ROWS)))


def _store(t: Tracer, op: Operation) -> None:
    shape, bits = _shape_bits(op.operands[0].type)
    t.emit(Instr("send", _messages(shape, bits, STORE_ROWS), t.deps(op.operands[0])))


def _dpas(t: Tracer, op: xegpu.DpasOp) -> None:
    t.emit(Instr("dpas", _dpas_count(op), t.deps(*op.operands)), op.results[0])


def _init(t: Tracer, op: xegpu.InitNbarrierOp) -> None:
    t.nb[op.result] = t.value(op.nbarrier_id)


HANDLERS: dict[type[Operation], Callable[[Tracer, Operation], None]] = {
    scf.ForOp: _for,  # type: ignore[dict-item]
    scf.IfOp: _if,  # type: ignore[dict-item]
    xegpu.LoadNdOp: _load,
    xegpu.PrefetchNdOp: _prefetch,
    xegpu.StoreNdOp: _store,
    xegpu.DpasOp: _dpas,  # type: ignore[dict-item]
    xegpu.InitNbarrierOp: _init,  # type: ignore[dict-item]
    xegpu.AllocNbarrierOp: lambda t, op: None,
    gpu.BarrierOp: lambda t, op: t.emit(Instr("barrier")),
    xegpu.NbarrierArriveOp: lambda t, op: t.emit(Instr("arrive", bid=t.nb[op.operands[0]])),
    xegpu.NbarrierWaitOp: lambda t, op: t.emit(Instr("wait", bid=t.nb[op.operands[0]])),
    gpu.ReturnOp: lambda t, op: None,
}


# ---- the XVE cycle model ----------------------------------------------------------------------
@dataclass
class Thread:
    prog: list[Instr]
    pc: int = 0
    sub: int = 0  # hardware instructions of prog[pc] issued
    ready: dict[int, int] = field(default_factory=dict)  # instr index -> data ready time
    blocked: tuple[str, int] | None = None  # ("barrier", generation) / ("wait", (bid, gen))
    resume: int = 0
    issued: int = 0
    generation: dict[int, int] = field(default_factory=dict)


@dataclass
class Result:
    cycles: int
    issued: float
    xmx_busy: int
    steps: int


def simulate(progs: list[list[Instr]], latency: int, oldest_first: bool = False, steps: int = 0) -> Result:
    threads = [Thread(p) for p in progs]
    n = len(threads)
    now = xmx_free = xmx_busy = 0
    rr = 0
    bar_gen = [0] * n
    bar_arrivals: dict[int, list[int]] = {}
    nb_count: dict[int, int] = {}
    nb_gen: dict[int, int] = {}
    nb_done: dict[tuple[int, int], int] = {}
    while True:
        live = [th for th in threads if th.pc < len(th.prog)]
        if not live:
            break
        issued = False
        for j in range(n):
            i = (rr + j) % n
            th = threads[i]
            if th.pc >= len(th.prog):
                continue
            if th.blocked is not None:
                kind, key = th.blocked
                release = None
                if kind == "barrier":
                    arr = bar_arrivals.get(key, [])
                    release = max(arr) + BARRIER_CYCLES if len(arr) == n else None
                else:
                    release = nb_done.get(key)  # type: ignore[arg-type]
                    release = None if release is None else release + BARRIER_CYCLES
                if release is None:
                    continue
                th.blocked, th.resume = None, release
                th.pc += 1
                if th.pc >= len(th.prog):
                    continue
            ins = th.prog[th.pc]
            if th.resume > now or any(th.ready.get(d, 0) > now for d in ins.deps):
                continue
            if ins.kind == "step":
                th.pc += 1
                continue
            if ins.kind == "dpas" and xmx_free > now:
                continue
            th.issued += 1
            if ins.kind in ("load", "send", "dpas"):
                th.sub += 1
                if ins.kind == "dpas":
                    xmx_free = now + DPAS_CYCLES
                    xmx_busy += DPAS_CYCLES
                if th.sub == ins.count:
                    th.ready[th.pc] = now + (latency if ins.kind == "load" else DPAS_CYCLES if ins.kind == "dpas" else 0)
                    th.pc, th.sub = th.pc + 1, 0
            elif ins.kind == "barrier":
                gen = bar_gen[i]
                bar_gen[i] += 1
                bar_arrivals.setdefault(gen, []).append(now)
                th.blocked = ("barrier", gen)
            elif ins.kind == "arrive":
                g = nb_gen.get(ins.bid, 0)
                th.generation[ins.bid] = g
                nb_count[ins.bid] = nb_count.get(ins.bid, 0) + 1
                if nb_count[ins.bid] == n:
                    nb_done[(ins.bid, g)] = now
                    nb_gen[ins.bid], nb_count[ins.bid] = g + 1, 0
                th.pc += 1
            elif ins.kind == "wait":
                th.blocked = ("wait", (ins.bid, th.generation[ins.bid]))  # type: ignore[assignment]
            rr = 0 if oldest_first else (i + 1) % n
            issued = True
            break
        if issued:
            now += 1
            continue
        # nothing can issue: jump to the next time something changes
        times = [xmx_free] if xmx_free > now else []
        for th in live:
            if th.blocked is not None:
                continue
            times.append(th.resume)
            times += [th.ready.get(d, 0) for d in th.prog[th.pc].deps]
        later = [x for x in times if x > now]
        if not later and all(th.blocked is not None for th in live):
            if not any(_releasable(th, bar_arrivals, nb_done, n) for th in live):
                raise RuntimeError(f"deadlock in the model at cycle {now}")
        now = min(later) if later else now + 1
    steps = steps or max(1, sum(1 for ins in progs[0] if ins.kind == "step"))
    return Result(now, sum(th.issued for th in threads) / n, xmx_busy, steps)


def _releasable(th: Thread, bars: dict[int, list[int]], done: dict[tuple[int, int], int], n: int) -> bool:
    assert th.blocked is not None
    kind, key = th.blocked
    return len(bars.get(key, [])) == n if kind == "barrier" else key in done  # type: ignore[operator]


# ---- driver -----------------------------------------------------------------------------------
def programs(path: Path, options: str | None) -> tuple[list[list[Instr]], int] | str:
    text = path.read_text()
    wg = wgdist.parse(text)
    (wg_fn,) = [op for op in wg.walk() if isinstance(op, gpu.FuncOp)]
    n = infer_subgroups(wg_fn)
    pipeline = DIST if options is None else f"{DIST},xegpu-k-loop-schedule{{{options} num-subgroups={n}}}"
    module = wgdist.run_pipeline(text, pipeline)
    (fn,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    if options is not None and not any(isinstance(o, xegpu.NbarrierWaitOp | scf.ForOp) for o in fn.walk()):
        return "not scheduled"
    per_xve = max(1, min(THREADS_PER_XVE, n // XVES_PER_CORE))
    sgs = [XVES_PER_CORE * j for j in range(per_xve)] if n >= XVES_PER_CORE else [0]
    return [Tracer(fn, sg, n).out for sg in sgs], n


def main() -> None:
    start = time.perf_counter()
    print(__doc__.split("\n\n")[0])
    print(f"latency sweep {LATENCIES} cycles, barrier {BARRIER_CYCLES} cycles, dpas {DPAS_CYCLES} cycles; "
          "see the module docstring for sources and assumptions\n")
    cols = [(lat, name, oldest) for lat in LATENCIES for name, oldest in POLICIES]
    print(f"{'kernel':<22} {'schedule':<18} " + " ".join(f"{f'L={lat} {name}':>21}" for lat, name, _ in cols))
    print(f"{'':<22} {'':<18} " + " ".join(f"{'sg issue   XVE  XMX':>21}" for _ in cols))
    best: dict[tuple[str, int], list[tuple[float, str]]] = {}
    for path in EXAMPLES:
        for label, options in STRATEGIES:
            got = programs(path, options)
            if isinstance(got, str):
                print(f"{path.stem:<22} {label:<18} {got}")
                continue
            progs, n = got
            if options is None:  # the K steps of the GEMM: the unscheduled loop's iterations
                k_steps = max(1, sum(1 for ins in progs[0] if ins.kind == "step"))
            cells = []
            for c, (lat, _, oldest) in enumerate(cols):
                r = simulate(progs, lat, oldest, k_steps)
                best.setdefault((path.stem, c), []).append((r.cycles / r.steps, label))
                cells.append(f"{r.issued / r.steps:5.1f} {r.cycles / r.steps:7.0f} {r.xmx_busy / r.cycles:4.0%}")
            print(f"{path.stem:<22} {label:<18} " + " ".join(f"{c:>21}" for c in cells))
        print(f"  ({n} subgroups, {len(progs)} per XVE)")
        print()
    print("fewest modelled XVE cycles per K step, per column (kernel: " + ", ".join(
        f"L={lat} {name}" for lat, name, _ in cols) + "):")
    for path in EXAMPLES:
        picks = [min(best[(path.stem, c)])[1] for c in range(len(cols))]
        print(f"  {path.stem}: " + ", ".join(picks))
    print(f"({len(EXAMPLES)} kernels, {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
