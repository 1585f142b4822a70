"""Rate limits per client: requests to the API, and the CPU-heavy operations.

Two limits, each off unless set, so that one client driving a worker at full speed (a conformance
run, an audit playing thousands of games from one address) is never limited by default:

* ``ARBITER_RATE_LIMIT`` -- requests to the API (``/v1/...``, ``/graphql``) per client, in the
  notation of the `limits` library: ``50/second``, ``50/second;2000/minute`` (every window
  holds);
* ``ARBITER_HEAVY_RATE_LIMIT`` -- the CPU-heavy operations per client: hints, replays, content
  registration, and GraphQL documents longer than :data:`LARGE_DOCUMENT` characters that this
  worker has not parsed before, over REST and GraphQL alike.

A key of the key file (:mod:`arbiter.api.clients`) may carry its own limits, ``"rate"`` and
``"heavy_rate"`` (``"unlimited"``: none for that key), which replace the service's for it.

Counting is the `limits` library's sliding window counter: two counters per client and window,
whatever the limit (a moving window keeps a timestamp per request: memory that grows with the
limit, for every address that ever asked). With ``ARBITER_REDIS_URL`` the counters live in Redis,
shared by every worker and replica; else each worker counts its own. A limit fails open to the
worker's own count, never closed: while Redis is away (the store's circuit is open, or a count
failed in the last :data:`RETRY` seconds) each worker counts in memory, and only the request that
met the failure waits for it (at most ``ARBITER_REDIS_TIMEOUT``).

Over a limit, a request is refused with ``429 rate_limited`` and ``Retry-After``, and the IETF
rate-limit headers (draft-ietf-httpapi-ratelimit-headers): ``RateLimit-Policy`` lists the
limit's windows -- ``"requests-60s";q=2000;w=60`` --, ``RateLimit`` names the window nearest
exhaustion with what remains of it (``r``) and the seconds until that grows again (``t``). Every
API answer to a client under a request limit carries both.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping, Sequence
from typing import Any, Final, Literal

from limits import RateLimitItem
from limits.aio.storage import MemoryStorage, RedisClusterStorage, RedisStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter

from arbiter.api.cache import FAILURES
from arbiter.api.clients import API_PREFIXES, Client, Key, current, parse_limit
from arbiter.api.metrics import Metrics
from arbiter.api.problems import Problem, problem_response
from arbiter.core.texts import Text, text

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

Kind = Literal["requests", "heavy"]
#: A GraphQL document longer than this (characters), parsed anew, counts as a heavy operation.
LARGE_DOCUMENT: Final = 16_384
#: Seconds the shared count is not tried after it failed (the worker counts alone meanwhile).
RETRY: Final = 1.0

log = logging.getLogger("arbiter.rates")


class Rates:
    """The service's rate limits (module docstring): ``requests`` and ``heavy``, the service's
    and each key's own, counted in ``storage`` (memory, or Redis shared with the other workers)."""

    def __init__(
        self,
        requests: str | None,
        heavy: str | None,
        keys: Mapping[str, Key] | None = None,
        *,
        redis_url: str | None = None,
        cluster: bool = False,
        timeout: float = 0.25,
        redis_down: Callable[[], bool] = lambda: False,
        metrics: Metrics | None = None,
    ) -> None:
        self._limits: dict[Kind, tuple[RateLimitItem, ...]] = {
            "requests": parse_limit(requests, "ARBITER_RATE_LIMIT") if requests else (),
            "heavy": parse_limit(heavy, "ARBITER_HEAVY_RATE_LIMIT") if heavy else (),
        }
        self._own: dict[tuple[str, Kind], tuple[RateLimitItem, ...]] = {}
        for key in (keys or {}).values():
            if key.rate is not None:
                self._own[key.name, "requests"] = parse_limit(key.rate, f"the rate of {key.name}")
            if key.heavy_rate is not None:
                self._own[key.name, "heavy"] = parse_limit(
                    key.heavy_rate, f"the heavy_rate of {key.name}"
                )
        self._memory = SlidingWindowCounterRateLimiter(MemoryStorage())
        self._shared: SlidingWindowCounterRateLimiter | None = None
        if redis_url is not None:
            storage = _redis_storage(redis_url, cluster, timeout)
            self._shared = SlidingWindowCounterRateLimiter(storage)
        self._redis_down = redis_down
        #: when the shared count failed last (``time.monotonic``): skipped for :data:`RETRY`
        self._failed_at = -math.inf
        self._metrics = metrics

    @property
    def counts_requests(self) -> bool:
        """Whether any client has a request limit (else :class:`Limit` is not installed)."""
        return bool(self._limits["requests"]) or any(
            items for (_, kind), items in self._own.items() if kind == "requests"
        )

    def limits_of(self, client: Client, kind: Kind) -> tuple[RateLimitItem, ...]:
        """The windows ``client`` is held to for ``kind`` (none: not limited)."""
        if client.kind == "key":
            own = self._own.get((client.name, kind))
            if own is not None:
                return own
        return self._limits[kind]

    async def hit(self, client: Client, kind: Kind) -> dict[str, str]:
        """Count one ``kind`` of request of ``client``: the rate-limit headers of its answer, or
        ``429 rate_limited`` when a window is exhausted (the refused request is counted in the
        windows it fitted, as `limits` counts: a client that keeps asking is not let through)."""
        items = self.limits_of(client, kind)
        if not items:
            return {}
        limiter = self._limiter()
        try:
            return await self._hit(limiter, items, client, kind)
        except FAILURES as error:  # a limit fails open to the worker's own count
            if limiter is self._memory:
                raise
            log.warning("rate limit storage unavailable", extra={"error": type(error).__name__})
            self._failed_at = time.monotonic()
            return await self._hit(self._memory, items, client, kind)

    async def heavy(self) -> None:
        """Count a CPU-heavy operation of the request being served (``429 rate_limited`` over
        its client's heavy limit); nothing outside a request."""
        client = current.get()
        if client is not None:
            await self.hit(client, "heavy")

    def _limiter(self) -> SlidingWindowCounterRateLimiter:
        if self._shared is None or self._redis_down():
            return self._memory
        if time.monotonic() - self._failed_at < RETRY:  # failed just now: not tried again yet
            return self._memory
        return self._shared

    async def _hit(
        self,
        limiter: SlidingWindowCounterRateLimiter,
        items: Sequence[RateLimitItem],
        client: Client,
        kind: Kind,
    ) -> dict[str, str]:
        name = client.id
        exhausted = [not await limiter.hit(item, kind, name) for item in items]
        stats = [await limiter.get_window_stats(item, kind, name) for item in items]
        headers = _headers(kind, items, stats)
        reset = headers.pop("_reset")
        if any(exhausted):
            if self._metrics is not None:
                self._metrics.rate_limited.labels(client.label, kind).inc()
            raise Problem(
                "rate_limited",
                text(
                    "this client may make {rates} of {what}; retry in {reset} s",
                    rates=_describe(items),
                    what=_WHAT[kind],
                    reset=reset,
                ),
                headers={**headers, "Retry-After": reset},
            )
        return headers


