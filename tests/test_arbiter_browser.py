"""The "Ask the arbiter" page in a real browser: headless Chromium loads the built site
from a local server (no other host is reachable to the page), the engine starts in the
page's worker under Pyodide, and its answers are compared with ``shibumi-rules explain``
run as a subprocess: moves played by clicking the pyramid, a Splink pair built from two
clicks, and 20 random questions per game asked through the URL.

Skipped where Chromium or chromedriver is missing, or where the site was built without
the Pyodide runtime (``npm ci --prefix web``); under CI (``CI`` set) a missing runtime
fails instead, since CI prepares it (.ci/run)."""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.registry import game_names
from tests.test_arbiter import assert_same, cli_expected, random_questions
from tests.test_docs_browser import NEEDS_CHROMIUM, WebDriver, chromium, serve

pytestmark = [pytest.mark.slow, NEEDS_CHROMIUM]

FIRST_LOAD = 240.0
"""Seconds allowed for a cold start (Pyodide and the engine) on a loaded machine."""
ANSWER = 90.0
"""Seconds allowed for any later answer (a reload included)."""

ANSWERED = """
const a = document.getElementById('answer');
if (!a || !a.hasAttribute('data-verdict')) return null;
const notice = document.getElementById('arbiter-notice');
return {verdict: a.getAttribute('data-verdict'), rules: a.getAttribute('data-rules'),
        text: a.textContent, notice: notice.hidden ? null : notice.textContent,
        query: a.getAttribute('data-query'), search: location.search};
"""

GO_TO_QUERY = """
history.pushState(null, '', arguments[0]);
window.dispatchEvent(new PopStateEvent('popstate'));
"""


SITE_ENV = "SHIBUMI_BUILT_SITE"
"""A site already built from this checkout (``mkdocs build -d DIR``) to test instead of
building one, which takes minutes on a loaded machine."""


@pytest.fixture(scope="module")
def site() -> Path:
    from tests.test_docs import built_site

    built = Path(os.environ[SITE_ENV]) if os.environ.get(SITE_ENV) else built_site()
    if not (built / "arbiter" / "engine.json").is_file():
        message = ("the site was built without the Pyodide runtime: run "
                   "`npm ci --prefix web` before building it")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return built


OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""No host but the local server resolves: the page must work with no network."""


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[tuple[WebDriver, str]]:
    import tests.test_docs_browser as docs_browser

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(docs_browser, "CHROMIUM_FLAGS", (*docs_browser.CHROMIUM_FLAGS, OFFLINE))
        with serve(site) as base, chromium() as driver:
            yield driver, base


def _answered(driver: WebDriver, timeout: float = ANSWER) -> dict[str, Any]:
    found: dict[str, Any] = driver.wait(ANSWERED, "the answer element", timeout)
    found["rules"] = found["rules"].split() if found["rules"] else []
    return found


def _click_point(driver: WebDriver, name: str) -> None:
    """Click a point in the view of its level (every point is drawn there)."""
    driver.click(driver.find(f'#arbiter-views [data-view="{name[0]}"]'))
    driver.click(driver.find(f'#arbiter-board [data-key="level:{name}"]'))


def _url_query(query: Mapping[str, str | Sequence[str]], plus: bool = False) -> str:
    """A query string. With ``plus``, written as HTML forms and ``urlencode`` write it (a
    space as ``+``, a plus as ``%2B``), except that the ``+`` between two Splink
    placements is left bare, which the page still reads as the pair; else every reserved
    character is percent-encoded."""
    pairs = []
    for key, value in query.items():
        for item in [value] if isinstance(value, str) else value:
            if plus:
                text = urllib.parse.quote_plus(item, safe=",:")
                text = re.sub(r"(?<![A-Za-z0-9])([RWrw]\d[a-z]\d)%2B([RWrw]\d[a-z]\d)",
                              r"\1+\2", text)
            else:
                text = urllib.parse.quote(item, safe="")
            pairs.append(f"{key}={text}")
    return "?" + "&".join(pairs)


def test_the_site_serves_only_the_runtime_files_the_page_loads(site: Path) -> None:
    import json

    served = sorted(p.name for p in (site / "arbiter" / "pyodide").iterdir())
    assert served == sorted(["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm",
                             "python_stdlib.zip"])
    manifest = json.loads((site / "arbiter" / "engine.json").read_text(encoding="utf-8"))
    assert (site / "arbiter" / manifest["wheel"]).is_file()
    assert manifest["lock"]["packages"] == {}


def test_sploof_moves_played_by_clicking_then_a_removal(
        browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    driver.go(f"{base}/arbiter/?game=sploof")
    start = _answered(driver, FIRST_LOAD)
    assert_same_page(start, {"game": "sploof"})
    fetched = driver.script("return window.arbiterTimings.fetched")
    assert fetched and all(url.startswith(base + "/arbiter/") for url in fetched), fetched
    for point in ("1c3", "1e3"):
        _click_point(driver, point)
        _answered(driver)
    _click_point(driver, "1a1")  # a red ball: the click is a removal
    removal = _answered(driver)
    query = {"game": "sploof", "moves": "1c3,1e3", "ask": "x1a1"}
    assert removal["search"] == "?game=sploof&moves=1c3,1e3&ask=x1a1"
    assert_same_page(removal, query)
    # a removal that the rules forbid, typed: it is asked after the moves on the board
    # the typed forms are folded under the board: unfold them, as a player would
    driver.script("document.querySelector('.arbiter-typed').open = true;"
                  "document.getElementById('arbiter-ask').value = '';")
    driver.type(driver.find("#arbiter-ask"), "x1c3")
    driver.click(driver.find("#arbiter-ask-button"))
    refused = _answered(driver)
    assert refused["verdict"] == "illegal"
    assert_same_page(refused, {"game": "sploof", "moves": "1c3,1e3,x1a1", "ask": "x1c3"})


def test_a_splink_pair_is_two_clicks_and_a_choice_of_colours(
        browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    driver.go(f"{base}/arbiter/?game=splink")
    _answered(driver, FIRST_LOAD)
    _click_point(driver, "1a1")
    _click_point(driver, "1c1")
    choices = driver.wait("return Array.from(document.querySelectorAll("
                          "'#arbiter-choices [data-move]')).map(b => b.dataset.move)",
                          "the choice of colours")
    assert sorted(choices) == ["R1a1+W1c1", "W1a1+R1c1"]
    driver.click(driver.find('#arbiter-choices [data-move="R1a1+W1c1"]'))
    pair = _answered(driver)
    assert pair["search"] == "?game=splink&ask=R1a1%2BW1c1"
    assert_same_page(pair, {"game": "splink", "ask": "R1a1+W1c1"})
    _click_point(driver, "1g1")
    _click_point(driver, "1e1")
    driver.click(driver.find('#arbiter-choices [data-move="W1e1+R1g1"]'))
    assert_same_page(_answered(driver), {"game": "splink", "moves": "R1a1+W1c1",
                                         "ask": "W1e1+R1g1"})
    driver.click(driver.find("#arbiter-undo"))
    assert_same_page(_answered(driver), {"game": "splink", "moves": "R1a1+W1c1"})


@pytest.mark.parametrize("name", game_names())
def test_random_questions_asked_by_url_answer_as_explain_does(
        browser: tuple[WebDriver, str], name: str) -> None:
    """20 questions about positions of random games. Every fifth loads the page afresh
    from its URL; the others change the URL in place (the page reads it again, as on
    the browser's back button), which keeps the test within a few minutes."""
    driver, base = browser
    queries = random_questions(name, 20, seed=3)
    with ThreadPoolExecutor(max_workers=2) as pool:
        expected = list(pool.map(cli_expected, queries))
    for i, (query, want) in enumerate(zip(queries, expected)):
        url = _url_query(query, plus=i % 2 == 1)
        if i % 5 == 0:
            driver.go(f"{base}/arbiter/{url}")
            got = _answered(driver, FIRST_LOAD)
        else:
            driver.script(GO_TO_QUERY, url)
            got = _answered(driver)
        assert_same(got, want)


def test_bad_input_shows_the_line_the_command_prints(browser: tuple[WebDriver, str]
                                                     ) -> None:
    driver, base = browser
    # a question that is no move of the game is an answer (illegal), as explain's
    not_moves: list[dict[str, str | list[str]]] = [
        {"game": "sploof", "moves": "1c3,1e3", "ask": "x9z9"},
        {"game": "splink", "ask": "R1a1+R1c1"},
    ]
    for i, query in enumerate(not_moves):
        if i == 0:
            driver.go(f"{base}/arbiter/{_url_query(query)}")
            got = _answered(driver, FIRST_LOAD)
        else:
            driver.script(GO_TO_QUERY, _url_query(query))
            got = _answered(driver)
        want = cli_expected(query)
        assert got["verdict"] == want["verdict"] == "illegal"
        assert_same(got, want)
    # only input that cannot be used is an error, with the line the command prints
    queries: list[dict[str, str | list[str]]] = [
        {"game": "sploof", "option": ["supply=limited", "supply=unlimited"]},
        {"game": "sploof", "position": "RRRR"},
    ]
    for query in queries:
        driver.script(GO_TO_QUERY, _url_query(query))
        got = _answered(driver)
        want = cli_expected(query)
        assert got["verdict"] == want["verdict"] == "error"
        assert got["text"] == want["text"]
        assert got["rules"] == re.findall(r"\[([A-Z]{3}-[A-Z]+-\d+)\]$", want["text"])


def assert_same_page(got: dict[str, Any], query: Mapping[str, str | Sequence[str]]) -> None:
    """The page's answer is what ``explain`` says for ``query``."""
    assert_same(got, cli_expected(query))
