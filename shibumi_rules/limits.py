"""Every limit the program puts on what it reads, in one place.

Input from outside (a command line, a position, a protocol line, an engine's answer, a
match record, a vector file) is bounded so that no input can crash the program, hang it
or make it use unbounded memory. Each limit below is far above anything a real position,
game or engine needs; going over it gives one clear error, never a traceback.

=========================  ===========  ===============================================
limit                      value        when it is exceeded
=========================  ===========  ===============================================
``MAX_REQUEST_LINE``       1 MiB        engine: the line is skipped, not stored, and answered
                                        with an error of kind ``request``
``MAX_RESPONSE_LINE``      8 MiB        engine: an answer that would be longer becomes
                                        an error of kind ``unsupported``; conform: a
                                        longer line from an engine is discarded as a
                                        stray ``long-line``
``MAX_OUTPUT``             64 MiB       conform: an engine that prints more without the
                                        response is stopped and reported as a ``flood``
``MAX_STRAY_LINES``        10,000       conform: more stray lines within one request are
                                        a ``flood``
``MAX_LIST_ITEMS``         10,000       protocol: a message with a longer list (moves
                                        of an answer, children of an expand, moves of a
                                        position) breaks the protocol (error kind
                                        ``request``; an invalid response in conform)
``MAX_COUNT_DIGITS``       18           notation error (a count in a position) or option
                                        error (an integer option value)
``MAX_JSON_INT_DIGITS``    4,300        the JSON text is refused (protocol line, match
                                        record, vector file)
``MAX_JSON_NESTING``       64           the JSON text is refused
``MAX_PERFT_DEPTH``        64           option error (command line) or error of kind
                                        ``unsupported`` (protocol)
``PARSE_CACHE_ENTRIES``    4,096        engine: the least recently used position is
                                        forgotten (speed only)
``PARSE_CACHE_KEY_CHARS``  512          engine: a longer position text is parsed but
                                        not cached (speed only)
``MAX_TIMEOUT``            86,400 s     conform: ``--timeout`` is refused
``STDERR_TAIL``            4,096 bytes  conform: only the end of an engine's stderr is
                                        kept for the report
``MAX_VECTOR_LINE``        8 MiB        conform: a longer line of a vector file is a
                                        usage error (the file is read line by line)
``MAX_PERFT_ENTRIES``      1,000,000    perft (command line, protocol, bench): when the
                           entries      transposition tables of one count hold this many
                                        entries, they are emptied and filled again
                                        (memory stays bounded; only speed changes)
``MAX_OPENSPIEL_INT``      2**31 - 1    OpenSpiel (``openspiel.load_game``): a larger
                                        integer parameter is an option error (pyspiel's
                                        integer parameters are C++ ints)
``MAX_QUOTED``             1,000        every command: outside text quoted in an error
                           characters   line or a report (a name, a move, a position) is
                                        cut there, with the count of what was left out
=========================  ===========  ===============================================

``LIMITS`` holds the same table as data (name, value, unit, one-line description, what
happens when exceeded), for the documentation and for tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_REQUEST_LINE: Final = 1 << 20
MAX_RESPONSE_LINE: Final = 8 << 20
MAX_OUTPUT: Final = 64 << 20
MAX_STRAY_LINES: Final = 10_000
MAX_LIST_ITEMS: Final = 10_000
MAX_COUNT_DIGITS: Final = 18
MAX_JSON_INT_DIGITS: Final = 4_300
MAX_JSON_NESTING: Final = 64
MAX_PERFT_DEPTH: Final = 64
PARSE_CACHE_ENTRIES: Final = 4_096
PARSE_CACHE_KEY_CHARS: Final = 512
MAX_TIMEOUT: Final = 86_400.0
STDERR_TAIL: Final = 4_096
MAX_QUOTED: Final = 1_000
MAX_PERFT_ENTRIES: Final = 1_000_000
MAX_VECTOR_LINE: Final = 8 << 20
MAX_OPENSPIEL_INT: Final = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Limit:
    """One documented limit."""

    name: str
    value: int | float
    unit: str
    description: str
    """One line: what the limit bounds and where."""
    exceeded: str
    """One line: what happens when input goes over it."""


LIMITS: Final = (
    Limit("MAX_REQUEST_LINE", MAX_REQUEST_LINE, "bytes",
          "longest request line the reference engine reads (shibumi-rules engine)",
          "the line is skipped without being stored and answered with an error of kind "
          "request"),
    Limit("MAX_RESPONSE_LINE", MAX_RESPONSE_LINE, "bytes",
          "longest response line: what the reference engine writes and what conform "
          "reads from an engine",
          "the engine answers an error of kind unsupported instead; conform discards "
          "the line as a stray long-line"),
    Limit("MAX_OUTPUT", MAX_OUTPUT, "bytes",
          "output an engine may print for one request before conform stops waiting",
          "conform stops the engine and reports a flood"),
    Limit("MAX_STRAY_LINES", MAX_STRAY_LINES, "lines",
          "lines that are not the awaited response conform tolerates within one request",
          "conform stops the engine and reports a flood"),
    Limit("MAX_LIST_ITEMS", MAX_LIST_ITEMS, "items",
          "items in one list of a protocol message (the moves of an answer, the "
          "children of an expand, the moves of a position)",
          "the message breaks the protocol: an error of kind request from the engine, "
          "an invalid response in conform"),
    Limit("MAX_COUNT_DIGITS", MAX_COUNT_DIGITS, "digits",
          "digits of a count in position notation (stock, supply, turns) and of an "
          "integer option value (max_turns)",
          "a notation error (position) or an option error (option value)"),
    Limit("MAX_JSON_INT_DIGITS", MAX_JSON_INT_DIGITS, "digits",
          "digits of an integer in JSON the program reads (protocol lines, match "
          "records, vector files)",
          "the JSON text is refused with one error line (error kind request over the "
          "protocol)"),
    Limit("MAX_JSON_NESTING", MAX_JSON_NESTING, "levels",
          "deepest nesting of arrays and objects in JSON the program reads",
          "the JSON text is refused with one error line (error kind request over the "
          "protocol)"),
    Limit("MAX_PERFT_DEPTH", MAX_PERFT_DEPTH, "plies",
          "deepest perft: perft and bench on the command line, perft requests of the "
          "protocol",
          "an option error on the command line; an error of kind unsupported over the "
          "protocol"),
    Limit("PARSE_CACHE_ENTRIES", PARSE_CACHE_ENTRIES, "positions",
          "parsed positions the reference engine keeps",
          "the least recently used is forgotten (changes speed only)"),
    Limit("PARSE_CACHE_KEY_CHARS", PARSE_CACHE_KEY_CHARS, "characters",
          "longest position text the reference engine caches",
          "the position is parsed but not cached (changes speed only)"),
    Limit("MAX_TIMEOUT", MAX_TIMEOUT, "seconds",
          "largest per-request timeout of conform --timeout",
          "conform refuses the value (a usage error)"),
    Limit("STDERR_TAIL", STDERR_TAIL, "bytes",
          "end of an engine's stderr that conform keeps for its report",
          "older stderr output is dropped"),
    Limit("MAX_VECTOR_LINE", MAX_VECTOR_LINE, "bytes",
          "longest line of a vector file (conform --vectors); files are read line by "
          "line, never whole",
          "a usage error naming the file and line; nothing is run"),
    Limit("MAX_PERFT_ENTRIES", MAX_PERFT_ENTRIES, "entries",
          "entries the transposition tables of one perft count hold together (perft on "
          "the command line, perft requests of the protocol, bench)",
          "the tables are emptied and filled again: memory stays bounded, the count is "
          "the same, only speed changes"),
    Limit("MAX_OPENSPIEL_INT", MAX_OPENSPIEL_INT, "(a C++ int)",
          "largest integer parameter of a game loaded in OpenSpiel (max_turns): "
          "pyspiel's integer parameters are C++ ints",
          "openspiel.load_game raises an OptionError naming the parameter and its range"),
    Limit("MAX_QUOTED", MAX_QUOTED, "characters",
          "longest piece of outside text (a name, a move, a position, an engine's "
          "string) quoted in an error line or a report",
          "the rest is left out and counted (... (N more characters))"),
)
"""The limits as data, in the order of the table above."""
