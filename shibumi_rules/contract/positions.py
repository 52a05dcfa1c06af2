"""Named positions: hand-built positions that each exercise particular rules, shared by
the perft files and the conformance vectors.

Each position is stored as position notation, so it is fixed data that any engine can
read; ``rules`` lists the IDs it was built to show (the vectors add whatever else a
position exercises, found by ``tagging``). ``depth`` is the deepest perft count the
perft file gives and ``divide`` the depth of its split by first move.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NamedPosition:
    """One hand-built position of a game: its name, notation, what it shows, the rules
    it was built for, and the perft depths its file gives."""

    game: str
    name: str
    position: str
    about: str
    rules: tuple[str, ...]
    depth: int
    divide: int
    first: str | None = None
    """Who moved first, when the position says it (the setup with Black to move):
    an engine that does not let that player start is not sent the position."""