_WHAT: Final = {
    "requests": text("requests to the API"),
    "heavy": text("hints, replays, content registrations and large GraphQL documents"),
}


def _describe(items: Sequence[RateLimitItem]) -> Text:
    said = [
        text("{amount} per {seconds} s", amount=i.amount, seconds=i.get_expiry()) for i in items
    ]
    rates = said[0]
    for rate in said[1:]:
        rates = text("{rates} and {rate}", rates=rates, rate=rate)
    return rates


def _headers(kind: Kind, items: Sequence[RateLimitItem], stats: Sequence[Any]) -> dict[str, str]:
    """``RateLimit-Policy`` and ``RateLimit`` (and ``_reset``: seconds until the nearest window
    exhausted grows again, for ``Retry-After``)."""
    now = time.time()
    policy = ", ".join(f'"{kind}-{i.get_expiry()}s";q={i.amount};w={i.get_expiry()}' for i in items)
    nearest = min(range(len(items)), key=lambda n: (stats[n].remaining, -stats[n].reset_time))
    item, stat = items[nearest], stats[nearest]
    reset = max(1, math.ceil(stat.reset_time - now))
    return {
        "RateLimit-Policy": policy,
        "RateLimit": f'"{kind}-{item.get_expiry()}s";r={stat.remaining};t={reset}',
        "_reset": str(reset),
    }


def _redis_storage(url: str, cluster: bool, timeout: float) -> Storage:
    """The `limits` storage in the service's Redis (redis-py, as the store uses)."""
    scheme, _, rest = url.partition("://")
    if cluster:
        return RedisClusterStorage(
            f"async+redis+cluster://{rest}",
            implementation="redispy",
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
        )
    return RedisStorage(
        f"async+{scheme}://{rest}",
        implementation="redispy",
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
    )


class Limit:
    """Pure ASGI middleware after :class:`~arbiter.api.identify.Identify`: counts each API
    request against its client's request limit, refuses it over the limit (``429``), and adds
    the rate-limit headers to its answer. Installed only when some client has a request limit."""

    def __init__(self, app: ASGIApp, rates: Rates) -> None:
        self.app = app
        self.rates = rates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = current.get()
        if scope["type"] != "http" or client is None or not scope["path"].startswith(API_PREFIXES):
            await self.app(scope, receive, send)
            return
        try:
            headers = await self.rates.hit(client, "requests")
        except Problem as refused:
            await problem_response(refused)(scope, receive, send)
            return
        if not headers:
            await self.app(scope, receive, send)
            return
        extra = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
