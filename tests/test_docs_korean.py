"""The Korean edition for players, read on the built site: no English sentence on a
page a player reads, the engine's answers in Korean, the menus in Korean, and Korean
link text that keeps its words whole.

A sentence is English when it has three or more English words in a row (a rule ID, a
point name, a move, a position string and a proper name are not English words: they
are written the same in every language). Code blocks count too, except the commands and
position strings, which stay as the engine reads them."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from .test_docs import HANGUL, HOOKS, built_site, definitions, html_file

sys.path.insert(0, str(HOOKS))

PLAYER_PAGES = ("index", "play/index", "arbiter", "shibumi", "rulings", "notation")
"""The Korean pages a player reads, besides each game's how-to-play and rules pages
(the registry names the games)."""

NOT_WORDS = re.compile(
    r"\b(?:[1-4][a-g][1-7]|x[1-4][a-g][1-7]|[RW][1-4][a-g][1-7]|[a-g][1-7]|[a-g]"
    r"|S[A-Z]{2}-[A-Z]+-\d+|[a-z_]+=[\w-]+|[a-z]+:[\d,\-]+)\b"
    r"|[RWB.]+(?:[,/][RWB.]+)+")
"""Point names, moves, file letters, rule IDs, options (``stuck=pass``), counters
(``stock:1,1``) and board fields (``RRRR,R..R/...``)."""

PROPER = {
    "Shibumi", "Sploof", "Splink", "Spline", "Spline+", "Splice", "Spyramid", "Matt",
    "Green", "AbstractPlay", "Ludii", "donkirkby", "shibumi", "games", "gameslib", "API",
    "Perft", "perft", "JSON", "CSV", "URL", "SVG", "BoardGameGeek", "Nestorgames",
    "Python", "Pyodide", "Z3", "CI", "ID", "x", "y", "c", "k", "h", "r", "sqrt", "str",
    "ABCDEFG", "stuck", "supply", "blocking", "lines_checked", "simultaneous", "max_turns",
    "pass", "explain", "rules", "fork", "Board", "Game", "Geek",
}
"""Names written in Latin letters on the Korean pages: games, people, implementations,
formats, the symbols of formulas and the engine's words for its options and command."""

ENGLISH_RUN = 3
"""English words in a row that make an English sentence."""


class _Text(HTMLParser):
    """The text a reader sees in a page's article: prose, captions, tables, the
    engine's answers; without the scripts, the inline code (names of the engine's code
    and flags, the same in every language) and the quoted sources (folded ``quote``
    blocks: the published rules, and the spec's records of other texts, quoted in the
    language they were written in)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.skip = 0
        self.pre = 0
        self.quotes = 0
        self._english = 0
        self.parts: list[str] = []
        self.links: list[str] = []
        self._link: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.inside += 1
        if tag in ("script", "style", "svg") or (tag == "code" and not self.pre):
            self.skip += 1
        if tag == "span" and (self._english or dict(attrs).get("lang") == "en"):
            self.skip += not self._english  # a word given in English on purpose (a glossary)
            self._english += 1
        if tag == "pre":
            self.pre += 1
        if tag == "details" and (self.quotes or "quote" in (dict(attrs).get("class") or "")):
            self.skip += not self.quotes
            self.quotes += 1
        if tag == "a" and self.inside:
            self._link = []
        if tag in ("p", "li", "td", "th", "br", "h1", "h2", "h3", "figcaption", "pre",
                   "summary", "div", "dd", "dt"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside -= 1
        if tag in ("script", "style", "svg") or (tag == "code" and not self.pre):
            self.skip -= 1
        if tag == "span" and self._english:
            self._english -= 1
            self.skip -= self._english == 0
        if tag == "pre":
            self.pre -= 1
        if tag == "details" and self.quotes:
            self.quotes -= 1
            if self.quotes == 0:
                self.skip -= 1
        if tag == "a" and self._link is not None:
            self.links.append("".join(self._link).strip())
            self._link = None

    def handle_data(self, data: str) -> None:
        if self.inside and not self.skip:
            self.parts.append(data)
            if self._link is not None:
                self._link.append(data)


def _read(path: Path) -> _Text:
    parsed = _Text()
    parsed.feed(path.read_text(encoding="utf-8"))
    return parsed


def english_runs(text: str) -> list[str]:
    """The runs of ``ENGLISH_RUN`` or more English words in ``text``, line by line.

    Commands (``shibumi-rules ...``) and the lines of a grammar are code, the same in
    every language, and left out; so are English words quoted in single quotes (a
    translation's notes quote the original's words)."""
    found = []
    text = re.sub(r"'[A-Za-z][A-Za-z ,.-]*'", " ", text)
    for line in text.splitlines():
        if "shibumi-rules" in line or re.match(r"\s*\w+\s+=\s", line):
            continue
        line = NOT_WORDS.sub(" ", line)
        run: list[str] = []
        for token in re.findall(r"[A-Za-z][A-Za-z'+-]*|[^\sA-Za-z]+", line):
            if re.fullmatch(r"[A-Za-z][A-Za-z'+-]*", token) and token not in PROPER:
                run.append(token)
                continue
            if not re.fullmatch(r"[\s(),.;:'\"-]+", token):
                if len(run) >= ENGLISH_RUN:
                    found.append(" ".join(run))
                run = []
        if len(run) >= ENGLISH_RUN:
            found.append(" ".join(run))
    return found


def test_english_runs_finds_english_and_passes_korean() -> None:
    assert english_runs("Answer: yes, 1g1 is legal for white.") == ["Answer yes is legal for white"]
    assert english_runs("답: 예, 1g1은(는) 백에게 둘 수 있는 수입니다 [SPL-WIN-1]") == []
    assert english_runs("국면: RRRR,R..R/... white stock:1,1 blocking=two") == []
    assert english_runs("shibumi-rules explain sploof --position x") == []
    assert english_runs("스플루프 (Sploof) 규칙") == []


def korean_player_pages() -> list[str]:
    """Every Korean page a player reads: the fixed ones, and for each registered game
    its how-to-play page and its rules page."""
    names = [d.name for d in definitions() if d.guide() is not None]
    return [*PLAYER_PAGES, *(f"play/{n}" for n in names), *names]


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def test_no_english_sentence_on_a_korean_player_page(site: Path) -> None:
    """Home, how to play, the arbiter's questions with the engine's answers, the rules
    and rulings, the notation and the Shibumi system's page read in Korean: no three
    English words in a row, anywhere in the article (captions, tables and the engine's
    text included). The implementers' pages stay English and say so in Korean."""
    pages = korean_player_pages()
    assert len(pages) >= 12
    problems = {}
    for path in pages:
        text = "".join(_read(html_file(site, f"ko/{path}")).parts)
        assert HANGUL.search(text), f"ko/{path} has no Korean"
        runs = english_runs(text)
        if runs:
            problems[path] = runs[:5]
    assert not problems, problems


