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
  (hash-tagged), replaced by a Lua compare-and-set on its version, and its move log a list under
  ``arbiter:log:{<id>}`` (same hash tag) written by the same script; content packs are their
  canonical JSON under ``arbiter:content:<game>:<content_id>``, their TTL
  (``ARBITER_CONTENT_TTL``) refreshed whenever a process loads them.

**Redis never evicts a table.** Open states and packs carry a Redis TTL; tables and their logs do
not: their record holds its expiry (``e``, ms, moved on by every write), reads treat a record past
it as gone, and every worker sweeps expired tables from the index :data:`TABLE_INDEX` every
:data:`SWEEP_EVERY` seconds. Run Redis with ``maxmemory-policy volatile-lru`` (as ``deploy/``
does): under memory pressure it evicts open states and packs, least recently used first, never a
live game. A Redis full of tables answers writes with an out-of-memory error: a new entry is then
not admitted (:class:`StoreFull`: a state without an id, a game or step ``503 store_full``), and
the circuit stays closed (Redis is full, not away). Each client is held to its share of the
states, tables and packs in Redis as in process (:mod:`arbiter.api.redis_quotas`).

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
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

import msgspec
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import (
    OutOfMemoryError,
    RedisClusterException,
    RedisError,
    ResponseError,
)

from arbiter.api.budget import Budget, OverQuota, StoreFull
from arbiter.api.history import EMPTY, Link, LogWrite, MoveLog
from arbiter.api.live import CHANNEL
from arbiter.api.redis_quotas import Kind, RedisQuotas, Refused
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
    #: Whether the store is known to be away now (its circuit is open: :class:`RedisCache`).
    down: bool = False

    async def listen(
        self, announce: Callable[[bytes, int], None], missed: Callable[[], None]
    ) -> None:
        """Tell ``announce`` of every table other processes write, for as long as it runs
        (``missed`` whenever some announcements may have been lost). A store of one process
        has no others: it returns at once."""
        return None

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
    async def put_content(self, game: str, content_id: str, data: bytes, client: str = "") -> None:
        """Keep a pack's JSON where other processes find it, as ``client``'s."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Raise :class:`CacheUnavailable` unless the store can serve now."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections."""


