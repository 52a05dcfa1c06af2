"""Spline (Néstor Romeral Andrés): a line spanning a level, on the Shibumi pyramid.

This package is the whole game: its rules (``rules``, ``lines``), notation
(``notation``), ``Game`` object (``game``), fast perft (``perft``), explanations
(``explain``), conformance attribution (``attribution``), vector tags (``tagging``),
tables (``tables``) and named positions (``positions``). The registry finds it through
``BUNDLE``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...bundle import GameBundle

if TYPE_CHECKING:
    from ...conformance.attribution import Attributor
    from ...explain.report import Analyst
    from ...game import Game
    from ...tables.output import GeneratedFile
    from ...tables.positions import NamedPosition
    from ...tables.vectors import RandomGames, Tagger


class SplineBundle(GameBundle):
    """Spline behind the registry."""

    name = "spline"
    title = "Spline"
    prefix = "SPL"
    order = 30
    summary = ("place balls of your colour; the first flat line spanning a level (4, 3 or "
               "2 balls) wins")
    bench_depths = (4, 5)
    conform_depth = 3
    first_help = "white (the default) or black"

    def game(self) -> Game[Any, Any]:
        from .game import GAME

        return GAME

    def analyst(self) -> Analyst:
        from .explain import ANALYST

        return ANALYST

    def attributor(self) -> Attributor:
        from .attribution import SplineAttributor

        return SplineAttributor()

    def tagger(self) -> Tagger:
        from .tagging import vector_tags

        return vector_tags

    def tables(self) -> list[GeneratedFile]:
        from .tables import tables

        return tables()

    def named_positions(self) -> tuple[NamedPosition, ...]:
        from .positions import POSITIONS

        return POSITIONS

    def random_games(self) -> RandomGames:
        from ...tables.vectors import RandomGames

        return RandomGames(games=16, max_plies=28, stride=3, options=({},),
                           first=("white", "black"))


BUNDLE = SplineBundle()
