"""Each game's own tests, one folder per game (``tests/games/<game>/``); what every
game gets for free is in ``tests/generic/``."""
