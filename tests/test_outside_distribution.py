"""A game from another distribution, installed the way a user installs one: the tiny
real game of ``tests/outside/shibumi-mirror`` (its own ``pyproject.toml``, package, spec
data and entry point) and this checkout, each built as a wheel and installed into a
fresh virtual environment outside the repository. There, with no file of this
repository edited, the command line lists it, ``moves``, ``perft``, ``explain`` and
``conform`` answer for it, and the generic suite (``tests/generic``) passes on it.

Slow: it builds two wheels, makes a virtual environment and installs pytest and
Hypothesis into it (about a minute)."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from shibumi_rules import registry

ROOT = Path(__file__).resolve().parents[1]
GAME_DISTRIBUTION = ROOT / "tests" / "outside" / "shibumi-mirror"
GENERIC = ROOT / "tests" / "generic"
NAME = "mirror"
SHIPPED = ("pyproject.toml", "README.md", "LICENSE", "shibumi_rules")
"""What building this checkout's wheel reads (pyproject.toml names the rest)."""

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Environment:
    """The fresh virtual environment and a folder outside the repository to run in."""

    python: Path
    work: Path

    def run(self, *args: str, timeout: float = 300, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=self.work, env={**_clean_env(), **(env or {})},
                              capture_output=True, text=True, timeout=timeout, check=False)

    def cli(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return self.run(str(self.python.parent / "shibumi-rules"), *args, timeout=timeout)


def _clean_env() -> dict[str, str]:
    """The environment without what would put this checkout or a selection of games
    on the way (PYTHONPATH, the generic suite's variable)."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "VIRTUAL_ENV", "SHIBUMI_GENERIC_GAMES")}


def _copy_sources(target: Path) -> Path:
    """This checkout's files that its wheel is built from, symbolic links followed
    (``shibumi_rules/spec_data`` is one), so that building writes nothing here."""
    target.mkdir()
    for name in SHIPPED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, target / name)
    return target


def _checked(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, f"{done.args}: {done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Environment]:
    """This checkout and the Mirror distribution, each built as a wheel from a copy
    (``pip wheel --no-deps --no-build-isolation``, with this environment's setuptools)
    and installed with ``--no-deps`` into a fresh virtual environment, with the
    versions of pytest and Hypothesis this environment has."""
    base = tmp_path_factory.mktemp("outside")
    checkout = _copy_sources(base / "shibumi-rules")
    game = shutil.copytree(GAME_DISTRIBUTION, base / "shibumi-mirror",
                           ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "build",
                                                         "*.egg-info"))
    wheels = base / "wheels"
    _checked(subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(checkout), str(game)],
        cwd=base, env=_clean_env(), capture_output=True, text=True, timeout=600, check=False))
    venv = base / "venv"
    _checked(subprocess.run([sys.executable, "-m", "venv", str(venv)], cwd=base,
                            env=_clean_env(), capture_output=True, text=True, timeout=300,
                            check=False))
    environment = Environment(venv / "bin" / "python", base)
    pip = (str(environment.python), "-m", "pip", "install", "-q")
    _checked(environment.run(*pip, "--no-deps", "--no-index",
                             *map(str, sorted(wheels.glob("*.whl"))), timeout=600))
    tools = [f"{tool}=={importlib.metadata.version(tool)}" for tool in ("pytest", "hypothesis")]
    _checked(environment.run(*pip, *tools, timeout=600))
    yield environment


def test_the_game_comes_from_its_own_distribution_and_not_from_here(
        installed: Environment) -> None:
    """The game is installed in the fresh environment as its own distribution; the
    repository's environment does not know it."""
    assert NAME not in registry.game_names()
    where = _checked(installed.run(
        str(installed.python), "-c",
        "import importlib.metadata as m, mirror_game, shibumi_rules; "
        "print(mirror_game.__file__); print(shibumi_rules.__file__); "
        "print(m.distribution('shibumi-mirror').entry_points)")).stdout.splitlines()
    site = installed.python.parents[1]
    assert all(Path(line).is_relative_to(site) for line in where[:2]), where
    assert "name='mirror', value='mirror_game:DEFINITION', group='shibumi_rules.games'" \
        in where[2]


def test_the_command_line_lists_it(installed: Environment) -> None:
    top = " ".join(_checked(installed.cli("--help")).stdout.split())
    assert "games: sploof, splink, spline, mirror" in top, top
    for command in ("moves", "perft", "explain", "play", "conform"):
        helped = _checked(installed.cli(command, "--help")).stdout
        assert "{sploof,splink,spline,mirror}" in helped, (command, helped)
    unknown = installed.cli("moves", "looking-glass")
    assert unknown.returncode == 2 and "'mirror'" in unknown.stderr, unknown.stderr


def test_moves_perft_and_explain_answer_for_it(installed: Environment) -> None:
    """Mirror is played as Sploof: the same moves and counts, its own name in the
    answers."""
    for args in (["moves", "{}"], ["moves", "{}", "1c3", "1e3"], ["perft", "{}", "3"],
                 ["perft", "{}", "2", "--divide"]):
        mirror = _checked(installed.cli(*(NAME if a == "{}" else a for a in args)))
        sploof = _checked(installed.cli(*("sploof" if a == "{}" else a for a in args)))
        assert mirror.stdout == sploof.stdout and mirror.stdout.strip(), args
    legal = json.loads(_checked(installed.cli("explain", NAME, "1c3", "--json")).stdout)
    assert legal["game"] == NAME and legal["answer"]["legal"] is True
    illegal = json.loads(_checked(installed.cli("explain", NAME, "4d4", "--json")).stdout)
    assert illegal["answer"]["legal"] is False
    assert illegal["answer"]["rule"] == "SHB-PLACE-1"


def _vectors(target: Path) -> Path:
    """Mirror's conformance vectors: Sploof's under the default options, renamed (the
    vectors of a game played exactly as Sploof)."""
    lines = []
    for line in (ROOT / "spec" / "conformance" / "sploof.jsonl").read_text().splitlines():
        vector = json.loads(line)
        if vector["options"] == {s.name: s.default for s in registry.get_game("sploof").options}:
            vector["game"] = NAME
            vector["id"] = vector["id"].replace("sploof/", f"{NAME}/", 1)
            lines.append(json.dumps(vector))
    assert lines
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def test_conform_checks_it(installed: Environment) -> None:
    """With vectors, ``conform`` finds the reference engine conformant on Mirror; with
    none, inconclusive for that reason alone, nothing diverging."""
    vectors = _vectors(installed.work / "mirror.jsonl")
    done = installed.cli("conform", "--game", NAME, "--depth", "2", "--games", "1",
                         "--vectors", str(vectors), "--quiet")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(rf"^{NAME} vectors +\d+", done.stdout, re.M), done.stdout
    assert re.search(rf"^{NAME} perft +\d+ +\d+ +0", done.stdout, re.M), done.stdout
    assert "result: CONFORMANT" in done.stdout
    bare = installed.cli("conform", "--game", NAME, "--depth", "1", "--games", "1",
                         "--vectors", "none", "--quiet")
    assert bare.returncode == 3, bare.stdout + bare.stderr
    assert "result: INCONCLUSIVE (1 reason(s) above)" in bare.stdout
    assert "no conformance vector could be checked" in bare.stdout


def _generic_tests() -> list[str]:
    """The test functions of the generic suite, read from its files."""
    return [node.name for path in sorted(GENERIC.glob("test_*.py"))
            for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


def test_the_generic_suite_passes_on_it(installed: Environment) -> None:
    """The generic suite, copied out of the repository and run by the fresh
    environment's pytest on Mirror alone: every test passes but the learning adapters',
    skipped because the ``rl`` extra is not installed there."""
    suite = shutil.copytree(GENERIC, installed.work / "suite" / "generic",
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    done = installed.run(str(installed.python), "-m", "pytest", "-v", "-rs",
                         "-p", "no:cacheprovider", str(suite), timeout=900,
                         env={"SHIBUMI_GENERIC_GAMES": NAME})
    assert done.returncode == 0, done.stdout + done.stderr
    total = len(_generic_tests())
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 2 and all("needs the rl extra" in line for line in skipped), \
        done.stdout
    assert re.search(rf"\b{total - 2} passed, 2 skipped in ", done.stdout), done.stdout
    ran = [line for line in done.stdout.splitlines() if re.search(r" (PASSED|SKIPPED)", line)
           and "::" in line]
    assert len(ran) == total and all(f"[{NAME}]" in line for line in ran), done.stdout
