"""Which effects a player has now, looked up by primitive name.

A player's sources are their civilization's abilities, the government ruling them, the techs they
know, the wonders they own, the active ability of each of their investment cards (Fame and
Fortune: the most expensive one the card's markers reach), their social policies and the city-states
they control (Wisdom and Warfare) and the great person cards they keep face up (Fame and Fortune's
optional deck). A wonder counts while it is not obsolete and no enemy figure stands on its marker (a
blockade); a great person card while its holder has a great person of its type on the map. The look-up is
cached per player and rebuilt when their techs, government, wonders, investments, policies, face-up cards
or city-states change; blockades and great people on the map are checked at each look-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from civgame.framework.effects import Params
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import city_state_map, occupancy, person_deck

P = TypeVar("P", bound=Params)
T = TypeVar("T")
Entry = tuple[str, str, Params]  # (source kind, source id, parameters)
NONE: list[Entry] = []
LISTING_KEYS = [("fx", seat) for seat in range(8)]  # more than the most seats a game has


class _Index:
    """A player's effects by primitive name, and the names a wonder or a great person card gives (those are
    checked at each look-up); kept while the player's techs, government and wonders and the obsolete wonders stay
    (techs and obsolete wonders are only ever added)."""

    __slots__ = (
        "by_name",
        "checked_each_time",
        "city_states",
        "government",
        "investments",
        "memos",
        "obsolete",
        "people",
        "policies",
        "techs",
        "wonders",
    )

    def __init__(self, game: Game, seat: int) -> None:
        player = game.players[seat]
        self.techs = len(player.techs)
        self.government = player.government
        self.wonders = list(player.wonders)  # a wonder may replace another: the same count, other wonders
        self.obsolete = len(game.obsolete)
        self.investments = dict(player.investments)
        self.policies = list(player.policies)
        self.people = list(player.person_shown)
        # (None: the rules have no city-states, and the map need not be looked at again)
        self.city_states = _controlled_markers(game, seat) if game.rules.city_states.markers else None
        self.by_name: dict[str, list[Entry]] = {}
        self.checked_each_time: set[str] = set()
        self.memos: dict[str, Any] = {}
        rules = game.rules
        self._add("civilization", player.civ, rules.civilizations[player.civ].abilities)
        self._add("government", player.government, rules.governments[player.government].effects)
        for tech in player.techs:
            self._add("tech", tech, rules.techs[tech].effects)
        for wonder in player.wonders:
            if wonder not in game.obsolete:
                self._add("wonder", wonder, rules.wonders[wonder].effects)
                self.checked_each_time.update(effect.name for effect in rules.wonders[wonder].effects)
        for card, markers in player.investments.items():
            active = [a for a in rules.investments[card].abilities if a.markers <= markers]
            if active:  # only the most expensive active ability works
                self._add("investment", card, max(active, key=lambda a: a.markers).effects)
        for policy in player.policies:
            self._add("policy", policy, rules.policies[policy].effects)
        for number in player.person_shown:  # (checked at each look-up, as wonders are: see `entries`)
            person = person_deck.card(game, number)
            self._add("person", person.id, person.effects)
            self.checked_each_time.update(effect.name for effect in person.effects)
        for marker in self.city_states or ():
            record = rules.city_states.markers[marker]
            self._add("city_state", record.id, record.effects)

    def _add(self, kind: str, source: str, effects: Any) -> None:
        for effect in effects:
            self.by_name.setdefault(effect.name, []).append((kind, source, effect.params))


def _index(game: Game, seat: int) -> _Index:
    listing = game.cache.get("listing")
    if listing is None:
        return _current_index(game, seat)
    # while the rules list one state's actions, the player's effects stay the same
    key = LISTING_KEYS[seat]
    index: _Index | None = listing.get(key)
    if index is None:
        index = listing[key] = _current_index(game, seat)
    return index


def _current_index(game: Game, seat: int) -> _Index:
    indexes = game.cache.get("fx")
    if indexes is None:
        indexes = game.cache["fx"] = [None] * len(game.players)
    index: _Index | None = indexes[seat]
    if index is not None:
        player = game.players[seat]
        if (
            index.techs == len(player.techs)
            and index.government == player.government
            and index.wonders == player.wonders
            and index.obsolete == len(game.obsolete)
            and index.investments == player.investments
            and index.policies == player.policies
            and index.people == player.person_shown
            and (index.city_states is None or index.city_states == _controlled_markers(game, seat))
        ):
            return index
    index = indexes[seat] = _Index(game, seat)
    return index


def _controlled_markers(game: Game, seat: int) -> list[int]:
    """The city-state markers the player controls (W&W): their effects are the player's."""
    return [game.squares[pos].city_state for pos in city_state_map.controlled(game, seat)]


