"""(in progress)"""

from __future__ import annotations

from gen_common import Site, source


def generate(site: Site) -> None:
    source("spec/rules.json")
