"""The special advances and leader abilities of Rome, Greece, China and the Vikings, each pinned by a
test that fails when its effect is removed from civilizations.yaml."""

from collections.abc import Callable

import pytest
import yaml

from civgame.framework.errors import RuleError
from civgame.games.clash.core.actions import (
    Advance,
    BuildWonder,
    ChooseCasualties,
    ChooseOption,
    Collect,
    Construct,
    EndMove,
    InfluenceCulture,
    MoveUnits,
    Pay,
    PayCombatBonus,
    PlayActionCard,
    PlayGreatPerson,
    PlayTactics,
    RaiseMood,
    Recruit,
    StartMove,
    UseAbility,
)
from civgame.games.clash.core.decisions import EffectChoiceDecision, HitCancelDecision, TacticsDecision
from civgame.games.clash.core.model import BARBARIAN, Unit
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.cards import draw_into_hand
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import alive, attack, dice, face
from tests.engine.test_civilizations import civ_scenario, place_leader
from tests.engine.test_events import board, choose, draw, options
from tests.scenario import Scenario

IDEAS, HIGH_MORALE, CITY_DEVELOPMENT, DEFENSIVE_FORMATION, NEW_PLANS = 9, 6, 17, 22, 31  # action cards
GREAT_ENGINEER = 26
ARCHERS = 26  # its tactics half
MARTYR = 24  # its tactics half


def fresh(*civs: str) -> Scenario:
    """Civilizations dealt, every player without resources or tokens."""
    s = civ_scenario(*civs)
    for player in range(len(civs)):
        s.resources(player, food=0, wood=0, ore=0, ideas=0, gold=0, mood=0, culture=0)
    return s


def special(s: Scenario, player: int, advance: str) -> None:
    """The player gains `advance` and with it the civilization's special advance linked to it."""
    gain_advance(s.game, s.player(player), advance, uses_event_cube=False)


def win_against(
    s: Scenario, defenders: int, *, leader: str | None = None, at: str = "C2", city_mood: str = "", army: int = 3
):
    """Player 0 attacks player 1 at `at` (a city of `city_mood` if given) with 3 infantry (and its
    leader) and wins the first round: every attacker die hits, the defenders' dice do nothing."""
    if city_mood:
        s.city(1, at, mood=city_mood)
    army = s.units(0, "infantry", at, army)
    if leader:
        army.append(place_leader(s, 0, leader, "B6"))
        army[-1].pos = s.hex(at)
    s.units(1, "infantry", at, defenders)
    attackers = [(6, "infantry")] * len(army)
    dice(s, *attackers, *[(3, "elephant")] * defenders)
    attack(s, 0, army, at, "D2")
    assert s.game.combat is None


# ------------------------------------------------------------------ Rome


def test_captivi_pays_a_gold_and_a_mood_token_for_a_real_battle_won():
    s = fresh("rome", "greece")
    special(s, 0, "Bartering")
    s.resources(0, gold=0, mood=0)
    win_against(s, 1)
    assert (s.player(0).resources["gold"], s.player(0).mood_tokens) == (1, 1)
    s.turn(0)
    win_against(s, 0, at="B6", city_mood="neutral")  # an undefended city: no battle to speak of
    assert s.player(0).mood_tokens == 1


def test_captivi_lets_mood_tokens_pay_for_buildings():
    s = fresh("rome", "greece")
    s.advances(0, "Bartering")
    city = s.city(0, "D2")
    s.city(0, "B6")
    s.resources(0, food=1, mood=2)
    assert not s.legal_of(Construct)
    special(s, 0, "Bartering")
    s.resources(0, food=0, mood=3)  # mood tokens for the food, the wood and the ore
    s.apply(Construct(city.id, "market", payment={"mood": 3}))
    assert "market" in city.buildings and s.player(0).mood_tokens == 0


def test_captivi_leaves_gold_its_place_in_paying_for_buildings():
    s = fresh("rome", "greece")
    special(s, 0, "Bartering")
    city = s.city(0, "D2")
    s.city(0, "B6")
    s.resources(0, food=1, wood=1, gold=1, mood=1)  # no ore: gold or a mood token pays for it
    s.apply(Construct(city.id, "market"))
    assert [a.payment for a in s.legal_of(Pay)] == [
        {"food": 1, "wood": 1, "mood": 1},
        {"food": 1, "wood": 1, "gold": 1},
        {"food": 1, "gold": 1, "mood": 1},
        {"wood": 1, "gold": 1, "mood": 1},
    ]
    s.apply(Pay({"food": 1, "wood": 1, "gold": 1}))
    assert "market" in city.buildings and s.player(0).mood_tokens == 1


def test_captivi_with_the_colosseum_takes_no_culture_tokens_for_buildings():
    s = fresh("rome", "greece")
    special(s, 0, "Bartering")
    city = s.city(0, "D2")
    s.city(0, "B6", wonders=["colosseum"])
    s.resources(0, food=1, mood=0, culture=3)
    assert s.legal_of(Construct) == []
    with pytest.raises(RuleError, match="cannot pay"):
        s.apply(Construct(city.id, "market"))
    s.resources(0, mood=1, gold=1)
    s.apply(Construct(city.id, "market"))  # one way only: the mood token and the gold for the wood and the ore
    assert "market" in city.buildings and s.game.pending == []
    p = s.player(0)
    assert (p.resources["food"], p.mood_tokens, p.resources["gold"], p.culture_tokens) == (0, 0, 0, 3)


def test_captivi_pays_a_great_engineers_building_with_gold_or_mood_never_culture_tokens():
    s = fresh("rome", "greece")
    special(s, 0, "Bartering")
    s.city(0, "D2")
    s.city(0, "B6", wonders=["colosseum"])
    s.resources(0, food=1, wood=1, gold=1, mood=0, culture=3)  # (without Bartering's mood token)
    s.player(0).great_persons = [GREAT_ENGINEER]
    s.apply(PlayGreatPerson(GREAT_ENGINEER, ()))
    assert [o for o in options(s) if o.startswith("Market at D2")] == ["Market at D2, paying 1 food, 1 wood, 1 gold"]
    assert not [o for o in options(s) if "culture" in o]


