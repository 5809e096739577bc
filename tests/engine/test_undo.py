"""Undo within a turn: what counts as new information, and restoring the earlier game."""

from civgame.framework.codec import to_plain
from civgame.games.clash.core.actions import Collect, EndMove, EndTurn, InfluenceCulture, MoveUnits, StartMove
from civgame.games.clash.core.decisions import CardExchangeDecision, OrientationDecision
from civgame.games.clash.core.hexgrid import hex_to_label
from civgame.games.clash.rules.base.cards import draw_card
from civgame.games.clash.rules.base.undo import UndoHistory, reveals_information
from civgame.games.clash.rules.flow.controller import apply
from tests.scenario import Scenario


def collect_scenario():
    s = Scenario(players=2).reveal_all()
    city = s.city(0, "D2")
    s.city(1, "D7")
    return s, city


def test_a_collect_reveals_nothing_and_is_undone_exactly():
    s, city = collect_scenario()
    game = s.game
    history = UndoHistory()
    before = history.snapshot(game)
    action = next(a for a in s.legal_of(Collect) if a.city == city.id)
    apply(game, action)
    assert not reveals_information(before, game)
    history.applied(before, game, "Collect food")
    assert history.can_undo and history.next_label == "Collect food"
    restored = history.undo(game)
    assert restored.rules is game.rules
    assert history.undone == ["Collect food"]
    assert to_plain(restored) == before  # the log too: a game that used undo replays to the same state
    assert restored.city(city.id).activations == 0
    assert not history.can_undo


def test_undoing_twice_in_a_row_names_both_undos():
    s, city = collect_scenario()
    game = s.game
    s.resources(0, food=0, wood=0, ore=0)
    history = UndoHistory()
    for label in ("first", "second"):
        before = history.snapshot(game)
        apply(game, next(a for a in s.legal_of(Collect) if a.city == city.id))
        history.applied(before, game, label)
    once = history.undo(game)
    twice = history.undo(once)
    assert history.undone == ["second", "first"] and twice.log == game.log[: len(twice.log)]
    assert twice.player(0).resources == {**game.player(0).resources, "food": 0, "wood": 0, "ore": 0}


def test_a_die_roll_a_card_draw_and_an_exploration_reveal_information():
    s, _ = collect_scenario()
    game = s.game
    before = to_plain(game)
    game.rng.below(6)
    assert reveals_information(before, game)

    before = to_plain(game)
    draw_card(game, "action")
    assert reveals_information(before, game)

    before = to_plain(game)
    game.regions[5].rotation = None if game.regions[5].revealed else 0
    assert reveals_information(before, game)

    before = to_plain(game)
    game.pending.append(OrientationDecision(player=0, region=3, options=[0, 3]))
    assert reveals_information(before, game)

    before = to_plain(game)  # Spy shows another player's hand
    game.pending.append(CardExchangeDecision(player=0, source="Spy", effect="swap_hidden_card", other=1))
    assert reveals_information(before, game)


def test_a_revealing_action_clears_the_history_and_later_ones_are_undoable_again():
    s = Scenario(players=2).reveal_all()
    s.advances(0, "Myths")
    source = s.city(0, "D2", buildings={"temple": 0})
    target = s.city(1, "D4", buildings={"temple": 1})
    s.city(1, "D7")
    s.unit(0, "settler", "D2")
    s.resources(0, culture=0)  # no tokens: a failed roll cannot be boosted, so nothing is pending after it
    history = UndoHistory()
    game = s.game
    before = history.snapshot(game)
    apply(game, StartMove())
    apply(game, EndMove())
    history.applied(before, game, "move")
    assert history.can_undo
    before = history.snapshot(game)
    apply(game, next(a for a in s.legal_of(InfluenceCulture) if a.target == target.id))  # rolls a die
    history.applied(before, game, "influence")
    assert not history.can_undo and "influence" in history.blocked
    before = history.snapshot(game)
    apply(game, next(a for a in s.legal_of(Collect) if a.city == source.id))
    history.applied(before, game, "collect")
    assert history.next_label == "collect"
    assert to_plain(history.undo(game))["rng"] == before["rng"]
    assert not history.can_undo


def test_the_history_is_dropped_when_the_turn_passes():
    s, city = collect_scenario()
    game = s.game
    history = UndoHistory()
    before = history.snapshot(game)
    apply(game, next(a for a in s.legal_of(Collect) if a.city == city.id))
    history.applied(before, game, "collect")
    assert history.can_undo
    before = history.snapshot(game)
    apply(game, EndTurn())
    history.applied(before, game, "end turn")
    assert not history.can_undo and history.blocked == "nothing left to undo this turn"


def test_moving_into_an_unexplored_region_cannot_be_undone():
    s = Scenario(players=2).reveal_all()
    s.hide(2)
    game = s.game
    hidden = set(game.regions[1].spaces())
    settler_space = next(
        h
        for h in game.space_region
        if game.is_land(h) and not game.city_at(h) and any(n in hidden for n in game.board_neighbors(h))
    )
    s.unit(0, "settler", hex_to_label(settler_space))
    history = UndoHistory()
    apply(game, StartMove())
    before = history.snapshot(game)
    into = next(a for a in s.legal_of(MoveUnits) if a.to in hidden)
    apply(game, into)
    history.applied(before, game, "explore")
    assert not history.can_undo
