"""The arbiter at the table, in headless Chromium on a 390x844 phone screen (and at
1366x900 where the layout differs): every point of the board a target of at least 44
CSS px, the verdict inside the first screen after a tap, a position set up by taps alone
answered as ``explain --position`` answers it, the URL read as every standard encoder
writes it, and the board usable with a keyboard and a screen reader.

Skipped, like the other browser tests, without Chromium or without the Pyodide runtime
(``npm ci --prefix web``); under CI a missing runtime fails."""

from __future__ import annotations

import json
import random
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.geometry import NAMES
from shibumi_rules.notation import format_board
from shibumi_rules.web import Request, query_string
from tests.test_arbiter import assert_same, cli_expected
from tests.test_arbiter_browser import FIRST_LOAD, GO_TO_QUERY, OFFLINE, _answered, site
from tests.test_docs_browser import NEEDS_CHROMIUM, WebDriver, chromium, serve

pytestmark = [pytest.mark.slow, NEEDS_CHROMIUM]

__all__ = ["site"]  # the built site fixture, shared with the other arbiter browser tests

PHONE = (390, 844)
DESKTOP = (1366, 900)
MIN_TARGET = 44.0
"""CSS pixels: the usual minimum size of a touch target."""

TARGETS = """
return Array.from(document.querySelectorAll('#arbiter-board [data-key]')).map(e => {
  const r = e.getBoundingClientRect();
  return {key: e.dataset.key, point: e.dataset.point, w: r.width, h: r.height,
          label: e.getAttribute('aria-label'), tabindex: e.getAttribute('tabindex'),
          classes: e.getAttribute('class')};
});
"""
ACTIVE = """
const a = document.activeElement;
return a ? {key: a.dataset ? a.dataset.key || null : null, id: a.id || null,
            tag: a.tagName, inBoard: !!a.closest('#arbiter-board')} : null;
"""
VERDICT = """
const v = document.getElementById('arbiter-verdict');
const r = v.getBoundingClientRect();
return {top: r.top, bottom: r.bottom, text: v.textContent, height: innerHeight,
        live: v.getAttribute('aria-live')};
"""


@pytest.fixture(scope="module")
def phone(site: Path) -> Iterator[tuple[WebDriver, str]]:
    import tests.test_docs_browser as docs_browser

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(docs_browser, "CHROMIUM_FLAGS", (*docs_browser.CHROMIUM_FLAGS, OFFLINE))
        with serve(site) as base, chromium() as driver:
            window_size(driver, *PHONE)
            yield driver, base


def window_size(driver: WebDriver, width: int, height: int) -> None:
    """Make the page's viewport (not the window) ``width`` x ``height`` CSS px."""
    driver.resize(width, height)
    inner = driver.script("return [innerWidth, innerHeight]")
    driver.resize(2 * width - inner[0], 2 * height - inner[1])


def keys(driver: WebDriver, *names: str) -> None:
    """Press keys on whatever has the focus (W3C actions)."""
    codes = {"Tab": "\ue004", "Enter": "\ue007", "Space": " ", "ArrowRight": "\ue014",
             "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowDown": "\ue015",
             "PageDown": "\ue00f", "PageUp": "\ue00e"}
    actions = []
    for name in names:
        actions += [{"type": "keyDown", "value": codes[name]},
                    {"type": "keyUp", "value": codes[name]}]
    driver.call(driver.base + "/actions", "POST",
                {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})


def press(driver: WebDriver, css: str) -> None:
    """Click a control, brought to the middle of the screen first (so that the site's
    sticky header does not cover it)."""
    driver.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})",
                  css)
    driver.click(driver.find(css))


def view(driver: WebDriver, name: str) -> None:
    press(driver, f'#arbiter-views [data-view="{name}"]')


def tap(driver: WebDriver, point: str) -> None:
    """Tap a point in the view of its level."""
    view(driver, point[0])
    press(driver, f'#arbiter-board [data-key="level:{point}"]')


def fresh(driver: WebDriver, base: str, query: str) -> dict[str, Any]:
    driver.go(f"{base}/arbiter/{query}")
    return _answered(driver, FIRST_LOAD)


