"""The rules, grouped by topic. `base` holds what several topics share (effects, the board, pieces,
techs, the culture track, reactions); each topic package registers the rules of its actions in
`base.book.BOOK`; `flow` runs the phases, sets up a game and is the controller."""

# The controller imports every topic in one fixed order, and the book lists rules in the order they
# were registered: importing it first here keeps that order (and so every seeded game) the same
# whichever rule module a program happens to import first.
from civgame.games.sidmeier.rules.flow import controller as _controller  # noqa: F401  (registers the rules)
