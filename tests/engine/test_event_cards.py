"""The event cards that destroy pieces, change government or leaders, make a wonder public or wait for
a city attack: Vulcan, Earthquake, Heavy Earthquake, Revolution, Envoy, Trojan Horse, Guillotine; and
the Great Mausoleum drawing an event card from the discard pile.

The board is the one of `test_events.py`: player 0's cities stand where a test puts them.
"""

from __future__ import annotations

from civgame.games.clash.core.actions import ChooseOption, PayCombatBonus
from civgame.games.clash.core.decisions import CombatBonusDecision, EffectChoiceDecision, TacticsDecision
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.cards import FROM_DECK, FROM_DISCARD, PUBLIC_WONDER, draw_into_hand
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.invariants import check_invariants
from tests.combat_helpers import LEADER, attack, dice
from tests.engine.test_events import board, choose, draw, main_effect, options
from tests.scenario import Scenario

VULCAN, EARTHQUAKE, HEAVY_EARTHQUAKE, REVOLUTION, ENVOY, TROJAN_HORSE, GUILLOTINE = 29, 30, 31, 38, 40, 42, 43


def four_cities(s: Scenario, player: int = 0) -> None:
    s.city(player, "D5", buildings={"temple": player, "academy": 1 - player}, wonders=["pyramids"])
    for label in ("D2", "B6", "E4") if player == 0 else ("B3", "C7", "A5"):
        s.city(player, label)


# ------------------------------------------------------------------ Vulcan, Earthquake


def test_vulcan_destroys_a_whole_city_for_good_with_vp_for_each_piece():
    s = board()
    four_cities(s)
    s.player(0).wonders_built = ["pyramids"]
    s.unit(0, "infantry", "D5")
    s.unit(1, "settler", "B3")
    s.city(1, "B3")
    before = score_sheet(s.game, 0)
    main_effect(s, VULCAN)
    assert options(s) == ["B6", "D2", "D5", "E4"]
    choose(s, "D5")
    assert s.game.city_at(s.hex("D5")) is None and not s.game.units_at(s.hex("D5"))
    assert s.player(0).event_vp == 2 + 2 + 0  # the temple, the centre, the Pyramids' owner share (none)
    assert s.player(1).event_vp == 2  # the academy in player 2's colour
    assert s.player(0).pieces_destroyed == {"temple": 1, "city": 1}
    assert s.game.settlements_used(0) == 4 and s.game.pieces_in_colour(0, "temple") == 1
    after = score_sheet(s.game, 0)
    assert after["city_pieces"] == before["city_pieces"] - 2  # the centre and the temple no longer score
    # the card's exception: the Pyramids' effect, their builder's 5.1 VP, is kept
    assert after["wonders"] == before["wonders"] == 5.1 and s.player(0).destroyed_wonders_kept == ["pyramids"]
    assert after["total"] == before["total"] - 2 + 4
    assert "The effect of the Pyramids is kept: Player 1, its builder, still scores 5.1 VP" in s.game.log
    assert check_invariants(s.game) == []


def test_earthquake_keeps_the_pyramids_effect_for_their_builder_but_no_other_wonders():
    s = board()
    city = s.city(0, "D5", wonders=["pyramids", "great_gardens"])
    for label in ("D2", "B6"):
        s.city(0, label)
    s.player(0).wonders_built = ["great_gardens"]
    s.player(1).wonders_built = ["pyramids"]  # built by player 2, whose city player 1 took
    before = [score_sheet(s.game, p)["wonders"] for p in (0, 1)]
    assert before == [2 + 2, 5.1]
    main_effect(s, EARTHQUAKE)
    choose(s, "Pyramids at D5")
    choose(s, "Great Gardens at D5")
    choose(s, "destroy nothing more")
    assert [score_sheet(s.game, p)["wonders"] for p in (0, 1)] == [0, 5.1]  # only the Pyramids' effect is kept
    assert [s.player(p).event_vp for p in (0, 1)] == [0 + 2, 0]  # the city owner's shares: Pyramids 0, Gardens 2
    assert [s.player(p).destroyed_wonders_kept for p in (0, 1)] == [[], ["pyramids"]]
    assert "The effect of the Pyramids is kept: Player 2, its builder, still scores 5.1 VP" in s.game.log
    assert city.wonders == [] and city.mood == "angry"  # hit: a mood step lower


