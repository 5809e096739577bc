"""Battles [004 COMBAT]: an army entering enemy figures, an enemy city or a village.

A battle runs in stages (`Battle.stage`), each waiting for the players' decisions:
cards (Battle-phase culture event cards, before the forces are drawn), draw (battle hands and the
combat bonus card), play (alternating units: a new front or an attack on an enemy unit standing alone
in its front), resolve (survivors' strength plus the bonus card; ties to the defender; losses),
loot (the winner's reward), after (units return to the standing forces or the decks).
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.errors import RuleError
from civgame.framework.wording import counted
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import (
    Action,
    NoBattleCards,
    PlayUnit,
    SaveUnit,
    TakeLoot,
    UseDeck,
    WoundUnit,
)
from civgame.games.sidmeier.core.decisions import (
    AfterBattleCards,
    BarbarianDeck,
    BattleCards,
    BattlePlay,
    ChooseLoot,
    ForcesDrawnCards,
    SaveUnits,
    WoundChoice,
)
from civgame.games.sidmeier.core.model import Battle, Front, Game
from civgame.games.sidmeier.rules.abilities import battle_rewards
from civgame.games.sidmeier.rules.base import (
    board,
    city_markers,
    culture,
    effects,
    metropolises,
    payments,
    person_deck,
    pieces,
    reactions,
    techs,
    victory,
    yields,
)
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.expansions import city_states, hut_results, looting

ATTACKER, DEFENDER = 0, 1

# ------------------------------------------------------------------ starting a battle


def enter(game: Game, seat: int, pos: int, figures: list[int]) -> bool:
    """The player's figures (already on `pos`) have entered it: fight what is there. True if something
    happened (a battle, a village, scouts killed): the move ends."""
    game.battle = _start(game, seat, pos, figures)
    if game.battle is not None:
        game.battle.base = len(game.pending)
    return game.battle is not None


def _start(game: Game, seat: int, pos: int, figures: list[int]) -> Battle | None:
    square = game.squares[pos]
    n = len(game.players)
    if holds_village(game, square.marker):
        if effects.has(game, seat, "villages_without_battle"):
            game.say(f"{game.players[seat].name} enters the village; it yields without a battle.")
            conquer_village(game, seat, pos)
            return None
        battle = Battle(seat, (seat + 1) % n, pos, "village", barbarians=True, attacker_figures=list(figures))
        game.say(
            f"{game.players[seat].name} attacks a village; {game.players[(seat + 1) % n].name} leads the barbarians."
        )
        return battle
    city = game.city_at(pos)
    enemies = [f for f in game.figures if f.pos == pos and f.owner != seat]
    if city is not None and city.owner != seat:
        battle = Battle(
            seat,
            city.owner,
            pos,
            "city",
            city=city.id,
            attacker_figures=list(figures),
            defender_figures=[f.id for f in enemies],
        )
        what = "capital" if city.capital else "city"
        game.say(f"{game.players[seat].name} attacks {game.players[city.owner].name}'s {what}.")
        return battle
    if not enemies:
        return None
    defender = enemies[0].owner
    if all(f.kind == "scout" for f in enemies):
        for fig in enemies:
            pieces.remove_figure(game, fig)
        scouts = "scout" if len(enemies) == 1 else "scouts"
        game.say(f"{game.players[seat].name} kills {game.players[defender].name}'s {scouts} at {game.label(pos)}.")
        battle = Battle(seat, defender, pos, "figures", attacker_figures=list(figures), scouts_only=True)
        battle.stage, battle.winner = "loot", ATTACKER
        battle.loot = battle_rewards.loot_won(game, battle, 1)
        return battle
    battle = Battle(
        seat, defender, pos, "figures", attacker_figures=list(figures), defender_figures=[f.id for f in enemies]
    )
    game.say(f"{game.players[seat].name} attacks {game.players[defender].name}'s figures at {game.label(pos)}.")
    return battle


def horde(game: Game, seat: int, victim: int, pos: int, rank: int) -> None:
    """Barbarians of `rank`, led by `seat`, attack `victim`'s city or figures on `pos` at once (W&W's Roaming
    Horde); the battle's winner takes no reward."""
    city = game.city_at(pos)
    battle = Battle(seat, victim, pos, "figures", barbarians=True, horde=rank)
    if city is not None and city.owner == victim:
        battle.kind, battle.city = "city", city.id
    battle.defender_figures = [f.id for f in game.figures if f.pos == pos and f.owner == victim]
    battle.base = len(game.pending)
    game.battle = battle
    game.say(f"Barbarians led by {game.players[seat].name} attack {game.players[victim].name} at {game.label(pos)}.")


