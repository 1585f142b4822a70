"""Driving the app's event streams in-process: a stream is an ASGI request that does not end, so
the test client (which waits for a response's end) cannot read one. :class:`Stream` runs the
request as a task on the test's loop and hands out its events as they come; :func:`call` makes an
ordinary request on the same loop. Tests run their body with ``asyncio.run``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

#: The longest a test waits for an event that should come.
WAIT = 5.0


def _scope(method: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    path, _, query = path.partition("?")
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }


async def call(app: Any, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One request; its status and its JSON (or ``None`` for an empty body)."""
    data = b"" if body is None else json.dumps(body).encode()
    headers = [(b"content-type", b"application/json")] if body is not None else []
    headers.append((b"content-length", str(len(data)).encode()))
    sent = False
    status: list[int] = []
    answer: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.Event().wait()  # a client that stays
        sent = True
        return {"type": "http.request", "body": data, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            answer.append(message.get("body", b""))

    await app(_scope(method, path, headers), receive, send)
    text = b"".join(answer)
    return status[0], json.loads(text) if text else None


class Event:
    """One Server-Sent Event."""

    def __init__(self, kind: str, data: str, id: str | None) -> None:
        self.kind = kind
        self.id = id
        self.data = json.loads(data) if data else None

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, id={self.id!r})"


class Stream:
    """One stream request running on the test's loop."""

    def __init__(self, app: Any, path: str, headers: dict[str, str] | None = None) -> None:
        self.app = app
        self.path = path
        self.headers = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        self.status: int | None = None
        self.response_headers: dict[str, str] = {}
        self.chunks: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.buffer = ""
        #: the comment lines (heartbeats) seen
        self.comments = 0
        self._gone = asyncio.Event()
        self._started = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        #: a reader that stops reading: every write waits (the transport's buffer is full)
        self.stalled = asyncio.Event()
        self.stalled.set()

    async def open(self) -> Stream:
        async def receive() -> dict[str, Any]:
            await self._gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                self.status = message["status"]
                self.response_headers = {
                    k.decode(): v.decode() for k, v in message.get("headers", [])
                }
                self._started.set()
            elif message["type"] == "http.response.body":
                await self.stalled.wait()
                if message.get("body"):
                    await self.chunks.put(message["body"])
                if not message.get("more_body", False):
                    await self.chunks.put(None)

        async def run() -> None:
            try:
                await self.app(_scope("GET", self.path, self.headers), receive, send)
            finally:
                self._started.set()
                await self.chunks.put(None)

        self.task = asyncio.ensure_future(run())
        await asyncio.wait_for(self._started.wait(), WAIT)
        return self

    async def problem(self) -> dict[str, Any]:
        """The problem a refused stream answered."""
        body = b""
        while (chunk := await asyncio.wait_for(self.chunks.get(), WAIT)) is not None:
            body += chunk
        problem: dict[str, Any] = json.loads(body)
        return problem

    async def next(self, timeout: float = WAIT) -> Event | None:
        """The next event (heartbeats counted, not returned); ``None`` when the stream ended."""
        while True:
            if "\n\n" in self.buffer:
                block, self.buffer = self.buffer.split("\n\n", 1)
                kind, data, id = "message", "", None
                lines = block.split("\n")
                if all(line.startswith(":") for line in lines):
                    self.comments += 1
                    continue
                for line in lines:
                    name, _, value = line.partition(": ")
                    if name == "event":
                        kind = value
                    elif name == "data":
                        data = value
                    elif name == "id":
                        id = value
                if kind == "message" and not data:
                    continue  # the retry line
                return Event(kind, data, id)
            chunk = await asyncio.wait_for(self.chunks.get(), timeout)
            if chunk is None:
                return None
            self.buffer += chunk.decode()

    async def updates(self, count: int) -> list[dict[str, Any]]:
        """The next ``count`` updates' data."""
        got = []
        while len(got) < count:
            event = await self.next()
            assert event is not None, f"the stream ended after {len(got)} of {count} updates"
            assert event.kind == "update", event
            assert event.id == str(event.data["version"])
            got.append(event.data)
        return got

    async def quiet(self, seconds: float = 0.2) -> bool:
        """Whether no event comes for ``seconds``."""
        try:
            event = await self.next(seconds)
        except TimeoutError:
            return True
        raise AssertionError(f"an event came: {event!r}")

    async def close(self) -> None:
        self._gone.set()
        self.stalled.set()
        if self.task is not None:
            await asyncio.wait_for(self.task, WAIT)
