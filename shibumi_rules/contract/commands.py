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
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: ``shibumi-rules NAME ...``."""

    name: str
    help: str
    """One line, shown in ``shibumi-rules --help`` and as the command's description."""
    configure: Callable[[argparse.ArgumentParser], None]
    """Adds the command's arguments to its parser."""
    run: Callable[[argparse.Namespace], int]
    """Runs the command on the parsed arguments; returns the exit status."""
