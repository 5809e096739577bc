"""The invariant checker finds every piece out of place (random games call it after every action)."""

import re

import pytest

from tests.games.sidmeier.scenario import Scenario


def broken(change) -> list[str]:
    s = Scenario(players=2).reveal_all()
    s.city(0, 2, 2, capital=True)
    s.city(1, 12, 5, capital=True)
    s.figure(0, "army", 3, 4)
    assert s.problems() == []
    change(s.game)
    s.refresh()
    return s.problems()


def _twice(pile: list[int], piece: int) -> None:
    pile.append(piece)


@pytest.mark.parametrize(
    "change, found",
    [
        (lambda g: _twice(g.players[0].standing, g.players[1].standing[0]), "unit card {} is in 2 places"),
        (lambda g: g.players[0].standing.pop(), "unit card {} is in 0 places"),
        (lambda g: _twice(g.players[0].hand, 10_000), "culture event cards [10000] do not exist"),
        (lambda g: g.players[0].hand.append(g.culture_decks["ancient"].draw[0]), "culture event card {} is in 2"),
        (lambda g: g.players[0].reserve.append(g.great_people[0]), "great person marker {} is in 2 places"),
        (lambda g: g.hut_pile.pop(), "hut or village marker {} is in 0 places"),
        (lambda g: g.players[1].markers.append(g.village_pile[0]), "hut or village marker {} is in 2 places"),
        (lambda g: g.players[0].__setattr__("armies", 0), "players[0]: more army figures on the map than they own"),
    ],
)
def test_a_piece_out_of_place_is_found(change, found):
    problems = broken(change)
    assert len(problems) == 1
    assert re.match(re.escape(found).replace(r"\{\}", r"\d+"), problems[0]), problems


def test_cities_too_close_are_found():
    problems = broken(lambda g: g.cities[1].__setattr__("pos", g.pos(4, 4)))
    assert len(problems) == 1 and problems[0].startswith("cities ") and problems[0].endswith(" are too close")
    assert broken(lambda g: g.cities[1].__setattr__("pos", g.pos(5, 5))) == []


def test_wounds_off_a_front_or_enough_to_kill_are_found():
    from civgame.games.sidmeier.core.actions import PlayUnit
    from tests.games.sidmeier.test_wisdom_and_warfare_combat import EVEN, TOUGH, attack, capital, fight

    s = fight()
    capital(s, 0, 1, 1)
    capital(s, 1, 14, 7)
    first, _second = s.units(0, ("infantry", TOUGH), ("infantry", EVEN))  # (the second stays in the hand)
    (theirs,) = s.units(1, ("infantry", EVEN))
    attack(s)
    s.apply(PlayUnit(theirs))
    assert s.problems() == []
    s.game.battle.wounds[theirs] = 2  # its health
    assert s.problems() == [f"unit card {theirs} has wounds enough to kill it but stands on a front"]
    s.game.battle.wounds = {first: 1}
    assert s.problems() == [f"unit card {first} has 1 wounds but stands on no front"]


def test_a_stale_bound_of_coins_is_found():
    from civgame.games.sidmeier.rules.base import yields

    s = Scenario(players=2).reveal_all()
    s.city(0, 2, 2, capital=True)
    s.city(1, 12, 5, capital=True)
    assert s.problems() == []
    bound = yields.coins_bound(s.game, 0)
    s.game.players[0].coin_tokens["sheet"] = 3  # by hand: nothing tells the cache
    assert s.problems() == ["the cached bound of player 0's coins is stale"]
    yields.coins_changed(s.game, 0)
    assert s.problems() == [] and yields.coins_bound(s.game, 0) == bound + 3


def test_a_stale_table_of_figures_is_found():
    from civgame.games.sidmeier.rules.base import occupancy

    s = Scenario(players=2).reveal_all()
    s.city(0, 2, 2, capital=True)
    s.city(1, 12, 5, capital=True)
    army = s.figure(0, "army", 3, 4)
    assert occupancy.at(s.game, army.pos) == [army] and s.problems() == []
    army.pos = s.pos(4, 4)  # by hand: nothing tells the cache
    assert s.problems() == ["the cached figures on each square are stale"]