def test_roman_roads_move_four_spaces_between_two_own_cities():
    s = fresh("rome", "greece")
    s.advances(0, "Roads", "Tactics")
    s.city(0, "D2")
    s.city(0, "D5")
    s.units(0, "infantry", "D2", 1)
    s.resources(0, food=1, ore=1)
    s.apply(StartMove())
    assert not [m for m in s.legal_of(MoveUnits) if m.to == s.hex("D5")]
    special(s, 0, "Roads")
    (move,) = [m for m in s.legal_of(MoveUnits) if m.to == s.hex("D5")]
    s.apply(MoveUnits(move.units, move.to, payment={"food": 1, "ore": 1}))
    assert s.game.existing_unit(move.units[0]).pos == s.hex("D5")


# ------------------------------------------------------------------ China


def test_rice_cultivation_adds_food_for_settled_fertile_spaces_at_most_two():
    settled_fertile_spaces_add_food_at_most_two(fresh("china", "rome"))


def settled_fertile_spaces_add_food_at_most_two(s: Scenario) -> None:
    """Player 0's China collects 4 food at D5, 3 of them from Fertile spaces its settlers hold, with the special
    advance Irrigation brings (either edition): 2 more food."""
    city = s.city(0, "D5", buildings={"temple": 0, "market": 0}, mood="happy")
    for label in ("C6", "E6", "E5"):
        s.unit(0, "settler", label)
    picks = tuple(sorted((s.hex(label), "food") for label in ("C6", "E6", "E5", "D5")))
    s.advances(0, "Storage")  # room for 7 food
    special(s, 0, "Irrigation")
    s.resources(0, food=0)
    s.apply(Collect(city.id, picks))
    assert s.player(0).resources["food"] == 6  # 4 collected + 2 of Rice Cultivation (3 settled spaces)
    assert check_invariants(s.game) == []


def test_sun_tzu_fast_war_pays_for_a_battle_won_in_the_first_round():
    s = fresh("china", "rome")
    win_against(s, 1, leader="Sun Tzu")
    assert (s.player(0).mood_tokens, s.player(0).culture_tokens) == (1, 1)


def test_fast_war_needs_sun_tzu_in_the_battle():
    s = fresh("china", "rome")
    place_leader(s, 0, "Sun Tzu", "B6")
    win_against(s, 1)
    assert (s.player(0).mood_tokens, s.player(0).culture_tokens) == (0, 0)


# ------------------------------------------------------------------ Vikings


def test_ragnar_takes_two_gold_for_a_city_that_was_not_angry():
    s = fresh("vikings", "rome")
    win_against(s, 1, leader="Ragnar Lodbrok", city_mood="neutral")
    assert s.game.city_at(s.hex("C2")).owner == 0
    spoils = 1  # a size-1 neutral city
    assert s.player(0).resources["gold"] == spoils + 2
    s = fresh("vikings", "rome")
    win_against(s, 1, leader="Ragnar Lodbrok", city_mood="angry")
    assert s.player(0).resources["gold"] == 1  # the spoils of an angry city only


def test_qin_takes_the_great_wall_for_any_wonder_drawn_from_the_deck_or_a_hand():
    s = fresh("china", "rome")
    place_leader(s, 0, "Qin Shi Huang", "D2")
    draw_into_hand(s.game, s.player(0), "wonder")
    assert s.player(0).wonder_cards == ["great_wall"] and "great_wall" not in s.game.decks["wonder"].draw
    s.player(0).wonder_cards.clear()
    s.player(1).wonder_cards.append("great_wall")
    draw_into_hand(s.game, s.player(0), "wonder")
    assert s.player(0).wonder_cards == ["great_wall"] and s.player(1).wonder_cards == []
    s.turn(1)  # the robbed player draws a replacement at the start of their turn
    assert len(s.player(1).wonder_cards) == 1 and s.player(1).wonder_cards_owed == 0


def test_qin_builds_the_great_wall_for_two_culture_less_and_without_an_action_in_his_city():
    s = fresh("china", "rome")
    s.advances(0, s.game.rules.game.wonder_advance, "Siegecraft")
    city = s.city(0, "D2", mood="happy")
    s.city(0, "B6")
    s.player(0).wonder_cards.append("great_wall")
    s.resources(0, food=3, wood=2, ore=7, culture=3)
    s.game.actions_left = 0
    assert not s.legal_of(BuildWonder)
    place_leader(s, 0, "Qin Shi Huang", "D2")
    s.apply(BuildWonder(city.id, "great_wall"))
    assert city.wonders == ["great_wall"] and s.player(0).culture_tokens == 0
    assert check_invariants(s.game) == []


def test_imperial_army_turns_settlers_into_infantry_and_back_once_a_turn():
    s = fresh("china", "rome")
    s.city(0, "D2")
    settlers = s.units(0, "settler", "D2", 2)
    (soldier,) = s.units(0, "infantry", "B6", 1)
    assert not [a for a in s.legal_of(UseAbility) if a.source == "Imperial Army"]
    special(s, 0, "Voting")
    actions = s.game.actions_left
    s.apply(UseAbility("Imperial Army", "convert_units", ("D2", "settler", "2")))
    assert [u.kind for u in settlers] == ["infantry", "infantry"] and s.game.actions_left == actions - 1
    assert "D2 infantry 1" not in s.game.pending[-1].options  # each space once
    s.apply(ChooseOption("B6 infantry 1"))
    assert soldier.kind == "settler" and s.game.pending == []
    assert not [a for a in s.legal_of(UseAbility) if a.source == "Imperial Army"]
    assert check_invariants(s.game) == []


def test_expansion_gives_settlers_in_cities_a_free_move_after_recruiting_one():
    settlers_move_free_after_recruiting_one(fresh("china", "rome"))


def settlers_move_free_after_recruiting_one(s: Scenario) -> None:
    """Player 0's China recruits a settler at D2, with the special advance Husbandry brings (either edition):
    only settlers standing in cities may move, and without an action."""
    city = s.city(0, "D2", mood="happy")
    s.advances(0, "Tactics")
    (soldier,) = s.units(0, "infantry", "D2", 1)
    (outside,) = s.units(0, "settler", "C2", 1)
    special(s, 0, "Husbandry")
    s.resources(0, food=2)
    s.apply(Recruit(city.id, ("settler",), payment={"food": 2}))
    actions = s.game.actions_left
    moves = s.legal_of(MoveUnits)
    recruited = next(u for u in s.game.units_of(0, "settler") if u is not outside)
    assert moves and all(m.units == (recruited.id,) for m in moves)
    s.apply(MoveUnits((recruited.id,), s.hex("D1")))
    assert recruited.pos == s.hex("D1") and soldier.pos == s.hex("D2") and s.game.pending == []
    assert s.game.actions_left == actions
    assert check_invariants(s.game) == []


