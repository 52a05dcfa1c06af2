"""The reference rules, declaring for Sploof only supply=unlimited: a run that selects
supply=limited has nothing it may send."""

from __future__ import annotations

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class UnlimitedOnly(ReferenceEngine):
    name = "engine with an unlimited supply only"

    def identify(self) -> Message:
        reply = super().identify()
        reply["games"]["sploof"]["options"]["supply"] = {"default": "unlimited",
                                                         "values": ["unlimited"]}
        return reply


if __name__ == "__main__":
    serve(UnlimitedOnly())
