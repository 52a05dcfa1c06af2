"""Measure the "Ask the arbiter" page in headless Chromium: the bytes it loads, the time
to the board and to the first answer with an empty browser (cold), on a repeat visit
(warm: the service worker's cache filled) and with the server stopped (offline), on
loopback and over a throttled link, and the time each further question takes. It prints
figures; it asserts nothing.

    python benchmarks/arbiter_bench.py [--site DIR] [--runs N] [--questions N]
                                       [--mbit RATE]

Without ``--site`` it builds the site (``mkdocs build``) into a temporary folder, which
needs the Pyodide runtime prepared first (``npm ci --prefix web``). The site is served
from this process on 127.0.0.1, counting the bytes of every response. Times are read in
the page: the board at ``arbiterTimings.boardAt`` and the first answer at
``data-ready-at`` (milliseconds since the navigation began), a further question at
``data-elapsed`` (from the question sent to the worker to the answer shown) and
``data-ms`` (the engine's own time in the worker). The throttled link is the server's:
every response body goes out through one shared token bucket of ``--mbit`` (default
9 Mbit/s, as in issue 31's measurement), with no added latency.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tests.test_docs_browser as docs_browser  # noqa: E402
from tests.test_docs_browser import WebDriver, chromium  # noqa: E402

READY = """
const a = document.getElementById('answer');
if (!a || !a.hasAttribute('data-verdict')) return null;
return {verdict: a.dataset.verdict, readyAt: +a.dataset.readyAt, elapsed: +a.dataset.elapsed,
        ms: +a.dataset.ms, timings: window.arbiterTimings};
"""
ASK = """
history.pushState(null, '', arguments[0]);
window.dispatchEvent(new PopStateEvent('popstate'));
"""


OFFLINE_READY = "return document.getElementById('arbiter').dataset.offline === 'ready'"
CHUNK = 16 * 1024


class _Counting(docs_browser._QuietHandler):
    """Serves the site quietly and adds the size of every response body to ``sent``;
    with ``rate`` set (bytes a second), every body goes out through one shared link of
    that rate (a token bucket over all connections), as over a slow network."""

    sent: ClassVar[Counter[str]] = Counter()
    lock = threading.Lock()
    rate: ClassVar[float | None] = None
    link_free_at: ClassVar[float] = 0.0

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        for start in range(0, len(data), CHUNK):
            piece = data[start:start + CHUNK]
            if self.rate:
                with self.lock:
                    now = time.monotonic()
                    done_at = max(now, _Counting.link_free_at) + len(piece) / self.rate
                    _Counting.link_free_at = done_at
                time.sleep(max(0.0, done_at - time.monotonic()))
            outputfile.write(piece)
        with self.lock:
            self.sent[self.path.split("?")[0]] += len(data)


@contextlib.contextmanager
def serve(directory: Path, rate: float | None = None) -> Iterator[str]:
    """The docs browser test's server, with the counting (and throttling) handler."""
    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(docs_browser, "_QuietHandler", _Counting)
        patch.setattr(_Counting, "rate", rate)
        with docs_browser.serve(directory) as base:
            yield base


def _answer(driver: WebDriver, timeout: float = 300) -> dict[str, Any]:
    found: dict[str, Any] = driver.wait(READY, "the answer", timeout)
    return found


def _sent() -> Counter[str]:
    with _Counting.lock:
        taken = Counter(_Counting.sent)
        _Counting.sent.clear()
    return taken


def _questions(count: int, seed: int) -> list[str]:
    """URL queries about positions of seeded random games of every game."""
    from shibumi_rules.registry import definitions
    from shibumi_rules.web import Request, query_string

    rng = random.Random(seed)
    out = []
    for i in range(count):
        definition = definitions()[i % len(definitions())]
        game = definition.rules()
        state = game.start()
        for _ in range(rng.randrange(0, 30)):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.play(state, rng.choice(legal))
        legal = game.legal_move_texts(state)
        ask = rng.choice(legal) if legal and rng.random() < 0.7 else None
        out.append("?" + query_string(Request(definition.name, game.format_position(state),
                                              ask=ask)))
    return out


def _kib(n: int) -> str:
    return f"{n / 1024:,.0f} KiB"


def _visit(driver: WebDriver, url: str) -> dict[str, float]:
    driver.go(url)
    got = _answer(driver)
    return {"board": float(got["timings"].get("boardAt") or "nan"), "answer": got["readyAt"]}


