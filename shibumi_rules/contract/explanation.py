"""What a game's explanation is made of, and what a game provides to be explained.

``explain`` hands a game's ``Explainer`` (its definition's ``explainer()``) the
position and the question; the explainer answers with a ``MoveAnswer`` or a
``PositionAnswer`` built from the game's verdicts, and decides nothing itself.
Everything here is plain data, so that one answer feeds the text, JSON and SVG outputs
alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..board import Board
from ..svg import Mark
from ..verdict import Verdict
from .game import Game, OptionSpec

Step = Verdict
"""One statement of an explanation: the engine's verdict on one rule (``holds`` True
for a condition that holds, False for the one that makes a move illegal, None for a
fact)."""


@dataclass(frozen=True, slots=True)
class AnswerPicture:
    """A board with marks and a caption: one row of an answer's SVG."""

    board: Board
    marks: tuple[Mark, ...]
    caption: str


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """Is the move legal, why, and what happens when it is played."""

    move: str
    mover: str
    legal: bool
    rule: str | None
    """The rule the move breaks (the first failing check), None when legal."""
    checks: tuple[Step, ...]
    effects: tuple[Step, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)
    """Game-specific structured results (drops, lines, score) for JSON."""
    position_after: str | None = None
    outcome: dict[str, Any] | None = None
    outcome_text: str | None = None
    pictures: tuple[AnswerPicture, ...] = ()

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.checks + self.effects

    def summary(self) -> dict[str, Any]:
        """The answer in a few fields, to compare it across rulings."""
        return {"legal": self.legal, "rule": self.rule, "outcome": self.outcome}


@dataclass(frozen=True, slots=True)
class PositionAnswer:
    """The state of a position: turn, resources, legal moves, lines, score, end."""

    turn: str | None
    steps: tuple[Step, ...]
    moves: dict[str, list[str]]
    """Legal moves grouped by kind (``place``, ``remove``, ...), canonical order."""
    facts: dict[str, Any]
    outcome: dict[str, Any]
    outcome_text: str
    pictures: tuple[AnswerPicture, ...] = ()

    def summary(self) -> dict[str, Any]:
        return {"moves": self.moves, "outcome": self.outcome}


Answer = MoveAnswer | PositionAnswer


class Explainer(Protocol):
    """What a game provides to be explained."""

    def explain_move(self, game: Game[Any, Any], state: Any, text: str) -> MoveAnswer:
        """Is the move legal, why, and what happens if it is played."""

    def explain_position(self, game: Game[Any, Any], state: Any) -> PositionAnswer:
        """The state of the position."""

    def options_of(self, state: Any) -> dict[str, str]:
        """The options in force in ``state``."""

    def alternatives(self, spec: OptionSpec, current: str, state: Any,
                     question: str | None) -> list[str]:
        """The values of ``spec`` worth comparing with ``current``."""
