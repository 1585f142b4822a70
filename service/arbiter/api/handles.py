"""State handles: how a request names the state it acts on, and how answers name the next one.

A request gives exactly one of:

* ``state`` -- the full state as JSON (open games). It is decoded straight into the game's
  ``state_type``, then checked: ``check_pinned`` (``unknown_content``, ``rules_version_mismatch``)
  and ``check_state`` (the game's invariants, with a ``pointer``) before any rule runs on it. The
  game is treated as open; ``resolve_chance`` comes from the request (default true).
* ``state_token`` -- a sealed token (:mod:`arbiter.api.sealing`). It carries the state *and its
  treatment*: the game id, whether the game is sealed, and ``resolve_chance``.
* ``state_id`` -- the id of a cached state (:mod:`arbiter.api.cache`); the cache entry carries the
  same treatment as a token.

So a sealed game stays sealed and a table that rolls its own dice keeps rolling them, whichever
handle the next request uses. A request may still override ``resolve_chance``; the override then
travels with the handles of the answer.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from arbiter.api.cache import Cache, Cached, CacheUnavailable
from arbiter.api.codec import GameCodec, Payload
from arbiter.api.memo import Known, KnownStates
from arbiter.api.metrics import Metrics
from arbiter.api.problems import Problem, from_core
from arbiter.api.sealing import Entry, InvalidToken, Sealer
from arbiter.core import ArbiterError, RulesVersionMismatch, UnknownContent
from arbiter.core.registry import AnyGame

log = logging.getLogger("arbiter.handles")


@dataclass(frozen=True, slots=True)
class Handle:
    """The state handles of a request, as given (at most one may be set)."""

    state: Payload | None = None
    state_id: str | None = None
    state_token: str | None = None


@dataclass(frozen=True, slots=True)
class Resolved:
    """A state a request acts on, with its treatment.

    ``inline`` marks a state the client submitted: the rules treat it as untrusted input.
    ``known`` holds what the process already worked out about the state (:mod:`.memo`).
    """

    state: Any
    sealed: bool
    resolve_chance: bool
    inline: bool
    known: Known


class _Header(msgspec.Struct):
    rules_version: str = ""


_header = msgspec.msgpack.Decoder(_Header)


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
            f"the rules cannot evaluate this input ({type(error).__name__})",
            pointer=self.pointer,
            game=self.game,
        ) from None


def seat_count(state: Any) -> int | None:
    """The number of seats of a state, when its ``players`` member tells (a count or a tuple)."""
    players = getattr(state, "players", None)
    if isinstance(players, bool):
        return None
    if isinstance(players, int):
        return players
    if isinstance(players, tuple | list):
        return len(players)
    return None


class StateStore:
    """Resolves state handles and mints the handles of answers."""

    def __init__(self, cache: Cache, sealer: Sealer, metrics: Metrics, known: KnownStates) -> None:
        self.cache = cache
        self.sealer = sealer
        self.metrics = metrics
        self.known = known

    # ---------------------------------------------------------------------------- minting

    async def put(self, cached: Cached) -> str | None:
        """Cache a state; its id, or ``None`` when the cache cannot be reached."""
        state_id = self.sealer.state_id(
            cached.game, cached.sealed, cached.resolve_chance, cached.digest
        )
        try:
            await self.cache.put_state(state_id, cached)
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            return None
        return state_id

    def seal(self, entry: Entry) -> str:
        return self.sealer.seal(entry)

    # -------------------------------------------------------------------------- resolving

    async def resolve(
        self, game: AnyGame, codec: GameCodec, handle: Handle, resolve_chance: bool | None
    ) -> Resolved:
        """The state a request names, checked; raises a :class:`Problem` otherwise."""
        given = [
            name
            for name, value in (
                ("state", handle.state),
                ("state_id", handle.state_id),
                ("state_token", handle.state_token),
            )
            if value is not None
        ]
        if len(given) != 1:
            detail = "none was given" if not given else f"got {', '.join(given)}"
            raise Problem(
                "invalid_state_handle",
                f"give exactly one of state, state_id and state_token; {detail}",
                game=game.id,
            )
        if handle.state is not None:
            rc = True if resolve_chance is None else resolve_chance
            known = await self._submitted(game, codec, handle.state)
            return Resolved(known.state, False, rc, True, known)
        if handle.state_token is not None:
            try:
                entry = self.sealer.open(handle.state_token)
            except InvalidToken as error:
                raise Problem(
                    "invalid_state_token", str(error), pointer="/state_token", game=game.id
                ) from None
            if entry.game != game.id:
                raise Problem(
                    "invalid_state_token",
                    f"the token holds a state of {entry.game!r}, not of {game.id!r}",
                    pointer="/state_token",
                    game=game.id,
                )
            cached = Cached(
                entry.game, entry.sealed, entry.resolve_chance, entry.digest, None, entry.state
            )
            return await self.from_cache(game, codec, cached, resolve_chance)
        assert handle.state_id is not None
        cached = await self.get(handle.state_id)
        if cached.game != game.id:
            raise Problem(
                "unknown_state",
                f"no state of {game.id!r} has this id",
                pointer="/state_id",
                game=game.id,
            )
        return await self.from_cache(game, codec, cached, resolve_chance)

    async def _submitted(self, game: AnyGame, codec: GameCodec, value: Payload) -> Known:
        """A state sent in full: decoded and checked unless this process knows its very bytes."""
        raw_key = None
        if isinstance(value, msgspec.Raw | bytes):
            raw_key = self.known.key(game.id, value)
            known = self.known.get(raw_key)
            if known is not None:  # the JSON the service wrote (or already checked)
                self._check_pinned(game, known.state, "/state")
                return known
        state = codec.state(value)
        await self.ensure_content(game, codec, state.content_id)
        with untrusted(True, game.id):
            self._check_pinned(game, state, "/state")
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
        self, game: AnyGame, codec: GameCodec, cached: Cached, resolve_chance: bool | None
    ) -> Resolved:
        """The state of a cache entry or token (trusted: the service made it)."""
        known = self.known.get(cached.digest)
        if known is not None:
            state = known.state
        else:
            state = cached.state
            if state is None:
                assert cached.packed is not None
                state = self.decode(game, codec, cached.packed)
            await self.ensure_content(game, codec, state.content_id)
        self._check_pinned(game, state, "")
        if known is None:
            known = self.known.learn(cached.digest, game, state)
        rc = cached.resolve_chance if resolve_chance is None else resolve_chance
        return Resolved(state, cached.sealed, rc, False, known)

    async def get(self, state_id: str) -> Cached:
        """The cached entry of ``state_id`` (404 ``unknown_state``, 503 ``cache_unavailable``)."""
        try:
            cached = await self.cache.get_state(state_id)
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            raise Problem(
                "cache_unavailable",
                "the state cache cannot be reached; retry later or send the state token or state",
                headers={"Retry-After": "1"},
            ) from None
        if cached is None:
            raise Problem("unknown_state", "no cached state has this id (unknown or expired)")
        return cached

    def decode(self, game: AnyGame, codec: GameCodec, packed: bytes) -> Any:
        """The state of a token or cache entry; one made under other rules is refused."""
        try:
            return codec.state_msgpack.decode(packed)
        except msgspec.ValidationError:
            try:
                version = _header.decode(packed).rules_version
            except msgspec.MsgspecError:
                version = "?"
            raise from_core(RulesVersionMismatch(game.id, game.rules_version, version)) from None

    def _check_pinned(self, game: AnyGame, state: Any, prefix: str) -> None:
        try:
            game.check_pinned(state)
        except UnknownContent as error:
            raise Problem(error.code, error.message, pointer=prefix + "/content_id") from None
        except RulesVersionMismatch as error:
            raise Problem(error.code, error.message, pointer=prefix + "/rules_version") from None

    # ---------------------------------------------------------------------------- content

    async def ensure_content(self, game: AnyGame, codec: GameCodec, content_id: str) -> bool:
        """Load a content pack another process registered, if this one lacks it."""
        if game.has_content(content_id):
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
        return loaded == content_id

    async def share_content(self, game: AnyGame, content_id: str, data: bytes) -> bool:
        """Store a registered pack where other processes find it; false if the cache is down."""
        try:
            await self.cache.put_content(game.id, content_id, data)
        except CacheUnavailable:
            self.metrics.cache_errors.inc()
            log.warning(
                "a content pack was registered in this process only", extra={"game": game.id}
            )
            return False
        return True
