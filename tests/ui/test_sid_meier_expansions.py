"""The expansions of Sid Meier's Civilization in the window: a toggle for each on the new-game screen
(its tooltip naming what is built and what is not), and their actions by mouse, greyed with the
engine's reason."""

import pygame
import pytest

from civgame.games import definition
from civgame.games.sidmeier.core.actions import Explore
from civgame.games.sidmeier.core.decisions import StartTurn
from civgame.ui.sidmeier.new_game import SidMeierNewGameScene, expansion_tip
from tests.ui.conftest import click_button, take_seat
from tests.ui.test_sid_meier import new_game_screen

GAME = definition("sid-meier")
FAF = "fame-and-fortune"


def test_each_expansion_is_a_toggle_whose_tip_names_what_is_built_and_what_is_not(app):
    screen = new_game_screen(app)
    toggle = screen.expansion_buttons[FAF]
    assert toggle.text == "☐ Fame and Fortune"  # every part of it is built
    assert "investment deck" in toggle.tool_tip_text and "a 5th player" in toggle.tool_tip_text
    assert "Not built yet:" not in toggle.tool_tip_text
    (expansion,) = [e for e in screen.offered if e.id == FAF]
    assert expansion_tip(expansion.model_copy(update={"missing": "its 6th player"})).endswith(
        "Not built yet: its 6th player."
    )
    click_button(app, toggle)
    assert app.scene.expansion_buttons[FAF].text == "☑ Fame and Fortune"
    click_button(app, app.scene.start_button)
    assert app.scene.game.rules.expansions == [FAF]


def test_a_game_started_without_the_toggle_has_no_expansion(app):
    new_game_screen(app)
    click_button(app, app.scene.start_button)
    assert app.scene.game.rules.expansions == []


def test_the_window_opened_with_expansions_switches_them_on(tmp_path):
    from civgame.ui.app import open_app
    from civgame.ui.settings import Settings

    window = open_app(Settings(size=(1280, 720), data_dir=tmp_path, first_game="sid-meier", first_expansions=[FAF]))
    try:
        assert isinstance(window.scene, SidMeierNewGameScene) and window.scene.expansions == [FAF]
    finally:
        window.quit()
        pygame.display.quit()


def at_start_of_turn(tokens: int):
    game = GAME.new_game(["Anna", "Ben"], 3, expansions=[FAF])
    while not isinstance(game.pending[-1], StartTurn):
        GAME.apply(game, GAME.legal_actions(game)[0])
    game.players[game.actor()].coin_tokens = {"gift": tokens} if tokens else {}
    game.cache.clear()
    return game


def test_investing_a_coin_by_mouse(app):
    game = at_start_of_turn(tokens=1)
    seat = game.actor()
    app.start_sid_meier(game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons["invest"])
    (choice,) = [b for b in scene.dialog.buttons if "War Bonds" in b.text]
    assert choice.text == "Invest the coin token on the civilization sheet in War Bonds (it holds 0)"
    click_button(app, choice)
    assert game.players[seat].investments == {"war_bonds": 1} and not game.players[seat].coin_tokens


def test_investing_is_greyed_with_the_engines_reason(app):
    game = at_start_of_turn(tokens=0)
    app.start_sid_meier(game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    button = scene.group_buttons["invest"]
    assert not button.is_enabled
    assert "printed coins cannot be invested" in scene.greyed()["invest"]


def test_disbanding_an_army_to_fortify_its_city_and_using_a_caravan_by_mouse(app):
    from civgame.games.sidmeier.core.decisions import CityTurn, Moving
    from tests.games.sidmeier.scenario import Scenario

    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF]).reveal_all("grassland")
    home = s.city(0, 5, 5, capital=True)
    army = s.figure(0, "army", 6, 5)
    s.decide(Moving(0, figures=[army.id], left=2), phase="movement")
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons["disband"])
    (choice,) = [b for b in scene.dialog.buttons if "fortify" in b.text]
    assert choice.text == "Disband into your city to the west and fortify the city"
    click_button(app, choice)
    assert home.marker == "fortification" and not s.game.figures
    home.marker = "caravan"
    s.decide(CityTurn(0), phase="city_management")
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons["use_caravan"])
    assert home.marker == "" and home.boost == s.game.rules.game.disbanding.caravan_production


