"""The window and its scene loop: title -> new game / load -> game -> final scores.

Any unexpected exception while handling a frame is caught in `App.step`: the traceback goes to
`civgame.log` in the data folder, an open game is saved to a crash save, and the window shows
where both went (see `App.recover`). The game engine validates every action before changing
anything, so the game object is as it was after the last action that worked.

The loop is event driven: it sleeps in `pygame.event.wait` and redraws only after something
happened. For a second after each event it keeps drawing at a modest rate so that pygame_gui
hover effects and tooltips can appear; after that an idle window costs almost no CPU. While the
scene animates (units sliding after a move, see civgame.ui.animation) it draws at about 60
frames per second, and goes back to sleeping once the last frame of the animation is drawn.
"""

from __future__ import annotations

import random
import signal
import time
import traceback
from pathlib import Path

import pygame
import pygame_gui

from civgame.framework.datafiles import RulesDataError
from civgame.framework.saves import SaveError
from civgame.games.clash.core.model import Game
from civgame.games.clash.storage.mods import load_saved_game
from civgame.games.clash.storage.save import dumps, loads, save_game
from civgame.games.sidmeier.core.model import Game as SidMeierGame
from civgame.ui import theme
from civgame.ui.game_scene import GameScene
from civgame.ui.menus import (
    ErrorScene,
    LoadScene,
    NewGameScene,
    SettingsScene,
    TitleScene,
    open_save,
)
from civgame.ui.network_scenes import HostScene, JoinScene
from civgame.ui.scene import Scene
from civgame.ui.score_scene import ScoreScene
from civgame.ui.settings import Settings
from civgame.ui.sidmeier import saves as sid_meier_saves
from civgame.ui.sidmeier.new_game import SidMeierNewGameScene
from civgame.ui.sidmeier.scene import SidMeierScene
from civgame.ui.sound import Sounds

ACTIVE_SECONDS = 1.0  # keep drawing this long after the last event
ACTIVE_FRAME_MS = 33  # about 30 frames per second while active
ANIMATION_FRAME_MS = 16  # about 60 frames per second while the scene animates
IDLE_WAIT_MS = 1000  # wake up this often while idle, without redrawing
INPUT_EVENTS = {
    pygame.MOUSEMOTION,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
}


