"""The rule pages (the Shibumi system, Sploof, Splink) and the Rulings page, from
``spec/rules.json``, ``spec/rulings.json`` and ``spec/translations.json`` through the
engine's loader.

Every rule, ruling and clarification is a heading whose id is its ID, so
``sploof/#SPF-LINE-1`` links to the rule and the search finds it as its own entry. IDs
cited in a text become links. The Rulings page shows rulings (the text is open: real
alternatives, an option where the engine offers one) apart from clarifications (the text
settles it: the argument, no option). A game's page ends with the table of every
difference between a translation of its rules and the original.
"""

from __future__ import annotations

import re
from typing import Any

import gen_api
from gen_common import Site, code, esc, module, relative, source, table
from gen_diagrams import embed
from gen_figures import figures_for

from shibumi_rules.spec import ID_PATTERN

PAGE_OF_SCOPE = {"shibumi": "shibumi.md", "sploof": "sploof.md", "splink": "splink.md"}
RULINGS = "rulings.md"
TITLE_OF_SCOPE = {"shibumi": "The Shibumi system", "sploof": "Sploof", "splink": "Splink"}
LANGUAGES = {"ko": "Korean"}
"""Names of the languages of ``spec/translations.json``."""
KIND_PLURAL = {"ruling": "rulings", "clarification": "clarifications"}
KIND_LEAD = {
    "ruling": "*Ruling: the published text leaves this open; the alternatives below are "
              "real choices.*",
    "clarification": "*Clarification: the published text settles this; the argument "
                     "below shows how, so there is nothing to choose.*",
}

INTRO = {
    "shibumi": (
        "What every Shibumi game shares: the set, the 30 points of the pyramid, when two "
        "balls touch, where a ball may be placed, which balls are held in place by the "
        "ones above them, what falls when a ball is taken away, and what can be seen "
        "from above. Which balls a player may place or remove, and what wins, is up to "
        "each game.",
    ),
    "sploof": (
        "Sploof is a game for two players, White and Black, by Matt Green; it won the "
        "Shibumi Challenge in 2011. Red balls ring the board at the start. Each player "
        "keeps a small stock of balls of their colour and on each turn either places one "
        "of them or takes a red ball off the pyramid to refill the stock. Whoever first "
        "shows four balls of their colour in a straight line, seen from above, wins.",
    ),
    "splink": (
        "Splink is played with the red and white balls by two players in two roles: the "
        "attractor, who scores a point for each touching red-white pair on the outside "
        "of the finished pyramid, and the repulsor, who tries to keep that score low. "
        "Both players handle both colours. No other implementation of Splink is known, "
        "so each question its published rules raise is answered below, by a ruling "
        "where the text is open and by a clarification where it settles the question. "
        "The rules also reached us in Korean; every difference of that translation is "
        "listed at the end of this page.",
    ),
}


def page_of(entry_id: str, spec: Any) -> str:
    if entry_id in spec.rulings:
        return RULINGS
    return PAGE_OF_SCOPE[spec.entry(entry_id).scope]


def link(entry_id: str, spec: Any, here: str) -> str:
    """A link to a rule or ruling entry from the page ``here``."""
    target = page_of(entry_id, spec)
    href = f"#{entry_id}" if target == here else f"{relative(here, target)}#{entry_id}"
    return f"[{entry_id}]({href})"


def linked(text: str, spec: Any, here: str, own: str | None = None) -> str:
    """Text with every cited ID (except ``own``) turned into a link to its entry."""
    def replace(match: re.Match[str]) -> str:
        entry_id = match.group(0)
        if entry_id == own or entry_id not in spec:
            return entry_id
        return link(entry_id, spec, here)
    return ID_PATTERN.sub(replace, esc(text))


def _code_refs(refs: Any, page: str) -> str:
    out = []
    for ref in refs:
        anchor = gen_api.anchor_for(ref.module, ref.function)
        label = code(ref.qualified)
        if anchor:
            out.append(f"[{label}]({relative(page, gen_api.PAGE)}#{anchor})")
        else:
            out.append(label)
    return ", ".join(out)


def _sources(sources: Any) -> str:
    return "\n".join(f"- *{esc(s.title)}*: {esc(s.says)}" for s in sources) + "\n"


def _listed(ids: Any, spec: Any, page: str) -> str:
    return ", ".join(f"{link(i, spec, page)} ({esc(spec.title(i))})" for i in ids)


def _by_kind(ids: Any, spec: Any) -> dict[str, list[str]]:
    """Ruling IDs split into rulings and clarifications, in order."""
    out: dict[str, list[str]] = {kind: [] for kind in KIND_PLURAL}
    for entry_id in ids:
        out[spec.kind(entry_id)].append(entry_id)
    return out


