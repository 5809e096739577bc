"""Saves survive updates: a save of every format version loads, migrates and plays on.

tests/saves/ keeps a save written by each version (`v<version>_<what>.yaml`). When the save format
changes, bump SAVE_VERSION, append one migration to save.MIGRATIONS and add a save of the new
version here; these tests then check every older save still opens and plays.
"""

import re
from pathlib import Path

import pytest
import yaml

from civgame.ai import random_agents
from civgame.framework.saves import SaveError, state_hash
from civgame.games.clash.core.model import SAVE_VERSION
from civgame.games.clash.rules.flow.controller import apply, legal_actions
from civgame.games.clash.rules.flow.invariants import check_invariants
from civgame.games.clash.storage import save as save_module
from civgame.games.clash.storage.save import MIGRATIONS, dumps, load_game, loads

SAVES = sorted((Path(__file__).parent.parent / "saves").glob("v*_*.yaml"))
PLAY_ON = 150  # random actions played from each save, with the invariants checked after each


def version_of(path: Path) -> int:
    return int(re.match(r"v(\d+)_", path.name).group(1))


def test_there_is_one_migration_per_format_change_and_a_save_of_every_version():
    assert len(MIGRATIONS) == SAVE_VERSION - 1
    assert {version_of(p) for p in SAVES} == set(range(1, SAVE_VERSION + 1))


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_a_save_of_each_version_loads_migrates_and_plays_on(path):
    assert yaml.safe_load(path.read_text())["version"] == version_of(path)
    game = load_game(path)
    assert game.version == SAVE_VERSION
    agents = random_agents(len(game.players), 1)
    for step in range(PLAY_ON):
        if game.phase == "over":
            break
        actor = game.actor()
        apply(game, agents[actor].choose(game, legal_actions(game)))
        assert check_invariants(game) == [], f"{path.name}, action {step}"
    assert step > 50
    assert state_hash(loads(dumps(game))) == state_hash(game)


def test_a_save_from_a_newer_version_is_refused_naming_both_versions():
    text = SAVES[0].read_text().replace(f"version: {version_of(SAVES[0])}\n", f"version: {SAVE_VERSION + 1}\n", 1)
    with pytest.raises(SaveError) as refused:
        loads(text)
    message = str(refused.value)
    assert f"save version {SAVE_VERSION + 1}" in message and f"up to version {SAVE_VERSION}" in message


def test_migrations_run_in_order_from_the_saves_version(monkeypatch):
    """The mechanism, with two made-up format changes: 1 -> 2 renames a field, 2 -> 3 fills in a new one."""
    document = yaml.safe_load(SAVES[0].read_text())
    document["version"] = document["game"]["version"] = 1
    document["game"]["players"][0]["title"] = document["game"]["players"][0].pop("name")
    steps = []

    def rename_title_to_name(doc):
        steps.append(doc["version"])
        for player in doc["game"]["players"]:
            player["name"] = player.pop("title", player.get("name"))
        return doc

    def second(doc):
        steps.append(doc["version"])
        return doc

    monkeypatch.setattr(save_module, "SAVE_VERSION", 3)
    monkeypatch.setattr(save_module, "MIGRATIONS", [rename_title_to_name, second])
    game = loads(yaml.safe_dump(document))
    assert steps == [1, 2]
    assert game.version == 3 and game.players[0].name == "Ada"


def test_a_version_2_great_person_play_becomes_a_choice_like_an_action_cards():
    from civgame.framework.codec import from_plain
    from civgame.games.clash.core.actions import Action, PlayGreatPerson

    game = load_game(Path(__file__).parent.parent / "saves" / "v2_a_great_person_played.yaml")
    played = [from_plain(Action, entry) for entry in game.history if entry["kind"] == "play_great_person"]
    assert played == [PlayGreatPerson(22, ("Astronomy",))]


