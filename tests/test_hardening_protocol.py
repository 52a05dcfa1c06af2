"""The reference engine under hostile requests: every request line gets exactly one
well-formed answer and the engine lives on (lone surrogates, huge integers, deep
nesting, padded positions, over-long lines, huge perft depths, over-long lists), with
the right error kind; its memory stays bounded when fed a 1 GiB line.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules.conformance import protocol
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.json_input import read_lines
from shibumi_rules.limits import (
    MAX_COUNT_DIGITS,
    MAX_JSON_NESTING,
    MAX_LIST_ITEMS,
    MAX_PERFT_DEPTH,
    MAX_REQUEST_LINE,
    MAX_RESPONSE_LINE,
    PARSE_CACHE_ENTRIES,
    PARSE_CACHE_KEY_CHARS,
)

ROOT = Path(__file__).resolve().parents[1]
SPLOOF_OPTIONS = {"simultaneous": "mover", "supply": "limited"}
SPLOOF_START = ("RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 "
                "simultaneous=mover supply=limited")
SPLINK_START = ("....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16 "
                "max_turns=none supply=limited")
HUGE = "9" * 4301
PATIENCE = 120.0
ENGINE = ReferenceEngine()


def _moves(game: str, position: dict[str, Any], options: dict[str, str] | None = None,
           kind: str = "moves", **extra: Any) -> dict[str, Any]:
    default = SPLOOF_OPTIONS if game == "sploof" else {}
    return {"id": 7, "type": kind, "game": game,
            "options": default if options is None else options, "position": position,
            **extra}


def _answer(line: bytes) -> dict[str, Any]:
    """The one answer to one request line, checked against the protocol."""
    out = ENGINE.handle_line(line)
    assert out.endswith(b"\n") and out.count(b"\n") == 1
    reply = json.loads(out)
    assert isinstance(reply, dict)
    if reply["ok"] is False:
        protocol.validate_response(reply, "moves")
    return reply


# -- one request at a time ---------------------------------------------------------------

@pytest.mark.parametrize("line, request_id", [
    (rb'{"id":"\ud800","type":"identify"}', None),
    (rb'{"id":3,"type":"moves","game":"sploof","options":{"\ud800":"x"},'
     rb'"position":{"moves":[]}}', 3),
    (rb'{"id":"\udfff","type":"moves", not json', None),
    (rb'{"id":4,"type":"play","game":"sploof","options":{},"position":{"moves":[]},'
     rb'"move":"1c3\ud800"}', 4),
])
def test_a_lone_surrogate_is_a_request_error(
        line: bytes, request_id: Any) -> None:
    reply = _answer(line)
    assert reply["id"] == request_id
    assert reply["error"]["kind"] == "request"


def test_a_message_with_a_lone_surrogate_still_encodes_to_one_line() -> None:
    line = protocol.encode({"id": 1, "ok": False, "text": "é \ud800"})
    assert line.isascii() and line.count(b"\n") == 1
    assert json.loads(line)["text"] == "é \ud800"
    assert protocol.encode({"id": 1, "text": "é"}) == '{"id":1,"text":"é"}\n'.encode()


@pytest.mark.parametrize("request_, kind, words", [
    (_moves("splink", {"moves": []}, {"max_turns": HUGE}), "option",
     f"at most {MAX_COUNT_DIGITS} digits"),
    (_moves("splink", {"notation": SPLINK_START.replace("turns:0", f"turns:{HUGE}")}),
     "notation", f"at most {MAX_COUNT_DIGITS} digits"),
    (_moves("splink", {"notation": SPLINK_START.replace("supply:16,16",
                                                        f"supply:16,{HUGE}")}),
     "notation", f"at most {MAX_COUNT_DIGITS} digits"),
    (_moves("sploof", {"notation": SPLOOF_START.replace("stock:2,2", f"stock:{HUGE},2")}),
     "notation", f"at most {MAX_COUNT_DIGITS} digits"),
    (_moves("sploof", {"notation": SPLOOF_START.replace("14,14,4", f"14,14,{HUGE}")}),
     "notation", f"at most {MAX_COUNT_DIGITS} digits"),
    (_moves("sploof", {"notation": " " + SPLOOF_START}), "notation", "a leading space"),
    (_moves("sploof", {"notation": SPLOOF_START + "\t"}), "notation", "a tab"),
    (_moves("sploof", {"notation": SPLOOF_START.replace(" ", "  ", 1)}), "notation",
     "two spaces"),
    (_moves("sploof", {"notation": SPLOOF_START.replace(" ", "\u00a0", 1)}), "notation",
     "U+00A0"),
    (_moves("sploof", {"notation": SPLOOF_START.replace(" ", "\u3000", 1)}), "notation",
     "U+3000"),
    (_moves("sploof", {"moves": []}, kind="perft", depth=MAX_PERFT_DEPTH + 1),
     "unsupported", f"depths 0 to {MAX_PERFT_DEPTH}"),
    (_moves("sploof", {"moves": []}, kind="perft", depth=10 ** 4000), "unsupported",
     f"depths 0 to {MAX_PERFT_DEPTH}"),
    (_moves("sploof", {"moves": ["1c3"] * (MAX_LIST_ITEMS + 1)}), "request",
     f"over the limit of {MAX_LIST_ITEMS:,}"),
])
def test_bad_values_get_the_right_error_kind(request_: dict[str, Any], kind: str,
                                             words: str) -> None:
    reply = _answer(json.dumps(request_).encode())
    assert reply["ok"] is False and reply["id"] == 7
    assert reply["error"]["kind"] == kind, reply
    assert words in reply["error"]["message"]


@pytest.mark.parametrize("line, words", [
    (b"[" * 100_000 + b"]" * 100_000, f"deeper than {MAX_JSON_NESTING} levels"),
    (b'{"id":7,"x":' + b"[" * 100 + b"]" * 100 + b"}", f"deeper than {MAX_JSON_NESTING}"),
    (b'{"id":' + b"1" * 5000 + b',"type":"identify"}', "5,000 digits"),
    (b'{"id":7,"type":"perft","depth":' + b"9" * 5000 + b"}", "5,000 digits"),
])
def test_deep_or_huge_json_is_refused_in_one_line(line: bytes, words: str) -> None:
    reply = _answer(line)
    assert reply["ok"] is False and reply["error"]["kind"] == "request"
    assert words in reply["error"]["message"]


def test_an_answer_over_the_response_limit_becomes_an_error() -> None:
    class Verbose(ReferenceEngine):
        def outcome(self, game: Any, state: Any) -> dict[str, Any]:
            return {**super().outcome(game, state), "reason": "x" * MAX_RESPONSE_LINE}

    reply = json.loads(Verbose().handle_line(json.dumps(_moves(
        "sploof", {"moves": []})).encode()))
    assert reply["ok"] is False and reply["id"] == 7
    assert reply["error"]["kind"] == "unsupported"
    assert "over the limit of a response line" in reply["error"]["message"]


def test_the_parse_cache_is_bounded_in_entries_and_key_size() -> None:
    engine = ReferenceEngine()
    info = engine._parse_cached.cache_info()
    assert info.maxsize == PARSE_CACHE_ENTRIES
    long_options = {"simultaneous": "mover", "supply": "limited",
                    "x" * PARSE_CACHE_KEY_CHARS: "y"}
    engine.handle(_moves("sploof", {"notation": SPLOOF_START}, long_options))
    assert engine._parse_cached.cache_info().currsize == 0  # refused, nothing kept
    assert engine.handle(_moves("sploof", {"notation": SPLOOF_START}))["ok"] is True
    assert engine._parse_cached.cache_info().currsize == 1


def test_read_lines_cuts_an_over_long_line_and_carries_on(tmp_path: Path) -> None:
    path = tmp_path / "input"
    path.write_bytes(b"short\n" + b"x" * 100 + b"\n" + b"y" * 10 + b"\n" + b"z" * 12)
    with path.open("rb") as source:
        lines = list(read_lines(source, 10))
    assert lines == [(b"short\n", True), (b"x" * 10, False), (b"y" * 10 + b"\n", True),
                     (b"z" * 10, False)]


# -- a live engine -----------------------------------------------------------------------

class LiveEngine:
    """``shibumi-rules engine`` as a subprocess, read line by line with a deadline."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "shibumi_rules", "engine"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.buffer = b""

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def line(self) -> bytes:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], PATIENCE)
            assert ready, "the engine did not answer"
            chunk = os.read(fd, 1 << 16)
            assert chunk, "the engine died: " + self.stderr()
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def stderr(self) -> str:
        self.close()
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode("utf-8", "replace")

    def close(self) -> None:
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="module")
def live() -> Iterator[LiveEngine]:
    engine = LiveEngine()
    yield engine
    engine.close()


