"""The How to play pages: one per game whose package has a guide, in every language the
guide is written in, and an index of them.

A page is the guide's plain-language sections (each idea with its picture), then a
sample game that the engine plays while the page is built: every move is asked of
``explain``, whose answer gives the move's diagram and, through the guide, its one-line
comment. A game that no longer ends as the guide says fails the build, so the page
cannot drift from the rules. A game without a guide gets no page (and the build says
so).
"""

from __future__ import annotations

import logging
from typing import Any

import gen_answers
from gen_common import Site, esc, front_matter, games, indent, relative
from gen_diagrams import embed
from gen_i18n import site_texts, t
from gen_moments import Moment, moments

from shibumi_rules.contract.explanation import MoveAnswer
from shibumi_rules.contract.guide import LANGUAGES, Picture, PictureError, Text, View

log = logging.getLogger("mkdocs.hooks.shibumi_docs")

INDEX = "play/index.md"
NAV = "generated:play"
PLAY_BOOST = 2
"""Search weight of the how-to-play pages (the rule pages weigh more)."""
LONGEST_SAMPLE = 40
"""A sample game is short: more moves than this fails the build."""


class SampleError(PictureError):
    """A sample game no longer ends as its guide says (the build fails)."""


def page_of(name: str) -> str:
    return f"play/{name}.md"


def title_of(definition: Any, lang: str) -> str:
    """The game's name in ``lang``: its guide's, else the definition's."""
    guide = definition.guide()
    if guide is not None and guide.title is not None:
        return str(guide.title.get(lang))
    return str(definition.title)


def guided() -> list[tuple[Any, Any]]:
    """Every registered game that has a guide, with it."""
    out = []
    for definition in games():
        guide = definition.guide()
        if guide is None:
            log.info(f"{definition.name} has no guide: no how-to-play page and no answers on "
                     "the arbiter's page (add shibumi_rules/games/"
                     f"{definition.name}/guide.py)")
            continue
        for stale in guide.stale:
            log.info(f"{definition.name}: the {stale} translation is out of date (the English "
                     "changed since), so the English shows; see `shibumi-rules content "
                     "--check`")
        out.append((definition, guide))
    return out


def _block(site: Site, page: str, block: Text | Picture, lang: str) -> str:
    if isinstance(block, Picture):
        return embed(site, page, block, lang)
    return esc(block.get(lang)) + "\n"


def sample_moves(definition: Any, guide: Any) -> list[tuple[str, Any]]:
    """The sample game as the engine plays it now: each move with ``explain``'s answer to
    it. Raises SampleError when it does not end as the guide says."""
    from shibumi_rules.explain import Setup, explain

    game = definition.rules()
    record = guide.sample.play()
    state = game.parse_position(record.start)
    answers = []
    for move in record.moves:
        report = explain(game, definition.explainer(), Setup(position=game.format_position(state)),
                         move)
        if not isinstance(report.answer, MoveAnswer) or not report.answer.legal:
            raise SampleError(f"{definition.name} sample game: {move} is illegal "
                              f"[{getattr(report.answer, 'rule', None)}]")
        answers.append((move, report.answer))
        state = game.play_text(state, move)
    reason = game.outcome_json(state).get("reason")
    if reason != guide.sample.ends:
        raise SampleError(f"{definition.name} sample game ends with {reason!r}, not "
                          f"{guide.sample.ends!r} as its guide says; choose another seed")
    if len(answers) > LONGEST_SAMPLE:
        raise SampleError(f"{definition.name} sample game has {len(answers)} moves, more than "
                          f"{LONGEST_SAMPLE}")
    return answers


def _say(path: str, lang: str, **values: object) -> str:
    """The site's text ``play.PATH`` in ``lang``, filled in."""
    return str(site_texts().fill(f"play.{path}", **values).get(lang))


def _player(who: str, lang: str) -> str:
    return _say(f"players.{who}", lang)


