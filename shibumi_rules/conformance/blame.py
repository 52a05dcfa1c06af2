"""Blame for the divergences a game's attributor cannot read on its own: a position of
the engine's that the reference cannot parse, and a game whose colours are swapped.

The attributor (``contract.attribution``) reads the reference's view of one position
and one move. Two findings need more than that:

- **A misparsed successor.** The reference refuses the engine's position, so there is
  no state to compare; but the parse error names the rule it breaks (a wrong player to
  move in Spline is SPL-TURN-1), and the notation fields can still be diffed as text.
  The blame is that rule, then the rules of each field that differs, so a position
  whose board is right is not blamed on placement.
- **A colour swap.** An engine that ignores who was to begin plays the whole game as
  the other first player would have: every position after the first ply differs from
  the reference's, though each follows the rules from the one before. The harness
  replays the game's moves from the other first player's start; when the engine's
  answer is that game's, the divergence is blamed as the first ply of it would be
  (the first-player ruling, through the game's own attributor), at any ply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..contract.attribution import Attributor, notation_fields, unique
from ..errors import ShibumiError
from .compare import compared_part
from .nodes import Node


@dataclass(frozen=True)
class Blame:
    """Rules (most specific first), the notation fields that differ, and a sentence
    for the finding's detail (empty: the caller's own)."""

    rules: list[str]
    fields: list[str]
    detail: str = ""


def differing_fields(expected: str, actual: str) -> list[str]:
    """The notation fields (``board``, ``turn``, ``NAME:``, ``NAME=``) whose text
    differs, in the order of the expected position."""
    want, got = notation_fields(expected), notation_fields(actual)
    differing = [k for k in want.keys() | got.keys() if want.get(k) != got.get(k)]
    order = list(want)
    differing.sort(key=lambda k: (order.index(k) if k in order else len(order), k))
    return differing


def misparsed(attributor: Attributor, node: Node, move: str, expected: str,
              actual: str, error: ShibumiError) -> Blame:
    """A successor the reference cannot parse: the rule the parse error names, then
    the rules of each notation field that differs (the board's only when it does)."""
    fields = differing_fields(expected, actual)
    ids = [error.rule_id or ""]
    for name in fields:
        ids += attributor.move_rules(node.game, node.state, move, name)
    return Blame(unique(ids), fields)


def swapped_first(node: Node) -> str | None:
    """The other first player, when the node's game is known move by move from a
    chosen first player (None otherwise, or when more than one other could be)."""
    choices = node.game.first_choices
    if node.moves is None or node.first is None or len(choices) != 2:
        return None
    others = [f for f in choices if f != node.first]
    return others[0] if len(others) == 1 else None


def _replayed(node: Node, first: str, moves: Sequence[str]) -> Any:
    game = node.game
    state = game.start(node.options, first)
    for text in moves:
        state = game.play(state, game.parse_move(state, text))
    return state


def _swap_blame(attributor: Attributor, node: Node, other: str, path: Sequence[str],
                what: str) -> Blame:
    """The blame of the swapped game's first ply, and the sentence saying so."""
    game = node.game
    start = game.start(node.options, node.first)
    first_move = path[0] if path else None
    rules: list[str] = []
    if first_move is not None:
        expected = game.format_position(_replayed(node, node.first or "", [first_move]))
        swapped = game.format_position(_replayed(node, other, [first_move]))
        rules, _ = attributor.successor(game, start, first_move, expected, swapped)
    return Blame(unique(rules), [], f"{what} is the one of the same moves in a game "
                 f"{other} began, not {node.first}: the engine ignores who begins")


def swapped_successor(attributor: Attributor, node: Node, move: str,
                      canonical: str | None) -> Blame | None:
    """The blame when the engine's position after ``move`` is the colour-swapped
    game's (None when it is not)."""
    other = swapped_first(node)
    if other is None or canonical is None or node.moves is None:
        return None
    path = (*node.moves, move)
    try:
        theirs = node.game.format_position(_replayed(node, other, path))
    except ShibumiError:
        return None
    if theirs != canonical:
        return None
    return _swap_blame(attributor, node, other, path, "the engine's position")


def swapped_outcome(attributor: Attributor, node: Node, move: str | None,
                    actual: dict[str, Any]) -> Blame | None:
    """The blame when the engine's outcome (of the node, or after ``move``) is the
    colour-swapped game's and not the reference's (None otherwise)."""
    other = swapped_first(node)
    if other is None or node.moves is None:
        return None
    path = (*node.moves, *([move] if move else []))
    try:
        theirs = node.game.outcome_json(_replayed(node, other, path))
    except ShibumiError:
        return None
    if compared_part(theirs) != compared_part(actual):
        return None
    return _swap_blame(attributor, node, other, path, "the engine's outcome")
