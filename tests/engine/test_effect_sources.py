"""Every source of effects answers through one query: advances, special advances, wonders, the
leader and cards whose effect lasts; in a documented order, with conditions, ending at once."""

from pathlib import Path

import pytest

from civgame.ai import play_game, random_agents
from civgame.games.clash.content.effects import active, has, holdings, memo, params_as, parse_effect, sources
from civgame.games.clash.content.effects.core import ResourceCap
from civgame.games.clash.content.effects.sources import LEADER_UNIT, holdings_changed, lasting_for_a_look
from civgame.games.clash.core.actions import Collect, EndTurn
from civgame.games.clash.core.copying import copy_game
from civgame.games.clash.core.model import LastingEffect, Unit
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.mods import load_rules
from tests.combat_helpers import attack, dice
from tests.scenario import Scenario

HARBOUR = Path(__file__).resolve().parents[1] / "mods" / "harbour_of_plenty"
CAP = "resource_cap"


def grant(s: Scenario, kind: str, source: str, *raw_effects: dict) -> None:
    """Give this game's rules one more source of effects (kinds without content in the base rules yet)."""
    rules = s.game.rules.model_copy()
    index = {name: dict(by_source) for name, by_source in s.game.rules.effect_index.items()}
    for raw in raw_effects:
        effect = parse_effect(source, raw, kind)
        index.setdefault(effect.name, {}).setdefault((kind, source), []).append(effect)
    rules.__dict__["effect_index"] = index
    rules.__dict__.pop("effects_by_source", None)  # derived from the index: worked out again
    s.game.rules = rules
    holdings_changed(s.game)


def cap(limit: int) -> dict:
    return {CAP: {"resource": "gold", "limit": limit}}


def test_every_kind_of_source_answers_in_the_documented_order():
    s = Scenario()
    p = s.player(0)
    grant(s, "special_advance", "Aqueducts of Rome", cap(11))
    grant(s, "wonder", "Great Statue", cap(12))
    grant(s, "leader", "Caesar", cap(13))
    grant(s, "card", "Hero General", cap(14))
    s.city(0, "D2", wonders=["great_statue"])
    p.special_advances.append("Aqueducts of Rome")
    p.leader = "Caesar"
    p.lasting_effects.append(LastingEffect("Hero General", "turn"))
    s.advances(0, "Storage")
    assert [(e.kind, e.source) for e in active(s.game, p, CAP) if e.source != "Storage"] == [
        ("special_advance", "Aqueducts of Rome"),
        ("wonder", "Great Statue"),
        ("leader", "Caesar"),
        ("card", "Hero General"),
    ]
    assert list(holdings(s.game, p))[-4:] == [
        ("special_advance", "Aqueducts of Rome"),
        ("wonder", "Great Statue"),
        ("leader", "Caesar"),
        ("card", "Hero General"),
    ]
    assert not active(s.game, s.player(1), CAP)


def test_the_last_source_in_order_sets_a_resource_limit():
    s = Scenario()
    grant(s, "card", "Hero General", cap(3))
    s.player(0).lasting_effects.append(LastingEffect("Hero General", "turn"))
    holdings_changed(s.game)
    s.resources(0, gold=0)
    from civgame.games.clash.rules.base.payments import gain

    assert gain(s.game, s.player(0), {"gold": 5}) == {"gold": 3}


def test_a_card_effect_lasting_this_turn_ends_with_the_turn():
    s = Scenario()
    grant(s, "card", "Hero General", cap(9))
    s.player(0).lasting_effects.append(LastingEffect("Hero General", "turn"))
    s.player(0).lasting_effects.append(LastingEffect("Hero General", "round"))
    holdings_changed(s.game)
    assert len(active(s.game, s.player(0), CAP)) == 2
    s.apply(EndTurn())
    assert [lasting.until for lasting in s.player(0).lasting_effects] == ["round"]
    assert len(active(s.game, s.player(0), CAP)) == 1
    s.apply(EndTurn())  # the round ends
    assert s.player(0).lasting_effects == [] and not active(s.game, s.player(0), CAP)
    assert check_invariants(s.game) == []


