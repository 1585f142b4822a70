"""The GraphQL schema (Strawberry) over the same service operations as REST.

:mod:`arbiter.api.graphql_http` serves it at ``/graphql``, with the limits of the settings.

States, views, moves, events, options and content travel as the ``JSON`` scalar, exactly as in
the REST API. Seeds use the ``Seed`` scalar (GraphQL's ``Int`` has 32 bits only). A refusal is a
GraphQL error whose ``extensions`` carry the same members as the REST problem document
(``code``, ``status``, ``title``, ``type``, ``pointer``, ...).

The schema does not depend on the registered games (a game is a ``String`` id), so
``schema/schema.graphql`` is the same for every registry.

Why game values stay ``JSON`` rather than per-game unions: a move must be echoed back verbatim
(the same object the answer listed), and GraphQL input types have no unions, so typed moves
would need one input type per move type per game with a one-of wrapper -- a second encoding of
every move that clients would have to translate both ways. The shapes are published instead as
JSON Schemas per game (``schema/<game>/{state,move,view,event,options,content}.json``, the same
components as the OpenAPI document) and described per game at ``/docs/games/{game}``, so a client
can type them with the same generators it uses for REST.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar, cast

import msgspec
import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON
from strawberry.schema.config import StrawberryConfig
from strawberry.types import ExecutionContext, Info
from strawberry.types.nodes import SelectedField

from arbiter.api.claims import Claims
from arbiter.api.envelope import ContentCreated, RecordDocument
from arbiter.api.envelope import Envelope as EnvelopeStruct
from arbiter.api.graphql_documents import DocumentCache, Documents
from arbiter.api.graphql_execution import ArbiterExecutionContext
from arbiter.api.graphql_types import (
    SEED_SCALAR,
    ContentRegistration,
    Envelope,
    GameInfo,
    Hint,
    HintOption,
    LegalMoves,
    Seed,
    TablePosition,
    Validation,
    anytime_of,
    envelope_of,
    game_info_of,
    ranges_of,
)
from arbiter.api.handles import Handle
from arbiter.api.idempotency import once
from arbiter.api.jsonguard import decode_error
from arbiter.api.problems import Problem
from arbiter.api.service import Service

log = logging.getLogger("arbiter.graphql")

T = TypeVar("T")
S = TypeVar("S", bound=msgspec.Struct)


def _service(info: Info) -> Service:
    service: Service = info.context["service"]
    return service


async def _call(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except Problem as problem:
        raise GraphQLError(problem.detail, extensions=problem.extensions()) from None


#: A mutation's ``idempotencyKey`` argument.
IdempotencyKey = Annotated[
    str | None,
    strawberry.argument(
        description="Makes the mutation safe to retry (as REST's `Idempotency-Key` header): a "
        "retry with the same key and the same arguments gets the first answer (or refusal), "
        "nothing is applied twice, on any worker; the key with other arguments is refused "
        "(`idempotency_key_reused`), while the first still runs `idempotency_in_progress`. 1 to "
        "255 visible ASCII characters, kept `ARBITER_IDEMPOTENCY_TTL` seconds, per client."
    ),
]

_json = msgspec.json.Encoder()


class _Refused(msgspec.Struct, array_like=True):
    """A refusal kept under an idempotency key: the GraphQL error it was."""

    detail: str
    extensions: dict[str, object]


async def _once(info: Info, key: str | None, run: Callable[[], Awaitable[S]], kind: type[S]) -> S:
    """``run`` (a mutation's service operation), once per ``key``: a retry of the field with the
    same arguments (as given, variables filled in) gets the kept answer or refusal
    (:func:`arbiter.api.idempotency.once`)."""
    if key is None:
        return await _call(run())

    async def first() -> tuple[int, bytes]:
        try:
            return 200, _json.encode(await run())
        except Problem as problem:
            return problem.status, _json.encode(_Refused(problem.detail, problem.extensions()))

    field = info.selected_fields[0]  # the mutation itself, its variables filled in
    assert isinstance(field, SelectedField)
    asked = _json.encode((info.field_name, field.arguments))
    status, kept = await _call(once(_service(info).keys, key, asked, first))
    if status != 200:
        refused = msgspec.json.decode(kept, type=_Refused)
        raise GraphQLError(refused.detail, extensions=refused.extensions)
    return msgspec.json.decode(kept, type=kind)


def _sync(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except Problem as problem:
        raise GraphQLError(problem.detail, extensions=problem.extensions()) from None


def _handle(state: JSON | None, state_id: str | None, state_token: str | None) -> Handle:
    return Handle(state=state, state_id=state_id, state_token=state_token)


def _seat(as_seat: int | None) -> int | None:
    if as_seat is not None and as_seat < 0:
        problem = Problem("invalid_seat", "asSeat counts seats from 0", pointer="/asSeat")
        raise GraphQLError(problem.detail, extensions=problem.extensions())
    return as_seat


def _refusal(code: str, detail: str, pointer: str) -> GraphQLError:
    problem = Problem(code, detail, pointer=pointer)
    return GraphQLError(problem.detail, extensions=problem.extensions())


def _players(players: int) -> int:
    if players < 1:
        problem = Problem("invalid_request", "players must be at least 1", pointer="/players")
        raise GraphQLError(problem.detail, extensions=problem.extensions())
    return players


# ------------------------------------------------------------------------------ queries


def resolve_games(info: Info) -> list[GameInfo]:
    return [game_info_of(g) for g in _service(info).games().games]


def resolve_game(info: Info, id: str) -> GameInfo:
    return game_info_of(_sync(_service(info).info, id))


async def resolve_state(
    info: Info, id: str, as_seat: int | None = None, render: bool = False
) -> Envelope:
    answer = _service(info).get_state(id, as_seat=_seat(as_seat), render=render)
    return envelope_of(await _call(answer))


async def resolve_legal_moves(
    info: Info,
    game: str,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
    as_seat: int | None = None,
    resolve_chance: bool | None = None,
    describe: bool = False,
) -> LegalMoves:
    result = await _call(
        _service(info).legal_moves(
            game,
            _handle(state, state_id, state_token),
            as_seat=_seat(as_seat),
            resolve_chance=resolve_chance,
            describe=describe,
        )
    )
    data = msgspec.to_builtins(result)
    return LegalMoves(
        to_act=data["to_act"],
        moves=data["moves"],
        move_ranges=ranges_of(data.get("move_ranges")),
        descriptions=data.get("descriptions"),
        anytime=anytime_of(data.get("anytime")),
    )


async def resolve_validate(
    info: Info,
    game: str,
    move: JSON,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
    as_seat: int | None = None,
    resolve_chance: bool | None = None,
) -> Validation:
    result = await _call(
        _service(info).validate(
            game,
            _handle(state, state_id, state_token),
            move,
            as_seat=_seat(as_seat),
            resolve_chance=resolve_chance,
        )
    )
    return Validation(
        legal=result.legal,
        code=result.code if isinstance(result.code, str) else None,
        detail=result.detail if isinstance(result.detail, str) else None,
    )


async def resolve_hint(
    info: Info,
    game: str,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
    seat: int | None = None,
    playouts: int | None = None,
    seconds: float | None = None,
    seed: Seed | None = None,
    resolve_chance: bool | None = None,
    describe: bool = False,
) -> Hint:
    for name, value, low in (("seat", seat, 0), ("playouts", playouts, 1)):
        if value is not None and value < low:
            raise _refusal("invalid_request", f"{name} must be at least {low}", f"/{name}")
    if seconds is not None and not 0 < seconds <= 3600:
        raise _refusal("invalid_request", "seconds must lie in (0, 3600]", "/seconds")
    result = await _call(
        _service(info).hints.hint(
            game,
            _handle(state, state_id, state_token),
            seat=seat,
            playouts=playouts,
            seconds=seconds,
            seed=seed,
            resolve_chance=resolve_chance,
            describe=describe,
        )
    )
    data = msgspec.to_builtins(result)
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


_record_decoder = msgspec.json.Decoder(RecordDocument)
#: The members of a record: problems about them point into the ``record`` argument.
_RECORD_MEMBERS = frozenset(RecordDocument.__struct_fields__)


def _given(raw: msgspec.Raw | msgspec.UnsetType) -> msgspec.Raw | None:
    """An optional member of a record: absent when missing or ``null``."""
    if isinstance(raw, msgspec.Raw) and bytes(raw) != b"null":
        return raw
    return None


def _record(record: JSON) -> RecordDocument:
    """The ``record`` argument read as the REST body's record members are."""
    try:
        return _record_decoder.decode(msgspec.json.encode(record))
    except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
        raise decode_error(error, "/record") from None


async def _replay_record(
    service: Service,
    game: str,
    record: JSON,
    resolve_chance: bool | None,
    **treatment: Any,
) -> EnvelopeStruct:
    """A replay of a record given as the ``record`` argument; pointers into it say so."""
    try:
        document = _record(record)
        rc = document.resolve_chance if resolve_chance is None else resolve_chance
        return await service.replay(
            game,
            players=document.players,
            seed=document.seed,
            moves=list(document.moves),
            options=_given(document.options),
            content_id=document.content_id,
            resolve_chance=rc,
            claims=Claims(document.game, document.rules_version, _given(document.result)),
            **treatment,
        )
    except Problem as problem:
        pointer = problem.pointer
        if pointer is not None and (pointer == "" or pointer.split("/")[1] in _RECORD_MEMBERS):
            problem.pointer = "/record" + pointer
        raise


async def resolve_replay(
    info: Info,
    game: str,
    players: int | None = None,
    seed: Seed | None = None,
    moves: list[JSON] | None = None,
    options: JSON | None = None,
    content_id: str | None = None,
    sealed: bool = False,
    as_seat: int | None = None,
    resolve_chance: bool | None = None,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
    record: JSON | None = None,
) -> Envelope:
    service = _service(info)
    treatment: dict[str, Any] = {
        "sealed": sealed,
        "as_seat": _seat(as_seat),
        "describe": describe,
        "acting_seats": acting_seats,
        "render": render,
    }
    given = [
        name
        for name, value in (
            ("players", players),
            ("seed", seed),
            ("moves", moves),
            ("options", options),
            ("contentId", content_id),
        )
        if value is not None
    ]
    if record is not None:
        if given:
            raise _refusal(
                "invalid_request",
                f"give a record or the game's setup and moves, not both (got record and "
                f"{', '.join(given)})",
                "/record",
            )
        answer = _replay_record(service, game, record, resolve_chance, **treatment)
        return envelope_of(await _call(answer))
    if players is None or seed is None or moves is None:
        raise _refusal("invalid_request", "give players, seed and moves, or a record", "/record")
    envelope = await _call(
        service.replay(
            game,
            players=_players(players),
            seed=seed,
            moves=list(moves),
            options=options,
            content_id=content_id,
            resolve_chance=True if resolve_chance is None else resolve_chance,
            **treatment,
        )
    )
    return envelope_of(envelope)


def _sealed(
    operation: Callable[..., Awaitable[EnvelopeStruct]],
    game: str,
    state_token: str,
    as_seat: int | None,
    describe: bool,
    acting_seats: bool,
    render: bool,
) -> Awaitable[EnvelopeStruct]:
    """``current`` or ``undo``: an operation over one handle of a sealed game."""
    return operation(
        game,
        state_token,
        as_seat=_seat(as_seat),
        describe=describe,
        acting_seats=acting_seats,
        render=render,
    )


async def resolve_record(
    info: Info,
    game: str,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
) -> JSON:
    record = await _call(_service(info).record(game, _handle(state, state_id, state_token)))
    return cast(JSON, msgspec.json.decode(msgspec.json.encode(record)))


async def resolve_current(
    info: Info,
    game: str,
    state_token: str,
    as_seat: int | None = None,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
) -> Envelope:
    flags = (describe, acting_seats, render)
    return envelope_of(
        await _call(_sealed(_service(info).current, game, state_token, as_seat, *flags))
    )


async def resolve_undo(
    info: Info,
    game: str,
    state_token: str,
    as_seat: int | None = None,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
    idempotency_key: IdempotencyKey = None,
) -> Envelope:
    flags = (describe, acting_seats, render)
    undo = _service(info).undo
    return envelope_of(
        await _once(
            info,
            idempotency_key,
            lambda: _sealed(undo, game, state_token, as_seat, *flags),
            EnvelopeStruct,
        )
    )


async def resolve_position(
    info: Info,
    game: str,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
) -> TablePosition:
    handle = _handle(state, state_id, state_token)
    answer = await _call(_service(info).positions.position_of(game, handle))
    return TablePosition(
        game=answer.game,
        rules_version=answer.rules_version,
        content_id=answer.content_id,
        position=msgspec.to_builtins(answer.position),
    )


async def resolve_content(info: Info, game: str, content_id: str) -> JSON:
    pack = await _call(_service(info).get_content(game, content_id))
    return cast(JSON, msgspec.to_builtins(pack))


#: Root fields one call of which may cost a lot: a replay plays up to ARBITER_MAX_REPLAY moves, the
#: mutations decode, check, seal and store states. A GraphQL document may select one of them once
#: at most (aliases and fragments included), so one request costs one REST call of them at most;
#: :mod:`arbiter.api.graphql_http` enforces it. Names are GraphQL's (camelCase); list here every
#: new root field of that kind (names not in the schema yet cost nothing).
EXPENSIVE_FIELDS = frozenset(
    {"replay", "record", "newGame", "applyMove", "registerContent", "undo", "hint"}
    | {"setUpPosition", "position"}
)


@strawberry.type
class Query:
    games: list[GameInfo] = strawberry.field(
        resolver=resolve_games, description="The games this service referees."
    )
    game: GameInfo = strawberry.field(resolver=resolve_game, description="One game's fact sheet.")
    state: Envelope = strawberry.field(
        resolver=resolve_state, description="A cached state by id, as `asSeat` may see it."
    )
    legal_moves: LegalMoves = strawberry.field(
        resolver=resolve_legal_moves,
        description="Who must act and the moves the viewer may make. Give one state handle.",
    )
    validate: Validation = strawberry.field(
        resolver=resolve_validate, description="Whether a move is legal now, without applying it."
    )
    hint: Hint = strawberry.field(
        resolver=resolve_hint,
        description="The move recommended to a seat that decides now (REST `POST .../hints`): "
        "Monte-Carlo tree search within `seconds` (default 1) and `playouts`, both bounded by "
        "the server, seeing only what the seat may see. A seat's handle asks for its own seat.",
    )
    replay: Envelope = strawberry.field(
        resolver=resolve_replay,
        description="Set up a game and play a list of moves (chance not given: from the seed): "
        "give `players`, `seed` and `moves` (and `options`, `contentId`), or `record`: a game "
        "record as `record` answers it (the same JSON document as REST's, members in "
        "snake_case), whose steps, game, rules version and result are checked. `resolveChance` "
        "defaults to the record's, else true.",
    )
    record: JSON = strawberry.field(
        resolver=resolve_record,
        description="The record of a game up to a state, as one JSON document (the same as "
        "REST's `POST /v1/games/{game}/record`, `replay(record: ...)` takes it as it is): its "
        "setup and every move with its step. Give one handle: an open state's `stateId` or "
        "the `state` itself, or a sealed game's master handle (a seat's is refused: "
        "`master_only`).",
    )
    position: TablePosition = strawberry.field(
        resolver=resolve_position,
        description="The position a state shows -- what its table shows, everything known (the "
        "same as REST's `POST /v1/games/{game}/position`). Give one handle: an open state's "
        "`stateId` or the `state` itself, or a sealed game's master handle (a seat's is "
        "refused: `master_only`). Games whose fact sheet says `positions: false` refuse it "
        "(`positions_unsupported`).",
    )
    content: JSON = strawberry.field(resolver=resolve_content, description="A content pack.")
    current: Envelope = strawberry.field(
        resolver=resolve_current,
        description="The current step of a sealed game for the holder of any of its handles "
        "(stale or not): how a seat catches up after others moved.",
    )


# ---------------------------------------------------------------------------- mutations


async def resolve_new_game(
    info: Info,
    game: str,
    players: int,
    seed: Seed | None = None,
    options: JSON | None = None,
    content_id: str | None = None,
    sealed: bool = False,
    as_seat: int | None = None,
    resolve_chance: bool = True,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
    idempotency_key: IdempotencyKey = None,
) -> Envelope:
    envelope = await _once(
        info,
        idempotency_key,
        lambda: _service(info).new_state(
            game,
            players=_players(players),
            seed=seed,
            options=options,
            content_id=content_id,
            sealed=sealed,
            as_seat=_seat(as_seat),
            resolve_chance=resolve_chance,
            describe=describe,
            acting_seats=acting_seats,
            render=render,
        ),
        EnvelopeStruct,
    )
    return envelope_of(envelope)


async def resolve_apply_move(
    info: Info,
    game: str,
    move: JSON,
    state: JSON | None = None,
    state_id: str | None = None,
    state_token: str | None = None,
    as_seat: int | None = None,
    resolve_chance: bool | None = None,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
    idempotency_key: IdempotencyKey = None,
) -> Envelope:
    envelope = await _once(
        info,
        idempotency_key,
        lambda: _service(info).apply_move(
            game,
            _handle(state, state_id, state_token),
            move,
            as_seat=_seat(as_seat),
            resolve_chance=resolve_chance,
            describe=describe,
            acting_seats=acting_seats,
            render=render,
        ),
        EnvelopeStruct,
    )
    return envelope_of(envelope)


async def resolve_set_up_position(
    info: Info,
    game: str,
    position: JSON,
    seed: Seed | None = None,
    content_id: str | None = None,
    sealed: bool = False,
    as_seat: int | None = None,
    resolve_chance: bool = False,
    describe: bool = False,
    acting_seats: bool = False,
    render: bool = False,
    idempotency_key: IdempotencyKey = None,
) -> Envelope:
    envelope = await _once(
        info,
        idempotency_key,
        lambda: _service(info).positions.set_up(
            game,
            position,
            seed=seed,
            content_id=content_id,
            sealed=sealed,
            as_seat=_seat(as_seat),
            resolve_chance=resolve_chance,
            describe=describe,
            acting_seats=acting_seats,
            render=render,
        ),
        EnvelopeStruct,
    )
    return envelope_of(envelope)


async def resolve_register_content(
    info: Info, game: str, content: JSON, idempotency_key: IdempotencyKey = None
) -> ContentRegistration:
    created = await _once(
        info,
        idempotency_key,
        lambda: _service(info).register_content(game, content),
        ContentCreated,
    )
    return ContentRegistration(game=created.game, content_id=created.content_id)


@strawberry.type
class Mutation:
    new_game: Envelope = strawberry.mutation(
        resolver=resolve_new_game, description="Set up a game."
    )
    apply_move: Envelope = strawberry.mutation(
        resolver=resolve_apply_move, description="Check and apply a move. Give one state handle."
    )
    undo: Envelope = strawberry.mutation(
        resolver=resolve_undo,
        description="Take the last step of a sealed game back (its master handle only).",
    )
    set_up_position: Envelope = strawberry.mutation(
        resolver=resolve_set_up_position,
        description="Set up a game from a position: what a real table shows, in the game's own "
        "terms (the same as REST's `POST /v1/games/{game}/positions`). What the table does not "
        "show is drawn from the seed; problems point into the position (`/position/...`). "
        "`resolveChance` defaults to false: a real table's dice and cards decide chance.",
    )
    register_content: ContentRegistration = strawberry.mutation(
        resolver=resolve_register_content,
        description="Register a content pack; its id is the hash of its canonical JSON.",
    )


class ArbiterSchema(strawberry.Schema):
    """Logs only unexpected errors: refusals (problems) and invalid queries are the client's.
    ``documents``: the documents it parsed and kept (:func:`make_schema`)."""

    documents: Documents

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        for error in errors:
            original = error.original_error
            if isinstance(original, RecursionError):  # a document or value nested by the client
                log.warning("graphql: recursion limit reached")
            elif original is not None and not isinstance(original, GraphQLError | ValueError):
                log.error("graphql resolver failed", exc_info=original)


def make_schema(documents: Documents | None = None) -> ArbiterSchema:
    """The schema, parsing and validating through ``documents`` (each distinct document once,
    :mod:`arbiter.api.graphql_documents`; by default without limits).

    :data:`schema` is the bare one (contracts, SDL); the served one has the limits of its
    settings (:func:`arbiter.api.graphql_http.build_schema`). The types are shared, so the SDL is
    the same for both.
    """
    kept = Documents() if documents is None else documents
    made = ArbiterSchema(
        query=Query,
        mutation=Mutation,
        extensions=[lambda: DocumentCache(kept)],
        execution_context_class=ArbiterExecutionContext,
        config=StrawberryConfig(scalar_map={Seed: SEED_SCALAR}),
    )
    made.documents = kept
    return made


#: The schema without limits: ``arbiter export-schemas`` writes its SDL to ``schema/schema.graphql``.
schema = make_schema()
