"""Sploof (Matt Green): four in a row, seen from above, on the Shibumi pyramid.

This package is the whole game: its rules (``rules``, ``lines``), notation
(``notation``), ``Game`` object (``game``), fast perft (``perft``), explanations
(``explain``, ``explain_lines``), conformance attribution (``attribution``), vector
tags (``tagging``), tables (``tables``) and named positions (``positions``). The
registry finds it through ``BUNDLE``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...bundle import GameBundle, GameEnd, OptionTest, Strategy

if TYPE_CHECKING:
    from ...tables.vectors import RandomGames


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

    def random_games(self) -> RandomGames:
        from ...tables.vectors import RandomGames

        return RandomGames(max_plies=120)

    def strategies(self) -> Mapping[str, Strategy]:
        from .strategies import STRATEGIES

        return STRATEGIES

    def ends(self) -> tuple[GameEnd, ...]:
        from .strategies import ENDS

        return ENDS

    def end_of(self, state: Any) -> str | None:
        from .strategies import end_of

        return end_of(state)

    def rule_conditions(self) -> Mapping[str, OptionTest]:
        from .strategies import RULE_CONDITIONS

        return RULE_CONDITIONS


BUNDLE = SploofBundle()
