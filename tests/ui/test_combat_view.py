"""The combat panel: a battle being fought, the report of one that ended, and the attack arrow."""

from civgame.games.clash.core.decisions import HitCancelDecision, RetreatDecision
from civgame.games.clash.core.model import BARBARIAN, Combat, CombatSide
from civgame.ui.combat_view import ARROW_COLOUR, is_roll
from tests.combat_helpers import alive
from tests.engine.test_civilization_abilities import defend_against_two_hits, fresh, special
from tests.scenario import Scenario
from tests.ui.conftest import click, click_button, show_game

ROLL = "Player 1 rolls 3 (infantry), 1 (leader): combat value 4, no hits"


def battle_in_progress():
    """Player 1 attacked D4 from D3 with two infantry; after round 2 it may retreat."""
    s = Scenario(players=2).reveal_all()
    s.advances(0, "Tactics")
    s.city(0, "D2")
    s.city(1, "D7")
    attackers = s.units(0, "infantry", "D4", 2)
    defenders = s.units(1, "infantry", "D4", 2)
    game = s.game
    game.combat = Combat(
        space=s.hex("D4"),
        naval=False,
        attacker=CombatSide(0, [u.id for u in attackers], losses=1),
        defender=CombatSide(1, [u.id for u in defenders]),
        origins={u.id: s.hex("D3") for u in attackers},
        round=2,
        log=[
            "Battle at D4: Player 1 (3 infantry) attacks Player 2 (2 infantry)",
            ROLL,
            "Player 2 rolls 5 (cavalry), 2 (elephant): combat value 7, 1 hit",
        ],
    )
    game.pending.append(RetreatDecision(player=0))
    return s


def test_a_battle_in_progress_shows_both_sides_every_roll_and_an_arrow(app):
    s = battle_in_progress()
    scene = show_game(app, s.game)
    view = scene.battle_view()
    assert view.title == "Attack at D4 — round 2"
    assert [text for _, text in view.sides] == [
        "Attack: Player 1 — 2 Infantry (lost 1)",
        "Defend: Player 2 — 2 Infantry",
    ]
    assert view.lines[1] == ROLL
    assert scene.combat_rect is not None and scene.board.rect.contains(scene.combat_rect)
    # the arrow runs from D3 towards D4
    (ox, oy), (tx, ty) = scene.board.centre(s.hex("D3")), scene.board.centre(s.hex("D4"))
    middle = (int(ox + (tx - ox) * 0.45), int(oy + (ty - oy) * 0.45))
    assert tuple(app.screen.get_at(middle))[:3] == ARROW_COLOUR
    # retreat stays a yes/no decision dialog
    assert sorted(scene.dialog.labels()) == ["Fight on", "Retreat"]
    click_button(app, scene.dialog.button_for("Retreat"))
    assert s.game.combat is None
    report = scene.battle_view()
    assert report.finished and report.lines[1] == ROLL
    assert report.title == "Battle at D4 — no winner"


def test_the_defender_sees_the_battle_headed_defend(app):
    s = battle_in_progress()
    s.game.pending[-1] = RetreatDecision(player=1)  # test set-up: show it from the defender's seat
    scene = show_game(app, s.game)
    assert scene.battle_view().title == "Defend at D4 — round 2"


def barbarian_battle():
    s = Scenario(players=2).reveal_all()
    s.advances(0, "Tactics")
    s.city(0, "D2")
    s.city(1, "D7")
    s.units(0, "infantry", "D3", 2)
    s.unit(BARBARIAN, "infantry", "D4")
    return s


def test_a_battle_over_within_one_move_leaves_a_report_until_closed(app):
    s = barbarian_battle()
    game = s.game
    scene = show_game(app, game)
    click_button(app, scene.action_buttons["move"])
    click(app, scene.board.centre(s.hex("D3")))
    click(app, scene.board.centre(s.hex("D4")))
    assert game.combat is None  # barbarian battles last one round and need no choice here
    report = scene.battle_view()
    assert report is not None and report.finished
    assert report.lines[0].startswith("Battle at D4: Player 1")
    assert sum(is_roll(line) for line in report.lines) == 2
    assert report.title in ("Battle at D4 — won by Player 1", "Battle at D4 — no winner")
    click_button(app, scene.action_buttons["end_move"])
    assert scene.battle_view() is report  # still this turn
    click_button(app, scene.action_buttons["close_report"])
    assert scene.battle_view() is None and scene.combat_rect is None


def test_cancelling_a_hit_with_fireworks_says_what_it_costs_and_what_it_does(app):
    s = fresh("china", "rome")
    special(s, 0, "Metallurgy")  # with it China's Fireworks
    s.resources(0, wood=1, ore=1)
    defenders = s.units(0, "infantry", "C2", 2)
    defend_against_two_hits(s, *defenders)
    scene = show_game(app, s.game)
    assert isinstance(s.game.pending[-1], HitCancelDecision)
    assert sorted(scene.dialog.labels()) == [
        "Do not pay: take every hit",
        "Pay 1 wood, 1 ore to cancel 1 hit (Fireworks)",
    ]
    click_button(app, scene.dialog.button_for("Pay 1 wood, 1 ore to cancel 1 hit (Fireworks)"))
    assert len(alive(s, defenders)) == 1
    assert "Player 1 pays 1 wood and 1 ore for Fireworks: 1 hit fewer this round" in s.game.log
    assert s.player(0).resources["wood"] == s.player(0).resources["ore"] == 0