class MemoryCache(Cache):
    """The in-process store (see the module docstring): ``max_bytes`` of open states and
    ``table_bytes`` (default: as many) of sealed games, each client holding at most ``share`` of
    each; ``usage`` is told of every change of what a client holds (store, client, bytes)."""

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
        usage: Callable[[str, str, int], None] | None = None,
    ) -> None:
        self.ttl = ttl
        self._states: Budget[str, Cached] = Budget(
            max_bytes,
            share,
            ttl,
            min_age,
            own_first=True,
            clock=clock,
            on_usage=None if usage is None else lambda c, d: usage("states", c, d),
        )
        #: a table and its move log, kept and evicted together
        self._tables: Budget[bytes, tuple[Table, MoveLog]] = Budget(
            table_bytes or max_bytes,
            share,
            ttl,
            min_age,
            own_first=False,
            clock=clock,
            on_usage=None if usage is None else lambda c, d: usage("tables", c, d),
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

    async def put_content(self, game: str, content_id: str, data: bytes, client: str = "") -> None:
        # Without Redis a pack lives only in its game's bounded registry in this process
        # (ARBITER_CONTENT_LIMIT): keeping its bytes here too would hold every pack forever.
        return None

    async def ping(self) -> None:
        return None


#: Write a table if its version is still the expected one (ARGV[1], '' for a new table, whose
#: owner ARGV[6] is kept as 'o'), with its new version, record and expiry (ARGV[2..4]: 'v', 'd',
#: 'e' in ms; no Redis TTL: see the module docstring), and change its move log (KEYS[2]) in the
#: same step: keep its first ARGV[5] moves (a shorter log is broken: emptied, and nothing
#: appended), then append ARGV[7..] (see history.LogWrite); and announce the new version on
#: live.CHANNEL (``<table key> <version>``) in the same step. ``{1, owner}`` when written, ``{0}``
#: when another write came first.
_CAS = """
local current = redis.call('HGET', KEYS[1], 'v')
if ARGV[1] == '' then
  if current then return {0} end
  redis.call('HSET', KEYS[1], 'o', ARGV[6])
elseif current ~= ARGV[1] then
  return {0}
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3], 'e', ARGV[4])
redis.call('PUBLISH', '<channel>', KEYS[1] .. ' ' .. ARGV[2])
redis.call('PERSIST', KEYS[1])
local owner = redis.call('HGET', KEYS[1], 'o') or ''
local keep = tonumber(ARGV[5])
local length = redis.call('LLEN', KEYS[2])
if length < keep or (keep == 0 and #ARGV == 6) then
  redis.call('DEL', KEYS[2])
  return {1, owner}
end
if length > keep then
  if keep == 0 then
    redis.call('DEL', KEYS[2])
  else
    redis.call('LTRIM', KEYS[2], 0, keep - 1)
  end
end
for first = 7, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
redis.call('PERSIST', KEYS[2])
return {1, owner}
""".replace("<channel>", CHANNEL)

#: A table's move log, read with its table's expiry in one step (both keys share a slot):
#: ``{exists, expiry or '', moves}``.
_READ_LOG = """
return {redis.call('EXISTS', KEYS[1]), redis.call('HGET', KEYS[1], 'e') or '',
        redis.call('LRANGE', KEYS[2], 0, -1)}
"""

#: Delete a table and its log if it expired (ARGV[1]: now, ms); its expiry if it was written
#: since (the sweeper schedules it again), 0 when deleted or gone, -1 for a record of an older
#: release (a Redis TTL ends it).
_EXPIRE = """
local e = redis.call('HGET', KEYS[1], 'e')
if not e then
  if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
  redis.call('DEL', KEYS[2])
  return 0
end
if tonumber(e) > tonumber(ARGV[1]) then return tonumber(e) end
redis.call('DEL', KEYS[1], KEYS[2])
return 0
"""

#: The sorted set of every table id (hex) by when it expires (ms): what the sweeper reads.
TABLE_INDEX = "arbiter:tables"
#: Seconds between two sweeps of expired tables by one worker.
SWEEP_EVERY = 30.0
#: Tables one sweep deletes at most (the next sweep goes on).
SWEEP_BATCH = 500
#: What ``Retry-After`` says when Redis is full (its ``maxmemory`` reached), in seconds.
FULL_RETRY = 5.0


def now_ms() -> int:
    return int(time.time() * 1000)


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
        quotas: dict[Kind, int] | None = None,
        durability: str = "none",
    ) -> None:
        self.ttl = ttl
        self.url = url
        #: ``ARBITER_REDIS_DURABILITY``: ``aof`` -- Redis must keep every write on disk before it
        #: answers it; ``replicas:N`` -- each step of a sealed game waits for N replicas
        self.aof = durability == "aof"
        self.replicas = (
            int(durability.partition(":")[2]) if durability.startswith("replicas:") else 0
        )
        self._aof_checked = False
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
        self._expire = self._redis.register_script(_EXPIRE)
        #: what each client holds, where quotas are set (``None``: nobody is counted)
        self.quotas = None if quotas is None else RedisQuotas(self._redis, quotas)
        self._sweeper: asyncio.Task[None] | None = None

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
        except OutOfMemoryError:  # Redis is at its maxmemory: full, not away
            raise StoreFull(FULL_RETRY) from None
        except FAILURES as error:
            raise await self._failed(error) from None

    @property
    def client(self) -> Any:
        """The redis-py client, for the other keys the service keeps in this Redis
        (:mod:`arbiter.api.idempotency`); their commands go through :meth:`run`."""
        return self._redis

    async def run(self, command: Callable[[], Awaitable[Any]]) -> Any:
        """One Redis command, under the circuit breaker (see the module docstring)."""
        return await self._run(command)

    async def _keep(
        self, client: str, kind: Kind, key: str, size: int, ttl: int, *, own: bool
    ) -> None:
        """Count a new entry as ``client``'s (:mod:`arbiter.api.redis_quotas`), deleting the
        client's own entries it makes room from; :class:`OverQuota` when it is refused."""
        quotas = self.quotas
        if quotas is None or not client:
            return
        now = now_ms()
        try:
            victims = await self._run(
                lambda: quotas.keep(client, kind, key, size, now, now + ttl * 1000, own=own)
            )
        except Refused as refused:
            retry = max(0.0, (refused.first_expiry_ms - now) / 1000)
            raise OverQuota(refused.used, quotas.quotas[kind], retry) from None
        if victims:
            await self._run(lambda: self._redis.delete(*victims))

    async def _release(self, client: str, kind: Kind, key: str) -> None:
        if self.quotas is not None and client:
            quotas = self.quotas
            await self._run(lambda: quotas.release(client, kind, key))

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
        data = encode_entry(entry)
        await self._keep(client, "states", key, len(data), self.ttl, own=True)
        try:
            await self._run(lambda: self._redis.set(key, data, ex=self.ttl))
        except StoreFull:
            await self._release(client, "states", key)
            raise

    # -------------------------------------------------------------------------- tables

    @staticmethod
    def _table_key(table_id: bytes) -> str:
        return "arbiter:table:{" + table_id.hex() + "}"

    @staticmethod
    def _log_key(table_id: bytes) -> str:
        return "arbiter:log:{" + table_id.hex() + "}"

    async def get_table(self, table_id: bytes) -> Table | None:
        self._start_sweeping()
        key = self._table_key(table_id)
        data, expires = await self._run(lambda: self._redis.hmget(key, "d", "e"))
        if data is None or (expires is not None and int(expires) <= now_ms()):
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
        self._start_sweeping()
        record = encode_table(table)
        key = self._table_key(table_id)
        expires = now_ms() + self.ttl * 1000
        args: list[str | bytes] = [
            "" if expected is None else str(expected),
            str(table.version),
            record,
            str(expires),
            str(log.keep),
            client,
            *log.append,
        ]
        keys = [key, self._log_key(table_id)]
        if expected is None:  # a new game: counted, then known to the sweeper, then written
            size = len(record) + sum(len(move) for move in log.append)
            await self._keep(client, "tables", key, size, self.ttl, own=False)
            try:
                await self._run(lambda: self._redis.zadd(TABLE_INDEX, {table_id.hex(): expires}))
                written = await self._write_table(keys, args)
            except (StoreFull, CacheUnavailable):
                await self._release(client, "tables", key)
                raise
        else:
            written = await self._write_table(keys, args)
        if not int(written[0]):
            return False
        if finished:  # over: no longer counted against its owner
            owner = written[1].decode() if isinstance(written[1], bytes) else str(written[1])
            await self._release(owner, "tables", key)
        return True

    async def _write_table(self, keys: list[str], args: list[str | bytes]) -> Any:
        """The compare-and-set of a table, durable as ``ARBITER_REDIS_DURABILITY`` asks before
        the service answers: with ``replicas:N`` the write and a ``WAIT N`` go on one
        connection, and a step fewer replicas acknowledged is ``CacheUnavailable`` (503: the
        client asks ``current`` whether it stands); with ``aof`` Redis must run
        ``appendfsync always`` (checked once, :meth:`_check_aof`)."""
        if self.aof and not self._aof_checked:
            await self._check_aof()
        if not self.replicas:
            return await self._run(lambda: self._cas(keys=keys, args=args))
        wait_ms = max(1, int(self.timeout * 800))  # within the socket's timeout

        async def written_and_acknowledged() -> Any:
            async with self._redis.pipeline(transaction=False) as pipe:
                await self._cas(keys=keys, args=args, client=pipe)
                pipe.execute_command("WAIT", self.replicas, wait_ms)
                return await pipe.execute()

        written, acknowledged = await self._run(written_and_acknowledged)
        if int(written[0]) and int(acknowledged) < self.replicas:
            log.error(
                "a step of a sealed game reached fewer replicas than ARBITER_REDIS_DURABILITY asks",
                extra={"replicas": int(acknowledged), "wanted": self.replicas},
            )
            raise CacheUnavailable("the step did not reach enough replicas in time")
        return written

    async def _check_aof(self) -> None:
        """With ``ARBITER_REDIS_DURABILITY=aof``: Redis must write every write to its append-only
        file and fsync it before answering (``appendonly yes``, ``appendfsync always``), so that
        nothing the service answered is lost when Redis stops. ``CacheUnavailable`` (and an
        error in the log) when it does not; a Redis that refuses ``CONFIG GET`` (a managed one)
        is taken at its word, with a warning."""
        self._check()
        try:
            appendonly = await self._redis.config_get("appendonly")
            appendfsync = await self._redis.config_get("appendfsync")
        except ResponseError:  # CONFIG renamed or refused: cannot tell
            log.warning("cannot read Redis' persistence settings; assuming appendfsync always")
            self._aof_checked = True
            return
        except FAILURES as error:
            raise await self._failed(error) from None
        found = (appendonly.get("appendonly"), appendfsync.get("appendfsync"))
        if found != ("yes", "always"):
            log.error(
                "ARBITER_REDIS_DURABILITY=aof, but Redis runs appendonly %s, appendfsync %s",
                *found,
            )
            raise CacheUnavailable(
                "Redis does not keep every write on disk before it answers (ARBITER_REDIS_"
                "DURABILITY=aof needs appendonly yes and appendfsync always)"
            )
        self._aof_checked = True

    async def get_log(self, table_id: bytes) -> list[bytes] | None:
        keys = [self._table_key(table_id), self._log_key(table_id)]
        exists, expires, moves = await self._run(lambda: self._read_log(keys=keys))
        if not exists or (expires and int(expires) <= now_ms()):
            return None
        return [bytes(m) for m in moves]

    # ------------------------------------------------------------------------- content

    async def get_content(self, game: str, content_id: str) -> bytes | None:
        key = f"arbiter:content:{game}:{content_id}"
        data = await self._run(lambda: self._redis.getex(key, ex=self.content_ttl))
        return None if data is None else cast(bytes, data)

    async def put_content(self, game: str, content_id: str, data: bytes, client: str = "") -> None:
        key = f"arbiter:content:{game}:{content_id}"
        await self._keep(client, "packs", key, len(data), self.content_ttl, own=True)
        try:
            await self._run(lambda: self._redis.set(key, data, ex=self.content_ttl))
        except StoreFull:
            await self._release(client, "packs", key)
            raise

    # -------------------------------------------------------------------- expired tables

    def _start_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY * random.uniform(0.5, 1.5))
            try:
                await self.sweep()
            except (CacheUnavailable, StoreFull):
                continue
            except Exception:  # a sweep must never end the loop that runs it
                log.exception("sweeping expired tables failed")

    async def sweep(self, now: int | None = None) -> int:
        """Delete the tables (and logs) that expired by ``now`` (ms; the clock by default);
        how many. Every worker sweeps every :data:`SWEEP_EVERY` seconds; sweeps may overlap."""
        now = now_ms() if now is None else now
        due = await self._run(
            lambda: self._redis.zrangebyscore(TABLE_INDEX, "-inf", now, start=0, num=SWEEP_BATCH)
        )
        deleted = 0
        for member in due:
            hexed = member.decode() if isinstance(member, bytes) else str(member)
            deleted += await self._sweep_one(hexed, now)
        return deleted

    async def _sweep_one(self, hexed: str, now: int) -> int:
        """Delete one table if it expired (1), or schedule it again if it was written since."""
        table_id = bytes.fromhex(hexed)
        keys = [self._table_key(table_id), self._log_key(table_id)]
        expires = int(await self._run(lambda: self._expire(keys=keys, args=[now])))
        if expires > 0:  # written since: due later
            await self._run(lambda: self._redis.zadd(TABLE_INDEX, {hexed: expires}))
            return 0
        await self._run(lambda: self._redis.zrem(TABLE_INDEX, hexed))
        return int(expires == 0)

    # ---------------------------------------------------------------------- live tables

    async def listen(
        self, announce: Callable[[bytes, int], None], missed: Callable[[], None]
    ) -> None:
        """Every table any worker writes, from :data:`~arbiter.api.live.CHANNEL`, for as long as
        this runs; subscribed again after a failure (``missed``: announcements may have been lost
        meanwhile). A cluster's ``PUBLISH`` reaches every node: one connection to the node the
        URL names hears them all."""
        prefix = len("arbiter:table:{")
        while True:
            listener = aioredis.Redis.from_url(
                self.url, socket_connect_timeout=self.timeout, health_check_interval=15
            )
            pubsub = listener.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                missed()
                async for message in pubsub.listen():
                    key, _, version = message["data"].partition(b" ")
                    with contextlib.suppress(ValueError):
                        announce(bytes.fromhex(key[prefix:-1].decode()), int(version))
            except FAILURES as error:
                log.warning("listening for live tables failed; again in a moment: %s", error)
            finally:
                with contextlib.suppress(*FAILURES):
                    await pubsub.aclose()
                    await listener.aclose()
            await asyncio.sleep(self.retry_after)

    async def ping(self) -> None:
        """Readiness: unavailable at once while the circuit is open, else one bounded PING (of a
        cluster: ready while any master answers; requests for a down master's keys get 503)."""
        if not self.cluster:
            await self._run(lambda: self._redis.ping())
            if self.aof:
                self._aof_checked = False  # checked again at each probe: it may have changed
                await self._check_aof()
            return
        for node in self._redis.get_primaries():
            try:
                await self._redis.execute_command("PING", target_nodes=node)
                return
            except FAILURES:
                continue
        raise CacheUnavailable("no master of the Redis cluster answers")

    async def close(self) -> None:
        for task in (self._probe, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        await self._redis.aclose()
