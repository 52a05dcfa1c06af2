"""The contract between a game and the rest of the program: the types a game implements
or returns and the helpers games share. Nothing here iterates the games."""
