"""Fame and Fortune's optional great person deck [004 F&F OPTIONAL ADDITIONS: 1. Great person deck]: using the
cards, and the limit of one card per great person of its type. Drawing them is `rules.base.person_deck`.

A held card is used in one of its holder's own decisions: a card to discard in the phase it names ("any", "the
start of any phase": in any), a card to keep in any (it acts at the moments it names), and only while its
holder has a great person of its type on the map. A `keep` card is turned face up and acts from then on
(`rules.base.effects` reads it as a source while a great person of its type is on the map); a `discard` card
acts once (its effects of kind `great_person`, here) and goes face up under the deck. A player holding more
cards of a type than great people of that type (on the map and in reserve) discards them at random until
they do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.content.ruleset import GreatPersonCard
from civgame.games.sidmeier.core.actions import (
    Action,
    BuildFree,
    DropCultureCard,
    GiftCoinForCulture,
    PassBattleTurn,
    RefillHand,
    RevealPersonCard,
    UsePersonCard,
)
from civgame.games.sidmeier.core.decisions import (
    AfterBattleCards,
    BattleCards,
    BattlePlay,
    CityTurn,
    ForcesDrawnCards,
    FreeBuildings,
    FreeUnits,
    MovementTurn,
    RefreshHand,
    ResearchTurn,
    StartTurn,
    TradeTurn,
)
from civgame.games.sidmeier.core.model import City, Figure, Game, Improvement
from civgame.games.sidmeier.core.vocabulary import with_article
from civgame.games.sidmeier.rules.base import (
    board,
    culture,
    effects,
    occupancy,
    person_deck,
    pieces,
    production,
    techs,
    yields,
)
from civgame.games.sidmeier.rules.base.book import BOOK, top

PHASE_OF = {
    BattleCards: "battle",
    ForcesDrawnCards: "battle",
    AfterBattleCards: "battle",
    StartTurn: "start_of_turn",
    TradeTurn: "trade",
    CityTurn: "city_management",
    MovementTurn: "movement",
    ResearchTurn: "research",
}
OWN_TURNS = tuple(PHASE_OF)


def _phase(game: Game) -> str:
    return PHASE_OF.get(type(game.pending[-1]), "") if game.pending else ""


def usable(game: Game, seat: int, person: GreatPersonCard) -> bool:
    """The card may be used now: in one of its holder's own decisions, of its phase if it is discarded (a kept
    card is turned face up in any, and acts at the moments it names), a great person of its type on the map."""
    phase = _phase(game)
    timely = person.use == "keep" or person.timing in ("any", "phase_start") or person.timing == phase
    return bool(phase) and timely and person.type in person_deck.on_map(game, seat)


# ------------------------------------------------------------------ keep cards: turned face up


WHEN = (
    "a great person card you hold is used in the phase it names, while you have a great person of its type on the map"
)


def with_deck(game: Game) -> bool:
    """The cards' rules are in play: the game is played with the deck."""
    return game.great_person_deck


def held(game: Game, use: str) -> Iterator[tuple[int, GreatPersonCard]]:
    """The cards of this use (keep or discard) that the player deciding now may use now (abilities built only)."""
    seat = game.actor()
    for number in game.players[seat].person_cards:
        person = person_deck.card(game, number)
        if person.use == use and person.effects and usable(game, seat, person):
            yield number, person


def list_reveal(game: Game) -> Iterator[Action]:
    for number, _person in held(game, "keep"):
        yield RevealPersonCard(number)


def check_reveal(game: Game, action: RevealPersonCard) -> None:
    if action not in list(list_reveal(game)):
        raise RuleError(WHEN)


@BOOK.rule(RevealPersonCard, legal=list_reveal, answers=OWN_TURNS, check=check_reveal, in_play=with_deck)
def reveal(game: Game, action: RevealPersonCard) -> None:
    player = game.players[game.actor()]
    player.person_cards.remove(action.card)
    player.person_shown.append(action.card)
    yields.coins_changed(game)
    person = person_deck.card(game, action.card)
    game.say(f"{player.name} reveals {person.name}: {person.text}")
    pieces.check_hand(game, player.seat)


# ------------------------------------------------------------------ discard cards: used once


