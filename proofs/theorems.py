"""Every theorem, in the order they are reported: the Shibumi system first, then each
game."""

from __future__ import annotations

from .core_theorems import CORE
from .spline_theorems import SPLINE
from .splink_theorems import SPLINK
from .sploof_theorems import SPLOOF
from .theorem import Theorem


def all_theorems() -> list[Theorem]:
    """Every theorem, by report order."""
    return [*CORE, *SPLOOF, *SPLINK, *SPLINE]


def by_name() -> dict[str, Theorem]:
    return {t.name: t for t in all_theorems()}
