"""Every theorem, in the order they are reported: the Shibumi system first, then each
game. A game's theorems are listed only when its module is present."""

from __future__ import annotations

from .core_theorems import CORE
from .theorem import Theorem


def all_theorems() -> list[Theorem]:
    """Every theorem, by report order."""
    return list(CORE)


def by_name() -> dict[str, Theorem]:
    return {t.name: t for t in all_theorems()}
