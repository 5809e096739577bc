"""Battles: settlers overrun, undefended cities taken, land and naval combat rounds, capturing
cities, barbarian battles and pirate rewards.

Movement and recruiting call `enter_space` once units arrived in a space holding enemy units or
an enemy city. A battle runs round by round in `game.combat`; whenever a player must choose
(casualties, lost cargo, retreat) a decision is pushed and the battle resumes when it is answered.
Follow-ups that outlive the battle (refugee settler, pirate tokens) are pushed after it ended; then
the rules other modules hang on `AFTER_BATTLE` act (Mercenaries garrisons the barbarian city left).

Before the first round each side may pay for battle effects (a pending decision each): the
attacker for `cancel_fortress` (Siegecraft), then the attacker and the defender for
`paid_combat_bonus` (Steel Weapons). Every round, `combat_bonus` (Fanaticism) and `cancel_hits`
(War Ships) effects whose conditions hold change the roll; after a lost battle
`reinforcement_after_defeat` (Fanaticism) places a free unit. At the end of each round, after both
sides rolled, `paid_round_bonus` (Colosseum) lets a side pay for one more hit that round, then
`paid_hit_cancel` (Fireworks) lets a side taking hits pay to cancel one, before the tactics effects
that look at the hits.

Tactics cards: at the start of every round, a side whose owner holds `play_tactics_cards`
(Tactics) may play one action card face down for its tactics half (`tactics_halves.yaml`), the
attacker first, then the defender, whose options depend only on its own hand. Both are revealed
together before the roll; the half's effects last that round (a `combat_round` lasting effect).
The effects that count, roll or ask resolve in two passes (catalogue §3.3): the attacker's (its own
card on itself, then the defender's card on the attacker), then the defender's (the attacker's card
on the defender, then its own card on itself), before the roll and again after the hits.

Rolling order (tests rely on it): each round the tactics dice that come before the roll, in the
order of the passes, then the attacker rolls all its dice and re-rolls its re-roll icons; then the
defender does the same, fortress dice last; then the tactics dice after the hits, in the same order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import combinations, product

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted, listed
from civgame.games.clash.content import effects
from civgame.games.clash.content.effects import Effect
from civgame.games.clash.content.effects.cards import (
    CancelEnemyTactics,
    CombatValuePerEnemyUnit,
    DisableEnemyAbilities,
    DrawOnHit,
    ExtraCombatDice,
    ExtraHitOnRoll,
    IgnoreHitOnRoll,
    KillOnRoll,
)
from civgame.games.clash.content.effects.events import EventCityAttackOffer
from civgame.games.clash.content.effects.military import (
    BattleCondition,
    CancelHits,
    CasualtiesInAnyOrder,
    CombatBonus,
    ExtraHits,
    ForbidEnemyTactics,
    LowDiceAsValue,
    PaidCombatBonus,
    PaidHitCancel,
    PaidRoundBonus,
    ReinforcementAfterDefeat,
    RerollDie,
)
from civgame.games.clash.content.effects.military import CancelFortress as FortressCancelling
from civgame.games.clash.content.effects.sources import end_lasting, ship_capacity
from civgame.games.clash.content.ruleset import ActionCard, DieFace
from civgame.games.clash.core.actions import (
    Action,
    CancelFortress,
    ChooseCasualties,
    PayCombatBonus,
    PlaceRefugee,
    PlaceReinforcement,
    PlayTactics,
    Retreat,
)
from civgame.games.clash.core.decisions import (
    CasualtyDecision,
    CombatBonusDecision,
    Decision,
    EffectChoiceDecision,
    HitCancelDecision,
    RefugeeDecision,
    ReinforcementDecision,
    RetreatDecision,
    SiegeDecision,
    TacticsDecision,
    TokenChoiceDecision,
)
from civgame.games.clash.core.hexgrid import Hex, hex_to_label, label_to_hex
from civgame.games.clash.core.model import (
    BARBARIAN,
    MOODS,
    PIRATE,
    BattleRecord,
    City,
    Combat,
    CombatSide,
    Game,
    LastingEffect,
    RoundRoll,
    Unit,
)
from civgame.games.clash.core.vocabulary import DECLINE, amounts
from civgame.games.clash.rules.base import civilizations, diplomacy
from civgame.games.clash.rules.base.cards import discard, draw_card
from civgame.games.clash.rules.base.endings import note_city_lost
from civgame.games.clash.rules.base.log import clause, gained, line, party, say, things, unit_name, units
from civgame.games.clash.rules.base.moods import mood_modified_size
from civgame.games.clash.rules.base.payments import affordable, describe, gain, holdings, pay, payment_options, settle
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.triggers import fire

FORTRESS = "fortress"
SETTLER = "settler"
# CasualtyDecision reasons answered here; OVERLOAD: cargo beyond a capacity that dropped outside a battle
# SUNK_CARGO: cargo beyond what the side's ships can carry once a tactics card took a ship before the roll
COMBAT, CARGO, TACTICS, OVERLOAD = "combat", "cargo", "tactics", "overload"
SUNK_CARGO = "cargo of a ship lost before the roll"
# where a battle resumes after each
NEXT_STEP = {COMBAT: "cargo", CARGO: "resolve", TACTICS: "cards", SUNK_CARGO: "cards"}


# ------------------------------------------------------------------ entry point


def enter_space(
    game: Game,
    owner: int,
    unit_ids: list[int],
    space: Hex,
    origins: dict[int, Hex],
    can_retreat: bool = True,
    attack_bonus: int = 0,
) -> bool:
    """Resolve units of `owner` arriving in `space`, which holds enemy units or an enemy city.

    Enemy settlers alone are eliminated, an undefended city without a fortress is captured at once,
    anything else is a battle. `origins` maps each arriving unit to the space it came from, where it
    goes back after a retreat or a one-round barbarian battle (carried units follow their ship);
    recruited units have none and `can_retreat` is False for them.
    """
    if game.combat is not None:
        raise ValueError("a battle is already being fought")
    naval = game.is_water(space)
    city = game.city_at(space)
    enemy_city = city if city is not None and city.owner != owner else None
    enemies = game.enemy_units_at(space, owner)
    if enemy_city is None and not enemies:
        raise ValueError(f"no enemy units or city at {hex_to_label(space)}")
    defender = enemy_city.owner if enemy_city else enemies[0].owner
    attackers = _fighters(game, owner, space, naval)
    if not attackers:
        raise ValueError(f"{owner_name(game, owner)} has no fighting unit at {hex_to_label(space)}")
    defenders = _fighters(game, defender, space, naval)
    fortress = enemy_city is not None and game.building_works(enemy_city, FORTRESS)
    from_sea = not naval and any(game.is_water(o) for o in origins.values())
    diplomacy.attack_between(game, owner, defender)
    shrinks = owner == BARBARIAN and enemy_city is not None and game.rules.game.barbarians.city_battle == "shrink"
    wall = _barbarian_guard(game, owner, enemy_city)  # (before a capture: an undefended city is attacked too)
    if not defenders and not fortress and wall is None and not shrinks:
        _overrun(game, owner, defender, unit_ids, space, enemy_city, from_sea)
        return False
    barbarian_battle = BARBARIAN in (owner, defender)
    short = game.short_battle_vp is not None and not naval  # Solar Eclipse
    winner_vp = game.short_battle_vp if short and game.short_battle_vp is not None else 0.0
    if short:
        game.short_battle_vp = None
    game.combat = Combat(
        space=space,
        naval=naval,
        attacker=CombatSide(owner, attackers),
        defender=CombatSide(defender, defenders),
        origins=dict(origins),
        city_id=enemy_city.id if enemy_city else None,
        fortress=fortress,
        max_rounds=1 if short else game.rules.game.barbarians.battle_rounds if barbarian_battle else 0,
        retreat_allowed=can_retreat and owner >= 0,
        winner_vp=winner_vp,
        shrinks_city=shrinks,
    )
    game.combat.present = _present(game, space, owner, defender)
    kind = "naval battle" if naval else "battle"
    if wall is not None and enemy_city is not None:
        _repel_barbarians(game, enemy_city, wall)
        return True
    defence = [_kinds(game, defenders) or "no units", *(["a fortress"] if fortress else [])]
    _say(
        game,
        "combat.begins",
        owner,
        battle=kind,
        space=hex_to_label(space),
        attackers=_kinds(game, attackers),
        defender=party(game, defender),
        defence=", ".join(defence),
    )
    if attack_bonus:
        game.combat.attacker.bonus += attack_bonus
        _say(game, "combat.attack_bonus", owner, bonus=f"{attack_bonus:+}")
    _prepare(game)
    return True


def _barbarian_guard(game: Game, owner: int, city: City | None) -> Effect | None:
    """The `barbarians_lose_at_once` effect (the Great Wall) of the owner of a city barbarians attack, if any."""
    if owner != BARBARIAN or city is None or city.owner < 0:
        return None
    guard = effects.active(game, game.player(city.owner), "barbarians_lose_at_once")
    return guard[0] if guard else None


def _repel_barbarians(game: Game, city: City, guard: Effect) -> None:
    """The barbarians attacking the city lose without a roll, and its owner wins the battle."""
    c = _battle(game)
    _say(game, "combat.repelled", c.attacker.owner, owner=party(game, city.owner), source=guard.source)
    c.attacker.losses = len(c.attacker.units)
    _remove(game, list(c.attacker.units))
    _finish(game, winner=city.owner, withdraw=False)


def _present(game: Game, space: Hex, attacker: int, defender: int) -> list[dict[int, str]]:
    """Each side's units in the space at the start (the attackers' cargo too): unit id -> type."""
    here = game.units_at(space)
    return [{u.id: u.kind for u in here if u.owner == side} for side in (attacker, defender)]


def _record(
    game: Game,
    space: Hex,
    sides: tuple[int, int],
    winner: int | None,
    present: list[dict[int, str]],
    from_sea: bool,
    rounds: int = 0,
) -> None:
    """Keep the battle for this turn's objectives and let each side that is a player hear of it."""
    alive = {u.id for u in game.units}
    record = BattleRecord(
        space=space,
        naval=game.is_water(space),
        attacker=sides[0],
        defender=sides[1],
        winner=winner,
        at_city=game.city_at(space) is not None,
        from_sea=from_sea,
        present=[list(units.values()) for units in present],
        lost=[[kind for uid, kind in units.items() if uid not in alive] for units in present],
        rounds=rounds,
    )
    game.battles.append(record)
    for side in sides:
        if side >= 0:
            fire(game, "battle_recorded", player=side, record=record)


def owner_name(game: Game, owner: int) -> str:
    if owner == BARBARIAN:
        return "Barbarians"
    if owner == PIRATE:
        return "Pirates"
    return game.player(owner).name


def _fighters(game: Game, owner: int, space: Hex, naval: bool) -> list[int]:
    """Units of `owner` that fight at `space`: ships at sea, army units on land."""
    fights = game.is_ship if naval else game.is_army
    return sorted(u.id for u in game.units_at(space) if u.owner == owner and u.carrier is None and fights(u))


def _overrun(
    game: Game, owner: int, defender: int, unit_ids: list[int], space: Hex, city: City | None, from_sea: bool
) -> None:
    """No defending fighter and no fortress: enemy settlers are eliminated, an enemy city is taken.

    It is a battle without dice, which the defender loses.
    """
    lost = [u.id for u in game.units_at(space) if u.owner == defender]
    if lost:
        say(
            game,
            "combat.overrun",
            owner,
            defender=party(game, defender),
            units=_kinds(game, lost),
            space=hex_to_label(space),
        )
    present = _present(game, space, owner, defender)
    _remove(game, lost, killer=owner)
    for uid in unit_ids:
        _fought(game, game.existing_unit(uid))
    _record(game, space, (owner, defender), owner, present, from_sea)
    reinforcements = _reinforcements(game, [defender], space)
    if city is not None:
        _capture(game, city, owner)
        _offer_after_capture(game, owner, defender)
    _offer_reinforcements(game, reinforcements)


