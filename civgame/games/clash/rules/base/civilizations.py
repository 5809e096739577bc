"""Civilizations: who plays which, the special advances that come with their linked advances, and
leaders recruited, replaced and killed.

A player without a civilization (`player.civilization is None`) plays the base game: no special
advances and no leaders. That is how rule tests and games without civilizations are set up.
"""

from __future__ import annotations

from civgame.framework.errors import RuleError
from civgame.games.clash.content import effects
from civgame.games.clash.content.ruleset import ANY_GOVERNMENT, Civilization, LeaderAbility, Ruleset, SpecialAdvance
from civgame.games.clash.core.actions import Action, ChooseCivilization, ChooseLeader
from civgame.games.clash.core.decisions import CivilizationDecision, LeaderDecision
from civgame.games.clash.core.hexgrid import Hex, hex_to_label
from civgame.games.clash.core.model import LEAD_US, City, Game, Player, Unit
from civgame.games.clash.rules.base import log
from civgame.games.clash.rules.base.registry import answering, rule
from civgame.games.clash.rules.base.triggers import fire


def complete(civ: Civilization) -> bool:
    """Every part of the civilization is known, and every special advance and every leader ability has its
    effects, all of them."""
    return not why_not_offered(civ)


def why_not_offered(civ: Civilization) -> str:
    """In plain words, why the civilization is not offered: what no source gives and what is not built yet, so
    that once every ability is built only what no source gives is left; "" when it is offered."""
    abilities: list[SpecialAdvance | LeaderAbility] = [*civ.special_advances]
    abilities += [a for leader in civ.leaders for a in leader.abilities]
    unbuilt = [a.name for a in abilities if not a.effects or a.missing]
    reasons = [f"no source gives {' or '.join(civ.unknown)}"] if civ.unknown else []
    if unbuilt:
        reasons.append(f"{', '.join(unbuilt)} {'is' if len(unbuilt) == 1 else 'are'} not built yet")
    return "; ".join(reasons)


def playable(rules: Ruleset) -> list[str]:
    """The civilizations players may take: those whose every ability is in play."""
    return [key for key, civ in rules.civilizations.items() if complete(civ)]


def not_offered(rules: Ruleset) -> dict[str, list[str]]:
    """The civilizations of the rules that are not offered, grouped by the reason (`why_not_offered`): each
    reason to the names of the civilizations it keeps out."""
    grouped: dict[str, list[str]] = {}
    for civ in rules.civilizations.values():
        reason = why_not_offered(civ)
        if reason:
            grouped.setdefault(reason, []).append(civ.name)
    return grouped


def capital(game: Game, player: Player) -> Hex:
    """The space of the player's starting city (the first space of the home region), whatever stands there now."""
    return game.regions[player.index].spaces()[0]


def civilization_of(game: Game, player: Player) -> Civilization | None:
    return game.rules.civilizations[player.civilization] if player.civilization else None


# ------------------------------------------------------------------ setup


def deal_at_random(game: Game, players: list[Player], pool: list[str]) -> None:
    """Random mode: each of `players` a different civilization of `pool`."""
    if len(pool) < len(players):
        raise RuleError(
            f"Random needs {len(players)} civilization{'s' if len(players) > 1 else ''} to deal; "
            f"only {len(pool)} can be dealt"
        )
    shuffled = list(pool)
    game.rng.shuffle(shuffled)
    for player, key in zip(players, shuffled, strict=False):
        take(game, player, key)


def ask_in_turn_order(game: Game) -> None:
    """Choose mode: from the first player on, each player picks one of the civilizations left."""
    for index in reversed(game.turn_order()):
        game.pending.append(CivilizationDecision(player=index))


def take(game: Game, player: Player, key: str) -> None:
    """The player plays `key`; a civilization with a home region of its own gets it now."""
    civ = game.rules.civilizations[key]
    player.civilization = key
    if civ.home_tile is not None:
        home = game.regions[player.index]
        home.tile = civ.home_tile
        game.invalidate_board()
    log.say(game, "civ.plays", player.index, civilization=civ.name)


