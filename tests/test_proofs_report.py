"""The Proofs page shows every claim's method and count and never a time, and the
report published beside it holds no time either, so the built site is the same on
every machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

REPORT = {"format": "shibumi-proofs/2", "all_passed": True, "theorems": [
    {"name": "a-z3-claim", "rules": ["SHB-PIN-1"], "statement": "A statement long enough.",
     "method": "z3", "cases": None, "status": "proved", "summary": "proved",
     "counterexample": None, "facts": {}, "seconds": 1.234},
    {"name": "an-exhaustive-claim", "rules": ["SHB-PLACE-1"], "statement": "Another one.",
     "method": "exhaustive", "cases": 141120, "status": "proved", "summary": "equal",
     "counterexample": None, "facts": {}, "seconds": 0.5},
    {"name": "a-sampled-claim", "rules": ["SPF-WIN-1"], "statement": "A third one.",
     "method": "sampling", "cases": 194, "status": "sampled", "summary": "no difference",
     "counterexample": None, "facts": {}, "seconds": 4.25}]}


def _hook(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "hooks"))
    import gen_proofs

    monkeypatch.setenv(gen_proofs.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(gen_proofs, "REPORT", tmp_path / "no-committed-report.json")
    return gen_proofs


def test_the_page_shows_method_and_count_and_no_time(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    gen_proofs = _hook(monkeypatch, tmp_path)
    from gen_common import CommandRun, Site

    monkeypatch.setattr(gen_proofs, "run_cli", lambda argv: CommandRun(
        tuple(argv), None, json.dumps(REPORT), "", 0))
    site = Site()
    gen_proofs.generate(site)
    page = site.pages["proofs.md"]
    assert "| Z3 proof |" in page
    assert "| exhaustive enumeration, 141,120 cases |" in page
    assert "| sampling, 194 examples | no difference found |" in page
    assert "3 of 3 claims passed (1 proved with Z3, 1 checked exhaustively, 1 sampled)" in page
    assert "**Method:** exhaustive enumeration, 141,120 cases." in page
    for seconds in ("1.234", "0.5 ", "4.25"):
        assert seconds not in page
    published = json.loads(site.assets["proofs/report.json"])
    assert all("seconds" not in claim for claim in published["theorems"])
    assert [c["cases"] for c in published["theorems"]] == [None, 141120, 194]


def test_a_report_without_methods_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "hooks"))
    import gen_proofs

    assert gen_proofs.method({"name": "old"}) == "not stated"
    assert gen_proofs.method({"method": "z3", "cases": None}) == "Z3 proof"
    assert gen_proofs.method({"method": "sampling", "cases": 12}) == "sampling, 12 examples"
