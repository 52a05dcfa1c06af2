"""The learning view of every game, without the learning libraries: the fixed action
numbering (complete, exact, parseable), the seats, the returns and their bounds, the
longest game, the observation, and the action table of spec/."""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from shibumi_rules.board import Board, supporting_exactly_one, valid_locations
from shibumi_rules.errors import IllegalMoveError, OptionError, PositionError
from shibumi_rules.games.splink.actions import below, placement_pairs, removal_pairs
from shibumi_rules.games.splink.game import score
from shibumi_rules.games.splink.mechanics import chain_top
from shibumi_rules.games.splink.score import GREATEST_SCORE
from shibumi_rules.geometry import COORDS, LEVELS, NAMES, POINTS, SIDE, SUPPORTER_MASK, Mask
from shibumi_rules.learning import LearningGame
from shibumi_rules.notation import Colour
from shibumi_rules.registry import game_names, get_definition

from .game_strategies import random_game

SPEC = Path(__file__).resolve().parents[1] / "spec"


def option_sets(name: str) -> list[dict[str, str]]:
    """Every combination of option values; integer options take their adapter default
    and 0, 1 and 12."""
    definition = get_definition(name)
    choices = []
    for option in definition.rules().options:
        if option.values is not None:
            values = list(option.values)
        else:
            default = definition.actions().adapter_defaults.get(option.name, option.default)
            values = list(dict.fromkeys([default, "0", "1", "12"]))
        choices.append([(option.name, v) for v in values])
    return [dict(combo) for combo in itertools.product(*choices)]


def learning_games() -> list[LearningGame]:
    """Every game under every option combination and first player."""
    out = []
    for name in game_names():
        firsts = get_definition(name).rules().first_choices or (None,)
        for options, first in itertools.product(option_sets(name), firsts):
            out.append(LearningGame.of(get_definition(name), options, first))
    return out


GAMES = learning_games()


@st.composite
def game_states(draw: st.DrawFn) -> tuple[LearningGame, list[Any]]:
    learning = draw(st.sampled_from(GAMES))
    return learning, random_game(draw, learning.game, learning.start(), 80)


# -- the numbering ---------------------------------------------------------------------

@pytest.mark.parametrize("name", game_names())
def test_numbering_is_unique_and_in_the_games_notation(name: str) -> None:
    learning = LearningGame.of(get_definition(name))
    texts = learning.texts
    assert len(set(texts)) == len(texts) > 0
    assert learning.index == {text: number for number, text in enumerate(texts)}
    state = learning.start()
    for text in texts:
        move = learning.game.parse_move(state, text)
        assert learning.game.format_move(move) == text


@settings(max_examples=60, deadline=None)
@given(game_states())
def test_every_legal_move_has_a_number_and_numbers_play_the_move(
        drawn: tuple[LearningGame, list[Any]]) -> None:
    learning, states = drawn
    game = learning.game
    for state in states:
        numbers = learning.legal_actions(state)
        assert numbers == sorted(numbers)
        texts = game.legal_move_texts(state)
        assert sorted(texts) == sorted(learning.texts[n] for n in numbers)
        for number in numbers[:5]:
            after = learning.play(state, number)
            expected = game.play_text(state, learning.texts[number])
            assert game.format_position(after) == game.format_position(expected)


def test_a_number_out_of_range_or_illegal_is_refused_with_the_rule() -> None:
    for name in game_names():
        learning = LearningGame.of(get_definition(name))
        start = learning.start()
        with pytest.raises(OptionError, match=r"^action -1: expected 0 to \d+$"):
            learning.play(start, -1)
        illegal = next(n for n in range(len(learning.texts))
                       if n not in learning.legal_actions(start))
        with pytest.raises(IllegalMoveError) as err:
            learning.play(start, illegal)
        assert err.value.rule_id is not None
        assert str(err.value).startswith(f"action {illegal} ({learning.texts[illegal]}): ")


@cache
def gravity_boards() -> tuple[Mask, ...]:
    """Every occupancy of the pyramid that obeys gravity (141,120 of them)."""
    seen = {0}
    stack = [0]
    while stack:
        occupied = stack.pop()
        for p in POINTS:
            if valid_locations(occupied) >> p & 1 and (occupied | 1 << p) not in seen:
                seen.add(occupied | 1 << p)
                stack.append(occupied | 1 << p)
    return tuple(sorted(seen))


