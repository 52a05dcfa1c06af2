"""The conformance checks: an engine, driven over the protocol, against the reference.

For every game x combination of options that the engine declares and the user selects
(``declaration.plan``), four kinds of check, each comparing the engine's answers with
the reference's:

- the spec's conformance vectors under those options (``spec/conformance/*.jsonl``);
- perft with divide from the start and from each named position, descending into the
  first move whose count differs until the exact position and move where the two
  disagree;
- seeded random games, played by the game's strategies in turn (uniform play and
  strategies that seek rare ends), comparing legal moves, successors and outcomes at
  every ply;
- illegal moves, which the engine must reject.

Only what the engine declares is sent (first players, option values, position forms,
optional requests). Every divergence is attributed to rule IDs (``attribution``); one
at a position where a ruling the engine declares it deviates from is decided is
recorded as that deviation. A response is checked in full against its schema whenever
a divergence is found in it, so a malformed message is a protocol finding and never
blamed on a rule. An attribution that fails is reported, never swallowed. Engine
failures (crash, hang, flood, garbage) are recorded; the engine is restarted and the
run goes on until too many failures in a row, or the run's time budget, stop it.
"""

from __future__ import annotations

import json
import math
import random
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final, TextIO, TypeVar

from .. import spec
from ..contract.attribution import Attributor
from ..contract.definition import GameDefinition
from ..contract.game import Game
from ..errors import ShibumiError
from ..tables.vectors import combinations
from ..version import __version__
from . import blame
from .blame import Blame
from .client import EngineProcess
from .compare import compared_part, duplicates, outcome_difference, same_position
from .declaration import Declared, declared_game, plan, unknown_values_problems
from .nodes import Expected, Node, reference_expectation
from .pipeline import Pipeline, Sent
from .protocol import Message, ProtocolError, validate_response
from .results import (
    RULE,
    Combination,
    Divergence,
    PhaseStats,
    Recorder,
    RuleTally,
    RunResult,
    UsageError,
)
from .session import GiveUp, OutOfTime, Session, Where
from .vectors import (
    Vector,
    default_vector_dir,
    default_vector_files,
    index_hash,
    load_vectors,
)

AnyGame = Game[Any, Any]
T = TypeVar("T")

ILLEGAL_PER_NODE: Final = 2
MAX_PLIES: Final = 150
START_TIMEOUT: Final = 30.0
"""Seconds an engine may take to start and answer ``identify`` (at least --timeout)."""
BUDGET: Final = 600.0
"""Seconds a whole run may take by default (``--budget``)."""
SAMPLED_ILLEGAL: Final = 6
"""Moves legal elsewhere and illegal here that are weighed for each illegal-move check."""
PLIES_AHEAD: Final = 16
"""Positions of a random game asked about before the answers about the first are read:
the game's path is the reference's, so the engine can work through it while the harness
compares, and neither waits on the other at every ply."""
VECTORS_AHEAD: Final = 16
"""Vectors asked about before the answers about the first are read."""
MAX_EXAMINED_EXTRA: Final = 64
"""Moves of one answer that the reference rejects and that are attributed one by one;
the rest of such an answer is reported in one finding."""


@dataclass
class Config:
    games: list[str] | None = None
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    random_games: int = 1
    """Random games per combination of options."""
    depth: int | None = None
    vectors: list[Path] | None = None
    """Vector files; None finds ``spec/conformance/*.jsonl`` next to the package."""
    timeout: float = 10.0
    progress: TextIO | None = None
    illegal_per_node: int = ILLEGAL_PER_NODE
    max_plies: int = MAX_PLIES
    budget: float | None = BUDGET
    """Seconds the whole run may take (None: no limit)."""
    start_timeout: float = START_TIMEOUT


class OverBudget(Exception):
    """The run's time budget is spent: stop checking."""


_Answer = tuple[dict[str, Any], dict[str, tuple[str | None, dict[str, Any]]], list[str]]
"""The engine's answer for a node: outcome, (position, outcome) per move, moves listed."""
_Replies = list[tuple[Message, str]]
"""The responses an answer was read from, with their request types."""


@dataclass
class _Check:
    """Where one check records: its combination (None outside one) and what it
    found (every divergence seen, including ones recorded before)."""

    combination: Combination | None
    found: list[Divergence] = field(default_factory=list)


@dataclass
class _Started:
    """A node the engine has been asked about."""

    node: Node
    where: Where
    kind: str
    sent: Sent


@dataclass
class _Illegal:
    """An illegal move sent, with what the reference says of it."""

    where: Where
    rules: list[str]
    why: str
    sent: Sent


