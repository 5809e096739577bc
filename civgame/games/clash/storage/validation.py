"""Whether a decoded game can be played: checked against the rules data, the board and the invariants.

`save.loads` first checks the structure of a save (players, regions, pieces, decks). This module
then checks what a rule would trip over later:

1. every field of the players, the pending decisions and the battle against what it must name
   (`FIELDS`: one line per field, so a new model field needs one line here, and a test fails
   until it has it);
2. cross-checks no single field shows: a retreat needs a battle, casualties need enough
   candidates, a battle's units stand on its space, players still to ask need a status step asking them;
3. every invariant of `rules.invariants`;
4. a trial: the game must offer a legal action (unless it is over), and every answer to the
   pending decision must apply to a copy of the game without an error the rules do not expect.

Each problem is one line that names its place in the save (`game.pending[0].count: ...`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any, get_args

from civgame.framework.codec import from_plain, to_plain
from civgame.framework.errors import RuleError
from civgame.framework.text import unprintable
from civgame.games.clash.content.conditions import Moment
from civgame.games.clash.content.effects import REGISTRY as EFFECT_PRIMITIVES
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.decisions import (
    BarbarianArmiesDecision,
    BoardingDecision,
    CardCancelDecision,
    CardExchangeDecision,
    CasualtyDecision,
    CivilizationDecision,
    CombatBonusDecision,
    Decision,
    EffectChoiceDecision,
    FirstPlayerDecision,
    FreeAdvanceDecision,
    GovernmentDecision,
    HappinessDecision,
    HitCancelDecision,
    InfluenceBoostDecision,
    LeaderDecision,
    MoveDecision,
    ObjectiveDecision,
    OrientationDecision,
    PayDecision,
    PirateShareDecision,
    RazeDecision,
    RefugeeDecision,
    ReinforcementDecision,
    RetreatDecision,
    ReuseUnitDecision,
    ReviveDecision,
    SiegeDecision,
    SkipRoutesDecision,
    TokenChoiceDecision,
    TopCardDecision,
    TradeDecision,
    TradeOfferDecision,
)
from civgame.games.clash.core.model import (
    BARBARIAN,
    PIRATE,
    BattleRecord,
    CityLoss,
    Combat,
    CombatSide,
    EventInProgress,
    EventStep,
    Game,
    GameEnd,
    LastingEffect,
    ObjectiveCompletion,
    Player,
    RoundRoll,
)
from civgame.games.clash.core.vocabulary import RESOURCES, TOKENS
from civgame.games.clash.rules import events
from civgame.games.clash.rules.actions.economy_abilities import CHOICE_RULES
from civgame.games.clash.rules.actions.influence import ARMY_UNIT, SETTLEMENT, TOKEN_UNDER
from civgame.games.clash.rules.actions.trading import AMOUNTS as TRADE_AMOUNTS
from civgame.games.clash.rules.base.cards import GREAT_PERSON
from civgame.games.clash.rules.flow import status
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants

MAX_NAME = 40  # characters of a player's name or colour (the new-game screen allows 20)
MAX_TEXT = 1000  # characters of any other text: a log line, a reason, an option
MAX_COUNT = 10_000  # far above any count a game reaches (tokens, rounds, hits)
TRIAL_ANSWERS = 24  # answers to the pending decision tried on a copy of the game


class Known:
    """What the values in a game may name, worked out once per game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules: Ruleset = game.rules

    @cached_property
    def players(self) -> range:
        return range(len(self.game.players))

    @cached_property
    def unit_ids(self) -> set[int]:
        return {u.id for u in self.game.units}

    @cached_property
    def city_ids(self) -> set[int]:
        return {c.id for c in self.game.cities}

    @cached_property
    def effect_sources(self) -> set[str]:
        return {name for _kind, name, _effects, _path in self.rules.effect_sources()}

    @cached_property
    def largest_grant(self) -> int:
        """The most tokens or resources one choice of the rules grants."""
        amounts = [
            getattr(e.params, "amount", 1)
            for by_source in self.rules.effect_index.values()
            for effects in by_source.values()
            for e in effects
        ]
        return max([1, self.rules.game.pirates.token_per_ship_sunk, *amounts])


Check = Callable[[Known, Any], str | None]  # a problem with the value, or None


