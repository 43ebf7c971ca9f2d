"""The shared expression language: folding/simplification is sound, int and numpy agree."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wgdist.reorder import expr as rm

MASK = (1 << 64) - 1

# A recipe is a nested tuple ("op", a, b[, c, d]) over leaves "x", "y" and small ints; it is
# built once through the smart constructors and once evaluated literally, in unsigned 64-bit.
OPS = ["add", "sub", "mul", "divu", "remu", "minu", "maxu", "select_ult"]


def leaves() -> st.SearchStrategy:
    return st.one_of(st.sampled_from(["x", "y"]), st.integers(0, 40))


recipes = st.recursive(
    leaves(),
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(OPS[:-1]), inner, inner),
        st.tuples(st.just("select_ult"), inner, inner, inner, inner),
    ),
    max_leaves=12,
)


def literal(r, env: dict[str, int]) -> int | None:
    """Literal unsigned semantics; None when a division by zero makes it undefined."""
    if isinstance(r, str):
        return env[r]
    if isinstance(r, int):
        return r
    vals = [literal(a, env) for a in r[1:]]
    if any(v is None for v in vals):
        return None
    a, b = vals[0], vals[1]
    op = r[0]
    if op in ("divu", "remu") and b == 0:
        return None
    return {
        "add": lambda: (a + b) & MASK,
        "sub": lambda: (a - b) & MASK,
        "mul": lambda: (a * b) & MASK,
        "divu": lambda: a // b,
        "remu": lambda: a % b,
        "minu": lambda: min(a, b),
        "maxu": lambda: max(a, b),
        "select_ult": lambda: vals[2] if a < b else vals[3],
    }[op]()


def build(r, xv: rm.Expr, yv: rm.Expr) -> rm.Expr:
    if isinstance(r, str):
        return xv if r == "x" else yv
    if isinstance(r, int):
        return rm.const(r)
    args = [build(a, xv, yv) for a in r[1:]]
    f = {
        "add": rm.add,
        "sub": rm.sub,
        "mul": rm.mul,
        "divu": rm.divu,
        "remu": rm.remu,
        "minu": rm.minu,
        "maxu": rm.maxu,
        "select_ult": rm.select_ult,
    }[r[0]]
    return f(*args)


@settings(max_examples=400, deadline=None)
@given(recipe=recipes, xhi=st.integers(0, 20), yhi=st.integers(0, 20), data=st.data())
def test_simplified_expression_equals_literal_semantics(recipe, xhi: int, yhi: int, data) -> None:
    xv, yv = rm.var("x", 0, xhi), rm.var("y", 0, yhi)
    try:
        e = build(recipe, xv, yv)
    except ValueError:  # a constant division by zero is refused at construction
        return
    for _ in range(5):
        env = {"x": data.draw(st.integers(0, xhi)), "y": data.draw(st.integers(0, yhi))}
        want = literal(recipe, env)
        if want is None:
            continue
        (got,) = rm.evaluate((e,), env)
        assert got == want, (str(e), env)
        assert e.lo <= got and (e.hi is None or got <= e.hi), (str(e), e.lo, e.hi, got)


def test_numpy_evaluation_matches_ints() -> None:
    x, y = rm.var("x", 0, 9), rm.var("y", 1, None)
    e = rm.select_ult(x, 4, (x * 3 + y) // 7, rm.maxu(1, rm.minu(y - x, 5))) % 3
    xs = np.arange(10, dtype=np.uint64)
    ys = np.full(10, 3, dtype=np.uint64)
    (vec,) = rm.evaluate((e,), {"x": xs, "y": ys})
    assert [int(v) for v in vec] == [rm.evaluate((e,), {"x": i, "y": 3})[0] for i in range(10)]


def test_folding_and_strength_reduction() -> None:
    x = rm.var("x", 0, 7)
    n = rm.var("n", 1)
    assert rm.remu(x, 8) == x  # x < 8
    assert rm.divu(x, 8) == rm.const(0)
    assert rm.divu(n, 8).kind == rm.SHRU and rm.remu(n, 8).kind == rm.AND
    assert rm.divu(n, 6).kind == rm.DIVU and rm.remu(n, 6).kind == rm.REMU
    assert rm.remu(rm.remu(n, 12), 4) == rm.remu(n, 4)
    assert rm.remu(rm.remu(n, 16), 2) == rm.remu(n, 2)
    assert rm.add(rm.const(2), rm.const(3)) == rm.const(5)
    assert rm.mul(n, 1) == n and rm.mul(n, 0) == rm.const(0) and rm.add(0, n) == n
    assert rm.maxu(1, n) == n  # n >= 1
    assert rm.minu(x, 9) == x
    assert rm.select_ult(x, 8, n, x) == n
    assert rm.sub(rm.const(2), rm.const(3)) == rm.const(MASK)  # wraps like index
    with pytest.raises(ValueError, match="division by zero"):
        rm.divu(n, 0)
    assert str(rm.select_ult(n, 3, n, 2)) == "(n < 3 ? n : 2)"


def test_nodes_are_shared_and_ordered() -> None:
    n = rm.var("n", 1)
    a = n // 3
    e1, e2 = a + 1, a * 5
    order = rm.nodes((e1, e2))
    assert order.count(a) == 1 and order.index(a) < order.index(e1)
    with pytest.raises(KeyError, match="no value for variable 'n'"):
        rm.evaluate((e1,), {})
