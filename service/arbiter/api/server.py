"""How ``arbiter serve`` runs uvicorn, with the connection deadlines uvicorn lacks.

uvicorn closes a keep-alive connection that stays idle after a response, and nothing else: a
client that opens a connection and sends nothing, or half a request head, or half a body, holds a
socket (and, mid-body, an application task) for as long as it likes -- the security review held
1,000 of them for 30 s. The HTTP protocol classes here add one timer per connection, on top of
uvicorn's (``httptools`` or ``h11``, chosen as uvicorn's ``auto`` would):

* **Head** -- a new connection, or one whose next request has begun to arrive, has
  ``ARBITER_HEADER_TIMEOUT`` seconds *in total* to finish sending the request head; more bytes do
  not extend the deadline, because a slowloris client trickles one byte at a time. On expiry the
  connection is closed, after a ``408`` when part of a head had arrived (a connection that sent
  nothing is closed silently: it may be a browser's preconnect).
* **Body** -- while a request's body is still coming, each pause between two reads may last
  ``ARBITER_HEADER_TIMEOUT`` seconds; then the connection is closed and the application sees the
  client disconnect. Pauses the server causes -- it stopped reading (flow control, a pipelined
  request waiting its turn) or has not yet sent ``100 Continue`` -- do not count.
* **Idle** -- between requests, uvicorn's own keep-alive timer, set to ``ARBITER_IDLE_TIMEOUT``
  (a float here; uvicorn's option only takes whole seconds), closes the connection.
* While the application computes an answer no timer runs: that slowness is the server's, and the
  request's own bounds (``ARBITER_MAX_BODY``, ``ARBITER_MAX_REPLAY``) limit it.

Other limits given to uvicorn:

* **Request head size** -- at most :data:`MAX_HEAD_BYTES`. h11 enforces it itself
  (``h11_max_incomplete_event_size``; it answers ``400``); httptools has no limit at all and
  buffers a never-ending header in memory, so its protocol counts head bytes and answers ``431``.
* **Connections** -- uvicorn's ``limit_concurrency`` is :func:`connection_cap` per worker (``ARBITER_MAX_CONNECTIONS``, 1,000 by default,
  or half the open-file limit when that is lower). uvicorn still accepts connections beyond it and
  answers their requests ``503`` with ``connection: close``; it counts idle keep-alive connections
  too, so a flood of connections turns into fast 503s rather than into a process that has run out
  of file descriptors (and with them of Redis connections). The deadlines above bound how long a
  connection can hold a slot; per-client limits belong in the load balancer in front.
* **Shutdown** -- requests still running ``ARBITER_SHUTDOWN_GRACE`` seconds (20 by default)
  after SIGTERM are cancelled, within Kubernetes' default 30 s grace period; each is answered
  ``503 shutting_down`` with ``Retry-After`` (:class:`~arbiter.api.app.Observe`), not uvicorn's
  empty 500.
* **WebSockets** serve GraphQL's subscriptions only (``/graphql``, :mod:`arbiter.api.graphql_live`).
  An upgraded connection leaves the HTTP deadlines behind, so it has its own bounds: a message
  is at most :data:`MAX_WS_MESSAGE` bytes, and the server pings every ``ARBITER_STREAM_HEARTBEAT`` seconds and closes a connection whose peer does
  not answer within as long again. It counts against the connection cap like any other.

uvicorn builds a protocol object per connection from a class, and its worker processes are
spawned (they import this module afresh), so the classes read their timeouts from the same
environment :class:`~arbiter.api.settings.Settings` came from, once per process.
"""

from __future__ import annotations

import asyncio
import enum
import functools
import importlib.util
import logging
import math
import resource
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import uvicorn
from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from arbiter.api.live import stopping
from arbiter.api.settings import Settings

log = logging.getLogger("arbiter.server")

HttpImplementation = Literal["auto", "httptools", "h11"]

#: The largest WebSocket message (a GraphQL subscription is a short document and a handle).
MAX_WS_MESSAGE = 64 * 1024

MAX_HEAD_BYTES = 32 * 1024
"""The largest request head (request line and headers): above nginx's and Node's defaults, far
above what this API's clients send, and small enough that a hostile header costs nothing."""

_REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 34\r\n"
    b"connection: close\r\n\r\n"
    b"request head not received in time\n"
)
_HEAD_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 23\r\n"
    b"connection: close\r\n\r\n"
    b"request head too large\n"
)


