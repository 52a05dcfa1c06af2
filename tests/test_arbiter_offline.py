"""The arbiter loads like an app, in headless Chromium: the board is drawn before the
engine is ready (and can be set up meanwhile), and after one visit, with the server
stopped, the page reloads and answers a question from its service worker's cache.

Skipped, like the other browser tests, without Chromium or without the Pyodide
runtime; under CI a missing runtime fails."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.test_arbiter import assert_same, cli_expected
from tests.test_arbiter_browser import FIRST_LOAD, _answered, site
from tests.test_arbiter_phone import PHONE, TARGETS, window_size
from tests.test_docs_browser import NEEDS_CHROMIUM, chromium, serve

pytestmark = [pytest.mark.slow, NEEDS_CHROMIUM]

__all__ = ["site"]

OFFLINE_READY = "return document.getElementById('arbiter').dataset.offline === 'ready'"


def test_the_board_comes_first_and_the_page_then_works_offline(site: Path) -> None:
    query = "?game=sploof&moves=1c3,1e3&ask=x1a1"
    with chromium() as driver:
        window_size(driver, *PHONE)
        with serve(site) as base:
            driver.go(f"{base}/arbiter/{query}")
            # drawn from the build's data while the engine loads: usable for setting up
            targets = driver.wait(TARGETS, "the board", 30)
            assert len(targets) == 25  # the top view's 25 cells
            first = _answered(driver, FIRST_LOAD)
            assert_same(first, cli_expected({"game": "sploof", "moves": "1c3,1e3",
                                             "ask": "x1a1"}))
            timings = driver.script("return window.arbiterTimings")
            ready_at = float(driver.script(
                "return document.getElementById('answer').dataset.readyAt"))
            assert timings["boardAt"] < timings["load"] <= ready_at, timings
            driver.wait(OFFLINE_READY, "the offline cache", 120)
            cached = driver.script("return window.arbiterTimings.offline")
            assert cached["pages"] > 0
            manifest = json.loads((site / "arbiter" / "manifest.webmanifest").read_text())
            assert manifest["start_url"] and manifest["icons"]
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(f"{base}/arbiter/", timeout=5)
        # the server is gone: a reload (and another question) comes from the cache
        driver.go(f"{base}/arbiter/?game=splink&ask=R1a1%2BW1c1")
        again = _answered(driver, FIRST_LOAD)
        assert_same(again, cli_expected({"game": "splink", "ask": "R1a1+W1c1"}))
        assert driver.script("return !!navigator.serviceWorker.controller")
