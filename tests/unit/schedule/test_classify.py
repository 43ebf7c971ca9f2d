"""Loop classification for xegpu-k-loop-schedule: kinds, operands, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import wgdist
from wgdist.passes.schedule.classify import KLoop, OpKind, Refusal, classify, k_loops

ROOT = Path(__file__).resolve().parents[3]

HEAD = """
gpu.module @m {
  gpu.func @k(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>, %ub: index) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b = xegpu.create_nd_tdesc %B : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %c = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r = scf.for %k = %c0 to %ub step %c16 iter_args(%acc = %z) -> (vector<8x16xf32>) {
"""
TAIL = """
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""
LOADS = """
      %va = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
"""
DPAS = """
      %d = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
"""


def _one(body: str) -> KLoop | Refusal:
    module = wgdist.parse(HEAD + body + TAIL)
    loops = k_loops(module)
    assert len(loops) == 1
    return classify(loops[0])


def _kinds(k: KLoop | Refusal) -> list[tuple[str, str]]:
    assert isinstance(k, KLoop), k
    return [(op.name, str(kind)) for op, kind in k.kinds.items()]


def test_plain_gemm_body() -> None:
    body = LOADS + "      xegpu.prefetch_nd %b[%k, 16] : !xegpu.tensor_desc<16x16xf16>\n" + DPAS
    k = _one(body)
    assert _kinds(k) == [
        ("xegpu.load_nd", "global-read"),
        ("xegpu.load_nd", "global-read"),
        ("xegpu.prefetch_nd", "prefetch"),
        ("xegpu.dpas", "mma"),
        ("scf.yield", "other"),
    ]
    assert isinstance(k, KLoop)
    assert [k.operand.get(op) for op in k.loop.body.block.ops] == ["A", "B", "B", None, None]
    assert [op.name for op in k.ops(OpKind.GLOBAL_READ)] == ["xegpu.load_nd"] * 2


def test_operand_through_pure_ops_and_sync() -> None:
    body = """
      %va0 = xegpu.load_nd %a[0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %va = arith.addf %va0, %va0 : vector<8x16xf16>
      %vb = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      gpu.barrier
""" + DPAS
    k = _one(body)
    assert isinstance(k, KLoop)
    ops = list(k.loop.body.block.ops)
    assert k.operand[ops[0]] == "A" and k.operand[ops[2]] == "B"
    assert k.kinds[ops[3]] is OpKind.SYNC and k.kinds[ops[1]] is OpKind.OTHER


def test_global_store_in_loop_is_refused() -> None:
    body = LOADS + DPAS + "      xegpu.store_nd %d, %c[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>\n"
    k = _one(body)
    assert isinstance(k, Refusal)
    assert k.op.name == "xegpu.store_nd" and "writes global memory" in k.reason


def test_value_feeding_both_operands_is_refused() -> None:
    body = """
      %v = xegpu.load_nd %b[%k, 0] : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d0 = xegpu.dpas %v, %v : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
      %d1 = vector.extract_strided_slice %d0 {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]} : vector<16x16xf32> to vector<8x16xf32>
      %d = arith.addf %d1, %acc : vector<8x16xf32>
"""
    k = _one(body)
    assert isinstance(k, Refusal) and "both the A and the B" in k.reason


def test_sync_nested_in_region_is_refused() -> None:
    body = """
      %t = arith.cmpi slt, %k, %c16 : index
      scf.if %t {
        gpu.barrier
      }
""" + LOADS + DPAS
    k = _one(body)
    assert isinstance(k, Refusal) and k.op.name == "scf.if" and "sync" in k.reason


def test_region_op_takes_the_kind_of_its_memory_ops() -> None:
    body = """
      %t = arith.cmpi slt, %k, %c16 : index
      scf.if %t {
        xegpu.prefetch_nd %b[%k, 16] : !xegpu.tensor_desc<16x16xf16>
      }
""" + LOADS + DPAS
    k = _one(body)
    assert isinstance(k, KLoop)
    ops = list(k.loop.body.block.ops)
    assert k.kinds[ops[1]] is OpKind.PREFETCH and k.operand[ops[1]] == "B"


def test_k_loops_are_innermost_with_dpas() -> None:
    text = (ROOT / "examples" / "gemm_k_loop.mlir").read_text()
    module = wgdist.run_pipeline(wgdist.parse(text), "xegpu-propagate-layout,xegpu-wg-to-sg-distribute")
    loops = k_loops(module)
    assert len(loops) == 1
    k = classify(loops[0])
    assert sorted(str(v) for v in _kinds(k) for v in v[1:]) == sorted(
        ["global-read", "global-read", "other", "prefetch", "prefetch", "mma", "other"]
    )


@pytest.mark.parametrize("kind", list(OpKind))
def test_kind_values_are_the_spelled_names(kind: OpKind) -> None:
    assert str(kind) == kind.value and kind.value == kind.name.lower().replace("_", "-")