def test_vulcan_spares_a_player_with_fewer_than_four_cities():
    s = board()
    s.city(0, "D5")
    s.city(0, "D2")
    s.city(0, "B6")
    main_effect(s, VULCAN)
    assert not s.game.pending and len(s.game.cities_of(0)) == 3


def test_earthquake_destroys_one_to_three_pieces_then_the_hit_cities_lose_mood():
    s = board()
    four_cities(s)
    main_effect(s, EARTHQUAKE)
    first = options(s)
    assert "Temple at D5" in first and "city centre at D2" in first and "city centre at D5" not in first
    assert "destroy nothing more" not in first  # at least one piece
    choose(s, "Temple at D5")
    choose(s, "Academy at D5")
    assert "destroy nothing more" in options(s)
    choose(s, "destroy nothing more")
    assert s.game.city_at(s.hex("D5")).buildings == {} and s.game.city_at(s.hex("D5")).mood == "angry"
    assert s.player(0).event_vp == 2 and s.player(1).event_vp == 2
    assert [c.mood for c in s.game.cities_of(0)[1:]] == ["neutral"] * 3


def test_earthquake_takes_a_city_centre_only_once_its_city_is_empty():
    s = board()
    four_cities(s)
    main_effect(s, EARTHQUAKE)
    choose(s, "Pyramids at D5")
    choose(s, "Temple at D5")
    choose(s, "Academy at D5")  # the third piece: the earthquake ends
    assert s.game.city_at(s.hex("D5")).size == 1
    s.game.city_at(s.hex("D5")).mood = "happy"
    main_effect(s, EARTHQUAKE)
    assert "city centre at D5" in options(s)
    choose(s, "city centre at D5")
    choose(s, "destroy nothing more")
    assert s.game.city_at(s.hex("D5")) is None and not s.game.pending


def test_heavy_earthquake_hits_every_player_with_three_cities():
    s = board()
    four_cities(s)
    four_cities(s, player=1)
    main_effect(s, HEAVY_EARTHQUAKE)
    choose(s, "city centre at E4")
    choose(s, "destroy nothing more")
    assert s.game.pending[-1].player == 1
    choose(s, "city centre at A5")
    choose(s, "destroy nothing more")
    assert s.game.city_at(s.hex("E4")) is None and s.game.city_at(s.hex("A5")) is None


# ------------------------------------------------------------------ Revolution


def democracy(s: Scenario) -> None:
    s.advances(0, "Philosophy", "Voting", "Draft")


def test_revolution_costs_an_action_and_changes_the_government_for_free():
    s = board()
    s.city(0, "D5")
    democracy(s)
    s.resources(0, mood=1, culture=1)
    actions = s.game.actions_left
    main_effect(s, REVOLUTION, active=0)  # no army unit to kill instead: both steps happen at once
    assert s.game.actions_left == actions - 1 and not s.game.pending
    assert s.player(0).has("Nationalism") and not s.player(0).has("Voting")
    assert s.player(0).mood_tokens == 1 and s.player(0).culture_tokens == 1  # nothing paid


def test_revolution_each_step_avoided_by_killing_an_army_unit():
    s = board()
    s.city(0, "D5")
    democracy(s)
    s.units(0, "infantry", "D5", 2)
    actions = s.game.actions_left
    main_effect(s, REVOLUTION, active=0)
    choose(s, "kill the infantry at D5 to avoid it")
    assert s.game.actions_left == actions
    choose(s, "kill the infantry at D5 to avoid it")
    assert s.player(0).has("Voting") and not s.game.units_of(0)


def test_revolution_in_the_status_phase_takes_the_action_next_turn():
    from civgame.games.clash.rules.base.turns import start_turn

    s = board()
    s.city(0, "D5")
    s.game.phase = "status"
    main_effect(s, REVOLUTION, active=0)  # no government: the second step is skipped
    assert s.player(0).action_lost and not s.game.pending
    s.game.phase = "play"
    start_turn(s.game, 0)
    assert s.game.actions_left == s.game.rules.game.actions_per_turn - 1 and not s.player(0).action_lost


# ------------------------------------------------------------------ Envoy


