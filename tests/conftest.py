"""The slow group: tests that build the documentation site, drive a browser, run Z3, or
run whole conformance passes. ``pytest`` leaves them out (``-m "not slow"`` in
pyproject.toml) so the everyday suite stays quick; ``pytest -m slow`` runs them, and CI
runs both.

A test that takes the built site (the ``site`` fixture of ``tests/test_docs.py``) is in
the slow group without saying so: building the site is what makes it slow."""

from __future__ import annotations

import pytest

SITE_FIXTURE = "site"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SITE_FIXTURE in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
