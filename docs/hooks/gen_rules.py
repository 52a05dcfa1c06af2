"""The rule pages (the Shibumi system, then one page per registered game) and the
Rulings page, from ``spec/rules.json``, ``spec/rulings.json`` and
``spec/translations.json`` through the engine's loader, with the site's texts
(``docs/content/site.*.json``: the system's page, the Rulings page's introduction).

Every rule, ruling and clarification is a heading whose id is its ID, so
``shibumi.html#SHB-PIN-1`` links to the rule and the search finds it as its own entry.
IDs cited in a text become links. Where the sources are quoted and which code implements
an entry is folded away for players. The Rulings page shows rulings (the text is open:
real alternatives, an option where the engine offers one) apart from clarifications (the
text settles it: the argument, no option). A game's page ends with the table of every
difference between a translation of its rules and the original. A game's guide can
translate its entries; the translated pages keep every ID and anchor of the English
ones, and the spec's own texts (the translation tables included) stay as the spec gives
them.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import gen_api
from gen_common import (
    Site,
    code,
    esc,
    front_matter,
    games,
    indent,
    module,
    relative,
    source,
    table,
    unsearched,
)
from gen_diagrams import embed
from gen_figures import figures_for
from gen_i18n import CONTENT, DEFAULT, site_texts, t
from gen_i18n import words as translated_words

from shibumi_rules.contract.content import entry_fingerprint, read_entry_translations
from shibumi_rules.contract.guide import LANGUAGES, EntryText, Text
from shibumi_rules.spec import ID_PATTERN

log = logging.getLogger("mkdocs.hooks.shibumi_docs")

SYSTEM = "shibumi"
RULINGS = "rulings.md"
NAV = "generated:rules"
RULE_BOOST = 3
"""Search weight of the rule pages: an everyday word finds the rule first."""

KINDS = ("ruling", "clarification")
"""The kinds of entries of ``spec/rulings.json``, in the order the pages list them."""
KIND_PLURAL = {"ruling": "rulings", "clarification": "clarifications"}
KIND_LEAD = {
    "ruling": "*Ruling: the published text leaves this open; the alternatives below are "
              "real choices.*",
    "clarification": "*Clarification: the published text settles this; the argument "
                     "below shows how, so there is nothing to choose.*",
}


@dataclass(frozen=True)
class Scope:
    """A rules page: the system's, or one game's."""

    name: str
    title: Text
    page: str
    definition: Any


def scopes() -> list[Scope]:
    """The system, then every registered game, in the registry's order."""
    out = [Scope(SYSTEM, site_texts().text("system.title"), "shibumi.md", None)]
    out += [Scope(b.name, _title_text(b), f"{b.name}.md", b) for b in games()]
    return out


def _title_text(definition: Any) -> Text:
    guide = definition.guide()
    if guide is not None and guide.title is not None:
        title: Text = guide.title
        return title
    return Text(definition.title)


def _scope(name: str) -> Scope:
    return next(s for s in scopes() if s.name == name)


def page_of_scope(name: str) -> str:
    return _scope(name).page


def page_of(entry_id: str, spec: Any) -> str:
    if entry_id in spec.rulings:
        return RULINGS
    return page_of_scope(spec.entry(entry_id).scope)


def link(entry_id: str, spec: Any, here: str) -> str:
    """A link to a rule or ruling entry from the page ``here``."""
    target = page_of(entry_id, spec)
    href = f"#{entry_id}" if target == here else f"{relative(here, target)}#{entry_id}"
    return f"[{entry_id}]({href})"


def html_link(entry_id: str, spec: Any, here: str) -> str:
    """A link to an entry written as HTML, for raw HTML blocks (the site's links end in
    ``.html``)."""
    target = page_of(entry_id, spec).removesuffix(".md") + ".html"
    page = here.removesuffix(".md") + ".html"
    href = f"#{entry_id}" if target == page else f"{relative(page, target)}#{entry_id}"
    return f'<a href="{href}">{entry_id}</a>'


def html_linked(text: str, spec: Any, here: str) -> str:
    """Text with every cited ID linked, as HTML."""
    def replace(match: re.Match[str]) -> str:
        entry_id = match.group(0)
        return html_link(entry_id, spec, here) if entry_id in spec else entry_id
    return ID_PATTERN.sub(replace, esc(text))


def linked(text: str, spec: Any, here: str, own: str | None = None) -> str:
    """Text with every cited ID (except ``own``) turned into a link to its entry."""
    def replace(match: re.Match[str]) -> str:
        entry_id = match.group(0)
        if entry_id == own or entry_id not in spec:
            return entry_id
        return link(entry_id, spec, here)
    return ID_PATTERN.sub(replace, esc(text))


