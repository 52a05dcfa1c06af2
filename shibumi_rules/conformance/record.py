"""The run record of a known implementation: what one ``conform`` run found, per game,
in a committed file that the documentation site reads, so that the site's results
matrix needs neither the implementation nor the network when it is built.

A record holds, per game: the result word (``RunResult.result`` of the run narrowed to
that game), the positions checked, what was checked under each combination of options,
the engine's declaration and, per ruling of the game, what it declares and what the
vectors showed, and every group of divergences with its smallest example. It holds no
timing, so two runs of the same command on the same engine and vectors write the same
record but for its ``made`` block (when, and with which shibumi-rules and Python),
which ``--check`` leaves out of the comparison.

Nothing here knows an implementation by name.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import platform
import shlex
from pathlib import Path
from typing import Any, Final

from .. import spec
from ..contract.game import Game
from ..fileio import write_atomic
from ..json_input import JSONLimitError, load_json
from ..version import __version__
from .declaration import declared_game
from .expectations import entry_key, example, groups, settings
from .report import _combination_json, rule_rows
from .results import Recorder, RunResult, UsageError

AnyGame = Game[Any, Any]
FORMAT: Final = 1
VOLATILE: Final = ("made",)
"""Fields of a record that ``--check`` does not compare."""


def narrowed(result: RunResult, game: str) -> RunResult:
    """The run as if it had checked ``game`` alone: its divergences, combinations and
    reasons (a stopped run or a harness error concerns every game)."""
    recorder = Recorder()
    recorder.items = [item for item in result.recorder.items if item.game == game]
    recorder.total = len(recorder.items)
    return dataclasses.replace(
        result, games=[game], recorder=recorder,
        combinations=[c for c in result.combinations if c.game == game],
        unchecked=[u for u in result.unchecked if u.startswith(f"{game}:")],
        positions=sum(c.positions for c in result.combinations if c.game == game))


def _rulings(result: RunResult, game: AnyGame) -> list[dict[str, Any]]:
    """Per ruling of the game: what the engine declares for it and what the vectors
    sent showed."""
    current = spec.current()
    identity = result.identity.get("games", {}).get(game.name, {})
    declared = declared_game(game, identity)
    tallies = {rule: (vectors, failed, count)
               for rule, vectors, failed, _, count in rule_rows(result)}
    out = []
    for ruling in current.rulings.values():
        if ruling.scope != game.name:
            continue
        option = ruling.option
        values: list[str] | None = None
        if option is not None:
            allowed = declared.values.get(option.name)
            values = list(allowed) if allowed is not None else None
        vectors, failed, count = tallies.get(ruling.id, (0, 0, 0))
        out.append({
            "ruling": ruling.id, "kind": ruling.kind, "title": ruling.title,
            "option": option.name if option is not None else None,
            "declared": values,
            "default": declared.defaults.get(option.name) if option is not None else None,
            "deviation": declared.deviations.get(ruling.id),
            "vectors": vectors, "vectors_failed": failed, "divergences": count,
        })
    return out


def _game_record(result: RunResult, game: AnyGame,
                 readings: dict[tuple[str, str, str, str], str]) -> dict[str, Any]:
    alone = narrowed(result, game.name)
    combos = alone.combinations
    return {
        "result": alone.result,
        "positions": alone.positions,
        "declared": result.identity.get("games", {}).get(game.name, {}),
        "combinations": [_combination_json(c) for c in combos if c.declared],
        "combinations_not_declared": sum(1 for c in combos if not c.declared),
        "random_games_ended": result.end_counts.get(game.name, {}),
        "rulings": _rulings(result, game),
        "divergences": [
            {"category": cat, "rule": rule, "kind": kind,
             "reading": readings.get((name, cat, rule, kind)),
             "count": sum(d.occurrences for d in items),
             "example": example(items[0])}
            for (name, cat, rule, kind), items in groups(alone).items()],
        "inconclusive": alone.inconclusive,
    }


def command_line(result: RunResult, engine: str | None) -> str:
    """The ``conform`` command that repeats the run."""
    config = result.config
    words = ["shibumi-rules", "conform"]
    if engine is not None:
        words += ["--engine", engine]
    for name in config.get("games") or []:
        words += ["--game", name]
    for key, value in (config.get("options") or {}).items():
        words += ["--option", f"{key}={value}"]
    words += ["--seed", str(config["seed"]), "--games", str(config["random_games"])]
    if config.get("depth") is not None:
        words += ["--depth", str(config["depth"])]
    return shlex.join(words)


def build(result: RunResult, reference: dict[str, AnyGame], engine: str | None,
          expectations: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a run; the readings come from its expectations, when given."""
    readings = {entry_key(e): str(e.get("reading", ""))
                for e in (expectations or {}).get("expected", [])}
    identity = result.identity
    return {
        "format": FORMAT,
        "about": "A conformance run of a known implementation, written by shibumi-rules "
                 "conform --record FILE and checked by the same command with --check; "
                 "the documentation site's results matrix is made from it.",
        "made": {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
                 "shibumi_rules": __version__, "python": platform.python_version()},
        "command": command_line(result, engine),
        "engine": {"name": identity.get("name"), "version": identity.get("version"),
                   "protocol": identity.get("protocol"),
                   "features": identity.get("features", [])},
        "reference": {k: v for k, v in result.reference.items() if k != "name"},
        "settings": settings(result),
        "vector_files": [Path(p).name for p in result.config.get("vectors") or []],
        "result": result.result,
        "positions_checked": result.positions,
        "notes": result.notes,
        "games": {name: _game_record(result, reference[name], readings)
                  for name in result.games},
    }


def text(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def load(path: str) -> dict[str, Any]:
    try:
        data = load_json(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise UsageError(f"--record {path}: {err.strerror or err}") from None
    except (ValueError, JSONLimitError) as err:
        raise UsageError(f"--record {path}: not JSON: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"--record {path}: not a run record of format {FORMAT}")
    return data


def differences(committed: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """Where a committed record and the record of a fresh run differ (their ``made``
    blocks aside): the paths of the differing fields."""
    out: list[str] = []
    _diff({k: v for k, v in committed.items() if k not in VOLATILE},
          {k: v for k, v in fresh.items() if k not in VOLATILE}, "", out)
    return out


def _diff(a: Any, b: Any, where: str, out: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() | b.keys()):
            if k not in a or k not in b:
                out.append(f"{where}.{k}: only in the "
                           + ("fresh run" if k in b else "committed record"))
            else:
                _diff(a[k], b[k], f"{where}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{where}[{i}]", out)
    elif json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):
        out.append(f"{where or '.'}: committed {_short(a)}, this run {_short(b)}")


def _short(value: Any) -> str:
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 80 else shown[:77] + "..."


def write_or_check(path: str, fresh: dict[str, Any], check: bool) -> tuple[bool, list[str]]:
    """Write the record (``check`` False) or compare it with the committed one: whether
    it is up to date, and lines saying so."""
    if not check:
        write_atomic(path, text(fresh))
        return True, [f"record ({path}): written"]
    found = differences(load(path), fresh)
    if not found:
        return True, [f"record ({path}): up to date"]
    lines = [f"record ({path}): out of date, {len(found)} difference(s) with this run "
             "(rewrite it without --check):"]
    lines += [f"  - {line}" for line in found[:20]]
    if len(found) > 20:
        lines.append(f"  ... and {len(found) - 20} more")
    return False, lines
