"""Spline (Néstor Romeral Andrés): a line spanning a level, on the Shibumi pyramid.

This package is the whole game: its rules (``rules``, ``lines``), notation
(``notation``), ``Game`` object (``game``), fast perft (``perft``), explanations
(``explain``), conformance attribution (``attribution``), vector tags (``tagging``),
tables (``tables``) and named positions (``positions``). The registry finds it through
``BUNDLE``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...bundle import GameBundle

if TYPE_CHECKING:
    from ...tables.vectors import RandomGames


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

    def random_games(self) -> RandomGames:
        from ...tables.vectors import RandomGames

        return RandomGames(max_plies=28)


BUNDLE = SplineBundle()
