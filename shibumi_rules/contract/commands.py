"""A subcommand of ``shibumi-rules``, as a module or a game hands it to the command
line: its name, its one-line help, how it adds its arguments and what it runs.

The command line (``shibumi_rules.cli``) builds its parser from these objects; a game
adds its own through its definition's ``commands()`` (Splink's ``match``). ``run``
returns the exit status; bad input is a ``ShibumiError``, which the command line prints
as one line.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


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
