"""Sploof (Matt Green): four in a row, seen from above, on the Shibumi pyramid.

This package is the whole game: its rules (``rules``, ``lines``), notation
(``notation``), ``Game`` object (``game``), fast perft (``perft``), explanations
(``explain``, ``explain_lines``), conformance attribution (``attribution``), vector
tags (``tagging``), tables (``tables``) and named positions (``positions``). The
registry finds it through ``BUNDLE``.
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


class SploofBundle(GameBundle):
    """Sploof behind the registry."""

    name = "sploof"
    title = "Sploof"
    prefix = "SPF"
    order = 10
    summary = ("four in a row seen from above: place balls from your stock, or remove a "
               "red ball to refill it")
    bench_depths = (5, 6)
    conform_depth = 3
    first_help = "white (the default) or black"

    def game(self) -> Game[Any, Any]:
        from .game import GAME

        return GAME

    def analyst(self) -> Analyst:
        from .explain import ANALYST

        return ANALYST

    def attributor(self) -> Attributor:
        from .attribution import SploofAttributor

        return SploofAttributor()

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

        return RandomGames(
            games=16, max_plies=120, stride=2,
            options=({}, {"simultaneous": "draw"}, {"supply": "unlimited"},
                     {"simultaneous": "draw", "supply": "unlimited"}),
            first=("white", "black"))


BUNDLE = SploofBundle()
