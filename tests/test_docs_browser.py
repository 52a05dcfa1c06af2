"""The documentation site in a real browser: headless Chromium, driven through
chromedriver's W3C WebDriver HTTP API (spoken with urllib, no extra dependency), on the
screen of a 390-pixel phone: the how-to-play pages show their sample games, the arbiter's
page its answers, the search's first hit for everyday questions is the right rule, a
diagram opens full size, the language switch keeps the rule in view, no page is wider
than the screen, and the site works opened from disk.

Skipped only when Chromium or chromedriver is not installed here; CI installs both
(Debian packages ``chromium`` and ``chromium-driver``)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="the browser test needs Chromium and chromedriver "
           "(apt-get install chromium chromium-driver)",
)
"""The mark of every browser test: skipped, with what to install, without Chromium."""

pytestmark = [pytest.mark.slow, NEEDS_CHROMIUM]

CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,900",
)
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
"""The key of a web element reference in W3C WebDriver responses."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 from a thread; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class WebDriver:
    """The few WebDriver commands these tests need, over HTTP."""

    def __init__(self, driver_url: str, session: str) -> None:
        self.base = f"{driver_url}/session/{session}"

    @staticmethod
    def call(url: str, method: str = "GET", body: dict[str, Any] | None = None,
             timeout: float = 60) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as err:
            raise AssertionError(f"WebDriver {method} {url}: {err.read().decode()}") from None

    def go(self, url: str) -> None:
        self.call(self.base + "/url", "POST", {"url": url})

    def script(self, source: str, *args: Any) -> Any:
        body = {"script": source, "args": list(args)}
        return self.call(self.base + "/execute/sync", "POST", body)

    def find(self, css: str) -> str:
        found = self.call(self.base + "/element", "POST", {"using": "css selector", "value": css})
        element: str = found[ELEMENT]
        return element

    def click(self, element: str) -> None:
        self.call(f"{self.base}/element/{element}/click", "POST", {})

    def type(self, element: str, text: str) -> None:
        self.call(f"{self.base}/element/{element}/value", "POST", {"text": text})

    def url(self) -> str:
        value: str = self.call(self.base + "/url")
        return value

    def resize(self, width: int, height: int) -> None:
        self.call(self.base + "/window/rect", "POST", {"width": width, "height": height})

    def wait(self, source: str, what: str, timeout: float = 20) -> Any:
        """Poll a script until it returns something truthy."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.script(source)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.1)


@contextlib.contextmanager
def chromium() -> Iterator[WebDriver]:
    """A fresh headless Chromium (own profile folder) under chromedriver."""
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    port = _free_port()
    profile = tempfile.mkdtemp(prefix="shibumi-chromium-")
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver_url = f"http://127.0.0.1:{port}"
    session = None
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if WebDriver.call(driver_url + "/status", timeout=2)["ready"]:
                    break
            except (OSError, AssertionError):
                pass
            if time.monotonic() > deadline:
                raise AssertionError("chromedriver did not start")
            time.sleep(0.1)
        options = {"binary": CHROMIUM, "args": [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]}
        created = WebDriver.call(driver_url + "/session", "POST", {
            "capabilities": {"alwaysMatch": {"browserName": "chrome",
                                             "goog:chromeOptions": options}},
        })
        session = created["sessionId"]
        yield WebDriver(driver_url, session)
    finally:
        if session is not None:
            with contextlib.suppress(OSError, AssertionError):
                WebDriver.call(f"{driver_url}/session/{session}", "DELETE", timeout=10)
        driver.terminate()
        try:
            driver.wait(10)
        except subprocess.TimeoutExpired:
            driver.kill()
        shutil.rmtree(profile, ignore_errors=True)


PHONE = (390, 844)
"""The screen of the phone the site is checked on (CSS pixels)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[tuple[WebDriver, str]]:
    from tests.test_docs import built_site

    with serve(built_site()) as base, chromium() as driver:
        driver.resize(*PHONE)
        yield driver, base


RESULTS = """
return Array.from(document.querySelectorAll('.md-search-result__item > .md-search-result__link'))
    .map(a => a.getAttribute('href'));
"""

