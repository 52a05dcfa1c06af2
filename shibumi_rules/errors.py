"""Exceptions, one meaning each, all ``ValueError`` so callers may catch broadly.

- ``NotationError``: the text is malformed (a name, move or position that does not parse).
- ``PositionError``: the text parses but describes a state that cannot exist.
- ``IllegalMoveError``: the move is well formed but breaks a rule in this position.
- ``OptionError``: an unknown option, or a value the option does not take.

Errors that come from a broken rule carry its ID (``rule_id``), as listed in ``spec/``.
"""

from __future__ import annotations

from .display import shown
from .verdict import Verdict


class ShibumiError(ValueError):
    """Base of every error this package raises on bad input."""

    def __init__(self, message: str, rule_id: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule_id = rule_id

    def __str__(self) -> str:
        if self.rule_id:
            return f"{self.message} [{self.rule_id}]"
        return self.message


class NotationError(ShibumiError):
    """Malformed text: a point name, move or position that does not parse."""


class PositionError(ShibumiError):
    """A well-formed position that cannot exist (floating ball, wrong counts, ...)."""


class IllegalMoveError(ShibumiError):
    """A well-formed move that the rules forbid in this position. ``verdict`` is the
    engine's verdict on the rule the move breaks, with its evidence."""

    def __init__(self, message: str, rule_id: str | None = None,
                 verdict: Verdict | None = None) -> None:
        super().__init__(message, rule_id)
        self.verdict = verdict

    @classmethod
    def from_verdict(cls, verdict: Verdict) -> IllegalMoveError:
        """The error for a failing verdict: its sentence and its rule."""
        return cls(verdict.text, verdict.rule, verdict)


class OptionError(ShibumiError):
    """An unknown option name or an unsupported option value."""


def one_line(text: str) -> str:
    """``text`` with every unprintable character escaped (``\\n``, ``\\udcff``), so an
    error message that quotes the user's input stays one line and can always be
    written, and cut to ``MAX_QUOTED`` characters (``display.shown``), so that a
    message quoting megabytes of input stays a short line."""
    return shown(text)


def error_line(err: ShibumiError) -> str:
    """The one line the program prints for bad input: ``illegal move: ...`` for a move
    the rules forbid, ``error: ...`` for anything else. The command line and the
    browser's arbiter (``shibumi_rules.web``) both print it, so the two cannot drift."""
    kind = "illegal move" if isinstance(err, IllegalMoveError) else "error"
    rule = f" [{err.rule_id}]" if err.rule_id else ""
    return f"{kind}: {one_line(err.message)}{rule}"
