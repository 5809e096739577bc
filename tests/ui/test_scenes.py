"""Scene tests: real mouse and keyboard events drive the window from the title to a finished turn."""

import pygame

from civgame.games.clash.core.decisions import MoveDecision
from civgame.games.clash.core.hexgrid import hex_to_label, label_to_hex
from civgame.games.clash.core.model import City, CityLoss, GameEnd, ObjectiveCompletion, Unit
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.rules.flow.status import end_game
from civgame.games.clash.storage.save import load_game
from civgame.ui import score_scene, theme
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import NewGameScene, TitleScene
from civgame.ui.score_scene import ScoreScene
from tests.ui.conftest import click, click_button, collect_including, drawn_texts, press_key, take_seat, type_text


def start_two_player_game(app, seed="7"):
    click_button(app, app.scene.new_button)
    assert isinstance(app.scene, NewGameScene)
    click(app, app.scene.seed_entry.rect.center)
    type_text(app, seed)
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, GameScene)
    return app.scene


def option(scene, label_start):
    assert scene.dialog is not None, "no dialog is open"
    return scene.dialog.button_for(label_start)


def test_new_game_from_the_title_uses_the_typed_names_and_seed(app):
    click_button(app, app.scene.new_button)
    scene = app.scene
    click_button(app, scene.seat_buttons[3])
    assert len(app.scene.name_entries) == 3
    entry = app.scene.name_entries[0]
    click(app, entry.rect.center)
    for _ in range(len(entry.get_text())):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=42))
    app.pump()
    type_text(app, "Zoe")
    click(app, app.scene.seed_entry.rect.center)
    type_text(app, "42")
    click_button(app, app.scene.start_button)
    game = app.scene.game
    assert [p.name for p in game.players] == ["Zoe", "Ben", "Chloe"]
    assert game.seed == 42


def test_the_event_variant_is_chosen_on_the_new_game_screen_and_kept_when_seats_change(app):
    click_button(app, app.scene.new_button)
    assert app.scene.event_variant == "standard"
    click_button(app, app.scene.event_buttons["optional_events"])
    click_button(app, app.scene.seat_buttons[3])
    assert app.scene.event_buttons["optional_events"].is_selected
    click_button(app, app.scene.start_button)
    assert app.scene.game.event_variant == "optional_events"


def test_pass_screen_hides_the_board_and_hand_until_the_player_takes_the_seat(app):
    scene = start_two_player_game(app)
    actor = scene.game.player(scene.game.actor())
    assert scene.covered
    assert scene.pass_button.text == f"I am {actor.name} — show my view"
    # covered: the map area shows only the pass screen background, no terrain
    board_point = scene.board.centre(scene.game.cities[0].pos)
    assert app.screen.get_at((int(board_point[0]), int(board_point[1])))[:3] == theme.BACKGROUND
    take_seat(app)
    assert app.screen.get_at((int(board_point[0]), int(board_point[1])))[:3] != theme.BACKGROUND


def test_collect_through_the_city_menu_then_end_the_turn(app):
    scene = start_two_player_game(app)
    take_seat(app)
    game = scene.game
    anna = game.actor()
    city = game.cities_of(anna)[0]
    click(app, scene.board.centre(city.pos))
    labels = scene.dialog.labels()
    kinds = ("Collect", "Recruit", "Construct", "Influence", "Found", "Buildings you cannot", "Build the")
    assert labels and all(label.startswith(kinds) for label in labels)
    wood_before = game.player(anna).resources["wood"]
    click_button(app, scene.dialog.cancel_button)
    collect_including(app, scene, city.pos, "wood")
    assert game.actions_left == game.rules.game.actions_per_turn - 1
    assert game.player(anna).resources["wood"] == wood_before + 1
    assert "collects" in game.log[-1]
    assert not scene.covered  # still Anna's turn: no pass screen

    click_button(app, scene.action_buttons["end_turn"])
    assert "2 actions left" in _prompt_text(scene)
    click_button(app, option(scene, "End turn"))
    assert game.current != anna
    assert scene.covered
    assert scene.pass_button.text.startswith(f"I am {game.player(game.current).name}")
    assert app.settings.autosave_path.is_file()  # saved at the hand-over
    assert load_game(app.settings.autosave_path).current == game.current


