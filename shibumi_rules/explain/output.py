"""A report as text for a terminal, as JSON for tools, and as an SVG picture."""

from __future__ import annotations

import textwrap
from typing import Any

from ..board import Board
from ..contract.explanation import Answer, MoveAnswer, PositionAnswer, Step
from ..diagram import render
from ..solver.search import OutOfBudget
from ..svg import Frame, render_frames
from .model import Report, RulingAnswer
from .titles import rule_title

WIDTH = 96
MOVES_SHOWN = 40
"""Moves listed per kind in the text output (the JSON lists them all)."""
_MARK = {True: "ok", False: "NO", None: "-"}


def _who(mover: str) -> str:
    """``white``, or ``the attractor`` for a role."""
    return mover if mover in ("white", "black") else f"the {mover}"


# -- text ------------------------------------------------------------------------------

def _cite(step: Step) -> str:
    return "[" + ", ".join(step.rule_ids) + "]"


def _step_lines(steps: tuple[Step, ...]) -> list[str]:
    out = []
    for step in steps:
        head = f"  {_MARK[step.holds]:>2}  "
        out.extend(textwrap.wrap(f"{step.text} {_cite(step)}", WIDTH, initial_indent=head,
                                 subsequent_indent=" " * len(head),
                                 break_on_hyphens=False))
    return out


def cited_ids(report: Report, alternatives: bool = True) -> list[str]:
    """Every rule and ruling ID the report cites, in order of first citation; with
    ``alternatives``, also those of the answers under other rulings."""
    seen: dict[str, None] = {}
    answers: list[Answer] = [report.answer]
    if alternatives:
        answers.extend(r.answer for r in report.rulings if r.answer is not None)
    for answer in answers:
        for step in answer.steps:
            for rule in step.rule_ids:
                seen.setdefault(rule, None)
        if isinstance(answer, MoveAnswer) and answer.rule:
            seen.setdefault(answer.rule, None)
    for ruling in report.rulings:
        seen.setdefault(ruling.ruling, None)
    return list(seen)


def _headline(report: Report) -> str:
    answer = report.answer
    game = report.game.capitalize()
    if isinstance(answer, PositionAnswer):
        return f"{game}: the state of the position"
    return (f"{game}: is {answer.move} legal for {_who(answer.mover)}, and what happens if "
            "it is played?")


def _verdict(answer: MoveAnswer) -> str:
    if answer.legal:
        return f"Answer: yes, {answer.move} is legal for {_who(answer.mover)}."
    title = rule_title(answer.rule or "")
    rule = f"{answer.rule} ({title})" if title else f"{answer.rule}"
    return f"Answer: no, {answer.move} is illegal for {_who(answer.mover)}: it breaks {rule}."


def _ruling_line(ruling: RulingAnswer) -> str:
    head = f"{ruling.option}={ruling.value} [{ruling.ruling}]: "
    if ruling.answer is None:
        return head + f"cannot be asked: {ruling.error}"
    stop = (f"the moves stop at move {ruling.stop.number} {ruling.stop.move!r}, which is "
            "illegal; " if ruling.stop else "")
    answer = ruling.answer
    if isinstance(answer, MoveAnswer):
        if not answer.legal:
            failing = next(s for s in answer.checks if s.holds is False)
            return head + stop + f"{answer.move} is illegal: {failing.text} [{answer.rule}]"
        return head + stop + f"{answer.move} is legal; {answer.outcome_text}"
    count = sum(len(m) for m in answer.moves.values())
    return head + stop + f"{count} legal moves; {answer.outcome_text}"


def _value_line(report: Report) -> str:
    """``Value: ...``: what the solver proved within its budget, or that it did not."""
    value = report.value
    assert value is not None
    answer = report.answer
    where = (f"after {answer.move}" if isinstance(answer, MoveAnswer) and answer.legal
             else "here")
    if not value.solved and value.reason == OutOfBudget.reason:
        return f"Value {where}: not solved within the budget of {value.budget:,} positions"
    if not value.solved:
        return f"Value {where}: not solved: {value.reason}"
    return f"Value {where}: {value.summary()}"


def value_json(report: Report) -> dict[str, Any] | None:
    """The solver's answer in ``explain --json`` (no timing: it must not vary)."""
    value = report.value
    if value is None:
        return None
    return {"solved": value.solved, "reason": value.reason, "to_move": value.mover,
            "value": value.value, "winner": value.winner(), "plies": value.plies,
            "best_moves": list(value.best), "line": list(value.line),
            "nodes": value.stats.nodes, "budget": value.budget}


def _moves_text(moves: list[str]) -> str:
    if not moves:
        return "none"
    if len(moves) > MOVES_SHOWN:
        return (" ".join(moves[:MOVES_SHOWN])
                + f" ... and {len(moves) - MOVES_SHOWN} more (--json lists them all)")
    return " ".join(moves)


