"""Every flow of the interface, played with real mouse and keyboard events on the dummy video driver.

Each situation is set up with a Scenario, handed to the window the way the Load screen does
(`app.start_game`: the pass screen comes first), and then played only by clicking. Each test
asserts the exact change of the model that the clicks caused.
"""

import pygame

from civgame.framework.saves import state_hash
from civgame.games.clash.core.decisions import (
    CasualtyDecision,
    FirstPlayerDecision,
    FreeAdvanceDecision,
    MoveDecision,
    OrientationDecision,
    RazeDecision,
    RetreatDecision,
)
from civgame.games.clash.rules.base.scoring import score_sheet
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import load_game, save_game
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import LoadScene, NewGameScene, TitleScene
from civgame.ui.payment_dialog import PaymentDialog
from civgame.ui.score_scene import ScoreScene
from tests.combat_helpers import LEADER, face
from tests.scenario import LoadedDice, Scenario
from tests.ui.conftest import click, click_button, collect, collect_including, press_ctrl, press_key, type_text


def open_in_window(app, game) -> GameScene:
    """Show `game` as the Load screen does, then take the seat on the pass screen."""
    app.start_game(game)
    app.pump()
    scene = app.scene
    take_seat(app, scene)
    return scene


def take_seat(app, scene) -> None:
    assert scene.covered, "the pass screen should hide the board"
    click_button(app, scene.pass_button)
    assert not scene.covered


def click_space(app, scene, label: str) -> None:
    click(app, scene.board.centre(Scenario.hex(label)))


def choose(app, scene, label_start: str) -> None:
    click_button(app, scene.dialog.button_for(label_start))


def load_dice(s: Scenario, *faces: tuple[int, str]) -> None:
    s.game.rng = LoadedDice(s.game.rng.state, [face(s, value, icon) for value, icon in faces])


def two_cities(**resources) -> Scenario:
    """Player 1 (index 0) has a city at D2 and player 2 one at D7; the whole map is face up."""
    s = Scenario(players=2).reveal_all()
    s.city(0, "D2")
    s.city(1, "D7")
    s.resources(0, **{"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0, **resources})
    return s


def test_a_two_player_game_starts_from_the_title_with_the_typed_seed(app):
    click_button(app, app.scene.new_button)
    assert isinstance(app.scene, NewGameScene)
    click(app, app.scene.seed_entry.rect.center)
    type_text(app, "7")
    civilizations = app.scene.civilization_setup()  # Random for each seat when the rules can deal them
    click_button(app, app.scene.start_button)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert state_hash(scene.game) == state_hash(new_game(["Anna", "Ben"], 7, civilizations=civilizations))
    assert scene.game.rules.mods == ()
    take_seat(app, scene)
    assert scene.viewer == 0


def test_collect_takes_the_clicked_space_and_spends_a_main_action(app):
    s = two_cities()
    game = s.game
    scene = open_in_window(app, game)
    collect(app, scene, Scenario.hex("D2"), {Scenario.hex("D3"): "ore"})
    assert game.player(0).resources == {"food": 0, "wood": 0, "ore": 1, "ideas": 0, "gold": 0}
    assert game.actions_left == game.rules.game.actions_per_turn - 1
    assert game.cities_of(0)[0].activations == 1
    assert scene.dialog is None and not game.pending


def test_construct_opens_the_payment_dialog_and_builds_after_ok(app):
    s = two_cities(food=1, wood=1, ore=1, gold=1)
    s.city(0, "B4")  # a second city, so that the first may grow
    s.advances(0, "Tactics")
    game = s.game
    scene = open_in_window(app, game)
    click_space(app, scene, "D2")
    choose(app, scene, "Construct Fortress at D2")
    assert isinstance(scene.dialog, PaymentDialog)  # gold could stand in: the player picks
    assert scene.dialog.selected() == {"food": 1, "wood": 1, "ore": 1}
    click_button(app, scene.dialog.ok_button)
    assert game.city_at(Scenario.hex("D2")).buildings == {"fortress": 0}
    assert game.player(0).resources == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 1}
    assert game.actions_left == game.rules.game.actions_per_turn - 1
    assert not game.pending


def test_recruit_puts_the_new_unit_in_the_city(app):
    s = two_cities(food=1, ore=1)
    game = s.game
    scene = open_in_window(app, game)
    click_space(app, scene, "D2")
    choose(app, scene, "Recruit 1 Infantry at D2")
    units = game.units_of(0)
    assert [(u.kind, u.pos) for u in units] == [("infantry", Scenario.hex("D2"))]
    assert game.player(0).resources == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}
    assert game.actions_left == game.rules.game.actions_per_turn - 1


