"""Which Sploof rules a divergence involves (see ``shibumi_rules.contract.attribution``)."""

from __future__ import annotations

from typing import Any, Final

from ...contract.attribution import AnyGame, Attributor, field_rules, rules_of, unique
from ...errors import IllegalMoveError
from ...notation import Colour
from .lines import (
    BLOCKING_RULING,
    CROSS_RULE,
    HIDDEN_RULING,
    HIDE_RULE,
    ZIGZAG_RULING,
    BlockingRule,
    check_line,
    check_lines,
    line_holders,
)
from .rules import REASON_BOTH_LINES_MOVER, REASON_NO_MOVE, REASONS


class SploofAttributor(Attributor):
    """Sploof: removals, supply, lines, ties and the end."""

    def illegal_extra(self, game: AnyGame, state: Any, move: Any,
                      err: IllegalMoveError) -> list[str]:
        """The rules the failing verdict depends on (SPF-REMOVE-2 behind SPF-RUL-1)."""
        return list(err.verdict.also) if err.verdict is not None else []

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        """The move's own checks (after the turn): all of a pass's or a placement's; of
        a removal's, the red ball, and the pin or the supply only where they decide
        (the ball supports one ball, not two; the supply, not counted, would be short
        if it were)."""
        _turn, *own = self.trace(game, state, move).checks
        if not game.parse_move(state, move).remove:
            return rules_of(own)
        red, pin, supply = own
        deciding = [red, *([pin] if pin.evidence["supports"] else []),
                    *([supply] if supply.evidence.get("short_if_limited") else [])]
        return [v.rule for v in deciding]

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        """The turn check for the side to move; a pass's own check for anything else;
        for the board, a placement's checks, or a removal's drops before the removal;
        for the stock and the supply, the effects that change them."""
        trace = self.trace(game, state, move)
        parsed = game.parse_move(state, move)
        if field == "turn":
            return [trace.checks[0].rule]
        if parsed.is_pass:
            return [trace.checks[-1].rule]
        if field == "board":
            if not parsed.remove:
                return rules_of(trace.checks[1:])
            removal, *drops = trace.effects_with("board")
            return unique([d.rule for d in drops if d.evidence["board"]] + [removal.rule])
        if field in ("stock", "supply"):
            return field_rules(trace, field)
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        """Both players hold a line: the tie rule. A player the engine credits with a
        line the reference denies: why the reference denies it (crossed, hidden). A
        line the reference sees and the engine misses: what kind of line it is (one
        ball over a perimeter link, a zig-zag diagonal). Then the rule of each side's
        reason."""
        board, blocking = after.board, after.rules.blocking
        held = dict(zip((Colour.WHITE, Colour.BLACK), line_holders(board, blocking)))
        ids: list[str] = []
        if held[Colour.WHITE] and held[Colour.BLACK]:
            ids.append(REASONS[REASON_BOTH_LINES_MOVER].rule)  # the tie's ruling
        for colour in (Colour.WHITE, Colour.BLACK):
            credited = actual.get("draw") is True or actual.get("winner") == colour.label
            if credited and not held[colour]:
                ids += _denied_lines(board, colour, blocking)
            if held[colour] and not credited:
                ids += _held_lines(board, colour, held[colour], blocking)
        if not ids:  # no line explains it: the end without a legal move
            ids += REASONS[REASON_NO_MOVE].rule_ids
        for reason in (expected.get("reason"), actual.get("reason")):
            if isinstance(reason, str) and reason in REASONS:
                end = REASONS[reason]
                ids += [end.rule, *end.cited_if_stock]
        return unique(ids)


def _denied_lines(board: Any, colour: Colour, blocking: BlockingRule) -> list[str]:
    """Why rows or columns of ``colour`` are not lines: crossed (under ``blocking``) or
    hidden (the line checks ``explain`` renders too)."""

    ids: list[str] = []
    for check in check_lines(board, colour, blocking):
        if check.line.kind != "orthogonal" or check.status != "broken":
            continue
        if check.crossed:
            ids += [CROSS_RULE, check.line.rule]
        if check.blocking_decides:
            ids.append(BLOCKING_RULING)  # what crosses a link: another value lets it through
        if check.hidden:
            ids += [HIDDEN_RULING, HIDE_RULE]
    return ids


def _held_lines(board: Any, colour: Colour, lines: Any, blocking: BlockingRule
                ) -> list[str]:
    """What makes the lines a player holds special: balls over a link that do not
    cross it under ``blocking``, a zig-zag diagonal (the line checks ``explain``
    renders too)."""

    ids: list[str] = []
    for line in lines:
        check = check_line(line, colour, board, blocking)
        if line.kind == "orthogonal":
            if check.blocking_decides:
                ids += [BLOCKING_RULING, CROSS_RULE]
        elif check.zigzag:
            ids.append(ZIGZAG_RULING)
        ids.append(line.rule)
    ids.sort(key=lambda rule: rule.startswith(("SPF-LINE", "SHB")))
    return ids


ATTRIBUTOR: Final = SploofAttributor()
"""The attributor the registry hands out."""