def _fought(game: Game, unit: Unit) -> None:
    """A unit that fought moves no more this turn (`ships_move_after_battle` spares its holder's ships)."""
    if game.is_ship(unit) and unit.owner >= 0 and effects.has(game, game.player(unit.owner), "ships_move_after_battle"):
        return
    unit.immobile = True
    unit.stopped_by_terrain = False


# ------------------------------------------------------------------ before the first round

_PREPARATION = ("city_attack_offer", "siege", "attacker_bonus", "defender_bonus")


def _prepare(game: Game) -> None:
    """Offer the choices made just before the first round, attacker first, then fight."""
    c = _battle(game)
    for step in _PREPARATION:
        if step in c.prepared:
            continue
        c.prepared.append(step)
        if step == "city_attack_offer":
            asked = _offer_city_attack(game, c)
        elif step == "siege":
            asked = _offer_siege(game, c)
        else:
            asked = _offer_combat_bonus(game, c, c.attacker if step == "attacker_bonus" else c.defender)
        if asked:
            return
    _proceed(game, "round")


def _siege_effects(game: Game, c: Combat) -> dict[str, Effect]:
    """Fortress part -> the attacker's first `cancel_fortress` effect for it."""
    if not c.fortress or c.attacker.owner < 0:
        return {}
    found: dict[str, Effect] = {}
    for effect in effects.active(game, game.player(c.attacker.owner), "cancel_fortress"):
        found.setdefault(effects.params_as(effect, FortressCancelling).part, effect)
    return found


def _siege_cost(found: dict[str, Effect], parts: tuple[str, ...]) -> dict[str, int]:
    cost: dict[str, int] = {}
    for part in parts:
        for item, amount in effects.params_as(found[part], FortressCancelling).cost.items():
            cost[item] = cost.get(item, 0) + amount
    return cost


def _siege_options(game: Game, c: Combat) -> list[tuple[str, ...]]:
    """The sets of fortress parts the attacker can pay to cancel (not cancelling at all included)."""
    found = _siege_effects(game, c)
    if not found:
        return [()]
    player = game.player(c.attacker.owner)
    options: list[tuple[str, ...]] = [()]
    for part in sorted(found):
        options += [(*o, part) for o in options]
    return [o for o in options if not o or affordable(game, player, _siege_cost(found, o))]


def _offer_siege(game: Game, c: Combat) -> bool:
    free = _free_siege(game, c)
    parts = sorted(_siege_effects(game, c))
    if free is not None and parts:
        c.fortress_cancelled.extend(parts)
        _say(game, "combat.free_siege", c.attacker.owner, parts=listed(parts), source=free.source)
        return False
    if len(_siege_options(game, c)) < 2:
        return False
    game.pending.append(SiegeDecision(player=c.attacker.owner))
    return True


def _free_siege(game: Game, c: Combat) -> Effect | None:
    """`fortress_needs_advance` (the 2012 Great Wall): an attacker allowed to attack the defender's Fortress
    city cancels its parts at no cost."""
    if c.defender.owner < 0:
        return None
    found = effects.active(game, game.player(c.defender.owner), "fortress_needs_advance")
    return found[0] if found else None


def _offer_city_attack(game: Game, c: Combat) -> bool:
    """An event's lasting offer to the next player attacking a defended city (Trojan Horse)."""
    card = game.city_attack_offer
    if card is None or c.naval or c.city_id is None or c.attacker.owner < 0:
        return False
    offer = next(e for e in game.rules.event_effects(card) if e.name == "event_city_attack_offer")
    params = effects.params_as(offer, EventCityAttackOffer)
    cost = amounts(params.pay)
    if not affordable(game, game.player(c.attacker.owner), cost):
        return False
    source = game.rules.event(card).name
    denial = params.deny_defender_tactics
    game.pending.append(
        CombatBonusDecision(player=c.attacker.owner, source=source, cost=cost, vp=params.vp, deny_tactics=denial)
    )
    return True


def _offer_combat_bonus(game: Game, c: Combat, side: CombatSide) -> bool:
    """`paid_combat_bonus`: ask the side's owner whether to pay, or apply it when it is free. A city held
    by its fortress alone is offered it too: its bonus counts on the fortress die."""
    if side.owner < 0 or not (side.units or (side is c.defender and _fortress_dice(game, c))):
        return False
    player = game.player(side.owner)
    kinds = _battle_kinds(game, c, side)
    offers = [
        e
        for e in effects.active(game, player, "paid_combat_bonus")
        if kinds & set(effects.params_as(e, PaidCombatBonus).battles)
    ]
    if not offers:
        return False
    effect = offers[0]
    offer = effects.params_as(effect, PaidCombatBonus)
    opponent = _opponent(c, side)
    armed = opponent.owner >= 0 and effects.has(game, game.player(opponent.owner), "paid_combat_bonus")
    bonus = offer.bonus_if_opponent_has_it if armed else offer.bonus
    free = not armed and effects.has(game, player, "free_paid_combat_bonus")
    if free or not offer.cost:
        side.bonus += bonus
        _say(game, "combat.paid_bonus", side.owner, source=effect.source, bonus=f"{bonus:+}")
        return False
    cost = amounts(offer.cost)
    if not affordable(game, player, cost):
        return False
    game.pending.append(CombatBonusDecision(player=side.owner, source=effect.source, bonus=bonus, cost=cost))
    return True


# ------------------------------------------------------------------ battle effects


def _opponent(c: Combat, side: CombatSide) -> CombatSide:
    return c.defender if side is c.attacker else c.attacker


def _battle_kinds(game: Game, c: Combat, side: CombatSide) -> set[str]:
    """The `BattleKind`s this battle is for one side."""
    if c.naval:
        return {"naval"}
    from_ships = side is c.attacker and any(game.is_water(origin) for origin in c.origins.values())
    return {"land", "from_ships"} if from_ships else {"land"}


def _holds(game: Game, c: Combat, side: CombatSide, condition: BattleCondition) -> bool:
    if condition.round is not None and condition.round != c.round:
        return False
    role = "attacker" if side is c.attacker else "defender"
    if condition.role not in ("either", role):
        return False
    if not _battle_kinds(game, c, side) & set(condition.battles):
        return False
    if condition.opponent != "any" and condition.opponent != _opponent_kind(_opponent(c, side).owner):
        return False
    if condition.units is not None:
        fewer = _round_units(side) < _round_units(_opponent(c, side))
        if fewer != (condition.units == "fewer"):
            return False
    if condition.own_city_in_region is not None:
        region = game.space_region[c.space].spaces()
        owns = any(city.pos in region for city in game.cities_of(side.owner))
        if owns != condition.own_city_in_region:
            return False
    city = game.city_at(c.space)
    if condition.city_building is not None and (city is None or condition.city_building not in city.buildings):
        return False
    if condition.own_city_mood is not None:
        return city is not None and city.owner == side.owner and city.mood == condition.own_city_mood
    return True


def _round_units(side: CombatSide) -> int:
    """The side's fighting units at the start of this round: a start-of-round effect counting units
    (Hero of Thermopylae, Wu Zetian, Sparta) counts them before tactics cards remove any (catalogue §3.3)."""
    return len(side.units) if side.round_units is None else side.round_units


def _multiplier(game: Game, c: Combat, side: CombatSide, per: str | None) -> int:
    """How many times a `combat_bonus` with `per` applies this round."""
    if per == "unit_fewer":
        return max(0, _round_units(_opponent(c, side)) - _round_units(side))
    if per == "region_with_city":
        home = game.regions[side.owner].number
        regions = {game.space_region[city.pos].number for city in game.cities_of(side.owner)}
        return len(regions - {home})
    return 1


def _opponent_kind(owner: int) -> str:
    return {BARBARIAN: "barbarians", PIRATE: "pirates"}.get(owner, "player")


def _opponent_bonus(game: Game, c: Combat, side: CombatSide, dice: int) -> int:
    """What the opponent's `combat_bonus` effects with `target: opponent` add to this side's combat value."""
    other = _opponent(c, side)
    if other.owner < 0 or not dice:
        return 0
    holder = game.player(other.owner)
    bonus = 0
    for effect in effects.active(game, holder, "combat_bonus", at=c.space):
        extra = effects.params_as(effect, CombatBonus)
        if extra.target == "opponent" and _holds(game, c, other, extra):
            bonus += extra.value
            _say(game, "combat.value_from", side.owner, value=f"{extra.value:+}", source=effect.source)
    return bonus


def _modifiers(game: Game, c: Combat, side: CombatSide, extra_dice: int) -> tuple[int, int]:
    """This round's combat-value bonus and cancelled hits of one side from its effects and tactics
    cards (logged). A side rolling no die, with its `extra_dice` too, has no combat value for a
    bonus to add to (a fortress die alone is a roll)."""
    dice = len(side.units) + extra_dice
    bonus = _opponent_bonus(game, c, side, dice) + side.round_value
    if side.owner < 0:
        return bonus, side.hits_ignored
    player = game.player(side.owner)
    bonus += side.bonus if dice else 0
    for effect in effects.active(game, player, "combat_bonus", at=c.space):
        extra = effects.params_as(effect, CombatBonus)
        if extra.target == "holder" and dice and _holds(game, c, side, extra):
            value = extra.value * _multiplier(game, c, side, extra.per)
            if value:
                bonus += value
                _say(game, "combat.value_from", side.owner, value=f"{value:+}", source=effect.source)
    cancels = 0
    for effect in effects.active(game, player, "cancel_hits", at=c.space):
        cancel = effects.params_as(effect, CancelHits)
        if _holds(game, c, side, cancel):
            cancels += cancel.hits
            _say(
                game,
                "combat.hits_cancelled",
                source=effect.source,
                hits=_hits(cancel.hits),
                against=party(game, side.owner),
            )
    return bonus, cancels + side.hits_ignored


# ------------------------------------------------------------------ the rounds


def _proceed(game: Game, step: str) -> None:
    """Run the battle from `step` ("round", "tactics", "reveal", "cards", "roll", "hits", "cargo" or
    "resolve") until it waits for a choice or ends."""
    while game.combat is not None:
        if step == "round":
            _start_round(game)
            step = "tactics"
        if step == "tactics":
            if _offer_tactics(game):
                return
            step = "reveal"
        if step == "reveal":
            _reveal_tactics(game, _battle(game))
            step = "cards"
        if step == "cards":
            if _resolve_tactics(game, _battle(game), _BEFORE_ROLL):
                return
            step = "roll"
        if step == "roll":
            if _side_gone(_battle(game)):
                step = "resolve"  # a card took a side's last unit before the roll: nothing is left to fight
            elif _roll_round(game):
                return
            else:
                step = "hits"
        if step == "hits":
            if _offer_hit_cancel(game, _battle(game)):
                return
            _assign_hits(game)
            if _waiting(game, COMBAT):
                return
            step = "cargo"
        if step == "cargo":
            _ask_cargo(game)
            if _waiting(game, CARGO):
                return
        if not _resolve_round(game):
            return
        step = "round"


@dataclass
class _Roll:
    value: int
    hits: int
    cancels: int
    dice: int  # rolled (a city's fortress die alone is a roll)
    optional: list[int] = field(default_factory=list)  # dice turned into cancellations its owner may count instead


