"""How a game's conformance vectors are drawn: the plan of its seeded random games, the
strategies that choose their moves, and the ways a game can end that the vectors must
reach.

A game declares these through its definition (``vector_plan``, ``strategies``,
``ends``, ``end_of``, ``rule_conditions``); ``shibumi-rules tables`` follows them to
write ``spec/conformance/GAME.jsonl`` and ``conform`` plays the same strategies.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import spec

Strategy = Callable[[Any, list[Any], "random.Random"], Any]
"""How a random game chooses a move: (state, its legal moves (never empty), the
game's random generator) -> one of the moves. Deterministic for a given generator."""

OptionTest = Callable[[Mapping[str, str]], bool]
"""Whether something can happen under a combination of option values (all given)."""


def always(options: Mapping[str, str]) -> bool:
    """Possible under every combination of options."""
    return True


def uniform(state: Any, moves: list[Any], rng: random.Random) -> Any:
    """Every legal move equally likely: the plain random game."""
    return rng.choice(moves)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """One way a game can end, as the conformance vectors must reach it: finer than
    the outcome's ``reason`` where the same reason has different causes (no legal
    move because the pyramid is complete, or because the supply ran out).
    ``possible`` says under which options a position can end this way; ``seeker``
    names the strategy most likely to reach it."""

    key: str
    summary: str
    possible: OptionTest = always
    seeker: str = "uniform"


@dataclass(frozen=True)
class VectorPlan:
    """How a game's random vectors are drawn: games of at most ``max_plies`` plies;
    up to ``seek`` games of the seeking strategy for each end a combination of options
    still lacks. ``values`` gives the values drawn for options that take any integer
    (only the default otherwise)."""

    max_plies: int
    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seek: int = 12


def ordered_ids(tags: set[str]) -> list[str]:
    """Rule and ruling IDs in the order of the specification (a SpecError names any
    ID the specification does not define): how every vector lists its rules."""
    order = {entry_id: i for i, entry_id in enumerate(spec.current().ids())}
    unknown = tags - order.keys()
    if unknown:
        raise spec.SpecError(f"vector tags name unknown IDs: {', '.join(sorted(unknown))}")
    return sorted(tags, key=order.__getitem__)
