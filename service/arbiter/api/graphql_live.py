"""GraphQL's live tables: the ``tableUpdates`` subscription, over WebSocket at ``/graphql``
(the ``graphql-transport-ws`` protocol).

It tells the same updates as the REST stream of the same handle
(``GET /v1/games/{game}/tables/{handle}/events``, :mod:`arbiter.api.streams`): the same checks
before it starts (a refusal is a GraphQL error with the problem's ``extensions``), the same
bounds (it counts as one of the client's streams), the same resume (``after``: the ``version`` of
the last update received), the same end (the game over, the worker stopping). Over the WebSocket
only subscriptions run: queries and mutations go by ``POST /graphql``, where rate limits, fair
shares and idempotency keys apply to each request. A connection holds at most
:data:`MAX_SUBSCRIPTIONS` subscriptions; the WebSocket itself is bounded by the server
(:mod:`arbiter.api.server`: message size, pings).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

import msgspec
import strawberry
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types import Info

from arbiter.api import graphql_types as types
from arbiter.api.clients import current
from arbiter.api.envelope import StreamQuery
from arbiter.api.graphql_fields import LanguageArgument, refusal
from arbiter.api.languages import language as spoken
from arbiter.api.operations import OPERATIONS
from arbiter.api.problems import Problem
from arbiter.api.streams import Streams
from arbiter.core.texts import english

#: The subscriptions one WebSocket connection holds at once.
MAX_SUBSCRIPTIONS = 16

_STREAM = next(op for op in OPERATIONS if op.id == "tableEvents")
_encode = msgspec.json.Encoder(enc_hook=english).encode


@strawberry.type
class Subscription:
    @strawberry.subscription(  # type: ignore[untyped-decorator]
        description="The changes of a sealed game as one of its handles may see them, as they "
        "happen (the REST stream `GET /v1/games/{game}/tables/{handle}/events`): the first "
        "update is the current step; `after` (the `version` of the last update received) "
        "resumes with exactly the changes since. It completes when the game is over or the "
        "worker stops (subscribe again with `after`)."
    )
    async def table_updates(
        self,
        info: Info,
        game: str,
        state_token: str,
        after: int | None = None,
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
        language: LanguageArgument = None,
    ) -> AsyncGenerator[types.TableUpdate, None]:
        streams: Streams = info.context["streams"]
        if language is not None:  # a WebSocket's frames carry no Accept-Language of their own
            spoken.set(language.value)  # the subscription runs in a task of its own
        asked = {"after": after, "describe": describe, "acting_seats": acting_seats}
        try:
            client = current.get()
            if client is not None:  # each subscription counts as a request of its client
                await streams.service.rates.hit(client, "requests")
            query: StreamQuery = _STREAM.read(_encode({**asked, "render": render}))
            opened = await streams.open(game, state_token, query.after, query)
        except Problem as problem:
            raise refusal(problem) from None
        if opened is None:  # a finished game, resumed after its end
            return
        try:
            for told in opened.first:
                yield types.table_update_of(told.update)
            async for batch in streams.follow(opened):
                for told in batch:
                    yield types.table_update_of(told.update)
        finally:
            streams.close(opened)


class _Live(GraphQL[dict[str, Any], None]):
    """Strawberry's ASGI app, for WebSockets only (HTTP is :mod:`arbiter.api.graphql_http`'s)."""

    def __init__(self, schema: Any, streams: Streams) -> None:
        super().__init__(
            schema,
            graphql_ide=None,
            allow_queries_via_get=False,
            subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
            max_subscriptions_per_connection=MAX_SUBSCRIPTIONS,
        )
        self.streams = streams

    def encode_json(self, data: object) -> str:
        """A message as text (the protocol's frames are text), its views' JSON as written
        (``msgspec.Raw``, as the HTTP answers carry it)."""
        return _encode(data).decode()

    async def get_context(
        self, request: Request | WebSocket, response: Response | WebSocket | None
    ) -> dict[str, Any]:
        return {"request": request, "service": self.streams.service, "streams": self.streams}


def websocket_route(schema: Any, streams: Streams) -> WebSocketRoute:
    """``/graphql`` for WebSockets: the subscriptions of ``schema`` (the served one, with its
    limits) over ``streams``."""
    return WebSocketRoute("/graphql", _Live(schema, streams))
