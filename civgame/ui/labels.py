"""Readable text for actions, decisions and pieces. Pure functions of the model: no pygame."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from civgame.framework.wording import counted
from civgame.games.clash.content import effects
from civgame.games.clash.core import actions as A
from civgame.games.clash.core import decisions as D
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex, region_slots
from civgame.games.clash.core.model import MOODS, Game, Unit
from civgame.games.clash.core.vocabulary import DECLINE, K
from civgame.games.clash.rules.actions import objectives
from civgame.games.clash.rules.actions.culture_abilities import OBJECTIVE, option_label
from civgame.games.clash.rules.actions.happiness import raise_cost
from civgame.games.clash.rules.actions.influence import ARMY_UNIT, TOKEN_UNDER, source_of
from civgame.games.clash.rules.actions.trading import card_kind, public_text
from civgame.games.clash.rules.base.cards import great_person_named
from civgame.games.clash.rules.base.log import party, unit_name
from civgame.games.clash.rules.base.payments import describe as describe_cost
from civgame.games.clash.rules.cards.action_cards import CARD_ACTIONS, choice_parts
from civgame.games.clash.rules.combat import OVERLOAD, owner_name


def where(space: Hex | None) -> str:
    return hex_to_label(space) if space is not None else "?"


def amounts(what: Mapping[K, int] | None) -> str:
    """ "1 food, 2 gold" (zero amounts left out)."""
    parts = [amount(n, k) for k, n in (what or {}).items() if n]
    return ", ".join(parts) if parts else "nothing"


def amount(count: int, resource: str) -> str:
    """ "2 food", "1 idea", "3 ideas": an amount of a resource or token, as the rulebook counts it."""
    return f"{count} idea" if count == 1 and resource == "ideas" else f"{count} {resource}"


def unit_counts(game: Game, kinds: list[str] | tuple[str, ...]) -> str:
    """ "2 Infantry, 1 Settler" in the order first seen."""
    counts = Counter(kinds)
    return ", ".join(f"{n} {game.rules.units[k].name if k in game.rules.units else k}" for k, n in counts.items())


def units_text(game: Game, unit_ids: tuple[int, ...] | list[int]) -> str:
    kinds = [u.kind for u in (game.unit(i) for i in unit_ids) if u is not None]
    return unit_counts(game, kinds) or f"units {', '.join(map(str, unit_ids))}"


def moment_text(game: Game) -> str:
    """ "Age 2, round 3", or "Age 2 status phase" (when the round count has passed the age's last round)."""
    if game.phase == "status":
        return f"Age {game.age} status phase"
    return f"Age {game.age}, round {game.round}"


def city_text(game: Game, city_id: int | None) -> str:
    city = game.city(city_id) if city_id is not None else None
    if city is None:
        return f"city {city_id}"
    return f"{party(game, city.owner).possessive} city at {where(city.pos)}"


def card_name(cards, card_id: int) -> str:
    return next((c.name for c in cards if c.id == card_id), f"card {card_id}")


def action_card_lines(game: Game, card_id: int) -> list[str]:
    """Both halves of an action card: name, then the action half (kind, cost, text), then the
    tactics half (requirements, text)."""
    card = game.rules.action_card(card_id)
    action = game.rules.action_halves[card.action]
    tactics = game.rules.tactics_halves[card.tactics]
    kind = {"main": "action", "free": "free action", "after_battle": "after a battle won at a city"}[action.action]
    cost = f", {amounts(action.cost)}" if action.cost else ""
    return [
        card.name,
        f"{card.action} ({kind}{cost}): {action.text}",
        f"Tactics - {card.tactics} ({tactics_requirement(game, card.tactics)}): {tactics.text}",
    ]


def tactics_requirement(game: Game, half: str) -> str:
    """ "land battles, defender, in a city" — who may play a tactics half, and where."""
    spec = game.rules.tactics_halves[half]
    parts = ["land or sea battles" if len(spec.battles) > 1 else f"{spec.battles[0]} battles"]
    if spec.role != "either":
        parts.append(spec.role)
    if spec.city == "required":
        parts.append("in the defender's city")
    elif spec.city == "not_for_attacker":
        parts.append("attacker only away from cities")
    if spec.units:
        parts.append("with " + " or ".join(_TACTICS_UNITS[kind] for kind in spec.units))
    return ", ".join(parts)


_TACTICS_UNITS = {"army": "army units", "ship": "ships", "fortress": "a fortress"}  # a half's `units`


# What the parts of a card's `choice` name, by the primitive that asks for it (others: advances).
CHOICE_NAMES: dict[str, Callable[[Game, str], str]] = {
    "raise_city_moods": lambda g, part: city_text(g, int(part)),
    "place_unit": lambda g, part: city_text(g, int(part)),
    "lose_action_mark": lambda g, part: g.player(int(part)).name,
    "trade_advances": lambda g, part: f"trading with {g.player(int(part)).name}" if part.isdigit() else part,
    "truce": lambda g, part: f"a truce with {g.player(int(part)).name}",
    "swap_hidden_card": lambda g, part: f"look at {g.player(int(part)).name}'s cards",
}


def _explorer_choice(game: Game, choice: tuple[str, ...]) -> str:
    """ "reveal the region around D5, then a settler in Anna's city at D2" (either part may be left out;
    a card placing no unit has only the region)."""
    region, city = choice if len(choice) == 2 else (choice[0], "-")
    parts = [
        f"reveal the region around {hex_to_label(game.regions[int(region) - 1].anchor)}" if region != "-" else "",
        f"a settler in {city_text(game, int(city))}" if city != "-" else "",
    ]
    nothing = "reveal nothing and place no settler" if len(choice) == 2 else "reveal nothing"
    return ", then ".join(p for p in parts if p) or nothing


# Labels of a whole choice, for primitives whose choice has parts of different kinds.
CHOICE_LABELS: dict[str, Callable[[Game, tuple[str, ...]], str]] = {"explore_and_settle": _explorer_choice}
# Labels of an effect's empty part of a choice, where it chose to do nothing.
NOTHING_CHOSEN: dict[str, str] = {"card_advance": "no advance"}


def _played_half(game: Game, a: A.PlayCard) -> str:
    if isinstance(a, A.PlayGreatPerson):
        return game.rules.event(a.card).name
    return game.rules.action_card(a.card).action


def _play_card(game: Game, a: A.PlayCard) -> str:
    """ "Play Great Explorer: Navigation, then reveal the region around D5": each choosing effect's part."""
    half = _played_half(game, a)
    choice = tuple(a.choice)
    played = [e for e in game.rules.card_effects.get(half, []) if e.name in CARD_ACTIONS]
    parts = choice_parts(game, game.player(game.current), half, choice) if played else None
    if parts is None:  # not playable that way now (a label of the log): read as the choice of one effect
        named = [i for i, e in enumerate(played) if e.name in CHOICE_LABELS or e.name in CHOICE_NAMES]
        reader = named[0] if named else 0
        parts = tuple(choice if i == reader else () for i in range(max(1, len(played))))
    said = [_part_text(game, effect, part) for effect, part in zip(played, parts, strict=False)]
    picks = [text for text in said if text]
    return f"Play {half}{': ' if picks else ''}{', then '.join(picks)}{_paying(a.payment)}"


def _part_text(game: Game, effect: effects.Effect, part: tuple[str, ...]) -> str:
    if not part:
        optional = getattr(effect.params, "optional", False)
        return NOTHING_CHOSEN.get(effect.name, "") if optional else ""
    if effect.name in CHOICE_LABELS:
        return CHOICE_LABELS[effect.name](game, part)
    naming = CHOICE_NAMES.get(effect.name, lambda g, item: item)
    return ", then ".join(naming(game, item) for item in part)


def _play_tactics(game: Game, a: A.PlayTactics) -> str:
    if a.card is None:
        return "Play no tactics card"
    half = game.rules.action_card(a.card).tactics
    return f"Play {half} face down: {game.rules.tactics_halves[half].text}"


def building_name(game: Game, key: str) -> str:
    spec = game.rules.buildings.get(key)
    return spec.name if spec else key


def _paying(payment: dict[str, int] | None) -> str:
    return f", paying {amounts(payment)}" if payment else ""


def _collect(game: Game, a: A.Collect) -> str:
    picks = ", ".join(f"{what} from {where(space)}" for space, what in a.picks)
    return f"Collect {picks}" if picks else "Collect nothing"


def _construct(game: Game, a: A.Construct) -> str:
    city = game.city(a.city)
    facing = f" facing {where(a.port_space)}" if a.port_space is not None else ""
    at = where(city.pos if city else None)
    return f"Construct {building_name(game, a.building)} at {at}{facing}{_paying(a.payment)}"


def _build_wonder(game: Game, a: A.BuildWonder) -> str:
    city = game.city(a.city)
    spec = game.rules.wonders.get(a.wonder)
    name = spec.name if spec else a.wonder
    return f"Build the {name} at {where(city.pos if city else None)}{_paying(a.payment)}"


def objective_name(game: Game, key: str) -> str:
    spec = game.rules.objectives.get(key)
    return spec.name if spec else key


def objective_states(game: Game, player_index: int, card_id: int) -> list[tuple[str, str]]:
    """Each objective of a card in hand: (name, "met now" | "not met now" | when it is checked)."""
    card = game.rules.objective_card_index.get(card_id)
    if card is None:
        return []
    player = game.player(player_index)
    states = []
    for key in card.objectives:
        spec = game.rules.objectives[key]
        status = spec.condition("status") or spec.condition("automatic")
        if status is not None:
            state = "met now" if objectives.holds(game, player, status) else "not met now"
        else:
            instant = spec.condition("instant")
            state = f"checked {OBJECTIVE_CHECKED.get(instant.moment if instant else '', 'when it happens')}"
        states.append((spec.name, state))
    return states


def objective_card_title(game: Game, player_index: int, card_id: int) -> str:
    """ "Large Civilization (met now) / Draft" for the hand list."""
    parts = [
        f"{name} (met now)" if state == "met now" else name
        for name, state in objective_states(game, player_index, card_id)
    ]
    return " / ".join(parts) or card_name(game.rules.objective_cards, card_id)


def objective_card_lines(game: Game, player_index: int, card_id: int) -> list[str]:
    """The tooltip of an objective card in hand: both objectives, whether each is met now, the card text."""
    lines = [f"Objective card: {card_name(game.rules.objective_cards, card_id)}"]
    lines += [f"{name}: {state}" for name, state in objective_states(game, player_index, card_id)]
    text = next((c.text for c in game.rules.objective_cards if c.id == card_id), "")
    return lines + ([text] if text else [])


def wonder_card_lines(game: Game, key: str) -> list[str]:
    """The tooltip of a wonder card: cost, requirements, victory points and effect."""
    spec = game.rules.wonders.get(key)
    if spec is None:
        return [f"Wonder card: {key}"]
    needs = [f"{game.rules.game.wonder_advance} and {spec.advance}", "a Happy city"]
    if spec.needs_building:
        needs.append(f"a {building_name(game, spec.needs_building)} in the city")
    return [
        f"Wonder card: {spec.name}",
        f"Cost: {amounts(dict(spec.cost))}",
        f"Needs: {', '.join(needs)}",
        f"Victory points: {spec.builder_vp:g} to its builder, {spec.owner_vp:g} to its owner",
        spec.text,
    ]


def score_details(game: Game, player_index: int) -> str:
    """ "Objectives: Conqueror, Wealth · Wonders: Pyramids (built)" for the score screen."""
    player = game.player(player_index)
    done = [objective_name(game, c.objective) for c in player.objective_completions]
    owned = [w for city in game.cities_of(player_index) for w in city.wonders]
    wonders = [
        f"{game.rules.wonders[w].name}" + (" (built)" if w in player.wonders_built else " (taken)") for w in owned
    ]
    wonders += [
        f"{game.rules.wonders[w].name} (built, now another's)"
        for w in player.wonders_built
        if w not in owned and any(w in c.wonders for c in game.cities)
    ]
    wonders += [f"{game.rules.wonders[w].name} (built, destroyed, effect kept)" for w in player.destroyed_wonders_kept]
    return f"Objectives: {', '.join(done) or 'none'} · Wonders: {', '.join(wonders) or 'none'}"


def _complete_objective(game: Game, a: A.CompleteObjective) -> str:
    spec = game.rules.objectives.get(a.objective)
    paying = f", paying {amounts(dict(spec.pay))}" if spec and spec.pay else ""
    card = card_name(game.rules.objective_cards, a.card)
    return f"Complete {objective_name(game, a.objective)} with the card {card}{paying}"


def _recruit(game: Game, a: A.Recruit) -> str:
    city = game.city(a.city)
    units = game.rules.units
    provisional = " (provisional cost)" if any(k in units and units[k].provisional for k in a.units) else ""
    card = ", drawing an action card instead of the one Draft pays for" if a.card_instead else ""
    return (
        f"Recruit {unit_counts(game, a.units)} at {where(city.pos if city else None)}{card}{_paying(a.payment)}"
        f"{provisional}"
    )


def _influence(game: Game, a: A.InfluenceCulture) -> str:
    source = source_of(game, a.source)
    tokens = f" (+{a.range_tokens} culture for range)" if a.range_tokens else ""
    origin = where(source.pos if source else None)
    if isinstance(source, Unit):
        origin = f"the {unit_name(game, source.kind)}s at {origin}"
    if a.building == ARMY_UNIT:
        unit = game.unit(a.target)
        whose = (
            f"{party(game, unit.owner).possessive} {unit_name(game, unit.kind)} at {where(unit.pos)}"
            if unit
            else "a unit"
        )
        return f"Influence {whose} from {origin}: it becomes yours{tokens}"
    if a.building == TOKEN_UNDER:
        target = city_text(game, a.target)
        return f"Influence the settlement in {target} from {origin}: a culture token under it{tokens}"
    return f"Influence the {building_name(game, a.building)} in {city_text(game, a.target)} from {origin}{tokens}"


def _move_city(game: Game, a: A.MoveCity) -> str:
    city = game.city(a.city)
    along = f" with {unit_counts(game, tuple(game.existing_unit(u).kind for u in a.units))}" if a.units else ""
    return f"Move the city at {where(city.pos if city else None)}{along} to {where(a.to)}"


def _move_units(game: Game, a: A.MoveUnits) -> str:
    first = game.unit(a.units[0]) if a.units else None
    if first is not None and first.pos == a.to:  # Pirate Allies: ships stay to attack the pirates they shared with
        return f"Attack the pirate ships at {where(a.to)} with {units_text(game, a.units)}"
    origin = f" from {where(first.pos)}" if first else ""
    return f"Move {units_text(game, a.units)}{origin} to {where(a.to)}"


def _board_ships(game: Game, a: A.BoardShips) -> str:
    """ "Ship 7 (has sailed, carries 1 Infantry) takes 1 Settler; ship 9 takes 1 Infantry"."""
    decision = game.pending[-1] if game.pending else None
    if not isinstance(decision, D.BoardingDecision):
        return f"Board {', '.join(_ship_text(game, ship) for ship in dict.fromkeys(a.ships))}"
    units = decision.units
    parts = []
    for ship_id in dict.fromkeys(a.ships):
        boarding = [u for u, s in zip(units, a.ships, strict=False) if s == ship_id]
        parts.append(f"{_ship_text(game, ship_id)} takes {units_text(game, boarding)}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def _ship_text(game: Game, ship_id: int) -> str:
    ship = game.unit(ship_id)
    if ship is None:
        return f"ship {ship_id}"
    notes = ["has sailed" if ship.moved_this_action or ship.immobile else "can still sail"]
    cargo = [u.id for u in game.units if u.carrier == ship_id]
    if cargo:
        notes.append(f"carries {units_text(game, cargo)}")
    return f"ship {ship_id} ({', '.join(notes)})"


def trade_item_text(game: Game, item: str, count: int = 1, face_down: bool = False) -> str:
    """ "2 food", "Action card Mass Production", "Great person card Great Artist", "1 action card (face down)",
    "1 objective card". A great person counts as an action card in hand: face down it is one."""
    kind = card_kind(item)
    if kind is None or ":" not in item or face_down:
        return public_text({item: count}) + (" (face down)" if face_down else "")
    person = great_person_named(item)
    if person is not None:
        return f"Great person card {game.rules.event(person).name}"
    card = item.split(":", 1)[1]
    if kind == "wonder":
        spec = game.rules.wonders.get(card)
        return f"Wonder card {spec.name if spec else card}"
    cards = game.rules.action_cards if kind == "action" else game.rules.objective_cards
    return f"{kind.capitalize()} card {card_name(cards, int(card))}"


def trade_side_text(game: Game, items: dict[str, int], face_down: list[str] | tuple[str, ...] = ()) -> str:
    """One side of a trade as its receiver may see it: face-down cards only by kind."""
    parts = [trade_item_text(game, item, n, item in face_down) for item, n in items.items() if n]
    return ", ".join(parts) if parts else "nothing"


def _add_trade_item(game: Game, a: A.AddTradeItem) -> str:
    verb = "Give" if a.side == "give" else "Ask for"
    return f"{verb} {trade_item_text(game, a.item, 1, a.face_down)}"


def _accept_trade(game: Game, a: A.AcceptTrade) -> str:
    if not a.cards:
        return "Accept the trade"
    return f"Accept the trade, giving {', '.join(trade_item_text(game, c) for c in a.cards)}"


def _raise_mood(game: Game, a: A.RaiseMood) -> str:
    city = game.city(a.city)
    if city is None:
        return f"Raise the mood of city {a.city}"
    after = MOODS[min(MOODS.index(city.mood) + 1, len(MOODS) - 1)]
    return f"Raise the city at {where(city.pos)} from {city.mood} to {after} ({_price(raise_cost(game, city))})"


def _price(cost: dict[str, int]) -> str:
    """ "1 mood token", "2 mood tokens, 1 food": tokens named as tokens, the rest as the payment rules word it."""
    tokens = [counted(n, f"{k} token") for k, n in cost.items() if n and k in ("mood", "culture")]
    rest = {k: n for k, n in cost.items() if n and k not in ("mood", "culture")}
    return ", ".join([*tokens, *([describe_cost(rest)] if rest else [])])


def _found(game: Game, a: A.FoundCity) -> str:
    settler = game.unit(a.settler)
    return f"Found a city at {where(settler.pos if settler else None)}"


def _orientation(game: Game, a: A.ChooseOrientation) -> str:
    """While the explorer turns a region over, say where each terrain would lie."""
    top = game.pending[-1] if game.pending else None
    if not isinstance(top, D.OrientationDecision):
        return "Place the explored region this way"
    region = game.regions[top.region - 1]
    names = [game.rules.terrain[game.rules.terrain_by_code(code)].name for code in game.tile(region.tile)]
    spaces = region_slots(region.anchor, a.rotation)
    return "Turn it so: " + ", ".join(f"{where(h)} {name}" for h, name in sorted(zip(spaces, names, strict=False)))


def _casualties(game: Game, a: A.ChooseCasualties) -> str:
    return f"Lose {units_text(game, a.units)}" if a.units else "Lose no units"


def _refugee(game: Game, a: A.PlaceRefugee) -> str:
    if a.city is None:
        return "Do not place the refugee settler"
    return f"Place the refugee settler in {city_text(game, a.city)}"


def _reuse(game: Game, a: A.ReuseUnit) -> str:
    unit = game.unit(a.unit)
    if unit is None:
        return f"Reuse unit {a.unit}"
    return f"Take the {game.rules.units[unit.kind].name} from {where(unit.pos)}"


def _boost(game: Game, a: A.BoostInfluence) -> str:
    if not a.boost:
        return "Accept the failed influence attempt"
    top = game.pending[-1] if game.pending else None
    if not isinstance(top, D.InfluenceBoostDecision):
        return "Pay the culture tokens to succeed"
    return f"Pay {counted(top.tokens_needed, 'culture token')} to succeed"


def _raze(game: Game, a: A.Raze) -> str:
    if a.city is None:
        return "Raze nothing"
    return f"Raze {city_text(game, a.city)} for {amounts(game.rules.game.raze)}"


def _choose_leader(game: Game, a: A.ChooseLeader) -> str:
    recruited = game.rules.game.civilizations.leaders == "recruited"
    return f"Recruit {a.leader}" if recruited else f"Lead with {a.leader}"


def _new_leader(game: Game, a: A.TakeNewLeader) -> str:
    if a.city is None:
        return "No new leader"
    city = city_text(game, a.city)
    return f"Lead with {a.leader} from {city}" if a.leader else f"Draw a new leader into {city}"


def _cancel_fortress(game: Game, a: A.CancelFortress) -> str:
    if not a.parts:
        return "Do not pay: the fortress defends in full"
    parts = " and ".join(part.replace("_", " ") for part in a.parts)
    return f"Pay to cancel the fortress's {parts}{_paying(a.payment)}"


def _combat_bonus(game: Game, a: A.PayCombatBonus) -> str:
    top = game.pending[-1] if game.pending else None
    if isinstance(top, D.HitCancelDecision):
        if not a.pay:
            return "Do not pay: take every hit"
        return f"Pay {amounts(top.cost)} to cancel 1 hit ({top.source}){_paying(a.payment)}"
    if not a.pay:
        return "Do not pay for a combat bonus"
    if isinstance(top, D.CombatBonusDecision):
        return f"Pay {amounts(top.cost)} for {top.source}: {top.gains()}{_paying(a.payment)}"
    return f"Pay for the combat bonus{_paying(a.payment)}"


def _choose_option(game: Game, a: A.ChooseOption) -> str:
    """ "Metallurgy: exchange (gain 1 gold, pay 1 ore)", "Dogma: take Myths for free"."""
    top = game.pending[-1] if game.pending else None
    option = a.option.replace("_", " ")
    if not isinstance(top, D.EffectChoiceDecision) or a.option not in top.options:
        return option.capitalize()
    prefix = f"{top.source}: " if top.source else ""
    if a.option == DECLINE:
        return f"{prefix}decline"
    if top.amounts:
        change = top.amounts[top.options.index(a.option)]
        gained = {k: v for k, v in change.items() if v > 0}
        paid = {k: -v for k, v in change.items() if v < 0}
        details = ", ".join(
            part
            for part in (f"gain {amounts(gained)}" if gained else "", f"pay {amounts(paid)}" if paid else "")
            if part
        )
        return f"{prefix}{option} ({details})" if details else f"{prefix}{option}"
    if a.option in game.rules.advance_names():
        return f"{prefix}take {a.option} for free"
    return f"{prefix}{option}"


# ------------------------------------------------------------------ custom abilities (UseAbility)


def _ability_effect(game: Game, a: A.UseAbility):
    """The current player's effect granting this ability, for its price; None if they lack it."""
    return next((e for e in effects.active(game, game.player(game.current), a.ability) if e.source == a.source), None)


def _taxes(game: Game, a: A.UseAbility) -> str:
    return f"take {amounts(dict(Counter(a.choice)))}"


def _exchange(game: Game, a: A.UseAbility) -> str:
    option = a.choice[0]
    names = [card_name(game.rules.action_cards, int(c)) for c in a.choice[1:] if c.isdigit()]
    names += [
        card_name(game.rules.objective_cards, int(c.removeprefix(OBJECTIVE)))
        for c in a.choice[1:]
        if c.startswith(OBJECTIVE)
    ]
    text = f"trade {option}" if " for " in option else f"gain {option}"
    if names:
        text += f" (discard {', '.join(names)})"
    return text


def _mood_steps(game: Game, a: A.UseAbility) -> str:
    label, steps = a.choice[0], int(a.choice[1])
    city = game.city_at(label_to_hex(label))
    if city is None:
        return f"raise the mood of the city at {label} by {counted(steps, 'step')}"
    after = MOODS[min(MOODS.index(city.mood) + steps, len(MOODS) - 1)]
    return f"raise the city at {label} from {city.mood} to {after}"


def _free_action(game: Game, a: A.UseAbility) -> str:
    if len(a.choice) == 4:
        source, target, building, tokens = a.choice
        city = game.city_at(label_to_hex(target))
        target_text = city_text(game, city.id) if city is not None else f"the city at {target}"
        extra = f" (+{tokens} culture for range)" if tokens != "0" else ""
        return f"influence the {building_name(game, building)} in {target_text} from {source}{extra}, free"
    return "increase happiness as a free action"


def _free_collect(game: Game, a: A.UseAbility) -> str:
    picks = ", ".join(f"{what} from {label}" for label, what in (item.split(":") for item in a.choice[1:]))
    return f"collect {picks or 'nothing'} (city at {a.choice[0]}), free"


def _free_construct(game: Game, a: A.UseAbility) -> str:
    label, building, facing, *paid = a.choice
    where = f"the city at {label}" + (f", facing {facing}" if facing else "")
    payment = amounts({item: int(amount) for item, amount in (part.split(":") for part in paid)})
    return f"construct a {building_name(game, building)} in {where} for {payment}, without an action"


def _card_without_action(game: Game, a: A.UseAbility) -> str:
    """ "play New Ideas: Bartering (without spending an action)": the card named as its play would be."""
    named, choice = a.choice[0], tuple(a.choice[1:])
    person = great_person_named(named)
    play = A.PlayGreatPerson(person, choice) if person is not None else A.PlayActionCard(int(named), choice)
    return f"p{_play_card(game, play)[1:]} (without spending an action)"


ABILITY_LABELS: dict[str, Callable[[Game, A.UseAbility], str]] = {
    "taxes": _taxes,
    "exchange": _exchange,
    "mood_steps": _mood_steps,
    "free_action": _free_action,
    "free_collect": _free_collect,
    "free_construct": _free_construct,
    "angry_as_neutral": lambda g, a: "your angry cities count as neutral this turn",
    "place_ship": lambda g, a: f"place a ship from your supply at {a.choice[0]} (activates the city)",
    "borrow_advance": lambda g, a: f"use {a.choice[0]} until the end of your turn",
    "leader_city_advance": lambda g, a: f"gain {a.choice[0]} for 1 {a.choice[1]} token",
    "play_card_without_action": _card_without_action,
    "ship_founds_city": lambda g, a: f"the ship at {a.choice[0]} founds a city at {a.choice[1]} (a main action)",
    "city_road_move": lambda g, a: "move one group by road between two of your cities, free (no action)",
    "bury_top_card": lambda g, a: "look at the top event card without showing it (no action)",
    "paid_size_bonus": lambda g, a: f"the city at {a.choice[0]} counts larger for its next Collect or Build",
}


def _use_ability(game: Game, a: A.UseAbility) -> str:
    """ "Taxes: take 1 food, 1 ore", "Theaters: 1 culture for 1 mood"."""
    label = ABILITY_LABELS.get(a.ability)
    if label is None:  # an ability added to the engine after this table
        what = a.ability.replace("_", " ")
        return f"{a.source}: {what}" + (f" ({', '.join(a.choice)})" if a.choice else "")
    return f"{a.source}: {label(game, a)}"


def ability_price(game: Game, a: A.UseAbility) -> str | None:
    """What using the ability costs, from its granting effect's parameters ("1 mood"), if anything."""
    effect = _ability_effect(game, a)
    if effect is None:
        return None
    params = effect.params
    if a.ability == "mood_steps":
        return amounts({k: v * int(a.choice[1]) for k, v in params.cost_per_step.items()})
    if a.ability == "exchange":
        option = next((o for o in params.options if option_label(o) == a.choice[0]), None)
        return amounts(option.pay) if option is not None and option.pay else None
    cost = getattr(params, "pay", None) or getattr(params, "cost", None)
    return amounts(cost) if cost else None


def _government(game: Game, a: A.ChangeGovernment) -> str:
    if not a.advances:
        return "Keep the current government"
    category = game.rules.category_of(a.advances[0]).name
    return f"Change government to {category}: {', '.join(a.advances)}"


# Each describer takes exactly its key's action type, which a dict's value type cannot say.
LABELS: dict[type[A.Action], Callable[[Game, Any], str]] = {
    A.Advance: lambda g, a: f"Advance: {a.advance}{_paying(a.payment)}",
    A.FoundCity: _found,
    A.Collect: _collect,
    A.Construct: _construct,
    A.Recruit: _recruit,
    A.BuildWonder: _build_wonder,
    A.CompleteObjective: _complete_objective,
    A.EndObjectives: lambda g, a: "Complete no more objectives now",
    A.StartMove: lambda g, a: "Move units",
    A.StartHappiness: lambda g, a: "Increase happiness",
    A.InfluenceCulture: _influence,
    A.UseAbility: _use_ability,
    A.PlayActionCard: _play_card,
    A.PlayTactics: _play_tactics,
    A.StartTrade: lambda g, a: f"Offer a trade to {g.player(a.partner).name}",
    A.EndTurn: lambda g, a: "End turn",
    A.Pay: lambda g, a: f"Pay {amounts(a.payment)}",
    A.CancelPayment: lambda g, a: "Cancel: do not pay (the action is not taken)",
    A.MoveUnits: _move_units,
    A.MoveCity: _move_city,
    A.BoardShips: _board_ships,
    A.AddTradeItem: _add_trade_item,
    A.SendTrade: lambda g, a: "Send the trade offer",
    A.CancelTrade: lambda g, a: "Cancel the trade offer",
    A.AcceptTrade: _accept_trade,
    A.DeclineTrade: lambda g, a: "Decline the trade",
    A.EndMove: lambda g, a: "End move",
    A.RaiseMood: _raise_mood,
    A.EndHappiness: lambda g, a: "Stop increasing happiness",
    A.ChooseOrientation: lambda g, a: _orientation(g, a),
    A.ChooseCasualties: _casualties,
    A.Retreat: lambda g, a: "Retreat" if a.retreat else "Fight on",
    A.PlaceRefugee: _refugee,
    A.ChooseToken: lambda g, a: f"Take a {a.token} token",
    A.ReuseUnit: _reuse,
    A.ChooseOption: _choose_option,
    A.CancelFortress: _cancel_fortress,
    A.PayCombatBonus: _combat_bonus,
    A.PlaceReinforcement: lambda g, a: f"Place the free unit in {city_text(g, a.city)}",
    A.ChooseCivilization: lambda g, a: f"Play {g.rules.civilizations[a.civilization].name}",
    A.ChooseLeader: _choose_leader,
    A.TakeNewLeader: _new_leader,
    A.BoostInfluence: _boost,
    A.TakeFreeAdvance: lambda g, a: f"Take {a.advance} for free",
    A.Raze: _raze,
    A.ChangeGovernment: _government,
    A.ChooseFirstPlayer: lambda g, a: f"{g.player(a.player).name} goes first",
    A.PlayGreatPerson: _play_card,
}


def describe_action(game: Game, action: A.Action) -> str:
    """One line a player understands, e.g. "Collect food from D7, wood from E8"."""
    label = LABELS.get(type(action))
    if label is None:  # an action class added to the engine after this table
        return action.KIND.replace("_", " ").capitalize()
    return label(game, action)


def combat_summary(game: Game) -> str | None:
    """ "Battle at B4, round 2: Ben attacks with 2 Infantry; Anna defends with 1 Infantry"."""
    combat = game.combat
    if combat is None:
        return None
    sides = []
    for verb, side in (("attacks", combat.attacker), ("defends", combat.defender)):
        units = units_text(game, side.units) if side.units else "no units"
        sides.append(f"{owner_name(game, side.owner)} {verb} with {units}")
    return f"Battle at {where(combat.space)}, round {combat.round}: " + "; ".join(sides)


OBJECTIVE_CHECKED = {
    "battle": "after each battle you fight",
    "wonder_built": "when you build a wonder",
    "city_founded": "when you found a city",
    "recruited": "when you recruit",
}
OBJECTIVE_MOMENTS = {
    "status": "status phase",
    "battle": "after the battle",
    "wonder_built": "the wonder is built",
    "city_founded": "the city is founded",
    "recruited": "after recruiting",
}


STATUS_PHASE_DECISIONS = (D.FreeAdvanceDecision, D.RazeDecision, D.GovernmentDecision, D.FirstPlayerDecision)


def decision_title(game: Game, decision: D.Decision) -> str:
    """What the deciding player is asked, as the title of the decision dialog."""
    name = game.player(decision.player).name
    moment = "status phase - " if isinstance(decision, STATUS_PHASE_DECISIONS) else ""
    return f"{name}: {moment}{decision_question(game, decision)}"


def _top_card_question(game: Game, decision: D.TopCardDecision) -> str:
    """Calendar's question: the card is named only in the decision, which only its player is shown."""
    if decision.card < 0:
        who = game.player(decision.drawer).name
        return f"{decision.source}: an event card is about to be drawn for {who} - look at the top event card first?"
    card = game.rules.event(decision.card)
    return (
        f"{decision.source}: the top event card, seen by you alone, is {card.name} ({card.text}) - leave it on top, "
        "or put it at the bottom of the deck?"
    )


def decision_question(game: Game, decision: D.Decision) -> str:
    """What the deciding player is asked, without their name ("take a free advance")."""
    if isinstance(decision, D.PayDecision):
        return f'pay {describe_cost(decision.cost)} for "{describe_action(game, decision.action)}"'
    if isinstance(decision, D.MoveDecision):
        return f"move units ({counted(decision.groups_left, 'group')} left)"
    if isinstance(decision, D.HappinessDecision):
        return "raise the mood of your cities"
    if isinstance(decision, D.TradeDecision):
        gives, takes = trade_side_text(game, decision.give), trade_side_text(game, decision.take)
        return f"trade offer to {game.player(decision.partner).name} — give {gives}, take {takes}"
    if isinstance(decision, D.TradeOfferDecision):
        gives, takes = trade_side_text(game, decision.give, decision.face_down), trade_side_text(game, decision.take)
        return f"{game.player(decision.proposer).name} offers {gives} for {takes}"
    if isinstance(decision, D.BoardingDecision):
        return f"choose which ships the units board at {where(decision.sea)}"
    if isinstance(decision, D.OrientationDecision):
        return "choose how the explored region lies"
    if isinstance(decision, D.CasualtyDecision) and decision.reason == OVERLOAD:
        return f"your ships can no longer carry all their units - remove {decision.count}"
    if isinstance(decision, D.CasualtyDecision):
        return f"remove {counted(decision.count, 'unit')} ({decision.reason})"
    if isinstance(decision, D.TacticsDecision):
        return "play a tactics card face down this round? (the other side does not see it)"
    if isinstance(decision, D.RetreatDecision):
        return "retreat or fight on?"
    if isinstance(decision, D.RefugeeDecision):
        return "place a refugee settler"
    if isinstance(decision, D.TokenChoiceDecision):
        return f"choose {counted(decision.amount, 'token')}"
    if isinstance(decision, D.ReuseUnitDecision):
        spec = game.rules.units.get(decision.kind_needed)
        kind = spec.name if spec else decision.kind_needed
        return f"no {kind} left in supply - choose one to move to the city"
    if isinstance(decision, D.InfluenceBoostDecision):
        return "the influence roll failed - boost it with culture tokens?"
    if isinstance(decision, D.FreeAdvanceDecision):
        return "take a free advance"
    if isinstance(decision, D.RazeDecision):
        return "raze a size 1 city?"
    if isinstance(decision, D.GovernmentDecision):
        return "change government?"
    if isinstance(decision, D.FirstPlayerDecision):
        return "choose the first player"
    if isinstance(decision, D.ObjectiveDecision):
        moment = OBJECTIVE_MOMENTS.get(decision.moment, decision.moment)
        return f"{moment} - complete objective cards?"
    if isinstance(decision, D.TopCardDecision):
        return _top_card_question(game, decision)
    if isinstance(decision, D.PirateShareDecision):
        space = hex_to_label(decision.space)
        return f"{decision.source}: your ships are at {space} with pirate ships - share the space, or attack them?"
    if isinstance(decision, D.CardCancelDecision):
        card = next((c.action for c in game.rules.action_cards if c.id == decision.card), "an action card")
        who = game.player(decision.played_by).name
        return f"{decision.source}: {who} plays {card} - let it be played, or discard a card to cancel it?"
    if isinstance(decision, D.EffectChoiceDecision) and not isinstance(
        decision, D.BarbarianArmiesDecision | D.SkipRoutesDecision
    ):
        return f"{decision.source}: choose one" if decision.source else "choose one"  # the dialog lists them
    return decision.describe()