def _within(low: int, high: Callable[[Known], int] | int) -> Check:
    def check(known: Known, value: Any) -> str | None:
        top = high(known) if callable(high) else high
        return None if low <= value <= top else f"{value} is not between {low} and {top}"

    return check


def _one_of(what: str, valid: Callable[[Known], Any]) -> Check:
    def check(known: Known, value: Any) -> str | None:
        return None if value in valid(known) else f"{value!r} is not {what}"

    return check


def _text(limit: int) -> Check:
    """Text of at most `limit` characters, each one that can be shown (no NUL, escape or line break)."""

    def check(_known: Known, value: Any) -> str | None:
        if len(value) > limit:
            return f"text of {len(value):,} characters; at most {limit:,} are allowed"
        hidden = unprintable(value)
        return None if hidden is None else f"text holding the character {hidden}, which cannot be shown"

    return check


def _points(_known: Known, value: Any) -> str | None:
    """Victory points: a finite number, no larger than any game scores."""
    return None if math.isfinite(value) and abs(value) <= MAX_COUNT else f"{value} is not a number of points"


def _event_with(primitive: str) -> Check:
    """An event card (by id, or by name) whose main effects include `primitive`."""

    def check(known: Known, value: Any) -> str | None:
        card = next((c for c in known.rules.events if value in (c.id, c.name)), None)
        if card is None or all(e.name != primitive for e in known.rules.event_effects(card.id)):
            return f"{value!r} is not an event card with the effect {primitive}"
        return None

    return check


def _two_sides(check: Check) -> Check:
    """[attacker's, defender's]: two lists, each checked."""

    def both(known: Known, value: Any) -> str | None:
        return each(check)(known, value) if len(value) == 2 else f"{len(value)} side(s); a battle has two"

    return both


def each(check: Check) -> Check:
    """Every item of a list, or every value of a mapping."""

    def check_all(known: Known, values: Any) -> str | None:
        for value in values.values() if isinstance(values, dict) else values:
            problem = check(known, value)
            if problem:
                return problem
        return None

    check_all.item = check  # type: ignore[attr-defined]  # (a field's items are named one by one)
    return check_all


def optional(check: Check) -> Check:
    return lambda known, value: None if value is None else check(known, value)


def mapping(key: Check, value: Check) -> Check:
    def check(known: Known, values: Any) -> str | None:
        return each(key)(known, list(values)) or each(value)(known, values)

    return check


def _cost_key(known: Known, key: Any) -> str | None:
    """A cost names a resource or token, or `any:` several resources (payments.ANY)."""
    parts = key[len("any:") :].split(",") if key.startswith("any:") else [key]
    return None if all(p in (*RESOURCES, *TOKENS) for p in parts) else f"{key!r} is not a resource or token"


def _trade_item(known: Known, item: Any) -> str | None:
    """A resource or token, a kind of card, or a card of the rules by kind ("action:12", "wonder:pyramids",
    "great person:21")."""
    kind, colon, name = item.partition(":") if len(item) <= MAX_NAME else ("", "", "")
    cards = {
        "action": {str(c.id) for c in known.rules.action_cards},
        "objective": {str(c.id) for c in known.rules.objective_cards},
        "wonder": set(known.rules.wonders),
        GREAT_PERSON: {str(c.id) for c in known.rules.events if c.great_person is not None},
    }
    if item in TRADE_AMOUNTS or (not colon and kind in cards and kind != GREAT_PERSON) or name in cards.get(kind, ()):
        return None
    return f"{item!r} is not a resource, token or card"


PLAYER = _one_of("a player index", lambda k: k.players)
OWNER = _one_of("a player index, barbarians or pirates", lambda k: (*k.players, BARBARIAN, PIRATE))
UNIT_ID = _one_of("the id of a unit", lambda k: k.unit_ids)
CITY_ID = _one_of("the id of a city", lambda k: k.city_ids)
REGION = _within(1, lambda k: len(k.game.regions))
ROTATION = _within(0, 5)
SPACE = _one_of("a space on the board", lambda k: k.game.space_region)
UNIT_KIND = _one_of("a unit of the rules", lambda k: k.rules.units)
BUILDING = _one_of("a building of the rules", lambda k: k.rules.buildings)
EFFECT = _one_of("an effect primitive", lambda _k: EFFECT_PRIMITIVES)
EFFECT_SOURCE = _one_of("content of the rules with effects", lambda k: k.effect_sources)