@dataclass(frozen=True)
class ConnectionLimits:
    """The two timeouts a connection lives by (seconds)."""

    header_timeout: float
    idle_timeout: float


@functools.cache
def connection_limits() -> ConnectionLimits:
    """The timeouts of this process, from the environment (validated by ``arbiter serve``)."""
    settings = Settings.from_env()
    return ConnectionLimits(settings.header_timeout, settings.idle_timeout)


def connection_cap(wanted: int = 1000) -> int:
    """The connections one worker holds at most before answering 503: ``wanted``
    (``ARBITER_MAX_CONNECTIONS``, 1,000 by default), or half the soft open-file limit when that is
    lower.

    Half, because every connection costs a descriptor and the process needs others (Redis, the
    metrics files, the listening socket); without a cap a flood of connections ends in accept()
    failing with EMFILE and Redis commands failing with it.
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft // 2))


class _Phase(enum.Enum):
    HEAD = "waiting for a request head"
    BODY = "receiving a request body"
    BODY_HELD = "holding a request body back (the server is not reading)"
    SERVER = "serving a request"


class _Cycle(Protocol):
    """What the deadlines read of a uvicorn request/response cycle (both parsers have these)."""

    @property
    def response_complete(self) -> bool: ...
    @property
    def more_body(self) -> bool: ...
    @property
    def waiting_for_100_continue(self) -> bool: ...


def _phase_of(cycle: _Cycle | None, flow: FlowControl) -> _Phase:
    if cycle is None or cycle.response_complete:
        return _Phase.HEAD
    if not cycle.more_body:
        return _Phase.SERVER
    if flow.read_paused or cycle.waiting_for_100_continue:
        return _Phase.BODY_HELD
    return _Phase.BODY


def _head_end(data: bytes, start: int) -> int:
    """The offset of the first blank line at or after ``start`` (the head's end), or ``len(data)``."""
    ends = [i for i in (data.find(b"\r\n\r\n", start), data.find(b"\n\n", start)) if i >= 0]
    return min(ends) if ends else len(data)


class _Deadlines(asyncio.Protocol):
    """The head and body deadlines, mixed into both of uvicorn's HTTP protocols.

    One timer at most per connection. It is armed when a connection opens and when the first bytes
    of a later request arrive, never re-armed by more bytes of the same head; while a body
    arrives, reads only record the time, and the timer re-arms itself for the remainder of the
    pause when it fires early. Arming it after the parser has seen a read (not before) means a
    request that arrives in one read, the common case, costs no timer at all. Between requests
    no timer of ours runs: uvicorn's keep-alive timer does (and any byte cancels it, which is
    why the first byte of the next head arms ours).
    """

    # Set by uvicorn's protocol classes, which this class precedes in the MRO.
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    flow: FlowControl

    def _start_deadlines(self) -> None:
        self._limits = connection_limits()
        self._timer: asyncio.TimerHandle | None = None
        self._head_begun = False
        self._last_read = 0.0

    def _phase(self) -> _Phase:
        cycle: _Cycle | None = getattr(self, "cycle", None)  # each parser types its own cycle
        return _phase_of(cycle, self.flow)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._arm(self._limits.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def shutdown(self) -> None:
        """The worker is stopping (uvicorn tells every connection): the event streams end now,
        so their connections close as requests do (:func:`arbiter.api.live.stopping`)."""
        stopping()
        super().shutdown()  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.is_closing():
            return  # refused (400); connection_lost disarms
        phase = self._phase()
        if phase is _Phase.HEAD:
            self._head_begun = True
            if self._timer is None:
                self._arm(self._limits.header_timeout)
            return
        self._head_begun = False
        if phase is _Phase.SERVER:
            self._disarm()
        else:
            self._last_read = self.loop.time()
            if self._timer is None:
                self._arm(self._limits.header_timeout)

    def _arm(self, delay: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(delay, self._expired)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        phase = self._phase()
        timeout = self._limits.header_timeout
        if phase is _Phase.HEAD:
            log.debug("closing a connection: no complete request head within %ss", timeout)
            self._hang_up(_REQUEST_TIMEOUT if self._head_begun else None)
        elif phase is _Phase.BODY_HELD:
            # The server's pause, not the client's: it counts as activity. Looking again after a
            # tenth of the timeout leaves the client at least nine tenths once reading resumes.
            self._last_read = self.loop.time()
            self._arm(timeout / 10)
        elif phase is _Phase.BODY:
            paused = self.loop.time() - self._last_read
            if paused < timeout:
                self._arm(timeout - paused)
            else:
                log.debug("closing a connection: its request body paused for %ss", timeout)
                self._hang_up(None)  # the application sees http.disconnect

    def _hang_up(self, answer: bytes | None) -> None:
        """Close the connection, after ``answer`` when given (only ever between requests).

        A peer that reads nothing cannot hold the connection open through its unsent bytes:
        when the answer does not fit the socket buffer at once the connection is aborted.
        """
        if answer is not None:
            self.transport.write(answer)
        if self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()


class GuardedH11Protocol(_Deadlines, H11Protocol):
    """uvicorn's h11 protocol with the deadlines (h11 bounds the head size itself)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._start_deadlines()
        # uvicorn's keep-alive timer reads this; typed int there, but call_later takes floats.
        self.timeout_keep_alive = self._limits.idle_timeout  # type: ignore[assignment]


HAVE_HTTPTOOLS = importlib.util.find_spec("httptools") is not None

if HAVE_HTTPTOOLS:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttpToolsProtocol(_Deadlines, HttpToolsProtocol):
        """uvicorn's httptools protocol with the deadlines and a head size limit.

        httptools (llhttp) has no limit on a head's size, and buffers a header until it ends.
        Bytes read while the parser is not inside a body are counted up to the first blank line;
        a head over :data:`MAX_HEAD_BYTES` is answered ``431`` and never reaches the parser.
        """

        def __init__(
            self,
            config: Config,
            server_state: ServerState,
            app_state: dict[str, Any],
            _loop: asyncio.AbstractEventLoop | None = None,
        ) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self._start_deadlines()
            self.timeout_keep_alive = self._limits.idle_timeout  # type: ignore[assignment]
            self._parsing: Literal["idle", "head", "body"] = "idle"
            self._head_bytes = 0

        def data_received(self, data: bytes) -> None:
            if self._parsing != "body":
                start = 0
                if self._parsing == "idle" and data[:1] in (b"\r", b"\n"):
                    start = len(data) - len(data.lstrip(b"\r\n"))  # skipped by the parser
                self._head_bytes += _head_end(data, start) - start
                if self._head_bytes > MAX_HEAD_BYTES:
                    log.debug("closing a connection: request head over %d bytes", MAX_HEAD_BYTES)
                    self._hang_up(_HEAD_TOO_LARGE if self._phase() is _Phase.HEAD else None)
                    return
            super().data_received(data)

        def on_message_begin(self) -> None:
            self._parsing = "head"
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._parsing = "body"
            self._head_bytes = 0
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._parsing = "idle"
            super().on_message_complete()


def protocol_class(implementation: HttpImplementation = "auto") -> type[asyncio.Protocol]:
    """The guarded protocol of ``implementation``; ``auto`` prefers httptools, as uvicorn does."""
    if implementation == "h11" or (implementation == "auto" and not HAVE_HTTPTOOLS):
        return GuardedH11Protocol
    if not HAVE_HTTPTOOLS:
        raise RuntimeError("httptools is not installed (pip install 'uvicorn[standard]')")
    return GuardedHttpToolsProtocol


def run(
    settings: Settings,
    *,
    host: str,
    port: int,
    workers: int,
    log_level: str,
    proxy_headers: bool,
    http: HttpImplementation = "auto",
) -> None:
    """Serve ``arbiter.api.app:app_from_env`` until a signal stops uvicorn.

    ``settings`` must be the environment's (the workers read it again); ``arbiter serve`` has
    already refused what it cannot run safely (several workers without Redis).
    """
    uvicorn.run(
        "arbiter.api.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        http=protocol_class(http),
        ws="websockets-sansio",
        ws_max_size=MAX_WS_MESSAGE,
        ws_ping_interval=settings.stream_heartbeat,
        ws_ping_timeout=settings.stream_heartbeat,
        log_config=None,
        log_level=log_level,
        access_log=False,
        server_header=False,
        proxy_headers=proxy_headers,
        # The protocols use the exact (float) idle timeout; this whole-second value is uvicorn's.
        timeout_keep_alive=max(1, math.ceil(settings.idle_timeout)),
        timeout_graceful_shutdown=max(1, math.ceil(settings.shutdown_grace)),
        limit_concurrency=connection_cap(settings.max_connections),
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
    )
