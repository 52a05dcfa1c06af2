"""Explanations for Sploof: is a placement or removal legal and why, what it does to
the stocks, the supply, the pyramid and the lines, and how the game then stands.

The checks follow the order in which the rules apply (game over, then the move's own
conditions) and stop at the first one that fails; that step's rule is the one the
engine's IllegalMoveError names (a property test holds them to it)."""

from __future__ import annotations

from typing import Any

from ...board import Board, pinned, valid_locations
from ...explain import mechanics as mech
from ...explain.model import MoveAnswer, Picture, PositionAnswer, Step, plain
from ...game import Game, OptionSpec
from ...geometry import NAMES, SUPPORTEES, Point, points_of
from ...notation import Colour
from ...svg import Mark, Path, Ring
from .explain_lines import LineView, views
from .lines import hidden
from .rules import (
    REASON_BOTH_LINES_DRAW,
    REASON_BOTH_LINES_MOVER,
    REASON_LINE,
    REASON_NO_MOVE,
    REASON_OPPONENT_LINE,
    REASONS,
    REMOVAL_GAIN,
    SploofMove,
    SploofState,
    no_move_detail,
    opponent,
    outcome,
    outcome_text,
)

PLAYERS = (Colour.WHITE, Colour.BLACK)


def _balls(n: int) -> str:
    return f"{n} ball{'s' if n != 1 else ''}"


# -- legality --------------------------------------------------------------------------

def _over_check(state: SploofState) -> Step | None:
    """A finished game takes no move: SPF-END-1 after a player without a move, else
    SPF-WIN-1 (with the reason's own rule)."""
    result = outcome(state)
    if not result.over:
        return None
    assert result.reason is not None
    rule = "SPF-END-1" if result.reason == REASON_NO_MOVE else "SPF-WIN-1"
    reason_rule = REASONS[result.reason].rule
    also = ("SPF-RUL-3",) if result.reason == REASON_NO_MOVE else (
        (reason_rule,) if reason_rule != rule else ())
    return Step(rule, f"the game is already over ({plain(outcome_text(state, result))}): no "
                "further move may be played", False, also)


def _placement_checks(state: SploofState, move: SploofMove) -> list[Step]:
    colour = state.turn
    stock = state.stock[colour]
    if stock == 0:
        return [Step("SPF-PLACE-1", f"{colour.label} has no ball in stock, so cannot place "
                     "(a removal is the only other action)", False)]
    return [
        Step("SPF-PLACE-1", f"{colour.label} has {_balls(stock)} in stock to place from",
             True),
        mech.placement_check(state.board, move.point),
    ]


def _removal_checks(state: SploofState, move: SploofMove) -> list[Step]:
    colour, board, point = state.turn, state.board, move.point
    name = NAMES[point]
    found = board.colour_at(point)
    if found is None:
        return [Step("SPF-REMOVE-1", f"there is no ball at {name} to remove", False)]
    if found != Colour.RED:
        return [Step("SPF-REMOVE-1", f"the ball at {name} is {found.label}: only a red ball "
                     "may be removed", False)]
    steps = [Step("SPF-REMOVE-1", f"the ball at {name} is red: a red ball may be removed "
                  f"from any level, if it is not pinned", True)]
    pin = mech.pin_check(board, point)
    steps.append(pin)
    if pin.holds is False:
        return steps
    if state.supply_rule == "unlimited":
        steps.append(Step("SPF-RUL-1", "supply=unlimited: the supply is not counted, so the "
                          f"removal can always move {REMOVAL_GAIN} balls to the stock", True,
                          ("SPF-REMOVE-2",)))
        return steps
    own = state.supply[colour] or 0
    if own < REMOVAL_GAIN:
        steps.append(Step("SPF-RUL-1", f"{colour.label}'s supply holds {_balls(own)}, but a "
                          f"removal must move {REMOVAL_GAIN} to the stock "
                          "(supply=limited)", False, ("SPF-REMOVE-2",)))
    else:
        steps.append(Step("SPF-RUL-1", f"{colour.label}'s supply holds {_balls(own)}, enough "
                          f"for the {REMOVAL_GAIN} the removal moves to the stock "
                          "(supply=limited)", True, ("SPF-REMOVE-2",)))
    return steps