def test_disbanding_away_from_a_city_is_greyed_with_the_engines_reason(app):
    from civgame.games.sidmeier.core.decisions import Moving
    from tests.games.sidmeier.scenario import Scenario

    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF]).reveal_all("grassland")
    s.city(0, 5, 5, capital=True)
    army = s.figure(0, "army", 9, 5)
    s.decide(Moving(0, figures=[army.id], left=2), phase="movement")
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    assert not scene.group_buttons["disband"].is_enabled
    assert "moving it into the centre of one of your cities" in scene.greyed()["disband"]


WAW = "wisdom-and-warfare"


def test_both_toggles_start_a_game_with_both_expansions(app):
    screen = new_game_screen(app)
    assert "social policies" in screen.expansion_buttons[WAW].tool_tip_text
    click_button(app, screen.expansion_buttons[FAF])
    click_button(app, app.scene.expansion_buttons[WAW])
    click_button(app, app.scene.start_button)
    assert app.scene.game.rules.expansions == [FAF, WAW]


def test_adopting_a_policy_and_starting_a_building_program_by_mouse(app):
    from civgame.games.sidmeier.core.decisions import CityTurn

    game = GAME.new_game(["Anna", "Ben"], 4, expansions=[WAW])
    app.start_sid_meier(game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    while game.pending[-1].KIND != "policy_choice":  # place the capital (and the starting pieces) by mouse
        kind = next(iter(scene.groups))
        click_button(app, scene.group_buttons[kind])
        if scene.group is not None:
            from tests.ui.conftest import click

            click(app, scene.board.centre(min(scene.marks().targets)))
        if app.scene.covered:
            take_seat(app)
    seat = game.actor()
    click_button(app, scene.group_buttons["adopt_policy"])
    (choice,) = [b for b in scene.dialog.buttons if b.text.startswith("Adopt Expansionism")]
    click_button(app, choice)
    assert game.players[seat].policies == ["expansionism"]
    city = game.cities_of(seat)[0]
    game.pending[:] = [CityTurn(seat)]
    game.phase = "city_management"
    game.cache.clear()
    app.start_sid_meier(game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons["start_program"])
    assert city.program


def metropolis_due(app):
    """Seat 0 has just learned Agriculture: its capital at (5,5) must grow; an enemy army stands east of it."""
    from civgame.games.sidmeier.core.actions import EndCityManagement
    from civgame.games.sidmeier.core.decisions import CityTurn
    from tests.games.sidmeier.scenario import Scenario

    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF]).reveal_all("grassland")
    s.home = s.city(0, 5, 5, capital=True)
    s.city(1, 12, 2, capital=True)
    s.figure(1, "army", 6, 5)
    s.techs(0, "agriculture")
    s.decide(CityTurn(0), phase="city_management")
    s.apply(EndCityManagement())
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    return s, scene


def test_growing_a_metropolis_by_mouse_with_the_blocked_square_greyed(app):
    s, scene = metropolis_due(app)
    click_button(app, scene.group_buttons["grow_metropolis"])
    greyed = [b for b in scene.dialog.buttons if "(6,5)" in b.text]
    assert len(greyed) == 1 and not greyed[0].is_enabled
    assert "must hold no enemy figures" in greyed[0].tool_tip_text
    (choice,) = [b for b in scene.dialog.buttons if b.text == "Grow your capital into a metropolis over (5,6)"]
    click_button(app, choice)
    assert s.home.expansion == s.pos(5, 6)
    assert "Player 1's capital grows into a metropolis over (5,6)." in s.game.log


def test_the_map_draws_a_metropolis_across_its_two_squares():
    from civgame.ui.sidmeier import art
    from civgame.ui.sidmeier.board import Marks, SquareBoard
    from tests.games.sidmeier.scenario import Scenario

    pygame.init()
    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF]).reveal_all("grassland")
    home = s.city(0, 5, 5, capital=True)
    board = SquareBoard(pygame.Rect(0, 0, 800, 400), s.game.width, s.game.height, s.game.rules.map.tile_size)

    def colour_in(square: int) -> tuple[int, int, int]:
        """The colour low in the square, where a city's plate shows between its houses and its edge."""
        surface = pygame.Surface((800, 400))
        board.draw(surface, GAME.view_for(s.game, 0), {}, Marks())
        rect = board.square_rect(square)
        return tuple(surface.get_at((rect.x + round(rect.w * 0.35), rect.y + round(rect.h * 0.85))))[:3]

    east = s.pos(6, 5)
    assert colour_in(east) != art.seat_colour(0)
    home.expansion = east
    s.refresh()
    assert colour_in(east) == art.seat_colour(0)  # the metropolis's houses stand on its second square too


