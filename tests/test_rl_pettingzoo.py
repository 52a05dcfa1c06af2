"""Every game as a PettingZoo AEC environment: the library's own API and seed tests on
every game, and a differential test against the engine. Skipped when the ``rl`` extra
is not installed; CI installs it."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="needs the rl extra (pettingzoo)")
adapter = pytest.importorskip("shibumi_rules.pettingzoo",
                              reason="needs the rl extra (pettingzoo, gymnasium, numpy)")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from shibumi_rules.errors import IllegalMoveError, OptionError  # noqa: E402
from shibumi_rules.learning import LearningGame  # noqa: E402
from shibumi_rules.registry import game_names, get_definition  # noqa: E402

from .test_rl_actions import option_sets  # noqa: E402

EXPECTED_WARNINGS = (
    # PettingZoo's checks warn about every dict observation with an action mask, except
    # for the names of its own environments.
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
)

def playable(name: str) -> list[dict[str, str]]:
    """The option sets under which a game has a first move (PettingZoo's API needs one;
    the others are refused, see below)."""
    return [o for o in option_sets(name) if not LearningGame.of(get_definition(name), o).is_over(
        LearningGame.of(get_definition(name), o).start())]


CASES = [(name, options) for name in game_names() for options in playable(name)]


def _ids(case: tuple[str, dict[str, str]]) -> str:
    name, options = case
    return " ".join([name, *(f"{k}={v}" for k, v in sorted(options.items()))])


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_api_test_and_seed_test(case: tuple[str, dict[str, str]]) -> None:
    """PettingZoo's own tests, with no warning beyond the two every masked dict
    observation draws."""
    name, options = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(adapter.env(game=name, **options), num_cycles=200)
        seed_test(lambda: adapter.env(game=name, **options), num_cycles=200)
    unexpected = {str(w.message) for w in caught} - set(EXPECTED_WARNINGS)
    assert unexpected == set()


@pytest.mark.parametrize("name", game_names())
def test_random_games_reach_the_engines_states_and_outcomes(name: str) -> None:
    """Differential: random masked actions, replayed by the engine as text, give the
    same position, legal moves, player to move, end and rewards."""
    definition = get_definition(name)
    engine, actions = definition.rules(), definition.actions()
    rng = random.Random(8)
    for options in playable(name):
        env = adapter.raw_env(game=name, **options)
        for seed in range(2):
            env.reset(seed=seed)
            start = env.state
            moves: list[str] = []
            rewards = dict.fromkeys(env.possible_agents, 0.0)
            for agent in env.agent_iter():
                observation, reward, terminated, truncated, _ = env.last()
                rewards[agent] += reward
                expected = engine.replay(start, moves)
                assert engine.format_position(env.state) == engine.format_position(expected)
                assert not truncated
                if terminated:
                    env.step(None)
                    continue
                assert agent == env.possible_agents[actions.seat_to_move(expected)]
                legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
                assert sorted(env.learning.texts[i] for i in legal) == sorted(
                    engine.legal_move_texts(expected))
                action = rng.choice(legal)
                moves.append(env.learning.texts[action])
                env.step(action)
            final = engine.replay(start, moves)
            assert engine.is_over(final)
            assert tuple(rewards[a] for a in env.possible_agents) == actions.returns(final)


def test_agents_are_named_by_seat_and_render_is_the_diagram() -> None:
    env = adapter.raw_env(game="sploof", render_mode="ansi")
    assert env.possible_agents == ["white_0", "black_1"]
    assert env.render() == env.learning.describe(env.state)
    assert adapter.raw_env(game="splink").possible_agents == ["attractor_0", "repulsor_1"]
    assert str(adapter.env(game="splink", max_turns=40).unwrapped) == "shibumi_splink_v0"
    with pytest.raises(ValueError, match="render_mode 'human': expected one of ansi"):
        adapter.raw_env(game="sploof", render_mode="human")


def test_first_player_fixed_or_drawn_from_the_seed() -> None:
    assert adapter.raw_env(game="sploof", first="black").agent_selection == "black_1"
    unseeded = adapter.raw_env(game="sploof")
    assert unseeded.agent_selection == "white_0"
    drawn = []
    for seed in range(12):
        env = adapter.raw_env(game="sploof")
        env.reset(seed=seed)
        again = adapter.raw_env(game="sploof")
        again.reset(seed=seed)
        assert env.agent_selection == again.agent_selection
        drawn.append(env.agent_selection)
    assert set(drawn) == {"white_0", "black_1"}
    splink = adapter.raw_env(game="splink")
    splink.reset(seed=3)
    assert splink.agent_selection == "attractor_0"


def test_bad_options_and_illegal_actions() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour' for sploof"):
        adapter.env(game="sploof", colour="blue")
    with pytest.raises(OptionError, match="can go on for ever"):
        adapter.env(game="splink", max_turns="none")
    with pytest.raises(OptionError, match=r"^splink under max_turns=0 supply=limited is over "
                                          r"before the first move"):
        adapter.env(game="splink", max_turns=0)
    raw = adapter.raw_env(game="sploof")
    with pytest.raises(IllegalMoveError, match=r"\[SHB-PLACE-1\]$"):
        raw.step(29)
    env = adapter.env(game="splink")
    env.reset()
    illegal = next(i for i, ok in enumerate(env.observe("attractor_0")["action_mask"])
                   if not ok)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {"attractor_0": -42.0, "repulsor_1": 0}


def test_observation_is_the_same_for_both_agents_and_masked_for_the_mover() -> None:
    env = adapter.raw_env(game="sploof")
    mover: Any = env.observe("white_0")
    other: Any = env.observe("black_1")
    assert (mover["observation"] == other["observation"]).all()
    assert mover["action_mask"].sum() == len(env.learning.legal_actions(env.state))
    assert other["action_mask"].sum() == 0
    assert env.observation_space("white_0").contains(mover)
