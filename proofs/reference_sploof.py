"""Sploof by the model, on concrete positions: read a position from its notation, judge
it, and list every legal move with the position it leads to, all through the formulas
of ``proofs.sploof_model`` evaluated with Python values."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shibumi_rules.geometry import NAMES

from . import model
from . import reference_model as ref
from . import sploof_model as sm
from .logic import PY_ARITH as A
from .logic import PY_LOGIC as L

PLAYERS = ("W", "B")
LABELS = {"W": "white", "B": "black"}


@dataclass(frozen=True, slots=True)
class Position:
    balls: ref.Balls
    white_to_move: bool
    stock: tuple[int, int]
    supply: tuple[int | None, int | None, int]
    unlimited: bool
    draw: bool
    mover_only: bool = False
    """lines_checked=mover: only the mover's lines are checked after a move."""
    stuck: str = "lose"
    """What happens to a player with balls in stock who can neither place nor remove
    (SPF-RUL-3): lose, pass or draw."""
    blocking: str = "two"
    """What crosses a link of a row or column (SPF-RUL-4): two, one or none."""

    @property
    def mover(self) -> str:
        return "W" if self.white_to_move else "B"

    def state(self) -> sm.State[bool, int]:
        white, black, red = self.supply
        return sm.State(self.balls, self.white_to_move, self.stock,
                        (white or 0, black or 0, red))


def _counts(text: str, prefix: str) -> list[int | None]:
    if not text.startswith(prefix):
        raise ValueError(f"expected {prefix!r} in {text!r}")
    return [None if n == "-" else int(n) for n in text[len(prefix):].split(",")]


def parse(text: str) -> Position:
    """A position in canonical Sploof notation."""
    board, turn, stock_text, supply_text, *options = text.split()
    stock = _counts(stock_text, "stock:")
    supply = _counts(supply_text, "supply:")
    settings = dict(o.split("=") for o in options)
    assert stock[0] is not None and stock[1] is not None and supply[2] is not None
    return Position(ref.balls_from_text(board, "WBR"), turn == "white",
                    (stock[0], stock[1]), (supply[0], supply[1], supply[2]),
                    settings.get("supply") == "unlimited",
                    settings.get("simultaneous") == "draw",
                    settings.get("lines_checked") == "mover",
                    settings.get("stuck", "lose"), settings.get("blocking", "two"))


def format_position(p: Position) -> str:
    supply = ",".join("-" if p.unlimited else str(n) for n in p.supply[:2])
    return (f"{ref.balls_to_text(dict(p.balls))} {'white' if p.white_to_move else 'black'} "
            f"stock:{p.stock[0]},{p.stock[1]} supply:{supply},{p.supply[2]} "
            f"blocking={p.blocking} "
            f"lines_checked={'mover' if p.mover_only else 'both'} "
            f"simultaneous={'draw' if p.draw else 'mover'} "
            f"stuck={p.stuck} "
            f"supply={'unlimited' if p.unlimited else 'limited'}")


def lines_held(p: Position, colour: str) -> set[tuple[sm.Cell, ...]]:
    """The windows the player of ``colour`` holds (SPF-LINE-1, SPF-LINE-2, with the
    crossing rule of SPF-RUL-4 the position names)."""
    occ = ref.occupied(p.balls)
    return {w for w in sm.WINDOWS if sm.holds(L, p.balls[colour], occ, w, p.blocking)}


def _select(point: int) -> list[bool]:
    return [q == point for q in model.POINTS]


def moves(p: Position) -> dict[str, Position]:
    """Every move the rules allow the player to move, with its result, ignoring whether
    the game is over (SPF-TURN-1): the placements and removals, or else the pass of
    SPF-RUL-3 where stuck=pass allows it."""
    out = actions(p)
    if not out and p.stuck == "pass" and _stuck_with_stock(p) \
            and not _stuck_with_stock(_other_to_move(p)):
        out["pass"] = _other_to_move(p)
    return out


def _other_to_move(p: Position) -> Position:
    return replace(p, white_to_move=not p.white_to_move)


def _stuck_with_stock(p: Position) -> bool:
    """The player to move holds balls in stock but can neither place nor remove."""
    return p.stock[0 if p.white_to_move else 1] > 0 and not actions(p)


def actions(p: Position) -> dict[str, Position]:
    """The placements and removals the player to move may make, with their results."""
    out: dict[str, Position] = {}
    s = p.state()
    for point in model.POINTS:
        at = _select(point)
        if sm.may_place(L, A, s, at):
            out[NAMES[point]] = _from_state(p, sm.after_place(L, A, s, at))
        if sm.may_remove(L, A, s, at, p.unlimited):
            out["x" + NAMES[point]] = _from_state(p, sm.after_remove(L, A, s, at, p.unlimited))
    return out


def _from_state(p: Position, s: sm.State[bool, int]) -> Position:
    white, black, red = s.supply
    supply = (None, None, red) if p.unlimited else (white, black, red)
    return replace(p, balls={c: list(v) for c, v in s.balls.items()},
                   white_to_move=s.white_to_move, stock=s.stock, supply=supply)


def outcome(p: Position) -> dict[str, object]:
    """Over, winner, draw and reason as ``play --json`` reports them: lines of both
    players after the last move (SPF-WIN-1, SPF-WIN-2, SPF-RUL-2), or of the mover only
    under lines_checked=mover (SPF-RUL-8); else a player to move who can neither place
    nor remove loses with an empty stock (SPF-END-1), and with balls in stock loses,
    draws, or passes as stuck says (SPF-RUL-3), a pass that could only be answered by
    a pass being a draw."""
    to_move = p.mover
    last = "B" if to_move == "W" else "W"
    last_has = bool(lines_held(p, last))
    other_has = not p.mover_only and bool(lines_held(p, to_move))
    if last_has and other_has:
        if p.draw:
            return _result(None, True, "both-lines-draw")
        return _result(last, False, "both-lines-mover")
    if last_has:
        return _result(last, False, "line")
    if other_has:
        return _result(to_move, False, "opponent-line")
    if not actions(p):
        if not _stuck_with_stock(p) or p.stuck == "lose":
            return _result(last, False, "no-legal-move")
        if p.stuck == "draw":
            return _result(None, True, "stuck-draw")
        if _stuck_with_stock(_other_to_move(p)):
            return _result(None, True, "both-stuck-draw")
    return {"over": False, "winner": None, "draw": False, "reason": None}


def _result(winner: str | None, draw: bool, reason: str) -> dict[str, object]:
    return {"over": True, "winner": LABELS[winner] if winner else None, "draw": draw,
            "reason": reason}


def successors(text: str) -> dict[str, str]:
    """Legal move text -> the position it leads to; empty when the game is over."""
    p = parse(text)
    if outcome(p)["over"]:
        return {}
    return {move: format_position(after) for move, after in moves(p).items()}
