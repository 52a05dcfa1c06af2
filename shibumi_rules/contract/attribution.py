"""Which rules a divergence involves, read from the reference's view of the position
and the move.

A move the engine allows but the reference rejects carries the rule of the reference's
IllegalMoveError; a legal move the engine misses carries the rules that make it legal
(for example a Splink pair whose second ball needs the platform the first completed:
SPK-RUL-1); a wrong successor carries the rules of the part of the position that
differs (the board after a removal with a drop: SHB-DROP-1); a wrong outcome carries
the line, tie, end or score rules that decide it. Most specific rules come first.

The rules come from the move's trace (``contract.trace``: ``Game.trace_move``), never
from lists of rule IDs: the checks that make a move legal, and the effects that
govern a notation field (an effect's evidence names the fields it changes). Each
game's ``attribution`` module subclasses ``Attributor`` (its definition's
``attributor()``) with what a trace cannot say, such as which of the checks an engine
can get wrong; it writes no rule ID.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalMoveError, ShibumiError
from ..spec import cited_ids
from ..verdict import Verdict, cited
from .game import Game
from .trace import Trace

AnyGame = Game[Any, Any]


def unique(ids: list[str]) -> list[str]:
    seen: list[str] = []
    for rule in ids:
        if rule and rule not in seen:
            seen.append(rule)
    return seen


def notation_fields(position: str) -> dict[str, str]:
    """Position notation split into named fields: ``board``, ``turn`` (the side or
    role to move), ``NAME:`` fields and ``NAME=`` options."""
    tokens = position.split()
    fields: dict[str, str] = {}
    for i, token in enumerate(tokens):
        if i == 0:
            fields["board"] = token
        elif i == 1:
            fields["turn"] = token
        elif ":" in token:
            fields[token.split(":", 1)[0]] = token
        elif "=" in token:
            fields[token.split("=", 1)[0] + "="] = token
        else:
            fields[f"field{i}"] = token
    return fields


def field_rules(trace: Trace, field: str) -> list[str]:
    """The rules of the effects that govern notation field ``field`` (those whose
    evidence names it), each once, in the order the move applied them."""
    return unique([effect.rule for effect in trace.effects_with(field)])


def rules_of(verdicts: list[Verdict] | tuple[Verdict, ...]) -> list[str]:
    """Every rule the verdicts name (each verdict's rule, then what it depends on),
    each once, in order."""
    return cited(verdicts)


class Attributor:
    """Attribution that needs nothing game-specific; each game's package subclasses
    it with what its rules add."""

    @staticmethod
    def trace(game: AnyGame, state: Any, move: str) -> Trace:
        """The reference's trace of ``move`` (given as text) in ``state``."""
        return game.trace_move(state, game.parse_move(state, move)).trace

    def illegal(self, game: AnyGame, state: Any, move: str) -> tuple[list[str], str]:
        """Rules and reason for a move the reference rejects."""
        try:
            parsed = game.parse_move(state, move)
            game.play(state, parsed)
        except IllegalMoveError as err:
            ids = [err.rule_id or "", *cited_ids(err.message)]
            return unique(ids + self.illegal_extra(game, state, parsed, err)), err.message
        except ShibumiError as err:
            return unique([err.rule_id or ""]), f"the reference cannot read it: {err}"
        return [], "the reference accepts it"

    def illegal_extra(self, game: AnyGame, state: Any, move: Any,
                      err: IllegalMoveError) -> list[str]:
        return []

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        """Rules that make a move legal that the engine does not list."""
        return []

    def successor(self, game: AnyGame, state: Any, move: str, expected: str,
                  actual: str | None) -> tuple[list[str], list[str]]:
        """Rules for a wrong position after ``move``, and the notation fields that
        differ (``actual`` is None when the engine's position does not parse)."""
        if actual is None:
            return self.move_rules(game, state, move, "board"), ["board"]
        want, got = notation_fields(expected), notation_fields(actual)
        differing = [k for k in want.keys() | got.keys() if want.get(k) != got.get(k)]
        order = list(want)
        differing.sort(key=lambda k: order.index(k) if k in order else len(order))
        ids: list[str] = []
        for name in differing:
            ids += self.move_rules(game, state, move, name)
        return unique(ids), differing

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        """Rules for a wrong outcome of the position ``after``."""
        return []