def _hands(guide: Any, position: str | None) -> Text | None:
    """What the board does not show, from the counter fields of ``position``
    (``stock:1,2``), labelled as the guide's ``position_labels`` say: the stocks and the
    supply under a picture."""
    if position is None:
        return None
    parts: dict[str, list[str]] = {}
    for field in position.split(" ")[2:]:
        name, _, counts = field.partition(":")
        if counts and name in guide.position_labels:
            values = counts.split(",")
            label = guide.position_labels[name]
            parts[name] = [label.get(code).format(*values) for code in LANGUAGES]
    if not parts:
        return None
    joined = [" · ".join(texts[i] for texts in parts.values()) for i in range(len(LANGUAGES))]
    return Text(joined[0], joined[1])


def _replies(moment: Moment, lang: str) -> str:
    """A decisive move's replies, grouped by the moves that win against them."""
    by_answer: dict[tuple[str, ...], list[str]] = {}
    for reply, wins in moment.replies.items():
        by_answer.setdefault(wins, []).append(reply)
    either = _say("or", lang)
    parts = []
    for wins, replies in by_answer.items():
        listed = ", ".join(replies)
        if wins:
            parts.append(_say("wins-after", lang, answers=either.join(wins), replies=listed))
        else:
            parts.append(_say("loses-by-itself", lang, replies=listed))
    return "; ".join(parts)


def _reason(moment: Moment, answer: Any, opponent: str, lang: str) -> str:
    """Why the engine shows a moment, in words."""
    out = []
    for kind in moment.kinds:
        if kind == "decisive":
            out.append(_say("reasons.decisive", lang, opponent=_player(opponent, lang),
                            n=len(moment.replies), replies=_replies(moment, lang)))
        elif kind == "end":
            out.append(_say("reasons.end", lang,
                            outcome=gen_answers.say(answer.outcome_text or "", lang)))
        else:
            out.append(_say(f"reasons.{kind}", lang))
    return " ".join(out)


def _sample(site: Site, page: str, definition: Any, guide: Any, moves: list[tuple[str, Any]],
            lang: str) -> str:
    """The sample game as its key moments (a picture, the engine's comment and why the
    move matters), then every move with its comment, folded."""
    out = [f"## {t('A sample game', lang)} {{#sample-game}}\n",
           esc(guide.sample.intro.get(lang)) + "\n", _say("moments-intro", lang) + "\n"]
    found = moments(definition, guide.sample.play().start, moves)
    key = {moment.number: moment for moment in found}
    players = {a.mover for _, a in moves}
    for moment in found:
        move, answer = moves[moment.number - 1]
        after = answer.pictures[-1]
        kinds = " · ".join(_say(f"kinds.{kind}", lang) for kind in moment.kinds)
        heading = t("Move {n}", lang).format(n=moment.number)
        out.append(f"### {heading} · {esc(move)}: {esc(kinds)} {{#move-{moment.number}}}\n")
        pic = Picture(f"play-{definition.name}-move-{moment.number}",
                      guide.sample.comment(answer),
                      (View(after.board, after.marks,
                            _hands(guide, answer.position_after)),))
        out.append(embed(site, page, pic, lang))
        opponent = next((p for p in players if p != answer.mover), answer.mover)
        out.append(esc(_reason(moment, answer, opponent, lang)) + "\n")
    record = []
    for number, (move, answer) in enumerate(moves, start=1):
        comment = esc(guide.sample.comment(answer).get(lang))
        if number in key:
            record.append(f'<li><a href="#move-{number}"><b>{esc(move)}</b></a> {comment}</li>')
        else:
            record.append(f'<li id="move-{number}"><b>{esc(move)}</b> {comment}</li>')
    body = '<ol class="sample-record">\n' + "\n".join(record) + "\n</ol>\n"
    out.append(f'??? abstract "{_say("record", lang, n=len(moves))}"\n\n' + indent(body) + "\n")
    out.append(esc(guide.sample.close.get(lang)) + "\n")
    out.append('<p class="note-generated">' + esc(t(
        "The game above was played by the reference engine when this page was built, so "
        "it always follows the current rules; the comment on each move is the engine's "
        "own account of it.", lang)) + "</p>\n")
    return "\n".join(out)