def _seconds(values: list[float]) -> str:
    return ", ".join(f"{v / 1000:.2f} s" for v in values)


def app_visits(site: Path, runs: int, rate: float | None) -> dict[str, list[dict[str, float]]]:
    """Cold, warm and offline visits of a fresh browser, ``runs`` times: the first visit,
    a second once the service worker has cached the page, a third with the server
    stopped."""
    found: dict[str, list[dict[str, float]]] = {"cold": [], "warm": [], "offline": []}
    url = "/arbiter/?game=sploof&moves=1c3,1e3&ask="
    for _ in range(runs):
        with chromium() as driver:
            driver.resize(390, 844)
            with serve(site, rate) as base:
                found["cold"].append(_visit(driver, base + url + "x1a1"))
                driver.wait(OFFLINE_READY, "the offline cache", 600)
                found["warm"].append(_visit(driver, base + url + "x1g1"))
            found["offline"].append(_visit(driver, base + url + "x1c1"))
    return found


def report_visits(label: str, found: dict[str, list[dict[str, float]]]) -> None:
    for kind, visits in found.items():
        print(f"{label}, {kind}: board {_seconds([v['board'] for v in visits])}; "
              f"first answer {_seconds([v['answer'] for v in visits])}")


def run(site: Path, runs: int, questions: int, mbit: float = 9.0) -> None:
    report_visits("loopback", app_visits(site, runs, None))
    report_visits(f"{mbit:g} Mbit/s link", app_visits(site, 1, mbit * 1e6 / 8))
    first_url = "/arbiter/?game=" + "sploof&moves=1c3,1e3&ask=x1a1"
    colds: list[float] = []
    warms: list[float] = []
    loads: list[float] = []
    elapsed: list[float] = []
    engine: list[float] = []
    cold_bytes: Counter[str] = Counter()
    warm_bytes: Counter[str] = Counter()
    with serve(site) as base:
        for run_number in range(runs):
            with chromium() as driver:
                _sent()
                driver.go(base + first_url)
                cold = _answer(driver)
                colds.append(cold["readyAt"])
                loads.append(cold["timings"]["load"])
                cold_bytes = _sent()
                driver.go(base + first_url.replace("x1a1", "x1g1"))
                warm = _answer(driver)
                warms.append(warm["readyAt"])
                warm_bytes = _sent()
                if run_number == 0:
                    stages = cold["timings"].get("stages")
                    for query in _questions(questions, seed=1):
                        driver.script(ASK, query)
                        got = _answer(driver)
                        elapsed.append(got["elapsed"])
                        engine.append(got["ms"])
    print(f"page: {site}/arbiter/ (served from 127.0.0.1, {runs} cold runs)")
    print(f"bytes loaded, cold: {_kib(sum(cold_bytes.values()))} in {len(cold_bytes)} files")
    for path, size in cold_bytes.most_common():
        print(f"  {size:>10,}  {path}")
    print(f"bytes loaded, warm (cache filled): {_kib(sum(warm_bytes.values()))}")
    print("first answer, cold: " + ", ".join(f"{t / 1000:.2f} s" for t in colds)
          + " (engine load in the worker: "
          + ", ".join(f"{t / 1000:.2f} s" for t in loads) + ")")
    print(f"  stages (ms from the worker's start): {stages}")
    print("first answer, warm: " + ", ".join(f"{t / 1000:.2f} s" for t in warms))
    if elapsed:
        print(f"further questions ({len(elapsed)}): median {statistics.median(elapsed):.0f} ms, "
              f"max {max(elapsed):.0f} ms on the page; engine median "
              f"{statistics.median(engine):.0f} ms, max {max(engine):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3, help="cold starts to time")
    parser.add_argument("--questions", type=int, default=20, help="further questions to time")
    parser.add_argument("--mbit", type=float, default=9.0, help="the throttled link's rate")
    args = parser.parse_args()
    if args.site is not None:
        run(args.site, args.runs, args.questions, args.mbit)
        return 0
    with tempfile.TemporaryDirectory(prefix="shibumi-site-") as folder:
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                        "-f", str(ROOT / "mkdocs.yml"), "-d", folder], check=True)
        print(f"site built in {time.perf_counter() - began:.0f} s")
        if not (Path(folder) / "arbiter" / "engine.json").is_file():
            print("the site was built without the Pyodide runtime: run npm ci --prefix web")
            return 1
        run(Path(folder), args.runs, args.questions, args.mbit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