def test_the_issue_reproduction_gets_every_answer(live: LiveEngine) -> None:
    live.send(b'{"id":"\\ud800","type":"identify"}\n{"id":2,"type":"identify"}\n'
              b'{"id":3,"type":"moves","game":"sploof","options":{"\\ud800":"x"},'
              b'"position":{"moves":[]}}\n{"id":"\\ud800" oops\n')
    replies = [json.loads(live.line()) for _ in range(4)]
    assert [r["id"] for r in replies] == [None, 2, 3, None]  # a surrogate id is unreadable
    assert [r["ok"] for r in replies] == [False, True, False, False]


HOSTILE_TEXT = st.sampled_from([
    "\ud800", "\udfff", "a\udc80b", "\x00", "\x1b[2J", "\n", "\u2028", "\ufeff", "é",
    "9" * 30, " " + SPLOOF_START, SPLOOF_START + " ", SPLOOF_START.replace(" ", "\t"),
    SPLINK_START.replace("turns:0", "turns:" + "9" * 40), SPLOOF_START, SPLINK_START,
    "1c3", "x1a1", "R1a1+W1c1", "sploof", "splink", "none", "0", "-1",
])
KEYS = st.sampled_from(["id", "type", "game", "options", "position", "move", "depth",
                        "divide", "notation", "moves", "first", "protocol",
                        "max_turns", "supply", "simultaneous", "\ud800"])
