"""Player-facing text of a piece of content: its name, what it costs or unlocks, each effect in words,
and a mark when a value is provisional (a house rule standing in for the unknown printed one, see
docs/rules-decisions.md). Interfaces and the network host show these texts."""

from __future__ import annotations

from collections import Counter
from typing import Any

from civgame.framework.effects import Effect
from civgame.games.sidmeier.content.registry import EFFECTS
from civgame.games.sidmeier.content.ruleset import Ruleset

PROVISIONAL = "(provisional: a house rule stands in for the unknown printed value; see docs/rules-decisions.md)"
NOTE = "(house rules standing in for unknown printed values, see docs/rules-decisions.md)"
MARK = "(provisional)"  # after the name of a provisional piece of content, wherever it is listed


def marked(name: str, provisional: bool) -> str:
    return f"{name} {MARK}" if provisional else name


def unit_card_values(rules: Ruleset, card: int) -> str:
    """A unit card's values by rank, lowest first: its strength ("2/3/4/5"), or with Wisdom and Warfare's cards
    its strength and health ("1-3/2-4/3-5/4-6")."""
    unit = rules.unit_cards[card]
    if unit.health:
        return "/".join(f"{s}-{h}" for s, h in zip(unit.strength, unit.health, strict=True))
    return "/".join(map(str, unit.strength))


def unit_card_name(rules: Ruleset, card: int) -> str:
    """A unit card as a list of cards names it: its type and its values by rank."""
    return f"{rules.units[rules.unit_cards[card].unit].name} {unit_card_values(rules, card)}"


def provisional_values(rules: Ruleset) -> list[str]:
    """Every provisional value of the rules, as a player reads it, each marked: the records that use a
    house rule (by name and kind), then the values of the game's set-up and tracks."""
    records: list[tuple[str, dict[str, Any]]] = [
        ("civilization", rules.civilizations),
        ("government", rules.governments),
        ("tech", rules.techs),
        ("wonder", rules.wonders),
        ("unit type", rules.units),
        ("great person", rules.great_people),
        ("culture event card", rules.culture_cards),
        ("investment card", rules.investments),
    ]
    out = [
        marked(f"{record.name} ({kind})", True)
        for kind, group in records
        for record in group.values()
        if record.provisional
    ]
    out += [
        marked(f"{family.basic.name} (buildings)", True) for family in rules.families.values() if family.provisional
    ]
    out += [marked(f"{m.name} (city-state)", True) for m in rules.city_states.markers if m.provisional]
    if rules.city_states.destroyed_provisional:
        out.append(marked(f"the {rules.city_states.destroyed_culture} culture for a city built on a city-state", True))
    if rules.city_walls.provisional:
        out.append(marked(f"{rules.city_walls.name} (buildings)", True))
    tiles = [tile.id for tile in (*rules.tiles.home_tiles, *rules.tiles.neutral_tiles) if tile.provisional]
    if tiles:
        out.append(marked(f"the squares of map tiles {', '.join(tiles)}", True))
    flags = [
        (rules.map.layouts_provisional, "the map's layouts for each number of players"),
        (rules.track.provisional, "the culture track's costs"),
        (rules.huts.provisional, "the hut and village markers in play"),
        (rules.wonder_deck.provisional, "the wonders dealt into the deck"),
        (any(s.provisional for s in rules.culture_sets), "which culture event cards are in the decks"),
    ]
    out += [marked(text, True) for provisional, text in flags if provisional]
    out += [marked(text, True) for text in rules.game.provisional_values]
    return out


def summary(rules: Ruleset) -> str:
    """What `civgame validate-rules` says of rules that pass every check."""
    mods = f" + {', '.join(rules.mods)}" if rules.mods else ""
    return (
        f"OK: Sid Meier's Civilization rules ({rules.folder}{mods}): "
        f"{len(rules.civilizations)} civilizations, {len(rules.techs)} techs, {len(rules.wonders)} wonders, "
        f"{len(rules.faces)} building faces, {len(rules.culture_cards)} culture event cards, "
        f"{len(rules.tiles.home_tiles) + len(rules.tiles.neutral_tiles)} map tiles; "
        f"{len(provisional_values(rules))} values are provisional {NOTE}"
    )


def effect_text(effect: Effect) -> str:
    values = ", ".join(f"{k} {_value(v)}" for k, v in effect.params.model_dump().items() if v not in ([], None, False))
    doc = EFFECTS.primitives[effect.name].doc
    return f"{doc}{f' [{values}]' if values else ''}"


