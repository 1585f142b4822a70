"""Sealed steps: every seat of the step decides at once and in secret («независимо друг от
друга»), each building a private draft with small moves and ending with :class:`~.moves.Commit`.
When all have committed, one :class:`~.events.Revealed` event shows every draft (but the
buildings started, face down) and they are applied in seat order (their effects are
independent). Until then another seat's view shows only whether a seat has committed
(:mod:`.view`).

The steps: phase 1 purchases, phase 2 forced disbanding, phase 4 construction, phase 6 the VP
purchase, phase 11 the espionage missions (the battle deployment is sealed in :mod:`.battles`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.games.ancient_wargame import economy, espionage
from arbiter.games.ancient_wargame.common import State, pop, set_draft
from arbiter.games.ancient_wargame.events import Revealed
from arbiter.games.ancient_wargame.moves import Commit
from arbiter.games.ancient_wargame.state import Draft, Sealed
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (Sealed,)
DECIDES: tuple[type, ...] = (Sealed,)

STEPS: dict[str, Any] = {
    "hire": economy.HIRE,
    "upkeep": economy.UPKEEP,
    "build": economy.BUILD,
    "buy_vp": economy.BUY_VP,
    "mission": espionage.MISSION,
}


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    return tuple(seat for seat in task.seats if not s.drafts[seat].committed)


def _open_draft(s: State, task: Any, actor: Any) -> Draft | None:
    """The draft ``actor`` is writing in this step, or ``None`` if it is not in the step or has
    committed (nothing to decide)."""
    if actor not in task.seats or s.drafts[actor].committed:
        return None
    draft: Draft = s.drafts[actor]
    return draft


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    draft = _open_draft(s, task, actor)
    if draft is None:
        return []
    step = STEPS[task.step]
    found: list[Any] = step.moves(s, t, actor, draft)
    if step.can_commit(s, t, actor, draft):
        found.append(Commit(seat=actor))
    return found


def candidates(s: State, t: Tables, task: Any, actor: Any, move: Any) -> list[Any]:
    """The part of :func:`moves` that holds ``move`` if it is legal at all
    (``Game.candidate_moves``): a commit is tested alone, and a step that can say which of its
    moves a move may be among (``candidates``: the hire lines of one place and unit) says so."""
    draft = _open_draft(s, task, actor)
    if draft is None:
        return []
    step = STEPS[task.step]
    if isinstance(move, Commit):
        return [Commit(seat=actor)] if step.can_commit(s, t, actor, draft) else []
    part = getattr(step, "candidates", None)
    found: list[Any] = (
        step.moves(s, t, actor, draft) if part is None else part(s, t, actor, draft, move)
    )
    return found


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    seat = move.seat
    draft = s.drafts[seat]
    if not isinstance(move, Commit):
        return set_draft(s, seat, STEPS[task.step].add(s, t, seat, draft, move))
    s = set_draft(s, seat, msgspec.structs.replace(draft, committed=True))
    if all(s.drafts[i].committed for i in task.seats):
        return reveal(s, t, task, ev)
    return s


def reveal(s: State, t: Tables, task: Sealed, ev: list[Event]) -> State:
    drafts = s.drafts
    shown = tuple(drafts[i] for i in task.seats)
    if task.step == "build":
        # «Фаза 4»: a building started is laid face down; its owner sees it in its private
        # changes, the others only what was paid.
        shown = tuple(msgspec.structs.replace(d, buildings=()) for d in shown)
    ev.append(Revealed(step=task.step, drafts=shown))
    s = msgspec.structs.replace(pop(s), drafts=tuple(Draft() for _ in s.players))
    # The seats' effects are independent; what they push (missions' dice) is resolved in the
    # step's seat order, so it is pushed last seat first.
    for seat in reversed(task.seats):
        s = STEPS[task.step].apply(s, t, seat, drafts[seat], ev)
    return s


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if not task.seats:
        return pop(s)
    return None
