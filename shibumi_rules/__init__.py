"""shibumi-rules: the reference rules engine and specification for Shibumi games."""

from .board import Board, Drop
from .errors import IllegalMoveError, NotationError, OptionError, PositionError, ShibumiError
from .notation import Colour, format_point, parse_point

__version__ = "0.2.0"

__all__ = [
    "Board",
    "Colour",
    "Drop",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "PositionError",
    "ShibumiError",
    "__version__",
    "format_point",
    "parse_point",
]
