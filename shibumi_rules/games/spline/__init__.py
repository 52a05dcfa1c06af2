"""Spline (Néstor Romeral Andrés): a line spanning a level, on the Shibumi pyramid.

This package is the whole game: its rules (``rules``, ``lines``), notation
(``notation``), ``Game`` object (``game``), fast perft (``perft``), explanations
(``explain``), conformance attribution (``attribution``), vector tags (``tagging``),
tables (``tables``), named positions (``positions``), its action numbering
(``actions``) and its pages (``guide``, ``figures``). ``DEFINITION`` declares it;
``pyproject.toml`` registers it in the entry-point group ``shibumi_rules.games``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...contract.definition import GameDefinition

if TYPE_CHECKING:  # lazy: start-up (the registry imports this module at every start)
    from ...contract.actions import GameActions
    from ...contract.attribution import Attributor
    from ...contract.explanation import Explainer
    from ...contract.files import GeneratedFile
    from ...contract.game import Game
    from ...contract.guide import FigureMaker, Guide
    from ...contract.positions import NamedPosition
    from ...contract.tagging import Tagger
    from ...contract.vectors import VectorPlan


class SplineDefinition(GameDefinition):
    """Spline as the registry sees it."""

    name = "spline"
    title = "Spline"
    prefix = "SPL"
    order = 30
    summary = ("place balls of your colour; the first flat line spanning a level (4, 3 or "
               "2 balls) wins")
    bench_depths = (4, 5)
    conform_depth = 3
    first_help = "white (the default) or black"

    def rules(self) -> Game[Any, Any]:
        from .game import GAME  # lazy: start-up

        return GAME

    def explainer(self) -> Explainer:
        from .explain import EXPLAINER  # lazy: start-up

        return EXPLAINER

    def attributor(self) -> Attributor:
        from .attribution import ATTRIBUTOR  # lazy: start-up

        return ATTRIBUTOR

    def tagger(self) -> Tagger:
        from .tagging import vector_tags  # lazy: start-up

        return vector_tags

    def tables(self) -> list[GeneratedFile]:
        from .tables import tables  # lazy: start-up

        return tables()

    def named_positions(self) -> tuple[NamedPosition, ...]:
        from .positions import POSITIONS  # lazy: start-up

        return POSITIONS

    def vector_plan(self) -> VectorPlan:
        from ...contract.vectors import VectorPlan  # lazy: start-up

        return VectorPlan(max_plies=28)

    def actions(self) -> GameActions[Any]:
        from .actions import ACTIONS  # lazy: start-up

        return ACTIONS

    def guide(self) -> Guide:
        from .guide import GUIDE  # lazy: start-up

        return GUIDE

    def figures(self) -> Mapping[str, FigureMaker]:
        from .figures import FIGURES  # lazy: start-up

        return FIGURES


DEFINITION = SplineDefinition()
