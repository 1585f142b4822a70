"""The GraphQL output types (the REST structs as Strawberry types) and the conversions from the
REST structs the service answers with (:mod:`arbiter.api.graphql` resolves the fields)."""

from __future__ import annotations

from typing import Any, NewType

import msgspec
import strawberry
from strawberry.scalars import JSON

from arbiter.api import envelope as rest
from arbiter.api.envelope import Envelope as EnvelopeStruct
from arbiter.core.texts import english

MAX_SEED = 2**63 - 1


def _parse_seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError("a seed is an integer from 0 to 2^63-1 (or its decimal string)")
    seed = int(value)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError("a seed is an integer from 0 to 2^63-1")
    return seed


Seed = NewType("Seed", int)

SEED_SCALAR = strawberry.scalar(
    name="Seed",
    description="A seed of chance decisions: an integer from 0 to 2^63-1.",
    serialize=int,
    parse_value=_parse_seed,
)


@strawberry.type(description="One game option of a fact sheet.")
class OptionInfo:
    name: str
    type: str
    default: JSON | None
    description: str
    choices: list[str] | None = strawberry.field(
        default=None, description="The only values the option takes, when they are a fixed list."
    )
    minimum: int | None = strawberry.field(default=None, description="An integer's least value.")
    maximum: int | None = strawberry.field(default=None, description="An integer's most value.")
    min_players: int | None = strawberry.field(
        default=None, description="The fewest players the option applies to (null: any)."
    )
    max_players: int | None = strawberry.field(
        default=None, description="The most players the option applies to (null: any)."
    )


@strawberry.type(description="The fact sheet of a game.")
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionInfo]
    default_content_id: str
    chance: bool
    simultaneous: bool
    hidden_information: bool
    positions: bool = strawberry.field(
        description="Whether the game sets up states from positions (`setUpPosition`)."
    )
    description: str


@strawberry.type(
    description="A listed move that stands for a run of amounts: the move at `index` may be sent "
    "with its member `field` set to any whole number from `min` to `max`."
)
class MoveRange:
    index: int
    field: str
    min: int
    max: int


def ranges_of(data: list[dict[str, Any]] | None) -> list[MoveRange] | None:
    return None if data is None else [MoveRange(**r) for r in data]


@strawberry.type(
    description="The anytime moves of the seat an answer is for: moves it may make at any moment "
    "of play, whoever must decide now (Scythe's coins changing hands), listed like legal moves."
)
class AnytimeMoves:
    moves: list[JSON]
    move_ranges: list[MoveRange] | None
    descriptions: list[str] | None


def anytime_of(data: dict[str, Any] | None) -> AnytimeMoves | None:
    if data is None:
        return None
    return AnytimeMoves(
        moves=data["moves"],
        move_ranges=ranges_of(data.get("move_ranges")),
        descriptions=data.get("descriptions"),
    )


@strawberry.type(description="What one seat that must act sees (see the REST `SeatAnswer`).")
class SeatAnswer:
    seat: int
    view: JSON
    text: str | None = strawberry.field(
        description="With `render: true`: the game's text of this seat's view."
    )
    legal_moves: list[JSON]
    move_ranges: list[MoveRange] | None
    descriptions: list[str] | None
    anytime: AnytimeMoves | None
    events: list[JSON]


@strawberry.type(description="A state as the service answers it (see the REST `Envelope`).")
class Envelope:
    game: str
    rules_version: str
    state_id: str | None
    sealed: bool
    resolve_chance: bool
    as_seat: int | None
    state: JSON | None
    state_token: str | None = strawberry.field(
        description="Sealed games: the handle of whoever asked (the master's or one seat's)."
    )
    seat_tokens: list[str] | None = strawberry.field(
        description="Answers to a sealed game's master handle: every seat's handle, by seat."
    )
    acting: list[SeatAnswer] | None = strawberry.field(
        description="With `actingSeats: true` (a sealed game's master): every seat that must "
        "act, with its view, legal moves and events."
    )
    view: JSON | None
    text: str | None = strawberry.field(
        description="With `render: true`: the game's text of the view the answer shows (of "
        "`view`; the public view's for an open game without `asSeat`), for people to follow "
        "the game."
    )
    to_act: list[JSON]
    legal_moves: list[JSON]
    move_ranges: list[MoveRange] | None = strawberry.field(
        description="Listed moves that stand for a run of amounts (see `MoveRange`)."
    )
    descriptions: list[str] | None = strawberry.field(
        description="With `describe: true`: one English sentence per legal move, in order."
    )
    anytime: AnytimeMoves | None = strawberry.field(
        description="The anytime moves of `asSeat` (or of a seat's handle), when it has any."
    )
    events: list[JSON]
    finished: bool
    result: JSON | None = strawberry.field(
        description="Once the game is over, its result, REST's `Result` (members in snake_case): "
        "the seats' `scores`, `ranking`, `places` and `winners`, the tie-breakers, every scoring "
        "line, and `opponents`, automated opponents that are not seats (a solo mode's chief), "
        "ranked with them; `winners` is empty when an opponent alone is first."
    )


