"""The "Known implementations" page: game x implementation, made from the run record of
each implementation that ``implementations/NAME/`` adapts to the engine protocol.

The records (``implementations/NAME/record.json``) are written by
``shibumi-rules conform --record`` (``implementations/NAME/conform.sh``) and checked in
CI by the same command with ``--check``, so the build reads them instead of installing
the implementations: it needs no network, and shows no result that a run did not give.
A record older than the vectors or the specification it was checked against is a
warning (a strict build fails), and so is a record of a game the registry does not
know. The page stays English; the Korean edition says so in Korean.
"""

from __future__ import annotations

import json
from typing import Any

from gen_common import ROOT, Site, code, esc, fenced, front_matter, games, table
from gen_i18n import t
from gen_implementers import DEMOTED

PAGE = "known-implementations.md"
FOLDER = "implementations"
RECORD = "record.json"
RESULTS_LINK = "conformance-report.md#results"
UNTRANSLATED = ("This page is not translated: its tables and results are the English of "
                "each implementation's run record (implementations/NAME/record.json).")
"""The Korean edition's note, by its English (``docs/content/words.ko.json``)."""


def records() -> list[tuple[str, dict[str, Any]]]:
    """(folder name, record) of every known implementation, by folder name."""
    out = []
    for path in sorted((ROOT / FOLDER).glob(f"*/{RECORD}")):
        out.append((path.parent.name, json.loads(path.read_text(encoding="utf-8"))))
    return out


def stale(folder: str, record: dict[str, Any]) -> list[str]:
    """Why a record no longer describes the current reference (empty when it does)."""
    from shibumi_rules import spec
    from shibumi_rules.conformance.vectors import default_vector_files, index_hash

    where = f"{FOLDER}/{folder}/{RECORD}"
    rerun = f"rerun bash {FOLDER}/{folder}/conform.sh"
    out = []
    reference = record.get("reference", {})
    current = index_hash(default_vector_files())
    if reference.get("vectors_content_hash") != current:
        out.append(f"{where} was made with the vectors {reference.get('vectors_content_hash')}, "
                   f"not the current {current}: {rerun}")
    if reference.get("spec_version") != spec.version():
        out.append(f"{where} was made with specification {reference.get('spec_version')}, "
                   f"not {spec.version()}: {rerun}")
    unknown = sorted(set(record.get("games", {})) - {d.name for d in games()})
    if unknown:
        out.append(f"{where} has games the registry does not know: {', '.join(unknown)}")
    return out


def generate(site: Site) -> None:
    found = records()
    for folder, record in found:
        site.warnings.extend(f"{PAGE}: {line}" for line in stale(folder, record))
    site.page(PAGE, page(found))
    site.page(PAGE, page(found, korean_notice()), lang="ko")


def korean_notice() -> str:
    return (f'!!! note "{t("This page is in English", "ko")}"\n\n'
            f'    {t(UNTRANSLATED, "ko")}\n\n')


def _anchor(folder: str, game: str) -> str:
    return f"{folder}-{game}"


def _cell(folder: str, record: dict[str, Any], game: str) -> str:
    entry = record.get("games", {}).get(game)
    if entry is None:
        return "not played"
    return (f"[**{esc(entry['result'])}**](#{_anchor(folder, game)}): "
            f"{entry['positions']:,} positions")


def page(found: list[tuple[str, dict[str, Any]]], notice: str = "") -> str:
    """The page, with ``notice`` under its title (the Korean edition's)."""
    played = [(d.name, d.title) for d in games()]
    out = [
        front_matter(boost=DEMOTED),
        "# Known implementations\n",
        notice,
        "Other programs play these games too. Each one listed here is checked by "
        "`shibumi-rules conform` through a small adapter in the repository's "
        f"`{FOLDER}/` folder, which speaks the [engine protocol](protocol.md) and "
        "leaves every rule to the implementation's own code. CI runs each of them and "
        "fails when the divergences it finds are not the ones the implementation's "
        "expectation file lists, or when one listed there no longer happens.\n",
        "Every figure below is read from the implementation's run record, which the "
        "command shown under it writes and CI checks: nothing on this page is written by "
        "hand, and the site is built without installing the implementations. "
        f"[What each result means]({RESULTS_LINK}).\n",
    ]
    if not found:
        out.append("No implementation is recorded yet.\n")
        return "\n".join(out)
    out.append("## Results {#results}\n")
    out.append(table(["game", *[esc(r.get("engine", {}).get("name") or f) for f, r in found]],
                     [[esc(title), *[_cell(f, r, name) for f, r in found]]
                      for name, title in played]))
    titles = dict(played)
    for folder, record in found:
        out += _implementation(folder, record, titles)
    return "\n".join(out)


def _implementation(folder: str, record: dict[str, Any], titles: dict[str, str]
                    ) -> list[str]:
    engine = record.get("engine", {})
    made = record.get("made", {})
    reference = record.get("reference", {})
    name = engine.get("name") or folder
    out = [
        f"## {esc(name)} {{#{folder}}}\n",
        table(["item", "value"], [
            ["version checked", esc(engine.get("version", "-"))],
            ["features", esc(", ".join(engine.get("features", [])) or "-")],
            ["run", f"{record.get('positions_checked', 0):,} positions; result "
                    f"**{esc(record.get('result', '-'))}**"],
            ["recorded", f"{esc(made.get('date', '-'))} with shibumi-rules "
                         f"{esc(made.get('shibumi_rules', '-'))} on Python "
                         f"{esc(made.get('python', '-'))}, specification "
                         f"{esc(reference.get('spec_version', '-'))}, "
                         f"{reference.get('vectors', 0)} vectors "
                         f"({code(reference.get('vectors_content_hash') or '-')})"],
            ["record", code(f"{FOLDER}/{folder}/{RECORD}")],
            ["expectations", code(f"{FOLDER}/{folder}/expectations.json")],
        ]),
        "To repeat the run, from the repository's root:\n",
        fenced(f"bash {FOLDER}/{folder}/install.sh   # once: the implementation, in its "
               f"own virtual environment\nbash {FOLDER}/{folder}/conform.sh", "sh"),
        "which runs:\n",
        fenced(str(record.get("command", "")), "sh"),
    ]
    for note in record.get("notes", []):
        out.append(f"- {esc(note)}")
    if record.get("notes"):
        out.append("")
    for game, entry in record.get("games", {}).items():
        out += _game(folder, game, titles.get(game, game), entry)
    return out


