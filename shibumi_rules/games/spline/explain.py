"""Explanations for Spline: is a placement legal and why, what it does, which lines it
makes with which balls, and who has won.

Every step is one of the engine's verdicts (``rules``): the legality checks in the
order the rules apply, stopping at the first that fails (the one ``play`` raises);
then the placement, the lines made (``line_verdict``, covered balls included) and the
end (``end_verdict``). Where a verdict is shown as a plain fact rather than a
condition, only its ``holds`` is set aside; nothing is decided here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...board import valid_locations
from ...contract import mechanics as mech
from ...contract.explanation import AnswerPicture, MoveAnswer, PositionAnswer, Step
from ...contract.game import Game, OptionSpec
from ...geometry import INDEX_OF_NAME, points_of
from ...notation import Colour
from ...svg import Mark, Path, Ring
from ...verdict import Verdict, first_failure
from .lines import LINES, Line
from .rules import (
    PLAYERS,
    SplineMove,
    SplineState,
    end_verdict,
    held_lines,
    legality,
    line_verdict,
    outcome,
    outcome_text,
    position_verdicts,
    supply_left,
    trace_move,
    turn_verdict,
)


def _fact(verdict: Verdict) -> Step:
    """A verdict stated as a fact (an outcome, a line that is held) rather than as a
    condition of the move."""
    return replace(verdict, holds=None)


_held = held_lines


def _near(state: SplineState) -> list[tuple[Line, Colour, Verdict]]:
    """Lines a player lacks one ball of, on a point that is a valid location now."""
    board = state.board
    free = valid_locations(board.occupied)
    out = []
    for colour in PLAYERS:
        for line in LINES:
            verdict = line_verdict(line, board, colour)
            missing = [p for p in line.points if not board.masks[colour] >> p & 1]
            if len(missing) == 1 and free >> missing[0] & 1:
                out.append((line, colour, verdict))
    return out


def _line_marks(verdict: Verdict, kind: str) -> list[Mark]:
    """The line as a path, and the balls resting on it or hiding it."""
    evidence = verdict.evidence
    points = tuple(_points(evidence["points"]))
    marks: list[Mark] = [Path(points, kind, evidence["colour"])]
    covering = sorted({q for c in evidence["covered"] for q in _points(c["by"])})
    if covering:
        marks.append(Ring(tuple(covering), "supported"))
    hidden = tuple(_points([h["ball"] for h in evidence["hidden"]]))
    if hidden:
        marks.append(Ring(hidden, "hidden"))
    return marks


def _points(names: list[str]) -> list[int]:
    return [INDEX_OF_NAME[name] for name in names]


def _line_json(verdict: Verdict) -> dict[str, Any]:
    return {**verdict.evidence, "rules": list(verdict.rule_ids)}


class SplineExplainer:
    """Explains Spline moves and positions."""

    def options_of(self, state: SplineState) -> dict[str, str]:
        return dict(sorted(state.options.items()))

    def alternatives(self, spec: OptionSpec, current: str, state: SplineState,
                     question: str | None) -> list[str]:
        return [v for v in spec.values or () if v != current]

    def explain_move(self, game: Game[Any, Any], state: SplineState, text: str
                     ) -> MoveAnswer:
        move: SplineMove = game.parse_move(state, text)
        name = game.format_move(move)
        mover = state.turn
        checks = tuple(legality(state, move))
        before_marks = tuple(mech.placement_marks(state.board, move.point, mover))
        failing = first_failure(checks)
        if failing is not None:
            picture = AnswerPicture(state.board, before_marks,
                                    f"{mover.label} plays {name}: illegal [{failing.rule}]")
            return MoveAnswer(name, mover.label, False, failing.rule, checks,
                              pictures=(picture,))
        traced = trace_move(state, move)
        after, trace = traced.state, traced.trace
        assert after is not None, f"{name} passes every check but has no successor"
        made = [v for v in trace.effects if "points" in v.evidence]  # the lines made
        effects: list[Step] = [*trace.effects, *trace.outcome]
        after_marks: list[Mark] = [Ring((move.point,), "move")]
        for verdict in made:
            after_marks += _line_marks(verdict, "line")
        pictures = (
            AnswerPicture(state.board, before_marks, f"before: {mover.label} plays {name}"),
            AnswerPicture(after.board, tuple(after_marks), f"after {name}: {outcome_text(after)}"),
        )
        facts = {
            "lines_made": [_line_json(v) for v in made],
            "placed": {c.label: after.board.count(c) for c in PLAYERS},
            "supply": {c.label: supply_left(after.board, c) for c in PLAYERS},
        }
        return MoveAnswer(name, mover.label, True, None, checks, tuple(effects), facts,
                          game.format_position(after), game.outcome_json(after),
                          outcome_text(after), pictures)

    def explain_position(self, game: Game[Any, Any], state: SplineState) -> PositionAnswer:
        board = state.board
        colour = state.turn
        result = outcome(state)
        steps: list[Step] = []
        if not board.occupied:
            steps += [
                Verdict("SPL-SETUP-1", "the start: the pyramid is empty and each player's 16 "
                        "balls are their supply"),
                Verdict("SPL-START-1", f"{colour.label} moves first; the first player is "
                        "given (--first) or drawn reproducibly (--seed), White by default",
                        None, ("SPL-RUL-4",)),
            ]
        turn = turn_verdict(state)
        steps.append(turn)
        steps.append(Verdict(
            "SPL-PLACE-1", f"supply: white {supply_left(board, Colour.WHITE)} balls left, "
            f"black {supply_left(board, Colour.BLACK)}; no player ever needs more than 14",
            None, ("SPL-RUL-7",)))
        held = {c: _held(board, c) for c in PLAYERS}
        marks: list[Mark] = []
        for c in PLAYERS:
            for verdict in held[c]:
                steps.append(_fact(verdict))
                marks += _line_marks(verdict, "line")
        near = [] if result.over else _near(state)
        for line, c, verdict in near:
            steps.append(_fact(verdict))
            marks.append(Path(line.points, "near", c.label))
        top = next(v for v in position_verdicts(state) if v.rule == "SPL-RUL-6")
        if top.evidence.get("level_3"):
            steps.append(_fact(top))
        if not result.over:
            free = points_of(valid_locations(board.occupied))
            steps.append(Verdict("SHB-PLACE-1",
                                 f"valid locations ({len(free)}): {mech.names(free)}"))
        steps.append(_fact(end_verdict(state)))
        legal = game.legal_move_texts(state)
        facts = {
            "turn": colour.label,
            "first": turn.evidence.get("first"),
            "placed": {c.label: board.count(c) for c in PLAYERS},
            "supply": {c.label: supply_left(board, c) for c in PLAYERS},
            "lines": {c.label: [_line_json(v) for v in held[c]] for c in PLAYERS},
            "near_lines": [{**_line_json(v), "player": c.label} for _, c, v in near],
        }
        picture = AnswerPicture(board, tuple(marks), outcome_text(state, result))
        return PositionAnswer(colour.label, tuple(steps), {"place": legal}, facts,
                              game.outcome_json(state), outcome_text(state, result),
                              (picture,))


EXPLAINER = SplineExplainer()
