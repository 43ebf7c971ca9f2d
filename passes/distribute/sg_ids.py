"""Subgroup ids, coordinates and tile offsets as IR, emitted once per function.

One ``gpu.subgroup_id`` per function (the kernel's own when it has one), one delinearization
per distinct (``sg_layout``, ``order``, ``sg_id_range`` start), one op per distinct offset
expression: everything here is
cached and hoisted to the function entry (it depends only on the subgroup id). Offsets that are
the same for every subgroup (the layout model says so) are plain integers, so nd ops get them
as static offsets; the modulo of the round-robin formula is emitted only for tiles whose
offsets can leave ``[0, shape)`` for some subgroup (sharing), again decided by the model.
"""

from __future__ import annotations

from collections.abc import Callable
from math import prod

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from wgdist.dialects.gpu import SubgroupIdOp
from wgdist.layout import Layout, delinearize
from wgdist.layout import rounds as layout_rounds
from wgdist.passes.distribute.dist import Dist

Index = int | SSAValue


def _unravel(k: int, rounds: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for r in reversed(rounds):
        out.append(k % r)
        k //= r
    return tuple(reversed(out))


class SgIds:
    """The hoisted subgroup-id arithmetic of one function body ``entry``.

    Every hoisted index value is kept as a linear form ``sum(coef * atom) + k`` over *atoms*
    (the subgroup id, its divisions and remainders) and emitted once per distinct form, in one
    canonical shape: the terms in the order their atoms appeared, summed left to right, then
    ``+ k``. So ``(x * 16 + 64) / 16`` is ``x + 4``, ``(x + 16) + 8`` is ``x + 24`` and
    ``a + b`` is ``b + a``.
    """

    def __init__(self, entry: Block) -> None:
        self.entry = entry
        self._last: Operation | None = None
        self._consts: dict[int, SSAValue] = {}
        self._exprs: dict[tuple[object, ...], SSAValue] = {}
        self._coords: dict[tuple[object, ...], Index] = {}
        self._sg: SSAValue | None = None
        self._hoisted: set[SSAValue] = set()
        self._emitted: list[Operation] = []
        self._lin: dict[SSAValue, tuple[dict[SSAValue, int], int]] = {}
        """The linear form of each hoisted value built from forms."""
        self._rank: dict[SSAValue, int] = {}
        """Atom order (first use) for the canonical term order."""
        self._plus: dict[SSAValue, tuple[SSAValue, int]] = {}
        """``v -> (x, k)`` for each use-site ``v = x + k`` emitted here (constant ``k``)."""
        self._splats: dict[tuple[object, ...], SSAValue] = {}

    # ---- hoisted emission --------------------------------------------------------------------
    def _hoist(self, op: Operation) -> SSAValue:
        point = InsertPoint.after(self._last) if self._last is not None else InsertPoint.at_start(self.entry)
        Rewriter.insert_op(op, point)
        self._last = op
        self._hoisted.add(op.results[0])
        self._emitted.append(op)
        return op.results[0]

    def const(self, value: int) -> SSAValue:
        if value not in self._consts:
            v = self._hoist(arith.ConstantOp(IntegerAttr(value, IndexType())))
            v.name_hint = f"c{value}" if value >= 0 else f"cm{-value}"
            self._consts[value] = v
        return self._consts[value]

    def _binop(self, kind: type[arith.SignlessIntegerBinaryOperation], a: SSAValue, b: int) -> SSAValue:
        """``a <kind> b`` hoisted and shared; for the ops that make atoms (divisions,
        remainders, the rebased id); muls and adds go through :meth:`value_of`."""
        key = (kind.name, a, b)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(kind(a, self.const(b)))
        return self._exprs[key]

    # ---- values as linear forms --------------------------------------------------------------
    @staticmethod
    def constant_value(v: Index) -> int | None:
        """The integer of an index constant (an ``int``, or an index ``arith.constant`` the
        kernel or this pass defines), else None."""
        if isinstance(v, int):
            return v
        if isinstance(v, OpResult) and isinstance(v.op, arith.ConstantOp):
            attr = v.op.value
            if isinstance(attr, IntegerAttr) and isinstance(v.type, IndexType):
                return attr.value.data
        return None

    def as_index(self, v: Index) -> Index:
        """``v`` with constant SSA values read as plain integers (so they fold)."""
        c = self.constant_value(v)
        return v if c is None else c

    def linear(self, v: Index) -> tuple[dict[SSAValue, int], int]:
        """``v`` as ``({atom: coefficient}, constant)``."""
        c = self.constant_value(v)
        if c is not None:
            return {}, c
        assert isinstance(v, SSAValue)
        if v in self._lin:
            return self._lin[v]
        self._rank.setdefault(v, len(self._rank))
        return {v: 1}, 0

    def value_of(self, terms: dict[SSAValue, int], k: int) -> Index:
        """The hoisted value of ``sum(coef * atom) + k`` (canonical shape, one op per form)."""
        terms = {t: c for t, c in terms.items() if c}
        if not terms:
            return k
        base = self._terms_value(terms)
        if k == 0:
            return base
        return self._form(terms, k, lambda: arith.AddiOp(base, self.const(k)))

    def _terms_value(self, terms: dict[SSAValue, int]) -> SSAValue:
        items = sorted(terms.items(), key=lambda tc: self._rank.setdefault(tc[0], len(self._rank)))
        if len(items) == 1:
            t, c = items[0]
            if c == 1:
                return t
            return self._form(terms, 0, lambda: arith.MuliOp(t, self.const(c)))
        rest = self._terms_value(dict(items[:-1]))
        last = self._terms_value(dict(items[-1:]))
        return self._form(terms, 0, lambda: arith.AddiOp(rest, last))

    def _form(self, terms: dict[SSAValue, int], k: int, build: Callable[[], Operation]) -> SSAValue:
        key = ("form", frozenset(terms.items()), k)
        if key not in self._exprs:
            v = self._exprs[key] = self._hoist(build())
            self._lin[v] = (dict(terms), k)
        return self._exprs[key]

    def sg_id(self, base: int = 0) -> SSAValue:
        """The function's one ``gpu.subgroup_id`` (the kernel's own when it has one: moved to
        the function entry, other copies replaced by it), rebased by ``base`` (sg_id_range)."""
        if self._sg is None:
            self._sg = self._adopt_subgroup_id()
            if self._sg is None:
                self._sg = self._hoist(SubgroupIdOp.create(result_types=[IndexType()]))
                self._sg.name_hint = "sg_id"
        if base == 0:
            return self._sg
        return self._binop(arith.SubiOp, self._sg, base)

    def _adopt_subgroup_id(self) -> SSAValue | None:
        region = self.entry.parent
        found = [op for op in (region.walk() if region is not None else ()) if isinstance(op, SubgroupIdOp)]
        if not found:
            return None
        first = found[0]
        first.detach()
        point = InsertPoint.after(self._last) if self._last is not None else InsertPoint.at_start(self.entry)
        Rewriter.insert_op(first, point)
        self._last = first
        self._hoisted.add(first.results[0])
        for other in found[1:]:
            other.results[0].replace_all_uses_with(first.results[0])
            other.detach()
            other.erase()
        return first.results[0]

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
        root, dims = dist.layout.root, dist.layout.kept_dims
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
                e = self.value_of({c: d}, b)
                assert isinstance(e, SSAValue)
                if not plain:
                    e = self._binop(arith.RemUIOp, e, n)
                offs.append(e)
            out.append(tuple(offs))
        return out

    def mul(self, v: Index, c: int) -> Index:
        """``v * c`` for a hoisted ``v`` (hoisted and shared)."""
        terms, k = self.linear(self._check_hoisted(v))
        return self.value_of({t: x * c for t, x in terms.items()}, k * c)

    def divui(self, v: Index, c: int) -> Index:
        """``v / c`` (unsigned) for a hoisted ``v`` (hoisted and shared). When every coefficient
        of ``v``'s linear form is a multiple of ``c`` the division distributes over the
        (non-negative) terms: ``(x * 16 + 64) / 16`` is ``x + 4``, no ``divui``."""
        v = self._check_hoisted(v)
        terms, k = self.linear(v)
        if k >= 0 and all(x > 0 and x % c == 0 for x in terms.values()):
            return self.value_of({t: x // c for t, x in terms.items()}, k // c)
        assert isinstance(v, SSAValue)
        return self._binop(arith.DivUIOp, v, c)

    def _check_hoisted(self, v: Index) -> Index:
        v = self.as_index(v)
        assert isinstance(v, int) or v in self._hoisted, "expected a hoisted index value"
        return v

    def ult(self, v: SSAValue, c: int) -> SSAValue:
        """``v < c`` (unsigned ``arith.cmpi``) for a hoisted ``v`` (hoisted and shared)."""
        assert v in self._hoisted
        key = ("ult", v, c)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.CmpiOp(v, self.const(c), "ult"))
        return self._exprs[key]

    def eq(self, v: SSAValue, c: int) -> SSAValue:
        """``v == c`` (``arith.cmpi eq``) for a hoisted ``v`` (hoisted and shared)."""
        assert v in self._hoisted
        key = ("eq", v, c)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.CmpiOp(v, self.const(c), "eq"))
        return self._exprs[key]

    def or_(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """``a | b`` of hoisted ``i1`` values (hoisted and shared)."""
        key = ("or", a, b)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.OrIOp(a, b))
        return self._exprs[key]

    def and_(self, a: SSAValue, b: SSAValue) -> SSAValue:
        """``a & b`` of hoisted ``i1`` values (hoisted and shared)."""
        key = ("and", a, b)
        if key not in self._exprs:
            self._exprs[key] = self._hoist(arith.AndIOp(a, b))
        return self._exprs[key]

    # ---- use-site arithmetic -----------------------------------------------------------------
    def add(self, a: Index, b: Index, before: Operation | None) -> Index:
        """``a + b`` folded and shared: constants (plain integers and index ``arith.constant``
        values alike) add up, a zero disappears, ``(x + 16) + 8`` is ``x + 24``; ``a + b`` and
        ``b + a`` are one op (a kernel value first, a subgroup-id value second, a constant last).
        A sum of hoisted values is hoisted (:meth:`value_of`); a sum with a value the kernel
        computes (a workgroup base offset, a loop index) is placed right after that value's
        definition and reused by every later use, so the same offset is never computed twice
        and loop-invariant sums stay out of loops. ``before`` is where a sum of two kernel
        values with no known order goes."""
        a, b = self.as_index(a), self.as_index(b)
        if isinstance(a, int) and isinstance(b, int):
            return a + b
        if isinstance(a, int) or (self._is_hoisted(a) and isinstance(b, SSAValue) and not self._is_hoisted(b)):
            a, b = b, a
        assert isinstance(a, SSAValue)
        if self._is_hoisted(a):  # b is hoisted or constant
            (ta, ka), (tb, kb) = self.linear(a), self.linear(b)
            terms = dict(ta)
            for t, c in tb.items():
                terms[t] = terms.get(t, 0) + c
            return self.value_of(terms, ka + kb)
        if isinstance(b, int):
            if a in self._plus:  # (x + k) + b = x + (k + b)
                a, k = self._plus[a]
                b += k
            return self._add_const(a, b)
        for key in (("add", a, b), ("add", b, a)):
            if key in self._exprs:
                return self._exprs[key]
        key = ("add", a, b)
        op = arith.AddiOp(a, b)
        point = self._after_definition(a, b) or self._after_definition(b, a)
        if point is None:  # two kernel values with no known order: compute at the use
            assert before is not None
            Rewriter.insert_op(op, InsertPoint.before(before))
            return op.result
        Rewriter.insert_op(op, point)
        self._exprs[key] = op.result
        return op.result

    def _add_const(self, a: SSAValue, b: int) -> SSAValue:
        """``a + b`` for a kernel value ``a`` and a constant ``b``, memoized by ``(a, b)``."""
        if b == 0:
            return a
        key = ("add", a, b)
        if key in self._exprs:
            return self._exprs[key]
        rhs = self.const(b)
        op = arith.AddiOp(a, rhs)
        point = self._after_definition(a, rhs)
        assert point is not None, "a constant is hoisted, so the sum can follow the value"
        Rewriter.insert_op(op, point)
        self._exprs[key] = op.result
        self._plus[op.result] = (a, b)
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

    def prune(self) -> None:
        """Erase the hoisted ops nothing uses (e.g. a tile offset ``x + 16`` every user folded
        into ``x + 24``), last first. Call once, after the rewrite."""
        for op in reversed(self._emitted):
            if not any(r.uses for r in op.results):
                self._hoisted.discard(op.results[0])
                op.detach()
                op.erase()
        self._emitted = [op for op in self._emitted if op.results[0] in self._hoisted]

    def materialize(self, v: Index) -> SSAValue:
        return self.const(v) if isinstance(v, int) else v

    def splat(self, build: Callable[[], Operation], key: tuple[object, ...]) -> SSAValue:
        """A constant (e.g. a reduction's neutral vector) built once per function at its entry,
        shared by every use, in loops too; ``key`` identifies its type and value."""
        if key not in self._splats:
            self._splats[key] = self._hoist(build())
        return self._splats[key]

    def _is_hoisted(self, v: SSAValue) -> bool:
        return v in self._hoisted
