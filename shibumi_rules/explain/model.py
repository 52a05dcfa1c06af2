"""The report of one ``explain`` question: the game's answer (the contract's
``MoveAnswer`` or ``PositionAnswer``), where the moves before it stopped, and the
answers under the alternative rulings.

Everything here is plain data so that one analysis feeds the text, JSON and SVG
outputs alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..contract.explanation import Answer

if TYPE_CHECKING:  # lazy: start-up (the solver is imported when a value is asked for)
    from ..solver.solve import Solution


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
    value: Solution | None = None
    """The solver's answer for the position the answer ends in (after a legal move,
    else the position asked about), within ``solve.ANSWER_BUDGET`` nodes; None when
    it was not asked for or the game is over there."""
