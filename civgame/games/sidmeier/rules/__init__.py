"""The rules, grouped by topic. `base` holds what several topics share (effects, the board, pieces,
techs, the culture track, reactions); each topic package registers the rules of its actions in
`base.book.BOOK`; `flow` runs the phases, sets up a game and is the controller."""
