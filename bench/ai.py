"""`python -m bench.ai`: the computer players' tournament, the same command as `civgame tournament`
(civgame/ai/tournament.py)."""

from civgame.ai.tournament import main

if __name__ == "__main__":
    raise SystemExit(main())