def test_envoy_gives_ideas_culture_a_face_up_wonder_and_a_gift():
    s = board(players=3)
    s.city(0, "D5")
    top = s.game.decks["wonder"].draw[-1]
    main_effect(s, ENVOY)
    assert s.player(0).resources["ideas"] == 1 and s.player(0).culture_tokens == 1
    assert s.game.public_wonder == top and top not in s.game.decks["wonder"].draw
    assert options(s) == ["Player 2", "Player 3"]
    choose(s, "Player 3")
    assert s.player(2).culture_tokens == 1 and s.player(1).culture_tokens == 0
    draw_into_hand(s.game, s.player(1), "wonder")  # the next wonder draw may take it
    assert s.game.pending[-1].player == 1 and options(s) == [f"{PUBLIC_WONDER} (wonder)", f"{FROM_DECK} (wonder)"]
    s.game.current = 1
    choose(s, f"{PUBLIC_WONDER} (wonder)")
    assert s.player(1).wonder_cards == [top] and s.game.public_wonder is None
    assert check_invariants(s.game) == []


# ------------------------------------------------------------------ Trojan Horse


def test_trojan_horse_pays_vp_once_to_a_player_attacking_a_defended_city():
    s = board()
    s.city(1, "D2")
    s.units(1, "infantry", "D2", 1)
    s.resources(0, wood=2, culture=2)
    main_effect(s, TROJAN_HORSE)
    assert s.game.city_attack_offer == TROJAN_HORSE
    attackers = s.units(0, "infantry", "D2", 3)
    dice(s, (6, "infantry"), (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, attackers, "D2", "C2")
    decision = s.game.pending[-1]
    assert isinstance(decision, CombatBonusDecision) and decision.source == "Trojan Horse" and decision.vp == 1
    s.apply(PayCombatBonus(True, {"wood": 1, "culture": 1}))
    assert s.player(0).event_vp == 1 and s.player(0).resources["wood"] == 1 and s.player(0).culture_tokens == 1
    assert s.game.city_attack_offer is None


def test_trojan_horse_paid_stops_the_defenders_tactics_in_the_first_round_only():
    defensive_formation = 22
    s = board()
    s.city(1, "D2")
    s.units(1, "infantry", "D2", 1)
    s.advances(1, "Tactics").hand(1, defensive_formation)
    s.resources(0, wood=1, culture=1)
    main_effect(s, TROJAN_HORSE)
    attackers = s.units(0, "infantry", "D2", 3)
    dice(s, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER, LEADER)  # two rounds without hits
    attack(s, 0, attackers, "D2", "C2", can_retreat=False)
    s.apply(PayCombatBonus(True, {"wood": 1, "culture": 1}))
    assert "Round 1: no tactics cards are played" in s.game.log  # the defender was not asked in round 1
    c = s.game.combat
    assert c is not None and c.round == 2 and isinstance(s.game.pending[-1], TacticsDecision)
    assert s.game.actor() == 1  # from round 2 the defender may play its card again
    assert s.player(1).action_cards == [defensive_formation]


def test_trojan_horse_waits_for_a_city_attack():
    s = board()
    s.units(1, "infantry", "D3", 1)
    s.resources(0, wood=2, culture=2)
    main_effect(s, TROJAN_HORSE)
    attackers = s.units(0, "infantry", "D3", 2)
    dice(s, (6, "infantry"), (6, "infantry"), (2, "cavalry"))
    attack(s, 0, attackers, "D3", "C2")  # a field battle: no offer
    assert not any(isinstance(d, CombatBonusDecision) for d in s.game.pending)
    assert s.game.city_attack_offer == TROJAN_HORSE


# ------------------------------------------------------------------ Guillotine


def rome() -> Scenario:
    s = board()
    civilizations.take(s.game, s.player(0), "rome")
    return s


def test_guillotine_kills_the_leader_and_places_a_new_one_for_free():
    s = rome()
    city = s.city(0, "D5")
    civilizations.place_leader(s.game, s.player(0), "Augustus", city)
    main_effect(s, GUILLOTINE)
    assert s.player(0).leader is None and s.player(1).captured_leaders == []
    assert "take the VP" in options(s) and "Gaius Julius Caesar at D5" in options(s)
    choose(s, "Gaius Julius Caesar at D5")
    assert s.player(0).leader == "Gaius Julius Caesar" and s.player(0).event_vp == 0
    assert civilizations.unused_leaders(s.game, s.player(0)) == []  # no leader may be recruited again


def test_guillotine_gives_two_vp_without_a_leader_to_place():
    s = board()
    s.city(0, "D5")
    main_effect(s, GUILLOTINE)  # no civilization, so no leader
    assert s.player(0).event_vp == 2 and s.player(0).leaders_barred


# ------------------------------------------------------------------ Great Mausoleum


def settle_icon(s: Scenario) -> None:
    """Answer the icon's choices (where the barbarians settle) with their first options."""
    while s.game.pending:
        choose(s, options(s)[0])


def test_great_mausoleum_may_take_the_top_event_of_the_discard_pile_and_discards_under_it():
    s = board()
    s.city(0, "D5", wonders=["great_mausoleum"])
    s.game.decks["event"].discard = [ENVOY, 10]  # A good year on top: +1 food
    deck_top = s.game.decks["event"].draw[-1]
    s.player(0).event_cubes = 1
    s.resources(0, ideas=2)
    s.advances(0, "Storage")
    s.game.current = 0
    from civgame.games.clash.rules.actions.advances import use_event_cube

    use_event_cube(s.game, s.player(0))
    decision = s.game.pending[-1]
    assert isinstance(decision, EffectChoiceDecision) and decision.source == "Great Mausoleum"
    assert options(s) == [f"{FROM_DISCARD} (event)", f"{FROM_DECK} (event)"]
    s.apply(ChooseOption(f"{FROM_DISCARD} (event)"))
    settle_icon(s)
    assert s.player(0).resources["food"] == 1  # A good year was resolved
    assert s.game.decks["event"].discard == [10, ENVOY]  # under the pile, not on top
    assert s.game.decks["event"].draw[-1] == deck_top


def test_without_the_mausoleum_the_event_comes_from_the_deck_onto_the_pile():
    s = board()
    s.city(0, "D5")
    s.game.decks["event"].discard = [ENVOY]
    draw(s, 10)
    settle_icon(s)
    assert s.game.decks["event"].discard == [ENVOY, 10] and s.player(0).resources["food"] == 1


# ------------------------------------------------------------------ Great Architect

GREAT_ARCHITECT = 55


def test_great_architect_builds_a_wonder_without_its_advance_three_culture_cheaper_and_no_action():
    from civgame.games.clash.core.actions import PlayGreatPerson

    s = board()
    city = s.city(0, "D5", mood="happy")
    s.city(0, "D2")
    s.advances(0, "Engineering")  # the wonders' advance; not Rituals, the Pyramids' own
    s.player(0).wonder_cards = ["pyramids"]
    s.player(0).great_persons = [GREAT_ARCHITECT]
    s.resources(0, food=2, wood=3, ore=7, culture=2)  # 5 culture less 3
    s.player(0).resources.update(ore=7)
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_ARCHITECT))
    assert city.wonders == ["pyramids"] and s.player(0).wonders_built == ["pyramids"]
    assert s.player(0).culture_tokens == 0 and s.game.actions_left == actions
    assert city.activations == 0 and s.player(0).great_persons == []


