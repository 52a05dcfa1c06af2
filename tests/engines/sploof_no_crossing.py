"""Sploof engine for which a row or column of four is a line even when balls of the
level above cross it, whatever the option ``blocking`` says (breaks SHB-CROSS-1 /
SPF-LINE-1 under blocking=two and one; it plays blocking=none)."""

from __future__ import annotations

from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.sploof.lines import Line
from shibumi_rules.geometry import Mask
from tests.engines.common import serve
from tests.engines.sploof_lines_patch import orthogonal, patch_lines


def never_crossed(line: Line, own: Mask, occupied: Mask) -> bool:
    return orthogonal(line, own, occupied, lambda _line: False)


class NoCrossing(ReferenceEngine):
    name = "sploof engine without the crossing rule"
    exact_perft = False


if __name__ == "__main__":
    patch_lines(never_crossed)
    serve(NoCrossing())