def _reading(page: str, guide: Any, lang: str) -> str:
    """The box that says how to read a move, near the top of a how-to-play page: how a
    point is named (every game), then how the game writes its moves (its guide's)."""
    body = _say("reading", lang, link=relative(page, "notation.md"))
    if guide.move_notation is not None:
        body += " " + guide.move_notation.get(lang)
    return f'!!! tip "{_say("reading-title", lang)}"\n\n' + indent(body + "\n") + "\n"


def _game_page(site: Site, definition: Any, guide: Any, moves: list[tuple[str, Any]],
               lang: str) -> None:
    page = page_of(definition.name)
    game = title_of(definition, lang)
    title = t("How to play {game}", lang).format(game=game)
    out = [front_matter(boost=PLAY_BOOST), f"# {esc(title)}\n", esc(guide.lead.get(lang)) + "\n",
           _reading(page, guide, lang)]
    for section in guide.sections:
        out.append(f"## {esc(section.title.get(lang))} {{#{section.key}}}\n")
        out += [_block(site, page, block, lang) for block in section.blocks]
    out.append(_sample(site, page, definition, guide, moves, lang))
    out.append(f"## {t('The formal rules', lang)} {{#rules}}\n")
    out.append(t("The numbered rules of {game}, with their sources and rulings, are on "
                 "[the {game} rules page]({link}).", lang).format(
        game=game, link=relative(page, f"{definition.name}.md")) + " "
        + t("The questions players argue about are answered on the "
            "[arbiter's page]({link}).", lang).format(link=relative(page, "arbiter.md"))
        + "\n")
    site.page(page, "\n".join(out), lang)


def _index(site: Site, games: list[tuple[Any, Any]], lang: str) -> None:
    out = [front_matter(boost=PLAY_BOOST), f"# {t('How to play', lang)}\n"]
    for definition, guide in games:
        link = relative(INDEX, page_of(definition.name))
        out.append(f"## [{esc(title_of(definition, lang))}]({link}) {{#{definition.name}}}\n")
        out.append(esc(lead_of(guide, lang)) + "\n")
    site.page(INDEX, "\n".join(out), lang)


UNTRANSLATED = ("This game's how-to-play page is not translated yet; it is shown in "
                "English.")


def lead_of(guide: Any, lang: str) -> str:
    """The guide's lead in ``lang``, or, where the guide is not written in it, a note
    saying so (an English paragraph would make the page read as half translated)."""
    return str(guide.lead.get(lang) if guide.lead.has(lang) else t(UNTRANSLATED, lang))


def languages_of(guide: Any) -> list[str]:
    """The languages a guide is written in: the default, and each one its lead is
    translated to."""
    return [lang for lang in LANGUAGES if guide.lead.has(lang)]


def generate(site: Site) -> None:
    games = guided()
    nav: list[tuple[Text, str]] = []
    langs: set[str] = set()
    for definition, guide in games:
        moves = sample_moves(definition, guide)
        for lang in languages_of(guide):
            _game_page(site, definition, guide, moves, lang)
            langs.add(lang)
        nav.append((Text(definition.title, title_of(definition, "ko")), page_of(definition.name)))
    for lang in [lang for lang in LANGUAGES if lang in langs or lang == LANGUAGES[0]]:
        _index(site, games, lang)
    site.nav[NAV] = [(Text("How to play", t("How to play", "ko")), INDEX), *nav]
    for lang in LANGUAGES:
        site.snippet(f"games:{lang}", _games_snippet(games, lang))


def _games_snippet(games: list[tuple[Any, Any]], lang: str) -> str:
    """The games of the site for the home page: how to play each, and its rules (a
    definition list: the link, then the guide's lead)."""
    out = []
    for definition, guide in games:
        title = t("How to play {game}", lang).format(game=title_of(definition, lang))
        out.append(f"[{esc(title)}]({page_of(definition.name)})\n"
                   f":   {esc(lead_of(guide, lang))} "
                   f"[{esc(t('The formal rules', lang))}]({definition.name}.md).\n")
    return "\n".join(out)