def test_great_architect_is_played_only_with_a_wonder_to_build():
    from civgame.games.clash.rules.cards.action_cards import why_not_play_card
    from civgame.games.clash.rules.cards.great_persons import GREAT_PERSONS

    s = board()
    s.city(0, "D5", mood="happy")
    s.city(0, "D2")
    s.player(0).great_persons = [GREAT_ARCHITECT]
    s.player(0).wonder_cards = ["pyramids"]
    s.resources(0, food=2, wood=3, ore=7, culture=2)
    s.player(0).resources.update(ore=7)
    assert "a wonder card you could build" in (
        why_not_play_card(s.game, s.player(0), GREAT_ARCHITECT, GREAT_PERSONS) or ""
    )  # Engineering
    s.advances(0, "Engineering")
    s.resources(0, culture=1)
    assert "a wonder card you could build" in (
        why_not_play_card(s.game, s.player(0), GREAT_ARCHITECT, GREAT_PERSONS) or ""
    )  # culture
    s.resources(0, culture=2)
    assert why_not_play_card(s.game, s.player(0), GREAT_ARCHITECT, GREAT_PERSONS) is None


def test_great_architects_wonder_takes_its_culture_tokens_as_printed_even_with_the_colosseum():
    from civgame.games.clash.core.actions import PlayGreatPerson
    from civgame.games.clash.rules.cards.action_cards import why_not_play_card
    from civgame.games.clash.rules.cards.great_persons import GREAT_PERSONS

    s = board()
    city = s.city(0, "D5", mood="happy")
    s.city(0, "D2", wonders=["colosseum"])
    s.advances(0, "Engineering")
    s.player(0).great_persons = [GREAT_ARCHITECT]
    s.player(0).wonder_cards = ["pyramids"]
    s.resources(0, food=2, wood=3, ore=7, culture=1, mood=3)  # 2 culture needed: a mood token is no wonder's
    s.player(0).resources.update(ore=7)
    assert "a wonder card you could build" in (
        why_not_play_card(s.game, s.player(0), GREAT_ARCHITECT, GREAT_PERSONS) or ""
    )
    s.resources(0, culture=2)
    s.apply(PlayGreatPerson(GREAT_ARCHITECT))
    assert city.wonders == ["pyramids"]
    assert (s.player(0).culture_tokens, s.player(0).mood_tokens) == (0, 3)


