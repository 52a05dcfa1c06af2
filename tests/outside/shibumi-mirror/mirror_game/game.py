"""Mirror's rules: Sploof's, under the name the command line and the files use."""

from __future__ import annotations

from shibumi_rules.games.sploof.game import Sploof


class MirrorGame(Sploof):
    """Implements MIR-NAME-1: Mirror is played exactly as Sploof."""

    name = "mirror"


GAME = MirrorGame()