def test_caesar_statesman_raises_his_city_as_a_free_action_and_that_city_only():
    s = fresh("rome", "greece")
    city = s.city(0, "D2", mood="neutral")
    other = s.city(0, "B6", mood="neutral")
    s.resources(0, mood=4)
    assert not [a for a in s.legal_of(UseAbility) if a.source == "Gaius Julius Caesar"]
    place_leader(s, 0, "Gaius Julius Caesar", "D2")
    actions = s.game.actions_left
    s.apply(UseAbility("Gaius Julius Caesar", "free_action", ()))
    assert s.legal_of(RaiseMood) == [RaiseMood(city.id)]
    with pytest.raises(RuleError):
        s.apply(RaiseMood(other.id))
    s.apply(RaiseMood(city.id))
    assert city.mood == "happy" and s.game.actions_left == actions and s.game.pending == []


def test_provinces_recruit_cavalry_without_a_market_three_spaces_from_the_capital():
    s = fresh("rome", "greece")
    capital = civilizations.capital(s.game, s.player(0))
    near, far = s.city(0, "D2", mood="happy"), s.city(0, "B6", mood="happy")
    assert near.pos == capital
    s.resources(0, food=2, wood=2)
    assert not [r for r in s.legal_of(Recruit) if "cavalry" in r.units]
    special(s, 0, "Voting")
    cavalry = {r.city for r in s.legal_of(Recruit) if "cavalry" in r.units}
    assert cavalry == {far.id}


def test_provinces_make_a_captured_city_neutral_or_happy_for_a_culture_token():
    s = fresh("rome", "greece")
    special(s, 0, "Voting")
    s.resources(0, culture=1)
    win_against(s, 1, city_mood="happy")
    city = s.game.city_at(s.hex("C2"))
    assert city.owner == 0 and city.mood == "neutral"
    (_, better) = [a.option for a in s.legal_of(ChooseOption)]
    s.apply(ChooseOption(better))
    assert city.mood == "happy" and s.player(0).culture_tokens == 0


def test_aqueduct_makes_sanitation_free_to_buy_or_a_free_action_at_the_normal_price():
    s = fresh("rome", "greece")
    s.advances(0, "Engineering", "Medicine")
    sanitation_prerequisites = [a for a in s.legal_of(Advance) if a.advance == "Sanitation"]
    assert sanitation_prerequisites == []  # no resources to pay for it
    special(s, 0, "Engineering")
    assert Advance("Sanitation") in s.legal_of(Advance)
    s.resources(0, ideas=2)
    actions = s.game.actions_left
    choices = [a.choice for a in s.legal_of(UseAbility) if a.source == "Aqueduct"]
    assert choices == [("Sanitation", "ideas:2")]
    s.apply(UseAbility("Aqueduct", "advance_as_free_action", ("Sanitation", "ideas:2")))
    assert s.player(0).has("Sanitation") and s.game.actions_left == actions and s.player(0).resources["ideas"] == 0


def test_sanitation_as_aqueducts_free_action_is_bought_for_free_education():
    s = fresh("rome", "greece")
    s.advances(0, "Engineering", "Medicine", "Writing", "Free Education")
    special(s, 0, "Engineering")
    s.resources(0, ideas=3)
    s.apply(UseAbility("Aqueduct", "advance_as_free_action", ("Sanitation", "ideas:2")))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Free Education"
    moods = s.player(0).mood_tokens
    s.apply(ChooseOption("pay ideas"))
    assert s.player(0).mood_tokens == moods + 1 and s.player(0).resources["ideas"] == 0


def test_caesar_proconsul_places_an_infantry_after_taking_a_city():
    s = fresh("rome", "greece")
    s.resources(0, gold=0)
    win_against(s, 1, leader="Gaius Julius Caesar", city_mood="neutral", army=2)
    infantry = len(s.game.units_of(0, "infantry"))
    (place, _) = [a.option for a in s.legal_of(ChooseOption)]
    s.apply(ChooseOption(place))
    assert len(s.game.units_of(0, "infantry")) == infantry + 1
    assert s.player(0).resources["gold"] == 0  # the capture's 1 gold paid for it
    assert check_invariants(s.game) == []


def test_sulla_shields_his_city_from_other_players_influence():
    s = fresh("rome", "greece")
    city = s.city(0, "D2", buildings={"temple": 0})
    s.city(1, "C2", mood="happy")
    s.resources(1, culture=5)
    s.turn(1)
    assert [a for a in s.legal_of(InfluenceCulture) if a.target == city.id]
    place_leader(s, 0, "Sulla", "D2")
    assert not [a for a in s.legal_of(InfluenceCulture) if a.target == city.id]


def test_augustus_princeps_draws_and_discards_an_action_and_an_objective_card():
    s = fresh("rome", "greece")
    city = s.city(0, "D2")
    s.resources(0, culture=1)
    s.hand(0, 1)
    s.player(0).objective_cards[:] = [1]
    place_leader(s, 0, "Augustus", "D2")
    s.apply(UseAbility("Augustus", "draw_and_discard", ()))
    assert len(s.player(0).action_cards) == 2 and len(s.player(0).objective_cards) == 2
    for _ in range(2):
        s.apply(s.legal_of(ChooseOption)[0])
    assert len(s.player(0).action_cards) == 1 and len(s.player(0).objective_cards) == 1
    assert s.player(0).culture_tokens == 0 and city.activations == 1 and s.game.pending == []
    assert check_invariants(s.game) == []


def test_knut_danegeld_levies_taxes_without_the_mood_token_and_not_beside_taxes():
    s = fresh("vikings", "rome")
    s.advances(0, "Taxes")
    city = s.city(0, "D2")
    s.city(0, "B6")
    place_leader(s, 0, "Knut the Great", "D2")
    danegeld = [a for a in s.legal_of(UseAbility) if a.source == "Knut the Great"]
    assert ("food", "ore") in [a.choice for a in danegeld]
    s.apply(UseAbility("Knut the Great", "taxes", ("food", "ore")))
    assert (s.player(0).resources["food"], s.player(0).resources["ore"]) == (1, 1) and city.activations == 1
    s.resources(0, mood=1)
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "taxes"]  # neither Taxes nor Danegeld again


