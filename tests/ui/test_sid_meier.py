"""Sid Meier's Civilization in the window, driven by real clicks on SDL's dummy driver."""

import random

import pygame

from civgame.ai.sidmeier import determinise, make_agent
from civgame.framework.wording import counted
from civgame.games import definition
from civgame.games.sidmeier.core import actions as act
from civgame.games.sidmeier.rules.base.pieces import gain_coin_token
from civgame.games.sidmeier.rules.base.yields import coins
from civgame.headless import KindRandomAgent
from civgame.ui.computer_turns import MOVE_PAUSES
from civgame.ui.menus import LoadScene, TitleScene
from civgame.ui.sidmeier import saves
from civgame.ui.sidmeier.new_game import SidMeierNewGameScene
from civgame.ui.sidmeier.scene import SidMeierScene
from tests.ui.conftest import click, click_button, hover, take_seat, type_text

GAME = definition("sid-meier")


def new_game_screen(app):
    click_button(app, app.scene.sid_meier_button)
    assert isinstance(app.scene, SidMeierNewGameScene)
    return app.scene


def start(app, seed="5", seats=2):
    screen = new_game_screen(app)
    click_button(app, screen.seat_buttons[seats])
    click(app, app.scene.seed_entry.rect.center)
    type_text(app, seed)
    click_button(app, app.scene.start_button)
    assert isinstance(app.scene, SidMeierScene)
    return app.scene


def play_by_clicks(app, scene, steps):
    """Take the first action of the first group, by clicking (its button, then a square or a list entry)."""
    for _ in range(steps):
        if scene.covered:
            take_seat(app)
        kind = next(iter(scene.groups))
        click_button(app, scene.group_buttons[kind])
        if scene.group is not None:
            click(app, scene.board.centre(min(scene.marks().targets)))
        elif scene.dialog is not None:
            click_button(app, next(iter(scene.dialog.buttons)))


def test_the_title_offers_both_games(app):
    assert isinstance(app.scene, TitleScene)
    assert app.scene.new_button.text == "New game: Clash of Cultures"
    new_game_screen(app)
    click_button(app, app.scene.back_button)
    click_button(app, app.scene.new_button)
    assert type(app.scene).__name__ == "NewGameScene"


def test_new_game_screen_sets_players_names_civilizations_seed_and_seats(app):
    screen = new_game_screen(app)
    click_button(app, screen.seat_buttons[3])
    screen = app.scene
    assert len(screen.name_entries) == 3
    click_button(app, screen.civ_buttons[1])  # Random -> the first civilization of the rules
    named = next(iter(screen.rules.civilizations))
    assert screen.civs[1] == named
    click_button(app, screen.kind_buttons[2])
    assert screen.kind_buttons[2].text == "Computer: Easy"
    click(app, screen.seed_entry.rect.center)
    type_text(app, "42")
    click_button(app, screen.start_button)
    scene = app.scene
    assert isinstance(scene, SidMeierScene)
    assert scene.game.seed == 42
    assert [p.name for p in scene.game.players] == ["Anna", "Ben", "Chloe"]
    assert scene.game.players[1].civ == named
    assert scene.kinds == ["human", "human", "easy"]


def test_two_seats_naming_one_civilization_say_why_in_the_engine_words(app):
    screen = new_game_screen(app)
    click_button(app, screen.civ_buttons[0])
    click_button(app, screen.civ_buttons[1])
    click_button(app, screen.start_button)
    assert isinstance(app.scene, SidMeierNewGameScene)
    assert "same civilization" in app.scene.error.text


def test_pass_screen_hides_the_board_until_the_person_takes_the_seat(app):
    scene = start(app)
    actor = scene.game.players[scene.game.actor()].name
    assert scene.pass_button.text == f"I am {actor} — show my view"
    assert not scene.group_buttons  # nothing to do but take the seat
    take_seat(app)
    assert scene.viewer == scene.game.actor()
    assert scene.group_buttons


def test_no_pass_screen_between_a_person_and_a_computer_player(app, monkeypatch):
    monkeypatch.setitem(MOVE_PAUSES, app.settings.animation_speed, 0.0)  # moves paced by the pumps, not the clock
    screen = new_game_screen(app)
    click_button(app, screen.kind_buttons[1])  # seat 2: Computer, Easy
    click_button(app, screen.start_button)
    scene = app.scene
    assert not scene.covered  # the one person sees the board at once, even while the computer decides
    for _ in range(200):
        if scene._person_to_act():
            break
        scene.computers.wait(30)
        app.pump()
    assert scene._person_to_act()
    assert not scene.covered
    assert scene.viewer == 0


