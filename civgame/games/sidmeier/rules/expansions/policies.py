"""Wisdom and Warfare's social policies [004 W&W EXPANSION RULES: Social policies].

Each player has the same double-sided policy cards (`policies.yaml`). Their social policy maximum is
the number of their cities: whenever it rises they must adopt a policy at once (a side of a card they
do not hold), whenever it falls they return a card. An adopted policy is an effect source of its
player (`rules.base.effects`). The Start of Turn abilities a player chooses to use (Rationalism,
Patronage) are actions here; the ones that simply act are in `automatic`; a great person drawn two at
a time is kept here.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.effects import Params
from civgame.framework.errors import RuleError
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.actions import (
    Action,
    AdoptPolicy,
    BuyCultureCard,
    BuyTech,
    KeepGreatPerson,
    ReturnPolicy,
)
from civgame.games.sidmeier.core.decisions import FreeUnits, GreatPersonDraw, PlaceGreatPerson, PolicyChoice, StartTurn
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import culture, effects, pieces, techs, yields
from civgame.games.sidmeier.rules.base.book import BOOK, top

# ------------------------------------------------------------------ the policy maximum


def maximum(game: Game, seat: int) -> int:
    """The player's social policy maximum: the number of their cities, and a bonus (France) once they have one
    (so that setup asks for the policies when the capital is placed, as for everyone)."""
    cities = len(game.cities_of(seat))
    return cities + effects.total(game, seat, "policy_maximum_bonus") if cities else 0


def settle(game: Game) -> bool:
    """Ask the first player whose adopted policies differ from their maximum to adopt or return one
    (True: a decision was added). Nothing to do while one is asked already. In play only with policy cards
    (`rules.flow.phases.FIRST_STEPS`)."""
    if any(isinstance(d, PolicyChoice) for d in game.pending):
        return False
    for seat in game.order():
        held, most = len(game.players[seat].policies), maximum(game, seat)
        available = len(game.rules.policy_cards) > held
        if held > most or (held < most and available):
            game.pending.append(PolicyChoice(seat, adopt=held < most))
            return True
    return False


def list_adopt(game: Game) -> Iterator[Action]:
    decision = top(game, PolicyChoice)
    player = game.players[decision.player]
    if decision.adopt:
        held = {game.rules.policy_card[p] for p in player.policies}
        for card_id, card in game.rules.policy_cards.items():
            if card_id not in held:
                for side in card.sides:
                    yield AdoptPolicy(side.id)


def list_return(game: Game) -> Iterator[Action]:
    decision = top(game, PolicyChoice)
    if not decision.adopt:
        for policy in game.players[decision.player].policies:
            yield ReturnPolicy(policy)


def check_adopt(game: Game, action: AdoptPolicy | ReturnPolicy) -> None:
    if action not in [*list_adopt(game), *list_return(game)]:
        raise RuleError(
            "a policy is adopted from a card you do not hold (one side of it) when your social policy maximum rises, "
            "and a card you hold is returned when it falls"
        )


@BOOK.rule(AdoptPolicy, legal=list_adopt, answers=(PolicyChoice,), check=check_adopt)
def adopt(game: Game, action: AdoptPolicy) -> None:
    _change(game, action.policy, adopted=True)


@BOOK.rule(ReturnPolicy, legal=list_return, answers=(PolicyChoice,), check=check_adopt)
def return_policy(game: Game, action: ReturnPolicy) -> None:
    _change(game, action.policy, adopted=False)


def _change(game: Game, policy: str, *, adopted: bool) -> None:
    decision = top(game, PolicyChoice)
    game.pending.pop()
    player = game.players[decision.player]
    if adopted:
        player.policies.append(policy)
    else:
        player.policies.remove(policy)
    yields.coins_changed(game)  # (a policy may give coins)
    verb = "adopts" if adopted else "returns"
    game.say(f"{player.name} {verb} the social policy {game.rules.policies[policy].name}.")


# ------------------------------------------------------------------ Start of Turn abilities


def _unused(game: Game, seat: int, name: str) -> Iterator[tuple[str, Params]]:
    """The player's abilities of primitive `name` not used yet this turn, each with its mark of use."""
    used = game.players[seat].used
    for _, source, p in effects.entries(game, seat, name):
        mark = f"start:{source}:{name}:{p.model_dump_json()}"
        if mark not in used:
            yield mark, p


def list_buy_tech(game: Game) -> Iterator[Action]:
    seat = game.actor()
    trade = game.players[seat].trade
    for _, p in _unused(game, seat, "start_buy_tech"):
        assert isinstance(p, fx.StartBuyTech)
        if trade >= p.trade:
            level = [t for t, record in game.rules.techs.items() if record.level == p.level]
            for tech in techs.learnable(game, seat, level):
                yield BuyTech(tech)


