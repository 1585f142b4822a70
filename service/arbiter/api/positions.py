"""Positions from a real table: the service's side of :attr:`arbiter.core.Game.position_type`.

A companion app at a real table says what the table shows -- a **position**, in the game's own
terms -- and gets a complete, consistent state to check the next moves against; or asks for the
position a state shows. Every game that implements the protocol (``position_type``,
``state_of``, ``position_of``) gets both operations, over REST and GraphQL alike:

* :meth:`Positions.set_up` (``POST /v1/games/{game}/positions``): the position is decoded into
  the game's position type (``422 invalid_request``, ``pointer`` under ``/position``), the game
  completes what the table does not show from ``seed`` and checks the rest (its refusals keep
  the game's code, their ``pointer`` rooted at ``/position``), and the service checks the state
  it got as it checks any submitted state (``check_state``). The answer is the envelope of a new
  game (``201``), open or sealed. A game that takes no positions answers
  ``404 positions_unsupported``.
* :meth:`Positions.position_of` (``POST /v1/games/{game}/position``): the position of the state a
  handle names -- an open state (by ``state_id`` or in full) or a sealed game's **master** handle
  (current or stale: the position of the game's current step). A position shows every hidden
  card, so a seat's handle is refused (``403 master_only``), as for a record.

**Chance.** A position comes from a real table, whose dice and cards decide chance: by default
(``resolve_chance: false``) a chance decision the position leaves pending (a die in the air)
waits for the table to tell its outcome (``to_act`` is ``["chance"]``), as in a game set up with
``resolve_chance: false``. With ``resolve_chance: true`` it is drawn from the seed, as in any new
game. A sealed game set up from a position takes outcomes through its master handle only (unless
it draws them from its seed), exactly as a new sealed game does.

**Records.** A game set up from a position has no setup a record could replay from: its record is
refused (``404 history_unavailable``); its position can always be exported.

**Bounded cost.** A position is a request body (``ARBITER_MAX_BODY``), decoded into the game's
position type, whose every count, string and number is bounded (the conformance suite checks
it); a slow ``state_of`` is logged. The rules run on it as on any client input: a crash of the
rules is ``422 invalid_state`` with ``pointer`` ``/position``, never a 500.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from arbiter.api.audience import Audience, acting_needs_master, check_seat
from arbiter.api.codec import Payload
from arbiter.api.envelope import Envelope, TablePosition
from arbiter.api.handles import Handle, untrusted
from arbiter.api.history import position_link
from arbiter.api.problems import Problem
from arbiter.api.service_core import ServiceCore
from arbiter.api.stepping import moves_json
from arbiter.core import ArbiterError, InvalidState, PositionsUnsupported
from arbiter.core.record import draw_chance
from arbiter.core.registry import AnyGame
from arbiter.core.texts import text

log = logging.getLogger("arbiter.positions")

#: Where a position travels in a request: problems about it point below this.
POINTER = "/position"
#: ``state_of`` taking longer than this many seconds is logged (the game's types bound it).
SLOW = 0.25


def unsupported(game: AnyGame) -> Problem:
    """``404 positions_unsupported``: the game has no position type."""
    error = PositionsUnsupported(game.id)
    return Problem(error.code, error.message, game=game.id)


class Positions:
    """The position operations of a :class:`~arbiter.api.service.Service`."""

    def __init__(self, service: ServiceCore) -> None:
        self.service = service

    async def set_up(
        self,
        game_id: str,
        position: Payload,
        *,
        seed: int | None = None,
        content_id: str | None = None,
        sealed: bool = False,
        as_seat: int | None = None,
        resolve_chance: bool = False,
        describe: bool = False,
        acting_seats: bool = False,
        render: bool = False,
    ) -> Envelope:
        """Set up a game from a position (``POST /v1/games/{game}/positions``; module
        docstring)."""
        service = self.service
        game, codec = service.game(game_id)
        if game.position_type is None:
            raise unsupported(game)
        decoded = codec.position(position)
        if acting_seats and not sealed:
            raise acting_needs_master()
        if content_id is not None:
            await service.store.ensure_content(game, codec, content_id)
        seed = secrets.randbits(63) if seed is None else seed
        state = self._state_of(game, decoded, seed, content_id)
        check_seat(state, as_seat)
        events: list[Any] = []
        drawn: list[Any] = []
        if resolve_chance:
            with untrusted(True, game.id, POINTER):
                state, events, drawn = draw_chance(game, state)
        audience = Audience(
            sealed, as_seat, master=sealed, describe=describe, acting=acting_seats, render=render
        )
        link = position_link(moves_json(codec, drawn))
        if sealed:
            return await service.new_table(
                game, codec, state, resolve_chance, audience, events, link
            )
        return await service.envelope(
            game, codec, state, resolve_chance=resolve_chance, audience=audience, events=events,
            inline=True, pointer=POINTER, link=link,
        )  # fmt: skip

    def _state_of(self, game: AnyGame, position: Any, seed: int, content_id: str | None) -> Any:
        """The game's state of ``position``, checked as any submitted state is; every refusal a
        problem pointing into the request."""
        started = time.perf_counter()
        try:
            with untrusted(True, game.id, POINTER):
                state = game.state_of(position, seed, content_id)
        except Problem as problem:
            if problem.code == "unknown_content":
                problem.pointer = "/content_id"
            elif problem.code.startswith(f"{game.id}."):
                problem.title = "Invalid position"
                problem.status = 422
                problem.pointer = problem.pointer or POINTER
                self.service.metrics.positions_refused.labels(game.id, problem.code).inc()
            raise
        finally:
            elapsed = time.perf_counter() - started
            if elapsed > SLOW:
                log.warning(
                    "a position took long to set up",
                    extra={"game": game.id, "seconds": round(elapsed, 3)},
                )
        with untrusted(True, game.id, POINTER):
            try:
                game.check_pinned(state)
                game.check_state(state)
                if state.content_id != (content_id or game.default_content_id):
                    raise InvalidState(
                        "invalid_state", text("the state is not of the content pack asked for")
                    )
            except ArbiterError as error:
                # the game accepted a position its own state refuses: its bug, on client input
                log.warning(
                    "a position made a state its game refuses",
                    extra={"game": game.id, "code": error.code},
                )
                raise Problem(
                    error.code,
                    text(
                        "this position makes a state the rules refuse: {reason}",
                        reason=error.message,
                    ),
                    status=422,
                    title="Invalid position",
                    pointer=POINTER,
                    game=game.id,
                ) from None
        return state

    async def position_of(self, game_id: str, handle: Handle) -> TablePosition:
        """The position a state shows (``POST /v1/games/{game}/position``; module docstring)."""
        service = self.service
        game, codec = service.game(game_id)
        if game.position_type is None:
            raise unsupported(game)
        resolved = await service.store.resolve(game, codec, handle, None, current=True)
        ticket = resolved.ticket
        if resolved.sealed and (ticket is None or not ticket.is_master):
            raise Problem(
                "master_only",
                text("a position shows every hidden card: only the master handle may ask for it"),
                pointer="/state_token",
                game=game.id,
            )
        state = resolved.state
        with untrusted(resolved.inline, game.id):
            position = game.position_of(state)
        return TablePosition(
            game=game.id,
            rules_version=state.rules_version,
            content_id=state.content_id,
            position=position,
        )
