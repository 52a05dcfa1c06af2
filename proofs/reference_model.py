"""The model of ``proofs.model`` as executable predicates on one concrete position.

These are the same formulas Z3 proves things about, evaluated with Python booleans. A
position's balls are read from the board field of position notation (the public
format), so the engine's board functions are never consulted; the tests compare what
this module computes with what the engine does.
"""

from __future__ import annotations

from typing import Final

from shibumi_rules.notation import EMPTY, format_board, parse_board

from . import model
from .logic import PY_LOGIC as L

Balls = dict[str, list[bool]]
"""Colour letter -> whether a ball of that colour sits on each of the 30 points."""

POINTS: Final = model.POINTS


def balls_from_text(board: str, colours: str = "WBR") -> Balls:
    """The balls of a board field (any game's letters)."""
    letters = parse_board(board, colours)
    return {c: [letters.get(p) == c for p in POINTS] for c in colours}


def balls_to_text(balls: Balls) -> str:
    """The board field of the given balls."""
    out = [EMPTY] * len(POINTS)
    for colour, column in balls.items():
        for p in POINTS:
            if column[p]:
                out[p] = colour
    return format_board(out)


def occupied(balls: Balls) -> list[bool]:
    return model.occupancy(L, balls)


def obeys_gravity(balls: Balls) -> bool:
    """One ball per point and every ball above level 1 on four balls (SHB-GRAVITY-1)."""
    return model.one_ball_per_point(L, balls) and model.gravity(L, occupied(balls))


def valid_locations(balls: Balls) -> set[int]:
    """The points where a ball may be placed (SHB-PLACE-1)."""
    occ = occupied(balls)
    return {p for p in POINTS if model.valid_location(L, occ, p)}


def pinned_balls(balls: Balls) -> set[int]:
    """Balls holding up two or more balls (SHB-PIN-1)."""
    occ = occupied(balls)
    return {p for p in POINTS if model.pinned(L, occ, p)}


def unpinned_balls(balls: Balls) -> set[int]:
    occ = occupied(balls)
    return {p for p in POINTS if occ[p] and not model.pinned(L, occ, p)}


def balls_holding_up_one(balls: Balls) -> set[int]:
    """Balls on which exactly one ball rests."""
    occ = occupied(balls)
    return {p for p in POINTS if model.supports_exactly_one(L, occ, p)}


def colour_at(balls: Balls, p: int) -> str | None:
    for colour, column in balls.items():
        if column[p]:
            return colour
    return None


def count(balls: Balls, colour: str) -> int:
    return sum(balls[colour])


def is_complete(balls: Balls) -> bool:
    return model.complete(L, occupied(balls))


def after_placement(balls: Balls, colour: str, p: int) -> Balls:
    """The balls after placing ``colour`` at ``p`` (the caller checks validity)."""
    return model.place(L, balls, colour, [q == p for q in POINTS])


def after_removal(balls: Balls, p: int) -> Balls:
    """The balls after removing the ball at ``p`` with its drop chain (SHB-DROP-1)."""
    return model.remove(L, balls, [q == p for q in POINTS])


def score(balls: Balls) -> int:
    """Splink's score: red-white scoring pairs (SPK-SCORE-1)."""
    return sum(model.scores(L, balls, a, b) for a, b in model.SCORING_PAIRS)


def drop_chain_points(balls: Balls, p: int) -> list[int]:
    """The drop chain of the ball at ``p``, bottom first (SHB-DROP-1)."""
    chain = model.drop_chain(L, occupied(balls), [q == p for q in POINTS])
    return [q for q in POINTS if chain[q]]
