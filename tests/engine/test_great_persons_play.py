"""Great persons are played like the action half of an action card: the same listing, price, precondition,
refusals and follow-up restrictions, and the card goes face up to the event discard pile."""

import pytest

from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import ChooseOption, Construct, PlayActionCard, PlayGreatPerson
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.rules.cards.action_cards import GREAT_PERSONS, why_not_play_card
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.scenario import Scenario

GREAT_EXPLORER, GREAT_PHILOSOPHER, GREAT_ARCHITECT, GREAT_ATHLETE = 18, 21, 55, 56
CITY_DEVELOPMENT, EXPLORER = 17, 21  # action cards


def refused(s: Scenario, action: PlayGreatPerson | PlayActionCard) -> str:
    """The action raises RuleError and changes nothing."""
    before = to_plain(s.game)
    with pytest.raises(RuleError) as caught:
        s.apply(action)
    assert to_plain(s.game) == before
    return str(caught.value)


def holding(*cards: int) -> Scenario:
    """Player 1 holds these great persons (taken out of the event deck)."""
    s = Scenario().reveal_all()
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c not in cards]
    s.player(0).great_persons = list(cards)
    return s


def test_a_great_person_is_listed_once_per_free_advance_and_once_without_one():
    s = holding(GREAT_PHILOSOPHER)
    assert set(s.legal_of(PlayGreatPerson)) == {
        PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)),  # the top advance of Education, its category
        PlayGreatPerson(GREAT_PHILOSOPHER, ()),
    }
    assert "cannot be played that way now" in refused(s, PlayGreatPerson(GREAT_PHILOSOPHER, ("Irrigation",)))


def test_a_great_person_not_held_is_refused_like_an_action_card_not_held():
    s = Scenario()
    assert refused(s, PlayGreatPerson(GREAT_PHILOSOPHER)) == "Player 1 holds no great person 21"
    assert refused(s, PlayActionCard(EXPLORER)) == "Player 1 holds no action card 21"


def test_a_great_person_playing_as_a_main_action_needs_an_action_left():
    s = holding(GREAT_PHILOSOPHER).hand(0, EXPLORER).resources(0, culture=1)
    s.city(0, "D2")
    s.game.actions_left = 0
    assert s.legal_of(PlayGreatPerson) == []
    assert refused(s, PlayGreatPerson(GREAT_PHILOSOPHER)) == "no main actions left this turn"
    assert refused(s, PlayActionCard(EXPLORER, ("-", "-"))) == "no main actions left this turn"


def test_a_free_great_person_is_played_without_an_action():
    s = holding(GREAT_ARCHITECT).advances(0, "Engineering")
    s.city(0, "D5", mood="happy")
    s.city(0, "D2")
    s.player(0).wonder_cards = ["pyramids"]
    s.resources(0, food=2, wood=3, ore=7, culture=2)
    s.game.actions_left = 0
    assert s.legal_of(PlayGreatPerson) == [PlayGreatPerson(GREAT_ARCHITECT)]
    s.apply(PlayGreatPerson(GREAT_ARCHITECT))
    assert s.game.city_at(s.hex("D5")).wonders == ["pyramids"]


def test_a_great_person_waits_for_the_action_a_card_forces():
    s = holding(GREAT_PHILOSOPHER).hand(0, CITY_DEVELOPMENT).resources(0, culture=1).advances(0, "Myths")
    s.city(0, "D2")
    s.city(0, "C4")
    s.apply(PlayActionCard(CITY_DEVELOPMENT))
    assert s.legal_of(PlayGreatPerson) == []
    reason = refused(s, PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)))
    assert reason == "City Development: the next action must be a Construct"
    s.apply(s.legal_of(Construct)[0])
    while s.game.pending:  # the new building's bonus token
        s.apply(s.legal()[0])
    assert s.legal_of(PlayGreatPerson)  # the forced action is done


def test_a_great_person_is_not_played_while_a_decision_is_pending():
    s = holding(GREAT_PHILOSOPHER)
    s.game.pending.append(EffectChoiceDecision(player=0, source="a test", effect="gift", options=["a", "b"]))
    reason = why_not_play_card(s.game, s.player(0), GREAT_PHILOSOPHER, GREAT_PERSONS)
    assert reason == "a card is played on your own turn when nothing else is pending"


def test_a_great_persons_precondition_is_said_as_an_action_cards():
    s = holding(GREAT_ATHLETE, GREAT_EXPLORER).hand(0, EXPLORER).resources(0, mood=0, culture=0)
    s.city(0, "D2")
    assert why_not_play_card(s.game, s.player(0), GREAT_ATHLETE, GREAT_PERSONS) == (
        "Great Athlete cannot be played now: it needs a mood or culture token"
    )
    s.resources(0, culture=1)  # the Explorer's price
    face_down = "cannot be played now: it needs a face-down region next to"
    assert why_not_play_card(s.game, s.player(0), GREAT_EXPLORER, GREAT_PERSONS) == (
        f"Great Explorer {face_down} a region with your city"
    )
    assert why_not_play_card(s.game, s.player(0), EXPLORER) == f"Explorer {face_down} your city"
    assert {a.card for a in s.legal_of(PlayGreatPerson)} == {GREAT_ATHLETE}  # with a token now


def test_a_played_great_person_goes_face_up_to_the_event_discard_pile():
    s = holding(GREAT_PHILOSOPHER)
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_PHILOSOPHER, ("Writing",)))
    assert s.game.decks["event"].discard[-1] == GREAT_PHILOSOPHER and s.player(0).great_persons == []
    assert s.game.actions_left == actions - 1 and s.player(0).has("Writing")
    assert "Player 1 plays the great person Great Philosopher" in s.game.log


def test_great_explorer_may_explore_nothing_and_takes_its_advance_only():
    s = holding(GREAT_EXPLORER)
    s.city(0, "D2")
    s.hide(5)
    seafaring = s.game.rules.category_of("Fishing").advances[0].name
    s.apply(PlayGreatPerson(GREAT_EXPLORER, (seafaring, "-")))
    assert not s.game.regions[4].revealed and s.player(0).has(seafaring) and not s.game.pending


def test_a_game_saved_while_the_great_explorer_waits_for_its_city_loads_and_goes_on():
    s = holding(GREAT_EXPLORER).resources(0, food=2)
    s.city(0, "D2")
    s.hide(5)
    s.apply(PlayGreatPerson(GREAT_EXPLORER, ("Fishing", "5")))
    assert isinstance(s.game.pending[0], EffectChoiceDecision)  # the city, once the region lies
    game = loads(dumps(s.game))
    while not isinstance(game.pending[-1], EffectChoiceDecision):
        apply(game, legal_actions(game)[0])  # which way the region lies
    game = loads(dumps(game))
    sites = [a for a in legal_actions(game) if isinstance(a, ChooseOption) and a.option.startswith("found a city")]
    apply(game, sites[0])
    assert len(game.cities_of(0)) == 2 and game.player(0).resources["food"] == 0
    assert check_invariants(game) == []