def holds_village(game: Game, marker: int) -> bool:
    """A square's marker (-1: none) is a village."""
    return marker >= 0 and game.rules.hut_markers[marker].kind == "village"


def seat_of(battle: Battle, side: int) -> int:
    return battle.attacker if side == ATTACKER else battle.defender


def is_barbarian(battle: Battle, side: int) -> bool:
    return side == battle.barbarian_side()


def side_name(game: Game, battle: Battle, side: int) -> str:
    return "the barbarians" if is_barbarian(battle, side) else game.players[seat_of(battle, side)].name


# ------------------------------------------------------------------ running it


AFTER_CARDS = 2  # in `Battle.asked` at the battle's end: 2 + side, asked about a great person card


def advance(game: Game) -> None:
    """Take the battle on to its next decision (the flow calls this while nothing is pending)."""
    battle = game.battle
    assert battle is not None
    if battle.stage == "cards":
        for side in (ATTACKER, DEFENDER):
            if side in battle.asked:
                continue
            battle.asked.append(side)
            seat = seat_of(battle, side)
            joan = side == DEFENDER and person_deck.holds_ready(game, seat, "person_culture_as_bonus")
            if not is_barbarian(battle, side) and (battle_cards(game, seat) or joan):
                game.pending.append(BattleCards(seat))
                return
        battle.stage = "draw"
        battle.asked = []
        if battle.barbarians:
            battle.barbarian_draw = list(game.rules.game.units.barbarian_units)
    if battle.stage == "draw":
        if not _draw_barbarians(game, battle):
            return
        _draw_hands(game, battle)
        battle.stage = "forces"
        walled = battle.kind == "city" and (city := game.city(battle.city)) is not None and city.walled
        battle.side = ATTACKER if walled else DEFENDER
    if battle.stage == "forces":  # a great person card of the moment the forces are drawn
        for side in (ATTACKER, DEFENDER):
            if side in battle.asked or is_barbarian(battle, side):
                continue
            battle.asked.append(side)
            seat = seat_of(battle, side)
            if battle.hands[side] and person_deck.holds_ready(game, seat, "person_rebuild_battle_force"):
                game.pending.append(ForcesDrawnCards(seat))
                return
        battle.stage = "play"
        battle.asked = []
    if battle.stage == "play":
        if not battle.hands[0] and not battle.hands[1]:
            battle.stage = "resolve"
        else:
            if not battle.hands[battle.side]:
                battle.side = 1 - battle.side
            game.pending.append(BattlePlay(seat_of(battle, battle.side)))
            return
    if battle.stage == "resolve":
        _resolve(game, battle)
        if victory.over(game):
            return
    if battle.stage == "loot":
        if battle.loot > 0 and loot_options(game, battle):
            game.pending.append(ChooseLoot(seat_of(battle, battle.winner)))
            return
        battle.stage = "after"
    if battle.stage == "after":
        for side in (ATTACKER, DEFENDER):
            if side in battle.asked or is_barbarian(battle, side):
                continue
            battle.asked.append(side)
            seat = seat_of(battle, side)
            saves = effects.params(game, seat, "save_killed_unit", fx.SaveKilledUnit)
            if saves and battle.killed[side]:
                game.pending.append(SaveUnits(seat, left=sum(p.count for p in saves), source=game.players[seat].civ))
                return
        for side in (ATTACKER, DEFENDER):  # then a great person card of the battle's end (after any save)
            if AFTER_CARDS + side in battle.asked or is_barbarian(battle, side):
                continue
            battle.asked.append(AFTER_CARDS + side)
            seat = seat_of(battle, side)
            if battle.killed[side] and person_deck.holds_ready(game, seat, "person_return_killed"):
                game.pending.append(AfterBattleCards(seat))
                return
        _finish(game, battle)


def battle_cards(game: Game, seat: int) -> list[int]:
    """The player's culture event cards of the Battle phase."""
    out = []
    for card in game.players[seat].hand:
        if game.rules.culture_cards[pieces.culture_card(game, card)].phase == "battle":
            out.append(card)
    return out