# ------------------------------------------------------------------ Greece


def test_sparta_lets_culture_tokens_pay_drafts_mood_token():
    s = fresh("greece", "rome")
    city = s.city(0, "D2")
    s.advances(0, "Draft")
    s.resources(0, culture=1)
    assert not s.legal_of(Recruit)
    special(s, 0, "Draft")
    s.resources(0, culture=1, mood=0)
    s.apply(Recruit(city.id, ("infantry",)))
    assert s.player(0).culture_tokens == 0 and len(s.game.units_of(0, "infantry")) == 1


def sparta_battle(defenders: int) -> Scenario:
    """Rome (player 0) attacks Greece (with Sparta) at C2 with 2 infantry; both hold Tactics and a card."""
    s = fresh("rome", "greece")
    s.advances(0, "Tactics").advances(1, "Tactics")
    special(s, 1, "Draft")
    s.hand(0, HIGH_MORALE).hand(1, DEFENSIVE_FORMATION)
    att = s.units(0, "infantry", "C2", 2)
    s.units(1, "infantry", "C2", defenders)
    dice(s, *[(2, "cavalry")] * (2 + defenders))
    attack(s, 0, att, "C2", "D2")
    return s


def test_sparta_keeps_an_opponent_with_more_units_from_playing_tactics_cards():
    s = sparta_battle(defenders=1)
    assert isinstance(s.game.pending[-1], TacticsDecision) and s.game.actor() == 1  # Rome is not asked
    assert s.player(0).action_cards == [HIGH_MORALE]
    assert [a.card for a in s.legal_of(PlayTactics) if a.card is not None] == [DEFENSIVE_FORMATION]  # Greece still may


def test_sparta_leaves_tactics_cards_to_an_opponent_without_more_units():
    s = sparta_battle(defenders=2)
    assert s.game.actor() == 0 and PlayTactics(HIGH_MORALE) in s.legal_of(PlayTactics)


def leonidas_against_three(card: int, *faces: tuple[int, str]) -> tuple[Scenario, list]:
    """Greece attacks 3 Roman infantry at C2 with Leonidas and 1 infantry; Rome plays the tactics
    `card` (the dice come out as `faces`)."""
    s = fresh("greece", "rome")
    s.advances(1, "Tactics").hand(1, card)
    leonidas = place_leader(s, 0, "Leonidas I", "B6")
    leonidas.pos = s.hex("C2")
    infantry = s.unit(0, "infantry", "C2")
    s.units(1, "infantry", "C2", 3)
    dice(s, *faces)
    attack(s, 0, [infantry, leonidas], "C2", "D2")
    s.apply(PlayTactics(card))
    return s, [infantry, leonidas]


def thermopylae_against_archers() -> tuple[Scenario, list]:
    """Rome's Archers hits: Greece is asked which unit to remove."""
    s, (infantry, leonidas) = leonidas_against_three(ARCHERS, (6, "infantry"))
    assert "Archers: Player 2 rolls 6: Player 1 removes 1 unit" in s.game.log
    return s, [infantry, leonidas]


def roll_after_archers(s: Scenario) -> None:
    """Leonidas' die, then the three Roman dice: nobody is hit."""
    dice(s, (2, "cavalry"), (1, "leader"), (1, "leader"), (1, "leader"))


@pytest.mark.parametrize("saved", [False, True])
def test_hero_of_thermopylae_counts_the_units_at_the_start_of_the_round_before_archers_remove_one(saved):
    s, (infantry, leonidas) = thermopylae_against_archers()
    if saved:  # saved while Greece chooses its unit to remove
        s.game = loads(dumps(s.game))
        assert s.game.combat.attacker.round_units == 2 and s.game.combat.defender.round_units == 3
    roll_after_archers(s)
    s.apply(ChooseCasualties((infantry.id,)))
    assert alive(s, [infantry, leonidas]) == [leonidas]
    # 2 units against 3 when the round started: +2, not +4 for the 1 against 3 left at the roll
    assert [line for line in s.game.log if "combat value from" in line] == [
        "Player 1 gets +2 combat value from Leonidas I"
    ]
    assert "Player 1 rolls 2 (cavalry), +2 combat value: combat value 4, no hits" in s.game.log


def test_a_leader_sacrificed_to_martyr_before_the_roll_lends_no_bonus_that_round():
    """A leader's abilities end the moment it dies (catalogue, leaders §3.3): Leonidas given up to Rome's
    Martyr adds nothing to the roll, though the units of the start of the round are still counted."""
    s, (infantry, leonidas) = leonidas_against_three(MARTYR, (2, "cavalry"), (1, "leader"), (1, "leader"))
    s.apply(ChooseCasualties((leonidas.id,)))
    assert s.player(0).leader is None and alive(s, [infantry]) == [infantry]
    assert not any("combat value from Leonidas I" in line for line in s.game.log)
    assert "Player 1 rolls 2 (cavalry): combat value 2, no hits" in s.game.log


def test_a_battle_saved_before_the_units_at_the_start_of_the_round_were_noted_loads_and_counts_them_now():
    s, (infantry, _leonidas) = thermopylae_against_archers()
    document = yaml.safe_load(dumps(s.game))
    for role in ("attacker", "defender"):
        del document["game"]["combat"][role]["round_units"]
    s.game = loads(yaml.safe_dump(document, sort_keys=False))
    assert s.game.combat.attacker.round_units is None
    roll_after_archers(s)
    s.apply(ChooseCasualties((infantry.id,)))
    assert "Player 1 gets +4 combat value from Leonidas I" in s.game.log  # 1 unit against 3 at the roll


def test_alexander_idol_plays_an_action_card_without_an_action_for_a_culture_token():
    s = fresh("greece", "rome")
    city = s.city(0, "D2")
    s.hand(0, NEW_PLANS)
    s.player(0).objective_cards[:] = [1]
    s.resources(0, culture=2)
    s.game.actions_left = 0
    assert not s.legal_of(PlayActionCard)  # no main action left to play it with
    place_leader(s, 0, "Alexander the Great", "D2")
    s.apply(UseAbility("Alexander the Great", "play_card_without_action", (str(NEW_PLANS),)))
    assert s.player(0).action_cards == [] and NEW_PLANS in s.game.decks["action"].discard
    assert len(s.player(0).objective_cards) == 3  # New Plans drew its 2 objective cards
    assert s.player(0).culture_tokens == 0 and city.activations == 1  # Idol's token and the card's price
    assert s.game.actions_left == 0
    assert check_invariants(s.game) == []


