"""The Civilizations expansion's civilizations, played with a made-up complete civilizations mod (the shipped
data has none complete): two dealt and one chosen, special advances gained and lost with their basic advance,
leaders drawn at setup, moving like settlers, dying and replaced at the end of the status phase, and Lead us."""

import shutil
from pathlib import Path

import pytest

from civgame.ai import play_out, random_agents
from civgame.ai.levels import make_agent
from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.framework.invariants import InvariantChecker
from civgame.games.clash.content import effects
from civgame.games.clash.core.actions import (
    ChooseCivilization,
    ChooseLeader,
    MoveUnits,
    StartMove,
    TakeNewLeader,
)
from civgame.games.clash.core.decisions import CivilizationDecision, LeaderDecision, NewLeaderDecision
from civgame.games.clash.core.model import BARBARIAN
from civgame.games.clash.definition import DEFINITION
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.advances import gain_advance
from civgame.games.clash.rules.actions.cities import recruitable_kinds
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import MODS_DIR_VARIABLE, load_rules
from civgame.games.clash.storage.save import dumps, loads
from civgame.games.clash.view import view_for
from tests.classic import CIVILIZATIONS_EXPANSION, classic_board, die, expansion_rules
from tests.combat_helpers import attack

MADE_UP = Path(__file__).parent.parent / "mods" / "made_up_civilizations"
THULE_LEADERS = ["Aurora the Pale", "Borealis the Bold", "Glacius the Slow"]


def made_up_rules():
    return load_rules([MADE_UP], CIVILIZATIONS_EXPANSION)


def answer_all(game, pick=0):
    """Answer every pending decision with its `pick`-th legal action."""
    while game.pending:
        apply(game, legal_actions(game)[pick])


def thule_board():
    """Player 0 plays Thule (no leader yet), player 1 Avalon, on the 2012 board with the expansion."""
    s = classic_board(rules=made_up_rules())
    civilizations.take(s.game, s.player(0), "thule")
    civilizations.take(s.game, s.player(1), "avalon")
    return s


def leader_at(s, player, name, label):
    city = s.game.city_at(s.hex(label)) or s.city(player, label)
    civilizations.place_leader(s.game, s.player(player), name, city)
    return next(u for u in s.game.units_of(player) if u.kind == "leader")


# ------------------------------------------------------------------ the shipped data


def test_the_shipped_expansion_deals_no_civilization():
    rules = expansion_rules()
    assert civilizations.playable(rules) == []
    with pytest.raises(RuleError, match="needs one for each of the 2 players; 0 can be dealt"):
        new_game(2, 1, rules, civilizations="deal")
    with pytest.raises(RuleError, match="play with civilizations"):
        new_game(2, 1, rules, variants=["lead_us"])


def test_the_expansion_gives_out_civilizations_only_by_its_deal():
    with pytest.raises(RuleError, match="deal each player civilizations to choose one from"):
        new_game(2, 1, made_up_rules(), civilizations="random")


# ------------------------------------------------------------------ two dealt, one chosen


def test_each_player_is_dealt_two_civilizations_and_chooses_one_in_secret():
    game = new_game(2, 3, made_up_rules(), civilizations="deal")
    dealt = {d.player: d.options for d in game.pending}
    assert all(isinstance(d, CivilizationDecision) for d in game.pending)
    assert sorted(len(hand) for hand in dealt.values()) == [2, 2]
    assert sorted(dealt[0] + dealt[1]) == ["avalon", "hyperborea", "lemuria", "thule"]
    first = game.pending[-1].player
    other = 1 - first
    before = to_plain(game)
    with pytest.raises(RuleError, match="dealt to you"):
        apply(game, ChooseCivilization(dealt[other][0]))
    assert to_plain(game) == before
    apply(game, ChooseCivilization(dealt[first][1]))
    assert game.player(first).civilization is None  # face down until every player has chosen
    assert view_for(game, other)["players"][first]["civilization_chosen"] is None
    assert view_for(game, first)["players"][first]["civilization_chosen"] == dealt[first][1]
    apply(game, ChooseCivilization(dealt[other][0]))
    assert game.player(first).civilization == dealt[first][1]
    assert game.player(other).civilization == dealt[other][0]
    assert check_invariants(game) == []


