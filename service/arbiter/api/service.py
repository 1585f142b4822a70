"""The operations of the service, written once; REST (:mod:`.rest`) and GraphQL (:mod:`.graphql`)
both call them.

Every operation takes a game's values as :data:`~arbiter.api.codec.Payload` (raw JSON or plain
Python values), returns msgspec structs, and reports every refusal as a
:class:`~arbiter.api.problems.Problem`.

What an answer shows:

* **open** games (the default) -- the full ``state``, every legal move of every actor that must
  decide now, every event; plus ``view`` when ``as_seat`` is given;
* **sealed** games -- never the state. Who asks decides what the answer shows
  (:class:`Audience`): a **seat's handle** gets that seat's view, its own legal moves and the
  events it may see, and its own next handle; the **master handle** (the backend that set the game
  up) gets the view of ``as_seat`` (the public view without it), the legal moves of ``as_seat``
  (of every actor that must decide without it), the events ``as_seat`` may see, and the next
  handles of the master and of every seat (``seat_tokens``).

Texts for people: with ``render`` an answer also carries ``text``, the game's text of the view it
shows (:meth:`arbiter.core.Game.render_view`): the view of ``as_seat``, and for a sealed game's
master without it the public view -- so a seat's handle gets the text of its own view only. An
open game's answer without ``as_seat`` gets the text of the public view too (its full state is
beside it; the text is what may be shown to anyone at the table, as a sealed game shows it).

A seat's handle acts for its seat only: ``as_seat`` or a move naming another seat is refused with
``403 forbidden_seat`` and a chance outcome with ``403 chance_forbidden``, before any rule looks
at the move -- so the refusal says nothing about hidden values. Chance in a sealed game is drawn
from its seed; a sealed game set up with ``resolve_chance: false`` (for a real table) takes
outcomes through its master handle only.

Chance in open games: with ``resolve_chance`` (the default) pending chance decisions are drawn
from the state's seed after setup and after every move, and before a player's move on a state
where chance still waits. Without it ``to_act`` is ``["chance"]`` while a decision waits, and the
client supplies the outcome as the next move (listed in ``legal_moves``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from msgspec import UNSET, Raw, UnsetType

from arbiter.api import logs, merging
from arbiter.api.audience import (
    Audience,
    acting_needs_master,
    anytime_for,
    audience_of,
    authorize,
    check_seat,
    listing,
    moves_for,
    render_text,
)
from arbiter.api.cache import Cached
from arbiter.api.claims import Claims
from arbiter.api.codec import GameCodec, Payload, content_json
from arbiter.api.envelope import (
    ContentCreated,
    Envelope,
    GameList,
    LegalMoves,
    SeatAnswer,
    Validation,
)
from arbiter.api.handles import Handle, Resolved, StateStore, untrusted
from arbiter.api.hints import HintLimits, Hints
from arbiter.api.history import Link, link_after, setup_link
from arbiter.api.idempotency import Keys
from arbiter.api.languages import said, said_events, said_info, said_result
from arbiter.api.long_tasks import LongTasks
from arbiter.api.memo import Known
from arbiter.api.metrics import Metrics
from arbiter.api.positions import Positions
from arbiter.api.problems import Problem
from arbiter.api.rates import Rates
from arbiter.api.sealing import MASTER, SPECTATOR
from arbiter.api.stepping import Step, moves_json, take_step
from arbiter.api.store_refusals import FROM_POSITION, cannot_export, nothing_to_undo, stale
from arbiter.api.tables import Table
from arbiter.core import (
    CHANCE,
    Event,
    GameInfo,
    IllegalMove,
    Registry,
    UnknownContent,
    UnknownGame,
    compact,
    seat_count,
)
from arbiter.core.record import RECORD_FORMAT, GameRecord, RecordedMove, draw_chance
from arbiter.core.registry import AnyGame
from arbiter.core.texts import plural, text
from arbiter.docs import tag_of
from arbiter.languages import domain_of

log = logging.getLogger("arbiter.service")


class Service:
    """The games of a registry, served over a state store."""

    def __init__(
        self,
        registry: Registry,
        store: StateStore,
        metrics: Metrics,
        *,
        max_replay: int = 10_000,
        hints: HintLimits | None = None,
        rates: Rates | None = None,
        share: float = 1.0,
        keys: Keys,
    ) -> None:
        self.registry = registry
        #: Idempotency keys and their answers (:mod:`.idempotency`): REST's header, GraphQL's
        #: argument.
        self.keys = keys
        self.store = store
        self.metrics = metrics
        self.max_replay = max_replay
        self.codecs = {game.id: GameCodec(game) for game in registry}
        self._infos = [game.info() for game in registry]
        #: The rate limits of each client (none unless configured).
        self.rates = rates or Rates(None, None)
        #: One replay or hint at a time in this worker, turns taken by client.
        self.long_tasks = LongTasks(share, rates=self.rates, metrics=metrics)
        #: Positions from a real table: set a game up from one, tell a state's.
        self.positions = Positions(self)
        #: Move hints (Monte-Carlo tree search).
        self.hints = Hints(self, hints or HintLimits())

    # ------------------------------------------------------------------------------ games

    def game(self, game_id: str) -> tuple[AnyGame, GameCodec]:
        codec = self.codecs.get(game_id)
        if codec is None:
            raise Problem("unknown_game", UnknownGame(game_id).message)
        logs.learn(rules_version=codec.game.rules_version)
        return codec.game, codec

    def games(self) -> GameList:
        return GameList(games=[said_info(info) for info in self._infos])

    def info(self, game_id: str) -> GameInfo:
        game, _ = self.game(game_id)
        return said_info(game.info())

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
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
    ) -> Envelope:
        """Set up a new game (``POST /v1/games/{game}/states``)."""
        game, codec = self.game(game_id)
        state, events, setup = await self._setup(game, codec, players, seed, options, content_id)
        check_seat(state, as_seat, players)
        # With the default options and content a crash of the rules is the server's own bug.
        custom = options is not None or content_id is not None
        pointer = "/options" if options is not None else "/content_id"
        drawn: list[Any] = []
        if resolve_chance:
            with untrusted(custom, game.id, pointer):
                state, more, drawn = draw_chance(game, state)
                events.extend(more)
        if acting_seats and not sealed:
            raise acting_needs_master()
        audience = Audience(
            sealed, as_seat, master=sealed, describe=describe, acting=acting_seats, render=render
        )
        link = setup_link(players, setup, moves_json(codec, drawn))
        if sealed:
            return await self.new_table(game, codec, state, resolve_chance, audience, events, link)
        return await self.envelope(
            game, codec, state, resolve_chance=resolve_chance, audience=audience, events=events,
            inline=custom, pointer=pointer, link=link,
        )  # fmt: skip

    async def apply_move(
        self,
        game_id: str,
        handle: Handle,
        move: Payload,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
    ) -> Envelope:
        """Check and apply a move (``POST /v1/games/{game}/moves``). A sealed game's move made
        on an earlier step is applied to the current one where it commutes with the steps since
        (:mod:`.merging`)."""
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance, merge=True)
        decoded = codec.move(move)
        logs.learn(move_type=tag_of(decoded))
        audience = audience_of(resolved, as_seat, describe, acting_seats, render=render)
        actor = game.actor_of(decoded)
        for _ in range(merging.ATTEMPTS):
            if resolved.behind and not await merging.commutes(
                self.store, game, codec, resolved, actor
            ):
                raise stale(game.id)
            authorize(resolved, actor)
            step = take_step(game, codec, resolved, decoded, audience, self.metrics)
            if not resolved.sealed:
                return await self._open_step(game, codec, resolved, decoded, step, audience)
            assert resolved.table is not None and resolved.ticket is not None
            known = step.following or self._learn(game, codec, step.state)
            before = resolved.state
            # one player's move with no chance around it may be taken back if the rules allow:
            # they are asked at undo (Game.can_take_back samples hidden worlds: most of a sealed
            # move's cost if asked at every move)
            table = await self.store.advance(
                codec,
                resolved.ticket,
                resolved.table,
                known,
                back=step.applied[0] if step.one_move(actor, before) else None,
                step=before.step,
                moves=step.applied,
                events=codec.events_bytes(step.events),
            )
            if table is not None:
                self.metrics.applied(game.id)
                if resolved.behind:
                    self.metrics.merged_moves.labels(game.id).inc()
                return self.sealed_answer(
                    game, known, resolved.ticket.table, table, resolved.ticket.seat, audience,
                    step.events,
                )  # fmt: skip
            # another move took the step first: try again on the table as it is now
            resolved = await self.store.resolve(game, codec, handle, resolve_chance, merge=True)
        raise stale(game.id)

    async def _open_step(
        self,
        game: AnyGame,
        codec: GameCodec,
        resolved: Resolved,
        move: Any,
        step: Step,
        audience: Audience,
    ) -> Envelope:
        """The answer of an open game's move: the state reached, cached with its history."""
        self.metrics.applied(game.id)
        rc = resolved.resolve_chance
        link = None
        if step.state.step <= self.max_replay:
            link = link_after(resolved.state_id, resolved.link, step.applied)
        envelope, known = await self._answer(
            game, codec, step.state, resolve_chance=rc, audience=audience, events=step.events,
            inline=resolved.inline, known=step.following, link=link,
        )  # fmt: skip
        origin = step.origin
        if origin is not None and step.following is None and self.store.known.holds(origin):
            origin.remember(move, rc, known, step.events, step.applied)
        return envelope

    async def legal_moves(
        self,
        game_id: str,
        handle: Handle,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
        describe: bool = False,
    ) -> LegalMoves:
        """Who must act and their legal moves, without applying anything."""
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance)
        audience = audience_of(resolved, as_seat, describe)
        known = resolved.known
        with untrusted(resolved.inline, game.id):
            listed = listing(
                game, resolved.state, moves_for(game, resolved.state, audience, known), audience
            )
            anytime = anytime_for(game, resolved.state, audience.seat, audience)
        return LegalMoves(
            to_act=list(known.to_act),
            moves=listed.moves,
            move_ranges=listed.ranges,
            descriptions=listed.descriptions,
            anytime=anytime,
        )

    async def validate(
        self,
        game_id: str,
        handle: Handle,
        move: Payload,
        *,
        as_seat: int | None = None,
        resolve_chance: bool | None = None,
    ) -> Validation:
        """Whether a move is legal now, and the rule that refuses it if not.

        A seat's handle may ask only about its own seat's moves (``403`` otherwise, whatever the
        move): nothing it asks can tell it a hidden value of another seat or of chance.
        """
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, resolve_chance)
        decoded = codec.move(move)
        logs.learn(move_type=tag_of(decoded))
        audience_of(resolved, as_seat)
        actor = game.actor_of(decoded)
        authorize(resolved, actor)
        known = resolved.known
        with untrusted(resolved.inline, game.id):
            if known.listed(actor, decoded):
                return Validation(legal=True)
            try:
                game.check_move(resolved.state, decoded)
            except IllegalMove as error:
                return Validation(
                    legal=False, code=error.code, detail=said(error.message, domain_of(game.id))
                )
        return Validation(legal=True)

    async def current(
        self,
        game_id: str,
        token: str,
        *,
        as_seat: int | None = None,
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
    ) -> Envelope:
        """The current step of a sealed game for the holder of any of its handles, current or
        not (``POST /v1/games/{game}/current``): how a seat catches up after others moved."""
        game, codec = self.game(game_id)
        resolved = await self.store.sealed(game, codec, token, current=True, spectator=True)
        audience = audience_of(resolved, as_seat, describe, acting_seats, render=render)
        assert resolved.table is not None and resolved.ticket is not None
        return self.sealed_answer(
            game,
            resolved.known,
            resolved.ticket.table,
            resolved.table,
            resolved.ticket.seat,
            audience,
            [],
        )

    async def spectate(
        self, game_id: str, token: str, *, describe: bool = False, render: bool = False
    ) -> Envelope:
        """A spectator's handle of a sealed game, for the holder of any of its handles
        (``POST /v1/games/{game}/spectators``): the current step as a spectator sees it -- the
        public view, whose turn it is, no moves. Spectators' handles read (``current``, the
        table's events) and never act; they may be handed out freely."""
        game, codec = self.game(game_id)
        resolved = await self.store.sealed(game, codec, token, current=True, spectator=True)
        assert resolved.table is not None and resolved.ticket is not None
        audience = Audience(True, None, describe=describe, render=render)
        return self.sealed_answer(
            game, resolved.known, resolved.ticket.table, resolved.table, SPECTATOR, audience, []
        )

    async def undo(
        self,
        game_id: str,
        token: str,
        *,
        as_seat: int | None = None,
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
    ) -> Envelope:
        """Take the last step of a sealed game back (``POST /v1/games/{game}/undo``; master
        handle only). Which steps can be taken back: :meth:`arbiter.core.Game.can_take_back`."""
        game, codec = self.game(game_id)
        resolved = await self.store.sealed(game, codec, token)
        ticket, table = resolved.ticket, resolved.table
        assert ticket is not None and table is not None
        if not ticket.is_master:
            raise Problem(
                "master_only", text("only the master handle may take moves back"), game=game.id
            )
        audience = audience_of(resolved, as_seat, describe, acting_seats, render=render)
        snap = self.store.undoable(table)
        known = await self.store.stored(game, codec, snap)
        if snap.move is not None and not game.can_take_back(
            known.state, codec.move(snap.move), resolved.state
        ):
            raise nothing_to_undo(game.id)  # the move showed somebody something hidden
        table = await self.store.take_back(ticket, table, known)
        return self.sealed_answer(game, known, ticket.table, table, MASTER, audience, [])

    async def get_state(
        self, state_id: str, *, as_seat: int | None = None, render: bool = False
    ) -> Envelope:
        """A cached open state as an envelope (``GET /v1/states/{state_id}``)."""
        cached = await self.store.get(state_id)
        codec = self.codecs.get(cached.game)
        if codec is None:
            raise Problem("unknown_state", text("no cached state has this id (unknown or expired)"))
        game = codec.game
        resolved = await self.store.from_cache(game, codec, cached, None)
        check_seat(resolved.state, as_seat)
        return await self.envelope(
            game, codec, resolved.state, resolve_chance=resolved.resolve_chance,
            audience=Audience(False, as_seat, render=render), events=[], inline=False,
            link=cached.link,
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
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
        claims: Claims | None = None,
    ) -> Envelope:
        """Set up a game and play ``moves`` (``POST /v1/games/{game}/replay``).

        The moves may include chance outcomes. A chance decision still pending when the next
        move is a player's is drawn from the seed, exactly as the service does during play; so a
        game played with ``resolve_chance`` replays from its seed and its players' moves alone.
        The events are those of the whole replay. At most ``ARBITER_MAX_REPLAY`` moves; a replay
        is a long task, run in slices that leave the event loop free for others (health probes
        included), taking turns by client with other long tasks.

        A game record (:mod:`arbiter.core.record`) is a replay request as it is: a move may come
        with the step it was made at (``{"step": n, "move": m}``: ``422 step_mismatch`` unless
        the replay reaches it at that step), and the record's ``claims`` are checked -- its game
        (``game_mismatch``), its rules (``rules_version_mismatch``) and its result
        (``result_mismatch``).
        """
        game, codec = self.game(game_id)
        claims = claims or Claims()
        claims.check_before(game)
        if len(moves) > self.max_replay:
            raise Problem(
                "replay_too_long",
                plural(
                    "a replay may play at most {count} moves, not {moves}",
                    "a replay may play at most {count} moves, not {moves}",
                    count=self.max_replay,
                    moves=len(moves),
                ),
                pointer="/moves",
                game=game.id,
            )
        if acting_seats and not sealed:
            raise acting_needs_master()
        audience = Audience(
            sealed, as_seat, master=sealed, describe=describe, acting=acting_seats, render=render
        )
        #: the JSON of every decision, chance drawn from the seed included (the replay's record)
        applied: list[bytes] = []
        encode = codec.state_json
        # decoding and setup too: nothing long before its turn
        async with self.long_tasks.turn() as slices:
            await asyncio.sleep(0)
            state, events, setup = await self._setup(
                game, codec, players, seed, options, content_id
            )
            check_seat(state, as_seat, players)
            for index, raw in enumerate(moves):
                if slices.due():
                    await slices.pause()
                step, move, at = codec.entry(raw, f"/moves/{index}")
                with untrusted(True, game.id, at):
                    if game.actor_of(move) != CHANCE and CHANCE in game.to_act(state):
                        state, more, drawn = draw_chance(game, state)
                        events.extend(more)
                        applied.extend(encode(m) for m in drawn)
                    if step is not None and step != state.step:
                        raise Problem(
                            "step_mismatch",
                            text(
                                "move {index} is recorded at step {step}, but the replay reaches "
                                "it at step {reached}",
                                index=index,
                                step=step,
                                reached=state.step,
                            ),
                            pointer=f"/moves/{index}/step",
                            move_index=index,
                            game=game.id,
                        )
                    try:
                        state, more = game.apply(state, move)
                    except IllegalMove as error:
                        self.metrics.moves_rejected.labels(game.id, error.code).inc()
                        raise Problem(
                            error.code,
                            text(
                                "move {index} is illegal: {reason}",
                                index=index,
                                reason=error.message,
                            ),
                            status=422,
                            title="Illegal move",
                            pointer=at,
                            move_index=index,
                            legal_moves_count=len(compact(moves_for(game, state, audience))[0]),
                            game=game.id,
                        ) from None
                    events.extend(more)
                    applied.append(encode(move))
        with untrusted(True, game.id, "/moves"):
            if resolve_chance:
                state, more, drawn = draw_chance(game, state)
                events.extend(more)
                applied.extend(encode(m) for m in drawn)
            claims.check_result(game, codec, state)
        # the history of the state reached (none past ARBITER_MAX_REPLAY: it could not replay)
        kept = state.step <= self.max_replay
        link = setup_link(players, setup, tuple(applied) if kept else ())
        if sealed:
            return await self.new_table(game, codec, state, resolve_chance, audience, events, link)
        return await self.envelope(
            game, codec, state, resolve_chance=resolve_chance, audience=audience, events=events,
            inline=True, pointer="/moves", link=link if kept else None,
        )  # fmt: skip

    async def record(self, game_id: str, handle: Handle) -> GameRecord[Any, Any]:
        """The record of a game (``POST /v1/games/{game}/record``): its setup and every decision
        since, up to the state ``handle`` names (:mod:`arbiter.core.record`).

        * an open state (by ``state_id``, or sent in full: the entry the service keeps of that
          very state) -- from the history its entry keeps (:mod:`arbiter.api.history`);
        * a sealed game -- from its move log, through its **master** handle only, current or
          stale (``403 master_only`` for a seat's: the record holds the seed and every hidden
          move); the record reaches the game's current step.

        ``404 history_unavailable`` when the service no longer keeps (or never kept) part of it.
        """
        game, codec = self.game(game_id)
        resolved = await self.store.resolve(game, codec, handle, None, current=True)
        state = resolved.state
        if resolved.sealed:
            ticket, table = resolved.ticket, resolved.table
            assert ticket is not None and table is not None
            if not ticket.is_master:
                raise Problem(
                    "master_only",
                    text(
                        "a game's record holds its seed and every hidden move: only the master "
                        "handle may export it"
                    ),
                    pointer="/state_token",
                    game=game.id,
                )
            if table.position:
                raise Problem("history_unavailable", cannot_export(FROM_POSITION), game=game.id)
            moves = await self.store.table_log(game, ticket.table, state.step)
            players, options, rc = table.players, table.options, table.resolve_chance
        else:
            rc, link = resolved.resolve_chance, resolved.link
            if resolved.inline:  # sent in full: the entry the service keeps of it, if any
                cached = await self.store.entry_of(game, resolved.known.digest)
                if cached is not None:
                    rc, link = cached.resolve_chance, cached.link
            setup, moves = await self.store.history(game, link, state.step, inline=resolved.inline)
            players, options = setup.players, setup.options
        if not options:  # a sealed game an earlier release set up, still at its first step
            raise Problem(
                "history_unavailable",
                cannot_export(text("its setup was not kept")),
                game=game.id,
            )
        finished = not resolved.known.to_act
        result = said_result(game.result(state) if finished else None, domain_of(game.id))
        return GameRecord(
            format=RECORD_FORMAT,
            game=game.id,
            rules_version=state.rules_version,
            content_id=state.content_id,
            players=players,
            seed=state.seed,
            options=Raw(options),
            resolve_chance=rc,
            moves=[RecordedMove(step=step, move=Raw(move)) for step, move in enumerate(moves)],
            result=UNSET if result is None else result,
        )

    async def register_content(self, game_id: str, content: Payload) -> ContentCreated:
        """Check and register a content pack; its id is the hash of its canonical JSON (a
        heavy operation of its client: :mod:`arbiter.api.rates`)."""
        await self.rates.heavy()
        game, codec = self.game(game_id)
        pack = codec.content(content)
        with untrusted(True, game.id, ""):
            content_id = game.register_content(pack)
        data = content_json(pack)
        self.store.keep_content(game, content_id, len(data))
        await self.store.share_content(game, content_id, data)
        return ContentCreated(game=game.id, content_id=content_id)

    async def get_content(self, game_id: str, content_id: str) -> Any:
        """A registered content pack."""
        game, codec = self.game(game_id)
        if not await self.store.ensure_content(game, codec, content_id):
            raise Problem(
                "unknown_content",
                UnknownContent(game.id, content_id).message,
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
        resolve_chance: bool,
        audience: Audience,
        events: list[Event],
        inline: bool,
        pointer: str = "/state",
        link: Link | None = None,
    ) -> Envelope:
        """The answer for an open ``state`` (module docstring), stored with ``link`` (how the
        service reached it, :mod:`arbiter.api.history`).

        ``inline`` marks a state made from client input (``pointer`` names it): a crash of the
        rules on it is that input's fault.
        """
        envelope, _ = await self._answer(
            game, codec, state, resolve_chance=resolve_chance, audience=audience, events=events,
            inline=inline, pointer=pointer, link=link,
        )  # fmt: skip
        return envelope

    async def _answer(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        *,
        resolve_chance: bool,
        audience: Audience,
        events: list[Event],
        inline: bool,
        pointer: str = "/state",
        known: Known | None = None,
        link: Link | None = None,
    ) -> tuple[Envelope, Known]:
        """:meth:`envelope`, and the memo entry of the state (``known``, if the caller has it)."""
        as_seat = audience.seat
        with untrusted(inline, game.id, pointer):
            if known is None:
                known = self._learn(game, codec, state)
            if known.json is None:
                known.json = codec.state_json(state)
            to_act = list(known.to_act)
            result = None if to_act else said_result(game.result(state), domain_of(game.id))
            listed = listing(game, state, moves_for(game, state, audience, known), audience)
            anytime = anytime_for(game, state, as_seat, audience)
            view = UNSET if as_seat is None else game.view(state, as_seat)
            shown = game.view(state, None) if view is UNSET and audience.render else view
            text = render_text(game, shown, audience)
            packed = codec.state_bytes(state) if self.store.cache.needs_bytes else None
        size = len(known.json) + (0 if link is None else sum(map(len, link.moves)))
        cached = Cached(game.id, resolve_chance, known.digest, state, packed, link, size)
        state_id = await self.store.put(cached)
        envelope = Envelope(
            game=game.id,
            rules_version=game.rules_version,
            state_id=state_id,
            sealed=False,
            resolve_chance=resolve_chance,
            as_seat=as_seat,
            state=Raw(known.json),
            view=view,
            text=text,
            to_act=to_act,
            legal_moves=listed.moves,
            move_ranges=listed.ranges,
            descriptions=listed.descriptions,
            anytime=anytime,
            events=said_events(events, domain_of(game.id)),
            finished=not to_act,
            result=result,
        )
        return envelope, known

    def _learn(self, game: AnyGame, codec: GameCodec, state: Any) -> Known:
        state_json = codec.state_json(state)
        known = self.store.known
        return known.learn(known.key(game.id, state_json), game, state, state_json)

    async def new_table(
        self,
        game: AnyGame,
        codec: GameCodec,
        state: Any,
        resolve_chance: bool,
        audience: Audience,
        events: list[Event],
        setup: Link,
    ) -> Envelope:
        """Keep a new sealed game and answer its creator with the master handle; ``setup`` holds
        the game's setup and every move since, which start its move log (or says the game was
        set up from a position: no log)."""
        known = self._learn(game, codec, state)
        players = seat_count(state) or setup.players
        table_id, table = await self.store.open_table(
            codec,
            known,
            resolve_chance,
            players,
            setup.options,
            setup.moves,
            position=setup.position,
        )
        return self.sealed_answer(game, known, table_id, table, MASTER, audience, events)

    def sealed_answer(
        self,
        game: AnyGame,
        known: Known,
        table_id: bytes,
        table: Table,
        role: int,
        audience: Audience,
        events: list[Event],
    ) -> Envelope:
        """The answer for the current step of a sealed game, for the holder of a handle."""
        state = known.state
        seat = audience.seat
        to_act = list(known.to_act)
        listed = listing(game, state, moves_for(game, state, audience, known), audience)
        seat_tokens: list[str] | UnsetType = UNSET
        if role == MASTER:
            seat_tokens = [
                self.store.handle(game.id, table_id, table, k) for k in range(table.players)
            ]
        acting: list[SeatAnswer] | UnsetType = UNSET
        if audience.acting:
            acting = []
            for k in known.to_act:
                if isinstance(k, int):
                    seen = game.view(state, k)
                    own = listing(game, state, known.legal_moves(game, state, k), audience)
                    acting.append(
                        SeatAnswer(
                            seat=k,
                            view=seen,
                            text=render_text(game, seen, audience),
                            legal_moves=own.moves,
                            move_ranges=own.ranges,
                            descriptions=own.descriptions,
                            anytime=anytime_for(game, state, k, audience),
                            events=said_events(game.events_for(events, k), domain_of(game.id)),
                        )
                    )
        view = game.view(state, seat)
        return Envelope(
            game=game.id,
            rules_version=game.rules_version,
            state_id=None,
            sealed=True,
            resolve_chance=table.resolve_chance,
            as_seat=seat,
            state_token=self.store.handle(game.id, table_id, table, role),
            seat_tokens=seat_tokens,
            acting=acting,
            view=view,
            text=render_text(game, view, audience),
            to_act=to_act,
            legal_moves=listed.moves,
            move_ranges=listed.ranges,
            descriptions=listed.descriptions,
            anytime=anytime_for(game, state, seat, audience),
            events=said_events(game.events_for(events, seat), domain_of(game.id)),
            finished=not to_act,
            result=None if to_act else said_result(game.result(state), domain_of(game.id)),
        )

    async def _setup(
        self,
        game: AnyGame,
        codec: GameCodec,
        players: int,
        seed: int | None,
        options: Payload | None,
        content_id: str | None,
    ) -> tuple[Any, list[Event], bytes]:
        """The state after setup, its events (none yet), and the JSON of the options it was set
        up with (every option, defaults included: the start of its record)."""
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
        setup = codec.state_json(decoded if decoded is not None else game.options_type())
        return state, [], setup