def translation_anchor(translation: Any) -> str:
    return f"translation-{translation.id}"


def _translation_links(entry_id: str, spec: Any, page: str) -> str:
    """A line linking the translation tables that list a difference about ``entry_id``."""
    found = [(t, d) for t in spec.translations for d in t.differences if entry_id in d.rules]
    if not found:
        return ""
    links = []
    for translation, difference in found:
        target = PAGE_OF_SCOPE[translation.scope]
        href = f"#{translation_anchor(translation)}"
        if target != page:
            href = relative(page, target) + href
        language = LANGUAGES.get(translation.language, translation.language)
        links.append(f"[{language} text: {esc(difference.topic.lower())}]({href})")
    return f"**Translations:** {', '.join(links)}.\n"


def _rule(site: Site, spec: Any, rule: Any, page: str) -> str:
    out = [f"## {rule.id} · {esc(rule.title)} {{#{rule.id}}}\n",
           linked(rule.statement, spec, page, rule.id) + "\n"]
    for fig in figures_for(rule.id):
        out.append(embed(site, page, fig))
    for kind, ids in _by_kind(rule.rulings, spec).items():
        if ids:
            out.append(f"**{KIND_PLURAL[kind].capitalize()}:** {_listed(ids, spec, page)}.\n")
    if translated := _translation_links(rule.id, spec, page):
        out.append(translated)
    if rule.notes:
        out.append('!!! note\n    ' + linked(rule.notes, spec, page, rule.id) + "\n")
    if rule.sources:
        out.append("**Sources:**\n\n" + _sources(rule.sources))
    if rule.implemented_by:
        out.append(f"**Implemented by:** {_code_refs(rule.implemented_by, page)}.\n")
    return "\n".join(out)


def _rule_page(site: Site, spec: Any, scope: str) -> None:
    page = PAGE_OF_SCOPE[scope]
    rules = [r for r in spec.rules.values() if r.scope == scope]
    rulings = [r for r in spec.rulings.values() if r.scope == scope]
    out = [f"# {TITLE_OF_SCOPE[scope]}\n"]
    out += [p + "\n" for p in INTRO[scope]]
    out.append(table(
        ["rule", "title"],
        [[link(r.id, spec, page), esc(r.title)] for r in rules],
    ))
    kinds = _by_kind([r.id for r in rulings], spec)
    if kinds["ruling"]:
        out.append("Where the published rules leave a question open, these rulings decide: "
                   f"{_listed(kinds['ruling'], spec, page)}.\n")
    if kinds["clarification"]:
        out.append("Where a question has an answer in the published rules that is easy to "
                   "miss, these clarifications give it and the argument: "
                   f"{_listed(kinds['clarification'], spec, page)}.\n")
    if scope != "shibumi":
        out.append("The rules of the [Shibumi system](shibumi.md) apply to "
                   f"{TITLE_OF_SCOPE[scope]} as well.\n")
    for rule in rules:
        out.append(_rule(site, spec, rule, page))
    for translation in spec.translations_of(scope):
        out.append(_translation(spec, translation, page))
    site.page(page, "\n".join(out))


def _translation(spec: Any, translation: Any, page: str) -> str:
    """Every difference between a translation and the original, as a table with the
    reading adopted in each row, then the rejected readings and the evidence."""
    language = LANGUAGES.get(translation.language, translation.language)
    out = [f"## The {language} translation {{#{translation_anchor(translation)}}}\n",
           f"*{esc(translation.title)}*, translated from *{esc(translation.translates)}*. "
           f"{linked(translation.standing, spec, page)}\n"]
    out.append(table(
        ["topic", f"{language} text", "literally", "the original says", "reading adopted"],
        [[f"**{esc(d.topic)}**", esc(d.translated), esc(d.literal), esc(d.original),
          linked(d.adopted, spec, page)] for d in translation.differences],
    ))
    rejected = [(d, r) for d in translation.differences for r in d.rejected]
    if rejected:
        out.append("**Readings not adopted.**\n")
        out.append("\n".join(f"- *{esc(d.topic)}: {esc(r.reading)}* "
                             f"{linked(r.why, spec, page)}" for d, r in rejected) + "\n")
    if translation.evidence:
        out.append(f"**Why the {language} text is a translation of the original.**\n")
        out.append(table(["words", "literally", "what they show"], [
            [esc(e.translated), esc(e.literal), esc(e.shows)] for e in translation.evidence
        ]))
    return "\n".join(out)