def check_buy_tech(game: Game, action: BuyTech) -> None:
    if action not in list(list_buy_tech(game)):
        raise RuleError(
            "a tech is bought at Start of Turn with an ability of its level not used this turn, for that ability's "
            "trade, and it needs a place in your pyramid"
        )


@BOOK.rule(
    BuyTech, legal=list_buy_tech, answers=(StartTurn,), check=check_buy_tech, in_play=effects.carried("start_buy_tech")
)
def buy_tech(game: Game, action: BuyTech) -> None:
    seat = game.actor()
    player = game.players[seat]
    level = game.rules.techs[action.tech].level
    mark, p = next((m, p) for m, p in _unused(game, seat, "start_buy_tech") if getattr(p, "level", 0) == level)
    assert isinstance(p, fx.StartBuyTech)
    player.used.append(mark)
    player.trade -= p.trade
    techs.learn(game, seat, action.tech, how=f"for {p.trade} trade")


def list_buy_card(game: Game) -> Iterator[Action]:
    seat = game.actor()
    for _, p in _unused(game, seat, "start_buy_culture_card"):
        assert isinstance(p, fx.StartBuyCultureCard)
        if game.players[seat].culture >= p.culture:
            yield BuyCultureCard()
            return


def check_buy_card(game: Game, action: BuyCultureCard) -> None:
    if action not in list(list_buy_card(game)):
        raise RuleError("a culture event card is bought at Start of Turn once, for the ability's culture")


@BOOK.rule(
    BuyCultureCard,
    legal=list_buy_card,
    answers=(StartTurn,),
    check=check_buy_card,
    in_play=effects.carried("start_buy_culture_card"),
)
def buy_card(game: Game, action: BuyCultureCard) -> None:
    seat = game.actor()
    player = game.players[seat]
    mark, p = next(_unused(game, seat, "start_buy_culture_card"))
    assert isinstance(p, fx.StartBuyCultureCard)
    player.used.append(mark)
    player.culture -= p.culture
    deck = culture.area_deck(game, seat)
    if pieces.draw_culture(game, seat, deck):
        game.say(f"{player.name} pays {p.culture} culture for a {deck} culture event card.")


def automatic(game: Game, seat: int) -> None:
    """The policies' Start of Turn abilities that simply act."""
    player = game.players[seat]
    _trade_per(game, seat, "start_trade_per_city", len(game.cities_of(seat)), "city")
    _trade_per(game, seat, "start_trade_per_policy", len(player.policies), "social policy")
    with_scout = effects.total(game, seat, "start_culture_with_scout")
    if with_scout and any(f.owner == seat and f.kind == "scout" for f in game.figures):
        player.culture += with_scout
        game.say(f"{player.name} gains {with_scout} culture (a scout on the map).")


def _trade_per(game: Game, seat: int, name: str, count: int, each: str) -> None:
    """The player gains the trade of their `name` effects for each of `count` things."""
    per = effects.total(game, seat, name)
    if per and count:
        player = game.players[seat]
        player.trade = min(game.rules.game.trade.dial_max, player.trade + per * count)
        game.say(f"{player.name} gains {per * count} trade ({per} per {each}).")


# ------------------------------------------------------------------ triggered abilities


def army_built(game: Game, seat: int) -> None:
    """The first army figure the player builds in a turn brings a free unit of their choice."""
    player = game.players[seat]
    for _, source, _ in effects.entries(game, seat, "free_unit_with_army"):
        mark = f"army:{source}"
        if mark not in player.used:
            player.used.append(mark)
            game.pending.append(FreeUnits(seat, left=1, source=source))


def list_keep(game: Game) -> Iterator[Action]:
    for marker in top(game, GreatPersonDraw).markers:
        yield KeepGreatPerson(marker)


def check_keep(game: Game, action: KeepGreatPerson) -> None:
    if action not in list(list_keep(game)):
        raise RuleError("keep one of the great people drawn")


@BOOK.rule(KeepGreatPerson, legal=list_keep, answers=(GreatPersonDraw,), check=check_keep)
def keep_great_person(game: Game, action: KeepGreatPerson) -> None:
    decision = top(game, GreatPersonDraw)
    game.pending.pop()
    if decision.cards:  # (the great person deck: the cards not kept go face up under it)
        kept = decision.markers.index(action.marker)
        game.person_deck.returned += [c for i, c in enumerate(decision.cards) if i != kept]
        pieces.keep_person_card(game, decision.player, decision.cards[kept], action.marker)
        return
    for marker in decision.markers:
        if marker != action.marker:
            game.great_people.insert(0, marker)  # back under the pile
    player = game.players[decision.player]
    kind = game.rules.great_people[game.rules.great_person_ids[action.marker]].name
    game.say(f"{player.name} keeps a great person: {kind}.")
    player.reserve.append(action.marker)
    game.pending.append(PlaceGreatPerson(decision.player, marker=action.marker))
