"""Floating tooltips: what a player may know about a space, city, units, advance or card.

The text functions read the model only (the first line of each tooltip is its title); `draw`
paints a box near the mouse pointer. Unexplored spaces never reveal their terrain.
"""

from __future__ import annotations

from collections import Counter

import pygame

from civgame.games.clash.core.hexgrid import Hex, hex_to_label
from civgame.games.clash.core.model import City, Game, Player, Unit
from civgame.games.clash.rules.actions.advances import why_not_gain
from civgame.games.clash.rules.actions.cities import collect_choices, why_not_collect_from
from civgame.games.clash.rules.base.log import party
from civgame.games.clash.rules.combat import owner_name
from civgame.ui import theme
from civgame.ui.labels import unit_counts
from civgame.ui.player_board import find_leader

DELAY_SECONDS = 0.45  # how long the pointer rests before a tooltip appears
MAX_WIDTH = 380  # at 1280x720
BOX_COLOUR = (16, 18, 24)
BOX_BORDER = (150, 156, 168)


# ------------------------------------------------------------------ map
def map_tooltip(game: Game, space: Hex, player: int) -> list[str]:
    """Everything about one map space as `player` (the deciding player) sees it."""
    lines = space_lines(game, space, player)
    city = game.city_at(space)
    if city is not None:
        lines += city_lines(game, city)
    units = game.units_at(space)
    if units:
        lines += unit_lines(game, units)
    return lines


def space_lines(game: Game, space: Hex, player: int) -> list[str]:
    label = hex_to_label(space)
    terrain = game.terrain(space)
    if terrain is None:
        region = game.space_region.get(space)
        number = f" (region {region.number})" if region is not None else ""
        return [f"{label} · unexplored{number}", "Moving a unit here turns the whole region face up."]
    spec = game.rules.terrain[terrain]
    lines = [
        f"{label} · {spec.name}",
        f"Yields {', '.join(spec.yields)}" if spec.yields else "Yields nothing to collect",
    ]
    if space in game.exhausted:
        lines.append("Exhausted land: nothing can be collected here")
    if spec.stops_movement:
        lines.append("Units entering it stop moving for this turn")
    if spec.forbids_later_attack:
        lines.append("Units entering it may not attack this turn")
    if not spec.can_found_city and not spec.water:
        lines.append("No city can be founded here")
    lines += _collect_lines(game, space, player)
    return lines


def _collect_lines(game: Game, space: Hex, player: int) -> list[str]:
    """For each of the player's cities in reach: what it may collect here, or what blocks it."""
    lines = []
    for city in game.cities_of(player):
        if space != city.pos and space not in game.board_neighbors(city.pos):
            continue
        where = hex_to_label(city.pos)
        reason = why_not_collect_from(game, city, space)
        if reason is None:
            yields = collect_choices(game, city).get(space, [])
            lines.append(f"Your city at {where} may collect {' or '.join(yields)} here")
        else:
            lines.append(f"Your city at {where} cannot collect here: {reason}")
    return lines


def city_lines(game: Game, city: City) -> list[str]:
    owner = owner_name(game, city.owner)
    lines = [f"{owner}'s city · size {game.city_size(city)} · {city.mood}"]
    pieces = ["Settlement"]
    influenced: dict[int, list[str]] = {}
    for key, colour in city.buildings.items():
        name = game.rules.buildings[key].name if key in game.rules.buildings else key
        if colour == city.owner:
            pieces.append(name)
        else:
            pieces.append(f"{name} ({party(game, colour).possessive} colour)")
            influenced.setdefault(colour, []).append(name)
    lines.append("Pieces: " + ", ".join(pieces))
    if city.wonders:
        wonders = game.rules.wonders
        lines += [
            f"Wonder: {wonders[w].name} — {wonders[w].text}" if w in wonders else f"Wonder: {w}" for w in city.wonders
        ]
    for colour, names in influenced.items():
        lines.append(f"Influenced by {owner_name(game, colour)}: {', '.join(names)}")
    for holder in city.tokens_under:
        owner = owner_name(game, holder)
        lines.append(f"Under it: a culture token of {owner}, worth a point at the end unless captured")
    if city.port_space is not None:
        lines.append(f"Port facing {hex_to_label(city.port_space)}")
    if city.activations:
        lines.append(f"Activated {city.activations}× this turn")
    return lines


