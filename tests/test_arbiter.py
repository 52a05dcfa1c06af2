"""The browser arbiter's entry point (``shibumi_rules.web.answer``) answers every question
exactly as ``shibumi-rules explain`` does, run here as a real subprocess: the verdict
(mapped from ``explain --json``), the rule IDs in the order the JSON gives them, the
text, the picture, and for bad input the very line the command prints on stderr.

The helpers ``cli_expected`` and ``random_questions`` are shared with the browser test
(tests/test_arbiter_browser.py), which asks the same questions through the page."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import urllib.parse
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules.geometry import NAMES
from shibumi_rules.registry import definitions, game_names, get_definition, get_game
from shibumi_rules.tables.vectors import combinations
from shibumi_rules.web import Request, answer, move_points, parse_request, query_string

ROOT = Path(__file__).resolve().parents[1]

WON = ("WWBB,.BWW,WBWB,WBBW/.W.,.WW,..B/..,../. black stock:1,8 supply:4,0,16 "
       "simultaneous=mover supply=limited")
"""A finished Sploof game (White has the diagonal c1-f4)."""


# -- what the command line says --------------------------------------------------------

def _values(query: Mapping[str, str | Sequence[str]], key: str) -> list[str]:
    value = query.get(key, [])
    return [value] if isinstance(value, str) else list(value)


def cli_argv(query: Mapping[str, str | Sequence[str]]) -> list[str]:
    """The ``explain`` command a URL stands for (written out here, independently of the
    module under test)."""
    (game,) = _values(query, "game")
    argv = ["explain", game]
    for key, flag in (("position", "--position"), ("first", "--first"), ("moves", "--moves")):
        for value in _values(query, key):
            argv += [flag, value]
    for value in _values(query, "option"):
        argv += ["--option", value]
    if _values(query, "compare") == ["1"]:
        argv.append("--compare-rulings")
    argv += _values(query, "ask")
    return argv


def run_cli(argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "shibumi_rules", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def verdict_from_json(game: str, data: dict[str, Any]) -> str:
    """The page's ``data-verdict`` for an ``explain --json`` report: ``state`` for a
    position, ``legal``, or for an illegal move ``over`` when the position it was asked
    in is a finished game, else ``illegal``."""
    reply = data["answer"]
    if reply["kind"] == "position":
        return "state"
    if reply["legal"]:
        return "legal"
    engine = get_game(game)
    return "over" if engine.is_over(engine.parse_position(data["position"])) else "illegal"


def cli_expected(query: Mapping[str, str | Sequence[str]]) -> dict[str, Any]:
    """What the page must show for ``query``, from ``explain --json`` and ``explain``:
    ``verdict``, ``rules``, ``text`` and ``notice`` (the stderr line after an
    explanation), or for bad input ``verdict`` "error" and the stderr line as ``text``."""
    argv = cli_argv(query)
    as_json = run_cli([*argv, "--json"])
    if not as_json.stdout.strip():
        lines = as_json.stderr.strip().splitlines()
        assert as_json.returncode == 1 and len(lines) == 1, as_json
        return {"verdict": "error", "rules": None, "text": lines[0], "notice": None}
    data = json.loads(as_json.stdout)
    as_text = run_cli(argv)
    notice = as_text.stderr.strip() or None
    assert as_json.returncode == as_text.returncode == (1 if notice else 0)
    return {"verdict": verdict_from_json(data["game"], data), "rules": list(data["rules"]),
            "text": as_text.stdout, "notice": notice}


def assert_same(got: Mapping[str, Any], expected: Mapping[str, Any]) -> None:
    assert got["verdict"] == expected["verdict"]
    assert got["text"] == expected["text"]
    if expected["rules"] is not None:
        assert got["rules"] == expected["rules"]
        assert got["notice"] == expected["notice"]


# -- random questions ------------------------------------------------------------------

def random_questions(name: str, count: int, seed: int) -> list[dict[str, str | list[str]]]:
    """``count`` URL queries about positions of seeded random games of ``name``: given
    as moves from the start or as a position, asking a legal move, a move of another
    position (often illegal), a move after the end, or nothing (the state). Options and
    first players are those the game's random vectors use."""
    definition = get_definition(name)
    game = definition.rules()
    combos = combinations(game, definition.vector_plan())
    firsts = game.first_choices or (None,)
    rng = random.Random(f"{name}-{seed}")
    out: list[dict[str, str | list[str]]] = []
    for i in range(count):
        options = combos[i % len(combos)]
        first = firsts[i % len(firsts)]
        state = game.start(options, first)
        moves: list[str] = []
        to_end = i % 5 == 4
        for _ in range(10_000 if to_end else rng.randrange(0, 40)):
            legal = game.legal_move_texts(state)
            if not legal:
                break
            moves.append(rng.choice(legal))
            state = game.play_text(state, moves[-1])
        query: dict[str, str | list[str]] = {"game": name}
        if i % 2 == 0:
            if moves:
                query["moves"] = ",".join(moves)
            query["option"] = [f"{k}={v}" for k, v in sorted(options.items())]
            if first is not None and game.first_choices:
                query["first"] = first
        else:
            query["position"] = game.format_position(state)
        legal = game.legal_move_texts(state)
        kind = rng.random()
        if legal and kind < 0.5:
            query["ask"] = rng.choice(legal)
        elif kind < 0.8 or not legal:
            other = game.legal_move_texts(game.start(options, first))
            query["ask"] = rng.choice(other)
        out.append(query)
    return out