def test_the_great_person_deck_is_a_toggle_offered_with_fame_and_fortune(app):
    screen = new_game_screen(app)
    assert not screen.deck_button.is_enabled
    assert "switch Fame and Fortune on first" in screen.deck_button.tool_tip_text
    click_button(app, screen.expansion_buttons[FAF])
    toggle = app.scene.deck_button
    assert toggle.is_enabled and "each great person comes with a card" in toggle.tool_tip_text
    click_button(app, toggle)
    assert app.scene.deck_button.text == "☑ Great person deck"  # all 42 cards' abilities are played
    assert "Not built yet" not in app.scene.deck_button.tool_tip_text
    click_button(app, app.scene.start_button)
    assert app.scene.game.great_person_deck and app.scene.game.person_deck.draw


def test_switching_fame_and_fortune_off_switches_the_deck_off(app):
    screen = new_game_screen(app)
    click_button(app, screen.expansion_buttons[FAF])
    click_button(app, app.scene.deck_button)
    click_button(app, app.scene.expansion_buttons[FAF])
    assert not app.scene.great_person_deck and not app.scene.deck_button.is_enabled


def test_the_window_opened_with_the_deck_switches_it_on(tmp_path):
    from civgame.ui.app import open_app
    from civgame.ui.settings import Settings

    settings = Settings(
        size=(1280, 720),
        data_dir=tmp_path,
        first_game="sid-meier",
        first_expansions=[FAF],
        first_great_person_deck=True,
    )
    window = open_app(settings)
    try:
        assert window.scene.great_person_deck
    finally:
        window.quit()
        pygame.display.quit()


def test_using_a_great_person_card_by_mouse_and_the_board_lists_the_cards(app):
    from civgame.games.sidmeier.core.decisions import TradeTurn
    from civgame.ui.sidmeier import panel
    from tests.games.sidmeier.test_great_person_deck import holder, number

    s = holder("marco_polo", "valmiki")
    s.decide(TradeTurn(0), phase="trade")
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    surface = pygame.Surface((400, 1400))
    tips = panel.player_board(surface, surface.get_rect(), 1.0, s.game.rules, GAME.view_for(s.game, 0), 0)
    assert any("Marco Polo (great person card" in tip.lines[0] for tip in tips)
    hidden = panel.player_board(surface, surface.get_rect(), 1.0, s.game.rules, GAME.view_for(s.game, 1), 0)
    assert not any("Marco Polo" in tip.lines[0] for tip in hidden)
    click_button(app, scene.group_buttons["use_person_card"])
    assert s.game.players[0].trade == s.game.rules.game.trade.dial_max
    click_button(app, scene.group_buttons["reveal_person_card"])
    assert s.game.players[0].person_shown == [number(s, "valmiki")]


def test_a_great_person_card_without_its_great_person_on_the_map_is_greyed_with_the_engines_reason(app):
    from civgame.games.sidmeier.core.decisions import TradeTurn
    from tests.games.sidmeier.test_great_person_deck import holder

    s = holder("marco_polo", placed=False)
    s.decide(TradeTurn(0), phase="trade")
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    assert not scene.group_buttons["use_person_card"].is_enabled
    assert "great person of its type on the map" in scene.greyed()["use_person_card"]


def relic_and_city_state():
    """Seat 0 (Anna) with a capital, an army on a city-state (cs1) and the Ark of the Covenant lying on the map."""
    from tests.games.sidmeier.scenario import Scenario

    s = Scenario(players=2, civs=["germany", "china"], expansions=[FAF, WAW]).reveal_all("grassland")
    s.city(0, 5, 5, capital=True)
    s.city(1, 13, 5, capital=True)
    marker = next(i for i, m in enumerate(s.game.rules.city_states.markers) if m.id == "cs1")
    s.game.city_state_pile.remove(marker)
    s.game.squares[s.pos(10, 1)].city_state = marker
    s.figure(0, "army", 10, 1)
    s.game.squares[s.pos(2, 2)].relic = "ark_of_the_covenant"
    s.game.players[0].relic_boons = ["atlantis"]
    s.decide(StartTurn(0), phase="start_of_turn")
    return s


