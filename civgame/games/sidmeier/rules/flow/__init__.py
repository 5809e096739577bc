"""The game's flow: setup, the phases in order, the controller, invariants and what a seat may see."""
