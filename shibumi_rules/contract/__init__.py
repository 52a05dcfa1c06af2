"""The contract between a game and the rest of the program: every type a game
implements or returns, and the helpers games share. A game's package imports from here
(and from the core: board, geometry, notation, verdicts), never from a tool.

``definition``
    ``GameDefinition``: the one object a game declares (``DEFINITION``).
``game``
    ``Game``, the rules, notation and outcome every game implements; ``OptionSpec``
    and the one check of options (``parse_option_pairs``, ``resolve_option_values``).
``explanation``
    ``Explainer``, what ``explain`` asks; ``MoveAnswer``, ``PositionAnswer``,
    ``AnswerPicture`` and ``Step``, what it answers with. ``mechanics``: explanations
    of the mechanics every game shares.
``attribution``, ``tagging``
    ``Attributor`` and ``Tagger``: the rules behind a conformance divergence, and the
    rules a vector exercises.
``vectors``
    ``VectorPlan``, ``Strategy``, ``GameEnd``, ``OptionTest``: how the conformance
    vectors are drawn.
``positions``
    ``NamedPosition``: hand-built positions for the perft files and the vectors.
``files``
    ``GeneratedFile`` and the table helpers (``table``, ``csv_file``,
    ``json_document``, ``options_table``, ``reasons_table``).
``actions``
    ``GameActions`` and ``Count``: the game as learning libraries see it.
``commands``
    ``Command``: a subcommand a game adds to the command line.

The guide types a game's site pages use (``Guide``, ``FigureMaker``) are in
``shibumi_rules.guide``.

The names below are exported lazily: importing this package imports none of its
modules, so that a game's ``__init__`` (read at every start-up) stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # lazy: start-up (each module is imported when a name is first used)
    from .actions import Count, GameActions
    from .attribution import Attributor
    from .commands import Command
    from .definition import GameDefinition
    from .explanation import AnswerPicture, Explainer, MoveAnswer, PositionAnswer, Step
    from .files import (
        GeneratedFile,
        csv_file,
        json_document,
        jsonl,
        names,
        options_table,
        reasons_table,
        table,
    )
    from .game import Game, OptionSpec, parse_option_pairs, require_depth, resolve_option_values
    from .positions import NamedPosition
    from .tagging import COMMON, Tagger, board_tags
    from .vectors import GameEnd, OptionTest, Strategy, VectorPlan, always, ordered_ids, uniform

_MODULE_OF = {
    "Count": "actions", "GameActions": "actions",
    "Attributor": "attribution",
    "Command": "commands",
    "GameDefinition": "definition",
    "AnswerPicture": "explanation", "Explainer": "explanation", "MoveAnswer": "explanation",
    "PositionAnswer": "explanation", "Step": "explanation",
    "GeneratedFile": "files", "csv_file": "files", "json_document": "files",
    "jsonl": "files", "names": "files", "options_table": "files",
    "reasons_table": "files", "table": "files",
    "Game": "game", "OptionSpec": "game", "parse_option_pairs": "game",
    "require_depth": "game", "resolve_option_values": "game",
    "NamedPosition": "positions",
    "COMMON": "tagging", "Tagger": "tagging", "board_tags": "tagging",
    "GameEnd": "vectors", "OptionTest": "vectors", "Strategy": "vectors",
    "VectorPlan": "vectors", "always": "vectors", "ordered_ids": "vectors",
    "uniform": "vectors",
}
"""Where each exported name is defined."""

__all__ = [
    "COMMON",
    "AnswerPicture",
    "Attributor",
    "Command",
    "Count",
    "Explainer",
    "Game",
    "GameActions",
    "GameDefinition",
    "GameEnd",
    "GeneratedFile",
    "MoveAnswer",
    "NamedPosition",
    "OptionSpec",
    "OptionTest",
    "PositionAnswer",
    "Step",
    "Strategy",
    "Tagger",
    "VectorPlan",
    "always",
    "board_tags",
    "csv_file",
    "json_document",
    "jsonl",
    "names",
    "options_table",
    "ordered_ids",
    "parse_option_pairs",
    "reasons_table",
    "require_depth",
    "resolve_option_values",
    "table",
    "uniform",
]


def __getattr__(name: str) -> Any:
    """The exported name ``name``, its module imported on first use."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