def _guide(scope: str) -> Any:
    found = _scope(scope)
    return found.definition.guide() if found.definition is not None else None


def keywords(entry_id: str, spec: Any) -> Text | None:
    """The everyday words of an entry (the system's among the site's texts, a game's in
    its guide)."""
    if spec.entry(entry_id).scope == SYSTEM:
        return site_texts().optional(f"keywords.{entry_id}")
    guide = _guide(spec.entry(entry_id).scope)
    found: Text | None = guide.keywords.get(entry_id) if guide is not None else None
    return found


@cache
def _system_translations() -> dict[str, dict[str, EntryText]]:
    """The translations of the system's rules: ``docs/content/rules.LANG.json``, since
    the system belongs to no game's package."""
    return read_entry_translations(CONTENT)


def _translations(scope: str) -> dict[str, dict[str, EntryText]]:
    """The translations of a scope's rules and rulings: language, then ID."""
    if scope == SYSTEM:
        return _system_translations()
    guide = _guide(scope)
    return dict(guide.translations) if guide is not None else {}


STALE: list[str] = []
"""Translations found out of date in this build (``lang:ID``), for the tests."""


def translation(entry: Any, lang: str) -> EntryText | None:
    """The translation of an entry into ``lang``, if the game's guide has an up-to-date
    one (an out-of-date one is reported and left out)."""
    if lang == DEFAULT:
        return None
    found: EntryText | None = _translations(entry.scope).get(lang, {}).get(entry.id)
    if found is None:
        return None
    if found.source != entry_fingerprint(entry):
        STALE.append(f"{lang}:{entry.id}")
        log.info(f"{lang} translation of {entry.id} is out of date (the English changed; "
                 f"its fingerprint is now {entry_fingerprint(entry)})")
        return None
    return found


def translated_langs(scope: str) -> list[str]:
    """The languages besides the default that some entry of ``scope`` is translated to."""
    found = _translations(scope)
    return [lang for lang in LANGUAGES[1:] if found.get(lang)]


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


def folded(title: str, body: str, kind: str = "info", opened: bool = False) -> str:
    """A collapsible block, closed until opened unless ``opened``."""
    return f'???{"+" if opened else ""} {kind} "{title}"\n\n' + indent(body) + "\n"


def _keywords_line(entry_id: str, spec: Any, lang: str) -> str:
    words = keywords(entry_id, spec)
    if words is None:
        return ""
    return f'<p class="keywords"><em>{t("Also searched as", lang)}:</em> ' \
           f"{esc(words.get(lang))}</p>\n"


def _stale_note(entry: Any, lang: str) -> str:
    if lang == DEFAULT or entry.id not in _translations(entry.scope).get(lang, {}):
        return ""
    if translation(entry, lang) is not None:
        return ""
    return folded(t("translation out of date", lang), t(
        "This entry's English text has changed since it was translated; the English is "
        "shown until the translation is brought up to date.", lang), "warning")


def _listed(ids: Any, spec: Any, page: str, lang: str) -> str:
    """Entries as links followed by their titles, separated by commas."""
    return ", ".join(f"{link(i, spec, page)} ({esc(title_in(spec, i, lang))})" for i in ids)


def _by_kind(ids: Any, spec: Any) -> dict[str, list[str]]:
    """Ruling IDs split into rulings and clarifications, in order."""
    out: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for entry_id in ids:
        out[spec.kind(entry_id)].append(entry_id)
    return out


def _language(tag: str, lang: str) -> str:
    """The name of the language ``tag`` in the language ``lang``."""
    name = site_texts().optional(f"languages.{tag}")
    return name.get(lang) if name is not None else tag


def translation_anchor(found: Any) -> str:
    """The anchor of the table of a translation's differences on its game's page."""
    return f"translation-{found.id}"


def _translation_links(entry_id: str, spec: Any, page: str, lang: str) -> str:
    """A line linking the translation tables that list a difference about ``entry_id``."""
    links = []
    for found in spec.translations:
        target = page_of_scope(found.scope)
        href = f"#{translation_anchor(found)}"
        if target != page:
            href = relative(page, target) + href
        label = t("{language} text", lang).format(language=_language(found.language, lang))
        topics = translated_words("topics", lang)
        links += [f"[{label}: {esc(topics.get(d.topic.lower(), d.topic.lower()))}]({href})"
                  for d in found.differences if entry_id in d.rules]
    if not links:
        return ""
    return f"**{t('Translations:', lang)}** {', '.join(links)}.\n"