def hand_size(rules: Ruleset, pool: int, players: int) -> int:
    """How many civilizations each player is dealt to choose from: the rules' number, or as many as `pool`
    civilizations give every player alike when it is short (0: too few to deal one each)."""
    return min(rules.game.civilizations.dealt or 1, pool // players)


def deal_to_choose(game: Game, pool: list[str]) -> None:
    """The Civilizations expansion's setup: each player is dealt civilizations of `pool` at random
    (`hand_size`) and chooses one of them, face down; the choices are revealed together, then the leaders
    come. With one civilization each there is nothing to choose: they are revealed at once."""
    players = len(game.players)
    per = hand_size(game.rules, len(pool), players)
    if per == 0:
        raise RuleError(f"dealing civilizations needs one for each of the {players} players; {len(pool)} can be dealt")
    shuffled = list(pool)
    game.rng.shuffle(shuffled)
    if per == 1:
        for player, key in zip(game.players, shuffled, strict=False):
            player.civilization_chosen = key
        _reveal_choices(game)
        return
    log.say(game, "civ.dealt", count=per)
    for index in reversed(game.turn_order()):
        game.pending.append(CivilizationDecision(player=index, options=shuffled[index * per : (index + 1) * per]))


def _reveal_choices(game: Game) -> None:
    """Every player has chosen: the civilizations are revealed in turn order, then the leaders come."""
    for index in game.turn_order():
        player = game.player(index)
        key = player.civilization_chosen
        player.civilization_chosen = None
        if key is not None:
            take(game, player, key)
    starting_leaders(game)


def starting_leaders(game: Game) -> None:
    """Where leaders are drawn (the Civilizations expansion): each player draws one of their leaders and puts it
    in their starting city, or with Lead us chooses which, the first player first."""
    if game.rules.game.civilizations.leaders != "drawn":
        return
    lead_us = LEAD_US in game.variants
    order = game.turn_order()
    for index in reversed(order) if lead_us else order:  # (decisions are stacked: the first player's on top)
        player = game.player(index)
        cities = game.cities_of(index)
        options = unused_leaders(game, player)
        if not cities or not options:
            continue
        if lead_us:
            game.pending.append(LeaderDecision(player=index, city=cities[0].id, options=options))
        else:
            draw_leader(game, player, cities[0])


def may_take_new_leader(game: Game, player: Player) -> bool:
    """Where leaders are drawn, the status phase's last step: the player has a leader left to take and a city."""
    drawn = game.rules.game.civilizations.leaders == "drawn"
    return drawn and bool(game.cities_of(player.index)) and bool(unused_leaders(game, player))


def new_leader_options(game: Game, player: Player) -> list[tuple[int, str]]:
    """(city id, leader) of each way to take a new leader: any of the player's cities, and with Lead us any of
    their unused leaders ("" where it is drawn)."""
    names = unused_leaders(game, player) if LEAD_US in game.variants else [""]
    return [(city.id, name) for city in game.cities_of(player.index) for name in names]


def take_new_leader(game: Game, player: Player, city: City, name: str) -> None:
    """The player's leader, if on the board, is discarded, and a new one comes to `city`: `name` (Lead us), or
    one drawn."""
    if name:
        place_leader(game, player, name, city, how="civ.leader_chosen")
    else:
        draw_leader(game, player, city)


def draw_leader(game: Game, player: Player, city: City) -> None:
    """A leader drawn at random from the player's unused ones comes to `city`."""
    place_leader(game, player, game.rng.choice(unused_leaders(game, player)), city, how="civ.leader_drawn")


def _left(game: Game) -> list[str]:
    taken = {p.civilization for p in game.players}
    return [key for key in playable(game.rules) if key not in taken]


def _legal_civilization(game: Game) -> list[Action]:
    dealt = answering(game, CivilizationDecision).options
    return [ChooseCivilization(key) for key in dealt or _left(game)]


@rule(ChooseCivilization, legal=_legal_civilization, answers=(CivilizationDecision,))
def choose_civilization(game: Game, action: ChooseCivilization) -> None:
    decision = answering(game, CivilizationDecision)
    player = game.player(decision.player)
    if decision.options:
        if action.civilization not in decision.options:
            names = " or ".join(game.rules.civilizations[key].name for key in decision.options)
            raise RuleError(f"choose one of the civilizations dealt to you: {names}")
        game.pending.pop()
        player.civilization_chosen = action.civilization  # face down until everyone has chosen
        log.say(game, "civ.chosen", player.index)
        if not any(isinstance(d, CivilizationDecision) for d in game.pending):
            _reveal_choices(game)
        return
    if action.civilization not in _left(game):
        raise RuleError(f"{action.civilization!r} is not a civilization still free to choose")
    game.pending.pop()
    take(game, player, action.civilization)


# ------------------------------------------------------------------ special advances


def grant_special_advances(game: Game, player: Player, advance: str) -> list[str]:
    """The civilization's special advances that come with `advance`: free, no event cube. Returns them, for
    their effects on gaining."""
    gained = special_advances_with(game, player, advance)
    for name in gained:
        player.special_advances.append(name)
        log.say(game, "civ.special_gained", player.index, advance=name, linked=advance)
        effects.holdings_changed(game)
    return gained


def special_advances_with(game: Game, player: Player, advance: str) -> list[str]:
    """The civilization's special advances that gaining `advance` would give the player (those linked to it,
    or to any government when it is a government's top advance), not held yet."""
    civ = civilization_of(game, player)
    if civ is None:
        return []
    category = game.rules.category_of(advance)
    government_top = category.government and category.advances[0].name == advance
    return [
        special.name
        for special in civ.special_advances
        if (special.advance == advance or (special.advance == ANY_GOVERNMENT and government_top))
        and special.name not in player.special_advances
    ]


def drop_special_advances(game: Game, player: Player) -> None:
    """Special advances whose linked advance the player no longer holds are lost with it.

    Those of "any government" stay while the player holds an advance of some government: changing
    government keeps them, losing every government advance (Anarchy) loses them.
    """
    civ = civilization_of(game, player)
    if civ is None:
        return
    governed = any(game.rules.category_of(a).government for a in player.advances)
    links = {s.name: s.advance for s in civ.special_advances}
    kept = [
        s for s in player.special_advances if links[s] in player.advances or (links[s] == ANY_GOVERNMENT and governed)
    ]
    for lost in set(player.special_advances) - set(kept):
        log.say(game, "civ.special_lost", player.index, advance=lost)
    if kept != player.special_advances:
        player.special_advances = kept
        effects.holdings_changed(game)


# ------------------------------------------------------------------ leaders


def leader_kinds(game: Game) -> set[str]:
    return {key for key, spec in game.rules.units.items() if spec.leader}


def own_leaders(game: Game, player: Player) -> list[str]:
    """The leaders that are the player's: those dealt to them (What if?), else their civilization's three."""
    civ = civilization_of(game, player)
    if civ is None:
        return []
    return list(player.leaders_dealt) or [leader.name for leader in civ.leaders]


def leaders_of(game: Game, player: Player) -> list[str]:
    """The leaders the player may recruit over the game: their own, unless an event barred them."""
    return [] if player.leaders_barred else own_leaders(game, player)


def leader_to_recruit(game: Game, player: Player) -> bool:
    """Whether a Recruit may bring the player a leader: where leaders are recruited (not drawn), one is left."""
    return game.rules.game.civilizations.leaders == "recruited" and bool(unused_leaders(game, player))


def unused_leaders(game: Game, player: Player) -> list[str]:
    return [name for name in leaders_of(game, player) if name not in player.leaders_used]


def deal_leaders_from_one_deck(game: Game, keys: list[str]) -> None:
    """What if? (a variant of the Civilizations expansion): the leaders of the civilizations `keys` are
    shuffled into one deck and each player is dealt as many as a civilization has."""
    deck = [leader.name for key in keys for leader in game.rules.civilizations[key].leaders]
    hand = max((len(game.rules.civilizations[key].leaders) for key in keys), default=0)
    if not hand or len(deck) < hand * len(game.players):
        raise RuleError(f"What if? needs {max(hand, 1) * len(game.players)} leaders to deal; there are {len(deck)}")
    game.rng.shuffle(deck)
    for i, player in enumerate(game.players):
        player.leaders_dealt = deck[i * hand : (i + 1) * hand]
    log.say(game, "civ.what_if")


def recruit_leader(game: Game, player: Player, city: City) -> None:
    """A Recruit included a leader: the only one left comes at once, else the player picks."""
    options = unused_leaders(game, player)
    if len(options) == 1:
        place_leader(game, player, options[0], city)
    else:
        game.pending.append(LeaderDecision(player=player.index, city=city.id, options=options))


def _legal_leader(game: Game) -> list[Action]:
    decision = answering(game, LeaderDecision)
    return [ChooseLeader(name) for name in decision.options]


@rule(ChooseLeader, legal=_legal_leader, answers=(LeaderDecision,))
def choose_leader(game: Game, action: ChooseLeader) -> None:
    decision = answering(game, LeaderDecision)
    if action.leader not in decision.options:
        raise RuleError(f"choose one of: {', '.join(decision.options)}")
    city = game.city(decision.city)
    if city is None:
        raise RuleError("the city that recruited the leader is gone")
    game.pending.pop()
    drawn = game.rules.game.civilizations.leaders == "drawn"  # (then Lead us: chosen instead of drawn)
    place_leader(game, game.player(decision.player), action.leader, city, how="civ.leader_chosen" if drawn else "")


def place_leader(game: Game, player: Player, name: str, city: City, how: str = "") -> None:
    """Put the leader in the city; a leader already on the board leaves the game for good. `how`: the log's
    kind of line saying how it came (recruited, unless said)."""
    for unit in [u for u in game.units_of(player.index) if u.kind in leader_kinds(game)]:
        game.units.remove(unit)
        log.say(game, "civ.leader_leaves", player.index, leader=player.leader)
    (kind,) = sorted(leader_kinds(game))
    game.units.append(Unit(game.new_id(), player.index, kind, city.pos))
    player.leader = name
    player.leaders_used.append(name)
    effects.holdings_changed(game)
    log.say(game, how or "civ.leader_recruited", player.index, leader=name, space=hex_to_label(city.pos))


def leader_killed(game: Game, unit: Unit, captor: int | None) -> None:
    """The leader unit was removed: an enemy player who killed it in battle captures it (2 VP)."""
    player = game.player(unit.owner)
    name = player.leader
    player.leader = None
    effects.holdings_changed(game)
    if name is None:
        return
    if captor is not None and captor >= 0:
        game.player(captor).captured_leaders.append(name)
        log.say(game, "civ.leader_captured", captor, owner=log.party(game, player.index), leader=name)
    else:
        log.say(game, "civ.leader_dies", player.index, leader=name)
    fire(game, "leader_died", player=player.index, leader=name)
