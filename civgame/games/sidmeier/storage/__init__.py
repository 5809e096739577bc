"""Saves of the game."""
