"""Sealed games as the store keeps them: a **table** per game, with its current step.

A sealed game never leaves the server. Its table holds the current state (the *head*), a version
that grows with every change (a move, chance drawn after it, or an undo) and never repeats, and
the states a backend may return to with ``undo`` (:attr:`Table.history`, newest last, at most
:data:`MAX_HISTORY`). It also keeps its setup (``players`` and ``options``) and, beside it in
the store, its move log (:mod:`arbiter.api.history`): its master may export it as a record. Handles (:class:`arbiter.api.sealing.Ticket`) name a table, a version and a
role; a handle whose version is not the table's acts on nothing (``409 stale_state``), so an old
handle can never fork the game, whichever worker it reaches.

The in-process store keeps state objects (``Snap.state``); Redis keeps their msgpack bytes
(``Snap.packed``) in one record per table, replaced only if its version is still the one the
request read (compare-and-set).

A table also keeps its **feed**: its latest changes (:class:`Change`, at most
:data:`FEED_CHANGES` and :data:`FEED_BYTES`), written in the same compare-and-set as the change
itself. The streams of its handles (:mod:`arbiter.api.live`) tell their holders each change from
it, and a stream that reconnects resumes from it (``Last-Event-ID``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Actor

#: The most steps a backend can take back in a row.
MAX_HISTORY = 16
#: The most changes a table's feed keeps, and the most bytes of events they hold (the newest
#: change is kept whatever its size).
FEED_CHANGES = 64
FEED_BYTES = 64 * 1024


class Change(msgspec.Struct, array_like=True, frozen=True):
    """One change of a sealed game, as its streams tell it: the ``version`` it made, the first
    bytes of the digest of the state it left (a handle's ``head``), who must decide then
    (``to_act``; none: the game is over), and what happened -- every event of the step, every
    seat's, as the msgpack of the game's events (the streams show each holder its own share:
    :meth:`arbiter.core.Game.events_for`); ``undo``: the step before was taken back (no
    events)."""

    version: int
    head: bytes
    to_act: tuple[Actor, ...]
    events: bytes
    undo: bool = False

    @property
    def size(self) -> int:
        return len(self.events) + len(self.head) + 8 * (len(self.to_act) + 2)


def fed(feed: tuple[Change, ...], change: Change) -> tuple[Change, ...]:
    """``feed`` with ``change`` appended, its oldest changes dropped past :data:`FEED_CHANGES`
    or :data:`FEED_BYTES`."""
    kept = [change]
    size = change.size
    for older in reversed(feed[-(FEED_CHANGES - 1) :]):
        size += older.size
        if size > FEED_BYTES:
            break
        kept.append(older)
    return tuple(reversed(kept))


class Snap(msgspec.Struct, frozen=True):
    """One state of a table: its digest, and the state object or its msgpack bytes.

    In :attr:`Table.history`, ``move`` is the JSON of the player's move that led from this state
    to the next one when whether it may be taken back is for the rules to say
    (:meth:`arbiter.core.Game.can_take_back`, which samples hidden worlds: asked when an undo
    reaches it, not at every move); ``None``: it may.
    """

    digest: bytes
    state: Any = None
    packed: bytes | None = None
    move: bytes | None = None
    #: the bytes the in-process store counts for it (its state's JSON); not stored in Redis
    size: int = 0


class Table(msgspec.Struct, frozen=True):
    """A sealed game: how it treats chance, its head and version, what undo may restore, and
    the options it was set up with (their JSON) -- or ``position``: it was set up from a
    position (a real table's), so it has no setup a record could start from."""

    game: str
    resolve_chance: bool
    players: int
    version: int
    head: Snap
    history: tuple[Snap, ...] = ()
    options: bytes = b""
    position: bool = False
    #: the latest changes, oldest first (the module docstring)
    feed: tuple[Change, ...] = ()

    def changes_after(self, version: int) -> tuple[Change, ...] | None:
        """The changes since step ``version``, oldest first (none when it is the head's);
        ``None`` when the feed no longer reaches back to the one right after it."""
        if version >= self.version:
            return ()
        first = self.version - version
        if first > len(self.feed) or self.feed[-first].version != version + 1:
            return None
        return self.feed[-first:]

    def since(self, version: int, head: bytes) -> tuple[Snap, ...]:
        """The states this table went through from step ``version`` to its head, oldest first,
        if its history still holds them and the first is the state whose digest begins with
        ``head`` (a handle's: :class:`arbiter.api.sealing.Ticket`); else none. Each one's
        ``move`` led to the next. An undo in between, chance drawn (it clears the history) or
        more than :data:`MAX_HISTORY` steps: none."""
        steps = self.version - version
        if not head or not 0 < steps <= len(self.history):
            return ()
        path = self.history[-steps:]
        if path[0].digest[: len(head)] != head or any(snap.move is None for snap in path):
            return ()
        return path

    @property
    def size(self) -> int:
        """The bytes the in-process store counts for the table's states and options."""
        snaps = self.head.size + sum(snap.size for snap in self.history)
        return snaps + len(self.options) + sum(change.size for change in self.feed)


class _SnapRecord(msgspec.Struct, array_like=True, frozen=True):
    digest: bytes
    state: msgspec.Raw
    move: bytes | None = None  # last: records without it (older releases) still decode


class TableRecord(msgspec.Struct, array_like=True, frozen=True):
    """A table as stored in Redis (states as msgpack bytes)."""

    game: str
    resolve_chance: bool
    players: int
    version: int
    head: _SnapRecord
    history: tuple[_SnapRecord, ...]
    options: bytes = b""
    position: bool = False
    feed: tuple[Change, ...] = ()  # last: records of older releases have none


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(TableRecord)


def encode_table(table: Table) -> bytes:
    def record(snap: Snap) -> _SnapRecord:
        assert snap.packed is not None, "Redis keeps states as msgpack bytes"
        return _SnapRecord(snap.digest, msgspec.Raw(snap.packed), snap.move)

    return _encoder.encode(
        TableRecord(
            table.game,
            table.resolve_chance,
            table.players,
            table.version,
            record(table.head),
            tuple(record(s) for s in table.history),
            table.options,
            table.position,
            table.feed,
        )
    )


def decode_table(data: bytes) -> Table:
    record = _decoder.decode(data)

    def snap(item: _SnapRecord) -> Snap:
        return Snap(item.digest, None, bytes(item.state), item.move)

    return Table(
        record.game,
        record.resolve_chance,
        record.players,
        record.version,
        snap(record.head),
        tuple(snap(s) for s in record.history),
        record.options,
        record.position,
        record.feed,
    )
