"""The known implementations (``implementations/NAME/``): each committed run record
agrees with its expectations and with the current vectors; the site's "Known
implementations" page shows what the records hold, and only that; and donkirkby's
adapter, run in its own virtual environment (``install.sh``; skipped without it),
declares what its README says, translates positions both ways without loss and answers
bad requests with the protocol's error kinds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.conformance.expectations import entry_key
from shibumi_rules.conformance.vectors import default_vector_files, index_hash
from shibumi_rules.registry import definitions

ROOT = Path(__file__).resolve().parents[1]
KNOWN = ROOT / "implementations"
FOLDERS = sorted(p.parent for p in KNOWN.glob("*/record.json"))
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")

import gen_known  # noqa: E402
from gen_common import esc  # noqa: E402

from .test_docs import built_site, page  # noqa: E402


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_implementation_folder_has_its_files() -> None:
    folders = sorted(p for p in KNOWN.iterdir() if p.is_dir())
    assert folders and folders == FOLDERS
    for folder in folders:
        for name in ("install.sh", "conform.sh", "expectations.json", "record.json",
                     "README.md"):
            assert (folder / name).is_file(), f"{folder.name}/{name}"


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_a_record_agrees_with_its_expectations_and_the_current_vectors(
        folder: Path) -> None:
    record, expected = _json(folder / "record.json"), _json(folder / "expectations.json")
    assert record["result"] == expected["result"]
    assert record["settings"] == expected["settings"]
    assert record["engine"]["name"] == expected["engine"]["name"]
    assert record["engine"]["version"] == expected["engine"]["version"]
    groups = {(game, g["category"], g["rule"], g["kind"]): g["reading"]
              for game, entry in record["games"].items() for g in entry["divergences"]}
    assert groups == {entry_key(e): e["reading"] for e in expected["expected"]}
    assert record["reference"]["vectors_content_hash"] == \
        index_hash(default_vector_files()), \
        f"{folder.name}: the vectors changed: rerun bash {folder.relative_to(ROOT)}/conform.sh"
    assert gen_known.stale(folder.name, record) == []
    assert set(record["games"]) <= {b.name for b in definitions()}


def test_a_stale_record_is_said_to_be_stale() -> None:
    folder, record = gen_known.records()[0]
    old = json.loads(json.dumps(record))
    old["reference"]["vectors_content_hash"] = "sha256:0"
    old["reference"]["spec_version"] = "0.0.1"
    old["games"]["chess"] = old["games"][next(iter(old["games"]))]
    said = " ".join(gen_known.stale(folder, old))
    assert "sha256:0" in said and "0.0.1" in said and "chess" in said
    assert f"rerun bash implementations/{folder}/conform.sh" in said


def test_the_page_shows_what_each_record_holds() -> None:
    found = gen_known.records()
    text = gen_known.page(found)
    for folder, record in found:
        assert record["engine"]["version"] in text
        assert record["command"] in text and record["made"]["date"] in text
        assert f"bash implementations/{folder}/install.sh" in text
        for game, entry in record["games"].items():
            title = next(b.title for b in definitions() if b.name == game)
            row = next(line for line in text.splitlines()
                       if line.startswith(f"| {title} |"))
            assert f"**{entry['result']}**" in row and f"{entry['positions']:,}" in row
            section = text.split(f"{{#{folder}-{game}}}", 1)[1].split("\n### ", 1)[0]
            for group in entry["divergences"]:
                assert group["rule"] in section and esc(group["reading"]) in section
                assert f"actual:   {gen_known.shown(group['example']['actual'])}" in section
            for ruling in entry["rulings"]:
                assert ruling["ruling"] in section
        for game in {b.name for b in definitions()} - set(record["games"]):
            title = next(b.title for b in definitions() if b.name == game)
            assert f"| {title} | not played |" in text


def test_the_sploof_row_shows_the_simultaneous_lines_reading_of_donkirkby() -> None:
    """The package gives Black the game when one move makes both players a line: its
    declaration says so and a vector shows it."""
    record = _json(KNOWN / "donkirkby" / "record.json")
    sploof = record["games"]["sploof"]
    ruling = next(r for r in sploof["rulings"] if r["ruling"] == "SPF-RUL-2")
    assert "Black wins" in ruling["deviation"] and ruling["vectors_failed"] >= 1
    group = next(g for g in sploof["divergences"] if g["rule"] == "SPF-RUL-2")
    assert group["category"] == "deviation"
    assert group["example"]["actual"]["winner"] == "black" != \
        group["example"]["expected"]["winner"]
    text = gen_known.page(gen_known.records())
    section = text.split("{#donkirkby-sploof}", 1)[1]
    assert "its own reading: when one move gives both players a line, Black wins" in section


def test_the_korean_page_says_in_korean_that_it_is_english() -> None:
    notice = gen_known.korean_notice()
    assert "영어" in notice and "번역" in notice
    text = gen_known.page(gen_known.records(), notice)
    assert text.index("# Known implementations") < text.index(notice) \
        < text.index("## Results")


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def test_the_page_is_built_in_both_languages(site: Path) -> None:
    built = page(site, "known-implementations")
    assert "Known implementations" in built.words and "DIVERGENT" in built.words
    korean = page(site, "ko/known-implementations")
    assert "영어로만" in korean.words and "DIVERGENT" in korean.words
    nav = (site / "ko" / "implementers.html").read_text(encoding="utf-8")
    assert "알려진 구현" in nav


# -- donkirkby's adapter, in its own environment ---------------------------------------

DONKIRKBY = KNOWN / "donkirkby"
PYTHON = DONKIRKBY / ".venv" / "bin" / "python"
needs_package = pytest.mark.skipif(
    not PYTHON.exists(), reason="run bash implementations/donkirkby/install.sh first")


def _adapter(requests: list[Any]) -> list[dict[str, Any]]:
    lines = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    done = subprocess.run([str(PYTHON), str(DONKIRKBY / "engine.py")], input=lines,
                          capture_output=True, text=True, timeout=120, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def _vectors(game: str) -> list[dict[str, Any]]:
    return [v for f in default_vector_files() for line in f.read_text().splitlines()
            if (v := json.loads(line)).get("game") == game and "moves" in v]


@needs_package
def test_the_adapter_declares_what_its_readme_says() -> None:
    [reply] = _adapter([{"id": 1, "type": "identify", "protocol": 1}])
    assert reply["ok"] and reply["version"] == "shibumi 0.5.0, zero-play 0.5.0"
    sploof, spline = reply["games"]["sploof"], reply["games"]["spline"]
    assert sploof["options"]["supply"]["values"] == ["unlimited"]
    assert sploof["first"] == ["white"] and spline["first"] == ["black"]
    assert [d["ruling"] for d in sploof["deviations"]] == ["SPF-RUL-2"]
    assert "deviations" not in spline and spline["options"] == {}
    readme = (DONKIRKBY / "README.md").read_text(encoding="utf-8")
    for name, value in sploof["options"].items():
        assert f"`{name}={value['values'][0]}`" in readme


def _without_options(notation: str) -> str:
    return " ".join(f for f in notation.split() if "=" not in f)


@needs_package
def test_the_adapter_reads_and_writes_every_position_it_plays_unchanged() -> None:
    """Every vector position under the options it plays, and every position one move
    on, comes back from the package as it was sent (the package's moves agree with the
    reference's there: the harness says so)."""
    requests: list[Any] = []
    wanted: list[str] = []
    for game, keep in (("sploof", lambda v: v["options"].get("supply") == "unlimited"
                        and v["options"].get("simultaneous") == "mover"
                        and v["options"].get("stuck") == "lose"
                        and v["options"].get("blocking") == "two"
                        and v["options"].get("lines_checked") == "both"),
                       ("spline", lambda v: v["source"].get("first") == "black")):
        for vector in filter(keep, _vectors(game)):
            for move, result in vector["results"].items():
                requests.append({"id": len(requests) + 1, "type": "play", "game": game,
                                 "options": vector["options"],
                                 "position": {"notation": vector["position"]},
                                 "move": move})
                wanted.append(_without_options(result["position"]))
    assert len(requests) > 50
    answers = _adapter(requests)
    assert [a.get("position") for a in answers] == wanted


@needs_package
def test_the_adapter_answers_bad_requests_with_the_protocol_error_kinds() -> None:
    start = "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:-,-,4"
    sploof = {"game": "sploof", "options": {"supply": "unlimited"}}
    answers = _adapter([
        "not json",
        {"id": 1, "type": "moves", **sploof, "position": {"notation": "RRRR white"}},
        {"id": 2, "type": "play", **sploof, "position": {"notation": start}, "move": "2b2"},
        {"id": 3, "type": "moves", "game": "sploof", "options": {"supply": "limited"},
         "position": {"notation": start}},
        {"id": 4, "type": "moves", "game": "spline", "options": {},
         "position": {"notation": "....,....,....,..../...,...,.../..,../. white"}},
        {"id": 5, "type": "moves", "game": "splink", "options": {},
         "position": {"notation": start}},
        {"id": 6, "type": "moves", **sploof, "position": {"moves": []}},
    ])
    kinds = [(a["id"], a["error"]["kind"]) for a in answers]
    assert kinds == [(None, "request"), (1, "notation"), (2, "illegal-move"),
                     (3, "unsupported"), (4, "unsupported"), (5, "unsupported"),
                     (6, "unsupported")]
    assert all("\n" not in a["error"]["message"] for a in answers)


@needs_package
def test_every_game_the_package_shares_with_the_registry_is_adapted_and_recorded() -> None:
    """A game added to the registry that the package also plays (it has a
    ``shibumi/<game>/`` folder) needs its adapter module and its row in the record."""
    found = subprocess.run(
        [str(PYTHON), "-c", "import pathlib, shibumi; "
         "print(pathlib.Path(shibumi.__file__).parent)"],
        capture_output=True, text=True, check=True).stdout.strip()
    package = Path(found)
    shared = {b.name for b in definitions() if (package / b.name).is_dir()}
    assert {"sploof", "spline"} <= shared
    [reply] = _adapter([{"id": 1, "type": "identify", "protocol": 1}])
    assert set(reply["games"]) == shared
    assert set(_json(DONKIRKBY / "record.json")["games"]) == shared
