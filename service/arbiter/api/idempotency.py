"""Requests safe to retry: ``Idempotency-Key`` (IETF draft-ietf-httpapi-idempotency-key-header).

A client whose connection dropped after it sent a move cannot tell whether the move was applied.
With an ``Idempotency-Key: <1 to 255 visible ASCII characters>`` header on the requests that
change something -- a move (``POST .../moves``), a new game (``POST .../states``, or from a
position: ``POST .../positions``), an undo (``POST .../undo``), a content pack (``POST
.../content``) and GraphQL (``POST /graphql``: the same header, for the whole operation; or a
mutation's ``idempotencyKey`` argument, for that mutation: :func:`once`) -- it may send the same
request again and again:

* the first request with a key runs as usual, and its answer is kept under the key for
  ``ARBITER_IDEMPOTENCY_TTL`` seconds (24 h by default), per client (two clients' keys never
  meet); every later request with the key and the **same** body gets that very answer (the same
  status, body and handles), without anything applied again -- ``Idempotency-Replayed: true``
  says so;
* the key with **another** body (or path) is ``422 idempotency_key_reused``; a key that is not
  1 to 255 visible ASCII characters, ``422 invalid_request``;
* while the first request still runs, the key is ``409 idempotency_in_progress`` (retry after
  ``Retry-After``);
* an answer the service could not give (5xx: the store away, a shutdown) is not kept: a retry runs
  again.

Keys live where the store lives: with ``ARBITER_REDIS_URL`` in Redis
(``arbiter:idem:{<client>}:<digest of the key>``), so a retry reaching another worker or replica
gets the same answer; else in this process, bounded in bytes like the other stores (each client
at most ``ARBITER_CLIENT_SHARE`` of ``ARBITER_CACHE_BYTES``, its own oldest keys forgotten first).
A key whose answer is forgotten (expired, evicted) runs again.
"""

from __future__ import annotations

import abc
import hashlib
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

import msgspec

from arbiter.api.budget import Budget
from arbiter.api.clients import current_id
from arbiter.api.problems import Problem, problem_response, retry_after
from arbiter.core.texts import text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_KEY: Final = re.compile(rb"^[\x21-\x7e]{1,255}$")
#: Seconds a key stays "in progress" at most (a worker that died mid-request frees it then).
PENDING_SECONDS: Final = 60
#: Headers of an answer kept with it (the others are the transport's or another middleware's).
_KEPT: Final = frozenset({b"content-type", b"location", b"retry-after", b"allow"})


class Answer(msgspec.Struct, array_like=True, frozen=True):
    """What a key holds: the digest of its request, and its answer (``status`` 0: running)."""

    digest: bytes
    status: int = 0
    headers: tuple[tuple[bytes, bytes], ...] = ()
    body: bytes = b""


_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(Answer).decode


class Keys(abc.ABC):
    """Where keys and their answers are kept."""

    @abc.abstractmethod
    async def begin(self, client: str, name: str, digest: bytes) -> Answer | None:
        """Claim ``name`` for a request with ``digest``: ``None`` if it is new (now running),
        else what it holds (a running request's or a kept answer)."""

    @abc.abstractmethod
    async def finish(self, client: str, name: str, answer: Answer) -> None:
        """Keep the answer of a claimed key."""

    @abc.abstractmethod
    async def abandon(self, client: str, name: str) -> None:
        """Free a claimed key whose request gave no answer to keep."""


class MemoryKeys(Keys):
    """Keys in this process: a :class:`~arbiter.api.budget.Budget` (per-client shares)."""

    def __init__(self, max_bytes: int, share: float, ttl: float) -> None:
        self._kept: Budget[tuple[str, str], Answer] = Budget(
            max_bytes, share, ttl, 0.0, own_first=True
        )

    async def begin(self, client: str, name: str, digest: bytes) -> Answer | None:
        held = self._kept.get((client, name))
        if held is not None:
            return held
        self._kept.put((client, name), Answer(digest), 64 + len(name), client)
        return None

    async def finish(self, client: str, name: str, answer: Answer) -> None:
        self._kept.put((client, name), answer, 64 + len(name) + len(answer.body), client)

    async def abandon(self, client: str, name: str) -> None:
        self._kept.discard((client, name))


class RedisKeys(Keys):
    """Keys in Redis, shared by every worker: ``SET NX`` claims one."""

    def __init__(self, run: Callable[[Callable[[], Awaitable[Any]]], Awaitable[Any]], redis: Any,
                 ttl: int) -> None:  # fmt: skip
        self._run = run
        self._redis = redis
        self.ttl = ttl

    @staticmethod
    def _key(client: str, name: str) -> str:
        return "arbiter:idem:{" + client + "}:" + name

    async def begin(self, client: str, name: str, digest: bytes) -> Answer | None:
        key = self._key(client, name)
        claimed = await self._run(
            lambda: self._redis.set(key, _encode(Answer(digest)), nx=True, ex=PENDING_SECONDS)
        )
        if claimed:
            return None
        held = await self._run(lambda: self._redis.get(key))
        if held is None:  # expired in between: claim it again
            return await self.begin(client, name, digest)
        try:
            return _decode(held)
        except msgspec.MsgspecError:
            return Answer(b"")  # written by another release: never equal to a digest

    async def finish(self, client: str, name: str, answer: Answer) -> None:
        key = self._key(client, name)
        await self._run(lambda: self._redis.set(key, _encode(answer), ex=self.ttl))

    async def abandon(self, client: str, name: str) -> None:
        key = self._key(client, name)
        await self._run(lambda: self._redis.delete(key))


