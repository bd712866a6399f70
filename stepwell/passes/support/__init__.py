"""Helpers shared by passes (not passes themselves)."""
