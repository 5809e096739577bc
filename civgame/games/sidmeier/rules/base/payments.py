"""Paying resources: market tokens, hut and village markers, and culture event cards that count as a
resource. A payment names each item spent: `token:<resource>`, `marker:<number>`, `card:<number>:<resource>`,
`sub:<source>` when a wonder lets two resources of any kind stand for a spy, and `person:<number>` when a great
person card, discarded, lets a resource of any kind stand for the one it names (Marie Curie's uranium). A token
or marker spent as another resource (India's ability) carries it: `token:silk:wheat`, `marker:3:wheat`.

Spent market tokens go back to the market; spent markers leave the game; a spent card is discarded.
"""

from __future__ import annotations

from collections.abc import Iterator

from civgame.framework.effects import Params
from civgame.framework.wording import counted
from civgame.games.sidmeier.content import effects as fx
from civgame.games.sidmeier.core.decisions import GiftRecipient
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, person_deck, pieces

Item = tuple[str, str, str]  # (payment item, the resource it pays as, what makes it unique)
KEPT_PAYMENTS = 32  # ways to pay kept per player


def _held(game: Game, seat: int) -> list[Item]:
    player = game.players[seat]
    out: list[Item] = []
    for resource, count in sorted(player.resources.items()):
        out += [(f"token:{resource}", resource, f"token:{resource}:{i}") for i in range(count)]
    for marker in player.markers:
        if game.rules.hut_markers[marker].special is None:  # (the expansions' other results pay for nothing)
            out.append((f"marker:{marker}", pieces.resource_of_marker(game, marker), f"marker:{marker}"))
    choices = [c for p in effects.params(game, seat, "resource_wildcard", fx.ResourceWildcard) for c in p.choices]
    out += [(f"{name}:{c}", c, unique) for name, resource, unique in out for c in choices if c != resource]
    for card in player.hand:
        for p in pieces.effect_of_card(game, card):
            if isinstance(p, fx.CardResource):
                out += [(f"card:{card}:{r}", r, f"card:{card}") for r in p.choices]
    return out


def holds_nothing_to_pay(game: Game, seat: int) -> bool:
    """The player holds no token, no marker and no culture event card that counts as a resource."""
    player = game.players[seat]
    if player.markers or any(player.resources.values()):
        return False
    paying = _paying_cards(game)
    ids = game.rules.culture_card_ids
    return not any(ids[card] in paying for card in player.hand)


def _paying_cards(game: Game) -> frozenset[str]:
    """The culture event cards that count as a resource (a table of the game's rules, made once)."""
    found: frozenset[str] | None = game.cache.get("paying_cards")
    if found is None:
        cards = game.rules.culture_cards
        found = frozenset(c for c, record in cards.items() if any(e.name == "card_resource" for e in record.effects))
        game.cache["paying_cards"] = found
    return found


def _spent(item: str) -> str:
    """The token or marker an item spends (`token:silk:wheat` spends `token:silk`)."""
    return ":".join(item.split(":")[:2])


def _substitutes(game: Game, seat: int) -> list[tuple[str, int]]:
    player = game.players[seat]
    return [
        (source, p.resources)
        for _, source, p in effects.entries(game, seat, "spy_substitute")
        if isinstance(p, fx.SpySubstitute) and f"sub:{source}" not in player.used
    ]


def _stand_ins(game: Game, seat: int, cost: list[str]) -> list[tuple[str, str]]:
    """The great person cards that may be discarded to pay another resource for one of `cost`'s: (item, the
    resource it stands for)."""
    if not game.players[seat].person_cards:
        return []
    found = person_deck.ready(game, seat, "person_resource_substitute")
    return [
        (f"person:{number}", p.resource)
        for number, p in found
        if isinstance(p, fx.PersonResourceSubstitute) and p.resource in cost
    ]


def options(game: Game, seat: int, cost: list[str], limit: int = 12) -> list[tuple[str, ...]]:
    """Distinct ways to pay `cost` (items of the same kind and resource count as one way)."""
    player = game.players[seat]
    if cost and holds_nothing_to_pay(game, seat):
        return []  # (the most common case, checked first)
    substitutes = tuple(_substitutes(game, seat)) if "spy" in cost else ()
    stand_ins = tuple(_stand_ins(game, seat, cost))
    # kept while what the player holds stays the same: abilities are listed again after every action
    held = (tuple(player.resources.items()), tuple(player.markers), tuple(player.hand))
    key = (tuple(cost), limit, *held, substitutes, stand_ins)
    known: dict[tuple[object, ...], list[tuple[str, ...]]] = game.cache.setdefault(("payments", seat), {})
    found = known.get(key)
    if found is None:
        if len(known) >= KEPT_PAYMENTS:
            known.clear()
        found = known[key] = _options(game, seat, cost, limit)
    return list(found)


def _options(game: Game, seat: int, cost: list[str], limit: int) -> list[tuple[str, ...]]:
    held = _held(game, seat)
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for plan in _plans(game, seat, cost):
        for chosen in _match(held, plan[1], 0, set()):
            items = tuple(sorted(c[0] for c in chosen)) + plan[0]
            key = tuple(sorted(_kind(game, c) for c in chosen)) + plan[0]
            found.setdefault(key, items)
            if len(found) >= limit:
                return list(found.values())
    return list(found.values())


def can_pay(game: Game, seat: int, cost: list[str]) -> bool:
    held = _held(game, seat)
    return any(next(_match(held, plan[1], 0, set()), None) is not None for plan in _plans(game, seat, cost))