SCALARS = (st.none() | st.booleans() | st.integers(-2, 70) | st.integers()
           | st.text(max_size=8) | HOSTILE_TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(KEYS, inner, max_size=6), max_leaves=12)


@st.composite
def requests(draw: st.DrawFn) -> bytes:
    """A request line: a valid request with a hostile id or other parts changed, any
    JSON value, raw bytes, deep nesting or a huge integer."""
    choice = draw(st.sampled_from(["mutated", "id", "value", "bytes", "deep", "huge"]))
    if choice == "bytes":
        return draw(st.binary(min_size=1, max_size=300))
    if choice == "deep":
        depth = draw(st.integers(MAX_JSON_NESTING - 2, 5000))
        return b'{"id":1,"x":' + b"[" * depth + b"]" * depth + b"}"
    if choice == "huge":
        return b'{"id":' + b"7" * draw(st.integers(4290, 4400)) + b',"type":"identify"}'
    if choice == "value":
        return json.dumps(draw(VALUES)).encode()
    request = draw(st.sampled_from([
        _moves("sploof", {"notation": SPLOOF_START}),
        _moves("splink", {"moves": ["R1a1+W1c1"]}, kind="play", move="R1a3+W1e1"),
        _moves("sploof", {"first": "black", "moves": ["1c3"]}, kind="expand"),
        _moves("splink", {"notation": SPLINK_START}, kind="perft", depth=1, divide=True),
        {"id": 1, "type": "identify", "protocol": 1},
    ]))
    request = json.loads(json.dumps(request))
    if choice == "id":
        request["id"] = draw(HOSTILE_TEXT | SCALARS)
        return json.dumps(request).encode()
    for _ in range(draw(st.integers(1, 3))):
        target = request
        if isinstance(request.get("position"), dict) and draw(st.booleans()):
            target = request["position"]
        if draw(st.booleans()) and target:
            del target[draw(st.sampled_from(sorted(target)))]
        target[draw(KEYS)] = draw(VALUES)
    return json.dumps(request).encode()


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(line=requests())
def test_fuzzed_requests_get_one_valid_answer_each_from_a_live_engine(
        live: LiveEngine, line: bytes) -> None:
    line = line.replace(b"\n", b" ")
    if not line.strip():
        return  # a blank line is not a request
    live.send(line + b"\n" + b'{"id":"after","type":"identify"}\n')
    reply = json.loads(live.line())
    assert isinstance(reply, dict)
    try:
        request: Any = json.loads(line)
    except (ValueError, RecursionError):
        request = None
    if reply["ok"]:
        assert isinstance(request, dict) and reply["id"] == request["id"]
        protocol.validate_response(reply, request["type"])
    else:
        protocol.validate_response(reply, "moves")
        assert reply["error"]["kind"] != "internal", reply
    sentinel = json.loads(live.line())  # the engine lives, and answered once only
    assert sentinel["id"] == "after" and sentinel["ok"] is True


# -- memory ------------------------------------------------------------------------------

def _peak_rss_bytes(pid: int) -> int:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc status")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_one_gib_line_keeps_the_engine_small_and_gets_an_error() -> None:
    engine = LiveEngine()
    try:
        chunk = b"x" * (1 << 20)
        engine.send(b'{"id":99,"pad":"')
        for _ in range(1024):
            engine.send(chunk)
        engine.send(b'"}\n{"id":2,"type":"identify"}\n')
        refused = json.loads(engine.line())
        assert refused["id"] == 99 and refused["ok"] is False
        assert f"over the limit of {MAX_REQUEST_LINE:,} bytes" in refused["error"]["message"]
        assert json.loads(engine.line())["ok"] is True
        peak = _peak_rss_bytes(engine.proc.pid)
        assert peak < 200 * 10 ** 6, f"peak RSS {peak / 1e6:.0f} MB"
    finally:
        engine.close()