def _nothing_or(check: Check) -> Check:
    """An empty text, or a value `check` accepts."""

    def either(known: Known, value: Any) -> str | None:
        return None if value == "" else check(known, value)

    return either


def _effect_or_event_step(known: Known, value: Any) -> str | None:
    """An effect primitive, `event:<step>` for a choice an event step asked, or a choice a rule asks of its
    own (the 2012 edition's barbarians, a change of government, ...)."""
    if isinstance(value, str) and value.startswith(events.CHOICE_PREFIX):
        step = value[len(events.CHOICE_PREFIX) :]
        return None if step in events.CHOICES else f"{value!r} is not a step of an event"
    return None if value in _rule_choices() else EFFECT(known, value)


def _rule_choices() -> set[str]:
    """The choices rules ask that no effect primitive names: their source is the rule's own words (a region, a
    battle), checked by the trial answers (the rule reads it)."""
    return {choice for choice in CHOICE_RULES if choice not in EFFECT_PRIMITIVES}


def _source_or_event_card(known: Known, value: Any) -> str | None:
    """Content with effects, or an event card's name followed by the question asked: "Flood (...)"."""
    names = {card.name for card in known.rules.events}
    if isinstance(value, str) and value.split(" (")[0] in names:
        return None
    return EFFECT_SOURCE(known, value)


_piece_key = _one_of("a building of the rules or a city", lambda k: {*k.rules.buildings, "city"})
CIVILIZATION = _one_of("a civilization of the rules", lambda k: k.rules.civilizations)
LEADER = _one_of(
    "a leader of the rules", lambda k: {ld.name for c in k.rules.civilizations.values() for ld in c.leaders}
)
TOKEN = _one_of("a resource or token", lambda _k: (*RESOURCES, *TOKENS))
OBJECTIVE = _one_of("an objective of the rules", lambda k: k.rules.objectives)
MOMENT = _one_of("a moment objectives are checked at", lambda _k: get_args(Moment))
COUNT = _within(0, MAX_COUNT)
PIECE_ID = _within(1, lambda k: k.game.next_id - 1)  # a unit or city, perhaps gone since
POINTS = _points
GRANT = _within(1, lambda k: k.largest_grant)
COST = mapping(_cost_key, COUNT)
AMOUNTS = mapping(_cost_key, _within(-MAX_COUNT, MAX_COUNT))  # gained (positive) or paid (negative)
NAME = _text(MAX_NAME)
TEXT = _text(MAX_TEXT)
TYPED = None  # any value of the field's type is valid (the loader checked the type)
STRUCTURE = None  # checked with the structure of the save (save.consistency_problems)
BY_ITS_RULE = None  # an action: its rule checks it when it is applied (and the trial applies it)
PARTS = "parts"  # a model object, or a list of them, each checked by its own class's FIELDS
PLACES = None  # where cards, wonders and leaders are: the model of rules.flow.places, checked with the decks

