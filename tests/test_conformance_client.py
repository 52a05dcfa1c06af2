"""The engine driver survives engines that crash, hang, print garbage or flood, and
never runs the command through a shell."""

from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path

import pytest

from shibumi_rules.conformance.client import (
    MAX_LINE,
    STDERR_TAIL,
    EngineFailure,
    EngineProcess,
    split_command,
)

ANSWER = textwrap.dedent("""
    import json, sys
    def answer(line):
        request = json.loads(line)
        reply = {"id": request["id"], "ok": True, "type": "identify", "name": "x",
                 "version": "1", "protocol": 1, "games": {}, "features": ["notation"]}
        sys.stdout.write(json.dumps(reply) + "\\n")
        sys.stdout.flush()
""")


def _engine(tmp_path: Path, body: str, name: str = "engine.py") -> list[str]:
    path = tmp_path / name
    path.write_text(ANSWER + textwrap.dedent(body))
    return [sys.executable, str(path)]


def _identify(process: EngineProcess) -> dict[str, object]:
    exchange = process.request({"type": "identify"})
    assert exchange.response is not None
    return exchange.response


def test_a_well_behaved_engine_answers_in_order(tmp_path: Path) -> None:
    argv = _engine(tmp_path, "for line in sys.stdin: answer(line)\n")
    process = EngineProcess(argv, timeout=10)
    try:
        ids = [_identify(process)["id"] for _ in range(5)]
        assert ids == [1, 2, 3, 4, 5]
        assert process.starts == 1
    finally:
        process.stop()


def test_the_command_is_never_run_through_a_shell(tmp_path: Path) -> None:
    marker = tmp_path / "touched"
    script = tmp_path / "argv.py"
    script.write_text(ANSWER + textwrap.dedent("""
        for line in sys.stdin:
            request = json.loads(line)
            sys.stdout.write(json.dumps({"id": request["id"], "ok": True,
                                         "argv": sys.argv[1:]}) + "\\n")
            sys.stdout.flush()
    """))
    command = f"{sys.executable} {script} 'a;b' '$HOME' '; touch {marker}' \"x y\""
    process = EngineProcess(split_command(command), timeout=10)
    try:
        reply = process.request({"type": "identify"}).response
        assert reply is not None
        assert reply["argv"] == ["a;b", "$HOME", f"; touch {marker}", "x y"]
        assert not marker.exists()
    finally:
        process.stop()


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(ValueError):
        split_command("   ")


def test_a_missing_program_fails_to_start(tmp_path: Path) -> None:
    process = EngineProcess([str(tmp_path / "no-such-engine")], timeout=5)
    with pytest.raises(EngineFailure) as caught:
        process.request({"type": "identify"})
    assert caught.value.kind == "start"


def test_a_crash_is_reported_with_status_and_stderr_then_restarted(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        for line in sys.stdin:
            if json.loads(line)["id"] == 2:
                sys.stderr.write("boom: cannot go on\\n")
                sys.exit(3)
            answer(line)
    """)
    process = EngineProcess(argv, timeout=10)
    try:
        _identify(process)
        with pytest.raises(EngineFailure) as caught:
            _identify(process)
        assert caught.value.kind == "crash"
        assert "status 3" in caught.value.message
        assert "boom: cannot go on" in caught.value.stderr
        assert _identify(process)["id"] == 3
        assert process.starts == 2
    finally:
        process.stop()


def test_a_hanging_engine_times_out_and_is_killed(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        import time
        for line in sys.stdin:
            time.sleep(3600)
    """)
    process = EngineProcess(argv, timeout=0.5)
    began = time.monotonic()
    with pytest.raises(EngineFailure) as caught:
        process.request({"type": "identify"})
    assert caught.value.kind == "timeout"
    assert time.monotonic() - began < 5
    assert not process.running


