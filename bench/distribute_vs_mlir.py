"""Benchmark: wgdist's xegpu-wg-to-sg-distribute against mlir-opt 22's on generated WG kernels.

The kernels are chains of GEMM-like blocks (descriptors, a K loop with loads and dpas, an
elementwise epilogue, a store; 12 ops per block). The default sizes run from about 125 to about
50,000 ops; ``--sizes`` takes block counts, e.g. ``--sizes 1,10`` for a quick run. Per size:

* ``pass s``: the pass alone (``distribute_module`` on the parsed module), in process, after
  one untimed warm-up run (module imports);
* ``roundtrip s``: the framework floor, what any xDSL tool does around a pass: parse (xDSL's own
  ``Parser``, not wgdist's, whose per-op checks and locations are wgdist's cost, not the
  framework's), verify and print the input, then the same for the output (the output's parse is
  what the next tool of a pipeline pays to read it);
* ``pass/rt``: their ratio (the issue's target: below 0.5);
* ``mlir-opt s``: wall time of ``mlir-opt-22 --xegpu-wg-to-sg-distribute`` on the same input
  (a process: its parse and print included);
* op counts of both outputs after ``mlir-opt --canonicalize --cse`` (target: wgdist's no larger).

Many tiles: ``--many-tiles 256,1024`` instead times the pass alone on one-subgroup kernels
(load, add, store of an NxN value with ``sg_layout = [1, 1], sg_data = [8, 8]``: N=256 gives 1,024
tiles per subgroup, N=1024 16,384), printing the tiles, the ops the pass emits and its ms per
emitted op (the cost should grow with tiles, not with elements; the pass also remarks on such
layouts).

    .venv/bin/python bench/distribute_vs_mlir.py [--sizes 10,100,500,1000,2000,4160]
    .venv/bin/python bench/distribute_vs_mlir.py --many-tiles 256,1024
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.support: not installed

from xdsl.parser import Parser  # noqa: E402
from xdsl.printer import Printer  # noqa: E402

from tests.support.footprint import mlir_opt  # noqa: E402
from wgdist import context, parse  # noqa: E402
from wgdist.passes.distribute.driver import distribute_module  # noqa: E402

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


def many_tiles_kernel(n: int, data: int = 8) -> str:
    """One subgroup loads, adds and stores an ``n``x``n`` value in ``data``x``data`` tiles."""
    lay = f"#xegpu.layout<sg_layout = [1, 1], sg_data = [{data}, {data}]>"
    s = f"{n}x{n}xf32"
    td = f"!xegpu.tensor_desc<{s}, {lay}>"
    return f"""func.func @k(%a: memref<{s}>, %b: memref<{s}>) {{
  %ta = xegpu.create_nd_tdesc %a : memref<{s}> -> {td}
  %tb = xegpu.create_nd_tdesc %b : memref<{s}> -> {td}
  %v = xegpu.load_nd %ta[0, 0] <{{layout = {lay}}}> : {td} -> vector<{s}>
  %w = arith.addf %v, %v {{layout_result_0 = {lay}}} : vector<{s}>
  xegpu.store_nd %w, %tb[0, 0] <{{layout = {lay}}}> : vector<{s}>, {td}
  func.return
}}
"""


def many_tiles(sizes: str) -> None:
    """The pass alone on :func:`many_tiles_kernel` per size: tiles, emitted ops, ms per emitted op."""
    from wgdist.ir.diagnostics import capture_diagnostics

    print(f"{'N':>6} {'tiles':>7} {'pass s':>8} {'emitted':>8} {'ms/emit':>8}")
    for n in (int(x) for x in sizes.split(",")):
        module = parse(many_tiles_kernel(n), context())
        with capture_diagnostics(lambda d: None):  # the many-tiles remark
            t0 = time.perf_counter()
            distribute_module(module)
            pass_s = time.perf_counter() - t0
        emitted = sum(1 for _ in module.walk()) - 1
        print(f"{n:>6} {(n // 8) ** 2:>7} {pass_s:>8.3f} {emitted:>8} {1000 * pass_s / emitted:>8.4f}", flush=True)


def count_ops(text: str, tool: str) -> int:
    out = subprocess.run([tool, "--canonicalize", "--cse", "--mlir-print-op-generic", "-"], input=text, capture_output=True, text=True, check=True).stdout
    return sum(1 for line in out.splitlines() if '"(' in line and "= \"" in line or line.strip().startswith('"'))


def print_module(module) -> str:  # type: ignore[no-untyped-def]
    s = io.StringIO()
    Printer(stream=s).print_op(module)
    return s.getvalue()


DEFAULT_SIZES = "10,100,500,1000,2000,4160"  # blocks: about 125 to 50,000 ops


def timed_roundtrip(text: str) -> tuple[float, object]:
    """Parse (xDSL's parser), verify and print ``text``: seconds, and the parsed module."""
    t0 = time.perf_counter()
    module = Parser(context(), text).parse_module()
    module.verify()
    assert print_module(module)
    return time.perf_counter() - t0, module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default=DEFAULT_SIZES, help=f"comma-separated block counts (default {DEFAULT_SIZES})")
    ap.add_argument("--many-tiles", metavar="NS", help="time one-subgroup NxN kernels in 8x8 tiles instead, e.g. 256,1024")
    args = ap.parse_args()
    if args.many_tiles:
        distribute_module(parse(kernel(1), context()))  # warm-up
        many_tiles(args.many_tiles)
        return
    tool = mlir_opt()
    distribute_module(parse(kernel(1), context()))  # warm-up: handler modules load once, untimed
    print(f"{'ops':>7} {'pass s':>8} {'roundtrip s':>11} {'pass/rt':>7} {'mlir-opt s':>10} {'wgdist ops':>10} {'mlir ops':>9}")
    for n in (int(x) for x in args.sizes.split(",")):
        text = kernel(n)
        rt_in, module = timed_roundtrip(text)
        n_ops = sum(1 for _ in module.walk()) - 1  # type: ignore[attr-defined]
        t0 = time.perf_counter()
        distribute_module(module)  # type: ignore[arg-type]
        pass_s = time.perf_counter() - t0
        out = print_module(module)
        rt_out, _ = timed_roundtrip(out)
        roundtrip = rt_in + rt_out
        mlir_s = float("nan")
        wg_ops = mlir_ops = -1
        if tool:
            s0 = time.perf_counter()
            ref = subprocess.run([tool, "--xegpu-wg-to-sg-distribute", "-"], input=text, capture_output=True, text=True, check=True).stdout
            mlir_s = time.perf_counter() - s0
            wg_ops, mlir_ops = count_ops(out, tool), count_ops(ref, tool)
        print(f"{n_ops:>7} {pass_s:>8.3f} {roundtrip:>11.3f} {pass_s / roundtrip:>7.2f} {mlir_s:>10.3f} {wg_ops:>10} {mlir_ops:>9}", flush=True)


if __name__ == "__main__":
    main()