def _draw_barbarians(game: Game, battle: Battle) -> bool:
    """Draw the barbarians' units (1 of each basic type, rank 1); a depleted deck is replaced by one of
    the barbarian player's choice. False while that choice is pending."""
    while battle.barbarian_draw:
        unit = battle.barbarian_draw[0]
        card = pieces.draw_unit(game, unit)
        if card is None:
            if any(_deck_size(game, u) for u in game.rules.game.units.barbarian_units):
                game.pending.append(BarbarianDeck(seat_of(battle, battle.barbarian_side())))
                return False
            battle.barbarian_draw.clear()
            break
        battle.barbarian_draw.pop(0)
        battle.hands[battle.barbarian_side()].append(card)
        game.barbarians.append(card)
    return True


def _deck_size(game: Game, unit: str) -> int:
    deck = game.unit_decks[unit]
    return len(deck.draw) + len(deck.returned)


def list_use_deck(game: Game) -> Iterator[Action]:
    for unit in game.rules.game.units.barbarian_units:
        if _deck_size(game, unit):
            yield UseDeck(unit)


def check_use_deck(game: Game, action: UseDeck) -> None:
    if action not in list(list_use_deck(game)):
        raise RuleError("the barbarians' missing unit comes from another basic deck that still has cards")


@BOOK.rule(UseDeck, legal=list_use_deck, answers=(BarbarianDeck,), check=check_use_deck)
def use_deck(game: Game, action: UseDeck) -> None:
    game.pending.pop()
    assert game.battle is not None
    game.battle.barbarian_draw[0] = action.unit


def hand_size(game: Game, battle: Battle, side: int) -> int:
    units = game.rules.game.units
    seat = seat_of(battle, side)
    figures = battle.attacker_figures if side == ATTACKER else battle.defender_figures
    armies = sum(1 for f in game.figures if f.id in figures and f.kind == "army")
    size = units.battle_hand + units.battle_hand_per_extra_army * max(0, armies - 1)
    size += effects.total(game, seat, "battle_hand_size")
    if side == ATTACKER:
        size += effects.total(game, seat, "attacking_hand_size")
    if side == DEFENDER and battle.kind == "city":
        size += units.battle_hand_defending_city
    return size


def _draw_hands(game: Game, battle: Battle) -> None:
    for side in (ATTACKER, DEFENDER):
        if is_barbarian(battle, side):
            continue
        player = game.players[seat_of(battle, side)]
        game.rng.shuffle(player.standing)
        count = min(hand_size(game, battle, side), len(player.standing))
        battle.hands[side] = player.standing[:count]
        del player.standing[:count]
    battle.bonus = [combat_bonus(game, battle, ATTACKER), combat_bonus(game, battle, DEFENDER)]
    a, d = battle.bonus
    names = [side_name(game, battle, ATTACKER), side_name(game, battle, DEFENDER)]
    if a != d:
        holder = 0 if a > d else 1
        game.say(f"{names[holder]} takes the combat bonus card at +{abs(a - d)}.")


def combat_bonus(game: Game, battle: Battle, side: int) -> int:
    if is_barbarian(battle, side):
        return 0
    seat = seat_of(battle, side)
    rules = game.rules
    bonus = effects.total(game, seat, "combat_bonus")
    for pos in board.improved_squares(game):
        imp = game.squares[pos].improvement
        if imp is None or imp.owner != seat:
            continue
        if imp.kind == "building":
            bonus += rules.faces[imp.name].face.combat_bonus
        elif imp.kind == "great_person":
            bonus += rules.great_people[imp.name].combat_bonus
    if side == DEFENDER and battle.kind == "city":
        city = game.city(battle.city)
        if city is not None:
            cfg = rules.game.combat_bonus
            bonus += cfg.defending_capital if city.capital else cfg.defending_city
            if city.walled:
                bonus += cfg.walls
            bonus += city_markers.fortification_bonus(game, city)
            bonus += metropolises.defending_bonus(game, city)
    bonus += battle.raised[side]
    if side == DEFENDER and units_in(battle, DEFENDER) < units_in(battle, ATTACKER):
        bonus += effects.total(game, seat, "outnumbered_defender_bonus")
    if side == DEFENDER:
        bonus += city_states.garrison_bonus(game, battle)
    return bonus


def units_in(battle: Battle, side: int) -> int:
    """The units of a side's battle force, from its draw on: in hand, on the fronts and killed."""
    on_fronts = sum(1 for f in battle.fronts if (f.attacker if side == ATTACKER else f.defender) >= 0)
    return len(battle.hands[side]) + on_fronts + len(battle.killed[side])


