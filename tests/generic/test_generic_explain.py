"""``explain`` answers about every game: on every legal move of random positions it says
legal, with passing checks and the position and outcome that ``play`` gives; on an
illegal move it says illegal with the rule ``play`` refuses it by, the first failing
check citing it; and the command line gives the same answers with exit status 0."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import cli, spec
from shibumi_rules.contract.game import Game
from shibumi_rules.errors import IllegalMoveError, NotationError
from shibumi_rules.explain.output import report_json
from shibumi_rules.explain.report import Setup, explain

from .selection import GAMES, definition, rules
from .strategies import Playout, playouts, seeded_playout

STEP_KEYS = {"rule", "also", "ok", "text"}


def _answer(name: str, position: str, move: str) -> dict[str, Any]:
    report = explain(rules(name), definition(name).explainer(), Setup(position=position),
                     move)
    data = report_json(report)
    assert data["game"] == name and data["question"] == move
    answer: dict[str, Any] = data["answer"]
    assert answer["kind"] == "move" and answer["move"] == move
    ids = spec.current()
    for step in answer["checks"] + answer["effects"]:
        assert set(step) == STEP_KEYS and step["text"], step
        assert step["rule"] in ids and all(rule in ids for rule in step["also"]), step
    assert set(data["rules"]) <= set(ids.ids())
    return answer


def _illegal(game: Game[Any, Any], state: Any, played: Playout) -> tuple[str, str] | None:
    """A move text that parses in ``state`` but is illegal there, with the rule
    ``play`` refuses it by: a move legal somewhere in the random game but not here
    (None when there is none)."""
    legal = set(game.legal_move_texts(state))
    for other in played.states:
        for text in game.legal_move_texts(other):
            if text in legal:
                continue
            try:
                move = game.parse_move(state, text)
            except NotationError:
                continue
            try:
                game.play(state, move)
            except IllegalMoveError as err:
                assert err.rule_id is not None, f"{text} is refused without a rule"
                return text, err.rule_id
            raise AssertionError(f"{text} is not listed as legal, yet it plays")
    return None


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_explain_answers_every_legal_move_and_an_illegal_one(name: str,
                                                             data: st.DataObject) -> None:
    game = rules(name)
    played = data.draw(playouts(definition(name)))
    state = played.states[data.draw(st.integers(0, len(played.states) - 1))]
    position = game.format_position(state)
    for move in game.legal_moves(state):
        text = game.format_move(move)
        answer = _answer(name, position, text)
        after = game.play(state, move)
        assert answer["legal"] is True and answer["rule"] is None, answer
        assert all(step["ok"] is not False for step in answer["checks"]), answer
        assert answer["position_after"] == game.format_position(after)
        assert answer["outcome"] == game.outcome_json(after)
    illegal = _illegal(game, state, played)
    if illegal is not None:
        text, rule = illegal
        answer = _answer(name, position, text)
        assert answer["legal"] is False and answer["rule"] == rule, answer
        failing = [step for step in answer["checks"] if step["ok"] is False]
        assert failing and failing[0]["rule"] == rule, answer
        assert answer["position_after"] is None and answer["effects"] == []


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    status = cli.main(["explain", *args, "--json"])
    out, err = capsys.readouterr()
    assert err == "", err
    data: dict[str, Any] = json.loads(out)
    return status, data


@pytest.mark.parametrize("name", GAMES)
def test_the_command_line_answers_a_legal_and_an_illegal_move_with_status_0(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``shibumi-rules explain`` after a few moves of a fixed random game: its first
    legal move, a move that is illegal there and the position itself, each exit status
    0 and each the answer of ``explain`` itself."""
    game = rules(name)
    played = seeded_playout(game, name, 6)
    state = played.states[-1]
    position = game.format_position(state)
    checked = 0
    questions = game.legal_move_texts(state)[:1]
    illegal = _illegal(game, state, played)
    assert illegal is not None, "no move of the game is illegal after it"
    questions.append(illegal[0])
    for question in questions:
        status, data = _cli(capsys, name, "--position", position, question)
        assert status == 0
        assert data["answer"] == json.loads(json.dumps(_answer(name, position, question)))
        checked += 1
    status, data = _cli(capsys, name, "--position", position)
    assert status == 0 and data["answer"]["kind"] == "position"
    listed = data["answer"]["moves"]
    if isinstance(listed, dict):  # grouped by kind of move
        listed = [text for group in listed.values() for text in group]
    assert sorted(listed) == sorted(game.legal_move_texts(state))
    assert checked > 0
