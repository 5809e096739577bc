"""How near a player is to the status-phase objectives on their cards, 0 to 1: what a computer player
works toward before a card's condition holds (`Weights.objective_progress`).

Each condition primitive that counts has a share: 4 ore of the 5 Ore Supplies asks for is 0.8, 3 of a
category's 4 advances 0.75, one observatory where the leader has two a third. A condition that holds
is 1; one that does not count anything (a wonder built last round, an objective not completed last
round) is 0 until it holds. An estimate for choosing, never a rule: completing still needs `holds`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civgame.games.clash.content.conditions import AllOf, AnyOf, AtLeast, Condition, Lead, Most, OwnsCategory
from civgame.games.clash.core.model import Game, Player
from civgame.games.clash.rules.actions.objectives import STATUS, count, holds

Share = Callable[[Game, Player, Any], float]


def card_progress(game: Game, player: Player, card: int, known: dict[str, float] | None = None) -> float:
    """How near the player is to completing the card: its nearer status-phase objective's share
    (`known`: the shares already found, by objective, as two cards may share one)."""
    known = {} if known is None else known
    shares = []
    for key in game.rules.objective_card_index[card].objectives:
        cond = game.rules.objective_conditions[key].get(STATUS)
        if cond is not None:
            if key not in known:
                known[key] = progress(game, player, cond)
            shares.append(known[key])
    return max(shares, default=0.0)


def standing(game: Game, player: Player) -> tuple[int, float]:
    """The player's objective cards in one pass: how many of their status-phase objectives hold now (at
    most one a card, as the status phase completes them) and the summed share of the other cards."""
    known: dict[str, float] = {}
    cards = [card_progress(game, player, card, known) for card in player.objective_cards]
    in_reach = min(sum(share == 1.0 for share in known.values()), len(cards))
    return in_reach, sum(share for share in cards if share < 1.0)


def progress(game: Game, player: Player, cond: Condition) -> float:
    """The share of `cond` the player has reached: 1 where it holds. A share reaches 1 exactly where its
    condition holds (so it is not asked twice); a condition without one is 1 or 0."""
    share = SHARES.get(cond.name)
    if share is None:
        return 1.0 if holds(game, player, cond) else 0.0
    return min(share(game, player, cond.params), 1.0)


def _best_other(game: Game, player: Player, params: Most | Lead) -> int:
    return max((count(game, other, params.count) for other in game.players if other is not player), default=0)


def _at_least(game: Game, player: Player, params: AtLeast) -> float:
    return count(game, player, params.count) / params.n if params.n > 0 else 1.0


def _most(game: Game, player: Player, params: Most) -> float:
    """Mine over one more than the best other's: what it takes to have more."""
    return count(game, player, params.count) / (_best_other(game, player, params) + 1)


def _lead(game: Game, player: Player, params: Lead) -> float:
    return count(game, player, params.count) / (_best_other(game, player, params) + params.by)


def _owns_category(game: Game, player: Player, params: OwnsCategory) -> float:
    owned = set(player.advances)
    return max(
        (
            len(owned.intersection(names)) / len(names)
            for category, names in game.rules.advance_names_by_category
            if names and ((params.government and category.government) or category.name == params.category)
        ),
        default=0.0,
    )


def _all_of(game: Game, player: Player, params: AllOf) -> float:
    return sum(progress(game, player, part) for part in params.conditions) / len(params.conditions)


def _any_of(game: Game, player: Player, params: AnyOf) -> float:
    return max(progress(game, player, part) for part in params.conditions)


SHARES: dict[str, Share] = {
    "at_least": _at_least,
    "most": _most,
    "lead": _lead,
    "owns_category": _owns_category,
    "all_of": _all_of,
    "any_of": _any_of,
}
