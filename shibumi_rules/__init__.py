"""shibumi-rules: the reference rules engine and specification for Shibumi games.

    >>> import shibumi_rules
    >>> sploof = shibumi_rules.get_game("sploof")
    >>> state = sploof.play(sploof.start(), "1c3")

The Python API (``get_game``, ``game_names``) is ``shibumi_rules.api``, imported the first
time one of its names is used, so that importing the package costs no more than the
board and notation it exports.
"""

from typing import TYPE_CHECKING, Any

from .board import Board, Drop
from .errors import IllegalMoveError, NotationError, OptionError, PositionError, ShibumiError
from .notation import Colour, format_point, parse_point
from .version import __version__

if TYPE_CHECKING:  # lazy: start-up (the API imports the registry and explain)
    from .api import Explanation, GameAPI, Outcome, game_names, get_game

_API = ("Explanation", "GameAPI", "Outcome", "game_names", "get_game")

__all__ = [
    "Board",
    "Colour",
    "Drop",
    "Explanation",
    "GameAPI",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Outcome",
    "PositionError",
    "ShibumiError",
    "__version__",
    "format_point",
    "game_names",
    "get_game",
    "parse_point",
]


def __getattr__(name: str) -> Any:
    """The names of the Python API, ``shibumi_rules.api`` imported on first use."""
    if name in _API:
        from . import api  # lazy: start-up

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
