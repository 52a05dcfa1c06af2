"""How text that comes from outside (a user's input, a record, an engine) is shown.

Such text may hold anything: terminal control characters (ESC, BEL, CR, U+202E, which
would move the cursor, clear the screen or reverse the line), lone surrogates (which no
encoding can write), megabytes of one player name, or Markdown and HTML (which a
published report would run). Every place that shows it goes through one function here,
so the rule is the same in error lines, terminal reports and published Markdown:

- ``shown``: one line, every unprintable character written as its Python escape
  (``\\x1b``, ``\\u202e``, ``\\ud800``), and at most ``MAX_QUOTED`` characters of it:
  its beginning and its end, with the count of what was left out between them (an error
  message keeps what it is about and why; a 50 MB name stays a short line);
- ``markdown_text`` and ``markdown_code``: the same, then made inert for Markdown and
  HTML (every sign that could start markup is a character reference; a code span's fence
  is longer than any run of backticks inside it).
"""

from __future__ import annotations

import html
from typing import Final

from .limits import MAX_QUOTED

MARKDOWN_SIGNS: Final = str.maketrans({
    "|": "&#124;", "*": "&#42;", "_": "&#95;", "`": "&#96;", "\\": "&#92;", "[": "&#91;",
    "]": "&#93;", "{": "&#123;", "\n": " "})
"""Characters that Markdown would read as markup inside a paragraph or a cell (a table's
column break, emphasis, code, an escape, a link, attributes), written as character
references so that they show as themselves."""


def escaped(text: str) -> str:
    """``text`` with every unprintable character (control characters, line breaks,
    format characters such as U+202E, lone surrogates) written as its Python escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def shown(text: object, limit: int = MAX_QUOTED) -> str:
    """Outside text as one printable line of at most ``limit`` characters of the text
    (an escape counts as the one character it stands for): the first two thirds and the
    last third of them, with how many were left out between."""
    value = str(text)
    if len(value) <= limit:
        return escaped(value)
    head = limit * 2 // 3
    tail = limit - head
    return (f"{escaped(value[:head])} ... ({len(value) - limit:,} characters left out) "
            f"... {escaped(value[len(value) - tail:])}")


def markdown_text(text: object, limit: int = MAX_QUOTED) -> str:
    """Outside text for a Markdown paragraph, list item or table cell: it shows as
    itself and can hold no markup (no HTML element, link, emphasis or code span)."""
    return html.escape(shown(text, limit), quote=False).translate(MARKDOWN_SIGNS)


def markdown_code(text: object, limit: int = MAX_QUOTED) -> str:
    """Outside text as a Markdown code span, safe in a table cell too: its fence is one
    backtick longer than the longest run of backticks in it, and a backtick at either
    end is kept apart from the fence by a space (which the renderer drops)."""
    value = shown(text, limit)
    longest, run = 0, 0
    for c in value:
        run = run + 1 if c == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    pad = " " if value.startswith("`") or value.endswith("`") or not value else ""
    return f"{fence}{pad}{value}{pad}{fence}"