# model class -> field -> what its values must be. A field of a subclass is looked up along its
# classes, so `player` is listed once for every decision.
FIELDS: dict[type, dict[str, Check | str | None]] = {
    Player: {
        "index": STRUCTURE,
        "name": NAME,
        "color": NAME,
        "resources": STRUCTURE,
        "mood_tokens": COUNT,
        "culture_tokens": COUNT,
        "advances": STRUCTURE,
        "special_advances": STRUCTURE,
        "leader": STRUCTURE,
        "civilization": STRUCTURE,
        "civilization_chosen": optional(CIVILIZATION),
        "leaders_used": STRUCTURE,
        "leaders_dealt": STRUCTURE,
        "lasting_effects": PARTS,
        "event_cubes": COUNT,
        "culture_level": COUNT,
        "happiness_level": COUNT,
        "action_cards": STRUCTURE,
        "objective_cards": STRUCTURE,
        "wonder_cards": STRUCTURE,
        "wonder_cards_owed": COUNT,
        "completed_objectives": STRUCTURE,
        "wonders_built": STRUCTURE,
        "wonders_built_when": PLACES,  # [age, round] of each wonder built
        "destroyed_wonders_kept": STRUCTURE,
        "objective_completions": PLACES,
        "captured_leaders": STRUCTURE,
        "event_vp": POINTS,
        "objective_vp": POINTS,
        "explorer_regions": each(REGION),
        "raided_by": TEXT,
        "influence_succeeded": TYPED,
        "free_attempts_from": each(CITY_ID),
        "used_this_turn": each(TEXT),
        "borrowed_advance": TYPED,
        "actions_lost_next_turn": COUNT,
        "truce_with": optional(PLAYER),
        "great_persons": STRUCTURE,  # event cards: checked with the decks
        "foreseen_objectives": STRUCTURE,  # objective cards: checked with the decks
        "government_regains": each(POINTS),
        "seat": TYPED,  # a Literal: the loader accepts only a person or a known computer level
        "pieces_destroyed": mapping(_piece_key, COUNT),
        "leaders_barred": TYPED,
        "action_lost": TYPED,
        "diplomatic_partner": optional(PLAYER),
        "last_city_lost": PARTS,
        "scores_by_age": TYPED,  # shown on the final scores only
    },
    CityLoss: {"space": SPACE, "cause": TYPED, "age": COUNT, "round": COUNT, "by": optional(OWNER), "card": NAME},
    GameEnd: {"reason": TYPED, "age": COUNT, "cityless": each(PLAYER)},
    LastingEffect: {"source": TEXT, "until": TYPED},
    ObjectiveCompletion: {"card": PLACES, "objective": PLACES, "age": TYPED, "round": TYPED, "own_turn": TYPED},
    Game: {
        **dict.fromkeys(("version", "ruleset", "seed", "rng", "next_id", "regions", "cities", "units"), STRUCTURE),
        **dict.fromkeys(("age", "round", "first_player", "current", "turns_taken", "status_players"), STRUCTURE),
        **dict.fromkeys(("exhausted", "decks", "public_wonder", "winner", "history"), STRUCTURE),
        "players": PARTS,
        "phase": TYPED,
        "actions_left": COUNT,
        "acted_this_turn": TYPED,
        "status_step": _within(0, len(status.STEPS)),
        "pending": PARTS,
        "combat": PARTS,
        "event": PARTS,
        "events_waiting": PARTS,
        "event_variant": TYPED,
        "variants": STRUCTURE,  # the rules must offer them (why_not_variants)
        "ending": TYPED,
        "revealed_wonders": PLACES,
        "short_battle_vp": optional(POINTS),
        "construct_ban": optional(_event_with("event_construct_ban")),
        "city_attack_offer": optional(_event_with("event_city_attack_offer")),
        "battles": PARTS,
        "end": PARTS,
        "log": each(TEXT),
    },
    BattleRecord: {
        "space": SPACE,
        "naval": TYPED,
        "attacker": OWNER,
        "defender": OWNER,
        "winner": optional(OWNER),
        "at_city": TYPED,
        "from_sea": TYPED,
        "present": _two_sides(each(UNIT_KIND)),
        "lost": _two_sides(each(UNIT_KIND)),
        "rounds": COUNT,
        "claimed_by": each(EFFECT_SOURCE),
    },
    EventInProgress: {
        "card": PLACES,  # on the discard pile or held (places), of the rules (save.consistency_problems)
        "active": PLAYER,
        "steps": PARTS,
        "moved": each(PIECE_ID),  # ids of barbarian units, some of which may be gone since
        "current": PARTS,
        "cards": PLACES,
        "lost": mapping(PLAYER, each(UNIT_KIND)),
    },
    EventStep: {
        "kind": TYPED,  # with the player, the other player and the effect: events.step_problem
        "player": TYPED,
        "effect": TYPED,
        "count": COUNT,
        "chosen": each(PIECE_ID),  # ids of cities, some of which may be gone since
        "other": TYPED,
    },
    Combat: {
        "space": SPACE,
        "naval": TYPED,
        "attacker": PARTS,
        "defender": PARTS,
        "origins": mapping(UNIT_ID, SPACE),
        "city_id": optional(CITY_ID),
        "fortress": TYPED,
        "round": COUNT,
        "max_rounds": COUNT,
        "retreat_allowed": TYPED,
        "log": each(TEXT),
        "prepared": each(TEXT),
        "fortress_cancelled": each(TEXT),
        "tactics_asked": each(TEXT),
        "resolved": each(TEXT),
        "abilities_kept": each(TEXT),
        "winner_vp": POINTS,
        "defender_tactics_denied": COUNT,
        "present": TYPED,  # unit types by unit id, read only by objectives when the battle ends
        "left_city": optional(CITY_ID),
        "shrinks_city": TYPED,
    },
    CombatSide: {
        "owner": OWNER,
        "units": each(UNIT_ID),
        "hits_taken": COUNT,
        "hits_scored": COUNT,
        "casualties": each(UNIT_ID),
        "losses": COUNT,
        "bonus": COUNT,
        "tactics": STRUCTURE,  # a face-down action card: save.consistency_problems places it
        "round_value": _within(-MAX_COUNT, MAX_COUNT),
        "hits_ignored": COUNT,
        "round_units": optional(COUNT),
        "roll": PARTS,
    },
    RoundRoll: {
        "dice": each(_within(0, MAX_COUNT)),
        "ready": mapping(UNIT_KIND, COUNT),
        "modifier": _within(-MAX_COUNT, MAX_COUNT),
        "extra_hits": COUNT,
        "extra_cancels": COUNT,
        "kept_as_value": COUNT,
    },
    Decision: {"player": PLAYER},
    PayDecision: {"action": BY_ITS_RULE, "cost": COST, "alternatives": each(COST)},
    MoveDecision: {
        "groups_left": COUNT,
        "rewarded": each(TEXT),
        "only_units": each(UNIT_ID),
        "single_units": TYPED,
        "attack_bonus": COUNT,
        "city_road": _nothing_or(EFFECT_SOURCE),
    },
    HappinessDecision: {"raised": COUNT, "extra_cost": COST, "only_city": optional(CITY_ID)},
    OrientationDecision: {
        "region": REGION,
        "options": each(ROTATION),
        "units": each(UNIT_ID),
        "origin": SPACE,
        "target": SPACE,
        "entry": optional(SPACE),
    },
    BoardingDecision: {"units": each(UNIT_ID), "sea": SPACE, "options": each(each(UNIT_ID))},
    TradeDecision: {
        "partner": PLAYER,
        "give": mapping(_trade_item, COUNT),
        "take": mapping(_trade_item, COUNT),
        "face_down": each(_trade_item),
    },
    TradeOfferDecision: {
        "proposer": PLAYER,
        "give": mapping(_trade_item, COUNT),
        "take": mapping(_trade_item, COUNT),
        "face_down": each(_trade_item),
    },
    CasualtyDecision: {"count": _within(1, MAX_COUNT), "candidates": each(UNIT_ID), "reason": TEXT},
    RetreatDecision: {},
    RefugeeDecision: {"cities": each(CITY_ID)},
    TokenChoiceDecision: {"options": each(TOKEN), "amount": GRANT},
    ReuseUnitDecision: {
        "city": CITY_ID,
        "kind_needed": UNIT_KIND,
        "candidates": each(UNIT_ID),
        "remaining": each(UNIT_KIND),
    },
    InfluenceBoostDecision: {
        "target": _one_of("the id of a city or a unit", lambda k: k.city_ids | k.unit_ids),
        "building": _one_of(
            "a building of the rules, a settlement, a token under it or an army unit",
            lambda k: {*k.rules.buildings, SETTLEMENT, TOKEN_UNDER, ARMY_UNIT},
        ),
        "tokens_needed": _within(1, MAX_COUNT),
        "takeover_source": _nothing_or(EFFECT_SOURCE),
        "takeover_units": each(UNIT_KIND),
    },
    FreeAdvanceDecision: {},
    CivilizationDecision: {"options": each(CIVILIZATION)},
    LeaderDecision: {"city": CITY_ID, "options": each(LEADER)},
    RazeDecision: {},
    GovernmentDecision: {},
    FirstPlayerDecision: {},
    SiegeDecision: {},
    CombatBonusDecision: {
        "source": _source_or_event_card,
        "bonus": COUNT,
        "cost": COST,
        "vp": POINTS,
        "this_round": TYPED,
        "deny_tactics": COUNT,
    },
    HitCancelDecision: {"source": EFFECT_SOURCE, "cost": COST},
    ReinforcementDecision: {"unit": UNIT_KIND, "cities": each(CITY_ID)},
    ObjectiveDecision: {"moment": MOMENT, "options": each(OBJECTIVE), "used": each(OBJECTIVE)},
    EffectChoiceDecision: {
        "source": TEXT,  # content with effects, or an event card (a rule's own choice aside): `_cross_checks`
        "effect": _effect_or_event_step,
        "options": each(TEXT),
        "amounts": each(AMOUNTS),
    },
    ReviveDecision: {"lost": each(UNIT_KIND), "used": each(CITY_ID)},  # the rest as an EffectChoiceDecision
    CardCancelDecision: {  # the rest as an EffectChoiceDecision
        "played_by": PLAYER,
        "card": _one_of("an action card in a hand", lambda k: {c for p in k.game.players for c in p.action_cards}),
        "parts": each(each(TEXT)),
        "payment": AMOUNTS,
        "action_spent": TYPED,
    },
    SkipRoutesDecision: {"building": TEXT, "skipped": each(each(PLAYER))},  # the rest as an EffectChoiceDecision
    TopCardDecision: {"card": TYPED, "drawer": TYPED},  # the rest as an EffectChoiceDecision
    PirateShareDecision: {"units": each(UNIT_ID), "space": SPACE, "origin": optional(SPACE)},  # (the same)
    CardExchangeDecision: {
        "source": EFFECT_SOURCE,
        "effect": EFFECT,
        "options": each(TEXT),
        "amounts": each(AMOUNTS),
        "other": TYPED,  # a player or -1 (the draw pile); the answer's rule checks the cards
        "exchanges": each(each(TEXT)),
    },
    BarbarianArmiesDecision: {
        "stage": _one_of("a stage of moving barbarian armies", lambda _k: BarbarianArmiesDecision.STAGES),
        "armies": each(each(UNIT_ID)),
    },
}

