"""Pieces coming and going: figures, unit cards, culture event cards, great people, buildings and
wonders on the map, resources and coin tokens, cities. Every change of the board goes through here."""

from __future__ import annotations

from civgame.framework.effects import Params
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.content.ruleset import BuildingFamily
from civgame.games.sidmeier.core.decisions import DiscardCulture, FreeUnits, GreatPersonDraw, PlaceGreatPerson
from civgame.games.sidmeier.core.model import Battle, City, Deck, Figure, Game, Improvement
from civgame.games.sidmeier.core.vocabulary import FigureKind
from civgame.games.sidmeier.rules.base import board, effects, memo, person_deck, yields

# ------------------------------------------------------------------ figures


def new_id(game: Game) -> int:
    game.next_id += 1
    return game.next_id - 1


def figures_on_map(game: Game, seat: int, kind: str) -> int:
    return sum(1 for f in game.figures if f.owner == seat and f.kind == kind)


def unbuilt(game: Game, seat: int, kind: str) -> int:
    player = game.players[seat]
    total = player.armies if kind == "army" else player.scouts
    return total - figures_on_map(game, seat, kind)


def place_figure(game: Game, seat: int, kind: FigureKind, pos: int) -> Figure:
    fig = Figure(new_id(game), seat, kind, pos, placed_turn=game.turn, moved=True, start_pos=pos)
    game.figures.append(fig)
    yields.touch(game, figures_only=True)
    return fig


def remove_figure(game: Game, fig: Figure) -> None:
    """The figure returns to its owner's civilization sheet (it may be built again)."""
    game.figures.remove(fig)
    yields.touch(game, figures_only=True)


# ------------------------------------------------------------------ decks


def draw_from(game: Game, deck: Deck) -> int | None:
    """The top card of a deck; on reaching the cards returned face up, they are shuffled into a new deck."""
    if not deck.draw and deck.returned:
        deck.draw = deck.returned
        deck.returned = []
        game.rng.shuffle(deck.draw)
    return deck.draw.pop() if deck.draw else None


def unit_type(game: Game, card: int) -> str:
    return game.rules.unit_cards[card].unit


def draw_unit(game: Game, unit: str) -> int | None:
    return draw_from(game, game.unit_decks[unit])


def gain_unit(game: Game, seat: int, unit: str) -> bool:
    """Draw a unit card of `unit` into the player's standing forces; False if the deck is empty."""
    card = draw_unit(game, unit)
    if card is None:
        return False
    game.players[seat].standing.append(card)
    return True


def return_unit(game: Game, card: int) -> None:
    """A killed unit goes face up to the bottom of its deck."""
    game.unit_decks[unit_type(game, card)].returned.append(card)


def return_battle_cards(game: Game, battle: Battle) -> None:
    """A battle is over (or the game ended during it): the surviving units on its fronts and those left in
    the hands go back to their owners' standing forces, the barbarians' and the killed ones under their
    decks."""
    seats = (battle.attacker, battle.defender)
    for front in battle.fronts:
        for side, card in ((0, front.attacker), (1, front.defender)):
            if card >= 0:
                _return_battle_card(game, battle, seats[side], side, card)
    for side in (0, 1):
        for card in battle.hands[side]:  # (only left when a battle ends early)
            _return_battle_card(game, battle, seats[side], side, card)
        for card in battle.killed[side]:
            return_unit(game, card)
    battle.fronts, battle.hands, battle.killed = [], [[], []], [[], []]
    game.barbarians.clear()


def _return_battle_card(game: Game, battle: Battle, seat: int, side: int, card: int) -> None:
    if side == battle.barbarian_side():
        return_unit(game, card)
    else:
        game.players[seat].standing.append(card)


def unit_unlocked(game: Game, seat: int, unit: str) -> bool:
    if not game.rules.units[unit].needs_unlock:
        return True
    return any(unit in game.rules.techs[t].unlocks_units for t in game.players[seat].techs)


