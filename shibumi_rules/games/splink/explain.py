"""Explanations for Splink: is a pair placement (a) or a removal-and-swap (b) legal and
why, what it does to the pyramid, the supply and the attractor's score, and how the
game stands.

The checks follow the order in which the rules apply and stop at the first that
fails; that step's rule is the one the engine's IllegalMoveError names."""

from __future__ import annotations

from typing import Any

from ...board import Board, drop_chain, supporting_exactly_one, valid_locations
from ...explain import mechanics as mech
from ...explain.model import MoveAnswer, Picture, PositionAnswer, Step
from ...game import Game, OptionSpec
from ...geometry import NAMES, SUPPORTERS, Point, points_of
from ...notation import Colour
from ...svg import Ghost, Mark, Path, Ring
from .game import (
    REASON_COMPLETE,
    REASON_MAX_TURNS,
    REASON_NO_MOVE,
    REASONS,
    end_reason,
    score,
)
from .mechanics import can_draw, followers, removable
from .score import INNER_MASK, INNER_POINTS, SCORING_PAIRS
from .state import PlaceMove, RemoveMove, SplinkMove, SplinkState

Pair = tuple[Point, Point]


def _board(state: SplinkState) -> Board:
    return Board((state.white, 0, state.red))


def _supply_text(state: SplinkState) -> str:
    if state.supply is None:
        return "unlimited (supply=unlimited)"
    return f"red {state.supply[0]}, white {state.supply[1]}"


def scoring_pairs(board: Board) -> list[Pair]:
    """The scoring pairs that hold one red and one white ball (SPK-SCORE-1)."""
    red, white = board.masks[Colour.RED], board.masks[Colour.WHITE]
    return [(a, b) for a, b in SCORING_PAIRS
            if (red >> a & 1 and white >> b & 1) or (white >> a & 1 and red >> b & 1)]


def _pairs_text(pairs: list[Pair]) -> str:
    return " ".join(f"{NAMES[a]}-{NAMES[b]}" for a, b in pairs) or "none"


# -- legality --------------------------------------------------------------------------

def _over_check(state: SplinkState) -> Step | None:
    reason = end_reason(state)
    if reason is None:
        return None
    sentence, rule = REASONS[reason].meaning, REASONS[reason].rule
    return Step(rule, f"the game is already over: {sentence}; no further move may be "
                "played", False)


def _draw_check(state: SplinkState) -> Step:
    red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
    if state.supply is None:
        return Step("SPK-PLACE-1", "supply=unlimited: a red and a white ball are always "
                    "available", True, ("SPK-RUL-5",))
    if not red_ok or not white_ok:
        lacking = "red" if not red_ok else "white"
        return Step("SPK-PLACE-1", f"move (a) places one red and one white ball, but no "
                    f"{lacking} ball is left in the supply ({_supply_text(state)})", False)
    return Step("SPK-PLACE-1", f"move (a) places one red and one white ball; the supply "
                f"holds both ({_supply_text(state)})", True)


def _second_ball_check(board: Board, low: Point, high: Point, colour: Colour) -> Step:
    """The second ball, on the board with the first one placed (SPK-RUL-1)."""
    step = mech.placement_check(board, high)
    completed = low in SUPPORTERS[high]
    if step.holds and completed:
        return Step("SHB-PLACE-1", f"{step.text}, resting on the platform that the first "
                    f"ball, at {NAMES[low]}, completed", True, ("SPK-RUL-1",))
    if not step.holds:
        return Step("SHB-PLACE-1", f"with the first ball on {NAMES[low]}: {step.text}",
                    False, ("SPK-RUL-1",))
    return step


