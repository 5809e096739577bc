"""Ships that hold fewer land units than they carry: the owner removes the excess, as after a naval
battle (summary: "you must remove land units until you do"), and the rest are shared out.

In the base rules War Ships is never lost, so these tests link Longships to a government advance,
which Anarchy takes away: the same rule covers any capacity that drops during play."""

from civgame.framework.saves import state_hash
from civgame.games.clash.content.ruleset import Ruleset, default_ruleset
from civgame.games.clash.core.actions import Advance, ChooseCasualties
from civgame.games.clash.core.decisions import CasualtyDecision
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage.save import dumps, loads
from tests.engine.test_civilizations import place_leader
from tests.scenario import Scenario

ANARCHY = 44  # event card


def longships_linked_to(advance: str) -> Ruleset:
    rules = default_ruleset()
    vikings = rules.civilizations["vikings"]
    specials = [
        s.model_copy(update={"advance": advance}) if s.name == "Longships" else s for s in vikings.special_advances
    ]
    civs = {**rules.civilizations, "vikings": vikings.model_copy(update={"special_advances": specials})}
    return rules.model_copy(update={"civilizations": civs})


def vikings_at_sea() -> Scenario:
    """Player 0 plays the Vikings with Longships (from Voting here) and Anarchy tops the event deck."""
    s = Scenario(players=2, rules=longships_linked_to("Voting"))
    civilizations.take(s.game, s.player(0), "vikings")
    civilizations.take(s.game, s.player(1), "greece")
    s.reveal_all()
    gain_advance(s.game, s.player(0), "Voting", uses_event_cube=False)
    assert "Longships" in s.player(0).special_advances
    deck = s.game.decks["event"]
    deck.draw = [c for c in deck.draw if c != ANARCHY] + [ANARCHY]
    s.player(0).event_cubes = 1
    s.resources(0, food=2)
    return s


def anarchy(s: Scenario) -> None:
    """Player 0 buys an advance, which draws Anarchy: Voting and with it Longships are lost."""
    s.apply(Advance("Bartering", payment={"food": 2}))
    assert "Longships" not in s.player(0).special_advances


def test_a_ship_left_with_too_many_units_loses_those_its_owner_chooses():
    s = vikings_at_sea()
    ship = s.unit(0, "ship", "B2")
    cargo = [s.unit(0, "infantry", "B2", carrier=ship), s.unit(0, "settler", "B2", carrier=ship)]
    cargo.append(s.unit(0, "infantry", "B2", carrier=ship))
    assert check_invariants(s.game) == []
    anarchy(s)
    decision = s.game.pending[-1]
    assert isinstance(decision, CasualtyDecision) and decision.player == 0 and decision.count == 1
    assert check_invariants(s.game) == []  # the excess waits for its owner's choice
    reloaded = loads(dumps(s.game), rules=s.game.rules)
    assert state_hash(reloaded) == state_hash(s.game) and check_invariants(reloaded) == []
    infantry, settler = sorted(u.id for u in cargo if u.kind == "infantry")[:1], [cargo[1].id]
    assert s.legal() == [ChooseCasualties(tuple(infantry)), ChooseCasualties(tuple(settler))]
    s.apply(ChooseCasualties(tuple(settler)))
    assert sorted(u.kind for u in s.game.units if u.carrier == ship.id) == ["infantry", "infantry"]
    assert not s.game.pending and check_invariants(s.game) == []


def test_units_are_shared_out_over_the_ships_in_the_space_when_they_fit():
    s = vikings_at_sea()
    full, half = s.unit(0, "ship", "B2"), s.unit(0, "ship", "B2")
    for _ in range(3):
        s.unit(0, "infantry", "B2", carrier=full)
    s.unit(0, "infantry", "B2", carrier=half)
    anarchy(s)
    assert not s.game.pending
    assert sorted(sum(1 for u in s.game.units if u.carrier == ship.id) for ship in (full, half)) == [2, 2]
    assert len(s.game.units_of(0, "infantry")) == 4 and check_invariants(s.game) == []


def test_a_leader_put_off_an_overloaded_ship_dies_without_a_captor():
    s = vikings_at_sea()
    ship = s.unit(0, "ship", "B2")
    leader = place_leader(s, 0, "Erik the Red", "C2")
    leader.pos, leader.carrier = ship.pos, ship.id
    s.unit(0, "infantry", "B2", carrier=ship)
    s.unit(0, "infantry", "B2", carrier=ship)
    anarchy(s)
    s.apply(ChooseCasualties((leader.id,)))
    assert s.player(0).leader is None and "Erik the Red" in s.player(0).leaders_used
    assert s.player(1).captured_leaders == [] and score_sheet(s.game, 1)["leaders"] == 0
    assert check_invariants(s.game) == []


def test_alike_units_beyond_the_capacity_are_lost_without_asking():
    s = vikings_at_sea()
    ship = s.unit(0, "ship", "B2")
    for _ in range(3):
        s.unit(0, "infantry", "B2", carrier=ship)
    anarchy(s)
    assert not s.game.pending and len(s.game.units_of(0, "infantry")) == 2
    assert check_invariants(s.game) == []
