"""The "Ask the arbiter" page (``docs/arbiter/``): the reference engine itself, run in
the reader's browser by Pyodide, answering as ``shibumi-rules explain`` does.

The page and its scripts are written by hand; this module adds what they need from the
build:

- snippets: a link from every rule and ruling ID to its entry on the rule pages (the page
  turns the IDs of an answer into these links; mkdocs validates them like any other), and
  an example question for every registered game;
- ``arbiter/data.json``: what the page draws before the engine is ready (the points of
  the pyramid, the start of every game as ``web_view.start_answers`` gives it) and the
  page's own words in every language (``docs/arbiter/strings.json``);
- the service worker (``arbiter-sw.js``, at the site's root so that it serves every
  language's page) and the web app manifest with its icons;
- when the Pyodide runtime has been prepared (``npm ci --prefix web`` installs the pinned
  npm package into ``web/node_modules/pyodide``): the runtime files the page loads, a
  wheel of this checkout built as the release wheel is (``pip wheel --no-deps``), and
  ``arbiter/engine.json`` naming both. Without the runtime the page says how to build a
  site that includes it.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import gen_rules
from gen_common import ROOT, MissingSourceError, Site, games, relative

PAGE = "arbiter/index.md"
RUNTIME = ROOT / "web" / "node_modules" / "pyodide"
"""Where ``npm ci --prefix web`` puts the pinned ``pyodide`` package."""
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""The only runtime files the page loads (no package index: the engine needs none)."""
WHEEL_SOURCES = ("shibumi_rules", "spec")
"""Folders a wheel is built from, besides the files at the top of the repository."""
STRINGS = ROOT / "docs" / "arbiter" / "strings.json"
"""The page's interface words, by language (English is the fallback)."""
SERVICE_WORKER = ROOT / "docs" / "arbiter" / "arbiter-sw.js"
"""Served from the site's root (its scope is the whole site, both languages)."""
ICON_SIZES = (192, 512)
CACHE_ENV = "SHIBUMI_DOCS_CACHE"
"""Overrides the cache folder (default: ``shibumi-rules-docs`` in the temporary folder)."""


def generate(site: Site) -> None:
    site.snippet("arbiter-rule-links", _rule_links())
    site.snippet("arbiter-examples", _examples())
    site.asset("arbiter/data.json", _page_data())
    site.asset("arbiter-sw.js", SERVICE_WORKER.read_bytes())
    site.asset("arbiter/manifest.webmanifest", _manifest())
    for size in ICON_SIZES:
        site.asset(f"arbiter/icon-{size}.png", icon_png(size))
    if not (RUNTIME / "package.json").is_file():
        site.snippet("arbiter-engine", '<div id="arbiter-engine" hidden></div>\n')
        return
    version = json.loads((RUNTIME / "package.json").read_text(encoding="utf-8"))["version"]
    size = 0
    for name in RUNTIME_FILES:
        path = RUNTIME / name
        if not path.is_file():
            raise MissingSourceError(f"web/node_modules/pyodide/{name} (run npm ci --prefix web)")
        site.asset(f"arbiter/pyodide/{name}", path.read_bytes())
        size += path.stat().st_size
    wheel = built_wheel()
    wheel_bytes = wheel.read_bytes()
    site.asset(f"arbiter/engine/{wheel.name}", wheel_bytes)
    size += wheel.stat().st_size
    # the service worker's cache key: a new runtime or a new wheel is a new cache
    key = f"{version}-{hashlib.sha256(wheel_bytes).hexdigest()[:16]}"
    lock = json.loads((RUNTIME / "pyodide-lock.json").read_text(encoding="utf-8"))
    manifest = {
        "pyodide": version,
        "python": lock["info"]["python"],
        "wheel": f"engine/{wheel.name}",
        # the lock file's header only: no package of the index is ever loaded
        "lock": {"info": lock["info"], "packages": {}},
        "key": key,
        # what the service worker keeps for offline use, relative to arbiter/
        "files": [f"pyodide/{name}" for name in RUNTIME_FILES] + [f"engine/{wheel.name}"],
    }
    site.asset("arbiter/engine.json", json.dumps(manifest, indent=1).encode("utf-8"))
    site.snippet("arbiter-engine", f'<div id="arbiter-engine" data-manifest="engine.json" '
                                   f'data-bytes="{size}" data-key="{key}" hidden></div>\n')


