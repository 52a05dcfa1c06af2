"""Replace the line test of the Sploof rules in this process (for the engines that
get lines wrong)."""

from __future__ import annotations

from collections.abc import Callable

from shibumi_rules.board import Board
from shibumi_rules.games.sploof import rules as sploof_rules
from shibumi_rules.games.sploof.lines import LINES, BlockingRule, Line, holds
from shibumi_rules.geometry import Mask
from shibumi_rules.notation import Colour

Holds = Callable[[Line, Mask, Mask], bool]


def patch_lines(rule: Holds) -> None:
    """Make the Sploof outcome use ``rule`` to decide who holds which line, whatever
    the option ``blocking`` says: both the fast check that ends the game and the lines
    it lists."""
    def any_line(own: Mask, occupied: Mask, blocking: BlockingRule = "two") -> bool:
        return any(rule(line, own, occupied) for line in LINES)

    def holders(board: Board, blocking: BlockingRule = "two"
                ) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        occupied = board.occupied
        return (tuple(line for line in LINES if rule(line, board.masks[Colour.WHITE],
                                                     occupied)),
                tuple(line for line in LINES if rule(line, board.masks[Colour.BLACK],
                                                     occupied)))

    sploof_rules.line_holders = holders  # type: ignore[attr-defined]
    sploof_rules.has_line = any_line  # type: ignore[attr-defined]


def orthogonal(line: Line, own: Mask, occupied: Mask, crossed: Callable[[Line], bool]
               ) -> bool:
    """An orthogonal line with the crossing test given; diagonal lines as the
    reference."""
    if line.kind != "orthogonal":
        return holds(line, own, occupied)
    if any(not own >> p & 1 for p in line.points):
        return False
    if any(occupied >> cover & 1 for _, cover in line.hiders):
        return False
    return not crossed(line)
