"""The inventory of what every piece of content does: which effect primitives (and unlocks) each tech,
wonder, civilization, government and culture event card has. The tests of each primitive take their
values from the data, so changing a value is tested by them; taking an effect out of a record (or adding
one) fails here, naming the record, so that it is never lost unnoticed. Update this table together with
the data (and `docs/rules-decisions.md` when the change settles a provisional value).
"""

from __future__ import annotations

import pytest

from civgame.games.sidmeier.content.ruleset import load_rules

RULES = load_rules()

TECHS = {
    "animal_husbandry": (["boost_production"], {"buildings": ["barracks"]}),
    "code_of_laws": (["coin_on_battle_won"], {"buildings": ["temple"], "governments": ["republic"]}),
    "currency": (["gain_trade"], {"buildings": ["market"]}),
    "horseback_riding": (["travel_speed"], {"buildings": ["trading_post"]}),
    "masonry": (["stacking_limit"], {"buildings": ["city_walls"]}),
    "metalworking": (["battle_wounds"], {"buildings": ["workshop"]}),
    "navigation": (["water_movement"], {"buildings": ["harbor"]}),
    "philosophy": (["culture_hand_size", "gain_culture"], {}),
    "pottery": (["coin_on_card"], {"buildings": ["granary"]}),
    "writing": (["cancel_city_action"], {"buildings": ["library"]}),
    "chivalry": (["battle_wounds"], {"governments": ["feudalism"], "unit_upgrade": "mounted 2"}),
    "civil_service": (["boost_production"], {"buildings": ["aqueduct"]}),
    "construction": (["gain_trade", "stacking_limit"], {"buildings": ["iron_mine"]}),
    "democracy": (["cancel_culture_event"], {"governments": ["democracy"], "unit_upgrade": "infantry 2"}),
    "engineering": (["split_city_action"], {}),
    "irrigation": (["max_cities"], {}),
    "mathematics": (["battle_wounds"], {"unit_upgrade": "artillery 2"}),
    "monarchy": (["obsolete_wonder"], {"governments": ["monarchy"]}),
    "printing_press": (["culture_hand_size", "gain_culture"], {"buildings": ["university"]}),
    "sailing": (["water_movement"], {}),
    "banking": (["gain_trade"], {"buildings": ["bank"], "coins": 1}),
    "biology": (["gain_culture"], {"coins": 1}),
    "communism": (["boost_production"], {"governments": ["communism"]}),
    "gunpowder": (["obsolete_wonder"], {"unit_upgrade": "infantry 3"}),
    "metal_casting": (["battle_wounds"], {"unit_upgrade": "artillery 3"}),
    "military_science": (["production_per_coins"], {"buildings": ["academy"], "unit_upgrade": "mounted 3"}),
    "railroad": (["cancel_resource_ability", "travel_speed"], {"coins": 1}),
    "steam_power": (["gain_trade", "stacking_limit"], {}),
    "theology": (["gain_culture"], {"buildings": ["cathedral"], "governments": ["fundamentalism"]}),
    "atomic_theory": (["boost_production"], {"unit_upgrade": "infantry 4"}),
    "ballistics": (["battle_wounds"], {"unit_upgrade": "artillery 4"}),
    "combustion": (["boost_production"], {"unit_upgrade": "mounted 4"}),
    "computers": (["gain_trade"], {}),
    "flight": (["travel_speed", "water_movement"], {"unlocks_units": ["aircraft"]}),
    "mass_media": (["culture_hand_size", "gain_culture"], {}),
    "replacement_parts": (["cancel_resource_ability"], {}),
    "space_flight": (["tech_victory"], {}),
}
WONDERS = {
    "chichen_itza": ["production_per_city"],
    "statue_of_zeus": ["combat_bonus"],
    "stonehenge": ["start_gain"],
    "colossus": ["start_gain"],
    "great_lighthouse": ["empty_water_trade"],
    "great_wall": ["loot_reduction", "start_free_walls"],
    "hanging_gardens": ["start_free_figure"],
    "oracle": ["reveal_enemy_hand"],
    "pyramids": ["all_governments", "immune_to_anarchy"],
    "angkor_wat": ["double_harvest"],
    "brandenburg_gate": ["closed_borders"],
    "himeji_castle": ["unit_strength"],
    "leonardos_workshop": ["unit_cost_cap"],
    "notre_dame": ["second_research"],
    "porcelain_tower": ["research_discount"],
    "taj_mahal": ["start_free_building"],
    "louvre": ["start_gain"],
    "big_ben": ["start_take_market"],
    "cristo_redentor": ["culture_hand_size", "start_draw_culture"],
    "panama_canal": ["start_coin_token"],
    "statue_of_liberty": ["start_learn_tech"],
    "sydney_opera_house": ["start_culture_advance"],
    "internet": ["tech_coin_cap"],
    "kremlin": ["spy_substitute"],
    "pentagon": ["never_trumped"],
    "united_nations": ["event_immunity"],
}
CIVILIZATIONS = {
    "america": (["random_great_person"], ["trade_conversion"]),
    "china": (["walled_capital"], ["culture_on_exploring", "save_killed_unit"]),
    "egypt": (["random_ancient_wonder"], ["free_building_action"]),
    "germany": (["extra_units"], ["unit_tech_bonus"]),
    "rome": ([], ["culture_advance_on"]),
    "russia": (["extra_figures"], ["infiltrate", "stacking_bonus"]),
}
GOVERNMENTS = {
    "despotism": [],
    "anarchy": ["capital_idle"],
    "republic": ["scouts_explore_huts", "trade_per_city"],
    "monarchy": ["arts_culture"],
    "feudalism": ["stacking_bonus"],
    "fundamentalism": ["battle_hand_size", "trade_per_city"],
    "communism": ["arts_culture", "production_per_city"],
    "democracy": ["coins_while_peaceful"],
}
CULTURE_CARDS = {
    "a_gift_from_afar": ["card_resource", "gift_coin_to_other"],
    "barbarian_encampment": ["place_village"],
    "bread_and_circuses": ["cancel_culture_event"],
    "defection": ["kill_figures"],
    "disoriented": ["move_enemy_figures"],
    "drought": ["change_terrain"],
    "duty_and_honor": ["free_battle_units"],
    "exchange_of_ideas": ["exchange_techs"],
    "sabotage": ["destroy_buildings"],
    "citizens_are_revolting": ["force_anarchy"],
    "we_love_the_despot_day": ["city_production"],
    "a_generous_gift": ["card_resource"],
    "catastrophe": ["destroy_buildings"],
    "deforestation": ["change_terrain"],
    "flooding": ["change_terrain"],
    "jousting_tourney": ["cancel_culture_event"],
    "knowledge_shared": ["exchange_techs"],
    "lost": ["move_enemy_figures"],
    "mass_defection": ["kill_figures"],
    "nationalism": ["free_battle_units"],
    "citizens_are_revolting_ii": ["force_anarchy"],
    "we_love_the_queen_day": ["city_production"],
    "a_princely_gift": ["card_resource"],
    "disaster": ["destroy_buildings"],
    "out_of_position": ["move_enemy_figures"],
    "patriotism": ["free_battle_units"],
    "primetime_tv": ["cancel_culture_event"],
    "think_tank": ["exchange_techs"],
    "we_love_the_president_day": ["city_production"],
    "wholesale_defection": ["kill_figures"],
}