def test_a_version_3_battle_waiting_for_a_loss_to_a_tactics_card_does_not_resolve_the_cards_again():
    from civgame.games.clash.core.actions import ChooseCasualties, PlayTactics
    from tests.combat_helpers import LEADER, attack, dice
    from tests.scenario import Scenario

    s = Scenario().reveal_all().advances(0, "Tactics").hand(0, 26)  # Archers
    army = s.units(0, "infantry", "C2", 1)
    s.unit(1, "infantry", "C2")
    cavalry = s.unit(1, "cavalry", "C2")
    dice(s, (6, "infantry"))
    attack(s, 0, army, "C2", "D2")
    s.apply(PlayTactics(26))  # the defender chooses which unit Archers take
    document = yaml.safe_load(dumps(s.game))
    document["version"] = document["game"]["version"] = 3
    combat = document["game"]["combat"]
    del combat["resolved"], combat["attacker"]["round_value"], combat["defender"]["hits_ignored"]
    combat["ransoms_asked"] = []
    s.game = loads(yaml.safe_dump(document))
    assert "attacker:opponent:kill_on_roll" in s.game.combat.resolved
    dice(s, LEADER, LEADER)
    s.apply(ChooseCasualties((cavalry.id,)))
    assert [line for line in s.game.log if line.startswith("Archers")] == [
        "Archers: Player 1 rolls 6: Player 2 removes 1 unit"
    ]
    assert "Player 1 takes no hits, Player 2 takes no hits" in s.game.log


def _as_version_4(game):
    """The save document of `game` as version 4 wrote it: a status step asked every player at once, and
    no event waited for another."""
    document = yaml.safe_load(dumps(game))
    document["version"] = document["game"]["version"] = 4
    del document["game"]["status_players"], document["game"]["events_waiting"]
    return document


def _status_phase_with_pestilence_on_top():
    from civgame.games.clash.rules.flow.status import begin
    from tests.engine.test_status import PESTILENCE, event_scenario

    s = event_scenario(PESTILENCE)
    begin(s.game)
    return s


def test_a_version_4_status_step_asking_every_player_at_once_asks_the_others_after_the_top_one():
    from civgame.games.clash.core.actions import ChooseOption, TakeFreeAdvance
    from civgame.games.clash.core.decisions import FreeAdvanceDecision

    s = _status_phase_with_pestilence_on_top()
    document = _as_version_4(s.game)
    document["game"]["pending"] = [{"kind": "free_advance", "player": 1}, {"kind": "free_advance", "player": 0}]
    s.game = loads(yaml.safe_dump(document))
    assert s.game.pending == [FreeAdvanceDecision(player=0)] and s.game.status_players == [1]
    s.apply(TakeFreeAdvance("Storage"))  # draws Pestilence: it resolves before player 1 chooses
    s.apply(ChooseOption("D2"))
    s.apply(ChooseOption("D7"))
    assert s.game.event is None and s.game.pending == [FreeAdvanceDecision(player=1)]


def test_a_version_4_save_with_an_event_waiting_under_the_next_free_advance_goes_on_from_that_choice():
    """Version 4 left an event drawn by a free advance waiting under the next player's free advance: that
    player still chooses first (nothing else can set the event going), then the event resolves."""
    from civgame.games.clash.core.actions import ChooseOption, TakeFreeAdvance
    from civgame.games.clash.core.decisions import FreeAdvanceDecision, RazeDecision

    s = _status_phase_with_pestilence_on_top()
    s.apply(TakeFreeAdvance("Storage"))
    document = _as_version_4(s.game)
    game = document["game"]
    game["event"]["steps"].insert(0, game["event"].pop("current"))  # the event has not begun
    game["pending"] = [{"kind": "free_advance", "player": 1}]
    s.game = loads(yaml.safe_dump(document))
    assert s.game.pending == [FreeAdvanceDecision(player=1)] and s.game.status_players == []
    s.apply(TakeFreeAdvance("Sanitation"))
    assert s.game.event is not None and s.game.pending[-1].player == 0
    s.apply(ChooseOption("D2"))
    assert s.game.event is None and s.game.pending == [RazeDecision(player=0)]
    assert check_invariants(s.game) == []
