"""Spline engine for which a line counts only while no ball rests on any of its balls
(breaks SPL-RUL-2)."""

from __future__ import annotations

from shibumi_rules.board import Board
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.spline.lines import Line, covering, holds
from shibumi_rules.notation import Colour
from tests.engines.common import serve
from tests.engines.spline_lines_patch import patch_lines


def uncovered_only(line: Line, board: Board, colour: Colour) -> bool:
    return holds(line, board.masks[colour]) and not covering(line, board.occupied)


class CoveredLinesIgnored(ReferenceEngine):
    name = "spline engine ignoring lines through covered balls"
    exact_perft = False


if __name__ == "__main__":
    patch_lines(uncovered_only)
    serve(CoveredLinesIgnored())
