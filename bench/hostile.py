"""Hand-made hostile saves for the content of the Monumental Edition: cards, events, great persons,
leaders, wonders, trades and every save format version.

    python -m bench.hostile           # each save: refused, or loaded and played on; the counts

Each case edits one real state where its content lives (`content_states`: random games with
civilizations, captured where an event resolves, a battle is fought, a trade is offered, plus a
state with a card of every deck in every place it may be). A case passes when the save is refused
with a one-line message naming the file, or loads and then plays on (bench.fuzz.check_save: random
actions, the invariants after each, saved and loaded back alike), within the time and a memory limit.
"""

from __future__ import annotations

import copy
import resource
import tempfile
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from bench import fuzz

Plain = dict[str, Any]
Edit = Callable[[Plain], None]  # changes the plain game of a save in place
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes a case's process may use (checked in a child process)


class _Captured(Exception):
    pass


# ------------------------------------------------------------------ the states


STATE_WANTED: dict[str, Callable[[Any], bool]] = {
    "event": lambda g: g.event is not None and g.event.current is not None and bool(g.event.steps),
    "battle": lambda g: g.combat is not None and bool(g.pending),
    "leader": lambda g: any(p.leader for p in g.players) and not g.pending,
    "great_person": lambda g: any(p.great_persons for p in g.players) and not g.pending,
    "trade_offer": lambda g: bool(g.pending) and g.pending[-1].KIND == "trade_offer",
    "status": lambda g: g.phase == "status" and bool(g.status_players),
    "battle_record": lambda g: bool(g.battles) and not g.pending,
}


@cache
def content_states() -> dict[str, str]:
    """Save texts of states that hold the new content, by name: random games with civilizations
    captured where each kind of content is in play, and `cards.yaml` with a card of every deck in
    every place it can be (hands, piles, kept face up, built, standing in a city)."""
    from civgame.ai import play_out, random_agents
    from civgame.games.clash.rules.flow.setup import new_game
    from civgame.games.clash.storage.save import dumps

    found: dict[str, str] = {}
    for seed in range(1, 40):
        game = new_game(3, seed, civilizations="random", what_if=seed % 2 == 0)

        def capture(g: Any, _action: object) -> None:
            for name, wanted in STATE_WANTED.items():
                if name not in found and wanted(g):
                    found[name] = dumps(g)
            if len(found) == len(STATE_WANTED):
                raise _Captured

        try:
            play_out(game, random_agents(3, seed), observer=capture)
        except _Captured:
            break
    found["cards"] = dumps(cards_everywhere())
    return found


def cards_everywhere() -> Any:
    """A 3-player game with civilizations, 60 actions in, with a card of every deck in each place
    it may be: a wonder built and standing, one in a hand and one face up; action cards in a hand and
    on the discard pile; an objective completed; a great person held."""
    from civgame.ai import play_steps, random_agents
    from civgame.games.clash.content.effects import holdings_changed
    from civgame.games.clash.rules.flow.setup import new_game

    game = play_steps(new_game(3, 5, civilizations="random"), random_agents(3, 5), 60)
    while game.pending or game.phase != "play":
        play_steps(game, random_agents(3, 6), 1)
    decks, first, second = game.decks, game.players[0], game.players[1]
    built = str(decks["wonder"].draw.pop())
    game.cities_of(0)[0].wonders.append(built)
    first.wonders_built.append(built)
    first.wonders_built_when.append([game.age, game.round])
    second.wonder_cards.append(str(decks["wonder"].draw.pop()))
    game.public_wonder = str(decks["wonder"].draw.pop())
    second.action_cards.append(int(decks["action"].draw.pop()))
    decks["action"].discard.append(decks["action"].draw.pop())
    card = int(decks["objective"].draw.pop())
    first.completed_objectives.append(card)
    person = next(c.id for c in game.rules.events if c.great_person and c.id in decks["event"].draw)
    decks["event"].draw.remove(person)
    second.great_persons.append(person)
    holdings_changed(game)
    return game


# ------------------------------------------------------------------ edits


def at(*path: Any) -> Callable[[Any], Edit]:
    """`at("players", 0, "name")(value)`: the edit that sets that place of the plain game to `value`
    (a callable value is called with the plain game)."""

    def setter(value: Any) -> Edit:
        def edit(game: Plain) -> None:
            target = game
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value(game) if callable(value) else value

        return edit

    return setter


