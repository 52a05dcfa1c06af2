"""Conformance: the engine protocol, the reference engine served over it, and the
harness that checks another implementation against the reference."""
