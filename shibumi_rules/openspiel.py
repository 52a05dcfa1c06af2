"""Every registered game in OpenSpiel: importing this module registers each one with
pyspiel as ``shibumi_<game>`` (``pyspiel.load_game("shibumi_sploof")``, or this
module's ``load_game``, which checks the parameters first and names a bad one).

Needs the ``rl`` extra (open-spiel, numpy); the rest of the package never imports it.
What a game looks like there (see docs/rl.md):

- parameters: every option of the game, with the game's default, except where the
  game's default lets a game go on for ever (Splink's ``max_turns``: the adapter's
  default is the match default, 1000); integer options are integer parameters; plus
  ``first`` (default the game's first choice) where the game lets the first player be
  chosen;
- actions: the game's fixed numbering (``GameActions.texts``, also in
  ``spec/tables/actions.json``); the action string is the move in the game's notation;
- players: the seats of ``GameActions.seats`` (colours or roles), by number;
- observation tensor: the layout of ``shibumi_rules.learning``, shape (planes, 4, 4);
  observation string: the position in the game's notation;
- ``str(state)`` is the position in the game's notation, and
  ``game.new_initial_state(text)`` reads one back (history starting empty there);
  serialised states (``pyspiel.serialize_game_and_state``, pickle) carry the game's
  name, options and the position text, never engine objects;
- returns at the end only: a line game +1/-1 (0 each for a draw); Splink the
  attractor's score for the attractor and its negative for the repulsor;
- ``max_game_length``, ``min_utility`` and ``max_utility`` are the bounds of the game's
  ``GameActions`` (``length_reason``, ``utility_reason`` say why each is true).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from .display import shown
from .errors import OptionError
from .learning import LearningGame
from .limits import MAX_OPENSPIEL_INT
from .registry import definitions, get_definition

PREFIX: Final = "shibumi_"
"""Short names are the prefix and the game's name: ``shibumi_sploof``."""
FIRST: Final = "first"
"""The parameter naming the first player, for games that let it be chosen."""

Key = tuple[str, tuple[tuple[str, str], ...], str | None]
"""A game under its options and first player: what a serialised state records."""


@cache
def learning_game(key: Key) -> LearningGame:
    """The (cached) game for a key; states hold the key, not the game."""
    name, options, first = key
    return LearningGame.of(get_definition(name), dict(options), first)


def parameter_specification(name: str) -> dict[str, Any]:
    """Every option as a parameter with its default (the adapters' default where the
    game's own would never end a game), and ``first`` where the player is chosen.
    Integer options (any count or ``none``) are integer parameters when their default
    is a number."""
    definition = get_definition(name)
    game, actions = definition.rules(), definition.actions()
    spec: dict[str, Any] = {}
    for option in game.options:
        default = actions.adapter_defaults.get(option.name, option.default)
        spec[option.name] = (int(default) if option.values is None and default.isdigit()
                             else default)
    if game.first_choices:
        if FIRST in spec:
            raise RuntimeError(f"{name} has an option named {FIRST!r}, the name of the "
                               "first-player parameter")
        spec[FIRST] = game.first_choices[0]
    return spec


def key_of(name: str, params: Mapping[str, Any]) -> Key:
    """The key of a game from its pyspiel parameters (defaults filled in by pyspiel)."""
    first = params.get(FIRST)
    options = tuple(sorted((k, str(v)) for k, v in params.items() if k != FIRST))
    return (name, options, None if first is None else str(first))


@dataclass(frozen=True, slots=True)
class Held:
    """The engine state inside a pyspiel state: immutable, so a clone shares it, and
    pickled as the game's key and the position text. ``over`` is asked once: pyspiel
    asks for the player to move many times per state."""

    key: Key
    state: Any
    over: bool

    @classmethod
    def of(cls, key: Key, state: Any) -> Held:
        return cls(key, state, learning_game(key).is_over(state))

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Key, str]]:
        return (restore, (self.key, learning_game(self.key).position(self.state)))


def restore(key: Key, position: str) -> Held:
    """A held state from its key and position text (used by unpickling)."""
    return Held.of(key, learning_game(key).parse(position))


class ShibumiGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game under the parameters it was loaded with. Each game is
    registered as its own subclass, which sets ``name`` and ``game_type``."""

    name: str
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name, game_type = self.name, self.game_type
        params = dict(params or {})
        self.key = key_of(name, {**parameter_specification(name), **params})
        learning = learning_game(self.key)
        low, high = learning.actions.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=len(learning.texts), max_chance_outcomes=0,
            num_players=len(learning.seats), min_utility=low, max_utility=high,
            utility_sum=0.0, max_game_length=learning.max_length)
        super().__init__(game_type, info, params)

    @property
    def learning(self) -> LearningGame:
        return learning_game(self.key)

    def new_initial_state(self, state: str | Mapping[str, Any] | None = None) -> ShibumiState:
        """The start, or the position in the game's notation (a string, or the dict of
        ``state.to_dict()``)."""
        if isinstance(state, Mapping):
            state = str(state["position"])
        return ShibumiState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return BoardObserver(self.learning, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class ShibumiState(pyspiel.State):  # type: ignore[misc]
    """A position; its only Python attribute is the immutable ``Held`` engine state."""

    def __init__(self, game: ShibumiGame, position: str | None = None) -> None:
        super().__init__(game)
        learning = game.learning
        state = learning.start() if position is None else learning.parse(position)
        self.held = Held.of(game.key, state)

    @property
    def learning(self) -> LearningGame:
        return learning_game(self.held.key)

    def current_player(self) -> int:
        if self.held.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.learning.seat_to_move(self.held.state)

    def _legal_actions(self, player: int) -> list[int]:
        return self.learning.legal_actions(self.held.state)

    def _apply_action(self, action: int) -> None:
        self.held = Held.of(self.held.key, self.learning.play(self.held.state, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.learning.action_text(action)

    def is_terminal(self) -> bool:
        return self.held.over

    def returns(self) -> list[float]:
        return list(self.learning.returns(self.held.state))

    def __str__(self) -> str:
        return self.learning.position(self.held.state)

    def _to_struct(self) -> dict[str, Any]:
        return {"position": str(self)}

    def _action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        return {"move": self.learning.action_text(action)}

    def _struct_to_actions(self, action: Mapping[str, Any]) -> list[int]:
        return [self.learning.index[str(action["move"])]]

    def _to_observation_struct(self, player: int) -> dict[str, Any]:
        return self._to_struct()


class BoardObserver:
    """The observation tensor and string of a position (the same for both seats: the
    game has perfect information)."""

    def __init__(self, learning: LearningGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.learning = learning
        shape = learning.shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: ShibumiState, player: int) -> None:
        self.tensor[:] = self.learning.observation(state.held.state)

    def string_from(self, state: ShibumiState, player: int) -> str:
        return str(state)


class ExactBot(pyspiel.Bot):  # type: ignore[misc]
    """A bot that plays perfectly where the solver finishes within ``budget`` positions
    (``LearningGame.exact_action``), and raises where it does not: it never guesses.
    Its values are exact, so a learning agent can be measured against it."""

    def __init__(self, budget: int | None = None) -> None:
        super().__init__()
        self.budget = budget

    def step(self, state: ShibumiState) -> int:
        learning = state.learning
        action = learning.exact_action(state.held.state, self.budget)
        if action is None:
            raise RuntimeError(f"not solved within {self.budget} positions: "
                               f"{learning.position(state.held.state)}")
        return action

    def restart_at(self, state: ShibumiState) -> None:
        """Nothing to forget: every move is solved afresh (OpenSpiel's Bot interface)."""


def _game_type(name: str) -> Any:
    definition = get_definition(name)
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"Shibumi {definition.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(definition.actions().seats),
        min_num_players=len(definition.actions().seats),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name))


def _game_class(name: str, game_type: Any) -> type[ShibumiGame]:
    """The game's own subclass. pyspiel keeps the class it is given until the process
    ends; a class (unlike a plain function) is never freed before, which pyspiel would
    do without holding the interpreter's lock and crash the exit."""
    title = get_definition(name).title
    return type(f"{title}Game", (ShibumiGame,), {"name": name, "game_type": game_type,
                                                  "__module__": __name__})


def register() -> tuple[str, ...]:
    """Register every registered game not registered yet; their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for definition in definitions():
        game_type = _game_type(definition.name)
        if game_type.short_name not in known:
            pyspiel.register_game(game_type, _game_class(definition.name, game_type))
        names.append(game_type.short_name)
    return tuple(names)


GAMES: Final = register()
"""The short names of the registered games (``shibumi_sploof``, ...)."""


def load_game(name: str, params: Mapping[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(name, params)`` with the parameters checked first, so that a
    bad one is an ``OptionError`` naming it and what it takes. pyspiel converts them to
    C++ before this module sees them: an integer out of a C++ ``int``'s range
    (``max_turns=10**30``) would otherwise end in pybind11's "Unable to cast Python
    instance" and a wrong type or name in a ``SpielError`` without the values it takes."""
    if name not in GAMES:
        raise OptionError(f"unknown game {shown(repr(name))} (known: {', '.join(GAMES)})")
    given = dict(params or {})
    spec = parameter_specification(name.removeprefix(PREFIX))
    for key, value in given.items():
        if key not in spec:
            raise OptionError(f"{name}: unknown parameter {shown(repr(key))} (known: "
                              f"{', '.join(spec)})")
        default = spec[key]
        if isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{name}: parameter {key} takes an integer, not "
                                  f"{shown(repr(value))}")
            if not 0 <= value <= MAX_OPENSPIEL_INT:
                raise OptionError(f"{name}: parameter {key}={value:,} is out of range: "
                                  f"0 to {MAX_OPENSPIEL_INT:,} (OpenSpiel's integer "
                                  "parameters are C++ ints)")
        elif not isinstance(value, str):
            raise OptionError(f"{name}: parameter {key} takes text, not "
                              f"{shown(repr(value))}")
    return pyspiel.load_game(name, given)
