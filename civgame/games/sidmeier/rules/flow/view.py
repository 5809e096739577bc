"""What one seat may see: the plain state with everything hidden from it taken out.

Hidden from a seat: other players' culture event cards, great person cards held face down, hut and
village markers and standing forces (their counts stay), the order of every deck and pile (counts),
face-down tiles and the markers lying face down on the map (relics and city-states lie face up; the markers
the seat has looked at with Zheng He are shown, and listed as `markers_seen` of the players holding them), other
players' secret research choices, an opponent's battle hand (unless a wonder shows it), the hidden parts
of a deal offered to someone else, the random generator, and the history of actions (which names hidden
cards). A network layer sends a seat only this.

Added for every seat: `economy`, the coins on each player's economy dial, which the table shows (the
interface may not work them out from the rules itself).
"""

from __future__ import annotations

from typing import Any

from civgame.framework.codec import to_plain
from civgame.games.sidmeier.core.model import Game
from civgame.games.sidmeier.rules.base import effects, yields

HIDDEN = "hidden"


def view_for(game: Game, seat: int) -> dict[str, Any]:
    state: dict[str, Any] = to_plain(game)
    del state["rng"]
    del state["history"]
    seen = set(game.players[seat].seen_markers) if 0 <= seat < len(game.players) else set()
    for i, player in enumerate(state["players"]):
        player["economy"] = yields.coins(game, i)
        if i != seat:
            player["markers_seen"] = [m for m in player["markers"] if m in seen]  # (Zheng He's look)
            for key in ("hand", "markers", "standing", "person_cards", "seen_markers"):
                player[key] = len(player[key])
    for name in ("unit_decks", "culture_decks"):
        for deck in state[name].values():
            deck["draw"] = len(deck["draw"])
    state["person_deck"]["draw"] = len(state["person_deck"]["draw"])
    for name in (
        "great_people",
        "hut_pile",
        "village_pile",
        "culture_out",
        "wonder_deck",
        "wonders_out",
        "city_state_pile",
    ):
        state[name] = len(state[name])
    state["markers_gone"] = len(state["markers_gone"])  # some were never seen
    for slot in state["tiles"]:
        if not slot["revealed"]:
            slot["tile"] = HIDDEN
    for square in state["squares"]:
        if square["marker"] >= 0 and square["marker"] not in seen:
            square["marker"] = HIDDEN
    state["research"] = {s: (t if s == seat else HIDDEN) for s, t in state["research"].items()}
    battle = state["battle"]
    if battle is not None and game.battle is not None:
        battle["barbarian_side"] = game.battle.barbarian_side()  # (the window draws that side as the barbarians)
        sides = [game.battle.attacker, game.battle.defender]
        for side in (0, 1):
            opponent = sides[1 - side]
            shown = sides[side] == seat or (opponent == seat and effects.has(game, seat, "reveal_enemy_hand"))
            if not shown:
                battle["hands"][side] = len(battle["hands"][side])
    for decision in state["pending"]:
        if decision["kind"] == "respond_offer" and seat != decision["by"]:
            for key in ("markers", "cards"):
                decision["give"][key] = len(decision["give"][key])
    for held in state["held"]:
        action = held["action"]
        if held["actor"] != seat and "pay" in action:
            action["pay"] = [p if not p.startswith(("marker:", "card:")) else HIDDEN for p in action["pay"]]
    return state
