"""Measure workgroup orders on an NVIDIA GPU: a Triton fp16 GEMM whose program ids go through tables.

Self-contained (torch, triton, numpy only; no wgdist): the tables come from a ``.npz`` written by
``bench/reorder_tables.py`` where wgdist is installed, which runs ``reorder-workgroups`` on a
kernel with the grid known and evaluates the IR it emits at every launch point. Each table maps
dispatch id ``f`` (the program id of a 1-D launch of ``nx * ny`` programs, in the order the
hardware dispatches them) to the output tile ``(m, n)`` that program computes.

The kernel: 128x256x64 tiles, 8 warps, 3 stages, fp16 in, fp32 accumulation, fp16 out. For each
shape every candidate is checked against a reference product once (C poisoned with NaN first),
then timed in ``--epochs`` epochs, each with freshly allocated inputs (other physical pages) and
starting with back-to-back launches of every candidate until the clocks settle (a GPU fresh from
idle runs its first launches faster); an epoch is ``--rounds / --epochs`` rounds each launching
every candidate ``--burst`` times or more (at least 1.5 ms of work), the candidates in a new
random order each round, each launch timed alone with CUDA events after a write of 128 MiB that
leaves the L2 cold. A candidate's figure is the median over all its launches: the slow drift of
the clocks and the placement of the inputs fall on every candidate alike. ``native-g8`` is
Triton's grouped-M G=8 computed in the kernel (no table): it shows what the table lookup costs.

Prints, per shape, TFLOP/s per candidate, auto's pick, auto / best, auto / triton G8, and the
Spearman rank correlation between the modelled bytes (from the ``.npz``) and the measured TFLOP/s
(modelled bytes are ranked ascending, throughput descending: 1.0 means the model orders the
candidates exactly as the GPU does). Writes everything to ``--out`` as JSON.

``--profile`` instead launches every (shape, candidate) once, for ``ncu`` to read DRAM bytes::

    ncu --clock-control none -k regex:matmul --metrics dram__bytes_read.sum --csv \\
        python3 bench/reorder_gpu.py TABLES.npz --profile
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np
import torch
import triton
import triton.language as tl

BM, BN, BK = 128, 256, 64


@triton.jit
def matmul_table(
    a_ptr, b_ptr, c_ptr, tab_m, tab_n, M, N, K,
    s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    pid_m = tl.load(tab_m + pid)
    pid_n = tl.load(tab_n + pid)
    _tile(a_ptr, b_ptr, c_ptr, pid_m, pid_n, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
          BLOCK_M, BLOCK_N, BLOCK_K)  # fmt: skip


@triton.jit
def matmul_native_g8(
    a_ptr, b_ptr, c_ptr, M, N, K,
    s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    width = 8 * num_n
    first = (pid // width) * 8
    size = tl.minimum(num_m - first, 8)
    pid_m = first + (pid % size)
    pid_n = (pid % width) // size
    _tile(a_ptr, b_ptr, c_ptr, pid_m, pid_n, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
          BLOCK_M, BLOCK_N, BLOCK_K)  # fmt: skip


@triton.jit
def _tile(
    a_ptr, b_ptr, c_ptr, pid_m, pid_n, M, N, K,
    s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):  # fmt: skip
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * s_am + offs_k[None, :] * s_ak
    b_ptrs = b_ptr + offs_k[:, None] * s_bk + offs_n[None, :] * s_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * s_ak
        b_ptrs += BLOCK_K * s_bk
    cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + cm[:, None] * s_cm + cn[None, :] * s_cn
    tl.store(c_ptrs, acc.to(tl.float16), mask=(cm[:, None] < M) & (cn[None, :] < N))


def launcher(a, b, c, table):
    M, K = a.shape
    N = b.shape[1]
    strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    meta = dict(BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, num_warps=8, num_stages=3)
    grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
    if table is None:
        return lambda: matmul_native_g8[grid](a, b, c, M, N, K, *strides, **meta)
    tm, tn = table
    return lambda: matmul_table[grid](a, b, c, tm, tn, M, N, K, *strides, **meta)


def rank(v):
    v = np.asarray(v, dtype=np.float64)
    r = np.empty(len(v))
    r[np.argsort(v, kind="stable")] = np.arange(len(v), dtype=np.float64)
    for x in np.unique(v):  # ties share their mean rank
        r[v == x] = r[v == x].mean()
    return r


def spearman(a, b):
    ra, rb = rank(a), rank(b)
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def load(path):
    z = np.load(path)
    meta = json.loads(str(z["meta"]))
    for i, shape in enumerate(meta["shapes"]):
        shape["tables"] = z[f"tables{i}"]  # [candidate, 2, T]
    return meta


def check(run, a, b, c, ref):
    c.fill_(float("nan"))
    run()
    torch.cuda.synchronize()
    if torch.isnan(c).any():
        return "tiles left unwritten"
    err = ((c.float() - ref).norm() / ref.norm()).item()
    return None if err < 1e-2 else f"relative error {err:.2e}"


def inputs(M, N, K, dev, seed):
    g = torch.Generator(device=dev).manual_seed(seed)
    a = torch.randn(M, K, device=dev, dtype=torch.float16, generator=g)
    b = torch.randn(K, N, device=dev, dtype=torch.float16, generator=g)
    return a, b, torch.empty(M, N, device=dev, dtype=torch.float16)


def runs_for(shape, a, b, c, dev):
    runs = []
    for i in range(len(shape["names"])):
        t = torch.from_numpy(shape["tables"][i].astype(np.int32)).to(dev)
        runs.append(launcher(a, b, c, (t[0].contiguous(), t[1].contiguous())))
    return runs + [launcher(a, b, c, None)]


def measure_shape(shape, rounds, burst, epochs, dev, flush):
    M, N, K = shape["M"], shape["N"], shape["K"]
    names = list(shape["names"]) + ["native-g8"]
    a, b, c = inputs(M, N, K, dev, M * 7 + N * 3 + K)
    runs = runs_for(shape, a, b, c, dev)
    ref = (a.float() @ b.float()) if M * N * K <= 2**36 else torch.matmul(a, b).float()
    errors = {}
    for name, run in zip(names, runs):
        err = check(run, a, b, c, ref)
        if err:
            errors[name] = err
    del ref, a, b, c, runs
    torch.cuda.empty_cache()
    flops = 2.0 * M * N * K
    per = {n: [] for n in names}
    rng = np.random.default_rng(M + N + K)
    for epoch in range(epochs):  # fresh inputs: other physical pages, other DRAM channels
        a, b, c = inputs(M, N, K, dev, epoch)
        runs = runs_for(shape, a, b, c, dev)
        t0 = time.time()  # warm up: back-to-back launches until the clocks settle
        while time.time() - t0 < (1.0 if epoch == 0 else 0.3):
            for run in runs:
                run()
            torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        runs[0]()
        e.record()
        torch.cuda.synchronize()
        n = max(burst, math.ceil(1.5 / s.elapsed_time(e)))  # at least ~1.5 ms per burst
        for _ in range(max(1, rounds // epochs)):
            events = []
            for i in rng.permutation(len(runs)):
                for _ in range(n):
                    flush.zero_()  # the L2 starts cold for every launch
                    s = torch.cuda.Event(enable_timing=True)
                    e = torch.cuda.Event(enable_timing=True)
                    s.record()
                    runs[i]()
                    e.record()
                    events.append((i, s, e))
            torch.cuda.synchronize()
            for i, s, e in events:
                per[names[i]].append(flops / s.elapsed_time(e) / 1e9)
        del a, b, c, runs
        torch.cuda.empty_cache()
    return names, per, errors


def report(shape, names, per, errors):
    best_of = {n: float(np.median(v)) for n, v in per.items()}
    cands = list(shape["names"])
    auto = shape.get("auto")
    best_name = max(cands, key=lambda n: best_of[n])
    out = {
        "M": shape["M"], "N": shape["N"], "K": shape["K"], "grid": shape["grid"],
        "tflops": best_of, "rounds": per, "errors": errors, "best": best_name,
        "bytes": dict(zip(cands, shape.get("bytes") or [None] * len(cands))),
    }  # fmt: skip
    if auto:
        out["auto"] = auto
        out["auto_over_best"] = best_of[auto] / best_of[best_name]
        if "triton-g8" in best_of:
            out["auto_over_g8"] = best_of[auto] / best_of["triton-g8"]
    if shape.get("bytes"):
        out["spearman"] = spearman(shape["bytes"], [-best_of[n] for n in cands])
    return out


def print_table(results):
    print("\nTFLOP/s (median of every timed launch; launches of all candidates interleaved):")
    for r in results:
        print(f"\n{r['M']}x{r['N']}x{r['K']} (grid {r['grid'][0]}x{r['grid'][1]}):")
        for n, v in sorted(r["tflops"].items(), key=lambda kv: -kv[1]):
            b = r["bytes"].get(n)
            extra = f"  model {b / 2**20:9.1f} MiB" if b is not None else ""
            tags = " <- auto" if n == r.get("auto") else ""
            tags += f"  ERROR {r['errors'][n]}" if n in r["errors"] else ""
            q1, q3 = np.percentile(r["rounds"][n], [25, 75])
            print(f"  {n:<16} {v:7.1f}  (IQR {100 * (q3 - q1) / v:4.1f}%){extra}{tags}")
        line = f"  best {r['best']}"
        if "auto" in r:
            line += f"; auto/best {r['auto_over_best']:.4f}"
            if "auto_over_g8" in r:
                line += f"; auto/triton-g8 {r['auto_over_g8']:.4f}"
        if "spearman" in r:
            line += f"; spearman(bytes, TFLOP/s) {r['spearman']:+.2f}"
        print(line)
    if results and "auto" in results[0]:
        ab = [r["auto_over_best"] for r in results]
        ag = [r["auto_over_g8"] for r in results if "auto_over_g8" in r]
        rho = [r["spearman"] for r in results if not math.isnan(r.get("spearman", math.nan))]
        print(f"\nauto/best: min {min(ab):.4f}, mean {sum(ab) / len(ab):.4f}")
        if ag:
            print(f"auto/triton-g8: min {min(ag):.4f}, mean {sum(ag) / len(ag):.4f}")
        if rho:
            print(f"spearman: mean {sum(rho) / len(rho):+.2f} over {len(rho)} shapes")


def profile(meta, dev):
    """One launch per (shape, candidate), in file order, for ncu; prints the order."""
    for s in meta["shapes"]:
        a = torch.randn(s["M"], s["K"], device=dev, dtype=torch.float16)
        b = torch.randn(s["K"], s["N"], device=dev, dtype=torch.float16)
        c = torch.empty(s["M"], s["N"], device=dev, dtype=torch.float16)
        for i, name in enumerate(s["names"]):
            t = torch.from_numpy(s["tables"][i].astype(np.int32)).to(dev)
            launcher(a, b, c, (t[0].contiguous(), t[1].contiguous()))()
            torch.cuda.synchronize()
            print(f"PROFILED {s['M']}x{s['N']}x{s['K']} {name}", flush=True)
        del a, b, c
        torch.cuda.empty_cache()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("tables")
    p.add_argument("--out", default="reorder_gpu.json")
    p.add_argument("--rounds", type=int, default=25, help="rounds over the shuffled candidates")
    p.add_argument("--burst", type=int, default=4, help="timed launches per candidate per round")
    p.add_argument("--epochs", type=int, default=4, help="fresh inputs this many times per shape")
    p.add_argument("--only", help="comma-separated MxNxK shapes to run")
    p.add_argument("--profile", action="store_true")
    args = p.parse_args()
    dev = torch.device("cuda")
    meta = load(args.tables)
    if args.only:
        keep = set(args.only.split(","))
        meta["shapes"] = [s for s in meta["shapes"] if f"{s['M']}x{s['N']}x{s['K']}" in keep]
    props = torch.cuda.get_device_properties(dev)
    print(f"{props.name}: {props.multi_processor_count} SMs, L2 {props.L2_cache_size >> 20} MiB; "
          f"torch {torch.__version__}, triton {triton.__version__}", flush=True)  # fmt: skip
    if args.profile:
        profile(meta, dev)
        return
    flush = torch.empty(128 << 20, dtype=torch.uint8, device=dev)  # over twice the L2
    results = []
    t0 = time.time()
    for s in meta["shapes"]:
        names, per, errors = measure_shape(s, args.rounds, args.burst, args.epochs, dev, flush)
        r = report(s, names, per, errors)
        results.append(r)
        print(f"[{time.time() - t0:6.1f}s] {s['M']}x{s['N']}x{s['K']}: best {r['best']} "
              f"{r['tflops'][r['best']]:.1f}" + (f", auto/best {r['auto_over_best']:.4f}"
              if "auto" in r else ""), flush=True)  # fmt: skip
        with open(args.out, "w") as fh:
            json.dump({"device": props.name, "date": time.strftime("%Y-%m-%d"),
                       "meta": {k: v for k, v in meta.items() if k != "shapes"},
                       "results": results}, fh, indent=1)  # fmt: skip
    print_table(results)
    if any(r["errors"] for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
