"""The sealed choices a position says a seat has written down, checked by writing them again.

A seat builds its draft in a sealed step line by line, each line a move the step allows at that
moment (phase 1 hires, phase 2 disbandings, phase 4 buildings and fortresses, phase 6 the VP,
phase 11 the mission), then commits (:mod:`.sealed`); in a battle it answers the deployment's
questions one by one, then the reserves' timing (:mod:`.deployment`). :func:`check_drafts`
writes each draft of the position again from an empty one, the same way, and refuses
(``position.steps``, pointing at the seat's ``sealed`` choices) a draft no seat could have
written: a line the step does not allow, more than the treasury pays, a commitment the step
refuses, choices outside the step under way.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import msgspec

from arbiter.core import InvalidState
from arbiter.core.texts import text
from arbiter.games.ancient_wargame import sealed
from arbiter.games.ancient_wargame.battle_state import Muster, Timing
from arbiter.games.ancient_wargame.common import province, set_draft
from arbiter.games.ancient_wargame.deployment import (
    muster_moves,
    muster_perform,
    muster_q,
    timing_moves,
    timing_perform,
)
from arbiter.games.ancient_wargame.moves import (
    Attach,
    BuildFortress,
    BuyVp,
    Deploy,
    Disband,
    Hire,
    Mission,
    ReserveTiming,
    StartBuilding,
)
from arbiter.games.ancient_wargame.position_checks import Gaps, invalid
from arbiter.games.ancient_wargame.state import Deployment, Draft, Sealed, WargameState
from arbiter.games.ancient_wargame.tables import Tables

_R = msgspec.structs.replace
EMPTY = Draft()


def _refuse(seat: int, why: str) -> InvalidState:
    return invalid("position.steps", why, f"/players/{seat}/sealed")


def check_drafts(s: WargameState, t: Tables) -> None:
    """Every seat's draft is one it could have written in the step under way (module
    docstring); a seat in no such step has none. Each seat's first gap is said, together."""
    top = s.pending[-1] if s.pending else None
    found = Gaps()
    writing: set[int] = set()
    if isinstance(top, Sealed):
        writing = set(top.seats)
        for seat in top.seats:
            found.check(partial(_check_sealed, s, t, top, seat))
    elif isinstance(top, (Muster, Timing)):
        writing = set(top.seats)
        for i, seat in enumerate(top.seats):
            if isinstance(top, Muster):
                found.check(partial(_check_muster, s, t, top, i, seat))
            else:
                found.check(partial(_check_timing, s, top, i, seat))
    for seat, d in enumerate(s.drafts):
        if seat not in writing and d != EMPTY:
            found.add(
                _refuse(
                    seat,
                    text(
                        "choices are written down only by the seats of the sealed step under way, the decision now («независимо друг от друга»)"
                    ),
                )
            )
    found.refuse()


def _lines(task: Sealed, seat: int, d: Draft) -> list[Any]:
    """The moves that wrote ``d`` in ``task``, in order."""
    if task.step == "hire":
        return [
            Hire(seat=seat, at=x.at, unit=x.unit, count=x.count, mercenary=x.mercenary)
            for x in d.hire
        ]
    if task.step == "upkeep":
        return [
            Disband(seat=seat, at=x.at, unit=x.unit, count=x.count)  # type: ignore[arg-type]
            for x in d.disband
        ]
    if task.step == "build":
        return [
            *(StartBuilding(seat=seat, building=b) for b in d.buildings),
            *(BuildFortress(seat=seat, province=pid) for pid in d.fortresses),
        ]
    if task.step == "buy_vp":
        return [BuyVp(seat=seat)] if d.buy_vp else []
    if d.mission != "none" and d.target is not None:
        return [Mission(seat=seat, kind=d.mission, target=d.target)]
    return []