def test_a_card_effect_lasting_this_battle_ends_with_the_battle():
    s = Scenario().reveal_all()
    grant(s, "card", "High Morale", cap(9))
    s.player(0).lasting_effects.append(LastingEffect("High Morale", "battle"))
    holdings_changed(s.game)
    att = s.units(0, "infantry", "C2", 3)
    s.units(1, "infantry", "C2", 1)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, att, "C2", "D2")
    assert s.game.combat is None and s.player(0).lasting_effects == []
    assert not active(s.game, s.player(0), CAP) and check_invariants(s.game) == []


def test_a_leader_city_effect_applies_only_where_the_leader_stands():
    s = Scenario().reveal_all()
    grant(s, "leader", "Caesar", {CAP: {"resource": "gold", "limit": 9}, "only": "leader_city"})
    s.player(0).leader = "Caesar"
    holdings_changed(s.game)
    city = s.city(0, "D2")
    other = s.city(0, "B6")
    assert not has(s.game, s.player(0), CAP, at=city.pos)  # no leader on the board yet
    s.game.units.append(Unit(s.game.new_id(), 0, LEADER_UNIT, city.pos))
    assert has(s.game, s.player(0), CAP, at=city.pos)
    assert not has(s.game, s.player(0), CAP, at=other.pos)
    assert not has(s.game, s.player(0), CAP)  # a rule that names no place does not get it


def test_an_unknown_condition_is_refused():
    with pytest.raises(ValueError, match="only: 'everywhere' is not one of leader_city, with_leader"):
        parse_effect("X", {CAP: {"resource": "gold", "limit": 9}, "only": "everywhere"})


def test_a_rule_that_forgets_to_report_a_change_of_holdings_is_caught_by_the_invariants():
    s = Scenario()
    assert not has(s.game, s.player(0), CAP)
    s.player(0).advances.append("Storage")  # behind the engine's back
    assert check_invariants(s.game) == ["stale effects after a change of holdings: Player 1: resource_cap"]
    holdings_changed(s.game)
    assert check_invariants(s.game) == [] and has(s.game, s.player(0), CAP)


def _capped_sources(game, player, _about) -> tuple[str, ...]:
    return tuple(e.source for e in active(game, player, CAP))


def test_answers_worked_out_from_the_effects_are_forgotten_with_them():
    s = Scenario()
    p = s.player(0)
    assert memo(s.game, p, _capped_sources) == ()
    s.advances(0, "Storage")  # reports the change of holdings, as every rule does
    assert memo(s.game, p, _capped_sources) == ("Storage",)
    copied = copy_game(s.game)
    s.lose_advances(0, "Storage")
    assert memo(s.game, p, _capped_sources) == ()
    assert memo(copied, copied.player(0), _capped_sources) == ("Storage",)  # the copy keeps its own answer


def test_a_player_gaining_an_advance_forgets_only_their_own_answers():
    s = Scenario()
    gainer, other = s.player(0), s.player(1)
    assert memo(s.game, gainer, _capped_sources) == () and not has(s.game, gainer, CAP)
    assert memo(s.game, other, _capped_sources) == ()
    kept = _cached(s, other)
    gain_advance(s.game, gainer, "Storage", uses_event_cube=False)
    assert has(s.game, gainer, CAP) and memo(s.game, gainer, _capped_sources) == ("Storage",)
    assert _cached(s, other) is kept  # the other player's holdings did not change: nothing to work out again
    assert check_invariants(s.game) == []


def test_a_change_reported_for_everyone_forgets_the_answers_of_changed_holdings_or_rules_only():
    s = Scenario()
    gainer, other = s.player(0), s.player(1)
    s.advances(1, "Storage")
    assert memo(s.game, gainer, _capped_sources) == () and not has(s.game, gainer, CAP)
    assert memo(s.game, other, _capped_sources) == ("Storage",)
    kept = _cached(s, other)
    s.advances(0, "Storage")  # reports the change without naming whose holdings changed
    assert memo(s.game, gainer, _capped_sources) == ("Storage",) and has(s.game, gainer, CAP)
    assert _cached(s, other) is kept
    grant(s, "advance", "Storage", cap(9))  # the same holdings under other rules: worked out again
    assert memo(s.game, other, _capped_sources) == ("Storage", "Storage")
    assert [params_as(e, ResourceCap).limit for e in active(s.game, other, CAP)][-1] == 9
    assert check_invariants(s.game) == []


