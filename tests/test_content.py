"""Content as data (``shibumi_rules.contract.content``, ``shibumi-rules content``): the
texts live in JSON files, not in Python; a translation is shown only while it is of the
current English, and ``content --check`` names every one that is not; ``--write``
records the fingerprints of the translations that were edited, and only those.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules.cli import main
from shibumi_rules.content_check import run
from shibumi_rules.contract.content import (
    Catalog,
    ContentError,
    Source,
    canonical,
    fingerprint,
    read_catalog,
    read_entries,
    text_paths,
)
from shibumi_rules.contract.guide import GameRecord, Guide, Picture, Text, View
from shibumi_rules.contract.guide_reader import read_guide
from shibumi_rules.contract.korean import particle
from shibumi_rules.registry import definitions

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "shibumi_rules"
GAMES = PACKAGE / "games"
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7a3\ud7b0-\ud7ff]")
"""Hangul: syllables and jamo (the letters of a syllable, as the grammar helper needs)."""
GRAMMAR_HELPER = PACKAGE / "contract" / "korean.py"


def test_no_module_of_the_package_holds_korean_but_the_grammar_helper() -> None:
    """Prose and translations are data: Hangul in a ``.py`` file of the package is
    allowed only in the helper that hears the last sound of a word for its particle."""
    found = {str(path.relative_to(ROOT)): sum(1 for line in path.read_text("utf-8")
                                               .splitlines() if HANGUL.search(line))
             for path in sorted(PACKAGE.rglob("*.py")) if path != GRAMMAR_HELPER}
    assert {path: n for path, n in found.items() if n} == {}
    assert HANGUL.search(GRAMMAR_HELPER.read_text("utf-8")), "the test would see Hangul"


def test_no_site_generator_holds_korean() -> None:
    """The site's generators write their words in English; the translations are in
    ``docs/content``."""
    hooks = sorted((ROOT / "docs" / "hooks").glob("*.py"))
    assert hooks
    assert [str(p.relative_to(ROOT)) for p in hooks if HANGUL.search(p.read_text("utf-8"))] == []


CORE = {"board", "svg", "geometry", "notation", "verdict", "errors"}


def test_the_guide_contract_imports_only_the_core() -> None:
    """The guide types and their reader are part of the contract layer: they import the
    standard library, the core modules and each other, nothing above."""
    for path in sorted((PACKAGE / "contract").glob("*.py")):
        if path.name not in {"guide.py", "content.py", "guide_reader.py", "korean.py"}:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                module = (node.module or "").split(".")[0]
                allowed = CORE if node.level == 2 else {"guide", "content", "korean"}
                assert module in allowed, (path.name, node.level, node.module)


def test_content_check_passes_and_says_what_it_checked(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    files = sorted(GAMES.glob("*/content/*.json")) + sorted((ROOT / "docs" / "content")
                                                           .glob("*.json"))
    assert main(["content", "--check"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"content --check: (\d+) files, (\d+) translations", out)
    assert found and int(found.group(1)) == len(files) and int(found.group(2)) > 300, out


def test_every_game_s_content_ships_as_package_data() -> None:
    """``importlib.resources`` finds the files (so they load from a wheel and in the
    browser), and the packaging declares them."""
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert '"games/*/content/*.json"' in pyproject
    from importlib import resources

    for definition in definitions():
        if definition.guide() is not None:
            package = type(definition.rules()).__module__.rpartition(".")[0]
            assert (resources.files(package) / "content" / "guide.en.json").is_file()


# -- a copy of a game's content, changed ------------------------------------------------

@pytest.fixture
def sploof(tmp_path: Path) -> Source:
    folder = tmp_path / "content"
    shutil.copytree(GAMES / "sploof" / "content", folder)
    return Source(folder, "sploof-copy")


def _edit(source: Source, name: str, change: Callable[[Any], object]) -> None:
    path = Path(str(source.file(name)))
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(canonical(data), encoding="utf-8")


def _problems(source: Source, scope: str = "sploof", write: bool = False,
              accept: tuple[str, ...] = ()) -> list[str]:
    return run([(scope, source)], write, accept).problems


def test_a_copy_checks_clean(sploof: Source) -> None:
    report = run([("sploof", sploof)])
    # guide.en.json with its translation, and the translation of the rules
    assert report.problems == [] and report.files == 3 and report.texts > 50


def test_a_changed_english_shows_english_and_fails_the_check_naming_the_text(
        sploof: Source) -> None:
    before = read_catalog(sploof, "guide").text("lead")
    assert before.ko
    _edit(sploof, "guide.en.json", lambda d: d.update(lead=d["lead"] + " Enjoy."))
    catalog = read_catalog(sploof, "guide")
    assert catalog.text("lead") == Text(before.en + " Enjoy.", None)
    assert catalog.stale == ("ko:lead",)
    problems = _problems(sploof)
    assert len(problems) == 1
    assert problems[0].startswith("sploof/guide.ko.json:lead: the English changed")
    assert fingerprint(before.en + " Enjoy.") in problems[0]
    # --write does not mark it translated: nobody edited the translation
    assert _problems(sploof, write=True) == problems
    # once the translation is edited, --write records it
    _edit(sploof, "guide.ko.json",
          lambda d: d["texts"]["lead"].update(text=d["texts"]["lead"]["text"] + " 즐기세요."))
    assert _problems(sploof)[0].startswith("sploof/guide.ko.json:lead: edited since")
    assert _problems(sploof, write=True) == []
    assert _problems(sploof) == []
    assert read_catalog(sploof, "guide").text("lead").ko == before.ko + " 즐기세요."


def test_an_english_change_that_leaves_the_translation_true_is_accepted(
        sploof: Source) -> None:
    _edit(sploof, "guide.en.json", lambda d: d.update(title="Sploof!"))
    assert _problems(sploof)
    assert _problems(sploof, write=True, accept=("sploof/guide.ko.json:title",)) == []
    assert read_catalog(sploof, "guide").text("title") == Text("Sploof!", "스플루프")
    with pytest.raises(Exception, match="no such translation"):
        run([("sploof", sploof)], True, ["sploof/guide.ko.json:nothing"])


def test_a_translation_of_a_text_that_is_gone_is_named(sploof: Source) -> None:
    # the document's last text, so that the translations keep their canonical order
    _edit(sploof, "guide.en.json", lambda d: d["position_labels"].pop("supply"))
    assert _problems(sploof) == ["sploof/guide.ko.json:position_labels.supply: translates a "
                                 "text the English no longer has"]


def test_a_translation_must_keep_the_fields_of_its_english(sploof: Source) -> None:
    _edit(sploof, "guide.ko.json", lambda d: d["texts"]["comments.remove"].update(
        text="{who:players}이 빨간 공을 빼고 공 두 개를 비축분에 채웁니다"))
    problems = _problems(sploof, write=True)
    assert problems == ["sploof/guide.ko.json:comments.remove: its {fields} differ from "
                        "the English's"]


def test_a_file_not_written_as_write_writes_it_is_named_and_rewritten(sploof: Source) -> None:
    path = Path(str(sploof.file("guide.en.json")))
    path.write_text(json.dumps(json.loads(path.read_text("utf-8")), indent=4), "utf-8")
    assert _problems(sploof) == ["sploof-copy/guide.en.json: not written as `content "
                                 "--write` writes it (run it to rewrite the file)"]
    report = run([("sploof", sploof)], True)
    assert report.problems == [] and report.written == ["sploof-copy/guide.en.json"]
    assert _problems(sploof) == []


def test_a_rule_translation_is_held_to_the_spec_s_english(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(GAMES / "splink" / "content", folder)
    source = Source(folder, "splink-copy")
    assert _problems(source, "splink") == []
    _edit(source, "rules.ko.json",
          lambda d: d["entries"]["SPK-RUL-8"].update(source="000000000000"))
    problems = _problems(source, "splink")
    assert len(problems) == 1 and problems[0].startswith(
        "splink/rules.ko.json:SPK-RUL-8: the English changed since it was translated")
    _edit(source, "rules.ko.json",
          lambda d: d["entries"]["SPK-RUL-8"]["alternatives"].pop())
    assert any("1 alternatives translated, the English has 2" in p
               for p in _problems(source, "splink", write=True))
    assert _problems(source, "sploof") != []  # the entries are no rules of sploof


# -- reading ---------------------------------------------------------------------------

def test_a_broken_file_is_one_line_naming_the_file_and_place(sploof: Source) -> None:
    path = Path(str(sploof.file("guide.ko.json")))
    path.write_text('{"texts": {"lead": {"text": "x",}}}', "utf-8")
    with pytest.raises(ContentError, match=r"^sploof-copy/guide.ko.json: not valid JSON: "
                                           r".* at line 1 column \d+$"):
        read_catalog(sploof, "guide")
    path.write_text('{"texts": {"lead": "x"}}', "utf-8")
    with pytest.raises(ContentError, match="lead: expected an object with 'text'"):
        read_catalog(sploof, "guide")
    path.unlink()
    assert read_catalog(sploof, "guide").text("lead").ko is None
    with pytest.raises(ContentError, match=r"^sploof-copy/guide\.en\.json: content file "
                                           r"not found$"):
        read_catalog(Source(sploof.folder / "missing", "sploof-copy"), "guide")


def test_the_command_line_refuses_a_broken_file_in_one_line(
        sploof: Source, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import shibumi_rules.content_check as check

    Path(str(sploof.file("guide.en.json"))).write_text("[", "utf-8")
    monkeypatch.setattr(check, "sources", lambda games: [("sploof", sploof)])
    assert main(["content", "--check"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: sploof-copy/guide.en.json: not valid JSON") and \
        err.count("\n") == 1
    assert main(["content", "--check", "--accept", "x"]) == 1
    assert "--accept goes with --write" in capsys.readouterr().err


def _guide_catalog(document: dict[str, object]) -> Catalog:
    base: dict[str, object] = {"lead": "A game.", "sections": [], "sample": {
        "intro": "Seed {seed}.", "close": "Done."}}
    return Catalog("test.en.json", {**base, **document}, {})


def _read(catalog: Catalog, pictures: tuple[Callable[[], Picture], ...] = ()) -> Guide:
    return read_guide(catalog, play=lambda: GameRecord("", ()), comment=lambda a: Text(""),
                      ends="line", pictures=pictures, values={"seed": 1})


def test_a_guide_places_every_picture_it_draws_and_draws_every_one_it_places() -> None:
    from shibumi_rules.board import Board

    def drawn() -> Picture:
        return Picture("p", Text("a picture"), (View(Board()),))

    placed = _guide_catalog({"sections": [
        {"key": "aim", "title": "The aim", "blocks": ["Words.", {"picture": "p"}]}]})
    guide = _read(placed, pictures=(drawn,))
    assert guide.sections[0].blocks == (Text("Words."), drawn())
    assert guide.sample.intro == Text("Seed 1.")
    with pytest.raises(ContentError, match="no picture called p is drawn"):
        _read(placed)
    with pytest.raises(ContentError, match="pictures drawn but not placed in a section: p"):
        _read(_guide_catalog({}), pictures=(drawn,))
    with pytest.raises(ContentError, match=r"sections: key must be a string"):
        _read(_guide_catalog({"sections": [{"title": "x", "blocks": []}]}))
    with pytest.raises(ContentError, match=r"answers.q: legal must be true or false"):
        _read(_guide_catalog({"answers": [{"question": "q", "text": "t", "rules": [],
                                           "legal": "no"}]}))


def test_paths_name_list_items_by_their_key() -> None:
    document = {"a": "x", "sections": [{"key": "aim", "title": "T", "blocks": ["p", {
        "picture": "n"}, "q"]}], "answers": [{"question": "k", "text": "t", "rules": ["R"],
                                              "position": "not a text"}]}
    assert list(text_paths(document)) == [
        ("a", "x"), ("sections.aim.title", "T"), ("sections.aim.blocks.0", "p"),
        ("sections.aim.blocks.2", "q"), ("answers.k.text", "t")]
    with pytest.raises(ContentError, match="two items are called 'aim'"):
        list(text_paths({"s": [{"key": "aim"}, {"key": "aim"}]}))
    with pytest.raises(ContentError, match="has a dot"):
        list(text_paths({"a.b": "x"}))


# -- templates -------------------------------------------------------------------------

def _catalog(english: dict[str, object], korean: dict[str, str]) -> Catalog:
    from shibumi_rules.contract.content import Unit

    paths = dict(text_paths(english))
    units = {path: Unit(text, fingerprint(paths[path]), None) for path, text in korean.items()}
    return Catalog("test.en.json", english, {"ko": units})


def test_a_template_fills_values_words_and_particles() -> None:
    catalog = _catalog(
        {"move": "{who:players} moves to {to}.", "words": {"players": {"white": "White"}}},
        {"move": "{who:players|이/가} {to|으로/로} 둡니다.", "words.players.white": "백"})
    assert catalog.fill("move", who="white", to="1g3") == Text("White moves to 1g3.",
                                                              "백이 1g3으로 둡니다.")
    assert catalog.fill("move", who="white", to="1g7").ko == "백이 1g7로 둡니다."
    with pytest.raises(ContentError, match=r"move \(en\) names \{to\}, which is not given"):
        catalog.fill("move", who="white")


def test_a_text_falls_back_to_english_when_a_template_or_word_is_untranslated() -> None:
    catalog = _catalog({"a": "{who:players} wins", "b": "{{literal}}",
                        "words": {"players": {"white": "White", "black": "Black"}}},
                       {"a": "{who:players}의 승리", "words.players.white": "백"})
    assert catalog.fill("a", who="white") == Text("White wins", "백의 승리")
    assert catalog.fill("a", who="black") == Text("Black wins", None)
    assert catalog.fill("b") == Text("{literal}", None)
    assert catalog.compose(lambda say: say("a", who="white") + say("b")) == Text(
        "White wins{literal}", None)


@given(st.text().filter(lambda s: "{" not in s and "}" not in s))
def test_a_text_without_fields_fills_to_itself(text: str) -> None:
    assert _catalog({"t": text}, {"t": text}).fill("t") == Text(text, text)


@pytest.mark.parametrize(("word", "expected"), [("1g3", "1g3으로"), ("1g7", "1g7로"),
                                                ("2b2", "2b2로"), ("서울", "서울로"),
                                                ("1층", "1층으로")])
def test_the_particle_follows_the_last_sound(word: str, expected: str) -> None:
    assert particle(word, "으로", "로") == expected


def test_the_games_rule_translations_read_as_entries() -> None:
    for path in sorted(GAMES.glob("*/content/rules.*.json")):
        entries = read_entries(Source(path.parent, "x"), path.name)
        assert entries and all(e.source and e.title for e in entries.values())