def test_too_few_civilizations_for_two_each_deal_one_each_without_a_choice():
    game = new_game(4, 2, made_up_rules(), civilizations="deal")
    assert not any(isinstance(d, CivilizationDecision) for d in game.pending)
    assert sorted(p.civilization for p in game.players) == ["avalon", "hyperborea", "lemuria", "thule"]


# ------------------------------------------------------------------ leaders at setup


def test_each_player_draws_a_leader_of_their_civilization_into_the_starting_city():
    game = new_game(2, 3, made_up_rules(), civilizations="deal")
    answer_all(game)
    for player in game.players:
        civ = game.rules.civilizations[player.civilization]
        assert player.leader in [leader.name for leader in civ.leaders]
        (unit,) = [u for u in game.units_of(player.index) if u.kind == "leader"]
        assert unit.pos == game.cities_of(player.index)[0].pos
    assert "draws the leader" in game.log[-1]


def test_lead_us_lets_each_player_choose_the_starting_leader_and_is_saved(tmp_path):
    game = new_game(2, 3, made_up_rules(), civilizations="deal", variants=["lead_us"])
    while isinstance(game.pending[-1], CivilizationDecision):
        apply(game, legal_actions(game)[0])
    decision = game.pending[-1]
    assert isinstance(decision, LeaderDecision)
    civ = game.rules.civilizations[game.player(decision.player).civilization]
    assert decision.options == [leader.name for leader in civ.leaders]
    apply(game, ChooseLeader(decision.options[2]))
    assert game.player(decision.player).leader == decision.options[2]
    assert to_plain(game)["variants"] == ["lead_us"]


# ------------------------------------------------------------------ special advances


def test_a_special_advance_comes_with_its_basic_advance_with_its_effect_and_half_a_point():
    s = thule_board()
    gain_advance(s.game, s.player(0), "Storage")
    assert s.player(0).special_advances == ["Ice Roads"]
    assert s.player(0).resources["wood"] == 1  # its on_gain effect, through the effect registry
    assert score_sheet(s.game, 0)["advances"] == 4 * 0.5  # Farming, Mining, Storage and Ice Roads
    gain_advance(s.game, s.player(1), "Storage")
    assert s.player(1).special_advances == []  # Ice Roads is Thule's


def test_a_special_advance_is_lost_with_its_government_advance_and_regained_with_it():
    s = thule_board()
    s.advances(0, "Philosophy", "Steel Weapons", "State Religion")  # whatever governments need
    gain_advance(s.game, s.player(0), "Nationalism", uses_event_cube=False)
    assert "Frost Giants" in s.player(0).special_advances
    assert effects.active(s.game, s.player(0), "combat_bonus")
    gain_advance(s.game, s.player(0), "Dogma", uses_event_cube=False)  # the government moves to Theocracy
    answer_all(s.game)
    assert "Nationalism" not in s.player(0).advances and "Frost Giants" not in s.player(0).special_advances
    assert not effects.active(s.game, s.player(0), "combat_bonus")
    gain_advance(s.game, s.player(0), "Nationalism", uses_event_cube=False)  # and back to Autocracy
    answer_all(s.game)
    assert "Frost Giants" in s.player(0).special_advances


# ------------------------------------------------------------------ leaders on the board


def test_a_leader_moves_like_a_settler_and_takes_no_room_aboard_a_ship():
    s = thule_board()
    leader = leader_at(s, 0, "Aurora the Pale", "C2")
    assert "Tactics" not in s.player(0).advances
    ship = s.unit(0, "ship", "B2")
    s.unit(0, "settler", "B2", carrier=ship)
    s.unit(0, "settler", "B2", carrier=ship)  # the ship is full
    s.apply(StartMove())
    assert MoveUnits((leader.id,), s.hex("D2")) in s.legal_of(MoveUnits)  # no Tactics needed
    assert MoveUnits((leader.id,), s.hex("B2")) in s.legal_of(MoveUnits)  # boards a full ship
    s.unit(1, "infantry", "D2")
    assert MoveUnits((leader.id,), s.hex("D2")) not in s.legal_of(MoveUnits)  # no enemies without an army
    with pytest.raises(RuleError, match=r"^leaders may enter a space with enemy units .* only together with an army"):
        s.apply(MoveUnits((leader.id,), s.hex("D2")))
    s.apply(MoveUnits((leader.id,), s.hex("B2")))
    assert s.game.unit(leader.id).carrier == ship.id
    assert check_invariants(s.game) == []


