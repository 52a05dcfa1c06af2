"""The examples of docs/rl.md run, and print what the page says they print. Skipped
when the ``rl`` extra is not installed; CI installs it."""

from __future__ import annotations

import contextlib
import io
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="needs the rl extra (open-spiel)")
pytest.importorskip("pettingzoo", reason="needs the rl extra (pettingzoo)")

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rl.md"


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def shown_output(block: str) -> list[str]:
    """The comment lines right after a ``print`` line: what the page says it prints
    (up to a ``...``, where the page shortens it)."""
    lines = block.splitlines()
    shown = []
    for before, line in pairwise(lines):
        if before.startswith("print(") and line.startswith("# "):
            shown.append(line[2:].split("...")[0])
    return shown


def test_the_page_has_its_examples() -> None:
    assert len(examples()) == 2
    assert shown_output(examples()[0])


@pytest.mark.parametrize("number", range(2))
def test_each_example_runs_and_prints_what_the_page_shows(number: int) -> None:
    block = examples()[number]
    out = io.StringIO()
    namespace: dict[str, Any] = {"__name__": "rl_example"}
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"{PAGE.name} example {number + 1}", "exec"), namespace)
    printed = out.getvalue().splitlines()
    assert printed
    for expected in shown_output(block):
        assert any(line.startswith(expected) for line in printed), expected
