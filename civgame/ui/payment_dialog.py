"""The payment dialog: one row per resource with − / + buttons, answering a PayDecision.

The legal `Pay` actions are the only payments it can send: the rows start at the first one
(the cheapest: the engine lists payments with the least gold first), and OK is enabled only
while the chosen amounts are exactly one of them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from civgame.games.clash.core import actions as A
from civgame.games.clash.core.decisions import PayDecision
from civgame.games.clash.core.model import Game
from civgame.games.clash.core.vocabulary import RESOURCES
from civgame.games.clash.rules.base.payments import describe as describe_cost
from civgame.games.clash.rules.base.payments import holdings
from civgame.ui import theme
from civgame.ui.dialogs import CORNER_WIDTH
from civgame.ui.labels import amounts as amounts_text
from civgame.ui.labels import decision_title

TOKENS = ("mood", "culture")
ROW = 36
TITLE_BAR = 28


def _nonzero(amounts: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in amounts.items() if v}


class PaymentDialog:
    """Choose amounts per resource; `choose(action)` receives the Pay or CancelPayment action."""

    cancel = None  # Escape does not dismiss it: the decision must be answered with OK or Cancel

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        scale: float,
        area: pygame.Rect,
        game: Game,
        decision: PayDecision,
        legal: list[A.Action],
        choose: Callable[[A.Action], None],
    ):
        self.choose = choose
        self.decision = decision
        self.pay_actions = [a for a in legal if isinstance(a, A.Pay)]
        self.payments = [_nonzero(a.payment) for a in self.pay_actions]
        self.can_cancel = any(isinstance(a, A.CancelPayment) for a in legal)
        have = holdings(game.player(decision.player))
        order = [*RESOURCES, *TOKENS]
        used = {k for p in self.payments for k in p}
        self.kinds = [k for k in order if k in used] + sorted(used - set(order))
        self.limits = {k: min(have.get(k, 0), max(p.get(k, 0) for p in self.payments)) for k in self.kinds}
        self.held = {k: have.get(k, 0) for k in self.kinds}
        self.chosen = dict.fromkeys(self.kinds, 0)
        if self.payments:
            self.chosen.update(self.payments[0])

        font_size, row_h = round(14 * scale), round(ROW * scale)
        width = min(round(CORNER_WIDTH * scale), area.w - 40)
        self.prompt = decision_title(game, decision)
        if decision.alternatives:
            self.prompt += " — or instead " + "; ".join(describe_cost(c) for c in decision.alternatives)
        prompt_lines = theme.wrap_text(self.prompt, font_size, width - 40)
        line_h = round(24 * scale)
        prompt_h = line_h * len(prompt_lines) + 8
        height = TITLE_BAR + prompt_h + len(self.kinds) * (row_h + 4) + line_h + row_h + 44
        rect = pygame.Rect(0, 0, width, min(height, area.h - 16))
        rect.bottomright = (area.right - 8, area.bottom - 8)
        self.window = UIWindow(rect, manager, window_display_title="Payment", object_id="#decision", draggable=True)
        inner = self.window.get_container().get_rect()
        for i, line in enumerate(prompt_lines):
            UILabel(
                pygame.Rect(8, 4 + i * line_h, inner.w - 16, line_h),
                line,
                manager,
                container=self.window,
                object_id="#prompt",
            )
        self.minus: dict[str, UIButton] = {}
        self.plus: dict[str, UIButton] = {}
        self.amount_labels: dict[str, UILabel] = {}
        y = prompt_h + 4
        name_w, button_w, amount_w = round(150 * scale), row_h + 4, round(52 * scale)
        for kind in self.kinds:
            UILabel(
                pygame.Rect(8, y, name_w, row_h), kind.capitalize(), manager, container=self.window, object_id="#prompt"
            )
            x = 8 + name_w
            self.minus[kind] = UIButton(
                pygame.Rect(x, y, button_w, row_h),
                "−",
                manager,
                container=self.window,
                tool_tip_text=f"Pay one {kind} less",
            )
            self.amount_labels[kind] = UILabel(
                pygame.Rect(x + button_w, y, amount_w, row_h), "", manager, container=self.window
            )
            self.plus[kind] = UIButton(
                pygame.Rect(x + button_w + amount_w, y, button_w, row_h),
                "+",
                manager,
                container=self.window,
                tool_tip_text=f"Pay one {kind} more",
            )
            UILabel(
                pygame.Rect(x + 2 * button_w + amount_w + 8, y, inner.w - x - 2 * button_w - amount_w - 16, row_h),
                f"of {self.held[kind]} held",
                manager,
                container=self.window,
                object_id="#prompt",
            )
            y += row_h + 4
        self.status = UILabel(
            pygame.Rect(8, y + 2, inner.w - 16, line_h), "", manager, container=self.window, object_id="#warning"
        )
        footer_y = inner.h - row_h - 8
        cancel_w = round(110 * scale)
        self.ok_button = UIButton(
            pygame.Rect(8, footer_y, inner.w - cancel_w - 24, row_h),
            "",
            manager,
            container=self.window,
            object_id="#primary",
        )
        self.cancel_button = UIButton(
            pygame.Rect(inner.w - cancel_w - 8, footer_y, cancel_w, row_h),
            "Cancel",
            manager,
            container=self.window,
            tool_tip_text="Do not pay: the action is not taken",
        )
        if not self.can_cancel:
            self.cancel_button.disable()
            self.cancel_button.set_tooltip("This payment is owed: it cannot be declined")
        self.font_size = font_size
        self._refresh()

    # ------------------------------------------------------------------ state
    def selected(self) -> dict[str, int]:
        return _nonzero(self.chosen)

    def problem(self) -> str | None:
        """Why the chosen amounts cannot be paid, or None when they are one of the legal payments."""
        chosen = self.selected()
        if chosen in self.payments:
            return None
        totals = {sum(p.values()) for p in self.payments}
        total = sum(chosen.values())
        if len(totals) == 1 and total not in totals:
            needed = next(iter(totals))
            return f"pay {needed} in all: {total} chosen, {'add' if total < needed else 'remove'} {abs(needed - total)}"
        return f"{amounts_text(chosen)} is not a valid way to pay {describe_cost(self.decision.cost)}"

    def set_amount(self, kind: str, amount: int) -> None:
        self.chosen[kind] = max(0, min(self.limits[kind], amount))
        self._refresh()

    def _refresh(self) -> None:
        for kind in self.kinds:
            self.amount_labels[kind].set_text(str(self.chosen[kind]))
            set_enabled(self.minus[kind], self.chosen[kind] > 0, f"Pay one {kind} less", f"No {kind} is paid")
            most = "all you hold" if self.limits[kind] == self.held[kind] else "the most this price takes"
            set_enabled(
                self.plus[kind],
                self.chosen[kind] < self.limits[kind],
                f"Pay one {kind} more",
                f"{self.limits[kind]} {kind} is {most}",
            )
        problem = self.problem()
        if problem is None:
            self.ok_button.set_text(
                theme.fit_text(f"Pay {amounts_text(self.selected())}", self.font_size, self.ok_button.rect.w - 12)
            )
            self.ok_button.set_tooltip(f"Pays exactly {amounts_text(self.selected())}")
            self.ok_button.enable()
            self.status.set_text("")
        else:
            self.ok_button.set_text("OK")
            self.ok_button.set_tooltip(f"Cannot pay this: {problem}")
            self.ok_button.disable()
            self.status.set_text(theme.fit_text(f"Cannot pay this: {problem}", self.font_size, self.status.rect.w))

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        element = event.ui_element
        for kind in self.kinds:
            if element is self.minus[kind]:
                self.set_amount(kind, self.chosen[kind] - 1)
                return True
            if element is self.plus[kind]:
                self.set_amount(kind, self.chosen[kind] + 1)
                return True
        if element is self.ok_button and self.problem() is None:
            self.choose(self.pay_actions[self.payments.index(self.selected())])
            return True
        if element is self.cancel_button and self.can_cancel:
            self.choose(A.CancelPayment())
            return True
        return False

    def kill(self) -> None:
        self.window.kill()


def set_enabled(button: UIButton, enabled: bool, tooltip: str, why_not: str) -> None:
    """Enable or grey the button; its tooltip says what it does, or why it is greyed."""
    button.set_tooltip(tooltip if enabled else why_not)
    if enabled and not button.is_enabled:
        button.enable()
    elif not enabled and button.is_enabled:
        button.disable()