def test_garbage_partial_and_foreign_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        for line in sys.stdin:
            sys.stdout.write("hello, I am thinking\\n")
            sys.stdout.write('{"id": 1, "ok": tr\\n')
            sys.stdout.write('{"id": 999, "ok": true}\\n')
            sys.stdout.write("[1, 2]\\n\\n")
            sys.stdout.flush()
            answer(line)
    """)
    process = EngineProcess(argv, timeout=10)
    try:
        exchange = process.request({"type": "identify"})
        assert exchange.response is not None and exchange.response["id"] == 1
        assert exchange.stray_count == 4
        assert [s.kind for s in exchange.strays] == ["garbage", "garbage", "unmatched",
                                                    "unmatched"]
    finally:
        process.stop()


def test_a_response_split_across_writes_is_reassembled(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        import time
        for line in sys.stdin:
            request = json.loads(line)
            text = json.dumps({"id": request["id"], "ok": True, "type": "identify",
                               "name": "slow", "version": "1", "protocol": 1,
                               "games": {}, "features": ["notation"]}) + "\\n"
            for i in range(0, len(text), 7):
                sys.stdout.write(text[i:i + 7])
                sys.stdout.flush()
                time.sleep(0.005)
    """)
    process = EngineProcess(argv, timeout=10)
    try:
        exchange = process.request({"type": "identify"})
        assert exchange.response is not None and exchange.response["name"] == "slow"
        assert exchange.stray_count == 0 and exchange.invalid is None
    finally:
        process.stop()


def test_an_over_long_line_is_discarded_without_losing_the_response(tmp_path: Path
                                                                      ) -> None:
    argv = _engine(tmp_path, f"""
        for line in sys.stdin:
            sys.stdout.write("z" * {MAX_LINE + 1000} + "\\n")
            answer(line)
    """)
    process = EngineProcess(argv, timeout=20)
    try:
        exchange = process.request({"type": "identify"})
        assert exchange.response is not None
        assert [s.kind for s in exchange.strays] == ["long-line"]
    finally:
        process.stop()


def test_an_endless_output_is_a_flood(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        for line in sys.stdin:
            chunk = "x" * 65536
            while True:
                sys.stdout.write(chunk)
    """)
    process = EngineProcess(argv, timeout=30)
    with pytest.raises(EngineFailure) as caught:
        process.request({"type": "identify"})
    assert caught.value.kind == "flood"
    assert not process.running


def test_a_chatty_stderr_cannot_deadlock_the_engine(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        for line in sys.stdin:
            for _ in range(200):
                sys.stderr.write("debug " + "." * 10000 + "\\n")
            sys.stderr.write("last words\\n")
            sys.stderr.flush()
            answer(line)
    """)
    process = EngineProcess(argv, timeout=20)
    try:
        assert _identify(process)["id"] == 1
        tail = process.stderr_tail()
        assert tail.endswith("last words\n")
        assert len(tail) <= STDERR_TAIL
    finally:
        process.stop()


def test_an_engine_that_closes_its_output_counts_as_a_crash(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        import os, time
        sys.stdin.readline()
        os.close(1)
        time.sleep(3600)
    """)
    process = EngineProcess(argv, timeout=10)
    began = time.monotonic()
    with pytest.raises(EngineFailure) as caught:
        process.request({"type": "identify"})
    assert caught.value.kind == "crash"
    assert time.monotonic() - began < 8
    assert not process.running


def test_an_invalid_response_is_returned_with_the_reason(tmp_path: Path) -> None:
    argv = _engine(tmp_path, """
        for line in sys.stdin:
            request = json.loads(line)
            sys.stdout.write(json.dumps({"id": request["id"], "ok": True,
                                         "type": "identify"}) + "\\n")
            sys.stdout.flush()
    """)
    process = EngineProcess(argv, timeout=10)
    try:
        exchange = process.request({"type": "identify"})
        assert exchange.invalid is not None and "missing" in exchange.invalid
        assert json.dumps(exchange.response)
    finally:
        process.stop()