def _rank(game: Game, battle: Battle, side: int, card: int) -> int:
    """The rank the card is played at: its owner's military rank of its type (the barbarians' own), capped
    by the card's ranks (aircraft have one)."""
    definition = game.rules.unit_cards[card]
    if is_barbarian(battle, side):
        rank = battle.horde or game.rules.game.units.barbarian_rank
    else:
        rank = game.players[seat_of(battle, side)].ranks.get(definition.unit, 1)
    return min(rank, len(definition.strength))


def strength(game: Game, battle: Battle, side: int, card: int) -> int:
    """The wounds the unit deals."""
    base = game.rules.unit_cards[card].strength[_rank(game, battle, side, card) - 1]
    if is_barbarian(battle, side):
        return base
    return base + pieces.strength_bonus(game, seat_of(battle, side), game.rules.unit_cards[card].unit)


def health(game: Game, battle: Battle, side: int, card: int) -> int:
    """The wounds that kill the unit: its health with Wisdom and Warfare's cards [004 W&W: Combat], its
    strength with the base game's [004 COMBAT 3]."""
    if not game.rules.units_have_health:
        return strength(game, battle, side, card)
    return game.rules.unit_cards[card].health[_rank(game, battle, side, card) - 1]


def describe_unit(game: Game, battle: Battle, side: int, card: int) -> str:
    """The unit as the log names it: its type and its strength (and health, with Wisdom and Warfare)."""
    name = game.rules.units[game.rules.unit_cards[card].unit].name
    if game.rules.units_have_health:
        return f"{name} ({strength(game, battle, side, card)} strength, {health(game, battle, side, card)} health)"
    return f"{name} ({strength(game, battle, side, card)})"


def trumps(game: Game, battle: Battle, side: int, card: int, other: int) -> bool:
    """`card` (played by `side`) trumps `other`: it deals its wounds first."""
    mine = game.rules.units[game.rules.unit_cards[card].unit]
    theirs = game.rules.unit_cards[other].unit
    if mine.trumps != theirs:
        return False
    enemy = 1 - side
    return is_barbarian(battle, enemy) or not effects.has(game, seat_of(battle, enemy), "never_trumped")


# ------------------------------------------------------------------ battle cards (before the draw)


def list_no_cards(game: Game) -> Iterator[Action]:
    yield NoBattleCards()


@BOOK.rule(NoBattleCards, legal=list_no_cards, answers=(BattleCards, ForcesDrawnCards, AfterBattleCards))
def no_cards(game: Game, action: NoBattleCards) -> None:
    game.pending.pop()


# ------------------------------------------------------------------ playing units


def _side(game: Game) -> int:
    battle = game.battle
    assert battle is not None
    return battle.side


def open_fronts(battle: Battle, side: int) -> list[int]:
    """Fronts holding an enemy unit that stands alone: they may be attacked."""
    out = []
    for i, front in enumerate(battle.fronts):
        mine = front.attacker if side == ATTACKER else front.defender
        theirs = front.defender if side == ATTACKER else front.attacker
        if theirs >= 0 and mine < 0:
            out.append(i)
    return out


def boosts(game: Game, seat: int) -> list[tuple[str, tuple[str, ...]]]:
    """Battle resource abilities the player may use before a unit's attack: (tech, payment)."""
    used = game.players[seat].used
    out = []
    for kind, source, p in effects.entries(game, seat, "battle_wounds"):
        if kind != "tech" or f"ability:{source}" in used:
            continue
        assert isinstance(p, fx.BattleWounds)
        for pay in payments.options(game, seat, list(p.cost), limit=2):
            out.append((source, pay))
    return out


def list_play(game: Game) -> Iterator[Action]:
    battle = game.battle
    assert battle is not None
    side = battle.side
    seat = seat_of(battle, side)
    fronts = open_fronts(battle, side)
    extra = [] if is_barbarian(battle, side) or not fronts else boosts(game, seat)
    seen: set[tuple[str, int, int]] = set()
    for card in battle.hands[side]:
        key = (game.rules.unit_cards[card].unit, strength(game, battle, side, card), health(game, battle, side, card))
        if key in seen:
            continue  # two cards of the same type, strength and health are the same play
        seen.add(key)
        yield PlayUnit(card)
        for front in fronts:
            yield PlayUnit(card, front)
            for source, pay in extra:
                yield PlayUnit(card, front, source, pay)