# -- the tests -------------------------------------------------------------------------

EXAMPLES = [
    pytest.param({"game": "sploof", "moves": "1c3,1e3", "ask": "x1a1"}, id="sploof-removal"),
    pytest.param({"game": "sploof", "moves": "1c3,1e3", "ask": "x1c3"}, id="sploof-bad-removal"),
    pytest.param({"game": "sploof", "moves": "1c3 1e3 1c5 1e5", "ask": "2d4"},
                 id="sploof-upper-level"),
    pytest.param({"game": "sploof", "moves": "1c3,1c3", "ask": "1e3"}, id="sploof-stop"),
    pytest.param({"game": "sploof", "position": WON, "ask": "1a3"}, id="sploof-over"),
    pytest.param({"game": "sploof", "position": WON}, id="sploof-over-state"),
    pytest.param({"game": "sploof", "first": "black", "moves": "1c3",
                  "option": ["supply=unlimited", "simultaneous=draw"], "compare": "1",
                  "ask": "x1a1"}, id="sploof-options-compare"),
    pytest.param({"game": "splink", "ask": "R1a1+W1c1"}, id="splink-pair"),
    pytest.param({"game": "splink", "ask": "R1a1+W1a1"}, id="splink-bad-pair"),
    pytest.param({"game": "splink", "moves": "R1a1+W1c1", "option": "max_turns=1"},
                 id="splink-turn-limit"),
]


@pytest.mark.parametrize("query", EXAMPLES)
def test_answers_as_explain_does(query: dict[str, str | list[str]]) -> None:
    assert_same(answer(query), cli_expected(query))


BAD = [
    pytest.param({"game": "sploof", "moves": "1c3,9z9"}, id="bad-move-in-moves"),
    pytest.param({"game": "sploof", "position": "RRRR"}, id="bad-position"),
    pytest.param({"game": "sploof", "position": "RRRR,R..R,R..R,RRRR/W..,...,.../..,../. "
                  "white stock:1,2 supply:14,14,4"}, id="floating-ball"),
    pytest.param({"game": "sploof", "option": "supply=none"}, id="bad-option-value"),
    pytest.param({"game": "splink", "option": "colour=red"}, id="unknown-option"),
    pytest.param({"game": "sploof", "option": ["supply=limited", "supply=unlimited"]},
                 id="option-twice"),
    pytest.param({"game": "sploof", "option": "supply"}, id="option-without-value"),
    pytest.param({"game": "sploof", "first": "red"}, id="bad-first"),
    pytest.param({"game": "splink", "first": "attractor"}, id="first-not-chosen"),
    pytest.param({"game": "sploof", "position": WON, "first": "white"},
                 id="first-with-position"),
]


