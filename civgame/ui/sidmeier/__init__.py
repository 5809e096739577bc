"""Sid Meier's Civilization: The Board Game in the window: its new-game screen, board, player board and game scene."""