def _check_sealed(s: WargameState, t: Tables, task: Sealed, seat: int) -> None:
    given = s.drafts[seat]
    if any(x.unit == "ships" for x in given.disband):
        raise _refuse(seat, text("ships are not disbanded for the soldiers' food (phase 2)"))
    step = sealed.STEPS[task.step]
    draft = EMPTY
    for move in _lines(task, seat, given):
        scratch = set_draft(s, seat, draft)
        if move not in step.moves(scratch, t, seat, draft):
            raise _refuse(
                seat,
                text(
                    "the {step} step does not allow {value} after the lines before it",
                    step=task.step,
                    value=msgspec.json.encode(move).decode(),
                ),
            )
        draft = step.add(scratch, t, seat, draft, move)
    if given.committed:
        if not step.can_commit(set_draft(s, seat, draft), t, seat, draft):
            raise _refuse(seat, text("the {step} step refuses this commitment", step=task.step))
        draft = _R(draft, committed=True)
    if draft != given:
        raise _refuse(seat, text("choices the {step} step does not take", step=task.step))


def _check_muster(s: WargameState, t: Tables, task: Muster, i: int, seat: int) -> None:
    """Answer the deployment's questions again with the draft's answers."""
    given = s.drafts[seat]
    army = province(s, t, task.province).army(seat)
    whole = Deployment(archers=army.archers, infantry=army.infantry, cavalry=army.cavalry)
    scratch = set_draft(s, seat, Draft(flanks=(Deployment(), Deployment(), whole)))
    steps = list(task.steps)
    steps[i] = 0
    current = _R(task, steps=tuple(steps))
    scratch = _R(scratch, pending=(*scratch.pending[:-1], current))
    questions = muster_q(scratch, t, current, i)
    if task.steps[i] > len(questions):
        raise invalid(
            "position.battle",
            text(
                "the deployment asks seat {seat} {count} questions", seat=seat, count=len(questions)
            ),
            "/steps/0/steps",
        )
    for what, k in questions[: task.steps[i]]:
        move: Any
        if what == "attach":
            flank = given.attach[k] if k < len(given.attach) else -1
            general = scratch.battle.sides[i].generals[k] if scratch.battle else ""
            move = Attach(seat=seat, general=general, flank=flank)
        else:
            flanks = given.flanks if len(given.flanks) == 3 else (Deployment(),) * 3
            count = getattr(flanks[k], what)
            if what in ("infantry", "cavalry"):  # the reserve answered later left the front
                count += getattr(flanks[k], f"reserve_{what}")
            move = Deploy(seat=seat, flank=k, troops=what, count=count)  # type: ignore[arg-type]
        if move not in muster_moves(scratch, t, current, seat):
            raise _refuse(
                seat, text("the deployment does not allow {what} {k} as written", what=what, k=k)
            )
        scratch = muster_perform(scratch, t, current, move)
        top = scratch.pending[-1]
        assert isinstance(top, Muster)
        current = top
    if scratch.drafts[seat] != given:
        raise _refuse(
            seat,
            text(
                "the flanks are what the answers so far made of the side's army («делят свои войска на 3 фланга»; each reserve within its flank)"
            ),
        )


def _check_timing(s: WargameState, task: Timing, i: int, seat: int) -> None:
    """The reserves' timing: the deployment revealed, then one answer per flank with a
    reserve."""
    given = s.drafts[seat]
    assert s.battle is not None
    side = s.battle.sides[i]
    revealed = tuple(
        Deployment(
            archers=f.archers,
            infantry=f.infantry,
            cavalry=f.cavalry,
            reserve_infantry=f.reserve_infantry,
            reserve_cavalry=f.reserve_cavalry,
        )
        for f in side.flanks
    )
    base = Draft(flanks=revealed, attach=side.attach)
    scratch = set_draft(s, seat, base)
    steps = list(task.steps)
    steps[i] = 0
    current = _R(task, steps=tuple(steps))
    scratch = _R(scratch, pending=(*scratch.pending[:-1], current))
    for _ in range(task.steps[i]):
        options = timing_moves(scratch, current, seat)
        if not options or len(given.flanks) != 3:
            raise _refuse(seat, text("each flank with a reserve is asked once"))
        flank = options[0].flank
        move = ReserveTiming(seat=seat, flank=flank, early=given.flanks[flank].reserve_early)
        scratch = timing_perform(scratch, current, move)
        top = scratch.pending[-1]
        assert isinstance(top, Timing)
        current = top
    if scratch.drafts[seat] != given:
        raise _refuse(
            seat,
            text(
                "the timing answers so far, on the flanks revealed («объявляют, после какой фазы вступит в бой каждый из резервов»)"
            ),
        )
