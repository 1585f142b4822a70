"""Who is asking, found once per request: :class:`Identify`, pure ASGI middleware.

What a client is and how a request names it is :mod:`arbiter.api.clients`. A key is compared by
its SHA-256 looked up in a map: the map's timing tells nothing about the key (the digest of a
guess shares nothing with it). A refused key is a ``401`` problem with ``WWW-Authenticate:
Bearer``, answered inside :class:`~arbiter.api.app.Observe` (request id, metrics, access log).
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from arbiter.api.clients import API_PREFIXES, Client, Key, Network, current
from arbiter.api.fair_share import FairShare
from arbiter.api.problems import Problem, problem_response
from arbiter.core.texts import text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Identify:
    """Pure ASGI middleware: finds each request's client (module docstring), refuses a key it
    does not accept, and keeps the client in :data:`current` while the request is served --
    through its fair ``share`` of the worker's time when given (:mod:`arbiter.api.fair_share`)."""

    def __init__(
        self,
        app: ASGIApp,
        keys: dict[str, Key] | None,
        *,
        trusted: Sequence[Network] = (),
        require_key: bool = False,
        share: FairShare | None = None,
    ) -> None:
        self.app = app
        self.share = share
        self.keys = keys
        self.trusted = tuple(trusted)
        self.require_key = require_key and keys is not None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # GraphQL's subscriptions: its client's streams
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = self.client(scope)
        if isinstance(client, Problem):
            await problem_response(client)(scope, receive, send)
            return
        token = current.set(client)
        try:
            if self.share is None:
                await self.app(scope, receive, send)
            else:
                await self.share.serve(client, self.app, scope, receive, send)
        finally:
            current.reset(token)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A WebSocket is its client's for as long as it lasts (outside the fair share: it
        waits for changes; its subscriptions count among the client's streams). A refused key
        closes it before it opens (the server answers ``403``)."""
        client = self.client(scope)
        if isinstance(client, Problem):
            await send({"type": "websocket.close", "code": 1008, "reason": client.code})
            return
        token = current.set(client)
        try:
            await self.app(scope, receive, send)
        finally:
            current.reset(token)

    def client(self, scope: Scope) -> Client | Problem:
        """The request's client, or the problem its key is refused with. Only the API's paths
        read a key: the rest of the service is open to all and counted by address."""
        if self.keys is not None and scope["path"].startswith(API_PREFIXES):
            bearer = next((v for n, v in scope["headers"] if n == b"authorization"), None)
            if bearer is not None:
                return self._key_client(bearer)
            if self.require_key:
                return _refused(
                    "key_required", text("send your key as `Authorization: Bearer <key>`")
                )
        return Client("address", self.address(scope))

    def _key_client(self, bearer: bytes) -> Client | Problem:
        assert self.keys is not None
        scheme, _, secret = bearer.partition(b" ")
        if scheme.lower() != b"bearer" or not secret.strip():
            return _refused("key_unknown", text("send the key as `Authorization: Bearer <key>`"))
        key = self.keys.get(hashlib.sha256(secret.strip()).hexdigest())
        if key is None:
            return _refused("key_unknown", text("this key is not one of the service's keys"))
        if key.revoked:
            return _refused("key_revoked", text("the key of {name} is revoked", name=key.name))
        return Client("key", key.name)

    def address(self, scope: Scope) -> str:
        """The remote address; behind a trusted proxy, what it forwarded (module docstring)."""
        peer = scope.get("client")
        address = str(peer[0]) if peer else "unknown"
        if not self.trusted or not self._is_trusted(address):
            return address
        forwarded = [
            part.strip()
            for name, value in scope["headers"]
            if name == b"x-forwarded-for"
            for part in value.decode("latin-1").split(",")
        ]
        for hop in reversed(forwarded):
            if not self._is_trusted(hop):
                return hop if is_address(hop) else address
        return address

    def _is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)


def is_address(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _refused(code: str, detail: str) -> Problem:
    return Problem(code, detail, status=401, headers={"WWW-Authenticate": "Bearer"})
