"""The engine of the "Writing an engine" page: its code blocks, put together, make a
program that the conformance harness finds conformant, and whose perft counts match
the spec's perft file."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "writing-an-engine.md"


def walkthrough_program() -> str:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 6, "the walk-through lost its code blocks"
    return "\n\n".join(blocks)


def start_counts() -> list[int]:
    text = (ROOT / "spec" / "perft" / "sploof.perft").read_text(encoding="utf-8")
    block = text.split("\nname start\n", 1)[1].split("\n\n", 1)[0]
    return [int(line.split()[2]) for line in block.splitlines()
            if line.startswith("depth ")][:3]


def test_walkthrough_engine_counts_like_the_perft_file() -> None:
    namespace: dict[str, Any] = {"__name__": "walkthrough"}
    argv = sys.argv
    sys.argv = ["engine.py", str(ROOT / "spec")]
    try:
        exec(compile(walkthrough_program(), str(PAGE), "exec"), namespace)
    finally:
        sys.argv = argv
    state = namespace["parse_position"](
        "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4")
    perft = namespace["perft"]
    assert [perft(state, d) for d in (1, 2, 3)] == start_counts()


def test_walkthrough_engine_passes_the_conformance_harness(tmp_path: Path) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(walkthrough_program(), encoding="utf-8")
    command = shlex.join([sys.executable, str(engine), str(ROOT / "spec")])
    done = subprocess.run(
        [sys.executable, "-m", "shibumi_rules", "conform", "--engine", command,
         "--game", "sploof", "--games", "1", "--depth", "2", "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "CONFORMANT" in done.stdout
    for check in ("vectors", "perft", "random games"):
        row = re.search(rf"^sploof {check}\s+(\d+)\s+(\d+)\s+(\d+)", done.stdout, re.M)
        assert row is not None, f"no {check} row in the report:\n{done.stdout}"
        checks, _positions, divergences = map(int, row.groups())
        assert checks >= 1 and divergences == 0, row.group(0)