def test_the_map_draws_a_relic_and_a_city_state_and_their_tooltips_say_what_they_are(app):
    from civgame.ui.sidmeier import art
    from civgame.ui.sidmeier.board import Marks

    s = relic_and_city_state()
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    surface = pygame.Surface((1200, 800))
    scene.board.draw(surface, scene.view, {}, Marks())
    for pos, colour in ((s.pos(2, 2), art.GOLD), (s.pos(10, 1), art.CITY_STATE)):
        rect = scene.board.square_rect(pos)
        pixels = [surface.get_at((x, y))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]
        assert colour in pixels
    assert any(
        "The relic Ark of the Covenant: an army ending its move here takes it" in line
        for line in scene.square_lines(s.pos(2, 2))
    )
    assert "City-state (3 trade)" in scene.square_lines(s.pos(10, 1))


def test_the_player_board_lists_the_city_states_controlled_and_the_relics_waiting(monkeypatch):
    from civgame.ui.sidmeier import panel

    s = relic_and_city_state()
    pygame.init()
    lines: list[str] = []
    original = panel.Writer.line
    monkeypatch.setattr(
        panel.Writer, "line", lambda self, text, *a, **k: (lines.append(text), original(self, text, *a, **k))
    )
    surface = pygame.Surface((500, 1600))
    panel.player_board(surface, surface.get_rect(), 1.0, s.game.rules, GAME.view_for(s.game, 0), 0)
    assert "Controls the city-state at (10,1): City-state (3 trade)" in lines
    assert any(line.startswith("Atlantis (taken, waiting): learn a free tech") for line in lines)


def choose_by_mouse(app, game, kind: str, wanted: str) -> str:
    """Open the window on `game`, click the action group `kind` and then the choice whose text holds `wanted`."""
    app.start_sid_meier(game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons[kind])
    (choice,) = [b for b in scene.dialog.buttons if wanted in b.text]
    text = choice.text
    click_button(app, choice)
    return text


def test_the_relics_free_tech_and_free_investments_are_chosen_by_mouse(app):
    from civgame.games.sidmeier.core.decisions import FreeInvestments, FreeTech

    s = relic_and_city_state()
    s.game.pending.append(FreeTech(0, source="atlantis"))
    assert choose_by_mouse(app, s.game, "take_free_tech", "Pottery") == "Learn Pottery free (a relic)"
    assert "pottery" in s.game.players[0].techs and isinstance(s.game.pending[-1], StartTurn)
    s.game.pending.append(FreeInvestments(0, left=1, source="seven_cities_of_gold"))
    label = choose_by_mouse(app, s.game, "place_free_investment", "Trade Fleet")
    assert label == "Put a free investment marker on Trade Fleet (it holds 0)"
    assert s.game.players[0].investments == {"trade_fleet": 1} and isinstance(s.game.pending[-1], StartTurn)


def test_the_rules_help_explains_the_relics_and_city_states_of_the_expansions_played():
    from civgame.games.sidmeier.content.ruleset import load_rules
    from civgame.ui.sidmeier.rules_help import topics

    both = topics(load_rules(expansions=[FAF, WAW]))
    assert "Armies may move through it" in both["Relics"] and "Atlantis (water)" in both["Relics"]
    assert "Attila's Village (grassland)" in both["Relics"]
    assert "defends with +4" in both["City-states"] and "gives 3 culture (provisional)" in both["City-states"]
    assert "City-states" not in topics(load_rules(expansions=[FAF])) and "Relics" not in topics(load_rules())
    assert "the health of its surviving units, less their wounds" in both["Battle"]
    assert "health" not in topics(load_rules())["Battle"]


