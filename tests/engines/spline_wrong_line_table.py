"""Spline engine whose line table leaves out the two diagonals of level 3, as if two
balls corner to corner on the 2x2 level were not a line (breaks SPL-LINE-1)."""

from __future__ import annotations

from shibumi_rules.board import Board
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.spline.lines import Line, holds
from shibumi_rules.notation import Colour
from tests.engines.common import serve
from tests.engines.spline_lines_patch import patch_lines

TOP_LEVEL = 2


def without_top_diagonals(line: Line, board: Board, colour: Colour) -> bool:
    if line.level == TOP_LEVEL and line.kind == "diagonal":
        return False
    return holds(line, board.masks[colour])


class WrongLineTable(ReferenceEngine):
    name = "spline engine without the diagonals of level 3"
    exact_perft = False


if __name__ == "__main__":
    patch_lines(without_top_diagonals)
    serve(WrongLineTable())
