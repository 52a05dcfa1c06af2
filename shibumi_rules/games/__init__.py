"""The registry of games: name -> Game instance, imported on first use."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..errors import OptionError
from ..game import Game

_MODULES = {
    "sploof": "shibumi_rules.games.sploof",
    "splink": "shibumi_rules.games.splink",
}

GAME_NAMES = tuple(_MODULES)


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (each game module exposes ``GAME``)."""
    if name not in _MODULES:
        raise OptionError(f"unknown game {name!r} (known: {', '.join(GAME_NAMES)})")
    game: Game[Any, Any] = import_module(_MODULES[name]).GAME
    return game
