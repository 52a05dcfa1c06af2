"""Every registered game as a PettingZoo AEC environment:
``shibumi_rules.pettingzoo.env(game="sploof", **options)``.

Needs the ``rl`` extra (pettingzoo, gymnasium, numpy); the rest of the package never
imports it. Conventions, as in PettingZoo's classic board games (see docs/rl.md):

- agents are named by seat and number, ``white_0`` and ``black_1`` or ``attractor_0``
  and ``repulsor_1`` (the seats of ``GameActions.seats``); ``agent_selection`` is the
  player to move;
- the action space is ``Discrete(n)`` over the game's fixed numbering
  (``GameActions.texts``, also in ``spec/tables/actions.json``);
- an observation is ``{"observation": float32 array (planes, 4, 4), "action_mask":
  int8 array (n,)}``: the planes of ``shibumi_rules.learning`` (the whole position, the
  same for every agent), and 1 for each legal move of the agent to move (all zeros for
  the other agent and once the game is over);
- rewards come at the end only: a line game +1/-1 (0 each for a draw); Splink the
  attractor's score for the attractor and its negative for the repulsor. A game ends
  by its rules (a termination); nothing truncates it, because every game has a longest
  game (Splink's ``max_turns`` defaults to 1000 here, as in matches);
- ``options`` are the game's options (``supply="unlimited"``, ``max_turns=40``, ...),
  checked as everywhere else; options under which the game is over before the first
  move (Splink's ``max_turns=0``) are refused, since PettingZoo's API needs a game that
  is on after ``reset``; ``first`` fixes the first player where the game lets it
  be chosen. Without ``first``, ``reset(seed=N)`` draws it from the seed as
  ``--seed`` does on the command line, and a ``reset()`` after that draws again from
  the same generator; with neither, the game's default (White) moves first;
- ``render_mode="ansi"``: ``render()`` returns the game's text diagram;
- ``env()`` wraps ``raw_env`` as the classic games do: an illegal action ends the game
  with the game's least return for the agent that played it; ``raw_env`` itself raises
  ``IllegalMoveError`` naming the rule the move breaks.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .errors import OptionError
from .learning import LearningGame, options_text
from .registry import game_names, get_definition

RENDER_MODES: Final = ("ansi",)


def agent_names(seats: tuple[str, ...]) -> list[str]:
    """``seat_number`` for each seat, as PettingZoo recommends (``white_0``)."""
    return [f"{seat}_{number}" for number, seat in enumerate(seats)]


class raw_env(AECEnv):  # type: ignore[misc]
    """One game of a registered Shibumi game, played agent by agent (the class name is
    PettingZoo's convention)."""

    def __init__(self, game: str | None = None, render_mode: str | None = None,
                 first: str | None = None, **options: object) -> None:
        super().__init__()
        name = game if game is not None else game_names()[0]
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{', '.join(RENDER_MODES)} or None")
        self.learning = LearningGame.of(get_definition(name),
                                        {k: str(v) for k, v in options.items()},
                                        first)
        if self.learning.is_over(self.learning.start()):
            raise OptionError(f"{name} under {options_text(self.learning.options)} is over "
                              "before the first move; a PettingZoo game needs one move")
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"shibumi_{name}_v0",
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.fixed_first = first
        self.rng: random.Random | None = None
        self.possible_agents = agent_names(self.learning.seats)
        self.agents = self.possible_agents[:]
        size = len(self.learning.texts)
        observation = spaces.Box(0.0, 1.0, self.learning.shape, np.float32)
        mask = spaces.Box(0, 1, (size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation,
                                                   "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` starts the generator that draws the first player where
        it is not fixed; ``options`` (PettingZoo's reset options) are not used."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.learning.start(self._first())
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.learning.seat_to_move(self.state)]

    def _first(self) -> str | None:
        game = self.learning.game
        if self.fixed_first is not None or self.rng is None or not game.first_choices:
            return self.fixed_first
        return game.choose_first(None, self.rng.getrandbits(64))

    def observe(self, agent: str) -> dict[str, Any]:
        values = np.asarray(self.learning.observation(self.state), dtype=np.float32)
        mask = np.zeros(len(self.learning.texts), dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[self.learning.legal_actions(self.state)] = 1
        return {"observation": values.reshape(self.learning.shape), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self.state = self.learning.play(self.state, int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.learning.is_over(self.state):
            for name, value in zip(self.possible_agents, self.learning.returns(self.state)):
                self.rewards[name] = value
            self.terminations = dict.fromkeys(self.agents, True)
            mover = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(mover + 1) % len(self.agents)]
        else:
            self.agent_selection = self.possible_agents[
                self.learning.seat_to_move(self.state)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text diagram (``render_mode="ansi"``); None, with a warning, without a
        render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  "give render_mode='ansi'")
            return None
        return self.learning.describe(self.state)

    def close(self) -> None:
        """Nothing to release."""


def exact_action(environment: AECEnv, budget: int | None = None) -> int:
    """A perfect move for the agent to move (``LearningGame.exact_action``), for the
    raw environment or a wrapped one; RuntimeError where the solver does not finish
    within ``budget`` positions (it never guesses)."""
    raw = environment.unwrapped
    if not isinstance(raw, raw_env):
        raise TypeError("exact_action plays the environments of this module")
    action = raw.learning.exact_action(raw.state, budget)
    if action is None:
        raise RuntimeError(f"not solved within {budget} positions: "
                           f"{raw.learning.position(raw.state)}")
    return action


def env(game: str | None = None, render_mode: str | None = None, first: str | None = None,
        **options: object) -> AECEnv:
    """The game as PettingZoo's classic games come: an illegal action ends the game with
    the game's least return for its player, actions out of range are refused, and the
    calls must come in order."""
    raw = raw_env(game, render_mode, first, **options)
    least = raw.learning.actions.utility[0]
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=least)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