def checks(state: SploofState, move: SploofMove) -> list[Step]:
    """The conditions of ``move`` in order, ending at the first that fails."""
    over = _over_check(state)
    if over is not None:
        return [over]
    action = "a removal" if move.remove else "a placement"
    steps = [Step("SPF-TURN-1", f"{state.turn.label} is to move; a turn is exactly one "
                  f"action, here {action}", True)]
    steps += _removal_checks(state, move) if move.remove else _placement_checks(state, move)
    return steps


# -- effects ---------------------------------------------------------------------------

def _resource_effects(state: SploofState, after: SploofState, move: SploofMove
                      ) -> list[Step]:
    colour = state.turn
    who = colour.label
    if not move.remove:
        return [Step("SPF-PLACE-1", f"{who} takes a ball from their stock "
                     f"({state.stock[colour]} -> {after.stock[colour]}) and places it on "
                     f"{NAMES[move.point]} ({mech.level_word(move.point)})")]
    steps = [Step("SPF-REMOVE-1", f"the red ball at {NAMES[move.point]} leaves the board and "
                  f"returns to the supply (red supply {state.supply[2]} -> "
                  f"{after.supply[2]})")]
    _, _, drop_steps = mech.drop_steps(state.board, move.point)
    steps += drop_steps
    before_supply, after_supply = state.supply[colour], after.supply[colour]
    supply = ("the supply is not counted under supply=unlimited"
              if before_supply is None else f"supply {before_supply} -> {after_supply}")
    steps.append(Step("SPF-REMOVE-2", f"{who} moves {REMOVAL_GAIN} balls of their colour "
                      f"from the supply to their stock (stock {state.stock[colour]} -> "
                      f"{after.stock[colour]}; {supply})",
                      None, ("SPF-RUL-1",) if before_supply is None else ()))
    return steps


def _hiding_effects(before: Board, after: Board) -> list[Step]:
    """Balls newly hidden or revealed from above (SHB-HIDE-1)."""
    steps = []
    was, now = hidden(before.occupied), hidden(after.occupied)
    for p in points_of(now & ~was & after.occupied):
        cover = next(q for q in (25, 26, 27, 28, 29) if p in _below_two(q))
        steps.append(Step("SHB-HIDE-1", f"{mech.ball(after, p)} is now hidden from above by "
                          f"the ball on {NAMES[cover]}"))
    for p in points_of(was & ~now & after.occupied):
        steps.append(Step("SHB-HIDE-1", f"{mech.ball(after, p)} is no longer hidden from "
                          "above"))
    return steps


def _below_two(cover: Point) -> tuple[Point, ...]:
    from ...geometry import COVERING_PAIRS
    return tuple(low for low, c in COVERING_PAIRS if c == cover)


def _line_changes(before: Board, after: Board) -> tuple[list[LineView], list[LineView],
                                                        list[LineView]]:
    """Lines made, lines lost, and lines newly broken (four balls but crossed or
    hidden), for both players."""
    made, lost, broken = [], [], []
    for colour in PLAYERS:
        for old, new in zip(views(before, colour), views(after, colour)):
            if new.status == "held" and old.status != "held":
                made.append(new)
            elif old.status == "held" and new.status != "held":
                lost.append(new)
            elif new.status == "broken" and (old.status != "broken" or old != new):
                broken.append(new)
    return made, lost, broken


def _line_steps(made: list[LineView], lost: list[LineView], broken: list[LineView]
                ) -> list[Step]:
    steps = []
    for v in made:
        steps.append(Step(v.line.rule, f"{v.colour.label} now has line {v.describe()}",
                          None, v.rules[1:]))
    for v in lost:
        steps.append(Step(v.line.rule, f"{v.colour.label} no longer has line "
                          f"{v.describe()}", None, v.rules[1:]))
    for v in broken:
        steps.append(Step(v.line.rule, f"{v.colour.label} has all four balls of "
                          f"{v.describe()}, so it is not a line", None, v.rules[1:]))
    return steps