@strawberry.type(description="Who must act now and the moves the viewer may make.")
class LegalMoves:
    to_act: list[JSON]
    moves: list[JSON]
    move_ranges: list[MoveRange] | None = strawberry.field(
        description="Listed moves that stand for a run of amounts (see `MoveRange`)."
    )
    descriptions: list[str] | None = strawberry.field(
        description="With `describe: true`: one English sentence per move, in order."
    )
    anytime: AnytimeMoves | None = strawberry.field(
        description="The anytime moves of `asSeat` (or of a seat's handle), when it has any."
    )


@strawberry.type(description="Whether a move is legal now, and the rule that refuses it if not.")
class Validation:
    legal: bool
    code: str | None
    detail: str | None


@strawberry.type(description="One move of the advised seat, with what the search found of it.")
class HintOption:
    move: JSON
    playouts: int
    value: float = strawberry.field(
        description="The mean reward of its playouts: 1 for first place, 0 for last."
    )
    description: str | None


@strawberry.type(
    description="The move recommended to a seat, from Monte-Carlo tree search over random "
    "playouts of states the seat cannot tell from this one (the REST `Hint`)."
)
class Hint:
    game: str
    seat: int
    move: JSON
    playouts: int
    seconds: float
    seed: Seed = strawberry.field(
        description="The search's own random seed (not the game's): the same state, seat, "
        "seed and `playouts` give the same hint again."
    )
    options: list[HintOption]
    description: str | None


@strawberry.type(
    description="The position a state shows, everything known (see the REST `TablePosition`): "
    "`setUpPosition` with this `position` and `contentId` sets the same table up again."
)
class TablePosition:
    game: str
    rules_version: str
    content_id: str
    position: JSON = strawberry.field(
        description="The game's position (`schema/<game>/position.json`), as REST writes it."
    )


@strawberry.type(description="A member of a state's earlier shape and what took its place.")
class ReplacedMember:
    version: str = strawberry.field(description="The rules version that replaced it.")
    old: str = strawberry.field(description="Its JSON pointer (`*`: any one key or index).")
    new: str | None = strawberry.field(description="What replaced it; null when removed.")
    how: str


@strawberry.type(
    description="A state written under an earlier rules version, in today's shape (see the "
    "REST `MigratedState`)."
)
class MigratedState:
    game: str
    from_version: str
    rules_version: str
    state: JSON = strawberry.field(description="The state in today's shape, checked.")
    replaced: list[ReplacedMember]


@strawberry.type(description="A registered content pack's id.")
class ContentRegistration:
    game: str
    content_id: str


def envelope_of(envelope: EnvelopeStruct) -> Envelope:
    # The state and the view go through as JSON already written (the state as the REST answer
    # carries it): the JSON scalar passes its value on unchanged and the endpoint's msgspec
    # encoder writes ``Raw`` verbatim, so neither is turned into Python objects and back.
    state, view = envelope.state, envelope.view
    bare = msgspec.structs.replace(envelope, state=msgspec.UNSET, view=msgspec.UNSET)
    data = msgspec.to_builtins(bare, enc_hook=english)
    data["state"] = None if state is msgspec.UNSET else raw_json(state)
    data["view"] = None if view is msgspec.UNSET else raw_json(view)
    return Envelope(
        game=data["game"],
        rules_version=data["rules_version"],
        state_id=data["state_id"],
        sealed=data["sealed"],
        resolve_chance=data["resolve_chance"],
        as_seat=data["as_seat"],
        state=data.get("state"),
        state_token=data.get("state_token"),
        seat_tokens=data.get("seat_tokens"),
        acting=None
        if data.get("acting") is None
        else [
            SeatAnswer(
                seat=a["seat"],
                view=a["view"],
                text=a.get("text"),
                legal_moves=a["legal_moves"],
                move_ranges=ranges_of(a.get("move_ranges")),
                descriptions=a.get("descriptions"),
                anytime=anytime_of(a.get("anytime")),
                events=a["events"],
            )
            for a in data["acting"]
        ],
        view=data.get("view"),
        text=data.get("text"),
        to_act=data["to_act"],
        legal_moves=data["legal_moves"],
        move_ranges=ranges_of(data.get("move_ranges")),
        descriptions=data.get("descriptions"),
        anytime=anytime_of(data.get("anytime")),
        events=data["events"],
        finished=data["finished"],
        result=data["result"],
    )


