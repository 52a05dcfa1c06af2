"""Splink: two roles share 16 red and 16 white balls; the attractor scores red-white
contacts on the outside of the pyramid.

This package is the whole game: state and moves (``state``), the rules as verdicts
(``rules``), the move generator on bare masks (``mechanics``), scoring (``score``),
notation (``notation``), the ``Game`` object (``game``), fast perft (``perft``),
matches (``matches``, ``players``, ``records``, the ``match`` command in ``match_cli``
and its vectors in ``match_vectors``), explanations (``explain``), conformance
attribution (``attribution``), vector tags (``tagging``), tables (``tables``) and named
positions (``positions``). The registry finds it through ``BUNDLE``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...bundle import GameBundle, GameEnd, OptionTest, Strategy

if TYPE_CHECKING:
    from ...tables.output import GeneratedFile
    from ...tables.vectors import RandomGames


class SplinkBundle(GameBundle):
    """Splink behind the registry."""

    name = "splink"
    title = "Splink"
    prefix = "SPK"
    order = 20
    summary = ("attractor against repulsor: place a red and a white ball, or swap one; "
               "the attractor scores the red-white contacts on the finished pyramid")
    bench_depths = (3, 4)
    conform_depth = 2
    first_help = "fixed, the attractor moves first"

    def random_games(self) -> RandomGames:
        from ...tables.vectors import RandomGames

        return RandomGames(max_plies=60, values={"max_turns": ("none", "12")})

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

    def extra_vectors(self) -> list[GeneratedFile]:
        from .match_vectors import match_file

        return [match_file()]

    def commands(self) -> dict[str, str]:
        return {"match": f"{__name__}.match_cli"}


BUNDLE = SplinkBundle()
