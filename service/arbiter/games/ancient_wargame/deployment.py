"""Phase 9's deployment and reserve timing: the two sealed decisions before the fighting.

3. **Deployment** («Расстановка войск», :class:`~.battle_state.Muster`): count questions in a
   fixed order known from the public army -- archers, infantry, cavalry of flanks 0 and 1 (flank 2
   gets the rest), the reserve infantry and cavalry of each flank, the flank of each general --
   built in the seat's draft, revealed when both are done.
4. **Reserve timing** (:class:`~.battle_state.Timing`, Q55): early or late, per flank with a
   reserve, revealed when both are done.

Rulings applied here:

* **R1** A reserve stands behind main soldiers: a flank's reserve may not take its last main
  soldier (a reserve with no front would be lost unfought).
* **R6** Deployment progress (how many of the fixed questions a side answered) is public, like
  the committed flag; every choice stays in the seat's draft until the reveal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.games.ancient_wargame.battle_record import record, set_record, set_side
from arbiter.games.ancient_wargame.battle_state import FlankState, Muster, Timing
from arbiter.games.ancient_wargame.common import State, pop, province, replace_top, set_draft
from arbiter.games.ancient_wargame.content import Unit
from arbiter.games.ancient_wargame.events import Revealed
from arbiter.games.ancient_wargame.moves import Attach, Deploy, DeployTroops, ReserveTiming
from arbiter.games.ancient_wargame.state import Deployment, Draft, Troops
from arbiter.games.ancient_wargame.tables import Tables

#: The order of the deployment's questions on a flank: archers in front, then the main soldiers.
_FRONT: tuple[Unit, ...] = ("archers", "infantry", "cavalry")
_R = msgspec.structs.replace


# ------------------------------------------------------------------------- deployment


def pad_drafts(s: State) -> State:
    if len(s.drafts) < len(s.players):
        s = _R(s, drafts=(*s.drafts, *(Draft() for _ in range(len(s.players) - len(s.drafts)))))
    return s


def _questions(army: Troops, generals: int) -> list[tuple[Unit | str, int]]:
    """The deployment's count questions, known from the public army (R6, spec §4.3)."""
    q: list[tuple[Unit | str, int]] = [(u, f) for f in (0, 1) for u in _FRONT if army.of(u)]
    for f in (0, 1, 2):
        if army.infantry:
            q.append(("reserve_infantry", f))
        if army.cavalry:
            q.append(("reserve_cavalry", f))
    return q + [("attach", g) for g in range(generals)]


def muster_q(s: State, t: Tables, task: Muster, i: int) -> list[tuple[Unit | str, int]]:
    ctx = record(s)
    seat = task.seats[i]
    army = province(s, t, task.province).army(seat)
    return _questions(army, len(ctx.sides[i].generals))


def _draft_flanks(s: State, t: Tables, seat: int, pid: str) -> tuple[Deployment, ...]:
    """``seat``'s deployment so far; a draft without one (as a hidden variant may show another
    seat's) counts as everything on flank 2, unanswered."""
    flanks = s.drafts[seat].flanks
    if len(flanks) == 3:
        return flanks
    army = province(s, t, pid).army(seat)
    whole = Deployment(archers=army.archers, infantry=army.infantry, cavalry=army.cavalry)
    return (Deployment(), Deployment(), whole)


def _deployed(d: Deployment) -> int:
    return d.archers + d.infantry + d.cavalry + d.reserve_infantry + d.reserve_cavalry


def muster_moves(s: State, t: Tables, task: Muster, seat: int) -> list[Any]:
    if seat not in task.seats:
        return []
    i = task.seats.index(seat)
    qs = muster_q(s, t, task, i)
    if task.steps[i] >= len(qs):
        return []
    what, k = qs[task.steps[i]]
    flanks = _draft_flanks(s, t, seat, task.province)
    if what == "attach":
        general = record(s).sides[i].generals[k]
        return [
            Attach(seat=seat, general=general, flank=f) for f in range(3) if _deployed(flanks[f])
        ]
    if what in _FRONT:
        army = province(s, t, task.province).army(seat)
        hi = army.of(what) - (getattr(flanks[0], what) if k == 1 else 0)  # type: ignore[arg-type]
    else:
        fl = flanks[k]
        if what == "reserve_infantry":  # R1: one main soldier stays in front
            hi = fl.infantry if fl.cavalry else max(0, fl.infantry - 1)
        else:
            hi = fl.cavalry if fl.infantry else max(0, fl.cavalry - 1)
    troops: DeployTroops = what  # type: ignore[assignment]
    return [Deploy(seat=seat, flank=k, troops=troops, count=n) for n in range(hi + 1)]


