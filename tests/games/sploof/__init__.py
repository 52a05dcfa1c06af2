"""Sploof's own tests."""
