"""Sploof engine that allows a removal whatever the supply holds, even under
supply=limited (breaks SPF-RUL-1 / SPF-REMOVE-2)."""

from __future__ import annotations

from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.sploof import rules as sploof_rules
from tests.engines.common import serve


class UnlimitedSupply(ReferenceEngine):
    name = "sploof engine with an unlimited supply"
    exact_perft = False


if __name__ == "__main__":
    sploof_rules.can_remove = lambda state: True
    serve(UnlimitedSupply())