def _outcome_steps(after: SploofState) -> list[Step]:
    """Both players checked (SPF-WIN-1), then the verdict with its rule."""
    result = outcome(after)
    mover, to_move = opponent(after.turn), after.turn
    held = {c: [v.line.name for v in views(after.board, c) if v.status == "held"]
            for c in PLAYERS}
    summary = "; ".join(f"{c.label} {'holds ' + ' '.join(held[c]) if held[c] else 'has none'}"
                        for c in PLAYERS)
    steps = [Step("SPF-WIN-1", f"both players are checked for lines after every move: "
                  f"{summary}")]
    if result.reason == REASON_LINE:
        steps.append(Step("SPF-WIN-1", f"{mover.label} made a line and {to_move.label} has "
                          f"none: {mover.label} wins"))
    elif result.reason == REASON_OPPONENT_LINE:
        steps.append(Step("SPF-WIN-2", f"the move gives only {to_move.label} a line: "
                          f"{mover.label} loses and {to_move.label} wins"))
    elif result.reason == REASON_BOTH_LINES_MOVER:
        steps.append(Step("SPF-RUL-2", f"both players have a line; under simultaneous=mover "
                          f"the mover, {mover.label}, wins", None, ("SPF-WIN-1",)))
    elif result.reason == REASON_BOTH_LINES_DRAW:
        steps.append(Step("SPF-RUL-2", "both players have a line; under simultaneous=draw "
                          "the game is drawn", None, ("SPF-WIN-1",)))
    elif result.reason == REASON_NO_MOVE:
        steps.append(Step("SPF-END-1", f"{to_move.label}, to move, has no legal move "
                          f"({no_move_detail(after)}): {to_move.label} loses", None,
                          ("SPF-RUL-3",)))
    else:
        steps.append(Step("SPF-TURN-1", f"no line for either player and {to_move.label} "
                          f"has a legal move: the game goes on, {to_move.label} to move"))
    return steps


# -- pictures --------------------------------------------------------------------------

def _line_marks(v: LineView, mover: Colour) -> list[Mark]:
    if v.status == "held":
        kind = "line" if v.colour == mover else "opponent-line"
        return [Path(v.balls, kind, v.colour.label)]
    marks: list[Mark] = [Path(v.balls, "broken" if v.status == "broken" else "near")]
    for (a, b), balls in v.crossed:
        marks += [Path((a, b), "crossed"), Ring(balls, "crossing")]
    for low, cover in v.hidden:
        marks += [Ring((low,), "hidden"), Ring((cover,), "hiding")]
    for own, top in v.covered:
        marks += [Ring((own,), "hidden"), Ring((top,), "hiding")]
    if v.missing:
        marks.append(Ring(v.missing, "focus"))
    return marks


def _before_marks(state: SploofState, move: SploofMove) -> list[Mark]:
    if move.remove:
        if state.board.colour_at(move.point) is None:
            return [Ring((move.point,), "focus")]
        return mech.removal_marks(state.board, move.point)
    return mech.placement_marks(state.board, move.point, state.turn)


# -- the analyst -----------------------------------------------------------------------