class Idempotency:
    """Pure ASGI middleware after :class:`~arbiter.api.identify.Identify` (module docstring)."""

    def __init__(self, app: ASGIApp, keys: Keys, applies: re.Pattern[str]) -> None:
        self.app = app
        self.keys = keys
        #: The paths a key makes safe to retry: those that change something.
        self.applies = applies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or not self.applies.match(scope["path"])
        ):
            await self.app(scope, receive, send)
            return
        raw = next((v for n, v in scope["headers"] if n == b"idempotency-key"), None)
        if raw is None:
            await self.app(scope, receive, send)
            return
        if not _KEY.match(raw):
            problem = Problem(
                "invalid_request", text("an Idempotency-Key is 1 to 255 visible ASCII characters")
            )
            await problem_response(problem)(scope, receive, send)
            return
        try:
            body = await _read(receive)
        except Problem as problem:  # over ARBITER_MAX_BODY
            await problem_response(problem)(scope, receive, send)
            return
        digest = hashlib.sha256(scope["path"].encode() + b"\0" + body).digest()
        client, name = current_id(), hashlib.sha256(raw).hexdigest()[:32]
        started: list[Message] = []  # the app's own answer head, when it runs now

        async def run() -> Answer:
            start, whole = await self._answer(scope, body)
            started.append(start)
            headers = tuple((n, v) for n, v in start.get("headers", ()) if n in _KEPT)
            return Answer(digest, start["status"], headers, whole)

        try:
            answer = await kept(self.keys, client, name, digest, run)
        except Problem as problem:  # another request's key, or one still running
            await problem_response(problem)(scope, receive, send)
            return
        if started:
            await send(started[0])
        else:
            headers = [*answer.headers, (b"idempotency-replayed", b"true")]
            await send({"type": "http.response.start", "status": answer.status, "headers": headers})
        await send({"type": "http.response.body", "body": answer.body})

    async def _answer(self, scope: Scope, body: bytes) -> tuple[Message, bytes]:
        """The app's answer to the request (its head and whole body), held back: it is kept
        under the key before it is sent, so once the client has an answer, a retry finds it."""
        start: Message | None = None
        chunks: list[bytes] = []
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def hold(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, replay, hold)
        assert start is not None, "the app answered nothing"
        return start, b"".join(chunks)


async def kept(
    keys: Keys, client: str, name: str, digest: bytes, run: Callable[[], Awaitable[Answer]]
) -> Answer:
    """The answer under a key: the one it holds for the same request, or ``run``'s, kept unless
    it is a 5xx (a failure of the service: a retry runs again). A key held for another request,
    or for one still running, is refused (a :class:`Problem`)."""
    held = await keys.begin(client, name, digest)
    if held is not None:
        if held.digest != digest:
            raise Problem(
                "idempotency_key_reused",
                text(
                    "this Idempotency-Key was sent with another request; use a new key for a new "
                    "request"
                ),
            )
        if not held.status:
            raise Problem(
                "idempotency_in_progress",
                text("the first request with this Idempotency-Key is still running; retry soon"),
                headers=retry_after(1),
            )
        return held
    try:
        answer = await run()
    except BaseException:
        await keys.abandon(client, name)
        raise
    if answer.status < 500:
        await keys.finish(client, name, answer)
    else:
        await keys.abandon(client, name)
    return answer


async def once(
    keys: Keys, key: str, request: bytes, run: Callable[[], Awaitable[tuple[int, bytes]]]
) -> tuple[int, bytes]:
    """One operation under a key given inside a request rather than as its header (a GraphQL
    mutation's ``idempotencyKey``): ``run`` gives a status and the bytes to keep; a retry with
    the key and the same ``request`` gets them back without running it again. The same rules
    as the header's (:func:`kept`); the key's names are apart from the header's."""
    if not _KEY.match(key.encode()):
        raise Problem(
            "invalid_request",
            text("an idempotency key is 1 to 255 visible ASCII characters"),
            pointer="/idempotencyKey",
        )
    digest = hashlib.sha256(request).digest()
    name = "field:" + hashlib.sha256(key.encode()).hexdigest()[:32]

    async def answer() -> Answer:
        status, body = await run()
        return Answer(digest, status, (), body)

    found = await kept(keys, current_id(), name, digest, answer)
    return found.status, found.body


async def _read(receive: Receive) -> bytes:
    """The whole body of a request (bounded upstream by ``ARBITER_MAX_BODY``)."""
    parts: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(parts)
