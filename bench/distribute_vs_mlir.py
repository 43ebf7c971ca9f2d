"""Benchmark: wgdist's xegpu-wg-to-sg-distribute against mlir-opt 22's on generated WG kernels.

For kernels of ~100 to ~50,000 ops (a chain of GEMM-like blocks: descriptors, a K loop with
loads and dpas, elementwise epilogue, store) it prints, per size: the in-process time of the
pass alone, the time of a plain wgdist-opt round trip (parse, verify, print: the framework
floor), the wall time of ``mlir-opt --xegpu-wg-to-sg-distribute``, and the op counts of both
outputs after ``mlir-opt --canonicalize --cse``.

    .venv/bin/python bench/distribute_vs_mlir.py [--sizes 1,10,100,500]
"""

from __future__ import annotations

import argparse
import io
import subprocess
import time

from xdsl.printer import Printer

from wgdist import context, parse
from wgdist.footprint import mlir_opt
from wgdist.passes.distribute.driver import distribute_module

A = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>"
B = "#xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [16, 16]>"


def block(i: int) -> str:
    return f"""
  %tc{i} = xegpu.create_nd_tdesc %C : memref<4096x4096xf32> -> !xegpu.tensor_desc<256x128xf32, {A}>
  %cv{i} = xegpu.load_nd %tc{i}[%m, %n] <{{layout = {A}}}> : !xegpu.tensor_desc<256x128xf32, {A}> -> vector<256x128xf32>
  %ta{i} = xegpu.create_nd_tdesc %A : memref<4096x4096xf16> -> !xegpu.tensor_desc<256x32xf16, {A}>
  %tb{i} = xegpu.create_nd_tdesc %B : memref<4096x4096xf16> -> !xegpu.tensor_desc<32x128xf16, {B}>
  %r{i} = scf.for %k = %c0 to %c4096 step %c32 iter_args(%acc = %cv{i}) -> (vector<256x128xf32>) {{
    %av = xegpu.load_nd %ta{i}[%m, %k] <{{layout = {A}}}> : !xegpu.tensor_desc<256x32xf16, {A}> -> vector<256x32xf16>
    %bv = xegpu.load_nd %tb{i}[%k, %n] <{{layout = {B}}}> : !xegpu.tensor_desc<32x128xf16, {B}> -> vector<32x128xf16>
    %d = xegpu.dpas %av, %bv, %acc {{layout_a = {A}, layout_b = {B}, layout_cd = {A}}} : vector<256x32xf16>, vector<32x128xf16>, vector<256x128xf32> -> vector<256x128xf32>
    scf.yield %d : vector<256x128xf32>
  }} {{layout_result_0 = {A}}}
  %e{i} = math.exp %r{i} {{layout_result_0 = {A}}} : vector<256x128xf32>
  %s{i} = arith.addf %e{i}, %cv{i} {{layout_result_0 = {A}}} : vector<256x128xf32>
  xegpu.store_nd %s{i}, %tc{i}[%m, %n] <{{layout = {A}}}> : vector<256x128xf32>, !xegpu.tensor_desc<256x128xf32, {A}>"""


def kernel(blocks: int) -> str:
    body = "".join(block(i) for i in range(blocks))
    return f"""func.func @k(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>, %m: index, %n: index) {{
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index{body}
  func.return
}}
"""


def count_ops(text: str, tool: str) -> int:
    out = subprocess.run([tool, "--canonicalize", "--cse", "--mlir-print-op-generic", "-"], input=text, capture_output=True, text=True, check=True).stdout
    return sum(1 for line in out.splitlines() if '"(' in line and "= \"" in line or line.strip().startswith('"'))


def print_module(module) -> str:  # type: ignore[no-untyped-def]
    s = io.StringIO()
    Printer(stream=s).print_op(module)
    return s.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,10,100,500,1000")
    args = ap.parse_args()
    tool = mlir_opt()
    print(f"{'ops':>7} {'pass s':>8} {'roundtrip s':>11} {'pass/rt':>7} {'mlir-opt s':>10} {'wgdist ops':>10} {'mlir ops':>9}")
    for n in (int(x) for x in args.sizes.split(",")):
        text = kernel(n)
        ctx = context()
        t0 = time.perf_counter()
        module = parse(text, ctx)
        module.verify()
        printed_in = print_module(module)
        t1 = time.perf_counter()
        n_ops = sum(1 for _ in module.walk()) - 1
        t2 = time.perf_counter()
        distribute_module(module)
        t3 = time.perf_counter()
        module.verify()
        out = print_module(module)
        t5 = time.perf_counter()
        roundtrip = (t1 - t0) + (t5 - t3)  # parse+verify+print of input and output (framework floor)
        assert printed_in
        mlir_s = float("nan")
        wg_ops = mlir_ops = -1
        if tool:
            s0 = time.perf_counter()
            ref = subprocess.run([tool, "--xegpu-wg-to-sg-distribute", "-"], input=text, capture_output=True, text=True, check=True).stdout
            mlir_s = time.perf_counter() - s0
            wg_ops, mlir_ops = count_ops(out, tool), count_ops(ref, tool)
        print(f"{n_ops:>7} {t3 - t2:>8.3f} {roundtrip:>11.3f} {(t3 - t2) / roundtrip:>7.2f} {mlir_s:>10.3f} {wg_ops:>10} {mlir_ops:>9}")


if __name__ == "__main__":
    main()
