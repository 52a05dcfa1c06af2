"""The games built into this distribution: one package each, declaring its
``GameDefinition`` as ``DEFINITION`` in its ``__init__``. ``pyproject.toml`` registers
each in the entry-point group ``shibumi_rules.games``, which the registry
(``shibumi_rules.registry``) reads; nothing here lists them."""