def unit_cost(game: Game, seat: int, unit: str) -> int:
    rules = game.rules
    if rules.units[unit].needs_unlock:
        cost = rules.game.units.aircraft_cost
    else:
        cost = rules.game.units.cost_by_rank[game.players[seat].ranks.get(unit, 1)]
    return min([cost, *(p.value for p in effects.params(game, seat, "unit_cost_cap", fx.Value))])


# ------------------------------------------------------------------ culture event cards


def hand_size(game: Game, seat: int) -> int:
    return game.rules.game.culture.hand_size + effects.total(game, seat, "culture_hand_size")


def culture_card(game: Game, card: int) -> str:
    """The record id of a culture event card."""
    return game.rules.culture_card_ids[card]


def draw_culture(game: Game, seat: int, deck: str) -> bool:
    card = draw_from(game, game.culture_decks[deck])
    if card is None:
        game.say(f"The {deck} culture deck is empty: {game.players[seat].name} draws no card.")
        return False
    game.players[seat].hand.append(card)
    check_hand(game, seat)
    return True


def check_hand(game: Game, seat: int) -> None:
    """A player above their hand size discards down to it at once."""
    if len(game.players[seat].hand) > hand_size(game, seat) and not any(
        isinstance(d, DiscardCulture) and d.player == seat for d in game.pending
    ):
        game.pending.append(DiscardCulture(seat))


def discard_culture(game: Game, card: int) -> None:
    game.culture_decks[game.rules.culture_cards[culture_card(game, card)].deck].returned.append(card)


# ------------------------------------------------------------------ great people


def strength_bonus(game: Game, seat: int, unit: str) -> int:
    """The strength the player's abilities add to each of their units of type `unit` in battle."""
    bonuses = effects.params(game, seat, "unit_strength", fx.UnitStrength)
    return sum(p.amount for p in bonuses if p.unit in (None, unit))


def gain_great_person(game: Game, seat: int) -> None:
    """Draw a random great person marker (with the great person deck: a card, and a marker of its type); its
    owner places it in a city or keeps it in reserve."""
    if not game.great_people:
        game.say(f"No great person is left for {game.players[seat].name}.")
        return
    for p in effects.params(game, seat, "free_units_on_great_person", fx.FreeUnitsOnGreatPerson):
        game.pending.append(FreeUnits(seat, left=p.count, source=game.players[seat].civ))  # (after its placing)
    draw = max([1, *(p.draw for p in effects.params(game, seat, "great_person_choice", fx.GreatPersonChoice))])
    if game.great_person_deck:
        _gain_from_deck(game, seat, draw)
        return
    if draw > 1 and len(game.great_people) > 1:  # (W&W's Organized Religion: draw some, keep one)
        markers = [game.great_people.pop() for _ in range(min(draw, len(game.great_people)))]
        game.say(f"{game.players[seat].name} draws {len(markers)} great people to keep one.")
        game.pending.append(GreatPersonDraw(seat, markers=markers))
        return
    marker = game.great_people.pop()
    kind = game.rules.great_people[game.rules.great_person_ids[marker]].name
    game.say(f"{game.players[seat].name} gains a great person: {kind}.")
    game.players[seat].reserve.append(marker)
    game.pending.append(PlaceGreatPerson(seat, marker=marker))


def _gain_from_deck(game: Game, seat: int, draw: int) -> None:
    """Draw `draw` great person cards, each with a marker of its type; one drawn is kept at once, of more the
    player keeps one (the others' cards go face up under the deck, their markers back to the supply)."""
    player = game.players[seat]
    cards: list[int] = []
    markers: list[int] = []
    while len(cards) < draw:
        found = person_deck.draw(game, tuple(markers))
        if found is None:
            break
        cards.append(found[0])
        markers.append(found[1])
    if not cards:
        game.say(f"No great person is left for {player.name}.")
        return
    if len(cards) > 1:
        game.say(f"{player.name} draws {len(cards)} great person cards to keep one.")
        game.pending.append(GreatPersonDraw(seat, markers=markers, cards=cards))
        return
    keep_person_card(game, seat, cards[0], markers[0])


