"""The action table: each game's fixed action numbering (one number per move, the same
in every position) with what the learning adapters build on it: seats, observation
planes, the bounds of the returns and of the game's length. Read off each game's
``GameActions`` (its definition's ``actions()``); one CSV twin per game (number,
move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract.definition import GameDefinition
from ..contract.files import GeneratedFile, csv_file, table
from ..learning import LearningGame


def _game_entry(definition: GameDefinition) -> tuple[dict[str, Any], GeneratedFile]:
    name = definition.name
    learning = LearningGame.of(definition)
    actions = learning.actions
    low, high = actions.utility
    twin = csv_file(f"actions_{name}", ("action", "move"), list(enumerate(learning.texts)))
    entry = {
        "game": name,
        "count": len(learning.texts),
        "order": actions.order,
        "seats": list(learning.seats),
        "observation": {"shape": list(learning.shape), "planes": learning.plane_names()},
        "utility": {"min": low, "max": high, "why": actions.utility_reason},
        "longest_game": {"moves": learning.max_length, "options": dict(learning.options),
                         "why": actions.length_reason},
        "adapter_defaults": dict(actions.adapter_defaults),
        "actions": [{"action": number, "move": text}
                    for number, text in enumerate(learning.texts)],
    }
    return entry, twin


def actions_table(definitions: Sequence[GameDefinition]) -> list[GeneratedFile]:
    """Implements the published form of every game's action numbering."""
    entries, twins = zip(*(_game_entry(d) for d in definitions))
    return table("actions", "Action numbering of every game, for learning libraries",
                 "For each game, every move that is legal in at least one position, "
                 "numbered in a fixed order: the action number of a move is the same in "
                 "every position (OpenSpiel's and PettingZoo's action ids). With the seats "
                 "(player numbers), the observation planes (shape planes x 4 x 4), the "
                 "least and greatest return of a seat, and the longest game in moves under "
                 "the options the adapters use by default.",
                 {"games": list(entries)}, list(twins))
