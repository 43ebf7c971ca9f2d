"""Subgroup ids, coordinates and tile offsets as IR, emitted once per function.

One ``gpu.subgroup_id`` per function, one delinearization per distinct (``sg_layout``,
``order``, ``sg_id_range`` start), one op per distinct offset expression: everything here is
cached and hoisted to the function entry (it depends only on the subgroup id). Offsets that are
the same for every subgroup (the layout model says so) are plain integers, so nd ops get them
as static offsets; the modulo of the round-robin formula is emitted only for tiles whose
offsets can leave ``[0, shape)`` for some subgroup (sharing), again decided by the model.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects.gpu import SubgroupIdOp
from wgdist.layout import Layout, SliceLayout, delinearize
from wgdist.layout import rounds as layout_rounds
from wgdist.passes.distribute.common import Dist

Index = int | SSAValue


def _unravel(k: int, rounds: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for r in reversed(rounds):
        out.append(k % r)
        k //= r
    return tuple(reversed(out))


class SgIds:
    """The hoisted subgroup-id arithmetic of one function body ``entry``."""

    def __init__(self, entry: Block) -> None:
        self.entry = entry
        self._last: Operation | None = None
        self._consts: dict[int, SSAValue] = {}
        self._exprs: dict[tuple[object, ...], SSAValue] = {}
        self._coords: dict[tuple[object, ...], Index] = {}
        self._sg: SSAValue | None = None
        self._hoisted: set[SSAValue] = set()

    # ---- hoisted emission --------------------------------------------------------------------
    def _hoist(self, op: Operation) -> SSAValue:
        point = InsertPoint.after(self._last) if self._last is not None else InsertPoint.at_start(self.entry)
        Rewriter.insert_op(op, point)
        self._last = op
        self._hoisted.add(op.results[0])
        return op.results[0]

    def const(self, value: int) -> SSAValue:
        if value not in self._consts:
            v = self._hoist(arith.ConstantOp(IntegerAttr(value, IndexType())))
            v.name_hint = f"c{value}" if value >= 0 else f"cm{-value}"
            self._consts[value] = v
        return self._consts[value]

    def _binop(self, kind: type[arith.SignlessIntegerBinaryOperation], a: SSAValue, b: int) -> SSAValue:
        key = (kind.name, a, b)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(kind(a, self.const(b)))
        return self._exprs[key]

    def sg_id(self, base: int = 0) -> SSAValue:
        if self._sg is None:
            self._sg = self._hoist(SubgroupIdOp.create(result_types=[IndexType()]))
            self._sg.name_hint = "sg_id"
        if base == 0:
            return self._sg
        return self._binop(arith.SubiOp, self._sg, base)

    # ---- coordinates -------------------------------------------------------------------------
    def coord(self, root: Layout, dim: int, base: int = 0) -> Index:
        """Grid coordinate ``dim`` of the current subgroup (0 where ``sg_layout`` is 1); only
        the divisions and the modulo this coordinate needs are emitted (and shared)."""
        assert root.sg_layout is not None
        lay = root.sg_layout
        if lay[dim] == 1:
            return 0
        key = (lay, root.effective_order(), base, dim)
        if key not in self._coords:
            r = self.sg_id(base)
            for d in root.effective_order():
                if d == dim:
                    break
                if lay[d] > 1:
                    r = self._binop(arith.DivUIOp, r, lay[d])
            self._coords[key] = self._binop(arith.RemUIOp, r, lay[dim])
        return self._coords[key]

    # ---- tile offsets ------------------------------------------------------------------------
    def tile_offsets(self, dist: Dist, base: int = 0) -> list[tuple[Index, ...]]:
        """Start offsets of every tile of the current subgroup, relative to the WG value."""
        layout = dist.layout
        if isinstance(layout, SliceLayout):
            root, dims = layout.root, layout.root_dims()
        else:
            root, dims = layout, tuple(range(len(dist.shape)))
        table = dist.table
        if root.sg_layout is None:
            return [tuple(0 for _ in dist.shape)]
        order = root.effective_order()
        model_coords = [delinearize(s, root.sg_layout, order) for s in range(len(table))]
        ts = dist.tile_shape
        lay = [root.sg_layout[r] for r in dims]
        rounds = layout_rounds(dist.shape, lay, ts)
        assert prod(rounds) == dist.ntiles
        out: list[tuple[Index, ...]] = []
        for k in range(dist.ntiles):
            ks = _unravel(k, rounds)
            offs: list[Index] = []
            for i, rdim in enumerate(dims):
                values = {table[s][k][i] for s in range(len(table))}
                if len(values) == 1:
                    offs.append(values.pop())
                    continue
                n, d, b = dist.shape[i], ts[i], ks[i] * lay[i] * ts[i]
                plain = all(model_coords[s][rdim] * d + b == table[s][k][i] for s in range(len(table)))
                wrapped = all((model_coords[s][rdim] * d + b) % n == table[s][k][i] for s in range(len(table)))
                assert plain or wrapped, "tile offsets disagree with the layout model"
                c = self.coord(root, rdim, base)
                assert isinstance(c, SSAValue)
                e = self._binop(arith.MuliOp, c, d) if d != 1 else c
                if b:
                    e = self._binop(arith.AddiOp, e, b)
                if not plain:
                    e = self._binop(arith.RemUIOp, e, n)
                offs.append(e)
            out.append(tuple(offs))
        return out

    def mul(self, v: SSAValue, c: int) -> SSAValue:
        """``v * c`` for a hoisted ``v`` (hoisted and shared)."""
        assert v in self._hoisted
        return v if c == 1 else self._binop(arith.MuliOp, v, c)

    def divui(self, v: SSAValue, c: int) -> SSAValue:
        """``v / c`` (unsigned) for a hoisted ``v`` (hoisted and shared)."""
        assert v in self._hoisted
        if c == 1:
            return v
        for (kind, a, b), val in self._exprs.items():  # (x * b) / c with c | b is x * (b / c)
            if val is v and kind == arith.MuliOp.name and isinstance(b, int) and b % c == 0:
                assert isinstance(a, SSAValue)
                return self.mul(a, b // c)
        return self._binop(arith.DivUIOp, v, c)

    def ult(self, v: SSAValue, c: int) -> SSAValue:
        """``v < c`` (unsigned ``arith.cmpi``) for a hoisted ``v`` (hoisted and shared)."""
        assert v in self._hoisted
        key = ("ult", v, c)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.CmpiOp(v, self.const(c), "ult"))
        return self._exprs[key]

    def and_(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """``a & b`` of hoisted ``i1`` values (hoisted and shared)."""
        key = ("and", a, b)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.AndIOp(a, b))
        return self._exprs[key]

    # ---- use-site arithmetic -----------------------------------------------------------------
    def add(self, a: Index, b: Index, before: Operation | None) -> Index:
        """``a + b`` folded and shared: constants add up, a zero disappears; a sum of hoisted
        values is hoisted; a sum with a value the kernel computes (a workgroup base offset, a
        loop index) is placed right after that value's definition and reused by every later
        use, so the same offset is never computed twice and loop-invariant sums stay out of
        loops."""
        assert before is not None
        if isinstance(a, int) and isinstance(b, int):
            return a + b
        if isinstance(a, int):
            a, b = b, a
        if isinstance(b, int) and b == 0:
            return a
        assert isinstance(a, SSAValue)
        if isinstance(b, SSAValue) and self._is_hoisted(a) and not self._is_hoisted(b):
            a, b = b, a
        key = ("add", a, b)
        if key in self._exprs:
            return self._exprs[key]
        rhs = self.const(b) if isinstance(b, int) else b
        op = arith.AddiOp(a, rhs)
        if self._is_hoisted(a) and self._is_hoisted(rhs):
            self._exprs[key] = self._hoist(op)
            return self._exprs[key]
        point = self._after_definition(a, rhs) or self._after_definition(rhs, a)
        if point is None:  # two kernel values with no known order: compute at the use
            Rewriter.insert_op(op, InsertPoint.before(before))
            return op.result
        Rewriter.insert_op(op, point)
        self._exprs[key] = op.result
        return op.result

    def _after_definition(self, a: SSAValue, b: SSAValue) -> InsertPoint | None:
        """Where ``a + b`` can go so that it dominates every use of ``a``: right after ``a``'s
        definition, provided ``b`` is hoisted (defined at function entry) or defined earlier in
        the same block."""
        if isinstance(a, OpResult):
            block = a.op.parent_block()
            if not self._is_hoisted(b) and not self._earlier_in(b, a.op, block):
                return None
            return InsertPoint.after(a.op)
        if isinstance(a, BlockArgument) and self._is_hoisted(b):
            if a.block is self.entry:
                return InsertPoint.after(self._last) if self._last is not None else None
            first = a.block.first_op
            return InsertPoint.before(first) if first is not None else InsertPoint.at_end(a.block)
        return None

    @staticmethod
    def _earlier_in(b: SSAValue, op: Operation, block: Block | None) -> bool:
        if not isinstance(b, OpResult) or block is None or b.op.parent_block() is not block:
            return False
        return block.get_operation_index(b.op) < block.get_operation_index(op)

    def merge_constants(self) -> None:
        """Replace the kernel's own index constants in the entry block by the hoisted ones of
        the same value (no duplicate constants in the output)."""
        for op in list(self.entry.ops):
            if not isinstance(op, arith.ConstantOp) or op.results[0] in self._hoisted:
                continue
            attr = op.value
            if not isinstance(attr, IntegerAttr) or not isinstance(op.results[0].type, IndexType):
                continue
            hoisted = self._consts.get(attr.value.data)
            if hoisted is None:
                continue
            if hoisted.name_hint and op.results[0].name_hint:
                hoisted.name_hint = op.results[0].name_hint
            op.results[0].replace_all_uses_with(hoisted)
            op.detach()
            op.erase()

    def materialize(self, v: Index) -> SSAValue:
        return self.const(v) if isinstance(v, int) else v

    def _is_hoisted(self, v: SSAValue) -> bool:
        return v in self._hoisted