def keep_person_card(game: Game, seat: int, card: int, marker: int) -> None:
    """The player keeps a great person card face down and takes a marker of its type, to place or hold."""
    take_person_card(game, seat, card, marker)
    game.pending.append(PlaceGreatPerson(seat, marker=marker))


def take_person_card(game: Game, seat: int, card: int, marker: int) -> None:
    player = game.players[seat]
    player.person_cards.append(card)
    game.great_people.remove(marker)
    player.reserve.append(marker)
    kind = game.rules.great_people[game.rules.great_person_ids[marker]].name
    game.say(f"{player.name} draws a great person card and gains a great person: {kind}.")


def great_person_squares(game: Game, seat: int) -> list[int]:
    """Where a great person may be placed: the outskirts of the player's cities, not water, not blockaded."""
    out = []
    for city in game.cities_of(seat):
        for pos in board.outskirts(game, city):
            if board.revealed(game, pos) and not board.is_water(game, pos) and not board.blockaded(game, pos, seat):
                out.append(pos)
    return out


# ------------------------------------------------------------------ improvements


def place_improvement(game: Game, pos: int, improvement: Improvement) -> None:
    """Put a building, wonder or great person on a square, replacing what the owner had there."""
    clear_improvement(game, pos, replaced=True)
    game.squares[pos].improvement = improvement
    if improvement.kind == "wonder":
        game.wonder_at[improvement.name] = pos
    elif improvement.kind == "building":
        game.buildings[game.rules.faces[improvement.name].family.id] -= 1
    yields.touch(game)


def clear_improvement(game: Game, pos: int, *, replaced: bool = False, destroyed: bool = False) -> None:
    """Take what stands on a square off the map: a building returns to the market; a wonder and its card
    leave the game; a great person goes back to the owner's reserve (or leaves the game with a destroyed
    city)."""
    square = game.squares[pos]
    old = square.improvement
    if old is None:
        return
    square.improvement = None
    owner = game.players[old.owner]
    if old.kind == "building":
        game.buildings[game.rules.faces[old.name].family.id] += 1
    elif old.kind == "wonder":
        game.wonder_at.pop(old.name, None)
        if old.name in owner.wonders:
            owner.wonders.remove(old.name)
        game.wonders_gone.append(old.name)
        owner.coin_tokens.pop(old.name, None)
        check_hand(game, owner.seat)  # a wonder that raised the hand size is gone
    elif destroyed:
        game.people_gone.append(old.marker)
    else:
        owner.reserve.append(old.marker)
    yields.touch(game)
    if replaced:
        game.say(f"{_improvement_name(game, old)} is replaced.")


def _improvement_name(game: Game, improvement: Improvement) -> str:
    rules = game.rules
    if improvement.kind == "building":
        return rules.faces[improvement.name].face.name
    if improvement.kind == "wonder":
        return rules.wonders[improvement.name].name
    return rules.great_people[improvement.name].name


def improvement_name(game: Game, improvement: Improvement) -> str:
    return _improvement_name(game, improvement)


def building_squares(game: Game, city: City, face: str) -> list[int]:
    """Where `city` may place a building of this face: its outskirts on allowed terrain, not blockaded,
    one limited building per city, never over another player's piece (do not change the list)."""
    fam = game.rules.faces[face].family
    return memo.on_board(game, ("family_squares", city.id, fam.id), lambda: _family_squares(game, city, fam))


def _family_squares(game: Game, city: City, fam: BuildingFamily) -> list[int]:
    free, limited_at = memo.on_board(game, ("build_squares", city.id), lambda: _build_squares(game, city))
    out = []
    for pos, terrain in free:
        if terrain not in fam.terrain or (fam.beside and not _beside(game, pos, fam.beside)):
            continue
        if fam.limited and limited_at >= 0 and limited_at != pos:
            continue
        out.append(pos)
    return out


def _beside(game: Game, pos: int, terrains: list[str]) -> bool:
    """A square orthogonally next to `pos` is of one of `terrains`."""
    return any(game.squares[p].terrain in terrains for p in board.orthogonal(game, pos))


