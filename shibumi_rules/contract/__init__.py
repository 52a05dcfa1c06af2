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
``trace``
    ``Trace`` and ``Traced``: the ordered verdicts of the rules a move consulted, the
    effects it applied and the outcome after it (``Game.trace_move``), which explain,
    attribution and tagging render.
``attribution``, ``tagging``
    ``Attributor`` and ``Tagger``: the rules behind a conformance divergence (read
    from the trace: ``field_rules``, ``rules_of``), and the rules a vector exercises.
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
``search``
    ``SearchKernel``: a game's fast path for the solver's exhaustive search.
``guide``
    ``Guide`` and its parts (``Section``, ``SampleGame``, ``Answer``, ``Picture``,
    ``Text``, ...), ``FigureMaker``: what a game tells players and arbiters on the site.
``content``, ``guide_reader``, ``korean``
    The words as data: ``Catalog`` reads a game's ``content/`` files (English and its
    translations, with fingerprints), ``read_guide`` joins them with the game's
    players and picture builders, ``particle`` gives the Korean particle after a word
    the engine chooses.

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
    from .content import (
        Catalog,
        ContentError,
        Say,
        Source,
        catalog_of,
        entry_fingerprint,
        fingerprint,
        package_source,
        read_entries,
        read_entry_translations,
    )
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
    from .guide import (
        LANGUAGES,
        Answer,
        EntryText,
        FigureMaker,
        GameRecord,
        Guide,
        Picture,
        PictureError,
        Question,
        SampleGame,
        Section,
        Text,
        View,
        check,
    )
    from .guide_reader import read_guide
    from .korean import particle
    from .positions import NamedPosition
    from .search import SearchKernel
    from .tagging import COMMON, Tagger, board_tags
    from .trace import UNTRACED, Trace, Traced, trace_of
    from .vectors import GameEnd, OptionTest, Strategy, VectorPlan, always, ordered_ids, uniform

_MODULE_OF = {
    "Count": "actions", "GameActions": "actions",
    "Attributor": "attribution", "field_rules": "attribution", "rules_of": "attribution",
    "Command": "commands",
    "Catalog": "content", "ContentError": "content", "Say": "content", "Source": "content",
    "catalog_of": "content", "entry_fingerprint": "content", "fingerprint": "content",
    "package_source": "content", "read_entries": "content",
    "read_entry_translations": "content",
    "GameDefinition": "definition",
    "AnswerPicture": "explanation", "Explainer": "explanation", "MoveAnswer": "explanation",
    "PositionAnswer": "explanation", "Step": "explanation",
    "GeneratedFile": "files", "csv_file": "files", "json_document": "files",
    "jsonl": "files", "names": "files", "options_table": "files",
    "reasons_table": "files", "table": "files",
    "Game": "game", "OptionSpec": "game", "parse_option_pairs": "game",
    "require_depth": "game", "resolve_option_values": "game",
    "LANGUAGES": "guide", "Answer": "guide", "EntryText": "guide", "FigureMaker": "guide",
    "GameRecord": "guide", "Guide": "guide", "Picture": "guide", "PictureError": "guide",
    "Question": "guide", "SampleGame": "guide", "Section": "guide", "Text": "guide",
    "View": "guide", "check": "guide",
    "read_guide": "guide_reader",
    "particle": "korean",
    "NamedPosition": "positions",
    "SearchKernel": "search",
    "COMMON": "tagging", "Tagger": "tagging", "board_tags": "tagging",
    "Trace": "trace", "Traced": "trace", "UNTRACED": "trace", "trace_of": "trace",
    "GameEnd": "vectors", "OptionTest": "vectors", "Strategy": "vectors",
    "VectorPlan": "vectors", "always": "vectors", "ordered_ids": "vectors",
    "uniform": "vectors",
}
"""Where each exported name is defined."""

__all__ = [
    "COMMON",
    "LANGUAGES",
    "UNTRACED",
    "Answer",
    "AnswerPicture",
    "Attributor",
    "Catalog",
    "Command",
    "ContentError",
    "Count",
    "EntryText",
    "Explainer",
    "FigureMaker",
    "Game",
    "GameActions",
    "GameDefinition",
    "GameEnd",
    "GameRecord",
    "GeneratedFile",
    "Guide",
    "MoveAnswer",
    "NamedPosition",
    "OptionSpec",
    "OptionTest",
    "Picture",
    "PictureError",
    "PositionAnswer",
    "Question",
    "SampleGame",
    "Say",
    "SearchKernel",
    "Section",
    "Source",
    "Step",
    "Strategy",
    "Tagger",
    "Text",
    "Trace",
    "Traced",
    "VectorPlan",
    "View",
    "always",
    "board_tags",
    "catalog_of",
    "check",
    "csv_file",
    "entry_fingerprint",
    "field_rules",
    "fingerprint",
    "json_document",
    "jsonl",
    "names",
    "options_table",
    "ordered_ids",
    "package_source",
    "parse_option_pairs",
    "particle",
    "read_entries",
    "read_entry_translations",
    "read_guide",
    "reasons_table",
    "require_depth",
    "resolve_option_values",
    "rules_of",
    "table",
    "trace_of",
    "uniform",
]


def __getattr__(name: str) -> Any:
    """The exported name ``name``, its module imported on first use."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
