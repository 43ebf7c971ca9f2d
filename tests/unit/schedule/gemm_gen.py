"""Workgroup-level GEMM kernels with a K loop, for checking ``xegpu-k-loop-schedule``.

:func:`gemm` writes one kernel: ``C = A x B`` for one ``m x n`` tile, ``bk`` columns of A / rows
of B per step, subgroups in an ``sg`` grid owning ``dm x dn`` blocks of C that wrap over the tile
(``m / (sg[0]*dm)`` x ``n / (sg[1]*dn)`` dpas per subgroup and step). The K loop runs from
``lb`` to ``ub`` (a constant, or the kernel's ``%ub`` parameter when ``dynamic``), with a prefetch
of the next step's tiles when ``prefetch``.
"""

from __future__ import annotations

DISTRIBUTE = "xegpu-propagate-layout,xegpu-wg-to-sg-distribute"


def gemm(
    m: int = 32,
    n: int = 32,
    bk: int = 16,
    k_size: int = 64,
    sg: tuple[int, int] = (2, 2),
    dm: int = 8,
    dn: int = 16,
    lb: int = 0,
    ub: int | None = None,
    dynamic: bool = False,
    prefetch: bool = True,
    barrier: bool = False,
    convert: bool = False,
) -> str:
    ub = k_size if ub is None else ub
    sm, sn = sg
    a = f"#xegpu.layout<sg_layout = [{sm}, {sn}], sg_data = [{dm}, {bk}]>"
    b = f"#xegpu.layout<sg_layout = [{sm}, {sn}], sg_data = [{bk}, {dn}]>"
    c = f"#xegpu.layout<sg_layout = [{sm}, {sn}], sg_data = [{dm}, {dn}]>"
    at, bt, ct = f"{m}x{bk}xf16", f"{bk}x{n}xf16", f"{m}x{n}xf32"
    ub_param = ", %ub: index" if dynamic else ""
    ub_value = "%ub" if dynamic else "%cub"
    la = a
    conv = ""
    if convert:  # A loaded in row blocks of all subgroups, converted (through SLM) for the dpas
        la = f"#xegpu.layout<sg_layout = [{sm * sn}, 1], sg_data = [{m // (sm * sn)}, {bk}]>"
        conv = (
            f"      %va = xegpu.convert_layout %va0 <{{input_layout = {la}, target_layout = {a}}}>"
            f" : vector<{m}x{bk}xf16>\n"
        )
    pf = (
        f"""      %kn = arith.addi %k, %cbk : index
      xegpu.prefetch_nd %ad[0, %kn] <{{layout = {la}}}> : !xegpu.tensor_desc<{at}, {la}>
      xegpu.prefetch_nd %bd[%kn, 0] <{{layout = {b}}}> : !xegpu.tensor_desc<{bt}, {b}>
"""
        if prefetch
        else ""
    )
    sync = "      gpu.barrier\n" if barrier else ""
    return f"""gpu.module @kernels {{
  gpu.func @gemm(%A: memref<{m}x{k_size}xf16>, %B: memref<{k_size}x{n}xf16>, %C: memref<{m}x{n}xf32>{ub_param}) kernel {{
    %clb = arith.constant {lb} : index
    %cub = arith.constant {ub} : index
    %cbk = arith.constant {bk} : index
    %ad = xegpu.create_nd_tdesc %A : memref<{m}x{k_size}xf16> -> !xegpu.tensor_desc<{at}, {la}>
    %bd = xegpu.create_nd_tdesc %B : memref<{k_size}x{n}xf16> -> !xegpu.tensor_desc<{bt}, {b}>
    %cd = xegpu.create_nd_tdesc %C : memref<{m}x{n}xf32> -> !xegpu.tensor_desc<{ct}, {c}>
    %zero = arith.constant dense<0.000000e+00> : vector<{m}x{n}xf32>
    %acc = scf.for %k = %clb to {ub_value} step %cbk iter_args(%sum = %zero) -> (vector<{m}x{n}xf32>) {{
      %va{"0" if convert else ""} = xegpu.load_nd %ad[0, %k] : !xegpu.tensor_desc<{at}, {la}> -> vector<{m}x{bk}xf16>
{conv}      %vb = xegpu.load_nd %bd[%k, 0] : !xegpu.tensor_desc<{bt}, {b}> -> vector<{bk}x{n}xf16>
{pf}{sync}      %d = xegpu.dpas %va, %vb, %sum {{layout_a = {a}, layout_b = {b}, layout_cd = {c}}} : vector<{m}x{bk}xf16>, vector<{bk}x{n}xf16>, vector<{m}x{n}xf32> -> vector<{m}x{n}xf32>
      scf.yield %d : vector<{m}x{n}xf32>
    }}
    xegpu.store_nd %acc, %cd[0, 0] <{{layout = {c}}}> : vector<{m}x{n}xf32>, !xegpu.tensor_desc<{ct}, {c}>
    gpu.return
  }}
}}
"""
