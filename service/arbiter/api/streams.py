"""The event stream of a sealed game's handle: ``GET /v1/games/{game}/tables/{handle}/events``.

A backend, a seat's client, a companion screen holding a spectator's handle: each opens the
stream of its handle and is told every change of the game as that handle may see it, without
polling (Server-Sent Events, ``text/event-stream``)::

    retry: 2000

    id: 7
    event: update
    data: {"game": "scythe", "version": 7, "events": [...], "to_act": [1], ...}

Each ``update`` is a :class:`~arbiter.api.envelope.TableUpdate` whose ``id`` is the version the
change made. Without ``Last-Event-ID`` (or ``?after=``) the first update is the current step.
A client that reconnects with the ``Last-Event-ID`` it last received (browsers' ``EventSource``
does so itself, to the same URL) is told exactly the changes since, nothing twice and nothing
left out, as far back as the table's feed reaches (its latest 64 changes; further back the update
says how many it ``missed``). An idle stream gets a comment line every
``ARBITER_STREAM_HEARTBEAT`` seconds, so proxies keep it open. When the game is over the stream
sends its last update and an ``end`` event and closes; reconnecting to a finished game's stream
after its last change answers ``204 No Content``, which stops ``EventSource``.

**Which handles.** Any handle of the game opens its stream, as any handle may ask ``current``:
``EventSource`` reconnects to the URL it was given, whose handle names an earlier step by then.
What the stream shows is the handle's holder's: a seat its own view, moves and secrets; the
master the public view with every seat's events and handles (``seats``); a spectator the public
view only. A forged handle, another game's, a game the store no longer holds and a handle (or a
``Last-Event-ID``) of a step the store does not hold any more -- it went back -- are refused
before the stream opens, as problems (``table_rolled_back``: ask ``current`` for the game as
the store holds it).

**Bounds and fairness** (:mod:`arbiter.api.live`): streams per worker and per client are
bounded; a stream is outside the client's fair share of the worker's time (it waits, it does not
compute); a reader too slow to take a write within a heartbeat is dropped, holding nobody up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any, NamedTuple

import msgspec
from msgspec import UNSET
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from arbiter.api.audience import Audience, audience_of
from arbiter.api.cache import CacheUnavailable
from arbiter.api.clients import current_id
from arbiter.api.envelope import SeatUpdate, StreamQuery, TableUpdate
from arbiter.api.languages import language, said_events
from arbiter.api.live import Live, Watched
from arbiter.api.memo import Known
from arbiter.api.problems import Problem
from arbiter.api.sealing import MASTER, Ticket
from arbiter.api.service import Service
from arbiter.api.tables import Change, Table
from arbiter.core.texts import english, text
from arbiter.languages import domain_of

log = logging.getLogger("arbiter.streams")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: The stream's path (its handle is a path segment: ``EventSource`` can send no header).
PATH = "/v1/games/{game}/tables/{handle}/events"
#: What a client waits before it reconnects, in milliseconds (the stream's first line).
RETRY_MS = 2000
#: The longest ``Last-Event-ID`` read.
ID_DIGITS = 10

_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
]
_HEARTBEAT = b": heartbeat\n\n"
_encode = msgspec.json.Encoder(enc_hook=english).encode


def event(kind: str, data: bytes, version: int | None = None) -> bytes:
    """One Server-Sent Event (msgspec's JSON has no line breaks)."""
    line = b"" if version is None else b"id: %d\n" % version
    return line + b"event: %s\ndata: %s\n\n" % (kind.encode(), data)


def _end(why: str) -> bytes:
    return event("end", _encode({"reason": why}))


class Told(NamedTuple):
    """One update as a stream tells it: the struct (GraphQL's subscription converts it) and its
    Server-Sent Event (REST's stream writes it)."""

    update: TableUpdate
    sse: bytes


class Holder(msgspec.Struct, frozen=True):
    """Who a stream is for: the handle's role and what its ``current`` answers carry -- what
    makes two streams' updates the same (:attr:`arbiter.api.live.Watched.answers`)."""

    role: int
    describe: bool = False
    acting: bool = False
    render: bool = False


class Opened(msgspec.Struct):
    """A stream about to start: what it tells first, and where it stands."""

    game: str
    ticket: Ticket
    holder: Holder
    watched: Watched
    client: str
    first: list[Told]
    version: int
    finished: bool
    #: why it ended: ``finished``, ``gone`` (the store no longer holds the game), ``stopping``
    #: (the worker stops), ``rolled_back`` (the store went back under it), ``unavailable`` (the
    #: store cannot be reached: reconnect later), ``left`` (the reader)
    why: str = ""


class Streams:
    """The streams of sealed games over a service's store (module docstring)."""

    def __init__(self, service: Service, live: Live) -> None:
        self.service = service
        self.live = live

    async def open(
        self, game_id: str, token: str, after: int | None, query: StreamQuery
    ) -> Opened | None:
        """Check a handle and a resume point, count the stream, and make its first updates;
        ``None``: nothing more will come (a finished game's stream, resumed after its end)."""
        service = self.service
        game, codec = service.game(game_id)
        resolved = await service.store.sealed(game, codec, token, spectator=True, past=True)
        ticket, table = resolved.ticket, resolved.table
        assert ticket is not None and table is not None
        if after is not None and after > table.version:
            # the client's word, not a handle the service sealed: refused, but not recorded as
            # the store going back (a made-up id must not raise the operators' rollback alert)
            raise Problem(
                "table_rolled_back",
                text(
                    "Last-Event-ID {after} is ahead of step {held}, the one the store holds of "
                    "this game: the store went back (restored, or it lost writes), or the id is "
                    "not this stream's. Open the stream without it for the game as the store "
                    "holds it",
                    after=after,
                    held=table.version,
                ),
                game=game.id,
            )
        audience_of(resolved, None, query.describe, query.acting_seats, render=query.render)
        if after is not None and after >= table.version and not resolved.known.to_act:
            return None
        client = current_id()
        self.live.admit(client)
        watched = self.live.watch(client, ticket.table, table.version)
        service.metrics.streams_open.inc()
        holder = Holder(ticket.seat, query.describe, query.acting_seats, query.render)
        finished = not resolved.known.to_act
        opened = Opened(game.id, ticket, holder, watched, client, [], table.version, finished)
        try:
            opened.first = self._told(opened, table, resolved.known, after)
        except BaseException:
            self.close(opened)
            raise
        return opened

    async def since(self, opened: Opened, table: Table) -> tuple[list[Told], bool]:
        """The updates of the changes of ``table`` since the stream's last, and whether the
        game is over."""
        known = opened.watched.answers.get("known")
        if not isinstance(known, Known):
            game, codec = self.service.game(opened.game)
            known = await self.service.store.stored(game, codec, table.head)
            if opened.watched.answers_version == table.version:
                opened.watched.answers["known"] = known
        return self._told(opened, table, known, opened.version), not known.to_act

    def _told(self, opened: Opened, table: Table, known: Known, after: int | None) -> list[Told]:
        """The updates telling a stream at ``after`` (``None``: new) what ``table`` is now."""
        if after is None:
            return [self._update(opened, table, known, None, 0)]
        changes = table.changes_after(after)
        missed = 0
        if changes is None:  # further back than the feed reaches
            changes = table.feed
            missed = table.version - after - len(changes)
        if not changes:  # a table of an earlier release has no feed: where it stands now
            return [self._update(opened, table, known, None, missed)]
        return [
            self._update(opened, table, known, change, count)
            for change, count in zip(changes, (missed, *[0] * (len(changes) - 1)), strict=True)
        ]

    def _update(
        self, opened: Opened, table: Table, known: Known, change: Change | None, missed: int
    ) -> Told:
        """One update for ``holder``: of ``change`` (``None``: the step as it stands),
        made once per holder and version in this worker."""
        holder, watched, ticket = opened.holder, opened.watched, opened.ticket
        game, codec = self.service.game(opened.game)
        version = table.version if change is None else change.version
        key = (holder, version, change is None, missed)
        made = watched.answers.get(key) if watched.answers_version == table.version else None
        if isinstance(made, Told):
            return made
        store, role = self.service.store, holder.role
        events = [] if change is None else codec.events(change.events)
        seen = None if role < 0 else role
        seats: list[SeatUpdate] | Any = UNSET
        if change is None:
            token = store.handle(game.id, ticket.table, table, role)
            to_act, finished = list(known.to_act), not known.to_act
        else:
            token = store.handle_at(game.id, ticket.table, change, role)
            to_act, finished = list(change.to_act), not change.to_act
            if role == MASTER:
                seats = [
                    SeatUpdate(
                        seat=k,
                        state_token=store.handle_at(game.id, ticket.table, change, k),
                        events=said_events(game.events_for(events, k), domain_of(game.id)),
                    )
                    for k in range(table.players)
                ]
        current: Any = UNSET
        if version == table.version:
            audience = Audience(
                True,
                seen,
                master=role == MASTER,
                describe=holder.describe,
                acting=holder.acting,
                render=holder.render,
            )
            current = self.service.sealed_answer(
                game, known, ticket.table, table, role, audience, []
            )
        update = TableUpdate(
            game=game.id,
            version=version,
            undo=change is not None and change.undo,
            missed=missed,
            events=said_events(game.events_for(events, seen), domain_of(game.id)),
            to_act=to_act,
            finished=finished,
            state_token=token,
            seats=seats,
            current=current,
        )
        made = Told(update, event("update", _encode(update), version))
        if watched.answers_version == table.version:
            watched.answers[key] = made
        return made

    async def follow(self, opened: Opened) -> AsyncIterator[list[Told]]:
        """The updates of each change from the stream's first on, as the table makes them; an
        empty list when a heartbeat's time passed without one. It ends when the game is over,
        the store no longer holds it or went back under it, or the worker stops:
        :attr:`Opened.why` says which. (A reader that leaves cancels it.)

        Waiting costs a stream no task of its own: it waits on its table's announcement
        (:meth:`Watched.changed`), which stopping the worker sets too."""
        watched, live = opened.watched, self.live
        seen = watched.generation
        while not opened.finished:
            if watched.generation == seen and not live.stopped.is_set():
                try:
                    async with asyncio.timeout(live.heartbeat):
                        await watched.changed().wait()
                except TimeoutError:
                    yield []
                    continue
            if live.stopped.is_set():
                opened.why = "stopping"
                return
            seen = watched.generation
            try:
                table = await watched.read(
                    lambda: self.service.store.cache.get_table(watched.table_id)
                )
                if table is None:
                    opened.why = "gone"
                    return
                if table.version < opened.version:
                    opened.why = "rolled_back"
                    return
                if table.version == opened.version:
                    continue
                told, opened.finished = await self.since(opened, table)
            except (CacheUnavailable, Problem):  # the store is away: reconnect later
                opened.why = "unavailable"
                return
            opened.version = table.version
            yield told
        opened.why = "finished"

    def close(self, opened: Opened) -> None:
        """The stream ended: it no longer counts."""
        self.live.unwatch(opened.client, opened.watched)
        self.service.metrics.streams_open.dec()
        if opened.why == "stopping":
            self.service.metrics.streams_dropped.labels("stopping").inc()


class EventStream(Response):
    """The answer of a stream: its events until the game ends, the reader leaves, or the worker
    stops (module docstring)."""

    def __init__(self, streams: Streams, opened: Opened, spoken: str | None = None) -> None:
        self.streams = streams
        self.opened = opened
        self.spoken = spoken  # the ``language`` the query asked for, over the header
        self.background = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:  # type: ignore[override]
        opened, streams = self.opened, self.streams
        left = asyncio.ensure_future(_left(receive))
        token = None if self.spoken is None else language.set(self.spoken)
        telling = asyncio.ensure_future(self._tell(send))  # a task: it keeps the language set
        if token is not None:
            language.reset(token)
        try:
            await asyncio.wait((left, telling), return_when=asyncio.FIRST_COMPLETED)
            if not telling.done():  # the reader left: the stream ends with it
                opened.why = "left"
                telling.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await telling
        finally:
            left.cancel()
            telling.cancel()
            streams.close(opened)

    async def _tell(self, send: Send) -> None:
        """Write the stream's events until it ends (and its ``end`` event), or until a write
        waits too long."""
        opened, streams = self.opened, self.streams
        await send({"type": "http.response.start", "status": 200, "headers": _HEADERS})
        first = b"retry: %d\n\n" % RETRY_MS + b"".join(told.sse for told in opened.first)
        if not await self._write(send, first):
            return
        async for told in streams.follow(opened):
            data = b"".join(update.sse for update in told) if told else _HEARTBEAT
            if not await self._write(send, data):
                return
        await self._write(send, _end(opened.why), more=False)

    async def _write(self, send: Send, data: bytes, *, more: bool = True) -> bool:
        """Send ``data``; false when the reader left it waiting a heartbeat's time: the stream
        is dropped (the connection closes without the response's end)."""
        message = {"type": "http.response.body", "body": data, "more_body": more}
        try:
            async with asyncio.timeout(self.streams.live.heartbeat):  # no task per write
                await send(message)
        except TimeoutError:
            log.info("dropped a stream whose reader stopped reading")
            self.streams.service.metrics.streams_dropped.labels("slow").inc()
            return False
        return True


async def _left(receive: Receive) -> None:
    """Returns when the reader has gone (``http.disconnect``)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def last_event_id(request: Request, after: int | None) -> int | None:
    """The change a stream resumes after: ``Last-Event-ID`` (a version), else ``?after``."""
    given = request.headers.get("last-event-id")
    if given is None or not given.strip():
        return after
    given = given.strip()
    if given.isascii() and given.isdigit() and len(given) <= ID_DIGITS:
        return int(given)
    raise Problem(
        "invalid_request",
        text("Last-Event-ID must be the id of an event of this stream (a version)"),
    )


def route(streams: Streams, read_query: Callable[[Request], StreamQuery]) -> Route:
    """The stream's route (the query read by the declaration's reader, as REST reads one)."""

    async def serve(request: Request) -> Response:
        query = read_query(request)
        after = last_event_id(request, query.after)
        token = None if query.language is None else language.set(query.language)
        try:
            opened = await streams.open(
                request.path_params["game"], request.path_params["handle"], after, query
            )
        finally:
            if token is not None:
                language.reset(token)
        if opened is None:
            return Response(status_code=204)
        return EventStream(streams, opened, query.language)

    return Route(PATH, serve, methods=["GET"])