class App:
    def __init__(self, settings: Settings):
        self.settings = settings
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        self.screen = self._open_window()
        pygame.display.set_caption("civgame — Clash of Cultures")
        self.scale = theme.ui_scale(self.screen.get_size())
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme.gui_theme(self.scale))
        self.sounds = Sounds(0 if settings.muted else settings.volume)
        self.running = True
        self.dirty = True
        self.active_until = 0.0
        self.last_tick = time.monotonic()
        self.frames = 0
        self.scene: Scene | None = None
        # The seed of a new game left without one: the window's own generator, so that nothing else in the
        # process (another window, a test before) decides which game it deals.
        self.new_game_seeds = random.Random()

    # ------------------------------------------------------------------ window
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.size, pygame.RESIZABLE)

    def apply_display_settings(self) -> None:
        self.screen = self._open_window()
        self._resized()

    def _resized(self) -> None:
        if self.scene is not None:
            self.scene.remember_input()  # the text fields are made anew for the new size
        self.screen = _window_surface()
        size = self.screen.get_size()
        if theme.ui_scale(size) != self.scale:  # text sizes live in the theme: start a new manager
            self.scale = theme.ui_scale(size)
            self.manager = pygame_gui.UIManager(size, theme.gui_theme(self.scale))
        else:
            self.manager.set_window_resolution(size)
            self.manager.clear_and_reset()
        if self.scene is not None:
            self.scene.build()
            self.scene.reopen_message()
        self.dirty = True

    # ------------------------------------------------------------------ scenes
    def switch(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.manager.clear_and_reset()
        self.scene = scene
        scene.build()
        self.dirty = True

    def show_title(self) -> None:
        self.switch(TitleScene(self))

    def show_new_game(self) -> None:
        self.switch(NewGameScene(self))

    def show_load(self) -> None:
        self.switch(LoadScene(self))

    def show_settings(self) -> None:
        self.switch(SettingsScene(self))

    def show_host(self) -> None:
        self.switch(HostScene(self))

    def show_join(self) -> None:
        self.switch(JoinScene(self))

    def start_game(self, game: Game) -> None:
        self.switch(GameScene(self, game))

    def show_sid_meier_new_game(self) -> None:
        self.switch(SidMeierNewGameScene(self))

    def start_sid_meier(self, game: SidMeierGame, kinds: list[str]) -> None:
        self.switch(SidMeierScene(self, game, kinds))

    def show_scores(self, game: Game) -> None:
        self.switch(ScoreScene(self, game))

    def quit(self) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.settings.release_autosave()
        self.running = False

    # ------------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type in INPUT_EVENTS:
            self.active_until = time.monotonic() + ACTIVE_SECONDS
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if _window_surface().get_size() != self.manager.window_resolution:
                self._resized()
            return
        consumed = self.manager.process_events(event)
        if self.scene is not None:
            self.scene.handle(event, consumed)

    def step(self, timeout_ms: int) -> None:
        """Wait up to `timeout_ms` for events, handle them, and redraw if anything changed.

        An unexpected error does not close the window: see `recover`. An error while the error
        screen itself is shown is not caught again, so that a broken window cannot loop forever."""
        try:
            self._step(timeout_ms)
        except Exception:
            if isinstance(self.scene, ErrorScene):
                raise
            self.recover(traceback.format_exc())

    def _step(self, timeout_ms: int) -> None:
        first = pygame.event.wait(timeout_ms)
        events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return
        if self.scene is not None:
            self.scene.tick()
        now = time.monotonic()
        delta, self.last_tick = min(now - self.last_tick, 0.1), now
        if self.dirty or now < self.active_until or self.animating:
            self.manager.update(delta)
            self.draw()

    def pump(self, rounds: int = 20) -> None:
        """Handle every queued event (and those they post) at once, then draw: for tests and scripts."""
        for _ in range(rounds):
            events = pygame.event.get()
            if not events or not self.running:
                break
            for event in events:
                self.handle(event)
                if not self.running:
                    break
            self.manager.update(0.02)
        if self.running and self.scene is not None:
            self.scene.tick()
        if self.running:
            self.draw()

    def draw(self) -> None:
        if self.scene is not None:
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.scene is not None:
            self.scene.draw_overlay(self.screen)
        pygame.display.flip()
        self.frames += 1
        self.dirty = False

    def recover(self, details: str) -> None:
        """Log `details`, save the open game to a crash save, and show the error screen.

        The crash save is a new file in the saves folder rather than the autosave, so that
        Continue still resumes the last hand-over, and it is written only if the game at the
        error passes every check of loading. The message names the file that is safe to open:
        the game at the error may fail the same way again, the autosave is checked to load."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        log = self._write_log(details, stamp)
        game = self.scene.game if isinstance(self.scene, GameScene) and self.scene.game.phase != "over" else None
        other = self.scene if isinstance(self.scene, SidMeierScene) and self.scene.game.phase != "over" else None
        if other is not None:
            saved = self._save_crashed_sid_meier(other, stamp)
        else:
            saved = self._save_crashed_game(game, stamp) if game is not None else None
        self.scene = None  # the broken scene is not asked to do anything more (not even to autosave)
        if saved is not None:
            where = f"your game was saved to {saved}"
        elif game is not None or other is not None:
            where = "the game at the error could not be saved"
        else:
            where = "no game was lost"
        details_at = f"details in {log}" if log else f"the details could not be written to {self.settings.log_path}"
        text = f"Something went wrong — {where}; {details_at}."
        if game is not None or other is not None:
            text += "\n" + self._safe_to_open(saved)
        self.switch(ErrorScene(self, text))

    def _safe_to_open(self, crash_save: Path | None) -> str:
        autosave = self.settings.autosave_path
        try:
            if sid_meier_saves.game_id(autosave) == sid_meier_saves.GAME_ID:
                sid_meier_saves.load(autosave)
            else:
                load_saved_game(autosave)
            safe = f"Continue on the title screen opens {autosave}, the game at the last hand-over: it is safe to open."
        except (SaveError, RulesDataError):
            safe = "There is no autosave to go back to."
        if crash_save is not None:
            safe += " Load opens the game at the error, which may go wrong again in the same way."
        return safe

    def _write_log(self, details: str, stamp: str) -> Path | None:
        path = self.settings.log_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(f"--- {stamp}: unexpected error in the window\n{details}\n")
        except OSError:
            return None
        return path

    def _save_crashed_game(self, game: Game, stamp: str) -> Path | None:
        """A crash save of `game`, unless it would not load (a broken state is not kept to crash again)."""
        path = self.settings.saves_dir / f"crash-{stamp}.yaml"
        try:
            loads(dumps(game), game.rules)
            path.parent.mkdir(parents=True, exist_ok=True)
            save_game(game, path)
        except Exception:
            return None
        return path

    def _save_crashed_sid_meier(self, scene: SidMeierScene, stamp: str) -> Path | None:
        """A crash save of a game of Sid Meier's Civilization, unless it would not load."""
        path = self.settings.saves_dir / f"crash-{stamp}.yaml"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            sid_meier_saves.save(scene.game, scene.kinds, path)
            sid_meier_saves.load(path)
        except Exception:
            path.unlink(missing_ok=True)
            return None
        return path

    @property
    def animating(self) -> bool:
        """True while the scene has an animation to draw (it ends with a frame of the final state)."""
        return self.scene is not None and self.scene.animating()

    def run(self) -> None:
        while self.running:
            if self.animating:
                self.step(ANIMATION_FRAME_MS)
            else:
                idle = time.monotonic() >= self.active_until and not self.dirty
                self.step(IDLE_WAIT_MS if idle else ACTIVE_FRAME_MS)


def _window_surface() -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None, "the window is not open"
    return surface


def open_app(settings: Settings) -> App:
    """The window with its first scene: the save named by `settings.load`, else the title (which
    also shows why that save cannot be opened, or asks about a save made with other rules), or the
    new-game screen of the game `settings.first_game` names."""
    app = App(settings)
    app.show_title()
    if settings.first_game == sid_meier_saves.GAME_ID and not settings.load:
        app.show_sid_meier_new_game()
    if settings.restore_problem and app.scene is not None:
        app.scene.open_message("The remembered settings are not used", settings.restore_problem)
    if settings.load:
        problem = open_save(app, settings.load)
        if problem:
            title = app.scene
            assert isinstance(title, TitleScene)  # shown just above
            title.show_error(problem)
    return app


def run(settings: Settings | None = None) -> int:
    """Open the window and play until it is closed. Returns the process exit code."""
    return run_app(open_app(settings or Settings().restore()))


class StopSignal(BaseException):
    """The process was told to stop (SIGTERM, SIGINT). Not an Exception, so that no error
    handling catches it: the window closes at once, even in the middle of a long frame."""


def _stop(signum: int, _frame: object) -> None:
    raise StopSignal(signum)


def run_app(app: App) -> int:
    """Run the window until it is closed (0) or the process is told to stop (128 + the signal).

    SDL turns SIGTERM and SIGINT into a window-close event, which waits for the frame being drawn;
    these handlers stop at once instead. Nothing is saved then: the autosave of the last hand-over
    (or the player's own save) is the game to open again."""
    stops = (signal.SIGTERM, signal.SIGINT)
    previous = {number: signal.signal(number, _stop) for number in stops}
    try:
        app.run()
    except StopSignal as stop:
        return 128 + int(stop.args[0])
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        pygame.quit()
    return 0