Way = dict[str, Any]  # the fields of the action a card is used with (what it teaches, converts, moves)
ONCE: list[Way] = [{}]


def _gain(game: Game, seat: int, action: UsePersonCard, p: Any, times: int = 1) -> None:
    player = game.players[seat]
    player.trade = min(game.rules.game.trade.dial_max, player.trade + p.trade * times)
    player.culture += p.culture * times


def _per_building(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    owned = [s.improvement for s in game.squares if s.improvement is not None and s.improvement.owner == seat]
    _gain(game, seat, action, p, sum(imp.kind == "building" for imp in owned))


def _per_unbuilt_army(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.players[seat].culture += p.amount * pieces.unbuilt(game, seat, "army")


def _advance(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    for _ in range(yields.coins(game, seat) // p.coins):
        culture.advance(game, seat, free=True, why="a great person")


def _free_unit(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    if pieces.gain_unit(game, seat, p.unit):
        game.say(f"{game.players[seat].name} builds a free {game.rules.units[p.unit].name} unit.")


def _learn(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    techs.learn(game, seat, action.tech, how=f"free ({person_deck.card(game, action.card).name})")


def _first_player(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.first = seat
    game.say(f"{game.players[seat].name} becomes the first player.")


def _devote_all(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    capital = _capital(game, seat)
    assert capital is not None
    capital.actions += 1
    for city in game.cities_of(seat):
        culture.devote(game, city)


def _double_speed(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.players[seat].used.append(board.TRAVEL_DOUBLED)


def _convert(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    player = game.players[seat]
    if action.amount > 0:
        player.trade -= action.amount
        player.culture += action.amount
        game.say(f"{player.name} turns {action.amount} trade into culture.")
    else:
        player.culture += action.amount
        player.trade = min(game.rules.game.trade.dial_max, player.trade - action.amount)
        game.say(f"{player.name} turns {-action.amount} culture into trade.")


def _wonder_discount(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.players[seat].used.append(f"{production.WONDER_DISCOUNT}{p.amount}")


def _move_all(game: Game, seat: int, action: UsePersonCard) -> list[Figure]:
    """The player's figures on `action.pos` moved to `action.dest`."""
    moved = board.own_figures_at(game, action.pos, seat)
    for fig in moved:
        fig.pos = action.dest
    yields.touch(game, figures_only=True)
    game.say(
        f"{game.players[seat].name} moves {len(moved)} figures from {game.label(action.pos)} to "
        f"{game.label(action.dest)}."
    )
    return moved


def _regroup(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    _move_all(game, seat, action)


def _culture_as_bonus(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    battle = game.battle
    assert battle is not None
    culture = game.players[seat].culture
    battle.raised[1] += culture
    game.say(f"{game.players[seat].name}'s combat bonus rises by {culture} for this battle.")


def _return_killed(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    battle = game.battle
    assert battle is not None
    side = 0 if seat == battle.attacker else 1
    game.players[seat].standing += battle.killed[side]
    game.say(f"{game.players[seat].name}'s {len(battle.killed[side])} killed units return to the standing forces.")
    battle.killed[side] = []


def _rebuild_force(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    battle = game.battle
    assert battle is not None
    side = 0 if seat == battle.attacker else 1
    dead = battle.hands[side]
    battle.hands[side] = []
    for card in dead:  # (not killed in the battle: under the deck, nothing saves them)
        pieces.return_unit(game, card)
    game.say(f"Every unit of {game.players[seat].name}'s battle force dies ({len(dead)}).")
    game.pending.append(FreeUnits(seat, left=len(dead), source=f"person:{action.card}", into_battle=True))


def _extra_action(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    city = game.city(action.city)
    assert city is not None
    game.players[seat].used.append(f"{production.EXTRA_ACTION}{city.id}")
    game.say(f"The city at {game.label(city.pos)} takes an extra action this turn.")


def _refresh(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.pending.append(RefreshHand(seat))


def _free_buildings(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.pending.append(FreeBuildings(seat, building=p.building, left=p.count))


def _to_edge(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    for fig in _move_all(game, seat, action):  # (they cannot move again this turn)
        game.players[seat].used.append(f"{board.STAYS}{fig.id}")


def _blank(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    player = game.players[seat]
    game.person_deck.returned.remove(action.card)  # (not discarded: it stays in the pyramid)
    player.blanks[action.card] = action.amount
    game.say(f"{player.name} places {person_deck.card(game, action.card).name} as a blank level {action.amount} tech.")


def _look_at_markers(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    player = game.players[seat]
    found = [s.marker for s in game.squares if s.marker >= 0]
    found += [m for other in game.players if other.seat != seat for m in other.markers]
    player.seen_markers = sorted(set(player.seen_markers) | set(found))
    game.say(f"{player.name} looks at {len(found)} hut and village markers, on the map and held by the others.")


def _row_lower(game: Game, seat: int, action: UsePersonCard, p: Any) -> None:
    game.players[seat].used.append(techs.ROW_LOWER)


def _capital(game: Game, seat: int) -> City | None:
    return next((c for c in game.cities_of(seat) if c.capital), None)


def _always(game: Game, seat: int, p: Any) -> list[Way]:
    return ONCE


def _known_elsewhere(game: Game, seat: int, p: Any) -> list[Way]:
    known = {t for p in game.players if p.seat != seat for t in p.techs}
    return [{"tech": t} for t in techs.learnable(game, seat, [t for t in game.rules.techs if t in known])]


def _capital_acts(game: Game, seat: int, p: Any) -> list[Way]:
    capital = _capital(game, seat)
    return ONCE if capital is not None and production.city_may_act(game, capital) else []


def _not_doubled(game: Game, seat: int, p: Any) -> list[Way]:
    return [] if board.TRAVEL_DOUBLED in game.players[seat].used else ONCE


def _regroupings(game: Game, seat: int, p: Any) -> list[Way]:
    """From a square of the player's figures to another square of theirs with room for them all."""
    limit = board.stacking_limit(game, seat)
    counts: dict[int, int] = {}
    for fig in game.figures:
        if fig.owner == seat:
            counts[fig.pos] = counts.get(fig.pos, 0) + 1
    return [
        {"pos": a, "dest": b}
        for a in sorted(counts)
        for b in sorted(counts)
        if a != b and counts[a] + counts[b] <= limit
    ]


def _defending_at_start(game: Game, seat: int, p: Any) -> list[Way]:
    battle = game.battle
    return ONCE if battle is not None and battle.stage == "cards" and battle.defender == seat else []


def _units_killed(game: Game, seat: int, p: Any) -> list[Way]:
    battle = game.battle
    if battle is None or battle.stage != "after" or seat not in (battle.attacker, battle.defender):
        return []
    return ONCE if battle.killed[0 if seat == battle.attacker else 1] else []


def _forces_drawn(game: Game, seat: int, p: Any) -> list[Way]:
    battle = game.battle
    if battle is None or battle.stage != "forces" or seat not in (battle.attacker, battle.defender):
        return []
    side = 0 if seat == battle.attacker else 1
    return ONCE if battle.hands[side] and not (battle.barbarians and side == 1) else []


def _own_cities(game: Game, seat: int, p: Any) -> list[Way]:
    return [{"city": city.id} for city in game.cities_of(seat)]


def _edge_moves(game: Game, seat: int, p: Any) -> list[Way]:
    """From an edge square holding the player's figures to an empty edge square where they may end a move."""
    edge = [pos for pos in range(len(game.squares)) if board.on_edge(game, pos)]
    starts = [pos for pos in edge if board.own_figures_at(game, pos, seat)]
    ways = []
    for start in starts:
        count = len(board.own_figures_at(game, start, seat))
        for dest in edge:
            if not occupancy.at(game, dest) and board.may_stop(game, seat, dest, count):
                ways.append({"pos": start, "dest": dest})
    return ways


def _blank_levels(game: Game, seat: int, p: Any) -> list[Way]:
    """The levels up to the card's highest with a place in the player's pyramid, before researching this turn."""
    assert isinstance(p, fx.PersonBlankTech)
    if seat in game.research:
        return []
    return [{"amount": level} for level in range(1, p.highest_level + 1) if techs.fits(game, seat, level)]


def _row_not_lowered(game: Game, seat: int, p: Any) -> list[Way]:
    return [] if techs.ROW_LOWER in game.players[seat].used else ONCE


def _amounts(game: Game, seat: int, p: Any) -> list[Way]:
    player = game.players[seat]
    return [{"amount": n} for n in [*range(1, player.trade + 1), *range(-1, -player.culture - 1, -1)]]


# primitive -> (the ways the card may be used now, none if it cannot; what it does), each given its parameters
ONE_TIME: dict[str, tuple[Callable[[Game, int, Any], list[Way]], Callable[[Game, int, UsePersonCard, Any], None]]] = {
    "person_gain": (_always, _gain),
    "person_gain_per_building": (_always, _per_building),
    "person_culture_per_unbuilt_army": (_always, _per_unbuilt_army),
    "person_advance_per_coins": (_always, _advance),
    "person_free_unit": (_always, _free_unit),
    "person_learn_known_tech": (_known_elsewhere, _learn),
    "person_first_player": (_always, _first_player),
    "person_devote_all_cities": (_capital_acts, _devote_all),
    "person_double_speed": (_not_doubled, _double_speed),
    "person_convert_trade_culture": (_amounts, _convert),
    "person_wonder_discount": (_always, _wonder_discount),
    "person_regroup": (_regroupings, _regroup),
    "person_culture_as_bonus": (_defending_at_start, _culture_as_bonus),
    "person_return_killed": (_units_killed, _return_killed),
    "person_rebuild_battle_force": (_forces_drawn, _rebuild_force),
    "person_extra_city_action": (_own_cities, _extra_action),
    "person_refresh_hand": (_always, _refresh),
    "person_free_buildings": (_always, _free_buildings),
    "person_move_along_edge": (_edge_moves, _to_edge),
    "person_tech_row_lower": (_row_not_lowered, _row_lower),
    "person_blank_tech": (_blank_levels, _blank),
    "person_look_at_markers": (_always, _look_at_markers),
}
# primitive -> where a card of it is used instead of on its own (its holder is told so)
USED_ELSEWHERE = {
    "person_cancel": "cancels another player's act, when you are asked whether to let it happen",
    "person_resource_substitute": "stands in for the resource it names when you pay for an ability",
}


def list_use(game: Game) -> Iterator[Action]:
    for number, person in held(game, "discard"):
        if not all(e.name in ONE_TIME for e in person.effects):
            continue  # (a card that cancels or pays is used there: `USED_ELSEWHERE`)
        ways = [ONE_TIME[e.name][0](game, game.actor(), e.params) for e in person.effects]
        if not all(ways):
            continue
        for way in next((w for w in ways if w != ONCE), ONCE):  # (the choice the card asks for, if any)
            yield UsePersonCard(number, **way)


def check_use(game: Game, action: UsePersonCard) -> None:
    person = person_deck.card(game, action.card)
    elsewhere = [USED_ELSEWHERE[e.name] for e in person.effects if e.name in USED_ELSEWHERE]
    if elsewhere:
        raise RuleError(f"{person.name} {elsewhere[0]}")
    if action not in list(list_use(game)):
        raise RuleError(
            f"{WHEN} (a tech it teaches is one another player knows, with a place in your pyramid; what it converts "
            "you have; your capital devoted to the arts has not acted)"
        )


@BOOK.rule(UsePersonCard, legal=list_use, answers=OWN_TURNS, check=check_use, in_play=with_deck)
def use(game: Game, action: UsePersonCard) -> None:
    seat = game.actor()
    player = game.players[seat]
    person = person_deck.card(game, action.card)
    player.person_cards.remove(action.card)
    game.person_deck.returned.append(action.card)  # face up under the deck
    game.say(f"{player.name} uses {person.name}: {person.text}")
    for effect in person.effects:
        ONE_TIME[effect.name][1](game, seat, action, effect.params)


# ------------------------------------------------------------------ a hand refreshed


def list_drop(game: Game) -> Iterator[Action]:
    for card in game.players[top(game, RefreshHand).player].hand:
        yield DropCultureCard(card)


def list_refill(game: Game) -> Iterator[Action]:
    yield RefillHand()


def check_drop(game: Game, action: DropCultureCard) -> None:
    if action.card not in game.players[top(game, RefreshHand).player].hand:
        raise RuleError("discard a culture event card of your hand")


@BOOK.rule(DropCultureCard, legal=list_drop, answers=(RefreshHand,), check=check_drop)
def drop(game: Game, action: DropCultureCard) -> None:
    player = game.players[top(game, RefreshHand).player]
    player.hand.remove(action.card)
    pieces.discard_culture(game, action.card)
    game.say(f"{player.name} discards a culture event card.")


@BOOK.rule(RefillHand, legal=list_refill, answers=(RefreshHand,))
def refill(game: Game, action: RefillHand) -> None:
    seat = game.pending.pop().player
    deck = culture.area_deck(game, seat)
    drawn = 0
    while len(game.players[seat].hand) < pieces.hand_size(game, seat) and pieces.draw_culture(game, seat, deck):
        drawn += 1
    game.say(f"{game.players[seat].name} draws {drawn} {deck} culture event cards.")


# ------------------------------------------------------------------ free buildings, unlocked or not


def list_build_free(game: Game) -> Iterator[Action]:
    decision = top(game, FreeBuildings)
    faces = [decision.building] if decision.building else basic_faces(game, decision.player)
    for face in faces:
        if game.buildings.get(game.rules.faces[face].family.id, 0) <= 0:
            continue
        for city in game.cities_of(decision.player):
            for pos in pieces.building_squares(game, city, face):
                yield BuildFree(city.id, pos, "" if decision.building else face)
    yield BuildFree()


def offer_basic_building(game: Game, seat: int) -> None:
    """The player may build one basic building free (Spain, on exploring a tile); lost if none can be placed."""
    game.pending.append(FreeBuildings(seat, left=1))
    if not any(isinstance(a, BuildFree) and a.city >= 0 for a in list_build_free(game)):
        game.pending.pop()
        game.say(f"{game.players[seat].name}'s free building is lost: none can be placed in their cities.")


def basic_faces(game: Game, seat: int) -> list[str]:
    """The basic (not upgraded) face of every building the player has not upgraded, unlocked or not."""
    known = {b for t in game.players[seat].techs for b in game.rules.techs[t].buildings}
    return [
        family.basic.id
        for family in game.rules.families.values()
        if family.upgraded is None or family.upgraded.id not in known
    ]


def check_build_free(game: Game, action: BuildFree) -> None:
    if action not in list(list_build_free(game)):
        raise RuleError("a free building goes where the building may stand, in one of your cities' outskirts")


@BOOK.rule(BuildFree, legal=list_build_free, answers=(FreeBuildings,), check=check_build_free)
def build_free(game: Game, action: BuildFree) -> None:
    decision = top(game, FreeBuildings)
    if action.city < 0:
        game.pending.pop()
        return
    face = decision.building or action.building
    pieces.place_improvement(game, action.pos, Improvement("building", face, decision.player))
    name = game.rules.faces[face].face.name
    game.say(f"{game.players[decision.player].name} builds {with_article(name)} free at {game.label(action.pos)}.")
    decision.left -= 1
    if decision.left <= 0:
        game.pending.pop()


# ------------------------------------------------------------------ a battle turn passed

PASSED = 4  # in `Battle.asked` while units are played: 4 + side, the side has passed a turn this battle


def _pass_price(game: Game) -> int | None:
    """The trade the player to play may pay to pass (None: they may not pass now)."""
    battle = game.battle
    if battle is None or battle.stage != "play":
        return None
    side = battle.side
    seat = battle.attacker if side == 0 else battle.defender
    prices = [p.trade for p in effects.params(game, seat, "battle_pass", fx.BattlePass)]
    if side == battle.barbarian_side() or not prices or PASSED + side in battle.asked or not battle.hands[1 - side]:
        return None
    return min(prices) if game.players[seat].trade >= min(prices) else None


def list_pass(game: Game) -> Iterator[Action]:
    if _pass_price(game) is not None:
        yield PassBattleTurn()


def check_pass(game: Game, action: PassBattleTurn) -> None:
    if _pass_price(game) is None:
        raise RuleError(
            "a turn of a battle is passed once per battle, with the great person who allows it, paying its trade, "
            "while the other side still has units to play"
        )


@BOOK.rule(
    PassBattleTurn, legal=list_pass, answers=(BattlePlay,), check=check_pass, in_play=effects.carried("battle_pass")
)
def pass_turn(game: Game, action: PassBattleTurn) -> None:
    price = _pass_price(game)
    battle = game.battle
    assert battle is not None and price is not None
    seat = game.pending.pop().player
    game.players[seat].trade -= price
    battle.asked.append(PASSED + battle.side)
    battle.side = 1 - battle.side
    game.say(f"{game.players[seat].name} pays {price} trade and passes instead of playing a unit.")


# ------------------------------------------------------------------ a face-up card's Start of Turn action


def list_gift(game: Game) -> Iterator[Action]:
    seat = game.actor()
    player = game.players[seat]
    for _kind, source, _p in effects.entries(game, seat, "start_gift_coin_for_culture"):
        if f"start:{source}" in player.used:
            continue
        for place in sorted(p for p, n in player.coin_tokens.items() if n > 0):
            for other in game.players:
                if other.seat != seat:
                    yield GiftCoinForCulture(source, other.seat, place)


def check_gift(game: Game, action: GiftCoinForCulture) -> None:
    if action not in list(list_gift(game)):
        raise RuleError(
            "once per Start of Turn, with the great person who allows it, give a coin token of yours to another player"
        )


@BOOK.rule(
    GiftCoinForCulture,
    legal=list_gift,
    answers=(StartTurn,),
    check=check_gift,
    in_play=effects.carried("start_gift_coin_for_culture"),
)
def gift(game: Game, action: GiftCoinForCulture) -> None:
    seat = game.actor()
    player = game.players[seat]
    player.used.append(f"start:{action.source}")
    pieces.lose_coin_token(game, seat, action.place)
    pieces.gain_coin_token(game, action.to, pieces.SHEET)
    game.say(f"{player.name} gives a coin token to {game.players[action.to].name}.")
    culture.advance(game, seat, free=True, why=game.rules.person_cards[action.source].name)


# ------------------------------------------------------------------ lasting abilities at the Start of Turn


def automatic(game: Game, seat: int) -> None:
    """The face-up cards' Start of Turn gains."""
    player = game.players[seat]
    for _kind, source, p in effects.entries(game, seat, "start_culture_per_coins"):
        assert isinstance(p, fx.StartCulturePerCoins)
        gained = yields.coins(game, seat) // p.coins
        player.culture += gained
        game.say(f"{player.name} gains {gained} culture ({game.rules.person_cards[source].name}).")
    for _kind, source, _p in effects.entries(game, seat, "culture_and_trade_per_wonder"):
        markers = player.person_markers.get(source, 0)
        if markers:
            player.trade = min(game.rules.game.trade.dial_max, player.trade + markers)
            player.culture += markers
            name = game.rules.person_cards[source].name
            game.say(f"{player.name} gains {markers} culture and {markers} trade ({name}).")
    for _kind, source, p in effects.entries(game, seat, "start_gain_per_unbuilt_armies"):
        assert isinstance(p, fx.StartGainPerUnbuiltArmies)
        times = pieces.unbuilt(game, seat, "army") // p.armies
        player.trade = min(game.rules.game.trade.dial_max, player.trade + p.trade * times)
        player.culture += p.culture * times
        game.say(
            f"{player.name} gains {p.trade * times} trade and {p.culture * times} culture "
            f"({game.rules.person_cards[source].name})."
        )


# ------------------------------------------------------------------ the limit: one card per great person


def settle(game: Game) -> bool:
    """Discard at random the cards a player holds beyond their great people of each type (never asks a
    decision: False). In play only with the deck (`rules.flow.phases.FIRST_STEPS`)."""
    ids = game.rules.great_person_ids
    for player in game.players:
        if not player.person_cards and not player.person_shown:
            continue
        on_map = [game.squares[pos].improvement for pos in board.improved_squares(game)]
        owned = [ids[m] for m in player.reserve] + [
            imp.name for imp in on_map if imp is not None and imp.kind == "great_person" and imp.owner == player.seat
        ]
        for kind in sorted(set(game.rules.great_people)):
            held = [c for c in player.person_cards + player.person_shown if person_deck.card(game, c).type == kind]
            while len(held) > owned.count(kind):
                lost = held.pop(game.rng.below(len(held)))
                for pile in (player.person_cards, player.person_shown):
                    if lost in pile:
                        pile.remove(lost)
                game.person_deck.returned.append(lost)
                game.say(f"{player.name} discards a great person card: {person_deck.card(game, lost).name}.")
    return False