def both(*edits: Edit) -> Edit:
    def edit(game: Plain) -> None:
        for one in edits:
            one(game)

    return edit


def _first_action_card(g: Plain) -> int:
    return next(card for p in g["players"] for card in p["action_cards"])


def _built_wonder(g: Plain) -> str:
    return next(w for c in g["cities"] for w in c["wonders"])


def _holder_of_person(g: Plain) -> Plain:
    return next(p for p in g["players"] if p["great_persons"])


def _leader_holder(g: Plain) -> Plain:
    return next(p for p in g["players"] if p["leader"])


def _other_civ_leader(g: Plain) -> str:
    from civgame.games.clash.content.ruleset import default_ruleset

    holder = _leader_holder(g)
    civs = default_ruleset().civilizations
    dealt = set(holder["leaders_dealt"]) or {leader.name for leader in civs[holder["civilization"]].leaders}
    return next(ld.name for civ in civs.values() for ld in civ.leaders if ld.name not in dealt)


def _set_leader(name: Callable[[Plain], str]) -> Edit:
    def edit(g: Plain) -> None:
        holder, leader = _leader_holder(g), name(g)
        holder["leaders_used"] = [*(x for x in holder["leaders_used"] if x != holder["leader"]), leader]
        holder["leader"] = leader

    return edit


def _top(g: Plain) -> Plain:
    return g["pending"][-1]


def _edit_top(**changes: Any) -> Edit:
    def edit(g: Plain) -> None:
        _top(g).update({k: v(g) if callable(v) else v for k, v in changes.items()})

    return edit


def _edit_step(**changes: Any) -> Edit:
    def edit(g: Plain) -> None:
        g["event"]["steps"][0].update(changes)

    return edit


def _edit_current(**changes: Any) -> Edit:
    def edit(g: Plain) -> None:
        g["event"]["current"].update(changes)

    return edit


def _many_cards_asked(g: Plain) -> None:
    """The partner holds 42 action cards and the offer asks for 21 of them: C(42, 21) ways to answer."""
    offer = _top(g)
    partner = g["players"][offer["player"]]
    everything = [card for p in g["players"] for card in p["action_cards"]]
    everything += g["decks"]["action"]["draw"] + g["decks"]["action"]["discard"]
    for p in g["players"]:
        p["action_cards"] = []
    g["decks"]["action"]["draw"], g["decks"]["action"]["discard"] = [], []
    partner["action_cards"] = everything
    offer["take"] = {"action": 21}
    offer["give"] = {}


def _record(**changes: Any) -> Edit:
    def edit(g: Plain) -> None:
        g["battles"][0].update(changes)

    return edit