def _ruling(site: Site, spec: Any, ruling: Any) -> str:
    page = RULINGS
    clarification = ruling.kind == "clarification"
    out = [f"### {ruling.id} · {esc(ruling.title)} {{#{ruling.id}}}\n",
           KIND_LEAD[ruling.kind] + "\n"]
    out.append(f"**Question.** {linked(ruling.question, spec, page, ruling.id)}\n")
    answer = "Answer" if clarification else "Decision"
    out.append(f"**{answer}.** {linked(ruling.decision, spec, page, ruling.id)}\n")
    why = "Why the text settles it" if clarification else "Rationale"
    out.append(f"**{why}.** {linked(ruling.rationale, spec, page, ruling.id)}\n")
    for fig in figures_for(ruling.id):
        out.append(embed(site, page, fig))
    rows = []
    for alt in ruling.alternatives:
        selects = []
        if ruling.option and alt.option_value:
            selects.append(code(f"{ruling.option.name}={alt.option_value}"))
        if alt.cli:
            selects.append(code(alt.cli))
        mark = "**adopted**" if alt.adopted else ("ruled out" if clarification else "")
        rows.append([mark, linked(alt.summary, spec, page, ruling.id),
                     " ".join(selects) or "-"])
    if clarification:
        out.append("**Readings considered.**\n")
        out.append(table(["", "reading", "selected by"], rows))
    else:
        out.append("**Alternatives.**\n")
        out.append(table(["", "alternative", "selected by"], rows))
    if ruling.option:
        out.append(f"**Option:** {code(ruling.option.name)}, default "
                   f"{code(ruling.option.default)}; pass it as "
                   f"{code('--option ' + ruling.option.name + '=VALUE')} on the command line "
                   "or in the position notation.\n")
    elif not clarification:
        out.append("**Option:** none yet; the engine plays the adopted alternative only.\n")
    out.append("**Known implementations.**\n")
    if ruling.implementations:
        out.append(table(["implementation", "language", "what it does"], [
            [esc(i.name), esc(i.language), linked(i.does, spec, page)]
            for i in ruling.implementations
        ]))
    if ruling.implementations_note:
        out.append(linked(ruling.implementations_note, spec, page) + "\n")
    if ruling.rules:
        out.append("**Concerns:** " + ", ".join(
            f"{link(r, spec, page)} ({esc(spec.title(r))})" for r in ruling.rules) + ".\n")
    if translated := _translation_links(ruling.id, spec, page):
        out.append(translated)
    if ruling.implemented_by:
        out.append(f"**Implemented by:** {_code_refs(ruling.implemented_by, page)}.\n")
    return "\n".join(out)


def _rulings_page(site: Site, spec: Any) -> None:
    page = RULINGS
    out = [
        "# Rulings and clarifications\n",
        "The published rules of Sploof and Splink are short, and raise questions: what "
        "happens when the supply runs out, whether one ball can block a row, what the "
        "\"five inner balls\" of Splink are. Each question is answered here once, under "
        "an ID that never changes, in one of two ways.\n",
        "- A **ruling** answers a question the text leaves open. It gives the answers "
        "that were not chosen as well, and what other implementations do. Where a "
        "reasonable player might want another answer, an option selects it, and the "
        "engine, the tables and the conformance vectors follow it.\n"
        "- A **clarification** answers a question the text settles, with the argument "
        "that settles it and the readings it rules out. There is nothing to choose, so "
        "it has no option.\n",
    ]
    rows = []
    for ruling in spec.rulings.values():
        option = (code(f"{ruling.option.name}={ruling.option.default}")
                  if ruling.option else "")
        rows.append([link(ruling.id, spec, page), ruling.kind, esc(ruling.title), option])
    out.append(table(["ID", "kind", "title", "option (default)"], rows))
    for scope in ("shibumi", "sploof", "splink"):
        kinds = _by_kind([r.id for r in spec.rulings.values() if r.scope == scope], spec)
        for kind, ids in kinds.items():
            if not ids:
                continue
            anchor = scope if kind == "ruling" or not kinds["ruling"] else \
                f"{scope}-{KIND_PLURAL[kind]}"
            out.append(f"## {TITLE_OF_SCOPE[scope]}: {KIND_PLURAL[kind]} {{#{anchor}}}\n")
            out += [_ruling(site, spec, spec.rulings[i]) for i in ids]
    site.page(page, "\n".join(out))


def generate(site: Site) -> None:
    source("spec/rules.json")
    source("spec/rulings.json")
    spec = module("shibumi_rules.spec").current()
    for scope in PAGE_OF_SCOPE:
        _rule_page(site, spec, scope)
    _rulings_page(site, spec)
    start = figures_for("SPF-SETUP-1")
    site.snippet("home-start-diagram", embed(site, "index.md", start[0]) if start else "")