def unit_lines(game: Game, units: list[Unit]) -> list[str]:
    lines = []
    for owner in sorted({u.owner for u in units}, key=lambda o: (o < 0, o)):
        mine = [u for u in units if u.owner == owner]
        text = f"{owner_name(game, owner)}: {unit_counts(game, [u.kind for u in mine])}"
        notes = []
        carried = sum(1 for u in mine if u.carrier is not None)
        if carried:
            notes.append(f"{carried} on board a ship")
        stuck = sum(1 for u in mine if u.immobile)
        if stuck:
            notes.append(f"{stuck} cannot move again this turn")
        no_attack = sum(1 for u in mine if u.no_attack and not u.immobile)
        if no_attack:
            notes.append(f"{no_attack} may not attack this turn")
        lines.append(text + (f" ({'; '.join(notes)})" if notes else ""))
    for kind in Counter(u.kind for u in units):
        spec = game.rules.units.get(kind)
        if spec is not None and spec.text:
            lines.append(f"{spec.name}: {spec.text}")
    lines += [leader_line(game, u.owner) for u in units if _is_leader(game, u)]
    return lines


def _is_leader(game: Game, unit: Unit) -> bool:
    spec = game.rules.units.get(unit.kind)
    return spec is not None and spec.leader and 0 <= unit.owner < len(game.players)


def leader_line(game: Game, owner: int) -> str:
    """Which leader a leader piece is, and its abilities by name (the boards show their texts)."""
    player = game.player(owner)
    found = find_leader(game, player.leader) if player.leader else None
    if found is None:
        return f"{player.name}'s leader"
    civ, leader = found
    abilities = ", ".join(a.name for a in leader.abilities)
    return f"{player.name}'s leader {leader.name} of {civ.name}: {abilities} (B: civilization boards)"


# ------------------------------------------------------------------ side panel
def advance_tooltip(game: Game, player: Player, name: str) -> list[str]:
    """Cost, requirements, why it is locked, the building it unlocks, and its rule text."""
    spec = game.rules.advance(name)
    category = game.rules.category_of(name)
    reason = why_not_gain(game, player, name)
    status = "owned" if player.has(name) else ("available" if reason is None else "locked")
    lines = [f"{name} · {category.name} ({status})"]
    if not player.has(name):
        cost = game.rules.game.advance_cost
        kinds = cost.pay_with
        either = f"{', '.join(kinds[:-1])} or {kinds[-1]}" if len(kinds) > 1 else kinds[0]
        lines.append(f"Cost: {cost.amount} of {either}")
    requires = []
    top = category.advances[0].name
    if name != top:
        requires.append(f"{top} first (the top advance of {category.name})")
    elif category.requires:
        requires.append(category.requires)
    if category.government:
        requires.append("only one government at a time")
    if requires:
        lines.append("Requires: " + "; ".join(requires))
    if reason is not None and not player.has(name):
        lines.append(f"Locked: {reason}")
    if spec.building:
        building = game.rules.buildings.get(spec.building)
        lines.append(f"Unlocks the {building.name if building else spec.building} building")
    if spec.bonus:
        lines.append(f"Gaining it gives 1 {spec.bonus} token")
    if spec.text:
        lines.append(spec.text)
    return lines


def card_tooltip(kind: str, name: str, text: str) -> list[str]:
    return [f"{kind} card: {name}"] + ([text] if text else [])


# ------------------------------------------------------------------ drawing
def draw(surface: pygame.Surface, lines: list[str], pointer: tuple[int, int], scale: float = 1.0) -> pygame.Rect:
    """A box with `lines` (the first one bold) beside the pointer, kept inside the surface."""
    size = round(13 * scale)
    step = size + 5
    width = round(MAX_WIDTH * scale)
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        rows += [(part, i == 0) for part in theme.wrap_text(line, size, width - 16)]
    text_w = max(theme.font(size, bold).size(text)[0] for text, bold in rows)
    box = pygame.Rect(0, 0, text_w + 16, len(rows) * step + 10)
    box.topleft = (pointer[0] + 16, pointer[1] + 18)
    bounds = surface.get_rect()
    if box.right > bounds.right:
        box.right = pointer[0] - 8
    if box.bottom > bounds.bottom:
        box.bottom = pointer[1] - 8
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, BOX_COLOUR, box, border_radius=5)
    pygame.draw.rect(surface, BOX_BORDER, box, 1, border_radius=5)
    for i, (text, bold) in enumerate(rows):
        theme.blit_text(
            surface, text, (box.x + 8, box.y + 5 + i * step), size, theme.TEXT if bold else (206, 210, 218), bold=bold
        )
    return box