@pytest.mark.parametrize("query", BAD)
def test_bad_input_gives_the_line_the_command_prints(query: dict[str, str | list[str]]
                                                     ) -> None:
    got = answer(query)
    expected = cli_expected(query)
    assert expected["verdict"] == "error"
    assert got["verdict"] == "error"
    assert got["text"] == expected["text"]
    assert got["report"] is None and got["svg"] is None


def test_a_broken_rule_in_bad_input_is_cited() -> None:
    got = answer({"game": "sploof", "position": "RRRR,R..R,R..R,RRRR/W..,...,.../..,../. "
                  "white stock:1,2 supply:14,14,4"})
    assert got["verdict"] == "error"
    assert got["rules"] == ["SHB-GRAVITY-1"]
    assert got["text"].endswith("[SHB-GRAVITY-1]")


KNOWN = ", ".join(game_names())


@pytest.mark.parametrize(("query", "line"), [
    ({"game": "sploof", "move": "1c3"},
     "error: unknown URL parameter 'move' (known: game, position, first, moves, option, "
     "compare, ask)"),
    ({"game": "sploof", "ask": ["1c3", "1e3"]},
     "error: URL parameter 'ask' is given 2 times; give it once"),
    ({"moves": "1c3"}, f"error: no game: add game=NAME (known: {KNOWN})"),
    ({"game": "chess"}, f"error: unknown game 'chess' (known: {KNOWN})"),
    ({"game": "sploof", "compare": "maybe"},
     "error: URL parameter compare='maybe': expected 1 or 0"),
])
def test_a_bad_url_is_one_error_line(query: dict[str, str | list[str]], line: str) -> None:
    got = answer(query)
    assert (got["verdict"], got["text"], got["board"]) == ("error", line, None)
    assert [g["name"] for g in got["games"]] == list(game_names())


def test_a_question_that_is_no_move_is_answered_on_the_board_of_the_position() -> None:
    for query, rule in (({"game": "sploof", "moves": "1c3,1e3", "ask": "x9z9"}, "SPF-TURN-1"),
                        ({"game": "splink", "ask": "R1a1+R1c1"}, "SPK-PLACE-1"),
                        ({"game": "splink", "ask": "x1a1"}, "SPK-REMOVE-2")):
        got = answer(query)
        assert got["verdict"] == "illegal" and got["rules"][0] == rule
        assert_same(got, cli_expected(query))
        expected = answer({k: v for k, v in query.items() if k != "ask"})["board"]
        assert got["board"]["position"] == expected["position"]
        assert got["board"]["moves"] == expected["moves"]


def test_an_empty_query_is_the_start_of_the_first_game() -> None:
    first = definitions()[0]
    got = answer({})
    assert got["game"] == first.name and got["verdict"] == "state"
    assert got["text"] == cli_expected({"game": first.name})["text"]
    assert got["query"] == f"game={first.name}"


def test_a_legal_move_is_played_on_the_board_and_play_goes_on_from_it() -> None:
    got = answer({"game": "splink", "moves": "R1a1+W1c1", "ask": "W1e1+R1g1"})
    assert got["verdict"] == "legal"
    board = got["board"]
    assert board["played"] == ["R1a1+W1c1", "W1e1+R1g1"]
    after = answer({"game": "splink", "moves": ",".join(board["played"])})
    assert board["position"] == after["report"]["position"]
    assert board["moves"] == after["board"]["moves"]