# (name, state, edit): the plain game of the state's save, changed by the edit
SAVE_CASES: list[tuple[str, str, Edit]] = [
    # every card in exactly one place
    ("an action card in two hands", "cards", lambda g: g["players"][2]["action_cards"].append(_first_action_card(g))),
    (
        "an action card in a hand and on the discard pile",
        "cards",
        lambda g: g["decks"]["action"]["discard"].append(_first_action_card(g)),
    ),
    ("an action card lost", "cards", lambda g: g["decks"]["action"]["draw"].pop()),
    ("an objective card lost", "cards", lambda g: g["decks"]["objective"]["draw"].pop()),
    ("an event card lost", "cards", lambda g: g["decks"]["event"]["draw"].pop()),
    ("a wonder card lost", "cards", lambda g: g["decks"]["wonder"]["draw"].pop()),
    (
        "an objective card completed and in a hand",
        "cards",
        lambda g: g["players"][1]["objective_cards"].append(g["players"][0]["completed_objectives"][0]),
    ),
    ("a built wonder also in a hand", "cards", lambda g: g["players"][1]["wonder_cards"].append(_built_wonder(g))),
    ("a built wonder also in the draw pile", "cards", lambda g: g["decks"]["wonder"]["draw"].append(_built_wonder(g))),
    ("a built wonder also face up", "cards", at("public_wonder")(_built_wonder)),
    ("a wonder built by two players", "cards", lambda g: g["players"][1]["wonders_built"].append(_built_wonder(g))),
    ("a wonder standing in two cities", "cards", lambda g: g["cities"][-1]["wonders"].append(_built_wonder(g))),
    (
        "a wonder standing that nobody built",
        "cards",
        both(
            lambda g: g["players"][0].update(wonders_built=[], wonders_built_when=[]),
            lambda g: g["decks"]["wonder"]["discard"].append(_built_wonder(g)),
        ),
    ),
    (
        "a wonder built but never drawn",
        "cards",
        lambda g: g["players"][0]["wonders_built"].append(g["decks"]["wonder"]["draw"][0]),
    ),
    ("wonders built without their times", "cards", at("players", 0, "wonders_built_when")([])),
    ("a wonder's time of building is 1e400", "cards", at("players", 0, "wonders_built_when")([[1.0e400, 1]])),
    (
        "a great person held twice",
        "cards",
        lambda g: g["players"][0]["great_persons"].append(_holder_of_person(g)["great_persons"][0]),
    ),
    (
        "a great person held and in the draw pile",
        "cards",
        lambda g: g["decks"]["event"]["draw"].append(_holder_of_person(g)["great_persons"][0]),
    ),
    (
        "an ordinary event card held as a great person",
        "cards",
        both(lambda g: g["decks"]["event"]["draw"].remove(42), lambda g: g["players"][0]["great_persons"].append(42)),
    ),
    ("a great person of an unknown card", "cards", lambda g: g["players"][0]["great_persons"].append(999)),
    ("an event resolving for an unknown card", "event", at("event", "card")(999)),
    (
        "objective completions of unknown objectives",
        "cards",
        at("players", 0, "objective_completions")(
            [{"card": 1, "objective": "no such objective", "age": 1, "round": 1, "own_turn": True}]
        ),
    ),
    # leaders
    ("a leader of another civilization", "leader", _set_leader(_other_civ_leader)),
    ("a leader nobody has", "leader", _set_leader(lambda g: "Napoleon")),
    ("a leader used twice", "leader", lambda g: _leader_holder(g)["leaders_used"].append(_leader_holder(g)["leader"])),
    (
        "a leader on the board and captured",
        "leader",
        lambda g: next(p for p in g["players"] if not p["leader"])["captured_leaders"].append(
            _leader_holder(g)["leader"]
        ),
    ),
    (
        "a leader on the board also dealt to another player",
        "leader",
        lambda g: next(p for p in g["players"] if p is not _leader_holder(g))["leaders_dealt"].append(
            _leader_holder(g)["leader"]
        ),
    ),
    (
        "What if? leaders from a civilization nobody plays",
        "leader",
        lambda g: _leader_holder(g).update(leaders_dealt=["Kʼinich Janaab Pakal I", "Lady Six Sky"]),
    ),
    (
        "a special advance of another civilization",
        "leader",
        lambda g: _leader_holder(g)["special_advances"].append("no such advance"),
    ),
    (
        "a civilization played twice",
        "leader",
        lambda g: g["players"][1].update(civilization=g["players"][0]["civilization"]),
    ),
    ("a civilization unknown", "leader", at("players", 0, "civilization")("atlantis")),
    # events
    ("an event step of an unknown kind", "event", _edit_step(kind="teleport")),
    ("an event step for player 9", "event", _edit_step(player=9)),
    ("an event step for player -5", "event", _edit_step(player=-5)),
    ("an event step naming effect 99", "event", _edit_step(kind="main", effect=99)),
    ("an event step counting -1", "event", _edit_step(count=-1)),
    ("an event step counting 1e400", "event", _edit_step(count=1.0e400)),
    ("an event step as a list", "event", lambda g: g["event"]["steps"].__setitem__(0, ["main", 0])),
    ("event steps as a number", "event", at("event", "steps")(7)),
    ("the waiting step of an unknown kind", "event", _edit_current(kind="teleport")),
    ("the waiting step for player 9", "event", _edit_current(player=9)),
    (
        "the waiting step a great-person slot for an ordinary card",
        "event",
        both(_edit_current(kind="great_person"), at("event", "card")(42)),
    ),
    ("the waiting step with a step that only runs", "event", _edit_current(kind="gold_mine")),
    (
        "an event waiting with an unknown step",
        "event",
        lambda g: g["events_waiting"].append({"card": 1, "active": 0, "steps": [{"kind": "teleport", "player": 0}]}),
    ),
    ("an event step choosing among unknown cities", "event", _edit_step(chosen=[99999])),
    ("a Trojan Horse offer for a card that makes none", "battle_record", at("city_attack_offer")(1)),
    ("a Trojan Horse offer for an unknown card", "battle_record", at("city_attack_offer")(12345)),
    ("a short battle of infinite VP", "battle_record", at("short_battle_vp")(float("inf"))),
    ("a construction ban by a card that bans nothing", "battle_record", at("construct_ban")("Nothing at all")),
    # pending decisions
    ("pending as a number", "trade_offer", at("pending")(7)),
    ("a pending decision as a number", "trade_offer", at("pending")([5])),
    ("a decision for player 9", "trade_offer", _edit_top(player=9)),
    ("a decision of an unknown kind", "trade_offer", _edit_top(kind="miracle")),
    ("a trade offer asking for 21 of 42 cards", "trade_offer", _many_cards_asked),
    ("a trade offer from the partner to themselves", "trade_offer", _edit_top(proposer=lambda g: _top(g)["player"])),
    ("a trade offer of a card named 'action:abc'", "trade_offer", _edit_top(give={"action:abc": 1})),
    ("a trade offer of a great person not held", "trade_offer", _edit_top(give={"great person:19": 1})),
    ("a trade offer of -3 food", "trade_offer", _edit_top(give={"food": -3})),
    ("an event choice of a step that does not choose", "event", lambda g: _top(g).update(effect="event:gold_mine")),
    ("an event choice with no event", "event", at("event")(None)),
    # counters and points
    ("event VP not a number", "cards", at("players", 0, "event_vp")(float("nan"))),
    ("objective VP infinite", "cards", at("players", 0, "objective_vp")(float("inf"))),
    ("event VP -1e300", "cards", at("players", 0, "event_vp")(-1e300)),
    ("government regains of NaN VP", "cards", at("players", 0, "government_regains")([float("nan")])),
    ("negative actions lost", "cards", at("players", 0, "actions_lost_next_turn")(-1)),
    ("an enormous number of actions lost", "cards", at("players", 0, "actions_lost_next_turn")(10**30)),
    ("negative wonder cards owed", "cards", at("players", 0, "wonder_cards_owed")(-3)),
    ("actions left 1e400", "cards", at("actions_left")(1.0e400)),
    ("actions left 10**30", "cards", at("actions_left")(10**30)),
    ("age .inf", "cards", at("age")(float("inf"))),
    ("next id 10**30", "cards", at("next_id")(10**30)),
    ("a truce with player 7", "cards", at("players", 0, "truce_with")(7)),
    ("a diplomatic partner of oneself", "cards", at("players", 0, "diplomatic_partner")(0)),
    ("a battle won for NaN VP", "battle", at("combat", "winner_vp")(float("nan"))),
    ("a battle round of -4", "battle", at("combat", "round")(-4)),
    (
        "a combat bonus of NaN VP",
        "battle",
        lambda g: g["pending"].append(
            {
                "kind": "combat_bonus",
                "player": g["combat"]["attacker"]["owner"],
                "source": "Siegecraft",
                "vp": float("nan"),
            }
        ),
    ),
    # battle records
    ("a battle record of player 9", "battle_record", _record(attacker=9)),
    ("a battle record won by player 9", "battle_record", _record(winner=9)),
    ("a battle record with one side", "battle_record", _record(present=[["infantry"]])),
    ("a battle record of unknown units", "battle_record", _record(lost=[["dragon"], []])),
    ("a battle record off the board", "battle_record", _record(space=[99, 99])),
    ("a battle record claimed by an unknown card", "battle_record", _record(claimed_by=["Nothing"])),
    ("battle records as a number", "battle_record", at("battles")(3)),
    # type confusion
    ("players as a number", "cards", at("players")(3)),
    ("history as a number", "cards", at("history")(5)),
    ("history entries as numbers", "cards", at("history")([1, 2])),
    ("status step as a list", "status", at("status_step")([2])),
    ("status players as a number", "status", at("status_players")(1)),
    ("the log as a number", "cards", at("log")(5)),
    ("a log line as a number", "cards", lambda g: g["log"].append(12)),
    ("decks as a list", "cards", at("decks")([])),
    ("a deck as a number", "cards", at("decks", "action")(1)),
    ("a city's wonders as text", "cards", lambda g: g["cities"][0].update(wonders="pyramids")),
    # text is text
    ("a NUL in a player's name", "cards", at("players", 0, "name")("Ann\x00a")),
    ("a bell in a colour", "cards", at("players", 0, "color")("red\x07")),
    ("a line break in a name", "cards", at("players", 1, "name")("Ben\nCarl")),
    ("control characters in a log line", "cards", lambda g: g["log"].append("the \x1b[31mred\x1b[0m line \x00")),
    ("a bidirectional override in a name", "cards", at("players", 0, "name")("\u202eanna")),
    ("a lone surrogate in a log line", "cards", lambda g: g["log"].append(SURROGATE)),
]

