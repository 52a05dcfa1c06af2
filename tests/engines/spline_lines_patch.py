"""Replace the line test of the Spline rules in this process (for the engines that get
lines wrong)."""

from __future__ import annotations

from collections.abc import Callable

from shibumi_rules.board import Board
from shibumi_rules.games.spline import rules as spline_rules
from shibumi_rules.games.spline.lines import LINES, Line
from shibumi_rules.notation import Colour

Holds = Callable[[Line, Board, Colour], bool]


def patch_lines(rule: Holds) -> None:
    """Make the Spline outcome use ``rule`` to decide which lines a player holds."""
    def lines_of(board: Board, colour: Colour) -> tuple[Line, ...]:
        return tuple(line for line in LINES if rule(line, board, colour))

    spline_rules.lines_of = lines_of  # type: ignore[attr-defined]
