"""Splink's rules as verdicts: each rule decided by one function that says whether its
condition holds here and what it read (``shibumi_rules.verdict.Verdict``).

``move_verdicts`` is the legality of a move: its verdicts in the order the rules apply,
ending at the first that fails; ``Splink.play`` raises that one, and ``explain``,
conformance attribution and vector tagging print or collect the same verdicts. The
move generator (``mechanics.placement_rows`` and ``mechanics.removals``) is the fast
form of the same rules, held to these verdicts by a Hypothesis test
(``tests/games/splink/test_splink_properties.py``).

``end_reason`` decides the end of the game (SPK-END-1, SPK-RUL-3, SPK-RUL-4);
``availability_verdicts`` say which kinds of move the position allows and why not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...board import Board, pinned, supporting_exactly_one, valid_locations
from ...board_verdicts import ball, drop_verdicts, names, placement_verdict, supported_by
from ...geometry import ALL, NAMES, SUPPORTERS, Point, points_of
from ...notation import Colour
from ...verdict import EndReason, Verdict, reason_table
from .mechanics import can_draw, followers, has_moves, removable
from .score import score_masks
from .state import PlaceMove, RemoveMove, SplinkMove, SplinkState, Unknown

MOVE_RULE: Final = "SPK-PLACE-1"
"""The rule a question that is no move of the game is answered by: move (a), the
placement of a red and a white ball."""

REASON_COMPLETE: Final = "pyramid-complete"
REASON_NO_MOVE: Final = "no-legal-move"
REASON_MAX_TURNS: Final = "max-turns"
REASONS: Final = reason_table(
    EndReason(REASON_COMPLETE, "SPK-END-1", "the pyramid is complete", ("SHB-COMPLETE-1",),
              cited=("SHB-COMPLETE-1",), texts={"sentence": "the pyramid is complete"}),
    EndReason(REASON_NO_MOVE, "SPK-RUL-3", "the player to move has no legal move",
              ("SPK-END-1",), no_move=True,
              texts={"sentence": "the player to move has no legal move"}),
    EndReason(REASON_MAX_TURNS, "SPK-RUL-4", "max_turns turns have been played",
              ("SPK-END-1",), texts={
                  "sentence": "{turns} turns have been played (max_turns={max_turns})",
                  "match": "the turn limit max_turns={max_turns} stopped it before the "
                           "pyramid was complete (a limit the text does not have)"}),
)
"""Every way a game ends, by its reason string, each one object: the rule that ends
the game, the rules its sentences cite, and its sentences (a game is scored, so no
end names a winner)."""


def board_of(state: SplinkState) -> Board:
    """The balls of a state as a board (red and white masks)."""
    return Board((state.white, 0, state.red))


def supply_text(state: SplinkState) -> str:
    """``red 13, white 15``, or the unlimited supply."""
    if state.supply is None:
        return "unlimited (supply=unlimited)"
    return f"red {state.supply[0]}, white {state.supply[1]}"


def score(state: SplinkState) -> int:
    """The attractor's points as the position stands, worked out once per state.
    Implements SPK-SCORE-1."""
    points = state.memo_score
    if points < 0:
        points = score_masks(state.red, state.white)
        object.__setattr__(state, "memo_score", points)
    return points


# -- the end -----------------------------------------------------------------------------

def end_reason(state: SplinkState) -> str | None:
    """Why the game is over, or None while it goes on, worked out once per state. A
    complete pyramid comes first, then the turn limit, then the lack of a move.
    Implements SPK-END-1, SPK-RUL-3 and SPK-RUL-4."""
    known = state.memo_end
    if not isinstance(known, Unknown):
        return known
    reason: str | None = None
    limit = state.rules.max_turns
    if state.red | state.white == ALL:
        reason = REASON_COMPLETE
    elif limit is not None and state.turns >= limit:
        reason = REASON_MAX_TURNS
    elif not has_moves(state.red, state.white, state.rules.unlimited):
        reason = REASON_NO_MOVE
    object.__setattr__(state, "memo_end", reason)
    return reason


def end_sentence(state: SplinkState, reason: str) -> str:
    """What ended the game, in words; the turn limit by its number."""
    return REASONS[reason].say("sentence", {"turns": state.turns,
                                            "max_turns": state.rules.max_turns})


def end_verdict(state: SplinkState) -> Verdict | None:
    """The end of the game as a fact (``holds`` None) with its reason and the final
    score, or None while the game goes on. Reads ``end_reason``."""
    reason = end_reason(state)
    if reason is None:
        return None
    end = REASONS[reason]
    sentence = end_sentence(state, reason)
    return Verdict(end.rule, f"the game is over: {sentence}", None, end.also,
                   {"reason": reason, "sentence": sentence, "score": score(state)})


# -- legality of a move ------------------------------------------------------------------

def over_verdict(state: SplinkState) -> Verdict | None:
    """A move after the end is illegal: the verdict of the rule that ended the game,
    or None while it goes on. Implements SPK-END-1 for moves."""
    reason = end_reason(state)
    if reason is None:
        return None
    return Verdict(REASONS[reason].rule, f"the game is already over: "
                   f"{end_sentence(state, reason)}; no further move may be played", False,
                   evidence={"reason": reason})


def turn_verdict(state: SplinkState, move: SplinkMove) -> Verdict:
    """Who moves, and which kind of move this is. Implements SPK-SETUP-1."""
    kind = "(a) a pair placement" if isinstance(move, PlaceMove) else \
        "(b) a removal and a placement"
    return Verdict("SPK-SETUP-1", f"the {state.role.value} is to move (turn "
                   f"{state.turns + 1}); the move is {kind}", True,
                   evidence={"role": state.role.value, "turn": state.turns + 1,
                             "kind": "place" if isinstance(move, PlaceMove) else "remove"})


def supply_verdict(state: SplinkState) -> Verdict:
    """Move (a) needs a red and a white ball in the supply. Implements SPK-PLACE-1."""
    red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
    evidence = {"supply": None if state.supply is None else list(state.supply)}
    if state.supply is None:
        return Verdict("SPK-PLACE-1", "supply=unlimited: a red and a white ball are always "
                       "available", True, ("SPK-RUL-5",), evidence)
    if not red_ok or not white_ok:
        lacking = "red" if not red_ok else "white"
        return Verdict("SPK-PLACE-1", f"move (a) places one red and one white ball, but no "
                       f"{lacking} ball is left in the supply ({supply_text(state)})", False,
                       evidence={**evidence, "lacking": lacking})
    return Verdict("SPK-PLACE-1", f"move (a) places one red and one white ball; the supply "
                   f"holds both ({supply_text(state)})", True, evidence=evidence)


def distinct_points_verdict(move: PlaceMove) -> Verdict | None:
    """Two balls never share a point: the verdict when a pair names one point twice,
    None otherwise. Implements SHB-PLACE-1."""
    if move.red != move.white:
        return None
    return Verdict("SHB-PLACE-1", f"both balls on {NAMES[move.red]}: a point holds one ball",
                   False, evidence={"point": NAMES[move.red]})


def _colours(move: PlaceMove) -> tuple[Colour, Colour]:
    """The colours of the lower and the higher point of a pair."""
    low, _ = move.points
    return (Colour.RED, Colour.WHITE) if low == move.red else (Colour.WHITE, Colour.RED)


def first_ball_verdict(state: SplinkState, move: PlaceMove) -> Verdict:
    """The ball on the lower point goes on a location valid before the move.
    Implements SHB-PLACE-1 for move (a)."""
    low, _ = move.points
    colour = _colours(move)[0]
    place = placement_verdict(board_of(state), low)
    return Verdict(place.rule, f"first ball ({colour.label}): {place.text}", place.holds,
                   evidence={**place.evidence, "ball": "first", "colour": colour.label})


def second_ball_verdict(state: SplinkState, move: PlaceMove) -> Verdict:
    """The ball on the higher point goes on a location valid once the first is placed,
    so it may rest on the platform the first completed. Implements SHB-PLACE-1 and
    SPK-RUL-1."""
    low, high = move.points
    low_colour, colour = _colours(move)
    place = placement_verdict(board_of(state).place(low, low_colour), high)
    evidence = {**place.evidence, "ball": "second", "colour": colour.label,
                "after": NAMES[low]}
    if not place.holds:
        return Verdict("SHB-PLACE-1", f"second ball ({colour.label}): with the first ball "
                       f"on {NAMES[low]}: {place.text}", False, ("SPK-RUL-1",), evidence)
    if low in SUPPORTERS[high]:
        return Verdict("SHB-PLACE-1", f"second ball ({colour.label}): {place.text}, resting "
                       f"on the platform that the first ball, at {NAMES[low]}, completed",
                       True, ("SPK-RUL-1",), {**evidence, "completed_by": NAMES[low]})
    return Verdict(place.rule, f"second ball ({colour.label}): {place.text}", True,
                   evidence=evidence)


def removal_verdict(state: SplinkState, point: Point) -> Verdict:
    """Move (b) removes a ball that supports exactly one ball; a ball supporting two or
    more is pinned. Implements SPK-REMOVE-1 and SHB-PIN-1."""
    board = board_of(state)
    found = board.colour_at(point)
    name = NAMES[point]
    if found is None:
        return Verdict("SPK-REMOVE-1", f"there is no ball at {name} to remove", False,
                       evidence={"point": name, "supports": None})
    above = supported_by(board, point)
    evidence = {"point": name, "colour": found.label, "supports": [NAMES[q] for q in above]}
    if len(above) != 1:
        detail = ("supports no ball" if not above else
                  f"supports {len(above)} balls ({names(above)}), so it is pinned")
        also = ("SHB-PIN-1",) if len(above) >= 2 else ()
        return Verdict("SPK-REMOVE-1", f"the {found.label} ball at {name} {detail}; only a "
                       "ball that supports exactly one ball may be removed", False, also,
                       evidence)
    return Verdict("SPK-REMOVE-1", f"the {found.label} ball at {name} supports exactly one "
                   f"ball ({ball(board, above[0])}), so it may be removed", True,
                   evidence=evidence)


def _other(state: SplinkState, point: Point) -> tuple[Colour, Colour]:
    """The colour of the ball at ``point`` and the other colour."""
    if state.red >> point & 1:
        return Colour.RED, Colour.WHITE
    return Colour.WHITE, Colour.RED


def swap_colour_verdict(state: SplinkState, move: RemoveMove) -> Verdict:
    """The new ball of move (b) is of the other colour. Implements SPK-REMOVE-2."""
    found, other = _other(state, move.removed)
    evidence = {"removed": found.label, "placed": move.colour.label}
    if move.colour != other:
        return Verdict("SPK-REMOVE-2", f"after removing a {found.label} ball the new ball "
                       f"must be {other.label}, not {move.colour.label}", False,
                       evidence=evidence)
    return Verdict("SPK-REMOVE-2", f"the new ball is {other.label}, the other colour", True,
                   evidence=evidence)


def swap_supply_verdict(state: SplinkState, move: RemoveMove) -> Verdict:
    """The supply holds a ball of the other colour before the removal. Implements
    SPK-RUL-7 (and SPK-RUL-5 under the unlimited supply)."""
    found, other = _other(state, move.removed)
    red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
    evidence = {"needs": other.label,
                "supply": None if state.supply is None else list(state.supply)}
    if state.supply is None:
        return Verdict("SPK-RUL-7", f"supply=unlimited: a {other.label} ball is always "
                       "available", True, ("SPK-RUL-5",), evidence)
    if not (white_ok if other == Colour.WHITE else red_ok):
        return Verdict("SPK-RUL-7", f"the supply holds no {other.label} ball before the "
                       f"removal ({supply_text(state)}); the {found.label} ball returning "
                       "to it does not count", False, evidence=evidence)
    return Verdict("SPK-RUL-7", f"the supply holds a {other.label} ball before the removal "
                   f"({supply_text(state)})", True, evidence=evidence)


def new_ball_verdict(state: SplinkState, move: RemoveMove) -> Verdict:
    """The new ball of move (b) goes on a location valid after the removal and the
    drop, anywhere. Implements SHB-PLACE-1 and SPK-RUL-10."""
    after, drops = board_of(state).remove(move.removed)
    place = placement_verdict(after, move.placed)
    vacated = drops[-1].source if drops else move.removed
    filled = {d.target for d in drops}
    return Verdict(place.rule, f"after the removal and the drop: {place.text}", place.holds,
                   ("SPK-RUL-10",),
                   {**place.evidence, "on_vacated": move.placed == vacated,
                    "on_dropped": any(q in filled for q in SUPPORTERS[move.placed])})


def _place_verdicts(state: SplinkState, move: PlaceMove) -> list[Verdict]:
    return _until_failure((
        lambda: supply_verdict(state),
        lambda: distinct_points_verdict(move),
        lambda: first_ball_verdict(state, move),
        lambda: second_ball_verdict(state, move),
    ))


def _remove_verdicts(state: SplinkState, move: RemoveMove) -> list[Verdict]:
    return _until_failure((
        lambda: removal_verdict(state, move.removed),
        lambda: swap_colour_verdict(state, move),
        lambda: swap_supply_verdict(state, move),
        lambda: new_ball_verdict(state, move),
    ))


def _until_failure(checks: tuple[Callable[[], Verdict | None], ...]) -> list[Verdict]:
    """Run the checks in order, skipping those that do not apply (None), and stop
    after the first that fails."""
    out: list[Verdict] = []
    for check in checks:
        verdict = check()
        if verdict is None:
            continue
        out.append(verdict)
        if verdict.holds is False:
            break
    return out


def move_verdicts(state: SplinkState, move: SplinkMove) -> list[Verdict]:
    """The verdicts on ``move`` in the order the rules apply, ending at the first that
    fails: the end of the game (a complete pyramid, the turn limit), the turn, then the
    move's own conditions. The move is legal when none fails.

    A game that ended because the player to move has no legal move (SPK-RUL-3) is not
    checked first: that end is the consequence of every move failing its own
    conditions, so the move's own failing rule is the reason it is illegal
    (``no_move_verdict`` then says what follows)."""
    over = over_verdict(state)
    if over is not None and over.evidence["reason"] != REASON_NO_MOVE:
        return [over]
    steps = [turn_verdict(state, move)]
    if isinstance(move, PlaceMove):
        return steps + _place_verdicts(state, move)
    return steps + _remove_verdicts(state, move)


# -- what the position allows ------------------------------------------------------------

def availability_verdicts(state: SplinkState) -> list[Verdict]:
    """What the player to move may do, kind by kind, and why a kind is ruled out.
    Move (a): the valid locations and the platforms a first ball completes, or the
    colour the supply lacks (``holds`` False). Move (b): the pinned balls, the balls
    supporting exactly one, and each of those the supply keeps from being swapped
    (``holds`` False), or that no ball supports exactly one (``holds`` False)."""
    board = board_of(state)
    occupied = board.occupied
    red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
    steps: list[Verdict] = []
    if red_ok and white_ok:
        valid = valid_locations(occupied)
        steps.append(Verdict("SHB-PLACE-1", f"valid locations ({valid.bit_count()}): "
                             f"{names(points_of(valid))}",
                             evidence={"valid": [NAMES[p] for p in points_of(valid)]}))
        later = followers(occupied, valid)
        if later:
            text = ", ".join(f"{NAMES[u]} after {NAMES[p]}" for p, u in later)
            steps.append(Verdict("SPK-RUL-1", f"a second ball may use a platform the first "
                                 f"completes: {text}",
                                 evidence={"after": [[NAMES[p], NAMES[u]] for p, u in later]}))
    else:
        lacking = "red" if not red_ok else "white"
        steps.append(Verdict("SPK-PLACE-1", "move (a) is not possible: it needs a red and a "
                             f"white ball, and the supply holds no {lacking} ball "
                             f"({supply_text(state)})", False,
                             evidence={"lacking": lacking, "supply": state.supply}))
    held = pinned(occupied)
    if held:
        steps.append(Verdict("SHB-PIN-1", "pinned balls (each supports two or more, so none "
                             f"may be removed): {names(points_of(held))}",
                             evidence={"pinned": [NAMES[p] for p in points_of(held)]}))
    once = supporting_exactly_one(occupied)
    free = removable(state.red, state.white, red_ok, white_ok)
    if not once:
        steps.append(Verdict("SPK-REMOVE-1", "move (b) is not possible: no ball supports "
                             "exactly one ball, and only such a ball may be removed", False,
                             evidence={"balls": []}))
    else:
        text = ", ".join(f"{ball(board, p)} under {NAMES[supported_by(board, p)[0]]}"
                         for p in points_of(once))
        steps.append(Verdict("SPK-REMOVE-1", f"balls supporting exactly one ball: {text}",
                             evidence={"balls": [NAMES[p] for p in points_of(once)]}))
    for colour, other in ((state.red, "white"), (state.white, "red")):
        kept = points_of(once & ~free & colour)
        if kept:
            steps.append(Verdict(
                "SPK-RUL-7", f"{names(kept)} cannot be removed: the supply has no {other} "
                f"ball to place instead ({supply_text(state)})", False,
                evidence={"points": [NAMES[p] for p in kept], "needs": other}))
    return steps


def no_move_verdict(state: SplinkState) -> Verdict | None:
    """When the player to move has no legal move: why not, kind by kind (the failing
    ``availability_verdicts``), and the consequence, the end of the game scored as it
    stands; None otherwise. Implements SPK-RUL-3."""
    if end_reason(state) != REASON_NO_MOVE:
        return None
    because = [v.text for v in availability_verdicts(state) if v.holds is False]
    points = score(state)
    return Verdict("SPK-RUL-3", f"so the {state.role.value} has no legal move at all "
                   f"({'; '.join(because)}): the game is over, scored as it stands; the "
                   f"attractor scores {points}", None, ("SPK-END-1", "SPK-SCORE-1"),
                   {"reason": REASON_NO_MOVE, "because": because, "score": points})


# -- what a legal move does (the effects of its trace) -------------------------------

def outcome_effects(after: SplinkState) -> list[Verdict]:
    """How the game stands after a move, as a fact: it goes on (SPK-END-1), or it ends
    and is scored as it stands (the end's rule, with SPK-SCORE-1)."""
    end = end_verdict(after)
    if end is None:
        return [Verdict("SPK-END-1", f"the pyramid is not complete and the {after.role.value} "
                     f"has a legal move: the game goes on with the attractor on {score(after)}")]
    return [Verdict(end.rule, f"the game ends: {end.evidence['sentence']}; it is scored as it "
                 f"stands: the attractor scores {end.evidence['score']}", None,
                 (*end.also, "SPK-SCORE-1"))]


def place_effects(state: SplinkState, after: SplinkState, move: PlaceMove,
                   second: Verdict) -> list[Verdict]:
    """What a placement did: the two balls placed (SPK-PLACE-1), the second on the
    platform the first completed when it did (SPK-RUL-1, read off the second ball's
    check), and the supply that gave them."""
    low, high = move.points
    colour = {move.red: "red", move.white: "white"}
    steps = [Verdict("SPK-PLACE-1", f"a {colour[low]} ball goes on {NAMES[low]} and a "
                  f"{colour[high]} ball on {NAMES[high]}")]
    if "completed_by" in second.evidence:
        steps.append(Verdict("SPK-RUL-1", f"the {colour[high]} ball on {NAMES[high]} rests on "
                          f"the platform the {colour[low]} ball on {NAMES[low]} completed"))
    if state.supply is not None:
        steps.append(Verdict("SPK-PLACE-1", f"the supply goes from {supply_text(state)} to "
                          f"{supply_text(after)}"))
    return steps


def remove_effects(state: SplinkState, after: SplinkState, move: RemoveMove,
                    new_ball: Verdict) -> list[Verdict]:
    """What a removal did: the ball removed (SPK-REMOVE-1) and returned to the supply
    (SPK-RUL-2), the drops of the chain above it (SHB-DROP-1), and the ball placed
    from the supply (SPK-REMOVE-2, read off its check)."""
    board = board_of(state)
    b = move.removed
    found = board.colour_at(b)
    assert found is not None
    steps = [Verdict("SPK-REMOVE-1", f"the {found.label} ball at {NAMES[b]} is removed")]
    if state.supply is not None and after.supply is not None:
        index = 0 if found == Colour.RED else 1
        steps.append(Verdict("SPK-RUL-2", f"it returns to the supply ({found.label} "
                          f"{state.supply[index]} -> {after.supply[index]})"))
    else:
        steps.append(Verdict("SPK-RUL-2", "it returns to the supply (not counted under "
                          "supply=unlimited)", None, ("SPK-RUL-5",)))
    steps += drop_verdicts(board, b)
    where = ("on the point the chain vacated" if new_ball.evidence["on_vacated"] else
             "on top of a dropped ball" if new_ball.evidence["on_dropped"] else
             "on a valid location")
    steps.append(Verdict("SPK-REMOVE-2", f"a {move.colour.label} ball from the supply goes on "
                      f"{NAMES[move.placed]}, {where}", None, ("SPK-RUL-10",)))
    return steps
