"""Which games the generic suite checks: every registered game, or those named by the
environment variable ``SHIBUMI_GENERIC_GAMES`` (comma-separated), which must be
registered. The test that installs a game from outside the repository runs the suite
on that game alone this way."""

from __future__ import annotations

import os
from typing import Any, Final

from shibumi_rules.contract.definition import GameDefinition
from shibumi_rules.contract.game import Game
from shibumi_rules.registry import game_names, get_definition

VARIABLE: Final = "SHIBUMI_GENERIC_GAMES"


def selected(value: str | None = None) -> tuple[str, ...]:
    """The registered games named by ``value`` (default: the environment variable), in
    the registry's order; all of them when it is unset or empty. A name that is not
    registered is an error naming the registered ones: an empty selection would check
    nothing and pass."""
    text = os.environ.get(VARIABLE, "") if value is None else value
    wanted = [name.strip() for name in text.split(",") if name.strip()]
    registered = game_names()
    unknown = [name for name in wanted if name not in registered]
    if unknown:
        raise LookupError(f"{VARIABLE} names {', '.join(map(repr, unknown))}, which is not "
                          f"registered (registered: {', '.join(registered)})")
    return tuple(name for name in registered if not wanted or name in wanted)


GAMES: Final = selected()
"""The games every test of the suite is parametrized over."""


def definition(name: str) -> GameDefinition:
    return get_definition(name)


def rules(name: str) -> Game[Any, Any]:
    return get_definition(name).rules()
