"""Subgroup layouts for the dpas anchors of a kernel that has none (``layout-kind=subgroup``).

Beyond LLVM 22 (whose subgroup kind invents no subgroup layouts): in a function where no layout
has ``sg_layout``, every dpas without ``layout_cd`` gets one from the kernel's subgroup count -
the ``num-subgroups`` option, else ``gpu.func``'s ``known_block_size`` divided by the subgroup
size (16). The output tile ``M x N`` is split over ``sg_layout = [a, b]`` (``a * b`` subgroups,
``a`` dividing ``M``, ``b`` dividing ``N``) with the most nearly square subgroup tile
(``sg_data = [M / a, N / b]``, a multiple of the 8 x 16 dpas tile); K stays whole (the propagation's dpas rule). The analysis then
propagates from those anchors as from a user's. Each choice is reported as a remark.
"""

from __future__ import annotations

from xdsl.ir import Operation

from wgdist.dialects import gpu
from wgdist.dialects.xegpu import DpasOp, LayoutAttr
from wgdist.ir.diagnostics import emit
from wgdist.layout import Layout
from wgdist.passes.propagate.anchors import FUNCTIONS, wg_functions
from wgdist.passes.propagate.defaults import SUBGROUP_SIZE
from wgdist.passes.propagate.values import shape_of

DPAS_TILE = (8, 16)
"""The C/D tile of one dpas instruction: each subgroup's tile is a multiple of it."""


def split_tile(m: int, n: int, subgroups: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """``(sg_layout, sg_data)`` splitting an ``m x n`` tile over ``subgroups`` subgroups with the
    most nearly square subgroup tile (ties: more subgroups along ``m``); None when no split of
    ``subgroups`` into ``a * b`` divides the tile into multiples of the dpas tile (8 x 16)."""
    best: tuple[float, int, int] | None = None
    for a in range(1, subgroups + 1):
        if subgroups % a:
            continue
        b = subgroups // a
        if m % a or n % b:
            continue
        dm, dn = m // a, n // b
        if dm % DPAS_TILE[0] or dn % DPAS_TILE[1]:
            continue
        score = max(dm, dn) / min(dm, dn)
        if best is None or score < best[0] or (score == best[0] and a > best[1]):
            best = (score, a, b)
    if best is None:
        return None
    _, a, b = best
    return (a, b), (m // a, n // b)


def _subgroups(fn: Operation, option: int) -> int | None:
    if option > 0:
        return option
    if isinstance(fn, gpu.FuncOp) and fn.known_block_size is not None:
        threads = 1
        for x in fn.known_block_size.get_values():
            threads *= int(x)
        if threads % SUBGROUP_SIZE == 0 and threads > SUBGROUP_SIZE:
            return threads // SUBGROUP_SIZE
    return None


def assign_dpas_layouts(root: Operation, num_subgroups: int = 0) -> None:
    """Give the dpas ops of functions without any subgroup layout a ``layout_cd`` (see the
    module docstring); a remark names each choice, or says why none was made."""
    have = wg_functions(root)
    for fn in root.walk():
        if not isinstance(fn, FUNCTIONS) or fn in have:
            continue
        dpas = [op for op in fn.walk() if isinstance(op, DpasOp) and op.layout_cd is None]
        if not dpas:
            continue
        count = _subgroups(fn, num_subgroups)
        if count is None:
            continue
        for op in dpas:
            shape = shape_of(op.result.type)
            assert shape is not None and len(shape) == 2
            split = split_tile(shape[0], shape[1], count)
            if split is None:
                emit(op, f"no subgroup layout chosen: {count} subgroups cannot split the {shape[0]}x{shape[1]} output tile into multiples of the {DPAS_TILE[0]}x{DPAS_TILE[1]} dpas tile")
                continue
            lay = Layout(sg_layout=split[0], sg_data=split[1])
            op.layout_cd = LayoutAttr.from_model(lay)
            emit(
                op,
                f"layout_cd chosen for {count} subgroups: sg_layout = {list(split[0])}, sg_data = "
                f"{list(split[1])} (the {shape[0]}x{shape[1]} output tile split most nearly square, K whole)",
            )