def _place_checks(state: SplinkState, move: PlaceMove) -> list[Step]:
    board = _board(state)
    steps = [_draw_check(state)]
    if steps[-1].holds is False:
        return steps
    if move.red == move.white:
        return [*steps, Step("SHB-PLACE-1", f"both balls on {NAMES[move.red]}: a point holds "
                             "one ball", False)]
    low, high = move.points
    low_colour = Colour.RED if low == move.red else Colour.WHITE
    high_colour = Colour.WHITE if low_colour == Colour.RED else Colour.RED
    first = mech.placement_check(board, low)
    steps.append(Step(first.rule, f"first ball ({low_colour.label}): {first.text}",
                      first.holds))
    if first.holds is False:
        return steps
    second = _second_ball_check(board.place(low, low_colour), low, high, high_colour)
    steps.append(Step(second.rule, f"second ball ({high_colour.label}): {second.text}",
                      second.holds, second.also))
    return steps


def _remove_checks(state: SplinkState, move: RemoveMove) -> list[Step]:
    board = _board(state)
    b = move.removed
    found = board.colour_at(b)
    if found is None:
        return [Step("SPK-REMOVE-1", f"there is no ball at {NAMES[b]} to remove", False)]
    other = Colour.WHITE if found == Colour.RED else Colour.RED
    above = mech.supported_by(board, b)
    if len(above) != 1:
        detail = ("supports no ball" if not above else
                  f"supports {len(above)} balls ({mech.names(above)}), so it is pinned")
        also = ("SHB-PIN-1",) if len(above) >= 2 else ()
        return [Step("SPK-REMOVE-1", f"the {found.label} ball at {NAMES[b]} {detail}; only a "
                     "ball that supports exactly one ball may be removed", False, also)]
    steps = [Step("SPK-REMOVE-1", f"the {found.label} ball at {NAMES[b]} supports exactly "
                  f"one ball ({mech.ball(board, above[0])}), so it may be removed", True)]
    if move.colour != other:
        return [*steps, Step("SPK-REMOVE-2", f"after removing a {found.label} ball the new "
                             f"ball must be {other.label}, not {move.colour.label}", False)]
    steps.append(Step("SPK-REMOVE-2", f"the new ball is {other.label}, the other colour",
                      True))
    red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
    if state.supply is None:
        steps.append(Step("SPK-RUL-7", f"supply=unlimited: a {other.label} ball is always "
                          "available", True, ("SPK-RUL-5",)))
    elif not (white_ok if other == Colour.WHITE else red_ok):
        return [*steps, Step("SPK-RUL-7", f"the supply holds no {other.label} ball before the "
                             f"removal ({_supply_text(state)}); the {found.label} ball "
                             "returning to it does not count", False)]
    else:
        steps.append(Step("SPK-RUL-7", f"the supply holds a {other.label} ball before the "
                          f"removal ({_supply_text(state)})", True))
    after, _ = board.remove(b)
    place = mech.placement_check(after, move.placed)
    steps.append(Step(place.rule, f"after the removal and the drop: {place.text}", place.holds,
                      ("SPK-RUL-10",)))
    return steps


def checks(state: SplinkState, move: SplinkMove) -> list[Step]:
    """The conditions of ``move`` in order, ending at the first that fails."""
    over = _over_check(state)
    if over is not None:
        return [over]
    kind = "(a) a pair placement" if isinstance(move, PlaceMove) else \
        "(b) a removal and a placement"
    steps = [Step("SPK-SETUP-1", f"the {state.role.value} is to move (turn "
                  f"{state.turns + 1}); the move is {kind}", True)]
    if isinstance(move, PlaceMove):
        return steps + _place_checks(state, move)
    return steps + _remove_checks(state, move)


# -- effects ---------------------------------------------------------------------------

