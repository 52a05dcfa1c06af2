"""The documentation site: it builds with ``mkdocs build --strict`` (links and anchors
validated), every rule and ruling has its own anchored entry, and the generated pages
hold what the spec and the engine say.

The site is built once per test session (``built_site``) and shared with the browser
test."""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs, mkdocs-material) is not installed")
pytest.importorskip("material", reason="the docs extra (mkdocs-material) is not installed")


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
        cwd=site_dir.parent, capture_output=True, text=True, timeout=300, check=False,
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
    """The ids, links, images and text of a built page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}
        self.links: list[str] = []
        self.images: list[str] = []
        self.text: list[str] = []
        self._open: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if "id" in attr:
            self.ids[attr["id"]] = tag
        if tag == "a" and "href" in attr:
            self.links.append(attr["href"])
        if tag == "img" and "src" in attr:
            self.images.append(attr["src"])

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def page(site: Path, path: str) -> _Page:
    file = site / path / "index.html" if not path.endswith(".html") else site / path
    assert file.is_file(), f"page {path} was not built"
    parsed = _Page()
    parsed.feed(file.read_text(encoding="utf-8"))
    return parsed


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
    "", "quickstart", "shibumi", "sploof", "splink", "rulings", "notation", "tables",
    "implementers", "writing-an-engine", "perft", "vectors", "protocol", "proofs",
    "reference/cli", "reference/api",
)


def site_config() -> dict[str, Any]:
    """mkdocs.yml as data (read with mkdocs' own YAML loader)."""
    from mkdocs.utils.yaml import yaml_load

    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as f:
        config: dict[str, Any] = yaml_load(f)
    return config


def test_site_builds_strict_with_link_and_anchor_validation(site: Path) -> None:
    config = site_config()
    assert config["validation"] == {
        "omitted_files": "warn", "absolute_links": "warn",
        "unrecognized_links": "warn", "anchors": "warn",
    }
    assert config["theme"]["name"] == "material"
    for path in KEY_PAGES:
        assert page(site, path).text, f"page {path!r} is empty"


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
                f"{rule_id} has no heading with that id on /{path}/"
            )


def test_rule_pages_show_diagrams_that_are_real_svg(site: Path) -> None:
    for path in ("shibumi", "sploof", "splink", "rulings", "notation", "perft"):
        built = page(site, path)
        svgs = [src for src in built.images if src.endswith(".svg")]
        assert svgs, f"/{path}/ shows no diagram"
        for src in svgs:
            file = (site / path / src).resolve()
            root = ET.parse(file).getroot()
            assert root.tag == "{http://www.w3.org/2000/svg}svg", src
            balls = root.iter("{http://www.w3.org/2000/svg}circle")
            assert any("ball" in (b.get("class") or "").split() or
                       "empty" in (b.get("class") or "").split() for b in balls), src


PICTURED_ENTRIES = (
    ("shibumi", "SHB-PLACE-1"), ("shibumi", "SHB-PIN-1"), ("shibumi", "SHB-DROP-1"),
    ("shibumi", "SHB-CROSS-1"), ("shibumi", "SHB-HIDE-1"), ("sploof", "SPF-LINE-1"),
    ("sploof", "SPF-LINE-2"), ("rulings", "SPF-RUL-5"), ("splink", "SPK-SCORE-1"),
)
"""Entries whose picture says it better: placement, pinning, a drop chain, a crossed
row, a hidden ball, a zig-zag line (rule and ruling), the 60 scoring pairs."""


@pytest.mark.parametrize(("path", "rule_id"), PICTURED_ENTRIES)
def test_entries_that_need_a_picture_show_one(site: Path, path: str, rule_id: str) -> None:
    html = (site / path / "index.html").read_text(encoding="utf-8")
    entry = html.split(f'id="{rule_id}"', 1)[1]
    entry = re.split(r"<h[1-3][ >]", entry, maxsplit=1)[0]
    assert re.search(r'<img [^>]*src="[^"]+\.svg"', entry), f"{rule_id} shows no diagram"


def test_pinning_and_crossing_entries_show_their_marks(site: Path) -> None:
    """The SHB-PIN-1 picture rings the pinned balls; the SHB-CROSS-1 one the crossing."""
    svg = "{http://www.w3.org/2000/svg}"
    pin = ET.parse(site / "diagrams" / "shb-pin.svg").getroot()
    ringed = {c.get("data-point") for c in pin.iter(svg + "circle")
              if "pinned" in (c.get("class") or "").split()}
    assert ringed == {"1c1", "1c3"}
    cross = ET.parse(site / "diagrams" / "shb-cross.svg").getroot()
    crossing = {c.get("data-point") for c in cross.iter(svg + "circle")
                if "crossing" in (c.get("class") or "").split()}
    assert crossing == {"2d2", "2d4"}


def test_search_index_holds_the_rule_entries(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"] for doc in index["docs"]}
    for path, ids in rule_ids().items():
        for rule_id in ids:
            assert f"{path}/#{rule_id}" in locations, rule_id


def test_tables_are_published_with_schema_and_csv(site: Path) -> None:
    """Each table has a page linking its JSON, its schema and every CSV file, and the
    linked files are exact copies of spec/."""
    tables = sorted((ROOT / "spec" / "tables").glob("*.json"))
    assert tables, "spec/tables holds no table"
    linked: set[str] = set()
    for table in tables:
        document = json.loads(table.read_text(encoding="utf-8"))
        built = page(site, f"tables/{document['table']}")
        targets = {(site / "tables" / document["table"] / link).resolve()
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


def test_cli_reference_covers_every_command_with_live_output(site: Path) -> None:
    from shibumi_rules import cli

    cli.build_parser()
    built = page(site, "reference/cli")
    text = "".join(built.text)
    for name in cli._COMMANDS:
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


def test_notation_page_names_every_point(site: Path) -> None:
    from shibumi_rules.geometry import NAMES

    built = page(site, "notation")
    text = "".join(built.text)
    for name in NAMES:
        assert name in text
    for anchor in ("points", "top-view", "positions", "moves", "aliases"):
        assert anchor in built.ids


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
            target = target.partition("?")[0]  # a query (the arbiter's questions) is no file
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


def _proofs_hook(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """The Proofs page generator, with its cache in ``tmp_path`` and no committed
    report in the way."""
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "hooks"))
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
