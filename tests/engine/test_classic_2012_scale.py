"""The Scale of the 2012 edition: resource limits, the Culture and Happiness Levels that advances raise,
token limits equal to the levels, and the event drawn when a level reaches 3, 5 or 7."""

from civgame.games.clash.core.actions import Advance, ChooseOption, PlayGreatPerson, TakeFreeAdvance
from civgame.games.clash.core.decisions import FreeAdvanceDecision
from civgame.games.clash.rules.base.payments import gain
from tests.classic import classic_scenario

GREAT_SCIENTIST, POPULATION_BOOM = 22, 27  # cards of the 2012 event deck


def events_drawn(s) -> int:
    return len(s.game.decks["event"].discard) + (
        s.game.event is not None and s.game.event.card not in s.game.decks["event"].discard
    )


def test_resources_stop_at_8_and_food_at_2_until_storage():
    s = classic_scenario()
    p = s.player(0)
    assert gain(s.game, p, {"ore": 10, "food": 5}) == {"ore": 8, "food": 0}  # food starts at 2
    s.resources(0, food=2)
    s.apply(Advance("Storage"))
    assert gain(s.game, p, {"food": 10}) == {"food": 8}


def test_a_bordered_advance_raises_its_level_and_gives_a_token_up_to_the_level():
    s = classic_scenario()
    p = s.player(0)
    s.resources(0, food=2)
    s.apply(Advance("Storage"))  # a yellow (happiness) border
    assert (p.happiness_level, p.mood_tokens, p.culture_level) == (1, 1, 0)
    assert gain(s.game, p, {"mood": 2, "culture": 1}) == {"mood": 0, "culture": 0}  # each limited by its level
    assert (p.mood_tokens, p.culture_tokens) == (1, 0)


def test_reaching_3_5_or_7_draws_an_event_and_other_levels_do_not():
    s = classic_scenario()
    p = s.player(0)
    p.happiness_level = 1
    s.resources(0, food=2)
    s.apply(Advance("Storage"))
    assert p.happiness_level == 2 and events_drawn(s) == 0
    s.resources(0, food=2)
    s.apply(Advance("Irrigation"))
    assert p.happiness_level == 3 and events_drawn(s) == 1
    assert "draws the event" in " ".join(s.game.log)


def test_at_the_top_of_the_scale_the_level_stays_and_the_token_still_comes():
    s = classic_scenario()
    p = s.player(0)
    p.culture_level, p.culture_tokens = 8, 5
    s.resources(0, food=2)
    s.apply(Advance("Tactics"))
    assert (p.culture_level, p.culture_tokens) == (8, 6)


def test_the_free_advance_of_the_status_phase_draws_its_event_too():
    s = classic_scenario()
    p = s.player(0)
    p.culture_level = 4
    s.game.phase = "status"
    s.game.pending.append(FreeAdvanceDecision(player=0))
    s.apply(TakeFreeAdvance("Tactics"))
    assert p.culture_level == 5 and events_drawn(s) == 1


def test_an_event_a_great_persons_advance_draws_is_resolved_before_the_rest_of_the_card():
    s = classic_scenario(3)
    s.reveal_all()
    s.city(0, "D2")
    p = s.player(0)
    p.culture_level = 2
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c not in (GREAT_SCIENTIST, POPULATION_BOOM)] + [POPULATION_BOOM]
    p.great_persons = [GREAT_SCIENTIST]
    s.apply(PlayGreatPerson(GREAT_SCIENTIST, ("Mathematics",)))  # a blue border: Culture Level 3, an event
    assert p.culture_level == 3 and s.game.event.card == POPULATION_BOOM and s.game.pending
    while s.game.pending:  # the drawn event's choices: where barbarians settle, who gains a settler...
        s.apply(ChooseOption(s.game.pending[-1].options[0]))
    assert p.resources["ideas"] == 1 and len(p.action_cards) == 1  # then the great person's own effects
    assert s.game.event is None and not s.game.events_waiting
