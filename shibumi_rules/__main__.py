"""``python -m shibumi_rules`` runs the command-line interface."""

from .cli import main

raise SystemExit(main())
