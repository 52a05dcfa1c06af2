"""The geometry tables as plain text, for ``shibumi-rules geometry [--size N]``."""

from __future__ import annotations

from .geometry import Pyramid, point_count, pyramid


def text(geo: Pyramid | None = None) -> str:
    """Every table of the pyramid ``geo`` (the 4x4 board unless given): points with
    their coordinates and supports, touching pairs, covering, crossing, symmetries, and,
    on any other side, the level lines and top-view diagonals after them (the 4x4 text
    stays as it always was)."""
    geo = pyramid() if geo is None else geo
    names = geo.names

    def _names(points: tuple[int, ...] | list[int]) -> str:
        return " ".join(names[p] for p in points) or "-"

    lines = []
    if geo is not pyramid():
        lines.append(f"Pyramid of side {geo.side}: {geo.num_points} points "
                     f"(n(n+1)(2n+1)/6 = {point_count(geo.side)}), {geo.levels} levels, "
                     f"top view {geo.grid}x{geo.grid}")
        lines.append("")
    lines.append("Points (index level row col  x y  centre  name  supporters | supportees)")
    width = len(str(geo.num_points - 1))
    for i, c in enumerate(geo.coords):
        cx, cy, cz = c.centre
        lines.append(
            f"{i:{max(width, 2)}d}  {c.level + 1} {c.row} {c.col}  {c.x} {c.y}  "
            f"({cx:.1f}, {cy:.1f}, {cz:.4f})  {c.name}  "
            f"{_names(geo.supporters[i])} | {_names(geo.supportees[i])}"
        )
    lines.append("")
    lines.append(
        f"Touching pairs: {len(geo.touching_pairs)} "
        f"({len(geo.same_level_pairs)} same-level, {len(geo.support_pairs)} support)"
    )
    for a, b in geo.touching_pairs:
        kind = "level" if (a, b) in geo.crossing else "support"
        lines.append(f"  {names[a]}-{names[b]}  {kind}")
    lines.append("")
    lines.append(f"Covering (hidden point <- ball two levels above): {len(geo.covering_pairs)}")
    for hidden, cover in geo.covering_pairs:
        lines.append(f"  {names[hidden]} <- {names[cover]}")
    lines.append("")
    lines.append("Crossing (same-level link <- next-level balls touching both)")
    for (a, b), crossing in geo.crossing.items():
        lines.append(f"  {names[a]}-{names[b]} <- {_names(crossing)}")
    lines.append("")
    lines.append("Symmetries (image of each point in index order)")
    for name, perm in geo.symmetries:
        lines.append(f"  {name:<12} {_names(perm)}")
    if geo is not pyramid():
        lines.append("")
        lines.append(f"Level lines (rows, columns, two diagonals of each level at least two "
                     f"points wide): {len(geo.level_lines)}")
        for line in geo.level_lines:
            lines.append(f"  level {line.level + 1} {line.kind:<8} {_names(line.points)}")
        lines.append("")
        lines.append(f"Top-view diagonals (cells in order, the points each shows): "
                     f"{len(geo.top_view_diagonals)}")
        for cells in geo.top_view_diagonals:
            shown = ["/".join(names[p] for p in geo.cell_points(x, y)) for x, y in cells]
            lines.append(f"  {' '.join(shown)}")
    return "\n".join(lines)