def check_play(game: Game, action: PlayUnit) -> None:
    battle = game.battle
    if battle is None:
        raise RuleError("no battle is being fought")
    side = battle.side
    if action.card not in battle.hands[side]:
        raise RuleError("that unit is not in your battle hand")
    if action.front >= 0 and action.front not in open_fronts(battle, side):
        raise RuleError("a unit attacks a front where an enemy unit stands alone, or opens a new front")
    if action.boost:
        if action.front < 0:
            raise RuleError("a unit's extra wounds count only when it attacks an enemy front")
        seat = seat_of(battle, side)
        entry = [p for k, s, p in effects.entries(game, seat, "battle_wounds") if k == "tech" and s == action.boost]
        if not entry or f"ability:{action.boost}" in game.players[seat].used:
            raise RuleError(f"{action.boost} has no battle ability you may use now (once per turn)")
        assert isinstance(entry[0], fx.BattleWounds)
        reason = payments.why_not(game, seat, list(entry[0].cost), action.pay)
        if reason:
            raise RuleError(reason)


@BOOK.rule(PlayUnit, legal=list_play, answers=(BattlePlay,), check=check_play)
def play_unit(game: Game, action: PlayUnit) -> None:
    battle = game.battle
    assert battle is not None
    side = battle.side
    seat = seat_of(battle, side)
    releasing = reactions.releasing(game, action)
    if not releasing:
        game.pending.pop()
    if action.boost and not releasing:
        game.players[seat].used.append(f"ability:{action.boost}")
        payments.pay(game, seat, action.pay)
        paid = payments.describe(game, action.pay)
        game.say(f"{game.players[seat].name} uses {game.rules.techs[action.boost].name} ({paid}).")
        if reactions.hold(game, seat, action, "resource_ability"):
            return  # if the ability is cancelled, the unit's play is asked again
    if action.boost:
        entry = [p for k, s, p in effects.entries(game, seat, "battle_wounds") if s == action.boost]
        if entry:
            assert isinstance(entry[0], fx.BattleWounds)
            battle.extra[side] += entry[0].amount
    battle.hands[side].remove(action.card)
    who = side_name(game, battle, side).capitalize() if is_barbarian(battle, side) else game.players[seat].name
    if action.front < 0:
        front = Front()
        if side == ATTACKER:
            front.attacker = action.card
        else:
            front.defender = action.card
        battle.fronts.append(front)
        game.say(f"{who} opens a front with {describe_unit(game, battle, side, action.card)}.")
        battle.extra[side] = 0
    else:
        _attack(game, battle, side, action.card, battle.fronts[action.front])
    battle.side = 1 - side


def _attack(game: Game, battle: Battle, side: int, card: int, front: Front) -> None:
    other = front.defender if side == ATTACKER else front.attacker
    if side == ATTACKER:
        front.attacker = card
    else:
        front.defender = card
    mine_strength = strength(game, battle, side, card) + battle.extra[side]
    battle.extra[side] = 0
    theirs_strength = strength(game, battle, 1 - side, other)
    first_mine = trumps(game, battle, side, card, other)
    first_theirs = trumps(game, battle, 1 - side, other, card)
    if first_mine:
        _wound(game, battle, 1 - side, other, mine_strength)
        if not _dead(game, battle, 1 - side, other):
            _wound(game, battle, side, card, theirs_strength)
    elif first_theirs:
        _wound(game, battle, side, card, theirs_strength)
        if not _dead(game, battle, side, card):
            _wound(game, battle, 1 - side, other, mine_strength)
    else:
        _wound(game, battle, 1 - side, other, mine_strength)
        _wound(game, battle, side, card, theirs_strength)
    names = [game.rules.units[game.rules.unit_cards[c].unit].name for c in (card, other)]
    dying = [(s, c) for s, c in ((side, card), (1 - side, other)) if _dead(game, battle, s, c)]
    result = [f"{names[0] if c == card else names[1]} is killed" for _s, c in dying]
    trump = " (trumping)" if first_mine else " (trumped)" if first_theirs else ""
    game.say(f"{names[0]} attacks {names[1]}{trump}: {', '.join(result) or 'both survive'}.")
    for s, c in reversed(dying):  # (the wounds they bring are dealt in play order: the decisions stack)
        _kill(game, battle, s, c)


