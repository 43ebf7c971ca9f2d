"""A tiny unsigned index-expression language shared by the reordering model and its IR emitter.

Every workgroup-order scheme in :mod:`wgdist.reorder` is written once, as a function that builds
:class:`Expr` trees from the launch ids ``bx``, ``by`` and the grid sizes ``nx``, ``ny``. The same
trees are

* evaluated in Python (:func:`evaluate`, on ints or on numpy ``uint64`` arrays), which is what the
  model, the cache model, the bijectivity proof and the tools use, and
* walked by the ``reorder-workgroups`` pass, which emits one ``arith`` op per node.

So the IR and the model cannot drift apart: there is one definition of each formula. A pair of
trees ``(new_x, new_y)`` maps an ``nx x ny`` grid onto itself (:mod:`wgdist.reorder.bijection`
evaluates it over a grid and proves it bijective).

Semantics are those of MLIR's ``index`` type on a 64-bit target: unsigned, wrapping at 2**64.
The smart constructors fold constants and simplify with interval bounds (each node carries a
lower and an optional upper bound, valid whenever the leaves are inside their declared ranges):
``x % n`` is ``x`` when ``x < n`` is known, ``x // n`` is ``0``, ``min(a, b)`` is ``a`` when
``a <= b`` always holds, and division/remainder by a power of two become ``shru``/``and``.
numpy is imported only when arrays are evaluated, so importing the package stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Union

MASK64 = (1 << 64) - 1

# node kinds (the IR emitter maps each to one arith op)
CONST, VAR = "const", "var"
ADD, SUB, MUL = "add", "sub", "mul"
DIVU, REMU, SHRU, AND = "divu", "remu", "shru", "and"
MINU, MAXU, SELECT_ULT = "minu", "maxu", "select_ult"

IntLike = Union["Expr", int]


@dataclass(frozen=True)
class Expr:
    """One node: ``kind`` with ``args``; ``value`` is the constant or the variable's name.

    ``lo``/``hi`` are bounds of the node's value (``hi is None``: unbounded); they do not take
    part in equality, so structurally equal nodes are shared when emitted (CSE).
    """

    kind: str
    args: tuple[Expr, ...] = ()
    value: int | str = 0
    lo: int = field(default=0, compare=False)
    hi: int | None = field(default=None, compare=False)

    # operator sugar, all folding through the smart constructors below
    def __add__(self, o: IntLike) -> Expr:
        return add(self, o)

    def __radd__(self, o: int) -> Expr:
        return add(o, self)

    def __sub__(self, o: IntLike) -> Expr:
        return sub(self, o)

    def __rsub__(self, o: int) -> Expr:
        return sub(o, self)

    def __mul__(self, o: IntLike) -> Expr:
        return mul(self, o)

    def __rmul__(self, o: int) -> Expr:
        return mul(o, self)

    def __floordiv__(self, o: IntLike) -> Expr:
        return divu(self, o)

    def __mod__(self, o: IntLike) -> Expr:
        return remu(self, o)

    @property
    def is_const(self) -> bool:
        return self.kind == CONST

    def const_value(self) -> int | None:
        return self.value if self.kind == CONST else None  # type: ignore[return-value]

    def __str__(self) -> str:
        if self.kind == CONST:
            return str(self.value)
        if self.kind == VAR:
            return str(self.value)
        infix = {ADD: "+", SUB: "-", MUL: "*", DIVU: "//", REMU: "%", SHRU: ">>", AND: "&"}
        if self.kind in infix:
            return f"({self.args[0]} {infix[self.kind]} {self.args[1]})"
        if self.kind == SELECT_ULT:
            a, b, t, f = self.args
            return f"({a} < {b} ? {t} : {f})"
        return f"{self.kind}({', '.join(str(a) for a in self.args)})"


def const(v: int) -> Expr:
    if v < 0 or v > MASK64:
        raise ValueError(f"index constant {v} out of the unsigned 64-bit range")
    return Expr(CONST, (), v, v, v)


def var(name: str, lo: int = 0, hi: int | None = None) -> Expr:
    """A leaf whose runtime value lies in ``[lo, hi]`` (``hi=None``: unbounded)."""
    return Expr(VAR, (), name, lo, hi)


def _e(x: IntLike) -> Expr:
    return x if isinstance(x, Expr) else const(x)


def _cv(e: Expr) -> int:
    v = e.const_value()
    assert v is not None
    return v


def _pow2(e: Expr) -> int | None:
    c = e.const_value()
    if c is not None and c > 0 and c & (c - 1) == 0:
        return c.bit_length() - 1
    return None


def _mk(kind: str, args: tuple[Expr, ...], lo: int, hi: int | None) -> Expr:
    if hi == MASK64:
        hi = None
    if hi is not None and lo == hi:
        return const(lo)
    return Expr(kind, args, 0, lo, hi)


def _wrapping(kind: str, args: tuple[Expr, Expr], lo: int, hi: int) -> Expr:
    """A node that may wrap modulo 2**64: bounds only when ``hi`` fits (unknown = 2**64 - 1)."""
    if hi > MASK64:
        return _mk(kind, args, 0, None)
    return _mk(kind, args, lo, hi)


def _h(e: Expr) -> int:
    return MASK64 if e.hi is None else e.hi


def add(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if a.is_const and not b.is_const:
        a, b = b, a
    if b.const_value() == 0:
        return a
    return _wrapping(ADD, (a, b), a.lo + b.lo, _h(a) + _h(b))


def sub(a: IntLike, b: IntLike) -> Expr:
    """``a - b`` wrapping modulo 2**64 (bounds only when no wrap is possible)."""
    a, b = _e(a), _e(b)
    if b.const_value() == 0:
        return a
    if a == b:
        return const(0)
    if b.hi is not None and a.lo >= b.hi:
        hi = None if a.hi is None else a.hi - b.lo
        return _mk(SUB, (a, b), a.lo - b.hi, hi)
    if a.is_const and b.is_const:
        return const((_cv(a) - _cv(b)) & MASK64)
    return _mk(SUB, (a, b), 0, None)


def mul(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if a.is_const and not b.is_const:
        a, b = b, a
    if b.const_value() == 0:
        return const(0)
    if b.const_value() == 1:
        return a
    return _wrapping(MUL, (a, b), a.lo * b.lo, _h(a) * _h(b))


def divu(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if b.const_value() == 0:
        raise ValueError(f"division by zero in {a} // 0")
    if b.const_value() == 1:
        return a
    if a.hi is not None and a.hi < b.lo:
        return const(0)
    if a.is_const and b.is_const:
        return const(_cv(a) // _cv(b))
    lo = a.lo // b.hi if b.hi else 0
    hi = None if a.hi is None else a.hi // max(b.lo, 1)
    shift = _pow2(b)
    if shift is not None:
        return _mk(SHRU, (a, const(shift)), lo, hi)
    return _mk(DIVU, (a, b), lo, hi)


def remu(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if b.const_value() == 0:
        raise ValueError(f"remainder by zero in {a} % 0")
    if b.const_value() == 1:
        return const(0)
    if a.hi is not None and a.hi < b.lo:
        return a
    if a.is_const and b.is_const:
        return const(_cv(a) % _cv(b))
    bc = b.const_value()
    if bc is not None and a.kind in (REMU, AND):
        # (x % (k*b)) % b == x % b, and (x & m) % 2**s == x & (m & (2**s - 1))
        inner = a.args[1].const_value()
        if a.kind == REMU and inner is not None and inner % bc == 0:
            return remu(a.args[0], b)
        if a.kind == AND and inner is not None and _pow2(b) is not None:
            mask = inner & (bc - 1)
            return const(0) if mask == 0 else _mk(AND, (a.args[0], const(mask)), 0, mask)
    hi = None if b.hi is None else b.hi - 1
    if a.hi is not None:
        hi = a.hi if hi is None else min(hi, a.hi)
    shift = _pow2(b)
    if shift is not None:
        return _mk(AND, (a, const((1 << shift) - 1)), 0, hi)
    return _mk(REMU, (a, b), 0, hi)


def _le(a: Expr, b: Expr) -> bool:
    """``a <= b`` for every value in range."""
    return a == b or (a.hi is not None and a.hi <= b.lo)


def minu(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if _le(a, b):
        return a
    if _le(b, a):
        return b
    hi = b.hi if a.hi is None else (a.hi if b.hi is None else min(a.hi, b.hi))
    return _mk(MINU, (a, b), min(a.lo, b.lo), hi)


def maxu(a: IntLike, b: IntLike) -> Expr:
    a, b = _e(a), _e(b)
    if _le(a, b):
        return b
    if _le(b, a):
        return a
    hi = None if a.hi is None or b.hi is None else max(a.hi, b.hi)
    return _mk(MAXU, (a, b), max(a.lo, b.lo), hi)


def select_ult(a: IntLike, b: IntLike, t: IntLike, f: IntLike) -> Expr:
    """``t if a < b else f`` (unsigned compare)."""
    a, b, t, f = _e(a), _e(b), _e(t), _e(f)
    if t == f:
        return t
    if a.hi is not None and a.hi < b.lo:
        return t
    if b.hi is not None and b.hi <= a.lo:
        return f
    hi = None if t.hi is None or f.hi is None else max(t.hi, f.hi)
    return _mk(SELECT_ULT, (a, b, t, f), min(t.lo, f.lo), hi)


def nodes(roots: tuple[Expr, ...]) -> list[Expr]:
    """Distinct non-leaf nodes of ``roots`` in a valid evaluation order (operands first)."""
    seen: set[Expr] = set()
    order: list[Expr] = []

    def visit(e: Expr) -> None:
        if e in seen:
            return
        seen.add(e)
        for a in e.args:
            visit(a)
        if e.kind not in (CONST, VAR):
            order.append(e)

    for r in roots:
        visit(r)
    return order


def _apply(kind: str, v: list[Any], np_mode: bool) -> Any:
    if np_mode:
        import numpy as np

        if kind == MINU:
            return np.minimum(v[0], v[1])
        if kind == MAXU:
            return np.maximum(v[0], v[1])
        if kind == SELECT_ULT:
            return np.where(v[0] < v[1], v[2], v[3])
    else:
        if kind == MINU:
            return min(v[0], v[1])
        if kind == MAXU:
            return max(v[0], v[1])
        if kind == SELECT_ULT:
            return v[2] if v[0] < v[1] else v[3]
    if kind == ADD:
        r = v[0] + v[1]
    elif kind == SUB:
        r = v[0] - v[1]
    elif kind == MUL:
        r = v[0] * v[1]
    elif kind == DIVU:
        r = v[0] // v[1]
    elif kind == REMU:
        r = v[0] % v[1]
    elif kind == SHRU:
        r = v[0] >> v[1]
    elif kind == AND:
        r = v[0] & v[1]
    else:
        raise ValueError(f"unknown expression kind {kind!r}")
    return r if np_mode else r & MASK64


def evaluate(roots: tuple[Expr, ...], env: Mapping[str, Any]) -> tuple[Any, ...]:
    """Values of ``roots`` with variables bound by ``env`` (ints, or numpy ``uint64`` arrays).

    With arrays every node is computed element-wise, so a whole grid is evaluated at once.
    """
    np_mode = any(not isinstance(v, int) for v in env.values())
    if np_mode:
        import numpy as np

        env = {k: np.asarray(v, dtype=np.uint64) for k, v in env.items()}
    values: dict[Expr, Any] = {}

    def leaf(e: Expr) -> Any:
        if e.kind == CONST:
            if np_mode:
                import numpy as np

                return np.uint64(e.value)
            return e.value
        if e.value not in env:
            raise KeyError(f"no value for variable {e.value!r}")
        return env[e.value]  # type: ignore[index]

    def get(e: Expr) -> Any:
        return values[e] if e.kind not in (CONST, VAR) else leaf(e)

    for n in nodes(roots):
        values[n] = _apply(n.kind, [get(a) for a in n.args], np_mode)
    return tuple(get(r) for r in roots)
