"""The request and response types of the REST API (msgspec structs).

Requests are decoded in two steps. The request envelope below is decoded first: its game-specific
members (``state``, ``move``, ``options``, ``moves``) are :class:`msgspec.Raw` slices of the body
(an optional member given as ``null`` counts as absent).
Then each slice is decoded straight into the game's own type (:mod:`arbiter.api.codec`). Unknown
members are refused (``422 invalid_request`` with a ``pointer``).

Responses hold the game's own structs (states, views, moves, events) in members typed ``Any``
and are encoded in one pass; :mod:`arbiter.api.openapi` documents those members with the
registered games' schemas.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Raw, UnsetType

from arbiter.core import Actor, GameInfo, MoveRange, Result

Seat = Annotated[int, Meta(ge=0, le=1_000_000, description="A seat, counted from 0.")]
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1, description="The secret seed of chance decisions.")]


class NewStateRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/states``: set up a new game."""

    players: Annotated[int, Meta(ge=1, le=1_000_000)]
    seed: Seed | None = None
    options: Raw | UnsetType = UNSET
    content_id: str | None = None
    sealed: bool = False
    as_seat: Seat | None = None
    resolve_chance: bool = True
    describe: bool = False
    acting_seats: bool = False
    render: bool = False


class HandleRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/legal-moves``: exactly one of the three state handles."""

    state: Raw | UnsetType = UNSET
    state_id: str | None = None
    state_token: str | None = None
    as_seat: Seat | None = None
    resolve_chance: bool | None = None
    describe: bool = False


class MoveRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/moves`` and ``.../validate``: a state handle and a move."""

    move: Raw
    state: Raw | UnsetType = UNSET
    state_id: str | None = None
    state_token: str | None = None
    as_seat: Seat | None = None
    resolve_chance: bool | None = None
    describe: bool = False
    acting_seats: bool = False
    render: bool = False


class HintRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/hints``: a state handle, the seat to advise, and a budget.

    ``seat``: by default a seat's handle's own seat, else the first seat that must decide.
    ``playouts``: the most playouts to run; ``seconds``: the longest to think (default 1). The
    server bounds both (``ARBITER_HINT_PLAYOUTS``, ``ARBITER_HINT_SECONDS``). ``seed``: the
    search's own random seed (not the game's): with ``playouts`` and time to spare, the same
    hint again.
    """

    state: Raw | UnsetType = UNSET
    state_id: str | None = None
    state_token: str | None = None
    seat: Seat | None = None
    playouts: Annotated[int, Meta(ge=1, le=1_000_000)] | None = None
    seconds: Annotated[float, Meta(gt=0, le=3600)] | None = None
    seed: Seed | None = None
    resolve_chance: bool | None = None
    describe: bool = False


class HintOption(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One move of the advised seat, with what the search found of it."""

    move: Any
    playouts: int
    value: Annotated[
        float,
        Meta(description="The mean reward of its playouts: 1 for first place, 0 for last."),
    ]
    description: str | UnsetType = UNSET


class Hint(msgspec.Struct, kw_only=True, omit_defaults=True):
    """``POST /v1/games/{game}/hints``: the move recommended to a seat, from Monte-Carlo tree
    search over random playouts of states the seat cannot tell from this one."""

    game: str
    seat: int
    move: Any
    playouts: int
    seconds: float
    seed: int
    options: list[HintOption]
    description: str | UnsetType = UNSET


