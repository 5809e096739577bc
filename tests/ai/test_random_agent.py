"""The random agent's weighted pick draws exactly as `random.Random.choices` does, so seeded games
stay the same games."""

import random

from civgame.ai.random_agent import weighted_choice


def test_the_weighted_pick_is_the_pick_of_random_choices_from_the_same_seed():
    kinds = ["collect", "recruit", "end_turn", "start_trade", "move_units", "advance"]
    for seed in range(300):
        sizes = random.Random(-seed)
        n = sizes.randint(1, len(kinds))
        weights = [sizes.choice((1.0, 0.25, 0.02, 0.1)) for _ in range(n)]
        ours, stdlib = random.Random(seed), random.Random(seed)
        for _ in range(5):
            assert weighted_choice(ours, kinds[:n], weights) == stdlib.choices(kinds[:n], weights)[0]
        assert ours.random() == stdlib.random()  # and the same number of draws