# decisions that exist only while a battle is being fought, asked of its attacker
BATTLE_DECISIONS = (RetreatDecision, SiegeDecision)


def unlisted_fields() -> list[str]:
    """Fields of the checked model classes that FIELDS does not list (a test keeps this empty)."""
    classes = [Game, GameEnd, Player, CityLoss, LastingEffect, ObjectiveCompletion, Combat, CombatSide, BattleRecord]
    classes += [EventInProgress, EventStep, *Decision.REGISTRY.values()]
    return [
        f"{cls.__name__}.{f.name}"
        for cls in classes
        for f in dataclasses.fields(cls)
        if not any(f.name in FIELDS.get(base, {}) for base in cls.__mro__)
    ]


def _field_problems(known: Known, obj: object, at: str) -> Iterator[str]:
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        check = next((FIELDS[base][f.name] for base in type(obj).__mro__ if f.name in FIELDS.get(base, {})), None)
        value = getattr(obj, f.name)
        if check == PARTS:
            for where, part in (
                [(f"{at}.{f.name}[{i}]", p) for i, p in enumerate(value)]
                if type(value) is list
                else [(f"{at}.{f.name}", value)]
            ):
                if part is not None:
                    yield from _field_problems(known, part, where)
            continue
        if check is None or isinstance(check, str):
            continue
        item_check = getattr(check, "item", None)
        if item_check is not None and isinstance(value, (list, dict)):  # name the item at fault
            items = value.items() if isinstance(value, dict) else enumerate(value)
            problem = next((f"[{k!r}]: {p}" for k, v in items if (p := item_check(known, v))), None)
            if problem:
                yield f"{at}.{f.name}{problem}"
            continue
        problem = check(known, value)
        if problem:
            yield f"{at}.{f.name}: {problem}"