def _kill(game: Game, battle: Battle, side: int, card: int) -> None:
    """The unit is killed: off its front, among the side's killed units; a card that deals a wound for each
    unit killed asks its holder for the enemy unit to wound."""
    battle.killed[side].append(card)
    battle.wounds.pop(card, None)
    for front in battle.fronts:
        if front.attacker == card:
            front.attacker = -1
        if front.defender == card:
            front.defender = -1
    battle.fronts[:] = [f for f in battle.fronts if f.attacker >= 0 or f.defender >= 0]
    if is_barbarian(battle, side):
        return
    seat = seat_of(battle, side)
    for _kind, source, p in effects.entries(game, seat, "wound_on_unit_killed"):
        assert isinstance(p, fx.PositiveAmount)
        game.pending.append(WoundChoice(seat, source=source, amount=p.amount))


def wound_targets(battle: Battle, side: int) -> list[int]:
    """The units of the side's enemy standing on a front: those a wound may be dealt to."""
    enemies = [f.defender if side == ATTACKER else f.attacker for f in battle.fronts]
    return [card for card in enemies if card >= 0]


def list_wound(game: Game) -> Iterator[Action]:
    battle = game.battle
    assert battle is not None
    decision = top(game, WoundChoice)
    side = ATTACKER if decision.player == battle.attacker else DEFENDER
    targets = wound_targets(battle, side)
    for card in targets:
        yield WoundUnit(card)
    if not targets:
        yield WoundUnit(-1)


def check_wound(game: Game, action: WoundUnit) -> None:
    if action not in list(list_wound(game)):
        raise RuleError("the wound goes to an enemy unit standing on a front (lost only if none stands there)")


@BOOK.rule(WoundUnit, legal=list_wound, answers=(WoundChoice,), check=check_wound)
def wound_unit(game: Game, action: WoundUnit) -> None:
    decision = top(game, WoundChoice)
    game.pending.pop()
    battle = game.battle
    assert battle is not None
    name = game.players[decision.player].name
    person = game.rules.person_cards[decision.source].name
    if action.card < 0:
        game.say(f"{name}'s wound ({person}) is lost: no enemy unit stands on a front.")
        return
    enemy = DEFENDER if decision.player == battle.attacker else ATTACKER
    _wound(game, battle, enemy, action.card, decision.amount)
    unit = game.rules.units[game.rules.unit_cards[action.card].unit].name
    killed = _dead(game, battle, enemy, action.card)
    wounds = counted(decision.amount, "wound")
    game.say(f"{name} deals {wounds} to {unit} ({person}){': it is killed' if killed else ''}.")
    if killed:
        _kill(game, battle, enemy, action.card)


def _wound(game: Game, battle: Battle, side: int, card: int, amount: int) -> None:
    battle.wounds[card] = battle.wounds.get(card, 0) + amount


def _dead(game: Game, battle: Battle, side: int, card: int) -> bool:
    return battle.wounds.get(card, 0) >= health(game, battle, side, card)


# ------------------------------------------------------------------ resolving


def survivor_value(game: Game, battle: Battle, side: int, card: int) -> int:
    """What a surviving unit adds to its side's total: its health less its wounds with Wisdom and Warfare's
    cards (counted before the wounds are removed) [004 W&W: Resolving a battle], else its strength [004 COMBAT 4]."""
    if game.rules.units_have_health:
        return health(game, battle, side, card) - battle.wounds.get(card, 0)
    return strength(game, battle, side, card)


def totals(game: Game, battle: Battle) -> list[int]:
    out = [0, 0]
    for front in battle.fronts:
        for side, card in ((ATTACKER, front.attacker), (DEFENDER, front.defender)):
            if card >= 0:
                out[side] += survivor_value(game, battle, side, card)
    a, d = battle.bonus
    if a > d:
        out[ATTACKER] += a - d
    elif d > a:
        out[DEFENDER] += d - a
    return out


