"""The store: open states behind ``state_id`` handles, sealed games (tables), content packs.

Two backends:

* :class:`MemoryCache` -- the embedded default, one per worker process: states and tables in two
  :class:`~arbiter.api.budget.Budget` maps bounded in bytes (``ARBITER_CACHE_BYTES``,
  ``ARBITER_TABLE_BYTES``), each client holding at most ``ARBITER_CLIENT_SHARE`` of each, states
  living ``ARBITER_CACHE_TTL`` seconds. It keeps the state objects themselves (states are
  immutable), so a hit costs no decoding.
* :class:`RedisCache` -- with ``ARBITER_REDIS_URL`` (one Redis, or with ``ARBITER_REDIS_CLUSTER``
  a Redis Cluster through redis-py's cluster client, the URL naming any of its nodes): open
  states are msgpack bytes under
  ``arbiter:state:<state_id>`` with a TTL; a table is one record under ``arbiter:table:{<id>}``
  (hash-tagged) whose TTL is refreshed by every write, replaced by a Lua compare-and-set on its
  version, and its move log a list under ``arbiter:log:{<id>}`` (same hash tag) written by the
  same script; content packs are their canonical JSON under
  ``arbiter:content:<game>:<content_id>``, their TTL (``ARBITER_CONTENT_TTL``) refreshed whenever
  a process loads them.

Each open state keeps how it was reached and each table its move log
(:mod:`arbiter.api.history`): that is what a game's record is exported from.

**Fairness of the embedded store** (:mod:`arbiter.api.budget`). One client's burst of new states
or games can neither evict other clients' entries nor keep them out: each client holds at most its
share of each map; a client at its share of open states loses its own least recently used ones,
and a new sealed game past its share is refused to that client alone (``429 quota_exceeded``).
Beyond that only entries unused for ``ARBITER_CACHE_MIN_AGE`` seconds are evicted; when every
entry is younger, a new entry is *not admitted* (an open answer then carries ``"state_id": null``,
a new sealed game gets ``503 store_full``). Open-state traffic never evicts a sealed game: the two
maps have their own bounds.

**Failing safe.** When Redis cannot be reached every call raises :class:`CacheUnavailable` at
once: after one failure (a command times out after ``ARBITER_REDIS_TIMEOUT``) the circuit opens,
requests stop trying Redis, and a background probe pings it every ``ARBITER_CACHE_RETRY`` seconds
until it answers. Only the request that met the failure waits, at most the timeout.

**A cluster** keeps serving what its reachable masters hold: every key one request needs shares a
slot (a table and its log are hash-tagged by the table id; a state, a pack are one key each), so a
master down fails only the requests for its keys (``503``) until it is back or its replica took
over; there is no cluster-wide circuit. Such a request waits for a try and for the cluster
client asking each node for the slot map again, each bounded by the timeout. Readiness holds while
any master answers. Run the cluster with ``cluster-require-full-coverage no``, or all of it stops
while one master is down.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

import msgspec
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, RedisError

from arbiter.api.budget import Budget, OverQuota, StoreFull
from arbiter.api.history import EMPTY, Link, LogWrite, MoveLog
from arbiter.api.sealing import Entry, decode_entry, encode_entry
from arbiter.api.tables import Table, decode_table, encode_table

#: What a Redis that is away raises: redis-py's errors, socket errors, and the cluster client's
#: "no node reachable", which is not a ``RedisError``.
FAILURES = (RedisError, RedisClusterException, OSError)

log = logging.getLogger("arbiter.cache")

__all__ = [
    "Cache",
    "CacheUnavailable",
    "Cached",
    "MemoryCache",
    "OverQuota",
    "RedisCache",
    "StoreFull",
]


class CacheUnavailable(Exception):
    """The shared store cannot be reached now."""


class Cached(msgspec.Struct, frozen=True):
    """A cached open state and its treatment: the state object (embedded cache) or its msgpack
    bytes (Redis), its digest (:mod:`arbiter.api.memo`), how the service reached it
    (:class:`~arbiter.api.history.Link`; ``None`` when unknown), and the bytes the embedded store
    counts for it (``size``: the state's JSON and the moves of its link)."""

    game: str
    resolve_chance: bool
    digest: bytes
    state: Any = None
    packed: bytes | None = None
    link: Link | None = None
    size: int = 0


class Cache(abc.ABC):
    """Where open states named by ``state_id``, sealed games and content packs are kept."""

    kind: str
    #: Whether states are kept as msgpack bytes (``Cached.packed``, ``Snap.packed``).
    needs_bytes: bool = False

    @abc.abstractmethod
    async def get_state(self, state_id: str) -> Cached | None:
        """The cached state, or ``None`` when unknown or expired."""

    @abc.abstractmethod
    async def put_state(self, state_id: str, cached: Cached, client: str = "") -> None:
        """Keep a state of ``client`` (:attr:`~arbiter.api.clients.Client.id`);
        :class:`StoreFull` or :class:`OverQuota` when the store does not admit it now."""

    @abc.abstractmethod
    async def get_table(self, table_id: bytes) -> Table | None:
        """A sealed game, or ``None`` when unknown or expired."""

    @abc.abstractmethod
    async def put_table(
        self,
        table_id: bytes,
        table: Table,
        expected: int | None,
        log: LogWrite,
        client: str = "",
        *,
        finished: bool = False,
    ) -> bool:
        """Write a sealed game and change its move log (``log``), if its stored version is still
        ``expected`` (``None``: a new table, of ``client``); ``finished``: the game is over.
        ``False`` when another write came first; :class:`StoreFull` or :class:`OverQuota` when a
        new table is not admitted."""

    @abc.abstractmethod
    async def get_log(self, table_id: bytes) -> list[bytes] | None:
        """The move log of a sealed game (each move's JSON), or ``None`` when the game is
        unknown or expired."""

    @abc.abstractmethod
    async def get_content(self, game: str, content_id: str) -> bytes | None: ...

    @abc.abstractmethod
    async def put_content(self, game: str, content_id: str, data: bytes) -> None: ...

    @abc.abstractmethod
    async def ping(self) -> None:
        """Raise :class:`CacheUnavailable` unless the store can serve now."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections."""


class MemoryCache(Cache):
    """The in-process store (see the module docstring): ``max_bytes`` of open states and
    ``table_bytes`` (default: as many) of sealed games, each client holding at most ``share`` of
    each."""

    kind = "embedded"

    def __init__(
        self,
        max_bytes: int,
        ttl: float,
        clock: Callable[[], float] = time.monotonic,
        *,
        min_age: float = 300.0,
        share: float = 1.0,
        table_bytes: int | None = None,
    ) -> None:
        self.ttl = ttl
        self._states: Budget[str, Cached] = Budget(
            max_bytes, share, ttl, min_age, own_first=True, clock=clock
        )
        #: a table and its move log, kept and evicted together
        self._tables: Budget[bytes, tuple[Table, MoveLog]] = Budget(
            table_bytes or max_bytes, share, ttl, min_age, own_first=False, clock=clock
        )

    async def get_state(self, state_id: str) -> Cached | None:
        return self._states.get(state_id)

    async def put_state(self, state_id: str, cached: Cached, client: str = "") -> None:
        self._states.put(state_id, cached, cached.size, client)

    async def get_table(self, table_id: bytes) -> Table | None:
        kept = self._tables.get(table_id)
        return None if kept is None else kept[0]

    async def put_table(
        self,
        table_id: bytes,
        table: Table,
        expected: int | None,
        log: LogWrite,
        client: str = "",
        *,
        finished: bool = False,
    ) -> bool:
        current = self._tables.get(table_id)  # no await until the write: atomic in this loop
        if expected is None:
            if current is not None:
                return False
            moves = EMPTY.written(log)
        elif current is None or current[0].version != expected:
            return False
        else:
            moves = current[1].written(log)
        size = table.size + moves.size
        self._tables.put(table_id, (table, moves), size, client, finished=finished)
        return True

    async def get_log(self, table_id: bytes) -> list[bytes] | None:
        kept = self._tables.get(table_id)
        return None if kept is None else kept[1].moves()

    async def get_content(self, game: str, content_id: str) -> bytes | None:
        return None

    async def put_content(self, game: str, content_id: str, data: bytes) -> None:
        # Without Redis a pack lives only in its game's bounded registry in this process
        # (ARBITER_CONTENT_LIMIT): keeping its bytes here too would hold every pack forever.
        return None

    async def ping(self) -> None:
        return None


#: Write a table if its version is still the expected one (ARGV[1], '' for a new table), and
#: change its move log (KEYS[2]) in the same step: keep its first ARGV[5] moves (a shorter log is
#: broken: emptied, and nothing appended), then append ARGV[6..] (see history.LogWrite).
_CAS = """
local current = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if current then return 0 end
elseif current ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local keep = tonumber(ARGV[5])
local length = redis.call('LLEN', KEYS[2])
if length < keep or (keep == 0 and #ARGV == 5) then
  redis.call('DEL', KEYS[2])
  return 1
end
if length > keep then
  if keep == 0 then
    redis.call('DEL', KEYS[2])
  else
    redis.call('LTRIM', KEYS[2], 0, keep - 1)
  end
end
for first = 6, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
"""

#: A table's move log, read with its table's existence in one step (both keys share a slot):
#: ``{exists, moves}``.
_READ_LOG = """
return {redis.call('EXISTS', KEYS[1]), redis.call('LRANGE', KEYS[2], 0, -1)}
"""


class RedisCache(Cache):
    """The shared store in Redis, failing fast while Redis is away (module docstring)."""

    kind = "redis"
    needs_bytes = True

    def __init__(
        self,
        url: str,
        ttl: int,
        *,
        timeout: float = 0.25,
        retry_after: float = 1.0,
        content_ttl: int = 2_592_000,
        cluster: bool = False,
    ) -> None:
        self.ttl = ttl
        self.cluster = cluster
        self.content_ttl = content_ttl
        self.timeout = timeout
        self.retry_after = retry_after
        self.down = False
        self._probe: asyncio.Task[None] | None = None
        # once more on a fresh connection after a dropped one (a restarted Redis), never after a
        # timeout: a frozen Redis costs one timeout, then the circuit opens
        retry = Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,))
        self._redis: Any
        if cluster:
            self._redis = RedisCluster.from_url(
                url,
                socket_timeout=timeout,
                socket_connect_timeout=timeout,
                retry=retry,
                require_full_coverage=False,  # start, and serve, while a master is down
            )
        else:
            self._redis = aioredis.Redis.from_url(
                url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=retry
            )
        self._cas = self._redis.register_script(_CAS)
        self._read_log = self._redis.register_script(_READ_LOG)

    # ---------------------------------------------------------------------- the circuit

    def _check(self) -> None:
        if self.down:
            raise CacheUnavailable("the Redis store is unavailable")

    async def _failed(self, error: BaseException) -> CacheUnavailable:
        if self.cluster:  # the other masters still serve their keys: no cluster-wide circuit
            log.warning("redis cluster node unavailable", extra={"error": type(error).__name__})
            return CacheUnavailable("the Redis store is unavailable")
        if not self.down:
            log.warning("redis unavailable", extra={"error": type(error).__name__})
            self.down = True
            with contextlib.suppress(Exception):  # drop connections to a dead server
                await self._redis.connection_pool.disconnect()
            if self._probe is None or self._probe.done():
                self._probe = asyncio.get_running_loop().create_task(self._probe_until_up())
        return CacheUnavailable("the Redis store is unavailable")

    async def _probe_until_up(self) -> None:
        while self.down:
            await asyncio.sleep(self.retry_after)
            try:
                await self._redis.ping()
            except FAILURES:
                with contextlib.suppress(Exception):
                    await self._redis.connection_pool.disconnect()
                continue
            log.warning("redis available again")
            self.down = False

    async def _run(self, command: Callable[[], Awaitable[Any]]) -> Any:
        self._check()
        try:
            return await command()
        except FAILURES as error:
            raise await self._failed(error) from None

    # -------------------------------------------------------------------------- states

    async def get_state(self, state_id: str) -> Cached | None:
        data = await self._run(lambda: self._redis.get(f"arbiter:state:{state_id}"))
        if data is None:
            return None
        try:
            entry = decode_entry(cast(bytes, data))
        except msgspec.MsgspecError:  # written by another release of the service: unknown here
            return None
        return Cached(
            entry.game, entry.resolve_chance, entry.digest, None, bytes(entry.state), entry.link
        )

    async def put_state(self, state_id: str, cached: Cached, client: str = "") -> None:
        assert cached.packed is not None
        entry = Entry(
            cached.game,
            cached.resolve_chance,
            msgspec.Raw(cached.packed),
            cached.digest,
            cached.link,
        )
        key = f"arbiter:state:{state_id}"
        await self._run(lambda: self._redis.set(key, encode_entry(entry), ex=self.ttl))

    # -------------------------------------------------------------------------- tables

    @staticmethod
    def _table_key(table_id: bytes) -> str:
        return "arbiter:table:{" + table_id.hex() + "}"

    @staticmethod
    def _log_key(table_id: bytes) -> str:
        return "arbiter:log:{" + table_id.hex() + "}"

    async def get_table(self, table_id: bytes) -> Table | None:
        data = await self._run(lambda: self._redis.hget(self._table_key(table_id), "d"))
        if data is None:
            return None
        try:
            return decode_table(cast(bytes, data))
        except msgspec.MsgspecError:  # written by another release of the service: unknown here
            return None

    async def put_table(
        self,
        table_id: bytes,
        table: Table,
        expected: int | None,
        log: LogWrite,
        client: str = "",
        *,
        finished: bool = False,
    ) -> bool:
        args: list[str | bytes] = [
            "" if expected is None else str(expected),
            str(table.version),
            encode_table(table),
            str(self.ttl * 1000),
            str(log.keep),
            *log.append,
        ]
        keys = [self._table_key(table_id), self._log_key(table_id)]
        written = await self._run(lambda: self._cas(keys=keys, args=args))
        return bool(written)

    async def get_log(self, table_id: bytes) -> list[bytes] | None:
        keys = [self._table_key(table_id), self._log_key(table_id)]
        exists, moves = await self._run(lambda: self._read_log(keys=keys))
        return [bytes(m) for m in moves] if exists else None

    # ------------------------------------------------------------------------- content

    async def get_content(self, game: str, content_id: str) -> bytes | None:
        key = f"arbiter:content:{game}:{content_id}"
        data = await self._run(lambda: self._redis.getex(key, ex=self.content_ttl))
        return None if data is None else cast(bytes, data)

    async def put_content(self, game: str, content_id: str, data: bytes) -> None:
        key = f"arbiter:content:{game}:{content_id}"
        await self._run(lambda: self._redis.set(key, data, ex=self.content_ttl))

    async def ping(self) -> None:
        """Readiness: unavailable at once while the circuit is open, else one bounded PING (of a
        cluster: ready while any master answers; requests for a down master's keys get 503)."""
        if not self.cluster:
            await self._run(lambda: self._redis.ping())
            return
        for node in self._redis.get_primaries():
            try:
                await self._redis.execute_command("PING", target_nodes=node)
                return
            except FAILURES:
                continue
        raise CacheUnavailable("no master of the Redis cluster answers")

    async def close(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            with contextlib.suppress(BaseException):
                await self._probe
        await self._redis.aclose()
