"""``explain``'s answer in the reader's language, for the Arbiter's questions page.

The engine writes its verdicts in English (they are its output, ``shibumi_rules.explain``
renders them); a page in another language shows the same answer, step by step, in that
language. The sentences are data: ``docs/content/words.LANG.json``, group ``answers``,
maps each of the engine's sentences, written as a template, to its translation. A
template is the English sentence with its *values* replaced by ``{0}``, ``{1}``, ... in
order: point names, moves, links, lines and lists of them, rule IDs and numbers (values
are the same in every language, like the anchors). So "1g1 is an empty hole of the board:
a valid location" is the template "{0} is an empty hole of the board: a valid location",
and the Korean names ``{0}`` where its grammar wants it.

A sentence without a translation is shown in English (and listed in ``UNTRANSLATED``,
which the site's tests read), as an out-of-date translation is: the page stays right,
and the test says what to translate.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from gen_i18n import DEFAULT, t, words

log = logging.getLogger("mkdocs.hooks.shibumi_docs")

GROUP = "answers"
"""The group of ``words.LANG.json`` that holds the engine's sentences."""

_POINT = r"[1-4][a-g][1-7]"
_NAME = (rf"(?:x?{_POINT}(?:\+[RW]?{_POINT})*"      # points and moves (1c3, x1a1+W1c3)
         rf"|[RW]{_POINT}(?:\+[RW]{_POINT})*"      # a pair placement (R1a1+W1c1)
         rf"|{_POINT}-{_POINT}|[a-g][1-7]-[a-g][1-7]"  # links and lines (a1-g1)
         r"|S[A-Z]{2}-[A-Z]+-\d+)"                 # rule IDs
         r"(?: \((?:white|black|red)\))?")         # a ball's colour after its point
_NUMBER = r"[+-]?\d+(?=(?:st|nd|rd|th)\b|(?![\w-]))"  # a count, score or level (4th: 4)
VALUES = re.compile(rf"(?<![\w-])(?:{_NAME}(?:(?:, | ){_NAME})*(?![\w-])|{_NUMBER})")
"""A value: a name, or a run of names separated by spaces or commas (a list is one
value), or a number (of an ordinal, the number: "4th" is "{0}th")."""

_COLOURS = ("(white)", "(black)", "(red)")

UNTRANSLATED: list[str] = []
"""The engine's sentences shown in English on a translated page in this build
(``lang: template``), for the tests."""


def template(sentence: str) -> tuple[str, list[str]]:
    """The template of one of the engine's sentences and its values, in order."""
    values: list[str] = []

    def slot(match: re.Match[str]) -> str:
        values.append(match.group(0))
        return "{" + str(len(values) - 1) + "}"

    return VALUES.sub(slot, sentence.replace("{", "{{").replace("}", "}}")), values


def _value(value: str, lang: str) -> str:
    """A value in ``lang``: the colour after a point name is translated."""
    for colour in _COLOURS:
        value = value.replace(colour, words(GROUP, lang).get(colour, colour))
    return value


def _who(mover: str, lang: str) -> str:
    """The player who moves, in ``lang`` (a colour or a role)."""
    return words(GROUP, lang).get(mover, mover)


def say(sentence: str, lang: str) -> str:
    """One of the engine's sentences in ``lang`` (the English when it has no
    translation, noted in ``UNTRANSLATED``)."""
    if lang == DEFAULT:
        return sentence
    shape, values = template(sentence)
    translated = words(GROUP, lang).get(shape)
    if translated is None:
        UNTRANSLATED.append(f"{lang}: {shape}")
        log.info(f"{lang}: the engine's sentence {shape!r} has no translation "
                 f"(docs/content/words.{lang}.json, group {GROUP})")
        return sentence
    return translated.format(*(_value(v, lang) for v in values))


def _cite(step: Any) -> str:
    return "[" + ", ".join(step.rule_ids) + "]"


def _steps(steps: Any, lang: str) -> list[str]:
    marks = {True: "ok", False: "NO", None: "-"}
    return [f"  {marks[step.holds]:>2}  {say(step.text, lang)} {_cite(step)}"
            for step in steps]


def render(report: Any, lang: str, game: str, title: Callable[[str], str]) -> str:
    """The text of ``explain``'s report (no diagram) in ``lang``: in the default language
    the engine's own text; otherwise the same parts, in the same order, each sentence
    translated. ``game`` is the game's name and ``title`` gives a rule's title, in
    ``lang``."""
    from shibumi_rules.contract.explanation import MoveAnswer
    from shibumi_rules.explain import render_text
    from shibumi_rules.explain.output import cited_ids

    if lang == DEFAULT:
        return str(render_text(report, diagrams=False))
    answer = report.answer
    who = _who(answer.mover, lang) if isinstance(answer, MoveAnswer) else ""
    lines = []
    if isinstance(answer, MoveAnswer):
        lines.append(t("{game}: is {move} legal for {who}, and what happens if it is "
                       "played?", lang).format(game=game, move=answer.move, who=who))
    else:
        lines.append(t("{game}: the state of the position", lang).format(game=game))
    lines += [t("Position: {position}", lang).format(position=report.position), ""]
    if isinstance(answer, MoveAnswer):
        if answer.legal:
            lines.append(t("Answer: yes, {move} is legal for {who}.", lang)
                         .format(move=answer.move, who=who))
        else:
            rule = answer.rule or ""
            lines.append(t("Answer: no, {move} is illegal for {who}: it breaks {rule}.", lang)
                         .format(move=answer.move, who=who,
                                 rule=f"{rule} ({title(rule)})"))
        lines.append(t("Why:", lang))
        lines += _steps(answer.checks, lang)
        if answer.legal:
            lines.append(t("If it is played:", lang))
            lines += _steps(answer.effects, lang)
            lines.append(t("Outcome:", lang) + " " + say(answer.outcome_text or "", lang))
            lines.append(t("Position after: {position}", lang)
                         .format(position=answer.position_after))
    else:
        lines += _steps(answer.steps, lang)
        total = sum(len(m) for m in answer.moves.values())
        lines.append(t("Legal moves ({n}):", lang).format(n=total))
        for kind, moves in answer.moves.items():
            lines.append(f"  {t(kind, lang)} ({len(moves)}): "
                         + (" ".join(moves) if moves else t("none", lang)))
        lines.append(t("Outcome:", lang) + " " + say(answer.outcome_text, lang))
    lines += ["", t("Rules cited:", lang)]
    cited = cited_ids(report, alternatives=False)
    width = max(len(rule) for rule in cited)
    lines += [f"  {rule.ljust(width)}  {title(rule)}" for rule in cited]
    return "\n".join(lines) + "\n"