def _value(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(map(str, value))
    return str(value)


def describe(rules: Ruleset, key: str) -> str:
    """The text of the tech, wonder, civilization, government, building face, culture event card, great
    person type or card, investment card or unit type with id `key`."""
    lines: list[str] = []
    provisional = False
    if key in rules.techs:
        tech = rules.techs[key]
        provisional = tech.provisional
        lines.append(f"{tech.name} (tech, level {tech.level}, research {rules.research_cost(tech.level)} trade)")
        unlocks = [rules.faces[b].face.name if b in rules.faces else rules.city_walls.name for b in tech.buildings]
        unlocks += [rules.governments[g].name for g in tech.governments] + [
            rules.units[u].name for u in tech.unlocks_units
        ]
        if unlocks:
            lines.append(f"Unlocks: {', '.join(unlocks)}.")
        if tech.unit_upgrade is not None:
            unit = rules.units[tech.unit_upgrade.unit]
            lines.append(f"Upgrades {unit.name} units to rank {tech.unit_upgrade.rank}.")
        if tech.coins:
            lines.append(f"Gives {tech.coins} coin.")
        effects = tech.effects
    elif key in rules.wonders:
        wonder = rules.wonders[key]
        provisional = wonder.provisional
        cost = f"{wonder.cost}" + (
            f", {wonder.discount.cost} with {rules.techs[wonder.discount.tech].name}" if wonder.discount else ""
        )
        lines.append(f"{wonder.name} ({wonder.era} wonder, cost {cost}; its marker gives {wonder.culture} culture)")
        effects = wonder.effects
    elif key in rules.civilizations:
        civ = rules.civilizations[key]
        provisional = civ.provisional
        lines.append(
            f"{civ.name} (civilization: starts with {rules.techs[civ.starting_tech].name}, "
            f"governed by {rules.governments[civ.starting_government].name})"
        )
        effects = [*civ.setup, *civ.abilities]
    elif key in rules.governments:
        gov = rules.governments[key]
        provisional = gov.provisional
        lines.append(f"{gov.name} (government)")
        effects = gov.effects
    elif key in rules.culture_cards:
        card = rules.culture_cards[key]
        provisional = card.provisional
        lines.append(f"{card.name} ({card.deck} culture event card, played in {card.phase.replace('_', ' ')})")
        effects = card.effects
        if card.or_else is not None:  # (a dual card: one of its two effects, never both)
            lines += [effect_text(e) for e in effects]
            lines.append(f"Or, played in {card.or_else.phase.replace('_', ' ')} instead:")
            effects = card.or_else.effects
    elif key in rules.faces:
        face = rules.faces[key]
        provisional = face.family.provisional
        icons = ", ".join(f"{n} {k}" for k, n in face.face.icons.model_dump().items() if n)
        star = ", limited" if face.family.limited else ""
        beside = f" next to {'/'.join(face.family.beside)}" if face.family.beside else ""
        where = "/".join(face.family.terrain) + beside
        lines.append(f"{face.face.name} (building{star}, cost {face.face.cost}, on {where}: {icons})")
        if face.face.combat_bonus:
            lines.append(f"+{face.face.combat_bonus} combat bonus.")
        effects = []
    elif key in rules.great_people:
        person = rules.great_people[key]
        provisional = person.provisional
        icons = ", ".join(f"{n} {k}" for k, n in person.icons.model_dump().items() if n)
        lines.append(f"{person.name} (great person: {icons})")
        if person.combat_bonus:
            lines.append(f"+{person.combat_bonus} combat bonus.")
        effects = []
    elif key in rules.investments:
        investment = rules.investments[key]
        provisional = investment.provisional
        lines.append(f"{investment.name} (investment card: only the most expensive active ability works)")
        for a in investment.abilities:
            lines.append(f"{a.markers} investment marker{'s' if a.markers > 1 else ''}: {a.text}.")
        effects = []
    elif key in rules.policies:
        policy = rules.policies[key]
        provisional = policy.provisional
        lines.append(f"{policy.name} (social policy): {policy.text}.")
        effects = []
    elif key in rules.person_cards:
        person_card = rules.person_cards[key]
        provisional = person_card.provisional
        kind = rules.great_people[person_card.type].name
        used = "kept face up once used" if person_card.use == "keep" else "discarded when used"
        when = "always" if person_card.timing == "constant" else person_card.timing.replace("_", " ")
        lines.append(f"{person_card.name} (great person card: {kind}; {when}; {used}): {person_card.text}")
        if not person_card.effects:
            lines.append("Its ability is not played yet: the card brings its great person only.")
        effects = []
    elif key in rules.units:
        unit = rules.units[key]
        provisional = unit.provisional
        trumps = f", trumps {rules.units[unit.trumps].name}" if unit.trumps else ""
        lines.append(f"{unit.name} (unit type: {', '.join(unit.ranks)}{trumps})")
        values = "strength-health" if unit.cards[0].health else "strength"
        copies = Counter(unit_card_values(rules, i) for i, c in enumerate(rules.unit_cards) if c.unit == key)
        lines.append(f"Cards ({values} by rank): {', '.join(f'{n} × {v}' for v, n in copies.items())}.")
        effects = []
    else:
        raise KeyError(key)
    lines += [effect_text(e) for e in effects]
    if provisional:
        lines.append(PROVISIONAL)
    return "\n".join(lines)
