"""How random Sploof games choose their moves, and the ways a Sploof game ends.

Uniform play ends almost every game with a plain line or a player without a move; a
line for both players in one move came once in 600 uniform games. The other strategies
steer games towards the rare ends so that the conformance vectors and the harness's
random games reach them under every option:

- ``line-seeking``: placements on the ground rows and columns the mover already holds;
- ``both-lines``: tries every removal for one that gives both players a line, and
  otherwise fills the pyramid from the top without ending the game, so that drops
  move many balls at once;
- ``stock-draining``: the player with the smaller supply removes, the other places,
  and neither makes a line, so that stocks and supplies run dry;
- ``removal-heavy``: removes whenever a removal does not end the game.

Strategies read the position only through the rules (``GAME``) and the board's
masks; they decide no rule. ``end_of`` names the end of a finished position from its
outcome and the facts behind it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Final

from ...board import pinned
from ...contract.vectors import GameEnd, OptionTest, Strategy, uniform
from ...geometry import ALL, COORDS, GROUND, NUM_POINTS, points_of
from ...notation import Colour
from .game import GAME
from .rules import SploofMove, SploofState

LINE_ENDS: Final = frozenset({"line", "opponent-line", "both-lines"})
NO_MOVE_ENDS: Final = frozenset({"no-legal-move", "supply-exhausted", "pyramid-complete",
                                 "stuck-draw", "both-stuck-draw"})


def _limited(options: Mapping[str, str]) -> bool:
    return options.get("supply") == "limited"


def _stuck(value: str) -> OptionTest:
    """Possible under ``stuck=value`` (SPF-RUL-3; ``lose`` when the game has no such
    option)."""
    def test(options: Mapping[str, str]) -> bool:
        return options.get("stuck", "lose") == value
    return test


def _both_checked(options: Mapping[str, str]) -> bool:
    """Whether a move can end the game on the opponent's line (SPF-RUL-8): not when
    only the mover's lines are checked."""
    return options.get("lines_checked", "both") == "both"


ENDS: Final = (
    GameEnd("line", "the mover made a line and the opponent has none (SPF-WIN-1)",
            seeker="line-seeking"),
    GameEnd("opponent-line", "a move gave only the opponent a line (SPF-WIN-2)",
            possible=_both_checked, seeker="removal-heavy"),
    GameEnd("both-lines", "a move gave both players a line (SPF-RUL-2)",
            possible=_both_checked, seeker="both-lines"),
    GameEnd("no-legal-move", "the player to move has an empty stock and no red ball "
            "to remove (SPF-END-1)", seeker="stock-draining"),
    GameEnd("supply-exhausted", "the player to move has an empty stock and a free red "
            "ball, but too few balls in the supply to remove it (SPF-END-1, SPF-RUL-1)",
            possible=_limited, seeker="stock-draining"),
    GameEnd("pyramid-complete", "the pyramid is complete and no red ball may be "
            "removed: the player to move has balls in stock but no legal move, and loses "
            "(SPF-END-1, SPF-RUL-3 under stuck=lose)", possible=_stuck("lose"),
            seeker="both-lines"),
    GameEnd("stuck-draw", "the player to move has balls in stock but no legal move: "
            "drawn under stuck=draw (SPF-RUL-3)", possible=_stuck("draw"),
            seeker="both-lines"),
    GameEnd("both-stuck-draw", "the player to move would pass while the opponent is "
            "stuck too: drawn under stuck=pass (SPF-RUL-3)", possible=_stuck("pass"),
            seeker="both-lines"),
)
"""Every way a Sploof game ends; ``supply-exhausted`` only under supply=limited, a line
for the opponent only when both players' lines are checked, and a player stuck with
balls in stock as the ``stuck`` option says."""


def _links_can_be_crossed(options: Mapping[str, str]) -> bool:
    """Whether balls over a link can break a row (SPF-RUL-4): not under blocking=none."""
    return options.get("blocking", "two") != "none"


RULE_CONDITIONS: Final[Mapping[str, OptionTest]] = {
    "SPF-WIN-2": _both_checked,
    "SPF-RUL-2": _both_checked,
    "SHB-CROSS-1": _links_can_be_crossed,
}
"""Rules a position can exercise only under some options: a move that ends the game on
the opponent's line (SPF-WIN-2), or on both players' lines (SPF-RUL-2), only when both
players' lines are checked (SPF-RUL-8); a row broken by balls crossing a link
(SHB-CROSS-1) only when crossing blocks (SPF-RUL-4)."""