def _rule(site: Site, spec: Any, rule: Any, page: str, lang: str) -> str:
    tr = translation(rule, lang)
    title = tr.title if tr else rule.title
    statement = tr.statement if tr else rule.statement
    out = [f"## {rule.id} · {esc(title)} {{{_anchor(rule.id, tr, lang)}}}\n",
           linked(statement, spec, page, rule.id) + "\n", _stale_note(rule, lang)]
    for fig in figures_for(rule.id):
        out.append(embed(site, page, fig, lang))
    for kind, ids in _by_kind(rule.rulings, spec).items():
        if ids:
            heading = t(KIND_PLURAL[kind].capitalize(), lang)
            out.append(f"**{heading}:** {_listed(ids, spec, page, lang)}.\n")
    out.append(_translation_links(rule.id, spec, page, lang))
    notes = tr.notes if tr and tr.notes else rule.notes
    if notes:
        out.append('!!! note\n    ' + linked(notes, spec, page, rule.id) + "\n")
    out.append(_keywords_line(rule.id, spec, lang))
    if rule.sources:
        out.append(folded(t("Sources", lang), _sources(rule.sources), "quote"))
    if rule.implemented_by:
        out.append(folded(t("Implemented by", lang),
                          _code_refs(rule.implemented_by, page) + "\n", "abstract"))
    return "\n".join(part for part in out if part)


def _anchor(entry_id: str, tr: EntryText | None, lang: str) -> str:
    """The attributes of an entry's heading: its ID, and on a translated page an entry
    left in English is kept out of the search (the English page is found instead)."""
    if lang != DEFAULT and tr is None:
        return f"#{entry_id} data-search-exclude"
    return f"#{entry_id}"


def title_in(spec: Any, entry_id: str, lang: str) -> str:
    """The title of a rule or ruling in ``lang`` (the English while it is not
    translated)."""
    tr = translation(spec.entry(entry_id), lang)
    return tr.title if tr else str(spec.title(entry_id))




def _intro(scope: Scope) -> Text:
    if scope.definition is None:
        return site_texts().text("system.intro")
    guide = scope.definition.guide()
    if guide is not None and guide.rules_intro is not None:
        intro: Text = guide.rules_intro
        return intro
    return Text(f"{scope.definition.title}: {scope.definition.summary}.")


def _rule_page(site: Site, spec: Any, scope: Scope, lang: str) -> None:
    page = scope.page
    rules = [r for r in spec.rules.values() if r.scope == scope.name]
    rulings = [r for r in spec.rulings.values() if r.scope == scope.name]
    out = [front_matter(boost=RULE_BOOST), f"# {esc(scope.title.get(lang))}\n",
           esc(_intro(scope).get(lang)) + "\n"]
    out.append(unsearched(table(
        [t("rule", lang), t("title", lang)],
        [[link(r.id, spec, page), esc(title_in(spec, r.id, lang))] for r in rules],
    )))
    kinds = _by_kind([r.id for r in rulings], spec)
    listed = []
    if kinds["ruling"]:
        listed.append(t("Where the published rules leave a question open, these rulings "
                        "decide: ", lang) + _listed(kinds["ruling"], spec, page, lang) + ".\n")
    if kinds["clarification"]:
        listed.append(t("Where a question has an answer in the published rules that is "
                        "easy to miss, these clarifications give it and the argument: ",
                        lang) + _listed(kinds["clarification"], spec, page, lang) + ".\n")
    if listed:
        out.append(unsearched("\n".join(listed)))
    translations = spec.translations_of(scope.name)
    for found in translations:
        out.append(t("The rules also reached us in {language}; every difference of that "
                     "translation is listed [at the end of this page]({link}).", lang)
                   .format(language=_language(found.language, lang),
                           link=f"#{translation_anchor(found)}") + "\n")
    if scope.definition is not None:
        out.append(t("The rules of the [Shibumi system]({link}) apply to {game} as well.",
                     lang).format(link=relative(page, page_of_scope(SYSTEM)),
                                  game=scope.title.get(lang)) + "\n")
    for rule in rules:
        out.append(_rule(site, spec, rule, page, lang))
    for found in translations:
        out.append(_translation_section(spec, found, page, lang))
    site.page(page, "\n".join(out), lang)


