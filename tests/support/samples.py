"""Hand-distributed kernel pairs: a workgroup-level GEMM and the subgroup-level program written
out directly (not by the distribution pass), for the interpreter's tests and benchmark.

The subgroup program follows the round-robin rule of the layout spec (section 1.5): with
``sg_layout = [Lm, Ln]``, ``sg_data = [Dm, Dn]`` and ``order = [1, 0]``, subgroup ``s`` has
coordinates ``(s / Ln mod Lm, s mod Ln)`` and owns the C tiles at rows
``((y + i*Lm) mod (M/Dm)) * Dm`` and columns ``((x + j*Ln) mod (N/Dn)) * Dn``.
``bug`` plants a defect in the subgroup program: ``"offset"`` shifts one A load by one row,
``"swap"`` exchanges the first two accumulators when storing.
"""

from __future__ import annotations

from wgdist.layout import Layout, delinearize, tiles


def gemm_wg(
    m: int, n: int, k: int, lay: tuple[int, int], data: tuple[int, int], kstep: int, wgs: int = 1
) -> str:
    """C[m x n] tile per workgroup (``wgs`` workgroups along block_id x over rows) = A x B, f16
    inputs, f32 accumulation."""
    rows = m * wgs
    la = f"#xegpu.layout<sg_layout = [{lay[0]}, {lay[1]}], sg_data = [{data[0]}, {kstep}]>"
    lb = f"#xegpu.layout<sg_layout = [{lay[0]}, {lay[1]}], sg_data = [{kstep}, {data[1]}]>"
    lc = f"#xegpu.layout<sg_layout = [{lay[0]}, {lay[1]}], sg_data = [{data[0]}, {data[1]}]>"
    ta = f"!xegpu.tensor_desc<{m}x{kstep}xf16, {la}>"
    tb = f"!xegpu.tensor_desc<{kstep}x{n}xf16, {lb}>"
    tc = f"!xegpu.tensor_desc<{m}x{n}xf32, {lc}>"
    return f"""gpu.module @m {{
  gpu.func @gemm(%A: memref<{rows}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{rows}x{n}xf32>) kernel {{
    %c0 = arith.constant 0 : index
    %ck = arith.constant {k} : index
    %cs = arith.constant {kstep} : index
    %cm = arith.constant {m} : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %cm : index
    %ta = xegpu.create_nd_tdesc %A : memref<{rows}x{k}xf16> -> {ta}
    %tb = xegpu.create_nd_tdesc %B : memref<{k}x{n}xf16> -> {tb}
    %tc = xegpu.create_nd_tdesc %C : memref<{rows}x{n}xf32> -> {tc}
    %z = arith.constant {{layout_result_0 = {lc}}} dense<0.0> : vector<{m}x{n}xf32>
    %acc = scf.for %kk = %c0 to %ck step %cs iter_args(%s = %z) -> (vector<{m}x{n}xf32>) {{
      %a = xegpu.load_nd %ta[%row, %kk] <{{layout = {la}}}> : {ta} -> vector<{m}x{kstep}xf16>
      %b = xegpu.load_nd %tb[%kk, 0] <{{layout = {lb}}}> : {tb} -> vector<{kstep}x{n}xf16>
      %d = xegpu.dpas %a, %b, %s {{layout_a = {la}, layout_b = {lb}, layout_cd = {lc}}} : vector<{m}x{kstep}xf16>, vector<{kstep}x{n}xf16>, vector<{m}x{n}xf32> -> vector<{m}x{n}xf32>
      scf.yield %d : vector<{m}x{n}xf32>
    }} {{layout_result_0 = {lc}}}
    xegpu.store_nd %acc, %tc[%row, 0] <{{layout = {lc}}}> : vector<{m}x{n}xf32>, {tc}
    gpu.return
  }}
}}
"""


