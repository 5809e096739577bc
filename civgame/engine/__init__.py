"""The pure rules engine of civgame. It never imports pygame."""

from civgame.engine.controller import apply, legal_actions
from civgame.engine.errors import RuleError
from civgame.engine.setup import new_game

__all__ = ["apply", "legal_actions", "new_game", "RuleError"]
