"""strategy=pipeline computes what the workgroup program computes (wgdist.check, with the
subgroups in several orders between barriers): the example GEMMs, and generated GEMMs over
shapes, layouts, SLM exchanges, barriers, static and dynamic bounds and trip counts around the
pipeline depth. A planted mistake (a step consuming the next step's tile) is caught."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from xdsl.dialects import scf

import wgdist
from tests.unit.schedule.gemm_gen import DISTRIBUTE, gemm
from wgdist.dialects import xegpu
from wgdist.ir.diagnostics import capture_diagnostics

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.mlir") if "xegpu.dpas" in p.read_text())


def _scheduled(text: str, options: str) -> wgdist.ModuleOp:
    """The distributed, scheduled kernel; fails on any remark (a refused loop)."""
    notes: list[str] = []
    with capture_diagnostics(lambda d: notes.append(d.message)):
        module = wgdist.run_pipeline(wgdist.parse(text), f"{DISTRIBUTE},xegpu-k-loop-schedule{{{options}}}")
    assert notes == []
    return module


def _agree(text: str, module: wgdist.ModuleOp, **kw: object) -> None:
    result = wgdist.check(text, against=module, samples=1, schedules=3, **kw)  # type: ignore[arg-type]
    assert result.ok, result.report


def test_examples_are_found() -> None:
    assert {p.name for p in EXAMPLES} >= {"gemm_k_loop.mlir", "gemm_bias_relu.mlir", "gemm_transpose_b.mlir"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_gemms(path: Path) -> None:
    text = path.read_text()
    options = "stages=3 fragments=0" if path.name != "gemm_k_loop.mlir" else "stages=2"
    _agree(text, _scheduled(text, options))


def _cases(n: int) -> list[tuple[dict[str, object], str, int]]:
    """Generated GEMMs: (generator arguments, pass options, ub) with trip counts 0, 1, 2, S-1,
    S, S+1 (and S+2 for fragment rotation), bounds that are not a multiple of the step."""
    rng = random.Random(16)
    out = []
    shapes = [
        dict(m=32, n=32, sg=(2, 2), dm=8, dn=16),
        dict(m=32, n=64, sg=(2, 2), dm=8, dn=16),
        dict(m=16, n=32, sg=(1, 2), dm=8, dn=16),
        dict(m=32, n=32, sg=(4, 1), dm=8, dn=32),
    ]
    for i in range(n):
        shape = rng.choice(shapes)
        sm, sn = shape["sg"]  # type: ignore[misc]
        dpas = shape["m"] // (sm * shape["dm"]) * (shape["n"] // (sn * shape["dn"]))  # type: ignore[operator]
        stages = rng.choice([1, 2, 3, 4])
        fragments = rng.choice([0, 1, 2])
        if stages == 1 and (fragments == 1 or dpas == 1):
            stages, fragments = (1, 2) if dpas > 1 else (2, fragments)
        s = stages + (fragments != 1 and dpas > 1)
        trip = [0, 1, 2, s - 1, s, s + 1, s + 2][i % 7]
        lb = rng.choice([0, 16])
        short = rng.choice([0, 0, 5])  # ub - lb not a multiple of the step
        ub = max(lb, lb + 16 * trip - (short if trip else 0))
        kw: dict[str, object] = dict(shape)
        kw |= dict(
            k_size=16 * 8, lb=lb, dynamic=rng.random() < 0.5,
            prefetch=rng.random() < 0.7, barrier=rng.random() < 0.3,
            convert=rng.random() < 0.3 and kw["m"] == 32,
        )
        if not kw["dynamic"]:
            kw["ub"] = ub
        out.append((kw, f"stages={stages} fragments={fragments}", ub))
    return out


@pytest.mark.parametrize("kw,options,ub", _cases(42), ids=lambda x: str(x) if isinstance(x, str | int) else "")
def test_generated_gemms(kw: dict[str, object], options: str, ub: int) -> None:
    text = gemm(**kw)  # type: ignore[arg-type]
    module = _scheduled(text, options)
    loops = [op for op in module.walk() if isinstance(op, scf.ForOp)]
    # the loop was rewritten: a steady loop and/or an epilogue when the trip count is dynamic;
    # none for a static zero-trip loop (a static one may end as straight-line steps only)
    if kw["dynamic"]:
        assert loops
    elif ub <= kw["lb"]:  # type: ignore[operator]
        assert not loops
    _agree(text, module, scalars={"ub": ub} if kw["dynamic"] else None)


def test_planted_mistake_is_caught() -> None:
    """Each step consumes the tile of the step after it: the check must disagree."""
    text = gemm()
    module = _scheduled(text, "stages=3")
    steady = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    args = steady.body.block.args
    dpas = next(op for op in steady.body.block.ops if isinstance(op, xegpu.DpasOp))
    head = dpas.lhs
    assert head in args and args[args.index(head) + 1].type == head.type
    dpas.operands[0] = args[args.index(head) + 1]
    result = wgdist.check(text, against=module, samples=1, schedules=1)
    assert not result.ok
    assert "%C" in result.report  # the output buffer is named as the one that differs


SG_DYNAMIC = """
gpu.module @m {
  gpu.func @dynamic(%A: memref<8x256xf16>, %B: memref<256x16xf16>, %C: memref<8x16xf32>, %lb: index, %ub: index, %st: index) kernel {
    %a = xegpu.create_nd_tdesc %A : memref<8x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<256x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %lb to %ub step %st iter_args(%acc = %z) -> (vector<8x16xf32>) {
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("stages", [2, 3, 4])
def test_hand_written_kernel_with_dynamic_bounds_and_step(stages: int) -> None:
    """A subgroup-level kernel (no layouts) against its own scheduled form, with the step, the
    bounds and so the trip count (0 to 9) known only at run time."""
    module = wgdist.parse(SG_DYNAMIC)
    notes: list[str] = []
    with capture_diagnostics(lambda d: notes.append(d.message)):
        wgdist.run_pipeline(module, f"xegpu-k-loop-schedule{{stages={stages}}}")
    # a steady loop and an epilogue loop; from stages=3 on (a tile in two or more iter_args) a
    # steady loop of stages - 1 steps per iteration and guarded steps after it
    assert notes == [] and sum(isinstance(op, scf.ForOp) for op in module.walk()) == (2 if stages == 2 else 1)
    for st, lb, ub in [(16, 0, 0), (16, 16, 32), (32, 0, 40), (48, 16, 100), (16, 0, 144), (32, 16, 16)]:
        result = wgdist.check(SG_DYNAMIC, against=module, scalars={"lb": lb, "ub": ub, "st": st}, samples=1, schedules=1)
        assert result.ok, result.report


SG_CARRIED = """
gpu.module @m {
  gpu.func @carried(%A: memref<8x128xf16>, %B: memref<128x16xf16>, %C: memref<8x16xf32>, %ub: index) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A[0, 0] : memref<8x128xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B[0, 0] : memref<128x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:3 = scf.for %k = %c0 to %ub step %c16 iter_args(%acc = %z, %da = %a, %db = %b) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>) {
      %va = xegpu.load_nd %da : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %db : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %na = xegpu.update_nd_offset %da, [0, 16] : !xegpu.tensor_desc<8x16xf16>
      %nb = xegpu.update_nd_offset %db, [16, 0] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %d, %na, %nb : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>
    }
    xegpu.store_nd %r#0, %c : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("options", ["stages=2", "stages=3", "stages=4 fragments=0"])
def test_hand_written_kernel_with_carried_descriptors(options: str) -> None:
    """Descriptors advanced by update_nd_offset in iter_args (the reads ahead advance them
    first), trip counts 0 to 8 with a dynamic bound."""
    module = wgdist.parse(SG_CARRIED)
    notes: list[str] = []
    with capture_diagnostics(lambda d: notes.append(d.message)):
        wgdist.run_pipeline(module, f"xegpu-k-loop-schedule{{{options}}}")
    assert notes == []
    for ub in [0, 5, 16, 32, 48, 64, 128]:
        result = wgdist.check(SG_CARRIED, against=module, scalars={"ub": ub}, samples=1, schedules=1)
        assert result.ok, result.report
