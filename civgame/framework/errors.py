"""The error every illegal action raises. The game is unchanged when it is raised."""


class RuleError(Exception):
    """An action breaks a rule; the message names the rule."""
