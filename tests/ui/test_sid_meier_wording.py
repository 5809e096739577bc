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


def test_a_cancel_names_the_tech_or_great_person_card_it_is_made_with():
    from civgame.games.sidmeier.core import actions as act

    game = GAME.new_game(2, 1, expansions=["fame-and-fortune"], great_person_deck=True)
    words = Words(game)
    assert words.label(act.Cancel("tech:code_of_laws", ("token:spy",))) == "Cancel it with Code of Laws, paying 1 spy"
    twain = game.rules.person_card_ids.index("mark_twain")
    assert words.label(act.Cancel(f"person:{twain}")) == "Cancel it with Mark Twain"


def test_a_token_india_spends_as_another_resource_says_so():
    from civgame.games.sidmeier.core.actions import UseAbility
    from civgame.games.sidmeier.rules.base import payments

    game = GAME.new_game(["Anna", "Ben"], 1, civilizations=["indians", "rome"], expansions=["fame-and-fortune"])
    label = Words(game).label(UseAbility("philosophy", ("token:wheat:incense",)))
    assert label == "Use the ability of Philosophy, paying 1 wheat as incense"
    assert payments.describe(game, ("token:wheat:incense",)) == "a wheat token as incense"