def test_a_leaders_ability_applies_where_its_army_stands():
    s = thule_board()
    leader_at(s, 0, "Aurora the Pale", "C2")
    at_leader = effects.active(s.game, s.player(0), "combat_bonus", at=s.hex("C2"))
    elsewhere = effects.active(s.game, s.player(0), "combat_bonus", at=s.hex("D2"))
    assert [e.source for e in at_leader] == ["Aurora the Pale"] and elsewhere == []
    assert effects.active(s.game, s.player(0), "influence_roll_bonus")  # Cold Counsel, wherever she is


def test_a_leader_dies_with_its_army_and_its_killer_keeps_it_for_two_points():
    s = thule_board()
    leader = leader_at(s, 1, "Morgaine the Wise", "E4")
    s.unit(1, "infantry", "E4")
    attackers = s.units(0, "infantry", "E4", 3)
    s.fix_dice(die(6), die(6), die(6), die(1))
    attack(s, 0, attackers, "E4", "D4")
    assert s.game.unit(leader.id) is None and s.player(1).leader is None
    assert s.player(0).captured_leaders == ["Morgaine the Wise"]
    assert score_sheet(s.game, 0)["leaders"] == 2
    assert check_invariants(s.game) == []


def test_a_leader_alone_is_overrun_and_captured():
    s = thule_board()
    leader = leader_at(s, 1, "Morgaine the Wise", "E4")
    attack(s, 0, s.units(0, "infantry", "E4", 1), "E4", "D4")
    assert s.game.unit(leader.id) is None and s.player(0).captured_leaders == ["Morgaine the Wise"]


def test_a_leader_the_barbarians_kill_is_lost_to_everyone():
    s = thule_board()
    leader = leader_at(s, 0, "Aurora the Pale", "E4")
    s.fix_dice(die(6))
    attack(s, BARBARIAN, s.units(BARBARIAN, "infantry", "E4", 1), "E4", "D4", can_retreat=False)
    assert s.game.unit(leader.id) is None and s.player(0).leader is None
    assert all(p.captured_leaders == [] for p in s.game.players)


# ------------------------------------------------------------------ a new leader in the status phase


def new_leader_step(s):
    """Run the status phase from its last step, where leaders are replaced."""
    s.game.phase = "status"
    s.game.status_step = len(status.STEPS) - 1
    s.game.status_players = []
    status.run(s.game)


def test_at_the_end_of_the_status_phase_a_player_may_take_a_new_leader_drawn_into_any_city():
    s = thule_board()
    leader_at(s, 0, "Aurora the Pale", "C2")
    other = s.city(0, "E4")
    new_leader_step(s)
    decision = s.game.pending[-1]
    assert isinstance(decision, NewLeaderDecision) and decision.player == 0
    assert TakeNewLeader() in s.legal() and TakeNewLeader(other.id) in s.legal()
    assert TakeNewLeader(other.id, "Glacius the Slow") not in s.legal()  # drawn, not chosen
    s.apply(TakeNewLeader(other.id))
    player = s.player(0)
    assert player.leader in THULE_LEADERS[1:] and player.leaders_used[0] == "Aurora the Pale"
    (unit,) = [u for u in s.game.units_of(0) if u.kind == "leader"]
    assert unit.pos == other.pos
    assert all(p.captured_leaders == [] for p in s.game.players)  # discarded, not killed


def test_a_dead_leader_is_replaced_at_the_end_of_the_status_phase_by_one_never_used():
    s = thule_board()
    s.city(0, "C2")
    leader_at(s, 0, "Aurora the Pale", "C2")
    killed = leader_at(s, 0, "Borealis the Bold", "C2")  # Aurora is discarded for him
    s.game.units.remove(killed)
    civilizations.leader_killed(s.game, killed, captor=None)
    new_leader_step(s)
    assert [a for a in s.legal() if a.city is not None] == [TakeNewLeader(s.game.cities[0].id)]
    s.apply(TakeNewLeader(s.game.cities[0].id))
    assert s.player(0).leader == "Glacius the Slow"  # the one left unused