def render_text(report: Report, diagrams: bool = True) -> str:
    """The report for a terminal: the question, the diagram, the answer step by step,
    the outcome, the alternatives under other rulings, and the rules cited."""
    answer = report.answer
    lines = [_headline(report), f"Position: {report.position}"]
    if report.history:
        lines.append(f"Reached by {len(report.history)} move(s): {' '.join(report.history)}")
    if report.stop is not None:
        lines.append(f"The given moves stop at move {report.stop.number} "
                     f"{report.stop.move!r}: it is illegal, and is explained here.")
        if report.question is not None:
            lines.append(f"The question {report.question} is not reached.")
    if diagrams and answer.pictures:
        lines += ["", render(answer.pictures[0].board)]
    lines.append("")
    if isinstance(answer, MoveAnswer):
        lines.append(_verdict(answer))
        lines.append("Why:")
        lines.extend(_step_lines(answer.checks))
        if answer.legal:
            lines.append("If it is played:")
            lines.extend(_step_lines(answer.effects))
            lines.append(f"Outcome: {answer.outcome_text}")
            lines.append(f"Position after: {answer.position_after}")
            if diagrams and len(answer.pictures) > 1:
                lines += ["", render(answer.pictures[-1].board)]
    else:
        lines.extend(_step_lines(answer.steps))
        total = sum(len(m) for m in answer.moves.values())
        lines.append(f"Legal moves ({total}):")
        for kind, moves in answer.moves.items():
            lines.extend(textwrap.wrap(f"{kind} ({len(moves)}): {_moves_text(moves)}", WIDTH,
                                       initial_indent="  ", subsequent_indent="    "))
        lines.append(f"Outcome: {answer.outcome_text}")
    if report.value is not None:
        lines.extend(textwrap.wrap(_value_line(report), WIDTH, subsequent_indent="  "))
    if report.compared:
        lines += ["", "Under other rulings:"]
        if report.rulings:
            for ruling in report.rulings:
                lines.extend(textwrap.wrap(_ruling_line(ruling), WIDTH, initial_indent="  ",
                                           subsequent_indent="    "))
        else:
            lines.append("  no alternative of any ruling option changes this answer")
    lines += ["", "Rules cited:"]
    cited = cited_ids(report, alternatives=False)
    width = max(len(rule) for rule in cited)
    for rule in cited:
        title = rule_title(rule)
        lines.append(f"  {rule.ljust(width)}  {title}" if title else f"  {rule}")
    return "\n".join(lines) + "\n"


# -- JSON ------------------------------------------------------------------------------

def step_json(step: Step) -> dict[str, Any]:
    return {"rule": step.rule, "also": list(step.also), "ok": step.holds, "text": step.text}


def answer_json(answer: Answer) -> dict[str, Any]:
    if isinstance(answer, MoveAnswer):
        return {
            "kind": "move", "move": answer.move, "mover": answer.mover,
            "legal": answer.legal, "rule": answer.rule,
            "checks": [step_json(s) for s in answer.checks],
            "effects": [step_json(s) for s in answer.effects],
            "details": answer.facts, "position_after": answer.position_after,
            "outcome": answer.outcome, "outcome_text": answer.outcome_text,
        }
    return {
        "kind": "position", "turn": answer.turn,
        "steps": [step_json(s) for s in answer.steps],
        "moves": answer.moves, "details": answer.facts,
        "outcome": answer.outcome, "outcome_text": answer.outcome_text,
    }


def report_json(report: Report) -> dict[str, Any]:
    """The report as one JSON object (a stable interface for tools)."""
    out: dict[str, Any] = {
        "game": report.game,
        "position": report.position,
        "options": report.options,
        "moves_played": list(report.history),
        "stopped_at": (None if report.stop is None
                       else {"number": report.stop.number, "move": report.stop.move}),
        "question": report.question,
        "answer": answer_json(report.answer),
    }
    if report.value is not None:
        out["value"] = value_json(report)
    if report.compared:
        out["rulings"] = [
            {"option": r.option, "value": r.value, "ruling": r.ruling,
             "stopped_at": None if r.stop is None else {"number": r.stop.number,
                                                        "move": r.stop.move},
             "error": r.error,
             "answer": None if r.answer is None else answer_json(r.answer)}
            for r in report.rulings
        ]
    out["rules"] = {rule: rule_title(rule) for rule in cited_ids(report)}
    return out


# -- SVG -------------------------------------------------------------------------------

def _title(report: Report) -> str:
    answer = report.answer
    game = report.game.capitalize()
    if isinstance(answer, PositionAnswer):
        return f"{game}: {answer.outcome_text}"
    if answer.legal:
        return f"{game}: {answer.move} by {_who(answer.mover)} is legal; {answer.outcome_text}"
    return f"{game}: {answer.move} by {_who(answer.mover)} is illegal [{answer.rule}]"


def render_report_svg(report: Report) -> str:
    """The pictures of the answer (before and after a move) in one SVG document."""
    frames = [Frame(p.board, p.marks, p.caption) for p in report.answer.pictures]
    if not frames:
        frames = [Frame(Board(), (), None)]
    return render_frames(frames, _title(report))
