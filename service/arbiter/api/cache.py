"""The state cache behind ``state_id`` handles, and the shared store of content packs.

Two backends:

* :class:`MemoryCache` -- the embedded default: an in-process LRU of ``ARBITER_CACHE_SIZE``
  entries that live ``ARBITER_CACHE_TTL`` seconds. It keeps the decoded state objects themselves
  (states are immutable), so a hit costs no decoding. One per worker process.
* :class:`RedisCache` -- with ``ARBITER_REDIS_URL``: entries are msgpack bytes under
  ``arbiter:state:<state_id>`` with a TTL, content packs their canonical JSON under
  ``arbiter:content:<game>:<content_id>`` (no TTL: states name them for as long as they live).

When Redis cannot be reached, every call raises :class:`CacheUnavailable` (the service answers
``state_id`` requests with ``503 cache_unavailable`` and leaves ``state_id`` out of other
answers); after a failure Redis is not tried again for ``ARBITER_CACHE_RETRY`` seconds, then the
client reconnects by itself.
"""

from __future__ import annotations

import abc
import contextlib
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, cast

import msgspec
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from arbiter.api.sealing import Entry, decode_entry, encode_entry

log = logging.getLogger("arbiter.cache")


class CacheUnavailable(Exception):
    """The shared cache cannot be reached now."""


@dataclass(frozen=True, slots=True)
class Cached:
    """A cached state and its treatment: the state object (embedded cache) or its msgpack bytes
    (Redis), and its digest (:mod:`arbiter.api.memo`)."""

    game: str
    sealed: bool
    resolve_chance: bool
    digest: bytes
    state: Any = None
    packed: bytes | None = None


class Cache(abc.ABC):
    """Where states named by ``state_id`` and registered content packs are kept."""

    kind: str
    #: Whether :meth:`put_state` needs the state's msgpack bytes (``Cached.packed``).
    needs_bytes: bool = False

    @abc.abstractmethod
    async def get_state(self, state_id: str) -> Cached | None:
        """The cached state, or ``None`` when unknown or expired."""

    @abc.abstractmethod
    async def put_state(self, state_id: str, cached: Cached) -> None: ...

    @abc.abstractmethod
    async def get_content(self, game: str, content_id: str) -> bytes | None: ...

    @abc.abstractmethod
    async def put_content(self, game: str, content_id: str, data: bytes) -> None: ...

    @abc.abstractmethod
    async def ping(self) -> None:
        """Raise :class:`CacheUnavailable` unless the cache can serve now."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections."""


class MemoryCache(Cache):
    """An in-process LRU cache with a time to live."""

    kind = "embedded"

    def __init__(self, size: int, ttl: float, clock: Any = time.monotonic) -> None:
        self.size = size
        self.ttl = ttl
        self._clock = clock
        self._states: OrderedDict[str, tuple[float, Cached]] = OrderedDict()
        self._contents: dict[tuple[str, str], bytes] = {}

    async def get_state(self, state_id: str) -> Cached | None:
        item = self._states.get(state_id)
        if item is None:
            return None
        expires, cached = item
        if expires <= self._clock():
            del self._states[state_id]
            return None
        self._states.move_to_end(state_id)
        return cached

    async def put_state(self, state_id: str, cached: Cached) -> None:
        states = self._states
        states[state_id] = (self._clock() + self.ttl, cached)
        states.move_to_end(state_id)
        while len(states) > self.size:
            states.popitem(last=False)

    async def get_content(self, game: str, content_id: str) -> bytes | None:
        return self._contents.get((game, content_id))

    async def put_content(self, game: str, content_id: str, data: bytes) -> None:
        self._contents[(game, content_id)] = data

    async def ping(self) -> None:
        return None


class RedisCache(Cache):
    """The shared cache in Redis, tolerant of Redis going away and coming back."""

    kind = "redis"
    needs_bytes = True

    def __init__(self, url: str, ttl: int, *, timeout: float = 0.5, retry_after: float = 1.0):
        self.ttl = ttl
        self.retry_after = retry_after
        self._down_until = 0.0
        self._redis = aioredis.Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 1),  # once, on a fresh connection, then give up
        )

    def _check(self) -> None:
        if self._down_until and time.monotonic() < self._down_until:
            raise CacheUnavailable("the Redis state cache is unavailable")

    async def _failed(self, error: BaseException) -> CacheUnavailable:
        if not self._down_until:
            log.warning("redis unavailable", extra={"error": type(error).__name__})
        self._down_until = time.monotonic() + self.retry_after
        with contextlib.suppress(Exception):  # best effort: drop connections to a dead server
            await self._redis.connection_pool.disconnect()
        return CacheUnavailable("the Redis state cache is unavailable")

    def _recovered(self) -> None:
        if self._down_until:
            log.warning("redis available again")
            self._down_until = 0.0

    async def get_state(self, state_id: str) -> Cached | None:
        self._check()
        try:
            data = await self._redis.get(f"arbiter:state:{state_id}")
        except (RedisError, OSError) as error:
            raise await self._failed(error) from None
        self._recovered()
        if data is None:
            return None
        entry = decode_entry(cast(bytes, data))
        return Cached(
            entry.game, entry.sealed, entry.resolve_chance, entry.digest, None, bytes(entry.state)
        )

    async def put_state(self, state_id: str, cached: Cached) -> None:
        assert cached.packed is not None
        entry = Entry(
            cached.game,
            cached.sealed,
            cached.resolve_chance,
            msgspec.Raw(cached.packed),
            cached.digest,
        )
        self._check()
        try:
            await self._redis.set(f"arbiter:state:{state_id}", encode_entry(entry), ex=self.ttl)
        except (RedisError, OSError) as error:
            raise await self._failed(error) from None
        self._recovered()

    async def get_content(self, game: str, content_id: str) -> bytes | None:
        self._check()
        try:
            data = await self._redis.get(f"arbiter:content:{game}:{content_id}")
        except (RedisError, OSError) as error:
            raise await self._failed(error) from None
        self._recovered()
        return None if data is None else cast(bytes, data)

    async def put_content(self, game: str, content_id: str, data: bytes) -> None:
        self._check()
        try:
            await self._redis.set(f"arbiter:content:{game}:{content_id}", data)
        except (RedisError, OSError) as error:
            raise await self._failed(error) from None
        self._recovered()

    async def ping(self) -> None:
        # Readiness probes always try Redis, even while requests are still backing off.
        try:
            await self._redis.ping()
        except (RedisError, OSError) as error:
            raise await self._failed(error) from None
        self._recovered()

    async def close(self) -> None:
        await self._redis.aclose()