class Harness:
    """Runs every check of one conformance run."""

    def __init__(self, process: EngineProcess, config: Config,
                 reference: Mapping[str, GameDefinition],
                 vectors: Sequence[Vector] | None = None) -> None:
        self.config = config
        self.definitions = dict(reference)
        self.reference = {name: d.rules() for name, d in reference.items()}
        self.recorder = Recorder()
        self.session = Session(process, self.recorder, config.start_timeout)
        self.pipeline = Pipeline(self.session)
        self.phases: dict[str, PhaseStats] = {}
        self.rules: dict[str, RuleTally] = {}
        self.positions = 0
        self.combinations: list[Combination] = []
        self.declared: dict[str, Declared] = {}
        self.end_counts: dict[str, dict[str, int]] = {}
        self.notes: list[str] = []
        self.unchecked: list[str] = []
        self.harness_errors: list[str] = []
        self._vector_list: list[Vector] = list(vectors) if vectors is not None else []
        self._vectors_given = vectors is not None
        self._move_pool: dict[str, dict[str, None]] = {}
        """Per game, every move seen legal so far, in the order first seen."""
        self._tested_rules: dict[str, int] = {}
        self._last_progress = 0.0
        self._began = 0.0
        self._deadline = float("inf")
        self._phase = ""
        self._over_budget = False
        self.perft_nodes = 0
        self.perft_positions = 0
        self.perft_seconds = 0.0

    # -- running ---------------------------------------------------------------------
    def run(self) -> RunResult:
        """Check the engine; usage errors (UsageError) stop before anything is
        checked."""
        self._began = time.perf_counter()
        budget = self.config.budget
        self._deadline = self._began + budget if budget else float("inf")
        self.session.process.deadline = time.monotonic() + budget if budget else math.inf
        aborted = None
        games: list[str] = []
        try:
            self._open()
            games = self._games()
            for name in games:
                self._run_game(name)
        except GiveUp as err:
            aborted = str(err)
        except OutOfTime as err:
            self._spent(err.where.game or (self.config.games or list(self.reference))[0],
                        err.where.source)
            aborted = self._budget_spent()
        except OverBudget:
            aborted = self._budget_spent()
        except UsageError:
            raise
        except Exception as err:  # a harness bug: report it, with where it happened
            aborted = f"the harness failed: {_where_failed(err)}"
            self.harness_errors.append(aborted)
        finally:
            self.session.close()
        elapsed = time.perf_counter() - self._began
        self._say(f"done: {self.positions} positions in {elapsed:.1f} s")
        return RunResult(
            self.session.process.argv, self.session.identity, games, self.phases,
            self.recorder, self.rules, self.positions, elapsed, aborted,
            max(0, self.session.process.starts - 1), self._config_json(),
            self.combinations, self.end_counts,
            {name: d.deviations for name, d in self.declared.items() if d.deviations},
            self.notes, self.unchecked, self.harness_errors, self._reference_json(),
            self.perft_nodes, self.perft_positions, self.perft_seconds)

    def _budget_spent(self) -> str:
        return f"the run's time budget of {self.config.budget:g} s was spent (--budget)"

    def _spent(self, game: str, source: str) -> None:
        """Record, once, that the budget stopped the run (at ``source``)."""
        if not self._over_budget:
            self._over_budget = True
            self.recorder.add(Divergence(
                "budget", game, None, None, "the run within its budget",
                f"{self.config.budget:g} s spent", [], source,
                detail="raise --budget to check more"))

    def _open(self) -> None:
        """Start the engine and, while it starts, read the vectors. The engine gets
        ``start_timeout`` (at least the request timeout) to answer ``identify``, each
        time it starts."""
        if self._vectors_given:
            self.session.open()
            return
        with ThreadPoolExecutor(max_workers=1) as pool:
            loading = pool.submit(self._load_vectors)
            try:
                self.session.open()
            finally:
                self._vector_list = loading.result()

    def _load_vectors(self) -> list[Vector]:
        files = self.config.vectors
        if files is None:
            files = default_vector_files()
            if not files:
                self.notes.append(f"no conformance vectors found in {default_vector_dir()} "
                                  "(pass --vectors)")
        return list(load_vectors(files, self.reference))

    def _config_json(self) -> dict[str, Any]:
        c = self.config
        return {"games": c.games, "options": c.options, "seed": c.seed,
                "random_games": c.random_games, "depth": c.depth, "timeout": c.timeout,
                "budget": c.budget,
                "vectors": [str(p) for p in c.vectors] if c.vectors is not None else None}

    def _reference_json(self) -> dict[str, Any]:
        files = self.config.vectors if self.config.vectors is not None \
            else default_vector_files()
        return {"name": "shibumi-rules", "version": __version__,
                "spec_version": spec.version(), "vectors": len(self._vector_list),
                "vectors_content_hash": index_hash(files)}

    def _games(self) -> list[str]:
        """The games to check: those asked for, or every game the reference knows;
        each one the engine does not play is a reason the run is inconclusive when it
        was asked for, a note otherwise."""
        offered = self.session.identity.get("games", {})
        wanted = self.config.games or list(self.reference)
        for name in wanted:
            if name not in self.reference:
                raise UsageError(f"unknown game {name!r} (known: "
                                 f"{', '.join(self.reference)})")
        games = [name for name in wanted if name in offered]
        for name in wanted:
            if name not in offered:
                line = (f"{name}: the engine does not play it (it plays "
                        f"{', '.join(offered) or 'no game'})")
                (self.unchecked if self.config.games else self.notes).append(line)
        if not games and not self.config.games:
            self.unchecked.append("the engine plays none of the reference's games "
                                  f"({', '.join(self.reference)})")
        checked = set().union(*({o.name for o in self.reference[n].options}
                                for n in games))
        stray = sorted(self.config.options.keys() - checked)
        if games and stray:
            raise UsageError(f"--option {stray[0]}: no game checked has this option "
                             f"(checked: {', '.join(games)})")
        for name in games:
            declared = declared_game(self.reference[name], offered[name])
            self.declared[name] = declared
            self.notes += declared.notes
            self.unchecked += unknown_values_problems(declared, self._selected(name))
        return games

    def _selected(self, name: str) -> dict[str, str]:
        """The ``--option`` values that concern a game."""
        known = {spec.name for spec in self.reference[name].options}
        return {k: v for k, v in self.config.options.items() if k in known}

    def _run_game(self, name: str) -> None:
        game = self.reference[name]
        declared = self.declared[name]
        attributor = self.definitions[name].attributor()
        mine = [v for v in self._vector_list if v.game == name]
        present: list[dict[str, str]] = []
        for vector in mine:
            if vector.options not in present:
                present.append(vector.options)
        planned = _planned(self.definitions[name])
        present.sort(key=lambda o: planned.index(o) if o in planned else len(planned))
        combos = plan(declared, self._selected(name), present)
        self.combinations += combos
        for number, combo in enumerate(c for c in combos if c.declared):
            self._vectors(game, declared, combo, mine, attributor)
            began, positions = time.perf_counter(), self.positions
            try:
                self._perft(game, declared, combo, mine, attributor)
            finally:
                self.perft_seconds += time.perf_counter() - began
                self.perft_positions += self.positions - positions
            self._random_games(game, declared, combo, number, attributor)

    # -- requests --------------------------------------------------------------------
    def _position(self, node: Node) -> dict[str, Any] | None:
        """The position as the engine reads it, or None when it cannot be sent."""
        if "notation" in self.session.features:
            return {"notation": node.notation}
        if "startpos" in self.session.features and node.moves is not None:
            position: dict[str, Any] = {"moves": list(node.moves)}
            if node.first is not None:
                position["first"] = node.first
            return position
        return None

    def _request(self, kind: str, node: Node, **extra: Any) -> Message:
        if time.perf_counter() > self._deadline:
            self._spent(node.game.name, "the whole run")
            raise OverBudget
        position = self._position(node)
        assert position is not None
        return {"type": kind, "game": node.game.name, "options": node.options,
                "position": position, **extra}

    # -- recording -------------------------------------------------------------------
    def _record(self, item: Divergence, check: _Check) -> None:
        """Record a divergence of the current check, marking a declared deviation."""
        combo = check.combination
        if combo is not None:
            item.options = dict(combo.options)
        declared = self.declared.get(item.game)
        if declared is not None and item.category == RULE:
            item.deviation = declared.deviation_of(item.rules)
        check.found.append(item)
        if self.recorder.add(item) and combo is not None:
            combo.divergences += 1

    def _rules(self, compute: Callable[[], Iterable[str]], where: Where) -> list[str]:
        """The rules an attribution names (advice on which rules a divergence
        involves); a failure is reported as a harness error and the divergence kept
        without rules."""
        return list(self._attribute(compute, [], where))

    def _rules_and(self, compute: Callable[[], tuple[Iterable[str], T]], fallback: T,
                   where: Where) -> tuple[list[str], T]:
        """The rules an attribution names and what it adds (a reason, the fields that
        differ); ``fallback`` for the latter when the attribution fails."""
        rules, extra = self._attribute(compute, ((), fallback), where)
        return list(rules), extra

    def _attribute(self, compute: Callable[[], Any], fallback: Any, where: Where) -> Any:
        try:
            return compute()
        except Exception as err:
            self.harness_errors.append(
                f"attribution failed at {where.source}"
                + (f" ({where.node.notation}" + (f", move {where.move})" if where.move
                                                   else ")") if where.node else "")
                + f": {_where_failed(err)}")
            return fallback

    # -- one node ---------------------------------------------------------------------
    def check_node(self, node: Node, expect: Callable[[], Expected], attributor: Attributor,
                   source: str, stats: PhaseStats,
                   combination: Combination | None = None
                   ) -> tuple[list[Divergence], Expected, bool]:
        """Compare the engine's view of one position with the reference: outcome,
        legal moves, and each legal move's successor and outcome. ``expect`` gives the
        reference's answer; it runs while the engine works on its own. Returns the
        divergences seen (recorded now or before), the reference's answer, and whether
        the engine answered."""
        return self._finish_node(self._start_node(node, source), expect, attributor, stats,
                                 combination)

    def _start_node(self, node: Node, source: str) -> _Started:
        """Ask the engine about a node (``expand``, or ``moves`` then plays later);
        the answer is read by ``_finish_node``."""
        where = Where(node.game.name, node, None, source)
        kind = "expand" if "expand" in self.session.features else "moves"
        return _Started(node, where, kind, self.pipeline.send(self._request(kind, node),
                                                              where))

    def _finish_node(self, started: _Started, expect: Callable[[], Expected],
                     attributor: Attributor, stats: PhaseStats,
                     combination: Combination | None
                     ) -> tuple[list[Divergence], Expected, bool]:
        check = _Check(combination)
        node, where = started.node, started.where
        answer, expected, replies = self._engine_children(started, expect, check)
        if answer is None:
            return check.found, expected, False
        found = self._compare_node(node, expected, answer, attributor, where, check, stats)
        if found and self._malformed(replies, where, check):
            return check.found, expected, True
        for item in found:
            self._record(item, check)
        return check.found, expected, True

    def _malformed(self, replies: _Replies, where: Where, check: _Check) -> bool:
        """Check in full the responses where a divergence was found: a response that
        breaks its schema is a protocol finding, and its divergences are dropped."""
        for reply, kind in replies:
            try:
                validate_response(reply, kind)
            except ProtocolError as err:
                self._record(where.divergence(
                    "protocol", f"a valid {kind} response", _excerpt(reply), [],
                    detail=str(err), topic="invalid response"), check)
                return True
        return False

    def _compare_node(self, node: Node, expected: Expected, answer: _Answer,
                      attributor: Attributor, where: Where, check: _Check,
                      stats: PhaseStats) -> list[Divergence]:
        found: list[Divergence] = []
        outcome, children, listed = self._canonical_moves(node, expected, answer, where,
                                                          check)
        stats.checks += 1
        self._count(stats, 1 + len(children.keys() & expected.children.keys()),
                    check.combination)
        game = node.game
        differs, omitted = outcome_difference(expected.outcome, outcome)
        self._gaps(check, omitted)
        if differs:
            judged = self._attribute(partial(
                self._outcome_blame, attributor, node, None, node.state, expected.outcome,
                outcome), Blame([], []), where)
            found.append(where.divergence(
                "outcome", compared_part(expected.outcome), compared_part(outcome),
                list(judged.rules), detail=judged.detail or "the reference: "
                + game.outcome_text(node.state)))
            if outcome.get("over") or expected.outcome.get("over"):
                return found
        engine_moves = set(listed)
        extra = [m for m in dict.fromkeys(listed) if m not in expected.children]
        for move in extra[:MAX_EXAMINED_EXTRA]:
            rules, why = self._rules_and(partial(attributor.illegal, game, node.state, move),
                                         "the reference rejects it", where)
            found.append(where.divergence(
                "extra-move", "illegal: " + why, "listed as legal", rules, move=move))
        if len(extra) > MAX_EXAMINED_EXTRA:
            found.append(where.divergence(
                "protocol", "the legal moves", f"{len(extra):,} moves the reference "
                f"rejects", [], f"only the first {MAX_EXAMINED_EXTRA} were examined",
                topic="too many moves"))
        for move in expected.children:
            if move not in engine_moves:
                rules = self._rules(partial(attributor.legal, game, node.state, move), where)
                found.append(where.divergence(
                    "missing-move", "legal", "not listed", rules, move=move))
        for move, (position, result) in children.items():
            if move in expected.children:
                found += self._compare_child(node, move, expected, position, result,
                                             attributor, where, check)
        return found

    def _gaps(self, check: _Check, omitted: Sequence[str]) -> None:
        combo = check.combination
        if combo is None:
            return
        for key in omitted:
            what = f"outcome field {key!r} not given where the reference has a value"
            combo.gaps[what] = combo.gaps.get(what, 0) + 1

    def _canonical_moves(self, node: Node, expected: Expected, answer: _Answer,
                         where: Where, check: _Check) -> _Answer:
        """The engine's moves in canonical notation: a move written another way that
        the reference reads as one of its legal moves is renamed (and the notation
        reported); moves listed out of canonical order are reported."""
        outcome, children, listed = answer
        game = node.game
        renamed = []
        for move in listed:
            canonical = move
            if move not in expected.children:
                try:
                    canonical = game.format_move(game.parse_move(node.state, move))
                except ShibumiError:
                    canonical = move
            if canonical != move and canonical in expected.children:
                self._record(where.divergence(
                    "protocol", canonical, move, [], "a move not in canonical notation",
                    move=move, topic="canonical move"), check)
                if move in children:
                    children[canonical] = children.pop(move)
            renamed.append(canonical)
        if set(renamed) == set(expected.children) and renamed != list(expected.children) \
                and len(renamed) == len(expected.children):
            self._record(where.divergence(
                "protocol", " ".join(expected.children), " ".join(renamed), [],
                "legal moves not in canonical order", topic="move order"), check)
        return outcome, children, renamed

    def _compare_child(self, node: Node, move: str, expected: Expected,
                       position: str | None, result: dict[str, Any], attributor: Attributor,
                       where: Where, check: _Check) -> list[Divergence]:
        game = node.game
        found: list[Divergence] = []
        expected_outcome = expected.children[move][1]
        if position is None:
            if "notation" in self.session.features and check.combination is not None:
                what = "position after a move not given (successors not compared)"
                gaps = check.combination.gaps
                gaps[what] = gaps.get(what, 0) + 1
        elif not same_position(position,
                               expected_position := expected.position_after(node, move)):
            canonical, error = self._canonical(game, position, node.options)
            if canonical != expected_position:
                blame = self._attribute(partial(
                    self._successor_blame, attributor, node, move, expected_position,
                    position, canonical, error), Blame([], []), where)
                detail = blame.detail or (
                    f"the engine's position does not parse: {error}" if error
                    else f"differs in {', '.join(blame.fields)}")
                found.append(where.divergence(
                    "successor", expected_position, position, list(blame.rules), detail,
                    move=move))
                return found
            self._record(where.divergence(
                "protocol", expected_position, position, [],
                "the position is right but not in canonical notation", move=move,
                topic="canonical notation"), check)
        differs, omitted = outcome_difference(expected_outcome, result)
        self._gaps(check, omitted)
        if differs:
            after = game.parse_position(expected.position_after(node, move))
            judged = self._attribute(partial(
                self._outcome_blame, attributor, node, move, after, expected_outcome, result),
                Blame([], []), where)
            found.append(where.divergence(
                "outcome", compared_part(expected_outcome), compared_part(result),
                list(judged.rules), judged.detail or "after the move, the reference: "
                + game.outcome_text(after), move=move))
        return found

    def _canonical(self, game: AnyGame, position: str, options: Mapping[str, str]
                   ) -> tuple[str | None, ShibumiError | None]:
        """The engine's position in canonical notation under the request's options
        (where it leaves them out), or the reason it does not parse."""
        try:
            state = game.parse_position(position)
            given = {f.split("=", 1)[0] for f in position.split() if "=" in f}
            state = game.with_options(state, {k: v for k, v in options.items()
                                              if k not in given})
            return game.format_position(state), None
        except ShibumiError as err:
            return None, err
        except Exception as err:  # a reference bug must not stop the run
            self.harness_errors.append(f"the reference failed to read {position!r}: "
                                       f"{_where_failed(err)}")
            return None, ShibumiError(f"{type(err).__name__}: {err}")

    @staticmethod
    def _successor_blame(attributor: Attributor, node: Node, move: str, expected: str,
                         position: str, canonical: str | None,
                         error: ShibumiError | None) -> Blame:
        """A wrong successor: the colour-swapped game's, a position that does not
        parse (``blame.misparsed``), or what the game's attributor reads."""
        swapped = blame.swapped_successor(attributor, node, move, canonical)
        if swapped is not None:
            return swapped
        if error is not None:
            return blame.misparsed(attributor, node, move, expected, position, error)
        rules, fields = attributor.successor(node.game, node.state, move, expected, canonical)
        return Blame(list(rules), list(fields))

    @staticmethod
    def _outcome_blame(attributor: Attributor, node: Node, move: str | None, state: Any,
                       expected: dict[str, Any], actual: dict[str, Any]) -> Blame:
        """A wrong outcome: the colour-swapped game's, or what the attributor reads."""
        swapped = blame.swapped_outcome(attributor, node, move, actual)
        if swapped is not None:
            return swapped
        return Blame(list(attributor.outcome(node.game, state, expected, actual)), [])

    def _engine_children(self, started: _Started, expect: Callable[[], Expected],
                         check: _Check) -> tuple[_Answer | None, Expected, _Replies]:
        """The engine's outcome, successors per move, and listed moves for a node, from
        one ``expand`` answer or from ``moves`` and a ``play`` per move the reference
        allows (each at most once, all sent before any is read); and the reference's
        answer, computed while the engine computes its own."""
        node, where = started.node, started.where
        expected = expect()
        reply = self.pipeline.receive(started.sent)
        if not self._success(reply, where, started.kind, check):
            return None, expected, []
        assert reply is not None
        children: dict[str, tuple[str | None, dict[str, Any]]] = {}
        if started.kind == "expand":
            listed = []
            for child in reply["children"]:
                listed.append(child["move"])
                children.setdefault(child["move"], (child.get("position"),
                                                    child["outcome"]))
            self._duplicates(listed, where, check)
            return (reply["outcome"], children, listed), expected, [(reply, "expand")]
        replies: _Replies = [(reply, "moves")]
        listed = list(reply["moves"])
        self._duplicates(listed, where, check)
        plays = []
        for move in dict.fromkeys(listed):
            if move in expected.children:
                at = Where(where.game, node, move, where.source)
                plays.append((move, at, self.pipeline.send(
                    self._request("play", node, move=move), at)))
        for move, at, sent in plays:
            play = self.pipeline.receive(sent)
            if not self._success(play, at, "play", check):
                continue
            assert play is not None
            replies.append((play, "play"))
            children[move] = (play.get("position"), play["outcome"])
        return (reply["outcome"], children, listed), expected, replies

    def _duplicates(self, listed: list[str], where: Where, check: _Check) -> None:
        twice = duplicates(listed)
        if twice:
            shown = " ".join(twice[:20]) + (f" (and {len(twice) - 20} more)"
                                            if len(twice) > 20 else "")
            self._record(where.divergence(
                "protocol", "each legal move once", f"listed more than once: {shown}", [],
                f"{len(listed) - len(set(listed)):,} repeated entries",
                topic="duplicate moves"), check)

    def _success(self, reply: Message | None, where: Where, kind: str,
                 check: _Check) -> bool:
        """Whether the engine answered; an error answer is recorded by its kind: a
        rules error (illegal move, notation, position) is a rule divergence, a refusal
        (unsupported, option, request) a protocol finding, ``internal`` a failure."""
        if reply is None:
            return False
        if reply.get("ok"):
            return True
        error = reply.get("error", {})
        error_kind = str(error.get("kind"))
        message = f"{error_kind}: {error.get('message')}"
        rule = [r for r in [error.get("rule_id")] if isinstance(r, str)]
        if error_kind == "internal":
            item = where.divergence("engine-error", f"an answer to {kind}", message, [],
                                    topic=error_kind)
        elif error_kind in ("unsupported", "option", "request"):
            item = where.divergence("protocol", f"an answer to {kind}", message, [],
                                    "the engine refused a request within what it declares",
                                    topic=f"refused: {error_kind}")
        else:
            item = where.divergence("error", f"an answer to {kind}", message, rule,
                                    topic=error_kind)
        self._record(item, check)
        return False

    # -- illegal moves ---------------------------------------------------------------
    def check_illegal(self, node: Node, legal: Sequence[str], attributor: Attributor,
                      rng: random.Random, source: str, stats: PhaseStats,
                      combination: Combination | None = None) -> None:
        """Send a few moves the reference rejects here (drawn from moves legal
        elsewhere, preferring rules tested least) and check the engine rejects them."""
        self._illegal_answers(self._send_illegal(node, legal, attributor, rng, source,
                                                 stats), combination)

    def _send_illegal(self, node: Node, legal: Sequence[str], attributor: Attributor,
                      rng: random.Random, source: str, stats: PhaseStats
                      ) -> list[_Illegal]:
        game = node.game
        pool = self._move_pool.setdefault(game.name, {})
        pool.update(dict.fromkeys(legal))
        if self.config.illegal_per_node <= 0:
            return []
        sample = _sample_outside(list(pool), set(legal), SAMPLED_ILLEGAL, rng)
        if not sample:
            return []
        where = Where(game.name, node, None, source + ", illegal move")
        ranked = []
        for move in sample:
            rules, why = self._rules_and(partial(attributor.illegal, game, node.state, move),
                                         "the reference accepts it", where)
            if not rules and why == "the reference accepts it":
                continue
            key = rules[0] if rules else ""
            ranked.append((self._tested_rules.get(key, 0), move, rules, why, key))
        ranked.sort(key=lambda r: (r[0], r[1]))
        chosen: list[str] = []
        sent = []
        for _, move, rules, why, key in ranked:
            if len(chosen) >= self.config.illegal_per_node or key in chosen:
                continue
            chosen.append(key)
            self._tested_rules[key] = self._tested_rules.get(key, 0) + 1
            for rule in rules[:1]:
                self.rules.setdefault(rule, RuleTally()).rejections += 1
            at = Where(game.name, node, move, where.source)
            stats.checks += 1
            sent.append(_Illegal(at, rules, why, self.pipeline.send(
                self._request("play", node, move=move), at)))
        return sent

    def _illegal_answers(self, sent: Sequence[_Illegal],
                         combination: Combination | None) -> None:
        check = _Check(combination)
        for item in sent:
            reply = self.pipeline.receive(item.sent)
            if reply is None:
                continue
            if reply.get("ok"):
                self._record(item.where.divergence(
                    "extra-move", "illegal: " + item.why, "accepted", item.rules), check)
                continue
            kind = reply.get("error", {}).get("kind")
            if kind != "illegal-move":
                self._record(item.where.divergence(
                    "rejection", "error kind illegal-move", f"error kind {kind}",
                    item.rules, detail=str(reply.get("error", {}).get("message", ""))),
                    check)

    # -- vectors -----------------------------------------------------------------------
    def _vectors(self, game: AnyGame, declared: Declared, combo: Combination,
                 vectors: Sequence[Vector], attributor: Attributor) -> None:
        stats = self.phases.setdefault(f"{game.name} vectors", PhaseStats())
        mine = [v for v in vectors if v.options == combo.options]
        sendable = []
        for vector in mine:
            why = None
            if not declared.accepts_first(vector.first):
                why = f"from games {vector.first} starts, which the engine does not declare"
            elif "notation" not in self.session.features:
                why = "not sent: the engine reads no position notation"
            if why is not None:
                combo.skipped[why] = combo.skipped.get(why, 0) + 1
                stats.skipped += 1
            else:
                sendable.append(vector)
        combo.vectors = len(sendable)
        if self.config.vectors == [] and not self._vectors_given:
            combo.no_vectors = "--vectors gave no vector file"
        for vector in sendable:
            combo.available |= vector.exercises
        self._phase = f"{game.name} vectors ({combo.label})"
        starts: list[_Started] = []
        for i, vector in enumerate(sendable):
            while len(starts) <= min(i + VECTORS_AHEAD, len(sendable) - 1):
                ahead = sendable[len(starts)]
                node = Node(game, ahead.state, game.format_position(ahead.state),
                            dict(ahead.options), ahead.first)
                starts.append(self._start_node(node, f"vector {ahead.source}"))
            found, _, answered = self._finish_node(
                starts[i], partial(_given, vector.expected), attributor, stats, combo)
            if not answered:  # refused or failed: a check that found something
                stats.checks += 1
                stats.divergences += len(found)
                continue
            combo.vectors_checked += 1
            combo.covered |= vector.exercises
            implicated = {rule for item in found if item.category == RULE
                          for rule in item.rules}
            for rule in vector.rules:
                tally = self.rules.setdefault(rule, RuleTally())
                tally.vectors += 1
                tally.failed += rule in implicated
            stats.divergences += len(found)
            self._progress(f"{i + 1}/{len(sendable)} vectors")

    # -- perft -------------------------------------------------------------------------
    def _perft(self, game: AnyGame, declared: Declared, combo: Combination,
               vectors: Sequence[Vector], attributor: Attributor) -> None:
        stats = self.phases.setdefault(f"{game.name} perft", PhaseStats())
        depth = self.config.depth if self.config.depth is not None \
            else self.definitions[game.name].conform_depth
        if depth < 1:
            return
        if "perft" not in self.session.features:
            if "the engine does not answer perft" not in stats.notes:
                stats.notes.append("the engine does not answer perft")
            stats.skipped += 1
            return
        self._phase = f"{game.name} perft({depth}) ({combo.label})"
        roots = []
        for first in declared.first:
            state = game.start(combo.options, first)
            label = "the start" + (f" ({first} first)" if first else "")
            roots.append((Node(game, state, game.format_position(state), combo.options,
                               first, ()), label))
        if "notation" in self.session.features:
            for vector in vectors:
                if vector.name is None or vector.options != combo.options \
                        or not declared.accepts_first(vector.first):
                    continue
                roots.append((Node(game, vector.state, game.format_position(vector.state),
                                   dict(vector.options), vector.first), vector.name))
        roots = _distinct(roots)
        asked = [self._ask_perft(node, depth, f"perft({depth}) from {label}")
                 for node, label in roots]  # every root at once: the engine counts on
        for number, ((node, label), sent) in enumerate(zip(roots, asked, strict=True), 1):
            found = self.perft_descent(node, depth, attributor, stats, label, combo, sent)
            stats.divergences += found
            combo.perft += 1
            self._progress(f"{number}/{len(roots)} roots")

    def _bounded(self, work: Callable[[], T], game: str, source: str) -> T:
        """The reference's own work, within the run's deadline: past it, the run stops
        (the work goes on in a daemon thread until this process exits)."""
        if self._deadline == float("inf"):
            return work()
        box: list[T] = []
        failed: list[BaseException] = []

        def run() -> None:
            try:
                box.append(work())
            except BaseException as err:  # re-raised in the harness's thread
                failed.append(err)

        worker = threading.Thread(target=run, name="reference perft", daemon=True)
        worker.start()
        worker.join(max(0.0, self._deadline - time.perf_counter()))
        if worker.is_alive():
            self._spent(game, source + " (the reference's own count)")
            raise OverBudget
        if failed:
            raise failed[0]
        return box[0]

    def _ask_perft(self, node: Node, depth: int, source: str) -> Sent:
        return self.pipeline.send(self._request("perft", node, depth=depth, divide=True),
                                  Where(node.game.name, node, None, source))

    def perft_descent(self, root: Node, depth: int, attributor: Attributor,
                      stats: PhaseStats, label: str = "the start",
                      combination: Combination | None = None,
                      asked: Sent | None = None) -> int:
        """Compare perft with divide; while counts differ, go down the first move whose
        count differs until a position whose own answers differ (or, when they all
        agree, report the perft counts there). An engine that gives no divide is
        compared on the total. ``asked`` is the root's request when it was sent
        already. Returns divergences recorded."""
        game = root.game
        node, path = root, list[str]()
        check = _Check(combination)
        while True:
            source = (f"perft({depth + len(path)}) from {label}"
                      + (f", after {' '.join(path)}" if path else ""))
            where = Where(game.name, node, None, source)
            sent = asked if asked is not None else self._ask_perft(node, depth, source)
            asked = None
            expected = dict(self._bounded(partial(game.divide, node.state, depth),
                                          game.name, source))  # while the engine counts
            reply = self.pipeline.receive(sent)
            stats.checks += 1
            if not self._success(reply, where, "perft", check):
                # no counts to descend by: the position's own answers may still show
                # where the engine goes wrong (a move it should not allow, say)
                found, _, _ = self.check_node(node, partial(reference_expectation, node),
                                              attributor, source, stats, combination)
                return 1 + len(found)
            assert reply is not None
            total = sum(expected.values())
            self.perft_nodes += total
            got = reply.get("divide")
            self._count(stats, 1, combination)
            if reply["total"] == total and (got is None or got == expected):
                if path:
                    self._record(where.divergence(
                        "perft", "the counts below this position match the parent's divide",
                        "the engine's count here differs from its own divide at the parent",
                        [], detail="inconsistent perft answers"), check)
                    return 1
                return 0
            found, _, _ = self.check_node(node, partial(reference_expectation, node),
                                          attributor, source, stats, combination)
            if found:
                return len(found)
            got = got or {}
            differing = [m for m in expected if got.get(m) != expected[m]]
            differing += [m for m in got if m not in expected]
            if depth == 1 or not differing or differing[0] not in expected:
                self._record(where.divergence(
                    "perft", {"total": total, "divide": expected},
                    {"total": reply["total"], "divide": reply.get("divide")}, [],
                    detail=f"first differing move {differing[0]}" if differing
                    else "the total differs from the sum of the divide", move=None), check)
                return 1
            move = differing[0]
            node = node.child(move)
            path.append(move)
            depth -= 1

    # -- random games -----------------------------------------------------------------
    def _random_games(self, game: AnyGame, declared: Declared, combo: Combination,
                      number: int, attributor: Attributor) -> None:
        stats = self.phases.setdefault(f"{game.name} random games", PhaseStats())
        ends = self.end_counts.setdefault(game.name, {})
        if not declared.first:
            note = "the engine lets no player move first: no game from the start"
            if note not in stats.notes:
                stats.notes.append(note)
            return
        definition = self.definitions[game.name]
        strategies = dict(definition.strategies())
        names = list(strategies) or ["uniform"]
        count = self.config.random_games
        positions = "notation" in self.session.features
        for k in range(count):
            strategy_name = names[(number * count + k) % len(names)]
            choose = strategies.get(strategy_name)
            self._phase = (f"{game.name} random game {k + 1}/{count} ({combo.label}, "
                           f"{strategy_name})")
            rng = random.Random(f"{self.config.seed}:{game.name}:{combo.label}:{k}")
            first = declared.first[k % len(declared.first)]
            state = game.start(combo.options, first)
            node = Node(game, state, None, combo.options, first, ())
            combo.random_games += 1
            end = f"no end within {self.config.max_plies} plies"
            started = self._start_node(node, self._game_source(k, combo, strategy_name, 0))
            asked: deque[tuple[_Started, Expected, list[_Illegal]]] = deque()
            for ply in range(self.config.max_plies + 1):
                source = started.where.source
                expected = reference_expectation(node, positions)
                legal = list(expected.children)
                illegal = self._send_illegal(node, legal, attributor, rng, source, stats)
                following = None
                if legal and ply < self.config.max_plies:
                    if choose is not None:
                        index = _index_of(expected.moves,
                                          choose(node.state, expected.moves, rng))
                    else:
                        index = rng.randrange(len(legal))
                    following = expected.child(node, index)
                    next_started = self._start_node(
                        following, self._game_source(k, combo, strategy_name, ply + 1))
                asked.append((started, expected, illegal))
                if len(asked) > PLIES_AHEAD:
                    self._check_ply(asked.popleft(), attributor, stats, combo)
                if not legal:
                    end = definition.end_of(node.state) or "over"
                    break
                if following is None:
                    break
                node, started = following, next_started
            while asked:
                self._check_ply(asked.popleft(), attributor, stats, combo)
            ends[end] = ends.get(end, 0) + 1

    def _check_ply(self, asked: tuple[_Started, Expected, list[_Illegal]],
                   attributor: Attributor, stats: PhaseStats, combo: Combination) -> None:
        """Read and compare the engine's answers about one position of a game: the
        node, then the illegal moves sent there."""
        started, expected, illegal = asked
        found, _, _ = self._finish_node(started, partial(_given, expected), attributor, stats,
                                        combo)
        stats.divergences += len(found)
        self._illegal_answers(illegal, combo)
        self._progress(f"ply {len(started.node.moves or ())}")

    def _game_source(self, k: int, combo: Combination, strategy: str, ply: int) -> str:
        return (f"random game {k + 1} of {combo.label} (seed {self.config.seed}, "
                f"{strategy}) ply {ply}")

    # -- progress --------------------------------------------------------------------
    def _count(self, stats: PhaseStats, n: int, combination: Combination | None) -> None:
        stats.positions += n
        self.positions += n
        if combination is not None:
            combination.positions += n

    def _progress(self, detail: str) -> None:
        now = time.perf_counter()
        if now - self._last_progress >= 1.0:
            self._say(f"{self._phase}: {detail}, {self.positions} positions checked")

    def _say(self, text: str) -> None:
        out = self.config.progress
        if out is None:
            return
        self._last_progress = time.perf_counter()
        elapsed = self._last_progress - self._began
        print(f"[conform {elapsed:6.1f}s] {text}", file=out, flush=True)


