"""examples/build_gemm.py: a WG GEMM built with the Python builders, distributed and printed.

The example is the README's library walkthrough, so it must keep working: the module it builds
verifies, distribution leaves only subgroup-sized values (32x32 of A, 32x64 of B and C, no layout
left), and mlir-opt 22 reads what the library printer writes.
"""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType

import pytest
from xdsl.dialects.builtin import ModuleOp, VectorType
from xdsl.ir import Operation

import wgdist
from tests.support.footprint import mlir_opt
from wgdist.dialects.xegpu import CreateNdTdescOp, DpasOp, LoadNdOp, StoreNdOp, TensorDescType

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "build_gemm.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_gemm_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shapes(module: ModuleOp) -> set[tuple[int, ...]]:
    """The shapes of every vector and tensor_desc value the ops produce."""
    return {
        tuple(r.type.get_shape())
        for op in module.walk()
        for r in op.results
        if isinstance(r.type, VectorType | TensorDescType)
    }


def _ops(module: ModuleOp, cls: type[Operation]) -> list[Operation]:
    return [op for op in module.walk() if isinstance(op, cls)]


def _signature(module: ModuleOp) -> list[tuple[str, list[str]]]:
    """Op names and result types in order: what survives a round trip whatever the SSA names."""
    return [(op.name, [str(r.type) for r in op.results]) for op in module.walk()]


def test_built_kernel_is_a_verified_wg_gemm(example: ModuleType) -> None:
    module = example.build_gemm()
    module.verify()
    assert len(_ops(module, CreateNdTdescOp)) == 3
    assert len(_ops(module, LoadNdOp)) == 2
    assert len(_ops(module, DpasOp)) == 1
    assert len(_ops(module, StoreNdOp)) == 1
    assert {(256, 32), (32, 256), (256, 256)} <= _shapes(module)
    assert "sg_layout = [8, 4]" in wgdist.print_module(module)


def test_distribution_leaves_only_subgroup_tiles(example: ModuleType) -> None:
    module = example.build_and_distribute()
    module.verify()
    assert _shapes(module) == {(32, 32), (32, 64)}
    text = wgdist.print_module(module)
    for sg_type in (
        "!xegpu.tensor_desc<32x32xf16>",
        "!xegpu.tensor_desc<32x64xf16>",
        "!xegpu.tensor_desc<32x64xf32>",
        "-> vector<32x32xf16>",
        "-> vector<32x64xf16>",
        "vector<32x32xf16>, vector<32x64xf16>, vector<32x64xf32> -> vector<32x64xf32>",
    ):
        assert sg_type in text, sg_type
    assert "vector<256" not in text and "vector<32x256" not in text
    assert "sg_layout" not in text and "gpu.subgroup_id" in text


def test_main_prints_the_distributed_kernel(example: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    example.main()
    out = capsys.readouterr().out
    assert out.strip() == wgdist.print_module(example.build_and_distribute()).strip()
    assert "func.func @gemm(%A: memref<256x256xf16>" in out


@pytest.mark.parametrize("stage", ["workgroup", "distributed"])
def test_mlir_opt_22_reads_the_printed_kernel(example: ModuleType, stage: str) -> None:
    tool = mlir_opt()
    if tool is None:
        pytest.skip("mlir-opt 22 not found (set WGDIST_MLIR_OPT)")
    module = example.build_gemm() if stage == "workgroup" else example.build_and_distribute()
    text = wgdist.print_module(module)
    out = subprocess.run([tool, "-"], input=text, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    back = wgdist.parse(out.stdout, name="<mlir-opt>")
    back.verify()
    assert _signature(back) == _signature(module)