def _build_squares(game: Game, city: City) -> tuple[list[tuple[int, str]], int]:
    """The squares of the city where a building may stand (with their terrain), and where its limited
    building stands (-1: none)."""
    rules = game.rules
    seat = city.owner
    limited_at = -1
    free = []
    for pos in board.outskirts(game, city):
        square = game.squares[pos]
        imp = square.improvement
        if imp is not None and imp.kind == "building" and rules.faces[imp.name].family.limited:
            limited_at = pos
        if not square.terrain or board.blockaded(game, pos, seat):
            continue
        if imp is not None and imp.owner != seat:
            continue
        free.append((pos, square.terrain))
    return free, limited_at


def wonder_squares(game: Game, city: City) -> list[int]:
    """Where `city` may place a wonder: non-water outskirts, not blockaded, one wonder per city."""
    seat = city.owner
    squares = board.outskirts(game, city)
    wonder_here = [p for p in squares if (imp := game.squares[p].improvement) is not None and imp.kind == "wonder"]
    out = []
    for pos in squares:
        square = game.squares[pos]
        if not square.terrain or board.is_water(game, pos) or board.blockaded(game, pos, seat):
            continue
        if square.improvement is not None and square.improvement.owner != seat:
            continue
        if any(p != pos for p in wonder_here):
            continue
        out.append(pos)
    return out


# ------------------------------------------------------------------ cities


def destroy_city(game: Game, city: City) -> None:
    """A conquered city: its marker returns to its owner; buildings go back to the market, wonders and
    great people in its outskirts leave the game."""
    for pos in board.outskirts(game, city):
        imp = game.squares[pos].improvement
        if imp is not None and imp.owner == city.owner:
            clear_improvement(game, pos, destroyed=True)
    for fig in game.figures:
        if fig.gathers_for == city.id:
            fig.gathers_for = -1
    game.cities.remove(city)
    yields.touch(game)


# ------------------------------------------------------------------ resources


def resource_of_marker(game: Game, marker: int) -> str:
    return game.rules.hut_markers[marker].result


def held_resources(game: Game, seat: int) -> list[str]:
    """The player's resources, one entry per token or marker (for counting, not for paying)."""
    player = game.players[seat]
    out = [r for r, n in player.resources.items() for _ in range(n)]
    return out + [resource_of_marker(game, m) for m in player.markers if game.rules.hut_markers[m].special is None]


SHEET = "sheet"  # where a coin token on the civilization sheet lies (not on a tech or a wonder)


def gain_coin_token(game: Game, seat: int, where: str) -> None:
    player = game.players[seat]
    player.coin_tokens[where] = player.coin_tokens.get(where, 0) + 1
    yields.coins_changed(game, seat)


def lose_coin_token(game: Game, seat: int, where: str) -> None:
    player = game.players[seat]
    player.coin_tokens[where] -= 1
    if not player.coin_tokens[where]:
        del player.coin_tokens[where]
    yields.coins_changed(game, seat)


def take_from_market(game: Game, seat: int, resource: str) -> bool:
    if game.market.get(resource, 0) <= 0:
        return False
    game.market[resource] -= 1
    player = game.players[seat]
    player.resources[resource] = player.resources.get(resource, 0) + 1
    return True


def leave_wonder_market(game: Game, wonder: str) -> None:
    """The wonder leaves the market (bought or obsoleted); the next card of the deck takes its place."""
    if wonder in game.wonder_market:
        index = game.wonder_market.index(wonder)
        if game.wonder_deck:
            game.wonder_market[index] = game.wonder_deck.pop(0)
        else:
            game.wonder_market.pop(index)


def place_walls(game: Game, city: City) -> None:
    city.walled = True
    yields.touch(game)


def anchors(game: Game, seat: int) -> list[int]:
    return [f.pos for f in game.figures if f.owner == seat] + [p for c in game.cities_of(seat) for p in c.centre()]


def discard_excess(game: Game) -> None:
    for seat in range(len(game.players)):
        check_hand(game, seat)


def effect_of_card(game: Game, card: int) -> list[Params]:
    return [e.params for e in game.rules.culture_cards[culture_card(game, card)].effects]
