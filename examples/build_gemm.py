"""A workgroup-level GEMM built in Python, distributed to subgroups and printed.

    python examples/build_gemm.py

C = A x B for 256x256 matrices (f16 inputs, f32 accumulation), written once for the whole
workgroup: one 256x256 tile of C, a K loop over 32-wide slices of A and B, the accumulator
carried by ``scf.for``. The 32 subgroups of the workgroup form an 8x4 grid (``sg_layout =
[8, 4]``); layouts sit only on the anchors (the descriptor types, ``dpas`` and the store).
``xegpu-propagate-layout`` derives the rest and ``xegpu-wg-to-sg-distribute`` rewrites the kernel
so that each subgroup loads 32x32 of A and 32x64 of B and computes a 32x64 block of C.

The ops come from the dialect modules (``wgdist.dialects.xegpu`` for XeGPU, xDSL's ``func``,
``scf`` and ``arith``); ``examples/gemm_k_loop.mlir`` is the same kernel written as text.
"""

from __future__ import annotations

from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IndexType,
    MemRefType,
    ModuleOp,
    VectorType,
    f16,
    f32,
)
from xdsl.ir import Block, Region

import wgdist
from wgdist.dialects.xegpu import (
    CreateNdTdescOp,
    DpasOp,
    LayoutAttr,
    LoadNdOp,
    StoreNdOp,
    TensorDescType,
)

M = N = K = 256
K_STEP = 32
A_LAYOUT = LayoutAttr(sg_layout=[8, 4], sg_data=[32, 32])
B_LAYOUT = LayoutAttr(sg_layout=[8, 4], sg_data=[32, 64])
C_LAYOUT = LayoutAttr(sg_layout=[8, 4], sg_data=[32, 64])
PIPELINE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def index(value: int) -> arith.ConstantOp:
    return arith.ConstantOp.from_int_and_width(value, IndexType())


def build_gemm() -> ModuleOp:
    """The workgroup-level kernel ``func.func @gemm(%A, %B, %C)``."""
    acc_t = VectorType(f32, [M, N])
    arg_types = [MemRefType(f16, [M, K]), MemRefType(f16, [K, N]), MemRefType(f32, [M, N])]
    kernel = func.FuncOp("gemm", (arg_types, []))
    with ImplicitBuilder(kernel.body) as (a, b, c):
        a.name_hint, b.name_hint, c.name_hint = "A", "B", "C"
        a_desc = CreateNdTdescOp(a, TensorDescType([M, K_STEP], f16, layout=A_LAYOUT))
        b_desc = CreateNdTdescOp(b, TensorDescType([K_STEP, N], f16, layout=B_LAYOUT))
        c_desc = CreateNdTdescOp(c, TensorDescType([M, N], f32, layout=C_LAYOUT))
        zero = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(acc_t, [0.0]))
        body = Block(arg_types=[IndexType(), acc_t])
        with ImplicitBuilder(body) as (k, acc):
            k.name_hint, acc.name_hint = "k", "acc"
            a_tile = LoadNdOp(a_desc.result, VectorType(f16, [M, K_STEP]), [0, k])
            b_tile = LoadNdOp(b_desc.result, VectorType(f16, [K_STEP, N]), [k, 0])
            d = DpasOp(a_tile.value, b_tile.value, acc_t, acc,
                       layout_a=A_LAYOUT, layout_b=B_LAYOUT, layout_cd=C_LAYOUT)  # fmt: skip
            scf.YieldOp(d)
        loop = scf.ForOp(index(0), index(K), index(K_STEP), [zero], Region(body))
        StoreNdOp(loop.res[0], c_desc.result, [0, 0], layout=C_LAYOUT)
        func.ReturnOp()
    return ModuleOp([kernel])


def build_and_distribute() -> ModuleOp:
    """The kernel after layout propagation and workgroup-to-subgroup distribution."""
    return wgdist.run_pipeline(build_gemm(), PIPELINE)


def main() -> None:
    print(wgdist.print_module(build_and_distribute()))


if __name__ == "__main__":
    main()