def test_placing_the_capital_by_clicking_a_marked_square(app):
    scene = (start(app), take_seat(app))[1]
    click_button(app, scene.group_buttons["place_capital"])
    targets = scene.marks().targets
    assert targets == {a.pos for a in scene.groups["place_capital"]}
    square = min(targets)
    centre = scene.board.centre(square)
    before = app.screen.get_at(centre)
    click(app, centre)
    assert app.screen.get_at(centre) != before  # the map is drawn anew with the city on it
    assert any(c.pos == square and c.capital for c in scene.game.cities)
    assert "capital" in " ".join(scene.game.log).lower() or scene.game.city_at(square) is not None


def test_a_greyed_kind_says_why_in_the_engine_words(app, monkeypatch):
    scene = (start(app), take_seat(app))[1]
    play_by_clicks(app, scene, 60)
    # advance by clicks until a city management turn where some kind is not legal
    for _ in range(200):
        if scene.covered:
            take_seat(app)
        pending = scene.game.pending[-1]
        if pending.KIND == "city_turn" and scene.greyed():
            break
        play_by_clicks(app, scene, 1)
    kind, why = next(iter(scene.greyed().items()))
    button = scene.group_buttons[kind]
    assert not button.is_enabled
    candidate = next(c for c in scene.candidates("city_turn") if kind == c.KIND)
    assert GAME.why_illegal(scene.game, candidate) in why
    hover(app, button.rect.center)
    assert scene.disabled_tip() == why


def test_a_refused_action_changes_nothing_and_shows_the_engine_reason(app):
    scene = (start(app), take_seat(app))[1]
    log = list(scene.game.log)
    scene.perform(act.Research("space_flight"))
    assert scene.message is not None
    assert scene.game.log == log


