"""The REST routes (``/v1``): thin adapters from HTTP to :class:`~arbiter.api.service.Service`.

Bodies are decoded by msgspec straight into the request structs of :mod:`arbiter.api.envelope`
(malformed JSON: ``400 malformed_json``; wrong types or unknown members: ``422 invalid_request``
with a ``pointer``), answers are encoded in one pass. Refusals are raised as
:class:`~arbiter.api.problems.Problem` and rendered by
:func:`~arbiter.api.problems.problem_response`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from arbiter.api.claims import Claims
from arbiter.api.envelope import (
    CurrentRequest,
    Envelope,
    HandleRequest,
    HintRequest,
    MoveRequest,
    NewStateRequest,
    PositionOfRequest,
    RecordRequest,
    ReplayRequest,
    SetUpPositionRequest,
)
from arbiter.api.handles import Handle
from arbiter.api.jsonguard import check_envelope, decode_error
from arbiter.api.problems import Problem
from arbiter.api.service import Service

JSON_MEDIA_TYPE = "application/json"
T = TypeVar("T")

_encoder = msgspec.json.Encoder()


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(_encoder.encode(value), status, headers, JSON_MEDIA_TYPE)


def _decode(decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    """The request struct of ``body``; every way the bytes can be wrong is a 4xx problem.

    The struct is decoded first (its types give the most precise pointers), then the body is
    checked for what msgspec lets through (:mod:`arbiter.api.jsonguard`): duplicate keys and bad
    UTF-8 in members kept raw. A large ``state`` member is left to the codec,
    which checks it only if it has to decode it (not when the service wrote those very bytes).
    """
    try:
        decoded = decoder.decode(body)
    except (RecursionError, UnicodeDecodeError, msgspec.DecodeError) as error:
        raise decode_error(error) from None
    check_envelope(body, getattr(decoded, "state", None))
    return decoded


def _query_seat(request: Request) -> int | None:
    raw = request.query_params.get("as_seat")
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 7:  # not "²" nor "٣"
        raise Problem("invalid_request", "the query parameter as_seat must be a seat number")
    return int(raw)


def _query_flag(request: Request, name: str) -> bool:
    raw = request.query_params.get(name)
    if raw is None or raw == "false":
        return False
    if raw == "true":
        return True
    raise Problem("invalid_request", f"the query parameter {name} must be true or false")


def _given(raw: msgspec.Raw | msgspec.UnsetType) -> msgspec.Raw | None:
    """An optional game value: absent when missing or ``null``."""
    if isinstance(raw, msgspec.Raw) and bytes(raw) != b"null":
        return raw
    return None


def _handle(
    body: HandleRequest | MoveRequest | RecordRequest | PositionOfRequest | HintRequest,
) -> Handle:
    return Handle(state=_given(body.state), state_id=body.state_id, state_token=body.state_token)


def routes(service: Service) -> list[Route]:
    """The ``/v1`` routes over ``service``."""
    new_state_decoder = msgspec.json.Decoder(NewStateRequest)
    handle_decoder = msgspec.json.Decoder(HandleRequest)
    move_decoder = msgspec.json.Decoder(MoveRequest)
    replay_decoder = msgspec.json.Decoder(ReplayRequest)
    current_decoder = msgspec.json.Decoder(CurrentRequest)
    record_decoder = msgspec.json.Decoder(RecordRequest)
    set_up_position_decoder = msgspec.json.Decoder(SetUpPositionRequest)
    position_of_decoder = msgspec.json.Decoder(PositionOfRequest)
    raw_decoder = msgspec.json.Decoder(msgspec.Raw)
    hint_decoder = msgspec.json.Decoder(HintRequest)

    async def echo(request: Request) -> Response:
        body = await request.body()
        _decode(raw_decoder, body)  # the body must be JSON: checked, not parsed into objects
        return Response(body, 200, None, JSON_MEDIA_TYPE)

    async def list_games(request: Request) -> Response:
        return json_response(service.games())

    async def get_game(request: Request) -> Response:
        return json_response(service.info(request.path_params["game"]))

    async def new_state(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(new_state_decoder, await request.body())
        envelope = await service.new_state(
            game_id,
            players=body.players,
            seed=body.seed,
            options=_given(body.options),
            content_id=body.content_id,
            sealed=body.sealed,
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
            acting_seats=body.acting_seats,
            render=body.render,
        )
        headers = None
        if envelope.state_id is not None:
            headers = {"Location": f"/v1/states/{envelope.state_id}"}
        return json_response(envelope, 201, headers)

    async def apply_move(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(move_decoder, await request.body())
        envelope = await service.apply_move(
            game_id,
            _handle(body),
            body.move,
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
            acting_seats=body.acting_seats,
            render=body.render,
        )
        return json_response(envelope)

    async def legal_moves(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(handle_decoder, await request.body())
        result = await service.legal_moves(
            game_id,
            _handle(body),
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
        )
        return json_response(result)

    async def validate(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(move_decoder, await request.body())
        result = await service.validate(
            game_id,
            _handle(body),
            body.move,
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
        )
        return json_response(result)

    async def hint(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(hint_decoder, await request.body())
        result = await service.hints.hint(
            game_id,
            _handle(body),
            seat=body.seat,
            playouts=body.playouts,
            seconds=body.seconds,
            seed=body.seed,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
        )
        return json_response(result)

    async def replay(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(replay_decoder, await request.body())
        envelope = await service.replay(
            game_id,
            players=body.players,
            seed=body.seed,
            moves=list(body.moves),
            options=_given(body.options),
            content_id=body.content_id,
            sealed=body.sealed,
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
            acting_seats=body.acting_seats,
            render=body.render,
            claims=Claims(body.game, body.rules_version, _given(body.result)),
        )
        return json_response(envelope)

    async def record(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(record_decoder, await request.body())
        return json_response(await service.record(game_id, _handle(body)))

    async def set_up_position(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(set_up_position_decoder, await request.body())
        envelope = await service.positions.set_up(
            game_id,
            body.position,
            seed=body.seed,
            content_id=body.content_id,
            sealed=body.sealed,
            as_seat=body.as_seat,
            resolve_chance=body.resolve_chance,
            describe=body.describe,
            acting_seats=body.acting_seats,
            render=body.render,
        )
        headers = None
        if envelope.state_id is not None:
            headers = {"Location": f"/v1/states/{envelope.state_id}"}
        return json_response(envelope, 201, headers)

    async def position_of(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        body = _decode(position_of_decoder, await request.body())
        return json_response(await service.positions.position_of(game_id, _handle(body)))

    def sealed(operation: Callable[..., Awaitable[Envelope]]) -> Callable[..., Any]:
        """A route over one handle of a sealed game (``current``, ``undo``)."""

        async def endpoint(request: Request) -> Response:
            game_id = request.path_params["game"]
            service.game(game_id)
            body = _decode(current_decoder, await request.body())
            envelope = await operation(
                game_id,
                body.state_token,
                as_seat=body.as_seat,
                describe=body.describe,
                acting_seats=body.acting_seats,
                render=body.render,
            )
            return json_response(envelope)

        return endpoint

    current = sealed(service.current)
    undo = sealed(service.undo)

    async def register_content(request: Request) -> Response:
        game_id = request.path_params["game"]
        service.game(game_id)
        created = await service.register_content(game_id, msgspec.Raw(await request.body()))
        location = f"/v1/games/{created.game}/content/{created.content_id}"
        return json_response(created, 201, {"Location": location})

    async def get_content(request: Request) -> Response:
        params = request.path_params
        return json_response(await service.get_content(params["game"], params["content_id"]))

    async def get_state(request: Request) -> Response:
        as_seat = _query_seat(request)
        render = _query_flag(request, "render")
        envelope = await service.get_state(
            request.path_params["state_id"], as_seat=as_seat, render=render
        )
        return json_response(envelope)

    return [  # the hot path first: Starlette tries routes in order
        Route("/v1/games/{game}/moves", apply_move, methods=["POST"]),
        Route("/v1/echo", echo, methods=["POST"]),
        Route("/v1/games", list_games, methods=["GET"]),
        Route("/v1/games/{game}", get_game, methods=["GET"]),
        Route("/v1/games/{game}/states", new_state, methods=["POST"]),
        Route("/v1/games/{game}/legal-moves", legal_moves, methods=["POST"]),
        Route("/v1/games/{game}/validate", validate, methods=["POST"]),
        Route("/v1/games/{game}/hints", hint, methods=["POST"]),
        Route("/v1/games/{game}/replay", replay, methods=["POST"]),
        Route("/v1/games/{game}/record", record, methods=["POST"]),
        Route("/v1/games/{game}/positions", set_up_position, methods=["POST"]),
        Route("/v1/games/{game}/position", position_of, methods=["POST"]),
        Route("/v1/games/{game}/current", current, methods=["POST"]),
        Route("/v1/games/{game}/undo", undo, methods=["POST"]),
        Route("/v1/games/{game}/content", register_content, methods=["POST"]),
        Route("/v1/games/{game}/content/{content_id}", get_content, methods=["GET"]),
        Route("/v1/states/{state_id}", get_state, methods=["GET"]),
    ]
