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
from ...geometry import INDEX_OF_NAME, NAMES, SUPPORTERS, Point
from ...notation import Colour
from ...svg import Ghost, Mark, Path, Ring
from .rules import (
    REASON_COMPLETE,
    availability_verdicts,
    board_of,
    end_verdict,
    move_verdicts,
    no_move_verdict,
    score,
    supply_text,
)
from .score import (
    INNER_POINTS,
    inner_point_verdict,
    inner_points_verdict,
    score_change_verdict,
    score_verdict,
    untouching_verdict,
)
from .state import PlaceMove, RemoveMove, SplinkMove, SplinkState

Pair = tuple[Point, Point]


def _pairs(names: list[list[str]]) -> list[Pair]:
    """Pairs of point names from a verdict's evidence, as points."""
    return [(INDEX_OF_NAME[a], INDEX_OF_NAME[b]) for a, b in names]


def checks(state: SplinkState, move: SplinkMove) -> list[Step]:
    """The conditions of ``move`` in order, ending at the first that fails; when the
    player to move has no legal move at all, the consequence follows as a fact."""
    steps = move_verdicts(state, move)
    stuck = no_move_verdict(state)
    return steps if stuck is None else [*steps, stuck]


# -- effects ---------------------------------------------------------------------------

def _outcome_steps(after: SplinkState) -> list[Step]:
    end = end_verdict(after)
    if end is None:
        return [Step("SPK-END-1", f"the pyramid is not complete and the {after.role.value} "
                     f"has a legal move: the game goes on with the attractor on {score(after)}")]
    return [Step(end.rule, f"the game ends: {end.evidence['sentence']}; it is scored as it "
                 f"stands: the attractor scores {end.evidence['score']}", None,
                 (*end.also, "SPK-SCORE-1"))]


def _place_effects(state: SplinkState, after: SplinkState, move: PlaceMove,
                   second: Step) -> list[Step]:
    low, high = move.points
    colour = {move.red: "red", move.white: "white"}
    steps = [Step("SPK-PLACE-1", f"a {colour[low]} ball goes on {NAMES[low]} and a "
                  f"{colour[high]} ball on {NAMES[high]}")]
    if "completed_by" in second.evidence:
        steps.append(Step("SPK-RUL-1", f"the {colour[high]} ball on {NAMES[high]} rests on "
                          f"the platform the {colour[low]} ball on {NAMES[low]} completed"))
    if state.supply is not None:
        steps.append(Step("SPK-PLACE-1", f"the supply goes from {supply_text(state)} to "
                          f"{supply_text(after)}"))
    return steps


def _remove_effects(state: SplinkState, after: SplinkState, move: RemoveMove,
                    new_ball: Step) -> list[Step]:
    board = board_of(state)
    b = move.removed
    found = board.colour_at(b)
    assert found is not None
    steps = [Step("SPK-REMOVE-1", f"the {found.label} ball at {NAMES[b]} is removed")]
    if state.supply is not None and after.supply is not None:
        index = 0 if found == Colour.RED else 1
        steps.append(Step("SPK-RUL-2", f"it returns to the supply ({found.label} "
                          f"{state.supply[index]} -> {after.supply[index]})"))
    else:
        steps.append(Step("SPK-RUL-2", "it returns to the supply (not counted under "
                          "supply=unlimited)", None, ("SPK-RUL-5",)))
    _, _, drops = mech.drop_steps(board, b)
    steps += drops
    where = ("on the point the chain vacated" if new_ball.evidence["on_vacated"] else
             "on top of a dropped ball" if new_ball.evidence["on_dropped"] else
             "on a valid location")
    steps.append(Step("SPK-REMOVE-2", f"a {move.colour.label} ball from the supply goes on "
                      f"{NAMES[move.placed]}, {where}", None, ("SPK-RUL-10",)))
    return steps


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
        after: SplinkState = game.play(state, move)
        after_board = board_of(after)
        if isinstance(move, PlaceMove):
            effects = _place_effects(state, after, move, steps[-1])
            placed = list(move.points)
            drops: tuple[Any, ...] = ()
        else:
            effects = _remove_effects(state, after, move, steps[-1])
            placed = [move.placed]
            drops = board.remove(move.removed)[1]
        change = score_change_verdict((state.red, state.white), (after.red, after.white))
        effects.append(change)
        apart = untouching_verdict(after.red, after.white, tuple(placed))
        if apart is not None:
            effects.append(apart)
        effects += [v for p in placed if (v := inner_point_verdict(p)) is not None]
        effects += _outcome_steps(after)
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
        also = ("SHB-COMPLETE-1",) if end.evidence["reason"] == REASON_COMPLETE else ()
        return Step(end.rule, f"the game is over: {end.evidence['sentence']}; the attractor "
                    f"scores {end.evidence['score']}", None, (*also, "SPK-SCORE-1"))


EXPLAINER = SplinkExplainer()