def test_move_a_settler_then_end_the_move(app):
    s = two_cities()
    settler = s.unit(0, "settler", "D2")
    game = s.game
    scene = open_in_window(app, game)
    click_button(app, scene.action_buttons["move"])
    assert isinstance(game.pending[-1], MoveDecision)
    click_space(app, scene, "D2")
    assert scene.move_source == Scenario.hex("D2")
    assert Scenario.hex("D1") in scene.move_destinations()
    click_space(app, scene, "D1")
    assert game.unit(settler.id).pos == Scenario.hex("D1")
    click_button(app, scene.action_buttons["end_move"])
    assert not game.pending
    assert game.actions_left == game.rules.game.actions_per_turn - 1


def test_exploring_a_face_down_region_asks_how_to_turn_it_when_no_rule_decides(app):
    s = Scenario(players=2)  # region 5 (D3 C4 E4 D4) gets tile 14, all land: the explorer chooses
    s.city(0, "D2")
    s.city(1, "D7")
    s.place_tile(5, "14", None)
    settler = s.unit(0, "settler", "D2")
    game = s.game
    scene = open_in_window(app, game)
    click_button(app, scene.action_buttons["move"])
    click_space(app, scene, "D2")
    click_space(app, scene, "D3")
    decision = game.pending[-1]
    assert isinstance(decision, OrientationDecision) and decision.options == [0, 3]
    assert not game.regions[4].revealed and scene.dialog is None  # chosen on the map
    shown = {label: scene.preview(decision)[Scenario.hex(label)] for label in ("C4", "D3", "D4", "E4")}
    assert shown == {"C4": "grassland", "D3": "grassland", "D4": "forest", "E4": "grassland"}
    forest_at_d4 = app.screen.get_at(tuple(map(int, scene.board.centre(Scenario.hex("D4")))))
    click_space(app, scene, "D4")  # a click on the region turns it over the other way
    assert scene.preview(decision)[Scenario.hex("D3")] == "forest" and not game.regions[4].revealed
    assert app.screen.get_at(tuple(map(int, scene.board.centre(Scenario.hex("D3"))))) == forest_at_d4
    click_button(app, scene.action_buttons["explore_turn"])  # and back
    assert scene.preview(decision)[Scenario.hex("D4")] == "forest"
    press_key(app, pygame.K_r)
    click_button(app, scene.action_buttons["explore_place"])
    assert game.regions[4].rotation == 3
    assert [s.terrain(x) for x in ("D3", "C4", "E4", "D4")] == ["forest", "grassland", "grassland", "grassland"]
    assert game.unit(settler.id).pos == Scenario.hex("D3")
    assert isinstance(game.pending[-1], MoveDecision)


def test_a_battle_with_a_casualty_choice_and_a_second_round(app):
    s = two_cities()
    s.advances(0, "Tactics")
    infantry = s.units(0, "infantry", "D3", 2)
    cavalry = s.unit(0, "cavalry", "D3")
    defender = s.unit(1, "infantry", "D4")
    # round 1: the attack rolls 3 (no hit), the defence 7 (one hit); round 2: 14 against 1
    load_dice(s, LEADER, LEADER, LEADER, (6, "infantry"), (6, "infantry"), (6, "infantry"), LEADER)
    game = s.game
    scene = open_in_window(app, game)
    click_button(app, scene.action_buttons["move"])
    click_space(app, scene, "D3")
    assert scene.move_pick == {"infantry": 2, "cavalry": 1}
    click_space(app, scene, "D4")
    assert isinstance(game.pending[-1], CasualtyDecision) and game.pending[-1].player == 0
    assert sorted(scene.dialog.labels()) == ["Lose 1 Cavalry", "Lose 1 Infantry"]
    choose(app, scene, "Lose 1 Cavalry")
    assert game.unit(cavalry.id) is None
    assert isinstance(game.pending[-1], RetreatDecision)
    choose(app, scene, "Fight on")
    assert game.combat is None and game.unit(defender.id) is None
    assert [game.unit(u.id).pos for u in infantry] == [Scenario.hex("D4")] * 2
    assert "The battle is won by Player 1" in game.log
    assert scene.battle_view().finished


def end_of_age(age: int | None = None) -> Scenario:
    """The last turn of an age: player 2 (index 1), second in turn order, is about to end the round."""
    s = two_cities()
    game = s.game
    game.first_player = 0
    game.age = age or game.rules.game.ages
    game.round = game.rules.game.rounds_per_age
    s.turn(1)
    game.turns_taken = 1
    return s


