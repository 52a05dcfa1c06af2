"""Which points a formula of the model reads.

``DependsLogic`` reads the model's vocabulary as sets of points: a truth value is the
set of points it depends on, and every connective joins the sets. Evaluating a formula
on ``[{0}, {1}, ..., {29}]`` therefore gives the points whose balls can change its
value, which is the space an exhaustive claim has to colour.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import model
from .logic import Logic

Points = frozenset[int]


class DependsLogic(Logic[Points]):
    """Truth values read as the set of points they depend on."""

    def const(self, value: bool) -> Points:
        return frozenset()

    def and_(self, xs: Iterable[Points]) -> Points:
        return frozenset().union(*xs)

    def or_(self, xs: Iterable[Points]) -> Points:
        return frozenset().union(*xs)

    def not_(self, x: Points) -> Points:
        return x

    def ite(self, cond: Points, then: Points, other: Points) -> Points:
        return cond | then | other


DEPENDS = DependsLogic()
EACH_POINT: list[Points] = [frozenset({p}) for p in model.POINTS]
"""One variable per point, for ``DEPENDS``."""
