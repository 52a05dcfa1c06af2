"""The specification files: valid against their schemas, complete, consistent with the
engine, and read correctly by ``shibumi_rules.spec``."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from shibumi_rules import spec
from shibumi_rules.registry import game_names, get_game

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
ID_RE = re.compile(r"\b[A-Z]{3}-[A-Z]+-\d+\b")
KNOWN_IMPLEMENTATIONS = {"donkirkby/shibumi-games", "AbstractPlay/gameslib",
                         "Ludii (work-in-progress fork)"}


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _ids_in(folder: Path, pattern: str = "*.py") -> set[str]:
    found: set[str] = set()
    for path in folder.rglob(pattern):
        found.update(ID_RE.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("schema", sorted((SPEC / "schema").glob("*.schema.json")),
                         ids=lambda p: p.name)
def test_every_schema_is_a_valid_json_schema(schema: Path) -> None:
    Draft202012Validator.check_schema(_json(schema))


@pytest.mark.parametrize("name", ["rules", "rulings", "translations", "games"])
def test_rules_and_rulings_validate_against_their_schema(name: str) -> None:
    validator = Draft202012Validator(_json(SPEC / "schema" / f"{name}.schema.json"))
    errors = [f"{list(e.path)}: {e.message}"
              for e in validator.iter_errors(_json(SPEC / f"{name}.json"))]
    assert errors == []


def test_the_schema_rejects_a_rule_without_sources() -> None:
    doc = _json(SPEC / "rules.json")
    doc["rules"][0]["sources"] = []
    validator = Draft202012Validator(_json(SPEC / "schema" / "rules.schema.json"))
    assert not validator.is_valid(doc)


def _ruling_doc(ruling_id: str) -> tuple[Any, dict[str, Any]]:
    doc = _json(SPEC / "rulings.json")
    return doc, next(r for r in doc["rulings"] if r["id"] == ruling_id)


def test_the_schema_rejects_a_clarification_with_an_option_or_a_ruling_without_kind() -> None:
    validator = Draft202012Validator(_json(SPEC / "schema" / "rulings.schema.json"))
    doc, clarification = _ruling_doc("SPK-RUL-1")
    assert clarification["kind"] == "clarification" and validator.is_valid(doc)
    clarification["option"] = {"name": "order", "default": "sequential"}
    assert not validator.is_valid(doc)
    doc, clarification = _ruling_doc("SPK-RUL-1")
    clarification["alternatives"][0]["option_value"] = "sequential"
    assert not validator.is_valid(doc)
    doc, ruling = _ruling_doc("SPF-RUL-1")
    del ruling["kind"]
    assert not validator.is_valid(doc)
    doc, ruling = _ruling_doc("SPF-RUL-1")
    for alternative in ruling["alternatives"][1:]:
        alternative["option_value"] = None
    assert not validator.is_valid(doc), "a ruling with an option must offer two values"


def test_the_schema_rejects_a_translation_difference_without_its_adopted_reading() -> None:
    doc = _json(SPEC / "translations.json")
    validator = Draft202012Validator(_json(SPEC / "schema" / "translations.schema.json"))
    assert validator.is_valid(doc)
    del doc["translations"][0]["differences"][0]["adopted"]
    assert not validator.is_valid(doc)


def test_every_id_the_engine_raises_or_cites_is_in_the_spec() -> None:
    cited = _ids_in(ROOT / "shibumi_rules") | _ids_in(ROOT / "proofs")
    assert sorted(cited - set(spec.current().ids())) == []


def test_every_id_the_docs_cite_is_in_the_spec() -> None:
    """The hand-written pages and the page generators (a figure keyed by a mistyped ID
    would never be drawn)."""
    cited = _ids_in(ROOT / "docs") | _ids_in(ROOT / "docs", "*.md") | \
        _ids_in(ROOT / "spec", "README.md")
    cited.update(ID_RE.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    assert sorted(cited - set(spec.current().ids())) == []


def test_every_rule_and_ruling_is_cited_by_code_or_tests() -> None:
    cited = _ids_in(ROOT / "shibumi_rules") | _ids_in(ROOT / "proofs") | _ids_in(ROOT / "tests")
    assert [i for i in spec.current().ids() if i not in cited] == []


def _resolve(module: str, name: str) -> object:
    obj: object = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def test_implemented_by_names_real_code() -> None:
    for entry in spec.current():
        assert entry.implemented_by, entry.id
        for ref in entry.implemented_by:
            assert _resolve(ref.module, ref.function) is not None, ref.qualified


def test_every_option_of_every_game_has_a_ruling_with_matching_alternatives() -> None:
    s = spec.current()
    for name in game_names():
        for option in get_game(name).options:
            ruling = s.ruling_for_option(spec.scope_of(option.ruling), option.name)
            assert ruling.id == option.ruling and ruling.scope == name
            assert ruling.option is not None and ruling.option.default == option.default
            values = {a.option_value for a in ruling.alternatives if a.option_value}
            allowed = set(option.values) if option.values is not None else {"none", "N"}
            assert values == allowed, ruling.id
            assert ruling.adopted.option_value == option.default


def test_sploof_rulings_say_what_each_known_implementation_does() -> None:
    for ruling in spec.current().rulings.values():
        names = {i.name for i in ruling.implementations}
        if ruling.scope == "sploof":
            assert names == KNOWN_IMPLEMENTATIONS, ruling.id
        else:
            assert ruling.implementations_note, ruling.id


def test_the_ids_of_the_shared_list_are_all_defined() -> None:
    s = spec.current()
    assert len([i for i in s.rules if i.startswith("SHB-")]) == 10
    assert len([i for i in s.rules if i.startswith("SPF-")]) == 11
    assert len([i for i in s.rules if i.startswith("SPK-")]) == 8
    assert [i for i in s.rulings if i.startswith("SPF-")] == [f"SPF-RUL-{n}" for n in range(1, 9)]
    assert [i for i in s.rulings if i.startswith("SPK-")] == [f"SPK-RUL-{n}" for n in range(1, 14)]


def test_statements_refer_only_to_defined_ids() -> None:
    s = spec.current()
    for entry in s:
        texts = [entry.title] + ([entry.statement] if isinstance(entry, spec.Rule) else
                                 [entry.question, entry.decision, entry.rationale])
        for text in texts:
            for ref in spec.cited_ids(text):
                assert ref in s, f"{entry.id} mentions unknown {ref}"
    for translation in s.translations:
        for d in translation.differences:
            for text in (d.adopted, *(r.why for r in d.rejected)):
                for ref in spec.cited_ids(text):
                    assert ref in s, f"{translation.id} {d.id} mentions unknown {ref}"


# -- the loader ----------------------------------------------------------------------

def test_lookups() -> None:
    s = spec.current()
    assert s.version == _json(SPEC / "rules.json")["spec_version"]
    assert spec.title("SHB-DROP-1") == "The drop chain"
    assert s.kind("SPF-RUL-4") == "ruling"
    assert s.kind("SPK-RUL-1") == "clarification"
    assert s.kind("SPK-SCORE-1") == "rule"
    assert [t.id for t in s.translations_of("splink")] == ["splink-ko"]
    assert s.translations_of("sploof") == []
    assert "SPK-SCORE-1" in s and "SPK-SCORE-9" not in s
    assert s.ruling_for_option("sploof", "supply").id == "SPF-RUL-1"
    assert s.ruling_for_option("splink", "supply").id == "SPK-RUL-5"
    assert [r.id for r in s.rulings_of_rule("SPF-LINE-1")] == ["SPF-RUL-4", "SPF-RUL-7"]
    assert {e.scope for e in s.in_scope("splink")} == {"splink"}
    assert spec.cited_ids("see SPF-WIN-2, SHB-PIN-1 and SPF-WIN-2") == ["SPF-WIN-2", "SHB-PIN-1"]
    assert spec.scope_of("SPK-RUL-10") == "splink"


def test_an_unknown_id_is_a_clear_error() -> None:
    with pytest.raises(spec.SpecError, match=r"unknown rule or ruling ID 'SPF-WIN-9'.*SPF-WIN-1"):
        spec.entry("SPF-WIN-9")
    with pytest.raises(spec.SpecError, match="malformed"):
        spec.scope_of("drop-1")


def test_a_missing_spec_folder_is_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(spec.SpecError) as err:
        spec.load(tmp_path)
    assert "rules.json" in str(err.value) and "\n" not in str(err.value)


def _copy_spec(tmp_path: Path, rules: Any = None, rulings: Any = None,
               translations: Any = None, games: Any = None) -> Path:
    for name, doc in (("rules", rules), ("rulings", rulings), ("translations", translations),
                      ("games", games)):
        data = doc if doc is not None else _json(SPEC / f"{name}.json")
        (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


def test_a_malformed_file_names_the_file_and_entry(tmp_path: Path) -> None:
    (tmp_path / "rules.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "rulings.json").write_text("{}", encoding="utf-8")
    with pytest.raises(spec.SpecError, match=r"rules\.json"):
        spec.load(tmp_path)
    rules = _json(SPEC / "rules.json")
    del rules["rules"][3]["title"]
    with pytest.raises(spec.SpecError, match=r"rule 4 \(SHB-PLACE-1\).*'title'"):
        spec.load(_copy_spec(tmp_path, rules=rules))


def test_a_dangling_reference_or_two_adopted_alternatives_is_rejected(tmp_path: Path) -> None:
    rules = _json(SPEC / "rules.json")
    rules["rules"][0]["rulings"] = ["SPF-RUL-99"]
    with pytest.raises(spec.SpecError, match="SPF-RUL-99"):
        spec.load(_copy_spec(tmp_path, rules=rules))
    rulings = _json(SPEC / "rulings.json")
    for alternative in rulings["rulings"][0]["alternatives"]:
        alternative["adopted"] = True
    with pytest.raises(spec.SpecError, match="exactly one alternative"):
        spec.load(_copy_spec(tmp_path, rulings=rulings))


def test_a_clarification_with_an_option_or_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    rulings = _json(SPEC / "rulings.json")
    clarification = next(r for r in rulings["rulings"] if r["kind"] == "clarification")
    clarification["option"] = {"name": "order", "default": "sequential"}
    with pytest.raises(spec.SpecError, match=rf"{clarification['id']}.*has no option"):
        spec.load(_copy_spec(tmp_path, rulings=rulings))
    rulings = _json(SPEC / "rulings.json")
    rulings["rulings"][0]["kind"] = "guess"
    with pytest.raises(spec.SpecError, match=r"'kind' must be one of ruling, clarification"):
        spec.load(_copy_spec(tmp_path, rulings=rulings))


def test_a_translation_citing_an_unknown_id_or_scope_is_refused(tmp_path: Path) -> None:
    translations = _json(SPEC / "translations.json")
    translations["translations"][0]["differences"][0]["rules"] = ["SPK-RUL-99"]
    with pytest.raises(spec.SpecError, match=r"splink-ko.*unknown ID SPK-RUL-99"):
        spec.load(_copy_spec(tmp_path, translations=translations))
    translations = _json(SPEC / "translations.json")
    translations["translations"][0]["scope"] = "chess"
    with pytest.raises(spec.SpecError, match=r"unknown scope 'chess'"):
        spec.load(_copy_spec(tmp_path, translations=translations))


def test_the_scopes_are_spec_games_json_and_the_system_comes_first() -> None:
    listed = spec.listed_scopes()
    assert listed[0] == spec.ScopeEntry(spec.SYSTEM_SCOPE, spec.SYSTEM_PREFIX,
                                        "The Shibumi system", 0)
    assert [e.scope for e in spec.scopes()[:len(listed)]] == [e.scope for e in listed]
    assert {entry.scope for entry in spec.current()} <= {e.scope for e in spec.scopes()}


@pytest.mark.parametrize(("change", "says"), [
    (lambda doc: doc["scopes"].pop(0), r"the system scope shibumi \(SHB\) is missing"),
    (lambda doc: doc["scopes"][2].update(prefix="SPF"), r"a prefix is listed twice"),
    (lambda doc: doc["scopes"][1].update(order="ten"), r"scope 2: 'order' must be an integer"),
    (lambda doc: doc.update(spec_version="9.9.9"), r"disagree on spec_version"),
], ids=["no system scope", "prefix twice", "order not a number", "another version"])
def test_a_broken_games_json_is_one_clear_error(tmp_path: Path, change: Any, says: str
                                                ) -> None:
    games = _json(SPEC / "games.json")
    change(games)
    with pytest.raises(spec.SpecError, match=says):
        spec.load(_copy_spec(tmp_path, games=games))
