"""The REST routes (``/v1``): one endpoint per declared operation (:mod:`arbiter.api.operations`).

An endpoint checks the path's game, reads the body (or the query) once into the operation's
struct (:meth:`~arbiter.api.operation.Operation.read`: malformed JSON ``400 malformed_json``,
wrong types or unknown members ``422 invalid_request`` with a ``pointer``), calls the operation
and encodes its answer in one pass. Refusals are raised as :class:`~arbiter.api.problems.Problem`
and rendered by :func:`~arbiter.api.problems.problem_response`.
"""

from __future__ import annotations

import typing
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from arbiter.api.operation import Operation, unwrapped
from arbiter.api.operations import OPERATIONS
from arbiter.api.pages import PAGES
from arbiter.api.problems import Problem
from arbiter.api.service import Service
from arbiter.core.texts import english, text

JSON_MEDIA_TYPE = "application/json"
#: The operation most requests ask for.
HOT_PATH = "applyMove"
#: The longest number a query parameter may spell.
QUERY_DIGITS = 10

_encoder = msgspec.json.Encoder(enc_hook=english)
Endpoint = Callable[[Request], Awaitable[Response]]


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(_encoder.encode(value), status, headers, JSON_MEDIA_TYPE)


def _query_value(name: str, raw: str, kind: type) -> bool | int | str:
    """A query parameter's value: a flag (``true``, ``false``), a seat, or one of a few words
    (the struct's ``Literal`` checks which)."""
    if typing.get_origin(kind) is Literal:
        return raw
    if kind is bool:
        if raw in ("true", "false"):
            return raw == "true"
        raise Problem(
            "invalid_request",
            text("the query parameter {name} must be true or false", name=name),
        )
    if raw.isascii() and raw.isdigit() and len(raw) <= QUERY_DIGITS:  # not "²" nor "٣"
        return int(raw)
    raise Problem(
        "invalid_request",
        text("the query parameter {name} must be a seat number", name=name)
        if name == "as_seat"
        else text("the query parameter {name} must be a whole number", name=name),
    )


def read_query(op: Operation, request: Request) -> Any:
    """The query struct of ``request``, read as a body of its members would be."""
    given = request.query_params
    values = {
        member.encode_name: _query_value(member.encode_name, given[member.encode_name], kind)
        for member, kind in _QUERY_KINDS[op.id]
        if member.encode_name in given
    }
    return op.read(_encoder.encode(values))


def endpoint(service: Service, op: Operation) -> Endpoint:
    """The endpoint of ``op``: its game known (``404 unknown_game`` before any body problem),
    its body or query read once, its call, its answer encoded once."""
    run, answer = op.run, op.answer
    assert run is not None and answer is not None
    status, locate = answer.status, answer.locate
    of_game, body, query = op.of_game, op.body is not None, op.query is not None

    async def serve(request: Request) -> Response:
        at = request.path_params
        if of_game:
            service.game(at["game"])
        if body:
            read = op.read(await request.body())
        elif query:
            read = read_query(op, request)
        else:
            read = None
        made = await run(service, at, read)
        where = locate(made) if locate is not None else None
        return json_response(made, status, None if where is None else {"Location": where})

    return serve


async def echo(request: Request) -> Response:
    """``POST /v1/echo``: the body as it came, once it is known to be JSON (checked, not parsed
    into objects)."""
    body = await request.body()
    _ECHO.read(body)
    return Response(body, 200, None, JSON_MEDIA_TYPE)


def routes(service: Service) -> list[Route]:
    """The routes of the API's operations over ``service``, and the echo's."""
    made = {
        op.id: Route(op.path, endpoint(service, op), methods=[op.method])
        for op in OPERATIONS
        if op.run is not None  # the others have endpoints of their own (a stream's)
    }
    # the hot path first, then the bench's baseline: Starlette tries routes in order
    hot = made.pop(HOT_PATH)
    return [hot, Route(_ECHO.path, echo, methods=["POST"]), *made.values()]


_QUERY_KINDS = {
    op.id: [(member, unwrapped(member.type)[0]) for member in msgspec.structs.fields(op.query)]
    for op in OPERATIONS
    if op.query is not None
}
_ECHO = next(op for op in PAGES if op.id == "echo")
