"""Hard's evaluation weights in victory points, by the names `evaluation.terms` counts under; a
weight not named here is Normal's.

These are chosen by hand: what a Collect of each city would bring, each city piece enemy armies
could reach, and a settler worth more where it may found a city than where it stands idle.
`python -m bench.ai_fit --write` replaces them with weights fitted to who wins seeded games;
check the fitted ones in play (`civgame tournament --only evaluation`) before keeping them. So
far fitted weights predicted the winner of unseen games better than these and Normal's, yet
played worse than Normal's in equal time (see docs/measurements.md, the tournament).
"""

WEIGHTS: dict[str, float] = {
    "collectable": 1.5,
    "exposure": 0.1,
    # A settler is worth most where it may found a city: Hard moves its settlers out to found
    # cities rather than keeping them in its cities.
    "units.settler": 0.5,
    "settler_on_site": 1.0,
    "settler_prospect": 1.0,
    "city_room": 0.25,
}
