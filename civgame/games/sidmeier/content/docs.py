"""Write the reference of effect primitives: `python -m civgame.games.sidmeier.content.docs`."""

from __future__ import annotations

import sys
from pathlib import Path

from civgame.games.sidmeier.content import effects as _effects  # noqa: F401  (declares the primitives)
from civgame.games.sidmeier.content.registry import docs_markdown

DOCS_PATH = Path(__file__).resolve().parents[4] / "docs" / "sid-meier-effects.md"


def main() -> int:
    DOCS_PATH.write_text(docs_markdown(), encoding="utf-8")
    print(f"wrote {DOCS_PATH}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
