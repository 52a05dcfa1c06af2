"""Spline engine that assumes White always moves first: it ignores the player to move
of a position and works it out from the counts as if White had begun, White when the
counts are equal (breaks SPL-RUL-4 in every game Black begins)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.notation import Colour
from tests.engines.common import serve


class WrongFirstPlayer(ReferenceEngine):
    name = "spline engine in which White always begins"
    exact_perft = False

    def resolve(self, name: str, options: Mapping[str, str],
                position: Mapping[str, Any]) -> Any:
        state = super().resolve(name, options, position)
        if name != "spline":
            return state
        board = state.board
        white_first = board.count(Colour.WHITE) == board.count(Colour.BLACK)
        return replace(state, turn=Colour.WHITE if white_first else Colour.BLACK)


if __name__ == "__main__":
    serve(WrongFirstPlayer())
