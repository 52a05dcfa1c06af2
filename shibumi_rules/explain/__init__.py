"""``explain``: settle rules disputes. Is a move legal, and why, step by step with the
rule each step applies; what happens if it is played; the state of a position; how
the answer changes under each alternative ruling. Output as text, JSON or SVG.

    from shibumi_rules.explain import Setup, explain, render_text
    from shibumi_rules.registry import get_definition

    sploof = get_definition("sploof")
    report = explain(sploof.rules(), sploof.explainer(), Setup(moves=("1c3", "1e3")), "3c3")
    print(render_text(report))

(``shibumi_rules.get_game("sploof").explain(state, "3c3")`` asks the same.)
"""

from __future__ import annotations

from .model import Report
from .output import render_report_svg, render_text, report_json
from .report import Setup, explain, setup_from, stop_line

__all__ = [
    "Report",
    "Setup",
    "explain",
    "render_report_svg",
    "render_text",
    "report_json",
    "setup_from",
    "stop_line",
]
