"""The conformance checks: an engine, driven over the protocol, against the reference.

Four kinds of check, each comparing the engine's answers with the reference's:

- the spec's conformance vectors (``spec/conformance/*.jsonl``);
- perft with divide from the start, descending into the first move whose count differs
  until the exact position and move where the two disagree;
- seeded random games, comparing legal moves, successors and outcomes at every ply;
- illegal moves, which the engine must reject.

Every divergence is attributed to rule IDs (``attribution``) and recorded once; the
smallest example of each kind and rule set is kept (``Recorder``). Engine failures
(crash, hang, flood, garbage) are recorded too; the engine is restarted and the run
goes on until too many failures in a row make it pointless.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final, TextIO

from ..errors import ShibumiError
from ..game import Game
from .attribution import Attributor, attributor_for
from .client import EngineProcess
from .nodes import Expected, Node, decisive, reference_expectation
from .protocol import Message
from .results import PhaseStats, Recorder, RuleTally, RunResult, UsageError
from .session import GiveUp, Session, Where
from .vectors import Vector, default_vector_files, load_vectors

AnyGame = Game[Any, Any]

"""Perft depth per game when ``--depth`` is not given (a few seconds in all)."""
ILLEGAL_PER_NODE: Final = 2
MAX_PLIES: Final = 150


@dataclass
class Config:
    games: list[str] | None = None
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    random_games: int = 6
    depth: int | None = None
    vectors: list[Path] | None = None
    """Vector files; None finds ``spec/conformance/*.jsonl`` next to the package."""
    timeout: float = 10.0
    progress: TextIO | None = None
    illegal_per_node: int = ILLEGAL_PER_NODE
    max_plies: int = MAX_PLIES


def _given(expected: Expected) -> Expected:
    return expected


_Answer = tuple[dict[str, Any], dict[str, tuple[str | None, dict[str, Any]]], list[str]]
"""The engine's answer for a node: outcome, (position, outcome) per move, moves listed."""


class Harness:
    """Runs every check of one conformance run."""

    def __init__(self, process: EngineProcess, config: Config,
                 reference: Mapping[str, AnyGame]) -> None:
        self.config = config
        self.reference = dict(reference)
        self.recorder = Recorder()
        self.session = Session(process, self.recorder)
        self.phases: dict[str, PhaseStats] = {}
        self.rules: dict[str, RuleTally] = {}
        self.positions = 0
        self._move_pool: dict[str, set[str]] = {}
        self._tested_rules: dict[str, int] = {}
        self._last_progress = 0.0
        self._began = 0.0
        self._phase = ""
        self._vector_list: list[Vector] = []
        self._given: dict[str, dict[str, str]] = {}

    # -- running ---------------------------------------------------------------------
    def run(self) -> RunResult:
        self._began = time.perf_counter()
        aborted = None
        games: list[str] = []
        files = self.config.vectors if self.config.vectors is not None \
            else default_vector_files()
        self._vector_list = list(load_vectors(files))
        self._given = self._options_per_game()
        try:
            self.session.open()
            games = self._games()
            for name in games:
                self._run_game(name)
        except GiveUp as err:
            aborted = str(err)
        finally:
            self.session.close()
        elapsed = time.perf_counter() - self._began
        self._say(f"done: {self.positions} positions in {elapsed:.1f} s")
        return RunResult(
            self.session.process.argv, self.session.identity, games, self.phases,
            self.recorder, self.rules, self.positions, elapsed, aborted,
            max(0, self.session.process.starts - 1), self._config_json())

    def _config_json(self) -> dict[str, Any]:
        c = self.config
        return {"games": c.games, "options": c.options, "seed": c.seed,
                "random_games": c.random_games, "depth": c.depth, "timeout": c.timeout,
                "vectors": [str(p) for p in c.vectors] if c.vectors is not None else None}

    def _games(self) -> list[str]:
        """The games to check: those asked for (each must be played by both the engine
        and the reference), or every game both play."""
        offered = self.session.identity.get("games", {})
        if self.config.games:
            for name in self.config.games:
                if name not in self.reference:
                    raise UsageError(f"unknown game {name!r} (known: "
                                     f"{', '.join(self.reference)})")
                if name not in offered:
                    raise UsageError(f"the engine does not play {name} (it plays "
                                     f"{', '.join(offered) or 'no game'})")
            return list(self.config.games)
        games = [name for name in self.reference if name in offered]
        if not games:
            raise UsageError("the engine plays none of the reference's games "
                             f"({', '.join(self.reference)})")
        return games

    def _options_per_game(self) -> dict[str, dict[str, str]]:
        """The ``--option`` values that concern each game (an option applies to the
        games that have it); an option no game has, or a bad value, is a usage
        error."""
        names = self.config.games or list(self.reference)
        given: dict[str, dict[str, str]] = {}
        used: set[str] = set()
        for name in names:
            game = self.reference[name]
            known = {spec.name for spec in game.options}
            mine = {k: v for k, v in self.config.options.items() if k in known}
            try:
                game.resolve_options(mine)
            except ShibumiError as err:
                raise UsageError(str(err)) from None
            given[name] = mine
            used |= mine.keys()
        unknown = sorted(self.config.options.keys() - used)
        if unknown:
            raise UsageError(f"unknown option {unknown[0]!r} for "
                             f"{', '.join(names)}")
        return given

    def _run_game(self, name: str) -> None:
        game = self.reference[name]
        options = game.resolve_options(self._given[name])
        analyst = attributor_for(game)
        self._vectors(game, analyst)
        self._perft(game, analyst, options)
        self._random_games(game, analyst)

    # -- engine support --------------------------------------------------------------
    def _supports_options(self, name: str, options: Mapping[str, str]) -> bool:
        """Whether the engine declared every option value (defaults always count)."""
        declared = self.session.identity.get("games", {}).get(name, {}).get("options", {})
        for key, value in options.items():
            info = declared.get(key)
            if info is None:
                if value != self._default(name, key):
                    return False
                continue
            values = info.get("values")
            if values is not None and value not in values:
                return False
        return True

    def _default(self, name: str, key: str) -> str | None:
        for spec in self.reference[name].options:
            if spec.name == key:
                return spec.default
        return None

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
        position = self._position(node)
        assert position is not None
        return {"type": kind, "game": node.game.name, "options": node.options,
                "position": position, **extra}

    # -- one node ---------------------------------------------------------------------
    def check_node(self, node: Node, expect: Callable[[], Expected], analyst: Attributor,
                   source: str, stats: PhaseStats) -> tuple[int, Expected]:
        """Compare the engine's view of one position with the reference: outcome,
        legal moves, and each legal move's successor and outcome. ``expect`` gives the
        reference's answer; it runs while the engine works on its own. Returns the
        number of divergences seen (recorded now or before), and the reference's
        answer."""
        before = self.recorder.observed
        where = Where(node.game.name, node, None, source)
        answer, expected = self._engine_children(node, expect, where)
        if answer is not None:
            self._compare_node(node, expected, answer, analyst, where, stats)
        return self.recorder.observed - before, expected

    def _compare_node(self, node: Node, expected: Expected, answer: _Answer,
                      analyst: Attributor, where: Where, stats: PhaseStats) -> None:
        outcome, children, listed = self._canonical_moves(node, expected, answer, where)
        stats.checks += 1
        self._count(stats, 1 + len(set(children) & set(expected.children)))
        game = node.game
        if decisive(outcome) != decisive(expected.outcome):
            rules = self._safely(lambda: analyst.outcome(game, node.state, expected.outcome,
                                                         outcome))
            self.recorder.add(where.divergence(
                "outcome", expected.outcome, outcome, rules,
                detail="the reference: " + game.outcome_text(node.state)))
            if outcome.get("over") or expected.outcome.get("over"):
                return
        engine_moves = set(listed)
        for move in listed:
            if move not in expected.children:
                rules, why = self._safely_pair(lambda m=move: analyst.illegal(game, node.state,
                                                                               m))
                self.recorder.add(where.divergence(
                    "extra-move", "illegal: " + why, "listed as legal", rules, move=move))
        for move in expected.children:
            if move not in engine_moves:
                rules = self._safely(lambda m=move: analyst.legal(game, node.state, m))
                self.recorder.add(where.divergence(
                    "missing-move", "legal", "not listed", rules, move=move))
        for move, (position, result) in children.items():
            want = expected.children.get(move)
            if want is None:
                continue
            self._compare_child(node, move, want, position, result, analyst, where)

    def _canonical_moves(self, node: Node, expected: Expected, answer: _Answer,
                         where: Where) -> _Answer:
        """The engine's moves in canonical notation: a move written another way that
        the reference reads as one of its legal moves is renamed (and the notation
        reported); moves listed out of canonical order are reported."""
        outcome, children, listed = answer
        game = node.game
        renamed = []
        for move in listed:
            if move in expected.children:
                renamed.append(move)
                continue
            try:
                canonical = game.format_move(game.parse_move(node.state, move))
            except Exception:
                canonical = move
            if canonical != move and canonical in expected.children:
                self.recorder.add(where.divergence(
                    "protocol", canonical, move, [], "a move not in canonical notation",
                    move=move, topic="canonical move"))
                if move in children:
                    children[canonical] = children.pop(move)
            renamed.append(canonical)
        if set(renamed) == set(expected.children) and renamed != list(expected.children):
            self.recorder.add(where.divergence(
                "protocol", " ".join(expected.children), " ".join(renamed), [],
                "legal moves not in canonical order", topic="move order"))
        return outcome, children, renamed

    def _compare_child(self, node: Node, move: str, want: tuple[str, dict[str, Any]],
                       position: str | None, result: dict[str, Any], analyst: Attributor,
                       where: Where) -> None:
        game = node.game
        expected_position, expected_outcome = want
        if position is not None and position != expected_position:
            canonical, error = _canonical(game, position)
            if canonical != expected_position:
                rules, fields = self._safely_pair(lambda: analyst.successor(
                    game, node.state, move, expected_position, canonical))
                detail = (f"the engine's position does not parse: {error}" if error
                          else f"differs in {', '.join(fields)}")
                self.recorder.add(where.divergence(
                    "successor", expected_position, position, rules, detail, move=move))
                return
            self.recorder.add(where.divergence(
                "protocol", expected_position, position, [],
                "the position is right but not in canonical notation", move=move,
                topic="canonical notation"))
        if decisive(result) != decisive(expected_outcome):
            after = game.parse_position(expected_position)
            rules = self._safely(lambda: analyst.outcome(game, after, expected_outcome,
                                                         result))
            self.recorder.add(where.divergence(
                "outcome", expected_outcome, result, rules,
                "after the move, the reference: " + game.outcome_text(after), move=move))

    def _engine_children(self, node: Node, expect: Callable[[], Expected], where: Where
                         ) -> tuple[_Answer | None, Expected]:
        """The engine's outcome, successors per move, and listed moves for a node, by
        one ``expand`` request or by ``moves`` and a ``play`` per move; and the
        reference's answer, computed while the engine computes its own."""
        if "expand" in self.session.features:
            ticket = self.session.submit(self._request("expand", node), where)
            expected = expect()
            reply = self.session.collect(ticket)
            if not self._success(reply, where, "expand"):
                return None, expected
            assert reply is not None
            children: dict[str, tuple[str | None, dict[str, Any]]] = {}
            listed = []
            for child in reply["children"]:
                listed.append(child["move"])
                children[child["move"]] = (child.get("position"), child["outcome"])
            self._duplicates(listed, where)
            return (reply["outcome"], children, listed), expected
        ticket = self.session.submit(self._request("moves", node), where)
        expected = expect()
        reply = self.session.collect(ticket)
        if not self._success(reply, where, "moves"):
            return None, expected
        assert reply is not None
        listed = list(reply["moves"])
        self._duplicates(listed, where)
        children = {}
        for move in listed:
            if move not in expected.children:
                continue
            at = Where(where.game, node, move, where.source)
            play = self.session.call(self._request("play", node, move=move), at)
            if not self._success(play, at, "play"):
                continue
            assert play is not None
            children[move] = (play.get("position"), play["outcome"])
        return (reply["outcome"], children, listed), expected

    def _duplicates(self, listed: list[str], where: Where) -> None:
        if len(set(listed)) != len(listed):
            twice = sorted({m for m in listed if listed.count(m) > 1})
            self.recorder.add(where.divergence(
                "protocol", "each legal move once", f"listed twice: {' '.join(twice)}", [],
                topic="duplicate moves"))

    def _success(self, reply: Message | None, where: Where, kind: str) -> bool:
        if reply is None:
            return False
        if reply.get("ok"):
            if "notation" in self.session.features and kind in ("play",) \
                    and "position" not in reply:
                self.recorder.add(where.divergence(
                    "protocol", "the resulting position", "no position field", [],
                    "an engine that reads notation must give the position after a move",
                    topic="missing position"))
            return True
        error = reply.get("error", {})
        self.recorder.add(where.divergence(
            "error", f"an answer to {kind}", f"{error.get('kind')}: {error.get('message')}",
            [r for r in [error.get("rule_id")] if isinstance(r, str)],
            topic=str(error.get("kind"))))
        return False

    @staticmethod
    def _safely(compute: Any) -> list[str]:
        try:
            result = compute()
        except Exception:  # attribution is advice; it never stops a run
            return []
        return list(result)

    @staticmethod
    def _safely_pair(compute: Any) -> tuple[list[str], Any]:
        try:
            first, second = compute()
        except Exception:
            return [], ""
        return list(first), second

    # -- illegal moves ---------------------------------------------------------------
    def check_illegal(self, node: Node, legal: Sequence[str], analyst: Attributor,
                      rng: random.Random, source: str, stats: PhaseStats) -> None:
        """Send a few moves the reference rejects here (drawn from moves legal
        elsewhere, preferring rules tested least) and check the engine rejects them."""
        game = node.game
        pool = self._move_pool.setdefault(game.name, set())
        pool.update(legal)
        legal_set = set(legal)
        candidates = sorted(pool - legal_set)
        if not candidates or self.config.illegal_per_node <= 0:
            return
        sample = rng.sample(candidates, min(len(candidates), 12))
        ranked = []
        for move in sample:
            rules, why = analyst.illegal(game, node.state, move)
            if not rules and why == "the reference accepts it":
                continue
            key = rules[0] if rules else ""
            ranked.append((self._tested_rules.get(key, 0), move, rules, why, key))
        ranked.sort(key=lambda r: (r[0], r[1]))
        chosen: list[str] = []
        for _, move, rules, why, key in ranked:
            if len(chosen) >= self.config.illegal_per_node or key in chosen:
                continue
            chosen.append(key)
            self._tested_rules[key] = self._tested_rules.get(key, 0) + 1
            for rule in rules[:1]:
                self.rules.setdefault(rule, RuleTally()).rejections += 1
            where = Where(game.name, node, move, source + ", illegal move")
            reply = self.session.call(self._request("play", node, move=move), where)
            stats.checks += 1
            if reply is None:
                continue
            if reply.get("ok"):
                self.recorder.add(where.divergence(
                    "extra-move", "illegal: " + why, "accepted", rules))
                continue
            kind = reply.get("error", {}).get("kind")
            if kind != "illegal-move":
                self.recorder.add(where.divergence(
                    "rejection", "error kind illegal-move", f"error kind {kind}", rules,
                    detail=str(reply.get("error", {}).get("message", ""))))

    # -- vectors -----------------------------------------------------------------------
    def _vectors(self, game: AnyGame, analyst: Attributor) -> None:
        stats = self.phases.setdefault(f"{game.name} vectors", PhaseStats())
        vectors = [v for v in self._vector_list if v.game == game.name]
        if not vectors:
            stats.notes.append("no vectors found")
            return
        if "notation" not in self.session.features:
            stats.skipped += len(vectors)
            stats.notes.append("skipped: the engine does not read position notation")
            return
        self._phase = f"{game.name} vectors"
        wanted = self._given[game.name]
        for i, vector in enumerate(vectors, 1):
            if any(vector.options.get(k) != v for k, v in wanted.items()):
                continue
            if not self._supports_options(game.name, vector.options):
                stats.skipped += 1
                continue
            try:
                state = game.parse_position(vector.position)
            except ShibumiError as err:
                stats.notes.append(f"{vector.source}: the reference rejects the vector's "
                                   f"position: {err}")
                continue
            node = Node(game, state, game.format_position(state), dict(vector.options))
            found, _ = self.check_node(node, partial(_given, vector.expected), analyst,
                                       f"vector {vector.source}", stats)
            for rule in vector.rules:
                tally = self.rules.setdefault(rule, RuleTally())
                tally.vectors += 1
                tally.failed += bool(found)
            stats.divergences += found
            self._progress(f"{i}/{len(vectors)} vectors")

    # -- perft -------------------------------------------------------------------------
    def _perft(self, game: AnyGame, analyst: Attributor, options: dict[str, str]) -> None:
        stats = self.phases.setdefault(f"{game.name} perft", PhaseStats())
        depth = self.config.depth if self.config.depth is not None \
            else _default_depth(game)
        if "perft" not in self.session.features:
            stats.notes.append("skipped: the engine does not answer perft")
            stats.skipped += 1
            return
        if depth < 1:
            return
        if not self._supports_options(game.name, options):
            stats.notes.append("skipped: the engine does not support these options")
            stats.skipped += 1
            return
        self._phase = f"{game.name} perft({depth})"
        first = game.first_choices[0] if game.first_choices else None
        state = game.start(options, first)
        roots = [(Node(game, state, game.format_position(state), options, first, ()),
                  "the start")]
        if "notation" in self.session.features:
            for vector in self._vector_list:
                if vector.game != game.name or vector.name is None or \
                        any(vector.options.get(k) != v for k, v in self._given[game.name].items()) \
                        or not self._supports_options(game.name, vector.options):
                    continue
                named = game.parse_position(vector.position)
                roots.append((Node(game, named, game.format_position(named),
                                   dict(vector.options)), vector.name))
        for number, (node, label) in enumerate(roots, 1):
            stats.divergences += self.perft_descent(node, depth, analyst, stats, label)
            self._progress(f"{number}/{len(roots)} roots")

    def perft_descent(self, root: Node, depth: int, analyst: Attributor,
                      stats: PhaseStats, label: str = "the start") -> int:
        """Compare perft with divide; while counts differ, go down the first move whose
        count differs until a position whose own answers differ (or, when they all
        agree, report the perft counts there). Returns divergences recorded."""
        game = root.game
        node, path = root, list[str]()
        while True:
            source = (f"perft({depth + len(path)}) from {label}"
                      + (f", after {' '.join(path)}" if path else ""))
            where = Where(game.name, node, None, source)
            reply = self.session.call(self._request("perft", node, depth=depth, divide=True),
                                      where)
            stats.checks += 1
            if not self._success(reply, where, "perft"):
                # no counts to descend by: the position's own answers may still show
                # where the engine goes wrong (a move it should not allow, say)
                found, _ = self.check_node(node, partial(reference_expectation, node),
                                           analyst, source, stats)
                return 1 + found
            assert reply is not None
            expected = dict(game.divide(node.state, depth))
            total = sum(expected.values())
            got = reply.get("divide") or {}
            self._count(stats, 1)
            if reply["total"] == total and got == expected:
                if path:
                    self.recorder.add(where.divergence(
                        "perft", "the counts below this position match the parent's divide",
                        "the engine's count here differs from its own divide at the parent",
                        [], detail="inconsistent perft answers"))
                    return 1
                return 0
            found, _ = self.check_node(node, partial(reference_expectation, node),
                                       analyst, source, stats)
            if found:
                return found
            differing = [m for m in expected if got.get(m) != expected[m]]
            differing += [m for m in got if m not in expected]
            if depth == 1 or not differing or differing[0] not in expected:
                self.recorder.add(where.divergence(
                    "perft", {"total": total, "divide": expected},
                    {"total": reply["total"], "divide": got}, [],
                    detail=f"first differing move {differing[0]}" if differing
                    else "the total differs from the sum of the divide", move=None))
                return 1
            move = differing[0]
            node = node.child(move)
            path.append(move)
            depth -= 1

    # -- random games -----------------------------------------------------------------
    def _variants(self, game: AnyGame) -> list[dict[str, str]]:
        """Option sets for the random games: the given options, or the defaults and
        each single alternative of every enumerated option."""
        base = game.resolve_options(self._given[game.name])
        if self._given[game.name]:
            return [base]
        variants = [base]
        for spec in game.options:
            for value in spec.values or ():
                if value != spec.default:
                    variants.append({**base, spec.name: value})
        return variants

    def _random_games(self, game: AnyGame, analyst: Attributor) -> None:
        stats = self.phases.setdefault(f"{game.name} random games", PhaseStats())
        variants = [v for v in self._variants(game) if self._supports_options(game.name, v)]
        if not variants:
            stats.notes.append("skipped: the engine supports none of the option sets")
            return
        for number in range(1, self.config.random_games + 1):
            self._phase = f"{game.name} random game {number}/{self.config.random_games}"
            rng = random.Random(f"{self.config.seed}:{game.name}:{number}")
            options = variants[(number - 1) % len(variants)]
            first = rng.choice(game.first_choices) if game.first_choices else None
            state = game.start(options, first)
            node = Node(game, state, game.format_position(state), options, first, ())
            for ply in range(self.config.max_plies + 1):
                source = (f"random game {number} (seed {self.config.seed}) ply {ply}")
                found, expected = self.check_node(
                    node, partial(reference_expectation, node), analyst, source, stats)
                stats.divergences += found
                legal = list(expected.children)
                self.check_illegal(node, legal, analyst, rng, source, stats)
                self._progress(f"ply {ply}")
                if not legal:
                    break
                node = node.child(rng.choice(legal))

    # -- progress --------------------------------------------------------------------
    def _count(self, stats: PhaseStats, n: int) -> None:
        stats.positions += n
        self.positions += n

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


def _canonical(game: AnyGame, position: str) -> tuple[str | None, str | None]:
    """The engine's position in canonical notation, or the reason it does not parse."""
    try:
        return game.format_position(game.parse_position(position)), None
    except ShibumiError as err:
        return None, str(err)
    except Exception as err:  # a reference bug must not stop the run
        return None, f"{type(err).__name__}: {err}"

def main_module_argv() -> list[str]:
    """The command that serves the reference engine: this Python, this package."""
    return [sys.executable, "-m", "shibumi_rules", "engine"]


def _default_depth(game: AnyGame) -> int:
    """The perft depth ``conform`` descends to when none is given: the game's own."""
    from ..games import bundle_of

    bundle = bundle_of(game)
    return bundle.conform_depth if bundle is not None else 2
