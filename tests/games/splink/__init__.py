"""Splink's own tests."""