def _prompt_text(scene):
    return scene.dialog.prompt


def test_end_turn_confirmation_can_be_cancelled(app):
    scene = start_two_player_game(app)
    take_seat(app)
    current = scene.game.current
    click_button(app, scene.action_buttons["end_turn"])
    assert "3 actions left" in _prompt_text(scene)
    click_button(app, scene.dialog.cancel_button)
    assert scene.dialog is None and scene.game.current == current


def test_move_mode_selects_a_space_and_moves_to_a_highlighted_destination(app):
    scene = start_two_player_game(app)
    take_seat(app)
    game = scene.game
    me = game.actor()
    home = game.cities_of(me)[0].pos
    game.units.append(Unit(game.new_id(), me, "settler", home))  # test set-up: two settlers at home
    scene._recompute_legal()
    scene.rebuild()
    click_button(app, scene.action_buttons["move"])
    assert isinstance(game.pending[-1], MoveDecision)
    assert "End move" in scene.action_buttons["end_move"].text
    click(app, scene.board.centre(home))
    assert scene.move_source == home
    assert scene.move_pick["settler"] == 2
    # one settler fewer goes along
    click_button(app, scene.action_buttons["pick_settler"])
    assert scene.move_pick["settler"] == 1
    land = [h for h in scene.move_destinations() if game.is_land(h)]
    assert land, "a settler can walk to revealed land next to its city"
    click(app, scene.board.centre(land[0]))
    assert len([u for u in game.units_of(me) if u.pos == land[0]]) == 1
    assert len([u for u in game.units_of(me) if u.pos == home]) == 1
    click_button(app, scene.action_buttons["end_move"])
    assert not game.pending