class SploofAnalyst:
    """Explains Sploof moves and positions."""

    def options_of(self, state: SploofState) -> dict[str, str]:
        return dict(sorted(state.options.items()))

    def alternatives(self, spec: OptionSpec, current: str, state: SploofState,
                     question: str | None) -> list[str]:
        return [v for v in spec.values or () if v != current]

    def explain_move(self, game: Game[Any, Any], state: SploofState, text: str
                     ) -> MoveAnswer:
        move: SploofMove = game.parse_move(state, text)
        name = game.format_move(move)
        mover = state.turn
        steps = checks(state, move)
        failing = next((s for s in steps if s.holds is False), None)
        verb = "removes" if move.remove else "plays"
        if failing is not None:
            picture = Picture(state.board, tuple(_before_marks(state, move)),
                              f"{mover.label} {verb} {name}: illegal [{failing.rule}]")
            return MoveAnswer(name, mover.label, False, failing.rule, tuple(steps),
                              pictures=(picture,))
        after: SploofState = game.play(state, move)
        made, lost, broken = _line_changes(state.board, after.board)
        effects = _resource_effects(state, after, move)
        effects += _hiding_effects(state.board, after.board)
        effects += _line_steps(made, lost, broken)
        effects += _outcome_steps(after)
        drops = state.board.remove(move.point)[1] if move.remove else ()
        after_marks: list[Mark] = []
        if move.remove:
            after_marks += [Ring(tuple(d.target for d in drops), "dropped")] if drops else []
        else:
            after_marks.append(Ring((move.point,), "move"))
        for v in (*made, *broken):
            after_marks += _line_marks(v, mover)
        pictures = (
            Picture(state.board, tuple(_before_marks(state, move)),
                    f"before: {mover.label} {verb} {name}"),
            Picture(after.board, tuple(after_marks), f"after {name}: {outcome_text(after)}"),
        )
        facts = {
            "drops": mech.drop_facts(drops),
            "lines_made": [_line_json(v) for v in made],
            "lines_lost": [_line_json(v) for v in lost],
            "lines_broken": [_line_json(v) for v in broken],
            "stock": {"before": list(state.stock), "after": list(after.stock)},
            "supply": {"before": list(state.supply), "after": list(after.supply)},
        }
        return MoveAnswer(name, mover.label, True, None, tuple(steps), tuple(effects), facts,
                          game.format_position(after), game.outcome_json(after),
                          outcome_text(after), pictures)

    def explain_position(self, game: Game[Any, Any], state: SploofState) -> PositionAnswer:
        colour = state.turn
        board = state.board
        result = outcome(state)
        legal = [game.format_move(m) for m in game.legal_moves(state)]
        moves = {"place": [m for m in legal if not m.startswith("x")],
                 "remove": [m for m in legal if m.startswith("x")]}
        white, black, red = state.supply
        supply = ("white and black not counted (supply=unlimited)" if white is None
                  else f"white {white}, black {black}")
        steps = []
        if state == game.start(state.options, colour.label):
            steps += [
                Step("SPF-SETUP-1", "the start position: 12 red balls on the perimeter holes, "
                     "2 balls in each player's stock, the other balls in the supply"),
                Step("SPF-START-1", f"{colour.label} moves first; the start player is given "
                     "explicitly (--first) or drawn reproducibly (--seed)", None,
                     ("SPF-RUL-6",)),
            ]
        steps += [
            Step("SPF-TURN-1", f"{colour.label} is to move: one action, a placement or a "
                 "removal"),
            Step("SPF-PLACE-1", f"stocks: white {state.stock[0]}, black {state.stock[1]}"),
            Step("SPF-RUL-1", f"supply: {supply}, red {red} (supply={state.supply_rule})",
                 None, ("SPF-REMOVE-2",)),
        ]
        steps += self._placement_summary(state)
        steps += self._removal_summary(state)
        line_views = {c: views(board, c) for c in PLAYERS}
        marks: list[Mark] = []
        for c in PLAYERS:
            for v in line_views[c]:
                if v.status == "none":
                    continue
                word = {"held": "has line", "broken": "has all four balls of",
                        "near": "is one cell short of"}[v.status]
                tail = ""
                if v.status == "near" and v.blocked:
                    tail = ", so completing it would not make a line"
                elif v.status == "broken":
                    tail = ", so it is not a line"
                steps.append(Step(v.line.rule, f"{c.label} {word} {v.describe(board)}{tail}",
                                  None, v.rules[1:]))
                marks += _line_marks(v, opponent(colour))
        steps.append(self._outcome_step(state))
        pinned_reds = board.masks[Colour.RED] & pinned(board.occupied)
        if pinned_reds:
            marks.append(Ring(tuple(points_of(pinned_reds)), "pinned"))
        facts = {
            "turn": colour.label,
            "stock": {"white": state.stock[0], "black": state.stock[1]},
            "supply": {"white": white, "black": black, "red": red},
            "lines": {c.label: [_line_json(v) for v in line_views[c] if v.status == "held"]
                      for c in PLAYERS},
            "broken_lines": {c.label: [_line_json(v) for v in line_views[c]
                                       if v.status == "broken"] for c in PLAYERS},
            "near_lines": {c.label: [_line_json(v) for v in line_views[c]
                                     if v.status == "near"] for c in PLAYERS},
            "pinned_red": [NAMES[p] for p in points_of(pinned_reds)],
        }
        picture = Picture(board, tuple(marks), f"{outcome_text(state, result)}")
        return PositionAnswer(colour.label, tuple(steps), moves, facts,
                              game.outcome_json(state), outcome_text(state, result),
                              (picture,))

    def _placement_summary(self, state: SploofState) -> list[Step]:
        colour = state.turn
        if state.stock[colour] == 0:
            return [Step("SPF-PLACE-1", f"{colour.label} has no ball in stock: no placement")]
        valid = points_of(valid_locations(state.board.occupied))
        if not valid:
            return [Step("SHB-COMPLETE-1", "the pyramid is complete: no valid location")]
        return [Step("SHB-PLACE-1", f"valid locations ({len(valid)}): {mech.names(valid)}")]

    def _removal_summary(self, state: SploofState) -> list[Step]:
        board = state.board
        reds = board.masks[Colour.RED]
        pinned_reds = reds & pinned(board.occupied)
        steps = []
        if reds & ~pinned_reds:
            free = points_of(reds & ~pinned_reds)
            steps.append(Step("SPF-REMOVE-1", f"unpinned red balls ({len(free)}): "
                              f"{mech.names(free)}"))
        for p in points_of(pinned_reds):
            above = [q for q in SUPPORTEES[p] if board.occupied >> q & 1]
            steps.append(Step("SHB-PIN-1", f"the red ball at {NAMES[p]} is pinned: it "
                              f"supports {mech.names(above)}"))
        if state.supply_rule == "limited" and (state.supply[state.turn] or 0) < REMOVAL_GAIN:
            steps.append(Step("SPF-RUL-1", f"{state.turn.label}'s supply holds "
                              f"{_balls(state.supply[state.turn] or 0)}: no removal "
                              f"(one needs {REMOVAL_GAIN})", None, ("SPF-REMOVE-2",)))
        return steps

    def _outcome_step(self, state: SploofState) -> Step:
        result = outcome(state)
        if not result.over:
            return Step("SPF-WIN-1", f"nobody has a line and {state.turn.label} has a legal "
                        "move: the game goes on")
        assert result.reason is not None
        rule = REASONS[result.reason].rule
        also = ("SPF-RUL-3",) if result.reason == REASON_NO_MOVE else ()
        return Step(rule, f"the game is over: {plain(outcome_text(state, result))}", None,
                    also)


def _line_json(v: LineView) -> dict[str, Any]:
    return {
        "line": v.line.name, "kind": v.line.kind, "colour": v.colour.label,
        "status": v.status, "balls": [NAMES[p] for p in v.balls],
        "crossed": [{"link": [NAMES[a], NAMES[b]], "by": [NAMES[q] for q in balls]}
                    for (a, b), balls in v.crossed],
        "hidden": [{"ball": NAMES[low], "by": NAMES[cover]} for low, cover in v.hidden],
        "covered": [{"ball": NAMES[own], "by": NAMES[top]} for own, top in v.covered],
        "missing": [NAMES[p] for p in v.missing],
        "zigzag": v.zigzag, "rules": list(v.rules),
    }


ANALYST = SploofAnalyst()