def playability_problems(game: Game) -> Iterator[str]:
    """Why the decoded `game` cannot be played on (see the module docstring); stops at the first
    stage with problems, since later stages rely on earlier ones."""
    for stage in (_fields, _cross_checks, _invariants, _trial):
        problems = list(stage(game))
        if problems:
            yield from problems
            return


def _fields(game: Game) -> Iterator[str]:
    for problem in _field_problems(Known(game), game, "game"):
        yield problem
        return  # one line is enough, and a huge save may break thousands of them


def _cross_checks(game: Game) -> Iterator[str]:
    combat = game.combat
    for i, decision in enumerate(game.pending):
        at = f"game.pending[{i}]"
        if isinstance(decision, BATTLE_DECISIONS) and (combat is None or combat.attacker.owner != decision.player):
            yield f"{at}: a {decision.KIND} decision of player {decision.player} outside a battle they attack in"
        if isinstance(decision, (CombatBonusDecision, HitCancelDecision)) and combat is None:
            yield f"{at}: a {decision.KIND} decision outside a battle"
        if isinstance(decision, CasualtyDecision):
            yield from _casualty_problems(game, decision, at)
        if isinstance(decision, TradeOfferDecision) and decision.proposer == decision.player:
            yield f"{at}.proposer: player {decision.player} offers a trade to themselves"
        if isinstance(decision, TradeDecision) and decision.partner == decision.player:
            yield f"{at}.partner: player {decision.player} trades with themselves"
        if (
            isinstance(decision, EffectChoiceDecision)
            and decision.amounts
            and len(decision.amounts) != len(decision.options)
        ):
            yield f"{at}.amounts: {len(decision.amounts)} amounts for {len(decision.options)} options"
        if isinstance(decision, EffectChoiceDecision) and decision.effect not in _rule_choices():
            problem = _source_or_event_card(Known(game), decision.source)
            if problem:
                yield f"{at}.source: {problem}"
    if combat is not None:
        yield from _battle_problems(game, combat)
    yield from _event_problems(game)
    for i, player in enumerate(game.players):
        if player.diplomatic_partner == i or player.truce_with == i:
            yield f"game.players[{i}]: a diplomatic partner or a truce with themselves"
    if game.status_players and status.asking_step(game) is None:
        yield "game.status_players: players are asked only while a status step that asks them runs"


