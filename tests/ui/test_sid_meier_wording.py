"""The action bar's words for Sid Meier's Civilization: every legal action met in whole random games reads as
a sentence with the pieces' printed names (never an id of the data or a Python value)."""

import pytest

from civgame.games import definition
from civgame.headless import KindRandomAgent
from civgame.ui.sidmeier.wording import GROUPS, Words, grouped

GAME = definition("sid-meier")


def kinds_labelled(game, seed: int) -> set[str]:
    """Play the game out at random; each kind of action met (its first listing) reads as a sentence. The kinds."""
    words = Words(game)
    agents = [KindRandomAgent(f"{seed}:{i}") for i in range(len(game.players))]
    seen: set[str] = set()
    while not GAME.is_over(game):
        actions = GAME.legal_actions(game)
        for kind, listed in grouped(actions).items():
            assert kind in GROUPS
            if kind in seen:
                continue
            seen.add(kind)
            for action in listed:
                label = words.label(action)
                assert label and "_" not in label and "(" + type(action).__name__ not in label, label
        GAME.apply(game, agents[game.actor()].choose(game, actions))
    return seen


@pytest.mark.parametrize("seed", [3])
def test_every_action_of_a_whole_game_has_a_rulebook_label(seed):
    seen = kinds_labelled(GAME.new_game(["Anna", "Ben", "Cleo", "Dan"], seed), seed)
    assert len(seen) > 35  # the game offered most kinds of action


def test_every_action_of_a_game_with_both_expansions_and_the_great_person_deck_has_a_rulebook_label():
    expansions = ["fame-and-fortune", "wisdom-and-warfare"]
    game = GAME.new_game(["Anna", "Ben", "Cleo"], 5, expansions=expansions, great_person_deck=True)
    assert {"grow_metropolis", "reveal_person_card", "use_person_card"} <= kinds_labelled(game, 5)
