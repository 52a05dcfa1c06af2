"""Sploof engine for which a single ball crosses a perimeter link, whatever the option
``blocking`` says (breaks SPF-RUL-4 under its default, blocking=two: a link is crossed
only when both of its crossing balls are present)."""

from __future__ import annotations

from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.sploof.lines import Line
from shibumi_rules.geometry import Mask
from tests.engines.common import serve
from tests.engines.sploof_lines_patch import orthogonal, patch_lines


def one_ball_crosses(line: Line, own: Mask, occupied: Mask) -> bool:
    return orthogonal(line, own, occupied, lambda ln: any(
        all(occupied >> q & 1 for q in link.crossing) for link in ln.links))


class PerimeterCrossing(ReferenceEngine):
    name = "sploof engine where one ball crosses a perimeter link"
    exact_perft = False


if __name__ == "__main__":
    patch_lines(one_ball_crosses)
    serve(PerimeterCrossing())
