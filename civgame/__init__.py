"""Clash of Cultures: Monumental Edition for 2-4 players: alone against computer players, or with friends at one
computer or over the network."""

import os

# pygame prints a banner on stdout when imported; stdout is for the program's own output (headless
# score tables). Set here, before any entry point can import pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
