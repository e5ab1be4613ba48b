"""Builders of the synthetic-* fixture pages (hand-designed pages written by code)."""
