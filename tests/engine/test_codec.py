"""The plain form of actions and model objects, as the action log and saves write them."""

from civgame.framework.codec import from_plain, to_plain
from civgame.games.clash.core.actions import Action, Collect, Recruit
from civgame.games.clash.core.model import Deck, LastingEffect


def test_an_action_is_written_with_its_kind_and_every_field_as_plain_data():
    collect = Collect(7, (((1, 2), "food"), ((2, 2), "ore")))
    assert to_plain(collect) == {"kind": "collect", "city": 7, "picks": [[[1, 2], "food"], [[2, 2], "ore"]]}
    recruit = Recruit(3, ("infantry", "ship"), {"food": 1, "gold": 1})
    assert to_plain(recruit) == {
        "kind": "recruit",
        "city": 3,
        "units": ["infantry", "ship"],
        "payment": {"food": 1, "gold": 1},
        "card_instead": False,
    }
    assert to_plain(Recruit(3, ())) == {
        "kind": "recruit",
        "city": 3,
        "units": [],
        "payment": None,
        "card_instead": False,
    }
    for action in (collect, recruit):
        assert from_plain(Action, to_plain(action)) == action


def test_a_model_object_is_written_without_a_kind_and_its_lists_are_new():
    deck = Deck(draw=[3, 1], discard=["x"])
    plain = to_plain({"deck": deck, "lasting": [LastingEffect("Hero General", "turn")]})
    assert plain == {
        "deck": {"draw": [3, 1], "discard": ["x"]},
        "lasting": [{"source": "Hero General", "until": "turn"}],
    }
    assert plain["deck"]["draw"] is not deck.draw
