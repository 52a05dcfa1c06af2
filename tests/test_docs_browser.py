"""The documentation site in a real browser: headless Chromium, driven through
chromedriver's W3C WebDriver HTTP API (spoken with urllib, no extra dependency),
searches the served site and follows rule links.

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

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="the browser test needs Chromium and chromedriver "
           "(apt-get install chromium chromium-driver)",
)

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


@pytest.fixture(scope="module")
def browser() -> Iterator[tuple[WebDriver, str]]:
    from tests.test_docs import built_site

    with serve(built_site()) as base, chromium() as driver:
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


def _search(driver: WebDriver, base: str, query: str) -> list[str]:
    driver.go(base + "/")
    box = driver.find("input.md-search__input")
    driver.click(box)
    driver.type(box, query)
    results: list[str] = driver.wait(RESULTS, f"search results for {query!r}")
    return results


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


def _assert_on_screen(landed: dict[str, Any], rule_id: str, path: str) -> None:
    assert landed["id"] == rule_id
    assert landed["path"].rstrip("/").endswith(path), landed
    assert landed["tag"] in ("H2", "H3"), landed
    assert rule_id in landed["text"], landed
    assert 0 <= landed["top"] < landed["height"] / 3, f"{rule_id} is not at the top: {landed}"


RULE_ID = re.compile(r"^(?:SHB|SPF|SPK)-[A-Z]+-\d+$")


def _rule_entries(results: list[str]) -> list[str]:
    """The results that lead to a rule or ruling entry, as ``page/#ID`` (the search's
    highlight query is left out)."""
    entries = []
    for href in results:
        url = urllib.parse.urlsplit(href)
        if RULE_ID.match(url.fragment):
            entries.append(f"{url.path.strip('/')}/#{url.fragment}")
    return entries


@pytest.mark.parametrize(("query", "entry", "rank"), [
    ("pinned", "shibumi/#SHB-PIN-1", 1),
    ("crossed", "shibumi/#SHB-CROSS-1", 3),
])
def test_search_leads_to_the_rule_entry(browser: tuple[WebDriver, str], query: str,
                                        entry: str, rank: int) -> None:
    """The rule that defines the word is among the first ``rank`` rule entries found,
    and following that result lands on the rule."""
    driver, base = browser
    entries = _rule_entries(_search(driver, base, query))
    assert entry in entries[:rank], f"{query!r} finds the rule entries {entries}"
    rule_id = entry.split("#")[1]
    driver.click(driver.find(f'.md-search-result__item > a[href$="#{rule_id}"]'))
    _assert_on_screen(_landed(driver), rule_id, "/" + entry.split("/")[0])


def test_search_for_crossed_finds_the_sploof_line_rules(
        browser: tuple[WebDriver, str]) -> None:
    driver, base = browser
    entries = _rule_entries(_search(driver, base, "crossed"))
    assert "sploof/#SPF-LINE-1" in entries, entries


@pytest.mark.parametrize(("path", "rule_id"), [
    ("/sploof", "SPF-LINE-1"),
    ("/sploof", "SPF-WIN-2"),
    ("/splink", "SPK-SCORE-1"),
    ("/rulings", "SPF-RUL-4"),
])
def test_rule_anchor_link_lands_on_its_rule(browser: tuple[WebDriver, str], path: str,
                                            rule_id: str) -> None:
    driver, base = browser
    driver.go(f"{base}{path}/#{rule_id}")
    _assert_on_screen(_landed(driver), rule_id, path)
