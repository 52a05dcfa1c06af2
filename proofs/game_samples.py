"""Whole games, where no enumeration reaches: the engine against the model on the
positions of seeded random games.

Each game's comparison of one position (``compare_sploof`` in ``sploof_checks``,
``compare_splink`` in ``splink_checks``: the legal moves with the positions they lead
to, and the outcome) is shared with the Hypothesis tests, which draw their games
differently; here the games come from a fixed seed, so the report is the same on every
run. This is sampling: it can find a difference, it cannot show that none exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from itertools import product
from typing import Any, Protocol

from shibumi_rules.contract.game import Game
from shibumi_rules.registry import get_game

from .solver import Counterexample, Outcome

SEED = 20
"""The seed of every sampled game (fixed, so reports are reproducible)."""

Compare = Callable[[Game[Any, Any], Any], "str | None"]


def engine_successors(game: Game[Any, Any], state: Any) -> dict[str, str]:
    """Legal move text -> the position it leads to, by the engine."""
    return {game.format_move(m): game.format_position(game.play(state, m))
            for m in game.legal_moves(state)}


class Reference(Protocol):
    """A game's model on concrete positions (``reference_sploof``, ``reference_splink``)."""

    def parse(self, text: str) -> Any: ...

    def format_position(self, p: Any) -> str: ...

    def successors(self, text: str) -> dict[str, str]: ...

    def outcome(self, p: Any) -> dict[str, object]: ...


def compare_position(reference: Reference, game: Game[Any, Any], state: Any) -> str | None:
    """Where the engine and the model disagree on one position, or None: the model
    writes the position the same, lists the same legal moves leading to the same
    positions, and judges the outcome the same."""
    text = game.format_position(state)
    position = reference.parse(text)
    if reference.format_position(position) != text:
        return "the model writes the position differently"
    if reference.successors(text) != engine_successors(game, state):
        return "the legal moves or the positions they lead to differ"
    if reference.outcome(position) != game.outcome_json(state):
        return "the outcome differs"
    return None


def option_sets(**values: tuple[str, ...]) -> list[dict[str, str]]:
    """Every combination of the given option values."""
    names = sorted(values)
    return [dict(zip(names, combo, strict=True))
            for combo in product(*(values[n] for n in names))]




def random_positions(game: Game[Any, Any], options: list[Mapping[str, str]], games: int,
                     most_plies: int, seed: int = SEED) -> Iterator[Any]:
    """The positions of ``games`` random games (options in turn, random first player
    where the game lets one choose), each up to ``most_plies`` plies."""
    rng = random.Random(seed)
    for number in range(games):
        first = rng.choice(game.first_choices) if game.first_choices else None
        state = game.start(options[number % len(options)], first)
        yield state
        for _ in range(rng.randint(0, most_plies)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
            yield state


def sampled(name: str, compare: Compare, options: list[dict[str, str]], games: int,
            most_plies: int) -> Outcome:
    """Compare engine and model on the positions of seeded random games."""
    game = get_game(name)
    checked = 0
    for state in random_positions(game, list(options), games, most_plies):
        checked += 1
        problem = compare(game, state)
        if problem is not None:
            text = game.format_position(state)
            example = Counterexample(text, game.describe(state), problem)
            return Outcome(False, f"counterexample: {problem}", example, cases=checked)
    return Outcome(True, f"no difference on {checked:,} positions of {games} seeded random "
                         "games", cases=checked, facts={"games": games, "seed": SEED})
