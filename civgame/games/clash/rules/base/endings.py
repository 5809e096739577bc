"""Why the game ended: after its last age, or because a player was left without cities, and what took
each such player's last city (noted when it happens, since the game ends only at the next status phase)."""

from __future__ import annotations

from civgame.games.clash.core.hexgrid import Hex, hex_to_label
from civgame.games.clash.core.model import CityLoss, CityLossCause, Game

# The Variable End Game's early ends (the 2012 rulebook), as the final scores tell them.
EARLY_ENDS = {
    "wonderful_ending": "a wonder was built in one of the last rounds (A Wonderful Ending)",
    "roll_to_end": "the first player's roll as a round began ended it (Roll to End)",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def note_city_lost(
    game: Game, owner: int, space: Hex, cause: CityLossCause, by: int | None = None, card: str = ""
) -> None:
    """After a city of `owner` at `space` was taken or destroyed: if it was the player's last, remember how."""
    if owner < 0 or game.cities_of(owner):
        return
    turn = game.round if game.phase == "play" else 0
    game.player(owner).last_city_lost = CityLoss(space, cause, game.age, turn, by, card)


def age_name(age: int) -> str:
    """ "the sixth age" (a number past the ordinals: "age 12")."""
    return f"the {ORDINALS[age - 1]} age" if 0 < age <= len(ORDINALS) else f"age {age}"


def describe_end(game: Game) -> str:
    """Why the game ended, in a sentence or two; empty while it goes on."""
    end = game.end
    if end is None:
        return ""
    if end.reason == "last_age":
        return f"The game ended after {age_name(end.age)}, the last age."
    if end.reason in EARLY_ENDS:
        return f"The game ended in {age_name(end.age)}: {EARLY_ENDS[end.reason]}."
    losses = " ".join(describe_loss(game, index) for index in end.cityless)
    who = "a player" if len(end.cityless) == 1 else "players"
    return f"The game ended in the status phase of {age_name(end.age)}: {who} had no city left. {losses}"


def describe_loss(game: Game, index: int) -> str:
    """What took a player's last city: "Anna lost her last city, at C5, to the barbarians (age 2, round 3)."."""
    player = game.player(index)
    loss = player.last_city_lost
    if loss is None:
        return f"{player.name} had no city."
    where = hex_to_label(loss.space)
    when = f"age {loss.age}, round {loss.round}" if loss.round else f"status phase of age {loss.age}"
    if loss.cause == "barbarians":
        what = f"the barbarians took {player.name}'s last city, at {where}"
    elif loss.cause == "battle":
        taker = game.player(loss.by).name if loss.by is not None and loss.by >= 0 else "another player"
        what = f"{taker} took {player.name}'s last city, at {where}, in battle"
    elif loss.cause == "event":
        what = f"{player.name} destroyed their own last city, at {where}, answering the event {loss.card}"
    else:
        what = f"{player.name} razed their own last city, at {where}"
    return f"{what[0].upper()}{what[1:]} ({when})."
