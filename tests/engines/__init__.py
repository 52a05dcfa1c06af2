"""Engines that differ from the reference on purpose, one rule or one bad behaviour
each, to show that ``shibumi-rules conform`` catches them. Each is a script run as
``python tests/engines/NAME.py`` with the repository root on ``PYTHONPATH``."""
