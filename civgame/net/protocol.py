"""The messages between a host and the players' windows: JSON objects over a WebSocket, each
validated by pydantic on arrival (`read_request`, `read_reply`). docs/network.md describes them.

A client sends requests; the host answers each with one reply, in order (`Created`, `Claimed`,
`Games`, `Done` or `Refused`), and, to every seat a change concerns, sends `State`: the seat's view
(`GameDefinition.view_for`) as changes against the view it sent that seat before, the legal actions
when the seat must decide, and who is at the table.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

T = TypeVar("T")
MAX_MESSAGE = 64 * 1024  # bytes: a larger message closes the connection
MAX_NAME = 20
MAX_SEATS = 8
Secret = Annotated[str, Field(min_length=1, max_length=64)]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------ requests (client -> host)


class SeatSpec(Message):
    """Who plays a seat: a person who joins with a code, a person at the host's window, or a computer."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    kind: Literal["human", "local", "computer"]
    level: Annotated[str, Field(max_length=20)] = ""  # a computer's level


class Create(Message):
    type: Literal["create"] = "create"
    game: Annotated[str, Field(max_length=40)]  # a game id, as `civgame.games.definition` knows them
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=MAX_SEATS)]
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    options: Annotated[
        dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=200)]], Field(max_length=20)
    ] = {}


class Claim(Message):
    """Take the seat a join code opens; the reply is the seat's token."""

    type: Literal["claim"] = "claim"
    code: Annotated[str, Field(min_length=1, max_length=32)]


class Sit(Message):
    """Play and watch the seat of `token` on this connection (again, after a drop)."""

    type: Literal["sit"] = "sit"
    token: Secret


class Act(Message):
    """The seat's action (as the legal actions list it), chosen when the game was at `version`."""

    type: Literal["act"] = "act"
    token: Secret
    version: Annotated[int, Field(ge=0)]
    action: dict[Annotated[str, Field(max_length=40)], Any]


class MyGames(Message):
    """How each game of these seat tokens stands: which wait for their seat."""

    type: Literal["my_games"] = "my_games"
    tokens: Annotated[list[Secret], Field(max_length=100)]


class HandOver(Message):
    """The host gives an absent seat to a computer player until its person sits down again."""

    type: Literal["hand_over"] = "hand_over"
    host_token: Secret
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)]
    level: Annotated[str, Field(max_length=20)]


Request = Annotated[Create | Claim | Sit | Act | MyGames | HandOver, Field(discriminator="type")]


# ------------------------------------------------------------------ replies (host -> client)


class SeatTicket(Message):
    seat: int
    name: str
    kind: str
    code: str | None = None  # a human seat's join code, to give its player
    token: str | None = None  # a local seat's token, for the host's window


class Created(Message):
    type: Literal["created"] = "created"
    game: str
    title: str
    host_token: str
    seats: list[SeatTicket]


class Claimed(Message):
    type: Literal["claimed"] = "claimed"
    game: str
    seat: int
    token: str


class SeatStatus(Message):
    name: str
    kind: Literal["human", "computer"]
    present: bool  # a computer, or a person with a window connected
    stand_in: str = ""  # the level of the computer playing for an absent person


class State(Message):
    """The seat's view at `version`: `view` replaces the whole view when `full`, else only the top-level
    keys it names; `appended` holds lists that grew, by key, as the items added."""

    type: Literal["state"] = "state"
    game: str
    title: str
    definition: str  # the game id, as in saves
    seat: int
    version: int
    full: bool
    view: dict[str, Any]
    appended: dict[str, list[Any]] = {}
    actor: int  # the seat that must decide next (-1 when the game is over)
    legal: list[dict[str, Any]] | None = None  # when this seat must decide
    seats: list[SeatStatus]
    over: bool = False
    result: str = ""  # how a finished game ended


class Refused(Message):
    """A request the host did not carry out, with the reason (an action's: the rule it breaks)."""

    type: Literal["refused"] = "refused"
    request: str
    reason: str


class GameEntry(Message):
    game: str
    title: str
    seat: int
    name: str
    your_turn: bool
    waiting_for: str  # the name of whoever must decide, "" when over
    over: bool


class Games(Message):
    type: Literal["games"] = "games"
    games: list[GameEntry]


class Done(Message):
    """A request carried out that needs no other answer (an action taken, a seat sat at, a hand over)."""

    type: Literal["done"] = "done"
    request: str


Reply = Annotated[Created | Claimed | State | Refused | Games | Done, Field(discriminator="type")]

_REQUEST: TypeAdapter[Create | Claim | Sit | Act | MyGames | HandOver] = TypeAdapter(Request)
_REPLY: TypeAdapter[Created | Claimed | State | Refused | Games | Done] = TypeAdapter(Reply)


class BadMessage(ValueError):
    """A message that is not one the protocol knows; the text says what is wrong with it."""


def read_request(data: str | bytes) -> Create | Claim | Sit | Act | MyGames | HandOver:
    return _read(_REQUEST, data)


def read_reply(data: str | bytes) -> Created | Claimed | State | Refused | Games | Done:
    return _read(_REPLY, data)


def _read(adapter: TypeAdapter[T], data: str | bytes) -> T:
    try:
        return adapter.validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "message"
        raise BadMessage(f"{where}: {first['msg']}") from None


def encode(message: Message) -> str:
    return message.model_dump_json()
