"""The Python API: play and explain any registered game in a few calls.

    >>> import shibumi_rules
    >>> shibumi_rules.game_names()
    ('sploof', 'splink', 'spline')
    >>> sploof = shibumi_rules.get_game("sploof")
    >>> state = sploof.play(sploof.start(), "1c3")
    >>> sploof.legal_moves(state)[:4]
    ['1e3', '1c5', '1e5', '2b2']
    >>> sploof.outcome(state).over
    False

A state is the game's own immutable value; ``sploof.rules`` is the game's ``Game``
(``shibumi_rules.contract.game``) for everything else: notation, perft, options. The
command line and the browser's arbiter answer through the same functions (the registry,
``explain``), so an answer here is the one ``shibumi-rules explain`` prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import registry
from .contract.definition import GameDefinition
from .contract.game import Game
from .explain.model import Report
from .explain.output import render_text, report_json
from .explain.report import Setup, explain
from .registry import get_definition


@dataclass(frozen=True, slots=True)
class Outcome:
    """Whether the game is over, and how: ``winner`` is the winning player (a colour
    or a role) or None, ``draw`` whether it ended drawn, ``reason`` the stable reason
    of ``play --json`` (None while the game goes on), ``text`` one line for people, and
    ``details`` the rest of the game's outcome (Splink's ``score``)."""

    over: bool
    winner: str | None
    draw: bool
    reason: str | None
    text: str
    details: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Explanation:
    """What ``explain`` says about a position or a move: ``report`` is the whole
    report; ``text()`` is what ``shibumi-rules explain`` prints and ``to_json()`` what
    it prints with ``--json``."""

    report: Report

    def text(self, diagrams: bool = True) -> str:
        """The report as text, with its diagrams unless ``diagrams`` is False."""
        return render_text(self.report, diagrams=diagrams)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return report_json(self.report)


class GameAPI:
    """One registered game, played through its rules and explained by its explainer."""

    def __init__(self, definition: GameDefinition) -> None:
        self.definition = definition
        self.rules: Game[Any, Any] = definition.rules()

    @property
    def name(self) -> str:
        return self.definition.name

    def __repr__(self) -> str:
        return f"<shibumi_rules game {self.name!r}>"

    def start(self, options: Mapping[str, str] | None = None, first: str | None = None
              ) -> Any:
        """The start position under ``options`` (``{"supply": "unlimited"}``; defaults
        when omitted), with ``first`` to move where the game lets it be chosen."""
        return self.rules.start(options, first)

    def legal_moves(self, state: Any) -> list[str]:
        """Every legal move, in the game's notation and canonical order (none once the
        game is over)."""
        return self.rules.legal_move_texts(state)

    def play(self, state: Any, move: Any) -> Any:
        """The state after ``move``, given as text (``"1c3"``) or as the game's move;
        an IllegalMoveError (with the rule's ID) when the rules forbid it."""
        if isinstance(move, str):
            return self.rules.play_text(state, move)
        return self.rules.play(state, move)

    def outcome(self, state: Any) -> Outcome:
        """Whether the game is over in ``state``, who won and why."""
        data = dict(self.rules.outcome_json(state))
        over, winner, draw, reason = (data.pop(key, None)
                                      for key in ("over", "winner", "draw", "reason"))
        return Outcome(bool(over), winner if isinstance(winner, str) else None, bool(draw),
                       reason if isinstance(reason, str) else None,
                       self.rules.outcome_text(state), data)

    def explain(self, state: Any, move: str | None = None) -> Explanation:
        """Is ``move`` legal in ``state``, why, and what happens if it is played; without
        a move, the state of the position: the answer ``shibumi-rules explain GAME
        --position P [MOVE]`` gives."""
        setup = Setup(position=self.rules.format_position(state))
        return Explanation(explain(self.rules, self.definition.explainer(), setup, move))


def get_game(name: str) -> GameAPI:
    """The registered game called ``name`` (an OptionError lists the known games)."""
    return GameAPI(get_definition(name))


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in order (not ``games``: that name is the
    package of the built-in games, ``shibumi_rules.games``)."""
    return registry.game_names()
