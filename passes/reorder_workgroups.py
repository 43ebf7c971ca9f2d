"""``reorder-workgroups``: remap ``gpu.block_id x/y`` into a cache-friendlier order.

For every ``gpu.func`` / ``func.func`` that reads ``gpu.block_id x`` or ``y``, the pass inserts
fresh ``gpu.block_id x``/``y`` ops at function entry, computes the remapped ids from them with
branch-free ``index`` arithmetic (``arith`` add/sub/mul/divui/remui/shrui/andi/minui/maxui and
``cmpi ult`` + ``select``), replaces *every* use of the old ids (address offsets, masks, loop
bounds, ...) and erases the old ops. ``gpu.block_id z`` is left alone. The formulas are those of
:mod:`wgdist.reorder.mapping` (see its docstring): the pass walks the same expression trees the Python
model evaluates, so the IR and the model cannot disagree.

Grid: ``grid=NX,NY`` or the function's ``known_grid_size`` makes the grid static: constants fold,
divisions and remainders by powers of two become ``shrui``/``andi``, a walk that is the identity
on a 1-D grid is not emitted, and the pass enumerates all ``NX*NY`` ids (in chunks, one byte per
workgroup) to prove the mapping a bijection, refusing anything that is not; sizes are at most
2**31 - 1 (``known_grid_size`` is i32) and the proof stops at 16777216 workgroups (e.g.
4096x4096, a few seconds): a larger static grid is a diagnostic. Without either, ``gpu.grid_dim
x/y`` are read at entry and the arithmetic stays dynamic (bijective by construction). A mapping
that is the identity on the static grid leaves the kernel unchanged (with a remark), as does a
``gpu.func`` without block ids. Only the ids the kernel reads are computed.

Options (defaults in brackets; explicit options override the preset's parts):

* ``scheme`` [wave]: ``identity | row-major | triton | wave | rocroller | tensile | auto``.
  ``row-major`` = group-size 1 along M; ``triton`` = triton-style groups along M; ``wave`` =
  balanced XCD step + wave-style groups along M; ``rocroller`` = wave-style groups along
  ``group-dim`` + balanced XCC step; ``tensile`` = wave-style groups along N; ``auto`` = the
  candidate chosen by the bytes it fetches from memory in the cache model of ``target``
  (:mod:`wgdist.reorder.auto`; a remark says which and why): the fewest, except that candidates
  within 20% of the fewest, or (``h100``) within the default's margin of them, are ties that go
  to the target's default order (Triton's G=8 on the H100), else to the group along M nearest
  it in size; and on the H100 G=8 is kept unless the pick reads at least the margin less. The
  margin is what the DRAM moves in 10% of the GEMM's time at the peak tensor rate (3.35 TB/s,
  989.4 TFLOP/s; the GEMM from the grid, ``tile`` and ``k-blocks``). Without a static grid ``auto``
  chooses the candidate best in expectation over typical GEMM grids for the target (M and N in
  2048..16384; the remark says so) and emits it with ``gpu.grid_dim``.
* ``group-size`` [8]: rows of the group dimension walked together (clamped to the grid).
* ``group-dim`` [0]: 0 groups M tiles (x), 1 groups N tiles (y).
* ``group-style`` [wave]: ``wave | triton``; they differ only inside a cut-short last group.
* ``num-xcds`` [1]: XCDs (chiplets with their own L2) that dispatch round-robin; with 1 the XCD
  step is a no-op.
* ``xcd-remap`` [preset]: ``none | balanced | tail | chunked`` (never the naive remap).
* ``chunk`` [2]: ids per XCD per round for ``xcd-remap=chunked``.
* ``grid`` [none]: ``NX,NY`` static launch grid (must agree with ``known_grid_size``).
* ``target`` [generic]: the GPU ``scheme=auto`` models (:mod:`wgdist.reorder.targets`):
  ``h100``, ``mi300x``, ``pvc``, ``bmg``, or ``generic`` (the window count model: distinct A/B
  panels per window of co-resident workgroups, nothing kept between windows).
* ``window``, ``k-blocks``, ``tile`` (``M,N,K``), ``elem-bytes``: the cache model's co-resident
  workgroups per XCD, K blocks per workgroup, workgroup tile and element size; default: the
  target's (generic: window 64, 8 K blocks, A and B blocks counted alike). ``num-xcds``
  overrides the target's L2 domains. ``wgdist-reorder`` uses the same defaults.

Before (every example below starts from this kernel; only the entry of the result is shown)::

    gpu.func @k(%c: memref<?x?xf32>) kernel {
      %x = gpu.block_id x
      %y = gpu.block_id y
      %v = arith.constant 1.0 : f32
      memref.store %v, %c[%x, %y] : memref<?x?xf32>
      gpu.return
    }

``reorder-workgroups`` (wave-style groups of 8 along M, dynamic grid)::

    %block_id_x = gpu.block_id x
    %block_id_y = gpu.block_id y
    %grid_dim_x = gpu.grid_dim x
    %grid_dim_y = gpu.grid_dim y
    %0 = arith.muli %block_id_y, %grid_dim_x : index
    %1 = arith.addi %block_id_x, %0 : index          // f = x + y * nx
    %c8 = arith.constant 8 : index
    %2 = arith.minui %c8, %grid_dim_x : index        // G clamped to the grid
    %3 = arith.muli %2, %grid_dim_y : index          // W = G * ny
    %4 = arith.divui %1, %3 : index
    %5 = arith.muli %4, %2 : index                   // first = (f // W) * G
    %6 = arith.remui %1, %3 : index
    %7 = arith.subi %grid_dim_x, %5 : index
    %8 = arith.minui %7, %2 : index
    %c1 = arith.constant 1 : index
    %9 = arith.maxui %c1, %8 : index                 // gs = max(1, min(nx - first, G))
    %10 = arith.remui %6, %9 : index
    %wg_x = arith.addi %5, %10 : index
    %wg_y = arith.divui %6, %9 : index
    ...
    memref.store %v, %c[%wg_x, %wg_y] : memref<?x?xf32>

``reorder-workgroups{group-size=2 grid=4,4}`` (static: folded, shifts, no clamp needed)::

    %c4 = arith.constant 4 : index
    %0 = arith.muli %block_id_y, %c4 : index
    %1 = arith.addi %block_id_x, %0 : index
    %c3 = arith.constant 3 : index
    %2 = arith.shrui %1, %c3 : index                 // f // 8
    %c2 = arith.constant 2 : index
    %3 = arith.muli %2, %c2 : index
    %c1 = arith.constant 1 : index
    %4 = arith.andi %1, %c1 : index                  // f % 2
    %wg_x = arith.addi %3, %4 : index
    %c7 = arith.constant 7 : index
    %5 = arith.andi %1, %c7 : index
    %wg_y = arith.shrui %5, %c1 : index

``reorder-workgroups{num-xcds=4 grid=4,4}`` (balanced XCD step; G = 8 covers the grid)::

    %2 = arith.andi %1, %c3 : index                  // XCD c = f % 4
    %3 = arith.muli %2, %c4 : index                  // c * (T // 4)
    %4 = arith.shrui %1, %c2 : index                 // f // 4
    %5 = arith.addi %3, %4 : index                   // i (T % 4 == 0: no min term)
    %wg_x = arith.andi %5, %c3 : index
    %wg_y = arith.shrui %5, %c2 : index

``reorder-workgroups{scheme=row-major grid=4,6}`` (``group-dim=0 group-size=1``)::

    %c6 = arith.constant 6 : index
    %wg_x = arith.divui %1, %c6 : index
    %wg_y = arith.remui %1, %c6 : index

``reorder-workgroups{scheme=tensile group-size=4 grid=6,5}`` (``group-dim=1``: groups of N)::

    %c24 = arith.constant 24 : index
    %2 = arith.remui %1, %c24 : index
    %3 = arith.divui %1, %c24 : index
    %c4 = arith.constant 4 : index
    %4 = arith.muli %3, %c4 : index
    %c5 = arith.constant 5 : index
    %5 = arith.subi %c5, %4 : index
    %6 = arith.minui %5, %c4 : index
    %wg_x = arith.divui %2, %6 : index
    %7 = arith.remui %2, %6 : index
    %wg_y = arith.addi %4, %7 : index

``reorder-workgroups{scheme=triton group-size=4 grid=6,5}`` (``group-style=triton``)::

    %c20 = arith.constant 20 : index
    %2 = arith.divui %1, %c20 : index
    %c4 = arith.constant 4 : index
    %3 = arith.muli %2, %c4 : index
    %4 = arith.subi %c6, %3 : index
    %5 = arith.minui %4, %c4 : index
    %6 = arith.remui %1, %5 : index                  // f % gs, not (f % W) % gs
    %wg_x = arith.addi %3, %6 : index
    %7 = arith.remui %1, %c20 : index
    %wg_y = arith.divui %7, %5 : index

``reorder-workgroups{scheme=identity xcd-remap=tail num-xcds=4 grid=3,5}`` (naive on the first
12 ids, identity after; ``xcd-remap=chunked chunk=2`` has the same ``cmpi``/``select`` shape)::

    %2 = arith.andi %1, %c3 : index
    %3 = arith.muli %2, %c3 : index
    %c2 = arith.constant 2 : index
    %4 = arith.shrui %1, %c2 : index
    %5 = arith.addi %3, %4 : index
    %c12 = arith.constant 12 : index
    %6 = arith.cmpi ult, %1, %c12 : index
    %7 = arith.select %6, %5, %1 : index
    %wg_x = arith.remui %7, %c3 : index
    %wg_y = arith.divui %7, %c3 : index

``reorder-workgroups{scheme=auto grid=16,16 num-xcds=8}`` (window 64: each XCD's 32 workgroups
are co-resident; groups of 2 M rows share their B panels) emits the grouped walk::

    %c5 = arith.constant 5 : index
    %2 = arith.shrui %1, %c5 : index                 // f // 32
    %c2 = arith.constant 2 : index
    %3 = arith.muli %2, %c2 : index
    %c1 = arith.constant 1 : index
    %4 = arith.andi %1, %c1 : index
    %wg_x = arith.addi %3, %4 : index
    %c31 = arith.constant 31 : index
    %5 = arith.andi %1, %c31 : index
    %wg_y = arith.shrui %5, %c1 : index

with ``remark: 'gpu.func' op @k: scheme=auto chose grouped along M, group-size 2, no XCD step
(scheme=triton group-size=2 group-style=wave) for the 16x16 grid: fewest modelled
fetches among 21 candidates: 768 vs 1152 blocks for identity (33% fewer), summed over all 8
XCDs; model: window 64 workgroups per XCD, 8 blocks per panel``. With ``window=8 k-blocks=2``
(only 8 co-resident workgroups per XCD) no candidate beats the default order: the kernel is left
as written (``%x = gpu.block_id x`` ... ``memref.store %v, %c[%x, %y]``) and the remark says
``... 384 vs 384 blocks for identity (0% fewer) ...; model: window 8 workgroups per XCD, 2 blocks
per panel``. ``reorder-workgroups{scheme=auto target=h100 grid=128,64 k-blocks=64}`` (a
16384x16384x4096 fp16 GEMM in 128x256x64 tiles) keeps Triton's G=8 (``scheme=triton``: the
entry computes ``f >> 9`` times 8 plus ``f & 7``): G=16 would read 514 MiB less, under the
default's margin of 710 MiB, ``... chosen by modelled bytes from memory among 13 candidates
(within 710.1 MiB of the fewest (the default's margin): h100's default order): 2.7 GiB vs 8.0
GiB for identity (67% fewer) ...; model: h100: one L2 of 25.0 MiB, LRU, 132 co-resident
workgroups each; 128x256x64 tiles, 64 K blocks of 16.0 KiB (A) + 32.0 KiB (B)``. With
``k-blocks=16`` (K = 1024) G=8 reads 544 MiB, 383 MiB more than the fewest (161 MiB, G=32 about
as few) and 256 MiB more than G=16 (288 MiB), over the margin of 178 MiB: the choice is
``scheme=triton group-size=16`` (``... groups along M with the group size nearest the default's
run faster on h100 ...``).

Errors (``OpError`` naming the op and the numbers): ``grid=`` disagreeing with
``known_grid_size``, a static grid too large to prove, a non-bijective
mapping, block ids inside a ``gpu.launch`` body. Bad option values (unknown scheme,
``group-size=0``, ``scheme=auto`` with ``group-size``...) are refused when the pipeline is
parsed, with a ``reorder-workgroups: ...`` message (:func:`wgdist.reorder.check_options`, shared
with ``wgdist-reorder``). Options that do nothing get a warning: ``chunk=`` without
``xcd-remap=chunked``, ``num-xcds=`` with no XCD step, ``xcd-remap=`` with one XCD, ``target=``,
``window=``, ``k-blocks=``, ``tile=`` or ``elem-bytes=`` without ``scheme=auto``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects import arith, builtin
from xdsl.dialects.gpu import DimensionAttr, DimensionEnum
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects import gpu
from wgdist.ir.diagnostics import OpError, emit
from wgdist.reorder import (
    PIPELINE,
    Expr,
    Scheme,
    check_options,
    choose_auto,
    choose_dynamic,
    grid_vars,
    mapping_exprs,
    nodes,
    prove_bijection,
    resolve,
    too_large_to_prove,
)

_BINARY: dict[str, Callable[[SSAValue, SSAValue], Operation]] = {
    "add": arith.AddiOp,
    "sub": arith.SubiOp,
    "mul": arith.MuliOp,
    "divu": arith.DivUIOp,
    "remu": arith.RemUIOp,
    "shru": arith.ShRUIOp,
    "and": arith.AndIOp,
    "minu": arith.MinUIOp,
    "maxu": arith.MaxUIOp,
}

# Ops are matched by name, so modules built with xDSL's gpu classes work too; new ops come from
# wgdist's gpu dialect (LLVM 22 syntax).
FUNCTIONS = ("func.func", "gpu.func")


def remark(op: Operation, message: str, severity: str = "remark") -> None:
    """``file:line:col: remark: 'op' op message`` on stderr (MLIR's format), or to
    ``--verify-diagnostics`` (:func:`wgdist.ir.diagnostics.emit`)."""
    emit(op, message, severity)


@dataclass(frozen=True)
class ReorderWorkgroupsPass(ModulePass):
    """Remap ``gpu.block_id x/y`` once at function entry (see the module docstring)."""

    name = "reorder-workgroups"

    scheme: str = "wave"
    group_size: int | None = None
    group_dim: int | None = None
    group_style: str | None = None
    num_xcds: int | None = None
    xcd_remap: str | None = None
    chunk: int | None = None
    grid: tuple[int, ...] = ()
    target: str | None = None
    window: int | None = None
    k_blocks: int | None = None
    tile: tuple[int, ...] = ()
    elem_bytes: int | None = None

    def __post_init__(self) -> None:
        try:
            check_options(self.scheme, PIPELINE, **self._given())
        except ValueError as e:
            raise ValueError(f"reorder-workgroups: {e}") from None

    def _given(self) -> dict[str, Any]:
        """The options as the user gave them (None: not given)."""
        names = ("group_size", "group_dim", "group_style", "num_xcds", "xcd_remap", "chunk")
        given: dict[str, Any] = {n: getattr(self, n) for n in names}
        return given | self._model_options() | {"grid": self.grid or None}

    def _model_options(self) -> dict[str, Any]:
        """The cache model's options as given (None: the target's own)."""
        return {
            "target": self.target,
            "window": self.window,
            "k_blocks": self.k_blocks,
            "tile": self.tile or None,
            "elem_bytes": self.elem_bytes,
        }

    def resolved(self) -> Scheme:
        return resolve(
            self.scheme,
            group_size=self.group_size,
            group_dim=self.group_dim,
            group_style=self.group_style,
            num_xcds=self.num_xcds,
            xcd_remap=self.xcd_remap,
            chunk=self.chunk,
        )

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        for note in check_options(self.scheme, PIPELINE, **self._given()):
            remark(op, f"reorder-workgroups: {note}", "warning")
        functions = [f for f in op.walk() if f.name in FUNCTIONS]
        for block_id in op.walk():
            if block_id.name == "gpu.block_id" and _owner(block_id) is None:
                raise OpError(
                    block_id,
                    "is not inside a func.func or gpu.func (gpu.launch bodies are not handled: "
                    "outline the kernel first, e.g. with mlir-opt --gpu-kernel-outlining)",
                )
        if not any(_block_ids(fn) for fn in functions):
            if not any(fn.name == "gpu.func" for fn in functions):
                remark(op, "has no gpu.block_id x/y in any function: left unchanged")
        for fn in functions:
            self._rewrite(fn)

    def _rewrite(self, fn: Operation) -> None:
        old = _block_ids(fn)
        if not old:
            if fn.name == "gpu.func":
                remark(fn, f"@{_fn_name(fn)} has no gpu.block_id x/y: left unchanged")
            return
        grid = self._static_grid(fn)
        why = None if grid is None else too_large_to_prove(*grid)
        if why is not None:
            raise OpError(
                fn,
                f"{why}: run the pass without grid= on a function without known_grid_size (the "
                "ids are then computed from gpu.grid_dim, with arithmetic that is bijective by "
                "construction)",
            )
        scheme = self._scheme_for(fn, grid)
        nx, ny = grid if grid is not None else (None, None)
        try:
            exprs = mapping_exprs(scheme, nx, ny)
        except ValueError as e:
            raise OpError(fn, str(e)) from None
        bx, by, _, _ = grid_vars(nx, ny)
        identity = exprs == (bx, by)
        if grid is not None:
            proof = prove_bijection(scheme, grid[0], grid[1], exprs)
            if proof.error is not None:
                raise OpError(
                    fn,
                    f"{scheme.spec()} is not a bijection of the {grid[0]}x{grid[1]} grid: "
                    f"{proof.error}",
                )
            identity = proof.identity
        if identity:
            where = "" if grid is None else f" on the {grid[0]}x{grid[1]} grid"
            remark(fn, f"@{_fn_name(fn)}: {scheme.spec()} is the identity{where}: left unchanged")
            return
        used = {_dim(b) for b in old}  # no op for an id nobody reads (e.g. y on a 1-D grid)
        new_ids = _emit(fn, {d: e for d, e in zip("xy", exprs) if d in used})
        for b in old:
            b.results[0].replace_all_uses_with(new_ids[_dim(b)])
            Rewriter.erase_op(b)

    def _static_grid(self, fn: Operation) -> tuple[int, int] | None:
        known = _known_grid(fn)
        option = (self.grid[0], self.grid[1]) if self.grid else None
        if known is not None and option is not None and known != option:
            raise OpError(
                fn,
                f"grid={option[0]},{option[1]} disagrees with known_grid_size "
                f"{known[0]}x{known[1]}",
            )
        return option or known

    def _scheme_for(self, fn: Operation, grid: tuple[int, int] | None) -> Scheme:
        if self.scheme != "auto":
            return self.resolved()
        o = self._model_options()
        model = {
            "target": o["target"] or "generic",
            "tile": tuple(o["tile"]) if o["tile"] else None,
            "elem_bytes": o["elem_bytes"],
        }
        if grid is None:
            dyn = choose_dynamic(self.num_xcds, self.window, self.k_blocks, **model)
            remark(
                fn,
                f"@{_fn_name(fn)}: scheme=auto chose {dyn.scheme.describe()} "
                f"({dyn.scheme.spec()}) for a grid known only at run time (no grid= or "
                f"known_grid_size; the ids are computed from gpu.grid_dim): {dyn.reason()}",
            )
            return dyn.scheme
        choice = choose_auto(grid[0], grid[1], self.num_xcds, self.window, self.k_blocks, **model)
        remark(
            fn,
            f"@{_fn_name(fn)}: scheme=auto chose {choice.scheme.describe()} "
            f"({choice.scheme.spec()}) for the "
            f"{grid[0]}x{grid[1]} grid: {choice.reason()}",
        )
        return choice.scheme


def _block_ids(fn: Operation) -> list[Operation]:
    """``gpu.block_id x/y`` ops whose ids come from ``fn``'s launch."""
    return [
        b
        for b in fn.walk()
        if b.name == "gpu.block_id" and _dim(b) in ("x", "y") and _owner(b) is fn
    ]


