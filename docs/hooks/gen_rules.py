"""The rule pages (the Shibumi system, Sploof, Splink) and the Rulings page, from
``spec/rules.json`` and ``spec/rulings.json`` through the engine's loader.

Every rule and ruling is a heading whose id is its ID, so ``sploof/#SPF-LINE-1`` links
to the rule and the search finds it as its own entry. IDs cited in a text become links.
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
        "attractor, who scores a point for each red ball touching a white one on the "
        "outside of the finished pyramid, and the repulsor, who tries to keep that score "
        "low. Both players handle both colours. No other implementation of Splink is "
        "known, so each gap in its published rules is settled by a ruling below.",
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


def _rule(site: Site, spec: Any, rule: Any, page: str) -> str:
    out = [f"## {rule.id} · {esc(rule.title)} {{#{rule.id}}}\n",
           linked(rule.statement, spec, page, rule.id) + "\n"]
    for fig in figures_for(rule.id):
        out.append(embed(site, page, fig))
    if rule.rulings:
        rulings = ", ".join(
            f"{link(r, spec, page)} ({esc(spec.title(r))})" for r in rule.rulings
        )
        out.append(f"**Rulings:** {rulings}.\n")
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
    if rulings:
        out.append("Where the published rules are silent or unclear, these rulings decide: "
                   + ", ".join(f"{link(r.id, spec, page)} ({esc(r.title)})" for r in rulings)
                   + ".\n")
    if scope != "shibumi":
        out.append("The rules of the [Shibumi system](shibumi.md) apply to "
                   f"{TITLE_OF_SCOPE[scope]} as well.\n")
    for rule in rules:
        out.append(_rule(site, spec, rule, page))
    site.page(page, "\n".join(out))


def _ruling(site: Site, spec: Any, ruling: Any) -> str:
    page = RULINGS
    out = [f"### {ruling.id} · {esc(ruling.title)} {{#{ruling.id}}}\n"]
    out.append(f"**Question.** {linked(ruling.question, spec, page, ruling.id)}\n")
    out.append(f"**Decision.** {linked(ruling.decision, spec, page, ruling.id)}\n")
    out.append(f"**Rationale.** {linked(ruling.rationale, spec, page, ruling.id)}\n")
    for fig in figures_for(ruling.id):
        out.append(embed(site, page, fig))
    rows = []
    for alt in ruling.alternatives:
        selects = []
        if ruling.option and alt.option_value:
            selects.append(code(f"{ruling.option.name}={alt.option_value}"))
        if alt.cli:
            selects.append(code(alt.cli))
        rows.append([
            "**adopted**" if alt.adopted else "",
            linked(alt.summary, spec, page, ruling.id),
            " ".join(selects) or "-",
        ])
    out.append("**Alternatives.**\n")
    out.append(table(["", "alternative", "selected by"], rows))
    if ruling.option:
        out.append(f"**Option:** {code(ruling.option.name)}, default "
                   f"{code(ruling.option.default)}; pass it as "
                   f"{code('--option ' + ruling.option.name + '=VALUE')} on the command line "
                   "or in the position notation.\n")
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
    if ruling.implemented_by:
        out.append(f"**Implemented by:** {_code_refs(ruling.implemented_by, page)}.\n")
    return "\n".join(out)


def _rulings_page(site: Site, spec: Any) -> None:
    page = RULINGS
    out = [
        "# Rulings\n",
        "The published rules of Sploof and Splink are short, and leave questions open: "
        "what happens when the supply runs out, whether one ball can block a row, what "
        "the \"five inner balls\" of Splink are. Each such question is answered here "
        "once, with the reasoning, the answers that were not chosen, and what other "
        "implementations do. Where a reasonable player might want another answer, an "
        "option selects it, and the engine, the tables and the conformance vectors "
        "follow it.\n",
    ]
    rows = []
    for ruling in spec.rulings.values():
        option = (code(f"{ruling.option.name}={ruling.option.default}")
                  if ruling.option else "")
        rows.append([link(ruling.id, spec, page), esc(ruling.title), option])
    out.append(table(["ruling", "title", "option (default)"], rows))
    for scope in ("shibumi", "sploof", "splink"):
        rulings = [r for r in spec.rulings.values() if r.scope == scope]
        if not rulings:
            continue
        out.append(f"## {TITLE_OF_SCOPE[scope]} {{#{scope}}}\n")
        out += [_ruling(site, spec, r) for r in rulings]
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