@pytest.mark.parametrize(
    "expansion, new, shown, ability",
    [
        (FAF, ["arabs", "greeks", "indians", "spanish"], "Arabia", "culture for every resource token"),
        (WAW, ["aztecs", "english", "french", "japanese", "mongols", "zulu"], "Aztec Empire", "trade each time"),
    ],
)
def test_an_expansions_civilizations_are_offered_with_it_and_shown_on_the_player_board(
    app, monkeypatch, expansion, new, shown, ability
):
    from civgame.ui.sidmeier import panel

    screen = new_game_screen(app)
    assert new[0] not in screen.rules.civilizations
    click_button(app, screen.expansion_buttons[expansion])
    cycle = list(app.scene.rules.civilizations)
    assert cycle[-len(new) :] == new  # after the base game's six
    clicks = len(cycle) - len(new) + 1  # Random -> each civilization in turn, to the expansion's first
    for _ in range(clicks):
        click_button(app, app.scene.civ_buttons[0])
    assert app.scene.civs[0] == new[0] and app.scene.civ_buttons[0].text == shown
    click_button(app, app.scene.expansion_buttons[expansion])  # switched off: its civilization is dealt at random
    assert app.scene.civs[0] == "random"
    click_button(app, app.scene.expansion_buttons[expansion])
    for _ in range(clicks):
        click_button(app, app.scene.civ_buttons[0])
    click_button(app, app.scene.start_button)
    game = app.scene.game
    assert game.players[0].civ == new[0]
    lines: list[str] = []
    monkeypatch.setattr(panel.theme, "blit_text", lambda surface, text, *a, **k: lines.append(text))
    surface = pygame.Surface((500, 1600))
    tips = panel.player_board(surface, surface.get_rect(), 1.0, game.rules, GAME.view_for(game, 0), 0)
    assert lines[0] == f"Anna — {shown}"
    assert any(ability in line for line in tips[0].lines)


def test_spains_free_building_on_exploring_is_chosen_by_mouse_and_names_the_building(app):
    from civgame.games.sidmeier.core.actions import BuildFree
    from tests.games.sidmeier.test_fame_and_fortune_civilizations import exploring_spain

    s, _capital = exploring_spain()
    s.game.buildings = {family: 0 if family != "temple" else 1 for family in s.game.buildings}  # a short list
    s.apply(Explore("east"))
    pos = next(a.pos for a in s.legal() if isinstance(a, BuildFree) and a.building == "temple")
    choose_by_mouse(app, s.game, "build_free", f"Build Temple free at {s.game.label(pos)} (")
    assert s.game.squares[pos].improvement.name == "temple"


def test_a_dual_culture_card_is_played_by_mouse_with_the_effect_of_the_phase_chosen(app):
    from civgame.games.sidmeier.core.decisions import CityTurn, MovementTurn
    from tests.games.sidmeier.test_expansion_culture import table

    s, _ = table("migrants")
    second = s.card(0, "migrants")
    scout = s.figure(0, "scout", 6, 10)
    s.decide(CityTurn(0), phase="city_management")
    app.start_sid_meier(s.game, ["human"] * 3)
    scene = take_seat(app) if app.scene.covered else app.scene
    (switch,) = scene.groups["play_card"]
    assert scene.words.label(switch) == "Play Migrants: switch Patronage to the other side"
    click_button(app, scene.group_buttons["play_card"])  # (the one play of the phase)
    assert s.game.players[0].policies == ["rationalism"] and second in s.game.players[0].hand
    s.decide(MovementTurn(0), phase="movement")
    scene.refresh()
    scene.rebuild()
    click_button(app, scene.group_buttons["play_card"])
    scene.click_square(scout.pos)
    to = s.pos(6, 8)
    (move,) = [b for b in scene.dialog.buttons if b.text == f"Play Migrants: scout to {s.game.label(to)}"]
    click_button(app, move)
    assert scout.pos == to and not s.game.players[0].hand


def test_a_coin_token_card_names_who_discards_which_token():
    from civgame.games.sidmeier.core.actions import PlayCard
    from civgame.ui.sidmeier.wording import Words
    from tests.games.sidmeier.test_expansion_culture import table

    s, card = table("depression")
    label = Words(s.game).label(PlayCard(card, choice="1:sheet,2:currency"))
    assert label == (
        "Play Depression: Player 2 discards the coin token on the civilization sheet; "
        "Player 3 discards the coin token on Currency"
    )


