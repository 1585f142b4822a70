"""Commuting moves: seats deciding at once do not have to take turns at the store.

In a simultaneous decision (the wargame's sealed steps, where every seat drafts and commits its
orders «независимо друг от друга»; Scythe's power dials in a battle) every seat acting has a
handle of the same step. Whichever move reaches the table first takes the next step, and the
others' handles name an earlier one. A move sent with such a handle is still applied -- to the
table's current step -- when it *commutes* with every step taken since:

* the game has simultaneous decisions at all (``Game.has_simultaneous_moves``);
* every step since was one move of **another seat deciding at the same time**: to act at the
  handle's step beside the mover (no chance drawn, no undo -- the table's history holds them
  all, :meth:`arbiter.api.tables.Table.since` -- and no move made out of turn, such as Scythe's
  gift of coins, which changes what the mover has);
* the mover was **to act** at the handle's step and still is;
* its **legal moves are the very same** at both steps: nothing it could choose from changed, so
  it decided exactly what it would decide on the current step.

That is what the seat would do if it fetched ``current`` and sent the same move again; the
service does it for it, with compare-and-set retries (:data:`ATTEMPTS`) against others writing
at the same time, on every worker. Anything else is a real conflict and stays ``409
stale_state``: a move of the mover's own since, a step that ended the decision or changed the
mover's choices, chance, an undo. Only moves merge; ``legal-moves``, ``validate``, ``hint`` and
``undo`` with an earlier step's handle stay ``409``.
"""

from __future__ import annotations

from arbiter.api.codec import GameCodec
from arbiter.api.handles import Resolved, StateStore
from arbiter.core import CHANCE, Actor
from arbiter.core.registry import AnyGame

#: How often a move is tried again on a table others moved on while it was applied.
ATTEMPTS = 8


async def commutes(
    store: StateStore, game: AnyGame, codec: GameCodec, resolved: Resolved, actor: Actor
) -> bool:
    """Whether a move of ``actor`` made with a handle of an earlier step (``resolved.behind``)
    may be applied to the head ``resolved`` holds."""
    seat = resolved.seat
    if not game.has_simultaneous_moves or actor == CHANCE or not resolved.behind:
        return False
    if seat not in (None, actor):
        return False
    before = await store.stored(game, codec, resolved.behind[0])
    now = resolved.known
    if actor not in before.to_act or actor not in now.to_act:
        return False
    for snap in resolved.behind:
        assert snap.move is not None  # Table.since keeps none without
        other = game.actor_of(codec.move(snap.move))
        if other in (actor, CHANCE) or other not in before.to_act:
            return False
    return before.legal_moves(game, before.state, actor) == now.legal_moves(game, now.state, actor)
