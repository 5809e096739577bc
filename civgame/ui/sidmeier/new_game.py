"""The new-game screen of Sid Meier's Civilization: 2-4 players (5 with Fame and Fortune), who plays each
seat (a person or a computer level), each seat's civilization (dealt at random or named), the seed and the
game's options."""

from __future__ import annotations

from functools import partial

import pygame
from pygame_gui.elements import UIButton, UILabel

from civgame.framework.errors import RuleError
from civgame.games import definition
from civgame.games.sidmeier.content.ruleset import Expansion, load_rules
from civgame.ui import theme
from civgame.ui.scene import ROW, Navigator, NewGameForm
from civgame.ui.sidmeier import art
from civgame.ui.sidmeier.saves import SEAT_KINDS

GAME = definition("sid-meier")
RANDOM = "random"  # a seat's civilization dealt at random (the game's `civilizations` option)
DEFAULT_NAMES = ("Anna", "Ben", "Chloe", "David", "Emma")
TIE_BREAKER_TIP = GAME.options["tie_breaker"].capitalize()
DECK_TIP = GAME.options["great_person_deck"].split(" (--")[0] + "."
DECK_NEEDS = "The great person deck is an option of Fame and Fortune: switch Fame and Fortune on first."


def expansion_tip(expansion: Expansion) -> str:
    """What switching an expansion on plays, and what of it is not built yet, in plain words."""
    tip = f"Play with {expansion.name}: {expansion.built}."
    return f"{tip} Not built yet: {expansion.missing}." if expansion.missing else tip


class SidMeierNewGameScene(NewGameForm):
    SEAT_KINDS = SEAT_KINDS
    FORM_W = 660

    def __init__(self, app: Navigator):
        super().__init__(app)
        self.rules = load_rules()
        self.seats = GAME.min_players
        self.names = list(DEFAULT_NAMES)
        self.kinds = ["human"] * len(DEFAULT_NAMES)
        self.civs = [RANDOM] * len(DEFAULT_NAMES)
        self.seed_text = ""
        self.tie_breaker = False
        self.offered = self.rules.game.expansions
        self.expansions = [e.id for e in self.offered if e.id in app.settings.first_expansions]
        self.rules = load_rules(expansions=self.expansions)  # (an expansion's civilizations are offered with it)
        self.great_person_deck = app.settings.first_great_person_deck and self._deck_offered()

    def _left(self) -> int:
        return max(8, (self.units[0] - self.FORM_W) // 2)

    def build(self) -> None:
        self.buttons = {}
        w, h = self.units
        manager = self.app.manager
        # the form's height: heading and seat counts, the seats, seed, tie-breaker, expansions, deck, start
        height = 110 + self.seats * ROW + 10 + 46 * (3 + len(self.offered)) + 82 + 44
        left, top = self._left(), max(8, min(h // 8, h - height - 8))  # (5 seats: higher up to fit 720)
        UILabel(self.rect(0, top, w, 40), f"New game: {GAME.title}", manager, object_id="#heading")
        # (as many seats as the rules played allow: Fame and Fortune's 5th player only with it)
        self.build_seat_counts(left, top + 56, range(GAME.min_players, self.rules.game.players.max + 1))
        self.rows_top = top + 110
        self.build_seat_rows(left, self.rows_top)
        self.civ_buttons: list[UIButton] = []
        for i in range(self.seats):
            self.civ_buttons.append(
                self.add_button(
                    self.rect(left + 466, self.rows_top + i * ROW, 194, 36),
                    self._civ_name(self.civs[i]),
                    partial(self._next_civ, i),
                    tooltip=self._civ_tip(self.civs[i]),
                )
            )
        y = self.rows_top + self.seats * ROW + 10
        self.build_seed_row(left, y)
        y += 46
        self.tie_breaker_button = self.add_button(
            self.rect(left + 130, y, 300, 36),
            f"{'☑' if self.tie_breaker else '☐'} Advanced tie-breaker",
            self._toggle_tie_breaker,
            tooltip=TIE_BREAKER_TIP,
            object_id="#toggle",
        )
        self.expansion_buttons: dict[str, UIButton] = {}
        for expansion in self.offered:
            y += 46
            self.expansion_buttons[expansion.id] = self.add_button(
                self.rect(left + 130, y, 300, 36),
                f"{'☑' if expansion.id in self.expansions else '☐'} {expansion.name}"
                + (" (partly built)" if expansion.missing else ""),
                partial(self._toggle_expansion, expansion.id),
                tooltip=expansion_tip(expansion),
                object_id="#toggle",
            )
        y += 46
        offered = self._deck_offered()
        unbuilt = self._deck_unbuilt()
        self.deck_button = self.add_button(
            self.rect(left + 130, y, 300, 36),
            f"{'☑' if self.great_person_deck else '☐'} Great person deck" + (" (partly built)" if unbuilt else ""),
            self._toggle_deck,
            enabled=offered,
            tooltip=(DECK_TIP + (f" Not built yet: the abilities of {unbuilt}." if unbuilt else ""))
            if offered
            else DECK_NEEDS,
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

    def _next_civ(self, seat: int) -> None:
        """Random -> each civilization in the rules' order -> Random."""
        cycle = [RANDOM, *self.rules.civilizations]
        self.civs[seat] = cycle[(cycle.index(self.civs[seat]) + 1) % len(cycle)]
        self.civ_buttons[seat].set_text(self._civ_name(self.civs[seat]))
        self.civ_buttons[seat].set_tooltip(self._civ_tip(self.civs[seat]))

    def _toggle_tie_breaker(self) -> None:
        self.tie_breaker = not self.tie_breaker
        self.rebuild()

    def _toggle_expansion(self, expansion: str) -> None:
        chosen = set(self.expansions) ^ {expansion}
        self.expansions = [e.id for e in self.offered if e.id in chosen]
        self.rules = load_rules(expansions=self.expansions)
        self.seats = min(self.seats, self.rules.game.players.max)
        # a civilization named from an expansion switched off is dealt at random again
        self.civs = [c if c in self.rules.civilizations else RANDOM for c in self.civs]
        self.great_person_deck = self.great_person_deck and self._deck_offered()
        self.rebuild()

    def _deck_offered(self) -> bool:
        """The expansions chosen bring a great person deck (Fame and Fortune's)."""
        return bool(load_rules(expansions=self.expansions).person_cards)

    def _deck_unbuilt(self) -> str:
        """The cards of the deck whose ability is not played yet, named (they bring their great person only)."""
        cards = load_rules(expansions=self.expansions).person_cards.values()
        return ", ".join(card.name for card in cards if not card.effects)

    def _toggle_deck(self) -> None:
        self.great_person_deck = not self.great_person_deck
        self.rebuild()

    def _start(self) -> None:
        chosen = self.chosen_names_and_seed()
        if chosen is None:
            return
        names, seed = chosen
        try:
            game = GAME.new_game(
                names,
                seed,
                civilizations=self.civs[: self.seats],
                tie_breaker=self.tie_breaker,
                expansions=self.expansions,
                great_person_deck=self.great_person_deck,
            )
        except RuleError as exc:  # e.g. two seats naming the same civilization
            self.show_refusal(str(exc))
            return
        self.app.start_sid_meier(game, self.kinds[: self.seats])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        left = self._left()
        for i in range(self.seats):
            centre = (self.px(left + 12), self.px(self.rows_top + i * ROW + 18))
            pygame.draw.circle(surface, art.seat_colour(i), centre, self.px(10))
