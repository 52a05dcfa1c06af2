"""Accessibility, in headless Chromium at 390x844: axe-core (the npm package pinned in
``web/package-lock.json``) finds no serious or critical violation of WCAG 2 A and AA on
the home page, a how-to-play page, a rules page, the arbiter's questions and the
arbiter's page (in English and in Korean).

Skipped without Chromium, or where ``npm ci --prefix web`` has not installed axe-core;
under CI a missing axe-core fails."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_arbiter_browser import FIRST_LOAD, _answered, site
from tests.test_arbiter_phone import PHONE, window_size
from tests.test_docs_browser import NEEDS_CHROMIUM, WebDriver, chromium, serve

pytestmark = [pytest.mark.slow, NEEDS_CHROMIUM]

__all__ = ["site"]

AXE = Path(__file__).resolve().parents[1] / "web" / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ("index.html", "play/sploof.html", "sploof.html", "arbiter.html",
         "arbiter/index.html", "ko/arbiter/index.html")
SEVERE = ("serious", "critical")

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 5).map(n => [n.target.join(' '), n.failureSummary])}))))
  .catch(e => done([{id: 'axe failed', impact: 'critical', nodes: [[String(e), '']]}]));
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        message = "axe-core is not installed: run `npm ci --prefix web`"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def phone(site: Path) -> Iterator[tuple[WebDriver, str]]:
    with serve(site) as base, chromium() as driver:
        window_size(driver, *PHONE)
        yield driver, base


def violations(driver: WebDriver, source: str) -> list[dict[str, Any]]:
    driver.script(source)
    body = {"script": RUN_AXE, "args": []}
    found: list[dict[str, Any]] = driver.call(driver.base + "/execute/async", "POST", body,
                                              timeout=300)
    return found


@pytest.mark.parametrize("page", PAGES)
def test_axe_finds_no_serious_violation(phone: tuple[WebDriver, str], axe_source: str,
                                        page: str) -> None:
    driver, base = phone
    driver.call(driver.base + "/timeouts", "POST", {"script": 300_000})
    driver.go(f"{base}/{page}")
    if page.endswith("arbiter/index.html"):
        _answered(driver, FIRST_LOAD)  # the board and the answer drawn
    severe = [v for v in violations(driver, axe_source) if v["impact"] in SEVERE]
    assert not severe, severe