def test_keys_and_wheel_pan_and_zoom_the_map(app):
    scene = start_two_player_game(app)
    take_seat(app)
    radius, origin = scene.board.radius, scene.board.origin
    press_key(app, pygame.K_LEFT)
    assert scene.board.origin[0] > origin[0]
    centre = scene.board.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.pump()
    assert scene.board.radius > radius
    press_key(app, pygame.K_HOME)
    assert abs(scene.board.radius - radius) < 1e-6
    # a drag pans by the distance moved and does not count as a click
    start = (centre[0] + 5, centre[1] + 200)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    end = (start[0] + 40, start[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(40, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump()
    assert abs(scene.board.origin[0] - (origin[0] + 40)) < 1e-6
    assert scene.dialog is None


def test_final_scores_list_every_category_and_the_winner(app):
    game = new_game(["Anna", "Ben"], 3)
    end_game(game, GameEnd("last_age", game.age))
    app.show_scores(game)
    app.pump()
    scene = app.scene
    assert isinstance(scene, ScoreScene)
    assert scene.winner_text().endswith("win!") or scene.winner_text().endswith("wins!")
    click_button(app, scene.title_button)
    assert isinstance(app.scene, TitleScene)


def test_continue_resumes_the_autosave(app):
    scene = start_two_player_game(app)
    take_seat(app)
    click_button(app, scene.action_buttons["end_turn"])
    click_button(app, option(scene, "End turn"))
    current = scene.game.current
    app.show_title()
    app.pump()
    click_button(app, app.scene.continue_button)
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.current == current
    assert app.scene.covered


def test_idle_window_does_not_redraw(app):
    app.active_until = 0.0
    app.dirty = False
    frames = app.frames
    for _ in range(3):
        app.step(10)
    assert app.frames == frames
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(10)
    assert app.frames == frames + 1


def test_resizing_the_window_keeps_the_game_usable(app):
    scene = start_two_player_game(app)
    take_seat(app)
    old_board = scene.board.rect.copy()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.pump()
    assert app.scale > 1.0  # larger text on a larger window
    assert scene.board.rect.w > old_board.w and scene.board.rect.h > old_board.h
    assert scene.board.rect.contains(pygame.Rect(scene.board.centre(scene.game.cities[0].pos), (1, 1)))
    click(app, scene.board.centre(scene.game.cities_of(scene.game.actor())[0].pos))
    assert scene.dialog is not None and scene.dialog.labels()


def test_open_app_shows_a_named_save_or_says_why_it_cannot(tmp_path):
    from civgame.games.clash.storage.save import save_game
    from civgame.ui.app import open_app
    from civgame.ui.settings import Settings

    game = new_game(["Anna", "Ben"], 8)
    save_game(game, tmp_path / "g.yaml")
    window = open_app(Settings(size=(1280, 720), data_dir=tmp_path, load=str(tmp_path / "g.yaml")))
    assert isinstance(window.scene, GameScene) and window.scene.game.seed == 8
    window = open_app(Settings(size=(1280, 720), data_dir=tmp_path, load=str(tmp_path / "nope.yaml")))
    assert isinstance(window.scene, TitleScene)
    assert window.scene.message.text.startswith(f"{tmp_path / 'nope.yaml'}: cannot read the file")
    pygame.display.quit()


def test_city_menu_explains_which_buildings_cannot_be_built(app):
    scene = start_two_player_game(app)
    take_seat(app)
    game = scene.game
    city = game.cities_of(game.actor())[0]
    click(app, scene.board.centre(city.pos))
    click_button(app, option(scene, "Buildings you cannot construct"))
    assert "Temple: a city cannot grow larger than the number of cities Anna owns" in scene.dialog.labels()
    click_button(app, scene.dialog.cancel_button)
    game.cities.append(City(game.new_id(), game.actor(), label_to_hex("A1"), "neutral"))  # test set-up: a 2nd city
    scene._recompute_legal()
    scene.rebuild()
    click(app, scene.board.centre(city.pos))
    click_button(app, option(scene, "Buildings you cannot construct"))
    labels = scene.dialog.labels()
    assert "Temple: a Temple requires Myths" in labels
    assert all(not button.is_enabled for button in scene.dialog.buttons)


def test_the_title_says_the_game_is_played_alone_against_the_computer_or_with_friends(app):
    from pygame_gui.elements import UILabel

    texts = [e.text for e in app.manager.get_sprite_group().sprites() if isinstance(e, UILabel)]
    assert any("alone against the computer, or with friends at one computer or over the network" in t for t in texts)
    assert not any("hot-seat" in text for text in texts)


def finished_game():
    """Anna (Rome) completed an objective and built the Great Wall; Ben (Greece) lost his last city in battle."""
    game = new_game(["Anna", "Ben"], 3, civilizations=["rome", "greece"])
    anna = game.player(0)
    anna.objective_completions.append(ObjectiveCompletion(2, "conqueror", 2, 3, True))
    anna.completed_objectives.append(2)
    anna.wonders_built.append("great_wall")
    game.cities_of(0)[0].wonders.append("great_wall")
    for points in ((2, 3), (4, 3.5), (7, 3.5)):
        for index, total in enumerate(points):
            game.player(index).scores_by_age.append(total)
    loss = game.cities_of(1)[0]
    game.cities.remove(loss)
    game.player(1).last_city_lost = CityLoss(loss.pos, "battle", 3, 2, by=0)
    game.age = 4
    end_game(game, GameEnd("no_cities", 4, [1]))
    return game, hex_to_label(loss.pos)


def test_the_final_scores_say_why_the_game_ended_and_show_how_it_went(app, monkeypatch):
    game, where = finished_game()
    app.show_scores(game)
    app.pump()
    scene = app.scene
    texts = [text for text, _ in drawn_texts(app, monkeypatch)]
    assert "Anna wins!" in texts
    reason = " ".join(t for t in texts if "ended" in t or "last city" in t or "round" in t)
    assert "the fourth age: a player had no city left" in reason
    assert f"Anna took Ben's last city, at {where}, in battle (age 3, round 2)" in " ".join(texts)
    assert {"Rome", "Greece", "Points at the end of each age", "age", "1", "2", "3", "4"} <= set(texts)
    assert "Objective: Conqueror" in texts and "Wonder: Great Wall (built)" in texts
    assert [p.scores_by_age[-1] for p in game.players] == [scene.sheets[0]["total"], scene.sheets[1]["total"]]
    rect = next(r for r, c in scene.item_rects if c.kind == "wonder")
    previews = []
    monkeypatch.setattr(score_scene, "draw_preview", lambda *args: previews.append(args[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    assert previews and previews[-1].title == "Great Wall"