def panel_texts(app, monkeypatch):
    """Every text drawn in one frame, on any surface (the panel draws on its own canvas first)."""
    from civgame.ui import theme

    drawn = []
    blit = theme.blit_text

    def recording(surface, content, *args, **kwargs):
        drawn.append(content)
        return blit(surface, content, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.scene._panel_drawn = None  # drawn afresh, not from the picture kept of it
    app.draw()
    monkeypatch.undo()
    return drawn


def test_another_players_board_shows_their_hidden_cards_as_counts_only(app, monkeypatch):
    scene = (start(app), take_seat(app))[1]
    other = 1 - scene.viewer
    own_cards = [scene.words.unit_card(c) for c in scene.game.players[scene.viewer].standing]
    assert any(own_cards[0].split()[0] in text for text in panel_texts(app, monkeypatch))
    click_button(app, scene.board_buttons[other])
    assert scene.board_seat == other
    texts = panel_texts(app, monkeypatch)
    count = len(scene.game.players[other].standing)
    assert f"{counted(count, 'unit card')}, hidden" in texts
    assert not any("/" in text and "Ranks" not in text for text in texts if text.startswith(("Artillery", "Infantry")))


def test_the_panel_tabs_show_the_market_the_culture_track_and_the_log(app, monkeypatch):
    scene = (start(app), take_seat(app))[1]
    expected = {"Market": "Wonders for sale", "Culture": "Culture track", "Player": "Techs"}
    for tab in ("Market", "Culture", "Log", "Player"):
        click_button(app, scene.tab_buttons[tab])
        assert scene.tab == tab
        texts = panel_texts(app, monkeypatch)
        if tab in expected:
            assert any(text.startswith(expected[tab]) for text in texts)


def test_the_player_board_shows_the_economy_dial_with_the_coins_it_holds(app, monkeypatch):
    scene = (start(app), take_seat(app))[1]
    for _ in range(3):  # a test's change of the model, which the screen reads again
        gain_coin_token(scene.game, scene.viewer, "gift")
    scene.refresh()
    dial = [text for text in panel_texts(app, monkeypatch) if text.startswith("Economy dial")]
    assert dial == [f"Economy dial: {coins(scene.game, scene.viewer)} of 15 coins (3 as tokens)"]
    assert coins(scene.game, scene.viewer) >= 3


def test_kinds_the_action_bar_has_no_room_for_are_under_more(app, monkeypatch):
    from civgame.ui.sidmeier import scene as scene_module

    scene = (start(app), take_seat(app))[1]
    while len(scene.entries()) < 3:
        play_by_clicks(app, scene, 1)
    if scene.covered:
        take_seat(app)
    monkeypatch.setattr(scene_module, "BAR_ROWS", 1)
    monkeypatch.setattr(
        scene_module, "GROUP_W", (app.scene.units[0] - scene_module.PANEL_W - 16) // 2 - 6
    )  # two columns
    scene.rebuild()
    entries = scene.entries()
    assert len(scene.group_buttons) == 1 and scene.more_button is not None
    click_button(app, scene.more_button)
    assert scene.dialog.labels() == [scene.entry_label(kind) for kind, _ in entries[1:]]


def test_save_and_load_keep_the_game_and_who_plays_each_seat(app, tmp_path):
    scene = (start(app), take_seat(app))[1]
    play_by_clicks(app, scene, 5)
    scene.kinds[1] = "normal"
    click_button(app, scene.save_button)
    saved = next(app.settings.saves_dir.glob("sid-meier-*.yaml"))
    assert saves.game_id(saved) == "sid-meier"
    assert saved.with_suffix(".png").is_file()  # the map's picture for the load screen
    game, kinds = saves.load(saved)
    assert GAME.dumps(game) == GAME.dumps(scene.game)
    assert kinds == ["human", "normal"]
    app.show_load()
    assert isinstance(app.scene, LoadScene)
    assert app.scene.thumbnails  # the map picture beside the save
    button = next(b for b in app.scene.save_buttons if "Sid Meier" in b.text or "sid-meier" in b.text)
    click_button(app, button)
    assert isinstance(app.scene, SidMeierScene)
    assert app.scene.kinds == ["human", "normal"]


def test_the_autosave_is_written_at_each_hand_over_and_continue_opens_it(app):
    scene = (start(app), take_seat(app))[1]
    play_by_clicks(app, scene, 3)
    assert saves.game_id(app.settings.autosave_path) == "sid-meier"
    app.show_title()
    click_button(app, app.scene.continue_button)
    assert isinstance(app.scene, SidMeierScene)


def test_battle_screen_shows_own_hand_face_up_and_the_other_face_down(app):
    game = GAME.new_game(["Anna", "Ben", "Cleo"], 3)
    agents = [KindRandomAgent(i) for i in range(3)]
    while game.battle is None or game.pending[-1].KIND != "battle_play":
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    seat = game.actor()
    app.switch(SidMeierScene(app, game, ["human"] * 3, viewer=seat))
    app.pump()
    scene = app.scene
    assert scene.battle_shown()
    assert scene.hand_cards  # the deciding seat's own hand, drawn face up
    side = 0 if game.battle.attacker == seat else 1
    assert sorted(c for _, c in scene.hand_cards) == sorted(game.battle.hands[side])
    assert isinstance(scene.view["battle"]["hands"][1 - side], int)  # the other hand: only its count
    rect, card = scene.hand_cards[0]
    from civgame.ui.sidmeier.battle import side_rank, unit_text

    unit = game.rules.unit_cards[card]
    rank = game.players[seat].ranks[unit.unit]
    assert side_rank(game, scene.view, seat, False)(card) == rank
    assert unit_text(game, card, rank)[1] == f"strength {unit.strength[rank - 1]}"
    assert unit_text(game, card, rank)[-1].startswith(f"rank {rank}; ")
    plays = [a for a in scene.legal if isinstance(a, act.PlayUnit) and a.card == card]
    before = len(game.battle.fronts) if game.battle else 0
    click(app, rect.center)
    if len(plays) > 1:
        click_button(app, next(iter(scene.dialog.buttons)))
    assert game.battle is None or len(game.battle.fronts) != before or card not in game.battle.hands[side]


def test_f1_opens_this_games_rules_and_marks_provisional_values(app):
    scene = (start(app), take_seat(app))[1]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    app.pump()
    assert scene.dialog is not None
    labels = scene.dialog.labels()
    assert "Research" in labels and "Provisional values" in labels
    click_button(app, scene.dialog.button_for("Research"))
    assert "6 + 5" in scene.message.window.window_display_title + str(scene._message_spec)


def test_a_seat_decides_from_what_it_may_see():
    """Two games that differ only in what seat 0 may not see give seat 0's computer player the same world."""
    game = GAME.new_game(["Anna", "Ben"], 11)
    agents = [KindRandomAgent(i) for i in range(2)]
    for _ in range(120):
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    while game.actor() != 0 or len(GAME.legal_actions(game)) < 2:
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    other = GAME.loads(GAME.dumps(game), "copy")
    deck = next(d for d in other.unit_decks.values() if len(d.draw) > 1)
    deck.draw.reverse()  # another order of a face-down deck
    other.rng.state ^= 12345  # another random generator
    face_down = [s for s in other.tiles if not s.revealed and s.home_of < 0]
    face_down[0].tile, face_down[1].tile = face_down[1].tile, face_down[0].tile
    assert GAME.view_for(game, 0) == GAME.view_for(other, 0)
    seen = [GAME.dumps(determinise(g, 0, random.Random(3))) for g in (game, other)]
    assert seen[0] == seen[1]
    actions = GAME.legal_actions(game)
    assert make_agent("easy", 1).choose(game, actions) == make_agent("easy", 1).choose(other, actions)


def test_the_command_line_renders_a_game_of_sid_meiers_civilization(tmp_path, capsys):
    from civgame.cli import main

    out = tmp_path / "game.png"
    assert main(["--game", "sid-meier", "--screenshot", str(out), "--players", "3", "--seed", "4"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1600, 900)
    assert "Screenshot written" in capsys.readouterr().out


def test_an_unexpected_error_saves_the_game_to_a_crash_save_that_opens(app, monkeypatch):
    scene = (start(app), take_seat(app))[1]
    play_by_clicks(app, scene, 3)

    def broken(surface):
        raise RuntimeError("a drawing bug")

    monkeypatch.setattr(scene, "draw", broken)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    app.step(0)
    crash = next(app.settings.saves_dir.glob("crash-*.yaml"))
    game, kinds = saves.load(crash)
    assert kinds == scene.kinds
    assert GAME.dumps(game) == GAME.dumps(scene.game)
    assert "your game was saved to" in app.scene.text


def test_a_figure_that_moved_greys_move_figures_with_the_engine_reason(app):
    scene = start(app, seed="7")
    for _ in range(400):  # by clicks, until a Movement phase turn whose figures have all moved
        if scene.covered:
            take_seat(app)
        if "begin_move" in scene.greyed():
            break
        play_by_clicks(app, scene, 1)
    why = scene.greyed()["begin_move"]
    figure = next(f for f in scene.game.figures if f.owner == scene.game.actor())
    assert GAME.why_illegal(scene.game, act.BeginMove((figure.id,))) in why
    assert not scene.group_buttons["begin_move"].is_enabled


def test_two_seats_with_one_name_are_refused(app):
    screen = new_game_screen(app)
    entry = screen.name_entries[1]
    click(app, entry.rect.center)
    for _ in range(len(entry.get_text())):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=42))
    app.pump()
    type_text(app, "Anna")
    click_button(app, screen.start_button)
    assert isinstance(app.scene, SidMeierNewGameScene)
    assert app.scene.error.text == "Every seat needs a different name."


