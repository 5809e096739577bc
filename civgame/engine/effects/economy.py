"""Effect primitives of the economy advances (declared here, applied in the rule modules)."""

from __future__ import annotations

from civgame.engine.effects.registry import NoParams, Params, primitive  # noqa: F401