def _score_steps(before: Board, after: Board, placed: list[Point]) -> tuple[list[Step],
                                                                            dict[str, Any]]:
    old, new = scoring_pairs(before), scoring_pairs(after)
    gained = [p for p in new if p not in old]
    lost = [p for p in old if p not in new]
    change = len(new) - len(old)
    steps = [Step("SPK-SCORE-1", f"the attractor's score goes from {len(old)} to {len(new)} "
                  f"({change:+d}); red-white contacts made: {_pairs_text(gained)}; lost: "
                  f"{_pairs_text(lost)}", None, ("SHB-TOUCH-1",))]
    for p in placed:
        if INNER_MASK >> p & 1:
            steps.append(Step("SPK-RUL-9", f"{NAMES[p]} is one of the 5 inner points (hidden "
                              "in a complete pyramid): its contacts never score"))
    facts = {"before": len(old), "after": len(new), "change": change,
             "pairs_made": [[NAMES[a], NAMES[b]] for a, b in gained],
             "pairs_lost": [[NAMES[a], NAMES[b]] for a, b in lost]}
    return steps, facts


def _outcome_steps(after: SplinkState) -> list[Step]:
    reason = end_reason(after)
    points = score(after)
    if reason is None:
        return [Step("SPK-END-1", f"the pyramid is not complete and the {after.role.value} "
                     f"has a legal move: the game goes on with the attractor on {points}")]
    sentence, rule = REASONS[reason].meaning, REASONS[reason].rule
    also = ("SPK-END-1",) if reason in (REASON_NO_MOVE, REASON_MAX_TURNS) else (
        "SHB-COMPLETE-1",)
    return [Step(rule, f"the game ends: {sentence}; it is scored as it stands: the attractor "
                 f"scores {points}", None, (*also, "SPK-SCORE-1"))]


def _place_effects(state: SplinkState, move: PlaceMove) -> list[Step]:
    low, high = move.points
    colour = {move.red: "red", move.white: "white"}
    steps = [Step("SPK-PLACE-1", f"a {colour[low]} ball goes on {NAMES[low]} and a "
                  f"{colour[high]} ball on {NAMES[high]}")]
    if low in SUPPORTERS[high]:
        steps.append(Step("SPK-RUL-1", f"the {colour[high]} ball on {NAMES[high]} rests on "
                          f"the platform the {colour[low]} ball on {NAMES[low]} completed"))
    if state.supply is not None:
        steps.append(Step("SPK-PLACE-1", f"the supply goes from {_supply_text(state)} to "
                          f"red {state.supply[0] - 1}, white {state.supply[1] - 1}"))
    return steps


def _remove_effects(state: SplinkState, move: RemoveMove) -> list[Step]:
    board = _board(state)
    b = move.removed
    found = board.colour_at(b)
    assert found is not None
    chain = drop_chain(board.occupied, b)
    steps = [Step("SPK-REMOVE-1", f"the {found.label} ball at {NAMES[b]} is removed")]
    if state.supply is not None:
        index = 0 if found == Colour.RED else 1
        steps.append(Step("SPK-RUL-2", f"it returns to the supply ({found.label} "
                          f"{state.supply[index]} -> {state.supply[index] + 1})"))
    else:
        steps.append(Step("SPK-RUL-2", "it returns to the supply (not counted under "
                          "supply=unlimited)", None, ("SPK-RUL-5",)))
    _, _, drops = mech.drop_steps(board, b)
    steps += drops
    where = ("on the point the chain vacated" if move.placed == chain[-1] else
             "on top of a dropped ball" if _rests_on(move.placed, chain[:-1]) else
             "on a valid location")
    steps.append(Step("SPK-REMOVE-2", f"a {move.colour.label} ball from the supply goes on "
                      f"{NAMES[move.placed]}, {where}", None, ("SPK-RUL-10",)))
    return steps


def _rests_on(point: Point, chain: tuple[Point, ...]) -> bool:
    return any(q in SUPPORTERS[point] for q in chain)


# -- pictures --------------------------------------------------------------------------

