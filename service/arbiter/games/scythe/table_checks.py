"""Invariants of the table a submitted state describes, beyond each piece being valid on its own
(:mod:`.checks`) and the task stack making sense (:mod:`.task_checks`): where units may stand
together, which stars a seat holds and must hold, and what a battle to be fought remembers.

A companion app describes a real table, so a state no play could reach is refused here, with a
JSON pointer naming the problem, rather than played on:

* a worker on a lake stands with a mech of its own: workers never move onto a lake by themselves
  and are never left on one («рабочий не может сдвинуться с озера без помощи Механизма»,
  «Вы не можете оставлять ресурсы и рабочих на озере»);
* outside a Move and its battles, no territory holds units of two seats: a Move ends in battles
  («Битва происходит, если Герой и/или Механизмы одного игрока находятся на территории с Героем
  и/или Механизмами другого»), and workers are sent home by the units that move in;
* while battles wait, each of the attacker's units on a battle territory remembers where it came
  from this turn, so that units of a battle the game's end cancels go back («Крайние случаи»);
* stars: at most two for battles but for Saxony, at most one for an objective (two for Saxony)
  and never more than the objectives revealed, every other goal once («Размещение звезд»);
* no goal met without its star: a star is placed when the goal is reached («Когда Вы достигнете
  одной из этих целей, Вы должны положить фишку звезды»), so at a decision outside a bottom-row
  action (whose star comes after its reward, «Крайние случаи») every seat's reached goals hold
  their stars.
"""

from __future__ import annotations

from collections import Counter

from arbiter.core import InvalidState
from arbiter.core.texts import term, text
from arbiter.games.scythe.stars import goal_reached, max_combat_stars, max_objective_stars
from arbiter.games.scythe.state import (
    AfterMove,
    Battle,
    Battles,
    BottomTask,
    MoveTask,
    RetreatTask,
    ScytheState,
    StarCheck,
)
from arbiter.games.scythe.tables import Tables

State = ScytheState
#: Tasks while which units of two seats may share a territory: a Move and its battles.
MOVING = (MoveTask, AfterMove, Battles, Battle, RetreatTask)


def _err(code: str, message: str, pointer: str) -> InvalidState:
    return InvalidState(f"scythe.state.{code}", message, pointer)


def check_table(s: State, t: Tables) -> None:
    """Refuse a state whose table no play could reach (``InvalidState`` with a pointer)."""
    if not s.players:
        return
    _lake_workers(s, t)
    _units_together(s, t)
    _battle_origins(s, t)
    _star_counts(s, t)
    _stars_earned(s, t)


def _lake_workers(s: State, t: Tables) -> None:
    for seat, p in enumerate(s.players):
        for j, where in enumerate(p.workers):
            if where in t.lakes and where not in p.mechs:
                raise _err(
                    "lake",
                    text(
                        "a worker is on the lake {where} with no mech of its own: workers reach a lake only carried by a mech and are never left there",
                        where=where,
                    ),
                    f"/players/{seat}/workers/{j}",
                )


def _units_together(s: State, t: Tables) -> None:
    if s.phase == "setup" or any(isinstance(x, MOVING) for x in s.pending):
        return
    owners: dict[str, int] = {}
    for seat, p in enumerate(s.players):
        for kind, where in (
            ("character", p.character),
            *(("mechs", x) for x in p.mechs),
            *(("workers", x) for x in p.workers),
        ):
            if where not in t.index:
                continue
            other = owners.setdefault(where, seat)
            if other != seat:
                raise _err(
                    "together",
                    text(
                        "seats {other} and {seat} both have units on {where} with no Move or battle under way: a Move ends in a battle there, or sends the workers home",
                        other=other,
                        seat=seat,
                        where=where,
                    ),
                    f"/players/{seat}/{kind}",
                )


def _battle_origins(s: State, t: Tables) -> None:
    waiting = any(
        isinstance(x, Battle | Battles) or (isinstance(x, AfterMove) and x.stage == "battles")
        for x in s.pending
    )
    if not waiting or s.phase != "play":
        return
    seat = s.turn.seat
    p = s.players[seat]
    moved = {(m.kind, m.index) for m in s.turn.moved_from}
    others = {
        where
        for i, q in enumerate(s.players)
        if i != seat
        for where in (q.character, *q.mechs)
        if where in t.index
    }
    units = [("character", 0, p.character)]
    units += [("mech", i, x) for i, x in enumerate(p.mechs)]
    for kind, index, where in units:
        if where in others and (kind, index) not in moved:
            raise _err(
                "moved_from",
                text(
                    "the attacker's {kind} on {where}, where a battle waits, does not say where it came from this turn (turn.moved_from): the game's end could not send it back",
                    kind=term(kind),
                    where=where,
                ),
                "/turn/moved_from",
            )


def _star_counts(s: State, t: Tables) -> None:
    for seat, p in enumerate(s.players):
        at = f"/players/{seat}/stars"
        counts = Counter(p.stars)
        if counts["combat"] > max_combat_stars(p, t):
            raise _err(
                "stars",
                text(
                    "{counts} stars for battles: at most 2 but for Saxony", counts=counts["combat"]
                ),
                at,
            )
        if counts["objective"] > min(max_objective_stars(p, t), len(p.revealed)):
            raise _err(
                "stars",
                text(
                    "a star for an objective is one revealed objective card (one only, two for Saxony)"
                ),
                at,
            )
        for goal, n in counts.items():
            if goal not in ("combat", "objective") and n > 1:
                raise _err(
                    "stars",
                    text("the {goal} goal holds one star of a seat, not {n}", goal=goal, n=n),
                    at,
                )


def _stars_earned(s: State, t: Tables) -> None:
    if s.phase != "play" or any(isinstance(x, BottomTask | StarCheck) for x in s.pending):
        return
    limit = t.content.triumph_track.stars
    for seat, p in enumerate(s.players):
        if len(p.stars) >= limit:
            continue
        for slot in t.content.triumph_track.slots:
            if slot.goal in ("combat", "objective") or slot.goal in p.stars:
                continue
            if goal_reached(p, slot.goal, slot.count):
                raise _err(
                    "star_missing",
                    text(
                        "seat {seat} has reached the {goal} goal but holds no star for it: the star is placed when the goal is reached",
                        seat=seat,
                        goal=slot.goal,
                    ),
                    f"/players/{seat}/stars",
                )
