"""Explanations for Sploof: is a placement or removal legal and why, what it does to
the stocks, the supply, the pyramid and the lines, and how the game then stands.

Every judgement is the engine's: the checks of a move are ``rules.move_verdicts`` (the
order in which the rules apply, stopping at the first that fails, whose rule the
engine's IllegalMoveError names), the outcome is ``rules.outcome`` with its verdicts,
and the lines are ``lines.check_line``. This module puts them into steps, pictures and
facts."""

from __future__ import annotations

from typing import Any

from ...board import pinned, valid_locations
from ...contract import mechanics as mech
from ...contract.explanation import AnswerPicture, MoveAnswer, PositionAnswer, Step
from ...contract.game import Game, OptionSpec
from ...geometry import NAMES, SUPPORTEES, points_of
from ...notation import Colour
from ...svg import Mark, Path, Ring
from .effects import line_changes, trace_move
from .explain_lines import broken_text, describe
from .lines import LineCheck, check_lines
from .rules import (
    REMOVAL_GAIN,
    SploofMove,
    SploofState,
    decision_verdict,
    may_pass,
    opponent,
    outcome,
    outcome_text,
    supply_verdict,
)

PLAYERS = (Colour.WHITE, Colour.BLACK)


def _balls(n: int) -> str:
    return f"{n} ball{'s' if n != 1 else ''}"


# -- legality --------------------------------------------------------------------------

def checks(state: SploofState, move: SploofMove) -> list[Step]:
    """The conditions of ``move`` in order, ending at the first that fails (the
    checks of the move's trace)."""
    return list(trace_move(state, move).trace.checks)


# -- effects ---------------------------------------------------------------------------

# -- pictures --------------------------------------------------------------------------

def _line_marks(v: LineCheck, mover: Colour) -> list[Mark]:
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
    if move.is_pass:
        return []
    if move.remove:
        if state.board.colour_at(move.point) is None:
            return [Ring((move.point,), "focus")]
        return mech.removal_marks(state.board, move.point)
    return mech.placement_marks(state.board, move.point, state.turn)


# -- the explainer --------------------------------------------------------------------

class SploofExplainer:
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
            picture = AnswerPicture(state.board, tuple(_before_marks(state, move)),
                                    f"{mover.label} {verb} {name}: illegal [{failing.rule}]")
            return MoveAnswer(name, mover.label, False, failing.rule, tuple(steps),
                              pictures=(picture,))
        traced = trace_move(state, move)
        after, trace = traced.state, traced.trace
        assert after is not None, f"{name} passes every check but has no successor"
        made, lost, broken = line_changes(state.board, after.board, state.rules.blocking)
        # the move's effects, then the lines and the decision (the verdicts of a missing
        # move, which the decision's sentence already gives, are not repeated)
        effects = [*trace.effects, trace.outcome[0], trace.outcome[-1]]
        drops = state.board.remove(move.point)[1] if move.remove else ()
        after_marks: list[Mark] = []
        if move.remove:
            after_marks += [Ring(tuple(d.target for d in drops), "dropped")] if drops else []
        elif not move.is_pass:
            after_marks.append(Ring((move.point,), "move"))
        for v in (*made, *broken):
            after_marks += _line_marks(v, mover)
        pictures = (
            AnswerPicture(state.board, tuple(_before_marks(state, move)),
                          f"before: {mover.label} {verb} {name}"),
            AnswerPicture(after.board, tuple(after_marks), f"after {name}: {outcome_text(after)}"),
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
        moves = {"place": [m for m in legal if not m.startswith("x") and m != "pass"],
                 "remove": [m for m in legal if m.startswith("x")]}
        if "pass" in legal:
            moves["pass"] = ["pass"]
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
        line_views = {c: check_lines(board, c, state.rules.blocking) for c in PLAYERS}
        marks: list[Mark] = []
        for c in PLAYERS:
            for v in line_views[c]:
                if v.status == "none" or v.dead:
                    continue
                if v.status == "broken":
                    text = broken_text(v, board)
                else:
                    word = "has line" if v.status == "held" else "is one cell short of"
                    tail = (", so completing it would not make a line"
                            if v.status == "near" and v.blocked else "")
                    text = f"{c.label} {word} {describe(v, board)}{tail}"
                steps.append(Step(v.line.rule, text, None, v.rule_ids[1:]))
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
                                     if v.status == "near" and not v.dead] for c in PLAYERS},
            "pinned_red": [NAMES[p] for p in points_of(pinned_reds)],
        }
        picture = AnswerPicture(board, tuple(marks), f"{outcome_text(state, result)}")
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
        if supply_verdict(state).fails:
            steps.append(Step("SPF-RUL-1", f"{state.turn.label}'s supply holds "
                              f"{_balls(state.supply[state.turn] or 0)}: no removal "
                              f"(one needs {REMOVAL_GAIN})", None, ("SPF-REMOVE-2",)))
        return steps

    def _outcome_step(self, state: SploofState) -> Step:
        result = outcome(state)
        if not result.over:
            # only the mover's lines count (SPF-RUL-8), or the only move is a pass
            if result.lines[state.turn] or may_pass(state):
                return decision_verdict(state, result)
            return Step("SPF-WIN-1", f"nobody has a line and {state.turn.label} has a legal "
                        "move: the game goes on")
        rule, *also = result.cited
        return Step(rule, f"the game is over: {result.sentence}", None, tuple(also))


def _line_json(v: LineCheck) -> dict[str, Any]:
    return {
        "line": v.line.name, "kind": v.line.kind, "colour": v.colour.label,
        "status": v.status, "balls": [NAMES[p] for p in v.balls],
        "crossed": [{"link": [NAMES[a], NAMES[b]], "by": [NAMES[q] for q in balls]}
                    for (a, b), balls in v.crossed],
        "hidden": [{"ball": NAMES[low], "by": NAMES[cover]} for low, cover in v.hidden],
        "covered": [{"ball": NAMES[own], "by": NAMES[top]} for own, top in v.covered],
        "single": [{"link": [NAMES[a], NAMES[b]], "by": NAMES[q]} for (a, b), q in v.single]
        if v.blocking_decides else [],
        "unblocked": [{"link": [NAMES[a], NAMES[b]], "by": [NAMES[q] for q in balls]}
                      for (a, b), balls in v.unblocked],
        "missing": [NAMES[p] for p in v.missing],
        "zigzag": v.zigzag, "rules": list(v.rule_ids),
    }


EXPLAINER = SploofExplainer()
