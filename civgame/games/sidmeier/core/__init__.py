"""The model of a game, the actions players take and the decisions the rules wait for."""