def _before_marks(state: SplinkState, move: SplinkMove) -> list[Mark]:
    board = _board(state)
    if isinstance(move, PlaceMove):
        marks: list[Mark] = []
        low, high = move.points
        for p, colour in ((move.red, Colour.RED), (move.white, Colour.WHITE)):
            if board.colour_at(p) is None:
                marks.append(Ghost(p, colour))
        marks.append(Ring((low, high), "move"))
        present = tuple(q for q in SUPPORTERS[high] if board.colour_at(q) is not None)
        missing = tuple(q for q in SUPPORTERS[high]
                        if board.colour_at(q) is None and q != low)
        if present:
            marks.append(Ring(present, "supporter"))
        if missing:
            marks.append(Ring(missing, "missing"))
        return marks
    if board.colour_at(move.removed) is None:
        return [Ring((move.removed,), "focus")]
    return mech.removal_marks(board, move.removed)


def _pair_marks(pairs: list[Pair], kind: str = "pair") -> list[Mark]:
    return [Path((a, b), kind) for a, b in pairs]


# -- the analyst -----------------------------------------------------------------------

class SplinkAnalyst:
    """Explains Splink moves and positions."""

    def options_of(self, state: SplinkState) -> dict[str, str]:
        return dict(sorted(state.options.items()))

    def alternatives(self, spec: OptionSpec, current: str, state: SplinkState,
                     question: str | None) -> list[str]:
        if spec.values is not None:
            return [v for v in spec.values if v != current]
        if current != "none":
            return ["none"]
        # The turn limit that ends the game right after the question (or right now).
        return [str(state.turns + (1 if question is not None else 0))]

    def explain_move(self, game: Game[Any, Any], state: SplinkState, text: str
                     ) -> MoveAnswer:
        move: SplinkMove = game.parse_move(state, text)
        name = game.format_move(move)
        mover = state.role.value
        board = _board(state)
        steps = checks(state, move)
        failing = next((s for s in steps if s.holds is False), None)
        if failing is not None:
            picture = Picture(board, tuple(_before_marks(state, move)),
                              f"{mover} plays {name}: illegal [{failing.rule}]")
            return MoveAnswer(name, mover, False, failing.rule, tuple(steps),
                              pictures=(picture,))
        after: SplinkState = game.play(state, move)
        after_board = _board(after)
        if isinstance(move, PlaceMove):
            effects = _place_effects(state, move)
            placed = list(move.points)
            drops: tuple[Any, ...] = ()
        else:
            effects = _remove_effects(state, move)
            placed = [move.placed]
            drops = board.remove(move.removed)[1]
        score_steps, score_facts = _score_steps(board, after_board, placed)
        effects += score_steps
        effects += _outcome_steps(after)
        old = scoring_pairs(board)
        gained = [p for p in scoring_pairs(after_board) if p not in old]
        after_marks: list[Mark] = [Ring(tuple(placed), "move"), *_pair_marks(gained)]
        if drops:
            after_marks.append(Ring(tuple(d.target for d in drops), "dropped"))
        pictures = (
            Picture(board, tuple(_before_marks(state, move)), f"before: {mover} plays {name}"),
            Picture(after_board, tuple(after_marks),
                    f"after {name}: {game.outcome_text(after)}"),
        )
        facts = {"drops": mech.drop_facts(drops), "score": score_facts,
                 "supply": {"before": state.supply, "after": after.supply}}
        return MoveAnswer(name, mover, True, None, tuple(steps), tuple(effects), facts,
                          game.format_position(after), game.outcome_json(after),
                          game.outcome_text(after), pictures)

    def explain_position(self, game: Game[Any, Any], state: SplinkState) -> PositionAnswer:
        board = _board(state)
        legal = [game.format_move(m) for m in game.legal_moves(state)]
        moves = {"place": [m for m in legal if not m.startswith("x")],
                 "remove": [m for m in legal if m.startswith("x")]}
        limit = state.rules.max_turns
        over = end_reason(state) is not None
        steps = [
            Step("SPK-SETUP-1", f"{state.turns} turn(s) played (the attractor moves first); "
                 + (f"the {state.role.value} would be next" if over
                    else f"the {state.role.value} is to move")),
            Step("SPK-PLACE-1", f"supply: {_supply_text(state)}", None,
                 ("SPK-RUL-5",) if state.supply is None else ()),
            Step("SPK-RUL-4", "no turn limit (max_turns=none): the rules have no repetition "
                 "rule" if limit is None else f"the game ends after {limit} turns "
                 f"(max_turns={limit})"),
        ]
        steps += self._move_summary(state, board)
        pairs = scoring_pairs(board)
        steps.append(Step("SPK-SCORE-1", f"the attractor scores {len(pairs)} as it stands: "
                          f"{_pairs_text(pairs)}", None, ("SHB-TOUCH-1",)))
        inner_balls = [p for p in INNER_POINTS if board.colour_at(p) is not None]
        steps.append(Step("SPK-RUL-9", "the inner points " + " ".join(NAMES[p] for p in
                          INNER_POINTS) + " never score" + (
                              f" (occupied now: {mech.names(inner_balls)})"
                              if inner_balls else "")))
        steps.append(self._outcome_step(game, state))
        marks: list[Mark] = [*_pair_marks(pairs), Ring(INNER_POINTS, "inner")]
        facts = {"role": state.role.value, "turns": state.turns,
                 "supply": None if state.supply is None else
                 {"red": state.supply[0], "white": state.supply[1]},
                 "score": len(pairs), "pairs": [[NAMES[a], NAMES[b]] for a, b in pairs]}
        picture = Picture(board, tuple(marks), game.outcome_text(state))
        return PositionAnswer(state.role.value, tuple(steps), moves, facts,
                              game.outcome_json(state), game.outcome_text(state), (picture,))

    def _move_summary(self, state: SplinkState, board: Board) -> list[Step]:
        if end_reason(state) is not None:
            return []
        occupied = board.occupied
        red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
        valid = valid_locations(occupied)
        steps = [Step("SHB-PLACE-1", f"valid locations ({valid.bit_count()}): "
                      f"{mech.names(points_of(valid))}")]
        later = followers(occupied, valid)
        if later:
            text = ", ".join(f"{NAMES[u]} after {NAMES[p]}" for p, u in later)
            steps.append(Step("SPK-RUL-1", f"a second ball may use a platform the first "
                              f"completes: {text}"))
        if not (red_ok and white_ok):
            steps.append(Step("SPK-PLACE-1", "move (a) is not possible: the supply lacks a "
                              f"{'red' if not red_ok else 'white'} ball"))
        once = supporting_exactly_one(occupied)
        free = removable(state.red, state.white, red_ok, white_ok)
        if once:
            text = ", ".join(f"{mech.ball(board, p)} under {NAMES[mech.supported_by(board, p)[0]]}"
                             for p in points_of(once))
            steps.append(Step("SPK-REMOVE-1", f"balls supporting exactly one ball: {text}"))
        for p in points_of(once & ~free):
            colour = board.colour_at(p)
            other = "white" if colour == Colour.RED else "red"
            steps.append(Step("SPK-RUL-7", f"{NAMES[p]} cannot be removed: the supply has no "
                              f"{other} ball to place instead"))
        return steps

    def _outcome_step(self, game: Game[Any, Any], state: SplinkState) -> Step:
        reason = end_reason(state)
        if reason is None:
            return Step("SPK-END-1", "the pyramid is not complete: the game goes on")
        sentence, rule = REASONS[reason].meaning, REASONS[reason].rule
        also = ("SHB-COMPLETE-1",) if reason == REASON_COMPLETE else ()
        return Step(rule, f"the game is over: {sentence}; the attractor scores "
                    f"{score(state)}", None, (*also, "SPK-SCORE-1"))


ANALYST = SplinkAnalyst()