def _sample_outside(pool: list[str], excluded: set[str], count: int,
                    rng: random.Random) -> list[str]:
    """Up to ``count`` moves of ``pool`` not in ``excluded``, drawn without
    replacement (the pool is in a fixed order, so the draw repeats itself)."""
    if len(pool) <= len(excluded) + count:
        candidates = [m for m in pool if m not in excluded]
        return rng.sample(candidates, min(count, len(candidates)))
    chosen: list[str] = []
    seen: set[int] = set()
    while len(chosen) < count and len(seen) < len(pool):
        index = rng.randrange(len(pool))
        if index in seen:
            continue
        seen.add(index)
        if pool[index] not in excluded:
            chosen.append(pool[index])
    return chosen


def _distinct(roots: list[tuple[Node, str]]) -> list[tuple[Node, str]]:
    """Each perft root once: a named position that is one of the declared starts (the
    vectors ``start`` and ``start-black``) is searched under its first label only."""
    seen: set[tuple[str, str]] = set()
    out = []
    for node, label in roots:
        key = (node.game.format_position(node.state),
               json.dumps(node.options, sort_keys=True))
        if key not in seen:
            seen.add(key)
            out.append((node, label))
    return out


def _index_of(moves: list[Any], move: Any) -> int:
    """Where a strategy's move is among the moves it was given."""
    for index, candidate in enumerate(moves):
        if candidate is move:
            return index
    return moves.index(move)


def _given(expected: Expected) -> Expected:
    return expected


def _excerpt(message: Any) -> str:
    try:
        return json.dumps(message)[:300]
    except (TypeError, ValueError):
        return repr(message)[:300]


def _where_failed(err: BaseException) -> str:
    """The exception and the innermost place it was raised (for a bug report)."""
    frames = traceback.extract_tb(err.__traceback__)
    place = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(err).__name__}: {err}{place}"


def _planned(definition: GameDefinition) -> list[dict[str, str]]:
    """The combinations of options the spec's vectors are drawn under, in order."""
    return combinations(definition.rules(), definition.vector_plan())
