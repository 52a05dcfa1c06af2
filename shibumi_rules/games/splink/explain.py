"""Explanations for Splink: is a pair placement (a) or a removal-and-swap (b) legal and
why, what it does to the pyramid, the supply and the attractor's score, and how the
game stands.

Everything said here is a verdict of the engine (``rules``, ``score``) or a plain
description of what a legal move does; nothing is decided again. The checks are
``rules.move_verdicts``, in the order the rules apply, ending at the first that fails:
the rule ``Splink.play`` raises."""

from __future__ import annotations

from typing import Any

from ...contract import mechanics as mech
from ...contract.explanation import AnswerPicture, MoveAnswer, PositionAnswer, Step
from ...contract.game import Game, OptionSpec
from ...geometry import INDEX_OF_NAME, SUPPORTERS, Point
from ...notation import Colour
from ...svg import Ghost, Mark, Path, Ring
from .effects import move_checks
from .rules import (
    REASONS,
    availability_verdicts,
    board_of,
    end_verdict,
    no_move_verdict,
    supply_text,
)
from .score import (
    INNER_POINTS,
    inner_points_verdict,
    score_verdict,
)
from .state import PlaceMove, SplinkMove, SplinkState

Pair = tuple[Point, Point]


def _pairs(names: list[list[str]]) -> list[Pair]:
    """Pairs of point names from a verdict's evidence, as points."""
    return [(INDEX_OF_NAME[a], INDEX_OF_NAME[b]) for a, b in names]


checks = move_checks
"""The conditions of ``move`` in order (the checks of its trace)."""


# -- effects ---------------------------------------------------------------------------

# -- pictures --------------------------------------------------------------------------

def _before_marks(state: SplinkState, move: SplinkMove) -> list[Mark]:
    board = board_of(state)
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


# -- the explainer --------------------------------------------------------------------

class SplinkExplainer:
    """Explains Splink moves and positions by rendering the engine's verdicts."""

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
        board = board_of(state)
        steps = checks(state, move)
        failing = next((s for s in steps if s.holds is False), None)
        if failing is not None:
            picture = AnswerPicture(board, tuple(_before_marks(state, move)),
                                    f"{mover} plays {name}: illegal [{failing.rule}]")
            return MoveAnswer(name, mover, False, failing.rule, tuple(steps),
                              pictures=(picture,))
        traced = game.trace_move(state, move)
        after, trace = traced.state, traced.trace
        assert after is not None, f"{name} passes every check but has no successor"
        after_board = board_of(after)
        if isinstance(move, PlaceMove):
            placed = list(move.points)
            drops: tuple[Any, ...] = ()
        else:
            placed = [move.placed]
            drops = board.remove(move.removed)[1]
        effects = [*trace.effects, *trace.outcome]
        change = next(v for v in trace.effects if "pairs_made" in v.evidence)
        after_marks: list[Mark] = [Ring(tuple(placed), "move"),
                                   *_pair_marks(_pairs(change.evidence["pairs_made"]))]
        if drops:
            after_marks.append(Ring(tuple(d.target for d in drops), "dropped"))
        pictures = (
            AnswerPicture(board, tuple(_before_marks(state, move)),
                          f"before: {mover} plays {name}"),
            AnswerPicture(after_board, tuple(after_marks),
                          f"after {name}: {game.outcome_text(after)}"),
        )
        facts = {"drops": mech.drop_facts(drops), "score": dict(change.evidence),
                 "supply": {"before": state.supply, "after": after.supply}}
        return MoveAnswer(name, mover, True, None, tuple(steps), tuple(effects), facts,
                          game.format_position(after), game.outcome_json(after),
                          game.outcome_text(after), pictures)

    def explain_position(self, game: Game[Any, Any], state: SplinkState) -> PositionAnswer:
        board = board_of(state)
        legal = [game.format_move(m) for m in game.legal_moves(state)]
        moves = {"place": [m for m in legal if not m.startswith("x")],
                 "remove": [m for m in legal if m.startswith("x")]}
        limit = state.rules.max_turns
        end = end_verdict(state)
        steps = [
            Step("SPK-SETUP-1", f"{state.turns} turn(s) played (the attractor moves first); "
                 + (f"the {state.role.value} would be next" if end is not None
                    else f"the {state.role.value} is to move")),
            Step("SPK-PLACE-1", f"supply: {supply_text(state)}", None,
                 ("SPK-RUL-5",) if state.supply is None else ()),
            Step("SPK-RUL-4", "no turn limit (max_turns=none): the rules have no repetition "
                 "rule" if limit is None else f"the game ends after {limit} turns "
                 f"(max_turns={limit})"),
        ]
        stuck = no_move_verdict(state)
        if end is None or stuck is not None:
            steps += availability_verdicts(state)  # what is allowed, or why nothing is
        if stuck is not None:  # its reasons are the failing steps just above
            steps.append(Step(stuck.rule, f"so the {state.role.value} has no legal move at "
                              "all: the game is over, scored as it stands; the attractor "
                              f"scores {stuck.evidence['score']}", None, stuck.also))
        points = score_verdict(state.red, state.white)
        pairs = _pairs(points.evidence["pairs"])
        steps.append(points)
        steps.append(inner_points_verdict(state.occupied))
        if stuck is None:
            steps.append(self._outcome_step(end))
        marks: list[Mark] = [*_pair_marks(pairs), Ring(INNER_POINTS, "inner")]
        facts = {"role": state.role.value, "turns": state.turns,
                 "supply": None if state.supply is None else
                 {"red": state.supply[0], "white": state.supply[1]},
                 "score": points.evidence["score"], "pairs": points.evidence["pairs"]}
        picture = AnswerPicture(board, tuple(marks), game.outcome_text(state))
        return PositionAnswer(state.role.value, tuple(steps), moves, facts,
                              game.outcome_json(state), game.outcome_text(state), (picture,))

    def _outcome_step(self, end: Step | None) -> Step:
        if end is None:
            return Step("SPK-END-1", "the pyramid is not complete: the game goes on")
        also = REASONS[end.evidence["reason"]].cited
        return Step(end.rule, f"the game is over: {end.evidence['sentence']}; the attractor "
                    f"scores {end.evidence['score']}", None, (*also, "SPK-SCORE-1"))


EXPLAINER = SplinkExplainer()
