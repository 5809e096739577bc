"""Hard's evaluation weights in victory points, by the names `evaluation.terms` counts under:
fitted to who wins by `python -m bench.ai_fit --write` (do not edit by hand: refit after
changing the rules data). A weight not named here is Normal's.

Fitted on random play, seeds 1-400 (8089 positions), shrink 0.02;
predictions on the held-out seeds 401-600: 4045 positions:

weights           accuracy  log-loss  rank correlation
easy                 62.6%     0.768             0.378
normal               64.0%     0.747             0.392
fitted               67.1%     0.682             0.439
"""

FITTED: dict[str, float] = {
    "action_card": 0.117,
    "advance": 0.314,
    "army_unit": 0.142,
    "city": 0.903,
    "city_size": 0.674,
    "collectable": -0.354,
    "culture_token": -0.02,
    "exposure": -0.038,
    "mood_token": 0.067,
    "moods.angry": -0.728,
    "moods.happy": -0.032,
    "moods.neutral": -0.326,
    "objective_card": 0.062,
    "objective_in_reach": 1.297,
    "resources.food": 0.3,
    "resources.gold": 0.27,
    "resources.ideas": 0.488,
    "resources.ore": 0.1,
    "resources.wood": 0.038,
    "settler_on_site": 0.307,
    "threat": 0.112,
    "units.settler": 0.812,
    "units.ship": 0.12,
    "wonder_card": -0.099,
    "wonder_in_reach": 0.39,
}
