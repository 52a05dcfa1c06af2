"""The Arbiter's questions page: the questions players argue about, each answered for
every game that has a guide, in every language.

A question is asked of the engine: each game's answer names a real position and the move
in dispute, ``explain`` answers it while the page is built, the answer must agree with
what the guide says (legal or not, the rule broken, how the game ends), and the page
shows ``explain``'s picture and its full text. So a page that says "you may not" is
backed by the engine saying so, and the golden files of ``tests/golden/arbiter/`` hold
the text.
"""

from __future__ import annotations

import shlex
from typing import Any

import gen_answers
from gen_common import Site, esc, fenced, front_matter, indent, unsearched
from gen_diagrams import embed
from gen_i18n import site_texts, t
from gen_play import guided, title_of
from gen_rules import link, title_in

from shibumi_rules.contract.guide import LANGUAGES, Picture, PictureError, Question, Text, View

PAGE = "arbiter.md"
BOOST = 3
"""Search weight of the page: an everyday question finds its answer here first."""

def common_questions() -> tuple[Question, ...]:
    """The questions every game answers on the arbiter's page, in this order (the site's
    texts, ``questions``); a game adds questions of its own in its guide
    (``Guide.questions``)."""
    texts = site_texts()
    return tuple(Question(q["key"], texts.text(f"questions.{q['key']}.text"))
                 for q in texts.get("questions"))


class AnswerError(PictureError):
    """``explain`` no longer says what a guide's answer says (the build fails)."""


def arguments(game: str, answer: Any) -> list[str]:
    """The arguments of ``shibumi-rules explain`` that ask an answer's question (the
    text without diagrams is what the page shows)."""
    argv = [game, "--position", answer.position, "--no-diagram"]
    if answer.move is not None:
        argv.append(answer.move)
    return argv


def command(game: str, answer: Any) -> str:
    """The command that asks ``explain`` an answer's question."""
    return shlex.join(["shibumi-rules", "explain", *arguments(game, answer)])


def ask(definition: Any, answer: Any) -> Any:
    """``explain``'s report on an answer's position and move, in the game
    ``definition`` declares, with its value line (as the command prints it)."""
    from shibumi_rules.explain import Setup, explain

    return explain(definition.rules(), definition.explainer(),
                   Setup(position=answer.position), answer.move,
                   actions=definition.actions())


def check_answer(name: str, answer: Any, report: Any) -> None:
    """Hold a guide's answer to what ``explain`` says."""
    found = report.answer
    where = f"{name} answer to {answer.question!r}"
    if answer.move is not None:
        if answer.legal is not None and found.legal != answer.legal:
            raise AnswerError(f"{where}: explain finds {answer.move} "
                              f"{'legal' if found.legal else 'illegal'}")
        if answer.rule is not None and found.rule != answer.rule:
            raise AnswerError(f"{where}: explain names rule {found.rule}, not {answer.rule}")
    reason = (found.outcome or {}).get("reason")
    if reason != answer.reason:
        raise AnswerError(f"{where}: explain finds the end {reason!r}, not {answer.reason!r}")


def questions(games: list[tuple[Any, Any]]) -> list[Any]:
    """The common questions, then each game's own, each once."""
    out = list(common_questions())
    for _, guide in games:
        out += [q for q in guide.questions if q.key not in {k.key for k in out}]
    return out


def _picture(name: str, answer: Any, report: Any) -> Picture:
    """The picture of ``explain``'s answer. Each view keeps the engine's own caption in
    English; a translation labels it shortly (the position, before or after the move)."""
    texts = site_texts()
    move = answer.move
    views = []
    for number, pic in enumerate(report.answer.pictures):
        label = "asked" if move is None else "before" if number == 0 else "after"
        short = texts.fill(f"arbiter.views.{label}", move=move or "")
        views.append(View(pic.board, pic.marks, Text(pic.caption, short.ko)))
    caption = (texts.fill("arbiter.caption-move", move=move) if move
               else texts.text("arbiter.caption"))
    return Picture(f"arbiter-{name}-{answer.question}", caption, tuple(views))


def _answer(site: Site, spec: Any, definition: Any, answer: Any, lang: str,
            reports: dict[tuple[str, str], Any]) -> str:
    out = [f"### {esc(title_of(definition, lang))} {{#{answer.question}-{definition.name}}}\n",
           esc(answer.text.get(lang)) + "\n",
           f"**{t('rules', lang).capitalize()}:** "
           + ", ".join(link(r, spec, PAGE) for r in answer.rules) + "\n"]
    if answer.position is not None:
        report = reports[(definition.name, answer.question)]
        out.append(embed(site, PAGE, _picture(definition.name, answer, report), lang))
        text = gen_answers.render(report, lang, title_of(definition, lang),
                                  lambda rule: title_in(spec, rule, lang))
        body = fenced(command(definition.name, answer), "sh") + "\n" + fenced(text)
        title = t("The engine's answer", lang)
        out.append(f'??? example "{title}"\n\n' + indent(body) + "\n")
    return "\n".join(out)


def generate(site: Site) -> None:
    from shibumi_rules import spec as spec_module

    spec = spec_module.current()
    games = guided()
    reports: dict[tuple[str, str], Any] = {}
    for definition, guide in games:
        for answer in guide.answers:
            for rule in answer.rules:
                if rule not in spec:
                    raise AnswerError(f"{definition.name} answer to {answer.question!r} cites "
                                      f"unknown rule {rule}")
            if answer.position is not None:
                report = ask(definition, answer)
                check_answer(definition.name, answer, report)
                reports[(definition.name, answer.question)] = report
    asked = questions(games)
    known = {q.key for q in asked}
    for definition, guide in games:
        keys = [a.question for a in guide.answers]
        stray = [k for k in keys if k not in known]
        if stray:
            raise AnswerError(f"{definition.name} answers unknown questions: {', '.join(stray)}")
        missing = [q.key for q in common_questions() if q.key not in keys]
        if missing:
            site.warnings.append(f"{PAGE}: {definition.name} does not answer "
                                 f"{', '.join(missing)}")
    for lang in LANGUAGES:
        title = t("Arbiter's questions", lang)
        intro = esc(site_texts().text("arbiter.intro").get(lang))
        out = [front_matter(boost=BOOST), f"# {title}\n",
               intro.replace("&#96;shibumi-rules explain&#96;",
                             "<code>shibumi-rules explain</code>") + "\n"]
        out.append(unsearched(
            "\n".join(f"- [{esc(q.text.get(lang))}](#{q.key})" for q in asked) + "\n"))
        for question in asked:
            out.append(f"## {esc(question.text.get(lang))} {{#{question.key}}}\n")
            for definition, guide in games:
                answer = next((a for a in guide.answers if a.question == question.key), None)
                if answer is not None:
                    out.append(_answer(site, spec, definition, answer, lang, reports))
        site.page(PAGE, "\n".join(out), lang)
