"""The side panel in words a player reads without a key: the player's civilization, every resource by name,
the other players' stock and cards spelt out; and every card of a long hand is reachable."""

import re

from civgame.games.clash.rules.flow.setup import new_game
from tests.ui.conftest import click, click_button, drawn_texts, show_game

ABBREVIATIONS = re.compile(r"\b(?:[FWOIG]\d+|\d+[AOG]|adv\.|cult\.)(?=\s|$|,)")


def test_the_panel_names_the_civilization_and_spells_out_every_count(app, monkeypatch):
    game = new_game(["Anna", "Ben", "Chloe"], 3, civilizations=["rome", "greece", "vikings"])
    scene = show_game(app, game)
    texts = [text for text, rect in drawn_texts(app, monkeypatch) if scene.panel.rect.contains(rect)]
    me = game.actor()
    civ = game.rules.civilizations[game.player(me).civilization].name
    assert civ in texts or any(text.startswith(f"{civ}, led by") for text in texts)
    assert {"Food", "Wood", "Ore", "Ideas", "Gold"} <= set(texts)
    others = [p for p in game.players if p.index != me]
    for other in others:
        civ = game.rules.civilizations[other.civilization].name
        assert any(text.startswith(f"{other.name} ({civ}): ") and "advances" in text for text in texts)
    assert any(text.startswith("Holds 1 action card, 1 objective card, 0 great persons") for text in texts)
    assert any(re.match(r"\d+ food, \d+ wood, \d+ ore, \d+ ideas?, \d+ gold; \d+ mood, \d+ culture", t) for t in texts)
    assert [text for text in texts if ABBREVIATIONS.search(text)] == []


def test_every_card_of_a_long_hand_is_reachable_great_persons_too(app):
    game = new_game(["Anna", "Ben"], 3)
    player = game.player(game.actor())
    player.action_cards += [3, 4, 5, 6, 7, 8, 9, 10]
    player.great_persons = [21, 57]
    scene = show_game(app, game)
    more = scene.panel.more_rect
    assert more is not None  # the hand does not fit: the rest is a click away
    click(app, more.center)
    hand = scene.dialog
    assert hand.window.window_display_title == "Your hand"
    assert "Great person: Great Philosopher" in hand.labels() and "Great person: Great Diplomat" in hand.labels()
    assert len(hand.labels()) == len(player.action_cards) + len(player.objective_cards) + 2
    click_button(app, hand.button_for("Great person: Great Philosopher"))
    assert scene.dialog.window.window_display_title == "Great Philosopher"  # how to play it, or why not now


def test_another_players_single_idea_is_counted_as_one_idea(app, monkeypatch):
    game = new_game(["Anna", "Ben"], 3)
    other = game.player(1 - game.actor())
    other.resources.update(food=2, wood=0, ore=0, ideas=1, gold=0)
    scene = show_game(app, game)
    texts = [text for text, rect in drawn_texts(app, monkeypatch) if scene.panel.rect.contains(rect)]
    assert any(text.startswith("2 food, 0 wood, 0 ore, 1 idea, 0 gold;") for text in texts)