def test_the_korean_implementer_pages_say_that_they_are_in_english(site: Path) -> None:
    from gen_i18n import site_texts

    note = site_texts().text("untranslated").get("ko")
    for path in ("implementers", "perft", "reference/cli", "tables/index"):
        text = " ".join("".join(_read(html_file(site, f"ko/{path}")).parts).split())
        assert note in text, path
    text = " ".join("".join(_read(html_file(site, "ko/sploof")).parts).split())
    assert note not in text


def test_the_engine_answers_in_korean_on_the_korean_questions_page(site: Path) -> None:
    """Each answer's "engine's answer" block is the engine's report in Korean: the same
    verdict as the English page's, every sentence translated."""
    import gen_answers

    html = html_file(site, "ko/arbiter").read_text(encoding="utf-8")
    blocks = re.findall(r'<pre><span></span><code>(.*?)</code></pre>', html, flags=re.S)
    answers = [b for b in blocks if "답:" in b or "국면의 상태" in b]
    english = html_file(site, "arbiter").read_text(encoding="utf-8")
    assert len(answers) == english.count("Answer: ") + english.count(": the state of the")
    assert len(answers) >= 15
    for block in answers:
        text = re.sub(r"<[^>]+>", "", block)
        assert not english_runs(text), english_runs(text)
    assert not gen_answers.UNTRANSLATED


def test_the_korean_menus_are_in_korean(site: Path) -> None:
    """Every label of the Korean site's navigation is Korean, or a name that is the
    same in every language."""
    html = html_file(site, "ko/index").read_text(encoding="utf-8")
    nav = html.split('md-nav--primary', 1)[1].split("</nav>", 1)[0]
    labels = {" ".join(re.sub(r"<[^>]+>", "", label).split())
              for label in re.findall(r'md-ellipsis">(.*?)</span>', nav, flags=re.S)}
    english = [label for label in labels if label and not HANGUL.search(label)
               and label not in ("Perft",)]
    assert not english, english


def test_korean_link_text_keeps_its_words_whole(site: Path) -> None:
    """The theme gives links word-break: break-word; the site's Korean stylesheet gives
    them keep-all again (a browser test would see the same rule applied)."""
    from mkdocs.utils.yaml import yaml_load

    root = Path(__file__).resolve().parents[1]
    config: dict[str, Any] = yaml_load((root / "mkdocs.yml").open(encoding="utf-8"))
    sheets = config["extra_css"]
    css = "".join((site / sheet).read_text(encoding="utf-8") for sheet in sheets)
    rule = re.search(r'html\[lang="ko"\] \.md-typeset a[^{]*\{([^}]*)\}', css)
    assert rule and "word-break: keep-all" in rule.group(1)
    html = html_file(site, "ko/play/sploof").read_text(encoding="utf-8")
    assert 'lang="ko"' in html and "korean.css" in html
