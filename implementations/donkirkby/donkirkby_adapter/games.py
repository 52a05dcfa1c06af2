"""The games the adapter plays: every game both the package and the specification
have. A game the package adds is one module and one entry here."""

from __future__ import annotations

from typing import Final

from .base import GameAdapter
from .spline import Spline
from .sploof import Sploof

GAMES: Final[dict[str, GameAdapter]] = {game.name: game for game in (Sploof(), Spline())}
