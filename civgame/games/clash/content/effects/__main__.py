"""Print the modders' reference of every effect primitive (written to docs/effects.md)."""

from civgame.games.clash.content.effects.docs import reference

if __name__ == "__main__":
    print(reference(), end="")
