"""Barrier counts as polynomials in the loop trip counts and uniform branch choices.

How often a subgroup reaches a barrier is a sum over the paths through the function: a loop
multiplies its body's count by its trip count, a branch on a value that is the same for every
subgroup (but unknown) contributes ``c * then + (1 - c) * else`` with ``c`` that branch's choice.
Trip counts and choices are symbols shared by every subgroup (they are uniform), so two
subgroups whose counts are equal as polynomials reach the barrier equally often for every trip
count: comparing the polynomials is the check. (It is a sufficient condition: the symbols are
treated as independent, so counts equal only thanks to, say, ``c * c == c`` are reported as
different.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

Monomial = tuple[str, ...]
"""Symbol names, sorted, with repetition (``("N1", "N1")`` is ``N1**2``)."""


class Poly:
    """An integer polynomial: ``{monomial: coefficient}``, zero coefficients dropped."""

    __slots__ = ("terms",)

    def __init__(self, terms: Mapping[Monomial, int] | None = None) -> None:
        self.terms: dict[Monomial, int] = {m: c for m, c in (terms or {}).items() if c != 0}

    @staticmethod
    def const(c: int) -> Poly:
        return Poly({(): c})

    @staticmethod
    def symbol(name: str) -> Poly:
        return Poly({(name,): 1})

    def __add__(self, other: Poly) -> Poly:
        out = dict(self.terms)
        for m, c in other.terms.items():
            out[m] = out.get(m, 0) + c
        return Poly(out)

    def __sub__(self, other: Poly) -> Poly:
        return self + other.scale(-1)

    def scale(self, k: int) -> Poly:
        return Poly({m: c * k for m, c in self.terms.items()})

    def __mul__(self, other: Poly) -> Poly:
        out: dict[Monomial, int] = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                m = tuple(sorted(m1 + m2))
                out[m] = out.get(m, 0) + c1 * c2
        return Poly(out)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Poly) and self.terms == other.terms

    def __hash__(self) -> int:
        return hash(frozenset(self.terms.items()))

    def is_zero(self) -> bool:
        return not self.terms

    def __repr__(self) -> str:
        return f"Poly({self})"

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        parts: list[str] = []
        for m in sorted(self.terms, key=lambda m: (-len(m), m)):
            c = self.terms[m]
            body = "*".join(m)
            if not body:
                text = str(abs(c))
            elif abs(c) == 1:
                text = body
            else:
                text = f"{abs(c)}*{body}"
            sign = "-" if c < 0 else "+"
            parts.append(text if not parts and c > 0 else (f"-{text}" if not parts else f"{sign} {text}"))
        return " ".join(parts)


ZERO = Poly()
ONE = Poly.const(1)


def total(polys: Iterable[Poly]) -> Poly:
    out = ZERO
    for p in polys:
        out = out + p
    return out