def _start_round(game: Game) -> None:
    c = _battle(game)
    c.round += 1
    c.tactics_asked = []
    c.resolved = []
    c.abilities_kept = []
    for side in (c.attacker, c.defender):
        side.round_value = side.hits_ignored = 0
        side.roll = None
        side.round_units = len(side.units)
        if side.owner >= 0:
            fire(game, "combat_round_start", player=side.owner, round=c.round, space=c.space)


def _side_gone(c: Combat) -> bool:
    """Whether a side has nothing left to roll with: no unit, and for the defender no fortress in its round
    (a city the barbarians shrink takes their round, if only with its pieces)."""
    defended = c.defender.units or (c.fortress and c.round == 1) or c.shrinks_city
    return not c.attacker.units or not defended


def _roll_round(game: Game) -> bool:
    """Roll both sides and count the hits each takes; True if a side is asked about a round bonus."""
    c = _battle(game)
    rules = game.rules.combat
    fortress_round = c.fortress and c.round == 1
    if fortress_round and c.fortress_cancelled:
        _say(game, "combat.siege", parts=_fortress_parts(c.fortress_cancelled))
    fortress_dice = _fortress_dice(game, c)
    attack_dice, defence_dice = _extra_dice(game, c.attacker), _extra_dice(game, c.defender)
    attack_bonus, attack_cancels = _modifiers(game, c, c.attacker, attack_dice)
    defence_bonus, defence_cancels = _modifiers(game, c, c.defender, defence_dice + fortress_dice)
    attack = _roll(game, c.attacker, attack_dice, _abilities_work(game, c, c.attacker), attack_bonus)
    defence = _roll(game, c.defender, defence_dice, _abilities_work(game, c, c.defender), defence_bonus, fortress_dice)
    _rolled(c.attacker).extra_cancels += attack_cancels
    _rolled(c.defender).extra_cancels += defence_cancels
    if fortress_round and "hit_cancel" not in c.fortress_cancelled:
        _rolled(c.defender).extra_cancels += rules.fortress_cancelled_hits
        _say(game, "combat.fortress", hits=_hits(rules.fortress_cancelled_hits))
    _rolled(c.attacker).extra_hits = _extra_hits(game, c, c.attacker)
    _rolled(c.defender).extra_hits = _extra_hits(game, c, c.defender)
    attack, defence = _score_round(game, c)
    asked = [
        _offer_round_bonus(game, c, side, roll, against)
        for side, roll, against in ((c.defender, defence, attack), (c.attacker, attack, defence))
    ]
    return _offer_after_roll(game, c) or any(asked)  # the attacker's question ends on top: it answers first


def _rolled(side: CombatSide) -> RoundRoll:
    assert side.roll is not None  # (called once the side has rolled)
    return side.roll


def _score_round(game: Game, c: Combat) -> tuple[_Roll, _Roll]:
    """Each side takes the other's hits of the round less its own cancellations; both rolls as counted."""
    attack, defence = _counted(game, c.attacker), _counted(game, c.defender)
    _score(c.defender, attack.hits - defence.cancels)
    _score(c.attacker, defence.hits - attack.cancels)
    if c.shrinks_city:
        c.defender.hits_taken = min(len(_hit_takers(game, c, c.defender)), c.defender.hits_scored)
    return attack, defence


def _offer_after_roll(game: Game, c: Combat) -> bool:
    """The choices a side's owner may make once both sides have rolled, each asked once a round: a die rolled
    again (`reroll_die`), then low dice counted as combat value (`low_dice_as_value`). True if one was asked."""
    for offer in (_offer_reroll, _offer_low_dice_as_value):
        for side in (c.attacker, c.defender):
            asked = f"{offer.__name__}:{c.round}:{side.owner}"
            if side.owner >= 0 and side.roll is not None and asked not in c.prepared and offer(game, c, side):
                c.prepared.append(asked)
                return True
    return False


def _after_roll_choice(game: Game, c: Combat) -> None:
    """Once a choice after the roll is answered: the hits counted again, then the next choice or the hits."""
    _score_round(game, c)
    if _offer_after_roll(game, c):
        return
    if not any(isinstance(p, CombatBonusDecision) for p in game.pending):  # (a round bonus is asked below)
        _proceed(game, "hits")


def _side_of(c: Combat, player: int) -> CombatSide:
    return c.attacker if player == c.attacker.owner else c.defender


def _offer_low_dice_as_value(game: Game, c: Combat, side: CombatSide) -> bool:
    """`low_dice_as_value` (Warbeasts): the side's owner chooses how many of the dice its units turned into
    hit cancellations count as combat value instead (the highest first), each option saying what follows."""
    optional = _counted(game, side).optional
    if not optional:
        return False
    options = []
    for kept in range(len(optional) + 1):
        roll = _counted(game, side, kept)
        dice = listed([str(v) for v in optional[:kept]]) or "no die"
        options.append(
            f"count {dice} as combat value: {roll.value} combat value, {_hits(roll.hits)}, "
            f"{_hits(roll.cancels)} cancelled"
        )
    source = effects.active(game, game.player(side.owner), LOW_DICE)[0].source
    game.pending.append(EffectChoiceDecision(player=side.owner, source=source, effect=LOW_DICE, options=options))
    return True


LOW_DICE = "low_dice_as_value"  # the EffectChoiceDecision of a side's dice counted as value, not cancellations


