"""Live tables: which sealed games this worker streams, and the news that they changed.

Every change of a sealed game (a move, chance drawn, an undo) is announced with its table id and
new version:

* **in this worker** -- the store that wrote it calls :meth:`Live.announce` when the write
  succeeds (:attr:`arbiter.api.handles.StateStore.changed`), whichever backend it writes to;
* **to other workers, with Redis** -- the table's compare-and-set script publishes ``<table key> <version>`` on
  :data:`CHANNEL` in the same step that writes it, and every worker listens there
  (:meth:`arbiter.api.cache.RedisCache.listen`), so a move answered by one worker (or replica)
  reaches the streams another one holds. In a Redis Cluster a ``PUBLISH`` reaches every node, so
  a worker listens on any one of them. A worker that loses its subscription reads every table
  it streams again once it is back (:meth:`Live.announce_all`): a notice missed is never a change
  missed, because streams read what changed from the table's feed
  (:class:`arbiter.api.tables.Change`), never from the notice.

A stream (:mod:`arbiter.api.streams`) :meth:`~Live.watch`\\ es its table and waits for a version
newer than the last it told; the table is then read from the store once per version in this
worker however many streams wait on it (:meth:`Watched.read`), and what each kind of holder
sees is made once too (:attr:`Watched.answers`). Nothing is queued per stream: a slow reader
simply finds more changes in the feed when it is ready, so a stream costs the same memory
whatever its reader does.

**Bounds** (``ARBITER_MAX_STREAMS`` per worker, ``ARBITER_CLIENT_STREAMS`` per client and
worker) are checked before a stream opens (``503 streams_full``, ``429 too_many_streams``).
**Stopping**: uvicorn tells every connection when the worker is told to stop (SIGTERM), and
:func:`stopping` ends every stream then, so the worker stops at once and each client reconnects
elsewhere with its ``Last-Event-ID``.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable

from arbiter.api.problems import Problem
from arbiter.api.tables import Table
from arbiter.core.texts import plural

#: The Redis channel changes of tables are announced on.
CHANNEL = "arbiter:changes"

#: The hubs of this process (one per app), told when the server stops.
_HUBS: weakref.WeakSet[Live] = weakref.WeakSet()


def stopping() -> None:
    """The server is stopping (SIGTERM): every stream of this process ends now."""
    for hub in list(_HUBS):
        hub.stop()


class Watched:
    """A table with streams in this worker: the newest version announced, the table as last
    read, and each holder's answer to it (kept for that version only)."""

    def __init__(self, table_id: bytes, version: int) -> None:
        self.table_id = table_id
        self.version = version
        #: counts announcements: a stream that saw this many has nothing new to read
        self.generation = 0
        self.streams = 0
        self._changed = asyncio.Event()
        self._read: tuple[int, asyncio.Future[Table | None]] | None = None
        #: what each kind of holder is told of the table at :attr:`version`, made once
        self.answers: dict[object, object] = {}
        self.answers_version = -1

    def announce(self, version: int | None) -> None:
        """A version was written (``None``: maybe; read the table again)."""
        if version is None:
            self._read = None
        elif version <= self.version:
            return
        else:
            self.version = version
        self.generation += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def changed(self) -> asyncio.Event:
        """Set at the next announcement."""
        return self._changed

    async def read(self, load: Callable[[], Awaitable[Table | None]]) -> Table | None:
        """The table, read once per announced version however many streams ask."""
        held = self._read
        if held is not None and held[0] >= self.version:
            return await asyncio.shield(held[1])
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._read = (self.version, future)
        try:
            table = await load()
        except BaseException as error:
            self._read = None
            future.set_exception(error)
            future.exception()  # retrieved: the streams waiting on it get it themselves
            raise
        future.set_result(table)
        if table is not None and table.version > self.version:
            self.version = table.version
        if table is not None and table.version != self.answers_version:
            self.answers, self.answers_version = {}, table.version
        return table


class Live:
    """The tables this worker streams (module docstring)."""

    def __init__(self, max_streams: int, client_streams: int, heartbeat: float) -> None:
        self.max_streams = max_streams
        self.client_streams = client_streams
        self.heartbeat = heartbeat
        self.tables: dict[bytes, Watched] = {}
        self.clients: Counter[str] = Counter()
        self.open = 0
        #: set when the server stops: every stream ends
        self.stopped = asyncio.Event()
        #: starts listening for other workers' announcements (Redis), once a stream opens
        self.listen: Callable[[], None] | None = None
        _HUBS.add(self)

    def announce(self, table_id: bytes, version: int) -> None:
        """``table_id`` is now at ``version`` (or later)."""
        watched = self.tables.get(table_id)
        if watched is not None:
            watched.announce(version)

    def announce_all(self) -> None:
        """Announcements may have been missed: every watched table is read again."""
        for watched in self.tables.values():
            watched.announce(None)

    def stop(self) -> None:
        """Every stream ends (each wakes on its table's announcement and finds it stopped)."""
        self.stopped.set()
        self.announce_all()

    def admit(self, client: str) -> None:
        """Refuse a new stream past this worker's or ``client``'s bound."""
        if self.stopped.is_set() or self.open >= self.max_streams:
            raise Problem(
                "streams_full",
                plural(
                    "this worker holds {count} event streams, as many as it serves",
                    "this worker holds {count} event streams, as many as it serves",
                    count=self.open,
                ),
                headers={"Retry-After": "5"},
            )
        held = self.clients[client]
        if held >= self.client_streams:
            raise Problem(
                "too_many_streams",
                plural(
                    "your client holds {count} event streams in this worker, as many as one "
                    "client may; close one first",
                    "your client holds {count} event streams in this worker, as many as one "
                    "client may; close one first",
                    count=held,
                ),
                used=held,
                allowed=self.client_streams,
            )

    def watch(self, client: str, table_id: bytes, version: int) -> Watched:
        """Count a new stream of ``client`` on a table at ``version`` (:meth:`admit` first)."""
        if self.listen is not None:
            self.listen()
        watched = self.tables.get(table_id)
        if watched is None:
            watched = self.tables[table_id] = Watched(table_id, version)
        else:
            watched.announce(version)
        watched.streams += 1
        self.clients[client] += 1
        self.open += 1
        return watched

    def unwatch(self, client: str, watched: Watched) -> None:
        watched.streams -= 1
        if not watched.streams and self.tables.get(watched.table_id) is watched:
            del self.tables[watched.table_id]
        self.clients[client] -= 1
        if not self.clients[client]:
            del self.clients[client]
        self.open -= 1
