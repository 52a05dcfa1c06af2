"""Every claim, in the order they are reported: the Shibumi system first, then each
game. One group per line, so that adding a game's claims is adding a line."""

from __future__ import annotations

from .board_checks import BOARD
from .core_theorems import CORE
from .pyramid_theorems import PYRAMID
from .spline_theorems import SPLINE
from .splink_checks import SPLINK_CHECKS
from .splink_theorems import SPLINK
from .sploof_checks import SPLOOF_CHECKS
from .sploof_theorems import SPLOOF
from .sploof_transposition import SPLOOF_TRANSPOSITION
from .theorem import Theorem

GROUPS: list[list[Theorem]] = [
    CORE,
    BOARD,
    PYRAMID,
    SPLOOF,
    SPLOOF_TRANSPOSITION,
    SPLOOF_CHECKS,
    SPLINK,
    SPLINK_CHECKS,
    SPLINE,
]


def all_theorems() -> list[Theorem]:
    """Every claim, by report order."""
    return [item for group in GROUPS for item in group]


def by_name() -> dict[str, Theorem]:
    return {t.name: t for t in all_theorems()}
