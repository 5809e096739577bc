"""Loading validates the whole state: a save that loads can be played on.

Each hostile save here loaded before, and then broke the game: in an impossible state, with a
crash on the first answer, with no legal action, or with forged gains. Each is now refused with
one line naming the place in the save.
"""

import dataclasses
import re

import pytest
import yaml

from civgame.framework.saves import SaveError
from civgame.games.clash.core.actions import ChooseToken
from civgame.games.clash.core.decisions import Decision
from civgame.games.clash.core.hexgrid import region_slots
from civgame.games.clash.rules.base.registry import RULES
from civgame.games.clash.rules.flow.controller import legal_actions
from civgame.games.clash.rules.flow.setup import new_game
from civgame.games.clash.storage.save import dumps, loads
from civgame.games.clash.storage.validation import FIELDS, unlisted_fields


@pytest.fixture(scope="module")
def game():
    return new_game(["Anna", "Ben"], 3)


def load_edited(game, edit):
    document = yaml.safe_load(dumps(game))
    edit(document["game"], game)
    return loads(yaml.safe_dump(document, sort_keys=False))


def home(game, player=0):
    return list(game.cities_of(player)[0].pos)


def a_unit(game, player=0):
    return game.units_of(player)[0]


def hidden_space(game):
    region = next(r for r in game.regions if not r.revealed)
    return list(region_slots(region.anchor, region.base_rotation)[0])


def battle(attacker=0, defender=1, space=None, units=(), defenders=()):
    return {
        "space": space,
        "naval": False,
        "attacker": {"owner": attacker, "units": list(units)},
        "defender": {"owner": defender, "units": list(defenders)},
        "origins": {},
    }


def set_(path, value):
    """An edit that sets the value at `path` of the plain game (a callable value gets the game)."""

    def edit(plain, game):
        target = plain
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(game) if callable(value) else value

    return edit


def pending(decision):
    return set_(("pending",), lambda game: [decision(game) if callable(decision) else decision])