def test_fame_and_fortune_offers_a_fifth_seat_and_switching_it_off_takes_it_away(app):
    screen = new_game_screen(app)
    assert sorted(screen.seat_buttons) == [2, 3, 4]
    click_button(app, screen.expansion_buttons[FAF])
    assert sorted(app.scene.seat_buttons) == [2, 3, 4, 5]
    click_button(app, app.scene.seat_buttons[5])
    assert len(app.scene.name_entries) == 5
    click_button(app, app.scene.expansion_buttons[FAF])
    assert app.scene.seats == 4 and sorted(app.scene.seat_buttons) == [2, 3, 4]
    click_button(app, app.scene.expansion_buttons[FAF])
    click_button(app, app.scene.seat_buttons[5])
    click_button(app, app.scene.start_button)
    scene = take_seat(app) if app.scene.covered else app.scene
    assert [p.name for p in scene.game.players] == ["Anna", "Ben", "Chloe", "David", "Emma"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def test_five_seats_fit_the_new_game_screen_and_five_player_boards_fit_the_game_screen(app, monkeypatch, size):
    from tests.ui.test_layout import control_problems, controls
    from tests.ui.test_subject_visible import resize

    resize(app, size)
    screen = new_game_screen(app)
    click_button(app, screen.expansion_buttons[FAF])
    click_button(app, app.scene.seat_buttons[5])
    app.draw()
    window = app.screen.get_rect()
    assert all(window.contains(e.rect) for e in controls(app)) and not control_problems(app, controls(app))
    click_button(app, app.scene.start_button)
    scene = take_seat(app) if app.scene.covered else app.scene
    scene.show_tab("Player")
    app.draw()
    boards = list(scene.board_buttons.values())
    assert len(boards) == 5 and all(b.text == p.name for b, p in zip(boards, scene.game.players, strict=True))
    assert not control_problems(app, boards)
    panel = pygame.Rect(scene.panel_rect.x, 0, scene.panel_rect.w, window.h)
    assert all(panel.contains(b.rect) for b in boards)


def test_the_markers_zheng_he_looked_at_are_named_to_his_holder_on_the_map_and_the_boards(app, monkeypatch):
    from civgame.games.sidmeier.core.actions import UsePersonCard
    from civgame.games.sidmeier.core.decisions import StartTurn
    from civgame.ui import theme
    from civgame.ui.sidmeier import panel
    from tests.games.sidmeier.test_great_person_deck import holder, number

    s = holder("zheng_he")
    s.marker(s.pos(9, 6), "village", "iron")
    held = s.marker(s.pos(10, 7), "hut", "silk")
    s.game.squares[s.pos(10, 7)].marker = -1
    s.game.players[1].markers.append(held)
    s.decide(StartTurn(0), phase="start_of_turn")
    s.apply(UsePersonCard(number(s, "zheng_he")))
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    assert "You looked at its marker: iron" in scene.square_lines(s.pos(9, 6))
    drawn: list[str] = []
    blit = theme.blit_text
    monkeypatch.setattr(
        theme, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or blit(surface, text, *a, **k)
    )
    surface = pygame.Surface((400, 1400))
    panel.player_board(surface, surface.get_rect(), 1.0, s.game.rules, GAME.view_for(s.game, 0), 1)
    assert "Hut and village markers: 1 (face down); you looked at: silk" in " ".join(drawn)  # (wrapped)
    drawn.clear()
    panel.player_board(surface, surface.get_rect(), 1.0, s.game.rules, GAME.view_for(s.game, 1), 0)
    assert not any("looked at" in text for text in drawn)


def test_the_market_lists_the_shipyards_with_wisdom_and_warfare_and_their_tip_says_where_they_stand(app, monkeypatch):
    from civgame.ui.sidmeier import panel

    def market_lines(expansions):
        game = GAME.new_game(["Anna", "Ben"], 4, expansions=expansions)
        lines: list[str] = []
        monkeypatch.setattr(panel.theme, "blit_text", lambda surface, text, *a, **k: lines.append(text))
        surface = pygame.Surface((500, 1600))
        tips = panel.market(surface, surface.get_rect(), 1.0, game.rules, GAME.view_for(game, 0))
        return lines, tips

    lines, tips = market_lines([WAW])
    assert "Shipyard: 5" in lines
    (tip,) = [t for t in tips if t.lines and t.lines[0].startswith("Shipyard")]
    assert "next to water" in tip.lines[0] and any("provisional" in line for line in tip.lines)
    assert "Shipyard: 5" not in market_lines([])[0]


def test_the_tech_pyramid_shows_a_wisdom_and_warfare_tech_with_its_provisional_text(app, monkeypatch):
    from civgame.ui.sidmeier import panel

    game = GAME.new_game(["Anna", "Ben"], 4, expansions=[WAW], civilizations=["english", "rome"])
    lines: list[str] = []
    monkeypatch.setattr(panel.theme, "blit_text", lambda surface, text, *a, **k: lines.append(text))
    surface = pygame.Surface((500, 1600))
    tips = panel.player_board(surface, surface.get_rect(), 1.0, game.rules, GAME.view_for(game, 0), 0)
    assert any("Navy" in line for line in lines)
    (navy,) = [t for t in tips if t.lines and t.lines[0].startswith("Navy")]
    assert "Unlocks: Shipyard." in navy.lines and any("provisional" in line for line in navy.lines)


def test_the_battle_screen_shows_wisdom_and_warfares_units_with_strength_health_and_wounds(app, monkeypatch):
    from civgame.games.sidmeier.core.actions import PlayUnit
    from civgame.ui.sidmeier import battle as battle_screen
    from tests.games.sidmeier.test_wisdom_and_warfare_combat import EVEN, TOUGH, attack, fight

    s = fight()
    first, second = s.units(0, ("infantry", TOUGH), ("mounted", EVEN))
    (theirs,) = s.units(1, ("infantry", EVEN))
    attack(s)
    s.apply(PlayUnit(theirs))
    s.apply(PlayUnit(first, 0))  # 2 wounds on the tough unit, 1 on the other
    s.game.battle.side = 0  # (the attacker still has a unit to play)
    s.decide(s.game.pending[-1])
    lines: list[str] = []
    fit, blit = battle_screen.theme.fit_text, battle_screen.theme.blit_text  # (the texts before they are cut)
    monkeypatch.setattr(battle_screen.theme, "fit_text", lambda text, *a, **k: (lines.append(text), fit(text, *a))[1])
    monkeypatch.setattr(
        battle_screen.theme,
        "blit_text",
        lambda surface, text, *a, **k: (lines.append(text), blit(surface, text, *a, **k))[1],
    )
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    app.pump()
    assert scene.battle_shown()
    # the attacker's unit on the front (1 strength, 3 health), the defender's and the hand's mounted (2 and 2)
    assert {"strength 1", "health 3", "rank 1; 1-3/2-4/3-5/4-6"} <= set(lines)
    assert {"strength 2", "health 2", "rank 1; 2-2/3-3/4-4/5-5"} <= set(lines)
    assert "2 wounds" in lines and "1 wound" in lines
    assert second in s.game.battle.hands[0]


def test_georgy_zhukovs_wound_and_gustavus_adolphus_are_chosen_by_mouse_over_the_battle(app):
    from civgame.games.sidmeier.core.actions import PlayUnit
    from civgame.ui.sidmeier.wording import Words
    from tests.games.sidmeier.test_great_person_deck import battle_over_capital

    s = battle_over_capital(
        "georgy_zhukov", (("infantry", 2),), (("artillery", 3),) * 3, expansions=[FAF, WAW], shown=True
    )
    battle = s.game.battle
    s.apply(PlayUnit(battle.hands[1][0]))
    enemy = battle.hands[0][0]
    s.apply(PlayUnit(enemy, 0))
    (wound,) = s.legal()
    assert Words(s.game).label(wound) == "Wound Artillery 3-1/4-2/5-3/6-4 on front 1"
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    assert scene.battle_shown()
    click_button(app, scene.group_buttons["wound_unit"])  # (the one choice: taken at once)
    assert enemy in battle.killed[0]
    s = battle_over_capital("gustavus_adolphus", (("infantry", 2),), (("artillery", 3),) * 3)
    app.start_sid_meier(s.game, ["human", "human"])
    scene = take_seat(app) if app.scene.covered else app.scene
    click_button(app, scene.group_buttons["use_person_card"])
    assert choose_by_mouse(app, s.game, "choose_unit", "Mounted") == "Take a Mounted unit"
    assert [s.game.rules.unit_cards[c].unit for c in s.game.battle.hands[1]] == ["mounted"]