def _resolve(game: Game, battle: Battle) -> None:
    score = totals(game, battle)
    battle.wounds.clear()
    winner = ATTACKER if score[ATTACKER] > score[DEFENDER] else DEFENDER
    loser = 1 - winner
    battle.winner = winner
    names = [side_name(game, battle, ATTACKER), side_name(game, battle, DEFENDER)]
    verb = "win" if is_barbarian(battle, winner) else "wins"
    game.say(f"The battle ends {score[ATTACKER]} to {score[DEFENDER]}: {names[winner]} {verb}.")
    for side in (ATTACKER, DEFENDER):
        if not is_barbarian(battle, side):
            game.players[seat_of(battle, side)].last_battle_turn = game.turn
            yields.coins_changed(game)
    # the winner loses an army figure per 2 units killed, never the last one in the square
    win_figures = battle.attacker_figures if winner == ATTACKER else battle.defender_figures
    armies = [f for f in game.figures if f.id in win_figures and f.kind == "army"]
    for fig in armies[: min(len(battle.killed[winner]) // 2, max(0, len(armies) - 1))]:
        pieces.remove_figure(game, fig)
    # the loser's figures in the square are all killed
    lose_figures = battle.attacker_figures if loser == ATTACKER else battle.defender_figures
    for fig in [f for f in game.figures if f.id in lose_figures]:
        pieces.remove_figure(game, fig)
    battle.stage = "after"
    defended = game.city(battle.city) if winner == DEFENDER and battle.kind == "city" else None
    if defended is not None:
        city_markers.defended(game, defended)
    if battle.horde:  # (a Roaming Horde's battle gives no reward)
        return
    battle_rewards.battle_over(game, battle)
    if is_barbarian(battle, winner):
        return
    winner_seat = seat_of(battle, winner)
    _coin_for_win(game, winner_seat)
    loot = 0
    if battle.kind == "village":
        conquer_village(game, battle.attacker, battle.pos)
    elif winner == ATTACKER and battle.kind == "city":
        city = game.city(battle.city)
        assert city is not None
        if city.capital:
            victory.declare(game, winner_seat, "military")
            if victory.over(game):
                return
        game.say(f"{game.players[winner_seat].name} destroys {game.players[city.owner].name}'s city.")
        pieces.destroy_city(game, city)
        culture.advance_on(game, winner_seat, "city_conquered", "a city conquered")
        loot = 2
    else:
        loot = 1
    if loot:
        battle.loot = battle_rewards.loot_won(game, battle, loot)
        battle.stage = "loot"


def _coin_for_win(game: Game, seat: int) -> None:
    player = game.players[seat]
    bonus = effects.total(game, seat, "tech_coin_cap")
    for kind, source, p in effects.entries(game, seat, "coin_on_battle_won"):
        assert isinstance(p, fx.CoinOnBattleWon)
        key = f"coin:{source}"
        if key not in player.used and player.coin_tokens.get(source, 0) < p.cap + bonus:
            player.used.append(key)
            pieces.gain_coin_token(game, seat, source)
            game.say(f"{player.name} places a coin token on {effects.source_name(game, kind, source)}.")


def conquer_village(game: Game, seat: int, pos: int) -> None:
    """The player's armies on `pos` conquer its village: its marker is theirs (or acts, or a great person)."""
    square = game.squares[pos]
    marker = square.marker
    square.marker = -1
    player = game.players[seat]
    if game.rules.hut_markers[marker].result == "great_person":
        game.markers_gone.append(marker)
        game.say(f"{player.name} conquers the village and finds a great person.")
        pieces.gain_great_person(game, seat)
    elif not hut_results.found(game, seat, marker, pos):
        player.markers.append(marker)
        game.say(f"{player.name} conquers the village and takes its marker.")
    player.culture += effects.total(game, seat, "culture_on_exploring")
    culture.advance_on(game, seat, "village_conquered", "a village conquered")


# ------------------------------------------------------------------ loot


def loot_options(game: Game, battle: Battle) -> list[TakeLoot]:
    loser = game.players[seat_of(battle, 1 - battle.winner)]
    winner = seat_of(battle, battle.winner)
    cfg = game.rules.game.loot
    if cfg.prices is not None:  # the expansions' loot points
        return looting.options(game, battle, cfg.prices, winner, loser)
    out: list[TakeLoot] = []
    holdings = [f"token:{r}" for r, n in sorted(loser.resources.items()) if n > 0]
    holdings += [f"marker@{i}" for i in range(len(loser.markers))]
    if battle.loot >= 2:
        for tech in techs.learnable(game, winner, list(loser.techs)):
            out.append(TakeLoot("tech", tech))
        out += [TakeLoot("card", str(i)) for i in range(len(loser.hand))]
        pairs: set[str] = set()
        for i, a in enumerate(holdings):
            for b in holdings[i:]:
                if a == b and not (a.startswith("token:") and loser.resources.get(a[6:], 0) >= 2):
                    continue
                pairs.add(f"{a},{b}")
        out += [TakeLoot("resources", p) for p in sorted(pairs)] + [TakeLoot("resources", h) for h in holdings]
    else:
        if loser.trade > 0:
            out.append(TakeLoot("trade", str(min(cfg.trade, loser.trade))))
        if loser.culture > 0:
            out.append(TakeLoot("culture", str(min(cfg.culture, loser.culture))))
        out += [TakeLoot("resources", h) for h in holdings]
    return out


def list_loot(game: Game) -> Iterator[Action]:
    battle = game.battle
    assert battle is not None
    yield from loot_options(game, battle)


def check_loot(game: Game, action: TakeLoot) -> None:
    battle = game.battle
    if battle is None or action not in loot_options(game, battle):
        raise RuleError("that loot is not on offer (the loot a battle gives depends on what the loser defended)")


@BOOK.rule(TakeLoot, legal=list_loot, answers=(ChooseLoot,), check=check_loot)
def take_loot(game: Game, action: TakeLoot) -> None:
    game.pending.pop()
    battle = game.battle
    assert battle is not None
    winner = game.players[seat_of(battle, battle.winner)]
    loser = game.players[seat_of(battle, 1 - battle.winner)]
    prices = game.rules.game.loot.prices
    spent = battle.loot if prices is None or action.kind == looting.NOTHING else looting.price(prices, action)
    battle.loot -= spent
    if battle.loot <= 0 or action.kind == looting.NOTHING:
        battle.loot = 0
        battle.stage = "after"
    if action.kind in ("discard_coin", "steal_coin"):
        looting.take_coin(game, action, winner, loser)
    elif action.kind == "trade":
        amount = int(action.item)
        loser.trade -= amount
        winner.trade = min(game.rules.game.trade.dial_max, winner.trade + amount)
        game.say(f"{winner.name} takes {amount} trade from {loser.name}.")
    elif action.kind == "culture":
        amount = int(action.item)
        loser.culture -= amount
        winner.culture += amount
        game.say(f"{winner.name} takes {amount} culture from {loser.name}.")
    elif action.kind == "tech":
        techs.learn(game, winner.seat, action.item, how=f"from {loser.name}")
    elif action.kind == "card":
        card = loser.hand.pop(int(action.item))
        winner.hand.append(card)
        game.say(f"{winner.name} steals a culture event card from {loser.name}.")
        pieces.check_hand(game, winner.seat)
    elif action.kind == "resources":
        positions = sorted((int(i[7:]) for i in action.item.split(",") if i.startswith("marker@")), reverse=True)
        taken = 0
        for item in action.item.split(","):
            if item.startswith("token:"):
                resource = item[6:]
                loser.resources[resource] -= 1
                winner.resources[resource] = winner.resources.get(resource, 0) + 1
                taken += 1
        for position in positions:
            winner.markers.append(loser.markers.pop(position))
            taken += 1
        game.say(f"{winner.name} steals {counted(taken, 'resource')} from {loser.name}.")


# ------------------------------------------------------------------ after the battle


def list_save(game: Game) -> Iterator[Action]:
    battle = game.battle
    assert battle is not None
    seat = game.actor()
    side = ATTACKER if seat == battle.attacker else DEFENDER
    yield SaveUnit(-1)
    seen = set()
    for card in battle.killed[side]:
        if game.rules.unit_cards[card] not in seen:
            seen.add(game.rules.unit_cards[card])
            yield SaveUnit(card)


def check_save(game: Game, action: SaveUnit) -> None:
    battle = game.battle
    seat = game.actor()
    if battle is None:
        raise RuleError("no battle is being fought")
    side = ATTACKER if seat == battle.attacker else DEFENDER
    if action.card != -1 and action.card not in battle.killed[side]:
        raise RuleError("only your own units killed in this battle can be saved")


@BOOK.rule(SaveUnit, legal=list_save, answers=(SaveUnits,), check=check_save)
def save_unit(game: Game, action: SaveUnit) -> None:
    decision = top(game, SaveUnits)
    battle = game.battle
    assert battle is not None
    seat = decision.player
    if action.card == -1:
        game.pending.pop()
        return
    side = ATTACKER if seat == battle.attacker else DEFENDER
    battle.killed[side].remove(action.card)
    game.players[seat].standing.append(action.card)
    game.say(f"{game.players[seat].name} returns a killed unit to the standing forces.")
    decision.left -= 1
    if decision.left <= 0 or not battle.killed[side]:
        game.pending.pop()


def _finish(game: Game, battle: Battle) -> None:
    pieces.return_battle_cards(game, battle)
    game.battle = None
