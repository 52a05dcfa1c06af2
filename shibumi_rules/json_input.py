"""Reading JSON that comes from outside (protocol lines, match records, vector files)
within the documented limits (``shibumi_rules.limits``).

Python's own reader fails on hostile text in ways a caller does not expect: an
integer of more than 4,300 digits raises a bare ``ValueError``, deep nesting a
``RecursionError``. ``load_json`` gives one ``JSONLimitError`` with a clear message
instead, at a nesting depth that does not depend on the interpreter's stack.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any, Final

from .limits import MAX_JSON_INT_DIGITS, MAX_JSON_NESTING


class JSONLimitError(ValueError):
    """JSON text that is well formed but goes over a limit; the text says which."""


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_JSON_INT_DIGITS:
        raise JSONLimitError(f"an integer of {digits:,} digits (the limit is "
                             f"{MAX_JSON_INT_DIGITS:,})")
    return int(text)


_LONG_DIGITS: Final = re.compile(rf"\d{{{MAX_JSON_INT_DIGITS + 1}}}")
"""A run of digits longer than an integer may be: only a text holding one can hold a
too-long integer, so only such a text is read with every integer checked."""


def load_json(text: str) -> Any:
    """The value of ``text``. Raises ``json.JSONDecodeError`` when it is not JSON and
    ``JSONLimitError`` when an integer is too long or the nesting too deep. A
    byte-order mark at the start is ignored, by every reader alike (a protocol line, a
    match record, a vector file), as editors on some systems write one."""
    text = text.removeprefix("\ufeff")
    bounded = len(text) > MAX_JSON_INT_DIGITS and _LONG_DIGITS.search(text) is not None
    try:
        value = json.loads(text, parse_int=_bounded_int) if bounded else json.loads(text)
    except RecursionError:
        raise _too_deep() from None
    if text.count("[") + text.count("{") > MAX_JSON_NESTING:  # else it cannot nest deeper
        check_nesting(value)
    return value


def check_nesting(value: Any) -> None:
    """Raise ``JSONLimitError`` when arrays and objects nest deeper than the limit."""
    level = [value] if isinstance(value, (dict, list)) else []
    for _ in range(MAX_JSON_NESTING):
        if not level:
            return
        level = [child for item in level
                 for child in (item.values() if isinstance(item, dict) else item)
                 if isinstance(child, (dict, list))]
    if level:
        raise _too_deep()


def _too_deep() -> JSONLimitError:
    return JSONLimitError(f"arrays and objects nested deeper than {MAX_JSON_NESTING} "
                          "levels")


def read_lines(source: IO[bytes], limit: int) -> Iterator[tuple[bytes, bool]]:
    """(line, whole) for each line of ``source``. A line longer than ``limit`` bytes
    comes as its first ``limit`` bytes with ``whole`` False; the rest of it is read and
    dropped in small pieces, so memory stays bounded whatever the input."""
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line, True
            continue
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = source.readline(_DISCARD_CHUNK)
        yield line[:limit], False


_DISCARD_CHUNK = 1 << 16
