"""Wisdom and Warfare's units and combat [004 W&W SETUP, EXPANSION RULES: Combat] [004 BOTH: COMBAT]: the
strength and health cards that replace the base game's, units killed at their health, engaged fronts, trumps,
ranks and the result (survivors' health less their wounds, plus the combat bonus card)."""

from __future__ import annotations

from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.games.sidmeier.core.actions import BeginMove, PlayUnit, Step
from civgame.games.sidmeier.core.decisions import MovementTurn
from civgame.games.sidmeier.rules.combat import battles
from tests.games.sidmeier.scenario import Scenario

WAW = "wisdom-and-warfare"
RULES = load_rules(expansions=[WAW])

# the three profiles of a basic deck, by their rank-1 strength (what `Scenario.units` picks a card by)
TOUGH, EVEN, HARD_HITTING = 1, 2, 3


def fight(expansions=(WAW,)) -> Scenario:
    """Seat 0's army at (5,4) is about to step east onto seat 1's army at (6,4)."""
    s = Scenario(players=2, civs=["germany", "egypt"], expansions=list(expansions)).reveal_all("grassland", trade=1)
    for seat in (0, 1):
        s.game.players[seat].policies = []  # (no city: a policy maximum of 0)
        s.government(seat, "despotism")
    s.attackers = [s.figure(0, "army", 5, 4)]
    s.attackers[0].start_pos = s.attackers[0].pos
    s.figure(1, "army", 6, 4)
    s.decide(MovementTurn(0), phase="movement")
    return s


def capital(s: Scenario, seat: int, x: int, y: int) -> None:
    """A capital for the seat, far from the battle, with the one policy it then must hold (no battle effect)."""
    s.city(seat, x, y, capital=True)
    s.game.players[seat].policies = ["patronage"]
    s.refresh()


def attack(s: Scenario) -> None:
    s.apply(BeginMove(tuple(f.id for f in s.attackers)))
    s.apply(Step("east"))


def duel(s: Scenario, attacking: tuple[str, int], defending: tuple[str, int], front: int = 0) -> Scenario:
    """One unit a side: the defender opens a front, the attacker's unit attacks it (`front` 0) or opens another (-1)."""
    (mine,) = s.units(0, attacking)
    (theirs,) = s.units(1, defending)
    attack(s)
    s.apply(PlayUnit(theirs))
    s.apply(PlayUnit(mine, front))
    return s


# ------------------------------------------------------------------ the cards


def test_wisdom_and_warfare_replaces_every_unit_card_by_one_with_strength_and_health():
    base = load_rules()
    assert not base.units_have_health and RULES.units_have_health
    decks = {unit: [c for c in RULES.unit_cards if c.unit == unit] for unit in RULES.units}
    assert {unit: len(cards) for unit, cards in decks.items()} == {
        "artillery": 15,
        "infantry": 15,
        "mounted": 15,
        "aircraft": 8,
    }
    for unit in ("artillery", "infantry", "mounted"):
        profiles = sorted({(c.strength, c.health) for c in decks[unit]})
        assert profiles == [
            ((1, 2, 3, 4), (3, 4, 5, 6)),
            ((2, 3, 4, 5), (2, 3, 4, 5)),
            ((3, 4, 5, 6), (1, 2, 3, 4)),
        ]
        assert all(decks[unit].count(c) == 5 for c in decks[unit])
    aircraft = sorted((c.strength, c.health) for c in decks["aircraft"])
    assert aircraft == [((5,), (7,))] * 2 + [((6,), (6,))] * 4 + [((7,), (5,))] * 2
    # only the trump cycle stays a house rule: aircraft, which neither trump nor are trumped, are known
    assert not RULES.units["aircraft"].provisional and RULES.units["infantry"].provisional


def test_a_unit_types_description_lists_its_cards_values_by_rank():
    from civgame.games.sidmeier.content.describe import describe

    assert "Cards (strength-health by rank): 2 × 5-7, 4 × 6-6, 2 × 7-5." in describe(RULES, "aircraft")
    assert "Cards (strength by rank): 5 × 2/3/4/5, 5 × 3/4/5/6, 5 × 4/5/6/7." in describe(load_rules(), "infantry")


def test_a_unit_card_with_health_needs_one_per_rank_and_every_card_or_none_has_one(tmp_path):
    import pytest

    from civgame.framework.datafiles import RulesDataError

    (tmp_path / "units.yaml").write_text(
        "types:\n  - id: aircraft\n    cards:\n      - {copies: 8, strength: [7], health: [5, 5]}\n"
    )
    with pytest.raises(RulesDataError) as found:
        load_rules(mods=[tmp_path])
    text = str(found.value)
    assert "aircraft: one health per rank, or none" in text
    assert "every unit card has a health, or none has" in text


