"""Splink by the model, on concrete positions: read a position from its notation, judge
it, and list every legal move with the position it leads to, through the formulas of
``proofs.splink_model`` evaluated with Python values."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shibumi_rules.geometry import NAMES

from . import model
from . import reference_model as ref
from . import splink_model as km
from .logic import PY_ARITH as A
from .logic import PY_LOGIC as L


@dataclass(frozen=True, slots=True)
class Position:
    balls: ref.Balls
    turns: int
    supply: tuple[int, int] | None
    max_turns: int | None

    @property
    def unlimited(self) -> bool:
        return self.supply is None

    def state(self) -> km.State[bool, int]:
        return km.State(self.balls, self.turns, self.supply or (0, 0))


def start(unlimited: bool = False, max_turns: int | None = None) -> Position:
    empty = [False] * len(model.POINTS)
    supply = None if unlimited else (km.BALLS_PER_COLOUR, km.BALLS_PER_COLOUR)
    return Position({"R": list(empty), "W": list(empty)}, 0, supply, max_turns)


def parse(text: str) -> Position:
    """A position in canonical Splink notation."""
    board, _role, turns_text, supply_text, *options = text.split()
    settings = dict(o.split("=") for o in options)
    counts = supply_text.removeprefix("supply:").split(",")
    supply = None if settings.get("supply") == "unlimited" else (int(counts[0]), int(counts[1]))
    limit = settings.get("max_turns", "none")
    return Position(ref.balls_from_text(board, "RW"), int(turns_text.removeprefix("turns:")),
                    supply, None if limit == "none" else int(limit))


def format_position(p: Position) -> str:
    supply = "-,-" if p.supply is None else f"{p.supply[0]},{p.supply[1]}"
    role = "attractor" if p.turns % 2 == 0 else "repulsor"
    limit = "none" if p.max_turns is None else str(p.max_turns)
    return (f"{ref.balls_to_text(dict(p.balls))} {role} turns:{p.turns} supply:{supply} "
            f"max_turns={limit} supply={'unlimited' if p.unlimited else 'limited'}")


def _select(point: int) -> list[bool]:
    return [q == point for q in model.POINTS]


def _pair_text(red: int, white: int) -> str:
    low, high = sorted((red, white))
    colour = {red: "R", white: "W"}
    return f"{colour[low]}{NAMES[low]}+{colour[high]}{NAMES[high]}"


def placement_pairs(p: Position) -> set[tuple[int, int]]:
    """(red point, white point) of every legal move (a): one point valid now, the other
    valid once a ball is on the first (SPK-PLACE-1, SPK-RUL-1). The same condition as
    ``splink_model.may_place_pair``, enumerated without trying all 900 pairs."""
    s = p.state()
    if not (p.unlimited or (s.supply[0] >= 1 and s.supply[1] >= 1)):
        return set()
    pairs = set()
    for first in sorted(ref.valid_locations(p.balls)):
        for colour in "RW":
            then = ref.valid_locations(ref.after_placement(p.balls, colour, first))
            for second in then:
                pairs.add((first, second) if colour == "R" else (second, first))
    return pairs


def moves(p: Position) -> dict[str, Position]:
    """Every legal move with its result, ignoring whether the game is over."""
    s = p.state()
    out: dict[str, Position] = {}
    for red, white in placement_pairs(p):
        after = km.after_place_pair(L, A, s, _select(red), _select(white), p.unlimited)
        out[_pair_text(red, white)] = _from_state(p, after)
    for point in sorted(ref.balls_holding_up_one(p.balls)):
        removed = _select(point)
        red = km.removed_is_red(L, s, removed)
        other = "W" if red else "R"
        if not (p.unlimited or s.supply[0 if other == "R" else 1] >= 1):
            continue
        for spot in sorted(ref.valid_locations(ref.after_removal(p.balls, point))):
            after = km.after_swap(L, A, s, removed, _select(spot), p.unlimited)
            out[f"x{NAMES[point]}+{other}{NAMES[spot]}"] = _from_state(p, after)
    return out


def _from_state(p: Position, s: km.State[bool, int]) -> Position:
    return replace(p, balls={c: list(v) for c, v in s.balls.items()}, turns=s.turns,
                   supply=None if p.unlimited else s.supply)


def end_reason(p: Position) -> str | None:
    """A complete pyramid ends the game (SPK-END-1), then the turn limit (SPK-RUL-4),
    then having no legal move (SPK-RUL-3)."""
    if ref.is_complete(p.balls):
        return "pyramid-complete"
    if p.max_turns is not None and p.turns >= p.max_turns:
        return "max-turns"
    if not moves(p):
        return "no-legal-move"
    return None


def outcome(p: Position) -> dict[str, object]:
    reason = end_reason(p)
    return {"over": reason is not None, "score": ref.score(p.balls), "reason": reason}


def successors(text: str) -> dict[str, str]:
    """Legal move text -> the position it leads to; empty when the game is over."""
    p = parse(text)
    if end_reason(p) is not None:
        return {}
    return {move: format_position(after) for move, after in moves(p).items()}
