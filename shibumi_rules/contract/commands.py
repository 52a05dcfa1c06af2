"""A subcommand of ``shibumi-rules``, as a module or a game hands it to the command
line: its name, its one-line help, how it adds its arguments and what it runs.

The command line (``shibumi_rules.cli``) builds its parser from these objects; a game
adds its own through its definition's ``commands()`` (Splink's ``match``). ``run``
returns the exit status; bad input is a ``ShibumiError``, which the command line prints
as one line.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from ..display import shown
from ..errors import OptionError
from ..limits import MAX_PERFT_DEPTH


class Command:
    """One subcommand: ``shibumi-rules NAME ...``. (A plain class, not a dataclass:
    the command line builds its commands at every start-up.)"""

    __slots__ = ("configure", "help", "name", "run")

    def __init__(self, name: str, help: str,
                 configure: Callable[[argparse.ArgumentParser], None],
                 run: Callable[[argparse.Namespace], int]) -> None:
        self.name = name
        self.help = help
        """One line, shown in ``shibumi-rules --help`` and as the command's description."""
        self.configure = configure
        """Adds the command's arguments to its parser."""
        self.run = run
        """Runs the command on the parsed arguments; returns the exit status."""

    def __repr__(self) -> str:
        return f"Command({self.name!r})"


_INTEGER = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def integer(text: str) -> int:
    """An argparse type: a whole number written in ASCII digits 0-9 with an optional
    minus sign, as position notation writes its counts. Python's ``int`` would also
    take other scripts' digits (``١٢`` is 12), underscores and surrounding spaces, which
    no reader of this program's notation accepts."""
    if not _INTEGER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{shown(repr(text))} is not a whole number "
                                         "(digits 0-9)")
    try:
        return int(text)
    except ValueError:  # over Python's limit of digits
        raise argparse.ArgumentTypeError(f"a whole number of {len(text):,} digits is too "
                                         "long") from None


def decimal(text: str) -> float:
    """An argparse type: a non-negative number in ASCII digits 0-9 with an optional
    decimal point (``10``, ``0.5``); the same rule as ``integer``."""
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{shown(repr(text))} is not a number "
                                         "(digits 0-9 and a decimal point)")
    return float(text)


def check_depth(depth: int, what: str = "depth") -> int:
    """A perft depth asked for on the command line: 0 to ``MAX_PERFT_DEPTH``, else an
    OptionError. Counts grow exponentially, so nothing near the bound finishes from an
    open position; it keeps a narrow tree (a game near its end) from running into
    Python's recursion limit."""
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise OptionError(f"{what} {depth}: expected 0 to {MAX_PERFT_DEPTH} (perft counts "
                          "grow exponentially with the depth)")
    return depth
