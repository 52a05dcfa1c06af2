"""Spline's own tests."""