# ------------------------------------------------------------------ wounds and health


def test_a_unit_dies_when_its_wounds_reach_its_health_not_its_strength():
    s = duel(fight(), ("infantry", TOUGH), ("infantry", EVEN))  # 1 strength, 3 health against 2 and 2
    # 2 wounds kill the base game's 1-strength unit, not a unit of 3 health; 1 wound leaves 1 of 2 health
    assert "Infantry attacks Infantry: both survive." in s.game.log
    assert "The battle ends 1 to 1: Player 2 wins." in s.game.log  # 3 - 2 against 2 - 1, ties to the defender


def test_a_hard_hitting_unit_of_one_health_dies_of_a_single_wound():
    s = duel(fight(), ("infantry", TOUGH), ("infantry", HARD_HITTING))  # against 3 strength, 1 health
    # 1 wound kills it; its 3 wounds kill the tough unit of 3 health
    assert "Infantry attacks Infantry: Infantry is killed, Infantry is killed." in s.game.log


def test_the_result_counts_the_survivors_health_not_their_strength():
    s = duel(fight(), ("infantry", HARD_HITTING), ("infantry", TOUGH), front=-1)  # two fronts: nobody is wounded
    assert "Player 1 opens a front with Infantry (3 strength, 1 health)." in s.game.log
    assert "The battle ends 1 to 3: Player 2 wins." in s.game.log


def test_the_result_subtracts_the_survivors_wounds_and_adds_the_combat_bonus_card():
    s = fight()
    s.techs(0, "animal_husbandry")
    capital(s, 0, 2, 2)
    s.build(0, 3, 2, "building", "barracks")  # +2: the attacker takes the combat bonus card at +2
    duel(s, ("infantry", EVEN), ("infantry", TOUGH))  # 2 wounds on the tough unit (1 of 3 left), 1 on the other
    assert "The battle ends 3 to 1: Player 1 wins." in s.game.log  # 2 - 1 + 2 against 3 - 2
    # the wounds are removed once the battle is over
    assert s.game.battle is None or not s.game.battle.wounds


def test_a_front_with_two_engaged_units_cannot_be_attacked_a_new_front_must_be_started():
    s = fight()
    first, second = s.units(0, ("infantry", EVEN), ("infantry", EVEN))
    (tough,) = s.units(1, ("infantry", TOUGH))
    attack(s)
    s.apply(PlayUnit(tough))
    s.apply(PlayUnit(first, 0))  # both survive: the front is engaged from both sides
    battle = s.game.battle
    assert battle.side == 0 and battles.open_fronts(battle, 0) == []
    assert [a for a in s.legal() if isinstance(a, PlayUnit)] == [PlayUnit(second)]
    assert "opens a new front" in (s.why(PlayUnit(second, 0)) or "")


def test_a_trumping_unit_strikes_first_and_a_unit_it_kills_deals_no_wounds():
    # 1 strength against 3 strength and 1 health: infantry trumps mounted (house rule)
    s = duel(fight(), ("infantry", TOUGH), ("mounted", HARD_HITTING))
    assert "Infantry attacks Mounted (trumping): Mounted is killed." in s.game.log
    assert "The battle ends 3 to 0: Player 1 wins." in s.game.log  # the infantry's 3 health, unwounded


def test_a_unit_fights_with_the_strength_and_health_of_its_owners_rank():
    s = fight()
    (tough,) = s.units(0, ("infantry", TOUGH))
    (hard,) = s.units(1, ("infantry", HARD_HITTING))
    s.game.players[0].ranks["infantry"] = 3
    s.refresh()
    attack(s)
    battle = s.game.battle
    assert (battles.strength(s.game, battle, 0, tough), battles.health(s.game, battle, 0, tough)) == (3, 5)
    s.apply(PlayUnit(hard))
    s.apply(PlayUnit(tough, 0))  # rank 3: 3 wounds do not kill its 5 health
    assert "The battle ends 2 to 0: Player 1 wins." in s.game.log


def test_a_strength_bonus_adds_to_the_wounds_dealt_not_to_the_health():
    s = fight()
    capital(s, 0, 2, 2)
    s.wonder(0, "himeji_castle")
    # 2 strength and 2 health each, Himeji Castle's 3 strength: 3 wounds kill the other, its 2 kill this one still
    duel(s, ("infantry", EVEN), ("infantry", EVEN))
    assert "Infantry attacks Infantry: Infantry is killed, Infantry is killed." in s.game.log
