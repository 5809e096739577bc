"""The pure rules engine of civgame. It never imports pygame."""

from civgame.engine.core.errors import RuleError
from civgame.engine.rules.controller import apply, legal_actions
from civgame.engine.rules.setup import new_game

__all__ = ["RuleError", "apply", "legal_actions", "new_game"]
