"""Hard's evaluation weights in victory points, by the names `evaluation.terms` counts under:
fitted to who wins by `python -m bench.ai_fit --write` (do not edit by hand: refit after
changing the rules data). A weight not named here is Normal's.

Fitted on seeds 1-600 (12134 positions); predictions on the held-out seeds 601-900: 6021 positions:

weights           accuracy  log-loss  rank correlation
easy                 62.5%     0.773             0.418
normal               65.2%     0.741             0.448
hard (before)        64.5%     0.750             0.438
fitted               67.2%     0.695             0.504
"""

FITTED: dict[str, float] = {
    "action_card": 0.064,
    "advance": 0.23,
    "army_unit": 0.123,
    "city": -0.271,
    "city_size": 0.011,
    "collectable": 2.532,
    "culture_token": -0.063,
    "exposure": -0.027,
    "mood_token": 0.032,
    "moods.angry": -0.312,
    "moods.happy": -0.297,
    "moods.neutral": -0.016,
    "objective_card": -0.04,
    "objective_in_reach": 1.116,
    "resources.food": 0.279,
    "resources.gold": 0.255,
    "resources.ideas": 0.364,
    "resources.ore": 0.06,
    "resources.wood": -0.013,
    "settler_on_site": 0.188,
    "threat": 0.1,
    "units.settler": 0.731,
    "units.ship": -0.096,
    "wonder_card": -0.022,
    "wonder_in_reach": 0.179,
}