def _page_data() -> bytes:
    """``arbiter/data.json``: the points (name, level, file and rank index), every
    game's start answer and the page's words."""
    from shibumi_rules.geometry import COORDS
    from shibumi_rules.web_view import start_answers

    names = [definition.name for definition in games()]
    data = {
        "points": [{"name": c.name, "level": c.level + 1, "x": c.x, "y": c.y} for c in COORDS],
        "starts": start_answers(names),
        "strings": json.loads(STRINGS.read_text(encoding="utf-8")),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _manifest() -> bytes:
    """The web app manifest: the arbiter's page installs as an app that opens on it."""
    manifest = {
        "name": "Shibumi arbiter",
        "short_name": "Arbiter",
        "description": "The Shibumi rules engine, answering at the table, offline.",
        "start_url": "./",
        "scope": "../",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#c62828",
        "icons": [{"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any"} for size in ICON_SIZES],
    }
    return json.dumps(manifest, indent=1).encode("utf-8")


ICON_BALLS = ((0.32, 0.66, (198, 40, 40)), (0.68, 0.66, (245, 245, 245)),
              (0.5, 0.36, (33, 33, 33)))
"""The icon: three balls of a pyramid (red, white, black), centre x, y as fractions."""


def icon_png(size: int) -> bytes:
    """A square PNG of the icon, drawn here (the standard library has no image
    library): the balls on the board's colour, each with a dark rim."""
    import struct
    import zlib

    radius = 0.2 * size
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            colour = (215, 204, 200)
            for cx, cy, fill in ICON_BALLS:
                d = ((x + 0.5 - cx * size) ** 2 + (y + 0.5 - cy * size) ** 2) ** 0.5
                if d <= radius:
                    colour = fill if d <= radius - size / 64 else (20, 20, 20)
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def _rule_links() -> str:
    """A hidden block of links, one per rule and ruling ID, to its entry: Markdown
    links, so that mkdocs resolves and validates them like every other link (and the
    search leaves them out)."""
    from shibumi_rules import spec as spec_module

    spec = spec_module.current()
    links = [f"[{i}]({relative(PAGE, gen_rules.page_of(i, spec))}#{i})" for i in spec.ids()]
    return ('<div id="arbiter-rule-links" hidden markdown="1" data-search-exclude>\n\n'
            + "\n".join(links) + "\n\n</div>\n")


def _examples() -> str:
    """One question per game, as a link the page answers: two moves from the start,
    then is the last legal move legal?"""
    from shibumi_rules.web import Request, query_string

    items = []
    for definition in games():
        game = definition.rules()
        state = game.start()
        moves: list[str] = []
        for _ in range(2):
            move = game.legal_moves(state)[0]
            moves.append(game.format_move(move))
            state = game.play(state, move)
        ask = game.legal_move_texts(state)[-1]
        query = query_string(Request(definition.name, moves=tuple(moves), ask=ask))
        items.append(f'<li><a href="?{html.escape(query)}">{html.escape(definition.title)}: '
                     f"after {html.escape(' '.join(moves))}, may {html.escape(ask)} be "
                     "played?</a></li>")
    return '<ul class="arbiter-examples">\n' + "\n".join(items) + "\n</ul>\n"


# -- the wheel -------------------------------------------------------------------------

def built_wheel() -> Path:
    """A wheel of this checkout, built with ``pip wheel --no-deps`` from a copy of its
    sources (so no build folder lands in the repository), and kept in a cache keyed by
    those sources: an unchanged tree reuses it."""
    folder = _cache_folder() / f"wheel-{_sources_key()[:32]}"
    found = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if len(found) == 1:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="shibumi-wheel-") as work:
        source = Path(work) / "source"
        _copy_sources(source)
        dist = Path(work) / "dist"
        _pip_wheel(source, dist)
        wheels = sorted(dist.glob("*.whl"))
        if len(wheels) != 1:
            raise RuntimeError(f"pip wheel made {len(wheels)} wheels, expected one")
        from shibumi_rules.fileio import write_atomic

        folder.mkdir(parents=True, exist_ok=True)
        target = folder / wheels[0].name
        write_atomic(target, wheels[0].read_bytes())
        return target


def _pip_wheel(source: Path, dist: Path) -> None:
    """Build without network with the setuptools installed here (the docs extra asks
    for one that builds wheels by itself), else in pip's isolated build environment."""
    base = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist),
            str(source)]
    errors = []
    for extra in (["--no-build-isolation"], []):
        done = subprocess.run(base[:4] + extra + base[4:], capture_output=True, text=True,
                              timeout=600, check=False)
        if done.returncode == 0:
            return
        errors.append((done.stderr.strip().splitlines() or ["no output"])[-1])
    raise RuntimeError(f"pip wheel failed: {' / '.join(errors)}")


def _copy_sources(target: Path) -> None:
    target.mkdir()
    for path in sorted(ROOT.iterdir()):
        if path.is_file():
            shutil.copy2(path, target / path.name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in WHEEL_SOURCES:
        shutil.copytree(ROOT / name, target / name, symlinks=True, ignore=ignore)


def _sources_key() -> str:
    """SHA-256 of every file a wheel is built from (path and bytes) and of the version
    of the build tools."""
    digest = hashlib.sha256()
    files = [p for p in ROOT.iterdir() if p.is_file()]
    for name in WHEEL_SOURCES:
        for folder, dirs, names in os.walk(ROOT / name, followlinks=True):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files += [Path(folder) / n for n in names if not n.endswith(".pyc")]
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    digest.update(_tool_versions().encode("utf-8"))
    return digest.hexdigest()


def _tool_versions() -> str:
    import importlib.metadata

    found = []
    for tool in ("pip", "setuptools"):
        try:
            found.append(f"{tool} {importlib.metadata.version(tool)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{tool} none")
    return ", ".join(found)


def _cache_folder() -> Path:
    return Path(os.environ.get(CACHE_ENV) or Path(tempfile.gettempdir()) / "shibumi-rules-docs")