def test_an_illegal_question_leaves_the_board_where_it_was_asked() -> None:
    got = answer({"game": "sploof", "moves": "1c3", "ask": "1c3"})
    assert got["verdict"] == "illegal"
    assert got["board"]["played"] == ["1c3"]
    assert got["board"]["position"] == got["report"]["position"]


@pytest.mark.parametrize("name", game_names())
def test_random_questions_answer_as_explain_does(name: str) -> None:
    for query in random_questions(name, 6, seed=1):
        assert_same(answer(query), cli_expected(query))


@pytest.mark.parametrize("name", game_names())
def test_random_questions_cover_every_verdict(name: str) -> None:
    """The questions the tests draw reach every kind of answer (else the comparison
    would prove less than it says)."""
    seen = {answer(q)["verdict"] for q in random_questions(name, 20, seed=2)}
    assert seen == {"legal", "illegal", "over", "state"}


# -- the URL and the board -------------------------------------------------------------

TOKEN = st.text(min_size=1, max_size=8).filter(
    lambda s: not any(c.isspace() or c == "," for c in s))
"""One move as the URL may hold it (moves are separated by commas or spaces)."""
TEXT = st.text(min_size=1, max_size=20).filter(lambda s: s.strip() == s and s != "")


def parse_url_query(text: str) -> dict[str, list[str]]:
    """A query string read as the page reads it: ``+`` stays a plus sign."""
    out: dict[str, list[str]] = {}
    for part in text.split("&"):
        key, _, value = part.partition("=")
        out.setdefault(urllib.parse.unquote(key), []).append(urllib.parse.unquote(value))
    return out


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(game_names()), position=st.none() | TEXT,
       first=st.none() | TEXT, moves=st.lists(TOKEN, max_size=4),
       options=st.lists(TEXT, max_size=3), compare=st.booleans(), ask=st.none() | TEXT)
def test_the_shareable_query_reads_back_as_the_same_request(
        game: str, position: str | None, first: str | None, moves: list[str],
        options: list[str], compare: bool, ask: str | None) -> None:
    request = Request(game, position, first, tuple(moves), tuple(options), compare, ask)
    text = query_string(request)
    assert re.fullmatch(r"[A-Za-z0-9%,:/=&._~-]*", text), text
    assert parse_request(parse_url_query(text)) == request


def _board_state(name: str, data: st.DataObject) -> Any:
    game = get_game(name)
    state = game.start()
    for _ in range(data.draw(st.integers(0, 30))):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.play(state, data.draw(st.sampled_from(legal)))
    return game, state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(game_names()), data=st.data())
def test_every_point_of_the_board_can_be_clicked_and_every_move_made_by_clicks(
        name: str, data: st.DataObject) -> None:
    """The board picture has an element for each of the 30 points in its level's panel,
    and each legal move lists the points it names: the clicks that make it."""
    game, state = _board_state(name, data)
    got = answer({"game": name, "position": game.format_position(state)})
    board = got["board"]
    assert [m["move"] for m in board["moves"]] == game.legal_move_texts(state)
    svg = board["svg"]
    for level in range(1, 5):
        panel = svg.split(f'class="panel level level-{level}"')[1].split("</g>")[0]
        clickable = set(re.findall(r'<circle class="(?:ball|empty)[^"]*" data-point="(\w+)"',
                                   panel))
        assert clickable == {n for n in NAMES if n[0] == str(level)}
    for move in board["moves"]:
        assert move["points"] == move_points(move["move"])
        assert move["points"] and all(p in NAMES for p in move["points"])


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_the_svg_escapes_text_as_saxutils_does(text: str) -> None:
    """``shibumi_rules.svg`` escapes without importing ``xml.sax.saxutils`` (whose imports
    cost the browser's arbiter a second at start-up); the pictures stay byte-identical."""
    from xml.sax.saxutils import escape, quoteattr

    from shibumi_rules import svg

    assert svg._escape(text) == escape(text)
    assert svg._quoteattr(text) == quoteattr(text)
