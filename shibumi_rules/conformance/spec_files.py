"""The protocol's files under ``spec/protocol/``: one JSON Schema per message, and an
example session recorded from the reference engine run as a subprocess. Written by
``shibumi-rules engine --write-spec`` and verified by ``--check``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

from ..errors import ShibumiError
from ..fileio import check_writable, write_atomic
from ..spec import spec_dir
from .client import EngineProcess, main_module_argv, main_module_env
from .protocol import Message, schema_documents

EXAMPLE_FILE: Final = "example-session.jsonl"
HAND_WRITTEN: Final = frozenset({"README.md"})
"""Files of the folder written by hand (the protocol in words), never generated."""
START: Final = "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 " \
               "lines_checked=both simultaneous=mover supply=limited"
SPLOOF_OPTIONS: Final = {"lines_checked": "both", "simultaneous": "mover",
                         "supply": "limited"}
SPLINK_OPTIONS: Final = {"max_turns": "none", "supply": "limited"}

EXAMPLE_REQUESTS: Final[list[Message]] = [
    {"id": 1, "type": "identify", "protocol": 1},
    {"id": 2, "type": "moves", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"first": "white", "moves": ["1c3", "1e3", "1c5"]}},
    {"id": 3, "type": "play", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"notation": START}, "move": "1c3"},
    {"id": 4, "type": "play", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"notation": START}, "move": "2b2"},
    {"id": 5, "type": "expand", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"first": "black", "moves": ["1c3", "1e3", "x1a1"]}},
    {"id": 6, "type": "perft", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"notation": START}, "depth": 2, "divide": True},
    {"id": 7, "type": "play", "game": "splink", "options": SPLINK_OPTIONS,
     "position": {"moves": ["R1a1+W1c1", "R1a3+W1e1"]}, "move": "R1c3+W2b2"},
    {"id": 8, "type": "perft", "game": "splink", "options": SPLINK_OPTIONS,
     "position": {"moves": []}, "depth": 2, "divide": False},
    {"id": 9, "type": "moves", "game": "sploof", "options": SPLOOF_OPTIONS,
     "position": {"notation": "RRRR,R..R,R..R,RRRR/..,../. white"}},
]
"""A short session that shows every request type, both position forms, a rejected
move and a malformed position."""


def default_spec_dir() -> Path:
    """The protocol's folder of the specification."""
    return spec_dir() / "protocol"


def example_session() -> list[dict[str, Any]]:
    """Run the reference engine as a subprocess and record each request with the
    response it sends back, as parsed JSON."""
    process = EngineProcess(main_module_argv(), timeout=60, env=main_module_env())
    lines = []
    try:
        for request in EXAMPLE_REQUESTS:
            exchange = process.request(request)
            lines.append({"request": request, "response": exchange.response})
    finally:
        process.stop()
    return lines


def rendered_files() -> dict[str, str]:
    """File name -> exact text of every generated file."""
    files = {name: json.dumps(doc, indent=2) + "\n"
             for name, doc in schema_documents().items()}
    files[EXAMPLE_FILE] = "".join(json.dumps(line, separators=(",", ":")) + "\n"
                                  for line in example_session())
    return files


def write_spec(folder: Path, check: bool = False) -> int:
    """Write the files (or, with ``check``, report any that differ); 0 when up to
    date or written, 1 when a check fails."""
    stale = []
    if not check:  # a folder that cannot be written is found before the session runs
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ShibumiError(f"cannot write {folder}: {err.strerror or err}") from None
        check_writable(folder / EXAMPLE_FILE)
    files = rendered_files()
    for name, content in files.items():
        path = folder / name
        try:
            current = path.read_text(encoding="utf-8") if path.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None  # unreadable counts as out of date
        if current == content and not path.is_symlink():
            continue
        stale.append(name)
        if not check:
            write_atomic(path, content)
    if check and folder.is_dir():  # a file left from an older protocol
        stale += sorted(f"{p.name} (not generated)" for p in folder.iterdir()
                        if p.is_file() and p.name not in files
                        and p.name not in HAND_WRITTEN)
    if check and stale:
        print(f"error: out of date in {folder}: {', '.join(stale)} "
              "(run: shibumi-rules engine --write-spec)", file=sys.stderr)
        return 1
    verb = "would change" if check else "wrote"
    print(f"{folder}: {verb} {len(stale)} file(s)" if stale else f"{folder}: up to date")
    return 0
