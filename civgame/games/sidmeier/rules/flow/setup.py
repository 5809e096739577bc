"""Setting up a game [004 SETUP]: civilizations, the map, decks and market, then each player's capital,
starting figures and civilization bonuses, chosen in turn order."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from civgame.framework.errors import RuleError
from civgame.framework.rng import Rng
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.content.ruleset import Ruleset, load_rules
from civgame.games.sidmeier.core.actions import Action, PlaceCapital, PlaceFigure, PlaceWonder
from civgame.games.sidmeier.core.decisions import (
    ChooseCapital,
    PlaceGreatPerson,
    PlaceStartingFigure,
    PlaceStartingWonder,
)
from civgame.games.sidmeier.core.model import City, Deck, Game, Improvement, Player, Square, TileSlot
from civgame.games.sidmeier.rules.base import board, person_deck, pieces, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top
from civgame.games.sidmeier.rules.movement.moves import fill_tile

RANDOM = "random"


def playable_civilizations(rules: Ruleset) -> list[str]:
    """Civilizations whose every ability is in play (all of this game's data)."""
    return list(rules.civilizations)


def create_game(
    players: int | Sequence[str],
    seed: int,
    *,
    civilizations: Sequence[str] | None = None,
    tie_breaker: bool = False,
    expansions: Sequence[str] = (),
    great_person_deck: bool = False,
    rules: Ruleset | None = None,
) -> Game:
    """A new game, before its first decision (the controller's `new_game` starts it). `rules` (with
    mods) must have been loaded with the `expansions` chosen."""
    rules = rules or load_rules(expansions=expansions)
    if sorted(rules.expansions) != sorted(set(expansions)):
        raise RuleError("the rules were loaded with other expansions than the ones chosen")
    names = list(players) if not isinstance(players, int) else [f"Player {i + 1}" for i in range(players)]
    count = len(names)
    cfg = rules.game
    if not cfg.players.min <= count <= cfg.players.max:
        raise RuleError(f"the game is for {cfg.players.min} to {cfg.players.max} players, not {count}")
    rng = Rng.from_seed(seed)
    civs = _deal_civilizations(rules, rng, count, civilizations)
    layout = rules.map.layouts[count]
    size = rules.map.tile_size
    width, height = layout.columns * size, layout.rows * size
    game = Game(
        seed=seed,
        rng=rng,
        players=[],
        width=width,
        height=height,
        tiles=[],
        squares=[Square() for _ in range(width * height)],
    )
    game.rules = rules
    game.tie_breaker = tie_breaker
    if great_person_deck and not rules.person_cards:
        raise RuleError("the great person deck is an option of Fame and Fortune, which this game is not played with")
    game.great_person_deck = great_person_deck
    # the map: home tiles face up, neutral tiles shuffled face down into the other places
    neutral = list(rules.neutral_tiles)
    rng.shuffle(neutral)
    homes = {(c, r): seat for seat, (c, r) in enumerate(layout.homes)}
    for row in range(layout.rows):
        for column in range(layout.columns):
            seat = homes.get((column, row), -1)
            tile = rules.home_tiles[civs[seat]].id if seat >= 0 else neutral.pop()
            game.tiles.append(TileSlot(tile, column, row, home_of=seat))
    # decks and piles
    for unit in rules.units:
        game.unit_decks[unit] = Deck([i for i, card in enumerate(rules.unit_cards) if card.unit == unit])
        rng.shuffle(game.unit_decks[unit].draw)
    _culture_decks(game, rules, rng)
    game.great_people = list(range(len(rules.great_person_ids)))
    rng.shuffle(game.great_people)
    if great_person_deck:  # (the markers lie face up by type; the cards are shuffled face down)
        game.person_deck = Deck(list(range(len(rules.person_card_ids))))
        rng.shuffle(game.person_deck.draw)
    _hut_piles(game, rules, rng)
    game.city_state_pile = list(range(len(rules.city_states.markers)))
    if game.city_state_pile:  # (W&W: shuffled face down near the market board)
        rng.shuffle(game.city_state_pile)
    for index, slot in enumerate(game.tiles):
        if slot.home_of >= 0:
            fill_tile(game, index, 0)
    game.market = dict.fromkeys(cfg.resources.market, cfg.resources.market_tokens_per_player * count)
    game.buildings = {f.id: f.markers for f in rules.families.values()}
    _wonders(game, rules, rng)
    game.first = rng.below(count)
    # the players
    for seat, (name, civ_id) in enumerate(zip(names, civs, strict=True)):
        civ = rules.civilizations[civ_id]
        player = Player(
            seat, name, civ_id, civ.starting_government, armies=cfg.figures.armies, scouts=cfg.figures.scouts
        )
        player.ranks = dict.fromkeys(rules.units, 1)
        game.players.append(player)
        techs.learn(game, seat, civ.starting_tech, row=1, setup=True)
        for unit in cfg.units.starting:
            pieces.gain_unit(game, seat, unit)
        for effect in civ.setup:
            p = effect.params
            if isinstance(p, fx.ExtraUnits):
                for _ in range(p.count):
                    pieces.gain_unit(game, seat, p.unit)
            elif isinstance(p, fx.ExtraFigures):
                if p.figure == "army":
                    player.armies += p.count
                else:
                    player.scouts += p.count
            elif isinstance(p, fx.StartingResources):
                for resource in p.resources:
                    pieces.take_from_market(game, seat, resource)
    game.queue = game.order()
    names_of = {e.id: e.name for e in cfg.expansions}
    extras = " and ".join(names_of[e] for e in rules.expansions)
    game.say(f"A new game of {cfg.title}{' with ' + extras if extras else ''} for {count} players (seed {seed}).")
    for player in game.players:
        game.say(f"{player.name} leads {rules.civilizations[player.civ].name}.")
    return game


def _deal_civilizations(rules: Ruleset, rng: Rng, count: int, chosen: Sequence[str] | None) -> list[str]:
    pool = playable_civilizations(rules)
    wanted = list(chosen) if chosen else [RANDOM] * count
    if len(wanted) != count:
        raise RuleError(f"{count} players need {count} civilizations, got {len(wanted)}")
    for civ in wanted:
        if civ != RANDOM and civ not in pool:
            raise RuleError(f"there is no civilization {civ!r}; the civilizations are {', '.join(pool)}")
    named = [c for c in wanted if c != RANDOM]
    if len(set(named)) != len(named):
        raise RuleError("two players cannot lead the same civilization")
    free = [c for c in pool if c not in named]
    rng.shuffle(free)
    return [c if c != RANDOM else free.pop() for c in wanted]


def _culture_decks(game: Game, rules: Ruleset, rng: Rng) -> None:
    ids = list(range(len(rules.culture_card_ids)))
    rng.shuffle(ids)
    # the cards whose set is unknown stand in for the sets' unknown cards: the extra ones are removed at
    # random (catalogue culture-cards.md, gap 1), never a card an expansion is known to bring
    unknown = [i for i in ids if not rules.culture_cards[rules.culture_card_ids[i]].card_set]
    gone = set(unknown[: len(ids) - rules.culture_deck_size()])
    game.culture_out = sorted(gone)
    for deck in rules.culture_decks:
        game.culture_decks[deck] = Deck(
            [i for i in ids if i not in gone and rules.culture_cards[rules.culture_card_ids[i]].deck == deck]
        )


def _hut_piles(game: Game, rules: Ruleset, rng: Rng) -> None:
    for kind, pool, pile in (
        ("hut", rules.huts.huts, game.hut_pile),
        ("village", rules.huts.villages, game.village_pile),
    ):
        ids = [i for i, m in enumerate(rules.hut_markers) if m.kind == kind]
        rng.shuffle(ids)
        # the pool holds more resource markers than a game uses: the extra ones are removed (never the
        # expansions' other results)
        resources = [i for i in ids if rules.hut_markers[i].special is None]
        gone = set(resources[: len(ids) - pool.count])
        game.markers_gone += sorted(gone)
        pile.extend(i for i in ids if i not in gone)
    game.markers_gone.sort()


def _wonders(game: Game, rules: Ruleset, rng: Rng) -> None:
    """Each era deals `per_era` wonders: the known base cards and others at random."""
    per_era = rules.wonder_deck.per_era
    dealt: dict[str, list[str]] = {}
    for era in rules.eras:
        known = [w.id for w in rules.wonders.values() if w.era == era and w.base_card]
        others = [w.id for w in rules.wonders.values() if w.era == era and not w.base_card]
        rng.shuffle(others)
        chosen = (known + others)[:per_era]
        game.wonders_out += [w for w in known + others if w not in chosen]
        rng.shuffle(chosen)
        dealt[era] = chosen
    ancient, *later = rules.eras
    game.wonder_deck = [w for era in later for w in dealt[era]]
    market = dealt[ancient]
    game.wonder_market = market


# ------------------------------------------------------------------ each player's setup decisions


def begin_player(game: Game, seat: int) -> None:
    """Push the player's setup decisions: capital first, then the starting figures, then the bonuses."""
    rules = game.rules
    player = game.players[seat]
    civ = rules.civilizations[player.civ]
    stack: list[PlaceStartingWonder | PlaceGreatPerson | PlaceStartingFigure] = []
    figures = ["army", "scout"]
    for effect in civ.setup:
        p = effect.params
        if isinstance(p, fx.ExtraFigures):
            figures.append(p.figure)
        elif effect.name == "random_ancient_wonder":
            wonder = game.wonder_market[game.rng.below(len(game.wonder_market))]
            index = game.wonder_market.index(wonder)
            game.wonder_market[index] = game.wonder_deck.pop(0)
            player.wonders.append(wonder)
            game.say(f"{player.name} gains {rules.wonders[wonder].name}.")
            stack.append(PlaceStartingWonder(seat, wonder=wonder))
        elif effect.name == "random_great_person" and game.great_person_deck:  # (F&F: a card with it)
            found = person_deck.draw(game)
            if found is not None:
                pieces.take_person_card(game, seat, *found)
                stack.append(PlaceGreatPerson(seat, marker=found[1]))
        elif effect.name == "random_great_person" and game.great_people:
            marker = game.great_people.pop()
            player.reserve.append(marker)
            game.say(f"{player.name} gains a great person: {rules.great_people[rules.great_person_ids[marker]].name}.")
            stack.append(PlaceGreatPerson(seat, marker=marker))
    stack = [PlaceStartingFigure(seat, figure=f) for f in figures] + stack
    game.pending.extend(reversed(stack))
    game.pending.append(ChooseCapital(seat))


def capital_squares(game: Game, seat: int) -> list[int]:
    return [pos for pos in board.home_centre(game, seat) if not board.is_water(game, pos)]


def list_capital(game: Game) -> Iterator[Action]:
    for pos in capital_squares(game, game.actor()):
        yield PlaceCapital(pos)


def check_capital(game: Game, action: PlaceCapital) -> None:
    if action.pos not in capital_squares(game, game.actor()):
        raise RuleError("the capital goes on one of the 4 centre squares of your home tile (not water)")


@BOOK.rule(PlaceCapital, legal=list_capital, answers=(ChooseCapital,), check=check_capital)
def place_capital(game: Game, action: PlaceCapital) -> None:
    seat = game.actor()
    game.pending.pop()
    walled = any(e.name == "walled_capital" for e in game.rules.civilizations[game.players[seat].civ].setup)
    game.cities.append(City(pieces.new_id(game), seat, action.pos, capital=True, walled=walled))
    yields.touch(game)
    game.say(
        f"{game.players[seat].name} places the capital at {game.label(action.pos)}{' (walled)' if walled else ''}."
    )


def _capital(game: Game, seat: int) -> City:
    return next(c for c in game.cities if c.owner == seat and c.capital)


def list_figure(game: Game) -> Iterator[Action]:
    decision = top(game, PlaceStartingFigure)
    for pos in board.placement_squares(game, _capital(game, decision.player), decision.figure):
        if not board.is_water(game, pos):
            yield PlaceFigure(pos)


def check_figure(game: Game, action: PlaceFigure) -> None:
    if action not in list(list_figure(game)):
        raise RuleError("a starting figure goes on a land square of the capital's outskirts, within the stacking limit")


@BOOK.rule(PlaceFigure, legal=list_figure, answers=(PlaceStartingFigure,), check=check_figure)
def place_figure(game: Game, action: PlaceFigure) -> None:
    decision = top(game, PlaceStartingFigure)
    game.pending.pop()
    fig = pieces.place_figure(game, decision.player, decision.figure, action.pos)  # type: ignore[arg-type]
    fig.placed_turn = 0
    fig.moved = False


def list_wonder(game: Game) -> Iterator[Action]:
    decision = top(game, PlaceStartingWonder)
    for pos in pieces.wonder_squares(game, _capital(game, decision.player)):
        yield PlaceWonder(pos)


def check_wonder(game: Game, action: PlaceWonder) -> None:
    if action not in list(list_wonder(game)):
        raise RuleError("the wonder goes on a land square of the capital's outskirts")


@BOOK.rule(PlaceWonder, legal=list_wonder, answers=(PlaceStartingWonder,), check=check_wonder)
def place_wonder(game: Game, action: PlaceWonder) -> None:
    decision = top(game, PlaceStartingWonder)
    game.pending.pop()
    pieces.place_improvement(game, action.pos, Improvement("wonder", decision.wonder, decision.player))


def finish_setup(game: Game) -> None:
    """Set every trade dial to the trade of the capital's outskirts; the first turn begins."""
    for player in game.players:
        capital = _capital(game, player.seat)
        player.trade = min(game.rules.game.trade.dial_max, yields.city_icons(game, capital)[yields.TRADE])
