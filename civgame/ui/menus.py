"""The screens around a game: title, new game, load, settings."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from pathlib import Path

import pygame
from pygame_gui.elements import UIButton, UIImage, UILabel, UIScrollingContainer, UITextEntryLine

from civgame.ai.levels import OFFERED
from civgame.framework.datafiles import RulesDataError
from civgame.framework.errors import RuleError
from civgame.framework.saves import SaveError
from civgame.framework.text import printable
from civgame.games import definition
from civgame.games.clash.content.ruleset import DEFAULT_RULESET, Ruleset, named_ruleset, ruleset_name
from civgame.games.clash.core.model import LEAD_US, EventVariant, Game, GameVariant, Seat
from civgame.games.clash.rules.base import civilizations
from civgame.games.clash.rules.flow.setup import (
    DEAL,
    DEFAULT_COLOURS,
    RANDOM,
    Civilizations,
    available_variants,
    new_game,
    random_pool,
    variant_note,
    why_not_lead_us,
)
from civgame.games.clash.storage.mods import (
    Mod,
    list_user_mods,
    load_rules,
    load_saved_game,
    offered_rulesets,
    user_mods_dir,
)
from civgame.games.clash.storage.save import read_summary
from civgame.ui import theme, thumbnails
from civgame.ui.animation import ANIMATION_SPEEDS
from civgame.ui.dialogs import Option
from civgame.ui.scene import ROW, Navigator, NewGameForm, Scene
from civgame.ui.sidmeier import saves as sid_meier_saves

BUTTON_W, BUTTON_H = 280, 44
# what the game is, under its name on the title screen
TITLE_LINE = (
    "Two games: play alone against the computer, or with friends at one computer or over the network (Clash only)"
)
SID_MEIER_TIP = (
    "Sid Meier's Civilization: The Board Game (base game), 2–4 players at one computer, people or computer players"
)
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080))
VOLUMES = (25, 50, 70, 100)  # percent
DEFAULT_NAMES = ("Anna", "Ben", "Chloe", "David")
ROW_H = 44  # a save's row on the load screen, its map picture as tall
# Who may play a seat, in the order a click on the seat's button goes through them.
SEAT_KINDS: tuple[Seat, ...] = ("human", *OFFERED)
CLASH = definition("clash")
# How civilizations are given out: each seat Random or a named one; picked in turn order; none at all.
CIV_MODES = {"seats": "Dealt or named", "choose": "Chosen in turn", "none": "None"}
CIV_MODE_TIPS = {
    "seats": "Each seat plays the civilization named on its button, or one dealt at random (click to change)",
    "choose": "Starting with the first player, each player picks a civilization still free when the game begins",
    "none": "Play the base game: no civilizations, special advances or leaders",
}
# Where the rules deal civilizations to choose from (the Civilizations expansion): that deal, or none.
DEALT_CIV_MODES = {DEAL: "Two dealt, one chosen", "none": "None"}
DEALT_CIV_MODE_TIPS = {
    DEAL: "Each player is dealt two civilizations and chooses one in secret; the choices are revealed together, "
    "then each player draws a leader",
    "none": CIV_MODE_TIPS["none"],
}
LEAD_US_TIP = "Variant: each player chooses their leader at the start and in each status phase instead of drawing it"
HOST_TIP = "Open a table for friends who join over the network, with computer and local seats too"
JOIN_TIP = "Take your seat at a game another computer holds, or go back to a game you joined"
SPEED_TIPS = {
    "off": "Show the result of each action at once",
    "fast": "Short animations",
    "normal": "Units slide, cities pulse, combat dice appear one after another",
    "slow": "Long animations, easy to follow",
}


def open_save(app: Navigator, path: str | Path) -> str | None:
    """Load a save with the mods it names (from the user mods folder) and show it: the game, or
    the scores of a finished game. A save made with other rules opens only after the player has
    read the warning in a dialog. Saves of Sid Meier's Civilization (`game_id: sid-meier`) open that game.
    Returns why the save cannot be opened, or None."""
    try:
        if sid_meier_saves.game_id(path) == sid_meier_saves.GAME_ID:
            app.start_sid_meier(*sid_meier_saves.load(path))
            return None
    except SaveError as exc:
        return printable(str(exc))
    try:
        game, warning = load_saved_game(path)
    except SaveError as exc:
        return printable(str(exc))
    except RulesDataError as exc:  # a mod the save needs is missing or broken
        return "\n".join(map(printable, exc.problems))
    except OSError as exc:  # the mods folder cannot be read
        return printable(f"{path}: {exc}")
    if warning and app.scene is not None:
        app.scene.open_message(
            "This save was made with other rules",
            f"{warning[0].upper()}{warning[1:]}.",
            [
                Option("Open it anyway", lambda: show_loaded(app, game)),
                Option("Cancel", lambda: None),
            ],
        )
    else:
        show_loaded(app, game)
    return None


def show_loaded(app: Navigator, game: Game) -> None:
    if game.phase == "over":
        app.show_scores(game)
    else:
        app.start_game(game)


def first_problem(mod: Mod) -> str | None:
    """The first thing wrong with a mod on its own (its mod.yaml or its rules files), or None."""
    if mod.problems:
        return mod.problems[0]
    if mod.info is None:
        return "no valid mod.yaml"
    try:
        load_rules([mod.path])
    except RulesDataError as exc:
        return exc.problems[0] if exc.problems else "its rules cannot be read"
    return None


def _summary(path: Path) -> str:
    """What a listed save holds, for either game; SaveError if it cannot be read."""
    if sid_meier_saves.game_id(path) == sid_meier_saves.GAME_ID:
        return sid_meier_saves.summary(path)
    return read_summary(path).describe()


def _modified(path: Path) -> float:
    """When a save was written; 0 for one removed or unreadable since it was listed."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class TitleScene(Scene):
    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        UILabel(self.rect(0, h // 6 - 10, w, 80), "civgame", self.app.manager, object_id="#title_label")
        UILabel(
            self.rect(0, h // 6 + 70, w, 32),
            TITLE_LINE,
            self.app.manager,
        )
        autosave = self.app.settings.autosave_path
        x = (w - BUTTON_W) // 2
        rects = [self.rect(x, h // 6 + 110 + i * (BUTTON_H + 10), BUTTON_W, BUTTON_H) for i in range(8)]
        self.new_button = self.add_button(
            rects[0], "New game: Clash of Cultures", self.app.show_new_game, object_id="#primary"
        )
        self.sid_meier_button = self.add_button(
            rects[1],
            "New game: Sid Meier's Civilization",
            self.app.show_sid_meier_new_game,
            tooltip=SID_MEIER_TIP,
            object_id="#primary",
        )
        rects = rects[1:]
        self.continue_button = self.add_button(
            rects[1],
            "Continue",
            self._continue,
            enabled=autosave.is_file(),
            tooltip=(
                "Resume the game saved automatically at the last hand-over"
                if autosave.is_file()
                else "No game to continue yet: a game is saved automatically once it is under way"
            ),
        )
        self.load_button = self.add_button(rects[2], "Load", self.app.show_load)
        self.host_button = self.add_button(rects[3], "Host a game", self.app.show_host, tooltip=HOST_TIP)
        self.join_button = self.add_button(rects[4], "Join a game", self.app.show_join, tooltip=JOIN_TIP)
        self.settings_button = self.add_button(rects[5], "Settings", self.app.show_settings)
        self.quit_button = self.add_button(rects[6], "Quit", self.app.quit)

    def _continue(self) -> None:
        problem = open_save(self.app, self.app.settings.autosave_path)
        if problem:
            self.show_error(problem)

    def show_error(self, text: str) -> None:
        self.open_message("Cannot open the save", text)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


EVENT_VARIANTS: dict[EventVariant, tuple[str, str]] = {
    "standard": ("All", "Event cards act in full: the icon, then the card's text"),
    "no_events": ("Icons only", "Variant: only the icon of each event card acts, never its text"),
    "optional_events": ("Optional", "Variant: whoever draws an event card may decline its text; its icon still acts"),
}


VARIANTS: dict[GameVariant | None, tuple[str, str]] = {
    None: ("Standard", "The game lasts the rules' number of ages"),
    "four_rounds": (
        "Four rounds",
        "Variant: 4 rounds; each player starts with two settlers and a happy city, and takes two free advances "
        "in each status phase",
    ),
    "roll_to_end": ("Roll to end", "Variant: up to 7 rounds; a roll as each of the last turns begins may end it"),
    "wonderful_ending": (
        "Wonderful ending",
        "Variant: up to 7 rounds; a wonder built in one of the last 5 turns ends the game after that turn",
    ),
}


class NewGameScene(NewGameForm):
    """Seats, names, seed, and the user's mods as toggles, applied top to bottom."""

    SEAT_KINDS = SEAT_KINDS

    FORM_W = 640
    MODS_W = 340
    MOD_ROW = 42

    def __init__(self, app: Navigator):
        super().__init__(app)
        self.seats = 2
        self.names = list(DEFAULT_NAMES)
        self.kinds: list[Seat] = ["human"] * len(DEFAULT_NAMES)  # who plays each seat: a person or a computer level
        self.seed_text = ""
        try:
            self.mods: list[Mod] = list_user_mods()
        except OSError:  # an unreadable mods folder: play without mods
            self.mods = []
        self.chosen_mods: set[Path] = set()
        self.mod_problems = {mod.path: first_problem(mod) for mod in self.mods}
        self.civ_mode: str | None = None  # None until the player picks: Dealt or named if Random can deal
        self.seat_civs: list[str] = [RANDOM] * len(DEFAULT_NAMES)
        self.also_random: set[str] = set()  # civilizations kept out of Random by their rules, ticked in
        self.what_if = False  # the variant What if?: leaders dealt from one shared deck
        self.lead_us = False  # the variant Lead us: leaders chosen instead of drawn (where the rules deal them)
        self.lead_us_button: UIButton | None = None
        self.ruleset = DEFAULT_RULESET  # a word of `offered_rulesets`
        self.variant: GameVariant | None = None  # the game's length or end, if not the rules' own
        self.options: set[str] = set()  # the chosen ruleset's options switched on (`GameRules.options`)
        self.rules = self._load_chosen_rules()
        self.event_variant: EventVariant = "standard"

    def _set_events(self, variant: EventVariant) -> None:
        self.event_buttons[self.event_variant].unselect()
        self.event_variant = variant
        self.event_buttons[variant].select()

    def _left(self) -> int:
        return max(8, (self.units[0] - self.FORM_W - 20 - self.MODS_W) // 2)

    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        manager = self.app.manager
        left = self._left()
        top = max(40, h // 8)
        UILabel(self.rect(0, top, w, 40), "New game", manager, object_id="#heading")
        self.build_seat_counts(left, top + 56, range(CLASH.min_players, CLASH.max_players + 1))
        self.name_rows_top = top + 110
        self.build_seat_rows(left, self.name_rows_top)
        self._build_civilizations(left, self.name_rows_top)
        y = self.name_rows_top + self.seats * ROW + 10 + self.civ_rows_h
        self.build_seed_row(left, y)
        y += 46
        UILabel(self.rect(left, y, 120, 36), "Events", manager)
        self.event_buttons: dict[EventVariant, UIButton] = {}
        for i, (variant, (label, tip)) in enumerate(EVENT_VARIANTS.items()):
            rect = self.rect(left + 130 + i * 102, y, 96, 36)
            self.event_buttons[variant] = self.add_button(rect, label, partial(self._set_events, variant), tooltip=tip)
        self.event_buttons[self.event_variant].select()
        self._build_rulesets(left, top + 56)
        y = self._build_variants(left, y)
        y = self._build_options(left, y)
        self.error = UILabel(self.rect(left, y + 48, self.FORM_W, 28), "", manager)
        self.start_button = self.add_button(
            self.rect(left + 130, y + 84, 300, 44), "Start game", self._start, object_id="#primary"
        )
        self.back_button = self.add_button(self.rect(left + 440, y + 84, 200, 44), "Back", self.app.show_title)
        self._build_mods(self.rect(left + self.FORM_W + 20, top + 56, self.MODS_W, h - top - 56 - 30))

    def _build_rulesets(self, left: int, y: int) -> None:
        """The rules to choose, when more than one ruleset is offered: beside the players' count, at `y`."""
        self.ruleset_buttons: dict[str, UIButton] = {}
        offered = offered_rulesets()
        if len(offered) < 2:
            return
        right = left + self.FORM_W
        width = 112
        UILabel(self.rect(right - len(offered) * (width + 6) - 66, y, 60, 36), "Rules", self.app.manager)
        for i, (word, folder) in enumerate(offered.items()):
            rules = named_ruleset(folder)
            tip = " ".join([rules.game.name, *(f"Provisional: {note}" for note in rules.game.provisional)])
            rect = self.rect(right - (len(offered) - i) * (width + 6) + 6, y, width, 36)
            self.ruleset_buttons[word] = self.add_button(
                rect, word.capitalize(), partial(self._set_ruleset, word), tooltip=tip
            )
        self.ruleset_buttons[self.ruleset].select()

    def _set_ruleset(self, word: str) -> None:
        self.ruleset = word
        self.options.clear()  # (another ruleset's options are not this one's)
        self.rules = self._load_chosen_rules()
        self.rebuild()

    def _ruleset_name(self) -> str:
        """The chosen ruleset, named with its chosen options."""
        return ruleset_name(offered_rulesets()[self.ruleset], sorted(self.options))

    def _build_options(self, left: int, y: int) -> int:
        """A row of the chosen ruleset's options, each switched on and off by its button; the row's top."""
        self.option_buttons: dict[str, UIButton] = {}
        offered = self.rules.game.options if self.rules is not None else {}
        if not offered:
            return y
        y += 46
        UILabel(self.rect(left, y, 120, 36), "Options", self.app.manager)
        width = (self.FORM_W - 130) // len(offered) - 6
        for i, (option, spec) in enumerate(offered.items()):
            rect = self.rect(left + 130 + i * (width + 6), y, width, 36)
            button = self.add_button(rect, spec.name, partial(self._toggle_option, option), tooltip=spec.text)
            if option in self.options:
                button.select()
            self.option_buttons[option] = button
        return y

    def _toggle_option(self, option: str) -> None:
        self.options ^= {option}
        self.rules = self._load_chosen_rules()
        self.rebuild()

    def _variants(self) -> list[GameVariant]:
        return available_variants(self.rules) if self.rules is not None else []

    def _build_variants(self, left: int, y: int) -> int:
        """A row choosing the game's length or end, when the rules offer variants of them; the row's top."""
        self.variant_buttons: dict[GameVariant | None, UIButton] = {}
        offered = self._variants()
        if self.variant not in offered:
            self.variant = None
        if not offered:
            return y
        y += 46
        UILabel(self.rect(left, y, 120, 36), "Length", self.app.manager)
        choices: list[GameVariant | None] = [None, *offered]
        width = (self.FORM_W - 130) // len(choices) - 6
        for i, variant in enumerate(choices):
            label, tip = VARIANTS[variant]
            note = variant_note(self.rules, variant) if variant is not None and self.rules is not None else ""
            tip = f"{tip}; {note}" if note else tip
            rect = self.rect(left + 130 + i * (width + 6), y, width, 36)
            self.variant_buttons[variant] = self.add_button(
                rect, label, partial(self._set_variant, variant), tooltip=tip
            )
        self.variant_buttons[self.variant].select()
        return y

    def _set_variant(self, variant: GameVariant | None) -> None:
        self.variant_buttons[self.variant].unselect()
        self.variant = variant
        self.variant_buttons[variant].select()

    # ------------------------------------------------------------------ civilizations
    def _load_chosen_rules(self) -> Ruleset | None:
        """The rules chosen with the chosen mods (None if they cannot be loaded: Start game says why)."""
        try:
            return load_rules(self.chosen_mod_folders(), self._ruleset_name())
        except RulesDataError:
            return None

    def playable_civs(self) -> list[str]:
        return civilizations.playable(self.rules) if self.rules is not None else []

    def dealable(self) -> list[str]:
        return random_pool(self.rules, sorted(self.also_random)) if self.rules is not None else []

    def dealt(self) -> bool:
        """Whether these rules deal civilizations to choose from (the Civilizations expansion)."""
        return self.rules is not None and self.rules.game.civilizations.dealt is not None

    def _modes(self) -> tuple[dict[str, str], dict[str, str]]:
        """The ways of giving out civilizations these rules have, and their tooltips."""
        return (DEALT_CIV_MODES, DEALT_CIV_MODE_TIPS) if self.dealt() else (CIV_MODES, CIV_MODE_TIPS)

    def mode(self) -> str:
        """The chosen way of giving out civilizations, or the default: Random for every seat (or the rules'
        deal) when enough civilizations can be dealt, else none."""
        if not self.playable_civs():
            return "none"
        if self.civ_mode in self._modes()[0]:
            return self.civ_mode
        return (DEAL if self.dealt() else "seats") if len(self.dealable()) >= self.seats else "none"

    def _civ_name(self, key: str) -> str:
        return "Random" if key == RANDOM or self.rules is None else self.rules.civilizations[key].name

    def _civ_tip(self, key: str) -> str:
        if key == RANDOM or self.rules is None:
            return "A civilization dealt at random when the game starts (click to name one)"
        civ = self.rules.civilizations[key]
        return f"{civ.name}: {civ.text} (click for the next civilization)"

    def _no_civilization_note(self) -> tuple[str, str]:
        """Why no civilization is offered: the note, naming the civilizations the rules hold, and its tooltip,
        with what keeps each out."""
        text = "No civilization has all its abilities in play in these rules yet, so everyone plays without one."
        names, why = self._left_out()
        if not names:
            return text, ""
        return f"{text} Not offered: {', '.join(names)} (point here to see why).", why

    def _left_out(self) -> tuple[list[str], str]:
        """The civilizations of the rules that are not offered, and what keeps each out."""
        groups = civilizations.not_offered(self.rules) if self.rules is not None else {}
        if self.rules is None or not groups:
            return [], ""
        names = [civ.name for civ in self.rules.civilizations.values() if civilizations.why_not_offered(civ)]
        return names, " ".join(f"{', '.join(group)}: {reason}." for reason, group in groups.items())

    def _left_out_line(self, left: int, y: int) -> None:
        """Beside the Lead us toggle, where some civilizations are offered: how many others are left out and,
        pointed at, which and why."""
        names, why = self._left_out()
        if not names:
            return
        half = (self.FORM_W - 130 - 6) // 2
        text = f"{len(names)} others not offered (point here)"
        line = UILabel(self.rect(left + 136 + half, y, half, 36), text, self.app.manager, object_id="#prompt")
        line.set_tooltip(f"Not offered: {why}")
        self.civ_note, self.civ_note_why = text, why

    def _build_civilizations(self, left: int, rows_top: int) -> None:
        """A civilization button on each seat's row, the way they are given out, and the extra civilizations
        that Random may deal."""
        manager = self.app.manager
        playable = self.playable_civs()
        self.seat_civs = [key if key in playable else RANDOM for key in self.seat_civs]
        self.civ_buttons: list[UIButton] = []
        self.civ_mode_buttons: dict[str, UIButton] = {}
        self.extra_civ_buttons: dict[str, UIButton] = {}
        mode = self.mode()
        for i in range(self.seats if mode == "seats" else 0):
            key = self.seat_civs[i]
            button = self.add_button(
                self.rect(left + 466, rows_top + i * 46, 174, 36),
                self._civ_name(key),
                partial(self._next_civ, i),
                tooltip=self._civ_tip(key),
            )
            self.civ_buttons.append(button)
        y = rows_top + self.seats * 46 + 4
        UILabel(self.rect(left, y, 130, 36), "Civilizations", manager)
        if not playable:
            size = round(14 * self.app.scale)
            text, why = self._no_civilization_note()
            lines = theme.wrap_text(text, size, self.px(self.FORM_W - 140))
            for j, line in enumerate(lines):
                note_line = UILabel(
                    self.rect(left + 130, y + j * 26, self.FORM_W - 130, 26), line, manager, object_id="#prompt"
                )
                if why:
                    note_line.set_tooltip(why)
            self.civ_note = " ".join(lines)
            self.civ_note_why = why
            self.civ_rows_h = 4 + max(46, len(lines) * 26 + 10)
            self.lead_us_button = self._lead_us_toggle(left, y + self.civ_rows_h - 4)
            self.civ_rows_h += 42 if self.lead_us_button is not None else 0
            return
        self.civ_note = self.civ_note_why = ""
        modes, tips = self._modes()
        for j, (key, label) in enumerate(modes.items()):
            button = self.add_button(
                self.rect(left + 130 + j * 172, y, 166, 36),
                label,
                partial(self._set_civ_mode, key),
                tooltip=tips[key],
            )
            if key == mode:
                button.select()
            self.civ_mode_buttons[key] = button
        y += 46
        self.what_if_button = None
        if self.dealt():
            self.lead_us_button = self._lead_us_toggle(left, y)
            self._left_out_line(left, y)
            self.civ_rows_h = 4 + 46 + 42
            return
        if mode == "none":
            self.civ_rows_h = 4 + 46
            return
        extras = [k for k in playable if self.rules is not None and not self.rules.civilizations[k].random_pool]
        extras = extras if mode == "seats" else []  # only Random deals
        toggles: list[tuple[str, Callable[[], None], str]] = [
            (
                f"{'☑' if self.what_if else '☐'} What if? (shared leaders)",
                self._toggle_what_if,
                "Variant: the leaders of every civilization that may be dealt or is played are shuffled together "
                "and each player is dealt three of them, whatever their civilization",
            )
        ]
        toggles += [
            (
                f"{'☑' if key in self.also_random else '☐'} {self._civ_name(key)} dealt at random",
                partial(self._toggle_extra_civ, key),
                f"{self._civ_name(key)} is dealt at random only if this is ticked; a seat may always name it",
            )
            for key in extras
        ]
        half = (self.FORM_W - 130 - 6) // 2
        for j, (label, press, tip) in enumerate(toggles):  # two to a row
            rect = self.rect(left + 130 + (j % 2) * (half + 6), y + (j // 2) * 42, half, 36)
            button = self.add_button(rect, label, press, tooltip=tip, object_id="#toggle")
            if j == 0:
                self.what_if_button = button
            else:
                self.extra_civ_buttons[extras[j - 1]] = button
        self.civ_rows_h = 4 + 46 + 42 * ((len(toggles) + 1) // 2)

    def _lead_us_toggle(self, left: int, y: int) -> UIButton | None:
        """The Lead us variant's toggle, where the rules have it: greyed, with the rules' reason, while no
        civilization is dealt."""
        if self.rules is None or not self.rules.game.variants.lead_us:
            return None
        rect = self.rect(left + 130, y, (self.FORM_W - 130 - 6) // 2, 36)
        why = why_not_lead_us(self.civilization_setup())
        label = f"{'☑' if self.lead_us and not why else '☐'} Lead us (leaders chosen)"
        button = self.add_button(rect, label, self._toggle_lead_us, tooltip=why or LEAD_US_TIP, object_id="#toggle")
        if why:
            button.disable()
        return button

    def _toggle_lead_us(self) -> None:
        self.lead_us = not self.lead_us
        self.rebuild()

    def _next_civ(self, seat: int) -> None:
        """Random -> each playable civilization in the rules' order -> Random."""
        cycle = [RANDOM, *self.playable_civs()]
        key = cycle[(cycle.index(self.seat_civs[seat]) + 1) % len(cycle)]
        self.seat_civs[seat] = key
        self.civ_buttons[seat].set_text(self._civ_name(key))
        self.civ_buttons[seat].set_tooltip(self._civ_tip(key))

    def _set_civ_mode(self, mode: str) -> None:
        self.civ_mode = mode
        self.rebuild()

    def _toggle_what_if(self) -> None:
        self.what_if = not self.what_if
        self.rebuild()

    def _toggle_extra_civ(self, key: str) -> None:
        self.also_random ^= {key}
        self.rebuild()

    def civilization_setup(self) -> Civilizations:
        """What `new_game` is told: the seats' civilizations (named or random), choose, or none."""
        mode = self.mode()
        if mode == "none":
            return None
        if mode == "choose":
            return "choose"
        if mode == DEAL:
            return DEAL
        return self.seat_civs[: self.seats]

    def _build_mods(self, area: pygame.Rect) -> None:
        """One toggle per mod of the user mods folder; several chosen ones stack in the listed order."""
        manager = self.app.manager
        UILabel(
            pygame.Rect(area.x, area.y, area.w, self.px(36)),
            "Mods (applied top to bottom)",
            manager,
            object_id="#prompt",
        )
        folder = str(user_mods_dir())
        self.mod_buttons: dict[Path, UIButton] = {}
        list_top = area.y + self.px(42)
        if not self.mods:
            size = round(14 * self.app.scale)
            hint = theme.wrap_text("No mods installed. Put each mod in its own folder inside:", size, area.w - 10)
            for i, line in enumerate([*hint, *theme.wrap_text(folder, size, area.w - 10)]):  # the whole path
                UILabel(
                    pygame.Rect(area.x, list_top + i * self.px(26), area.w, self.px(26)),
                    line,
                    manager,
                    object_id="#prompt",
                )
            return
        holder = None
        x, y = area.x, list_top
        row = self.px(self.MOD_ROW)
        needed = len(self.mods) * row
        visible = area.bottom - list_top
        if needed > visible:  # a long list scrolls
            holder = UIScrollingContainer(pygame.Rect(area.x, list_top, area.w, visible), manager, allow_scroll_x=False)
            holder.set_scrollable_area_dimensions((area.w - 22, needed))
            x, y = 0, 0
        width = area.w - (22 if holder else 0)
        for i, mod in enumerate(self.mods):
            button = UIButton(
                pygame.Rect(x, y + i * row, width, row - self.px(6)),
                "",
                manager,
                container=holder,
                tool_tip_text=self._mod_tooltip(mod),
                object_id="#toggle",
            )
            self.buttons[button] = partial(self._toggle, mod)
            self.mod_buttons[mod.path] = button
            self._show_toggle(mod)

    def _mod_tooltip(self, mod: Mod) -> str:
        problem = self.mod_problems[mod.path]
        if problem is not None or mod.info is None:
            return f"This mod cannot be used: {problem}"
        return f"{mod.info.description or mod.info.name} (changes the {mod.info.base} rules; folder {mod.path})"

    def _show_toggle(self, mod: Mod) -> None:
        button = self.mod_buttons[mod.path]
        chosen = mod.path in self.chosen_mods
        version = f" {mod.info.version}" if mod.info is not None else " (invalid)"
        broken = " — broken" if self.mod_problems[mod.path] is not None else ""
        label = f"{'☑' if chosen else '☐'} {mod.name}{version}{broken}"
        button.set_text(theme.fit_text(label, round(14 * self.app.scale), button.rect.w - 16))
        if chosen:
            button.select()
        else:
            button.unselect()

    def _toggle(self, mod: Mod) -> None:
        """Mods may change which civilizations are in play: then the form is built again for them."""
        offered = self._civilizations_offered()
        self.chosen_mods ^= {mod.path}
        self.rules = self._load_chosen_rules()
        if self._civilizations_offered() != offered:
            self.rebuild()
        else:
            self._show_toggle(mod)

    def _civilizations_offered(self) -> list[tuple[str, str, bool]]:
        """What the civilization buttons show: each playable civilization's key, name and pool."""
        rules = self.rules
        if rules is None:
            return []
        return [(k, rules.civilizations[k].name, rules.civilizations[k].random_pool) for k in self.playable_civs()]

    def chosen_mod_folders(self) -> list[Path]:
        """The chosen mods' folders in the listed order, which is the order they are applied in."""
        return [mod.path for mod in self.mods if mod.path in self.chosen_mods]

    def _start(self) -> None:
        chosen = self.chosen_names_and_seed()
        if chosen is None:
            return
        names, seed = chosen
        try:
            rules = load_rules(self.chosen_mod_folders(), self._ruleset_name())
        except RulesDataError as exc:
            self.open_message("These mods cannot be used", "\n".join(exc.problems))
            return
        try:
            game = new_game(
                names,
                seed,
                rules=rules,
                civilizations=self.civilization_setup(),
                also_random=sorted(self.also_random),
                what_if=self.what_if and self.mode() in CIV_MODES and self.mode() != "none",
                events=self.event_variant,
                variants=self.chosen_variants(),
            )
        except RuleError as exc:
            self.show_refusal(str(exc))
            return
        for player, kind in zip(game.players, self.kinds, strict=False):
            player.seat = kind
        self.app.start_game(game)

    def chosen_variants(self) -> list[GameVariant]:
        """The variants the game is played with: of its length or end, and Lead us where civilizations are dealt."""
        lead_us: list[GameVariant] = [LEAD_US] if self.lead_us and self.mode() == DEAL else []
        return [*([self.variant] if self.variant is not None else []), *lead_us]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        left = self._left()
        for i in range(self.seats):
            colour = theme.player_colour(DEFAULT_COLOURS[i]) if i < len(DEFAULT_COLOURS) else theme.TEXT_DIM
            centre = (self.px(left + 12), self.px(self.name_rows_top + i * ROW + 18))
            pygame.draw.circle(surface, colour, centre, self.px(10))


class LoadScene(Scene):
    MAX_LISTED = 8
    typed_path = ""  # what was typed into the path field, kept over a resize

    def remember_input(self) -> None:
        self.typed_path = self.path_entry.get_text()

    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        manager = self.app.manager
        top = max(30, h // 10)
        UILabel(self.rect(0, top, w, 40), "Load a game", manager, object_id="#heading")
        left = (w - 560) // 2
        saves = self._saves()
        self.save_buttons = []
        y = top + 56
        if not saves:
            where = theme.fit_text(f"No saves yet in {self.app.settings.saves_dir}", self.px(14), self.px(w - 40))
            UILabel(self.rect(0, y, w, 30), where, manager)
            y += 40
        self.thumbnails: list[UIImage] = []
        picture_w = round(ROW_H * thumbnails.SIZE[0] / thumbnails.SIZE[1])
        for path in saves[: self.MAX_LISTED]:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(_modified(path)))
            name, where = printable(path.name), printable(str(path))  # a file may be named with any character
            try:
                summary = _summary(path)
                label, tip = f"{name} — {summary}   ({stamp})", f"{summary}; saved {stamp} in {where}"
            except SaveError as exc:
                label, tip = f"{name} — cannot be read   ({stamp})", printable(str(exc))
            picture = thumbnails.load(path)
            if picture is not None:
                place = self.rect(left - picture_w - 8, y, picture_w, ROW_H)
                self.thumbnails.append(UIImage(place, pygame.transform.smoothscale(picture, place.size), manager))
            rect = self.rect(left, y, 560, ROW_H)
            text = theme.fit_text(label, self.px(14), rect.w - self.px(20))
            button = self.add_button(rect, text, partial(self._open, path), tooltip=tip)
            self.save_buttons.append(button)
            y += ROW_H + 6
        UILabel(self.rect(left, y + 10, 560, 28), "Or type the path of a save file:", manager)
        self.path_entry = UITextEntryLine(self.rect(left, y + 40, 440, 38), manager, initial_text=self.typed_path)
        self.open_button = self.add_button(
            self.rect(left + 450, y + 40, 110, 38), "Open", lambda: self._open(self.path_entry.get_text())
        )
        self.error = UILabel(self.rect(0, y + 88, w, 28), "", manager)
        self.back_button = self.add_button(self.rect((w - 200) // 2, y + 128, 200, 40), "Back", self.app.show_title)

    def _saves(self) -> list[Path]:
        settings = self.app.settings
        found = list(settings.saves_dir.glob("*.yaml")) if settings.saves_dir.is_dir() else []
        found += settings.data_dir.glob("autosave*.yaml")  # every window's on this data folder
        return sorted(found, key=_modified, reverse=True)

    def _open(self, path: str | Path) -> None:
        if not str(path).strip():
            self.error.set_text("Type the path of a save file first.")
            return
        self.error.set_text("")
        problem = open_save(self.app, Path(str(path).strip()).expanduser())
        if problem:
            self.open_message("Cannot open the save", problem)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


class SettingsScene(Scene):
    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        manager = self.app.manager
        settings = self.app.settings
        top = max(30, h // 8)
        left = (w - 520) // 2
        UILabel(self.rect(0, top, w, 40), "Settings", manager, object_id="#heading")
        UILabel(self.rect(left, top + 60, 160, 36), "Window size", manager)
        for i, size in enumerate(WINDOW_SIZES):
            button = self.add_button(
                self.rect(left + 170 + i * 118, top + 60, 110, 36),
                f"{size[0]}×{size[1]}",
                partial(self._set, size=size, fullscreen=False),
            )
            if size == settings.size and not settings.fullscreen:
                button.select()
        self.fullscreen_button = self.add_button(
            self.rect(left + 170, top + 110, 346, 36),
            f"Fullscreen: {'on' if settings.fullscreen else 'off'}",
            lambda: self._set(fullscreen=not settings.fullscreen),
        )
        self.autosave_button = self.add_button(
            self.rect(left + 170, top + 160, 346, 36),
            f"Autosave at each hand-over: {'on' if settings.autosave else 'off'}",
            lambda: self._set(autosave=not settings.autosave),
        )
        UILabel(self.rect(left, top + 210, 160, 36), "Animation speed", manager)
        self.speed_buttons: dict[str, UIButton] = {}
        for i, speed in enumerate(ANIMATION_SPEEDS):
            button = self.add_button(
                self.rect(left + 170 + i * 88, top + 210, 82, 36),
                speed.capitalize(),
                partial(self._set, animation_speed=speed),
                tooltip=SPEED_TIPS[speed],
            )
            if speed == settings.animation_speed:
                button.select()
            self.speed_buttons[speed] = button
        self.coordinates_button = self.add_button(
            self.rect(left + 170, top + 260, 346, 36),
            f"Coordinates on the map: {'on' if settings.show_coordinates else 'off'}",
            lambda: self._set(show_coordinates=not settings.show_coordinates),
            tooltip="Label every space (C4); the status bar names the space under the pointer either way.",
        )
        UILabel(self.rect(left, top + 310, 160, 36), "Sound", manager)
        self.mute_button = self.add_button(
            self.rect(left + 170, top + 310, 82, 36),
            "Muted" if settings.muted else "Sound on",
            lambda: self._set(muted=not settings.muted),
            tooltip="Sound effects for dice, battles, building, cards, events and the end of a turn.",
        )
        self.volume_buttons: dict[int, UIButton] = {}
        for i, volume in enumerate(VOLUMES):
            button = self.add_button(
                self.rect(left + 258 + i * 66, top + 310, 60, 36),
                f"{volume}%",
                partial(self._set, volume=volume, muted=False),
                tooltip=f"Sound effects at {volume}% volume",
            )
            if volume == settings.volume:
                button.select()
            self.volume_buttons[volume] = button
        UILabel(
            self.rect(0, top + 364, w, 28),
            "Map: drag or arrow keys to pan, mouse wheel or +/- to zoom, Home to fit the whole map.",
            manager,
        )
        self.back_button = self.add_button(self.rect((w - 200) // 2, top + 420, 200, 40), "Back", self.app.show_title)

    def _set(self, **changes) -> None:
        settings = self.app.settings
        display_changed = any(getattr(settings, k) != v for k, v in changes.items() if k in ("size", "fullscreen"))
        for key, value in changes.items():
            setattr(settings, key, value)
        with suppress(OSError):  # the choice still applies to this session
            settings.store()
        if "volume" in changes or "muted" in changes:
            self.app.sounds.set_volume(0 if settings.muted else settings.volume)
            self.app.sounds.play("card")  # a sample at the new volume
        if display_changed:
            self.app.apply_display_settings()
        else:
            self.app.manager.clear_and_reset()
            self.build()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)


class ErrorScene(Scene):
    """Shown after an unexpected error: says where the game was saved and where the details are."""

    def __init__(self, app: Navigator, text: str):
        super().__init__(app)
        self.text = text

    def build(self) -> None:
        self.buttons = {}
        self.open_message("Something went wrong", self.text, [Option("Back to title", self.app.show_title)])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
