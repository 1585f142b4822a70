"""The operations of the service, written once; REST (:mod:`.rest`) and GraphQL (:mod:`.graphql`)
both call them.

Every operation takes a game's values as :data:`~arbiter.api.codec.Payload` (raw JSON or plain
Python values), returns msgspec structs, and reports every refusal as a
:class:`~arbiter.api.problems.Problem`.

What an answer shows (:meth:`Service.envelope`):

* **open** games (the default) -- the full ``state``, every legal move of every actor that must
  decide now, every event; plus ``view`` when ``as_seat`` is given;
* **sealed** games -- never the state: an opaque ``state_token``, the ``view`` of ``as_seat`` (the
  public view without it), only that seat's legal moves (none without it), and only the events
  that seat may see (``game.events_for``).

Chance: with ``resolve_chance`` (the default) pending chance decisions are drawn from the state's
seed after setup and after every move, and before a player's move on a state where chance still
waits. Without it ``to_act`` is ``["chance"]`` while a decision waits, and the client supplies the
outcome as the next move (an open game lists the outcomes in ``legal_moves``).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from msgspec import UNSET, Raw, UnsetType

from arbiter.api.cache import Cached
from arbiter.api.codec import GameCodec, Payload, content_json
from arbiter.api.envelope import ContentCreated, Envelope, GameList, LegalMoves, Validation
from arbiter.api.handles import Handle, StateStore, seat_count, untrusted
from arbiter.api.memo import Known
from arbiter.api.metrics import Metrics
from arbiter.api.problems import Problem
from arbiter.api.sealing import Entry
from arbiter.core import CHANCE, Event, GameInfo, IllegalMove, Registry
from arbiter.core.registry import AnyGame

log = logging.getLogger("arbiter.service")


class Service:
    """The games of a registry, served over a state store."""

    def __init__(self, registry: Registry, store: StateStore, metrics: Metrics) -> None:
        self.registry = registry
        self.store = store
        self.metrics = metrics
        self.codecs = {game.id: GameCodec(game) for game in registry}
        self._infos = [game.info() for game in registry]

    # ------------------------------------------------------------------------------ games

    def game(self, game_id: str) -> tuple[AnyGame, GameCodec]:
        codec = self.codecs.get(game_id)
        if codec is None:
            raise Problem("unknown_game", f"no game is registered with id {game_id!r}")
        return codec.game, codec

    def games(self) -> GameList:
        return GameList(games=list(self._infos))

    def info(self, game_id: str) -> GameInfo:
        game, _ = self.game(game_id)
        return game.info()

    # ------------------------------------------------------------------------- operations

    async def new_state(
        self,
        game_id: str,
        *,
        players: int,
        seed: int | None = None,
        options: Payload | None = None,
        content_id: str | None = None,
        sealed: bool = False,
        as_seat: int | None = None,
        resolve_chance: bool = True,
    ) -> Envelope:
        """Set up a new game (``POST /v1/games/{game}/states``)."""
        game, codec = self.game(game_id)
        state, events = await self._setup(game, codec, players, seed, options, content_id)
        check_seat(state, as_seat, players)
        # With the default options and content a crash of the rules is the server's own bug.
        custom = options is not None or content_id is not None
        pointer = "/options" if options is not None else "/content_id"
        if resolve_chance:
            with untrusted(custom, game.id, pointer):
                state, more = game.resolve_chance(state)
                events.extend(more)
        return await self.envelope(
            game, codec, state, sealed=sealed, resolve_chance=resolve_chance, as_seat=as_seat,
            events=events, inline=custom, pointer=pointer,
        )  # fmt: skip

    async def apply_move(
        self,
        game_id: str,
        handle: Handle,
        move: Payload,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
    ) -> Envelope:
        """Check and apply a move (``POST /v1/games/{game}/moves``)."""
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance)
        decoded = codec.move(move)
        state = resolved.state
        check_seat(state, as_seat)
        events: list[Event] = []
        rc = resolved.resolve_chance
        origin: Known | None = resolved.known
        following: Known | None = None
        with untrusted(resolved.inline, game.id):
            actor = game.actor_of(decoded)
            if rc and actor != CHANCE and CHANCE in resolved.known.to_act:
                state, events = game.resolve_chance(state)
                origin = None
            hit = None if origin is None else origin.after(decoded, rc)
            if hit is not None:  # this very move was applied to this very state before
                following, done = hit
                state, events = following.state, list(done)
            else:
                try:
                    if origin is not None and decoded in origin.legal_moves(game, state, actor):
                        state, more = game.apply_unchecked(state, decoded)  # checked: listed
                    else:
                        state, more = game.apply(state, decoded)
                except IllegalMove as error:
                    self.metrics.moves_rejected.labels(game.id, error.code).inc()
                    raise Problem(
                        error.code,
                        error.message,
                        status=422,
                        title="Illegal move",
                        pointer="/move",
                        legal_moves_count=len(visible_moves(game, state, resolved.sealed, as_seat)),
                        game=game.id,
                    ) from None
                events.extend(more)
                if rc:
                    state, more = game.resolve_chance(state)
                    events.extend(more)
        self.metrics.applied(game.id)
        envelope, known = await self._answer(
            game, codec, state, sealed=resolved.sealed, resolve_chance=rc, as_seat=as_seat,
            events=events, inline=resolved.inline, known=following,
        )  # fmt: skip
        if origin is not None and following is None:
            origin.remember(decoded, rc, known, events)
        return envelope

    async def legal_moves(
        self,
        game_id: str,
        handle: Handle,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
    ) -> LegalMoves:
        """Who must act and their legal moves, without applying anything."""
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance)
        check_seat(resolved.state, as_seat)
        known = resolved.known
        with untrusted(resolved.inline, game.id):
            moves = visible_moves(game, resolved.state, resolved.sealed, as_seat, known)
        return LegalMoves(to_act=list(known.to_act), moves=moves)

    async def validate(
        self,
        game_id: str,
        handle: Handle,
        move: Payload,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
    ) -> Validation:
        """Whether a move is legal now, and the rule that refuses it if not."""
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance)
        decoded = codec.move(move)
        check_seat(resolved.state, as_seat)
        known = resolved.known
        with untrusted(resolved.inline, game.id):
            actor = game.actor_of(decoded)
            if decoded in known.legal_moves(game, resolved.state, actor):
                return Validation(legal=True)
            try:
                game.check_move(resolved.state, decoded)
            except IllegalMove as error:
                return Validation(legal=False, code=error.code, detail=error.message)
        return Validation(legal=True)

    async def get_state(self, state_id: str, *, as_seat: int | None = None) -> Envelope:
        """A cached state as an envelope (``GET /v1/states/{state_id}``)."""
        cached = await self.store.get(state_id)
        codec = self.codecs.get(cached.game)
        if codec is None:
            raise Problem("unknown_state", "this state belongs to a game the server no longer has")
        game = codec.game
        resolved = await self.store.from_cache(game, codec, cached, None)
        check_seat(resolved.state, as_seat)
        return await self.envelope(
            game, codec, resolved.state, sealed=resolved.sealed,
            resolve_chance=resolved.resolve_chance, as_seat=as_seat, events=[], inline=False,
        )  # fmt: skip

    async def replay(
        self,
        game_id: str,
        *,
        players: int,
        seed: int,
        moves: list[Payload],
        options: Payload | None = None,
        content_id: str | None = None,
        sealed: bool = False,
        as_seat: int | None = None,
        resolve_chance: bool = True,
    ) -> Envelope:
        """Set up a game and play ``moves`` (``POST /v1/games/{game}/replay``).

        The moves may include chance outcomes. A chance decision still pending when the next
        move is a player's is drawn from the seed, exactly as the service does during play; so a
        game played with ``resolve_chance`` replays from its seed and its players' moves alone.
        The events are those of the whole replay.
        """
        game, codec = self.game(game_id)
        decoded = [codec.move(m, f"/moves/{i}") for i, m in enumerate(moves)]
        state, events = await self._setup(game, codec, players, seed, options, content_id)
        check_seat(state, as_seat, players)
        for index, move in enumerate(decoded):
            with untrusted(True, game.id, f"/moves/{index}"):
                if game.actor_of(move) != CHANCE and CHANCE in game.to_act(state):
                    state, more = game.resolve_chance(state)
                    events.extend(more)
                try:
                    state, more = game.apply(state, move)
                except IllegalMove as error:
                    self.metrics.moves_rejected.labels(game.id, error.code).inc()
                    raise Problem(
                        error.code,
                        f"move {index} is illegal: {error.message}",
                        status=422,
                        title="Illegal move",
                        pointer=f"/moves/{index}",
                        move_index=index,
                        legal_moves_count=len(visible_moves(game, state, sealed, as_seat)),
                        game=game.id,
                    ) from None
                events.extend(more)
        with untrusted(True, game.id, "/moves"):
            if resolve_chance:
                state, more = game.resolve_chance(state)
                events.extend(more)
        return await self.envelope(
            game, codec, state, sealed=sealed, resolve_chance=resolve_chance, as_seat=as_seat,
            events=events, inline=True, pointer="/moves",
        )  # fmt: skip

    async def register_content(self, game_id: str, content: Payload) -> ContentCreated:
        """Check and register a content pack; its id is the hash of its canonical JSON."""
        game, codec = self.game(game_id)
        pack = codec.content(content)
        with untrusted(True, game.id, ""):
            content_id = game.register_content(pack)
        await self.store.share_content(game, content_id, content_json(pack))
        return ContentCreated(game=game.id, content_id=content_id)

    async def get_content(self, game_id: str, content_id: str) -> Any:
        """A registered content pack."""
        game, codec = self.game(game_id)
        if not await self.store.ensure_content(game, codec, content_id):
            raise Problem(
                "unknown_content",
                f"game {game.id!r} has no content pack with id {content_id!r}",
                status=404,
                game=game.id,
            )
        return game.content(content_id)

    # --------------------------------------------------------------------------- answers

    async def envelope(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        *,
        sealed: bool,
        resolve_chance: bool,
        as_seat: int | None,
        events: list[Event],
        inline: bool,
        pointer: str = "/state",
    ) -> Envelope:
        """The answer for ``state``: its handles and what the viewer may see (module docstring).

        ``inline`` marks a state made from client input (``pointer`` names it): a crash of the
        rules on it is that input's fault.
        """
        envelope, _ = await self._answer(
            game, codec, state, sealed=sealed, resolve_chance=resolve_chance, as_seat=as_seat,
            events=events, inline=inline, pointer=pointer,
        )  # fmt: skip
        return envelope

    async def _answer(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        *,
        sealed: bool,
        resolve_chance: bool,
        as_seat: int | None,
        events: list[Event],
        inline: bool,
        pointer: str = "/state",
        known: Known | None = None,
    ) -> tuple[Envelope, Known]:
        """:meth:`envelope`, and the memo entry of the state (``known``, if the caller has it)."""
        with untrusted(inline, game.id, pointer):
            if known is None:
                state_json = codec.state_json(state)
                known = self.store.known.learn(
                    self.store.known.key(game.id, state_json), game, state, state_json
                )
            if known.json is None:
                known.json = codec.state_json(state)
            to_act = list(known.to_act)
            result = None if to_act else game.result(state)
            moves = visible_moves(game, state, sealed, as_seat, known)
            if sealed:
                view = game.view(state, as_seat)
                shown = game.events_for(events, as_seat)
            else:
                view = UNSET if as_seat is None else game.view(state, as_seat)
                shown = events
            needs_bytes = sealed or self.store.cache.needs_bytes
            packed = codec.state_bytes(state) if needs_bytes else None
        cached = Cached(game.id, sealed, resolve_chance, known.digest, state, packed)
        state_id = await self.store.put(cached)
        token: str | UnsetType = UNSET
        if sealed:
            assert packed is not None
            token = self.store.seal(Entry(game.id, True, resolve_chance, Raw(packed), known.digest))
        envelope = Envelope(
            game=game.id,
            rules_version=game.rules_version,
            state_id=state_id,
            sealed=sealed,
            resolve_chance=resolve_chance,
            as_seat=as_seat,
            state=UNSET if sealed else Raw(known.json),
            state_token=token,
            view=view,
            to_act=to_act,
            legal_moves=moves,
            events=shown,
            finished=not to_act,
            result=result,
        )
        return envelope, known

    async def _setup(
        self,
        game: AnyGame,
        codec: GameCodec,
        players: int,
        seed: int | None,
        options: Payload | None,
        content_id: str | None,
    ) -> tuple[Any, list[Event]]:
        decoded = None if options is None else codec.options(options)
        if content_id is not None:
            await self.store.ensure_content(game, codec, content_id)
        seed = secrets.randbits(63) if seed is None else seed
        custom = options is not None or content_id is not None
        pointer = "/options" if options is not None else "/content_id"
        try:
            with untrusted(custom, game.id, pointer):
                state = game.new_state(players, decoded, seed=seed, content_id=content_id)
        except Problem as problem:
            if problem.code == "unknown_content":
                problem.pointer = "/content_id"
            elif problem.code.endswith(".setup.players"):
                problem.pointer = "/players"
            raise
        return state, []


def check_seat(state: Any, as_seat: int | None, seats: int | None = None) -> None:
    """Refuse an ``as_seat`` that names no seat of the game (``422 invalid_seat``)."""
    if as_seat is None:
        return
    seats = seat_count(state) if seats is None else seats
    if seats is not None and as_seat >= seats:
        raise Problem(
            "invalid_seat",
            f"as_seat {as_seat} names no seat: the game has {seats} seats, counted from 0",
            pointer="/as_seat",
        )


def visible_moves(
    game: AnyGame, state: Any, sealed: bool, as_seat: int | None, known: Known | None = None
) -> list[Any]:
    """The legal moves the viewer may see: all of them in open games, the seat's own if sealed."""
    known = known or Known(state, game.to_act(state), b"")
    if not sealed:
        return known.all_legal_moves(game, state)
    return [] if as_seat is None else known.legal_moves(game, state, as_seat)