def end_of(state: SploofState) -> str | None:
    """Which of ``ENDS`` a finished position is (None while the game goes on)."""
    outcome = GAME.outcome_json(state)
    if not outcome["over"]:
        return None
    reason = outcome["reason"]
    if reason in ("both-lines-mover", "both-lines-draw"):
        return "both-lines"
    if reason != "no-legal-move":
        return str(reason)
    occupied = state.board.occupied
    if occupied == ALL and state.stock[state.turn] > 0:
        return "pyramid-complete"
    if state.board.masks[Colour.RED] & ~pinned(occupied):
        return "supply-exhausted"
    return "no-legal-move"


def _split(moves: Iterable[SploofMove]) -> tuple[list[SploofMove], list[SploofMove]]:
    placements: list[SploofMove] = []
    removals: list[SploofMove] = []
    for move in moves:
        if move.point < NUM_POINTS:  # not the pass of stuck=pass
            (removals if move.remove else placements).append(move)
    return placements, removals


def _first_not_ending(state: SploofState, candidates: Iterable[SploofMove],
                      allowed: frozenset[str] = frozenset()) -> SploofMove | None:
    """The first candidate after which the game goes on (or ends in ``allowed``)."""
    for move in candidates:
        end = end_of(GAME.play(state, move))
        if end is None or end in allowed:
            return move
    return None


def _shuffled(moves: list[SploofMove], rng: random.Random) -> list[SploofMove]:
    out = list(moves)
    rng.shuffle(out)
    return out


def _row_support(state: SploofState, move: SploofMove) -> int:
    """Balls of the mover on the ground row and column of a ground placement."""
    coord = COORDS[move.point]
    if coord.level:
        return 0
    own = state.board.masks[state.turn] & GROUND
    return sum(1 for p in points_of(own)
               if COORDS[p].row == coord.row or COORDS[p].col == coord.col)


def line_seeking(state: SploofState, moves: list[SploofMove],
                 rng: random.Random) -> SploofMove:
    """Place on the ground row or column the mover holds most of."""
    if len(moves) == 1:
        return moves[0]
    placements, _ = _split(moves)
    if not placements:
        return rng.choice(moves)
    return max(placements, key=lambda m: (_row_support(state, m), rng.random()))


def both_lines(state: SploofState, moves: list[SploofMove],
               rng: random.Random) -> SploofMove:
    """A removal that gives both players a line when there is one; else fill the
    pyramid from the top without ending the game."""
    if len(moves) == 1:
        return moves[0]
    placements, removals = _split(moves)
    for move in removals:
        if end_of(GAME.play(state, move)) == "both-lines":
            return move
    placements.sort(key=lambda m: (-COORDS[m.point].level, rng.random()))
    choice = _first_not_ending(state, placements + _shuffled(removals, rng),
                               frozenset({"pyramid-complete"}))
    return choice if choice is not None else rng.choice(moves)


def stock_draining(state: SploofState, moves: list[SploofMove],
                   rng: random.Random) -> SploofMove:
    """The player with the smaller supply removes, the other places; no lines."""
    if len(moves) == 1:
        return moves[0]
    placements, removals = _split(moves)
    mine, theirs = state.supply[state.turn], state.supply[1 - state.turn]
    drains = mine is None or theirs is None or mine <= theirs
    first, second = (removals, placements) if drains else (placements, removals)
    choice = _first_not_ending(state, _shuffled(first, rng) + _shuffled(second, rng),
                               NO_MOVE_ENDS)
    return choice if choice is not None else rng.choice(moves)


def removal_heavy(state: SploofState, moves: list[SploofMove],
                  rng: random.Random) -> SploofMove:
    """Remove whenever a removal does not end the game; else place."""
    if len(moves) == 1:
        return moves[0]
    placements, removals = _split(moves)
    choice = _first_not_ending(state, _shuffled(removals, rng) + _shuffled(placements, rng))
    return choice if choice is not None else rng.choice(moves)


STRATEGIES: Final[Mapping[str, Strategy]] = {
    "uniform": uniform,
    "line-seeking": line_seeking,
    "both-lines": both_lines,
    "stock-draining": stock_draining,
    "removal-heavy": removal_heavy,
}
"""Every strategy by name, uniform play first."""