def muster_perform(s: State, t: Tables, task: Muster, move: Any) -> State:
    seat = move.seat
    i = task.seats.index(seat)
    qs = muster_q(s, t, task, i)
    what, k = qs[task.steps[i]]
    draft = s.drafts[seat]
    flanks = list(_draft_flanks(s, t, seat, task.province))
    attach = draft.attach
    if isinstance(move, Attach):
        attach = (*attach, move.flank)
    elif what in _FRONT:
        flanks[k] = _R(flanks[k], **{what: move.count})
        army = province(s, t, task.province).army(seat)
        rest = army.of(what) - getattr(flanks[0], what) - getattr(flanks[1], what)  # type: ignore[arg-type]
        flanks[2] = _R(flanks[2], **{what: rest})
    else:
        unit = "infantry" if what == "reserve_infantry" else "cavalry"
        fl = flanks[k]
        flanks[k] = _R(fl, **{what: move.count, unit: getattr(fl, unit) - move.count})
    steps = list(task.steps)
    steps[i] += 1
    done = steps[i] >= len(qs)
    s = set_draft(s, seat, _R(draft, flanks=tuple(flanks), attach=attach, committed=done))
    return replace_top(s, _R(task, steps=tuple(steps)))


def muster_run(s: State, t: Tables, task: Muster, ev: list[Event]) -> State | None:
    if any(task.steps[i] < len(muster_q(s, t, task, i)) for i in (0, 1)):
        return None
    ctx = record(s)
    drafts = tuple(s.drafts[seat] for seat in task.seats)
    ev.append(Revealed(step="deploy", drafts=drafts))
    for i, d in enumerate(drafts):
        flanks = tuple(
            FlankState(
                archers=x.archers,
                infantry=x.infantry,
                cavalry=x.cavalry,
                reserve_infantry=x.reserve_infantry,
                reserve_cavalry=x.reserve_cavalry,
                fielded=_deployed(x) > 0,
            )
            for x in _draft_flanks(s, t, task.seats[i], task.province)
        )
        ctx = set_side(ctx, i, _R(ctx.sides[i], flanks=flanks, attach=d.attach))
        s = set_draft(s, task.seats[i], _R(d, committed=False))
    return pop(set_record(s, ctx))


def timing_q(s: State, i: int) -> list[int]:
    return [
        f
        for f, fl in enumerate(record(s).sides[i].flanks)
        if fl.reserve_infantry or fl.reserve_cavalry
    ]


def timing_moves(s: State, task: Timing, seat: int) -> list[Any]:
    if seat not in task.seats:
        return []
    i = task.seats.index(seat)
    if task.steps[i] >= len(timing_q(s, i)):
        return []
    f = timing_q(s, i)[task.steps[i]]
    return [
        ReserveTiming(seat=seat, flank=f, early=True),
        ReserveTiming(seat=seat, flank=f, early=False),
    ]


def timing_perform(s: State, task: Timing, move: Any) -> State:
    seat = move.seat
    i = task.seats.index(seat)
    qs = timing_q(s, i)
    f = qs[task.steps[i]]
    draft = s.drafts[seat]
    flanks = list(draft.flanks) if len(draft.flanks) == 3 else [Deployment()] * 3
    flanks[f] = _R(flanks[f], reserve_early=move.early)
    steps = list(task.steps)
    steps[i] += 1
    done = steps[i] >= len(qs)
    s = set_draft(s, seat, _R(draft, flanks=tuple(flanks), committed=done))
    return replace_top(s, _R(task, steps=tuple(steps)))


def clear_drafts(s: State, seats: Iterable[int]) -> State:
    for seat in seats:
        s = set_draft(s, seat, Draft())
    return s


def timing_run(s: State, task: Timing, ev: list[Event]) -> State | None:
    if any(task.steps[i] < len(timing_q(s, i)) for i in (0, 1)):
        return None
    ctx = record(s)
    drafts = tuple(s.drafts[seat] for seat in task.seats)
    ev.append(Revealed(step="timing", drafts=drafts))
    for i, d in enumerate(drafts):
        side = ctx.sides[i]
        flanks = tuple(
            _R(fl, early=d.flanks[f].reserve_early) if f < len(d.flanks) else fl
            for f, fl in enumerate(side.flanks)
        )
        ctx = set_side(ctx, i, _R(side, flanks=flanks))
    return pop(clear_drafts(set_record(s, ctx), task.seats))