def test_alexander_idol_needs_a_culture_token_beyond_the_cards_price():
    s = fresh("greece", "rome")
    s.city(0, "D2")
    s.hand(0, NEW_PLANS)
    s.player(0).objective_cards[:] = [1]
    s.resources(0, culture=1)
    place_leader(s, 0, "Alexander the Great", "D2")
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "play_card_without_action"]
    assert s.legal_of(PlayActionCard)


def test_alexander_idol_plays_city_development_with_no_action_left():
    """The card's extra action pays for the Construct it forces, though the Idol spent none."""
    s = fresh("greece", "rome").advances(0, "Myths")
    s.city(0, "D2")
    s.city(0, "D3")  # a second city lets a city grow to size 2
    s.hand(0, CITY_DEVELOPMENT)
    s.resources(0, culture=2)
    place_leader(s, 0, "Alexander the Great", "D2")
    s.game.actions_left = 0
    s.apply(UseAbility("Alexander the Great", "play_card_without_action", (str(CITY_DEVELOPMENT),)))
    assert s.player(0).culture_tokens == 0 and s.game.actions_left == 1
    s.apply(s.legal_of(Construct)[0])
    assert s.game.actions_left == 0 and s.player(0).lasting_effects == []
    assert check_invariants(s.game) == []


@pytest.mark.parametrize("mood", ["neutral", "happy"])
def test_alexander_idol_plays_the_card_once_his_city_is_activated_and_judges_it_so(mood):
    """ "Activate the leader city, then play one action card": a second activation this turn lowers the
    city's mood first. A neutral city turns Angry and could not take the Construct City Development
    forces, so the card is not offered (it was, and left the player with no legal action); a Happy city
    turns neutral and can."""
    s = fresh("greece", "rome").advances(0, "Myths")
    city = s.city(0, "D2", mood=mood)
    s.city(0, "D3", buildings={"temple": 0})  # already as large as two cities allow: only D2 can grow
    s.hand(0, CITY_DEVELOPMENT, NEW_PLANS)
    s.player(0).objective_cards[:] = [1]
    s.resources(0, culture=4)
    place_leader(s, 0, "Alexander the Great", "D2")
    s.apply(next(a for a in s.legal_of(Collect) if a.city == city.id))  # its first activation this turn
    plays = {a.choice[0] for a in s.legal_of(UseAbility) if a.ability == "play_card_without_action"}
    if mood == "neutral":
        assert plays == {str(NEW_PLANS)}
        return
    assert plays == {str(CITY_DEVELOPMENT), str(NEW_PLANS)}
    s.apply(UseAbility("Alexander the Great", "play_card_without_action", (str(CITY_DEVELOPMENT),)))
    lowered = s.game.log.index("The city at D2 was activated again this turn and becomes neutral")
    assert lowered < s.game.log.index("Player 1 plays the action card City Development, paying 2 culture tokens")
    s.apply(s.legal_of(Construct)[0])  # the forced Construct, in D2: a third activation
    assert city.mood == "angry" and check_invariants(s.game) == []


GREAT_PHILOSOPHER, GREAT_ARCHITECT, GREAT_DIPLOMAT = 21, 55, 57  # event cards carrying great persons


def idol_with_great_persons(*cards: int) -> Scenario:
    """Greece (player 0), Alexander in its city at D2, no action left, 2 culture tokens, holding `cards`."""
    s = fresh("greece", "rome")
    s.city(0, "D2")
    s.game.decks["event"].draw = [c for c in s.game.decks["event"].draw if c not in cards]
    s.player(0).great_persons = list(cards)
    s.resources(0, culture=2)
    place_leader(s, 0, "Alexander the Great", "D2")
    s.game.actions_left = 0
    return s


def idol_plays(s: Scenario) -> list[tuple[str, ...]]:
    return [a.choice for a in s.legal_of(UseAbility) if a.ability == "play_card_without_action"]


def test_alexander_idol_plays_a_great_person_held_in_hand_without_an_action():
    """The catalogue: a great person "counts as an action card in hand for every other purpose"."""
    s = idol_with_great_persons(GREAT_PHILOSOPHER)
    assert not s.legal_of(PlayGreatPerson)  # no main action left to play it with
    assert set(idol_plays(s)) == {("great person:21", "Writing"), ("great person:21",)}
    ideas = s.player(0).resources.get("ideas", 0)
    s.apply(UseAbility("Alexander the Great", "play_card_without_action", ("great person:21", "Writing")))
    assert s.player(0).great_persons == [] and s.game.decks["event"].discard[-1] == GREAT_PHILOSOPHER
    assert s.player(0).has("Writing") and s.player(0).resources["ideas"] == ideas + 2
    assert s.player(0).culture_tokens == 2 - 1 + 1  # the Idol's token paid, Writing's gained
    assert s.game.cities_of(0)[0].activations == 1
    assert s.game.actions_left == 0
    assert check_invariants(s.game) == []


def test_alexander_idol_leaves_great_persons_kept_face_up_and_free_ones_alone():
    """Great Diplomat lies face up, not in hand; Great Architect costs no action to begin with."""
    s = idol_with_great_persons(GREAT_DIPLOMAT, GREAT_ARCHITECT)
    assert idol_plays(s) == []


def test_alexander_idol_plays_no_card_that_costs_no_action():
    """The Idol plays "an action card that normally costs an action": a free action card is played as it
    is, not through the Idol."""
    s = idol_with_great_persons()
    s.game.cities_of(0)[0].buildings["academy"] = 0
    s.hand(0, IDEAS, NEW_PLANS)
    s.player(0).objective_cards[:] = [1]
    assert PlayActionCard(IDEAS) in s.legal_of(PlayActionCard)
    assert idol_plays(s) == [(str(NEW_PLANS),)]


def test_hellenistic_culture_influences_from_a_foreign_city_holding_your_building():
    influence_from_a_foreign_city_holding_your_building(fresh("greece", "rome"), "Arts")


