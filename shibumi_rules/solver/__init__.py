"""The solver: the game-theoretic value of a position of any registered game, by an
exhaustive search, and the certificates that let anyone check a solved game without it.

``plain``
    ``PlainKernel``: a game's plain rules (``Game`` and ``GameActions``) as a search
    kernel, for a game that has no fast one (``Game.search_kernel``).
``search``
    ``Search``: alpha-beta over a kernel with a transposition table, a node budget, a
    depth limit and progress reports; scores that rank a faster win above a slower one.
``solve``
    ``solve``: a position's value, the moves that keep it and the length of the game
    under perfect play, or "not solved" with what was searched (``Solution``).
``certificate``
    A winning strategy written as data, and ``check_certificate``, which replays it
    against every reply with the plain rules only.
``cli``
    The ``solve`` command.
"""
