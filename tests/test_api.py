"""The Python API (``shibumi_rules.get_game``): the README's example runs as written,
and on random games of every registered game the API gives what the game's own
interface and ``explain`` give; importing the package imports none of it."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shibumi_rules
from shibumi_rules import api
from shibumi_rules.errors import IllegalMoveError, OptionError
from shibumi_rules.explain import Setup, explain, render_text, report_json
from shibumi_rules.registry import game_names, get_definition

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_example_runs_as_written() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0


@pytest.mark.parametrize("module", [shibumi_rules, api], ids=lambda m: m.__name__)
def test_the_docstring_examples_run(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted >= 2 and result.failed == 0


def test_importing_the_package_imports_no_game_and_no_api() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, shibumi_rules; print(sorted(m for m in "
         "sys.modules if m.startswith(('shibumi_rules.api', 'shibumi_rules.registry', "
         "'shibumi_rules.games', 'shibumi_rules.explain', 'shibumi_rules.spec'))))"],
        capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"
    assert shibumi_rules.get_game is api.get_game


def test_the_games_are_the_registered_ones_and_an_unknown_one_is_refused() -> None:
    assert shibumi_rules.game_names() == game_names()
    with pytest.raises(OptionError, match=r"unknown game 'chess' \(known: "):
        shibumi_rules.get_game("chess")
    with pytest.raises(AttributeError):
        getattr(shibumi_rules, "no_such_name")  # noqa: B009


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(game_names()), st.integers(0, 2**32 - 1), st.integers(0, 30))
def test_the_api_plays_as_the_game_and_explains_as_explain(name: str, seed: int,
                                                           plies: int) -> None:
    game = shibumi_rules.get_game(name)
    rules = get_definition(name).rules()
    rng = random.Random(seed)
    first = rng.choice(rules.first_choices) if rules.first_choices else None
    state = game.start(first=first)
    assert rules.format_position(state) == rules.format_position(rules.start(None, first))
    for _ in range(plies):
        moves = game.legal_moves(state)
        assert moves == rules.legal_move_texts(state)
        if not moves:
            break
        text = rng.choice(moves)
        by_text = game.play(state, text)
        by_move = game.play(state, rules.parse_move(state, text))
        assert rules.format_position(by_text) == rules.format_position(by_move)
        state = by_text
    outcome = game.outcome(state)
    data = rules.outcome_json(state)
    assert outcome.over == bool(data["over"]) == rules.is_over(state)
    assert (outcome.winner, outcome.reason) == (data.get("winner"), data.get("reason"))
    assert outcome.draw == bool(data.get("draw"))
    assert outcome.text == rules.outcome_text(state)
    assert {**outcome.details, "over": data["over"], "reason": data["reason"]} == {
        k: v for k, v in data.items() if k not in ("winner", "draw")}
    definition = get_definition(name)
    asked = rng.choice(game.legal_moves(state)) if game.legal_moves(state) else None
    answer = game.explain(state, asked)
    direct = explain(rules, definition.explainer(),
                     Setup(position=rules.format_position(state)), asked)
    assert answer.to_json() == report_json(direct)
    assert answer.text() == render_text(direct)
    if asked is not None:
        assert answer.to_json()["answer"]["legal"] is True


def test_an_illegal_move_names_its_rule() -> None:
    name = game_names()[0]
    game = shibumi_rules.get_game(name)
    state = game.start()
    move = game.legal_moves(state)[0]
    after = game.play(state, move)
    with pytest.raises(IllegalMoveError) as err:
        game.play(after, move)
    assert err.value.rule_id is not None
    assert game.explain(after, move).to_json()["answer"]["rule"] == err.value.rule_id