def go_to(driver: WebDriver, base: str, query: str) -> dict[str, Any]:
    """Ask ``query`` on the page already loaded (as the browser's back button does: the
    page reads its new address), loading the page first when it is not."""
    if not driver.script("return location.pathname.endsWith('/arbiter/') && "
                         "!!document.getElementById('answer').dataset.verdict"):
        return fresh(driver, base, query)
    driver.script(GO_TO_QUERY, query)
    return _answered(driver)


# -- 1. the phone-first board ------------------------------------------------------------

def test_every_point_is_a_44_px_target_and_the_verdict_follows_a_tap(
        phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    fresh(driver, base, "?game=sploof")
    assert driver.script("return innerWidth") == PHONE[0]
    seen = set()
    for name in ("top", "1", "2", "3", "4"):
        view(driver, name)
        targets = driver.script(TARGETS)
        assert targets, name
        small = [t for t in targets if min(t["w"], t["h"]) < MIN_TARGET]
        assert not small, (name, small)
        seen |= {t["point"] for t in targets if name != "top"}
    assert seen == set(NAMES)
    # the board is inside the first screen, and so is the verdict after a tap
    board = driver.script("return document.getElementById('arbiter-board')"
                          ".getBoundingClientRect().toJSON()")
    assert board["top"] < PHONE[1] / 2 and board["bottom"] <= PHONE[1], board
    view(driver, "top")
    driver.click(driver.find('#arbiter-board [data-key="top:2,2"]'))  # 1c3, from above
    played = _answered(driver)
    assert_same(played, cli_expected({"game": "sploof", "ask": "1c3"}))
    verdict = driver.script(VERDICT)
    assert 0 <= verdict["top"] and verdict["bottom"] <= verdict["height"], verdict
    assert verdict["text"].startswith("Yes: 1c3 is legal for white.")
    # a removal the rules forbid, typed: the sentence says why, with the rule
    driver.script("document.querySelector('.arbiter-typed').open = true;"
                  "document.getElementById('arbiter-ask').value = '';")
    driver.type(driver.find("#arbiter-ask"), "x1c3")
    driver.click(driver.find("#arbiter-ask-button"))
    refused = _answered(driver)
    assert refused["verdict"] == "illegal"
    verdict = driver.script(VERDICT)
    assert verdict["text"].startswith("No: x1c3 is illegal for black: the ball at 1c3 is "
                                      "white"), verdict
    assert verdict["text"].endswith("(SPF-REMOVE-1).")
    # the steps and the cited rules once each; the transcript folded
    assert driver.script("return document.querySelectorAll('#arbiter-cited li').length") \
        == len(refused["rules"])
    assert driver.script("return document.querySelector('.arbiter-transcript').open") is False
    facts = driver.script("return document.getElementById('arbiter-facts').textContent")
    assert "stock" in facts and "supply" in facts


def test_at_1366_the_answer_stands_beside_the_board(phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    try:
        window_size(driver, *DESKTOP)
        go_to(driver, base, "?game=splink&ask=R1a1%2BW1c1")
        board = driver.script("return document.getElementById('arbiter-board')"
                              ".getBoundingClientRect().toJSON()")
        verdict = driver.script(VERDICT)
        assert verdict["top"] < board["bottom"], (board, verdict)
        assert board["bottom"] <= DESKTOP[1]
        small = [t for t in driver.script(TARGETS) if min(t["w"], t["h"]) < MIN_TARGET]
        assert not small
    finally:
        window_size(driver, *PHONE)


# -- 2. the position editor --------------------------------------------------------------

def test_a_position_set_up_by_taps_alone_is_answered_as_explain_position(
        phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    go_to(driver, base, "?game=sploof")
    press(driver, 'input[name="arbiter-mode"][value="edit"]')
    press(driver, 'input[name="arbiter-tool"][value="W"]')
    tap(driver, "1c3")
    press(driver, 'input[name="arbiter-tool"][value="B"]')
    tap(driver, "1e3")
    for field in ('[data-field="1.0"]', '[data-field="1.1"]'):  # both stocks 2 -> 1
        driver.script(f"document.querySelector('#arbiter-fields {field}').value = '';")
        driver.type(driver.find(f"#arbiter-fields {field}"), "1\ue004")
    got = driver.wait("""
        const a = document.getElementById('answer');
        return a.dataset.verdict && a.dataset.query.includes('stock:1,1') ?
          a.dataset.query : null;""", "the position set up", 60)
    position = ("RRRR,RWBR,R..R,RRRR/...,...,.../..,../. white stock:1,1 supply:14,14,4 "
                "blocking=two lines_checked=both simultaneous=mover stuck=lose "
                "supply=limited")
    assert got == query_string(Request("sploof", position=position))
    assert_same(_answered(driver), cli_expected({"game": "sploof", "position": position}))
    # a ball that floats: the engine's verdict in plain words, and the points marked
    press(driver, 'input[name="arbiter-tool"][value="R"]')
    tap(driver, "3c3")
    driver.wait("return document.getElementById('answer').dataset.verdict === 'error'",
                "the verdict on the floating ball", 60)
    verdict = driver.script(VERDICT)
    assert verdict["text"].startswith("This position cannot exist: impossible board: ball "
                                      "at 3c3 floats"), verdict
    marked = {t["point"] for t in driver.script(TARGETS) if "arb-problem" in t["classes"]}
    assert "3c3" in marked
    view(driver, "2")
    marked = {t["point"] for t in driver.script(TARGETS) if "arb-problem" in t["classes"]}
    assert {"2b2", "2b4", "2d2", "2d4"} <= marked
    press(driver, 'input[name="arbiter-mode"][value="play"]')


def test_the_pages_board_field_is_notations(phone: tuple[WebDriver, str]) -> None:
    """The editor writes the board field itself (a deliberate copy of
    ``notation.format_board``): the same text for random boards."""
    driver, base = phone
    go_to(driver, base, "?game=sploof")
    rng = random.Random(31)
    boards = [[rng.choice("WBR..") for _ in NAMES] for _ in range(50)]
    got = driver.script("return arguments[0].map(b => window.arbiterFormatBoard(b))", boards)
    assert got == [format_board(b) for b in boards]


# -- 4. the URL contract -------------------------------------------------------------------

URL_QUERIES: list[dict[str, str | list[str]]] = [
    {"game": "sploof", "moves": "1c3 1e3", "ask": "x1a1"},
    {"game": "sploof", "first": "black", "moves": "1c3 1e3", "compare": "1",
     "option": ["blocking = one", "stuck=pass"], "ask": "x1a1"},
    {"game": "sploof", "first": " black", "ask": "1c3"},  # refused alike: the same line
    {"game": "sploof", "position": "RRRR,RWBR,R..R,RRRR/...,...,.../..,../. white "
                                   "stock:1,1 supply:14,14,4 blocking=two"},
    {"game": "splink", "moves": "R1a1+W1c1 W1e1+R1g1", "ask": "R1a3+W1c3",
     "option": ["max_turns = 20"]},
]


def _encoded(query: dict[str, str | list[str]], space: str) -> str:
    pairs = []
    for key, value in query.items():
        for item in [value] if isinstance(value, str) else value:
            pairs.append(f"{key}={urllib.parse.quote(item, safe='').replace('%20', space)}")
    return "?" + "&".join(pairs)


@pytest.mark.parametrize("index", range(len(URL_QUERIES)))
def test_every_parameter_reads_plus_and_percent_20_alike(
        phone: tuple[WebDriver, str], index: int) -> None:
    driver, base = phone
    query = URL_QUERIES[index]
    want = cli_expected({k: v for k, v in query.items()})
    answers = []
    for space in ("+", "%20"):
        got = go_to(driver, base, _encoded(query, space))
        assert_same(got, want)
        answers.append((got["text"], got["query"], got["search"]))
        # the page writes the canonical link
        assert got["search"] == "?" + got["query"]
    assert answers[0] == answers[1]


def test_a_bare_plus_between_two_placements_is_still_the_pair(
        phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    want = cli_expected({"game": "splink", "moves": "R1a1+W1c1", "ask": "W1e1+R1g1"})
    for url in ("?game=splink&moves=R1a1+W1c1&ask=W1e1+R1g1",
                "?game=splink&moves=R1a1%2BW1c1&ask=W1e1%2BR1g1",
                "?game=splink&moves=R1a1%2BW1c1&ask=W1e1%20R1g1"):
        got = go_to(driver, base, url)
        assert_same(got, want)
        assert got["search"] == "?game=splink&moves=R1a1%2BW1c1&ask=W1e1%2BR1g1"
    # the page reads a query as Python's parse_qs does, but for the pair
    read = driver.script("return window.arbiterReadQuery(arguments[0])",
                         "game=sploof&position=a+b%20c%2Bd&option=x+%3D+1&option=y=2")
    assert read == urllib.parse.parse_qs("game=sploof&position=a+b%20c%2Bd&option=x+%3D+1"
                                         "&option=y=2")


# -- 5. keyboard and screen reader ---------------------------------------------------------

def test_the_board_is_one_tab_stop_with_arrow_keys_and_labels(
        phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    go_to(driver, base, "?game=sploof&moves=1c3,1e3,2b2,2d2")
    labels = {t["point"]: t["label"] for t in driver.script(TARGETS)}
    assert labels["2b2"].startswith("level 2, b2, white ball")
    view(driver, "1")
    labels = {t["point"]: t["label"] for t in driver.script(TARGETS)}
    assert labels["1c1"] == "level 1, c1, red ball, pinned"
    assert labels["1a1"] == "level 1, a1, red ball, can be played"
    targets = driver.script(TARGETS)
    assert [t["tabindex"] for t in targets].count("0") == 1
    # Tab from the views' tabs lands on the board, and one more Tab leaves it
    driver.script("document.querySelector('#arbiter-views [aria-selected=true]').focus()")
    keys(driver, "Tab")
    first = driver.script(ACTIVE)
    assert first["inBoard"], first
    keys(driver, "ArrowRight")
    moved = driver.script(ACTIVE)
    assert moved["inBoard"] and moved["key"] != first["key"]
    keys(driver, "ArrowLeft")
    assert driver.script(ACTIVE)["key"] == first["key"]
    keys(driver, "Tab")
    assert not driver.script(ACTIVE)["inBoard"]
    # Enter plays the focused point (1a1: a removal), and the focus stays on it
    driver.script("document.querySelector('#arbiter-board [data-key=\"level:1a1\"]').focus()")
    keys(driver, "Enter")
    played = _answered(driver)
    assert_same(played, cli_expected({"game": "sploof", "moves": "1c3,1e3,2b2,2d2",
                                      "ask": "x1a1"}))
    after = driver.script(ACTIVE)
    assert after["inBoard"] and after["key"] == "level:1a1", after
    verdict = driver.script(VERDICT)
    assert verdict["live"] == "polite" and verdict["text"].startswith("Yes: x1a1")
    # Space acts too; Page Down shows the next level
    keys(driver, "PageDown")
    assert driver.script(ACTIVE)["key"].startswith("level:2")


def test_the_korean_page_speaks_korean(phone: tuple[WebDriver, str]) -> None:
    driver, base = phone
    driver.go(f"{base}/ko/arbiter/?game=sploof")
    _answered(driver, FIRST_LOAD)
    labels = [t["label"] for t in driver.script(TARGETS)]
    assert any(label.startswith("1층, a1, 빨간 공") for label in labels), labels[:3]
    tabs = driver.script("return Array.from(document.querySelectorAll('#arbiter-views "
                         "[role=tab]')).map(t => t.textContent)")
    assert tabs == ["위에서 본 모습", "1층", "2층", "3층", "4층"]
    strings = json.loads((Path(__file__).parents[1] / "docs" / "arbiter" /
                          "strings.json").read_text(encoding="utf-8"))
    assert set(strings["ko"]) == set(strings["en"])