def gemm_sg(
    m: int,
    n: int,
    k: int,
    lay: tuple[int, int],
    data: tuple[int, int],
    kstep: int,
    wgs: int = 1,
    bug: str | None = None,
) -> str:
    """The subgroup program of :func:`gemm_wg`, written out by hand."""
    rows = m * wgs
    dm, dn = data
    lm, ln = lay
    rounds_m = max(1, (m // dm) // lm)
    rounds_n = max(1, (n // dn) // ln)
    ta = f"!xegpu.tensor_desc<{dm}x{kstep}xf16>"
    tb = f"!xegpu.tensor_desc<{kstep}x{dn}xf16>"
    tc = f"!xegpu.tensor_desc<{dm}x{dn}xf32>"
    lines = [
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%ck = arith.constant {k} : index",
        f"%cs = arith.constant {kstep} : index",
        f"%cm = arith.constant {m} : index",
        f"%cLm = arith.constant {lm} : index",
        f"%cLn = arith.constant {ln} : index",
        f"%cDm = arith.constant {dm} : index",
        f"%cDn = arith.constant {dn} : index",
        f"%ctm = arith.constant {m // dm} : index",
        f"%ctn = arith.constant {n // dn} : index",
        "%bx = gpu.block_id x",
        "%row = arith.muli %bx, %cm : index",
        "%sg = gpu.subgroup_id : index",
        "%x = arith.remui %sg, %cLn : index",
        "%yq = arith.divui %sg, %cLn : index",
        "%y = arith.remui %yq, %cLm : index",
    ]
    for i in range(rounds_m):
        lines += [
            f"%ri{i}a = arith.constant {i * lm} : index",
            f"%ri{i}b = arith.addi %y, %ri{i}a : index",
            f"%ri{i}c = arith.remui %ri{i}b, %ctm : index",
            f"%ri{i}d = arith.muli %ri{i}c, %cDm : index",
            f"%r{i} = arith.addi %row, %ri{i}d : index",
        ]
        if bug == "offset" and i == 0:
            lines += ["%r0bug = arith.addi %r0, %c1 : index"]
    for j in range(rounds_n):
        lines += [
            f"%cj{j}a = arith.constant {j * ln} : index",
            f"%cj{j}b = arith.addi %x, %cj{j}a : index",
            f"%cj{j}c = arith.remui %cj{j}b, %ctn : index",
            f"%col{j} = arith.muli %cj{j}c, %cDn : index",
        ]
    lines += [
        f"%ta = xegpu.create_nd_tdesc %A : memref<{rows}x{k}xf16> -> {ta}",
        f"%tb = xegpu.create_nd_tdesc %B : memref<{k}x{n}xf16> -> {tb}",
        f"%tc = xegpu.create_nd_tdesc %C : memref<{rows}x{n}xf32> -> {tc}",
        f"%z = arith.constant dense<0.0> : vector<{dm}x{dn}xf32>",
    ]
    accs = [(i, j) for i in range(rounds_m) for j in range(rounds_n)]
    names = [f"%s{i}_{j}" for i, j in accs]
    iter_args = ", ".join(f"{nm} = %z" for nm in names)
    types = ", ".join(f"vector<{dm}x{dn}xf32>" for _ in accs)
    res = ", ".join(f"%acc{i}_{j}" for i, j in accs)
    lines.append(f"{res} = scf.for %kk = %c0 to %ck step %cs iter_args({iter_args}) -> ({types}) {{")
    body = []
    for i in range(rounds_m):
        r = "%r0bug" if bug == "offset" and i == 0 else f"%r{i}"
        body.append(f"%a{i} = xegpu.load_nd %ta[{r}, %kk] : {ta} -> vector<{dm}x{kstep}xf16>")
    for j in range(rounds_n):
        body.append(f"%b{j} = xegpu.load_nd %tb[%kk, %col{j}] : {tb} -> vector<{kstep}x{dn}xf16>")
    for i, j in accs:
        body.append(
            f"%d{i}_{j} = xegpu.dpas %a{i}, %b{j}, %s{i}_{j} : vector<{dm}x{kstep}xf16>, "
            f"vector<{kstep}x{dn}xf16>, vector<{dm}x{dn}xf32> -> vector<{dm}x{dn}xf32>"
        )
    body.append(f"scf.yield {', '.join(f'%d{i}_{j}' for i, j in accs)} : {types}")
    lines += ["  " + b for b in body] + ["}"]
    stores = [f"%acc{i}_{j}" for i, j in accs]
    if bug == "swap":
        stores[0], stores[1] = stores[1], stores[0]
    for (i, j), val in zip(accs, stores):
        lines.append(f"xegpu.store_nd {val}, %tc[%r{i}, %col{j}] : vector<{dm}x{dn}xf32>, {tc}")
    body_text = "\n    ".join(lines)
    # consistency with the layout model: the offsets above are those of wgdist.layout.tiles
    lay_model = Layout(sg_layout=lay, sg_data=data)
    for s in (0, lm * ln - 1):
        ym, xm = delinearize(s, lay, (1, 0))
        want = [tuple(t) for t in tiles((m, n), lay_model, s)]
        got = [(((ym + i * lm) % (m // dm)) * dm, ((xm + j * ln) % (n // dn)) * dn) for i, j in accs]
        assert got == want, (got, want)
    return f"""gpu.module @m {{
  gpu.func @gemm(%A: memref<{rows}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{rows}x{n}xf32>) kernel {{
    {body_text}
    gpu.return
  }}
}}
"""
