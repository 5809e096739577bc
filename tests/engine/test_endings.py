"""Why the game ended: recorded in the model when it ends (the last age, or the players left without a city
and what took each one's last city), with every player's total at the end of each age."""

import yaml

from civgame.games.clash.core.actions import ChooseFirstPlayer, Raze
from civgame.games.clash.core.model import BARBARIAN, CityLoss, GameEnd
from civgame.games.clash.rules.base.endings import describe_end
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.status import begin
from civgame.games.clash.storage.save import dumps, loads
from tests.combat_helpers import LEADER, attack, dice
from tests.engine.test_event_cards import EARTHQUAKE
from tests.engine.test_events import board, choose, main_effect
from tests.engine.test_status import answer_free_advances, decline_razing, status_scenario
from tests.scenario import Scenario


def test_after_the_last_age_the_game_names_it_and_keeps_each_ages_totals():
    s = status_scenario()
    s.game.age = 6
    s.player(0).scores_by_age = [2.0, 3.0, 4.0, 5.0, 6.0]
    begin(s.game)
    assert s.game.end == GameEnd("last_age", 6)
    assert s.player(0).scores_by_age == [2.0, 3.0, 4.0, 5.0, 6.0, score_sheet(s.game, 0)["total"]]
    assert describe_end(s.game) == "The game ended after the sixth age, the last age."


def test_each_age_that_ends_adds_every_players_total():
    s = status_scenario()
    s.game.round = 4
    begin(s.game)
    answer_free_advances(s)
    decline_razing(s)
    totals = [score_sheet(s.game, p)["total"] for p in (0, 1)]
    s.apply(ChooseFirstPlayer(1))
    assert s.game.age == 2 and [s.player(p).scores_by_age for p in (0, 1)] == [[totals[0]], [totals[1]]]
    assert s.game.end is None and describe_end(s.game) == ""


def test_a_last_city_taken_in_battle_names_who_took_it_when_the_game_ends():
    s = Scenario().reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    s.game.age, s.game.round = 2, 3
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.player(1).last_city_lost == CityLoss(s.hex("D7"), "battle", 2, 3, by=0)
    begin(s.game)
    assert s.game.end == GameEnd("no_cities", 2, [1])
    assert describe_end(s.game) == (
        "The game ended in the status phase of the second age: a player had no city left. "
        "Player 1 took Player 2's last city, at D7, in battle (age 2, round 3)."
    )


def test_a_city_lost_while_others_stand_is_not_noted():
    s = Scenario().reveal_all()
    s.city(1, "D7")
    s.city(1, "E8")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    assert s.player(1).last_city_lost is None


def test_a_last_city_the_barbarians_took_says_so():
    s = Scenario().reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    dice(s, (6, "infantry"), (6, "infantry"), LEADER)
    attack(s, BARBARIAN, s.units(BARBARIAN, "infantry", "D2", 2), "D2", "E2")
    begin(s.game)
    assert s.game.end == GameEnd("no_cities", 1, [0])
    assert "The barbarians took Player 1's last city, at D2 (age 1, round 1)." in describe_end(s.game)


def test_a_last_city_destroyed_by_its_owner_answering_an_event_names_the_event():
    s = board()
    for label in ("D5", "D2", "B6"):
        s.city(0, label)
    main_effect(s, EARTHQUAKE)
    for label in ("D5", "D2", "B6"):
        choose(s, f"city centre at {label}")
    assert s.game.cities_of(0) == []
    loss = s.player(0).last_city_lost
    assert (loss.cause, loss.card, loss.space) == ("event", "Earthquake", s.hex("B6"))
    s.game.event = None
    begin(s.game)
    assert "Player 1 destroyed their own last city, at B6, answering the event Earthquake" in describe_end(s.game)


def test_a_last_city_razed_in_the_status_phase_says_so():
    s = status_scenario()
    begin(s.game)
    answer_free_advances(s)
    s.apply(Raze(s.game.cities_of(0)[0].id))
    assert s.player(0).last_city_lost.cause == "razed"
    while s.game.phase == "status":
        s.apply(s.legal()[0])
    begin(s.game)
    assert "Player 1 razed their own last city, at D2 (status phase of age 1)." in describe_end(s.game)


def test_the_reason_and_the_totals_are_saved():
    s = Scenario().reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    begin(s.game)
    loaded = loads(dumps(s.game))
    assert loaded.end == s.game.end and loaded.player(1).last_city_lost == s.player(1).last_city_lost
    assert loaded.player(0).scores_by_age == s.player(0).scores_by_age != []


def test_a_finished_game_saved_before_the_reason_was_recorded_gets_it_from_its_board():
    s = Scenario().reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    attack(s, 0, s.units(0, "infantry", "D7", 1), "D7", "C8")
    begin(s.game)
    old = yaml.safe_load(dumps(s.game))
    old["version"] = old["game"]["version"] = 5
    del old["game"]["end"]
    for player in old["game"]["players"]:
        del player["last_city_lost"], player["scores_by_age"]
    loaded = loads(yaml.safe_dump(old))
    assert loaded.end == GameEnd("no_cities", 1, [1]) and loaded.player(1).last_city_lost is None
    assert describe_end(loaded).endswith("a player had no city left. Player 2 had no city.")
    city = {"id": old["game"]["next_id"], "owner": 1, "pos": list(s.hex("B3")), "mood": "neutral"}
    old["game"]["cities"].append(city)  # nobody without a city: the game ended after its last age
    old["game"]["next_id"] += 1
    assert loads(yaml.safe_dump(old)).end == GameEnd("last_age", 1)


def test_two_players_without_a_city_are_both_named():
    s = status_scenario(players=3)
    for index in (1, 2):
        city = s.game.cities_of(index)[0]
        s.game.cities.remove(city)
        s.player(index).last_city_lost = CityLoss(city.pos, "barbarians", 1, 2)
    begin(s.game)
    assert s.game.end == GameEnd("no_cities", 1, [1, 2])
    text = describe_end(s.game)
    assert "the first age: players had no city left." in text
    assert "The barbarians took Player 2's last city, at D7" in text and "Player 3's last city, at F2" in text
