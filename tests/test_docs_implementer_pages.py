"""Two pages for implementers: the reference conformance report, made from a real run of
``shibumi-rules conform`` when the site is built and refused unless that run ends
CONFORMANT; and the engine protocol page, which is ``spec/protocol/README.md`` with its
links leading to the same files on the site.

The generators are checked on their own (a fake run, a made-up README) and in the built
site (shared with ``test_docs``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from shibumi_rules.conformance.results import (
    CONFORMANT,
    DIVERGENT,
    ERROR,
    EXIT_STATUS,
    INCONCLUSIVE,
    USAGE_STATUS,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")

import gen_common  # noqa: E402
import gen_conformance  # noqa: E402
import gen_protocol  # noqa: E402

from .test_docs import built_site, page  # noqa: E402

README = ROOT / "spec" / "protocol" / "README.md"


def _run(result: str, status: int, extra: str = "") -> gen_common.CommandRun:
    """A made-up run of the report's command that printed ``result``."""
    stdout = (f"# Conformance report: some engine 1.0\n\n**Result: {result}**: what it "
              f"means.\n\n| item | value |\n|---|---|\n| engine | some engine 1.0 |\n{extra}\n"
              "## What was checked\n\n| game | options |\n|---|---|\n| g | `a=b` |\n")
    return gen_common.CommandRun(gen_conformance.COMMAND, None, stdout,
                                 "the engine crashed\n" if status else "", status)


# -- the conformance report: the generator --------------------------------------------

def test_a_conformant_run_becomes_the_page_with_its_headings_under_the_title() -> None:
    run = _run(CONFORMANT, EXIT_STATUS[CONFORMANT])
    text = gen_conformance.report_page(run, "| result | exit status |\n|---|---|\n")
    headings = re.findall(r"^(#+) (.*)$", text, flags=re.M)
    assert headings[0] == ("#", "Reference conformance report")
    assert [h for h in headings if h[0] == "#"] == [headings[0]]
    assert ("##", "Conformance report: some engine 1.0") in headings
    assert ("###", "What was checked") in headings
    assert f"**Result: {CONFORMANT}**" in text
    assert "| g | `a=b` |" in text
    assert "shibumi-rules conform --format markdown --quiet" in text


@pytest.mark.parametrize("result", [DIVERGENT, INCONCLUSIVE, ERROR])
@pytest.mark.parametrize("status", sorted({*EXIT_STATUS.values(), USAGE_STATUS}))
def test_a_run_that_is_not_conformant_is_refused(result: str, status: int) -> None:
    """Whatever the exit status, a report whose result is not CONFORMANT stops the
    build; so does a CONFORMANT line from a run that exited otherwise."""
    with pytest.raises(gen_conformance.NotConformantError, match=re.escape(result)):
        gen_conformance.report_page(_run(result, status), "")
    if status != EXIT_STATUS[CONFORMANT]:
        with pytest.raises(gen_conformance.NotConformantError, match=f"exit status {status}"):
            gen_conformance.report_page(_run(CONFORMANT, status), "")


def test_a_report_without_exactly_one_result_line_is_refused() -> None:
    silent = gen_common.CommandRun(gen_conformance.COMMAND, None, "", "boom\n", 0)
    with pytest.raises(gen_conformance.NotConformantError, match="no single result line"):
        gen_conformance.conformant_report(silent)
    twice = _run(CONFORMANT, 0, extra=f"**Result: {DIVERGENT}**: later.\n")
    with pytest.raises(gen_conformance.NotConformantError):
        gen_conformance.conformant_report(twice)


def test_the_build_stops_on_a_refused_report() -> None:
    """The refusal is a plugin error: mkdocs aborts the build with its message, strict
    or not, instead of publishing the site with a warning."""
    from mkdocs.exceptions import PluginError

    assert issubclass(gen_conformance.NotConformantError, PluginError)


def test_headings_move_down_a_level_outside_code() -> None:
    text = "# Title\n\n## Part\n\n```text\n# a comment\n```\n\n### Sub\n"
    assert gen_conformance.demoted(text) == (
        "## Title\n\n### Part\n\n```text\n# a comment\n```\n\n#### Sub\n")


def test_the_results_table_is_the_protocol_readme_one_with_every_exit_status() -> None:
    table = gen_conformance.results_table()
    assert table in README.read_text(encoding="utf-8")
    for result, status in EXIT_STATUS.items():
        assert f"| {result} | {status} |" in table
    assert f"| {USAGE_STATUS} |" in table


# -- the protocol page: links from the README to the site --------------------------------

