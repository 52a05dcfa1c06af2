"""Splink invariants over random games: counts, conservation, score, symmetry,
notation, and the move generator and fast perft against plain definitions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.games.splink.game import GAME, end_reason, score
from shibumi_rules.games.splink.rules import move_verdicts
from shibumi_rules.games.splink.score import score_verdict
from shibumi_rules.games.splink.state import (
    PlaceMove,
    RemoveMove,
    SplinkMove,
    SplinkState,
    make_state,
)
from shibumi_rules.geometry import ALL, INDEX_OF_NAME, POINTS, SYMMETRIES, TOUCHING_PAIRS, map_mask
from shibumi_rules.notation import Colour
from shibumi_rules.verdict import first_failure

from .test_splink_strategies import games, positions

_INNER = {INDEX_OF_NAME[n] for n in ("1c3", "1e3", "1c5", "1e5", "2d4")}


def plain_score(state: SplinkState) -> int:
    """SPK-SCORE-1 straight from its words: touching, one red one white, none inner."""
    def colour(p: int) -> str | None:
        if state.red >> p & 1:
            return "R"
        return "W" if state.white >> p & 1 else None
    return sum(1 for a, b in TOUCHING_PAIRS
               if a not in _INNER and b not in _INNER and {colour(a), colour(b)} == {"R", "W"})


def mapped_state(perm: tuple[int, ...], state: SplinkState) -> SplinkState:
    return SplinkState(map_mask(perm, state.red), map_mask(perm, state.white), state.role,
                       state.supply, state.turns, state.rules)


def mapped_move(perm: tuple[int, ...], move: SplinkMove) -> SplinkMove:
    if isinstance(move, PlaceMove):
        return PlaceMove(perm[move.red], perm[move.white])
    return RemoveMove(perm[move.removed], perm[move.placed], move.colour)


def candidate_moves(state: SplinkState) -> list[SplinkMove]:
    """Every move the notation can express that could be legal here: pairs of empty
    points, and each ball swapped for the other colour anywhere."""
    empty = [p for p in POINTS if not state.occupied >> p & 1]
    candidates: list[SplinkMove] = [PlaceMove(r, w) for r in empty for w in empty if r != w]
    for b in POINTS:
        if state.occupied >> b & 1:
            other = Colour.WHITE if state.red >> b & 1 else Colour.RED
            candidates += [RemoveMove(b, v, other) for v in POINTS]
    return candidates


def brute_force_moves(state: SplinkState) -> set[SplinkMove]:
    """The candidate moves on which no verdict of ``rules.move_verdicts`` fails: the
    explained form of legality, which the move generator must match."""
    return {m for m in candidate_moves(state) if first_failure(move_verdicts(state, m)) is None}


def plain_perft(state: SplinkState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(plain_perft(GAME.play(state, m), depth - 1) for m in GAME.legal_moves(state))


@settings(max_examples=60)
@given(games())
def test_counts_are_even_and_each_colour_is_conserved(states: list[SplinkState]) -> None:
    for state in states:
        assert state.occupied.bit_count() % 2 == 0
        assert state.red & state.white == 0
        if state.supply is None:
            assert state.rules.unlimited
        else:
            assert state.red.bit_count() + state.supply[0] == 16
            assert state.white.bit_count() + state.supply[1] == 16
        assert GAME.board(state).problems() == []


@settings(max_examples=60)
@given(positions())
def test_score_is_bounded_plain_and_symmetric(state: SplinkState) -> None:
    points = score(state)
    assert 0 <= points <= 60
    assert points == plain_score(state)
    assert GAME.outcome_json(state)["score"] == points
    for _name, perm in SYMMETRIES:
        assert score(mapped_state(perm, state)) == points


@settings(max_examples=40)
@given(positions())
def test_legal_moves_map_under_the_eight_symmetries(state: SplinkState) -> None:
    moves = set(GAME.legal_moves(state))
    for _name, perm in SYMMETRIES:
        image = mapped_state(perm, state)
        assert {mapped_move(perm, m) for m in moves} == set(GAME.legal_moves(image))
        assert end_reason(image) == end_reason(state)


@settings(max_examples=30, deadline=None)
@given(positions())
def test_the_move_generator_lists_exactly_the_moves_the_verdicts_allow(
        state: SplinkState) -> None:
    """The generator (``mechanics.placement_rows`` and ``removals``) is the fast form
    of ``rules.move_verdicts``: the same moves, each once, counted alike."""
    moves = GAME.legal_moves(state)
    assert len(moves) == len(set(moves)) == GAME.count_moves(state)
    assert set(moves) == brute_force_moves(state)
    assert [GAME.format_move(m) for m in moves] == GAME.legal_move_texts(state)
    assert (not moves) == GAME.is_over(state)


@settings(max_examples=30, deadline=None)
@given(positions(), st.data())
def test_play_refuses_with_the_first_failing_verdict(state: SplinkState,
                                                     data: st.DataObject) -> None:
    legal = set(GAME.legal_moves(state))
    illegal = [m for m in candidate_moves(state) if m not in legal]
    if not illegal:
        return
    move = data.draw(st.sampled_from(illegal))
    failure = first_failure(move_verdicts(state, move))
    assert failure is not None
    try:
        GAME.play(state, move)
    except IllegalMoveError as err:
        assert err.verdict == failure and err.rule_id == failure.rule
        assert err.message == failure.text
    else:
        raise AssertionError(f"{GAME.format_move(move)} was played")


@settings(max_examples=60)
@given(positions())
def test_the_score_count_is_the_score_verdict(state: SplinkState) -> None:
    """``score_masks`` (the fast count) agrees with the score verdict's pairs, and the
    pairs it leaves out are exactly the red-white contacts at an inner point."""
    verdict = score_verdict(state.red, state.white)
    assert verdict.evidence["score"] == len(verdict.evidence["pairs"]) == score(state)
    mixed = {tuple(sorted((a, b))) for a, b in TOUCHING_PAIRS
             if {state.red >> a & 1, state.red >> b & 1} == {0, 1}
             and (state.occupied >> a & 1) and (state.occupied >> b & 1)}
    named = {tuple(sorted((INDEX_OF_NAME[a], INDEX_OF_NAME[b])))
             for a, b in verdict.evidence["pairs"] + verdict.evidence["inner_pairs"]}
    assert named == mixed


def _order_key(move: SplinkMove) -> tuple[int, int, int, int]:
    if isinstance(move, PlaceMove):
        low, high = move.points
        return (0, low, high, 0 if low == move.red else 1)
    return (1, move.removed, move.placed, 0)


@settings(max_examples=40)
@given(positions())
def test_moves_come_in_the_documented_canonical_order(state: SplinkState) -> None:
    moves = GAME.legal_moves(state)
    assert moves == sorted(moves, key=_order_key)


@settings(max_examples=25, deadline=None)
@given(positions(), st.integers(1, 2))
def test_fast_perft_equals_the_plain_tree(state: SplinkState, depth: int) -> None:
    assert GAME.perft(state, depth) == plain_perft(state, depth)


@settings(max_examples=60)
@given(positions())
def test_notation_round_trips(state: SplinkState) -> None:
    text = GAME.format_position(state)
    parsed = GAME.parse_position(text)
    assert parsed == state
    assert GAME.format_position(parsed) == text
    for move in GAME.legal_moves(state):
        written = GAME.format_move(move)
        assert GAME.parse_move(state, written) == move
        if isinstance(move, PlaceMove):
            first, second = written.split("+")
            assert GAME.parse_move(state, f"{second}+{first}") == move


@settings(max_examples=40)
@given(st.lists(st.booleans(), min_size=30, max_size=30), st.sampled_from(
    ("none", "40")))
def test_a_complete_pyramid_has_no_legal_moves(colours: list[bool], max_turns: str) -> None:
    red = sum(1 << p for p in POINTS if colours[p])
    state = make_state(red, ALL & ~red, 16,
                       GAME.start({"supply": "unlimited", "max_turns": max_turns}).rules)
    assert GAME.legal_moves(state) == [] and GAME.count_moves(state) == 0
    assert end_reason(state) == "pyramid-complete"
    assert GAME.perft(state, 1) == 0 and GAME.perft(state, 2) == 0