def _game(folder: str, game: str, title: str, entry: dict[str, Any]) -> list[str]:
    out = [f"### {esc(title)} {{#{_anchor(folder, game)}}}\n",
           f"Result: **{esc(entry['result'])}**, {entry['positions']:,} positions checked.\n"]
    out.append(_declaration(entry.get("declared", {})))
    combos = entry.get("combinations", [])
    rows = [[code(" ".join(f"{k}={v}" for k, v in c["options"].items()) or "(no options)"),
             f"{c['vectors_checked']}/{c['vectors']}", str(c["perft_roots"]),
             str(c["random_games"]), f"{c['positions']:,}", str(c["divergences"])]
            for c in combos]
    out.append("What was checked, per combination of options it declares "
               "(vectors answered of those sent):\n")
    out.append(table(["options", "vectors", "perft roots", "random games", "positions",
                      "divergences"], rows))
    skipped = entry.get("combinations_not_declared", 0)
    if skipped:
        out.append(f"The other {skipped} combinations of options the vectors hold were not "
                   "checked: the implementation does not declare them.\n")
    ended = entry.get("random_games_ended", {})
    if ended:
        out.append("Random games ended: " + ", ".join(
            f"{esc(end)} {n}" for end, n in sorted(ended.items(), key=lambda kv: -kv[1]))
            + ".\n")
    out.append("#### Rulings {#" + _anchor(folder, game) + "-rulings}\n")
    out.append("What it declares for each ruling and clarification, and what the "
               "vectors it was sent showed:\n")
    out.append(table(["ruling", "declared", "vectors", "what they showed"],
                     [_ruling_row(r) for r in entry.get("rulings", [])]))
    out.append("#### Divergences by rule {#" + _anchor(folder, game) + "-divergences}\n")
    groups = entry.get("divergences", [])
    if not groups:
        out.append("None.\n")
    for group in groups:
        out += _divergence(group)
    if entry.get("inconclusive"):
        out.append("Not enough was checked to conclude more:\n")
        out += [f"- {esc(reason)}" for reason in entry["inconclusive"]]
        out.append("")
    return out


def _declaration(declared: dict[str, Any]) -> str:
    options = declared.get("options", {})
    said = ", ".join(f"{code(k)} {esc(', '.join(v.get('values') or ['any']))}"
                     for k, v in options.items()) or "none"
    first = ", ".join(declared.get("first", [])) or "the game's default"
    return (f"It declares: options {said}; first player {esc(first)}"
            + ("; deviations from " + ", ".join(_ruling_link(d["ruling"])
                                                for d in declared["deviations"])
               if declared.get("deviations") else "") + ".\n")


def _ruling_link(ruling: str) -> str:
    """A link to the entry; text that names no entry of the spec is shown as text."""
    from gen_rules import link

    from shibumi_rules import spec

    current = spec.current()
    return link(ruling, current, PAGE) if ruling in current else esc(ruling)


def _ruling_row(row: dict[str, Any]) -> list[str]:
    if row.get("deviation"):
        declared = f"its own reading: {esc(row['deviation'])}"
    elif row.get("option"):
        values = row.get("declared")
        declared = code(f"{row['option']}=" + ("|".join(values) if values else "any"))
    else:
        declared = "-"
    sent, failed = row.get("vectors", 0), row.get("vectors_failed", 0)
    if not sent:
        shown = "no vector sent exercises it"
    elif failed:
        shown = f"diverged on {failed} of {sent}"
    else:
        shown = f"agreed on all {sent}"
    if row.get("divergences"):
        shown += f"; {row['divergences']} divergence(s) in all"
    return [f"{_ruling_link(row['ruling'])} {esc(row.get('title', ''))}", declared,
            str(sent), shown]


def _divergence(group: dict[str, Any]) -> list[str]:
    rule = group["rule"]
    from shibumi_rules import spec

    heading = _ruling_link(rule) if rule in spec.current() else esc(rule)
    what = esc({"deviation": "declared deviation", "rule": "rule divergence",
                "protocol": "protocol finding", "failure": "engine failure"}.get(
        group["category"], group["category"]))
    example = group.get("example", {})
    out = [f"- **{heading}** ({what}, {esc(group['kind'])}): {group['count']} time(s). "
           + (esc(group["reading"]) if group.get("reading") else ""),
           "",
           f"    Example, from {esc(example.get('source', '-'))}:",
           ""]
    lines = []
    if example.get("position") is not None:
        lines.append(f"position: {example['position']}")
    if example.get("move") is not None:
        lines.append(f"move:     {example['move']}")
    lines.append(f"expected: {shown(example.get('expected'))}")
    lines.append(f"actual:   {shown(example.get('actual'))}")
    if example.get("detail"):
        lines.append(f"detail:   {example['detail']}")
    out.append("    " + fenced("\n".join(lines)).replace("\n", "\n    ").rstrip())
    out.append("")
    return out


def shown(value: Any) -> str:
    """A value of an example as the reports show it."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)

