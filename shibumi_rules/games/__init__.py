"""The registry of games: every subpackage of ``shibumi_rules.games`` that defines a
``BUNDLE`` is a game. Adding a game is adding its package; nothing else is edited.

Listing the games imports only each package's ``__init__`` (names and a few facts);
a game's rules are imported the first time ``get_game`` or a bundle method asks.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Any

from ..bundle import GameBundle
from ..errors import OptionError
from ..game import Game


@cache
def bundles() -> tuple[GameBundle, ...]:
    """Every registered game's bundle, in the games' declared order."""
    found: list[GameBundle] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        bundle = getattr(import_module(f"{__name__}.{info.name}"), "BUNDLE", None)
        if isinstance(bundle, GameBundle):
            found.append(bundle)
    names = [b.name for b in found]
    if len(set(names)) != len(names):
        raise RuntimeError(f"two game packages register the same name: {sorted(names)}")
    return tuple(sorted(found, key=lambda b: (b.order, b.name)))


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in order."""
    return tuple(b.name for b in bundles())


def get_bundle(name: str) -> GameBundle:
    """The bundle of the game called ``name``; an OptionError lists the known games."""
    for bundle in bundles():
        if bundle.name == name:
            return bundle
    raise OptionError(f"unknown game {name!r} (known: {', '.join(game_names())})")


def bundle_of(game: Game[Any, Any]) -> GameBundle | None:
    """The bundle a game object belongs to (None for a game that is not registered)."""
    return next((b for b in bundles() if b.name == game.name), None)


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name``."""
    return get_bundle(name).game()