LANDED = """
const id = decodeURIComponent(location.hash.slice(1));
const el = document.getElementById(id);
if (!el) return null;
const top = el.getBoundingClientRect().top;
return {id: id, tag: el.tagName, text: el.textContent, top: top,
        height: window.innerHeight, path: location.pathname};
"""

OPEN_SEARCH = """
const toggle = document.getElementById('__search');
toggle.checked = true;
toggle.dispatchEvent(new Event('change'));
document.querySelector('input.md-search__input').focus();
"""


def _search(driver: WebDriver, base: str, query: str, start: str = "index.html") -> list[str]:
    """Results of the site's search for ``query`` as ``page.html#anchor``, as a phone
    user gets them: the search icon is tapped, the query typed."""
    driver.go(f"{base}/{start}")
    driver.wait("return document.querySelector('input.md-search__input') !== null", "search")
    driver.script(OPEN_SEARCH)
    driver.type(driver.find("input.md-search__input"), query)
    results: list[str] = driver.wait(RESULTS, f"search results for {query!r}")
    # the results of the last keystroke: wait until they stop changing
    deadline, same = time.monotonic() + 10, 0
    while same < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
        again = driver.script(RESULTS) or results
        same = same + 1 if again == results else 0
        results = again
    return [_site_path(href, base) for href in results]


def _site_path(href: str, base: str) -> str:
    """``page.html#anchor`` of a result: the site's address and the search's highlight
    query left out."""
    url = urllib.parse.urlsplit(urllib.parse.urljoin(base + "/", href))
    path = url.path.removeprefix(urllib.parse.urlsplit(base + "/").path)
    return path + (f"#{url.fragment}" if url.fragment else "")


def first_hit(results: list[str]) -> str:
    """The first hit: the page the search puts first, or its best section when it shows
    one (results come grouped by page, each group led by the page itself)."""
    top = results[0]
    if len(results) > 1 and "#" in results[1] and results[1].split("#")[0] == top.split("#")[0]:
        return results[1]
    return top


def _landed(driver: WebDriver) -> dict[str, Any]:
    # wait for the scroll to the anchor to settle
    landed: dict[str, Any] = driver.wait(LANDED, "the anchored element")
    for _ in range(20):
        time.sleep(0.05)
        again: dict[str, Any] = driver.script(LANDED)
        if again == landed:
            break
        landed = again
    return landed


def _assert_on_screen(landed: dict[str, Any], anchor: str, path: str) -> None:
    assert landed["id"] == anchor
    assert landed["path"].endswith(path), landed
    assert landed["tag"] in ("H2", "H3"), landed
    assert 0 <= landed["top"] < landed["height"] / 2, f"{anchor} is not in view: {landed}"


EVERYDAY_QUESTIONS = [
    ("how to play sploof", {"play/sploof.html"}),
    ("how to play splink", {"play/splink.html"}),
    ("pinned", {"shibumi.html#SHB-PIN-1"}),
    ("can I remove a ball that holds one up", {"arbiter.html#remove-holding-ball"}),
    # the search adds a wildcard to every word, so "a" also matches the title of the
    # arbiter's page, which opens on this very question's answer
    ("remove a red ball", {"sploof.html#SPF-REMOVE-1", "arbiter.html#remove-holding-ball",
                           "arbiter.html"}),
    ("hold up", {"arbiter.html#remove-holding-ball", "shibumi.html#SHB-PIN-1"}),
    ("support", {"shibumi.html#SHB-GRAVITY-1"}),
    ("zigzag", {"sploof.html#SPF-LINE-2", "rulings.html#SPF-RUL-5"}),
    ("zig-zag", {"sploof.html#SPF-LINE-2", "rulings.html#SPF-RUL-5"}),
    ("what drops", {"arbiter.html#what-drops", "shibumi.html#SHB-DROP-1"}),
    ("hidden ball", {"shibumi.html#SHB-HIDE-1", "arbiter.html#hidden-ball-line"}),
    ("bridge", {"arbiter.html#row-under-bridge", "shibumi.html#SHB-CROSS-1"}),
    ("both players get a line", {"arbiter.html#both-lines", "rulings.html#SPF-RUL-2"}),
    ("no legal move", {"arbiter.html#cannot-move", "sploof.html#SPF-END-1",
                       "rulings.html#SPF-RUL-3"}),
    ("score", {"arbiter.html#what-scores", "splink.html#SPK-SCORE-1"}),
    ("inner balls", {"rulings.html#SPK-RUL-9"}),
    ("bid", {"splink.html#SPK-BID-1"}),
    ("점수", {"ko/arbiter.html#what-scores", "ko/splink.html#SPK-SCORE-1"}),
]
"""Questions a player types, and the entries that answer them (a question the arbiter's
page answers may find the answer there or the rule itself)."""


