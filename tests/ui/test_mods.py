"""Mods in the window: chosen on the New game screen, refused with their problems, needed by saves."""

import re
import shutil
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UILabel, UIScrollingContainer

from civgame.framework.datafiles import RulesDataError
from civgame.framework.saves import state_hash
from civgame.games.clash.content.ruleset import ModRef
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.mods import load_rules, load_saved_game
from civgame.games.clash.storage.save import save_game
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import LoadScene, NewGameScene
from tests.ui.conftest import click, click_button, type_text

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mods" / "cheap_advances"


@pytest.fixture
def mods_dir(tmp_path, monkeypatch):
    """An empty user mods folder, named by CIVGAME_MODS_DIR as a portable install would."""
    folder = tmp_path / "mods"
    folder.mkdir()
    monkeypatch.setenv("CIVGAME_MODS_DIR", str(folder))
    return folder


def write_mod(folder: Path, name: str, **files: str) -> Path:
    path = folder / name
    path.mkdir()
    for file_name, text in files.items():
        (path / f"{file_name}.yaml").write_text(text, encoding="utf-8")
    return path


def install_mods(mods_dir: Path) -> dict[str, Path]:
    """Three mods, listed by folder name: a broken one, one making settlers dear, the example."""
    return {
        "broken": write_mod(
            mods_dir, "a_broken", mod="name: Broken\nversion: 1\n", game="advance_cost: {amount: -1}\nnot_a_key: 3\n"
        ),
        "dear": write_mod(
            mods_dir,
            "b_dear_settlers",
            mod="name: Dear settlers\nversion: '2'\n",
            units="settler:\n  cost: {food: 3}\n",
        ),
        "cheap": Path(shutil.copytree(EXAMPLE, mods_dir / "c_cheap")),
    }


def open_new_game(app, seed: str = "5") -> NewGameScene:
    click_button(app, app.scene.new_button)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click(app, scene.seed_entry.rect.center)
    type_text(app, seed)
    return scene


def test_the_new_game_screen_lists_the_mods_and_stacks_the_chosen_ones_in_listed_order(app, mods_dir):
    mods = install_mods(mods_dir)
    scene = open_new_game(app)
    assert [b.text for b in scene.mod_buttons.values()] == [
        "☐ Broken 1 — broken",
        "☐ Dear settlers 2",
        "☐ Cheap advances 1.0",
    ]
    click_button(app, scene.mod_buttons[mods["cheap"]])
    click_button(app, scene.mod_buttons[mods["dear"]])  # chosen second, yet applied first: the list's order
    assert scene.mod_buttons[mods["cheap"]].text == "☑ Cheap advances 1.0"
    assert scene.chosen_mod_folders() == [mods["dear"], mods["cheap"]]
    civs = scene.civilization_setup()
    click_button(app, scene.start_button)
    game = app.scene.game
    assert isinstance(app.scene, GameScene)
    assert game.rules.mods == (ModRef("Dear settlers", "2"), ModRef("Cheap advances", "1.0"))
    assert game.rules.game.advance_cost.amount == 1
    assert dict(game.rules.units["settler"].cost) == {"food": 1}  # the example, applied last, wins
    expected = new_game(["Anna", "Ben"], 5, rules=load_rules([mods["dear"], mods["cheap"]]), civilizations=civs)
    assert state_hash(game) == state_hash(expected)


def test_a_toggle_clicked_twice_is_off_again_and_the_game_uses_the_default_rules(app, mods_dir):
    mods = install_mods(mods_dir)
    scene = open_new_game(app)
    click_button(app, scene.mod_buttons[mods["cheap"]])
    click_button(app, scene.mod_buttons[mods["cheap"]])
    assert scene.mod_buttons[mods["cheap"]].text == "☐ Cheap advances 1.0"
    click_button(app, scene.start_button)
    assert app.scene.game.rules.mods == ()


def test_an_invalid_mod_is_refused_with_one_line_per_problem_and_no_game_starts(app, mods_dir):
    mods = install_mods(mods_dir)
    scene = open_new_game(app)
    click_button(app, scene.mod_buttons[mods["broken"]])
    click_button(app, scene.start_button)
    assert app.scene is scene
    message = scene.message
    assert message is not None and message.window.window_display_title == "These mods cannot be used"
    game_yaml = mods["broken"] / "game.yaml"
    assert message.text.splitlines() == [
        f"{game_yaml}:1: advance_cost.amount: Input should be greater than or equal to 0 (got -1)",
        f"{game_yaml}:2: not_a_key: Extra inputs are not permitted",
    ]
    assert all(re.match(r"^.+\.yaml:\d+: ", line) for line in message.text.splitlines())
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)  # a resize rebuilds the screen: the message stays
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    app.pump()
    assert scene.message is not message and scene.message.text == message.text
    click_button(app, scene.message.button_for("OK"))
    assert scene.message is None and app.scene is scene


