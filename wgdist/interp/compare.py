"""Comparing the buffers of a workgroup-mode run (reference) with a subgroup-mode run.

Four checks per memref argument:
* values: exact for integers and booleans; for floats
  ``|sg - wg| <= rtol * |wg| + atol * max(1, max |wg|)`` with per-type defaults that allow for
  f16 inputs and f32 accumulations summed in different orders (bf16 buffers, held as float32,
  get a few bf16 ulps);
* coverage: every element the reference wrote was written in subgroup mode, and nothing else was;
* workgroups: an element written by k workgroups in the reference is written by k workgroups in
  subgroup mode (catches workgroup reorderings that compute a tile twice and skip another);
* write counts: the number of stores that hit each element agree (catches subgroups storing the
  same data twice, e.g. a store distributed with sharing).

:func:`compare_slm` compares the values the workgroup program left in shared local memory
(where a kernel's result may live), element by element where it wrote.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import BFloat16Type
from xdsl.ir import Operation

from wgdist.interp.values import Buffer, MemRef

# (rtol, atol factor) per dtype: atol is scaled by max(1, max |reference|)
TOLERANCES: dict[str, tuple[float, float]] = {
    "bfloat16": (3.2e-2, 1.6e-2),
    "float16": (4e-3, 2e-3),
    "float32": (1e-4, 1e-4),
    "float64": (1e-10, 1e-10),
}


@dataclass
class Difference:
    buffer: str
    index: tuple[int, ...]
    kind: str  # "value", "unwritten", "extra write", "workgroups", "write count"
    message: str


@dataclass
class Comparison:
    differences: list[Difference] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # kind -> number of elements
    tolerances: dict[str, str] = field(default_factory=dict)  # buffer -> tolerance text

    @property
    def ok(self) -> bool:
        return not self.counts


def _who(buf: Buffer, lin: int, grid: tuple[int, int, int]) -> str:
    sg = int(buf.last_sg[lin])
    wg = int(buf.last_wg[lin])
    if wg < 0:
        return "never written"
    x, y, z = wg % grid[0], (wg // grid[0]) % grid[1], wg // (grid[0] * grid[1])
    who = f"workgroup ({x}, {y}, {z})"
    return f"written by subgroup {sg} of {who}" if sg >= 0 else f"written by {who}"


def _fmt(x: object) -> str:
    if isinstance(x, np.floating):
        return f"{float(x):.7g}"
    return str(x.item() if isinstance(x, np.generic) else x)


def _mismatch(ref: Buffer, got: Buffer, rtol: float | None, atol: float | None) -> tuple[np.ndarray, str]:
    """Where the two buffers' values differ (beyond the float tolerance), and the tolerance."""
    a, b = ref.data, got.data
    if a.dtype.kind != "f":
        return a != b, ""
    key = "bfloat16" if isinstance(ref.elt, BFloat16Type) else a.dtype.name
    dr, da = TOLERANCES.get(key, (1e-4, 1e-4))
    rt = dr if rtol is None else rtol
    at = da if atol is None else atol
    scale = max(1.0, float(np.nanmax(np.abs(a), initial=0.0)))
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    with np.errstate(invalid="ignore"):
        close = np.abs(a64 - b64) <= rt * np.abs(a64) + at * scale
    close |= (np.isnan(a64) & np.isnan(b64)) | (a64 == b64)
    return ~close, f"rtol={rt:g}, atol={at:g}*{scale:.4g}"