def influence_from_a_foreign_city_holding_your_building(s: Scenario, arts: str) -> None:
    """Player 0's Greece (either edition) gains the special advance `arts` brings: a city of player 1 holding
    player 0's Temple may start an attempt on another city of player 1's."""
    s.advances(0, arts)
    host = s.city(1, "C6", buildings={"temple": 0}, mood="happy")
    target = s.city(1, "D5", buildings={"academy": 1})
    s.city(0, "D2")
    assert not [a for a in s.legal_of(InfluenceCulture) if a.source == host.id]
    special(s, 0, arts)
    assert InfluenceCulture(host.id, target.id, "academy", 0) in s.legal_of(InfluenceCulture)


def test_hellenistic_culture_pays_arts_free_attempt_with_two_mood_tokens_not_both_in_a_turn():
    arts_attempt_paid_with_two_mood_tokens(fresh("greece", "rome"), "Arts", "Hellenistic Culture")


def arts_attempt_paid_with_two_mood_tokens(s: Scenario, arts: str, special_advance: str) -> None:
    """Player 0's Greece (either edition) pays the free attempt of `arts` with 2 mood tokens, once a turn."""
    s.advances(0, arts)
    s.city(0, "D2")
    s.city(1, "C2", buildings={"temple": 1})
    s.resources(0, mood=2)
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "free_action"]
    special(s, 0, arts)
    s.resources(0, mood=2, culture=1)
    (attempt,) = [a for a in s.legal_of(UseAbility) if a.source == special_advance]
    s.apply(attempt)
    assert s.player(0).mood_tokens == 0
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "free_action"]  # Arts' own attempt is gone too


def test_city_states_send_a_second_activation_to_another_city():
    second_activation_sent_to_another_city(fresh("greece", "rome"), "Voting")


def second_activation_sent_to_another_city(s: Scenario, voting: str) -> None:
    """Player 0's Greece (either edition), with the special advance `voting` brings, lets another city as
    large and as happy take a second activation's mood drop, once a turn."""
    first = s.city(0, "D2", mood="neutral")
    other = s.city(0, "B6", mood="neutral")
    s.advances(0, "Storage")
    picks = ((s.hex("D2"), "food"),)
    s.apply(Collect(first.id, picks))
    s.apply(Collect(first.id, picks))
    assert first.mood == "angry" and s.legal_of(ChooseOption) == []
    s.turn(0)
    special(s, 0, voting)
    first.mood = "neutral"
    s.apply(Collect(first.id, picks))
    s.apply(Collect(first.id, picks))
    s.apply(ChooseOption("D2 to B6"))
    assert (first.mood, other.mood, other.activations) == ("neutral", "neutral", 1)
    s.apply(Collect(first.id, picks))  # once per turn: this time the city itself pays
    assert first.mood == "angry" and s.game.pending == []


def events_board(*civs: str) -> Scenario:
    s = board(len(civs))
    for player, key in zip(s.game.players, civs, strict=True):
        civilizations.take(s.game, player, key)
    return s


def test_aqueduct_spares_rome_the_famine_but_not_the_barbarians():
    s = events_board("rome", "greece")
    s.city(0, "D5", mood="happy")
    s.unit(BARBARIAN, "infantry", "D7")
    special(s, 0, "Engineering")
    s.resources(0, food=1)
    draw(s, 3)  # barbarians move, then Famine
    (army,) = s.game.units_of(BARBARIAN)
    assert army.pos == s.hex("D6") and s.player(0).resources["food"] == 1


def test_sulla_holds_barbarians_within_two_spaces_where_they_stand():
    s = events_board("rome", "greece")
    s.city(0, "D5", mood="happy")
    s.unit(BARBARIAN, "infantry", "D7")
    place_leader(s, 0, "Sulla", "D5")
    draw(s, 3)
    assert options(s) == ["let the barbarians move", "hold D7"]
    choose(s, "hold D7")
    (army,) = s.game.units_of(BARBARIAN)
    assert army.pos == s.hex("D7")


def test_sulla_keeps_other_players_cards_from_moving_barbarians_within_two_spaces():
    s = events_board("rome", "greece")
    s.city(0, "D5", mood="happy")
    place_leader(s, 0, "Sulla", "D5")
    near, far = s.hex("D7"), s.hex("D8")
    assert events.shielded_from_cards(s.game, s.player(1), near)
    assert not events.shielded_from_cards(s.game, s.player(1), far)
    assert not events.shielded_from_cards(s.game, s.player(0), near)  # Rome's own cards may move them


# ------------------------------------------------------------------ Vikings


def longships_carry_three_land_units(s: Scenario, warships: str) -> None:
    """Player 0's Vikings: 3 infantry board one ship at B2 once `warships` brings Longships (either edition)."""
    s.advances(0, "Tactics")
    s.unit(0, "ship", "B2")
    army = s.units(0, "infantry", "C2", 3)
    three = tuple(sorted(u.id for u in army))
    s.apply(StartMove())
    assert MoveUnits(three, s.hex("B2")) not in s.legal_of(MoveUnits)
    special(s, 0, warships)
    s.apply(MoveUnits(three, s.hex("B2")))
    assert all(u.carrier is not None for u in army) and check_invariants(s.game) == []


def longships_sail_on_after_a_naval_battle(vikings: Callable[[], Scenario], warships: str, faces: list[int]) -> None:
    """Two Viking ships sink one at B2 (the die `faces`: two hits, then a miss) and may sail on only with
    Longships (`warships` brings it)."""
    for longships in (False, True):
        s = vikings()
        if longships:
            special(s, 0, warships)
        fleet = s.units(0, "ship", "B2", 2)
        s.units(1, "ship", "B2", 1)
        s.fix_dice(*faces)
        attack(s, 0, fleet, "B2", "A3")
        assert s.game.units_of(1, "ship") == []
        assert [u.immobile for u in fleet] == [not longships] * 2


def test_longships_carry_three_land_units():
    longships_carry_three_land_units(fresh("vikings", "rome"), "War Ships")


def test_longships_may_sail_on_after_a_naval_battle():
    s = fresh("vikings", "rome")
    faces = [face(s, 6, "infantry"), face(s, 6, "infantry"), face(s, 3, "elephant")]
    longships_sail_on_after_a_naval_battle(lambda: fresh("vikings", "rome"), "War Ships", faces)


