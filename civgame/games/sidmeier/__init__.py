"""Sid Meier's Civilization: The Board Game (base game), pure rules: no window, no agents.

`definition.DEFINITION` is the game behind civgame's one interface. The content lives in
`rules_data/sid-meier/` and is loaded and checked by `content`; `core` holds the model, the actions
and the pending decisions; `rules` the rules grouped by topic; `storage` the saves.
"""