@strawberry.type(
    description="One seat's share of a change, in the updates of a sealed game's master: the "
    "events as that seat may see them, and its handle after the change (see the REST "
    "`SeatUpdate`)."
)
class SeatUpdate:
    seat: int
    state_token: str
    events: list[JSON]


@strawberry.type(
    description="One change of a sealed game as one handle may see it (see the REST "
    "`TableUpdate`, the data of the events of `GET /v1/games/{game}/tables/{handle}/events`): "
    "what happened (`events`), who must decide (`toAct`), the holder's handle for the new step "
    "(`stateToken`), each seat's share for a master (`seats`), and on the newest change the step "
    "as `current` answers it (`current`). `version` is the change's: resume after it with the "
    "subscription's `after`."
)
class TableUpdate:
    game: str
    version: int
    undo: bool
    missed: int
    events: list[JSON]
    to_act: list[JSON]
    finished: bool
    state_token: str
    seats: list[SeatUpdate] | None
    current: Envelope | None


def table_update_of(update: rest.TableUpdate) -> TableUpdate:
    data = msgspec.to_builtins(
        msgspec.structs.replace(update, current=msgspec.UNSET), enc_hook=english
    )
    return TableUpdate(
        game=update.game,
        version=update.version,
        undo=update.undo,
        missed=update.missed,
        events=data["events"],
        to_act=data["to_act"],
        finished=update.finished,
        state_token=update.state_token,
        seats=None
        if "seats" not in data
        else [
            SeatUpdate(seat=s["seat"], state_token=s["state_token"], events=s["events"])
            for s in data["seats"]
        ],
        current=None if update.current is msgspec.UNSET else envelope_of(update.current),
    )


def raw_json(value: Any) -> msgspec.Raw:
    return value if isinstance(value, msgspec.Raw) else msgspec.Raw(_encode_json(value))


_encode_json = msgspec.json.Encoder().encode


def game_info_of(info: Any) -> GameInfo:
    data = msgspec.to_builtins(info, enc_hook=english)
    data["options"] = [OptionInfo(**o) for o in data["options"]]
    return GameInfo(**data)


def legal_moves_of(result: rest.LegalMoves) -> LegalMoves:
    data = msgspec.to_builtins(result, enc_hook=english)
    return LegalMoves(
        to_act=data["to_act"],
        moves=data["moves"],
        move_ranges=ranges_of(data.get("move_ranges")),
        descriptions=data.get("descriptions"),
        anytime=anytime_of(data.get("anytime")),
    )


def validation_of(result: rest.Validation) -> Validation:
    return Validation(
        legal=result.legal,
        code=result.code if isinstance(result.code, str) else None,
        detail=result.detail if isinstance(result.detail, str) else None,
    )


def hint_of(result: rest.Hint) -> Hint:
    data = msgspec.to_builtins(result, enc_hook=english)
    return Hint(
        game=result.game,
        seat=result.seat,
        move=data["move"],
        playouts=result.playouts,
        seconds=result.seconds,
        seed=Seed(result.seed),
        options=[
            HintOption(
                move=o["move"],
                playouts=o["playouts"],
                value=o["value"],
                description=o.get("description"),
            )
            for o in data["options"]
        ],
        description=data.get("description"),
    )


def table_position_of(answer: rest.TablePosition) -> TablePosition:
    return TablePosition(
        game=answer.game,
        rules_version=answer.rules_version,
        content_id=answer.content_id,
        position=msgspec.to_builtins(answer.position),
    )


def registration_of(created: rest.ContentCreated) -> ContentRegistration:
    return ContentRegistration(game=created.game, content_id=created.content_id)


def games_of(listed: rest.GameList) -> list[GameInfo]:
    return [game_info_of(g) for g in listed.games]


def json_of(value: Any) -> JSON:
    """A document as the REST API writes it (a record, a pack), read back as plain values."""
    return msgspec.json.decode(_encode_json(value))  # type: ignore[no-any-return]


def migrated_of(answer: rest.MigratedState) -> MigratedState:
    return MigratedState(
        game=answer.game,
        from_version=answer.from_version,
        rules_version=answer.rules_version,
        state=msgspec.json.decode(answer.state),
        replaced=[
            ReplacedMember(version=r.version, old=r.old, new=r.new, how=r.how)
            for r in answer.replaced
        ],
    )
