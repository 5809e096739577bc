"""What one seat may see of a game of Clash, as plain data, and a game rebuilt from it.

A network host sends a seat `view_for(game, seat)` and nothing else. It is the game as a save
writes it (`to_plain`), less what the rules keep from that seat:

- the random generator, the seed (also where the log names it) and the history of actions (from which
  the deals could be replayed);
- the order of every draw pile: a pile is its number of cards;
- the tiles of face-down regions (a region being turned over for its explorer is face up to all);
- the other players' action, objective and wonder cards, the objectives set aside for their next draws
  and their great persons held face down: numbers of cards (a great person held face up is named);
- the diplomatic partner picked with a great person held face down;
- a tactics card played face down by another player (until both are revealed);
- the civilization another player chose of those dealt to them, until all have chosen (`civilization_chosen`);
- the decisions other players must take: their kind and player only (a trade offer or a card exchange
  names cards); the cards offered face down in a trade, in the offer the seat must answer.

`game_from_view` turns a view back into a `Game` for the window: each unknown is a placeholder
(`UNKNOWN_CARD`, `UNKNOWN_TILE`, a decision with its defaults) that the window never draws, because
it draws a hand only for the seat that holds it and a tile only once face up. The rebuilt game is
for showing and for the window's own tests of what a click may try; the host alone applies actions.
"""

from __future__ import annotations

from typing import Any

from civgame.framework.codec import from_plain, to_plain
from civgame.framework.rng import Rng
from civgame.games.clash.content.ruleset import Ruleset
from civgame.games.clash.core.decisions import Decision, OrientationDecision, TradeOfferDecision
from civgame.games.clash.core.model import Game

UNKNOWN_CARD = -1  # a card in a pile or another player's hand: never looked up
UNKNOWN_TILE = ""  # the tile of a face-down region
UNKNOWN_WONDER = ""  # a wonder card in another player's hand
FACE_DOWN = "face down"
SECRET_STATE = ("rng", "seed", "history")
# Cards a player holds that the others may only count, and the placeholder of each.
HAND_FIELDS: dict[str, int | str] = {
    "action_cards": UNKNOWN_CARD,
    "objective_cards": UNKNOWN_CARD,
    "wonder_cards": UNKNOWN_WONDER,
    "foreseen_objectives": UNKNOWN_CARD,
}


def view_for(game: Game, seat: int) -> dict[str, Any]:
    """What `seat` may see of `game` (see the module's description)."""
    state: dict[str, Any] = to_plain(game)
    for key in SECRET_STATE:
        del state[key]
    named_seed = f" (seed {game.seed})"  # the log's first line: from the seed, the deals could be replayed
    state["log"] = [line.replace(named_seed, "") for line in state["log"]]
    exploring = {d.region for d in game.pending if isinstance(d, OrientationDecision)}
    for region in state["regions"]:
        if region["rotation"] is None and region["number"] not in exploring:
            region["tile"] = None
    for deck in state["decks"].values():
        deck["draw"] = len(deck["draw"])
    for player, plain in zip(game.players, state["players"], strict=True):
        if player.index != seat:
            _count_hand(game, plain)
    if game.combat is not None:
        combat = state["combat"]
        for side in ("attacker", "defender"):
            plain_side = combat[side]
            if plain_side["owner"] != seat and plain_side["tactics"] is not None:
                plain_side["tactics"] = FACE_DOWN
        # JSON names an object's keys with text: unit ids as keys are written as their digits
        combat["origins"] = {str(unit): space for unit, space in combat["origins"].items()}
        combat["present"] = [{str(unit): kind for unit, kind in side.items()} for side in combat["present"]]
    state["pending"] = [
        _decision_seen(decision, plain, seat) for decision, plain in zip(game.pending, state["pending"], strict=True)
    ]
    return state


def _count_hand(game: Game, plain: dict[str, Any]) -> None:
    for hand in HAND_FIELDS:
        plain[hand] = len(plain[hand])
    shown = [card for card in plain["great_persons"] if _held_face_up(game, card)]
    plain["great_persons"] = {"face_up": shown, "face_down": len(plain["great_persons"]) - len(shown)}
    plain["diplomatic_partner"] = None
    plain["civilization_chosen"] = None


def _held_face_up(game: Game, card: int) -> bool:
    person = game.rules.event(card).great_person
    return person is not None and person.public


def _decision_seen(decision: Decision, plain: dict[str, Any], seat: int) -> dict[str, Any]:
    if decision.player != seat:
        return {"kind": decision.KIND, "player": decision.player}
    if isinstance(decision, TradeOfferDecision) and decision.face_down:
        return _face_down_offer(plain)
    return plain


def _face_down_offer(plain: dict[str, Any]) -> dict[str, Any]:
    """The offer with each card given face down renamed `<kind>:face down <n>`: its kind, not which card."""
    renamed = {}
    for n, item in enumerate(plain["face_down"], 1):
        renamed[item] = f"{item.split(':', 1)[0]}:{FACE_DOWN} {n}"
    return {
        **plain,
        "give": {renamed.get(item, item): count for item, count in plain["give"].items()},
        "face_down": list(renamed.values()),
    }


def game_from_view(view: dict[str, Any], rules: Ruleset) -> Game:
    """A game that shows what `view` shows, each unknown a placeholder; CodecError if it is not a view."""
    state = {**view, "rng": to_plain(Rng(0)), "seed": 0, "history": []}
    state["regions"] = [{**r, "tile": UNKNOWN_TILE if r["tile"] is None else r["tile"]} for r in view["regions"]]
    state["decks"] = {key: {**deck, "draw": _unknown(deck["draw"])} for key, deck in view["decks"].items()}
    state["players"] = [_player_from_view(p) for p in view["players"]]
    if view.get("combat") is not None:
        combat = state["combat"] = dict(view["combat"])
        for side in ("attacker", "defender"):
            if combat[side]["tactics"] == FACE_DOWN:
                combat[side] = {**combat[side], "tactics": UNKNOWN_CARD}
        combat["origins"] = {int(unit): space for unit, space in combat["origins"].items()}
        combat["present"] = [{int(unit): kind for unit, kind in side.items()} for side in combat["present"]]
    game = from_plain(Game, state, "view")
    game.rules = rules
    return game


def _player_from_view(plain: dict[str, Any]) -> dict[str, Any]:
    player = dict(plain)
    for hand, placeholder in HAND_FIELDS.items():
        player[hand] = _unknown(plain[hand], placeholder)
    persons = plain["great_persons"]
    if isinstance(persons, dict):
        player["great_persons"] = [*persons["face_up"], *_unknown(persons["face_down"], UNKNOWN_CARD)]
    return player


def _unknown(cards: Any, placeholder: int | str = UNKNOWN_CARD) -> Any:
    """A counted pile or hand as that many placeholders (a list the seat may see stays as it is)."""
    return [placeholder] * cards if isinstance(cards, int) else cards
