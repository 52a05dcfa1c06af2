"""The release area: the release page (version, downloads, licence, reading offline),
the changelog (``CHANGELOG.md``), the licence (``LICENSE``), one archive of ``spec/``
made while the site is built, and the benchmarks page, the only page with timings,
which says when and where they were measured."""

from __future__ import annotations

import io
import platform
import tomllib
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from gen_common import ROOT, Site, code, esc, fenced, front_matter, run_cli, source, table

RELEASE = "release.md"
CHANGELOG = "changelog.md"
LICENCE = "licence.md"
BENCHMARKS = "benchmarks.md"
DEMOTED = 0.3
"""Search weight of these pages: they hold no rule."""

ARCHIVED = ("rules.json", "rulings.json", "tables", "schema", "conformance", "perft",
            "protocol")
"""What the spec archive holds, from ``spec/``."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""The date of every archive member, so that the same spec gives the same bytes."""


def version() -> str:
    from shibumi_rules.version import __version__

    return __version__


def archive_name() -> str:
    return f"shibumi-rules-spec-{version()}.zip"


def spec_archive() -> bytes:
    """A zip of the spec files under one folder, byte-identical for identical files."""
    folder = f"shibumi-rules-spec-{version()}"
    spec = source("spec")
    paths: list[Path] = []
    for name in ARCHIVED:
        path = spec / name
        paths += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in paths:
            info = zipfile.ZipInfo(f"{folder}/{path.relative_to(spec).as_posix()}", ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _licence_name() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)["project"]
    licence = project.get("license", {})
    return str(licence.get("text", licence) if isinstance(licence, dict) else licence)


def _licence(site: Site) -> str:
    """The licence page; the text of LICENSE when the repository has one."""
    name = _licence_name()
    path = ROOT / "LICENSE"
    out = [front_matter(boost=DEMOTED), "# Licence\n"]
    if path.is_file():
        site.asset("LICENSE.txt", path.read_bytes())
        out.append(f"shibumi-rules is released under the {esc(name)} licence "
                   "([LICENSE](LICENSE.txt)):\n")
        out.append(fenced(path.read_text(encoding="utf-8")))
    else:
        out.append(f"shibumi-rules is released under the {esc(name)} licence, as "
                   f"{code('pyproject.toml')} declares; this source tree has no LICENSE "
                   "file with its full text.\n")
    return "\n".join(out)


def _changelog() -> str:
    text = source("CHANGELOG.md").read_text(encoding="utf-8")
    return front_matter(boost=DEMOTED) + text


def _release(site: Site) -> str:
    from shibumi_rules import spec

    name = archive_name()
    data = spec_archive()
    site.asset(f"downloads/{name}", data)
    count = len(zipfile.ZipFile(io.BytesIO(data)).namelist())
    out = [
        front_matter(boost=DEMOTED),
        "# Release\n",
        table(["", ""], [
            ["version", code(version())],
            ["specification", code(spec.version())],
            ["licence", f"[{esc(_licence_name())}]({LICENCE})"],
            ["changes", f"[changelog]({CHANGELOG})"],
        ]),
        "## Downloads {#downloads}\n",
        f"[{name}](downloads/{name}) holds the whole machine-readable specification in "
        f"one file ({count} files, {len(data) // 1024} KiB): the rules and rulings "
        f"({code('rules.json')}, {code('rulings.json')}), the tables, their JSON Schemas, "
        "the conformance vectors, the perft counts and the engine protocol, exactly as in "
        f"the repository's {code('spec/')} folder. It is made while this site is built, "
        "so it always matches the pages.\n",
        "## Reading offline {#offline}\n",
        "The site works without a server: its links end in `.html` and its search index "
        "is also a script, so opening `index.html` from a copy of the built site (the "
        "`site/` folder that `mkdocs build` writes) shows every page, the diagrams and the "
        "search. To serve it instead, run `python3 -m http.server` in that folder and "
        "open http://127.0.0.1:8000.\n",
    ]
    return "\n".join(out)


def _benchmarks() -> str:
    run = run_cli(["bench"])
    measured = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    where = (f"{platform.system()} {platform.machine()}, Python "
             f"{platform.python_version()} ({platform.python_implementation()})")
    out = [
        front_matter(boost=DEMOTED),
        "# Benchmarks\n",
        "The speed of the reference engine's move generation: perft from the start "
        "position of each game at the depths the project reports, measured by "
        f"{code('shibumi-rules bench')} while this site was built. Timings depend on the "
        "machine and on what else it was doing, so this is the only page that shows them "
        "(elsewhere on the site a timing shows as ‹time›).\n",
        table(["measured", "on"], [[esc(measured), esc(where)]]),
        fenced("$ shibumi-rules bench\n" + run.stdout, "console"),
    ]
    if run.status != 0:
        raise RuntimeError(f"shibumi-rules bench failed: {run.stderr.strip()}")
    return "\n".join(out)


def generate(site: Site) -> None:
    site.page(RELEASE, site.part(lambda: _release(site)) or "# Release\n")
    site.page(CHANGELOG, site.part(_changelog) or "# Changelog\n")
    site.page(LICENCE, _licence(site))
    site.page(BENCHMARKS, _benchmarks())
