"""Exact values as a dataset, for learning libraries: positions of seeded random games,
each with its value under perfect play, the length of the game and its best moves.

Only positions the solver finishes within its node budget are kept (a position it does
not solve is left out, never given a guessed value); the file is JSON Lines, one
position a line, written atomically.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from ..contract.actions import GameActions
from ..contract.game import Game
from .solve import solve


def rows(game: Game[Any, Any], actions: GameActions[Any], count: int, seed: int,
         budget: int) -> Iterator[dict[str, Any]]:
    """``count`` solved positions of random games seeded by ``seed``, none twice."""
    rng = random.Random(seed)
    seen: set[str] = set()
    tries = 0
    while len(seen) < count and tries < count * 50:
        tries += 1
        first = rng.choice(game.first_choices) if game.first_choices else None
        states = [game.start(first=first)]
        while not game.is_over(states[-1]) and len(states) < 400:
            states.append(game.play(states[-1], rng.choice(game.legal_moves(states[-1]))))
        state = rng.choice(states[:-1]) if len(states) > 1 else states[0]
        text = game.format_position(state)
        if text in seen or game.is_over(state):
            continue
        answer = solve(game, actions, state, budget=budget)
        if not answer.solved:
            continue
        seen.add(text)
        yield {"position": text, "to_move": answer.mover, "value": answer.value,
               "plies": answer.plies, "best_moves": list(answer.best)}


def dataset_text(found: Iterator[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in found)