class RecordDocument(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A game record as a request carries it (``GameRecord`` of :mod:`arbiter.core.record`), its
    game values kept raw for the game's decoders; GraphQL's ``replay(record: ...)`` reads this.

    Besides what ``GameRecord`` requires, only ``players``, ``seed`` and ``moves`` are required:
    each item of ``moves`` is a move, or a move with its step (``{"step": n, "move": m}``).
    """

    players: Annotated[int, Meta(ge=1, le=1_000_000)]
    seed: Seed
    moves: list[Raw]
    options: Raw | UnsetType = UNSET
    content_id: str | None = None
    format: Literal["arbiter.record/1"] | None = None
    game: str | None = None
    rules_version: str | None = None
    resolve_chance: bool = True
    result: Raw | UnsetType = UNSET


class ReplayRequest(RecordDocument, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/replay``: set up a game and play a list of moves.

    A game record (``GameRecord``, as ``POST /v1/games/{game}/record`` exports it) is a replay
    request as it is: its ``format``, ``game``, ``rules_version`` and ``result`` are checked, and
    each of its moves may come with the step it was made at.
    """

    sealed: bool = False
    as_seat: Seat | None = None
    describe: bool = False
    acting_seats: bool = False
    render: bool = False


class AnytimeMoves(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The anytime moves of the seat an answer is for: moves it may make at any moment of play,
    whoever must decide now (Scythe's coins changing hands), listed like ``legal_moves``."""

    moves: list[Any]
    move_ranges: list[MoveRange] | UnsetType = UNSET
    descriptions: list[str] | UnsetType = UNSET
    anytime: AnytimeMoves | UnsetType = UNSET


class Envelope(msgspec.Struct, kw_only=True):
    """A state as the service answers it: handles, what the viewer may see, and what comes next.

    Open games carry ``state``; sealed ones carry ``state_token`` (the handle of whoever asked:
    the master's or one seat's) and only ``view``; answers to the master handle also carry
    ``seat_tokens``, the handle of every seat (index = seat) for the backend to hand out.
    ``text`` (with ``render``) is the game's text of the view the answer shows: of ``view``, or
    of the public view when an open game's answer has none.
    """

    game: str
    rules_version: str
    state_id: str | None
    sealed: bool
    resolve_chance: bool
    as_seat: int | None
    state: Any = UNSET
    state_token: str | UnsetType = UNSET
    seat_tokens: list[str] | UnsetType = UNSET
    acting: list[SeatAnswer] | UnsetType = UNSET
    view: Any = UNSET
    text: str | UnsetType = UNSET
    to_act: list[Actor]
    legal_moves: list[Any]
    move_ranges: list[MoveRange] | UnsetType = UNSET
    descriptions: list[str] | UnsetType = UNSET
    anytime: AnytimeMoves | UnsetType = UNSET
    events: list[Any]
    finished: bool
    result: Result | None


class RecordRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/record``: exactly one of the three state handles -- an open
    state's id or the state itself, or a sealed game's master handle."""

    state: Raw | UnsetType = UNSET
    state_id: str | None = None
    state_token: str | None = None


class SetUpPositionRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/positions``: set up a game from a position -- what a real table
    shows, in the game's own terms (``Position``; ``schema/<game>/position.json``).

    What the table does not show (deck orders, cards given as counts) is drawn from what the
    content pack leaves, by ``seed``. A position comes from a real table, whose dice and cards
    decide chance: by default (``resolve_chance: false``) a pending chance decision waits for the
    table to tell its outcome, as a game set up with ``resolve_chance: false`` does; ``true``
    draws it from the seed. ``sealed`` keeps the game sealed (answers carry handles, never the
    state; chance then comes from the master handle only, unless ``resolve_chance``).
    """

    position: Raw
    seed: Seed | None = None
    content_id: str | None = None
    sealed: bool = False
    as_seat: Seat | None = None
    resolve_chance: bool = False
    describe: bool = False
    acting_seats: bool = False
    render: bool = False


class PositionOfRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/position``: exactly one of the three state handles -- an open
    state's id or the state itself, or a sealed game's master handle (a position shows every
    hidden card: a seat's handle is refused)."""

    state: Raw | UnsetType = UNSET
    state_id: str | None = None
    state_token: str | None = None


class TablePosition(msgspec.Struct, kw_only=True):
    """``POST /v1/games/{game}/position``: the position a state shows, everything known, with
    what it was played under -- ``POST .../positions`` with this ``position`` and ``content_id``
    sets the same table up again (``position`` of that state is this one)."""

    game: str
    rules_version: str
    content_id: str
    position: Any


class MigrateRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/migrate``: a state of the game as an earlier release wrote it
    (any of its shapes: its ``rules_version`` says which)."""

    state: Raw


class ReplacedMember(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A member of a state's earlier shape and what took its place in rules ``version``: JSON
    pointers (``*`` any one key or index); ``new`` ``null`` for a member removed."""

    version: str
    old: str
    new: str | None = None
    how: str


class MigratedState(msgspec.Struct, kw_only=True):
    """``POST /v1/games/{game}/migrate``: the state in today's shape (``rules_version``), checked
    as any state a client sends; ``from_version`` -- the shape it was sent in; ``replaced`` --
    what each later shape replaced (empty when it was today's already)."""

    game: str
    from_version: str
    rules_version: str
    state: Any
    replaced: list[ReplacedMember]


class CurrentRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/current`` and ``.../undo``: a handle of a sealed game."""

    state_token: str
    as_seat: Seat | None = None
    describe: bool = False
    acting_seats: bool = False
    render: bool = False


class SpectateRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``POST /v1/games/{game}/spectators``: any handle of a sealed game."""

    state_token: str
    describe: bool = False
    render: bool = False


class StateQuery(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/states/{state_id}``: its query (``?as_seat=1&render=true``)."""

    as_seat: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=1_000_000,
                description="The seat whose view (and, if sealed, moves) to show.",
            ),
        ]
        | None
    ) = None
    render: Annotated[
        bool,
        Meta(
            description="Answer `text` too: the game's text of the view shown (of `as_seat`, "
            "the public view without it)."
        ),
    ] = False


class StreamQuery(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/games/{game}/tables/{handle}/events``: its query (``?render=true``)."""

    after: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=1_000_000_000,
                description="Resume after this change (the `id` of the last event received), "
                "as the `Last-Event-ID` header does; the header wins when both are sent.",
            ),
        ]
        | None
    ) = None
    describe: Annotated[
        bool, Meta(description="The step's `current` answer carries `descriptions`.")
    ] = False
    acting_seats: Annotated[
        bool,
        Meta(description="A master's `current` answer carries `acting` (master handle only)."),
    ] = False
    render: Annotated[bool, Meta(description="The step's `current` answer carries `text`.")] = False
    language: (
        Annotated[
            Literal["en", "ru", "pl"],
            Meta(
                description="The language of the updates' texts, for a client that cannot set "
                "`Accept-Language` (a browser's `EventSource`); it wins over the header."
            ),
        ]
        | None
    ) = None


class SeatUpdate(msgspec.Struct, kw_only=True):
    """One seat's share of a change, in the stream of a sealed game's master: the events as
    that seat may see them, and its handle after the change (for the backend to hand on)."""

    seat: int
    state_token: str
    events: list[Any]


class TableUpdate(msgspec.Struct, kw_only=True):
    """One change of a sealed game (a move and the chance drawn after it, or an undo), as the
    stream of one handle tells it: the ``data`` of an ``update`` event of
    ``GET /v1/games/{game}/tables/{handle}/events``, whose ``id`` is ``version``.

    * ``events`` -- what happened, as this handle may see it (a seat's: its own secrets and the
      public events; a spectator's and the master's: the public ones, redacted as for everyone);
    * ``to_act`` -- who must decide now; ``finished`` -- the game is over;
    * ``state_token`` -- this handle's successor: the same holder's handle for the step this
      change made (handles name a step, so each change brings a new one);
    * ``seats`` -- in the master's stream only: each seat's events and handle;
    * ``current`` -- the step as ``POST .../current`` answers this handle (its view, its legal
      moves), on the change that is the game's newest when it is sent; a change the stream tells
      late (on resuming) is the game's past and has none;
    * ``missed`` -- changes before this one the stream cannot tell any more (the table keeps the
      latest 64): their events are lost to this stream, ``current`` shows where they led;
    * ``undo`` -- the step before was taken back.

    The first event of a stream opened without ``Last-Event-ID`` is the current step (no events).
    """

    game: str
    version: int
    undo: bool = False
    missed: int = 0
    events: list[Any]
    to_act: list[Actor]
    finished: bool
    state_token: str
    seats: list[SeatUpdate] | UnsetType = UNSET
    current: Envelope | UnsetType = UNSET


class SeatAnswer(msgspec.Struct, kw_only=True, omit_defaults=True):
    """What one seat that must act sees: given to a sealed game's master with ``acting_seats``,
    for the backend to hand to that seat (its view, its legal moves, the events it may see)."""

    seat: int
    view: Any
    text: str | UnsetType = UNSET
    legal_moves: list[Any]
    move_ranges: list[MoveRange] | UnsetType = UNSET
    descriptions: list[str] | UnsetType = UNSET
    anytime: AnytimeMoves | UnsetType = UNSET
    events: list[Any]


class GameList(msgspec.Struct, kw_only=True):
    """``GET /v1/games``."""

    games: list[GameInfo]


class LegalMoves(msgspec.Struct, kw_only=True):
    """``POST /v1/games/{game}/legal-moves``: who must act, and the moves the viewer may see."""

    to_act: list[Actor]
    moves: list[Any]
    move_ranges: list[MoveRange] | UnsetType = UNSET
    descriptions: list[str] | UnsetType = UNSET
    anytime: AnytimeMoves | UnsetType = UNSET


class Validation(msgspec.Struct, kw_only=True, omit_defaults=True):
    """``POST /v1/games/{game}/validate``: whether the move is legal now, and why not."""

    legal: bool
    code: str | UnsetType = UNSET
    detail: str | UnsetType = UNSET


class ContentCreated(msgspec.Struct, kw_only=True):
    """``POST /v1/games/{game}/content``: the id of the registered pack (a hash of its JSON)."""

    game: str
    content_id: str


class Health(msgspec.Struct, kw_only=True):
    """``GET /healthz`` and ``GET /readyz``."""

    status: str
    checks: dict[str, str]