def _event_problems(game: Game) -> Iterator[str]:
    """Each step of an event under way is one its card makes, and the step waiting for a choice is asked."""
    under_way = [("game.event", game.event)] if game.event is not None else []
    under_way += [(f"game.events_waiting[{i}]", event) for i, event in enumerate(game.events_waiting)]
    for at, event in under_way:
        for i, step in enumerate(event.steps):
            problem = events.step_problem(game, event, step, waiting=False)
            if problem:
                yield f"{at}.steps[{i}]: {problem}"
        if event.current is not None:
            problem = events.step_problem(game, event, event.current, waiting=True)
            asked = f"{events.CHOICE_PREFIX}{event.current.kind}"
            if problem is None and (
                event is not game.event or not any(getattr(d, "effect", "") == asked for d in game.pending)
            ):
                problem = "a step waits for a choice nobody is asked"
            if problem:
                yield f"{at}.current: {problem}"


def _asks(decision: Decision, effect: str) -> bool:
    return isinstance(decision, EffectChoiceDecision) and decision.effect == effect


def _casualty_problems(game: Game, decision: CasualtyDecision, at: str) -> Iterator[str]:
    if decision.count > len(decision.candidates):
        yield f"{at}.count: {decision.count} casualties to pick from {len(decision.candidates)} candidate(s)"
    for unit_id in decision.candidates:
        unit = game.unit(unit_id)
        if unit is not None and unit.owner != decision.player:
            yield f"{at}.candidates: unit {unit_id} does not belong to player {decision.player}"


def _battle_problems(game: Game, combat: Combat) -> Iterator[str]:
    if combat.attacker.owner == combat.defender.owner:
        yield f"game.combat: both sides belong to owner {combat.attacker.owner}"
    for side in ("attacker", "defender"):
        fighting: CombatSide = getattr(combat, side)
        for unit_id in fighting.units:
            unit = game.unit(unit_id)
            if unit is not None and (unit.owner != fighting.owner or unit.pos != combat.space):
                yield f"game.combat.{side}.units: unit {unit_id} of another owner or off the battle space"


def _invariants(game: Game) -> Iterator[str]:
    for problem in check_invariants(game):
        yield f"game: {problem}"


def _trial(game: Game) -> Iterator[str]:
    """The game offers a legal action, and each answer to the pending decision applies to a copy."""
    if game.phase == "over":
        return
    try:
        actions = legal_actions(game)
    except Exception as exc:  # a state the rule modules cannot read
        yield f"game: the rules cannot list the legal actions here ({type(exc).__name__})"
        return
    if not actions:
        yield "game: no legal action: the game cannot go on"
        return
    if not game.pending:
        return  # turn actions are ordinary rules on a state every check above accepted
    step = max(1, len(actions) // TRIAL_ANSWERS)
    plain = {**to_plain(game), "log": [], "history": []}
    at = f"game.pending[{len(game.pending) - 1}]"
    refused = 0
    for action in actions[::step]:
        trial = from_plain(Game, plain)
        trial.rules = game.rules
        try:
            apply(trial, action)
        except RuleError:
            refused += 1
        except Exception as exc:
            yield f"{at}: answering it with {action.KIND} fails ({type(exc).__name__})"
            return
    if refused == len(actions[::step]):
        yield f"{at}: the rules refuse every answer to this {game.pending[-1].KIND} decision"
