"""Generators of the machine-readable files under ``spec/``: the rule tables, the perft
files and the conformance vectors, all derived from the engine so that they cannot
disagree with it. ``shibumi-rules tables`` writes them; ``--check`` compares them with
a fresh generation (see ``registry``).
"""
