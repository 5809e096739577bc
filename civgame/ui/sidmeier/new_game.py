"""The new-game screen of Sid Meier's Civilization: 2-4 players, who plays each seat (a person or a
computer level), each seat's civilization (dealt at random or named), the seed and the game's options."""

from __future__ import annotations

from functools import partial

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from civgame.framework.errors import RuleError
from civgame.games import definition
from civgame.games.sidmeier.content.ruleset import load_rules
from civgame.ui import theme
from civgame.ui.scene import Navigator, NewGameForm
from civgame.ui.sidmeier import art
from civgame.ui.sidmeier.saves import SEAT_KINDS

GAME = definition("sid-meier")
RANDOM = "random"  # a seat's civilization dealt at random (the game's `civilizations` option)
DEFAULT_NAMES = ("Anna", "Ben", "Chloe", "David")
MAX_NAME = 20
SEAT_LABELS = {"human": "Human", "easy": "Computer: Easy", "normal": "Computer: Normal", "hard": "Computer: Hard"}
SEAT_TIP = (
    "Who plays this seat: a person at this computer, or a computer player (Easy, Normal or Hard). Click to change."
)
TIE_BREAKER_TIP = GAME.options["tie_breaker"].capitalize()


class SidMeierNewGameScene(NewGameForm):
    FORM_W = 660

    def __init__(self, app: Navigator):
        super().__init__(app)
        self.rules = load_rules()
        self.seats = 2
        self.names = list(DEFAULT_NAMES)
        self.kinds = ["human"] * len(DEFAULT_NAMES)
        self.civs = [RANDOM] * len(DEFAULT_NAMES)
        self.seed_text = ""
        self.tie_breaker = False

    def _left(self) -> int:
        return max(8, (self.units[0] - self.FORM_W) // 2)

    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        manager = self.app.manager
        left, top = self._left(), max(40, h // 8)
        UILabel(self.rect(0, top, w, 40), f"New game: {GAME.title}", manager, object_id="#heading")
        UILabel(self.rect(left, top + 56, 120, 36), "Players", manager)
        self.seat_buttons: dict[int, UIButton] = {}
        for i, count in enumerate(range(GAME.min_players, GAME.max_players + 1)):
            rect = self.rect(left + 130 + i * 60, top + 56, 52, 36)
            self.seat_buttons[count] = self.add_button(rect, str(count), partial(self._set_seats, count))
        self.seat_buttons[self.seats].select()
        self.rows_top = top + 110
        self.name_entries: list[UITextEntryLine] = []
        self.kind_buttons: list[UIButton] = []
        self.civ_buttons: list[UIButton] = []
        for i in range(self.seats):
            y = self.rows_top + i * 46
            UILabel(self.rect(left + 30, y, 100, 36), f"Seat {i + 1}", manager)
            entry = UITextEntryLine(self.rect(left + 130, y, 150, 36), manager, initial_text=self.names[i])
            entry.set_text_length_limit(MAX_NAME)
            self.name_entries.append(entry)
            self.kind_buttons.append(
                self.add_button(
                    self.rect(left + 286, y, 174, 36),
                    SEAT_LABELS[self.kinds[i]],
                    partial(self._next_kind, i),
                    tooltip=SEAT_TIP,
                )
            )
            self.civ_buttons.append(
                self.add_button(
                    self.rect(left + 466, y, 194, 36),
                    self._civ_name(self.civs[i]),
                    partial(self._next_civ, i),
                    tooltip=self._civ_tip(self.civs[i]),
                )
            )
        y = self.rows_top + self.seats * 46 + 10
        UILabel(self.rect(left, y, 120, 36), "Seed", manager)
        self.seed_entry = UITextEntryLine(
            self.rect(left + 130, y, 300, 36), manager, placeholder_text="empty: a random seed"
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        y += 46
        self.tie_breaker_button = self.add_button(
            self.rect(left + 130, y, 300, 36),
            f"{'☑' if self.tie_breaker else '☐'} Advanced tie-breaker",
            self._toggle_tie_breaker,
            tooltip=TIE_BREAKER_TIP,
            object_id="#toggle",
        )
        self.error = UILabel(self.rect(left, y + 46, self.FORM_W, 28), "", manager)
        self.start_button = self.add_button(
            self.rect(left + 130, y + 82, 300, 44), "Start game", self._start, object_id="#primary"
        )
        self.back_button = self.add_button(self.rect(left + 440, y + 82, 200, 44), "Back", self.app.show_title)

    def _civ_name(self, key: str) -> str:
        return "Random civilization" if key == RANDOM else self.rules.civilizations[key].name

    def _civ_tip(self, key: str) -> str:
        if key == RANDOM:
            return "A civilization dealt at random when the game starts (click to name one)"
        return f"{self.rules.civilizations[key].name} (click for the next civilization)"

    def remember_input(self) -> None:
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
        self.seed_text = self.seed_entry.get_text()

    def _rebuild(self) -> None:
        self.remember_input()
        self.app.manager.clear_and_reset()
        self.build()

    def _set_seats(self, count: int) -> None:
        self.seats = count
        self._rebuild()

    def _next_kind(self, seat: int) -> None:
        self.kinds[seat] = SEAT_KINDS[(SEAT_KINDS.index(self.kinds[seat]) + 1) % len(SEAT_KINDS)]
        self.kind_buttons[seat].set_text(SEAT_LABELS[self.kinds[seat]])

    def _next_civ(self, seat: int) -> None:
        """Random -> each civilization in the rules' order -> Random."""
        cycle = [RANDOM, *self.rules.civilizations]
        self.civs[seat] = cycle[(cycle.index(self.civs[seat]) + 1) % len(cycle)]
        self.civ_buttons[seat].set_text(self._civ_name(self.civs[seat]))
        self.civ_buttons[seat].set_tooltip(self._civ_tip(self.civs[seat]))

    def _toggle_tie_breaker(self) -> None:
        self.tie_breaker = not self.tie_breaker
        self._rebuild()

    def _start(self) -> None:
        chosen = self.chosen_names_and_seed(MAX_NAME)
        if chosen is None:
            return
        names, seed = chosen
        try:
            game = GAME.new_game(names, seed, civilizations=self.civs[: self.seats], tie_breaker=self.tie_breaker)
        except RuleError as exc:  # e.g. two seats naming the same civilization
            self.show_refusal(str(exc))
            return
        self.app.start_sid_meier(game, self.kinds[: self.seats])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        left = self._left()
        for i in range(self.seats):
            centre = (self.px(left + 12), self.px(self.rows_top + i * 46 + 18))
            pygame.draw.circle(surface, art.seat_colour(i), centre, self.px(10))
