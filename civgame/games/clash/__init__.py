"""The pure rules engine of civgame. It never imports pygame."""

from civgame.framework.errors import RuleError
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.setup import new_game

__all__ = ["RuleError", "apply", "legal_actions", "new_game"]
