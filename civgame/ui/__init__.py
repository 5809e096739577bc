"""The desktop interface (pygame-ce + pygame_gui). It only reads the game model and sends
actions taken from `legal_actions` to `apply`; the engine never imports anything from here."""
