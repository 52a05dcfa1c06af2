"""What every page generator shares: the site being assembled, Markdown helpers,
diagrams drawn by the engine's own SVG renderer, and commands run for their output.

Generated pages never live in ``docs/``: they exist only in the build, so they cannot
drift from the spec and the engine they are made from.
"""

from __future__ import annotations

import html
import io
import json
import os
import posixpath
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The repository the site is built from."""

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shibumi_rules.contract.definition import GameDefinition  # noqa: E402  (importable from here on)
from shibumi_rules.contract.guide import LANGUAGES, Text  # noqa: E402

DEFAULT = LANGUAGES[0]
"""The default language of the site: its pages are at the root."""


class MissingSourceError(RuntimeError):
    """A file a page is generated from does not exist (the build then fails)."""


def _registered() -> tuple[GameDefinition, ...]:
    from shibumi_rules.registry import definitions

    return definitions()


_BUILDING: list[tuple[GameDefinition, ...]] = []
"""The games of the site being built (the last ``Site`` made)."""


def games() -> tuple[GameDefinition, ...]:
    """The games the site being built is for, in order: the registered games, unless
    the ``Site`` was handed others (a test adding a game). The generators read the
    games here, never from the registry."""
    return _BUILDING[-1] if _BUILDING else _registered()


@dataclass
class Site:
    """The generated part of the site: pages (Markdown) in the default language and
    their translations, assets (bytes) shared by every language, and snippets that
    replace ``<!-- generated: NAME -->`` markers in the hand-written pages."""

    pages: dict[str, str] = field(default_factory=dict)
    translations: dict[str, dict[str, str]] = field(default_factory=dict)
    """Translated pages: language, then the page's path (the same as the original's)."""
    assets: dict[str, bytes] = field(default_factory=dict)
    snippets: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    nav: dict[str, list[tuple[Text, str]]] = field(default_factory=dict)
    """Generated parts of the navigation: the page a placeholder entry names, then the
    (title, page) entries that replace it."""
    definitions: tuple[GameDefinition, ...] = field(default_factory=_registered)
    """The games the site is built for (``games()`` while it is being built)."""

    def __post_init__(self) -> None:
        _BUILDING[:] = [self.definitions]

    def page(self, uri: str, text: str, lang: str = DEFAULT) -> None:
        pages = self.pages if lang == DEFAULT else self.translations.setdefault(lang, {})
        if uri in pages:
            raise ValueError(f"page {uri} ({lang}) generated twice")
        if lang != DEFAULT and uri not in self.pages:
            raise ValueError(f"page {uri} is translated into {lang} before it is written")
        pages[uri] = text

    def in_lang(self, uri: str, lang: str) -> str:
        """The page in ``lang``, or in the default language when it is not translated."""
        return self.translations.get(lang, {}).get(uri, self.pages[uri])

    def asset(self, uri: str, content: bytes) -> None:
        if uri in self.assets and self.assets[uri] != content:
            raise ValueError(f"asset {uri} generated twice with different content")
        self.assets[uri] = content

    def snippet(self, name: str, text: str) -> None:
        self.snippets[name] = text

    def part(self, make: Callable[[], str]) -> str:
        """The Markdown ``make`` returns; when a source it needs is missing, nothing and
        a warning (so a strict build fails, naming the source)."""
        try:
            return make()
        except MissingSourceError as err:
            self.warnings.append(f"part of the site not generated: {err}")
            return ""


def source(path: str) -> Path:
    """A file of the repository a page depends on; its absence fails the build."""
    full = ROOT / path
    if not full.exists():
        raise MissingSourceError(f"{path} does not exist; generate it first")
    return full


def load_json(path: str) -> Any:
    return json.loads(source(path).read_text(encoding="utf-8"))


def relative(from_page: str, target: str) -> str:
    """The link from the page ``from_page`` to the site file ``target`` (both are
    paths inside docs/, as Markdown links are resolved by mkdocs)."""
    return posixpath.relpath(target, posixpath.dirname(from_page) or ".")


MARKDOWN_SIGNS = str.maketrans({"|": "&#124;", "*": "&#42;", "_": "&#95;", "`": "&#96;",
                                 "\\": "&#92;", "[": "&#91;", "]": "&#93;", "{": "&#123;",
                                 "\n": " "})
"""Characters that Markdown would read as markup inside a paragraph or a cell (a table's
column break, emphasis, code, an escape, a link, attributes), written as character
references so that they show as themselves."""


def esc(text: object) -> str:
    """Plain text made safe for Markdown, a table cell or inline HTML: it shows exactly
    as given (``2*col + level`` keeps its star, ``a | b`` its bar)."""
    return html.escape(str(text), quote=False).translate(MARKDOWN_SIGNS)


def code(text: object) -> str:
    """Inline code, written as HTML so that it shows exactly as given anywhere, a table
    cell included (Markdown's backticks would show ``\\|`` there)."""
    return f"<code>{esc(text)}</code>"


def indent(text: str, by: str = "    ") -> str:
    """Every non-blank line of ``text`` indented (the body of a folded block)."""
    return "".join(by + line if line.strip() else line
                   for line in text.splitlines(keepends=True))


def unsearched(markdown: str) -> str:
    """Markdown kept out of the search index: a page's list of its own sections would
    otherwise make the page itself outrank the section that answers a query."""
    return f'<div markdown="1" data-search-exclude>\n\n{markdown}\n</div>\n'


def front_matter(boost: float | None = None, title: str | None = None) -> str:
    """The YAML front matter of a generated page: its search weight (above 1 ranks its
    sections higher, below 1 lower) and its title."""
    lines = ["---"]
    if title is not None:
        lines.append(f"title: {json.dumps(title, ensure_ascii=False)}")
    if boost is not None:
        lines += ["search:", f"  boost: {boost}"]
    return "\n".join([*lines, "---", ""])


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table; cells are inserted as given (escape them first)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def map_prose(text: str, change: Callable[[str, int], str]) -> str:
    """``text`` with each run of lines outside fenced code blocks replaced by what
    ``change`` makes of it (given the run, line ends included, and the number of its first
    line from 1); code blocks are kept as they are."""
    out: list[str] = []
    run: list[str] = []
    first = 1
    fence: str | None = None
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        mark = FENCE.match(line)
        if fence is None and not mark:
            if not run:
                first = number
            run.append(line)
            continue
        if run:
            out.append(change("".join(run), first))
            run = []
        if fence is None:
            fence = mark.group(1) if mark else None
        elif mark and mark.group(1)[0] == fence[0] and len(mark.group(1)) >= len(fence):
            fence = None
        out.append(line)
    if run:
        out.append(change("".join(run), first))
    return "".join(out)


def fenced(text: str, lang: str = "text") -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}{lang}\n{text.rstrip()}\n{fence}\n"


