"""Hooks: declared once, fired at fixed points, listeners in turn order, their choices stacked in order."""

import pytest

from civgame.framework.effects import NoParams, Primitive
from civgame.games.clash.content.effects import HOOKS, REGISTRY
from civgame.games.clash.content.effects.hooks import Hook
from civgame.games.clash.core.actions import Advance, Collect, EndTurn
from civgame.games.clash.core.decisions import EffectChoiceDecision
from civgame.games.clash.rules.base import triggers
from civgame.games.clash.rules.base.triggers import fire
from tests.combat_helpers import attack, dice
from tests.engine.test_effect_sources import grant
from tests.scenario import Scenario

ALL_HOOK = "status_step"


def gold_on(hook: str) -> dict:
    return {"gain_on": {"hook": hook, "gain": {"gold": 1}}}


def gold(s: Scenario, player: int = 0) -> int:
    return s.player(player).resources["gold"]


def rich(s: Scenario) -> Scenario:
    for p in range(len(s.game.players)):
        s.resources(p, gold=0)
    s.advances(0, "Storage")  # a gold limit well above what the hooks pay
    return s


@pytest.fixture
def recorded(monkeypatch):
    """A test primitive listening to `status_step` that records who heard it and may ask a choice."""
    heard: list[tuple[int, str]] = []
    prim = Primitive("test_listener", NoParams, "test", "test", {"test_listener": {}}, listens=ALL_HOOK)
    monkeypatch.setitem(REGISTRY, "test_listener", prim)

    def listen(game, player, effect, context):
        heard.append((player.index, effect.source))
        if effect.source.startswith("Ask"):
            game.pending.append(EffectChoiceDecision(player=player.index, source=effect.source, options=["yes"]))

    monkeypatch.setitem(triggers.LISTENERS, "test_listener", listen)
    return heard


def test_listeners_run_from_the_current_player_clockwise_then_in_source_order(recorded):
    s = Scenario(players=3)
    s.turn(1)
    for player in range(3):
        grant(s, "card", f"Card {player}", {"test_listener": {}})
    grant(s, "wonder", "Great Statue", {"test_listener": {}})
    for player in range(3):
        s.player(player).lasting_effects.append(_lasting(f"Card {player}"))
    s.city(0, "D2", wonders=["great_statue"])
    fire(s.game, ALL_HOOK, step=1)
    assert recorded == [(1, "Card 1"), (2, "Card 2"), (0, "Great Statue"), (0, "Card 0")]


def test_choices_of_listeners_are_answered_in_the_order_the_listeners_ran(monkeypatch, recorded):
    monkeypatch.setitem(HOOKS, ALL_HOOK, Hook(ALL_HOOK, "test", {"step": "n"}, "all", choices=True))
    s = Scenario(players=3)
    for player in range(3):
        grant(s, "card", f"Ask {player}", {"test_listener": {}})
        s.player(player).lasting_effects.append(_lasting(f"Ask {player}"))
    fire(s.game, ALL_HOOK, step=1)
    assert [d.player for d in reversed(s.game.pending)] == [0, 1, 2]  # the top of the stack first


def test_a_listener_may_not_wait_for_a_choice_where_the_hook_allows_none(recorded):
    s = Scenario()
    grant(s, "card", "Ask 0", {"test_listener": {}})
    s.player(0).lasting_effects.append(_lasting("Ask 0"))
    with pytest.raises(ValueError, match="may not wait for a choice"):
        fire(s.game, ALL_HOOK, step=1)


def test_firing_checks_the_declared_context_and_audience():
    s = Scenario()
    with pytest.raises(ValueError, match=r"passes \['advance'\]"):
        fire(s.game, "advance_gained", player=0, city=3)
    with pytest.raises(ValueError, match="heard by player"):
        fire(s.game, "advance_gained", advance="Storage")


def test_an_undeclared_hook_is_refused_in_rules_data():
    from civgame.games.clash.content.effects import parse_effect

    with pytest.raises(ValueError, match="'sunrise' is not a hook"):
        parse_effect("X", gold_on("sunrise"))


def _lasting(source: str):
    from civgame.games.clash.core.model import LastingEffect

    return LastingEffect(source, "round")


# ------------------------------------------------------------------ each hook fires at its point


def holding(s: Scenario, hook: str, player: int = 0, card: str = "Test Card") -> Scenario:
    """The player holds a card whose lasting effect pays 1 gold when `hook` fires for them."""
    grant(s, "card", card, gold_on(hook))
    s.player(player).lasting_effects.append(_lasting(card))
    return s


def test_turn_start_and_turn_end_fire_for_the_player_whose_turn_it_is():
    s = rich(Scenario())
    holding(s, "turn_end")
    s.apply(EndTurn())
    assert gold(s) == 1
    s = rich(Scenario())
    holding(s, "turn_start")
    s.turn(1)
    assert gold(s) == 0
    s.turn(0)
    assert gold(s) == 1


def test_advance_gained_fires_for_the_gaining_player():
    s = rich(Scenario())
    holding(s, "advance_gained")
    s.resources(0, food=2)
    s.apply(Advance("Fishing", payment={"food": 2}))
    assert gold(s) == 1


def test_city_activated_fires_after_an_activation():
    s = rich(Scenario().reveal_all())
    holding(s, "city_activated")
    city = s.city(0, "D2")
    collect = next(a for a in s.legal_of(Collect) if a.city == city.id and all(w != "gold" for _, w in a.picks))
    s.apply(collect)
    assert gold(s) == 1


def test_event_drawn_fires_when_the_tracker_empties():
    s = rich(Scenario())
    holding(s, "event_drawn")
    s.game.decks["event"].draw.append(29)  # Vulcan: the event itself changes nothing here
    s.player(0).event_cubes = 1
    s.resources(0, food=2)
    s.apply(Advance("Fishing", payment={"food": 2}))
    assert gold(s) == 1


@pytest.mark.parametrize(
    "hook,winner_gold,loser_gold",
    [
        ("combat_round_start", 1, 1),
        ("hits_assigned", 1, 1),
        ("battle_won", 1, 0),
        ("battle_ended", 1, 1),
    ],
)
def test_battle_hooks_fire_for_the_sides_they_name(hook, winner_gold, loser_gold):
    s = rich(Scenario().reveal_all())
    holding(s, hook, player=0)
    holding(s, hook, player=1, card="Second Card")
    att = s.units(0, "infantry", "C2", 3)
    s.units(1, "infantry", "C2", 1)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    assert s.game.combat is None
    assert (gold(s, 0), gold(s, 1)) == (winner_gold, loser_gold)


def test_city_captured_fires_for_the_captor():
    s = rich(Scenario().reveal_all())
    holding(s, "city_captured")
    city = s.city(1, "D2")
    att = s.units(0, "infantry", "D2", 2)
    attack(s, 0, att, "D2", "C2")
    assert city.owner == 0
    (capture_gold,) = [int(line.split()[3]) for line in s.game.log if line.endswith("gold for the capture")]
    assert s.game.log[-1] == "Player 1 gains 1 gold (Test Card)"
    assert gold(s) == capture_gold + 1