SURROGATE = "LONE_SURROGATE_MARK"  # written as the YAML escape of a lone surrogate, which no encoder writes
SAVES = Path(__file__).resolve().parent.parent / "tests" / "saves"
# (name, save of an older format version in tests/saves, edit): wrong types met by the migrations
VERSION_CASES: list[tuple[str, str, Edit]] = [
    *(
        (f"version {version}: {name}", file, edit)
        for version, file in (
            (1, "v1_three_players_status_phase.yaml"),
            (2, "v2_civilizations_with_a_leader.yaml"),
            (3, "v3_a_great_person_played.yaml"),
            (4, "v4_a_battle_resolving_tactics_cards.yaml"),
        )
        for name, edit in (
            ("players as a number", at("players")(3)),
            ("a player as a list", at("players", 0)([1, 2])),
            ("history as a number", at("history")(5)),
            ("a history entry as a list", lambda g: g.__setitem__("history", [["play_great_person"]])),
            ("pending as a number", at("pending")(4)),
            ("a pending decision as a list", at("pending")([["free_advance"]])),
            ("status step as a list", at("status_step")([2])),
            ("phase as a list", at("phase")(["status"])),
            ("combat as a number", at("combat")(1)),
            (
                "a side of the battle as a number",
                lambda g: g.__setitem__(
                    "combat", {"attacker": 1, "defender": [], "space": [0, 0], "naval": False, "origins": {}}
                ),
            ),
            ("age 1.0e+400", at("age")(1.0e400)),
        )
    ),
    (
        "version 1: a status step asking with decisions as text",
        "v1_three_players_status_phase.yaml",
        both(at("phase")("status"), at("status_step")(2), at("pending")(["free_advance", "free_advance"])),
    ),
    (
        "version 2: a great person played with an advance of a list",
        "v2_a_great_person_played.yaml",
        at("history")([{"kind": "play_great_person", "card": 19, "advance": [[1]]}]),
    ),
]


