"""The side panel of Sid Meier's Civilization: one player's board, the market and the culture track,
drawn from what the watching seat may see (`view_for`). Another player's culture hand, hut and village
markers and unit cards come as counts in that view, so only their number is ever drawn.

Each drawing returns the areas under which a tooltip explains a piece, in the words of
`content.describe` (which marks provisional values).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from civgame.framework.wording import counted
from civgame.games.sidmeier.content.describe import describe, unit_card_name
from civgame.games.sidmeier.content.ruleset import Ruleset
from civgame.ui import theme
from civgame.ui.sidmeier import art

TABS = ("Player", "Market", "Culture")


@dataclass
class Tip:
    rect: pygame.Rect
    lines: list[str]


class Writer:
    """Lines of text going down a panel, with the tooltip areas of the pieces they name."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, scale: float, rules: Ruleset):
        self.surface, self.rect, self.scale, self.rules = surface, rect, scale, rules
        self.size = round(13 * scale)
        self.y = rect.y + round(6 * scale)
        self.tips: list[Tip] = []

    @property
    def step(self) -> int:
        return self.size + round(6 * self.scale)

    def heading(self, text: str) -> None:
        self.y += round(4 * self.scale)
        theme.blit_text(self.surface, text, (self.rect.x + 8, self.y), self.size, theme.ACCENT, bold=True)
        self.y += self.step

    def line(self, text: str, colour: theme.Colour = theme.TEXT, tip: list[str] | None = None) -> None:
        for part in theme.wrap_text(text, self.size, self.rect.w - 24) or [""]:
            drawn = theme.blit_text(self.surface, part, (self.rect.x + 16, self.y), self.size, colour)
            if tip:
                self.tips.append(Tip(drawn, tip))
            self.y += self.step

    def pieces(self, keys: list[str], name: Callable[[str], str]) -> None:
        """Names in a flowing row, each with its description as a tooltip."""
        x = self.rect.x + 16
        for key in keys:
            label = name(key)
            width = theme.font(self.size).size(label)[0]
            if x + width > self.rect.right - 8 and x > self.rect.x + 16:
                x, self.y = self.rect.x + 16, self.y + self.step
            drawn = theme.blit_text(self.surface, label, (x, self.y), self.size, theme.TEXT)
            self.tips.append(Tip(drawn, self.describe(key)))
            x += width + round(12 * self.scale)
        self.y += self.step

    def describe(self, key: str) -> list[str]:
        try:
            return describe(self.rules, key).split("\n")
        except KeyError:
            return [key]


