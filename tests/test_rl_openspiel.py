"""Every game in OpenSpiel: the library's own consistency test (random_sim_test with
serialisation) on every game under every option combination, and a differential test
against the engine. Skipped when the ``rl`` extra is not installed; CI installs it."""

from __future__ import annotations

import os
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the rl extra (open-spiel)")
openspiel = pytest.importorskip("shibumi_rules.openspiel",
                                reason="needs the rl extra (open-spiel, numpy)")

from shibumi_rules.errors import IllegalMoveError, OptionError, PositionError  # noqa: E402
from shibumi_rules.learning import LearningGame  # noqa: E402
from shibumi_rules.registry import game_names, get_definition  # noqa: E402

from .test_rl_actions import learning_games  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def load_string(learning: LearningGame) -> str:
    params = {**learning.options}
    if learning.first is not None:
        params["first"] = learning.first
    inner = ",".join(f"{k}={v}" for k, v in sorted(params.items()))
    return f"shibumi_{learning.name}({inner})"


def _case(learning: LearningGame) -> Any:
    """A game under its default options is in the everyday suite; every other option
    combination is in the slow group (CI runs both)."""
    default = LearningGame.of(get_definition(learning.name), None, learning.first).options
    spec = load_string(learning)
    return spec if learning.options == default else pytest.param(spec,
                                                                   marks=pytest.mark.slow)


CASES = [_case(g) for g in learning_games()]


def test_every_registered_game_is_registered_with_pyspiel() -> None:
    names = set(pyspiel.registered_names())
    assert openspiel.GAMES == tuple(f"shibumi_{n}" for n in game_names())
    assert set(openspiel.GAMES) <= names


@pytest.mark.parametrize("spec", CASES)
def test_random_sim_test_with_serialisation(spec: str) -> None:
    """OpenSpiel's own test: random playouts checking clones, serialisation, legal
    action masks, observations, returns and the declared bounds."""
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, 20, serialize=True, verbose=False)


def test_parameters_are_the_options_with_their_defaults() -> None:
    sploof = pyspiel.load_game("shibumi_sploof")
    assert sploof.get_parameters() == {"blocking": "two", "first": "white",
                                       "lines_checked": "both", "simultaneous": "mover",
                                       "stuck": "lose", "supply": "limited"}
    splink = pyspiel.load_game("shibumi_splink")
    assert splink.get_parameters() == {"max_turns": 1000, "supply": "limited"}
    assert splink.max_game_length() == 1000
    assert pyspiel.load_game("shibumi_splink(max_turns=12)").max_game_length() == 12
    assert sploof.max_game_length() == 42
    assert pyspiel.load_game("shibumi_sploof(stuck=pass)").max_game_length() == 84
    assert (splink.min_utility(), splink.max_utility()) == (-42.0, 42.0)
    assert (sploof.min_utility(), sploof.max_utility()) == (-1.0, 1.0)
    assert sploof.num_distinct_actions() == 61 and splink.num_distinct_actions() == 1932
    black = pyspiel.load_game("shibumi_sploof(first=black)").new_initial_state()
    assert black.current_player() == 1


@pytest.mark.parametrize("name", game_names())
def test_random_games_reach_the_engines_states_and_outcomes(name: str) -> None:
    """Differential: the moves of random games, replayed by the engine as text, give
    the same position after every move, the same legal moves, the same end and the
    same returns."""
    definition = get_definition(name)
    engine, actions = definition.rules(), definition.actions()
    rng = random.Random(21)
    for learning in learning_games():
        if learning.name != name:
            continue
        spiel = pyspiel.load_game(load_string(learning))
        for _ in range(3):
            state = spiel.new_initial_state()
            moves: list[str] = []
            while True:
                expected = engine.replay(engine.start(learning.options, learning.first), moves)
                assert str(state) == engine.format_position(expected)
                assert state.is_terminal() == engine.is_over(expected)
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                assert sorted(state.action_to_string(a) for a in legal) == sorted(
                    engine.legal_move_texts(expected))
                assert state.current_player() == actions.seat_to_move(expected)
                action = rng.choice(legal)
                moves.append(state.action_to_string(action))
                state.apply_action(action)
            assert state.returns() == list(actions.returns(expected))
            assert len(moves) <= spiel.max_game_length()


@pytest.mark.parametrize("name", game_names())
def test_states_round_trip_through_strings_serialisation_and_pickle(name: str) -> None:
    game = pyspiel.load_game(f"shibumi_{name}")
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.new_initial_state(str(state))
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    assert str(game.new_initial_state(state.to_dict())) == str(state)
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert str(restored) == str(state) and restored.history() == state.history()
    held = pickle.dumps(state.held)
    assert str(state).encode() in held  # the position text, not engine objects
    assert str(pickle.loads(held).state) == str(state.held.state)
    assert state.observation_string(0) == str(state)


def test_bad_positions_and_illegal_actions_are_refused_with_the_rule() -> None:
    game = pyspiel.load_game("shibumi_sploof(supply=unlimited)")
    start = pyspiel.load_game("shibumi_sploof").new_initial_state()
    with pytest.raises(PositionError, match="is not played under this game's options"):
        game.new_initial_state(str(start))
    state = game.new_initial_state()
    with pytest.raises(IllegalMoveError, match=r"^action 29 \(4d4\): .*\[SHB-PLACE-1\]$"):
        state.apply_action(29)
    with pytest.raises(OptionError, match=r"^option supply='bogus': expected one of limited, "
                                          r"unlimited$"):
        pyspiel.load_game("shibumi_sploof(supply=bogus)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter max_turns"):
        pyspiel.load_game("shibumi_splink(max_turns=none)")  # an integer parameter


def test_observation_tensor_is_the_learning_layout() -> None:
    game = pyspiel.load_game("shibumi_splink")
    state = game.new_initial_state()
    learning = LearningGame.of(get_definition("splink"))
    assert game.observation_tensor_shape() == list(learning.shape)
    assert state.observation_tensor(0) == pytest.approx(learning.observation(learning.start()))
    assert state.observation_tensor(1) == state.observation_tensor(0)


def test_the_documented_mcts_example_runs() -> None:
    """The docs' example, with a tiny budget: it prints one line per game."""
    done = subprocess.run(
        [sys.executable, "benchmarks/rl_mcts.py", "--games", "2", "--simulations", "4",
         "--option", "max_turns=6"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"shibumi_{n}" for n in game_names()]
    assert all(re.search(r": MCTS\(4\) against uniform random won \d+, drew \d+, lost "
                         r"\d+ of 2 pairings", line) for line in lines)

