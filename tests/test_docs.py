"""The documentation site: it builds with ``mkdocs build --strict`` (links and anchors
validated), every rule and ruling has its own anchored entry, the generated pages hold
what the spec, the engine and the games' guides say, and the built HTML is free of the
generator bugs the site once had (a machine path, ``\\|`` in code, a star turned into
emphasis, timings on every page).

The site is built once per test session (``built_site``) and shared with the browser
test."""

from __future__ import annotations

import atexit
import functools
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "docs" / "hooks"

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs, mkdocs-material) is not installed")
pytest.importorskip("material", reason="the docs extra (mkdocs-material) is not installed")
pytest.importorskip("mkdocs_static_i18n",
                    reason="the docs extra (mkdocs-static-i18n) is not installed")

SVG = "{http://www.w3.org/2000/svg}"


def mkdocs_build(config: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` (not --quiet: that would hide the warnings that
    --strict turns into a failure). It runs from the site's parent folder, not from the
    repository, so that the hooks must find the engine and the proofs themselves, as
    they do under the ``mkdocs`` command of a virtualenv the package is not installed
    in."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict",
         "-f", str(config), "-d", str(site_dir)],
        cwd=site_dir.parent, capture_output=True, text=True, timeout=600, check=False,
        env=env,
    )


@functools.cache
def built_site() -> Path:
    """Build the site into a temporary folder (once) and return that folder."""
    site = Path(tempfile.mkdtemp(prefix="shibumi-site-"))
    atexit.register(shutil.rmtree, site, True)
    done = mkdocs_build(ROOT / "mkdocs.yml", site)
    if done.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}")
    return site


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


class _Page(HTMLParser):
    """The ids, links, images, elements and text of a built page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}
        self.links: list[str] = []
        self.images: list[dict[str, str]] = []
        self.text: list[str] = []
        self.elements: list[tuple[str, dict[str, str]]] = []
        self._stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        self.elements.append((tag, attr))
        if "id" in attr:
            self.ids[attr["id"]] = tag
        if tag == "a" and "href" in attr:
            self.links.append(attr["href"])
        if tag == "img" and "src" in attr:
            self.images.append(attr)

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    @property
    def words(self) -> str:
        return " ".join("".join(self.text).split())


def html_file(site: Path, path: str) -> Path:
    """The built file of a page: ``""`` is the home page, ``sploof`` is sploof.html."""
    return site / ((path or "index") + ".html" if not path.endswith(".html") else path)


def page(site: Path, path: str) -> _Page:
    file = html_file(site, path)
    assert file.is_file(), f"page {path!r} was not built"
    parsed = _Page()
    parsed.feed(file.read_text(encoding="utf-8"))
    return parsed


def definitions() -> Any:
    from shibumi_rules.registry import definitions as registered

    return registered()


def guided() -> list[Any]:
    return [(b, b.guide()) for b in definitions() if b.guide() is not None]


def rule_ids() -> dict[str, list[str]]:
    """Rule and ruling IDs of the spec by the page that must hold them."""
    from shibumi_rules import spec

    current = spec.current()
    by_page: dict[str, list[str]] = {}
    for rule in current.rules.values():
        by_page.setdefault(rule.scope, []).append(rule.id)
    by_page["rulings"] = list(current.rulings)
    return by_page


KEY_PAGES = (
    "", "quickstart", "shibumi", "rulings", "notation", "tables/index", "arbiter",
    "play/index", "implementers", "writing-an-engine", "perft", "vectors", "protocol",
    "conformance-report", "proofs", "reference/cli", "reference/api", "release",
    "changelog", "licence", "benchmarks", "architecture",
)


def site_config() -> dict[str, Any]:
    """mkdocs.yml as data (read with mkdocs' own YAML loader)."""
    from mkdocs.utils.yaml import yaml_load

    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as f:
        config: dict[str, Any] = yaml_load(f)
    return config


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if not p.name.startswith("404"))


# -- the build --------------------------------------------------------------------------

def test_site_builds_strict_with_link_and_anchor_validation(site: Path) -> None:
    config = site_config()
    assert config["validation"] == {
        "omitted_files": "warn", "absolute_links": "warn",
        "unrecognized_links": "warn", "anchors": "warn",
    }
    assert config["theme"]["name"] == "material"
    for path in KEY_PAGES:
        assert page(site, path).text, f"page {path!r} is empty"
    for definition in definitions():
        assert page(site, definition.name).text, f"{definition.name} has no rules page"


def test_strict_build_rejects_a_broken_anchor(tmp_path: Path) -> None:
    """The validation settings really fail the build on a link to a missing anchor."""
    config = site_config()
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n[a rule](other.md#SPF-LINE-9)\n")
    (docs / "other.md").write_text("# Other\n\n## Rule {#SPF-LINE-1}\n")
    small = {"site_name": "t", "validation": config["validation"],
             "markdown_extensions": ["attr_list"]}
    (tmp_path / "mkdocs.yml").write_text(json.dumps(small))  # JSON is YAML
    failed = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert failed.returncode != 0
    assert "SPF-LINE-9" in failed.stdout + failed.stderr
    (docs / "index.md").write_text("# Home\n\n[a rule](other.md#SPF-LINE-1)\n")
    assert mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site").returncode == 0


def test_every_rule_and_ruling_is_an_anchored_entry(site: Path) -> None:
    for path, ids in rule_ids().items():
        built = page(site, path)
        for rule_id in ids:
            assert built.ids.get(rule_id, "").startswith("h"), (
                f"{rule_id} has no heading with that id on {path}.html"
            )


def test_sources_and_implementing_code_are_folded(site: Path) -> None:
    """A player reads the rule; where it comes from and which code implements it are in
    closed collapsible blocks."""
    html = html_file(site, "sploof").read_text(encoding="utf-8")
    entry = html.split('id="SPF-LINE-1"', 1)[1].split("<h2", 1)[0]
    for label in ("Sources", "Implemented by"):
        assert re.search(rf"<details[^>]*>\s*<summary>{label}</summary>", entry), label
    assert "<strong>Sources:</strong>" not in html


def test_the_navigation_lists_every_game_from_the_registry(site: Path) -> None:
    """The game pages are generated from the registry: each game has its rules page in
    the navigation, and each game with a guide its how-to-play page, which comes first."""
    built = page(site, "")
    nav = [a for tag, a in built.elements if tag == "a" and "md-nav__link" in a.get("class", "")]
    hrefs = [a["href"] for a in nav]
    for definition in definitions():
        assert f"{definition.name}.html" in hrefs, definition.name
    for definition, _ in guided():
        assert f"play/{definition.name}.html" in hrefs, definition.name
    first_rule = min(hrefs.index(f"{b.name}.html") for b in definitions())
    assert hrefs.index(f"play/{guided()[0][0].name}.html") < first_rule
    config = site_config()
    assert list(config["nav"][0]) == ["How to play"]


# -- diagrams ---------------------------------------------------------------------------

def _figures(site: Path) -> list[tuple[Path, dict[str, str], str]]:
    """Every engine diagram shown on a page: the page, the image and the link around it."""
    out = []
    for file in html_pages(site):
        html = file.read_text(encoding="utf-8")
        for match in re.finditer(r'<figure class="shibumi-diagram">(.*?)</figure>', html, re.S):
            parsed = _Page()
            parsed.feed(match.group(1))
            assert parsed.images, f"{file}: a diagram figure without a picture"
            out.append((file, parsed.images[0], parsed.links[0] if parsed.links else ""))
    return out


def test_rule_pages_show_diagrams_that_are_real_svg(site: Path) -> None:
    for path in ("shibumi", "rulings", "notation", "perft", *(b.name for b in definitions())):
        file = html_file(site, path)
        svgs = [img["src"] for img in page(site, path).images if img["src"].endswith(".svg")]
        assert svgs, f"{path} shows no diagram"
        for src in svgs:
            root = ET.parse((file.parent / src).resolve()).getroot()
            assert root.tag == SVG + "svg", src
            balls = root.iter(SVG + "circle")
            assert any("ball" in (b.get("class") or "").split() or
                       "empty" in (b.get("class") or "").split() for b in balls), src


def test_every_diagram_opens_full_size_and_describes_its_position(site: Path) -> None:
    """Each picture links to its own SVG file, and its text alternative names every
    ball of every board it shows."""
    figures = _figures(site)
    assert len(figures) > 100
    for file, img, href in figures:
        assert href == img["src"], f"{file}: the diagram {img['src']} does not open itself"
        root = ET.parse((file.parent / img["src"]).resolve()).getroot()
        balls = {c.get("data-point", "") for c in root.iter(SVG + "circle")
                 if "ball" in (c.get("class") or "").split()}
        alt = img.get("alt", "")
        assert alt, f"{file}: {img['src']} has no text alternative"
        missing = {b for b in balls if b not in alt}
        assert not missing, f"{file}: the text of {img['src']} misses {sorted(missing)}"


PHONE_COLUMN = 358
"""The width of the text column on a 390-pixel phone (16-pixel margins)."""


def test_diagram_labels_are_readable_on_a_phone(site: Path) -> None:
    """Every engine diagram fits a phone's column at full size, and its smallest text is
    at least 12 px there. (The picture on the command-line page is ``explain --svg``'s own
    output, shown as the command prints it, and is not one of them.)"""
    svgs = sorted((site / "diagrams").rglob("*.svg"))
    checked = 0
    for file in svgs:
        if file.name.startswith("cli-"):
            continue
        root = ET.parse(file).getroot()
        width = float(root.get("width", "0"))
        assert width <= PHONE_COLUMN, f"{file.name} is {width} px wide"
        sizes = [float(t.get("font-size", "0")) for t in root.iter(SVG + "text")]
        assert sizes and min(sizes) >= 12, f"{file.name}: smallest text {min(sizes)} px"
        checked += 1
    assert checked > 100


def test_pinning_and_crossing_entries_show_their_marks(site: Path) -> None:
    """The SHB-PIN-1 picture rings the pinned balls; the SHB-CROSS-1 one the crossing."""
    pin = ET.parse(site / "diagrams" / "shb-pin.svg").getroot()
    ringed = {c.get("data-point") for c in pin.iter(SVG + "circle")
              if "pinned" in (c.get("class") or "").split()}
    assert ringed == {"1c1", "1c3"}
    cross = ET.parse(site / "diagrams" / "shb-cross.svg").getroot()
    crossing = {c.get("data-point") for c in cross.iter(SVG + "circle")
                if "crossing" in (c.get("class") or "").split()}
    assert crossing == {"2d2", "2d4"}


PICTURED_ENTRIES = (
    ("shibumi", "SHB-PLACE-1"), ("shibumi", "SHB-PIN-1"), ("shibumi", "SHB-DROP-1"),
    ("shibumi", "SHB-CROSS-1"), ("shibumi", "SHB-HIDE-1"), ("sploof", "SPF-LINE-1"),
    ("sploof", "SPF-LINE-2"), ("rulings", "SPF-RUL-5"), ("splink", "SPK-SCORE-1"),
)
"""Entries whose picture says it better: placement, pinning, a drop chain, a crossed
row, a hidden ball, a zig-zag line (rule and ruling), the 60 scoring pairs."""


@pytest.mark.parametrize(("path", "rule_id"), PICTURED_ENTRIES)
def test_entries_that_need_a_picture_show_one(site: Path, path: str, rule_id: str) -> None:
    html = html_file(site, path).read_text(encoding="utf-8")
    entry = html.split(f'id="{rule_id}"', 1)[1]
    entry = re.split(r"<h[1-3][ >]", entry, maxsplit=1)[0]
    assert re.search(r'<img [^>]*src="[^"]+\.svg"', entry), f"{rule_id} shows no diagram"


# -- how to play and the arbiter's questions ------------------------------------------

def test_each_game_with_a_guide_has_a_how_to_play_page(site: Path) -> None:
    """A box saying how to read a move, then aim, set-up, a turn and the end, each with
    pictures, then the sample game the engine played: a heading, a picture and the
    engine's reason for each key moment, and every move listed with its comment."""
    sys.path.insert(0, str(HOOKS))
    from gen_moments import moments
    from gen_play import sample_moves

    for definition, guide in guided():
        html = html_file(site, f"play/{definition.name}").read_text(encoding="utf-8")
        built = page(site, f"play/{definition.name}")
        assert html.index("How to read a move") < html.index(f'id="{guide.sections[0].key}"')
        for section in guide.sections:
            assert section.key in built.ids, section.key
            body = html.split(f'id="{section.key}"', 1)[1].split("<h2", 1)[0]
            assert 'class="shibumi-diagram"' in body, f"{definition.name} {section.key}"
        record = guide.sample.play()
        key = moments(definition, record.start, sample_moves(definition, guide))
        assert 2 <= len(key) <= 5, (definition.name, key)
        assert key[-1].number == len(record.moves) and "end" in key[-1].kinds
        for moment in key:
            assert built.ids.get(f"move-{moment.number}") == "h3", moment
            body = html.split(f'id="move-{moment.number}"', 1)[1].split("<h3", 1)[0]
            body = body.split('class="sample-record"', 1)[0]
            assert record.moves[moment.number - 1] in body
            assert 'class="shibumi-diagram"' in body and "<figcaption>" in body
        listed = html.split('class="sample-record"', 1)[1].split("</ol>", 1)[0]
        assert listed.count("<li") == len(record.moves)
        for number, move in enumerate(record.moves, start=1):
            assert f"move-{number}" in built.ids, f"{definition.name} move {number}"
            assert f"<b>{move}</b>" in listed
        assert html.count('class="shibumi-diagram"') < len(guide.sections) * 3 + len(key) + 1
        game = definition.rules()
        state = game.replay(game.parse_position(record.start), record.moves)
        assert game.outcome_json(state)["reason"] == guide.sample.ends


def test_the_sample_games_show_their_turning_points() -> None:
    """The moves the issue named: after Sploof's 19. 2f4 every one of Black's 9 replies
    loses to x1g5; Spline's 19. 2f2 makes two threats at once, so each of Black's 4
    replies loses. Splink is scored, not won: its moments are the score's largest gain
    and loss and its removals that drop balls."""
    sys.path.insert(0, str(HOOKS))
    from gen_moments import moments
    from gen_play import sample_moves

    found = {}
    for definition, guide in guided():
        found[definition.name] = moments(definition, guide.sample.play().start,
                                         sample_moves(definition, guide))
    decisive = {name: [m for m in key if "decisive" in m.kinds] for name, key in found.items()}
    (sploof,) = decisive["sploof"]
    assert sploof.number == 19 and len(sploof.replies) == 9
    assert {w for wins in sploof.replies.values() for w in wins} == {"x1g5"}
    (spline,) = decisive["spline"]
    assert spline.number == 19 and len(spline.replies) == 4
    assert {w for wins in spline.replies.values() for w in wins} == {"2b2", "2d4"}
    assert not decisive["splink"]
    kinds = {kind for m in found["splink"] for kind in m.kinds}
    assert {"gain", "loss", "drop", "end"} <= kinds


def test_sploof_pictures_show_the_stocks(site: Path) -> None:
    """Each picture of the Sploof sample game says, above the board, both stocks and the
    supply, as the position after the move holds them."""
    html = html_file(site, "play/sploof").read_text(encoding="utf-8")
    svgs = re.findall(r'src="(\.\./diagrams/play-sploof-move-\d+\.svg)"', html)
    assert svgs
    for src in svgs:
        svg = (site / "play" / src).resolve().read_text(encoding="utf-8")
        assert re.search(r"stock: White \d+, Black \d+", svg), src
        assert re.search(r"supply: \d+ white, \d+ black, \d+ red", svg), src


def test_splink_captions_never_say_the_score_goes_from_a_number_to_itself(
        site: Path) -> None:
    for lang in ("", "ko/"):
        html = html_file(site, f"{lang}play/splink").read_text(encoding="utf-8")
        for before, after in re.findall(r"goes from (\d+) to (\d+)", html):
            assert before != after
        assert not re.search(r"점수 (\d+)점 → \1점", html)


@pytest.mark.parametrize("words", ["seed", "explain's answer", "blocking=",
                                   "stuck=", "simultaneous=", "lines_checked="])
def test_player_pages_speak_players_words(site: Path, words: str) -> None:
    """How to play and the arbiter's answers say things in players' words, not the
    engine's (its options and command are for the implementers' pages)."""
    for definition, _ in guided():
        text = _prose(html_file(site, f"play/{definition.name}").read_text(encoding="utf-8"))
        assert words not in text, (definition.name, words)
    arbiter = _prose(html_file(site, "arbiter").read_text(encoding="utf-8"))
    answers = re.sub(r"<pre.*?</pre>", " ", arbiter, flags=re.S)
    assert words not in answers, ("arbiter", words)


def test_the_arbiter_page_answers_every_question_for_every_game(site: Path) -> None:
    from shibumi_rules.contract.content import Source, read_catalog

    texts = read_catalog(Source(ROOT / "docs" / "content", "docs/content"), "site")
    built = page(site, "arbiter")
    html = html_file(site, "arbiter").read_text(encoding="utf-8")
    for question in texts.get("questions"):
        key = question["key"]
        assert built.ids.get(key) == "h2", key
        for definition, _ in guided():
            assert f"{key}-{definition.name}" in built.ids, (key, definition.name)
    for definition, guide in guided():
        for answer in guide.answers:
            section = html.split(f'id="{answer.question}-{definition.name}"', 1)[1]
            section = section.split("<h3", 1)[0].split("<h2", 1)[0]
            for rule in answer.rules:
                assert f"#{rule}" in section, (definition.name, answer.question, rule)
            if answer.position is not None:
                assert 'class="shibumi-diagram"' in section
                assert "shibumi-rules explain" in re.sub(r"<[^>]+>", "", section)


# -- generator bugs -----------------------------------------------------------------

def _machine_paths(site: Path) -> list[str]:
    """The paths of this machine that a page might leak."""
    import tempfile

    paths: set[str] = {str(ROOT), sys.executable, os.path.realpath(sys.executable),
                       sys.prefix, sys.base_prefix, str(site), str(site.resolve())}
    home = os.path.expanduser("~")
    if len(home) > 1:
        paths.add(home)
    paths.add(tempfile.gettempdir().rstrip("/") + "/")
    return sorted((p for p in paths if len(p) > 1), key=len, reverse=True)


def test_no_path_of_the_building_machine_is_published(site: Path) -> None:
    """No page, search index, script, diagram or copied file holds a path of the machine
    that built the site (the interpreter's path used to be on two pages and in the
    search index)."""
    paths = _machine_paths(site)
    checked = 0
    runtime = ROOT / "web" / "node_modules" / "pyodide"
    for file in site.rglob("*"):
        if not file.is_file() or file.suffix in (".gz", ".zip", ".png", ".woff2"):
            continue
        if file.parent == site / "arbiter" / "pyodide":
            # the pinned browser runtime, copied as npm installed it (not built here)
            assert file.read_bytes() == (runtime / file.name).read_bytes()
            continue
        text = file.read_bytes().decode("utf-8", "replace")
        for path in paths:
            assert path not in text, f"{file.relative_to(site)} holds {path!r}"
        checked += 1
    assert checked > 300
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "python3 -m shibumi_rules engine" in index  # the line that held the path


def test_code_in_tables_shows_a_bar_not_an_escaped_bar(site: Path) -> None:
    """``mover | draw`` on the notation page, signatures with ``X | None`` on the API
    page: no page shows ``\\|``."""
    for file in html_pages(site):
        text = file.read_text(encoding="utf-8")
        assert "\\|" not in text, f"{file.relative_to(site)} shows \\|"
    notation = page(site, "notation").words
    assert "mover | draw" in notation
    assert re.search(r"\w+: \w+ \| None", page(site, "reference/api").words)


def test_a_star_in_a_table_stays_a_star(site: Path) -> None:
    """The points table's conventions say "x = 2*col + z_steps" (it used to lose its
    stars to emphasis)."""
    built = page(site, "tables/points")
    assert "x = 2*col + z_steps" in built.words
    html = html_file(site, "tables/points").read_text(encoding="utf-8")
    assert "<em>col + level" not in html


def test_the_proofs_page_says_each_thing_once(site: Path) -> None:
    """No "Status: proved: proved", and no bold lead that its caption repeats word for
    word."""
    built = page(site, "proofs")
    assert not re.search(r"\b(\w+): \1\b", built.words), "a status word is doubled"
    html = html_file(site, "proofs").read_text(encoding="utf-8")
    for lead in re.findall(r"<strong>([^<]+)\.</strong>\s*([^<]*)</p>", html):
        caption = f"{lead[0]}: {lead[1]}".strip()
        assert f"<figcaption>{caption}" not in html, caption


TIMING = re.compile(r"\b\d+(?:\.\d+)? s\b|\d[\d,]* (?:leaves|positions)/s\b")


def test_timings_appear_only_on_the_benchmarks_page(site: Path) -> None:
    """Timings change at every build: pages show ‹time› and ‹rate›, and only the
    benchmarks page gives figures, saying when and on what they were measured."""
    for file in html_pages(site):
        if file.name == "benchmarks.html":
            continue
        words = page(site, file.relative_to(site).as_posix()).words
        found = TIMING.search(words)
        assert found is None, f"{file.relative_to(site)}: {found.group(0) if found else ''}"
    cli = page(site, "reference/cli").words
    assert "‹time› s" in cli and "‹rate› leaves/s" in cli
    bench = page(site, "benchmarks").words
    assert TIMING.search(bench) and "UTC" in bench and "Python" in bench


# -- tables -------------------------------------------------------------------------

def test_tables_are_published_with_schema_and_csv(site: Path) -> None:
    """Each table has a page linking its JSON, its schema and every CSV file, and the
    linked files are exact copies of spec/."""
    tables = sorted((ROOT / "spec" / "tables").glob("*.json"))
    assert tables, "spec/tables holds no table"
    linked: set[str] = set()
    for table in tables:
        document = json.loads(table.read_text(encoding="utf-8"))
        built = page(site, f"tables/{document['table']}")
        targets = {(site / "tables" / link).resolve()
                   for link in built.links if not re.match(r"^[a-z]+:|#", link)}
        expected = [table, ROOT / "spec" / "schema" / f"{document['table']}.schema.json"]
        expected += [table.parent / entry["file"] for entry in document.get("csv", [])]
        for file in expected:
            assert file.exists(), file
            copy = (site / file.relative_to(ROOT)).resolve()
            assert copy in targets, f"tables/{document['table']} does not link {file.name}"
            assert copy.read_bytes() == file.read_bytes()
            linked.add(file.name)
    csv_files = {p.name for p in (ROOT / "spec" / "tables").glob("*.csv")}
    assert csv_files <= linked, f"CSV files no table page links: {csv_files - linked}"


def test_tables_have_worded_columns_and_label_every_cell(site: Path) -> None:
    """Records are tables with a column per field, headed in words (no field_names), and
    each cell carries its column's name for the card layout of a phone."""
    for file in sorted((site / "tables").glob("*.html")):
        if file.name == "index.html":
            continue
        built = _Page()
        built.feed(file.read_text(encoding="utf-8"))
        data = [a for tag, a in built.elements if tag == "table" and a.get("class") == "data"]
        assert data, f"{file.name} has no data table"
        cells = [a for tag, a in built.elements if tag == "td" and "data-label" in a]
        assert cells and all(a["data-label"] and "_" not in a["data-label"] for a in cells)
        html = file.read_text(encoding="utf-8")
        headers = re.findall(r"<th>([^<]*)</th>", html)
        assert headers and not any("_" in h for h in headers), file.name
        assert not re.search(r"<h2[^>]*>[a-z]+_[a-z_]+", html), f"{file.name}: a raw key heading"


# -- search -------------------------------------------------------------------------

def _index(site: Path) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = json.loads(
        (site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return docs


def test_search_index_holds_the_rule_entries(site: Path) -> None:
    locations = {doc["location"] for doc in _index(site)}
    for path, ids in rule_ids().items():
        for rule_id in ids:
            assert f"{path}.html#{rule_id}" in locations, rule_id


def test_rule_pages_weigh_more_in_the_search_than_code_pages(site: Path) -> None:
    boosts: dict[str, float] = {}
    for doc in _index(site):
        boosts.setdefault(doc["location"].split("#")[0], float(doc.get("boost", 1)))
    for rules in ("shibumi.html", "rulings.html", "arbiter.html",
                  *(f"{b.name}.html" for b in definitions())):
        assert boosts[rules] > 1, rules
    for code in ("reference/api.html", "reference/cli.html", "perft.html"):
        assert boosts[code] < 1, code


@pytest.mark.parametrize(("word", "entry"), [
    ("zigzag", "sploof.html#SPF-LINE-2"), ("zig-zag", "sploof.html#SPF-LINE-2"),
    ("pinned", "shibumi.html#SHB-PIN-1"), ("hold up", "shibumi.html#SHB-PIN-1"),
    ("support", "shibumi.html#SHB-GRAVITY-1"), ("bridge", "shibumi.html#SHB-CROSS-1"),
])
def test_rules_carry_the_everyday_words_players_search_for(site: Path, word: str,
                                                           entry: str) -> None:
    found = next(d for d in _index(site) if d["location"] == entry)
    assert word in found["text"].lower(), (word, entry)


def test_every_ruling_is_in_the_korean_search_in_korean(site: Path) -> None:
    """The Korean rulings page translates every game's rulings (an untranslated one
    would be shown in English and kept out of the search, found on the English page);
    each is in the search under the Korean page, in Korean."""
    from shibumi_rules import spec

    texts = {d["location"]: d["text"] for d in _index(site)}
    for ruling in spec.current().rulings:
        assert f"rulings.html#{ruling}" in texts, ruling
        assert HANGUL.search(texts.get(f"ko/rulings.html#{ruling}", "")), ruling


def korean_rule_guides() -> dict[str, Any]:
    """The guides that translate their game's rules and rulings into Korean, by game,
    from the registry."""
    return {b.name: b.guide() for b in definitions()
            if b.guide() is not None and b.guide().translations.get("ko")}


def korean_rule_games() -> list[str]:
    return list(korean_rule_guides())


def test_translated_entries_are_found_by_their_korean_words(site: Path) -> None:
    """Every rule and ruling of a game translated into Korean is in the search on the
    Korean page, with its Korean everyday words (kept out of the search while the entry
    was shown in English)."""
    from shibumi_rules import spec

    current = spec.current()
    texts = {d["location"]: d["text"] for d in _index(site)}
    guides = korean_rule_guides()
    assert guides
    for name, guide in guides.items():
        keywords = guide.keywords
        for entry in (e for e in current if e.scope == name):
            where = "rulings" if entry.id in current.rulings else name
            location = f"ko/{where}.html#{entry.id}"
            assert location in texts, location
            assert HANGUL.search(texts[location]), f"{location} is indexed in English"
            words = keywords.get(entry.id)
            if words is not None and words.ko:
                first = words.ko.split(",")[0].strip()
                assert first in texts[location], (location, first)


# -- the Korean edition -------------------------------------------------------------

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _hangul_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(bool(HANGUL.match(c)) for c in letters) / max(1, len(letters))


def _prose(html: str) -> str:
    """The text of a page's article, without its code (commands and engine output are
    the same in every language) and its folded blocks (the sources are quoted in the
    language they were published in)."""
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
    article = re.sub(r"<pre.*?</pre>|<code.*?</code>|<figure.*?</figure>|<details.*?</details>",
                     " ", article, flags=re.S)
    return re.sub(r"<[^>]+>", " ", article)


def test_the_korean_pages_are_in_korean_with_the_same_anchors(site: Path) -> None:
    """How to play, the arbiter's questions and the translated rule pages are written in
    Korean; every anchor (rule IDs, question keys, sections) is the one of the English
    page. Every registered game's how-to-play page is translated: the registry, not a
    list here, says which games there are (a game whose guide is English only would get
    the site's "not translated yet" note instead, and fail here)."""
    korean_guides = [b.name for b, g in guided() if g.lead.has("ko")]
    assert korean_guides == [b.name for b, _ in guided()]
    translated = ["arbiter", "play/index", *(f"play/{name}" for name in korean_guides)]
    translated += korean_rule_games()
    assert len(translated) >= 5
    for path in translated:
        english, korean = page(site, path), page(site, f"ko/{path}")
        main = _prose(html_file(site, f"ko/{path}").read_text(encoding="utf-8"))
        assert _hangul_share(main) > 0.5, f"ko/{path} is not in Korean"
        sections = {i for i, tag in english.ids.items() if tag in ("h2", "h3")}
        assert sections and sections <= set(korean.ids), (
            f"ko/{path} misses {sections - set(korean.ids)}")
    for name in korean_guides:  # the pictures' captions too, which _prose leaves out
        html = html_file(site, f"ko/play/{name}").read_text(encoding="utf-8")
        captions = re.findall(r"<figcaption>(.*?)</figcaption>", html, flags=re.S)
        assert captions, name
        untranslated = [c for c in captions if not HANGUL.search(c)]
        assert not untranslated, f"ko/play/{name}: captions in English: {untranslated}"


def test_korean_point_names_and_rule_ids_are_the_english_ones(site: Path) -> None:
    from shibumi_rules.geometry import NAMES

    for name in korean_rule_games():
        english, korean = page(site, name).words, page(site, f"ko/{name}").words
        for token in set(re.findall(r"\b(?:[1-4][a-g][1-7]|S[A-Z]{2}-[A-Z]+-\d+)\b",
                                    english)):
            assert token in korean, (name, token)
    assert all(re.fullmatch(r"[1-4][a-g][1-7]", n) for n in NAMES)


def test_every_page_links_its_other_language(site: Path) -> None:
    """The language switch of a page leads to the same page in the other language."""
    for path in ("splink", "arbiter", "play/sploof", "shibumi"):
        english = html_file(site, path).read_text(encoding="utf-8")
        korean = html_file(site, f"ko/{path}").read_text(encoding="utf-8")
        name = path.rsplit("/", 1)[-1]
        assert re.search(rf'href="[^"]*ko/{re.escape(path)}\.html" hreflang="ko"', english), path
        assert re.search(rf'href="(?:\.\./)+{re.escape(path)}\.html" hreflang="en"', korean) \
            or re.search(rf'href="[^"]*{name}\.html" hreflang="en"', korean), path


# -- the release area and offline use -------------------------------------------------

def test_the_header_shows_the_version(site: Path) -> None:
    from shibumi_rules.version import __version__

    html = html_file(site, "sploof").read_text(encoding="utf-8")
    header = html.split('<header class="md-header', 1)[1].split("</header>", 1)[0]
    assert f"Shibumi rules {__version__}" in header


def test_the_release_area_has_changelog_licence_sitemap_and_the_spec_archive(
        site: Path) -> None:
    from shibumi_rules.version import __version__

    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    first_heading = re.search(r"^## (.+)$", changelog, re.M)
    assert first_heading is not None
    assert first_heading.group(1) in page(site, "changelog").words
    licence = page(site, "licence").words
    assert "MIT" in licence
    if (ROOT / "LICENSE").is_file():
        assert (site / "LICENSE.txt").read_bytes() == (ROOT / "LICENSE").read_bytes()
    sitemap = ET.parse(site / "sitemap.xml").getroot()
    locations = [e.text or "" for e in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    url = site_config()["site_url"]
    assert len(locations) > 40 and all(loc.startswith(url) for loc in locations)
    assert f"{url}sploof.html" in locations and f"{url}ko/splink.html" in locations
    archive = site / "downloads" / f"shibumi-rules-spec-{__version__}.zip"
    names = zipfile.ZipFile(io.BytesIO(archive.read_bytes())).namelist()
    folder = f"shibumi-rules-spec-{__version__}/"
    for path in ("rules.json", "rulings.json", "tables/points.json", "schema/vector.schema.json",
                 "perft/sploof.perft", "conformance/index.json"):
        assert folder + path in names, path
    spec_files = {p.relative_to(ROOT / "spec").as_posix()
                  for p in (ROOT / "spec").rglob("*") if p.is_file()}
    assert {n.removeprefix(folder) for n in names} <= spec_files
    assert "downloads/" + archive.name in page(site, "release").links


def test_the_site_works_opened_from_disk(site: Path) -> None:
    """Links point at files (never at a folder, which a browser shows as a listing from
    disk), and the search index exists as a script for file:// (with the worker shim)."""
    for file in html_pages(site):
        for href in page(site, file.relative_to(site).as_posix()).links:
            if re.match(r"^[a-z]+:|^//|^#|^\?", href):
                continue  # another site, an anchor, or a question to this same page
            target = href.split("#", 1)[0].split("?", 1)[0]
            assert not target.endswith("/") and target not in ("", "."), (file.name, href)
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    script = (site / "search" / "search_index.js").read_text(encoding="utf-8")
    assert script == "var __index = " + index
    assert 'src="javascripts/iframe-worker.js"' in html_file(site, "").read_text("utf-8")


def test_internal_links_resolve(site: Path) -> None:
    """Every relative link of every page leads to a built file and, with a fragment, to
    an element with that id (a check of the built site, beside mkdocs' own)."""
    pages = {p.relative_to(site).as_posix(): p for p in site.rglob("*.html")}
    parsed: dict[str, _Page] = {}

    def load(rel: str) -> _Page:
        if rel not in parsed:
            parser = _Page()
            parser.feed(pages[rel].read_text(encoding="utf-8"))
            parsed[rel] = parser
        return parsed[rel]

    for rel in sorted(pages):
        if rel.startswith("404") or rel.startswith("search/"):
            continue
        base = Path(rel).parent
        for href in load(rel).links:
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            target, _, fragment = href.partition("#")
            target = target.split("?", 1)[0]
            if not target:
                target_rel = rel
            else:
                resolved = (site / base / target).resolve()
                if resolved.is_dir():
                    resolved = resolved / "index.html"
                assert resolved.exists(), f"{rel}: broken link {href}"
                target_rel = resolved.relative_to(site.resolve()).as_posix()
            if fragment and target_rel.endswith(".html"):
                assert fragment in load(target_rel).ids, f"{rel}: missing anchor {href}"


# -- generated pages ----------------------------------------------------------------

def test_cli_reference_covers_every_command_with_live_output(site: Path) -> None:
    from shibumi_rules import cli

    built = page(site, "reference/cli")
    text = "".join(built.text)
    for name in cli.commands(definitions()):
        assert name in built.ids, f"command {name} has no section"
        assert re.search(rf"\$ shibumi-rules {re.escape(name)}\b", text), (
            f"command {name} has no example"
        )
    shown = subprocess.run(
        [sys.executable, "-m", "shibumi_rules", "moves", "sploof", "1c3", "x1a1", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert shown in text


def test_api_reference_is_read_from_the_docstrings(site: Path) -> None:
    from shibumi_rules import board

    built = page(site, "reference/api")
    text = " ".join("".join(built.text).split())
    assert "shibumi_rules.board.drop_chain" in built.ids
    doc = board.drop_chain.__doc__ or ""
    first_sentence = " ".join(doc.split(".")[0].split()).replace("``", "")
    assert first_sentence in text
    for definition in definitions():
        assert type(definition.rules()).__module__ in built.ids, definition.name


def test_notation_page_names_every_point(site: Path) -> None:
    from shibumi_rules.geometry import NAMES

    built = page(site, "notation")
    text = "".join(built.text)
    for name in NAMES:
        assert name in text
    for anchor in ("points", "top-view", "positions", "moves", "aliases"):
        assert anchor in built.ids
    for definition in definitions():
        name = definition.name
        assert f"{name}-positions" in built.ids and f"{name}-moves" in built.ids


# -- the proofs page's cache ----------------------------------------------------------

def _proofs_hook(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """The Proofs page generator, with its cache in ``tmp_path`` and no committed
    report in the way."""
    monkeypatch.syspath_prepend(str(HOOKS))
    import gen_proofs

    monkeypatch.setenv(gen_proofs.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(gen_proofs, "REPORT", tmp_path / "no-committed-report.json")
    return gen_proofs


PROOF_REPORT = {"format": "shibumi-proofs/1", "all_proved": True, "theorems": [
    {"name": "cached-theorem", "rules": ["SHB-PIN-1"], "status": "proved",
     "statement": "A statement long enough to be one.", "summary": "proved"}]}


def test_the_proof_report_cache_key_follows_the_source_tree(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    gen_proofs = _proofs_hook(monkeypatch, tmp_path)
    tree = tmp_path / "tree"
    for folder in ("proofs", "shibumi_rules/games"):
        (tree / folder).mkdir(parents=True)
    (tree / "proofs" / "model.py").write_text("X = 1\n")
    key = gen_proofs.cache_key(tree)
    assert gen_proofs.cache_key(tree) == key
    (tree / "shibumi_rules" / "games" / "sploof.py").write_text("Y = 2\n")
    changed = gen_proofs.cache_key(tree)
    assert changed != key
    (tree / "proofs" / "model.py").write_text("X = 2\n")
    assert gen_proofs.cache_key(tree) not in (key, changed)
    assert gen_proofs.cache_file(tree).parent == tmp_path / "cache"


def test_the_proofs_page_proves_once_per_source_tree(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The first build runs ``prove --json`` and caches its report; the next build of
    the same tree reuses it without proving again."""
    gen_proofs = _proofs_hook(monkeypatch, tmp_path)
    from gen_common import CommandRun, Site

    runs: list[tuple[str, ...]] = []

    def prove(argv: list[str]) -> CommandRun:
        runs.append(tuple(argv))
        return CommandRun(tuple(argv), None, json.dumps(PROOF_REPORT), "", 0)

    monkeypatch.setattr(gen_proofs, "run_cli", prove)
    for _ in range(2):
        site = Site()
        gen_proofs.generate(site)
        assert "cached-theorem" in site.pages["proofs.md"]
        assert json.loads(site.assets["proofs/report.json"]) == PROOF_REPORT
    assert runs == [("prove", "--json")]
    assert json.loads(gen_proofs.cache_file().read_text()) == PROOF_REPORT
