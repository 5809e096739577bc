"""What must hold after every action: every piece in exactly one place, counts within the supply,
values within their dials. `check_invariants` lists what is broken (empty: all is well); random games
in the tests call it after every action, and loading a save calls it too."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from civgame.games.sidmeier.core.decisions import DiscardCulture, Evacuate, GreatPersonDraw, Moving
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import board, occupancy, pieces, yields
from civgame.games.sidmeier.rules.combat import battles


def check_invariants(game: Game) -> list[str]:
    problems: list[str] = []
    rules = game.rules
    n = len(game.players)
    # unit cards: each in exactly one place
    holders: list[list[int]] = [cards for deck in game.unit_decks.values() for cards in (deck.draw, deck.returned)]
    holders += [player.standing for player in game.players]
    battle = game.battle
    if battle is not None:
        holders += battle.hands
        holders += battle.killed
        holders += [[c for c in (front.attacker, front.defender) if c >= 0] for front in battle.fronts]
        _wounds(game, problems)
    seen: Counter[int] = Counter(chain.from_iterable(holders))
    _exactly_once(problems, "unit card", seen, len(rules.unit_cards))
    for unit, deck in game.unit_decks.items():
        wrong = [c for c in deck.draw + deck.returned if rules.unit_cards[c].unit != unit]
        if wrong:
            problems.append(f"unit_decks.{unit}: holds cards of another deck {wrong}")
    # culture event cards
    holders = [game.culture_out]
    holders += [cards for deck in game.culture_decks.values() for cards in (deck.draw, deck.returned)]
    holders += [player.hand for player in game.players]
    seen = Counter(chain.from_iterable(holders))
    _exactly_once(problems, "culture event card", seen, len(rules.culture_card_ids))
    # great people, hut and village markers, buildings: the squares looked at once for all three
    people = [*game.great_people, *game.people_gone, *chain.from_iterable(p.reserve for p in game.players)]
    # drawn, one to be kept (W&W's Organized Religion; with F&F's deck the markers stay in the supply meanwhile)
    draws = [d for d in game.pending if isinstance(d, GreatPersonDraw)]
    people += chain.from_iterable(d.markers for d in draws if not d.cards)
    if game.great_person_deck:
        cards = [*game.person_deck.draw, *game.person_deck.returned, *chain.from_iterable(d.cards for d in draws)]
        cards += chain.from_iterable(p.person_cards + p.person_shown + list(p.blanks) for p in game.players)
        _exactly_once(problems, "great person card", Counter(cards), len(rules.person_card_ids))
    huts = [*game.hut_pile, *game.village_pile, *game.markers_gone]
    huts += chain.from_iterable(p.markers for p in game.players)
    on_map: Counter[str] = Counter()  # buildings by family
    squares = game.squares
    huts += [square.marker for square in squares if square.marker >= 0]
    for built in [square.improvement for square in squares if square.improvement is not None]:
        if built.kind == "great_person":
            people.append(built.marker)
        elif built.kind == "building":
            if built.name not in rules.faces:
                problems.append(f"a building {built.name!r} is not in the rules")
                continue
            on_map[rules.faces[built.name].family.id] += 1
    _exactly_once(problems, "great person marker", Counter(people), len(rules.great_person_ids))
    _exactly_once(problems, "hut or village marker", Counter(huts), len(rules.hut_markers))
    city_states = [*game.city_state_pile, *game.city_states_gone]
    city_states += [square.city_state for square in squares if square.city_state >= 0]
    _exactly_once(problems, "city-state marker", Counter(city_states), len(rules.city_states.markers))
    # buildings: market + map = markers of each family
    for family in rules.families.values():
        left = game.buildings.get(family.id, 0)
        if left < 0 or left + on_map[family.id] != family.markers:
            problems.append(
                f"buildings.{family.id}: {left} in the market and {on_map[family.id]} built, not {family.markers}"
            )
    # wonders
    places: Counter[str] = Counter(game.wonder_deck + game.wonder_market + game.wonders_gone + game.wonders_out)
    for player in game.players:
        places.update(player.wonders)
    for wonder in rules.wonders:
        if places[wonder] != 1:
            problems.append(f"wonder {wonder} is in {places[wonder]} places")
    for wonder, pos in game.wonder_at.items():
        imp = game.squares[pos].improvement
        if imp is None or imp.kind != "wonder" or imp.name != wonder:
            problems.append(f"wonder_at.{wonder}: its marker is not at {game.label(pos)}")
        elif wonder not in game.players[imp.owner].wonders:
            problems.append(f"wonder_at.{wonder}: the owner of its marker does not hold its card")
    # market resources: market + held tokens = the supply
    for resource in rules.game.resources.market:
        total = game.market.get(resource, 0) + sum(p.resources.get(resource, 0) for p in game.players)
        expected = rules.game.resources.market_tokens_per_player * n
        if total != expected or game.market.get(resource, 0) < 0:
            problems.append(f"market.{resource}: {total} tokens in play, not {expected}")
    # players
    dial = rules.game.trade.dial_max
    figures: Counter[tuple[int, str]] = Counter((f.owner, f.kind) for f in game.figures)
    for player in game.players:
        where = f"players[{player.seat}]"
        if not 0 <= player.trade <= dial:
            problems.append(f"{where}.trade: {player.trade} is off the dial (0-{dial})")
        if player.culture < 0:
            problems.append(f"{where}.culture: {player.culture} is negative")
        if not 0 <= player.track <= len(rules.track.spaces):
            problems.append(f"{where}.track: {player.track} is off the culture track")
        if any(v < 0 for v in player.resources.values()) or any(v < 0 for v in player.coin_tokens.values()):
            problems.append(f"{where}: a negative count of resources or coin tokens")
        if len(set(player.techs)) != len(player.techs) or len(player.rows) != len(player.techs):
            problems.append(f"{where}.techs: a tech twice, or rows that do not match")
        rows = Counter([*player.rows, *player.blanks.values()])
        for level in range(2, 6):
            if rows[level] and rows[level - 1] < rows[level] + 1:
                problems.append(
                    f"{where}.techs: {rows[level]} level {level} techs on {rows[level - 1]} of the level below"
                )
        if player.government not in rules.governments:
            problems.append(f"{where}.government: {player.government!r} is not a government")
        for kind, owned in (("army", player.armies), ("scout", player.scouts)):
            if figures[player.seat, kind] > owned:
                problems.append(f"{where}: more {kind} figures on the map than they own")
        if len(player.hand) > pieces.hand_size(game, player.seat) and not any(
            isinstance(d, DiscardCulture) and d.player == player.seat for d in game.pending
        ):
            problems.append(f"{where}.hand: {len(player.hand)} cards, above the hand size without a discard pending")
        capitals = [c for c in game.cities if c.owner == player.seat and c.capital]
        if game.phase not in ("setup", "over") and len(capitals) != 1:
            problems.append(f"{where}: {len(capitals)} capitals")
    # the map
    width, distance = game.width, rules.game.cities.min_distance
    for city in game.cities:
        if not board.revealed(game, city.pos) or board.is_water(game, city.pos):
            problems.append(f"city {city.id} stands on an unrevealed or water square")
        x, y = city.pos % width, city.pos // width
        for other in game.cities:  # (the Chebyshev distance, worked out here: every pair after every action)
            if other.id < city.id and max(abs(x - other.pos % width), abs(y - other.pos // width)) < distance:
                problems.append(f"cities {other.id} and {city.id} are too close")
    _metropolises(game, problems)
    owners: dict[int, set[int]] = {}
    centres = {pos: city for city in game.cities for pos in city.centre()}
    moving = {i for d in game.pending if isinstance(d, (Moving, Evacuate)) for i in d.figures}
    for fig in game.figures:
        if not 0 <= fig.pos < len(game.squares) or not board.revealed(game, fig.pos):
            problems.append(f"figure {fig.id} stands off the revealed map")
            continue
        owners.setdefault(fig.pos, set()).add(fig.owner)
        centre = centres.get(fig.pos)
        if centre is not None and centre.owner == fig.owner and fig.id not in moving:
            problems.append(f"figure {fig.id} stands in its own city centre")
        if game.squares[fig.pos].marker >= 0 and (battle is None or battle.pos != fig.pos):
            problems.append(f"figure {fig.id} stands on a hut or village")
        if game.squares[fig.pos].relic and fig.id not in moving:
            problems.append(f"figure {fig.id} stands on a relic after its move")
    for pos, found in owners.items():
        if len(found) > 1 and (battle is None or battle.pos != pos):
            problems.append(f"figures of several players share {game.label(pos)} outside a battle")
    kept = game.cache.get("occupancy")
    if kept is not None and kept[0] == game.cache.get("board_version", 0) and kept[1] != occupancy.fresh(game):
        problems.append("the cached figures on each square are stale")
    for seat in range(n):  # a cached look-up that missed a change of the board
        cached = game.cache.get(("squares", seat))
        stamp = (game.turn, game.cache.get("board_version", 0))
        if cached is not None and cached[0] == stamp and yields.fresh_city_squares(game, seat) != cached[1]:
            problems.append(f"the cached squares of player {seat}'s cities are stale")
        if yields.coins_bound(game, seat) != yields.fresh_coins_bound(game, seat):
            problems.append(f"the cached bound of player {seat}'s coins is stale")
    for decision in game.pending:
        if not 0 <= decision.player < n:
            problems.append(f"a pending decision belongs to {decision.player}, who is not a player")
    target = rules.game.economy.victory_coins
    if game.phase not in ("over", "setup"):
        for seat in range(n):
            game.cache.pop(("coins", seat), None)
            if seat not in game.achieved and yields.coins(game, seat) >= target:
                problems.append(f"players[{seat}] has {yields.coins(game, seat)} coins, but no economic victory")
    if (game.phase == "over") != bool(game.winners):
        problems.append("the game is over exactly when it has winners")
    return problems


def _wounds(game: Game, problems: list[str]) -> None:
    """Wounds lie only on units standing on a front, each fewer than would kill it (a unit is killed at once)."""
    battle = game.battle
    assert battle is not None
    standing = {(side, card) for f in battle.fronts for side, card in enumerate((f.attacker, f.defender)) if card >= 0}
    on_fronts = {card for _side, card in standing}
    for card, wounds in battle.wounds.items():
        if card not in on_fronts:
            problems.append(f"unit card {card} has {wounds} wounds but stands on no front")
    for side, card in standing:
        if battle.wounds.get(card, 0) >= battles.health(game, battle, side, card):
            problems.append(f"unit card {card} has wounds enough to kill it but stands on a front")


def _metropolises(game: Game, problems: list[str]) -> None:
    """A metropolis's second square lies next to its first (not diagonally); its centre and outskirts share no
    square with another city's (cities of one square are kept apart by their distance, checked above)."""
    metropolises = [city for city in game.cities if city.expansion >= 0]
    if not metropolises:
        return
    claimed: Counter[int] = Counter()
    for city in game.cities:
        claimed.update(city.centre() + board.outskirts(game, city))
    for city in metropolises:
        if city.expansion not in board.orthogonal(game, city.pos):
            problems.append(f"city {city.id}'s metropolis squares are not next to each other")
        shared = [pos for pos in city.centre() + board.outskirts(game, city) if claimed[pos] > 1]
        if shared:
            problems.append(f"city {city.id} overlaps another city at {', '.join(map(game.label, shared))}")


def _exactly_once(problems: list[str], what: str, seen: Counter[int], total: int, at_most: bool = False) -> None:
    if len(seen) == total and (not seen or (min(seen) == 0 and max(seen) == total - 1 and set(seen.values()) == {1})):
        return  # every piece once (the usual case, answered without a loop over the pieces)
    for piece in range(total):
        count = seen.get(piece, 0)
        if count > 1 or (count == 0 and not at_most):
            problems.append(f"{what} {piece} is in {count} places")
    extra = [p for p in seen if not 0 <= p < total]
    if extra:
        problems.append(f"{what}s {sorted(extra)} do not exist")
