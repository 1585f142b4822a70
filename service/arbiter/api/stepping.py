"""One step of a game as a move request takes it: chance still waiting drawn first (a game that
rolls its own dice), the move checked and applied, chance after it drawn -- or all of it read
back from what this process already worked out (:meth:`arbiter.api.memo.Known.after`).

The step is computed, not yet kept: an open game's answer caches it, a sealed game's table takes
it with compare-and-set (:meth:`arbiter.api.handles.StateStore.advance`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.api.audience import Audience, moves_for
from arbiter.api.codec import GameCodec
from arbiter.api.handles import Resolved, untrusted
from arbiter.api.memo import Known
from arbiter.api.metrics import Metrics
from arbiter.api.problems import Problem
from arbiter.core import CHANCE, Actor, Event, IllegalMove, compact
from arbiter.core.record import draw_chance
from arbiter.core.registry import AnyGame


class Step(msgspec.Struct, frozen=True):
    """A step from a resolved state: the state it reaches and its events; ``applied``, every
    decision of it in order as histories keep them (chance drawn before the move, the move,
    chance after: :mod:`arbiter.api.history`); ``origin``, what the process knows of the state
    the move was applied to (``None`` when chance was drawn before it); ``following``, of the
    state reached, when the process had worked the step out before."""

    state: Any
    events: list[Event]
    applied: tuple[bytes, ...]
    origin: Known | None
    following: Known | None

    def one_move(self, actor: Actor, before: Any) -> bool:
        """One player's move with no chance around it: the rules may let it be taken back."""
        return actor != CHANCE and self.origin is not None and self.state.step == before.step + 1


def take_step(
    game: AnyGame,
    codec: GameCodec,
    resolved: Resolved,
    move: Any,
    audience: Audience,
    metrics: Metrics,
) -> Step:
    """Apply ``move`` to the state ``resolved`` names; an illegal move is ``422`` with its rule
    code (and counted)."""
    actor = game.actor_of(move)
    state = resolved.state
    events: list[Event] = []
    rc = resolved.resolve_chance
    origin: Known | None = resolved.known
    applied: tuple[bytes, ...] = ()
    with untrusted(resolved.inline, game.id):
        if rc and actor != CHANCE and CHANCE in resolved.known.to_act:
            state, events, drawn = draw_chance(game, state)
            applied = moves_json(codec, drawn)
            origin = None
        hit = None if origin is None else origin.after(move, rc)
        if hit is not None:  # this very move was applied to this very state before
            following, done, again = hit
            return Step(following.state, list(done), again, origin, following)
        try:
            if origin is not None and origin.listed(actor, move):
                state, more = game.apply_unchecked(state, move)  # checked: listed
            else:
                state, more = game.apply(state, move)
        except IllegalMove as error:
            metrics.moves_rejected.labels(game.id, error.code).inc()
            raise Problem(
                error.code,
                error.message,
                status=422,
                title="Illegal move",
                pointer="/move",
                legal_moves_count=len(compact(moves_for(game, state, audience))[0]),
                game=game.id,
            ) from None
        events.extend(more)
        drawn = []
        if rc:
            state, more, drawn = draw_chance(game, state)
            events.extend(more)
        applied += moves_json(codec, [move, *drawn])
    return Step(state, events, applied, origin, None)


def moves_json(codec: GameCodec, moves: list[Any]) -> tuple[bytes, ...]:
    """The JSON of each move, as histories and records keep them."""
    return tuple(codec.state_json(move) for move in moves)