def test_without_mods_the_screen_says_where_to_put_them(app, mods_dir):
    scene = open_new_game(app)
    assert scene.mods == [] and scene.mod_buttons == {}
    labels = [e.text for e in app.manager.get_sprite_group().sprites() if isinstance(e, UILabel)]
    start = labels.index("folder inside:") + 1
    assert "".join(labels[start:]) == str(mods_dir)  # the whole path, over as many lines as it needs
    click_button(app, scene.start_button)
    assert app.scene.game.rules.mods == ()


def test_a_long_list_of_mods_scrolls_and_its_toggles_still_work(app, mods_dir):
    for i in range(15):
        write_mod(mods_dir, f"mod{i:02}", mod=f"name: Mod {i}\nversion: 1\n")
    scene = open_new_game(app)
    first = scene.mod_buttons[mods_dir / "mod00"]
    assert any(isinstance(e, UIScrollingContainer) for e in app.manager.get_sprite_group().sprites())
    click_button(app, first)
    assert first.text == "☑ Mod 0 1"
    click_button(app, scene.start_button)
    assert app.scene.game.rules.mods == (ModRef("Mod 0", "1"),)


def save_with_cheap_mod(app, mods_dir) -> tuple[Path, Path]:
    cheap = Path(shutil.copytree(EXAMPLE, mods_dir / "cheap"))
    game = new_game(["Anna", "Ben"], 3, rules=load_rules([cheap]))
    app.settings.saves_dir.mkdir(parents=True)
    path = app.settings.saves_dir / "modded.yaml"
    save_game(game, path)
    return cheap, path


def open_from_load_screen(app, name: str) -> None:
    click_button(app, app.scene.load_button)
    assert isinstance(app.scene, LoadScene)
    click_button(app, next(b for b in app.scene.save_buttons if b.text.startswith(name)))


def test_a_save_opens_with_the_mods_it_names(app, mods_dir):
    save_with_cheap_mod(app, mods_dir)
    open_from_load_screen(app, "modded.yaml")
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.rules.mods == (ModRef("Cheap advances", "1.0"),)
    assert app.scene.message is None  # same rules: no warning


def test_a_save_whose_mod_is_missing_is_refused_naming_the_mod(app, mods_dir):
    cheap, path = save_with_cheap_mod(app, mods_dir)
    shutil.rmtree(cheap)
    with pytest.raises(RulesDataError) as refused:
        load_saved_game(path)
    open_from_load_screen(app, "modded.yaml")
    scene = app.scene
    assert isinstance(scene, LoadScene)
    assert scene.message.window.window_display_title == "Cannot open the save"
    assert scene.message.text == "\n".join(refused.value.problems)
    assert "the mod 'Cheap advances' (version 1.0), which is not installed" in scene.message.text


def test_a_save_made_with_other_rules_is_opened_only_after_the_warning(app, mods_dir):
    cheap, path = save_with_cheap_mod(app, mods_dir)
    (cheap / "game.yaml").write_text("advance_cost: {amount: 3}\n", encoding="utf-8")  # the mod changed since
    _, warning = load_saved_game(path)
    open_from_load_screen(app, "modded.yaml")
    scene = app.scene
    assert isinstance(scene, LoadScene)
    assert scene.message.text == f"{warning[0].upper()}{warning[1:]}."
    assert "has changed since this save was made; the game may not play as it did" in scene.message.text
    click_button(app, scene.message.button_for("Cancel"))
    assert app.scene is scene and scene.message is None
    click_button(app, next(b for b in scene.save_buttons if b.text.startswith("modded.yaml")))
    click_button(app, scene.message.button_for("Open it anyway"))
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.rules.game.advance_cost.amount == 3


def test_a_broken_mod_is_marked_with_its_first_problem_before_start(app, mods_dir):
    mods = install_mods(mods_dir)
    scene = open_new_game(app)
    broken = scene.mod_buttons[mods["broken"]]
    problem = f"{mods['broken'] / 'game.yaml'}:1: advance_cost.amount: Input should be greater than or equal to 0"
    assert broken.text.endswith("— broken") and broken.tool_tip_text.startswith(f"This mod cannot be used: {problem}")
    cheap = scene.mod_buttons[mods["cheap"]]
    assert "broken" not in cheap.text
    assert cheap.tool_tip_text.startswith("Advances cost 1 resource instead of 2")


def test_the_load_screen_lists_each_save_with_players_age_round_and_date(app, mods_dir):
    game = new_game(["Anna", "Ben", "Chloe"], 3)
    game.age, game.round = 2, 3
    app.settings.saves_dir.mkdir(parents=True)
    save_game(game, app.settings.saves_dir / "mine.yaml")
    (app.settings.saves_dir / "junk.yaml").write_text("just: text\n", encoding="utf-8")
    click_button(app, app.scene.load_button)
    texts = {b.text.split(" — ")[0]: b for b in app.scene.save_buttons}
    mine = texts["mine.yaml"]
    assert re.fullmatch(r"mine\.yaml — Anna, Ben, Chloe — age 2, round 3   \(\d{4}-\d\d-\d\d \d\d:\d\d\)", mine.text)
    assert "not a civgame save" in texts["junk.yaml"].tool_tip_text
    assert texts["junk.yaml"].text.startswith("junk.yaml — cannot be read")
