"""Published reports hold no engine's markup: every string an engine supplies (its
name, version, options, first players, deviations, stray lines, error messages, stderr,
moves) goes into ``conform --format markdown`` and the Known implementations page as
text, rendered through the site's own Markdown (python-markdown with the extensions of
mkdocs.yml) into no element that the report of a well-behaved engine lacks."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.display import markdown_code, markdown_text, shown

markdown = pytest.importorskip("markdown", reason="the docs extra is not installed")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))
from tests.engines.engine_html import EVIL  # noqa: E402
from tests.test_docs import site_config  # noqa: E402

Element = tuple[str, tuple[str, ...]]


def _extensions() -> tuple[list[Any], dict[str, Any]]:
    """The site's Markdown extensions and their settings, from mkdocs.yml."""
    names: list[Any] = []
    configs: dict[str, Any] = {}
    for entry in site_config()["markdown_extensions"]:
        if isinstance(entry, dict):
            (name, config), = entry.items()
            names.append(name)
            configs[name] = config or {}
        else:
            names.append(entry)
    return names, configs


@functools.cache
def _renderer() -> Any:
    names, configs = _extensions()
    return markdown.Markdown(extensions=names, extension_configs=configs)


def render(text: str) -> str:
    """``text`` as the site renders it."""
    renderer = _renderer()
    renderer.reset()
    return str(renderer.convert(text))


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, tuple(sorted(name for name, _ in attrs))))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(text: str) -> _Elements:
    found = _Elements()
    found.feed(render(text))
    return found


# -- the escaping functions, for any text ------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_renders_as_itself_in_a_paragraph(text: str) -> None:
    found = parsed(f"x {markdown_text(text)} y")
    assert found.elements == [("p", ())]
    assert "".join(found.text).split() == f"x {shown(text)} y".split()


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_stays_one_code_span_in_a_table_cell(text: str) -> None:
    found = parsed(f"| a | b |\n|---|---|\n| x {markdown_code(text)} y | z |")
    assert [tag for tag, _ in found.elements] == \
        ["table", "thead", "tr", "th", "th", "tbody", "tr", "td", "code", "td"]


def test_outside_text_is_cut_and_escaped() -> None:
    assert shown("a\x1b[2J\u202e\ud800b") == "a\\x1b[2J\\u202e\\ud800b"
    long = shown("n" * 5_000_000, 90)
    assert len(long) < 200 and "4,999,910 characters left out" in long


# -- conform --format markdown of a hostile engine -------------------------------------

def _conform_markdown(*engine: str) -> str:
    argv = [sys.executable, "-m", "shibumi_rules", "conform", "--quiet", "--format",
            "markdown", "--games", "1", "--depth", "1", "--game", "sploof"]
    if engine:
        argv += ["--engine", " ".join([sys.executable, *engine])]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode in (0, 1, 4), done.stderr
    return done.stdout


@pytest.mark.slow
def test_a_hostile_engines_markdown_report_renders_no_element_of_its_own() -> None:
    hostile = _conform_markdown(str(ROOT / "tests" / "engines" / "engine_html.py"))
    plain = _conform_markdown(str(ROOT / "tests" / "engines" / "engine_html.py"), "--plain")
    reference = _conform_markdown()
    found, twin, own = parsed(hostile), parsed(plain), parsed(reference)
    assert EVIL.split("<", 1)[0] in hostile and "onerror" in hostile, \
        "the engine's strings are in the report"
    findings = {("h3", ("id",)), ("ul", ()), ("li", ())}  # the lists of what was found
    assert set(found.elements) <= set(own.elements) | findings
    assert set(found.elements) == set(twin.elements)
    text = "".join(found.text)
    for field in ("engine <img src=x onerror=alert(1)>", "1.0 <img src=x", "stray <img",
                  "internal: RuntimeError: internal <img", "opt<img", "[x](javascript:alert(4))"):
        assert field in text, field


# -- the Known implementations page ---------------------------------------------------

def _poisoned(value: Any) -> Any:
    """Every string of a record with the hostile text added (keys are kept)."""
    if isinstance(value, dict):
        return {key: _poisoned(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_poisoned(item) for item in value]
    return value + EVIL if isinstance(value, str) else value


def test_the_known_implementations_page_shows_a_hostile_record_as_text() -> None:
    pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")
    import gen_known

    record = json.loads((ROOT / "implementations" / "donkirkby" / "record.json")
                        .read_text(encoding="utf-8"))
    honest = parsed(gen_known.page([("donkirkby", record)]))
    hostile = parsed(gen_known.page([("donkirkby", _poisoned(record))]))
    assert set(hostile.elements) <= set(honest.elements)
    assert "<img src=x onerror=alert(1)>" in "".join(hostile.text)
