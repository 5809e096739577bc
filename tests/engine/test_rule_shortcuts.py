"""The rules' shortcuts for computer play give the answers the long way gives.

`apply(game, action, listed=True)`: an action just listed is applied without its rule's second check.

Played as computer players play (no second check), seeded random games take exactly the course they
take when every action is checked as a human's would be; and a rule's separate check still refuses,
with its own reason and nothing changed, whatever is not legal.

`Rule.exists`: a rule's cheap answer to "is any such action legal now?" is the listing's answer in every
state of seeded random games. A rule given an `exists` joins `RULES_WITH_EXISTS`.
"""

from collections import Counter

import pytest

from civgame.ai import play_game, random_agents
from civgame.framework.codec import to_plain
from civgame.framework.errors import RuleError
from civgame.games.clash.content.effects.sources import lasting_for_a_look, stale_answers
from civgame.games.clash.core.actions import Collect, Construct, InfluenceCulture, Pick, Recruit
from civgame.games.clash.core.model import Game, LastingEffect
from civgame.games.clash.rules.base.registry import RULES, Rule
from civgame.games.clash.rules.flow.controller import apply
from civgame.games.clash.rules.flow.setup import new_game


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (3, 11), (2, 17)])
def test_games_played_without_the_second_check_take_the_same_course(players, seed):
    checked = play_game(players, seed, random_agents(players, seed))
    trusted = play_game(players, seed, random_agents(players, seed), recheck=False)
    assert trusted.history == checked.history
    assert to_plain(trusted.players) == to_plain(checked.players)


def test_rules_that_keep_their_check_apart_still_refuse_what_is_not_legal():
    assert RULES[Collect].check is not None  # the check this test relies on
    game = new_game(2, 3)
    city = next(c for c in game.cities if c.owner == game.current)
    far_away: Pick = ((city.pos[0] + 5, city.pos[1]), "food")
    before = to_plain(game)
    with pytest.raises(RuleError, match="nor next to it"):
        apply(game, Collect(city.id, (far_away,)))
    assert to_plain(game) == before


# The rules that answer "is any such action legal?" without listing: each must stay covered below.
RULES_WITH_EXISTS = {Collect, Construct, InfluenceCulture, Recruit}


def _applicable(rule: Rule, game: Game) -> bool:
    """Whether `rule` could be listed now: a turn action with nothing pending, or an answer to the top decision."""
    if not game.pending:
        return not rule.answers
    return bool(rule.answers) and isinstance(game.pending[-1], rule.answers)


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (3, 7), (2, 13)])
def test_every_existence_shortcut_answers_as_the_listing_does(players, seed):
    shortcuts = {action: r for action, r in RULES.items() if r.exists is not None}
    assert set(shortcuts) >= RULES_WITH_EXISTS  # a shortcut removed is no longer compared
    compared: Counter[str] = Counter()

    def compare(game: Game, action: object) -> None:
        for r in shortcuts.values():
            if _applicable(r, game):
                assert r.exists is not None
                listed = bool(list(r.legal(game)))
                assert r.exists(game) == listed, f"{r.action.KIND} after {action!r}: the listing says {listed}"
                compared[f"{r.action.KIND} {listed}"] += 1

    play_game(players, seed, random_agents(players, seed), observer=compare)
    for action in RULES_WITH_EXISTS:  # each shortcut was asked both where it holds and where it does not
        assert compared[f"{action.KIND} True"] and compared[f"{action.KIND} False"], compared


# The cards that force a Collect and change what it may take: the shortcut is asked under them before one is played.
COLLECT_CARDS = ("Production Focus", "Mass Production")


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (2, 13)])
def test_the_collect_shortcut_answers_as_the_listing_does_under_cards_that_change_the_collect(players, seed):
    collect = RULES[Collect]
    assert collect.exists is not None
    compared: Counter[str] = Counter()

    def compare(game: Game, action: object) -> None:
        if game.pending or game.phase != "play":
            return
        player = game.player(game.current)
        for card in COLLECT_CARDS:
            with lasting_for_a_look(game, player, LastingEffect(card, "action")):
                listed = bool(collect.legal(game))
                assert collect.exists(game) == listed, f"{card} after {action!r}: the listing says {listed}"
                assert stale_answers(game) == []  # the look's effects are those of a player holding the card
            compared[f"{card} {listed}"] += 1

    play_game(players, seed, random_agents(players, seed), observer=compare)
    for card in COLLECT_CARDS:
        assert compared[f"{card} True"] and compared[f"{card} False"], compared
