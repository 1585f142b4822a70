"""The operations of the API (``/v1``), each declared once (:class:`~.operation.Operation`).

GraphQL lists its fields in this order (the REST router puts the hot path, ``applyMove``, first). Adding an operation: declare it here (its structs in
:mod:`arbiter.api.envelope`, its call on :class:`~arbiter.api.service.Service`), add its examples
to :mod:`arbiter.api.openapi_examples`, a test beside the others in ``tests/api/``, and run
``make schemas`` (``docs/architecture.md``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec

from arbiter.api.claims import Claims
from arbiter.api.envelope import (
    ContentCreated,
    CurrentRequest,
    Envelope,
    GameList,
    HandleRequest,
    Hint,
    HintRequest,
    LegalMoves,
    MigratedState,
    MigrateRequest,
    MoveRequest,
    NewStateRequest,
    PositionOfRequest,
    RecordRequest,
    ReplayRequest,
    SetUpPositionRequest,
    SpectateRequest,
    StateQuery,
    StreamQuery,
    TablePosition,
    TableUpdate,
    Validation,
)
from arbiter.api.handles import Handle
from arbiter.api.migrations import migrate_state
from arbiter.api.operation import Answer, GraphQL, Operation, Parameter
from arbiter.api.service import Service
from arbiter.core import GameInfo
from arbiter.core.record import GameRecord

At = Mapping[str, str]

# ------------------------------------------------------------------------- what they refuse

#: Codes of every operation that loads a state or a content pack from the store.
STORED = dict.fromkeys(("cache_unavailable", "quota_exceeded", "store_full", "unknown_content"))
#: ... and reads a state by a handle.
READS_STATE = {**STORED, **dict.fromkeys(("unknown_state", "rules_version_mismatch"))}
#: ... by any of the three handles (``state``, ``state_id``, ``state_token``).
HANDLED = {
    **READS_STATE,
    **dict.fromkeys(
        ("invalid_state", "invalid_state_handle", "invalid_state_token", "spectator_handle")
    ),
}
#: ... which must be the table's current step, as the viewer of ``as_seat`` sees it.
CURRENT = {
    **HANDLED,
    **dict.fromkeys(("stale_state", "table_rolled_back", "invalid_seat", "forbidden_seat")),
}
#: Codes of every operation that sets a game up.
SETS_UP = {**STORED, **dict.fromkeys(("invalid_state", "invalid_seat", "master_only"))}


# ------------------------------------------------------------------------------ their calls


def _given(raw: msgspec.Raw | msgspec.UnsetType) -> msgspec.Raw | None:
    """An optional game value: absent when missing or ``null``."""
    if isinstance(raw, msgspec.Raw) and bytes(raw) != b"null":
        return raw
    return None


def _handle(
    body: HandleRequest | MoveRequest | RecordRequest | PositionOfRequest | HintRequest,
) -> Handle:
    return Handle(state=_given(body.state), state_id=body.state_id, state_token=body.state_token)


def _shown(
    body: NewStateRequest | MoveRequest | ReplayRequest | SetUpPositionRequest | CurrentRequest,
) -> dict[str, Any]:
    """What an answer shows, as the request asks."""
    return {
        "as_seat": body.as_seat,
        "describe": body.describe,
        "acting_seats": body.acting_seats,
        "render": body.render,
    }


async def _apply_move(service: Service, at: At, body: MoveRequest) -> Envelope:
    handle, move = _handle(body), body.move
    return await service.apply_move(
        at["game"], handle, move, resolve_chance=body.resolve_chance, **_shown(body)
    )


async def _migrate(service: Service, at: At, body: MigrateRequest) -> MigratedState:
    game, codec = service.game(at["game"])
    return await migrate_state(service.store, game, codec, body.state)


async def _list_games(service: Service, at: At, _: None) -> GameList:
    return service.games()


async def _get_game(service: Service, at: At, _: None) -> GameInfo:
    return service.info(at["game"])


async def _new_state(service: Service, at: At, body: NewStateRequest) -> Envelope:
    return await service.new_state(
        at["game"],
        players=body.players,
        seed=body.seed,
        options=_given(body.options),
        content_id=body.content_id,
        sealed=body.sealed,
        resolve_chance=body.resolve_chance,
        **_shown(body),
    )


async def _legal_moves(service: Service, at: At, body: HandleRequest) -> LegalMoves:
    return await service.legal_moves(
        at["game"],
        _handle(body),
        as_seat=body.as_seat,
        resolve_chance=body.resolve_chance,
        describe=body.describe,
    )


async def _validate(service: Service, at: At, body: MoveRequest) -> Validation:
    handle, move = _handle(body), body.move
    return await service.validate(
        at["game"], handle, move, as_seat=body.as_seat, resolve_chance=body.resolve_chance
    )


async def _hint(service: Service, at: At, body: HintRequest) -> Hint:
    return await service.hints.hint(
        at["game"],
        _handle(body),
        seat=body.seat,
        playouts=body.playouts,
        seconds=body.seconds,
        seed=body.seed,
        resolve_chance=body.resolve_chance,
        describe=body.describe,
    )


async def _replay(service: Service, at: At, body: ReplayRequest) -> Envelope:
    return await service.replay(
        at["game"],
        players=body.players,
        seed=body.seed,
        moves=list(body.moves),
        options=_given(body.options),
        content_id=body.content_id,
        sealed=body.sealed,
        resolve_chance=body.resolve_chance,
        claims=Claims(body.game, body.rules_version, _given(body.result)),
        **_shown(body),
    )


async def _record(service: Service, at: At, body: RecordRequest) -> GameRecord[Any, Any]:
    return await service.record(at["game"], _handle(body))


async def _set_up_position(service: Service, at: At, body: SetUpPositionRequest) -> Envelope:
    return await service.positions.set_up(
        at["game"],
        body.position,
        seed=body.seed,
        content_id=body.content_id,
        sealed=body.sealed,
        resolve_chance=body.resolve_chance,
        **_shown(body),
    )


async def _position_of(service: Service, at: At, body: PositionOfRequest) -> TablePosition:
    return await service.positions.position_of(at["game"], _handle(body))


async def _current(service: Service, at: At, body: CurrentRequest) -> Envelope:
    return await service.current(at["game"], body.state_token, **_shown(body))


async def _spectate(service: Service, at: At, body: SpectateRequest) -> Envelope:
    return await service.spectate(
        at["game"], body.state_token, describe=body.describe, render=body.render
    )


async def _undo(service: Service, at: At, body: CurrentRequest) -> Envelope:
    return await service.undo(at["game"], body.state_token, **_shown(body))


async def _register_content(service: Service, at: At, body: msgspec.Raw) -> ContentCreated:
    return await service.register_content(at["game"], body)


async def _get_content(service: Service, at: At, _: None) -> Any:
    return await service.get_content(at["game"], at["content_id"])


async def _get_state(service: Service, at: At, query: StateQuery) -> Envelope:
    return await service.get_state(at["state_id"], as_seat=query.as_seat, render=query.render)


def _state_location(envelope: Envelope) -> str | None:
    return None if envelope.state_id is None else f"/v1/states/{envelope.state_id}"


def _content_location(created: ContentCreated) -> str:
    return f"/v1/games/{created.game}/content/{created.content_id}"


# ------------------------------------------------------------------------------ the links


#: Links from a game record to its replay.
RECORD_LINKS = {
    "Replay": {
        "operationId": "replayGame",
        "parameters": {"path.game": "$response.body#/game"},
        "requestBody": "$response.body",
        "description": "Replay the record as it is: the state it leads to.",
    }
}
#: Links from a position to the same table set up again.
POSITION_LINKS = {
    "SetUp": {
        "operationId": "setUpPosition",
        "parameters": {"path.game": "$response.body#/game"},
        "requestBody": {
            "position": "$response.body#/position",
            "content_id": "$response.body#/content_id",
        },
        "description": "Set the same table up again: a state whose position is this one.",
    }
}
#: Links from a registered pack to it, and to a game with it.
CONTENT_LINKS = {
    "GetContent": {
        "operationId": "getContent",
        "parameters": {
            "path.game": "$response.body#/game",
            "path.content_id": "$response.body#/content_id",
        },
        "description": "Fetch the pack.",
    },
    "NewStateWithContent": {
        "operationId": "newState",
        "parameters": {"path.game": "$response.body#/game"},
        "requestBody": {"content_id": "$response.body#/content_id"},
        "description": "Set up a game with the pack.",
    },
}
#: The ``Location`` of a new open state.
NEW_STATE_LOCATION = "The path of the new open state (absent when it is not cached)."
#: The handle requests' text: an open state's or a sealed game's master.
EXPORT_HANDLE = (
    "Exactly one state handle: an open state's id (or the state itself), or a sealed game's "
    "master handle."
)

# ------------------------------------------------------------------------- the declarations

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        id="newState",
        path="/v1/games/{game}/states",
        summary="Set up a new game",
        description="An open game answers with its full `state` (and `state_id`); a sealed one "
        "answers the master handle (`state_token`) and each seat's (`seat_tokens`).",
        body=NewStateRequest,
        body_text="Players, seed, options and treatment.",
        answer=Answer(
            type=Envelope,
            status=201,
            description="The game after setup.",
            links="Envelope",
            location=NEW_STATE_LOCATION,
            locate=_state_location,
        ),
        errors=SETS_UP,
        rule_codes=True,
        idempotent=True,
        costly=True,
        graphql=GraphQL(name="newGame", mutation=True, description="Set up a game."),
        run=_new_state,
    ),
    Operation(
        id="applyMove",
        path="/v1/games/{game}/moves",
        summary="Check and apply a move",
        description="An illegal move is refused with 422 and the game's rule `code`. A sealed "
        "game's handle must be current (409 otherwise); a seat's handle moves for its seat only.",
        body=MoveRequest,
        body_text="Exactly one state handle, and a move.",
        answer=Answer(type=Envelope, description="The game after the move.", links="Envelope"),
        errors={**CURRENT, **dict.fromkeys(("chance_forbidden", "illegal_move", "master_only"))},
        rule_codes=True,
        idempotent=True,
        costly=True,
        graphql=GraphQL(
            name="applyMove",
            mutation=True,
            description="Check and apply a move. Give one state handle.",
        ),
        run=_apply_move,
    ),
    Operation(
        id="listGames",
        method="GET",
        path="/v1/games",
        summary="The games this service referees",
        answer=Answer(type=GameList, description="Fact sheets."),
        graphql=GraphQL(name="games", description="The games this service referees."),
        run=_list_games,
    ),
    Operation(
        id="getGame",
        method="GET",
        path="/v1/games/{game}",
        summary="One game's fact sheet",
        answer=Answer(type=GameInfo, description="The fact sheet."),
        graphql=GraphQL(name="game", description="One game's fact sheet.", rename={"game": "id"}),
        run=_get_game,
    ),
    Operation(
        id="getState",
        method="GET",
        path="/v1/states/{state_id}",
        summary="A cached open state",
        tags=("states",),
        parameters=(
            Parameter(
                name="state_id", description="The id of a cached open state.", examples="state_ids"
            ),
        ),
        query=StateQuery,
        answer=Answer(
            type=Envelope, description="The state as the viewer may see it.", links="Envelope"
        ),
        errors={**READS_STATE, **dict.fromkeys(("invalid_seat", "invalid_request"))},
        rule_codes=True,
        graphql=GraphQL(
            name="state",
            description="A cached state by id, as `asSeat` may see it.",
            rename={"state_id": "id"},
        ),
        run=_get_state,
    ),
    Operation(
        id="legalMoves",
        path="/v1/games/{game}/legal-moves",
        summary="Who must act and the moves the viewer may make",
        body=HandleRequest,
        body_text="Exactly one state handle.",
        answer=Answer(type=LegalMoves, description="Actors and moves.", links="Listed"),
        errors=CURRENT,
        rule_codes=True,
        graphql=GraphQL(
            name="legalMoves",
            description="Who must act and the moves the viewer may make. Give one state handle.",
        ),
        run=_legal_moves,
    ),
    Operation(
        id="validateMove",
        path="/v1/games/{game}/validate",
        summary="Whether a move is legal now, without applying it",
        body=MoveRequest,
        body_text="Exactly one state handle, and a move.",
        answer=Answer(type=Validation, description="The verdict.", links="Validated"),
        errors={**CURRENT, "chance_forbidden": None},
        rule_codes=True,
        graphql=GraphQL(
            name="validate",
            description="Whether a move is legal now, without applying it.",
            omit=("describe", "acting_seats", "render"),
        ),
        run=_validate,
    ),
    Operation(
        id="hint",
        path="/v1/games/{game}/hints",
        summary="The move recommended to a seat that decides now",
        description="Monte-Carlo tree search over random playouts, each from a state the seat "
        "cannot tell from this one (`hidden_variant`): a hint never uses another seat's secrets. "
        "A seat's handle asks for its own seat only (403 `forbidden_seat`); a seat that does not "
        "decide now is 409 `not_deciding`. `seconds` (default 1) and `playouts` are bounded by "
        "the server (`ARBITER_HINT_SECONDS`, `ARBITER_HINT_PLAYOUTS`); hints are long tasks, "
        "turns taken by client slice by slice (429 `quota_exceeded` when too many of the "
        "client's wait, 503 `busy` when too many of all clients').",
        body=HintRequest,
        body_text="Exactly one state handle; the seat, and a budget in playouts and seconds.",
        answer=Answer(type=Hint, description="The hint."),
        errors={**CURRENT, **dict.fromkeys(("not_deciding", "busy"))},
        rule_codes=True,
        costly=True,
        graphql=GraphQL(
            name="hint",
            description="The move recommended to a seat that decides now (REST `POST "
            ".../hints`): Monte-Carlo tree search within `seconds` (default 1) and `playouts`, "
            "both bounded by the server, seeing only what the seat may see. A seat's handle "
            "asks for its own seat.",
        ),
        run=_hint,
    ),
    Operation(
        id="replayGame",
        path="/v1/games/{game}/replay",
        summary="Set up a game and play a list of moves",
        description="An illegal move is refused with 422 naming its index (`move_index`).",
        body=ReplayRequest,
        body_text="Setup and moves.",
        answer=Answer(type=Envelope, description="The game after the last move.", links="Envelope"),
        errors={
            **SETS_UP,
            **dict.fromkeys(("rules_version_mismatch", "illegal_move", "busy", "replay_too_long")),
            **dict.fromkeys(("game_mismatch", "step_mismatch", "result_mismatch")),
        },
        rule_codes=True,
        costly=True,
        graphql=GraphQL(
            name="replay",
            description="Set up a game and play a list of moves (chance not given: from the "
            "seed): give `players`, `seed` and `moves` (and `options`, `contentId`), or `record`: "
            "a game record as `record` answers it (the same JSON document as REST's, members in "
            "snake_case), whose steps, game, rules version and result are checked. "
            "`resolveChance` defaults to the record's, else true.",
            omit=("format", "game", "rules_version", "result"),
            record=True,
        ),
        run=_replay,
    ),
    Operation(
        id="exportRecord",
        path="/v1/games/{game}/record",
        summary="The record of a game: its setup and every move with its step",
        description="One JSON document (`GameRecord`, also `schema/<game>/record.json`) that "
        "`POST .../replay` accepts as it is: the game, its rules version and content pack, "
        "players, seed and options, and every move -- chance outcomes included -- with the step "
        "it was made at; the result once the game is over. An open game's history lives in the "
        "states along it (each expires `ARBITER_CACHE_TTL` after it was stored): `404 "
        "history_unavailable` once part of it is gone, or for a state this service did not "
        "make. A sealed game's record holds its seed and every hidden move: its master handle "
        "only (`403 master_only` for a seat's).",
        body=RecordRequest,
        body_text=EXPORT_HANDLE,
        answer=Answer(
            type=GameRecord,
            description="The game's record, up to the state asked about.",
            links=RECORD_LINKS,
        ),
        errors={**HANDLED, **dict.fromkeys(("master_only", "history_unavailable"))},
        rule_codes=True,
        costly=True,
        graphql=GraphQL(
            name="record",
            description="The record of a game up to a state, as one JSON document (the same as "
            "REST's `POST /v1/games/{game}/record`, `replay(record: ...)` takes it as it is): "
            "its setup and every move with its step. Give one handle: an open state's `stateId` "
            "or the `state` itself, or a sealed game's master handle (a seat's is refused: "
            "`master_only`).",
        ),
        run=_record,
    ),
    Operation(
        id="exportPosition",
        path="/v1/games/{game}/position",
        summary="The position a state shows: what its table shows, everything known",
        description="The reverse of `POST .../positions`: setting up the answer's `position` "
        "(with its `content_id`) gives a state whose position is this one. A position shows "
        "every hidden card: a sealed game's master handle only (`403 master_only` for a "
        "seat's); a stale master handle gets the position of the game's current step.",
        body=PositionOfRequest,
        body_text=EXPORT_HANDLE,
        answer=Answer(
            type=TablePosition,
            description="The position of the state asked about.",
            links=POSITION_LINKS,
        ),
        errors={**HANDLED, **dict.fromkeys(("master_only", "positions_unsupported"))},
        rule_codes=True,
        costly=True,
        positions=True,
        graphql=GraphQL(
            name="position",
            description="The position a state shows -- what its table shows, everything known "
            "(the same as REST's `POST /v1/games/{game}/position`). Give one handle: an open "
            "state's `stateId` or the `state` itself, or a sealed game's master handle (a "
            "seat's is refused: `master_only`). Games whose fact sheet says `positions: false` "
            "refuse it (`positions_unsupported`).",
        ),
        run=_position_of,
    ),
    Operation(
        id="getContent",
        method="GET",
        path="/v1/games/{game}/content/{content_id}",
        summary="A registered content pack",
        parameters=(
            Parameter(
                name="content_id", description="A content pack's id.", examples="content_ids"
            ),
        ),
        answer=Answer(type=object, schema="Content", description="The pack."),
        errors={"unknown_content": 404},
        graphql=GraphQL(name="content", description="A content pack."),
        run=_get_content,
    ),
    Operation(
        id="current",
        path="/v1/games/{game}/current",
        summary="The current step of a sealed game, for the holder of any of its handles",
        description="How a seat catches up after others moved: answers the current step with "
        "the holder's next handle (the master's also with every seat's).",
        body=CurrentRequest,
        body_text="A handle of the sealed game, current or stale.",
        answer=Answer(
            type=Envelope,
            description="The current step, as the handle's holder sees it.",
            links="Envelope",
        ),
        errors={
            **READS_STATE,
            **dict.fromkeys(("invalid_state_token", "invalid_seat", "forbidden_seat")),
            "master_only": None,
        },
        rule_codes=True,
        graphql=GraphQL(
            name="current",
            description="The current step of a sealed game for the holder of any of its handles "
            "(stale or not): how a seat catches up after others moved.",
        ),
        run=_current,
    ),
    Operation(
        id="undo",
        path="/v1/games/{game}/undo",
        summary="Take the last step of a sealed game back (master handle only)",
        description="Only moves that revealed nothing hidden can be taken back "
        "(`nothing_to_undo`).",
        body=CurrentRequest,
        body_text="The current master handle.",
        answer=Answer(
            type=Envelope, description="The step before, with new handles.", links="Envelope"
        ),
        errors={
            **READS_STATE,
            **dict.fromkeys(("invalid_state_token", "invalid_seat", "master_only")),
            **dict.fromkeys(("stale_state", "table_rolled_back", "nothing_to_undo")),
            "spectator_handle": None,
        },
        rule_codes=True,
        idempotent=True,
        costly=True,
        graphql=GraphQL(
            name="undo",
            mutation=True,
            description="Take the last step of a sealed game back (its master handle only).",
        ),
        run=_undo,
    ),
    Operation(
        id="spectate",
        path="/v1/games/{game}/spectators",
        summary="A spectator's handle of a sealed game, for the holder of any of its handles",
        description="For a companion screen on the table, or anyone watching: the current step "
        "as a spectator sees it (the public view, whose turn it is, no moves), with a "
        "spectator's handle (`state_token`). A spectator's handle reads `current` and the "
        "table's events; it never acts (`403 spectator_handle`). It shows only what every seat "
        "sees, so it may be handed out freely.",
        body=SpectateRequest,
        body_text="A handle of the sealed game: the master's, a seat's or a spectator's.",
        answer=Answer(
            type=Envelope,
            description="The current step, as a spectator sees it.",
            links="Envelope",
        ),
        errors={**READS_STATE, "invalid_state_token": None},
        graphql=GraphQL(
            name="spectate",
            description="A spectator's handle of a sealed game (the public view; it never "
            "acts), for the holder of any of its handles.",
        ),
        run=_spectate,
    ),
    Operation(
        id="tableEvents",
        method="GET",
        path="/v1/games/{game}/tables/{handle}/events",
        summary="The events of a sealed game, as one handle may see them (Server-Sent Events)",
        description="A stream (`text/event-stream`) of the game's changes as the handle's "
        "holder may see them, without polling: each `update` event's `data` is a "
        "`TableUpdate` and its `id` the version the change made. The first update is the "
        "current step; reconnect with `Last-Event-ID` (or `?after=`) to be told exactly the "
        "changes since. An idle stream gets a comment line every `ARBITER_STREAM_HEARTBEAT` "
        "seconds; a finished game's stream ends with an `end` event, and resuming after its "
        "last change answers 204. Any handle of the game opens it (browsers' `EventSource` "
        "reconnects to the URL it was given). GraphQL: the `tableUpdates` subscription.",
        parameters=(
            Parameter(
                name="handle",
                description="A handle of the sealed game (`state_token`): the master's, a "
                "seat's, or a spectator's.",
            ),
        ),
        query=StreamQuery,
        answer=Answer(
            type=TableUpdate,
            media="text/event-stream",
            description="The stream: `update` events (`data`: a `TableUpdate`), heartbeat "
            "comments, and an `end` event when the game is over.",
        ),
        responses={
            "204": {
                "description": "The game is over and the stream resumes after its last change: "
                "nothing more will come (`EventSource` stops reconnecting)."
            }
        },
        errors={
            **READS_STATE,
            **dict.fromkeys(("invalid_state_token", "table_rolled_back", "master_only")),
            **dict.fromkeys(("too_many_streams", "streams_full", "invalid_request")),
        },
    ),
    Operation(
        id="setUpPosition",
        path="/v1/games/{game}/positions",
        summary="Set up a game from a position: what a real table shows",
        description="For companion apps at a real table: the position says what the table "
        "shows in the game's own terms (`Position`, also `schema/<game>/position.json`; worked "
        "examples in the game's reference, `/docs/games/{game}`). What the table does not show "
        "-- deck orders, hands given as counts -- is drawn from what the content pack leaves, "
        "by `seed`; the rest is checked: an impossible position is refused with 422, the game's "
        "`code` and a `pointer` into the position (`/position/...`). The answer is a new "
        "game's (open, or sealed with `sealed`). A real table's dice and cards decide chance, "
        "so `resolve_chance` is false unless asked. Games whose fact sheet says `positions: "
        "false` answer `404 positions_unsupported`. A game set up from a position has no "
        "record (`history_unavailable`).",
        body=SetUpPositionRequest,
        body_text="A position of the game, and the treatment of the game set up from it.",
        answer=Answer(
            type=Envelope,
            status=201,
            description="The game the table shows.",
            links="Envelope",
            location=NEW_STATE_LOCATION,
            locate=_state_location,
        ),
        errors={**SETS_UP, "positions_unsupported": None},
        rule_codes=True,
        idempotent=True,
        costly=True,
        positions=True,
        graphql=GraphQL(
            name="setUpPosition",
            mutation=True,
            description="Set up a game from a position: what a real table shows, in the game's "
            "own terms (the same as REST's `POST /v1/games/{game}/positions`). What the table "
            "does not show is drawn from the seed; problems point into the position "
            "(`/position/...`). `resolveChance` defaults to false: a real table's dice and cards "
            "decide chance.",
        ),
        run=_set_up_position,
    ),
    Operation(
        id="migrateState",
        path="/v1/games/{game}/migrate",
        summary="Bring a state written under an earlier rules version to today's shape",
        description="A game's `rules_version` names the shape of its states: when a layout "
        "changes, the version moves with it (the changes are listed in the game's reference, "
        "'State shapes'). A state an earlier release wrote -- kept by an app, read back from a "
        "file -- is upgraded here one shape at a time, then checked as any state a client "
        "sends, and answered in today's shape with every member that was replaced. Sent "
        "anywhere else, such a state is refused with `422 rules_version_mismatch`, naming its "
        "version, what replaced the member that failed and this route. A shape that cannot be "
        "upgraded is refused the same way, naming every replaced member. States the service "
        "kept itself (sealed tables, cached states) are upgraded as they are read.",
        body=MigrateRequest,
        body_text="A state of the game, of any of its shapes.",
        answer=Answer(
            type=MigratedState,
            description="The state in today's shape and what was replaced.",
        ),
        errors={**STORED, **dict.fromkeys(("invalid_state", "rules_version_mismatch"))},
        rule_codes=True,
        graphql=GraphQL(
            name="migrateState",
            mutation=False,
            description="A state written under an earlier rules version, in today's shape "
            "(the same as REST's `POST /v1/games/{game}/migrate`).",
        ),
        run=_migrate,
    ),
    Operation(
        id="registerContent",
        path="/v1/games/{game}/content",
        summary="Register a content pack (cards, boards) for new games",
        body=msgspec.Raw,
        body_schema="Content",
        body_text="A content pack of the game.",
        answer=Answer(
            type=ContentCreated,
            status=201,
            description="The pack's id: the hash of its canonical JSON.",
            links=CONTENT_LINKS,
            location="The path of the pack.",
            locate=_content_location,
        ),
        errors=dict.fromkeys(("invalid_state", "quota_exceeded", "store_full")),
        rule_codes=True,
        idempotent=True,
        costly=True,
        graphql=GraphQL(
            name="registerContent",
            mutation=True,
            description="Register a content pack; its id is the hash of its canonical JSON.",
            whole="content",
        ),
        run=_register_content,
    ),
)


def keyed_paths() -> re.Pattern[str]:
    """The paths a key makes safe to retry (:attr:`Operation.idempotent`, and ``/graphql``
    whose mutations take ``idempotencyKey``): for :class:`arbiter.api.idempotency.Idempotency`."""
    paths = [
        "^" + re.escape(op.path).replace(re.escape("{game}"), "[^/]+") + "$"
        for op in OPERATIONS
        if op.idempotent
    ]
    return re.compile("|".join([*paths, "^/graphql$"]))
