"""The trace of a Splink move (``contract.trace``): the checks of ``rules.move_verdicts``
(and, when the player to move has no legal move at all, that consequence as a fact),
then what a legal move did (``rules.place_effects`` / ``rules.remove_effects``: the
balls placed, the ball removed and returned, the drop chain, the ball placed from the
supply; ``score``: the pairs of the attractor's score that changed, balls placed apart,
inner points), and how the game stands after it (``rules.outcome_effects``). Each
verdict comes from the function that decides its rule; this module only puts them in
order."""

from __future__ import annotations

from ...verdict import Verdict
from .rules import move_verdicts, no_move_verdict, outcome_effects, place_effects, remove_effects
from .score import inner_point_verdict, score_change_verdict, untouching_verdict
from .state import PlaceMove, SplinkMove, SplinkState


def move_checks(state: SplinkState, move: SplinkMove) -> list[Verdict]:
    """The conditions of ``move`` in order, ending at the first that fails; when the
    player to move has no legal move at all, the consequence follows as a fact."""
    verdicts = move_verdicts(state, move)
    stuck = no_move_verdict(state)
    return verdicts if stuck is None else [*verdicts, stuck]


def move_effects(state: SplinkState, after: SplinkState, move: SplinkMove,
                 checks: list[Verdict]) -> list[Verdict]:
    """What the legal ``move`` (whose ``checks`` all held) did, in order."""
    if isinstance(move, PlaceMove):
        effects = place_effects(state, after, move, checks[-1])
        placed = list(move.points)
    else:
        effects = remove_effects(state, after, move, checks[-1])
        placed = [move.placed]
    effects.append(score_change_verdict((state.red, state.white), (after.red, after.white)))
    apart = untouching_verdict(after.red, after.white, tuple(placed))
    if apart is not None:
        effects.append(apart)
    effects += [v for p in placed if (v := inner_point_verdict(p)) is not None]
    return effects


__all__ = ["move_checks", "move_effects", "outcome_effects"]
