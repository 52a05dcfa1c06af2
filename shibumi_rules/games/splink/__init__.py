"""Splink: two roles share 16 red and 16 white balls; the attractor scores red-white
contacts on the outside of the pyramid.

This package is the whole game: state and moves (``state``), the rules as verdicts
(``rules``), the move generator on bare masks (``mechanics``), scoring (``score``),
notation (``notation``), the ``Game`` object (``game``), fast perft (``perft``),
matches (``matches``, ``players``, ``records``, the ``match`` command in ``match_cli``
and its vectors in ``match_vectors``), explanations (``explain``), conformance
attribution (``attribution``), vector tags (``tagging``), tables (``tables``), named
positions (``positions``), the strategies of its random games (``strategies``), its
action numbering (``actions``) and its pages (``guide``, ``figures``). ``DEFINITION``
declares it; ``pyproject.toml`` registers it in the entry-point group
``shibumi_rules.games``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...contract.definition import GameDefinition

if TYPE_CHECKING:  # lazy: start-up (the registry imports this module at every start)
    from ...contract.actions import GameActions
    from ...contract.attribution import Attributor
    from ...contract.commands import Command
    from ...contract.explanation import Explainer
    from ...contract.files import GeneratedFile
    from ...contract.game import Game
    from ...contract.guide import FigureMaker, Guide
    from ...contract.positions import NamedPosition
    from ...contract.tagging import Tagger
    from ...contract.vectors import GameEnd, OptionTest, Strategy, VectorPlan


class SplinkDefinition(GameDefinition):
    """Splink as the registry sees it."""

    name = "splink"
    title = "Splink"
    prefix = "SPK"
    order = 20
    summary = ("attractor against repulsor: place a red and a white ball, or swap one; "
               "the attractor scores the red-white contacts on the finished pyramid")
    bench_depths = (3, 4)
    conform_depth = 2
    first_help = "fixed, the attractor moves first"

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

        return VectorPlan(max_plies=60, values={"max_turns": ("none", "12")})

    def actions(self) -> GameActions[Any]:
        from .actions import ACTIONS  # lazy: start-up

        return ACTIONS

    def guide(self) -> Guide:
        from .guide import GUIDE  # lazy: start-up

        return GUIDE

    def figures(self) -> Mapping[str, FigureMaker]:
        from .figures import FIGURES  # lazy: start-up

        return FIGURES

    def strategies(self) -> Mapping[str, Strategy]:
        from .strategies import STRATEGIES  # lazy: start-up

        return STRATEGIES

    def ends(self) -> tuple[GameEnd, ...]:
        from .strategies import ENDS  # lazy: start-up

        return ENDS

    def end_of(self, state: Any) -> str | None:
        from .strategies import end_of  # lazy: start-up

        return end_of(state)

    def rule_conditions(self) -> Mapping[str, OptionTest]:
        from .strategies import RULE_CONDITIONS  # lazy: start-up

        return RULE_CONDITIONS

    def extra_vectors(self) -> list[GeneratedFile]:
        from .match_vectors import match_file  # lazy: start-up

        return [match_file()]

    def commands(self) -> Mapping[str, Callable[[], Command]]:
        return {"match": _match_command}


def _match_command() -> Command:
    """``shibumi-rules match``, imported only when it runs or every command is listed."""
    from .match_cli import COMMAND  # lazy: start-up

    return COMMAND


DEFINITION = SplinkDefinition()
