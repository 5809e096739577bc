"""What several rule topics share: the rule book, effect look-ups, the board, pieces, techs, culture."""
