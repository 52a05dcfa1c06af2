"""A protocol engine around donkirkby's ``shibumi`` package (PyPI, version 0.5.0).

The package decides every rule: its move generation (``get_valid_moves``), its move
application (``make_move``) and its winner (``get_winner``, ``is_ended``). This adapter
only translates: positions in notation to the package's arrays and back, point names to
its move indexes, and its winner to the protocol's outcome. Each game the package and
the specification share is one module here (``sploof``, ``spline``) registered in
``games``; adding a game is one more module and one line there.
"""
