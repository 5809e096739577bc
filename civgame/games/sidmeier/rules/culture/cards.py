"""Culture event cards [004 CITY MANAGEMENT]: kept secret in the hand (2 cards, more with techs), played
only in the phase printed on the card, then discarded face up under their deck.

Each card's effect is a primitive (`content/effects.py`); this module gives each playable primitive its
targets (`LISTERS`), the player it aims at (`TARGETS`) and what it does (`PERFORMERS`). Cards that
cancel are played as answers to a held act (`rules/abilities`), and cards that count as a resource
are spent as payment. Playing a card is a culture event other players may cancel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, product
from typing import Any

from civgame.framework.effects import Params
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import (
    Action,
    ChooseDeck,
    ChooseUnit,
    Discard,
    ExchangeTech,
    GiveCoin,
    PlaceGreatPersonAt,
    PlayCard,
)
from civgame.games.sidmeier.core.decisions import (
    BattleCards,
    CityTurn,
    DiscardCulture,
    DrawCultureChoice,
    ExchangeChoice,
    FreeUnits,
    GiftRecipient,
    MovementTurn,
    PlaceGreatPerson,
    StartTurn,
    TradeTurn,
)
from civgame.games.sidmeier.core.model import Game, Improvement
from civgame.games.sidmeier.rules.base import (
    board,
    effects,
    occupancy,
    pieces,
    production,
    reactions,
    techs,
    yields,
)
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.combat import battles

PHASE_OF = {
    StartTurn: "start_of_turn",
    TradeTurn: "trade",
    CityTurn: "city_management",
    MovementTurn: "movement",
    BattleCards: "battle",
}

# ------------------------------------------------------------------ targets


def _immune(game: Game, seat: int, by: int) -> bool:
    """Culture events of `by` cannot target `seat` (a wonder's protection)."""
    return seat != by and effects.has(game, seat, "event_immunity")


def _others(game: Game, seat: int) -> list[int]:
    return [p.seat for p in game.players if p.seat != seat and not _immune(game, p.seat, seat)]


def _enemy_owner(game: Game, pos: int, seat: int) -> int:
    for fig in game.figures:
        if fig.pos == pos and fig.owner != seat:
            return fig.owner
    return -1


def _square_owner(game: Game, pos: int) -> int:
    imp = game.squares[pos].improvement
    if imp is not None:
        return imp.owner
    city = board.city_owning(game, pos) or game.city_at(pos)
    return city.owner if city is not None else -1


# ------------------------------------------------------------------ each primitive: listing, target, effect

Lister = Callable[[Game, int, int, Any], Iterator[PlayCard]]


def list_place_village(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    if not game.village_pile:
        return
    for pos in range(len(game.squares)):
        if _village_square(game, pos):
            yield PlayCard(card, pos=pos)


def _village_square(game: Game, pos: int) -> bool:
    square = game.squares[pos]
    if not square.terrain or board.is_water(game, pos) or square.marker >= 0 or square.improvement is not None:
        return False
    if square.relic or square.city_state >= 0:  # a square holds one marker
        return False
    if pos in board.city_centres(game) or board.city_owning(game, pos) is not None:
        return False
    return not occupancy.at(game, pos)


def do_place_village(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    if not game.village_pile or not _village_square(game, action.pos):
        game.say("The village cannot be placed any more.")
        return
    game.squares[action.pos].marker = game.village_pile.pop()
    game.say(f"A village appears at {game.label(action.pos)}.")


def list_kill(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.KillFigures)
    others = set(_others(game, seat))
    squares = {f.pos for f in game.figures if f.owner in others}
    for pos in sorted(squares):
        if board.within(game, seat, pos, p.range):
            yield PlayCard(card, pos=pos)
    if p.great_person:
        for pos in board.improved_squares(game):
            imp = game.squares[pos].improvement
            if (
                imp is not None
                and imp.kind == "great_person"
                and imp.owner in others
                and board.within(game, seat, pos, p.range)
            ):
                yield PlayCard(card, pos=pos, choice="great_person")


def target_of_kill(game: Game, seat: int, action: PlayCard) -> tuple[int, ...]:
    if action.choice == "great_person":
        return (_square_owner(game, action.pos),)
    return (_enemy_owner(game, action.pos, seat),)


def do_kill(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.KillFigures)
    if action.choice == "great_person":
        imp = game.squares[action.pos].improvement
        if imp is not None and imp.kind == "great_person":
            game.squares[action.pos].improvement = None
            game.people_gone.append(imp.marker)
            yields.touch(game)
            game.say(f"{game.players[imp.owner].name}'s great person at {game.label(action.pos)} is killed.")
        return
    victims = [f for f in game.figures if f.pos == action.pos and f.owner != seat]
    victims.sort(key=lambda f: (f.kind != "army", f.id))
    for fig in victims[: p.figures]:
        pieces.remove_figure(game, fig)
        game.say(f"{game.players[fig.owner].name}'s {fig.kind} at {game.label(action.pos)} is killed.")


def list_move_enemy(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.MoveEnemyFigures)
    others = set(_others(game, seat))
    starts = sorted({(f.pos, f.owner) for f in game.figures if f.owner in others})
    for pos, owner in starts:
        for dest in _destinations(game, owner, pos, p.distance):
            yield PlayCard(card, pos=pos, dest=dest, target=owner)


def _destinations(game: Game, owner: int, pos: int, distance: int) -> list[int]:
    count = occupancy.own_count(game, pos, owner)
    limit = board.stacking_limit(game, owner)
    return [
        there for there in _walk(game, owner, pos, distance) if occupancy.own_count(game, there, owner) + count <= limit
    ]


def _walk(game: Game, owner: int, pos: int, distance: int) -> list[int]:
    """The squares `owner`'s figures on `pos` reach within `distance` orthogonal steps, never through water,
    unexplored tiles, markers, cities or enemy figures."""
    centres = board.city_centres(game)
    seen = {pos}
    frontier = [pos]
    out = []
    for _ in range(distance):
        nxt = []
        for here in frontier:
            for there in board.orthogonal(game, here):
                if there in seen:
                    continue
                seen.add(there)
                square = game.squares[there]
                if not square.terrain or board.is_water(game, there):
                    continue
                if square.marker >= 0 or there in centres or occupancy.enemy_on(game, there, owner):
                    continue
                nxt.append(there)
        frontier = nxt
        out += nxt
    return out


def do_move_enemy(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    moved = [f for f in game.figures if f.pos == action.pos and f.owner == action.target]
    for fig in moved:
        fig.pos = action.dest
    yields.touch(game, figures_only=True)
    game.say(f"{game.players[action.target].name}'s figures are moved to {game.label(action.dest)}.")


def list_terrain(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    for pos in range(len(game.squares)):
        if _terrain_ok(game, seat, pos, p):
            yield PlayCard(card, pos=pos)


def _terrain_ok(game: Game, seat: int, pos: int, p: Params) -> bool:
    assert isinstance(p, fx.ChangeTerrain)
    square = game.squares[pos]
    if not square.terrain or square.terrain == p.to or square.improvement is not None:
        return False
    if square.relic:  # no effect changes a relic's square [004 F&F and W&W: Relics]
        return False
    if square.terrain in p.not_on or (p.only_on and square.terrain not in p.only_on):
        return False
    if pos in board.city_centres(game):
        return False
    if p.empty and (square.marker >= 0 or occupancy.at(game, pos)):
        return False
    owner = _square_owner(game, pos)
    return owner < 0 or not _immune(game, owner, seat)


def do_terrain(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.ChangeTerrain)
    if not _terrain_ok(game, seat, action.pos, p):
        game.say("The square can no longer change.")
        return
    square = game.squares[action.pos]
    icons = game.rules.terrains[p.to].icons
    square.terrain = p.to
    square.trade, square.production, square.culture, square.coin = (
        icons.trade,
        icons.production,
        icons.culture,
        icons.coin,
    )
    square.resource = ""
    yields.touch(game)
    game.say(f"The square at {game.label(action.pos)} becomes {p.to}.")


def list_free_units(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    yield PlayCard(card)


def do_free_units(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.FreeBattleUnits)
    game.pending.append(FreeUnits(seat, left=p.count, source=f"card:{action.card}"))


def list_exchange(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.ExchangeTechs)
    for other in _others(game, seat):
        theirs = [t for t in game.players[other].techs if techs.level(game, t) <= p.max_level]
        for tech in techs.learnable(game, seat, theirs):
            yield PlayCard(card, target=other, tech=tech)


def do_exchange(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.ExchangeTechs)
    other = game.players[action.target]
    if action.tech in other.techs and action.tech in techs.learnable(game, seat):
        techs.learn(game, seat, action.tech, how=f"from {other.name} (an exchange)")
    game.pending.append(ExchangeChoice(action.target, other=seat, max_level=p.max_level))


def list_destroy(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.DestroyBuildings)
    others = set(_others(game, seat))
    found = [
        pos
        for pos in board.improved_squares(game)
        if (imp := game.squares[pos].improvement) is not None
        and imp.kind == "building"
        and imp.owner in others
        and board.within(game, seat, pos, p.range)
    ]
    for pos in found:
        yield PlayCard(card, pos=pos)
    if p.count >= 2:
        for a, b in combinations(found, 2):
            yield PlayCard(card, pos=a, dest=b)


def do_destroy(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    for pos in (action.pos, action.dest):
        if pos < 0:
            continue
        imp = game.squares[pos].improvement
        if imp is not None and imp.kind == "building":
            name = game.rules.faces[imp.name].face.name
            pieces.clear_improvement(game, pos)
            game.say(f"{game.players[imp.owner].name}'s {name} at {game.label(pos)} is destroyed.")


def list_anarchy(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    for other in _others(game, seat):
        if game.players[other].government != "anarchy" and not effects.has(game, other, "immune_to_anarchy"):
            yield PlayCard(card, target=other)


def do_anarchy(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    player = game.players[action.target]
    if effects.has(game, action.target, "immune_to_anarchy"):
        return
    player.government = "anarchy"
    yields.coins_changed(game)
    player.anarchy_turn = game.turn
    game.say(f"{player.name} falls into Anarchy.")


def list_production(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    for city in game.cities_of(seat):
        yield PlayCard(card, city=city.id)


def do_production(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.PositiveAmount)
    city = game.city(action.city)
    if city is not None:
        city.boost += p.amount
        game.say(f"{game.players[seat].name}'s city has {p.amount} more production this turn.")


def list_discard_coins(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.DiscardCoinTokens)
    holders = [other for other in _others(game, seat) if game.players[other].coin_tokens]
    sizes = [len(holders)] if p.players is None else range(1, min(p.players, len(holders)) + 1)
    for size in sizes if holders else ():
        for group in combinations(holders, size):
            for places in product(*(sorted(game.players[other].coin_tokens) for other in group)):
                yield PlayCard(
                    card, choice=",".join(f"{other}:{place}" for other, place in zip(group, places, strict=True))
                )


def _coin_victims(action: PlayCard) -> list[tuple[int, str]]:
    """The players a coin-token card makes discard, each with the place of the token (`seat:place,...`)."""
    out = []
    for item in action.choice.split(","):
        seat, _, place = item.partition(":")
        out.append((int(seat), place))
    return out


def target_coin_victims(game: Game, seat: int, action: PlayCard) -> tuple[int, ...]:
    return tuple(victim for victim, _ in _coin_victims(action))


def do_discard_coins(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    for victim, place in _coin_victims(action):
        if game.players[victim].coin_tokens.get(place, 0) > 0:
            pieces.lose_coin_token(game, victim, place)
            game.say(f"{game.players[victim].name} discards the coin token on their {_coin_place(game, place)}.")


def _coin_place(game: Game, place: str) -> str:
    if place == pieces.SHEET:
        return "civilization sheet"
    return effects.source_name(game, "tech" if place in game.rules.techs else "wonder", place) + " card"


def list_switch_policies(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.SwitchPolicies)
    held = sorted(game.players[seat].policies)
    for size in range(1, min(p.count, len(held)) + 1):
        for group in combinations(held, size):
            yield PlayCard(card, choice=",".join(group))


def do_switch_policies(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    player = game.players[seat]
    rules = game.rules
    for policy in action.choice.split(","):
        if policy not in player.policies:
            continue
        other = next(side.id for side in rules.policy_cards[rules.policy_card[policy]].sides if side.id != policy)
        player.policies[player.policies.index(policy)] = other
        game.say(f"{player.name} switches {rules.policies[policy].name} to {rules.policies[other].name}.")
    yields.coins_changed(game)  # (a policy may give coins)


def list_move_own(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.MoveOwnFigure)
    for pos, kind in sorted({(f.pos, f.kind) for f in game.figures if f.owner == seat}):
        for dest in _walk(game, seat, pos, p.distance):
            if _empty_square(game, dest):
                yield PlayCard(card, pos=pos, dest=dest, choice=kind)


def _empty_square(game: Game, pos: int) -> bool:
    square = game.squares[pos]
    if square.relic or square.city_state >= 0:  # (no card places a figure on a relic or a city-state)
        return False
    return not any(f.pos == pos for f in game.figures)


def do_move_own(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    fig = next((f for f in game.figures if f.owner == seat and f.pos == action.pos and f.kind == action.choice), None)
    if fig is None or not _empty_square(game, action.dest):
        game.say("The figure can no longer move there.")
        return
    fig.pos = action.dest
    yields.touch(game, figures_only=True)
    game.say(f"{game.players[seat].name}'s {fig.kind} moves to {game.label(action.dest)}.")


def list_horde(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    assert isinstance(p, fx.BarbarianAttack)
    villages = [game.xy(pos) for pos, square in enumerate(game.squares) if battles.holds_village(game, square.marker)]
    others = set(_others(game, seat))
    aims = {(f.pos, f.owner) for f in game.figures if f.kind == "army" and f.owner in others}
    aims |= {(c.pos, c.owner) for c in game.cities if c.owner in others}
    for pos, owner in sorted(aims):
        x, y = game.xy(pos)
        if any(abs(x - vx) + abs(y - vy) <= p.range for vx, vy in villages):
            yield PlayCard(card, pos=pos, target=owner)


def do_horde(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.BarbarianAttack)
    if not any(f.pos == action.pos and f.owner == action.target for f in game.figures) and not (
        (city := game.city_at(action.pos)) is not None and city.owner == action.target
    ):
        game.say("The barbarians find nobody to attack.")
        return
    battles.horde(game, seat, action.target, action.pos, p.rank)


def list_once(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    yield PlayCard(card)


def do_card_trade(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    assert isinstance(p, fx.PositiveAmount)
    player = game.players[seat]
    player.trade = min(game.rules.game.trade.dial_max, player.trade + p.amount)
    game.say(f"{player.name} gains {p.amount} trade.")


def list_extra_action(game: Game, seat: int, card: int, p: Params) -> Iterator[PlayCard]:
    for city in game.cities_of(seat):
        if not city.capital:
            yield PlayCard(card, city=city.id)


def do_extra_action(game: Game, seat: int, action: PlayCard, p: Params) -> None:
    city = game.city(action.city)
    if city is not None:
        game.players[seat].used.append(f"{production.CARD_ACTION}{city.id}")
        game.say(f"The city at {game.label(city.pos)} takes an extra action this turn.")


def target_player(game: Game, seat: int, action: PlayCard) -> tuple[int, ...]:
    return (action.target,)


def target_square(game: Game, seat: int, action: PlayCard) -> tuple[int, ...]:
    return (_square_owner(game, action.pos),)


def target_none(game: Game, seat: int, action: PlayCard) -> tuple[int, ...]:
    return ()


Performer = Callable[[Game, int, PlayCard, Any], None]
Target = Callable[[Game, int, PlayCard], tuple[int, ...]]
PLAYS: dict[str, tuple[Lister, Target, Performer]] = {
    "place_village": (list_place_village, target_none, do_place_village),
    "kill_figures": (list_kill, target_of_kill, do_kill),
    "move_enemy_figures": (list_move_enemy, target_player, do_move_enemy),
    "change_terrain": (list_terrain, target_square, do_terrain),
    "free_battle_units": (list_free_units, target_none, do_free_units),
    "exchange_techs": (list_exchange, target_player, do_exchange),
    "destroy_buildings": (list_destroy, target_square, do_destroy),
    "force_anarchy": (list_anarchy, target_player, do_anarchy),
    "city_production": (list_production, target_none, do_production),
    "discard_coin_tokens": (list_discard_coins, target_coin_victims, do_discard_coins),
    "switch_policies": (list_switch_policies, target_none, do_switch_policies),
    "move_own_figure": (list_move_own, target_none, do_move_own),
    "card_trade": (list_once, target_none, do_card_trade),
    "barbarian_attack": (list_horde, target_player, do_horde),
    "extra_city_action": (list_extra_action, target_none, do_extra_action),
}


def _play_effect(game: Game, card: int, phase: str | None) -> tuple[str, Params] | None:
    """The card's effect played in `phase` (a dual card's two effects are each tied to a phase)."""
    return _plays(game, phase).get(pieces.culture_card(game, card))


def _plays(game: Game, phase: str | None) -> dict[str, tuple[str, Params]]:
    """Each culture event card's effect played in `phase`, by its record (a table of the game's rules, made once
    per phase: cards are listed for every decision of four phases)."""
    key = ("card_plays", phase)
    table: dict[str, tuple[str, Params]] | None = game.cache.get(key)
    if table is None:
        table = game.cache[key] = {}
        for record_id, record in game.rules.culture_cards.items():
            found = next(
                (
                    (effect.name, effect.params)
                    for play_phase, play_effects in record.plays()
                    for effect in play_effects
                    if play_phase == phase and effect.name in PLAYS
                ),
                None,
            )
            if found is not None:
                table[record_id] = found
    return table


def _phase(game: Game) -> str | None:
    return PHASE_OF.get(type(game.pending[-1])) if game.pending else None


# ------------------------------------------------------------------ playing a card


def list_play(game: Game) -> Iterator[Action]:
    seat = game.pending[-1].player
    hand = game.players[seat].hand
    if not hand:
        return
    plays = _plays(game, _phase(game))
    records = game.rules.culture_card_ids
    seen: set[str] = set()
    for card in hand:
        record_id = records[card]
        if record_id in seen:
            continue
        seen.add(record_id)  # copies of a card are the same play
        found = plays.get(record_id)
        if found is not None:
            yield from PLAYS[found[0]][0](game, seat, card, found[1])


def check_play(game: Game, action: PlayCard) -> None:
    seat = game.actor()
    if action.card not in game.players[seat].hand:
        raise RuleError("that culture event card is not in your hand")
    record = game.rules.culture_cards[pieces.culture_card(game, action.card)]
    phases = [play_phase for play_phase, _ in record.plays()]
    if _phase(game) not in phases:
        names = " or ".join(phase.replace("_", " ") for phase in phases)
        raise RuleError(f"{record.name} is played only in its own phase ({names})")
    found = _play_effect(game, action.card, _phase(game))
    if found is None:
        raise RuleError(f"{record.name} is not played on its own (it cancels, or counts as a resource)")
    if action not in list(PLAYS[found[0]][0](game, seat, action.card, found[1])):
        raise RuleError(f"{record.name} cannot be played on that target")


@BOOK.rule(
    PlayCard, legal=list_play, answers=(StartTurn, TradeTurn, CityTurn, MovementTurn, BattleCards), check=check_play
)
def play_card(game: Game, action: PlayCard) -> None:
    found = _play_effect(game, action.card, _phase(game))
    assert found is not None
    name, params = found
    _lister, target, perform = PLAYS[name]
    record = game.rules.culture_cards[pieces.culture_card(game, action.card)]
    seat = reactions.actor(game, action)
    if not reactions.releasing(game, action):
        game.players[seat].hand.remove(action.card)
        pieces.discard_culture(game, action.card)
        game.say(f"{game.players[seat].name} plays {record.name}.")
        if reactions.hold(game, seat, action, "culture_event", *target(game, seat, action)):
            return
    perform(game, seat, action, params)


# ------------------------------------------------------------------ follow-up choices


def list_exchange_choice(game: Game) -> Iterator[Action]:
    decision = top(game, ExchangeChoice)
    yield ExchangeTech("")
    theirs = [t for t in game.players[decision.other].techs if techs.level(game, t) <= decision.max_level]
    for tech in techs.learnable(game, decision.player, theirs):
        yield ExchangeTech(tech)


def check_exchange_choice(game: Game, action: ExchangeTech) -> None:
    if action not in list(list_exchange_choice(game)):
        raise RuleError("learn one of their techs of the card's level or lower that has a place in your pyramid")


@BOOK.rule(ExchangeTech, legal=list_exchange_choice, answers=(ExchangeChoice,), check=check_exchange_choice)
def exchange_choice(game: Game, action: ExchangeTech) -> None:
    decision = top(game, ExchangeChoice)
    game.pending.pop()
    if action.tech:
        techs.learn(game, decision.player, action.tech, how=f"from {game.players[decision.other].name} (an exchange)")


def list_free_unit_choice(game: Game) -> Iterator[Action]:
    decision = top(game, FreeUnits)
    yield ChooseUnit("")
    for unit in game.rules.units:
        deck = game.unit_decks[unit]
        if pieces.unit_unlocked(game, decision.player, unit) and (deck.draw or deck.returned):
            yield ChooseUnit(unit)


def check_free_unit(game: Game, action: ChooseUnit) -> None:
    if action not in list(list_free_unit_choice(game)):
        raise RuleError("a free unit is of an unlocked type whose deck has cards")


@BOOK.rule(ChooseUnit, legal=list_free_unit_choice, answers=(FreeUnits,), check=check_free_unit)
def free_unit(game: Game, action: ChooseUnit) -> None:
    decision = top(game, FreeUnits)
    if not action.unit:
        game.pending.pop()
        return
    name = f"{game.players[decision.player].name} builds a free {game.rules.units[action.unit].name} unit"
    if decision.into_battle:
        battle = game.battle
        assert battle is not None
        card = pieces.draw_unit(game, action.unit)
        assert card is not None  # (listed only while its deck has cards)
        battle.hands[0 if decision.player == battle.attacker else 1].append(card)
        game.say(f"{name} straight into the battle force.")
    else:
        pieces.gain_unit(game, decision.player, action.unit)
        game.say(f"{name}.")
    decision.left -= 1
    if decision.left <= 0:
        game.pending.pop()


def list_gift(game: Game) -> Iterator[Action]:
    decision = top(game, GiftRecipient)
    for p in game.players:
        if p.seat != decision.player:
            yield GiveCoin(p.seat)


def check_gift(game: Game, action: GiveCoin) -> None:
    if action not in list(list_gift(game)):
        raise RuleError("the coin goes to another player")


@BOOK.rule(GiveCoin, legal=list_gift, answers=(GiftRecipient,), check=check_gift)
def gift(game: Game, action: GiveCoin) -> None:
    game.pending.pop()
    pieces.gain_coin_token(game, action.to, "gift")
    game.say(f"{game.players[action.to].name} gains a coin token (a gift).")


def list_deck_choice(game: Game) -> Iterator[Action]:
    found = False
    for deck, pile in game.culture_decks.items():
        if pile.draw or pile.returned:
            found = True
            yield ChooseDeck(deck)
    if not found:
        yield ChooseDeck("")


def check_deck_choice(game: Game, action: ChooseDeck) -> None:
    if action not in list(list_deck_choice(game)):
        raise RuleError("draw from a culture deck that has cards")


@BOOK.rule(ChooseDeck, legal=list_deck_choice, answers=(DrawCultureChoice,), check=check_deck_choice)
def deck_choice(game: Game, action: ChooseDeck) -> None:
    decision = top(game, DrawCultureChoice)
    decision.left -= 1
    if decision.left <= 0 or not action.deck:
        game.pending.pop()
    if action.deck:
        pieces.draw_culture(game, decision.player, action.deck)


# ------------------------------------------------------------------ hand size and great people


def list_discard(game: Game) -> Iterator[Action]:
    decision = top(game, DiscardCulture)
    for card in game.players[decision.player].hand:
        yield Discard(card)


def check_discard(game: Game, action: Discard) -> None:
    if action.card not in game.players[top(game, DiscardCulture).player].hand:
        raise RuleError("discard a card of your hand")


@BOOK.rule(Discard, legal=list_discard, answers=(DiscardCulture,), check=check_discard)
def discard(game: Game, action: Discard) -> None:
    decision = top(game, DiscardCulture)
    player = game.players[decision.player]
    player.hand.remove(action.card)
    pieces.discard_culture(game, action.card)
    if len(player.hand) <= pieces.hand_size(game, decision.player):
        game.pending.pop()


def list_place_person(game: Game) -> Iterator[Action]:
    decision = top(game, PlaceGreatPerson)
    yield PlaceGreatPersonAt(-1)
    if decision.marker not in game.players[decision.player].reserve:
        return  # placed already (from the reserve)
    for pos in pieces.great_person_squares(game, decision.player):
        yield PlaceGreatPersonAt(pos)


def check_place_person(game: Game, action: PlaceGreatPersonAt) -> None:
    if action not in list(list_place_person(game)):
        raise RuleError("a great person goes on a land square of your cities' outskirts that is not blockaded")


@BOOK.rule(PlaceGreatPersonAt, legal=list_place_person, answers=(PlaceGreatPerson,), check=check_place_person)
def place_person(game: Game, action: PlaceGreatPersonAt) -> None:
    decision = top(game, PlaceGreatPerson)
    game.pending.pop()
    if action.pos < 0:
        game.say(f"{game.players[decision.player].name} keeps the great person in reserve.")
        return
    seat = decision.player
    game.players[seat].reserve.remove(decision.marker)
    kind = game.rules.great_person_ids[decision.marker]
    pieces.place_improvement(game, action.pos, Improvement("great_person", kind, seat, decision.marker))
    game.say(f"{game.players[seat].name} places the {game.rules.great_people[kind].name} at {game.label(action.pos)}.")
