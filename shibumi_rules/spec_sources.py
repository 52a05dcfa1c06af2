"""How the specification learns which games were loaded, without anything reading it at
start-up.

The registry adds a provider here when it loads the games; the specification
(``shibumi_rules.spec``) calls the providers the first time it needs its scopes, and
checks what they give against ``spec/games.json``. Keeping this apart from ``spec``
means that loading the games imports neither the specification nor its JSON reader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

SYSTEM_PREFIX: Final = "SHB"
"""The ID prefix of the Shibumi system's own rules, which no game may take (each game
has its own, ``spec/games.json``)."""

Provider = Callable[[], Iterable[Any]]
"""A function returning ``spec.GameSource`` objects (one per game it knows)."""

_PROVIDERS: list[tuple[int, Provider]] = []
_SERIAL = [0]


def add_provider(provider: Provider) -> None:
    """Make ``provider``'s games known to the specification (read when it is next
    asked for its scopes)."""
    _SERIAL[0] += 1
    _PROVIDERS.append((_SERIAL[0], provider))


def providers() -> tuple[Provider, ...]:
    """Every provider added so far, in order."""
    return tuple(provider for _, provider in _PROVIDERS)


def generation() -> tuple[int, ...]:
    """Which providers there are: the specification reads its files again when this
    changes."""
    return tuple(serial for serial, _ in _PROVIDERS)
