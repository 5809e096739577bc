"""Hard's evaluation weights in victory points, by the names `evaluation.terms` counts under; a
weight not named here is Normal's.

These are chosen by hand: what a Collect of each city would bring, each city piece enemy armies
could reach, a settler by how near it stands to land for a city, and the room a city gives the
player's cities to grow.
`python -m bench.ai_fit --write` replaces them with weights fitted to who wins seeded games;
check the fitted ones in play (`civgame tournament --only evaluation`) before keeping them. So
far fitted weights predicted the winner of unseen games better than these and Normal's, yet
played worse than Normal's in equal time (see docs/measurements.md, the tournament).
"""

WEIGHTS: dict[str, float] = {
    "collectable": 1.5,
    "exposure": 0.1,
    # Hard wins most where it takes cities: its armies close in on a weakly held enemy city at a
    # point a piece next to it (Normal's half), the point the piece brings once taken.
    "city_in_reach": 1.0,
    # A settler is worth the city it may still found: most where it may found one, less the farther
    # it must walk to such land (or to explore), little where it cannot reach any. Hard recruits
    # settlers while there is land for them and walks them out to found cities; a city is worth
    # the room it gives the player's other cities to grow (no city may be larger than the number
    # of its owner's cities), so that a player of two full cities founds a third.
    "units.settler": 0.5,
    "settler_on_site": 1.0,
    "settler_prospect": 1.0,
    "city_room": 0.25,
    # An objective card not yet in reach is worth a point times how near it is (4 of the 5 ore of Ore
    # Supplies: 0.8), so that Hard holds resources for the status phase and seeks what its cards
    # ask for; before, it credited a card only once its condition held. With it Hard won 71 of 100
    # against Normal where it had won 64 on the same seeds (docs/measurements.md, the decision).
    "objective_progress": 1.0,
}
