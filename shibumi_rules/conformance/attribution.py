"""Which rules a divergence involves, read from the reference's view of the position
and the move.

A move the engine allows but the reference rejects carries the rule of the reference's
IllegalMoveError; a legal move the engine misses carries the rules that make it legal
(for example a Splink pair whose second ball needs the platform the first completed:
SPK-RUL-1); a wrong successor carries the rules of the part of the position that
differs (the board after a removal with a drop: SHB-DROP-1); a wrong outcome carries
the line, tie, end or score rules that decide it. Most specific rules come first.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import IllegalMoveError, ShibumiError
from ..game import Game
from ..geometry import SUPPORTEE_MASK, TOUCHING_PAIRS, points_of
from ..notation import Colour
from ..spec import cited_ids

AnyGame = Game[Any, Any]


def _unique(ids: list[str]) -> list[str]:
    seen: list[str] = []
    for rule in ids:
        if rule and rule not in seen:
            seen.append(rule)
    return seen


def notation_fields(position: str) -> dict[str, str]:
    """Position notation split into named fields: ``board``, ``turn`` (the side or
    role to move), ``NAME:`` fields and ``NAME=`` options."""
    tokens = position.split()
    fields: dict[str, str] = {}
    for i, token in enumerate(tokens):
        if i == 0:
            fields["board"] = token
        elif i == 1:
            fields["turn"] = token
        elif ":" in token:
            fields[token.split(":", 1)[0]] = token
        elif "=" in token:
            fields[token.split("=", 1)[0] + "="] = token
        else:
            fields[f"field{i}"] = token
    return fields


class Analyst:
    """Attribution that needs nothing game-specific."""

    def illegal(self, game: AnyGame, state: Any, move: str) -> tuple[list[str], str]:
        """Rules and reason for a move the reference rejects."""
        try:
            parsed = game.parse_move(state, move)
            game.play(state, parsed)
        except IllegalMoveError as err:
            ids = [err.rule_id or "", *cited_ids(err.message)]
            return _unique(ids + self.illegal_extra(game, state, parsed, err)), err.message
        except ShibumiError as err:
            return _unique([err.rule_id or ""]), f"the reference cannot read it: {err}"
        return [], "the reference accepts it"

    def illegal_extra(self, game: AnyGame, state: Any, move: Any,
                      err: IllegalMoveError) -> list[str]:
        return []

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        """Rules that make a move legal that the engine does not list."""
        return []

    def successor(self, game: AnyGame, state: Any, move: str, expected: str,
                  actual: str | None) -> tuple[list[str], list[str]]:
        """Rules for a wrong position after ``move``, and the notation fields that
        differ (``actual`` is None when the engine's position does not parse)."""
        if actual is None:
            return self.move_rules(game, state, move, "board"), ["board"]
        want, got = notation_fields(expected), notation_fields(actual)
        differing = [k for k in want.keys() | got.keys() if want.get(k) != got.get(k)]
        order = list(want)
        differing.sort(key=lambda k: order.index(k) if k in order else len(order))
        ids: list[str] = []
        for name in differing:
            ids += self.move_rules(game, state, move, name)
        return _unique(ids), differing

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        """Rules for a wrong outcome of the position ``after``."""
        return []


class SploofAnalyst(Analyst):
    """Sploof: removals, supply, lines, ties and the end."""

    def illegal_extra(self, game: AnyGame, state: Any, move: Any,
                      err: IllegalMoveError) -> list[str]:
        if err.rule_id == "SPF-RUL-1":
            return ["SPF-REMOVE-2"]
        return []

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        from ..games.sploof_rules import BALLS_PER_COLOUR, REMOVAL_GAIN

        parsed = game.parse_move(state, move)
        if not parsed.remove:
            return ["SPF-PLACE-1", "SHB-PLACE-1"]
        ids = ["SPF-REMOVE-1"]
        board = state.board
        if SUPPORTEE_MASK[parsed.point] & board.occupied:
            ids.append("SHB-PIN-1")  # supports one ball: not pinned
        held = board.masks[state.turn].bit_count() + state.stock[state.turn]
        if state.supply_rule == "unlimited" and BALLS_PER_COLOUR - held < REMOVAL_GAIN:
            ids.append("SPF-RUL-1")
        return ids

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        parsed = game.parse_move(state, move)
        if field == "board":
            if not parsed.remove:
                return ["SPF-PLACE-1", "SHB-PLACE-1"]
            above = SUPPORTEE_MASK[parsed.point] & state.board.occupied
            return ["SHB-DROP-1", "SPF-REMOVE-1"] if above else ["SPF-REMOVE-1"]
        if field == "turn":
            return ["SPF-TURN-1"]
        if field == "stock":
            return ["SPF-REMOVE-2"] if parsed.remove else ["SPF-PLACE-1"]
        if field == "supply":
            return ["SPF-REMOVE-1", "SPF-REMOVE-2"] if parsed.remove else ["SPF-PLACE-1"]
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        """Both players hold a line: the tie rule. A player the engine credits with a
        line the reference denies: why the reference denies it (crossed, hidden). A
        line the reference sees and the engine misses: what kind of line it is (one
        ball over a perimeter link, a zig-zag diagonal). Then the rule of each side's
        reason."""
        from ..games.sploof_lines import line_holders
        from ..games.sploof_rules import REASONS

        board = after.board
        held = dict(zip((Colour.WHITE, Colour.BLACK), line_holders(board)))
        ids: list[str] = []
        if held[Colour.WHITE] and held[Colour.BLACK]:
            ids.append("SPF-RUL-2")
        for colour in (Colour.WHITE, Colour.BLACK):
            credited = actual.get("draw") is True or actual.get("winner") == colour.label
            if credited and not held[colour]:
                ids += _denied_lines(board, colour)
            if held[colour] and not credited:
                ids += _held_lines(board, colour, held[colour])
        if not ids:  # no line explains it: the end without a legal move
            ids += ["SPF-END-1", "SPF-RUL-3"]
        for reason in (expected.get("reason"), actual.get("reason")):
            if isinstance(reason, str) and reason in REASONS:
                ids.append(REASONS[reason][0])
                if reason == "no-legal-move":
                    ids.append("SPF-RUL-3")
        return _unique(ids)


def _denied_lines(board: Any, colour: Colour) -> list[str]:
    """Why rows or columns of ``colour`` are not lines: crossed or hidden (as
    ``explain`` sees them)."""
    from ..explain.sploof_lines import views

    ids: list[str] = []
    for v in views(board, colour):
        if v.line.kind != "orthogonal" or v.status != "broken":
            continue
        if v.crossed:
            ids += ["SHB-CROSS-1", "SPF-LINE-1"]
        if v.hidden:
            ids += ["SPF-RUL-7", "SHB-HIDE-1"]
    return ids


def _held_lines(board: Any, colour: Colour, lines: Any) -> list[str]:
    """What makes the lines a player holds special: one ball over a perimeter link
    (not a crossing), a zig-zag diagonal (as ``explain`` sees them)."""
    from ..explain.sploof_lines import view

    ids: list[str] = []
    for line in lines:
        v = view(line, colour, board)
        if line.kind == "orthogonal":
            if v.single:
                ids += ["SPF-RUL-4", "SHB-CROSS-1"]
            ids.append("SPF-LINE-1")
        else:
            if v.zigzag:
                ids.append("SPF-RUL-5")
            ids.append("SPF-LINE-2")
    ids.sort(key=lambda rule: rule.startswith(("SPF-LINE", "SHB")))
    return ids


class SplinkAnalyst(Analyst):
    """Splink: placement order, removals, supply, the end and the score."""

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        from ..board import valid_locations
        from ..games.splink_state import PlaceMove

        parsed = game.parse_move(state, move)
        extra = ["SPK-RUL-5"] if state.supply is None else []
        if isinstance(parsed, PlaceMove):
            _, high = parsed.points
            if not valid_locations(state.occupied) >> high & 1:
                return ["SPK-RUL-1", "SPK-PLACE-1", *extra]
            return ["SPK-PLACE-1", *extra]
        return ["SPK-REMOVE-1", "SPK-REMOVE-2", "SHB-PIN-1", *extra]

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        from ..games.splink_state import PlaceMove

        place = isinstance(game.parse_move(state, move), PlaceMove)
        if field == "board":
            return ["SPK-PLACE-1"] if place else ["SHB-DROP-1", "SPK-REMOVE-1",
                                                  "SPK-REMOVE-2"]
        if field == "turn":
            return ["SPK-SETUP-1"]
        if field == "turns":
            return ["SPK-RUL-4"]
        if field == "supply":
            return ["SPK-PLACE-1"] if place else ["SPK-RUL-2", "SPK-REMOVE-2"]
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        from ..games.splink import REASONS
        from ..games.splink_score import INNER_MASK

        ids: list[str] = []
        if expected.get("score") != actual.get("score"):
            ids.append("SPK-SCORE-1")
            red, white = after.red, after.white
            inner_pairs = sum(
                1 for a, b in TOUCHING_PAIRS
                if (INNER_MASK >> a & 1 or INNER_MASK >> b & 1)
                and ((red >> a & 1 and white >> b & 1) or (white >> a & 1 and red >> b & 1))
            )
            if inner_pairs:
                ids.append("SPK-RUL-9")
        if expected.get("over") != actual.get("over"):
            for reason in (expected.get("reason"), actual.get("reason")):
                if isinstance(reason, str) and reason in REASONS:
                    ids.append(REASONS[reason][1])
            ids.append("SPK-END-1")
        return _unique(ids)


ANALYSTS: Final[dict[str, Analyst]] = {"sploof": SploofAnalyst(), "splink": SplinkAnalyst()}


def analyst_for(game: AnyGame) -> Analyst:
    return ANALYSTS.get(game.name, Analyst())


def ball_count(game: AnyGame, state: Any) -> int:
    """Balls on the board, for choosing the smallest example of a divergence."""
    return len(points_of(game.board(state).occupied))