def test_readme_links_lead_to_the_same_files_on_the_site() -> None:
    site = gen_common.Site()
    text = ("See [a schema](request-moves.schema.json), [the rulings](../rulings.json), "
            "[the guide](../../docs/implementers.md#the-conformance-harness),\n"
            "[errors](#errors) and [elsewhere](https://example.org/x).\n\n"
            "`[code](not-a-link)`\n\n```text\n[fenced](nowhere.json)\n```\n")
    out = gen_protocol.site_markdown(site, text, "spec/protocol/README.md", "protocol.md")
    assert "[a schema](spec/protocol/request-moves.schema.json)" in out
    assert "[the rulings](spec/rulings.json)" in out
    assert "[the guide](implementers.md#the-conformance-harness)" in out
    assert "[errors](#errors)" in out and "(https://example.org/x)" in out
    assert "`[code](not-a-link)`" in out and "[fenced](nowhere.json)" in out
    assert {"spec/protocol/request-moves.schema.json", "spec/rulings.json"} <= set(site.assets)
    assert site.warnings == []


def test_a_readme_link_the_site_cannot_follow_is_a_warning_naming_its_line() -> None:
    site = gen_common.Site()
    text = "# T\n\nThe [limits](../../shibumi_rules/limits.py) and\n[a note](NOTES.md).\n"
    gen_protocol.site_markdown(site, text, "spec/protocol/README.md", "protocol.md")
    assert len(site.warnings) == 2
    assert site.warnings[0].startswith("spec/protocol/README.md:3: ")
    assert "../../shibumi_rules/limits.py" in site.warnings[0]
    assert site.warnings[1].startswith("spec/protocol/README.md:4: ")


def test_every_link_of_the_protocol_readme_is_followed_on_the_site() -> None:
    site = gen_common.Site()
    text = README.read_text(encoding="utf-8")
    gen_protocol.site_markdown(site, text, "spec/protocol/README.md", "protocol.md")
    assert site.warnings == []
    assert any(uri.endswith(".schema.json") for uri in site.assets)


# -- the built site ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def test_the_report_page_shows_the_reference_run(site: Path) -> None:
    from shibumi_rules.registry import definitions

    built = page(site, "conformance-report")
    words = built.words
    assert f"Result: {CONFORMANT}: every check agreed with the reference" in words
    assert "game options vectors rules and rulings ends perft roots random games " \
           "positions divergences" in words
    html = (site / "conformance-report.html").read_text(encoding="utf-8")
    checked = html.split('id="what-was-checked"', 1)[1].split('id="divergences-by-rule"')[0]
    rows = re.findall(r"<tr>\s*<td>(\w+)</td>\s*<td><code>", checked)
    assert {b.name for b in definitions()} == set(rows)
    assert {"what-was-checked", "divergences-by-rule", "results", "your-engine"} \
        <= set(built.ids)
    assert built.ids["reference-conformance-report"] == "h1"
    assert built.ids["what-was-checked"] == "h3"
    for result, status in EXIT_STATUS.items():
        assert f"{result} {status}" in words


def test_the_report_page_is_in_the_navigation_of_both_languages(site: Path) -> None:
    english = (site / "implementers.html").read_text(encoding="utf-8")
    korean = (site / "ko" / "implementers.html").read_text(encoding="utf-8")
    assert re.search(r'href="conformance-report\.html"[^>]*>\s*(<[^>]+>\s*)*'
                     r"Reference conformance report", english)
    assert re.search(r'href="conformance-report\.html"[^>]*>\s*(<[^>]+>\s*)*'
                     "참조 엔진 적합성 보고서", korean)
    assert f"Result: {CONFORMANT}" in page(site, "ko/conformance-report").words


def _readme_headings() -> list[tuple[int, str]]:
    text = README.read_text(encoding="utf-8")
    out: list[tuple[int, str]] = []

    def collect(prose: str, _: int) -> str:
        out.extend((len(m.group(1)), m.group(2))
                   for m in re.finditer(r"^(#{1,4}) (.+)$", prose, flags=re.M))
        return prose

    gen_common.map_prose(text, collect)
    return out


def test_the_protocol_page_is_the_readme(site: Path) -> None:
    """Every heading of spec/protocol/README.md is a heading of the page at its level,
    in the README's order, and its prose is there."""
    built = page(site, "protocol")
    html = (site / "protocol.html").read_text(encoding="utf-8")
    headings = _readme_headings()
    assert len(headings) > 15
    positions = []
    for level, text in headings:
        anchor = gen_common.heading_id(text)
        assert built.ids.get(anchor) == f"h{level}", (text, anchor)
        positions.append(html.index(f'id="{anchor}"'))
    assert positions == sorted(positions)
    assert "Any language that can read and write lines can take part." in built.words
    assert "split into words as a POSIX shell would split it" in built.words


def test_the_protocol_page_links_lead_somewhere(site: Path) -> None:
    """Every link of the page reaches a built file and, with a fragment, an element
    with that id; the README's links to schema files lead to the published copies."""
    built = page(site, "protocol")
    schemas = [href for href in built.links if href.endswith(".schema.json")]
    assert schemas and all(h.startswith("spec/protocol/") for h in schemas)
    for href in built.links:
        if re.match(r"^[a-z]+:|^//", href):
            continue
        target, _, fragment = href.partition("#")
        if target:
            assert (site / target).is_file(), href
        if fragment and target.endswith(".html"):
            assert fragment in page(site, target).ids, href
        elif fragment and not target:
            assert fragment in built.ids, href
