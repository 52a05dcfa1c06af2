"""The propositional vocabulary the model is written in, with two interpretations.

The rules in ``proofs.model`` are written once against ``Logic``. Read with
``PY_LOGIC`` they are executable predicates on concrete positions (the reference the
engine is checked against); read with the Z3 interpretation in ``proofs.solver`` the
very same definitions become formulas over every position at once (the proofs). One
text of the rules therefore serves both, and cannot drift apart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Generic, TypeVar

B = TypeVar("B")


class Logic(ABC, Generic[B]):
    """Boolean connectives over some representation ``B`` of truth values."""

    @abstractmethod
    def const(self, value: bool) -> B:
        """A truth value that does not depend on the position."""

    @abstractmethod
    def and_(self, xs: Iterable[B]) -> B:
        """All of ``xs`` (true when empty)."""

    @abstractmethod
    def or_(self, xs: Iterable[B]) -> B:
        """Any of ``xs`` (false when empty)."""

    @abstractmethod
    def not_(self, x: B) -> B:
        """The negation of ``x``."""

    @abstractmethod
    def ite(self, cond: B, then: B, other: B) -> B:
        """``then`` when ``cond`` holds, else ``other``."""

    def implies(self, a: B, b: B) -> B:
        return self.or_((self.not_(a), b))

    def iff(self, a: B, b: B) -> B:
        return self.and_((self.implies(a, b), self.implies(b, a)))

    def at_least_two(self, xs: Sequence[B]) -> B:
        """Two or more of ``xs`` hold (``xs`` is short: at most 4 supportees)."""
        return self.or_(self.and_((a, b)) for a, b in combinations(xs, 2))

    def at_most_one(self, xs: Sequence[B]) -> B:
        return self.not_(self.at_least_two(xs))

    def exactly_one(self, xs: Sequence[B]) -> B:
        return self.and_((self.or_(xs), self.at_most_one(xs)))


class PyLogic(Logic[bool]):
    """Plain Python booleans: the model evaluated on one concrete position."""

    def const(self, value: bool) -> bool:
        return value

    def and_(self, xs: Iterable[bool]) -> bool:
        return all(xs)

    def or_(self, xs: Iterable[bool]) -> bool:
        return any(xs)

    def not_(self, x: bool) -> bool:
        return not x

    def ite(self, cond: bool, then: bool, other: bool) -> bool:
        return then if cond else other

    def at_least_two(self, xs: Sequence[bool]) -> bool:
        return sum(xs) >= 2


PY_LOGIC = PyLogic()


N = TypeVar("N")


class Arith(ABC, Generic[B, N]):
    """Whole numbers (stocks, supplies, turns) over some representation ``N``, with
    comparisons giving truth values ``B``."""

    @abstractmethod
    def num(self, value: int) -> N:
        """A number that does not depend on the position."""

    @abstractmethod
    def add(self, a: N, b: N) -> N:
        """``a + b``."""

    @abstractmethod
    def ge(self, a: N, b: N) -> B:
        """``a >= b``."""

    @abstractmethod
    def eq(self, a: N, b: N) -> B:
        """``a == b``."""

    @abstractmethod
    def ite(self, cond: B, then: N, other: N) -> N:
        """``then`` when ``cond`` holds, else ``other``."""

    def sub(self, a: N, b: N) -> N:
        return self.add(a, self.mul(-1, b))

    @abstractmethod
    def mul(self, k: int, a: N) -> N:
        """``k * a`` for a constant ``k``."""


class PyArith(Arith[bool, int]):
    """Plain Python integers."""

    def num(self, value: int) -> int:
        return value

    def add(self, a: int, b: int) -> int:
        return a + b

    def ge(self, a: int, b: int) -> bool:
        return a >= b

    def eq(self, a: int, b: int) -> bool:
        return a == b

    def ite(self, cond: bool, then: int, other: int) -> int:
        return then if cond else other

    def mul(self, k: int, a: int) -> int:
        return k * a


PY_ARITH = PyArith()
