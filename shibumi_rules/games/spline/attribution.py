"""Which Spline rules a divergence involves (see
``shibumi_rules.contract.attribution``), read from the reference's verdicts."""

from __future__ import annotations

from typing import Any, Final

from ...contract.attribution import AnyGame, Attributor, unique
from ...contract.trace import Trace
from ...notation import Colour
from ...verdict import Verdict
from .lines import LINES
from .rules import PLAYERS, REASONS, SplineState, line_verdict, opponent, turn_verdict


def _turn_rules(state: SplineState) -> list[str]:
    """The engine has the other player to move: the turn, led by the first-player
    clarification when the game is one Black started (engines that assume White always
    starts go wrong exactly there)."""
    started = turn_verdict(state).evidence.get("first")
    if started == Colour.BLACK.label:
        return ["SPL-RUL-4", "SPL-START-1", "SPL-TURN-1"]
    return ["SPL-TURN-1", "SPL-START-1", "SPL-RUL-4"]


def _own_checks(trace: Trace) -> tuple[Verdict, ...]:
    """The checks of the placement itself: those after the game's end and the turn
    (``rules.legality``'s order)."""
    return trace.checks[2:]


class SplineAttributor(Attributor):
    """Spline: placements, the turn, lines and the winner."""

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        """The move's own checks (after the game's end and the turn): a ball left and
        a valid location."""
        return [v.rule for v in _own_checks(self.trace(game, state, move))]

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        """The board: the move's own checks; the side to move: the turn check."""
        trace = self.trace(game, state, move)
        if field == "board":
            return [v.rule for v in _own_checks(trace)]
        if field == "turn":
            return [trace.checks[1].rule]
        return []

    def successor(self, game: AnyGame, state: Any, move: str, expected: str,
                  actual: str | None) -> tuple[list[str], list[str]]:
        """A successor in which the other player placed the ball: the engine has the
        wrong player to move (``_turn_rules``); anything else as usual."""
        if actual is not None:
            point = game.parse_move(state, move).point
            other = SplineState(state.board.place(point, opponent(state.turn)), state.turn)
            if game.format_position(other) == actual:
                return _turn_rules(state), ["board", "turn"]
        return super().successor(game, state, move, expected, actual)

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        """A winner credited with no line: the line table (or, when the other player
        holds the line, who can make one). A line the engine misses: covered balls when
        every missed line has some (SPL-RUL-2), else the line table. Then the rule of
        each side's reason."""
        verdicts = {c: [v for v in (line_verdict(line, after.board, c) for line in LINES)
                        if v.holds] for c in PLAYERS}
        ids: list[str] = []
        for colour in PLAYERS:
            credited = actual.get("winner") == colour.label
            held = verdicts[colour]
            if credited and not held:
                if verdicts[opponent(colour)]:
                    ids += ["SPL-RUL-5", "SPL-WIN-1"]
                ids += ["SPL-LINE-1", "SPL-RUL-1"]
            if held and not credited:
                if all("SPL-RUL-2" in v.also for v in held):
                    ids += ["SPL-RUL-2", "SPL-LINE-1"]
                ids += [rule for v in held for rule in v.rule_ids]
        if not ids:
            ids.append("SPL-WIN-1")
        for reason in (expected.get("reason"), actual.get("reason")):
            if isinstance(reason, str) and reason in REASONS:
                ids += REASONS[reason].rule_ids
        return unique(ids)


ATTRIBUTOR: Final = SplineAttributor()
"""The attributor the registry hands out."""