def compare_buffers(
    name: str,
    shape: tuple[int, ...],
    ref: Buffer,
    got: Buffer,
    grid: tuple[int, int, int],
    out: Comparison,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    limit: int = 10,
) -> None:
    """Compare one argument buffer; differences are appended to ``out``."""
    a, b = ref.data, got.data
    bad, tol = _mismatch(ref, got, rtol, atol)
    if tol:
        out.tolerances[name] = tol
    ref_w = ref.n_writes > 0
    got_w = got.n_writes > 0
    checks = [
        ("value", bad & ref_w & got_w | bad & ~ref_w & ~got_w),
        ("unwritten", ref_w & ~got_w),
        ("extra write", ~ref_w & got_w),
        ("workgroups", ref_w & got_w & (ref.n_wgs != got.n_wgs)),
        ("write count", ref_w & got_w & (ref.n_wgs == got.n_wgs) & (ref.n_writes != got.n_writes)),
    ]
    for kind, mask in checks:
        idx = np.flatnonzero(mask)
        if not idx.size:
            continue
        out.counts[kind] = out.counts.get(kind, 0) + int(idx.size)
        for lin in idx[:limit]:
            lin = int(lin)
            pos = tuple(int(i) for i in np.unravel_index(lin, shape))
            where = f"{name}[{', '.join(map(str, pos))}]"
            if kind == "value":
                msg = (f"{where}: workgroup mode {_fmt(a[lin])}, subgroup mode {_fmt(b[lin])} "
                       f"({_who(got, lin, grid)})")
            elif kind == "unwritten":
                msg = f"{where}: written in workgroup mode ({_who(ref, lin, grid)}), never in subgroup mode"
            elif kind == "extra write":
                msg = f"{where}: not written in workgroup mode but in subgroup mode ({_who(got, lin, grid)})"
            elif kind == "workgroups":
                msg = (f"{where}: written by {int(got.n_wgs[lin])} workgroup(s) in subgroup mode, "
                       f"{int(ref.n_wgs[lin])} in workgroup mode (last: {_who(got, lin, grid)})")
            else:
                msg = (f"{where}: stored {int(got.n_writes[lin])} time(s) in subgroup mode, "
                       f"{int(ref.n_writes[lin])} in workgroup mode (last: {_who(got, lin, grid)})")
            out.differences.append(Difference(name, pos, kind, msg))


def compare_slm(
    ref: list[list[tuple[Operation, MemRef]]],
    got: list[list[tuple[Operation, MemRef]]],
    grid: tuple[int, int, int],
    out: Comparison,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    limit: int = 10,
) -> int:
    """Compare what the workgroup program left in shared local memory with the distributed
    program's SLM, per workgroup (those :class:`~wgdist.interp.launch.RunResult` kept): each
    workgroup-mode allocation is paired with the next subgroup-mode allocation of the same shape
    and dtype (in allocation order), and every element the workgroup program wrote must hold the
    same value (tolerances as for buffers); kind ``"slm value"``. An allocation without a partner
    is not compared. Returns the number of elements compared."""
    compared = 0
    for w, (ref_allocs, got_allocs) in enumerate(zip(ref, got)):
        x, y, z = w % grid[0], (w // grid[0]) % grid[1], w // (grid[0] * grid[1])
        free = list(got_allocs)
        for _, m in ref_allocs:
            buf = m.buf
            if not buf.track or not np.any(buf.n_writes):
                continue
            partner = next(
                (g for g in free if g[1].shape == m.shape and g[1].buf.data.dtype == buf.data.dtype
                 and g[1].buf.data.size == buf.data.size), None,
            )  # fmt: skip
            if partner is None:
                continue
            free.remove(partner)
            other = partner[1].buf
            written = buf.n_writes > 0
            compared += int(np.count_nonzero(written))
            bad, _ = _mismatch(buf, other, rtol, atol)
            idx = np.flatnonzero(bad & written)
            if not idx.size:
                continue
            out.counts["slm value"] = out.counts.get("slm value", 0) + int(idx.size)
            for lin in idx[:limit]:
                lin = int(lin)
                pos = tuple(int(i) for i in np.unravel_index(lin, m.shape)) if math.prod(m.shape) == buf.data.size else (lin,)
                where = f"SLM {buf.name}{list(pos)} in workgroup ({x}, {y}, {z})"
                out.differences.append(Difference(
                    f"SLM {buf.name}", pos, "slm value",
                    f"{where}: workgroup mode {_fmt(buf.data[lin])}, subgroup mode {_fmt(other.data[lin])}",
                ))  # fmt: skip
    return compared