def test_keeping_the_leader_changes_nothing():
    s = thule_board()
    leader_at(s, 0, "Aurora the Pale", "C2")
    new_leader_step(s)
    s.apply(TakeNewLeader())
    assert s.player(0).leader == "Aurora the Pale" and s.player(0).leaders_used == ["Aurora the Pale"]


def test_lead_us_names_the_new_leader_in_the_status_phase():
    s = thule_board()
    s.game.variants.append("lead_us")
    city = s.city(0, "C2")
    new_leader_step(s)
    before = to_plain(s.game)
    with pytest.raises(RuleError, match="one of your leaders not yet used"):
        s.apply(TakeNewLeader(city.id, "Morgaine the Wise"))
    assert to_plain(s.game) == before
    s.apply(TakeNewLeader(city.id, "Glacius the Slow"))
    assert s.player(0).leader == "Glacius the Slow"


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize(("seed", "variants"), [(1, []), (2, ["lead_us"])])
def test_seeded_random_games_with_the_made_up_civilizations_keep_every_invariant(seed, variants, monkeypatch, tmp_path):
    shutil.copytree(MADE_UP, tmp_path / MADE_UP.name)  # where the checker's save finds its mod again
    monkeypatch.setenv(MODS_DIR_VARIABLE, str(tmp_path))
    game = new_game(2, seed, made_up_rules(), civilizations="deal", variants=variants)
    checker = InvariantChecker(DEFINITION, f"seed {seed}", save_at_step=40)
    game = play_out(game, random_agents(2, seed), observer=checker)
    assert game.phase == "over" and all(p.civilization for p in game.players) and checker.saved
    assert any("leader" in line for line in game.log)


def test_a_game_saved_while_civilizations_are_chosen_or_a_new_leader_is_offered_loads_as_it_was():
    game = new_game(2, 3, made_up_rules(), civilizations="deal")
    apply(game, legal_actions(game)[0])  # one choice made, face down
    assert loads(dumps(game), game.rules).player(game.pending[-1].player ^ 1).civilization_chosen is not None
    assert to_plain(loads(dumps(game), game.rules)) == to_plain(game)
    s = thule_board()
    leader_at(s, 0, "Aurora the Pale", "C2")
    new_leader_step(s)
    assert to_plain(loads(dumps(s.game), s.game.rules)) == to_plain(s.game)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_players_answer_the_deal_the_leader_and_the_new_leader(level):
    agent = make_agent(level, 1)
    game = new_game(2, 3, made_up_rules(), civilizations="deal", variants=["lead_us"])
    while game.pending:
        apply(game, agent.choose(game, legal_actions(game)))
    assert all(p.civilization and p.leader for p in game.players)
    s = thule_board()
    s.city(0, "C2")
    new_leader_step(s)
    action = agent.choose(s.game, s.legal())
    assert isinstance(action, TakeNewLeader)
    s.apply(action)


def test_a_leader_is_no_unit_for_an_event_that_takes_units():
    """001 › UNIT STATUS OF LEADERS: cards that refer to units do not refer to leaders."""
    s = thule_board()
    leader = leader_at(s, 0, "Aurora the Pale", "C2")
    settler = s.unit(0, "settler", "C2")
    epidemic = next(card for card in s.game.rules.events if card.name == "Epidemic")  # players with 2+ units
    events.resolve_event(s.game, s.player(0), epidemic.id)
    answer_all(s.game)
    assert s.game.unit(leader.id) is not None and s.game.unit(settler.id) is not None  # one unit only: no loss
    s.unit(0, "settler", "C2")
    events.resolve_event(s.game, s.player(0), epidemic.id)
    answer_all(s.game)  # (the only choice is a settler: nothing to ask)
    assert s.game.unit(leader.id) is not None and len(s.game.units_of(0, "settler")) == 1


def test_a_recruit_never_brings_a_leader_where_leaders_are_drawn():
    s = thule_board()
    city = s.city(0, "C2", mood="happy")
    assert civilizations.unused_leaders(s.game, s.player(0)) == THULE_LEADERS
    assert "leader" not in recruitable_kinds(s.game, city)