@dataclass(frozen=True)
class CommandRun:
    argv: tuple[str, ...]
    stdin: str | None
    stdout: str
    stderr: str
    status: int

    @property
    def shown(self) -> str:
        """The command as a user types it."""
        return "shibumi-rules " + " ".join(_shell_quote(a) for a in self.argv)


def run_cli(argv: Sequence[str], stdin: str | None = None) -> CommandRun:
    """Run ``shibumi-rules ARGV`` in this process (the engine is imported once for the
    whole site) and capture what it prints, its exit status included."""
    from shibumi_rules.cli import main

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    inp = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr, os.environ.get("COLUMNS")
    saved_path = os.environ.get("PYTHONPATH")
    sys.stdin, sys.stdout, sys.stderr = inp, out, err
    os.environ["COLUMNS"] = "88"
    # engines started by a command (conform) import shibumi_rules from this tree
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [saved_path])])
    # and so do the imports a command makes when it runs (prove imports ``proofs``):
    # mkdocs takes the hook's changes to sys.path back once the hook is loaded
    on_path = str(ROOT) in sys.path
    if not on_path:
        sys.path.insert(0, str(ROOT))
    try:
        try:
            status = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
        out.flush()
        err.flush()
    finally:
        if not on_path:
            sys.path.remove(str(ROOT))
        sys.stdin, sys.stdout, sys.stderr = saved[0], saved[1], saved[2]
        for key, value in (("COLUMNS", saved[3]), ("PYTHONPATH", saved_path)):
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    text_out = portable(_read_back(out))
    text_err = portable(_read_back(err))
    return CommandRun(tuple(argv), stdin, text_out, text_err, status)


def machine_paths() -> list[str]:
    """Paths of the machine building the site, longest first: none may be published."""
    import tempfile

    found = {sys.executable, os.path.realpath(sys.executable), sys.prefix, sys.base_prefix,
             str(ROOT), os.path.expanduser("~"), tempfile.gettempdir(), os.getcwd()}
    return sorted((p for p in found if p and p != os.sep and len(p) > 1), key=len,
                  reverse=True)


def portable(text: str) -> str:
    """A command's output without the paths of the machine that ran it: the Python
    interpreter reads ``python3`` (as a user types it) and other paths are dropped
    to their place in the repository or a ``…`` prefix."""
    for path in (sys.executable, os.path.realpath(sys.executable)):
        text = text.replace(path, "python3")
    text = text.replace(str(ROOT) + os.sep, "").replace(str(ROOT), ".")
    for path in machine_paths():
        text = text.replace(path, "…")
    return text


def _read_back(stream: io.TextIOWrapper) -> str:
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode("utf-8")


def _shell_quote(arg: str) -> str:
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+./:,")
    if arg and all(ch in safe for ch in arg):
        return arg
    return "'" + arg.replace("'", "'\\''") + "'"


def heading_id(text: str) -> str:
    """The anchor the toc extension gives a heading without an explicit id."""
    slug = re.sub(r"[^\w\s-]", "", text.lower()).strip()
    return re.sub(r"[-\s]+", "-", slug)


def game(name: str) -> Any:
    """The rules of the site's game called ``name``; a game the site is not built for is
    a missing source."""
    found = next((d for d in games() if d.name == name), None)
    if found is None:
        raise MissingSourceError(f"the game {name!r} (no such game is registered)")
    return found.rules()


def module(name: str) -> Any:
    """An engine module a page documents; its absence is a missing source."""
    import importlib

    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name == name:
            raise MissingSourceError(name.replace(".", "/") + ".py") from None
        raise
