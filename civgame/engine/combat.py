"""Placeholder: filled in by its rule module."""
