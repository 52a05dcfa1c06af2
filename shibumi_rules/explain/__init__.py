"""``explain``: settle rules disputes. Is a move legal, and why, step by step with the
rule each step applies; what happens if it is played; the state of a position; how
the answer changes under each alternative ruling. Output as text, JSON or SVG.

    from shibumi_rules.explain import Setup, explain, render_text
    report = explain(get_game("sploof"), Setup(moves=("1c3", "1e3")), "3c3")
    print(render_text(report))
"""

from __future__ import annotations

from .model import MoveAnswer, PositionAnswer, Report, Step
from .output import render_report_svg, render_text, report_json
from .report import Setup, analyst_for, explain

__all__ = [
    "MoveAnswer",
    "PositionAnswer",
    "Report",
    "Setup",
    "Step",
    "analyst_for",
    "explain",
    "render_report_svg",
    "render_text",
    "report_json",
]