def test_the_window_opened_for_sid_meier_starts_on_its_new_game_screen(tmp_path):
    from civgame.ui.app import open_app
    from civgame.ui.settings import Settings

    window = open_app(Settings(size=(1280, 720), data_dir=tmp_path, first_game="sid-meier"))
    try:
        assert isinstance(window.scene, SidMeierNewGameScene)
    finally:
        window.quit()
        pygame.display.quit()


def test_a_finished_game_says_who_won_and_why_also_after_changing_tab(app, tmp_path):
    game = GAME.new_game(["Anna", "Ben"], 2)
    agents = [KindRandomAgent(i) for i in range(2)]
    while not GAME.is_over(game):
        GAME.apply(game, agents[game.actor()].choose(game, GAME.legal_actions(game)))
    path = tmp_path / "over.yaml"
    saves.save(game, ["human", "human"], path)
    from civgame.ui.menus import open_save

    assert open_save(app, path) is None
    scene = app.scene
    outcome = GAME.outcome(game)
    assert scene.message is not None and outcome.reason in scene._message_spec[1]
    click(app, scene.tab_buttons["Market"].rect.center)  # under the message: nothing else reacts
    assert scene.message is not None and scene.message.window.alive()
    click_button(app, scene.message.button_for("OK"))
    click_button(app, scene.tab_buttons["Log"])
    assert scene.tab == "Log" and scene.message is None
