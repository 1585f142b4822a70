"""State handles: how a request names the state it acts on, and how answers name the next one.

A request gives exactly one of:

* ``state`` -- the full state as JSON (open games). It is decoded straight into the game's
  ``state_type``, then checked: ``check_pinned`` (``unknown_content``, ``rules_version_mismatch``)
  and ``check_state`` (the game's invariants, with a ``pointer``) before any rule runs on it. The
  game is treated as open; ``resolve_chance`` comes from the request (default true).
* ``state_token`` -- a handle of a sealed game (:mod:`arbiter.api.sealing`): the master handle
  or one seat's. It names the game's table in the store (:mod:`arbiter.api.tables`), the version
  it was issued at and its holder's role; the state itself never leaves the server. A handle of
  an earlier version acts on nothing (``409 stale_state``) -- but a move that commutes with the
  steps since (:mod:`.merging`); ``current`` turns it into the handle of the current version for
  the same role.
* ``state_id`` -- the id of a cached open state (:mod:`arbiter.api.cache`); the cache entry
  carries its treatment (``resolve_chance``).

So a sealed game stays sealed and a table that rolls its own dice keeps rolling them, whichever
handle the next request uses. Every open state and every sealed game the store keeps also keeps
how it was reached (:mod:`arbiter.api.history`): :meth:`StateStore.history` and
:meth:`StateStore.table_log` read it back for a game's record. An open game's request may override ``resolve_chance`` (the
override travels with the handles of the answer); a sealed game's treatment of chance is fixed
when it is set up.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any, Literal

import msgspec

from arbiter.api.cache import Cache, Cached, CacheUnavailable, OverQuota, StoreFull
from arbiter.api.clients import current_id, current_label
from arbiter.api.codec import GameCodec, Payload
from arbiter.api.history import Link, LogWrite
from arbiter.api.kept_packs import KeptPacks
from arbiter.api.memo import Known, KnownStates
from arbiter.api.metrics import Metrics
from arbiter.api.outdated import outdated
from arbiter.api.problems import Problem, from_core, over_quota, store_full
from arbiter.api.sealing import HEAD_BYTES, InvalidToken, Sealer, Ticket
from arbiter.api.store_refusals import (
    EARLIER_LOST,
    FROM_POSITION,
    INCONSISTENT,
    NO_TABLE,
    log_not_kept,
    no_history,
    none_kept,
    nothing_to_undo,
    stale,
    too_long_to_keep,
    went_back,
)
from arbiter.api.tables import MAX_HISTORY, Change, Snap, Table, fed
from arbiter.core import ArbiterError, RulesVersionMismatch, UnknownContent
from arbiter.core.registry import AnyGame
from arbiter.core.texts import plural, text

log = logging.getLogger("arbiter.handles")

#: The events of an undo: none (an empty msgpack array).
_NO_EVENTS = b"\x90"


class Handle(msgspec.Struct, frozen=True):
    """The state handles of a request, as given (at most one may be set)."""

    state: Payload | None = None
    state_id: str | None = None
    state_token: str | None = None


class Resolved(msgspec.Struct, frozen=True):
    """A state a request acts on, with its treatment.

    ``inline`` marks a state the client submitted: the rules treat it as untrusted input.
    ``known`` holds what the process already worked out about the state (:mod:`.memo`).
    A sealed game's state comes with its ``table`` and the ``ticket`` of the handle. An open
    state comes with the ``state_id`` it has (or would have) in the store, and the ``link`` its
    entry keeps when the request read the entry (:mod:`.history`).
    """

    state: Any
    sealed: bool
    resolve_chance: bool
    inline: bool
    known: Known
    table: Table | None = None
    ticket: Ticket | None = None
    state_id: str | None = None
    link: Link | None = None
    #: a sealed game's handle of an earlier step, resolved to the head for a move that may
    #: commute with the steps since (:mod:`.merging`): the states from the handle's on
    #: (:meth:`Table.since`)
    behind: tuple[Snap, ...] = ()

    @property
    def seat(self) -> int | None:
        """The seat a seat's handle is bound to (``None`` for masters, spectators and open
        games)."""
        ticket = self.ticket
        return None if ticket is None or ticket.seat < 0 else ticket.seat


#: A stored state as plain values (one of an earlier shape, to upgrade).
_plain = msgspec.msgpack.Decoder()


class untrusted:
    """Run rules on client input: a crash of the rules becomes a 422 ``invalid_state`` problem.

    ``check_state`` cannot catch every broken state; a state (or options, or content) that slips
    through and breaks the rules is the client's fault, not a server error. States the service
    made itself (tokens, cached states) are trusted and any crash there stays a server error.
    Refusals of the core (:class:`ArbiterError`) become problems either way.
    """

    __slots__ = ("game", "inline", "pointer")

    def __init__(self, inline: bool, game: str, pointer: str = "/state") -> None:
        self.inline = inline
        self.game = game
        self.pointer = pointer

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: Any
    ) -> Literal[False]:
        if error is None or isinstance(error, Problem) or not isinstance(error, Exception):
            return False
        if isinstance(error, ArbiterError):
            raise from_core(error, prefix=self.pointer, game=self.game) from None
        if not self.inline:
            return False
        log.warning(
            "the rules failed on client input",
            extra={"game": self.game, "error": type(error).__name__},
        )
        raise Problem(
            "invalid_state",
            text("the rules cannot evaluate this input ({error})", error=type(error).__name__),
            pointer=self.pointer,
            game=self.game,
        ) from None


class StateStore:
    """Resolves state handles and mints the handles of answers."""

    def __init__(
        self,
        cache: Cache,
        sealer: Sealer,
        metrics: Metrics,
        known: KnownStates,
        *,
        max_history: int = 10_000,
        packs: KeptPacks | None = None,
    ) -> None:
        self.cache = cache
        self.sealer = sealer
        self.metrics = metrics
        self.known = known
        #: the registered content packs this process keeps, by client
        self.packs = KeptPacks(64 * 1024 * 1024, 1.0, 2_592_000, 0.0) if packs is None else packs
        #: the most moves a history keeps (``ARBITER_MAX_REPLAY``: a longer record cannot be
        #: replayed)
        self.max_history = max_history
        #: told of every change of a table this process writes, its id and new version: this
        #: worker's live tables (:mod:`arbiter.api.live`; other workers hear Redis' publication)
        self.changed: Callable[[bytes, int], None] | None = None

    # ---------------------------------------------------------------------------- minting

    def state_id(self, game: str, resolve_chance: bool, digest: bytes) -> str:
        """The id an open state has (or would have) in the store."""
        return self.sealer.state_id(game, resolve_chance, digest)

    async def put(self, cached: Cached) -> str | None:
        """Cache an open state; its id, or ``None`` when the store cannot take it now."""
        state_id = self.sealer.state_id(cached.game, cached.resolve_chance, cached.digest)
        try:
            await self.cache.put_state(state_id, cached, current_id())
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            return None
        except (StoreFull, OverQuota) as refusal:  # full of others' recent states, or larger
            self._refused("states", refusal)  # than a client's share: answered without an id
            return None
        return state_id

    def handle(self, game: str, table_id: bytes, table: Table, seat: int) -> str:
        """The handle of ``seat`` (or :data:`~.sealing.MASTER`, :data:`~.sealing.SPECTATOR`) for the
        current step of a sealed game: its version and the state it holds then."""
        head = table.head.digest[:HEAD_BYTES]
        return self.sealer.seal(Ticket(game, table_id, table.version, seat, head))

    def handle_at(self, game: str, table_id: bytes, change: Change, seat: int) -> str:
        """The handle ``seat`` (or a role) was given for the step a ``change`` made."""
        return self.sealer.seal(Ticket(game, table_id, change.version, seat, change.head))

    def snap(self, codec: GameCodec, known: Known) -> Snap:
        """A table's state of ``known``, with the bytes the store counts for it: its msgpack
        bytes where they are made (Redis), else its JSON (made once, kept by ``known``)."""
        if self.cache.needs_bytes:
            packed = codec.state_bytes(known.state)
            return Snap(known.digest, known.state, packed, size=len(packed))
        if known.json is None:
            known.json = codec.state_json(known.state)
        return Snap(known.digest, known.state, None, size=len(known.json))

    def _log(self, keep: int, append: tuple[bytes, ...] = ()) -> LogWrite:
        """A change of a move log, or dropping it once it would be longer than histories are."""
        if keep + len(append) > self.max_history:
            return LogWrite(0)
        return LogWrite(keep, append)

    async def open_table(
        self,
        codec: GameCodec,
        known: Known,
        resolve_chance: bool,
        players: int,
        options: bytes,
        moves: tuple[bytes, ...],
        *,
        position: bool = False,
    ) -> tuple[bytes, Table]:
        """Keep a new sealed game in the store: its table id and table (version 0). ``options``
        (their JSON) and ``moves`` (every decision since setup) start its record; ``position``:
        the game was set up from a position (it has no record)."""
        table_id = secrets.token_bytes(16)
        snap = self.snap(codec, known)
        table = Table(codec.game.id, resolve_chance, players, 0, snap, (), options, position)
        try:
            await self.cache.put_table(
                table_id,
                table,
                None,
                self._log(0, moves),
                current_id(),
                finished=not known.to_act,
            )
        except StoreFull as full:
            self._refused("tables", full)
            raise store_full(
                text("the store admits no new game now; retry later"), full.retry_after
            ) from None
        except OverQuota as over:
            self._refused("tables", over)
            raise over_quota(
                plural(
                    "your live sealed games hold {used} of the {count} bytes one client may "
                    "hold in this store; finish or abandon one, or retry when one expires",
                    "your live sealed games hold {used} of the {count} bytes one client may "
                    "hold in this store; finish or abandon one, or retry when one expires",
                    count=over.allowed,
                    used=over.used,
                ),
                over.used,
                over.allowed,
                over.retry_after,
            ) from None
        except CacheUnavailable:
            raise self._unavailable() from None
        return table_id, table

    async def advance(
        self,
        codec: GameCodec,
        ticket: Ticket,
        table: Table,
        known: Known,
        *,
        back: bytes | None,
        step: int,
        moves: tuple[bytes, ...],
        events: bytes,
    ) -> Table | None:
        """Make ``known`` the head of a sealed game, if nobody changed it since it was read
        (``None``: somebody did; the step is not taken).

        ``back``: the step from the old head is one player's move, this one (its JSON), and may
        be taken back if the rules allow it (the old head joins the history, the rules are asked
        at undo: :attr:`Snap.move`); ``None``: it may not (chance was drawn) and the history is
        cleared -- nobody may return past that step. ``moves`` (the decisions from the old head,
        at ``step``, to ``known``) join the log, and the change joins the table's feed with
        ``events`` (the step's, packed: :meth:`GameCodec.events_bytes`).
        """
        history = (
            (*table.history, msgspec.structs.replace(table.head, move=back))[-MAX_HISTORY:]
            if back is not None
            else ()
        )
        change = Change(table.version + 1, known.digest[:HEAD_BYTES], tuple(known.to_act), events)
        following = msgspec.structs.replace(
            table,
            version=change.version,
            head=self.snap(codec, known),
            history=history,
            feed=fed(table.feed, change),
        )
        log = self._log(step, moves)
        if not await self._replace(ticket, table, following, log, finished=not known.to_act):
            return None
        return following

    def undoable(self, table: Table) -> Snap:
        """The state the last step of a sealed game returns to, if any (``422 nothing_to_undo``;
        whether the rules let its move be taken back is the caller's to ask: :attr:`Snap.move`)."""
        if not table.history:
            raise nothing_to_undo(table.game)
        return table.history[-1]

    async def take_back(self, ticket: Ticket, table: Table, known: Known) -> Table:
        """Return a sealed game to the state before its last step (:meth:`undoable`, whose state
        is ``known``); the move log is cut back to that state's step."""
        back = self.undoable(table)
        to_act = tuple(known.to_act)
        change = Change(table.version + 1, back.digest[:HEAD_BYTES], to_act, _NO_EVENTS, undo=True)
        following = msgspec.structs.replace(
            table,
            version=change.version,
            head=back,
            history=table.history[:-1],
            feed=fed(table.feed, change),
        )
        if not await self._replace(ticket, table, following, self._log(known.state.step)):
            raise stale(table.game)
        return following

    async def _replace(
        self,
        ticket: Ticket,
        table: Table,
        following: Table,
        log: LogWrite,
        *,
        finished: bool = False,
    ) -> bool:
        """Write ``following`` over ``table`` (compare-and-set): false if the table is no
        longer ``table``."""
        try:
            written = await self.cache.put_table(
                ticket.table, following, table.version, log, finished=finished
            )
        except CacheUnavailable:
            raise self._unavailable() from None
        except StoreFull as full:  # Redis at its maxmemory: the step is not taken
            self._refused("tables", full)
            raise store_full(
                text("the store is full and cannot keep this step now; retry later"),
                full.retry_after,
            ) from None
        if written and self.changed is not None:  # this worker's streams at once
            self.changed(ticket.table, following.version)
        return written

    def rolled_back(self, game: str, ticket: Ticket, table: Table) -> Problem:
        """The store holds an older step of the game than a handle it gave (or another state at
        the handle's step): it went back -- a restore, a replica that lagged, a restart that lost
        writes. Never acted on, never taken for a stale handle."""
        self.metrics.rollbacks.inc()
        log.error(
            "a sealed game's store went back",
            extra={"game": game, "handle_version": ticket.version, "version": table.version},
        )
        return went_back(game, table.version, ticket.version)

    def _refused(self, store: str, refusal: StoreFull | OverQuota) -> None:
        code = "quota_exceeded" if isinstance(refusal, OverQuota) else "store_full"
        self.metrics.store_refusals.labels(current_label(), store, code).inc()

    def _unavailable(self) -> Problem:
        self.metrics.cache_errors.inc()
        return Problem(
            "cache_unavailable",
            text(
                "the state store cannot be reached; retry later (open games can send their state)"
            ),
            headers={"Retry-After": "1"},
        )

    # -------------------------------------------------------------------------- resolving

    async def resolve(
        self,
        game: AnyGame,
        codec: GameCodec,
        handle: Handle,
        resolve_chance: bool | None,
        *,
        current: bool = False,
        merge: bool = False,
    ) -> Resolved:
        """The state a request names, checked; raises a :class:`Problem` otherwise.

        A sealed game's handle must name its current version (``409 stale_state``), unless
        ``current`` asks for the current version whatever the handle's, or ``merge`` (a move)
        takes the head with the steps since the handle's (:attr:`Resolved.behind`) where the
        store still holds them.
        """
        named = (handle.state, handle.state_id, handle.state_token)
        if named.count(None) != 2:
            given = [
                name
                for name, value in zip(("state", "state_id", "state_token"), named, strict=True)
                if value is not None
            ]
            raise Problem(
                "invalid_state_handle",
                text("give exactly one of state, state_id and state_token; none was given")
                if not given
                else text(
                    "give exactly one of state, state_id and state_token; got {given}",
                    given=", ".join(given),
                ),
                game=game.id,
            )
        if handle.state is not None:
            rc = True if resolve_chance is None else resolve_chance
            known = await self._submitted(game, codec, handle.state)
            state_id = self.state_id(game.id, rc, known.digest)
            return Resolved(known.state, False, rc, True, known, state_id=state_id)
        if handle.state_token is not None:
            return await self.sealed(
                game, codec, handle.state_token, resolve_chance, current=current, merge=merge
            )
        assert handle.state_id is not None
        cached = await self.get(handle.state_id)
        if cached.game != game.id:
            raise Problem(
                "unknown_state",
                text("no state of {game!r} has this id", game=game.id),
                pointer="/state_id",
                game=game.id,
            )
        return await self.from_cache(game, codec, cached, resolve_chance, handle.state_id)

    async def sealed(
        self,
        game: AnyGame,
        codec: GameCodec,
        token: str,
        resolve_chance: bool | None = None,
        *,
        current: bool = False,
        merge: bool = False,
        spectator: bool = False,
        past: bool = False,
    ) -> Resolved:
        """The sealed game a handle names: its current state if the handle is current (or if
        ``current`` asks for the current version whatever the handle's). A spectator's handle
        names it only where ``spectator`` allows one (it reads, never acts:
        ``403 spectator_handle``). ``past``: a handle of any earlier step reads the current one,
        but a handle the store went back from is refused (a stream's). A handle of a step the
        store no longer holds -- it went back -- is ``409 table_rolled_back``, except for
        ``current``, the way back to the game as the store holds it. An earlier step's handle
        is ``409 stale_state``, but with ``merge`` where the table's history holds every step
        since (:attr:`Resolved.behind`)."""
        try:
            ticket = self.sealer.open(token)
        except InvalidToken as error:
            raise Problem(
                "invalid_state_token", error.message, pointer="/state_token", game=game.id
            ) from None
        if ticket.game != game.id:
            raise Problem(
                "invalid_state_token",
                text(
                    "the handle belongs to a game of {other!r}, not of {game!r}",
                    other=ticket.game,
                    game=game.id,
                ),
                pointer="/state_token",
                game=game.id,
            )
        if ticket.is_spectator and not spectator:
            raise Problem(
                "spectator_handle",
                text(
                    "a spectator's handle only reads the public view: POST .../current and the "
                    "table's events"
                ),
                pointer="/state_token",
                status=403,
                game=game.id,
            )
        try:
            table = await self.cache.get_table(ticket.table)
        except CacheUnavailable:
            raise self._unavailable() from None
        if table is None:
            raise Problem(
                "unknown_state",
                NO_TABLE,
                pointer="/state_token",
                game=game.id,
            )
        behind: tuple[Snap, ...] = ()
        if ticket.version > table.version or (
            ticket.version == table.version
            and ticket.head
            and ticket.head != table.head.digest[:HEAD_BYTES]
        ):
            refusal = self.rolled_back(game.id, ticket, table)
            if not current or past:  # never acts on a state the handle was not given for
                raise refusal
        elif not (current or past) and ticket.version != table.version:
            behind = table.since(ticket.version, ticket.head) if merge else ()
            if not behind:
                raise stale(game.id)
        if resolve_chance is not None and resolve_chance != table.resolve_chance:
            raise Problem(
                "invalid_request",
                text("a sealed game's treatment of chance is fixed when it is set up"),
                pointer="/resolve_chance",
                game=game.id,
            )
        known = await self.stored(game, codec, table.head)
        if ticket.seat >= table.players:  # pragma: no cover - sealed
            raise Problem("invalid_state_token", text("the handle names no seat"), game=game.id)
        return Resolved(
            known.state, True, table.resolve_chance, False, known, table, ticket, behind=behind
        )

    async def _submitted(self, game: AnyGame, codec: GameCodec, value: Payload) -> Known:
        """A state sent in full: decoded and checked unless this process knows its very bytes."""
        raw_key = None
        if isinstance(value, msgspec.Raw | bytes):
            raw_key = self.known.key(game.id, value)
            known = self.known.get(raw_key)
            if known is not None:  # the JSON the service wrote (or already checked)
                self._check_pinned(game, known.state, "/state")
                return known
        try:
            state = codec.state(value)
            await self.ensure_content(game, codec, state.content_id)
            self._check_pinned(game, state, "/state")
        except Problem as problem:  # an earlier shape's state is told so (rules_version_mismatch)
            raise outdated(game, value, problem) from None
        with untrusted(True, game.id):
            canonical = codec.state_json(state)
            key = self.known.key(game.id, canonical)
            known = self.known.get(key)
            if known is None:  # not a state this process made or checked already
                game.check_state(state)
                known = self.known.learn(key, game, state, canonical)
        if raw_key is not None and raw_key != key:
            self.known.alias(raw_key, known)  # written differently: know these bytes too
        return known

    async def from_cache(
        self,
        game: AnyGame,
        codec: GameCodec,
        cached: Cached,
        resolve_chance: bool | None,
        state_id: str | None = None,
    ) -> Resolved:
        """The state of a cache entry (trusted: the service made it), named ``state_id``."""
        known = await self.stored(game, codec, Snap(cached.digest, cached.state, cached.packed))
        rc = cached.resolve_chance if resolve_chance is None else resolve_chance
        return Resolved(known.state, False, rc, False, known, state_id=state_id, link=cached.link)

    async def stored(self, game: AnyGame, codec: GameCodec, snap: Snap) -> Known:
        """A state the service stored itself (a cache entry, a step of a sealed game): trusted,
        so not checked again; decoded unless this process knows it, its content pack loaded."""
        known = self.known.get(snap.digest)
        if known is not None:
            state = known.state
        else:
            state = snap.state
            if state is None:
                assert snap.packed is not None
                state = self.decode(game, codec, snap.packed)
            await self.ensure_content(game, codec, state.content_id)
        self._check_pinned(game, state, "")
        return known or self.known.learn(snap.digest, game, state, size=snap.size or None)

    async def get(self, state_id: str) -> Cached:
        """The cached entry of ``state_id`` (404 ``unknown_state``, 503 ``cache_unavailable``)."""
        try:
            cached = await self.cache.get_state(state_id)
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            raise Problem(
                "cache_unavailable",
                text("the state cache cannot be reached; retry later or send the state"),
                headers={"Retry-After": "1"},
            ) from None
        if cached is None:
            raise Problem("unknown_state", text("no cached state has this id (unknown or expired)"))
        return cached

    # -------------------------------------------------------------------------- histories

    async def entry_of(self, game: AnyGame, digest: bytes) -> Cached | None:
        """The entry the store keeps of an open state (by its digest), under either treatment
        of chance; ``None`` when it keeps none."""
        for resolve_chance in (True, False):
            state_id = self.state_id(game.id, resolve_chance, digest)
            try:
                cached = await self.cache.get_state(state_id)
            except CacheUnavailable:
                raise self._unavailable() from None
            if cached is not None and cached.game == game.id:
                return cached
        return None

    async def history(
        self, game: AnyGame, link: Link | None, step: int, *, inline: bool = False
    ) -> tuple[Link, list[bytes]]:
        """Every move from setup to an open state at ``step`` whose entry keeps ``link``, and
        the link of the setup (:mod:`arbiter.api.history`); ``404 history_unavailable`` when the
        store no longer keeps (or never kept) part of it. ``inline``: the state was sent in
        full."""
        if step > self.max_history:
            raise no_history(game.id, too_long_to_keep(step, self.max_history))
        if link is None:
            raise no_history(game.id, none_kept(inline))
        segments: list[tuple[bytes, ...]] = []
        total = 0
        while True:
            segments.append(link.moves)
            total += len(link.moves)
            if link.parent is None or total > step or not link.moves:
                break
            try:
                cached = await self.cache.get_state(link.parent)
            except CacheUnavailable:
                raise self._unavailable() from None
            if cached is None or cached.game != game.id or cached.link is None:
                raise no_history(game.id, EARLIER_LOST)
            link = cached.link
        if link.position:
            raise no_history(game.id, FROM_POSITION)
        if link.parent is not None or total != step:  # pragma: no cover - links add up (above)
            log.error("a history does not add up", extra={"game": game.id})
            raise no_history(game.id, INCONSISTENT)
        return link, [move for segment in reversed(segments) for move in segment]

    async def table_log(self, game: AnyGame, table_id: bytes, step: int) -> list[bytes]:
        """The move log of a sealed game at ``step`` (``404 history_unavailable`` when it was
        not kept)."""
        try:
            moves = await self.cache.get_log(table_id)
        except CacheUnavailable:
            raise self._unavailable() from None
        if moves is None:
            raise Problem(
                "unknown_state",
                NO_TABLE,
                pointer="/state_token",
                game=game.id,
            )
        if len(moves) != step:
            raise no_history(game.id, log_not_kept(self.max_history))
        return moves

    def decode(self, game: AnyGame, codec: GameCodec, packed: bytes) -> Any:
        """The state of a token or cache entry. One an earlier release stored in an earlier
        shape is upgraded (:meth:`arbiter.core.Game.upgraded`); one it cannot be is refused."""
        try:
            state = codec.state_msgpack.decode(packed)
            if state.rules_version == game.rules_version:
                return state
        except msgspec.ValidationError:
            pass
        plain = _plain.decode(packed)
        state = game.upgraded(plain) if isinstance(plain, dict) else None
        if state is None:
            version = plain.get("rules_version", "?") if isinstance(plain, dict) else "?"
            raise from_core(RulesVersionMismatch(game.id, game.rules_version, str(version)))
        return state

    def _check_pinned(self, game: AnyGame, state: Any, prefix: str) -> None:
        try:
            game.check_pinned(state)
        except UnknownContent as error:
            raise Problem(error.code, error.message, pointer=prefix + "/content_id") from None
        except RulesVersionMismatch as error:
            raise Problem(error.code, error.message, pointer=prefix + "/rules_version") from None

    # ---------------------------------------------------------------------------- content

    async def ensure_content(self, game: AnyGame, codec: GameCodec, content_id: str) -> bool:
        """Load a content pack another process registered, if this one lacks it (a use of it:
        :mod:`arbiter.api.kept_packs`)."""
        if game.has_content(content_id):
            self.packs.used(game, content_id)
            return True
        try:
            data = await self.cache.get_content(game.id, content_id)
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            return False
        if data is None:
            return False
        try:
            loaded = game.register_content(codec.content_decoder.decode(data))
        except (msgspec.MsgspecError, ArbiterError):
            log.warning("a stored content pack no longer loads", extra={"game": game.id})
            return False
        self.keep_content(game, loaded, len(data))
        return loaded == content_id

    def keep_content(self, game: AnyGame, content_id: str, size: int) -> None:
        """Count a pack the game just registered (``size``: its JSON's bytes) as the current
        client's; refused (and dropped) when the client or the process has no room for it."""
        try:
            self.packs.keep(game, content_id, size, current_id())
        except Problem as refused:  # quota_exceeded or store_full
            self.metrics.store_refusals.labels(current_label(), "packs", refused.code).inc()
            raise

    async def share_content(self, game: AnyGame, content_id: str, data: bytes) -> bool:
        """Store a registered pack where other processes find it; false if the cache is down."""
        try:
            await self.cache.put_content(game.id, content_id, data, current_id())
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            log.warning(
                "a content pack was registered in this process only", extra={"game": game.id}
            )
            return False
        except (StoreFull, OverQuota) as refusal:  # Redis full, or the client's share of it
            self._refused("packs", refusal)
            return False
        return True


#: Why a handle names no game: the store no longer holds it.