def _translation_section(spec: Any, found: Any, page: str, lang: str) -> str:
    """Every difference between a translation and the original, as a table with the
    reading adopted in each row; then, folded for arbiters, the readings not adopted and
    the evidence that the translation was made from the original. The headings are in
    the page's language, the spec's texts as the spec gives them (on a translated page
    set apart in an open block, as the quoted sources are set apart in folded ones)."""
    language = _language(found.language, lang)
    heading = (f"## {t('The {language} translation', lang).format(language=language)} "
               f"{{#{translation_anchor(found)}}}\n")
    body = "\n".join([
        t("*{title}*, translated from *{original}*.", lang).format(
            title=esc(found.title), original=esc(found.translates))
        + f" {linked(found.standing, spec, page)}\n",
        table([t(h, lang).format(language=language) for h in
               ("topic", "{language} text", "literally", "the original says",
                "reading adopted")],
              [[f"**{esc(d.topic)}**", esc(d.translated), esc(d.literal), esc(d.original),
                linked(d.adopted, spec, page)] for d in found.differences])])
    if lang != DEFAULT:  # the spec's English, set apart (open) like the quoted sources
        body = folded(t("As the specification records it, in English", lang), body,
                      "quote", opened=True)
    out = [heading, body]
    rejected = [(d, r) for d in found.differences for r in d.rejected]
    if rejected:
        out.append(folded(t("Readings not adopted", lang), "\n".join(
            f"- *{esc(d.topic)}: {esc(r.reading)}* {linked(r.why, spec, page)}"
            for d, r in rejected) + "\n", "quote"))
    if found.evidence:
        out.append(folded(
            t("Why the {language} text is a translation of the original", lang)
            .format(language=language),
            table([t(h, lang) for h in ("words", "literally", "what they show")],
                  [[esc(e.translated), esc(e.literal), esc(e.shows)]
                   for e in found.evidence]), "quote"))
    return "\n".join(out)


LABELS = {
    "ruling": ("Decision.", "Rationale.", "Alternatives.", "alternative", ""),
    "clarification": ("Answer.", "Why the text settles it.", "Readings considered.",
                      "reading", "ruled out"),
}
"""How an entry of each kind names its answer, its argument, its table of answers and
a row of that table, and marks a row not adopted."""


def _alternatives(spec: Any, ruling: Any, tr: EntryText | None, lang: str) -> str:
    """The table of the answers a ruling chose between (or the readings a clarification
    rules out), each with the option value or flag that selects it."""
    page = RULINGS
    *_, column, not_adopted = LABELS[ruling.kind]
    rows = []
    summaries = tr.alternatives if tr and tr.alternatives else ()
    for number, alt in enumerate(ruling.alternatives):
        selects = []
        if ruling.option and alt.option_value:
            selects.append(code(f"{ruling.option.name}={alt.option_value}"))
        if alt.cli:
            selects.append(code(alt.cli))
        summary = summaries[number] if number < len(summaries) else alt.summary
        mark = f"**{t('adopted', lang)}**" if alt.adopted else t(not_adopted, lang)
        rows.append([mark, linked(summary, spec, page, ruling.id),
                     " ".join(selects) or "-"])
    return table(["", t(column, lang), t("selected by", lang)], rows)


def _option(ruling: Any, lang: str) -> str:
    """The option that selects a ruling's alternatives, the command-line flags that do
    for a ruling on how a match or game is set up, or that there is none yet (a
    clarification has nothing to select)."""
    if ruling.option:
        return (f"**{t('Option:', lang)}** {code(ruling.option.name)}, "
                f"{t('default', lang)} {code(ruling.option.default)}; "
                f"{code('--option ' + ruling.option.name + '=VALUE')}.\n")
    if ruling.kind == "ruling" and any(alt.cli for alt in ruling.alternatives):
        return (f"**{t('Option:', lang)}** "
                + t("none: command-line flags select the alternatives (each alternative "
                    "gives its flag), and without them the adopted one is followed.", lang)
                + "\n")
    if ruling.kind == "ruling":
        return (f"**{t('Option:', lang)}** "
                f"{t('none yet; the engine plays the adopted alternative only.', lang)}\n")
    return ""


def _checked_in(implementation: Any, lang: str) -> str:
    """Where a claim about another implementation was checked: the files and functions
    read, with the version, or that it was not checked."""
    if not implementation.checked:
        return t("not checked", lang)
    by_file: dict[str, list[str]] = {}
    for place in implementation.code:
        by_file.setdefault(place.file, []).append(place.function)
    places = "; ".join(f"{code(file)}: " + ", ".join(code(f) for f in functions)
                       for file, functions in by_file.items())
    return f"{places} ({esc(implementation.version)})"


