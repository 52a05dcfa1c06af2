"""The registry: its fast reading of the entry points agrees with
``importlib.metadata``; every way a registration can break is one error naming the
game's package; and a game installed from outside the repository, with its own spec
data, is a game like the others: listed, played, counted, explained and checked."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules import registry, spec, spec_sources
from shibumi_rules.contract.definition import GameDefinition
from shibumi_rules.registry import GROUP, Registration, RegistryError, load, registrations
from shibumi_rules.tables.schemas import schema_files

from . import outside_game

ROOT = Path(__file__).resolve().parents[1]


# -- the fast path: the same entry points as importlib.metadata ------------------------

def _metadata_view(paths: list[str], monkeypatch: pytest.MonkeyPatch
                   ) -> list[tuple[str, str]]:
    """What ``importlib.metadata.entry_points`` finds on exactly ``paths``."""
    with monkeypatch.context() as patch:
        patch.setattr(sys, "path", paths)
        return [(e.name, e.value) for e in importlib.metadata.entry_points(group=GROUP)]


def test_the_scanner_finds_what_importlib_metadata_finds_here() -> None:
    found = [(r.name, r.value) for r in registrations()]
    assert found == [(e.name, e.value)
                     for e in importlib.metadata.entry_points(group=GROUP)]
    assert {name for name, _ in found} >= set(registry.game_names())


NAMES = st.sampled_from(["alpha", "Alpha", "al.pha", "al_pha", "beta", "be-ta"])
"""Distribution names, several of which name one distribution once normalised."""
LINES = st.sampled_from([
    "one = pkg_one:DEFINITION", "two=pkg_two:DEFINITION", "  three =  pkg.three:D  ",
    "# a comment", "", "no equals sign here", "[other.group]", f"[{GROUP}]",
    "four = pkg_four:DEFINITION", "[console_scripts]", "tool = pkg:main",
])


@st.composite
def layouts(draw: st.DrawFn) -> list[list[tuple[str, str, str, list[str] | None]]]:
    """Folders of distributions: (name, version, suffix, entry_points lines or None)."""
    return draw(st.lists(st.lists(st.tuples(
        NAMES, st.sampled_from(["1.0", "2.0"]), st.sampled_from([".dist-info", ".egg-info"]),
        st.none() | st.lists(LINES, max_size=8).map(lambda ls: [f"[{GROUP}]", *ls])),
        max_size=4), min_size=1, max_size=3))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(layout=layouts())
def test_the_scanner_agrees_with_importlib_metadata_on_any_layout(
        layout: list[list[tuple[str, str, str, list[str] | None]]],
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Folders read in order, the first distribution of a name winning (names compared
    as PEP 503 normalises them), comments, blank lines and other groups skipped."""
    paths = []
    for folder_layout in layout:
        folder = tmp_path_factory.mktemp("site")
        for name, version, suffix, lines in folder_layout:
            info = folder / f"{name}-{version}{suffix}"
            if info.exists():
                continue
            info.mkdir()
            if lines is not None:
                lines = [line for line in lines if line == "" or line.startswith(("[", "#"))
                         or "=" in line]  # importlib.metadata fails on a line without "="
                (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
        paths.append(str(folder))
    assert [(r.name, r.value) for r in registrations(paths)] == \
        _metadata_view(paths, monkeypatch)


def test_a_line_without_equals_is_not_an_entry_point() -> None:
    text = f"[{GROUP}]\njust words\nname = pkg:DEFINITION\n"
    assert registry.parse_entry_points(text, "dist") == [
        Registration("name", "pkg:DEFINITION", "dist")]


# -- every way a registration can break ------------------------------------------------

@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The outside game's package, importable (its registration not read)."""
    folder = outside_game.install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for name in [m for m in sys.modules if m.split(".")[0] == outside_game.PACKAGE]:
        del sys.modules[name]


def _one(name: str, attribute: str, package: str = outside_game.PACKAGE) -> Registration:
    return Registration(name, f"{package}:{attribute}", "mirror_game")


def _builtin() -> list[Registration]:
    return [r for r in registrations() if r.name in registry.game_names()]


@pytest.mark.parametrize(("registered", "says"), [
    (lambda: [_one("mirror", "NOT_A_DEFINITION")],
     r"mirror_game: NOT_A_DEFINITION is a object, not a GameDefinition"),
    (lambda: [_one("mirror", "DEFINITION", "mirror_game_missing")],
     r"game package mirror_game_missing cannot be imported: ModuleNotFoundError"),
    (lambda: [_one("mirror", "NO_SUCH_NAME")], r"game package mirror_game has no NO_SUCH_NAME"),
    (lambda: [_one("looking_glass", "WRONG_NAME")],
     r"game package mirror_game defines the game 'mirror', but is registered as "
     r"'looking_glass'"),
    (lambda: [_one("mirror", "DEFINITION"), _one("mirror", "WRONG_NAME")],
     r"two games are registered as 'mirror': .*mirror_game:DEFINITION.*"
     r"mirror_game:WRONG_NAME"),
    (lambda: [*_builtin(), _one("mirror", "SAME_PREFIX")],
     r"two games take the prefix SPF: shibumi_rules\.games\.sploof .* and mirror_game"),
    (lambda: [_one("mirror", "SYSTEM_PREFIX")],
     r"game package mirror_game: prefix SHB is the Shibumi system's"),
    (lambda: [_one("mirror", "DEFINITION!")], r"game 'mirror': expected module:attribute"),
], ids=["not a definition", "import error", "missing name", "name mismatch",
        "duplicate name", "duplicate prefix", "system prefix", "malformed value"])
def test_a_broken_registration_is_one_error_naming_the_package(
        outside: Path, registered: object, says: str) -> None:
    assert callable(registered)
    with pytest.raises(RegistryError, match=says) as err:
        load(registered())
    assert "\n" not in str(err.value)


def test_an_import_error_inside_the_package_names_it(outside: Path) -> None:
    (outside / outside_game.PACKAGE / "__init__.py").write_text("import no_such_module_here\n")
    with pytest.raises(RegistryError, match=r"game package mirror_game cannot be imported: "
                                            r"ModuleNotFoundError: No module named "
                                            r"'no_such_module_here'"):
        load([_one("mirror", "DEFINITION")])


def test_an_unknown_prefix_without_spec_data_is_one_error_naming_the_package(
        outside: Path) -> None:
    """The prefix is checked when the specification is read (registering a game reads
    no file): a scope the specification lacks, brought without data."""
    (found,) = load([_one("mirror", "NO_SPEC_DATA")])
    with pytest.raises(spec.SpecError, match=r"game package mirror_game: 'mirror' \(prefix "
                                             r"MIR\) is not a scope of the specification"):
        spec.merge_scopes(spec.listed_scopes(), [found.spec_source()])


def test_a_builtin_game_must_agree_with_the_specs_scope(outside: Path) -> None:
    """A definition whose title or order is not spec/games.json's is refused by name."""
    first = registry.definitions()[0]
    moved = type("Moved", (type(first),), {"order": first.order + 1})()
    registration = next(r for r in registrations() if r.name == first.name)
    package = registration.value.partition(":")[0]
    with pytest.raises(spec.SpecError, match=rf"game package {package}: .* is declared as "
                                             r".* but spec/games\.json lists"):
        spec.merge_scopes(spec.listed_scopes(),
                          registry.spec_sources_of([(registration, moved)]))


def test_the_registered_games_are_definitions_in_order() -> None:
    found = registry.definitions()
    assert all(isinstance(d, GameDefinition) for d in found)
    assert [d.order for d in found] == sorted(d.order for d in found)
    assert [s.scope for s in spec.game_scopes()] == [d.name for d in found]
    assert registry.get_definition(found[0].name) is found[0]


# -- a game from outside the repository --------------------------------------------------

def test_an_outside_game_brings_its_spec_data(outside: Path) -> None:
    (mirror,) = load(registrations([str(outside)]))
    current = spec.load(games=[*spec.sources(), mirror.spec_source()])
    assert current.entry(outside_game.RULE).scope == outside_game.NAME
    assert current.kind(outside_game.RULE) == "rule"
    assert len(current.ids()) == len(spec.current().ids()) + 1


def test_a_source_added_to_the_spec_is_read_with_it(outside: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``spec.add_source``: the spec layer's way in for a game's data; the spec is read
    again with it, and again without it once it is gone."""
    saved = list(spec_sources._PROVIDERS)
    monkeypatch.setattr(spec_sources, "_PROVIDERS", list(saved))
    (mirror,) = load(registrations([str(outside)]))
    before = spec.current()
    spec.add_source(mirror.spec_source())
    assert outside_game.RULE in spec.current() and outside_game.RULE not in before
    assert spec.scope_of(outside_game.RULE) == outside_game.NAME
    assert spec.game_scopes()[-1].scope == outside_game.NAME
    spec_sources._PROVIDERS[:] = saved
    assert outside_game.RULE not in spec.current()


def test_an_outside_game_may_define_only_its_own_rules(outside: Path) -> None:
    (mirror,) = load(registrations([str(outside)]))
    source = mirror.spec_source()
    assert source.rules is not None
    rules = json.loads(source.rules.read_text())
    rules["rules"][0]["id"], rules["rules"][0]["scope"] = "SPF-NAME-1", "sploof"
    source.rules.write_text(json.dumps(rules))
    with pytest.raises(spec.SpecError, match=r"game package mirror_game: its spec data "
                                             r"defines SPF-NAME-1, which belongs to 'sploof'"):
        spec.load(games=[*spec.sources(), source])


def test_the_schemas_list_the_games_of_spec_games_json() -> None:
    """A scope added to spec/games.json is listed by every generated enumeration."""
    scopes = [*spec.listed_scopes(), spec.ScopeEntry("mirror", "MIR", "Mirror", 90)]
    files = {f.path: json.loads(f.text) for f in schema_files(spec.spec_dir(), scopes)}
    rules = files["schema/rules.schema.json"]["$defs"]
    assert rules["scope"]["enum"][-1] == "mirror"
    assert rules["ruleId"]["pattern"].startswith("^(SHB|SPF|SPK|SPL|MIR)-")
    vector = files["schema/vector.schema.json"]["properties"]
    assert vector["game"]["enum"] == [s.scope for s in scopes[1:]]
    index = files["schema/rules_index.schema.json"]
    assert index["properties"]["rows"]["items"]["properties"]["scope"]["enum"][-1] == "mirror"
    committed = {f.path: f.text for f in schema_files(spec.spec_dir())}
    assert all((spec.spec_dir() / path).read_text(encoding="utf-8") == text
               for path, text in committed.items())


def _run(folder: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), str(ROOT)])
    return subprocess.run([sys.executable, "-m", "shibumi_rules", *args], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=timeout,
                          check=False)


def test_an_outside_game_is_listed_played_counted_and_explained(tmp_path: Path) -> None:
    folder = outside_game.install(tmp_path / "site")
    helped = _run(folder, "moves", "--help")
    assert "{sploof,splink,spline,mirror}" in helped.stdout, helped.stderr
    moves = _run(folder, "moves", outside_game.NAME)
    assert moves.returncode == 0 and moves.stdout.split()[:2] == ["1c3", "1e3"], moves.stderr
    perft = _run(folder, "perft", outside_game.NAME, "2")
    assert perft.returncode == 0 and perft.stdout.strip() == "256", perft.stderr
    explained = _run(folder, "explain", outside_game.NAME, "1c3", "--json")
    assert explained.returncode == 0, explained.stderr
    assert json.loads(explained.stdout)["game"] == outside_game.NAME


@pytest.mark.slow
def test_an_outside_game_is_checked_by_conform(tmp_path: Path) -> None:
    folder = outside_game.install(tmp_path / "site")
    done = _run(folder, "conform", "--game", outside_game.NAME, "--depth", "1", "--games",
                "1", "--vectors", "none", "--quiet", timeout=300)
    assert "conformance of shibumi-rules reference engine" in done.stdout, done.stderr
    assert f"{outside_game.NAME} perft" in done.stdout
    assert done.returncode == 3, done.stdout  # inconclusive: no vectors for it


def test_a_broken_outside_registration_stops_every_command_in_one_line(tmp_path: Path
                                                                        ) -> None:
    folder = outside_game.install(tmp_path / "site", entry_points=(
        f"[{GROUP}]\n{outside_game.NAME} = {outside_game.PACKAGE}:NOT_A_DEFINITION\n"))
    done = _run(folder, "moves", "sploof")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("error: game package mirror_game: NOT_A_DEFINITION is a "
                                  "object, not a GameDefinition"), done.stderr
