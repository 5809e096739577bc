"""The trade dialog, opened from the top bar: choose a partner, what you give and what you take, send.

Each resource and token has a row with − / + for the side you give and the side you take. Each
card of your hand is a button that cycles keep → give → give face down; a great person held in hand
is such a card (the two kept face up are not in hand). The partner's hand is hidden, so you ask for a
number of their action, objective or wonder cards and they choose which; a great person in their hand
counts as an action card.
Sending makes the offer as the engine's steps (StartTrade, AddTradeItem…, SendTrade); the partner
answers in their own decision dialog behind the pass screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UIWindow

from civgame.games.clash.core import actions as A
from civgame.games.clash.core.model import Game
from civgame.games.clash.rules.actions.trading import AMOUNTS, CARD_KINDS, hand
from civgame.games.clash.rules.base.payments import holdings
from civgame.ui import theme
from civgame.ui.labels import trade_item_text, trade_side_text
from civgame.ui.payment_dialog import set_enabled

ROW = 30
TITLE_BAR = 28
CARD_STATES = ("keep", "give", "give face down")
# The partner's cards you ask for, by kind: a great person in hand counts as an action card (catalogue).
ASKED = {"action": "Action cards or great persons in hand", "objective": "Objective cards", "wonder": "Wonder cards"}


class TradeDialog:
    """`send(actions)` receives the steps that make the offer; `cancel()` closes without offering."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        game: Game,
        partners: list[int],
        send: Callable[[list[A.Action]], None],
        cancel: Callable[[], None],
    ):
        self.manager, self.scale, self.area, self.game = manager, scale, area, game
        self.partners, self.send, self.cancel = partners, send, cancel
        self.me = game.player(game.current)
        self.partner = partners[0]
        self.window: UIWindow | None = None
        self._reset_offer()
        self._build()

    # ------------------------------------------------------------------ state
    def _reset_offer(self) -> None:
        self.give: dict[str, int] = dict.fromkeys(AMOUNTS, 0)
        self.take: dict[str, int] = dict.fromkeys((*AMOUNTS, *CARD_KINDS), 0)
        self.cards: dict[str, str] = {card: "keep" for kind in CARD_KINDS for card in hand(self.game, self.me, kind)}

    def why_no_more(self, side: str, item: str) -> str:
        """Why no more of `item` can go on `side`."""
        other = self.take if side == "give" else self.give
        if other.get(item):
            return f"{item.capitalize()} is already on the other side of the trade"
        holder = "you hold" if side == "give" else f"{self.game.player(self.partner).name} holds"
        return f"{self.limit(side, item)} {item} is all {holder}"

    def limit(self, side: str, item: str) -> int:
        """The most of `item` that may go on `side`: what its giver holds, and none if on the other side."""
        if side == "give":
            return 0 if self.take.get(item) else holdings(self.me)[item]
        partner = self.game.player(self.partner)
        if item in CARD_KINDS:
            return len(hand(self.game, partner, item))
        return 0 if self.give.get(item) else holdings(partner)[item]

    def offer(self) -> tuple[dict[str, int], dict[str, int], list[str]]:
        """(give, take, face-down cards) as chosen so far, without zero counts."""
        give = {k: v for k, v in self.give.items() if v}
        give |= {card: 1 for card, state in self.cards.items() if state != "keep"}
        face_down = [card for card, state in self.cards.items() if state == "give face down"]
        return give, {k: v for k, v in self.take.items() if v}, face_down

    def actions(self) -> list[A.Action]:
        """The engine steps that make this offer."""
        give, take, face_down = self.offer()
        steps: list[A.Action] = [A.StartTrade(self.partner)]
        for item, count in give.items():
            steps += [A.AddTradeItem("give", item, item in face_down)] * count
        for item, count in take.items():
            steps += [A.AddTradeItem("take", item)] * count
        return [*steps, A.SendTrade()]

    def summary(self) -> str:
        give, take, face_down = self.offer()
        # your own cards by name, even those offered face down
        shown = [trade_item_text(self.game, k, n) + (" (face down)" if k in face_down else "") for k, n in give.items()]
        return f"You give {', '.join(shown) or 'nothing'}; you take {trade_side_text(self.game, take)}"

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        if self.window is not None:
            self.window.kill()
        scale, manager = self.scale, self.manager
        row_h, gap = round(ROW * scale), 4
        width = min(round(720 * scale), self.area.w - 40)
        height = self.area.h - 40
        rect = pygame.Rect(0, 0, width, height)
        rect.center = self.area.center
        self.window = UIWindow(rect, manager, window_display_title="Trade", object_id="#menu", draggable=True)
        inner = self.window.get_container().get_rect()
        self.partner_buttons: dict[UIButton, int] = {}
        x = 8
        for index in self.partners:
            name = self.game.player(index).name
            button = UIButton(
                pygame.Rect(x, 4, round(150 * scale), row_h),
                f"With {name}" + (" ✓" if index == self.partner else ""),
                manager,
                container=self.window,
                tool_tip_text=f"Offer the trade to {name}",
            )
            self.partner_buttons[button] = index
            x += round(150 * scale) + gap
        rows = self._rows()
        top = row_h + 2 * gap
        footer = 2 * row_h + 3 * gap
        visible = inner.h - top - footer
        self.scroller = UIScrollingContainer(
            pygame.Rect(8, top, inner.w - 16, visible), manager, container=self.window, allow_scroll_x=False
        )
        row_w = inner.w - 40
        self.scroller.set_scrollable_area_dimensions((row_w, len(rows) * (row_h + gap)))
        self.amount_buttons: dict[UIButton, tuple[str, str, int]] = {}
        self.card_buttons: dict[UIButton, str] = {}
        self.amount_labels: dict[tuple[str, str], UILabel] = {}
        self.ask_labels: dict[str, UILabel] = {}  # the row of each kind of the partner's cards you may ask for
        for i, row in enumerate(rows):
            self._build_row(row, i * (row_h + gap), row_w, row_h)
        self.status = UILabel(
            pygame.Rect(8, inner.h - footer, inner.w - 16, row_h),
            "",
            manager,
            container=self.window,
            object_id="#prompt",
        )
        button_w = round(140 * scale)
        self.send_button = UIButton(
            pygame.Rect(inner.w - 2 * button_w - 16, inner.h - row_h - 8, button_w, row_h),
            "Send offer",
            manager,
            container=self.window,
            object_id="#primary",
        )
        self.cancel_button = UIButton(
            pygame.Rect(inner.w - button_w - 8, inner.h - row_h - 8, button_w, row_h),
            "Cancel",
            manager,
            container=self.window,
        )
        self._refresh()

    def card_item_at(self, pos: tuple[int, int]) -> str | None:
        """The card of your hand whose row is under `pos`, as a trade item, if any."""
        return next((item for b, item in self.card_buttons.items() if b.visible and b.rect.collidepoint(pos)), None)

    def _rows(self) -> list[tuple[str, str]]:
        """("amount", item) rows, ("card", card) rows for your hand, ("ask", kind) rows for theirs."""
        partner = self.game.player(self.partner)
        rows = [("amount", item) for item in AMOUNTS if self.limit("give", item) or self.limit("take", item)]
        rows += [("card", card) for card in self.cards]
        rows += [("ask", kind) for kind in CARD_KINDS if hand(self.game, partner, kind)]
        return rows

    def _build_row(self, row: tuple[str, str], y: int, width: int, row_h: int) -> None:
        kind, item = row
        manager, font = self.manager, round(14 * self.scale)
        name_w = round(300 * self.scale)
        if kind == "card":
            button = UIButton(
                pygame.Rect(0, y, width, row_h), "", manager, container=self.scroller, tool_tip_text="Click to change"
            )
            self.card_buttons[button] = item
            return
        partner = self.game.player(self.partner)
        label_w = name_w
        if kind == "ask":
            label = f"{ASKED[item]} ({partner.name} {len(hand(self.game, partner, item))}, they pick)"
            label_w += round(190 * self.scale)  # (no counter for the side you give)
        else:
            label = f"{item.capitalize()} (you {holdings(self.me)[item]}, {partner.name} {holdings(partner)[item]})"
        shown = UILabel(
            pygame.Rect(0, y, label_w, row_h),
            theme.fit_text(label, font, label_w),
            manager,
            container=self.scroller,
            object_id="#prompt",
        )
        if kind == "ask":
            self.ask_labels[item] = shown
        x = name_w + 4
        for side in ("give", "take") if kind == "amount" else ("take",):
            self._build_counter(side, item, x if side == "give" else x + round(190 * self.scale), y, row_h)

    def _build_counter(self, side: str, item: str, x: int, y: int, row_h: int) -> None:
        manager, word_w, number_w = self.manager, round(60 * self.scale), round(34 * self.scale)
        UILabel(pygame.Rect(x, y, word_w, row_h), side.capitalize(), manager, container=self.scroller)
        x += word_w
        for delta, text in ((-1, "−"), (1, "+")):
            button = UIButton(
                pygame.Rect(x if delta < 0 else x + row_h + number_w, y, row_h, row_h),
                text,
                manager,
                container=self.scroller,
                tool_tip_text=f"{'One more' if delta > 0 else 'One less'} {item} you {side}",
            )
            self.amount_buttons[button] = (side, item, delta)
        self.amount_labels[(side, item)] = UILabel(
            pygame.Rect(x + row_h, y, number_w, row_h), "0", manager, container=self.scroller
        )

    def _refresh(self) -> None:
        for (side, item), label in self.amount_labels.items():
            label.set_text(str((self.give if side == "give" else self.take)[item]))
        for button, (side, item, delta) in self.amount_buttons.items():
            count = (self.give if side == "give" else self.take)[item]
            if delta < 0:
                set_enabled(button, count > 0, f"One less {item} you {side}", f"No {item} to {side} yet")
            else:
                set_enabled(
                    button, count < self.limit(side, item), f"One more {item} you {side}", self.why_no_more(side, item)
                )
        font = round(14 * self.scale)
        for button, card in self.card_buttons.items():
            state = self.cards[card]
            text = f"{trade_item_text(self.game, card)}: {state}"
            button.set_text(theme.fit_text(text, font, button.rect.w - 12))
        give, take, _ = self.offer()
        self.status.set_text(theme.fit_text(self.summary(), font, self.status.rect.w))
        set_enabled(
            self.send_button,
            bool(give or take),
            f"Offer it to {self.game.player(self.partner).name}",
            "Put something into the trade first",
        )

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.cancel()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        element = event.ui_element
        if element in self.amount_buttons:
            side, item, delta = self.amount_buttons[element]
            counts = self.give if side == "give" else self.take
            counts[item] = max(0, min(self.limit(side, item), counts[item] + delta))
        elif element in self.card_buttons:
            card = self.card_buttons[element]
            self.cards[card] = CARD_STATES[(CARD_STATES.index(self.cards[card]) + 1) % len(CARD_STATES)]
        elif element in self.partner_buttons:
            self.partner = self.partner_buttons[element]
            self._reset_offer()
            self._build()
            return True
        elif element is self.send_button:
            self.send(self.actions())
            return True
        elif element is self.cancel_button:
            self.cancel()
            return True
        else:
            return False
        self._refresh()
        return True

    def button_for_amount(self, side: str, item: str, delta: int) -> UIButton:
        """The − or + button of one row (for tests and scripts)."""
        return next(b for b, key in self.amount_buttons.items() if key == (side, item, delta))

    def button_for_card(self, card: str) -> UIButton:
        return next(b for b, c in self.card_buttons.items() if c == card)

    def button_for_partner(self, index: int) -> UIButton:
        return next(b for b, p in self.partner_buttons.items() if p == index)

    def kill(self) -> None:
        if self.window is not None:
            self.window.kill()