def test_raiding_costs_the_owner_of_a_city_next_to_a_viking_ship_a_resource_next_turn():
    s = fresh("vikings", "rome")
    s.advances(0, "Trade Routes")
    s.city(1, "D2")
    s.unit(0, "ship", "E3")
    s.resources(1, ore=1)
    s.turn(0)
    assert s.player(1).raided_by == ""
    special(s, 0, "Trade Routes")
    s.turn(0)
    assert s.player(1).raided_by == "Raiding"
    s.turn(1)
    assert [a.option for a in s.legal_of(ChooseOption)] == ["ore"]
    s.apply(ChooseOption("ore"))
    assert s.player(1).resources["ore"] == 0 and s.player(1).raided_by == ""


def raise_a_rune_stone_after_losing_two_units(s: Scenario, faces: list[int]) -> None:
    """Player 0's Vikings lose 2 infantry at C2 (the die `faces`: two hits for the attacker, then two misses)
    and, with the special advance Rituals brings (either edition), turn an Obelisk into a point."""
    special(s, 0, "Rituals")
    s.units(0, "infantry", "C2", 2)
    army = s.units(1, "infantry", "C2", 2)
    s.fix_dice(*faces)
    attack(s, 1, army, "C2", "D2")
    before = score_sheet(s.game, 0)["objectives"]
    (_, raise_stone) = [a.option for a in s.legal_of(ChooseOption)]
    s.apply(ChooseOption(raise_stone))
    assert score_sheet(s.game, 0)["objectives"] == before + 1
    assert s.game.pieces_in_colour(0, "obelisk") == 1


def test_rune_stones_turn_an_obelisk_into_a_point_after_losing_two_units():
    s = fresh("vikings", "rome")
    faces = [face(s, 6, "infantry"), face(s, 6, "infantry"), face(s, 3, "elephant"), face(s, 3, "elephant")]
    raise_a_rune_stone_after_losing_two_units(s, faces)


def test_knut_scores_half_a_point_per_space_from_the_capital():
    s = fresh("vikings", "rome")
    knut = place_leader(s, 0, "Knut the Great", "D2")
    assert civilizations.capital(s.game, s.player(0)) == s.hex("D2")
    assert score_sheet(s.game, 0)["events"] == 0
    knut.pos = s.hex("D5")
    assert score_sheet(s.game, 0)["events"] == 1.5


def erik_at_sea(s: Scenario):
    erik = place_leader(s, 0, "Erik the Red", "D2")
    ship = s.unit(0, "ship", "B2")
    erik.pos, erik.carrier = ship.pos, ship.id
    soldier = s.unit(0, "infantry", "B2", carrier=ship)
    return erik, soldier


def test_erik_places_an_explorer_token_once_per_region():
    s = fresh("vikings", "rome")
    erik_at_sea(s)
    s.resources(0, culture=2)
    s.apply(UseAbility("Erik the Red", "explorer_token", ()))
    assert score_sheet(s.game, 0)["objectives"] == 1 and s.player(0).culture_tokens == 1
    assert not [a for a in s.legal_of(UseAbility) if a.ability == "explorer_token"]


def test_erik_lands_every_unit_aboard_in_his_space_as_a_free_action():
    s = fresh("vikings", "rome")
    erik, soldier = erik_at_sea(s)
    actions = s.game.actions_left
    s.apply(UseAbility("Erik the Red", "leader_lands_army", ("C2",)))
    assert erik.pos == soldier.pos == s.hex("C2") and erik.carrier is None and soldier.carrier is None
    assert s.game.actions_left == actions and check_invariants(s.game) == []


def settler_to_sea_and_back(s: Scenario) -> Unit:
    """Player 0's Vikings: a settler at C2 puts to sea at B2 as a ship once Fishing brings the special advance
    (either edition), and in the next turn lands at B3, first as a settler."""
    (settler,) = s.units(0, "settler", "C2", 1)
    s.apply(StartMove())
    assert MoveUnits((settler.id,), s.hex("B2")) not in s.legal_of(MoveUnits)
    special(s, 0, "Fishing")
    s.apply(MoveUnits((settler.id,), s.hex("B2")))
    assert (settler.kind, settler.pos) == ("ship", s.hex("B2"))
    s.apply(EndMove())
    s.turn(0)
    s.apply(StartMove())
    s.apply(MoveUnits((settler.id,), s.hex("B3")))
    assert (settler.kind, settler.pos) == ("settler", s.hex("B3"))
    return settler


def test_ship_construction_puts_settlers_to_sea_as_ships_and_lands_ships_as_infantry():
    s = fresh("vikings", "rome")
    settler = settler_to_sea_and_back(s)
    assert s.legal_of(ChooseOption) == [
        ChooseOption(f"ships {settler.id} land as 1 settler"),
        ChooseOption(f"ships {settler.id} land as 1 infantry"),
    ]
    s.apply(ChooseOption(f"ships {settler.id} land as 1 infantry"))
    assert settler.kind == "infantry" and check_invariants(s.game) == []


def test_ship_construction_makes_navigation_cost_no_resources():
    s = fresh("vikings", "rome")
    s.advances(0, "Fishing")
    assert Advance("Navigation") not in s.legal_of(Advance)
    special(s, 0, "Fishing")
    s.apply(Advance("Navigation"))
    assert s.player(0).has("Navigation")


def defend_against_two_hits(s: Scenario, *defenders) -> None:
    """Player 1 attacks player 0's units at C2 with 2 infantry scoring 2 hits; player 0 scores none."""
    army = s.units(1, "infantry", "C2", 2)
    dice(s, (6, "infantry"), (6, "infantry"), *[(2, "cavalry")] * len(defenders))
    attack(s, 1, army, "C2", "D2")


def test_fireworks_cancel_a_hit_in_the_first_round_for_a_wood_and_an_ore():
    s = fresh("china", "rome")
    special(s, 0, "Metallurgy")
    s.resources(0, wood=1, ore=1)
    defenders = s.units(0, "infantry", "C2", 2)
    defend_against_two_hits(s, *defenders)
    assert s.game.pending[-1].describe() == "pay for Fireworks to cancel 1 hit against you this round?"
    s.apply(PayCombatBonus(True))
    assert len(alive(s, defenders)) == 1 and s.player(0).resources["wood"] == 0


