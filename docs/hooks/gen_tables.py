"""(in progress)"""

from __future__ import annotations

from typing import Any

from gen_common import Site, source

TITLES: dict[str, str] = {}


def generate(site: Site) -> None:
    source("spec/tables/points.json")


def points_table() -> Any:
    source("spec/tables/points.json")


def page_of(name: str) -> str:
    return f"{name}.md"


def alias_table(points: Any) -> str:
    return ""