def _names(effects) -> list[str]:
    return sorted(e.name for e in effects)


@pytest.mark.parametrize("tech", sorted(set(TECHS) | set(RULES.techs)))
def test_tech_inventory(tech):
    record = RULES.techs.get(tech)
    assert record is not None, f"{tech} is in the inventory but not in the data"
    unlocks = {}
    if record.buildings:
        unlocks["buildings"] = record.buildings
    if record.governments:
        unlocks["governments"] = record.governments
    if record.unit_upgrade:
        unlocks["unit_upgrade"] = f"{record.unit_upgrade.unit} {record.unit_upgrade.rank}"
    if record.unlocks_units:
        unlocks["unlocks_units"] = record.unlocks_units
    if record.coins:
        unlocks["coins"] = record.coins
    assert (_names(record.effects), unlocks) == TECHS.get(tech)


@pytest.mark.parametrize("wonder", sorted(set(WONDERS) | set(RULES.wonders)))
def test_wonder_inventory(wonder):
    assert wonder in RULES.wonders and _names(RULES.wonders[wonder].effects) == WONDERS.get(wonder)


@pytest.mark.parametrize("civ", sorted(set(CIVILIZATIONS) | set(RULES.civilizations)))
def test_civilization_inventory(civ):
    record = RULES.civilizations.get(civ)
    assert record is not None and (_names(record.setup), _names(record.abilities)) == CIVILIZATIONS.get(civ)


@pytest.mark.parametrize("government", sorted(set(GOVERNMENTS) | set(RULES.governments)))
def test_government_inventory(government):
    record = RULES.governments.get(government)
    assert record is not None and _names(record.effects) == GOVERNMENTS.get(government)


@pytest.mark.parametrize("card", sorted(set(CULTURE_CARDS) | set(RULES.culture_cards)))
def test_culture_card_inventory(card):
    record = RULES.culture_cards.get(card)
    assert record is not None and _names(record.effects) == CULTURE_CARDS.get(card)