def test_splink_pairs_are_exactly_those_some_board_allows() -> None:
    """The geometric derivation of the numbering against every board with an even
    number of balls (the only ones the notation accepts): a pair is numbered exactly
    when some board allows it."""
    boards = gravity_boards()
    assert len(boards) == 141_120
    places: set[tuple[int, int]] = set()
    removals: set[tuple[int, int]] = set()
    for occupied in boards:
        if occupied.bit_count() % 2:
            continue
        valid = valid_locations(occupied)
        for p in POINTS:
            if valid >> p & 1:
                after = valid_locations(occupied | 1 << p)
                places.update((p, q) for q in POINTS if q > p and after >> q & 1)
        once = supporting_exactly_one(occupied)
        for b in POINTS:
            if once >> b & 1:
                left = valid_locations(occupied & ~(1 << chain_top(occupied, b)))
                removals.update((b, v) for v in POINTS if left >> v & 1)
    assert set(placement_pairs()) == places and len(places) == 374
    assert set(removal_pairs()) == removals and len(removals) == 592
    assert len(LearningGame.of(get_definition("splink")).texts) == 2 * (374 + 592)


def test_every_sploof_number_is_legal_in_some_position() -> None:
    """A witness for each of the 61: the balls under the point, and for a removal a red
    ball on it, under supply=unlimited so no count is in the way; the balls under are
    coloured so that nobody holds a line. The pass: a complete pyramid under stuck=pass
    where Black's supply is too short for a removal and White could remove 1a1."""
    learning = LearningGame.of(get_definition("sploof"), {"supply": "unlimited"})
    game = learning.game
    rng = random.Random(21)
    colourings = [rng.getrandbits(30) for _ in range(200)]
    passing = LearningGame.of(get_definition("sploof"), {"stuck": "pass"})
    stuck = passing.parse("RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,5 "
                          "supply:4,1,7 stuck=pass")
    assert passing.legal_actions(stuck) == [learning.texts.index("pass")] == [60]
    for number, text in enumerate(learning.texts):
        if text == "pass":
            continue
        remove = text.startswith("x")
        point = NAMES.index(text.lstrip("x"))
        under = below(SUPPORTER_MASK[point])
        red = 1 << point if remove else 0
        witnesses = []
        for colouring in colourings:
            black = under & colouring
            board = Board((under & ~black, black, red)).to_text()
            state = game.parse_position(
                f"{board} white stock:1,0 supply:-,-,{16 - red.bit_count()} "
                "simultaneous=mover supply=unlimited")
            if not game.is_over(state):
                witnesses.append(state)
                break
        assert witnesses, text
        assert number in learning.legal_actions(witnesses[0]), text


# -- seats, returns, longest game ------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(game_states())
def test_moves_left_bound_falls_with_every_move(drawn: tuple[LearningGame, list[Any]]
                                               ) -> None:
    """The longest game is true: the bound is at most the start's, falls by at least
    one with every legal move, and is 0 only when the game is over."""
    learning, states = drawn
    bound = learning.actions.moves_left_bound
    assert bound(states[0]) == learning.max_length
    for state in states:
        left = bound(state)
        assert left is not None and 0 <= left <= learning.max_length
        if left == 0:
            assert learning.is_over(state)
        for move in learning.game.legal_moves(state)[:8]:
            after = bound(learning.game.play(state, move))
            assert after is not None and after <= left - 1


@settings(max_examples=60, deadline=None)
@given(game_states())
def test_returns_are_zero_sum_within_the_bounds_and_follow_the_outcome(
        drawn: tuple[LearningGame, list[Any]]) -> None:
    learning, states = drawn
    low, high = learning.actions.utility
    for state in states:
        returns = learning.returns(state)
        assert len(returns) == len(learning.seats) and sum(returns) == 0
        assert all(low <= r <= high for r in returns)
        if not learning.is_over(state):
            assert returns == (0.0, 0.0)
            turn = learning.position(state).split(" ")[1]
            assert learning.seats[learning.seat_to_move(state)] == turn
            continue
        outcome = learning.game.outcome_json(state)
        if "score" in outcome:
            assert returns == (outcome["score"], -outcome["score"])
        elif outcome["draw"]:
            assert returns == (0.0, 0.0)
        else:
            assert returns[learning.seats.index(outcome["winner"])] == high == 1.0


@settings(max_examples=40, deadline=None)
@given(game_states())
def test_no_splink_position_scores_more_than_the_bound(
        drawn: tuple[LearningGame, list[Any]]) -> None:
    learning, states = drawn
    if learning.name == "splink":
        assert all(0 <= score(s) <= GREATEST_SCORE for s in states)


def test_a_game_that_can_go_on_for_ever_is_refused() -> None:
    with pytest.raises(OptionError) as err:
        LearningGame.of(get_definition("splink"), {"max_turns": "none"})
    assert str(err.value).startswith(
        "splink with max_turns=none supply=limited can go on for ever; a learning "
        "library needs a longest game: max_turns - turns played")
    assert LearningGame.of(get_definition("splink")).options["max_turns"] == "1000"
    with pytest.raises(OptionError, match="unknown option 'colour' for sploof"):
        LearningGame.of(get_definition("sploof"), {"colour": "blue"})
    with pytest.raises(OptionError, match="--first 'red': expected one of white, black"):
        LearningGame.of(get_definition("sploof"), first="red")