def _plans(game: Game, seat: int, cost: list[str]) -> Iterator[tuple[tuple[str, ...], list[str]]]:
    yield (), list(cost)
    if "spy" in cost:
        for source, count in _substitutes(game, seat):
            rest = list(cost)
            rest.remove("spy")
            yield (f"sub:{source}",), rest + ["any"] * count
    for item, resource in _stand_ins(game, seat, cost):
        rest = list(cost)
        rest.remove(resource)
        yield (item,), [*rest, "any"]


def _kind(game: Game, item: Item) -> str:
    name, resource, _unique = item
    if name.startswith("card:"):
        return f"card:{pieces.culture_card(game, int(name.split(':')[1]))}:{resource}"
    return f"{name.split(':')[0]}:{resource}"


def _match(held: list[Item], cost: list[str], i: int, used: set[str]) -> Iterator[list[Item]]:
    if i == len(cost):
        yield []
        return
    seen: set[tuple[str, str]] = set()
    for item in held:
        name, resource, unique = item
        if unique in used or (cost[i] != "any" and resource != cost[i]):
            continue
        kind = (name.split(":")[0] + (name.split(":")[1] if name.startswith("card") else ""), resource)
        if kind in seen:
            continue
        seen.add(kind)
        for rest in _match(held, cost, i + 1, used | {unique}):
            yield [item, *rest]


def why_not(game: Game, seat: int, cost: list[str], pay: tuple[str, ...]) -> str | None:
    """Why `pay` does not pay `cost` with what the player holds (None: it does)."""
    subs = [p for p in pay if p.startswith("sub:")]
    persons = [p for p in pay if p.startswith("person:")]
    items = [p for p in pay if not p.startswith(("sub:", "person:"))]
    need = list(cost)
    if persons:
        stand_ins = dict(_stand_ins(game, seat, need))
        if len(persons) > 1 or persons[0] not in stand_ins:
            return "that great person card cannot stand in for a resource of this cost now"
        need.remove(stand_ins[persons[0]])
        need.append("any")
    if subs:
        available = dict(_substitutes(game, seat))
        if len(subs) > 1 or subs[0][4:] not in available or "spy" not in need:
            return "that substitute for a spy cannot be used now"
        need.remove("spy")
        need += ["any"] * available[subs[0][4:]]
    held = {h[0]: h for h in _held(game, seat)}
    counts: dict[str, int] = {}
    resources = []
    for item in items:
        counts[item] = counts.get(item, 0) + 1
        found = held.get(item)
        if found is None:
            return f"{item} is not held"
        resources.append(found[1])
        if item.startswith("card:") and sum(1 for i in items if i.split(":")[:2] == item.split(":")[:2]) > 1:
            return "a card is spent only once"
    player = game.players[seat]
    spent: dict[str, int] = {}
    for item, n in counts.items():
        if item.startswith(("token:", "marker:")):
            spent[_spent(item)] = spent.get(_spent(item), 0) + n
    for item, n in spent.items():
        if item.startswith("token:") and player.resources.get(item[6:], 0) < n:
            return f"not enough {item[6:]} tokens"
        if item.startswith("marker:") and n > 1:
            return "a marker is spent only once"
    if len(resources) != len(need):
        return f"the cost is {counted(len(need), 'resource')}"
    rest = list(resources)
    for want in [c for c in need if c != "any"]:
        if want not in rest:
            return f"the cost asks for {want}"
        rest.remove(want)
    return None


def pay(game: Game, seat: int, items: tuple[str, ...]) -> None:
    """Spend the items (checked by `why_not` before)."""
    player = game.players[seat]
    tokens = sum(1 for item in items if item.partition(":")[0] in ("token", "marker"))
    bonus = tokens * effects.total(game, seat, "culture_per_resource_spent")
    if bonus:
        player.culture += bonus
        game.say(f"{player.name} gains {bonus} culture for the resources spent.")
    for item in items:
        kind, _, rest = item.partition(":")
        if kind == "sub":
            player.used.append(item)
        elif kind == "person":
            number = int(rest)
            player.person_cards.remove(number)
            game.person_deck.returned.append(number)  # face up under the deck
            person = person_deck.card(game, number)
            game.say(f"{player.name} uses {person.name}: {person.text}")
        elif kind == "token":
            resource = rest.split(":")[0]
            player.resources[resource] -= 1
            game.market[resource] = game.market.get(resource, 0) + 1
        elif kind == "marker":
            marker = int(rest.split(":")[0])
            player.markers.remove(marker)
            game.markers_gone.append(marker)
        elif kind == "card":
            card = int(rest.split(":")[0])
            player.hand.remove(card)
            pieces.discard_culture(game, card)
            if _gift(game, card) and len(game.players) > 1:
                game.pending.append(GiftRecipient(seat))


def _gift(game: Game, card: int) -> list[Params]:
    return [
        e.params
        for e in game.rules.culture_cards[pieces.culture_card(game, card)].effects
        if e.name == "gift_coin_to_other"
    ]


def describe(game: Game, items: tuple[str, ...]) -> str:
    names = []
    for item in items:
        kind, _, rest = item.partition(":")
        spent, _, counted_as = rest.partition(":")
        counts_as = f" as {counted_as}" if counted_as and kind != "card" else ""
        if kind == "token":
            names.append(f"a {spent} token{counts_as}")
        elif kind == "marker":
            names.append(f"a {pieces.resource_of_marker(game, int(spent))} marker{counts_as}")
        elif kind == "card":
            card, _, resource = rest.partition(":")
            names.append(f"{game.rules.culture_cards[pieces.culture_card(game, int(card))].name} as {resource}")
        elif kind == "person":
            names.append(person_deck.card(game, int(spent)).name)
    return " and ".join(names) or "nothing"
