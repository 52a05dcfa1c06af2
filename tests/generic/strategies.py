"""Hypothesis strategies over any game: option combinations drawn from the game's own
option specs, and the states of random games played from its start under them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from shibumi_rules.contract.definition import GameDefinition
from shibumi_rules.contract.game import Game, OptionSpec

INTEGER_VALUES = ("none", "0", "1", "5")
"""Values drawn for an option that takes any count, besides its default and the ones
the game's vector plan draws (a turn limit of 0 or 1 ends a game at once or at once
after the first move: the edges of the outcome rules)."""


def option_values(definition: GameDefinition, spec: OptionSpec) -> tuple[str, ...]:
    """Every value of an option with a list of values; for a count, its default, the
    values of the game's vector plan and ``INTEGER_VALUES``."""
    if spec.values is not None:
        return spec.values
    planned = definition.vector_plan().values.get(spec.name, ())
    return tuple(dict.fromkeys((spec.default, *planned, *INTEGER_VALUES)))


@st.composite
def option_sets(draw: st.DrawFn, definition: GameDefinition) -> dict[str, str]:
    """One value for every option of the game."""
    return {spec.name: draw(st.sampled_from(option_values(definition, spec)))
            for spec in definition.rules().options}


@dataclass(frozen=True)
class Playout:
    """A random game: the options and first player it started from, its states (the
    start first) and the moves between them."""

    options: Mapping[str, str]
    first: str | None
    states: tuple[Any, ...]
    moves: tuple[Any, ...]


def play_out(draw: st.DrawFn, game: Game[Any, Any], options: Mapping[str, str],
             first: str | None, max_plies: int) -> Playout:
    """Random legal moves from the start until the game is over or ``max_plies``
    moves are played."""
    state = game.start(options, first)
    states: list[Any] = [state]
    moves: list[Any] = []
    while len(moves) < max_plies:
        legal = game.legal_moves(state)
        if not legal:
            break
        move = draw(st.sampled_from(legal))
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return Playout(options, first, tuple(states), tuple(moves))


@st.composite
def playouts(draw: st.DrawFn, definition: GameDefinition, max_plies: int | None = None
             ) -> Playout:
    """A random game under random options and first player, up to ``max_plies`` moves
    (default: the longest game of the game's vector plan)."""
    game = definition.rules()
    options = draw(option_sets(definition))
    first = draw(st.sampled_from(game.first_choices)) if game.first_choices else None
    limit = definition.vector_plan().max_plies if max_plies is None else max_plies
    return play_out(draw, game, options, first, limit)


@st.composite
def positions(draw: st.DrawFn, definition: GameDefinition, max_plies: int | None = None
              ) -> Any:
    """One state of a random game (the start, an end or anything between)."""
    states = draw(playouts(definition, max_plies)).states
    return states[draw(st.integers(0, len(states) - 1))]


def seeded_playout(game: Game[Any, Any], seed: str, max_plies: int) -> Playout:
    """A random game from the start under the defaults, the same for the same seed:
    for the tests that need one fixed position rather than many."""
    rng = random.Random(seed)
    state = game.start()
    states: list[Any] = [state]
    moves: list[Any] = []
    while len(moves) < max_plies and not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return Playout({}, None, tuple(states), tuple(moves))
