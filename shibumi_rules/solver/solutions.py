"""The committed certificates: ``spec/solutions/GAME.json``, read, written (atomically,
in the source checkout) and matched against a position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..contract.game import Game
from ..errors import ShibumiError
from ..fileio import write_atomic
from ..spec import source_checkout, spec_dir

FOLDER = "solutions"


def certificate_path(game: str) -> Path:
    """Where a game's certificate is read from."""
    return spec_dir() / FOLDER / f"{game}.json"


def read_certificate(game: str) -> tuple[dict[str, Any], int] | None:
    """The game's certificate and its size in bytes, or None when it has none."""
    path = certificate_path(game)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as err:
        raise ShibumiError(f"cannot read {path}: {err.strerror}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        raise ShibumiError(f"{path}: not JSON ({err.msg} at line {err.lineno}, "
                           f"column {err.colno})") from None
    if not isinstance(document, dict):
        raise ShibumiError(f"{path}: expected a JSON object")
    return document, len(text.encode("utf-8"))


def write_certificate(game: str, text: str) -> Path:
    """Write a certificate into the source checkout's ``spec/solutions``."""
    root = source_checkout()
    if root is None:
        raise ShibumiError("the certificates are written into a source checkout; this "
                           "package is installed from a wheel")
    path = root / "spec" / FOLDER / f"{game}.json"
    path.parent.mkdir(exist_ok=True)
    write_atomic(path, text)
    return path


def proves(game: Game[Any, Any], document: dict[str, Any], state: Any) -> bool:
    """Whether the certificate is about ``state`` (the position it wins from)."""
    return bool(document.get("position") == game.format_position(state))