def test_fireworks_are_not_offered_when_one_hit_fewer_saves_no_unit():
    """The catalogue: "offered only if it actually reduces their losses". Four hits against two units
    still kill both with one cancelled."""
    s = fresh("china", "rome")
    special(s, 0, "Metallurgy")
    s.resources(0, wood=1, ore=1)
    defenders = s.units(0, "infantry", "C2", 2)
    army = s.units(1, "infantry", "C2", 3)
    dice(s, *[(6, "infantry")] * 3, (2, "cavalry"), (2, "cavalry"))  # 3 x 7 = 21: 4 hits
    attack(s, 1, army, "C2", "D2")
    assert "combat value 21, 4 hits" in " ".join(s.game.log)
    assert not any(isinstance(d, HitCancelDecision) for d in s.game.pending)
    assert alive(s, defenders) == [] and s.player(0).resources["wood"] == 1


def test_qin_tactician_is_not_offered_when_the_hits_exceed_the_units_by_more_than_one():
    s = fresh("china", "rome")
    s.resources(0, culture=2)
    qin = place_leader(s, 0, "Qin Shi Huang", "B6")
    qin.pos = s.hex("C2")
    army = s.units(1, "infantry", "C2", 3)
    dice(s, *[(6, "infantry")] * 3, (2, "cavalry"))  # 4 hits against Qin alone
    attack(s, 1, army, "C2", "D2")
    assert not any(isinstance(d, HitCancelDecision) for d in s.game.pending)
    assert s.player(0).culture_tokens == 2


ENCIRCLED, SURPRISE = 2, 10  # action cards


def fireworks_against(s: Scenario, card: int, attackers: int, *faces) -> list:
    """Player 0 (China, Fireworks affordable) defends 2 infantry at C2 against player 1's `attackers`
    infantry, which play `card` for its tactics half; returns the defenders."""
    special(s, 0, "Metallurgy")
    s.resources(0, wood=1, ore=1)
    s.advances(1, "Tactics").hand(1, card)
    defenders = s.units(0, "infantry", "C2", 2)
    army = s.units(1, "infantry", "C2", attackers)
    dice(s, *faces)
    attack(s, 1, army, "C2", "D2")
    s.apply(PlayTactics(card))
    return defenders


def test_fireworks_cannot_cancel_the_hit_encircled_adds():
    s = fresh("china", "rome")
    # Neither roll hits; Encircled's 6 adds a hit that cannot be ignored: Fireworks is not offered.
    defenders = fireworks_against(s, ENCIRCLED, 2, *[(1, "leader")] * 4, (6, "infantry"))
    assert "Encircled: Player 2 rolls 6: 1 more hit" in s.game.log
    assert not any(isinstance(d, HitCancelDecision) for d in s.game.pending)
    assert len(alive(s, defenders)) == 1 and s.player(0).resources["wood"] == 1


def test_surprise_draws_nothing_when_fireworks_cancel_its_only_hit():
    s = fresh("china", "rome")
    # 3 + 1 (infantry) + 1 (Surprise) = 5: one hit, which Fireworks cancels before Surprise looks.
    defenders = fireworks_against(s, SURPRISE, 1, (3, "infantry"), (1, "leader"), (1, "leader"))
    s.apply(PayCombatBonus(True))
    assert s.player(1).action_cards == [] and not any(line.startswith("Surprise:") for line in s.game.log)
    assert alive(s, defenders) == defenders


def test_encircled_compares_the_hits_left_after_a_paid_cancel():
    s = fresh("china", "rome")
    special(s, 0, "Metallurgy")
    s.resources(0, wood=1, ore=1)
    s.advances(0, "Tactics").hand(0, ENCIRCLED)
    s.units(0, "infantry", "C2", 2)
    army = s.units(1, "infantry", "C2", 2)
    # Rome 6 + 1 + 1 = 8: one hit, cancelled by Fireworks; China 2: none. Then 0 dealt >= 0 taken,
    # so Encircled rolls its 6.
    dice(s, (6, "infantry"), (1, "leader"), (1, "leader"), (1, "leader"), (6, "infantry"))
    attack(s, 1, army, "C2", "D2")
    s.apply(PlayTactics(ENCIRCLED))
    s.apply(PayCombatBonus(True))
    assert "Encircled: Player 1 rolls 6: 1 more hit" in s.game.log
    assert "Player 2 takes 1 hit, Player 1 takes no hits" in s.game.log and len(alive(s, army)) == 1


def test_qin_tactician_cancels_a_hit_for_two_culture_tokens():
    s = fresh("china", "rome")
    s.resources(0, culture=2)
    qin = place_leader(s, 0, "Qin Shi Huang", "B6")
    qin.pos = s.hex("C2")
    soldier = s.unit(0, "infantry", "C2")
    defend_against_two_hits(s, qin, soldier)
    s.apply(PayCombatBonus(True))
    assert s.player(0).culture_tokens == 0 and s.game.pending[-1].count == 1  # 1 casualty of 2 to choose


def test_pericles_admiral_gives_two_in_a_naval_battle_with_him_aboard():
    s = fresh("greece", "rome")
    pericles = place_leader(s, 0, "Pericles", "D2")
    fleet = s.units(0, "ship", "B2", 1)
    pericles.pos, pericles.carrier = fleet[0].pos, fleet[0].id
    s.units(1, "ship", "B2", 1)
    dice(s, (3, "elephant"), (3, "elephant"))
    attack(s, 0, fleet, "B2", "A3")
    assert "Player 1 gets +2 combat value from Pericles" in s.game.log


def test_ragnar_horror_of_the_north_gives_two_attacking_from_ships():
    s = fresh("vikings", "rome")
    ragnar = place_leader(s, 0, "Ragnar Lodbrok", "D2")
    ship = s.unit(0, "ship", "B2")
    ragnar.pos, ragnar.carrier = ship.pos, ship.id
    soldier = s.unit(0, "infantry", "B2", carrier=ship)
    s.units(1, "infantry", "C2", 1)
    for unit in (ragnar, soldier):
        unit.pos, unit.carrier = s.hex("C2"), None
    dice(s, (3, "elephant"), (3, "elephant"), (3, "elephant"))
    attack(s, 0, [ragnar, soldier], "C2", "B2")
    assert "Player 1 gets +2 combat value from Ragnar Lodbrok" in s.game.log