def _ruling(site: Site, spec: Any, ruling: Any, lang: str) -> str:
    page = RULINGS
    tr = translation(ruling, lang)
    answer, why, answers, *_ = LABELS[ruling.kind]
    out = [f"### {ruling.id} · {esc(tr.title if tr else ruling.title)} "
           f"{{{_anchor(ruling.id, tr, lang)}}}\n",
           t(KIND_LEAD[ruling.kind], lang) + "\n",
           _stale_note(ruling, lang)]
    for label, text in (("Question.", tr.question if tr else ruling.question),
                        (answer, tr.statement if tr else ruling.decision),
                        (why, tr.rationale if tr else ruling.rationale)):
        out.append(f"**{t(label, lang)}** {linked(text, spec, page, ruling.id)}\n")
    for fig in figures_for(ruling.id):
        out.append(embed(site, page, fig, lang))
    out.append(f"**{t(answers, lang)}**\n")
    out.append(_alternatives(spec, ruling, tr, lang))
    out.append(_option(ruling, lang))
    if ruling.rules:
        out.append(f"**{t('Concerns:', lang)}** " + ", ".join(
            f"{link(r, spec, page)} ({esc(title_in(spec, r, lang))})" for r in ruling.rules)
            + ".\n")
    out.append(_translation_links(ruling.id, spec, page, lang))
    out.append(_keywords_line(ruling.id, spec, lang))
    known = []
    if ruling.implementations:
        known.append(table([t("implementation", lang), t("language", lang),
                            t("what it does", lang), t("checked in", lang)], [
            [esc(i.name), esc(i.language), linked(i.does, spec, page), _checked_in(i, lang)]
            for i in ruling.implementations
        ]))
    if ruling.implementations_note:
        known.append(linked(ruling.implementations_note, spec, page) + "\n")
    if known:
        out.append(folded(t("Known implementations.", lang).rstrip("."), "\n".join(known),
                          "quote"))
    if ruling.implemented_by:
        out.append(folded(t("Implemented by", lang),
                          _code_refs(ruling.implemented_by, page) + "\n", "abstract"))
    return "\n".join(part for part in out if part)


def _rulings_intro(lang: str) -> str:
    texts = site_texts()
    items = "".join(f"- **{t(kind.capitalize(), lang)}**: "
                    f"{esc(texts.text(f'rulings.kinds.{kind}').get(lang))}\n"
                    for kind in KINDS)
    return f"{esc(texts.text('rulings.intro').get(lang))}\n\n{items}"


def _rulings_page(site: Site, spec: Any, lang: str) -> None:
    page = RULINGS
    out = [front_matter(boost=RULE_BOOST), f"# {t('Rulings and clarifications', lang)}\n",
           _rulings_intro(lang)]
    translated = [s.title.get(lang) for s in scopes() if lang in translated_langs(s.name)]
    if lang != DEFAULT and translated:
        note = site_texts().fill("rulings.translated", scopes=", ".join(translated))
        out.append(esc(note.get(lang)) + "\n")
    rows = []
    for ruling in spec.rulings.values():
        option = (code(f"{ruling.option.name}={ruling.option.default}")
                  if ruling.option else "")
        rows.append([link(ruling.id, spec, page), t(ruling.kind, lang),
                     esc(title_in(spec, ruling.id, lang)), option])
    out.append(unsearched(table(
        ["ID", t("kind", lang), t("title", lang), t("option (default)", lang)], rows)))
    for scope in scopes():
        exclude = " data-search-exclude" if (lang != DEFAULT and lang not in
                                             translated_langs(scope.name)) else ""
        kinds = _by_kind([r.id for r in spec.rulings.values() if r.scope == scope.name],
                         spec)
        for kind, ids in kinds.items():
            if not ids:
                continue
            anchor = scope.name if kind == "ruling" or not kinds["ruling"] else \
                f"{scope.name}-{KIND_PLURAL[kind]}"
            out.append(f"## {esc(scope.title.get(lang))}: {t(KIND_PLURAL[kind], lang)} "
                       f"{{#{anchor}{exclude}}}\n")
            out += [_ruling(site, spec, spec.rulings[i], lang) for i in ids]
    site.page(page, "\n".join(out), lang)


def generate(site: Site) -> None:
    STALE.clear()
    source("spec/rules.json")
    source("spec/rulings.json")
    source("spec/translations.json")
    spec = module("shibumi_rules.spec").current()
    ruling_langs: set[str] = set()
    for scope in scopes():
        _rule_page(site, spec, scope, DEFAULT)
        for lang in translated_langs(scope.name):
            _rule_page(site, spec, scope, lang)
            ruling_langs.add(lang)
    _rulings_page(site, spec, DEFAULT)
    for lang in sorted(ruling_langs):
        _rulings_page(site, spec, lang)
    site.nav[NAV] = [(scope.title, scope.page) for scope in scopes()]
    site.nav[NAV].append((Text("Rulings", t("Rulings", "ko")), RULINGS))
