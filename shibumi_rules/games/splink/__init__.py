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

from typing import TYPE_CHECKING, Any

from ...bundle import GameBundle

if TYPE_CHECKING:
    from ...conformance.attribution import Attributor
    from ...explain.report import Analyst
    from ...game import Game
    from ...tables.output import GeneratedFile
    from ...tables.positions import NamedPosition
    from ...tables.vectors import RandomGames, Tagger


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

    def game(self) -> Game[Any, Any]:
        from .game import GAME

        return GAME

    def analyst(self) -> Analyst:
        from .explain import ANALYST

        return ANALYST

    def attributor(self) -> Attributor:
        from .attribution import SplinkAttributor

        return SplinkAttributor()

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
            games=6, max_plies=40, stride=5,
            options=({}, {"supply": "unlimited"}, {"max_turns": "12"}),
            first=(None,))

    def extra_vectors(self) -> list[GeneratedFile]:
        from .match_vectors import match_file

        return [match_file()]

    def commands(self) -> dict[str, str]:
        return {"match": f"{__name__}.match_cli"}


BUNDLE = SplinkBundle()
