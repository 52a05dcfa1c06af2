"""The trace of a Sploof move (``contract.trace``): the checks of ``rules.move_verdicts``,
the effects of the move (``rules.move_effects``: stock, supply, red ball, drops; the
balls hidden or revealed, ``lines.hiding_verdicts``; the lines made, lost or newly
broken, read off ``lines.check_lines``), and the verdicts on the outcome after it.
Each verdict comes from the function that decides its rule; this module only puts
them in order, so that ``explain``, conformance attribution and vector tagging read
one trace."""

from __future__ import annotations

from ...board import Board
from ...contract.trace import Trace, Traced
from ...notation import Colour
from ...verdict import Verdict, first_failure
from .explain_lines import broken_text, describe
from .lines import BlockingRule, LineCheck, check_lines, hiding_verdicts
from .rules import (
    SploofMove,
    SploofState,
    apply_move,
    move_effects,
    move_verdicts,
    outcome,
)

PLAYERS = (Colour.WHITE, Colour.BLACK)
LineChanges = tuple[list[LineCheck], list[LineCheck], list[LineCheck]]


def line_changes(before: Board, after: Board, blocking: BlockingRule) -> LineChanges:
    """Lines made, lines lost, and lines newly broken (four balls but crossed or
    hidden), for both players, under ``blocking``."""
    made, lost, broken = [], [], []
    for colour in PLAYERS:
        for old, new in zip(check_lines(before, colour, blocking),
                            check_lines(after, colour, blocking)):
            if new.status == "held" and old.status != "held":
                made.append(new)
            elif old.status == "held" and new.status != "held":
                lost.append(new)
            elif new.status == "broken" and (old.status != "broken" or old != new):
                broken.append(new)
    return made, lost, broken


def line_verdicts(changes: LineChanges, board: Board) -> list[Verdict]:
    """The line changes as verdicts of fact, each with its line's rule and the rules
    its check depends on."""
    made, lost, broken = changes
    verdicts = []
    for v in made:
        verdicts.append(Verdict(v.line.rule, f"{v.colour.label} now has line "
                                f"{describe(v, board)}", None, v.rule_ids[1:]))
    for v in lost:
        verdicts.append(Verdict(v.line.rule, f"{v.colour.label} no longer has line "
                                f"{describe(v, board)}", None, v.rule_ids[1:]))
    for v in broken:
        verdicts.append(Verdict(v.line.rule, broken_text(v, board), None, v.rule_ids[1:]))
    return verdicts


def outcome_verdicts(state: SploofState) -> tuple[Verdict, ...]:
    """The verdicts that decide how the game stands in ``state``: the lines of both
    players (SPF-WIN-1), why the player to move has no move when that decides, and the
    decision (``rules.Outcome.verdicts``)."""
    return outcome(state).verdicts


def trace_move(state: SploofState, move: SploofMove) -> Traced[SploofState]:
    """``move`` in ``state`` with its trace: the checks (ending at the first that
    fails, and then no state), the effects, and the verdicts on the outcome after it."""
    checks = tuple(move_verdicts(state, move))
    if first_failure(checks) is not None:
        return Traced(None, Trace(checks))
    after = apply_move(state, move)
    changes = line_changes(state.board, after.board, state.rules.blocking)
    effects = (*move_effects(state, after, move), *hiding_verdicts(state.board, after.board),
               *line_verdicts(changes, after.board))
    return Traced(after, Trace(checks, effects, outcome_verdicts(after)))