def _fn_name(fn: Operation) -> str:
    name = fn.attributes.get("sym_name") or fn.properties.get("sym_name")
    return name.data if isinstance(name, builtin.StringAttr) else "?"


def _dim(op: Operation) -> str:
    d = op.properties.get("dimension")
    return d.data.value if isinstance(d, DimensionAttr) else "?"


def _owner(op: Operation) -> Operation | None:
    """The function whose entry the new ids go to (None inside gpu.launch or outside functions)."""
    p = op.parent_op()
    while p is not None:
        if p.name == "gpu.launch":
            return None
        if p.name in FUNCTIONS:
            return p
        p = p.parent_op()
    return None


def _known_grid(fn: Operation) -> tuple[int, int] | None:
    """``known_grid_size`` (xDSL's ``gpu.known_grid_size`` attribute or upstream's property)."""
    attr = (
        fn.attributes.get("gpu.known_grid_size")
        or fn.attributes.get("known_grid_size")
        or fn.properties.get("known_grid_size")
    )
    if attr is None:
        return None
    if not isinstance(attr, builtin.DenseArrayBase):
        raise OpError(fn, f"known_grid_size must be an array<i32: ...>, got {attr}")
    sizes = [int(v) for v in attr.get_values()]
    if not 1 <= len(sizes) <= 3 or min(sizes) < 1:
        raise OpError(fn, f"known_grid_size must hold 1 to 3 sizes >= 1, got {sizes}")
    return sizes[0], sizes[1] if len(sizes) > 1 else 1


