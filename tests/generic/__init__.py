"""The generic suite: the checks every registered game gets for free, parametrized over
the registry (``selection.GAMES``), as OpenSpiel's ``random_sim_test`` checks every game
of its registry. A new game, built in or installed from another distribution, is held to
its notation round-trip, the invariants of random playouts, perft against the plain
tree, ``explain`` on every legal move and on an illegal one, and the learning adapters'
own random tests, without writing a test of its own for any of them.

The suite imports only ``shibumi_rules``, pytest and Hypothesis (and the ``rl`` extra's
libraries where installed), nothing else of ``tests/``, so that it can be copied and run
against a game installed in another environment
(``tests/test_outside_distribution.py``).
"""