def player_board(
    surface: pygame.Surface, rect: pygame.Rect, scale: float, rules: Ruleset, view: dict[str, Any], seat: int
) -> list[Tip]:
    """The board of the player at `seat`: government, dials, techs, resources, hand and forces."""
    player = view["players"][seat]
    w = Writer(surface, rect, scale, rules)
    civ = rules.civilizations[player["civ"]]
    pygame.draw.circle(surface, art.seat_colour(seat), (rect.x + 16, w.y + w.size // 2 + 2), w.size // 2)
    theme.blit_text(surface, f"{player['name']} — {civ.name}", (rect.x + 16 + w.size, w.y), w.size, bold=True)
    w.tips.append(Tip(pygame.Rect(rect.x, w.y, rect.w, w.step), w.describe(player["civ"])))
    w.y += w.step
    government = rules.governments[player["government"]]
    w.line(f"Government: {government.name}", tip=w.describe(player["government"]))
    tokens = sum(player["coin_tokens"].values())
    w.line(f"Trade {player['trade']}   Culture {player['culture']}   Culture track space {player['track']}")
    w.line(economy_line(player["economy"], tokens, rules.game.economy.victory_coins))
    w.heading("Techs")
    rows: dict[int, list[str]] = {}
    for tech, row in zip(player["techs"], player["rows"], strict=False):
        rows.setdefault(row, []).append(tech)
    for card, row in player["blanks"].items():  # (a great person card placed as a blank tech)
        rows.setdefault(row, []).append(rules.person_card_ids[int(card)])
    for row in sorted(rows, reverse=True):  # the pyramid's top row first
        w.line(f"Level {row}:", theme.TEXT_DIM)
        w.pieces(rows[row], lambda key: tech_name(rules, key))
    w.heading("Resources and markers")
    held = [f"{n} {r}" for r, n in sorted(player["resources"].items()) if n]
    w.line(", ".join(held) or "No resource tokens")
    markers = player["markers"]
    if isinstance(markers, int):
        seen = [marker_name(rules, m) for m in player.get("markers_seen", [])]  # (looked at with Zheng He)
        w.line(
            f"Hut and village markers: {markers} (face down)" + (f"; you looked at: {', '.join(seen)}" if seen else "")
        )
    else:  # the holder knows what their own markers are
        names = [marker_name(rules, m) for m in markers]
        w.line(f"Hut and village markers (face down): {', '.join(names) or 'none'}")
    w.heading("Culture event cards")
    hand = player["hand"]
    if isinstance(hand, int):
        w.line(f"{counted(hand, 'card')}, hidden", theme.TEXT_DIM)
    elif hand:
        w.pieces([rules.culture_card_ids[c] for c in hand], lambda key: str(rules.culture_cards[key].name))
    else:
        w.line("None", theme.TEXT_DIM)
    w.heading("Standing forces")
    standing = player["standing"]
    ranks = ", ".join(f"{rules.units[u].name} {r}" for u, r in player["ranks"].items() if u in rules.units)
    w.line(f"Ranks: {ranks}", theme.TEXT_DIM)
    if isinstance(standing, int):
        w.line(f"{counted(standing, 'unit card')}, hidden", theme.TEXT_DIM)
    else:
        w.line(", ".join(unit_card_name(rules, c) for c in standing) or "None")
    w.line(f"Figures: {player['armies']} armies, {player['scouts']} scouts")
    if rules.policy_cards:
        w.heading("Social policies")
        w.pieces(player["policies"], lambda key: str(rules.policies[key].name))
    if rules.investments:
        w.heading("Investments (not coins)")
        for card, investment in rules.investments.items():
            markers = player["investments"].get(card, 0)
            w.line(f"{investment.name}: {counted(markers, 'marker')}", tip=w.describe(card))
    if rules.relics or rules.city_states.markers:
        expansion_pieces(w, rules, view, seat)
    if player["wonders"]:
        w.heading("Wonders")
        w.pieces(player["wonders"], lambda key: str(rules.wonders[key].name))
    if player["reserve"]:
        w.line(f"Great people in reserve: {len(player['reserve'])}")
    if view["great_person_deck"]:
        _person_cards(w, rules, player)
    return w.tips


def _person_cards(w: Writer, rules: Ruleset, player: dict[str, Any]) -> None:
    """The great person cards of Fame and Fortune's deck: face down (secret from others) and face up."""
    w.heading("Great person cards")
    held, shown = player["person_cards"], player["person_shown"]
    if isinstance(held, int):
        w.line(f"{counted(held, 'card')} face down, hidden", theme.TEXT_DIM)
    elif held:
        w.line("Face down:", theme.TEXT_DIM)
        w.pieces([rules.person_card_ids[c] for c in held], lambda key: str(rules.person_cards[key].name))
    if shown:
        w.line("Face up:", theme.TEXT_DIM)
        w.pieces([rules.person_card_ids[c] for c in shown], lambda key: str(rules.person_cards[key].name))
    if not held and not shown:
        w.line("None", theme.TEXT_DIM)


def expansion_pieces(w: Writer, rules: Ruleset, view: dict[str, Any], seat: int) -> None:
    """The city-states the player controls (a figure of theirs on the marker) and the relics whose effects
    wait for their next Start of Turn."""
    w.heading("Relics and city-states")
    standing = {figure["pos"] for figure in view["figures"] if figure["owner"] == seat}
    controlled = [
        (pos, rules.city_states.markers[square["city_state"]])
        for pos, square in enumerate(view["squares"])
        if square["city_state"] >= 0 and pos in standing
    ]
    width = view["width"]
    for pos, marker in controlled:
        w.line(f"Controls the city-state at ({pos % width},{pos // width}): {marker.name}")
    if not controlled:
        w.line("No city-state controlled", theme.TEXT_DIM)
    for relic_id in view["players"][seat]["relic_boons"]:
        relic = rules.relics[relic_id]
        w.line(f"{relic.name} (taken, waiting): {relic.text}")


def tech_name(rules: Ruleset, key: str) -> str:
    """A tech in the pyramid, or a great person card placed there as a blank tech."""
    return f"Blank tech ({rules.person_cards[key].name})" if key in rules.person_cards else str(rules.techs[key].name)


def economy_line(coins: int, tokens: int, victory: int) -> str:
    """The economy dial as the player board reads: the coins it shows, how many of them lie as tokens
    (the rest are printed on techs and the map), out of the coins an economic victory needs."""
    return f"Economy dial: {coins} of {victory} coins ({tokens} as tokens)"


def marker_name(rules: Ruleset, marker: int) -> str:
    result = rules.hut_markers[marker]
    return result.special.name if result.special is not None else result.result.replace("_", " ")


def market(surface: pygame.Surface, rect: pygame.Rect, scale: float, rules: Ruleset, view: dict[str, Any]) -> list[Tip]:
    """The market board: resources, the buildings left to build, the wonders for sale, the unit decks."""
    w = Writer(surface, rect, scale, rules)
    w.heading("Market resources")
    w.line(", ".join(f"{n} {r}" for r, n in sorted(view["market"].items())) or "None left")
    w.heading("Buildings left to build")
    for family, left in view["buildings"].items():
        face = rules.families[family].basic
        w.line(f"{face.name}: {left}", tip=w.describe(face.id))
    w.heading("Wonders for sale")
    w.pieces(list(view["wonder_market"]), lambda key: str(rules.wonders[key].name))
    w.line(f"Wonder deck: {counted(view['wonder_deck'], 'card')}", theme.TEXT_DIM)
    w.heading("Unit decks")
    for unit, deck in view["unit_decks"].items():
        w.line(f"{rules.units[unit].name}: {counted(deck['draw'], 'card')}", tip=w.describe(unit))
    w.heading("Piles")
    w.line(f"Great people: {view['great_people']}; huts: {view['hut_pile']}; villages: {view['village_pile']}")
    return w.tips


def culture_track(
    surface: pygame.Surface, rect: pygame.Rect, scale: float, rules: Ruleset, view: dict[str, Any]
) -> list[Tip]:
    """The culture track: each space's cost and reward, and the players on it."""
    w = Writer(surface, rect, scale, rules)
    w.heading("Culture track" + (" (provisional costs)" if rules.track.provisional else ""))
    here: dict[int, list[str]] = {}
    for player in view["players"]:
        here.setdefault(player["track"], []).append(player["name"])
    w.line(f"Start: {', '.join(here.get(0, [])) or '—'}", theme.TEXT_DIM)
    for number, space in enumerate(rules.track.spaces, start=1):
        cost = f"{space.culture} culture" + (f" + {space.trade} trade" if space.trade else "")
        reward = {"event": f"{space.deck} culture card", "great_person": "great person", "victory": "culture victory"}
        players = ", ".join(here.get(number, []))
        w.line(f"{number}. {cost}: {reward.get(space.reward, space.reward)}{'  ← ' + players if players else ''}")
    return w.tips
