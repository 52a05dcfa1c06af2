"""Every generated file of ``spec/``, how to make it, and how to compare it with what
is committed.

Groups: ``tables`` (rule tables, JSON and CSV), ``perft`` (perft files) and
``conformance`` (vectors). A check regenerates everything in memory and compares
bytes; for the perft files it recomputes counts up to ``CHECK_BUDGET`` leaves and
takes the larger ones from the committed file unless ``full`` is set (see
``perft_files``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .. import spec
from ..contract.definition import GameDefinition
from ..contract.files import GeneratedFile
from ..errors import ShibumiError
from ..fileio import WriteError, check_writable, write_atomic
from .action_tables import actions_table
from .geometry_tables import points_table, pyramids_table, relations_table
from .index_table import rules_index_table
from .perft_files import committed_counts, perft_file
from .schemas import schema_files
from .vectors import conformance_files

GROUPS: Final = ("tables", "perft", "conformance")
CHECK_BUDGET: Final = 1_000_000
"""A quick check recomputes perft counts up to this many leaves."""
GENERATED_DIRS: Final = ("tables", "perft", "conformance")
"""Folders of ``spec/`` that hold only generated files."""


@dataclass(frozen=True, slots=True)
class Generator:
    group: str
    name: str
    make: Callable[[Path, bool], list[GeneratedFile]]
    """(spec folder, quick) -> files; ``quick`` lets perft reuse committed counts."""


def _static(make: Callable[[], list[GeneratedFile]]) -> Callable[[Path, bool], list[GeneratedFile]]:
    return lambda root, quick: make()


def _perft(definition: GameDefinition) -> Callable[[Path, bool], list[GeneratedFile]]:
    def make(root: Path, quick: bool) -> list[GeneratedFile]:
        committed = root / "perft" / f"{definition.name}.perft"
        if quick and committed.is_file():
            try:
                reuse = committed_counts(committed.read_text(encoding="utf-8"))
            except (ShibumiError, UnicodeDecodeError) as err:
                raise ShibumiError(
                    f"spec/perft/{definition.name}.perft is malformed ({err}), so the quick "
                    "check cannot reuse its large counts: restore it, or regenerate it with "
                    "`shibumi-rules tables --only perft` (slow)") from None
            return [perft_file(definition, reuse, CHECK_BUDGET)]
        return [perft_file(definition)]
    return make


def _game_tables(definition: GameDefinition) -> Callable[[Path, bool], list[GeneratedFile]]:
    return lambda root, quick: definition.tables()


def generators(definitions: Sequence[GameDefinition]) -> tuple[Generator, ...]:
    """Every generator, in the order of the files: the schemas' lists of games, the
    system's tables, each game's table, the index of rules, the action numbering, each
    game's perft file, then the vectors."""
    return (
        Generator("tables", "schemas", lambda root, quick: schema_files(root)),
        Generator("tables", "points", _static(points_table)),
        Generator("tables", "relations", _static(relations_table)),
        Generator("tables", "pyramids", _static(pyramids_table)),
        *(Generator("tables", d.name, _game_tables(d)) for d in definitions),
        Generator("tables", "rules_index", lambda root, quick: rules_index_table(definitions)),
        Generator("tables", "actions", lambda root, quick: actions_table(definitions)),
        *(Generator("perft", f"perft-{d.name}", _perft(d)) for d in definitions),
        Generator("conformance", "vectors",
                  lambda root, quick: conformance_files(definitions)),
    )


def generate(definitions: Sequence[GameDefinition], groups: Iterable[str] = GROUPS,
             quick: bool = False, root: Path | None = None) -> list[GeneratedFile]:
    """Every file of the chosen groups for these games, in a fixed order."""
    root = root if root is not None else spec.spec_dir()
    chosen = set(groups)
    files: list[GeneratedFile] = []
    for generator in generators(definitions):
        if generator.group in chosen:
            files.extend(generator.make(root, quick))
    return files


def write(files: Iterable[GeneratedFile], root: Path | None = None) -> list[tuple[str, bool]]:
    """Write files under ``root``; (path, changed) for each. Each file is replaced
    atomically (a run killed half-way leaves every file old or new, never partial),
    and a symbolic link met on the way is refused, never followed out of ``root``."""
    root = root if root is not None else spec.spec_dir()
    targets = [(f, _inside(root, f.path)) for f in files]
    for _, path in targets:  # refuse before writing anything
        if path.is_symlink():
            check_writable(path)
    report = []
    for f, path in targets:
        old = path.read_bytes() if path.is_file() else None
        new = f.text.encode("utf-8")
        if path.parent.is_dir():
            _remove_leftovers(path)
        if old != new:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, new)
        report.append((f.path, old != new))
    return report


def check_folders(groups: Iterable[str], root: Path | None = None) -> None:
    """Before generating: each generated folder of ``groups`` can be written (it is no
    symbolic link; if it exists, it is a writable folder). WriteError otherwise."""
    root = root if root is not None else spec.spec_dir()
    chosen = set(groups)
    for folder, group in zip(GENERATED_DIRS, GROUPS):
        if group in chosen:
            path = _inside(root, f"{folder}/file")
            if path.parent.exists():
                check_writable(path)


def _inside(root: Path, relative: str) -> Path:
    """``root / relative``, after checking that no folder on the way from ``root`` is a
    symbolic link (the file itself is checked by ``write_atomic``)."""
    path = root / relative
    folder = root
    for part in Path(relative).parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            raise WriteError(f"cannot write {str(path)!r}: the folder {str(folder)!r} is "
                             "a symbolic link, which is not followed (remove it first)")
    return path


def _remove_leftovers(path: Path) -> None:
    """Temporary files that a killed write of ``path`` left behind (``write_atomic``
    names them ``.NAME.*.tmp``)."""
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        if leftover.is_file() and not leftover.is_symlink():
            leftover.unlink(missing_ok=True)


def stale(files: Iterable[GeneratedFile], root: Path | None = None,
          groups: Iterable[str] = GROUPS) -> list[tuple[str, str]]:
    """(path, problem) for every committed file that differs from ``files``, is
    missing, or sits in a generated folder without being generated."""
    root = root if root is not None else spec.spec_dir()
    expected = {f.path: f.text.encode("utf-8") for f in files}
    problems = []
    for path, text in expected.items():
        on_disk = root / path
        if on_disk.is_symlink():
            problems.append((path, "a symbolic link"))
        elif not on_disk.is_file():
            problems.append((path, "missing"))
        elif on_disk.read_bytes() != text:
            problems.append((path, "differs"))
    chosen = set(groups)
    folders = [d for d, g in zip(GENERATED_DIRS, GROUPS) if g in chosen]
    for folder in folders:
        base = root / folder
        if base.is_dir():
            for extra in sorted(base.rglob("*")):
                rel = extra.relative_to(root).as_posix()
                if extra.is_file() and rel not in expected:
                    problems.append((rel, "not generated"))
    return problems