# ------------------------------------------------------------------ Great Diplomat

GREAT_DIPLOMAT = 57


def diplomats(s: Scenario) -> None:
    """Player 1 takes the Great Diplomat and picks player 3 as partner."""
    s.city(0, "D5")
    s.resources(0, culture=1)
    draw(s, GREAT_DIPLOMAT)
    while "take it for 1 culture" not in options(s):
        choose(s, options(s)[0])  # where the barbarians settle
    choose(s, "take it for 1 culture")
    assert options(s) == ["Player 2", "Player 3"]
    choose(s, "Player 3")
    assert s.player(0).great_persons == [GREAT_DIPLOMAT] and s.player(0).diplomatic_partner == 2


def test_great_diplomat_partners_pay_two_culture_to_move_into_each_others_units_and_an_attack_ends_it():
    from civgame.games.clash.core.actions import MoveUnits, StartMove

    s = board(players=3)
    diplomats(s)
    s.game.units = [u for u in s.game.units if u.owner >= 0]  # no barbarians in the way
    s.units(2, "infantry", "D3", 1)
    s.units(1, "infantry", "B6", 1)
    mover = s.unit(0, "infantry", "D2")
    s.advances(0, "Tactics")
    s.resources(0, culture=1)
    s.apply(StartMove())
    into = {a.to: a for a in s.legal_of(MoveUnits) if a.units == (mover.id,)}
    assert s.hex("D3") not in into  # 2 culture needed, 1 held
    s.resources(0, culture=2)
    into = {a.to: a for a in s.legal_of(MoveUnits) if a.units == (mover.id,)}
    assert s.hex("D3") in into
    dice(s, (6, "infantry"), (2, "cavalry"))
    s.apply(into[s.hex("D3")])
    assert s.player(0).culture_tokens == 0
    assert s.player(0).diplomatic_partner is None and s.player(0).great_persons == []
    assert GREAT_DIPLOMAT in s.game.decks["event"].discard


def test_playing_the_great_diplomat_ends_the_relations():
    from civgame.games.clash.core.actions import PlayGreatPerson

    s = board(players=3)
    diplomats(s)
    s.game.pending.clear()
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_DIPLOMAT))
    assert s.player(0).diplomatic_partner is None and s.game.actions_left == actions - 1


# ------------------------------------------------------------------ Great Engineer

GREAT_ENGINEER = 26


def test_great_engineer_constructs_without_an_action_or_activating_the_city():
    from civgame.games.clash.core.actions import PlayGreatPerson

    s = board()
    city = s.city(0, "D5", mood="happy")
    s.city(0, "D2")
    s.advances(0, "Myths")
    s.resources(0, food=1, wood=1, ore=1)
    s.player(0).great_persons = [GREAT_ENGINEER]
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_ENGINEER, ("Engineering",)))
    assert "Temple at D5, paying 1 food, 1 wood, 1 ore" in options(s) and "do not build" in options(s)
    choose(s, "Temple at D5, paying 1 food, 1 wood, 1 ore")
    assert city.buildings == {"temple": 0} and city.activations == 0
    assert s.game.actions_left == actions - 1  # the card's action only
    assert s.player(0).has("Engineering") and s.player(0).resources["food"] == 0


def test_great_engineer_is_played_only_when_a_city_could_construct():
    from civgame.games.clash.rules.cards.action_cards import why_not_play_card
    from civgame.games.clash.rules.cards.great_persons import GREAT_PERSONS

    s = board()
    s.city(0, "D5", mood="angry")
    s.player(0).great_persons = [GREAT_ENGINEER]
    s.advances(0, "Myths")
    s.resources(0, food=1, wood=1, ore=1)
    assert "could construct" in (why_not_play_card(s.game, s.player(0), GREAT_ENGINEER, GREAT_PERSONS) or "")
    s.game.city_at(s.hex("D5")).mood = "neutral"
    s.city(0, "D2")
    assert why_not_play_card(s.game, s.player(0), GREAT_ENGINEER, GREAT_PERSONS) is None


