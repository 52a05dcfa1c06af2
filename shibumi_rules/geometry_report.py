"""The geometry tables as plain text, for ``shibumi-rules geometry``."""

from __future__ import annotations

from .geometry import (
    COORDS,
    COVERING_PAIRS,
    CROSSING,
    NAMES,
    SAME_LEVEL_PAIRS,
    SUPPORT_PAIRS,
    SUPPORTEES,
    SUPPORTERS,
    SYMMETRIES,
    TOUCHING_PAIRS,
)


def _names(points: tuple[int, ...] | list[int]) -> str:
    return " ".join(NAMES[p] for p in points) or "-"


def text() -> str:
    lines = ["Points (index level row col  x y  centre  name  supporters | supportees)"]
    for i, c in enumerate(COORDS):
        cx, cy, cz = c.centre
        lines.append(
            f"{i:2d}  {c.level + 1} {c.row} {c.col}  {c.x} {c.y}  "
            f"({cx:.1f}, {cy:.1f}, {cz:.4f})  {c.name}  "
            f"{_names(SUPPORTERS[i])} | {_names(SUPPORTEES[i])}"
        )
    lines.append("")
    lines.append(
        f"Touching pairs: {len(TOUCHING_PAIRS)} "
        f"({len(SAME_LEVEL_PAIRS)} same-level, {len(SUPPORT_PAIRS)} support)"
    )
    for a, b in TOUCHING_PAIRS:
        kind = "level" if (a, b) in CROSSING else "support"
        lines.append(f"  {NAMES[a]}-{NAMES[b]}  {kind}")
    lines.append("")
    lines.append(f"Covering (hidden point <- ball two levels above): {len(COVERING_PAIRS)}")
    for hidden, cover in COVERING_PAIRS:
        lines.append(f"  {NAMES[hidden]} <- {NAMES[cover]}")
    lines.append("")
    lines.append("Crossing (same-level link <- next-level balls touching both)")
    for (a, b), crossing in CROSSING.items():
        lines.append(f"  {NAMES[a]}-{NAMES[b]} <- {_names(crossing)}")
    lines.append("")
    lines.append("Symmetries (image of each point in index order)")
    for name, perm in SYMMETRIES:
        lines.append(f"  {name:<12} {_names(perm)}")
    return "\n".join(lines)