def take_low_dice_choice(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """The chosen number of the side's optional cancellations count as combat value."""
    c = _battle(game)
    side = _side_of(c, decision.player)
    kept = decision.options.index(option)
    if kept:
        dice = _counted(game, side).optional[:kept]
        _rolled(side).kept_as_value = kept
        _say(game, "combat.dice_as_value", side.owner, dice=listed([str(v) for v in dice]), source=decision.source)
    _after_roll_choice(game, c)


REROLL = "reroll_die"  # the EffectChoiceDecision of a die rolled again


def _offer_reroll(game: Game, c: Combat, side: CombatSide) -> bool:
    """`reroll_die` (Horsemanship): in its `rounds`, a side with one of the effect's `units` may pay its cost to
    roll one of its dice again; the options name each value shown once."""
    player = game.player(side.owner)
    for effect in effects.active(game, player, REROLL, at=c.space):
        params = effects.params_as(effect, RerollDie)
        kinds = {game.existing_unit(uid).kind for uid in side.units}
        cost = amounts(params.cost)
        if c.round not in params.rounds or not kinds & set(params.units) or not affordable(game, player, cost):
            continue
        shown = sorted(set(_rolled(side).dice))
        options = [f"pay {things(cost)}: roll the {v} again" for v in shown]
        game.pending.append(
            EffectChoiceDecision(
                player=side.owner,
                source=effect.source,
                effect=REROLL,
                options=["keep the dice", *options],
                amounts=[{}, *({k: -v for k, v in cost.items()} for _ in shown)],
            )
        )
        return True
    return False


def take_reroll_choice(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """The die named rolled again, its cost paid; the roll is counted again."""
    c = _battle(game)
    if option != "keep the dice":
        side = _side_of(c, decision.player)
        paid = {k: -v for k, v in decision.amounts[decision.options.index(option)].items()}
        pay(game.player(decision.player), paid)
        shown = int(option.rsplit("the ", 1)[1].split(" ")[0])
        roll = _rolled(side)
        face = _die(game)
        roll.dice[roll.dice.index(shown)] = face.value
        total = _counted(game, side)
        _say(
            game,
            "combat.rerolled",
            side.owner,
            payment=things(paid),
            shown=shown,
            rolled=face.value,
            value=total.value,
            hits=_hits(total.hits),
            source=decision.source,
        )
    _after_roll_choice(game, c)


def _extra_hits(game: Game, c: Combat, side: CombatSide) -> int:
    """`extra_hits` (the 2012 Steel Weapons): hits the side scores on top of its roll where their conditions
    hold, against an opponent without the advance they name."""
    if side.owner < 0 or not side.units:
        return 0
    opponent = _opponent(c, side).owner
    hits = 0
    for effect in effects.active(game, game.player(side.owner), "extra_hits", at=c.space):
        params = effects.params_as(effect, ExtraHits)
        lacking = (
            params.unless_opponent_has is None
            or opponent < 0
            or not game.player(opponent).has(params.unless_opponent_has)
        )
        if lacking and _holds(game, c, side, params):
            hits += params.hits
            _say(game, "combat.extra_hits", side.owner, hits=_hits(params.hits), source=effect.source)
    return hits


def _hit_takers(game: Game, c: Combat, side: CombatSide) -> list[int]:
    """The units that take the side's hits: its fighting units, and in a city the barbarians shrink its
    settlers too (the defender's choice which)."""
    if not (c.shrinks_city and side is c.defender):
        return side.units
    settlers = [
        u.id for u in game.units_at(c.space) if u.owner == side.owner and u.carrier is None and not game.is_army(u)
    ]
    return sorted([*side.units, *settlers])


def _fortress_dice(game: Game, c: Combat) -> int:
    """The dice the defender's fortress adds this round: in the first round, unless a siege cancelled them."""
    if c.fortress and c.round <= 1 and "extra_dice" not in c.fortress_cancelled:
        return game.rules.combat.fortress_extra_dice
    return 0


def _score(side: CombatSide, hits: int) -> None:
    """The side takes `hits` this round: as many as it has units (`hits_taken`), the rest noted too."""
    side.hits_scored = max(0, hits)
    side.hits_taken = min(len(side.units), side.hits_scored)


def _offer_round_bonus(game: Game, c: Combat, side: CombatSide, roll: _Roll, against: _Roll) -> bool:
    """`paid_round_bonus`: ask the side's owner to pay for one more hit this round, when it would give one
    (to a side that rolled: a city's fortress die alone is a roll)."""
    if side.owner < 0 or not roll.dice:
        return False
    player = game.player(side.owner)
    target = _opponent(c, side)
    per = game.rules.game.hits_per_combat_value
    for effect in effects.active(game, player, "paid_round_bonus"):
        offer = effects.params_as(effect, PaidRoundBonus)
        hits = min(len(target.units), max(0, (roll.value + offer.bonus) // per - against.cancels))
        cost = amounts(offer.cost)
        if (
            _battle_kinds(game, c, side) & set(offer.battles)
            and hits > target.hits_taken
            and affordable(game, player, cost)
        ):
            game.pending.append(
                CombatBonusDecision(
                    player=side.owner, source=effect.source, bonus=offer.bonus, cost=cost, this_round=True
                )
            )
            return True
    return False


def _assign_hits(game: Game) -> None:
    """Tactics effects that look at the hits, the round's hits logged, then each side asked to choose
    its casualties."""
    c = _battle(game)
    _resolve_tactics(game, c, _AFTER_HITS)
    _say(
        game,
        "combat.hits",
        c.attacker.owner,
        hits=_hits(c.attacker.hits_taken),
        defender=party(game, c.defender.owner),
        defender_hits=_hits(c.defender.hits_taken),
    )
    for side in (c.attacker, c.defender):
        if side.owner >= 0:
            fire(game, "hits_assigned", player=side.owner, round=c.round, hits_taken=side.hits_taken)
    for side in (c.defender, c.attacker):  # the attacker's decision ends on top: it chooses first
        _choose(game, side, _hit_takers(game, c, side), side.hits_taken, COMBAT)


def _scored(side: CombatSide) -> int:
    """The hits scored against the side this round (a battle saved before they were noted: those taken)."""
    return max(side.hits_scored, side.hits_taken)


def _offer_hit_cancel(game: Game, c: Combat) -> bool:
    """`paid_hit_cancel` (Fireworks, Qin's Tactician): a side taking rolled hits may pay to cancel one,
    each effect once a round (noted in `c.prepared`); True if a choice was asked. It comes before the
    tactics effects after the hits, so Encircled's extra hit cannot be cancelled and Surprise counts
    the hits left."""
    for side in (c.attacker, c.defender):
        if side.owner < 0 or not 0 < _scored(side) <= len(side.units):  # one hit fewer must save a unit
            continue
        player = game.player(side.owner)
        for effect in effects.active(game, player, "paid_hit_cancel", at=c.space):
            params = effects.params_as(effect, PaidHitCancel)
            asked = f"hit_cancel:{c.round}:{side.owner}:{effect.source}"
            cost = amounts(params.cost)
            if asked in c.prepared or not _holds(game, c, side, params) or not affordable(game, player, cost):
                continue
            c.prepared.append(asked)
            game.pending.append(HitCancelDecision(player=side.owner, source=effect.source, cost=cost))
            return True
    return False


# ------------------------------------------------------------------ tactics cards

# The primitives a tactics half may use: a half with another effect cannot be played in combat.
TACTICS_PRIMITIVES = frozenset(
    {
        "combat_bonus",
        "cancel_hits",
        "extra_combat_dice",
        "combat_value_per_enemy_unit",
        "disable_enemy_abilities",
        "draw_on_hit",
        "ignore_hit_on_roll",
        "extra_hit_on_roll",
        "cancel_enemy_tactics",
        "kill_on_roll",
        "sacrifice_units",
        "withdraw_before_roll",
    }
)


def _role(c: Combat, side: CombatSide) -> str:
    return "attacker" if side is c.attacker else "defender"


def tactics_playable(game: Game, c: Combat, half: str, role: str) -> bool:
    """Whether a side in `role` may play the tactics half in this battle (its requirements)."""
    found = game.rules.card_effects.get(half)
    if not found or any(e.name not in TACTICS_PRIMITIVES for e in found):
        return False
    spec = game.rules.tactics_halves[half]
    at_city = c.city_id is not None
    side = c.attacker if role == "attacker" else c.defender
    owner = side.owner
    return (
        ("naval" if c.naval else "land") in spec.battles
        and (not spec.units or bool(set(spec.units) & _unit_types_present(c, side)))
        and spec.role in ("either", role)
        and not (spec.city == "required" and not at_city)
        and not (spec.city == "not_for_attacker" and role == "attacker" and at_city)
        and not (any(e.name == "withdraw_before_roll" for e in found) and not withdrawal_spaces(game, c, owner))
    )


def _unit_types_present(c: Combat, side: CombatSide) -> set[str]:
    """The unit types a tactics half may name that the side has in the battle: its fighting units
    (army units on land, ships at sea) and, for the defender, the city's fortress."""
    present: set[str] = {"ship" if c.naval else "army"} if side.units else set()
    if side is c.defender and c.fortress:
        present.add(FORTRESS)
    return present


def withdrawal_spaces(game: Game, c: Combat, owner: int) -> list[Hex]:
    """Adjacent land spaces where `owner` may withdraw: no unit or city of anyone else there."""
    return [
        space for space in game.board_neighbors(c.space) if game.is_land(space) and _own_or_empty(game, space, owner)
    ]


def _own_or_empty(game: Game, space: Hex, owner: int) -> bool:
    city = game.city_at(space)
    return all(u.owner == owner for u in game.units_at(space)) and (city is None or city.owner == owner)


def tactics_options(game: Game, c: Combat, side: CombatSide) -> list[int]:
    """The cards in the side's hand it may play for their tactics half this round. They depend on
    its own hand and the battle only, never on what the other side played face down. A defender held
    by its fortress alone fights too."""
    if side.owner < 0:
        return []
    if side is c.defender and c.round <= c.defender_tactics_denied:
        return []
    player = game.player(side.owner)
    if not effects.has(game, player, "play_tactics_cards") or _tactics_forbidden(game, c, side):
        return []
    role = _role(c, side)
    return sorted(
        {card for card in player.action_cards if tactics_playable(game, c, game.rules.action_card(card).tactics, role)}
    )


def _tactics_forbidden(game: Game, c: Combat, side: CombatSide) -> bool:
    """Whether the opponent's `forbid_enemy_tactics` keeps this side from playing tactics cards this round."""
    other = _opponent(c, side)
    if other.owner < 0:
        return False
    return any(
        _holds(game, c, other, effects.params_as(effect, ForbidEnemyTactics))
        for effect in effects.active(game, game.player(other.owner), "forbid_enemy_tactics", at=c.space)
    )


def _offer_tactics(game: Game) -> bool:
    """Ask the attacker, then the defender, for a tactics card; True while one is being asked."""
    c = _battle(game)
    for side in (c.attacker, c.defender):
        role = _role(c, side)
        if role in c.tactics_asked:
            continue
        c.tactics_asked.append(role)
        if tactics_options(game, c, side):
            game.pending.append(TacticsDecision(player=side.owner))
            return True
    return False


def _reveal_tactics(game: Game, c: Combat) -> None:
    """Both face-down cards are turned over together. A card cancelled on reveal (`cancel_enemy_tactics`)
    has no effect and goes to the discard pile or the canceller's hand; the others go to the discard
    pile and their halves apply this round."""
    played = [side for side in (c.attacker, c.defender) if side.tactics is not None]
    if not played:
        _say(game, "combat.no_tactics", round=c.round)
    cancelling = {id(side): _cancelling(game, side) for side in played}
    for side in played:
        card = _revealed(game, side)
        side.tactics = None
        player = game.player(side.owner)
        _say(game, "combat.reveals", side.owner, round=c.round, tactics=card.tactics, card=card.name)
        canceller = _opponent(c, side)
        cancel = cancelling.get(id(canceller))
        if cancel is None:
            discard(game, player, "action", card.id)
            player.lasting_effects.append(LastingEffect(card.tactics, "combat_round"))
            continue
        if cancel.take:
            taker = game.player(canceller.owner)
            taker.action_cards.append(card.id)
            _say(game, "combat.tactics_taken", taker.index, tactics=card.tactics)
        else:
            discard(game, player, "action", card.id)
            _say(game, "combat.tactics_cancelled", tactics=card.tactics)
    if played:
        effects.holdings_changed(game)


def _cancelling(game: Game, side: CombatSide) -> CancelEnemyTactics | None:
    """The `cancel_enemy_tactics` parameters of the card the side revealed, if it cancels."""
    for effect in game.rules.card_effects[_revealed(game, side).tactics]:
        if effect.name == "cancel_enemy_tactics":
            return effects.params_as(effect, CancelEnemyTactics)
    return None


def _revealed(game: Game, side: CombatSide) -> ActionCard:
    assert side.tactics is not None
    return game.rules.action_card(side.tactics)


def _card_effects(game: Game, side: CombatSide, name: str) -> list[Effect]:
    return effects.active(game, game.player(side.owner), name) if side.owner >= 0 else []


def _extra_dice(game: Game, side: CombatSide) -> int:
    return sum(effects.params_as(e, ExtraCombatDice).dice for e in _card_effects(game, side, "extra_combat_dice"))


def _abilities_work(game: Game, c: Combat, side: CombatSide) -> bool:
    """Whether the side's unit abilities work this round (no card of the opponent disables them)."""
    disabled = [
        e
        for e in _card_effects(game, _opponent(c, side), "disable_enemy_abilities")
        if e.source not in c.abilities_kept
    ]
    for effect in disabled:
        _say(game, "combat.abilities_off", side.owner, source=effect.source)
    return not disabled


def _offer_ransom(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """`disable_enemy_abilities` with `unless_paid` (Siege): ask the side whether to pay to keep its
    unit abilities, if it can."""
    cost = amounts(effects.params_as(effect, DisableEnemyAbilities).unless_paid)
    if not cost or side.owner < 0 or not side.units:
        return
    options = payment_options(game, game.player(side.owner), cost)
    if options:
        game.pending.append(
            EffectChoiceDecision(
                player=side.owner,
                source=effect.source,
                effect=effect.name,
                options=[*(f"pay {describe(o)}" for o in options), DECLINE],
                amounts=[*({k: -v for k, v in o.items()} for o in options), {}],
            )
        )


def _offer_withdrawal(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """`withdraw_before_roll` (Tactical Retreat): the holder chooses where to go."""
    spaces = withdrawal_spaces(game, c, holder.owner)
    if spaces:
        options = [hex_to_label(space) for space in spaces]
        game.pending.append(
            EffectChoiceDecision(player=holder.owner, source=effect.source, effect=effect.name, options=options)
        )


def withdrawal_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    return [o for o in decision.options if label_to_hex(o) in withdrawal_spaces(game, _battle(game), decision.player)]


def withdraw_to(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Move the side's units out of the battle, which its opponent wins without a roll."""
    c = _battle(game)
    side = c.attacker if decision.player == c.attacker.owner else c.defender
    leaving = [u for u in game.units_at(c.space) if u.owner == side.owner]
    for unit in leaving:
        unit.pos = label_to_hex(option)
    side.units = []
    kinds = _kinds(game, [u.id for u in leaving])
    _say(game, "combat.withdraws", side.owner, units=kinds, space=option, source=decision.source)
    _finish(game, winner=_opponent(c, side).owner, withdraw=False)


def ransom_options(game: Game, decision: EffectChoiceDecision) -> list[str]:
    """The payments the side still holds, and declining."""
    have = holdings(game.player(decision.player))
    return [
        option
        for option, change in zip(decision.options, decision.amounts, strict=True)
        if all(have.get(k, 0) >= -v for k, v in change.items())
    ]


def pay_ransom(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    """Pay to keep the unit abilities this round (or not), then roll."""
    c = _battle(game)
    player = game.player(decision.player)
    if option == DECLINE:
        _say(game, "combat.ransom_declined", player.index, source=decision.source)
    else:
        payment = {k: -v for k, v in decision.amounts[decision.options.index(option)].items()}
        pay(player, payment)
        c.abilities_kept.append(decision.source)
        _say(game, "combat.ransom_paid", player.index, payment=things(payment), source=decision.source)
    _proceed(game, "cards")


def _ignore_hit_on_roll(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Peltasts: dice one by one, at most one per fighting unit the holder has now; the first high one
    ignores a hit this round."""
    least = effects.params_as(effect, IgnoreHitOnRoll).min_value
    rolled = []
    for _ in holder.units:
        rolled.append(_die(game).value)
        if rolled[-1] >= least:
            holder.hits_ignored += 1
            break
    outcome = clause(game, "combat.hit_ignored" if rolled and rolled[-1] >= least else "combat.no_effect")
    _say(game, "combat.card_roll", holder.owner, source=effect.source, dice=listed(map(str, rolled)), outcome=outcome)


def _value_per_enemy_unit(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Wedge Formation, Heavy Resistance: the side the half `applies_to` gains `value` for each fighting
    unit of the holder's opponent now."""
    params = effects.params_as(effect, CombatValuePerEnemyUnit)
    if params.applies_to != ("holder" if side is holder else "opponent"):
        return
    change = params.value * len(_opponent(c, holder).units)
    side.round_value += change
    _say(game, "combat.value_per_unit", side.owner, source=effect.source, value=f"{change:+d}")


def _kill_on_roll(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Archers: on a high die the side removes one of its fighting units, its choice."""
    value = _die(game).value
    hit = value >= effects.params_as(effect, KillOnRoll).min_value and bool(side.units)
    outcome = clause(game, "combat.removes_unit", side.owner) if hit else clause(game, "combat.no_effect")
    _say(game, "combat.card_roll", holder.owner, source=effect.source, dice=value, outcome=outcome)
    if hit:
        _lose_before_roll(game, side)


def _sacrifice(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Martyr: the side removes one of its fighting units, its choice (each side in its own pass)."""
    if side.units:
        _say(game, "combat.card_removes_unit", side.owner, source=effect.source)
        _lose_before_roll(game, side)


def _lose_before_roll(game: Game, side: CombatSide) -> None:
    """The side loses one fighting unit now: chosen at once if there is no choice, else by its owner."""
    _choose(game, side, side.units, 1, TACTICS)
    if side.casualties:
        _remove_casualties_now(game, side)


def _remove_casualties_now(game: Game, side: CombatSide) -> None:
    """Units lost to a tactics card before the roll leave the battle at once. As in any ship loss, a lost
    ship's cargo goes to the side's other ships, and what they cannot carry is lost with it (its owner's
    choice: the removal waits for it)."""
    if _cargo_lost_with_ships(game, side):
        return
    _say(game, "combat.loses", side.owner, units=_kinds(game, side.casualties))
    stranded = [u for u in game.units if u.carrier in side.casualties and u.id not in side.casualties]
    side.losses += len(set(side.casualties) & set(side.units))
    _remove(game, side.casualties)
    side.casualties = []
    _reload(game, stranded, side.units)


def _cargo_lost_with_ships(game: Game, side: CombatSide) -> bool:
    """Naval battles: the carried units the side's ships left cannot carry join its casualties; True
    while its owner chooses which."""
    if not _battle(game).naval:
        return False
    survivors = [s for s in side.units if s not in side.casualties]
    carried = [u for u in game.units if u.carrier in side.units and u.id not in side.casualties]
    if not survivors:  # (cargo that takes no room goes down with the last ship)
        side.casualties.extend(sorted(u.id for u in carried if not game.load_of([u])))
    cargo = sorted(u.id for u in carried if game.load_of([u]))
    excess = len(cargo) - len(survivors) * ship_capacity(game, side.owner)
    if excess <= 0:
        return False
    _choose(game, side, cargo, excess, SUNK_CARGO)
    return _waiting(game, SUNK_CARGO)


def _extra_hit_on_roll(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Encircled: not behind on hits and the side keeps a unit, a high die deals it one more hit."""
    if side.hits_taken < holder.hits_taken or side.hits_taken >= len(side.units):
        return
    value = _die(game).value
    extra = value >= effects.params_as(effect, ExtraHitOnRoll).min_value
    side.hits_taken += extra
    outcome = clause(game, "combat.one_more_hit" if extra else "combat.no_effect")
    _say(game, "combat.card_roll", holder.owner, source=effect.source, dice=value, outcome=outcome)


def _draw_on_hit(game: Game, c: Combat, holder: CombatSide, side: CombatSide, effect: Effect) -> None:
    """Surprise: the holder draws cards if it deals a hit this round."""
    if not _opponent(c, holder).hits_taken:
        return
    player = game.player(holder.owner)
    count = effects.params_as(effect, DrawOnHit).cards
    drawn = [card for _ in range(count) if (card := draw_card(game, "action")) is not None]
    player.action_cards.extend(int(card) for card in drawn)
    _say(game, "combat.draws", player.index, source=effect.source, cards=counted(len(drawn), "action card"))


# What a tactics primitive does to one side of the battle, given the side holding the card.
Resolver = Callable[[Game, Combat, CombatSide, CombatSide, Effect], None]

# Catalogue §3.3: the attacker's pass (its own card on itself, then the defender's card on the
# attacker), then the defender's pass (the attacker's card on the defender, then its own card on
# itself): (role of the card's holder, side acted on). Counts are taken as each effect resolves.
_PASSES = (("attacker", "holder"), ("defender", "opponent"), ("attacker", "opponent"), ("defender", "holder"))

# (primitive, side acted on) -> resolver. Bonuses, dice and cancels that count nothing apply at the roll.
_BEFORE_ROLL: dict[tuple[str, str], Resolver] = {
    ("ignore_hit_on_roll", "holder"): _ignore_hit_on_roll,
    ("combat_value_per_enemy_unit", "holder"): _value_per_enemy_unit,
    ("combat_value_per_enemy_unit", "opponent"): _value_per_enemy_unit,
    ("sacrifice_units", "holder"): _sacrifice,
    ("sacrifice_units", "opponent"): _sacrifice,
    ("kill_on_roll", "opponent"): _kill_on_roll,
    ("disable_enemy_abilities", "opponent"): _offer_ransom,
    ("withdraw_before_roll", "holder"): _offer_withdrawal,
}
_AFTER_HITS: dict[tuple[str, str], Resolver] = {
    ("draw_on_hit", "holder"): _draw_on_hit,
    ("extra_hit_on_roll", "opponent"): _extra_hit_on_roll,
}


def _resolve_tactics(game: Game, c: Combat, resolvers: dict[tuple[str, str], Resolver]) -> bool:
    """Resolve the revealed cards' effects that `resolvers` know, pass by pass, each once a round
    (noted in `c.resolved`: a half names a primitive once); True while one waits for a choice."""
    for role, acted_on in _PASSES:
        holder = c.attacker if role == "attacker" else c.defender
        side = holder if acted_on == "holder" else _opponent(c, holder)
        for (name, on), resolver in resolvers.items():
            key = f"{role}:{on}:{name}"
            if on != acted_on or key in c.resolved:
                continue
            for effect in _card_effects(game, holder, name):
                c.resolved.append(key)  # before it acts: a choice it asks for resumes with the next
                asked = len(game.pending)
                resolver(game, c, holder, side, effect)
                if len(game.pending) > asked:
                    return True
    return False


def _roll(
    game: Game, side: CombatSide, extra_dice: int, abilities: bool, modifier: int = 0, fortress_dice: int = 0
) -> _Roll:
    """One side's combat roll with its clash icons (unless its `abilities` are disabled), plus
    `modifier` combat value; logs every die."""
    rules = game.rules.combat
    # units whose clash ability is unused
    ready = Counter(game.existing_unit(uid).kind for uid in side.units) if abilities else Counter[str]()
    faces = [_die(game) for _ in range(len(side.units) + extra_dice + fortress_dice)]
    # Each die with an icon is noted "5 (icon" and closed once its abilities are noted; a plain die has none.
    notes = [f"{f.value} ({f.icon}" if f.icon else f"{f.value}" for f in faces]
    for i, face in enumerate(faces):
        if face.icon in rules.icon_rerolls and ready[face.icon]:
            ready[face.icon] -= 1
            while face.icon in rules.icon_rerolls:
                face = _die(game)
            faces[i] = face
            notes[i] += f") rolled again: {face.value} ({face.icon}"
    values = [f.value for f in faces]
    cancels = 0
    for icon in rules.icon_cancels_hit:
        # The ability zeroes its die: activating it on the lowest such dice costs the least.
        shown = sorted((i for i, f in enumerate(faces) if f.icon == icon), key=lambda i: values[i])
        for i in shown[: ready[icon]]:
            values[i] = 0
            cancels += 1
            notes[i] += ": counts 0, cancels 1 hit"
        ready[icon] -= min(ready[icon], len(shown))
    for i, face in enumerate(faces):
        bonus = rules.icon_bonus.get(face.icon)
        if bonus is not None and ready[face.icon]:
            ready[face.icon] -= 1
            values[i] += bonus
            notes[i] += f", {bonus:+}"
    side.roll = RoundRoll(dice=values, ready=dict(ready), modifier=modifier, extra_cancels=cancels)
    total = _counted(game, side, notes=notes)
    powers = _unit_power_value(game, ready)
    extra = f" including {counted(extra_dice, 'extra die', 'extra dice')}" if extra_dice else ""
    extra += f" including {counted(fortress_dice, 'fortress die', 'fortress dice')}" if fortress_dice else ""
    if not abilities:
        extra += ", unit abilities not working"
    if powers:
        extra += f", {powers:+d} for {_kinds_with_value_powers(game, ready)}"
    if modifier:
        extra += f", {modifier:+d} combat value"
    _say(
        game,
        "combat.roll",
        side.owner,
        dice=", ".join(f"{note})" if "(" in note else note for note in notes) or "no dice",
        notes=extra,
        value=total.value,
        hits=_hits(total.hits),
        cancels=f", cancelling {_hits(total.cancels)}" if total.cancels else "",
    )
    return total


def _counted(game: Game, side: CombatSide, kept: int | None = None, notes: list[str] | None = None) -> _Roll:
    """The side's roll counted: its units' powers on its dice (`notes`, if given, say what each die became), its
    owner's low dice `kept` as combat value (by default those chosen), its extra hits and cancellations."""
    roll = _rolled(side)
    values, ready = list(roll.dice), Counter(roll.ready)
    cancels, optional = _low_dice_cancelled(game, ready, values, notes, _optional_cancels(game, side))
    kept = roll.kept_as_value if kept is None else kept
    value = max(0, sum(values) + sum(optional[:kept]) + _unit_power_value(game, ready) + roll.modifier)
    hits = value // game.rules.game.hits_per_combat_value + roll.extra_hits
    return _Roll(value, hits, cancels - kept + roll.extra_cancels, len(values), optional[kept:])


def _low_dice_cancelled(
    game: Game, fighting: Counter[str], values: list[int], notes: list[str] | None, optional: set[str]
) -> tuple[int, list[int]]:
    """`unit_powers.cancels_on` (elephants): each such unit turns one die showing one of its values into a hit
    cancellation, the lowest dice first (what the side keeps as combat value is then the most); the count, and
    the values of the dice turned by units of the `optional` kinds (their owner may count them after all),
    highest first."""
    cancels, turned = 0, []
    for kind, power in game.rules.combat.unit_powers.items():
        shown = sorted((i for i, v in enumerate(values) if v in power.cancels_on), key=lambda i: values[i])
        for i in shown[: fighting[kind]]:
            if kind in optional:
                turned.append(values[i])
            values[i] = 0
            cancels += 1
            if notes is not None:
                notes[i] += f": counts 0, cancels 1 hit ({unit_name(game, kind)})"
    return cancels, sorted(turned, reverse=True)


def _optional_cancels(game: Game, side: CombatSide) -> set[str]:
    """The unit kinds whose hit cancellations the side's owner may count as combat value (`low_dice_as_value`)."""
    if side.owner < 0:
        return set()
    found = effects.active(game, game.player(side.owner), LOW_DICE)
    return {kind for effect in found for kind in effects.params_as(effect, LowDiceAsValue).units}


def _unit_power_value(game: Game, fighting: Counter[str]) -> int:
    """`unit_powers.value_per_unit` (cavalry): combat value for each unit of the named types on the side."""
    return sum(
        fighting[kind] * per * fighting[other]
        for kind, power in game.rules.combat.unit_powers.items()
        for other, per in power.value_per_unit.items()
    )


def _kinds_with_value_powers(game: Game, fighting: Counter[str]) -> str:
    powers = game.rules.combat.unit_powers
    return listed([unit_name(game, kind) for kind, power in powers.items() if power.value_per_unit and fighting[kind]])


def _die(game: Game) -> DieFace:
    die = game.rules.combat.die
    return die[game.rng.below(len(die))]


def _ask_cargo(game: Game) -> None:
    """Naval battles: land units beyond the surviving ships' capacity are lost with the casualties, or
    (`sunk_ship_cargo: lost`) those the sunk ships carried."""
    c = _battle(game)
    if not c.naval:
        return
    if game.rules.game.sunk_ship_cargo == "lost":
        for side in (c.defender, c.attacker):
            side.casualties.extend(sorted(u.id for u in game.units if u.carrier in side.casualties))
        return
    for side in (c.defender, c.attacker):
        capacity = ship_capacity(game, side.owner)
        survivors = [s for s in side.units if s not in side.casualties]
        carried = [u for u in game.units if u.carrier in side.units]
        if not survivors:  # (cargo that takes no room goes down with the last ship)
            side.casualties.extend(sorted(u.id for u in carried if not game.load_of([u])))
        cargo = sorted(u.id for u in carried if game.load_of([u]))
        excess = len(cargo) - len(survivors) * capacity
        if excess > 0:
            _choose(game, side, cargo, excess, CARGO)


def _choose(game: Game, side: CombatSide, candidates: list[int], count: int, reason: str) -> None:
    """Pick the side's losses now if nothing is left to choose, else ask its owner."""
    if side.owner < 0:
        side.casualties.extend(_automatic_casualties(game, candidates, count))
        return
    options = casualty_options(game, candidates, count, reason)
    if len(options) == 1:
        side.casualties.extend(options[0])
        return
    game.pending.append(CasualtyDecision(player=side.owner, count=count, candidates=list(candidates), reason=reason))


def _automatic_casualties(game: Game, candidates: list[int], count: int) -> list[int]:
    """Barbarians and pirates lose units in units.yaml order (infantry, cavalry, elephants), lowest id first,
    the types `casualties_first` names before the others."""
    order = list(game.rules.units)
    first = game.rules.combat.casualties_first

    def rank(uid: int) -> tuple[bool, int, int]:
        kind = game.existing_unit(uid).kind
        return kind not in first, order.index(kind), uid

    return sorted(candidates, key=rank)[:count]


def casualty_options(game: Game, candidates: list[int], count: int, reason: str) -> list[tuple[int, ...]]:
    """Every distinct choice of `count` units: alike units are interchangeable, the lowest ids stand for them.

    Fighters are alike by kind (survivors all end the turn immobile); carried units also by their
    movement flags, which they keep.
    """
    groups: dict[tuple[object, ...], list[int]] = {}
    for uid in sorted(candidates):
        groups.setdefault(_likeness(game.existing_unit(uid), reason), []).append(uid)
    members = list(groups.values())
    options = []
    for counts in product(*(range(len(m) + 1) for m in members)):
        if sum(counts) == count:
            options.append(tuple(sorted(uid for m, n in zip(members, counts, strict=False) for uid in m[:n])))
    first = _kinds_taken_first(game, candidates)
    if reason == COMBAT and first:  # as many of those as the hits can take
        most = min(count, _taken_first(game, candidates, first))
        options = [o for o in options if _taken_first(game, o, first) == most]
    return sorted(options)


def _kinds_taken_first(game: Game, candidates: list[int]) -> set[str]:
    """The types hits must take first (`casualties_first`) from the side whose units `candidates` are, but
    those its owner's `casualties_in_any_order` frees."""
    first = set(game.rules.combat.casualties_first)
    owner = game.existing_unit(candidates[0]).owner if candidates else -1
    if first and owner >= 0:
        for effect in effects.active(game, game.player(owner), "casualties_in_any_order"):
            first -= set(effects.params_as(effect, CasualtiesInAnyOrder).units)
    return first


def _taken_first(game: Game, units: Iterable[int], first: set[str]) -> int:
    """How many of `units` are of the `first` types."""
    return sum(game.existing_unit(uid).kind in first for uid in units)


def _likeness(unit: Unit, reason: str) -> tuple[object, ...]:
    if reason in (CARGO, SUNK_CARGO, OVERLOAD):
        return unit.kind, unit.immobile, unit.no_attack
    return (unit.kind,)


def _waiting(game: Game, reason: str) -> bool:
    return any(isinstance(d, CasualtyDecision) and d.reason == reason for d in game.pending)


def _resolve_round(game: Game) -> bool:
    """Remove the round's casualties together and check the end; True if another round follows now."""
    c = _battle(game)
    end_lasting(game, "combat_round")
    unabsorbed = max(0, _scored(c.defender) - len(c.defender.casualties))  # (a shrinking city's pieces take them)
    for side in (c.attacker, c.defender):
        if side.casualties:
            _say(game, "combat.loses", side.owner, units=_kinds(game, side.casualties))
        stranded = [u for u in game.units if u.carrier in side.casualties and u.id not in side.casualties]
        side.losses += len(set(side.casualties) & set(side.units))
        _remove(game, side.casualties)
        side.casualties = []
        side.hits_taken = 0
        _reload(game, stranded, side.units)
    attackers, defenders = c.attacker.units, c.defender.units
    if c.shrinks_city:
        _end_barbarian_raid(game, c, unabsorbed)
        return False
    if attackers and defenders:
        if c.max_rounds and c.round >= c.max_rounds:
            _say(game, "combat.short", c.attacker.owner, rounds=counted(c.max_rounds, "round"))
            _finish(game, winner=None, withdraw=True)
        elif c.retreat_allowed:
            game.pending.append(RetreatDecision(player=c.attacker.owner))
        else:
            return True
        return False
    if attackers:
        winner = c.attacker.owner
    elif defenders or (c.fortress and c.round == 1 and not c.defender.losses):
        winner = c.defender.owner  # a city held by its fortress alone wins if the attack is wiped out in round 1
    else:
        winner = None
    _finish(game, winner, withdraw=False)
    return False


def _end_barbarian_raid(game: Game, c: Combat, unabsorbed: int) -> None:
    """After their one round against a city they shrink the barbarians go home, whatever came of it; the hits
    its units did not take each cost the city a piece (below size 1 it is destroyed)."""
    city = game.existing_city(c.city_id) if c.city_id is not None else None
    won = c.defender.owner if not c.attacker.units else None
    if c.attacker.units:
        _say(game, "combat.barbarians_go_home", BARBARIAN)
    _finish(game, winner=won, withdraw=bool(c.attacker.units))
    if city is not None and unabsorbed:
        shrink(game, city, unabsorbed)


def shrink(game: Game, city: City, hits: int) -> None:
    """`hits` each take a piece of the city (its owner chooses which), which becomes Angry; as many hits as its
    size or more destroy it."""
    where = hex_to_label(city.pos)
    if hits >= game.city_size(city):
        game.cities.remove(city)
        effects.holdings_changed(game)
        say(game, "combat.barbarians_destroy", BARBARIAN, owner=party(game, city.owner), space=where)
        note_city_lost(game, city.owner, city.pos, "barbarians")
        return
    options = shrink_options(game, city, hits)
    if len(options) == 1:
        _lose_pieces(game, city, options[0])
        return
    game.pending.append(
        EffectChoiceDecision(
            player=city.owner,
            source=f"The barbarian attack on {where}",
            effect=SHRINK,
            options=[_pieces_option(game, city, pieces) for pieces in options],
        )
    )


SHRINK = "barbarian_hits"  # the EffectChoiceDecision of the pieces a city loses to barbarian hits


def shrink_options(game: Game, city: City, hits: int) -> list[tuple[str, ...]]:
    return sorted(combinations(sorted(city.buildings), hits))


def _pieces_option(game: Game, city: City, pieces: tuple[str, ...]) -> str:
    return f"{' and '.join(game.rules.buildings[b].name for b in pieces)} at {hex_to_label(city.pos)}"


def take_shrink_choice(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    city = game.city_at(label_to_hex(option.rsplit(" at ", 1)[1]))
    assert city is not None
    hits = option.count(" and ") + 1
    pieces = next(p for p in shrink_options(game, city, hits) if _pieces_option(game, city, p) == option)
    _lose_pieces(game, city, pieces)


def _lose_pieces(game: Game, city: City, pieces: tuple[str, ...]) -> None:
    for building in pieces:
        del city.buildings[building]
    if city.port_space is not None and not any(game.rules.buildings[b].needs_sea for b in city.buildings):
        city.port_space = None
    city.mood = MOODS[0]
    effects.holdings_changed(game)
    lost = listed(game.rules.buildings[b].name for b in pieces)
    say(game, "combat.city_loses_pieces", city.owner, space=hex_to_label(city.pos), pieces=lost)


def _reload(game: Game, stranded: list[Unit], ships: list[int]) -> None:
    """Put the kept cargo of sunk ships on the surviving ships (the lost cargo is already gone)."""
    for unit in stranded:
        ship = _ship_with_room(game, ships, unit)
        unit.carrier = ship.id
        unit.pos = ship.pos


def _ship_with_room(game: Game, ship_ids: list[int], unit: Unit) -> Unit:
    """A ship of `ship_ids` with room for `unit`."""
    capacity = ship_capacity(game, game.existing_unit(ship_ids[0]).owner) if ship_ids else 0
    load = Counter(u.carrier for u in game.units if u.carrier is not None and game.load_of([u]))
    for sid in ship_ids:
        if load[sid] < capacity or not game.load_of([unit]):
            return game.existing_unit(sid)
    raise ValueError("no ship has room left")


# ------------------------------------------------------------------ ships over capacity outside a battle


def check_ship_capacity(game: Game) -> None:
    """After every action: where a player's ships carry more than their capacity now allows (Longships
    lost, say), the cargo is shared out over the ships in the space, and what still does not fit is
    removed by its owner's choice, as after a naval battle. A battle's own space waits for its end."""
    carried = 0
    for unit in game.units:  # counted without a list: asked after every action
        if unit.carrier is not None:
            carried += 1
    if carried <= game.rules.game.ship_capacity:
        return  # too few carried units for any ship to hold more than any ship may
    load = Counter(u.carrier for u in game.units if u.carrier is not None and game.load_of([u]))
    if not load:
        return
    if max(load.values()) <= game.rules.game.ship_capacity:
        return
    fleets: dict[tuple[int, Hex], list[int]] = {}
    for ship in (u for u in game.units if u.id in load):
        fleets.setdefault((ship.owner, ship.pos), []).append(ship.id)
    battle_space = game.combat.space if game.combat is not None else None
    for (owner, space), ships in fleets.items():
        capacity = ship_capacity(game, owner)
        if space == battle_space or all(load[s] <= capacity for s in ships) or _overload_pending(game, owner):
            continue
        ships = sorted(u.id for u in game.units_at(space) if u.owner == owner and game.is_ship(u))
        cargo = sorted(u.id for u in game.units if u.carrier in ships and game.load_of([u]))
        excess = len(cargo) - len(ships) * capacity
        if excess > 0:
            options = casualty_options(game, cargo, excess, OVERLOAD)
            if len(options) > 1:
                game.pending.append(CasualtyDecision(player=owner, count=excess, candidates=cargo, reason=OVERLOAD))
                continue
            _put_off(game, owner, list(options[0]))
            cargo = [uid for uid in cargo if uid not in options[0]]
        kept = [game.existing_unit(uid) for uid in cargo]
        for unit in kept:
            unit.carrier = None
        _reload(game, kept, ships)


def _put_off(game: Game, owner: int, unit_ids: list[int]) -> None:
    """Cargo the owner's ships can no longer carry is lost (a leader among it dies uncaptured)."""
    _say(game, "combat.loses_cargo", owner, units=_kinds(game, unit_ids))
    _remove(game, unit_ids, by_enemy=False)


def _overload_pending(game: Game, owner: int) -> bool:
    return any(isinstance(d, CasualtyDecision) and d.reason == OVERLOAD and d.player == owner for d in game.pending)


# ------------------------------------------------------------------ the end of a battle


def _finish(game: Game, winner: int | None, withdraw: bool) -> None:
    """End the battle: eliminate unprotected settlers, send the attacker back if it leaves,
    make the participants immobile, pay rewards and capture the city."""
    c = _battle(game)
    for side in (c.attacker, c.defender):
        if side.owner != winner and not side.units and not c.shrinks_city:
            # Settlers die with their army (and with the city's defence, unless it held); in a city the
            # barbarians shrink they are hit one by one instead.
            settlers = [u.id for u in game.units_at(c.space) if u.owner == side.owner and u.carrier is None]
            if settlers:
                _say(game, "combat.loses_settlers", side.owner, units=_kinds(game, settlers))
            _remove(game, settlers)
    participants = [
        u for u in game.units_at(c.space) if u.owner in (c.attacker.owner, c.defender.owner) and u.carrier is None
    ]
    if withdraw:
        _withdraw(game, c)
    for unit in participants:
        _fought(game, unit)
    if winner is None:
        _say(game, "combat.no_winner")
    else:
        _say(game, "combat.won", winner=party(game, winner))
    game.combat = None
    end_lasting(game, "combat_round")
    end_lasting(game, "battle")
    if winner is not None and winner >= 0:
        loser = c.defender.owner if winner == c.attacker.owner else c.attacker.owner
        fire(game, "battle_won", player=winner, space=c.space, loser=loser)
    for side in (c.attacker, c.defender):
        if side.owner >= 0:
            fire(game, "battle_ended", player=side.owner, space=c.space)
    from_sea = not c.naval and any(game.is_water(o) for o in c.origins.values())
    _record(game, c.space, (c.attacker.owner, c.defender.owner), winner, c.present, from_sea, c.round)
    _barbarian_reward(game, c, winner)
    _pirate_reward(game, c)
    _winner_vp(game, c, winner)
    losers = [] if winner is None else [side.owner for side in (c.attacker, c.defender) if side.owner != winner]
    reinforcements = _reinforcements(game, losers, c.space)
    city = game.city(c.city_id) if c.city_id is not None else None
    if winner == c.attacker.owner and city is not None:
        _capture(game, city, winner)
        _offer_after_capture(game, winner, c.defender.owner)
    _offer_reinforcements(game, reinforcements)
    for after in AFTER_BATTLE:
        after(game, c)


# What other rule modules do once a battle is over, its capture and rewards settled (the Mercenaries
# card garrisons the barbarian city its army left, `Combat.left_city`); this module cannot import them.
AFTER_BATTLE: list[Callable[[Game, Combat], None]] = []


def _withdraw(game: Game, c: Combat) -> None:
    """The attacker's units in the space go back where they came from; cargo stays on its ship."""
    leaving = [u for u in game.units_at(c.space) if u.owner == c.attacker.owner and u.carrier is None]
    for unit in leaving:
        origin = c.origins[unit.id]
        unit.pos = origin
        for cargo in game.units:
            if cargo.carrier == unit.id:
                cargo.pos = origin
        if not c.naval and game.is_water(origin):
            ships = [u.id for u in game.units_at(origin) if u.owner == unit.owner and game.is_ship(u)]
            unit.carrier = _ship_with_room(game, ships, unit).id


def _barbarian_reward(game: Game, c: Combat, winner: int | None) -> None:
    """Winning against barbarian units pays gold (beating an empty barbarian fortress city does not): per
    battle, or per barbarian defeated in taking their settlement (`barbarians.win_gold_per`)."""
    loser = c.defender if winner == c.attacker.owner else c.attacker
    if winner is None or winner < 0 or loser.owner != BARBARIAN or not loser.losses:
        return
    rules = game.rules.game.barbarians
    gold = rules.win_gold
    if rules.win_gold_per == "unit_in_capture":
        if loser is not c.defender or c.city_id is None:
            return
        gold *= loser.losses
    kept = gain(game, game.player(winner), {"gold": gold})
    if kept["gold"]:
        say(game, "combat.barbarian_gold", winner, gold=things(kept))


def _winner_vp(game: Game, c: Combat, winner: int | None) -> None:
    """A battle shortened by an event: its winner, or else the defender, gains event VP."""
    gainer = c.defender.owner if winner is None else winner
    if c.winner_vp and gainer >= 0:
        game.player(gainer).event_vp += c.winner_vp
        say(game, "combat.winner_vp", gainer, vp=f"{c.winner_vp:g} VP")


def _pirate_reward(game: Game, c: Combat) -> None:
    """Per pirate ship eliminated, win or lose: gold, then a token of the kinds the rules give (a choice when
    there are two)."""
    for pirates, player in ((c.defender, c.attacker.owner), (c.attacker, c.defender.owner)):
        if pirates.owner != PIRATE or player < 0:
            continue
        sunk = pirates.losses
        if not sunk:
            continue
        rules = game.rules.game.pirates
        kept = gain(game, game.player(player), {"gold": sunk * rules.gold_per_ship_sunk})
        say(game, "combat.pirate_gold", player, gold=things(kept) or "no gold", ships=counted(sunk, "pirate ship"))
        if len(rules.reward_tokens) == 1:
            tokens = gain(game, game.player(player), {rules.reward_tokens[0]: sunk * rules.token_per_ship_sunk})
            gained(game, game.player(player), tokens, "the pirates defeated")
            continue
        for _ in range(sunk):
            game.pending.append(
                TokenChoiceDecision(player=player, options=list(rules.reward_tokens), amount=rules.token_per_ship_sunk)
            )


def _reinforcements(game: Game, losers: list[int], space: Hex) -> list[tuple[int, Effect]]:
    """The `reinforcement_after_defeat` effects the losers of a battle at `space` earned (looked at
    before a capture can change the city)."""
    city = game.city_at(space)
    earned = []
    for loser in losers:
        if loser < 0:
            continue
        for effect in effects.active(game, game.player(loser), "reinforcement_after_defeat"):
            building = effects.params_as(effect, ReinforcementAfterDefeat).city_building
            if building is None or (city is not None and building in city.buildings):
                earned.append((loser, effect))
    return earned


def _offer_reinforcements(game: Game, earned: list[tuple[int, Effect]]) -> None:
    for player, effect in earned:
        kind = effects.params_as(effect, ReinforcementAfterDefeat).unit
        cities = unit_placement_cities(game, player, kind)
        if not cities:
            say(game, "combat.no_reinforcement", player, unit=unit_name(game, kind), source=effect.source)
        elif len(cities) == 1:
            _place_reinforcement(game, player, kind, cities[0], effect.source)
        else:
            game.pending.append(ReinforcementDecision(player=player, unit=kind, cities=cities))


def unit_placement_cities(game: Game, player: int, kind: str) -> list[int]:
    """The player's cities that may take a free unit of `kind`: one must be left in supply, and an
    army unit needs room under the stacking limit."""
    spec = game.rules.units.get(kind)
    if spec is None or len(game.units_of(player, kind)) >= spec.limit:
        return []
    if not spec.army:
        return [city.id for city in game.cities_of(player)]
    limit = game.rules.game.stacking_limit
    # (one look over the units counts the army on every space: asked for cards in hand at every turn action)
    armies = Counter(u.pos for u in game.units if u.owner == player and u.carrier is None and game.is_army(u))
    return [city.id for city in game.cities_of(player) if armies[city.pos] < limit]


def _place_reinforcement(game: Game, player: int, kind: str, city_id: int, source: str) -> None:
    city = game.existing_city(city_id)
    game.units.append(Unit(game.new_id(), player, kind, city.pos))
    say(
        game,
        "combat.reinforcement",
        player,
        unit=unit_name(game, kind),
        space=hex_to_label(city.pos),
        source=source,
    )


# ------------------------------------------------------------------ capturing cities


def _capture(game: Game, city: City, winner: int) -> None:
    loser = city.owner
    where = hex_to_label(city.pos)
    rules = game.rules.game
    if winner == BARBARIAN and len(game.cities_of(BARBARIAN)) >= rules.barbarians.settlements:
        game.cities.remove(city)
        effects.holdings_changed(game)
        say(game, "combat.razed", winner, loser=party(game, loser), space=where)
        note_city_lost(game, loser, city.pos, "barbarians")
        _offer_refugee(game, loser)
        return
    if winner == BARBARIAN:
        # Buildings keep their colours; wonders stay in the city but serve nobody.
        city.owner = BARBARIAN
        city.mood = rules.capture.captured_mood
        effects.holdings_changed(game)
        say(game, "combat.barbarians_capture", winner, loser=party(game, loser), space=where)
        note_city_lost(game, loser, city.pos, "barbarians")
        _offer_refugee(game, loser)
        return
    city.tokens_under.clear()  # captured: the culture tokens under a barbarian settlement go (Druidic Influence)
    spoils = loser == BARBARIAN or city.mood in rules.capture.spoils_moods  # the mood it had when attacked
    if loser == BARBARIAN:
        gold = rules.barbarians.capture_city_gold if rules.barbarians.captured_settlement == "keep" else 0
    elif spoils:
        # Spoils: the (mood-modified) size of the city as it was taken (before any piece is removed).
        size = mood_modified_size(game, city) if rules.capture.spoils_size == "mood_modified" else game.city_size(city)
        gold = size * rules.capture.gold_per_size
    else:
        gold = 0
    if game.settlements_used(winner) >= rules.city.settlement_limit:
        game.cities.remove(city)
        gold += game.city_size(city) * rules.capture.gold_per_missing_piece
        say(game, "combat.no_settlement_piece", winner, space=where)
    else:
        if loser != BARBARIAN:  # a captured barbarian city keeps every building's colour
            gold += _recolour(game, city, loser, winner)
        city.owner = winner
        city.mood = rules.capture.captured_mood
        say(game, "combat.captures", winner, loser=party(game, loser), space=where, mood=city.mood)
    effects.holdings_changed(game)
    note_city_lost(game, loser, city.pos, "battle", by=winner)
    kept = gain(game, game.player(winner), {"gold": gold})
    if kept["gold"]:
        say(game, "combat.capture_gold", winner, gold=things(kept))
    fire(game, "city_captured", player=winner, city=city.id, previous_owner=loser)
    if loser >= 0 and spoils:
        _offer_refugee(game, loser)
    if loser == BARBARIAN and city in game.cities and rules.barbarians.captured_settlement == "keep_or_raze":
        _offer_razing(game, city, winner)


RAZE_SETTLEMENT = "barbarian_settlement"  # the EffectChoiceDecision of keeping or razing a captured settlement
KEEP = "keep the city"


def _offer_razing(game: Game, city: City, winner: int) -> None:
    gold = game.rules.game.barbarians.capture_city_gold
    game.pending.append(
        EffectChoiceDecision(
            player=winner,
            source=f"The barbarian settlement at {hex_to_label(city.pos)}",
            effect=RAZE_SETTLEMENT,
            options=[KEEP, f"raze it for {gold} gold"],
        )
    )


def keep_or_raze(game: Game, decision: EffectChoiceDecision, option: str) -> None:
    if option == KEEP:
        return
    city = game.city_at(label_to_hex(decision.source.rsplit(" at ", 1)[1]))
    assert city is not None and city.owner == decision.player
    game.cities.remove(city)
    effects.holdings_changed(game)
    say(game, "combat.settlement_razed", decision.player, space=hex_to_label(city.pos))
    player = game.player(decision.player)
    gained(game, player, gain(game, player, {"gold": game.rules.game.barbarians.capture_city_gold}))


# What may be offered to a player who captured another player's city (winner, loser): filled by
# the rule modules of cards held in hand (Teach Us), which this module cannot import.
CAPTURE_OFFERS: list[Callable[[Game, int, int], None]] = []


def _offer_after_capture(game: Game, winner: int, loser: int) -> None:
    if winner >= 0 and loser >= 0:
        for offer in CAPTURE_OFFERS:
            offer(game, winner, loser)


def _recolour(game: Game, city: City, loser: int, winner: int) -> int:
    """The loser's buildings take the winner's colour; those the winner has no piece for are removed.

    Returns the gold paid for removed pieces. Third parties' colours and colour-keeping buildings stay.
    """
    gold = 0
    for building, colour in list(city.buildings.items()):
        spec = game.rules.buildings[building]
        if colour != loser or spec.keeps_colour_on_capture:
            continue
        if game.pieces_in_colour(winner, building) < spec.limit:
            city.buildings[building] = winner
        else:
            del city.buildings[building]
            gold += game.rules.game.capture.gold_per_missing_piece
            say(game, "combat.no_building_piece", winner, building=spec.name)
    return gold


def _offer_refugee(game: Game, loser: int) -> None:
    cities = _refugee_cities(game, loser)
    if game.rules.game.capture.refugee_settler and cities:
        game.pending.append(RefugeeDecision(player=loser, cities=cities))


def _refugee_cities(game: Game, player: int) -> list[int]:
    """Cities that may take a refugee settler: any of the player's, while a settler is in supply."""
    if len(game.units_of(player, SETTLER)) >= game.rules.units[SETTLER].limit:
        return []
    return [c.id for c in game.cities_of(player)]


# ------------------------------------------------------------------ answers to battle decisions


def _legal_casualties(game: Game) -> list[Action]:
    d = answering(game, CasualtyDecision)
    return [ChooseCasualties(o) for o in casualty_options(game, d.candidates, d.count, d.reason)]


@rule(ChooseCasualties, legal=_legal_casualties, answers=(CasualtyDecision,))
def choose_casualties(game: Game, action: ChooseCasualties) -> None:
    d = answering(game, CasualtyDecision)
    options = casualty_options(game, d.candidates, d.count, d.reason)
    if tuple(action.units) not in options:
        raise RuleError(
            f"remove exactly {d.count} of the listed units; of alike units the lowest ids "
            f"stand for them (choices: {', '.join(map(str, options))})"
        )
    if d.reason == OVERLOAD:
        game.pending.pop()
        _put_off(game, d.player, list(action.units))
        return
    c = _battle(game)
    assert c is not None and d.player in (c.attacker.owner, c.defender.owner)
    side = c.attacker if d.player == c.attacker.owner else c.defender
    game.pending.pop()
    side.casualties.extend(action.units)
    if d.reason in (TACTICS, SUNK_CARGO):
        _remove_casualties_now(game, side)
    if not _waiting(game, d.reason) and not _waiting(game, SUNK_CARGO):
        _proceed(game, NEXT_STEP[d.reason])


@rule(Retreat, legal=lambda game: [Retreat(True), Retreat(False)], answers=(RetreatDecision,))
def retreat(game: Game, action: Retreat) -> None:
    answering(game, RetreatDecision)
    if not isinstance(action.retreat, bool):
        raise RuleError("answer retreat with yes or no")
    game.pending.pop()
    if action.retreat:
        _say(game, "combat.retreats", _battle(game).attacker.owner)
        _finish(game, winner=None, withdraw=True)
    else:
        _proceed(game, "round")


def _legal_refugee(game: Game) -> list[Action]:
    d = answering(game, RefugeeDecision)
    allowed = _refugee_cities(game, d.player)
    return [PlaceRefugee(None), *(PlaceRefugee(c) for c in d.cities if c in allowed)]


@rule(PlaceRefugee, legal=_legal_refugee, answers=(RefugeeDecision,))
def place_refugee(game: Game, action: PlaceRefugee) -> None:
    d = answering(game, RefugeeDecision)
    player = game.player(d.player)
    allowed = [c for c in d.cities if c in _refugee_cities(game, d.player)]
    if action.city is not None and action.city not in allowed:
        raise RuleError(f"the refugee settler goes to one of {player.name}'s cities, while a settler is in supply")
    game.pending.pop()
    if action.city is None:
        say(game, "combat.no_refugee", player.index)
        return
    city = game.existing_city(action.city)
    game.units.append(Unit(game.new_id(), player.index, SETTLER, city.pos))
    say(game, "combat.refugee", player.index, space=hex_to_label(city.pos))


def _legal_siege(game: Game) -> list[Action]:
    answering(game, SiegeDecision)
    return [CancelFortress(parts) for parts in _siege_options(game, _battle(game))]


@rule(CancelFortress, legal=_legal_siege, answers=(SiegeDecision,))
def cancel_fortress(game: Game, action: CancelFortress) -> None:
    d = answering(game, SiegeDecision)
    c = _battle(game)
    options = _siege_options(game, c)
    parts = tuple(sorted(action.parts))
    if parts not in options:
        raise RuleError(
            f"the fortress parts you can pay to cancel are: {'; '.join(' and '.join(o) or 'none' for o in options)}"
        )
    if action.payment and not parts:
        raise RuleError("cancelling nothing of the fortress costs nothing: send it without a payment")
    player = game.player(d.player)
    payment = None
    if parts:
        payment = settle(game, action, _siege_cost(_siege_effects(game, c), parts))
        if payment is None:
            return  # the player chooses how to pay first
    game.pending.pop()
    if payment:
        pay(player, payment)
        c.fortress_cancelled.extend(parts)
        _say(game, "combat.siege_paid", player.index, payment=things(payment), parts=_fortress_parts(parts))
    _prepare(game)


def _legal_combat_bonus(game: Game) -> list[Action]:
    d = game.pending[-1]
    assert isinstance(d, (CombatBonusDecision, HitCancelDecision))  # the controller checked what is pending
    pays = [PayCombatBonus(True)] if affordable(game, game.player(d.player), d.cost) else []
    return [*pays, PayCombatBonus(False)]


@rule(PayCombatBonus, legal=_legal_combat_bonus, answers=(CombatBonusDecision, HitCancelDecision))
def pay_combat_bonus(game: Game, action: PayCombatBonus) -> None:
    if isinstance(game.pending[-1], HitCancelDecision):
        _pay_hit_cancel(game, action)
        return
    d = answering(game, CombatBonusDecision)
    if not isinstance(action.pay, bool):
        raise RuleError("answer with yes or no")
    if action.payment and not action.pay:
        raise RuleError(f"declining {d.source} costs nothing: send it without a payment")
    c = _battle(game)
    player = game.player(d.player)
    payment = None
    if action.pay:
        payment = settle(game, action, d.cost)
        if payment is None:
            return  # the player chooses how to pay first
    game.pending.pop()
    side = c.attacker if d.player == c.attacker.owner else c.defender
    if payment is not None:
        pay(player, payment)
        _say(game, "combat.bonus_paid", player.index, payment=things(payment), source=d.source, gains=d.gains())
        player.event_vp += d.vp
        if d.vp:
            game.city_attack_offer = None  # used once
        c.defender_tactics_denied = max(c.defender_tactics_denied, d.deny_tactics)
        if d.this_round:
            target = _opponent(c, side)
            _score(target, max(target.hits_scored, target.hits_taken) + 1)
        else:
            side.bonus += d.bonus
    if not d.this_round:
        _prepare(game)
    elif not any(isinstance(p, CombatBonusDecision) for p in game.pending):
        _proceed(game, "hits")


def _pay_hit_cancel(game: Game, action: PayCombatBonus) -> None:
    """Answer of a `paid_hit_cancel` choice: one hit fewer, then the next choice or the casualties."""
    d = answering(game, HitCancelDecision)
    if not isinstance(action.pay, bool):
        raise RuleError("answer with yes or no")
    if action.payment and not action.pay:
        raise RuleError(f"declining {d.source} costs nothing: send it without a payment")
    c = _battle(game)
    payment = settle(game, action, d.cost) if action.pay else None
    if action.pay and payment is None:
        return  # the player chooses how to pay first
    game.pending.pop()
    if payment is not None:
        player = game.player(d.player)
        pay(player, payment)
        side = c.attacker if d.player == c.attacker.owner else c.defender
        _score(side, _scored(side) - 1)
        _say(game, "combat.hit_cancel_paid", player.index, payment=things(payment), source=d.source)
    _proceed(game, "hits")


def _tactics_side(game: Game, decision: Decision) -> CombatSide:
    c = _battle(game)
    return c.attacker if decision.player == c.attacker.owner else c.defender


def _legal_tactics(game: Game) -> list[Action]:
    side = _tactics_side(game, answering(game, TacticsDecision))
    return [PlayTactics(None), *(PlayTactics(card) for card in tactics_options(game, _battle(game), side))]


def _check_tactics(game: Game, action: PlayTactics) -> None:
    side = _tactics_side(game, answering(game, TacticsDecision))
    if action.card is not None and action.card not in tactics_options(game, _battle(game), side):
        raise RuleError("play one of your action cards whose tactics half this battle allows, or none")


@rule(PlayTactics, legal=_legal_tactics, answers=(TacticsDecision,), check=_check_tactics)
def play_tactics(game: Game, action: PlayTactics) -> None:
    d = answering(game, TacticsDecision)
    side = _tactics_side(game, d)
    game.pending.pop()
    player = game.player(d.player)
    if action.card is not None:
        player.action_cards.remove(action.card)
        side.tactics = action.card
    _say(game, "combat.tactics_face_down" if action.card is not None else "combat.no_tactics_card", player.index)
    _proceed(game, "tactics")


def _legal_reinforcement(game: Game) -> list[Action]:
    d = answering(game, ReinforcementDecision)
    allowed = unit_placement_cities(game, d.player, d.unit)
    return [PlaceReinforcement(city) for city in d.cities if city in allowed]


@rule(PlaceReinforcement, legal=_legal_reinforcement, answers=(ReinforcementDecision,))
def place_reinforcement(game: Game, action: PlaceReinforcement) -> None:
    d = answering(game, ReinforcementDecision)
    allowed = [city for city in d.cities if city in unit_placement_cities(game, d.player, d.unit)]
    if action.city not in allowed:
        raise RuleError(f"the free {d.unit} goes to one of your cities with room for it")
    game.pending.pop()
    _place_reinforcement(game, d.player, d.unit, action.city, "a lost battle")


# ------------------------------------------------------------------ helpers


def _remove(game: Game, unit_ids: list[int], *, by_enemy: bool = True, killer: int | None = None) -> None:
    """Take units off the board, and out of the battle being fought (a leader killed `by_enemy` is captured: by
    the battle's other side, or by `killer` where units are overrun without one)."""
    gone = set(unit_ids)
    for unit in [u for u in game.units if u.id in gone and game.rules.units[u.kind].leader]:
        captor = killer if killer is not None else _opponent_of(game, unit.owner)
        civilizations.leader_killed(game, unit, captor if by_enemy else None)
    game.units[:] = [u for u in game.units if u.id not in gone]
    if game.combat is not None:
        for side in (game.combat.attacker, game.combat.defender):
            side.units = [uid for uid in side.units if uid not in gone]
        for uid in gone:
            game.combat.origins.pop(uid, None)


def _opponent_of(game: Game, owner: int) -> int | None:
    """Who fights `owner` in the battle being fought, if any."""
    c = game.combat
    if c is None:
        return None
    return c.defender.owner if c.attacker.owner == owner else c.attacker.owner


def _kinds(game: Game, unit_ids: list[int]) -> str:
    """ "2 infantry, 1 cavalry"."""
    return units(game, [game.existing_unit(uid).kind for uid in unit_ids])


def _hits(count: int) -> str:
    return counted(count, "hit")


def _fortress_parts(parts: list[str] | tuple[str, ...]) -> str:
    """ "extra die and hit cancel" (the fortress's parts a siege cancels, by their names in the rules)."""
    return listed(part.replace("_", " ") for part in parts)


def _say(game: Game, kind: str, who: int | None = None, **fields: object) -> None:
    """Battle events go to the game log and to the battle's own log."""
    if game.combat is None:
        say(game, kind, who, **fields)
        return
    text = line(game, kind, who, **fields)  # (written whether or not the game keeps its log)
    game.say(text)
    game.combat.log.append(text)


def _battle(game: Game) -> Combat:
    """The battle being fought, which the caller knows is under way."""
    assert game.combat is not None, "no battle is being fought"
    return game.combat