# -- positions and observations --------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(game_states())
def test_positions_round_trip_and_other_options_are_refused(
        drawn: tuple[LearningGame, list[Any]]) -> None:
    learning, states = drawn
    for state in states[::4]:
        text = learning.position(state)
        assert learning.position(learning.parse(text)) == text
    others = [g for g in GAMES if g.name == learning.name
              and dict(g.options) != dict(learning.options)]
    for other in others[:2]:
        with pytest.raises(PositionError, match="is not played under this game's options"):
            other.parse(learning.position(states[0]))


def test_a_position_longer_than_the_longest_game_is_refused() -> None:
    learning = LearningGame.of(get_definition("sploof"))
    reds = "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../."
    with pytest.raises(PositionError, match="may last 46 more moves, more than this "
                                            r"game's longest game \(42\)"):
        learning.parse(f"{reds} white stock:2,2 supply:14,14,0")


@settings(max_examples=40, deadline=None)
@given(game_states())
def test_observation_shows_the_board_the_mover_and_the_counts(
        drawn: tuple[LearningGame, list[Any]]) -> None:
    learning, states = drawn
    planes, rows, cols = learning.shape
    assert (rows, cols) == (SIDE, SIDE) and planes == len(learning.plane_names())
    cells = SIDE * SIDE
    for state in states:
        values = learning.observation(state)
        assert len(values) == planes * cells and all(0.0 <= v <= 1.0 for v in values)
        board = learning.game.board(state)
        for c, colour in enumerate(learning.actions.colours):
            mask = 0
            for point, coord in enumerate(COORDS):
                plane = c * LEVELS + coord.level
                if values[plane * cells + coord.row * SIDE + coord.col]:
                    mask |= 1 << point
            assert mask == board.masks[colour]
        seat_planes = [values[(len(learning.actions.colours) * LEVELS + s) * cells]
                       for s in range(len(learning.seats))]
        expected = [0.0] * len(learning.seats)
        if not learning.is_over(state):
            expected[learning.seat_to_move(state)] = 1.0
        assert seat_planes == expected
        first_count = len(learning.actions.colours) * LEVELS + len(learning.seats)
        counts = learning.actions.counts(state)
        assert [values[(first_count + i) * cells] for i in range(len(counts))] == [
            c.fraction for c in counts]
        assert all(c.value is None or c.value <= c.limit for c in counts)


def test_every_colour_a_game_uses_has_planes() -> None:
    for learning in GAMES:
        used = {c for c in Colour if learning.game.board(learning.start()).masks[c]}
        assert used <= set(learning.actions.colours)


# -- the table -------------------------------------------------------------------------

def _table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SPEC / "tables" / "actions.json").read_text("utf-8"))
    return data


def test_the_action_table_validates_and_lists_each_games_numbering() -> None:
    doc = _table()
    validator = Draft202012Validator(json.loads(
        (SPEC / "schema" / "actions.schema.json").read_text("utf-8")))
    assert list(validator.iter_errors(doc)) == []
    assert [g["game"] for g in doc["games"]] == list(game_names())
    for entry, twin in zip(doc["games"], doc["csv"]):
        learning = LearningGame.of(get_definition(entry["game"]))
        assert [row["move"] for row in entry["actions"]] == list(learning.texts)
        assert [row["action"] for row in entry["actions"]] == list(range(entry["count"]))
        assert entry["longest_game"]["moves"] == learning.max_length
        assert entry["observation"]["shape"] == list(learning.shape)
        data = (SPEC / "tables" / twin["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == twin["sha256"]
        assert twin["file"] == f"actions_{entry['game']}.csv"
        rows = data.decode().splitlines()
        assert rows[0] == "action,move" and len(rows) == entry["count"] + 1


def test_the_action_schema_is_strict() -> None:
    doc = _table()
    validator = Draft202012Validator(json.loads(
        (SPEC / "schema" / "actions.schema.json").read_text("utf-8")))
    assert not validator.is_valid({**doc, "surprise": 1})
    for path in (("games",), ("csv",), ("games", 0, "actions")):
        broken = copy.deepcopy(doc)
        rows: Any = broken
        for key in path:
            rows = rows[key]
        del rows[0][next(iter(rows[0]))]
        assert not validator.is_valid(broken), path
        broken = copy.deepcopy(doc)
        rows = broken
        for key in path:
            rows = rows[key]
        rows[-1]["surprise"] = 1
        assert not validator.is_valid(broken), path