# ------------------------------------------------------------------ Great Explorer

GREAT_EXPLORER = 18


def test_great_explorer_reveals_a_region_next_to_your_city_and_founds_a_city_there_for_two_food():
    from civgame.games.clash.core.actions import ChooseOption, ChooseOrientation, PlayGreatPerson
    from civgame.games.clash.core.decisions import OrientationDecision

    s = board()
    s.city(0, "D2")
    s.hide(5)  # around D3, next to D2's region
    s.resources(0, food=2)
    s.player(0).great_persons = [GREAT_EXPLORER]
    s.apply(PlayGreatPerson(GREAT_EXPLORER, ("Fishing", "5")))  # the region around D3
    if isinstance(s.game.pending[-1], OrientationDecision):  # which way it lies, when the rules leave it open
        s.apply(ChooseOrientation(s.game.pending[-1].options[0]))
    assert s.game.regions[4].revealed
    offered = [a.option for a in s.legal_of(ChooseOption)]  # the spaces of the region where a city may stand
    sites = [o for o in offered if o.startswith("found a city at ")]
    assert sites and all(o.endswith(", paying 2 food") for o in sites) and offered[-1] == "found no city"
    choose(s, sites[0])
    site = s.hex(sites[0].split()[4].rstrip(","))
    assert s.game.city_at(site).owner == 0 and s.player(0).resources["food"] == 0
    assert s.player(0).has("Fishing") and not s.game.units_of(0, "settler")


def test_great_explorer_is_played_only_next_to_a_face_down_region():
    from civgame.games.clash.rules.cards.action_cards import why_not_play_card
    from civgame.games.clash.rules.cards.great_persons import GREAT_PERSONS

    s = board()
    s.city(0, "D2")
    s.player(0).great_persons = [GREAT_EXPLORER]
    assert "face-down region" in (why_not_play_card(s.game, s.player(0), GREAT_EXPLORER, GREAT_PERSONS) or "")
    s.hide(5)
    assert why_not_play_card(s.game, s.player(0), GREAT_EXPLORER, GREAT_PERSONS) is None


# ------------------------------------------------------------------ Great Warlord

GREAT_WARLORD = 24


def test_great_warlord_moves_without_an_action_and_attacks_with_two_more():
    from civgame.games.clash.core.actions import MoveUnits, PlayGreatPerson
    from civgame.games.clash.core.decisions import MoveDecision

    s = board()
    s.city(0, "D5")
    s.advances(0, "Tactics")
    attackers = s.units(0, "infantry", "D2", 2)
    s.units(1, "infantry", "D3", 2)
    s.player(0).great_persons = [GREAT_WARLORD]
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_WARLORD))
    assert isinstance(s.game.pending[-1], MoveDecision) and s.game.actions_left == actions - 1
    dice(s, (2, "cavalry"), (2, "cavalry"), (2, "cavalry"), (2, "cavalry"))
    s.apply(MoveUnits(tuple(u.id for u in attackers), s.hex("D3")))
    assert "Player 1 rolls 2 (cavalry), 2 (cavalry), +2 combat value: combat value 6, 1 hit" in s.game.log
    assert len(s.game.units_of(1)) == 1  # without the bonus, 4: no hit


def test_great_warlord_without_a_unit_that_can_move_gives_its_advance_and_makes_no_move():
    from civgame.games.clash.core.actions import PlayGreatPerson
    from civgame.games.clash.rules.cards.action_cards import why_not_play_card
    from civgame.games.clash.rules.cards.great_persons import GREAT_PERSONS

    s = board()
    s.city(0, "D5")
    s.player(0).great_persons = [GREAT_WARLORD]
    assert why_not_play_card(s.game, s.player(0), GREAT_WARLORD, GREAT_PERSONS) is None  # no unit: still playable
    actions = s.game.actions_left
    s.apply(PlayGreatPerson(GREAT_WARLORD, ("Tactics",)))
    assert s.player(0).has("Tactics") and s.player(0).event_cubes == 3  # the free advance, without a cube
    assert s.game.actions_left == actions - 1 and not s.game.pending and s.game.event is None
    assert "None of Player 1's units can move: the Great Warlord makes no move" in s.game.log
    assert s.player(0).great_persons == [] and s.game.decks["event"].discard[-1] == GREAT_WARLORD