def test_search_finds_the_rule_for_everyday_questions(
        browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    wrong = []
    for query, right in EVERYDAY_QUESTIONS:
        results = _search(driver, base, query)
        if first_hit(results) not in right:
            wrong.append(f"{query!r}: {first_hit(results)} (then {results[1:4]})")
    assert not wrong, "first hits: " + "; ".join(wrong)


def test_a_search_result_lands_on_its_rule(browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    _search(driver, base, "pinned")
    driver.click(driver.find('.md-search-result__item > a[href*="#SHB-PIN-1"]'))
    _assert_on_screen(_landed(driver), "SHB-PIN-1", "shibumi.html")


@pytest.mark.parametrize(("path", "anchor"), [
    ("sploof.html", "SPF-LINE-1"), ("sploof.html", "SPF-WIN-2"),
    ("splink.html", "SPK-SCORE-1"), ("rulings.html", "SPF-RUL-4"),
    ("arbiter.html", "both-lines"),
])
def test_an_anchor_link_lands_on_its_entry(browser: tuple[WebDriver, str], path: str,
                                           anchor: str) -> None:
    driver, base = browser
    driver.go(f"{base}/{path}#{anchor}")
    _assert_on_screen(_landed(driver), anchor, path)


SAMPLE_SHOWN = """
const section = document.getElementById('sample-game');
if (!section) return null;
const moves = Array.from(document.querySelectorAll('h3[id^="move-"]'));
const last = moves[moves.length - 1];
let node = last, img = null;
while (node && !img) { node = node.nextElementSibling;
                       img = node && node.querySelector && node.querySelector('img'); }
if (!img) return {moves: moves.length, loaded: false};
img.scrollIntoView();
return {moves: moves.length, loaded: img.complete && img.naturalWidth > 0,
        width: img.getBoundingClientRect().width, caption: node.textContent.trim()};
"""


def key_moments(definition: Any, guide: Any) -> list[Any]:
    """The key moments of a guide's sample game, as the site's generator picks them
    (each is a heading with a picture; every move is listed with its comment)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "hooks"))
    from gen_moments import moments
    from gen_play import sample_moves

    found: list[Any] = moments(definition, guide.sample.play().start,
                               sample_moves(definition, guide))
    return found


def test_each_how_to_play_page_shows_its_sample_game(browser: tuple[WebDriver, str]) -> None:
    from shibumi_rules.registry import definitions

    driver, base = browser
    guided = [b for b in definitions() if b.guide() is not None]
    assert guided
    for definition in guided:
        guide = definition.guide()
        assert guide is not None
        moments = key_moments(definition, guide)
        driver.go(f"{base}/play/{definition.name}.html")
        shown = driver.wait("""
            const r = (function () {""" + SAMPLE_SHOWN + """})();
            return r && r.loaded ? r : null;""", f"the last move of {definition.name}")
        assert shown["moves"] == len(moments), definition.name
        assert 300 <= shown["width"] <= PHONE[0], shown
        assert shown["caption"], f"{definition.name}: the last move has no comment"


def test_the_arbiter_page_answers_the_questions(browser: tuple[WebDriver, str]) -> None:
    from shibumi_rules.contract.content import Source, read_catalog
    from shibumi_rules.registry import definitions

    root = Path(__file__).resolve().parents[1]
    texts = read_catalog(Source(root / "docs" / "content", "docs/content"), "site")
    driver, base = browser
    driver.go(f"{base}/arbiter.html")
    for key in (q["key"] for q in texts.get("questions")):
        question = texts.text(f"questions.{key}.text")
        found = driver.script("""
            const h = document.getElementById(arguments[0]);
            if (!h) return null;
            const answers = [];
            let node = h.nextElementSibling;
            while (node && node.tagName !== 'H2') {
              if (node.tagName === 'H3') answers.push(node.id);
              node = node.nextElementSibling;
            }
            return {title: h.textContent, answers: answers};""", key)
        assert found and question.en in found["title"], key
        for definition in definitions():
            if definition.guide() is not None:
                assert f"{key}-{definition.name}" in found["answers"], key


def test_a_diagram_opens_full_size(browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    driver.go(f"{base}/play/splink.html")
    inline = driver.wait("""
        const img = document.querySelector('figure.shibumi-diagram img');
        if (!img || !img.complete) return null;
        img.scrollIntoView();
        return img.getBoundingClientRect().width;""", "a diagram")
    driver.click(driver.find("figure.shibumi-diagram a.diagram-zoom"))
    full = driver.wait("""
        const d = document.querySelector('dialog.diagram-full');
        if (!d || !d.open) return null;
        const img = d.querySelector('img');
        if (!img.complete || !img.naturalWidth) return null;
        return {width: img.getBoundingClientRect().width, url: location.pathname};""",
        "the full-size diagram")
    assert full["width"] > inline, (full, inline)
    assert full["url"].endswith("play/splink.html"), "the page was left"
    driver.click(driver.find("dialog.diagram-full"))
    driver.wait("return document.querySelector('dialog.diagram-full') === null",
                "the full-size diagram to close")


def test_the_korean_switch_lands_on_the_same_rule_in_korean(
        browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    driver.go(f"{base}/splink.html#SPK-SCORE-1")
    _landed(driver)
    driver.script("document.querySelector('.md-header__option .md-select').focus()")
    driver.click(driver.find(".md-header__option .md-select button"))
    link = driver.find('a.md-select__link[hreflang="ko"]')
    driver.wait("""const a = document.querySelector('a.md-select__link[hreflang="ko"]');
                   return a && a.offsetParent !== null;""", "the language menu")
    driver.click(link)
    landed = _landed(driver)
    _assert_on_screen(landed, "SPK-SCORE-1", "ko/splink.html")
    assert re.search(r"[\uac00-\ud7a3]", landed["text"]), landed["text"]
    assert driver.script("return document.documentElement.lang") == "ko"


def _pages() -> list[str]:
    """Every page of the site: all English pages and the Korean ones that differ."""
    from tests.test_docs import built_site

    site = built_site()
    english = sorted(p.relative_to(site).as_posix() for p in site.glob("**/*.html")
                     if not p.relative_to(site).as_posix().startswith(("ko/", "404")))
    korean = sorted(f"ko/{p}" for p in english
                    if (site / "ko" / p).is_file()
                    and (site / "ko" / p).read_bytes() != (site / p).read_bytes())
    return english + korean


def test_no_page_is_wider_than_the_phone(browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    pages = _pages()
    assert len(pages) > 40
    wide = []
    for path in pages:
        driver.go(f"{base}/{path}")
        width = driver.wait("""
            if (document.readyState !== 'complete') return null;
            return [document.documentElement.scrollWidth, window.innerWidth];""", path)
        if width[0] > width[1]:
            wide.append(f"{path} ({width[0]} > {width[1]})")
    assert not wide, "wider than the screen: " + ", ".join(wide)


def test_the_site_works_opened_from_disk(browser: tuple[WebDriver, str]) -> None:
    """From file://: a link of the navigation opens its page (not a folder listing), and
    the search answers."""
    from tests.test_docs import built_site

    driver, _ = browser
    base = built_site().as_uri()
    results = _search(driver, base, "pinned")
    assert first_hit(results) == "shibumi.html#SHB-PIN-1", results
    driver.go(f"{base}/index.html")
    driver.script("document.querySelector('a.md-nav__link[href=\"arbiter.html\"]').click()")
    driver.wait("return location.pathname.endsWith('/arbiter.html') && "
                "document.querySelector('h1') !== null", "the arbiter's page from disk")
