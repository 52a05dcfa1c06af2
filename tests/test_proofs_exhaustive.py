"""The exhaustive claims catch a broken engine, with the case that shows it: a line of
the table, a scoring pair, an entry of the pinning table, the bulk line lookup; and the
transposition theorem catches a rule that is not colour-blind. Also the machinery the
claims stand on: the enumeration of colourings and the lane vectors."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from proofs import sploof_model as sm
from proofs.colourings import colourings
from proofs.lanes import LaneLogic, counts, first_difference, flags, mask_columns
from proofs.logic import PY_LOGIC
from proofs.solver import Outcome
from proofs.theorems import by_name
from shibumi_rules import board as engine_board
from shibumi_rules.board import Board
from shibumi_rules.games.splink import score
from shibumi_rules.games.sploof import lines
from shibumi_rules.geometry import INDEX_OF_NAME, NAMES, SUPPORTERS
from shibumi_rules.notation import COLOUR_OF_LETTER, parse_board


def failed(name: str) -> Outcome:
    outcome = by_name()[name].prove()
    assert not outcome.proved, f"{name} should fail: {outcome.summary}"
    return outcome


def board_of(outcome: Outcome) -> Board:
    """The counterexample's board (which need not obey gravity)."""
    assert outcome.counterexample is not None
    masks = [0, 0, 0]
    for point, letter in parse_board(outcome.counterexample.position.split()[0], "WBR").items():
        masks[COLOUR_OF_LETTER[letter]] |= 1 << point
    return Board((masks[0], masks[1], masks[2]))


def test_a_line_without_its_hiders_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    index, line = next((i, ln) for i, ln in enumerate(lines.LINES) if ln.hiders)
    broken = dataclasses.replace(line, hiders=())
    table = (*lines.LINES[:index], broken, *lines.LINES[index + 1:])
    monkeypatch.setattr(lines, "LINES", table)
    outcome = failed("sploof-lines-engine-equals-model")
    assert f"line {line.name}" in outcome.summary
    shown = board_of(outcome)
    own, occupied = shown.masks[0], shown.occupied
    # On the case shown the broken line holds, the real one does not: a hider is there.
    assert lines.holds(broken, own, occupied) and not lines.holds(line, own, occupied)
    assert any(occupied >> cover & 1 for _, cover in line.hiders)
    assert not sm.holds(PY_LOGIC, [bool(own >> p & 1) for p in range(30)],
                        [bool(occupied >> p & 1) for p in range(30)],
                        tuple((c.x, c.y) for c in line.cells))


def test_a_blind_blocked_rows_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # No row ever blocked: hidden or crossed rows would count as lines.
    monkeypatch.setitem(lines._ORTHO_BLOCKED_BY, "two", (0,) * len(lines.ortho_blocked("two")))
    outcome = failed("sploof-line-lookup")
    assert "the table of blocked rows under blocking=two is wrong" in outcome.summary


def test_a_blind_line_lookup_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every row complete to the halves has_line reads: unblocked rows the player does
    # not hold would count as lines.
    every_row = (1 << 8) - 1
    monkeypatch.setattr(lines, "_ORTHO_COMPLETE_LOW", (every_row,) * 256)
    monkeypatch.setattr(lines, "_ORTHO_COMPLETE_HIGH", (every_row,) * 256)
    outcome = failed("sploof-line-lookup")
    shown = board_of(outcome)
    assert lines.has_line(shown.masks[0], shown.occupied)
    assert not any(lines.holds(line, shown.masks[0], shown.occupied) for line in lines.LINES)


def test_a_missing_scoring_pair_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = score.SCORING_PAIRS[7]
    neighbours = list(score.SCORING_NEIGHBOURS)
    neighbours[a] &= ~(1 << b)
    neighbours[b] &= ~(1 << a)
    monkeypatch.setattr(score, "SCORING_NEIGHBOURS", tuple(neighbours))
    outcome = failed("splink-score-engine-equals-model")
    assert NAMES[a] in outcome.summary and NAMES[b] in outcome.summary
    shown = board_of(outcome)
    white, red = shown.masks[0], shown.masks[2]
    assert {white, red} == {1 << a, 1 << b}
    assert score.score_masks(red, white) == 0  # the broken engine; the model scores 1
    monkeypatch.setattr(score, "SCORING_PAIRS", score.SCORING_PAIRS[:7] + score.SCORING_PAIRS[8:])
    outcome = failed("splink-scoring-pairs")
    assert f"{NAMES[a]}-{NAMES[b]} is not an engine scoring pair" in outcome.summary


def test_a_wrong_pinning_entry_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two level-2 balls resting on one level-1 ball pin it; drop that entry.
    upper = [INDEX_OF_NAME["2b2"], INDEX_OF_NAME["2d2"]]
    shared = (set(SUPPORTERS[upper[0]]) & set(SUPPORTERS[upper[1]])).pop()
    base = min(p for p in range(30) if SUPPORTERS[p])
    entry = sum(1 << (p - base) for p in upper)
    table = list(engine_board._MANY0)
    table[entry] &= ~(1 << shared)
    monkeypatch.setattr(engine_board, "_MANY0", tuple(table))
    outcome = failed("engine-pinned-balls")
    assert f"the engine says {NAMES[shared]} is not among the pinned balls" in outcome.summary
    shown = board_of(outcome)  # an occupancy that obeys gravity: the whole board is shown
    assert Board.from_text(shown.to_text()) == shown
    level1 = {p for p in range(16, 25) if shown.occupied >> p & 1}
    assert level1 == set(upper)


def test_a_rule_that_is_not_colour_blind_breaks_the_transposition_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = sm.may_place

    def white_stock_only(logic: Any, arith: Any, s: Any, at: Any) -> Any:
        # A placement that looks at White's stock whoever moves.
        swapped = sm.State(s.balls, logic.const(True), s.stock, s.supply)
        return real(logic, arith, swapped, at)

    monkeypatch.setattr(sm, "may_place", white_stock_only)
    outcome = failed("sploof-transposition-keys")
    assert outcome.counterexample is not None
    assert outcome.counterexample.note.startswith("placing on")
    assert "same key as" in outcome.counterexample.note


def test_colourings_give_the_engine_and_the_model_the_same_cases() -> None:
    space = colourings((3, 17, 26))
    assert space.cases == 27
    for case in range(space.cases):
        for j, p in enumerate(space.points):
            state = (case // 3 ** j) % 3
            assert space.own[case] >> p & 1 == (state == 1)
            assert space.occupied[case] >> p & 1 == (state >= 1)
            assert space.lanes.lane(space.own_vectors[p], case) == (state == 1)
            assert space.lanes.lane(space.occupied_vectors[p], case) == (state >= 1)
        assert space.board(case).masks[0] == space.own[case]


def test_lane_vectors_read_back_case_by_case() -> None:
    masks = [0, 1 << 29, 0b1011, (1 << 30) - 1, 1 << 8]
    lanes = LaneLogic(len(masks))
    columns = mask_columns(lanes, masks)
    for case, mask in enumerate(masks):
        assert [lanes.lane(columns[p], case) for p in range(30)] == [
            mask >> p & 1 for p in range(30)]
    assert [lanes.lane(counts([5, 0, 300, 65535, 2]), i) for i in range(5)] == [
        5, 0, 300, 65535, 2]
    vector = flags(lanes, [True, False, True, False, False])
    assert first_difference(vector, vector) is None
    assert first_difference(vector, flags(lanes, [True, False, True, True, False])) == 3
    assert lanes.not_(vector) == flags(lanes, [False, True, False, True, True])