def wonder_active(game: Game, wonder: str) -> bool:
    """A built wonder's ability works: it is not obsolete and no enemy figure blockades its marker."""
    if wonder in game.obsolete:
        return False
    pos = game.wonder_at.get(wonder)
    if pos is None:
        return False
    square = game.squares[pos]
    owner = square.improvement.owner if square.improvement is not None else -1
    return not occupancy.enemy_on(game, pos, owner)


def entries(game: Game, seat: int, name: str) -> list[Entry]:
    """The player's effects of primitive `name`, with their sources (do not change the list)."""
    index = _index(game, seat)
    found = index.by_name.get(name)
    if not found:
        return NONE
    if name not in index.checked_each_time:
        return found  # (the index is rebuilt, never changed: the list stays as it is)
    return [e for e in found if _acting(game, seat, e)]


def _acting(game: Game, seat: int, entry: Entry) -> bool:
    """A wonder's effect works while the wonder does; a great person card's while its type is on the map."""
    if entry[0] == "wonder":
        return wonder_active(game, entry[1])
    if entry[0] == "person":
        return game.rules.person_cards[entry[1]].type in person_deck.on_map(game, seat)
    return True


def memo(game: Game, seat: int, label: str, names: tuple[str, ...], compute: Callable[[], T]) -> T:
    """A value worked out from the player's effects of `names`, kept until those effects change (never
    kept when a wonder gives one of them: a blockade may switch it off at any time)."""
    index = _index(game, seat)
    if not index.checked_each_time.isdisjoint(names):
        return compute()
    store = index.memos
    if label not in store:
        store[label] = compute()
    value: T = store[label]
    return value


def has(game: Game, seat: int, name: str) -> bool:
    index = _index(game, seat)
    if name not in index.by_name:  # (asked often: most players lack most effects)
        return False
    return name not in index.checked_each_time or bool(entries(game, seat, name))


def params(game: Game, seat: int, name: str, model: type[P]) -> list[P]:
    """The parameters of the player's effects of primitive `name` (declared with `model`)."""
    out = []
    for _, _, p in entries(game, seat, name):
        assert isinstance(p, model), f"{name} has {type(p).__name__} parameters, not {model.__name__}"
        out.append(p)
    return out


def total(game: Game, seat: int, name: str, attribute: str = "amount") -> int:
    found = entries(game, seat, name)
    if not found:  # (most players lack most effects)
        return 0
    return sum([int(getattr(p, attribute)) for _, _, p in found])


def highest(game: Game, seat: int, name: str, base: int, attribute: str = "value") -> int:
    return max([base, *(int(getattr(p, attribute)) for _, _, p in entries(game, seat, name))])


def carried(*names: str) -> Callable[[Game], bool]:
    """A rule's `in_play`: some record of the game's rules carries an effect of one of these primitives (a
    rule acting only through them lists nothing in a game whose rules have none)."""
    return lambda game: not game.rules.effect_names.isdisjoint(names)


def source_name(game: Game, kind: str, source: str) -> str:
    rules = game.rules
    table: dict[str, Any] = {
        "civilization": rules.civilizations,
        "government": rules.governments,
        "tech": rules.techs,
        "wonder": rules.wonders,
        "investment": rules.investments,
        "policy": rules.policies,
        "person": rules.person_cards,
        "city_state": {m.id: m for m in rules.city_states.markers},
    }
    record = table.get(kind, {}).get(source)
    return str(record.name) if record is not None else source
