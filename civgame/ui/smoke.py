"""`civgame --smoke-test`: prove that a build of the game works, without a display.

Opens the real window (on SDL's dummy video driver unless SDL_VIDEODRIVER is set) and drives it
the way a player does: real mouse and keyboard events go through the app's own loop step
(`App.step`, the body of `App.run`). From the title it starts a 2-player game, each player takes
the seat, collects in their city and ends the turn (the first one also moves a settler), then the
game is saved with `save_game`, loaded back with `load_game` (the state hashes must match), opened
in the window as the Load screen would, played one more action; back on the title, a 2-player game of
Sid Meier's Civilization plays a few actions by clicks, is saved and opened again; then a computer
player (Easy) makes
a move, thought out in its own process, and the window is closed through `App.run` with a quit
event, which also ends that process.

Prints one line per step and exits 0; any failure prints what went wrong and exits 1. Nothing
outside a temporary folder is touched (no settings, saves or autosave of the user's).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from argparse import Namespace
from pathlib import Path

EXIT_FAILED = 1
SEED = 7
WINDOW = (1280, 720)
MAX_LOOP_STEPS = 60  # loop iterations to let a click (and the events it posts) be handled
COMPUTER_SECONDS = 120  # for a computer player's process to start and decide, on a slow machine
SID_MEIER_ACTIONS = 6  # played by clicks in a game of Sid Meier's Civilization


class SmokeFailure(Exception):
    """A step of the script did not have the effect a player would see."""


def main(args: Namespace | None = None) -> int:
    """Run the smoke test; `args.seed` (if given) picks the game. Returns the exit code."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    seed = getattr(args, "seed", None) or SEED
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="civgame-smoke-") as folder:
            _run(Path(folder), seed)
    except SmokeFailure as exc:
        print(f"civgame: smoke test failed: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except Exception:
        print("civgame: smoke test failed with an error:", file=sys.stderr)
        traceback.print_exc()
        return EXIT_FAILED
    print(f"smoke test passed in {time.monotonic() - started:.1f} s")
    return 0


def _run(folder: Path, seed: int) -> None:
    import pygame

    from civgame.games.clash.content.ruleset import RULESETS_ROOT
    from civgame.ui import art, theme
    from civgame.ui.app import open_app
    from civgame.ui.settings import Settings

    print(f"rules data: {RULESETS_ROOT}")  # inside the app folder when frozen
    print(f"font: {theme.FONT_REGULAR}")
    app = open_app(Settings(size=WINDOW, data_dir=folder / "data", autosave=True))
    try:
        driver = Driver(app)
        pictures = sorted(art.ART_DIR.glob("*.svg"))
        tile = art.terrain_tile("terrain_grassland", 80, 69)  # rasterised by SDL_image's SVG reader
        driver.check(tile.get_at((40, 34)).a > 200, "the SVG art could not be drawn")
        print(f"art: {len(pictures)} pictures in {art.ART_DIR}; sound: {'on' if app.sounds.available else 'silent'}")
        game = driver.start_new_game(seed)
        driver.play_turn(move_settler=True)
        driver.play_turn(move_settler=False)
        driver.check(app.settings.autosave_path.is_file(), "no autosave was written at the hand-over")
        driver.save_and_load(folder / "smoke.yaml")
        driver.play_collect_after_load()
        driver.play_sid_meier(seed, folder / "smoke-sid-meier.yaml")
        computers = driver.computer_moves(seed)
        driver.quit()
        computers.join(COMPUTER_SECONDS)
        process = computers.process
        driver.check(
            process is not None and not process.is_alive(), "the computer players' process outlived the window"
        )
        print(f"played {len(game.history)} actions before the save, {app.frames} frames drawn, window closed")
    finally:
        pygame.quit()


class Driver:
    """Plays the script by posting the events a player's mouse and keyboard would produce."""

    def __init__(self, app) -> None:
        self.app = app

    # ------------------------------------------------------------------ the script
    def start_new_game(self, seed: int):
        from civgame.ui.game_scene import GameScene
        from civgame.ui.menus import NewGameScene, TitleScene

        self.expect_scene(TitleScene)
        self.press(self.app.scene.new_button, "New game")
        self.expect_scene(NewGameScene)
        self.click(self.app.scene.seed_entry.rect.center)
        self.type_text(str(seed))
        self.press(self.app.scene.start_button, "Start game")
        scene = self.expect_scene(GameScene)
        game = scene.game
        self.check(
            len(game.players) == 2 and game.seed == seed,
            f"expected a 2-player game with seed {seed}, got {len(game.players)} players, seed {game.seed}",
        )
        self.step(f"new game: {', '.join(p.name for p in game.players)}, seed {seed}")
        return game

    def play_turn(self, move_settler: bool) -> None:
        scene = self.take_seat()
        game = scene.game
        player = game.actor()
        self.collect()
        if move_settler:
            self.move_a_settler()
        self.press(scene.action_buttons["end_turn"], "End turn")
        if scene.dialog is not None:  # actions left: the confirmation
            self.press(scene.dialog.button_for("End turn"), "End turn (confirm)")
        self.check(game.current != player, "the turn did not pass to the next player")
        self.check(scene.covered, "the pass screen did not cover the board at the hand-over")
        self.step(f"{game.player(player).name} ended the turn")

    def take_seat(self):
        scene = self.app.scene
        self.check(scene.covered and scene.pass_button is not None, "the pass screen is not shown")
        self.press(scene.pass_button, "take the seat")
        self.check(not scene.covered, "taking the seat did not uncover the board")
        return scene

    def collect(self) -> None:
        scene = self.app.scene
        game = scene.game
        actions_before, history_before = game.actions_left, len(game.history)
        city = game.cities_of(game.actor())[0]
        self.click(scene.board.centre(city.pos))
        self.check(scene.dialog is not None, "clicking the home city opened no menu")
        self.press(self._option("Collect"), "Collect")
        self.check(scene.collect_city == city.id, "Collect did not mark the city's spaces on the map")
        self.press(scene.action_buttons.get("collect_ok"), "OK (collect the first legal choice)")
        self.check(
            game.actions_left == actions_before - 1 and len(game.history) > history_before,
            "Collect did not spend a main action",
        )
        self.step(f"{game.player(game.actor()).name} collected: {game.log[-1]}")

    def move_a_settler(self) -> None:
        from civgame.games.clash.core.decisions import MoveDecision

        scene = self.app.scene
        game = scene.game
        me = game.actor()
        self.press(scene.action_buttons["move"], "Move")
        self.check(bool(game.pending) and isinstance(game.pending[-1], MoveDecision), "Move started no move")
        settler = next((u for u in game.units_of(me, "settler")), None)
        if settler is None:
            raise SmokeFailure("the player has no settler to move")
        start = settler.pos
        self.click(scene.board.centre(start))
        self.check(scene.move_source == start, "clicking the settler's space did not select it")
        targets = sorted(h for h in scene.move_destinations() if game.revealed(h) and game.is_land(h))
        self.check(bool(targets), "the settler has no revealed land to move to")
        self.click(scene.board.centre(targets[0]))
        self.check(game.existing_unit(settler.id).pos == targets[0], "the settler did not move")
        if game.pending and isinstance(game.pending[-1], MoveDecision):
            self.press(scene.action_buttons["end_move"], "End move")
        self.check(not game.pending, f"a decision is still pending after the move: {game.pending[-1:]}")
        self.step(f"{game.player(me).name} moved a settler")

    def save_and_load(self, path: Path) -> None:
        from civgame.framework.saves import state_hash
        from civgame.games.clash.storage.save import load_game, save_game
        from civgame.ui.game_scene import GameScene
        from civgame.ui.menus import open_save

        game = self.app.scene.game
        save_game(game, path)
        loaded = load_game(path)
        self.check(state_hash(loaded) == state_hash(game), "the loaded game differs from the saved one")
        self.step(f"saved and loaded {path.name} ({path.stat().st_size} bytes): state hashes match")
        problem = open_save(self.app, path)  # what the Load screen does with a chosen file
        self.check(problem is None, f"the window could not open the save: {problem}")
        self.settle()
        scene = self.expect_scene(GameScene)
        self.check(state_hash(scene.game) == state_hash(game), "the game opened from the save differs")

    def play_collect_after_load(self) -> None:
        self.take_seat()
        self.collect()

    def play_sid_meier(self, seed: int, path: Path) -> None:
        """Back on the title (as the game menu's Quit to title does), a 2-player game of Sid Meier's
        Civilization: a few actions by clicks, then saved with who plays each seat and opened again."""
        from civgame.games import definition
        from civgame.ui.menus import TitleScene, open_save
        from civgame.ui.sidmeier import saves
        from civgame.ui.sidmeier.new_game import SidMeierNewGameScene
        from civgame.ui.sidmeier.scene import SidMeierScene

        self.app.show_title()
        self.press(self.expect_scene(TitleScene).sid_meier_button, "New game: Sid Meier's Civilization")
        screen = self.expect_scene(SidMeierNewGameScene)
        self.press(screen.seat_buttons[2], "2 players")
        self.click(screen.seed_entry.rect.center)
        self.type_text(str(seed))
        self.press(screen.start_button, "Start game")
        scene = self.expect_scene(SidMeierScene)
        game = scene.game
        for _ in range(SID_MEIER_ACTIONS):
            self.sid_meier_action(scene)
        self.check(len(game.history) >= SID_MEIER_ACTIONS, f"{len(game.history)} actions were played by clicks")
        self.step(f"Sid Meier's Civilization: {len(game.history)} actions by clicks; {game.log[-1]}")
        saves.save(game, scene.kinds, path)
        loaded, kinds = saves.load(path)
        rules = definition("sid-meier")
        self.check(rules.dumps(loaded) == rules.dumps(game), "the loaded Sid Meier game differs from the saved one")
        problem = open_save(self.app, path)
        self.check(problem is None, f"the window could not open the Sid Meier save: {problem}")
        self.settle()
        opened = self.expect_scene(SidMeierScene)
        self.check(rules.dumps(opened.game) == rules.dumps(game), "the Sid Meier game opened from the save differs")
        self.step(f"saved and loaded {path.name} ({path.stat().st_size} bytes), seats {', '.join(kinds)}")

    def sid_meier_action(self, scene) -> None:
        """Take the seat if need be, then the first kind of action on the bar and its first square or choice."""
        if scene.covered:
            self.press(scene.pass_button, "take the seat")
        before = len(scene.game.history)
        kind = next(iter(scene.groups))
        self.press(scene.group_buttons[kind], kind.replace("_", " "))
        if scene.group is not None:
            self.click(scene.board.centre(min(scene.marks().targets)))
        elif scene.dialog is not None:
            self.press(next(iter(scene.dialog.buttons)), "the first choice")
        self.check(len(scene.game.history) > before, f"{kind.replace('_', ' ')} by clicks played no action")

    def computer_moves(self, seed: int):
        """A game whose first player is a computer (Easy): its move is thought out in a worker process;
        returns what runs that process (which must end with the window)."""
        from civgame.games.clash.rules.flow.setup import new_game
        from civgame.ui.game_scene import GameScene

        game = new_game(["Anna", "Ben"], seed)
        computer = game.player(game.actor())
        computer.seat = "easy"
        self.app.start_game(game)
        scene = self.expect_scene(GameScene)
        scene.computers.faster = True
        deadline = time.monotonic() + COMPUTER_SECONDS
        while not game.history and time.monotonic() < deadline:
            self.app.step(10)
        self._check_no_crash()
        self.check(bool(game.history), "the computer player made no move")
        process = scene.computers.worker.process
        self.check(process is not None and process.pid != os.getpid(), "the computer player did not think apart")
        self.step(f"{computer.name}, a computer player, moved in its own process {process.pid}: {game.log[-1]}")
        return scene.computers.worker

    def quit(self) -> None:
        """Close the window the way the window manager does, through the real loop."""
        import pygame

        pygame.event.post(pygame.event.Event(pygame.QUIT))
        deadline = time.monotonic() + 10
        self.app.active_until = 0.0
        while self.app.running and time.monotonic() < deadline:
            self.app.step(10)
        self.check(not self.app.running, "the window did not close on a quit event")
        self.step("quit")

    # ------------------------------------------------------------------ input
    def settle(self) -> None:
        """Run the app's loop until every posted event, and the events handling them posts, is done."""
        import pygame

        for _ in range(MAX_LOOP_STEPS):
            self.app.step(1)
            if not pygame.event.peek():
                self.app.step(1)  # one more frame: hover states and dialogs draw
                self._check_no_crash()
                return
        raise SmokeFailure("the window kept producing events after a click")

    def _check_no_crash(self) -> None:
        """The loop catches errors, logs them and shows an error screen: for the smoke test that is a failure."""
        log = self.app.settings.log_path
        if log.is_file():
            raise SmokeFailure(f"the window caught an error:\n{log.read_text(encoding='utf-8').strip()}")

    def click(self, pos: tuple[float, float]) -> None:
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.settle()

    def press(self, button, what: str) -> None:
        self.check(button is not None and button.alive(), f"the {what} button is not on screen")
        self.check(button.is_enabled, f"the {what} button is disabled")
        self.click(button.rect.center)

    def type_text(self, text: str) -> None:
        import pygame

        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        self.settle()

    # ------------------------------------------------------------------ checks
    def _option(self, label_start: str):
        dialog = self.app.scene.dialog
        try:
            return dialog.button_for(label_start)
        except KeyError:
            raise SmokeFailure(f"the menu has no {label_start!r} option: {dialog.labels()}") from None

    def expect_scene(self, kind: type):
        scene = self.app.scene
        self.check(isinstance(scene, kind), f"expected the {kind.__name__}, the window shows {type(scene).__name__}")
        return scene

    @staticmethod
    def check(condition: bool, problem: str) -> None:
        if not condition:
            raise SmokeFailure(problem)

    @staticmethod
    def step(text: str) -> None:
        print(f"ok: {text}")