def test_a_look_with_a_card_sees_its_effects_and_leaves_every_answer_as_before():
    s = Scenario()
    grant(s, "card", "Hero General", cap(9))
    looker, other = s.player(0), s.player(1)
    assert memo(s.game, looker, _capped_sources) == () and not has(s.game, looker, CAP)
    before = _cached(s, looker)
    with lasting_for_a_look(s.game, looker, LastingEffect("Hero General", "action")):
        assert has(s.game, looker, CAP) and memo(s.game, looker, _capped_sources) == ("Hero General",)
        assert memo(s.game, other, _capped_sources) == ()
        assert sources.stale_answers(s.game) == []  # the card's effects added to the answers kept, as fresh
        kept = _cached(s, other)
    assert not has(s.game, looker, CAP) and memo(s.game, looker, _capped_sources) == ()
    assert _cached(s, looker) is before and _cached(s, other) is kept
    holdings_changed(s.game)  # and a look with nothing worked out before it
    with lasting_for_a_look(s.game, looker, LastingEffect("Hero General", "action")):
        assert memo(s.game, looker, _capped_sources) == ("Hero General",)
    assert not has(s.game, looker, CAP) and memo(s.game, looker, _capped_sources) == ()
    assert check_invariants(s.game) == []


def _cached(s: Scenario, player) -> object:
    """The player's cached primitive answers (the object itself, to tell whether it was kept)."""
    return s.game.__dict__[sources._CACHE][player.index]


def test_a_remembered_answer_gone_stale_is_caught_by_the_invariants():
    s = Scenario()
    assert memo(s.game, s.player(1), _capped_sources) == ()
    s.player(1).advances.append("Storage")  # behind the engine's back
    s.game.__dict__.pop("_effect_cache")  # ... even where the primitive answers were fresh
    assert check_invariants(s.game) == ["stale effects after a change of holdings: Player 2: _capped_sources(None)"]


# ------------------------------------------------------------------ a mod's wonder, no Python change


def harbour() -> Scenario:
    """The board of the economy tests: D2's neighbour D1 is barren."""
    s = Scenario(rules=load_rules([HARBOUR]))
    for region, tile in ((3, "3"), (4, "12"), (5, "11"), (6, "7")):
        s.place_tile(region, tile, 0)
    s.reveal_all()
    for p in range(2):
        s.resources(p, food=0, wood=0, ore=0, ideas=0, gold=0)
    return s


def food_picks(s: Scenario, city) -> list:
    return [a for a in s.legal_of(Collect) if a.city == city.id and (s.hex("D1"), "food") in a.picks]


def test_a_mod_wonder_grants_an_existing_primitive_like_an_advance():
    s = harbour()
    city = s.city(0, "D2")
    assert food_picks(s, city) == []
    city.wonders.append("harbour_of_plenty")
    holdings_changed(s.game)
    collect = food_picks(s, city)[0]
    s.apply(collect)
    assert s.player(0).resources["food"] == sum(1 for _, what in collect.picks if what == "food") >= 1


def test_a_mod_wonder_listens_to_a_hook_and_passes_to_the_captor():
    s = harbour()
    city = s.city(1, "D2", wonders=["harbour_of_plenty"])
    att = s.units(0, "infantry", "D2", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"))
    attack(s, 0, att, "D2", "C2")  # an empty city: taken without a battle die for the defender
    assert city.owner == 0
    assert has(s.game, s.player(0), "gain_on") and not has(s.game, s.player(1), "gain_on")
    gold = s.player(0).resources["gold"]
    defenders = s.units(1, "infantry", "C2", 1)
    second = s.units(0, "infantry", "C2", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, second, "C2", "D2")
    assert s.game.combat is None and all(s.game.unit(u.id) is None for u in defenders)
    assert s.player(0).resources["gold"] == gold + 1
    assert any("Harbour of Plenty" in line for line in s.game.log[-3:])
    assert check_invariants(s.game) == []


def test_games_with_the_mod_wonder_play_to_the_end():
    rules = load_rules([HARBOUR])
    for seed in (1, 2):
        game = play_game(3, seed, random_agents(3, seed), rules=rules)
        assert game.phase == "over"