def case_text(state: str, edit: Edit) -> bytes:
    """The text of a save: the state (a name of `content_states` or a file of tests/saves) edited."""
    source = content_states()[state] if state in STATE_WANTED or state == "cards" else (SAVES / state).read_text()
    document = yaml.safe_load(source)
    game = copy.deepcopy(document["game"])
    edit(game)
    document["game"] = game
    text = yaml.dump(document, Dumper=fuzz._FullDumper, sort_keys=False, allow_unicode=True, width=1 << 30)
    return text.replace(SURROGATE, '"\\ud800"').encode()


def all_cases() -> list[tuple[str, str, Edit]]:
    return [*SAVE_CASES, *VERSION_CASES]


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _check(index: int) -> tuple[str, fuzz.Outcome]:
    name, state, edit = all_cases()[index]
    with tempfile.TemporaryDirectory(prefix="civgame-hostile-") as folder:
        try:
            text = case_text(state, edit)
        except Exception as exc:  # the case cannot be made from this state: a fault of the case
            return name, fuzz.Outcome("no case", f"{type(exc).__name__}: {exc}")
        return name, fuzz.check_save(fuzz.Case(index, name, {"hostile.yaml": text}), Path(folder))


def run(indices: list[int] | None = None, jobs: int = 2) -> dict[str, fuzz.Outcome]:
    """Each case checked in a process of its own under MEMORY_LIMIT: outcome by case name."""
    from multiprocessing import get_context

    content_states()  # made once, before the processes fork
    chosen = range(len(all_cases())) if indices is None else indices
    with get_context("fork").Pool(jobs, initializer=_limited, maxtasksperchild=1) as pool:
        return dict(pool.map(_check, chosen, chunksize=1))


def main() -> int:
    outcomes = run()
    kinds = Counter(outcome.kind for outcome in outcomes.values())
    for name, outcome in outcomes.items():
        if outcome.kind != "refused":
            print(f"{outcome.kind:>18}  {name}: {outcome.detail[:160]}")
    print(f"{len(outcomes)} hostile saves: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    return 1 if any(kind in fuzz.FAILURES or kind == "no case" for kind in kinds) else 0


if __name__ == "__main__":
    raise SystemExit(main())
