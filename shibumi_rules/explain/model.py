"""What an explanation is made of: steps that each cite a rule, the answer to a move
question or a position question, and the report that wraps them.

Everything here is plain data so that one analysis feeds the text, JSON and SVG
outputs alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..svg import Mark
from ..verdict import Verdict

Step = Verdict
"""One statement of an explanation: the engine's verdict on one rule (``holds`` True
for a condition that holds, False for the one that makes a move illegal, None for a
fact)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A board with marks and a caption: one row of the SVG."""

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
    pictures: tuple[Picture, ...] = ()

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
    pictures: tuple[Picture, ...] = ()

    def summary(self) -> dict[str, Any]:
        return {"moves": self.moves, "outcome": self.outcome}


Answer = MoveAnswer | PositionAnswer


@dataclass(frozen=True, slots=True)
class Stop:
    """A position given as moves that stopped at an illegal move."""

    number: int
    move: str


@dataclass(frozen=True, slots=True)
class RulingAnswer:
    """The answer under one alternative of a ruling option (``error`` when the
    question cannot be asked under it)."""

    option: str
    value: str
    ruling: str
    answer: Answer | None
    stop: Stop | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Report:
    """Everything ``explain`` says about one question."""

    game: str
    position: str
    """The position the question is asked in (canonical notation)."""
    options: dict[str, str]
    history: tuple[str, ...]
    """Moves played to reach the position (from ``--moves``)."""
    question: str | None
    answer: Answer
    stop: Stop | None = None
    rulings: tuple[RulingAnswer, ...] = ()
    compared: bool = False
    """True when ``rulings`` is the result of a comparison (even if empty)."""