def _emit(fn: Operation, ids: dict[str, Expr]) -> dict[str, SSAValue]:
    """Insert ops computing ``ids`` (``x``/``y`` -> expression) at the entry of ``fn``.

    One op per distinct node; the results are named ``%wg_x``/``%wg_y``.
    """
    roots = tuple(ids.values())
    block = fn.regions[0].blocks[0]
    first = block.first_op
    ip = InsertPoint.before(first) if first is not None else InsertPoint.at_end(block)
    index = builtin.IndexType()
    values: dict[Expr, SSAValue] = {}

    def insert(op: Operation) -> SSAValue:
        Rewriter.insert_op(op, ip)
        return op.results[0]

    leaves = {
        "bx": lambda: _id_op(gpu.BlockIdOp, DimensionEnum.X),
        "by": lambda: _id_op(gpu.BlockIdOp, DimensionEnum.Y),
        "nx": lambda: _id_op(gpu.GridDimOp, DimensionEnum.X),
        "ny": lambda: _id_op(gpu.GridDimOp, DimensionEnum.Y),
    }
    hints = {"bx": "block_id_x", "by": "block_id_y", "nx": "grid_dim_x", "ny": "grid_dim_y"}

    def value(e: Expr) -> SSAValue:
        if e in values:
            return values[e]
        if e.kind == "const":
            v = insert(arith.ConstantOp.from_int_and_width(int(e.value), index))
            v.name_hint = f"c{e.value}"
        elif e.kind == "var":
            v = insert(leaves[str(e.value)]())
            v.name_hint = hints[str(e.value)]
        else:
            raise AssertionError(f"node {e.kind} emitted before its operands")
        values[e] = v
        return v

    # leaves first, in a fixed order, so the printed IR is stable
    for name in ("bx", "by", "nx", "ny"):
        for r in _leaves(roots):
            if r.kind == "var" and r.value == name:
                value(r)
    for n in nodes(roots):
        args = [value(a) if a.kind in ("const", "var") else values[a] for a in n.args]
        if n.kind == "select_ult":
            cond = insert(arith.CmpiOp(args[0], args[1], "ult"))
            values[n] = insert(arith.SelectOp(cond, args[2], args[3]))
        else:
            values[n] = insert(_BINARY[n.kind](args[0], args[1]))
    out = {d: value(r) if r.kind in ("const", "var") else values[r] for d, r in ids.items()}
    for d, v in out.items():
        v.name_hint = f"wg_{d}"
    return out


def _id_op(cls: type[Operation], dim: DimensionEnum) -> Operation:
    return cls.create(
        properties={"dimension": DimensionAttr(dim)}, result_types=[builtin.IndexType()]
    )


def _leaves(roots: tuple[Expr, ...]) -> list[Expr]:
    out: list[Expr] = []
    stack = list(roots)
    seen: set[Expr] = set()
    while stack:
        e = stack.pop()
        if e in seen:
            continue
        seen.add(e)
        if e.kind == "var":
            out.append(e)
        stack.extend(e.args)
    return out