HOSTILE = [
    # impossible states
    ("resources above the cap", set_(("players", 0, "resources", "food"), 99), r"holds 99 food; allowed 0-"),
    ("a unit on a face-down region", set_(("units", 0, "pos"), hidden_space), r"is not on a revealed board space"),
    ("two cities on one space", set_(("cities", 1, "pos"), lambda g: home(g, 0)), r"2 cities share space"),
    (
        "an oversized city",
        set_(("cities", 0, "buildings"), lambda g: dict.fromkeys(g.rules.buildings, 0)),
        r"has size \d+; the maximum is",
    ),
    (
        "an enemy army inside a city",
        lambda plain, g: (
            plain["units"].append({"id": g.next_id, "owner": 1, "kind": "infantry", "pos": home(g, 0)})
            or plain.update(next_id=g.next_id + 1)
        ),
        r"armies of owner\(s\) \[1\] stand in city",
    ),
    ("game over with no winner", set_(("phase",), "over"), r"phase 'over' with winner\(s\) \[\]"),
    # crashes on the first answer
    (
        "a retreat with no battle",
        pending({"kind": "retreat", "player": 0}),
        r"pending\[0\]: a retreat decision .* outside a battle",
    ),
    (
        "a rotation of 99",
        pending(lambda g: {"kind": "orientation", "player": 0, "region": 5, "options": [99], "units": [a_unit(g).id]}),
        r"pending\[0\]\.options\[0\]: 99 is not between 0 and 5",
    ),
    (
        "a city that does not exist",
        pending({"kind": "influence_boost", "player": 0, "target": 999, "building": "temple", "tokens_needed": 1}),
        r"pending\[0\]\.target: 999 is not the id of a city",
    ),
    (
        "a battle owned by player 9",
        set_(("combat",), lambda g: battle(9, 1, home(g, 1), defenders=[a_unit(g, 1).id])),
        r"game\.combat\.attacker\.owner: 9 is not a player index, barbarians or pirates",
    ),
    (
        "a token called unicorns",
        pending({"kind": "token_choice", "player": 0, "options": ["unicorns"], "amount": 1}),
        r"pending\[0\]\.options\[0\]: 'unicorns' is not a resource or token",
    ),
    # locked: no legal action
    (
        "3 casualties from 1 candidate",
        pending(lambda g: {"kind": "casualties", "player": 0, "count": 3, "candidates": [a_unit(g).id]}),
        r"pending\[0\]\.count: 3 casualties to pick from 1 candidate",
    ),
    (
        "a free dragon to place",
        pending(lambda g: {"kind": "reinforcement", "player": 0, "unit": "dragon", "cities": [g.cities_of(0)[0].id]}),
        r"pending\[0\]\.unit: 'dragon' is not a unit of the rules",
    ),
    # forged gains
    (
        "1,000 tokens",
        pending({"kind": "token_choice", "player": 0, "options": ["mood"], "amount": 1000}),
        r"pending\[0\]\.amount: 1000 is not between 1 and \d+$",
    ),
    (
        "-50 tokens",
        pending({"kind": "token_choice", "player": 0, "options": ["mood"], "amount": -50}),
        r"pending\[0\]\.amount: -50 is not between 1 and",
    ),
    (
        "a free mood raise",
        pending({"kind": "happiness", "player": 0, "extra_cost": {"mood": -5}}),
        r"pending\[0\]\.extra_cost: -5 is not between 0 and",
    ),
    (
        "VP from captured leaders that never existed",
        set_(("players", 0, "captured_leaders"), ["Caesar", "Cleopatra"]),
        r"players\[0\]\.captured_leaders: unknown 'Caesar'",
    ),
    (
        "a special advance without a civilization",
        set_(("players", 0, "special_advances"), ["Flying"]),
        r"players\[0\]: special advances or leaders without a civilization",
    ),
    (
        "a leader without a civilization",
        set_(("players", 0, "leader"), "Caesar"),
        r"players\[0\]: special advances or leaders without a civilization",
    ),
    (
        "a lasting card with a huge name",
        set_(("players", 0, "lasting_effects"), [{"source": "z" * 5000, "until": "turn"}]),
        r"players\[0\]\.lasting_effects\[0\]\.source: text of 5,000 characters",
    ),
    (
        "a trade offer of unicorns",
        pending({"kind": "trade_offer", "player": 1, "proposer": 0, "give": {"unicorns": 1}, "take": {"food": 1}}),
        r"pending\[0\]\.give: 'unicorns' is not a resource, token or card",
    ),
    # text that would freeze the window
    ("a 32,000-character name", set_(("players", 1, "name"), "x" * 32_000), r"players\[1\]\.name: text of 32,000"),
    ("a 100,000-character log line", set_(("log",), ["y" * 100_000]), r"game\.log\[0\]: text of 100,000"),
]


@pytest.mark.parametrize("name,edit,message", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_save_that_would_break_the_game_is_refused_in_one_line(game, name, edit, message):
    with pytest.raises(SaveError) as refused:
        load_edited(game, edit)
    text = str(refused.value)
    assert "\n" not in text and len(text) <= SaveError.MAX_LENGTH
    assert text.startswith("save: game")
    assert re.search(message, text), text


def test_an_answer_that_would_crash_is_found_by_trying_it(game, monkeypatch):
    """What no field check foresees is caught by the trial: every answer is applied to a copy."""

    def broken(game, action):
        raise KeyError("unicorns")

    monkeypatch.setitem(RULES, ChooseToken, dataclasses.replace(RULES[ChooseToken], perform=broken))
    with pytest.raises(SaveError, match=r"pending\[0\]: answering it with choose_token fails \(KeyError\)$"):
        load_edited(game, pending({"kind": "token_choice", "player": 0, "options": ["mood"], "amount": 1}))


def test_a_sound_pending_decision_still_loads_and_plays(game):
    loaded = load_edited(game, pending({"kind": "token_choice", "player": 0, "options": ["mood", "culture"]}))
    assert [a.token for a in legal_actions(loaded)] == ["mood", "culture"]


def test_every_field_of_the_players_decisions_and_battles_says_how_it_is_checked():
    """A new model field needs one line in validation.FIELDS (a check, or TYPED/STRUCTURE)."""
    assert unlisted_fields() == [], "add each field to civgame.games.clash.storage.validation.FIELDS"
    listed = {(cls, name) for cls, fields in FIELDS.items() for name in fields}
    real = {(cls, f.name) for cls in FIELDS for f in dataclasses.fields(cls)}
    assert listed <= real, f"FIELDS lists fields the model no longer has: {sorted(map(str, listed - real))}"
    assert all(issubclass(cls, Decision) for cls in Decision.REGISTRY.values())