def end_turn(app, scene) -> None:
    click_button(app, scene.action_buttons["end_turn"])
    if scene.dialog is not None:  # main actions left: confirm
        choose(app, scene, "End turn")


def test_the_status_phase_asks_each_player_in_dialogs_and_the_next_age_starts(app):
    s = end_of_age(1)
    s.resources(1, mood=2)  # the most tokens: player 2 chooses who goes first
    game = s.game
    before = [list(p.advances) for p in game.players]
    scene = open_in_window(app, game)
    end_turn(app, scene)
    assert game.phase == "status"
    answers = {
        (FreeAdvanceDecision, 0): "Take Bartering for free",
        (FreeAdvanceDecision, 1): "Take Myths for free",
        (RazeDecision, 0): "Raze nothing",
        (RazeDecision, 1): "Raze nothing",
        (FirstPlayerDecision, 1): "Player 2 goes first",
    }
    asked = []
    while game.phase == "status":
        if scene.covered:
            take_seat(app, scene)
        decision = game.pending[-1]
        asked.append((type(decision), decision.player))
        choose(app, scene, answers[asked[-1]])
    assert asked == list(answers)
    assert [p.advances for p in game.players] == [before[0] + ["Bartering"], before[1] + ["Myths"]]
    assert (game.phase, game.age, game.round, game.first_player, game.current) == ("play", 2, 1, 1, 1)
    assert scene.covered and scene.viewer is None  # the open seat is handed over once for the new age


def test_the_last_age_ends_on_the_score_screen(app):
    s = end_of_age()  # the last age
    s.city(0, "B5")  # player 1 holds one city more: they win
    game = s.game
    scene = open_in_window(app, game)
    end_turn(app, scene)
    assert game.phase == "over" and game.winner == [0]
    assert game.log[-1] == "The game ends: the last age is over. Player 1 wins"
    assert isinstance(app.scene, ScoreScene)
    assert app.scene.winner_text() == "Player 1 wins!"
    assert app.scene.sheets == [score_sheet(game, 0), score_sheet(game, 1)]
    assert load_game(app.settings.autosave_path).phase == "over"
    click_button(app, app.scene.title_button)
    assert isinstance(app.scene, TitleScene)


def test_ctrl_s_and_the_menu_each_save_the_game_as_it_is(app):
    s = two_cities()
    game = s.game
    scene = open_in_window(app, game)
    press_ctrl(app, pygame.K_s)
    saves = sorted(app.settings.saves_dir.glob("*.yaml"))
    assert len(saves) == 1 and state_hash(load_game(saves[0])) == state_hash(game)
    assert scene.dialog.prompt == f"Saved to {saves[0]}"
    choose(app, scene, "OK")
    assert collect_including(app, scene, Scenario.hex("D2"), "wood").picks == ((Scenario.hex("C2"), "wood"),)
    click_button(app, scene.action_buttons["menu"])
    choose(app, scene, "Save game")
    newest = max(app.settings.saves_dir.glob("*.yaml"), key=lambda p: p.stat().st_mtime_ns)
    assert newest not in saves
    loaded = load_game(newest)
    assert state_hash(loaded) == state_hash(game) and loaded.player(0).resources["wood"] == 1


def test_escape_opens_the_game_menu_and_closes_it_again(app):
    scene = open_in_window(app, two_cities().game)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.pump()
    assert scene.dialog is not None and scene.dialog.labels()[0] == "Save game (Ctrl+S)"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.pump()
    assert scene.dialog is None


def test_the_load_screen_opens_a_save_behind_the_pass_screen(app):
    s = two_cities(wood=3)
    app.settings.saves_dir.mkdir(parents=True)
    path = app.settings.saves_dir / "mine.yaml"
    save_game(s.game, path)
    click_button(app, app.scene.load_button)
    assert isinstance(app.scene, LoadScene)
    button = next(b for b in app.scene.save_buttons if b.text.startswith("mine.yaml"))
    click_button(app, button)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert state_hash(scene.game) == state_hash(s.game)
    take_seat(app, scene)
    assert collect_including(app, scene, Scenario.hex("D2"), "wood").picks == ((Scenario.hex("C2"), "wood"),)
    assert scene.game.player(0).resources["wood"] == 4


def test_the_menu_leads_to_the_load_screen_after_autosaving(app):
    game = two_cities().game
    scene = open_in_window(app, game)
    click_button(app, scene.action_buttons["menu"])
    choose(app, scene, "Load a game")
    assert isinstance(app.scene, LoadScene)
    assert state_hash(load_game(app.settings.autosave_path)) == state_hash(game)
