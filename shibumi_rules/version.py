"""The package's version: one source, read by the packaging metadata
(``pyproject.toml``), the command line, the engine and the reports."""

from __future__ import annotations

__version__ = "0.2.0"
