"""Phase 9's aftermath: the result of a battle, the retreat and the captured generals.

8. **Result** («Определение победителя и подсчет потерь»): annihilation, else points (N25, Q57,
   Q58); the losses split ⌊k/2⌋ killed, ⌈k/2⌉ back (N26); the change of owner; the retreat
   (Q61); a neutral province for 1 $.
9. **Captured generals** («Захваченные военачальники», Q60, Q66): a D6 (± ``fate_roll``) each,
   in list order; keep or kill, on a 6 also accept (N28). The capture itself (Q46, Q59) is here
   too, for the clashes and the fighting to call.

Rulings applied here:

* **R2** An attacker with no entry province this turn (a siege carried over) retreats as a
  defender does, to a friendly neighbour.
* **R3** A loser's general with nowhere to retreat stays alone among enemy soldiers and is
  captured by the winner (as Q46); his administrators die (Q61).
* **R7** A general who joins (fate 6) stands where his captor's soldiers from the battle are (the
  battle province, else the captor's retreat), else in the captor's capital or another province.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.texts import term, text
from arbiter.games.ancient_wargame import modifiers, movement
from arbiter.games.ancient_wargame.battle_record import (
    mod_sum,
    record,
    set_record,
    set_side,
    side_of,
    trait_mods,
    troops_of,
)
from arbiter.games.ancient_wargame.battle_state import Battle, Fate, Retreat, Side, TakeNeutral
from arbiter.games.ancient_wargame.common import (
    State,
    at_war,
    capital,
    friendly,
    hero,
    kill_heroes,
    owned,
    pop,
    province,
    push,
    set_hero,
    set_province,
    with_army,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import AcceptGeneral, Kill
from arbiter.games.ancient_wargame.naming import id_term
from arbiter.games.ancient_wargame.rules import (
    FATE_JOINS,
    FATE_KILLED,
    POINTS_FLANK,
    POINTS_GENERAL,
    POINTS_WARRIOR,
)
from arbiter.games.ancient_wargame.state import D6, Hero, Troops
from arbiter.games.ancient_wargame.tables import Tables

_R = msgspec.structs.replace


def capture(s: State, h: Hero, captor: int, ev: list[Event], at: str) -> State:
    ev.append(
        Happened(
            what="general_captured",
            seat=captor,
            at=at,
            text=text("{hero} is captured by seat {seat}", hero=term(h.name), seat=captor),
        )
    )
    return set_hero(s, _R(h, captor=captor, province=None))


def fate_rolls(s: State, pid: str, ids: Iterable[str]) -> State:
    """A fate D6 for each captive of ``ids``, in hero-list order (Q60)."""
    wanted = set(ids)
    rolls = [
        D6(purpose="fate", seat=h.captor, at=pid, hero=h.id)
        for h in s.heroes
        if h.id in wanted and h.captor is not None
    ]
    return push(s, *reversed(rolls))


# ---------------------------------------------------------------------------- result


def points(enemy: Side) -> int:
    """N25: the points scored against ``enemy``: 1 a warrior of his knocked out, 2 a flank of his
    broken, 3 a general of his captured (Q58: before the split, whatever the fate roll)."""
    broken = sum(fl.broken for fl in enemy.flanks)
    return (
        POINTS_WARRIOR * enemy.lost() + POINTS_FLANK * broken + POINTS_GENERAL * len(enemy.captured)
    )


def split(k: int) -> tuple[int, int]:
    """N26: of ``k`` knocked out, the smaller half is killed, the other comes back."""
    return k // 2, k - k // 2


def result(s: State, t: Tables, task: Battle, ev: list[Event]) -> State:
    ctx = record(s)
    pid = task.province
    d, a = ctx.sides
    pts = (points(a), points(d))
    gone = (troops_of(d) == 0, troops_of(a) == 0)
    if gone[0] != gone[1]:
        w = 1 if gone[0] else 0
    elif gone[0]:
        w = 0  # both annihilated: the defender
    else:
        w = 1 if pts[1] > pts[0] else 0  # Q57: a tie to the defender
    winner, loser = ctx.sides[w].seat, ctx.sides[1 - w].seat
    sides = tuple(_R(x, points=pts[i]) for i, x in enumerate(ctx.sides))
    ctx = _R(ctx, sides=sides, winner=winner, stage="fates")
    ev.append(
        Happened(
            what="battle_won",
            seat=winner,
            at=pid,
            text=text(
                "seat {seat} wins ({points} points to {other})",
                seat=winner,
                points=pts[w],
                other=pts[1 - w],
            ),
        )
    )
    p = province(s, t, pid)
    for x in sides:
        inf = sum(fl.infantry + fl.reserve_infantry for fl in x.flanks)
        cav = sum(fl.cavalry + fl.reserve_cavalry for fl in x.flanks)
        arc = sum(fl.archers for fl in x.flanks)
        back = Troops(
            infantry=inf + split(x.lost_infantry)[1],
            archers=arc + split(x.lost_archers)[1],
            cavalry=cav + split(x.lost_cavalry)[1],
        )
        p = with_army(p, x.seat, back)
    if p.owner == loser:
        p = _R(p, owner=winner)  # the fortresses left pass with it
        ev.append(
            Happened(what="province_taken", seat=winner, at=pid, text=text("after the battle"))
        )
    s = set_province(set_record(s, ctx), t, pid, p)
    if p.owner is None:
        s = push(s, TakeNeutral(seat=winner, province=pid))
    return push(s, Retreat(seat=loser, province=pid))


# --------------------------------------------------------------------------- retreat


def _valid(s: State, t: Tables, seat: int, pid: str) -> bool:
    """Q61: no seat at war with the retreater owns ``pid`` or has soldiers there."""
    p = province(s, t, pid)
    if not p.in_play or (p.owner is not None and at_war(s, p.owner, seat)):
        return False
    return not any(at_war(s, a.seat, seat) and a.troops.total() for a in p.armies)


def retreats(s: State, t: Tables, task: Retreat) -> list[str]:
    """The attacker back where he came from; the defender (or R2) to a friendly neighbour."""
    ctx = record(s)
    pid = task.province
    seat = task.seat
    if not task.heroes_only and ctx.province == pid and ctx.sides and ctx.sides[1].seat == seat:
        entered = next((a.entered_from for a in province(s, t, pid).armies if a.seat == seat), ())
        if entered:
            return [x for x in entered if _valid(s, t, seat, x)]
    return [
        x
        for x in movement.neighbours(s, t, seat, pid)
        if friendly(s, t, seat, x) and _valid(s, t, seat, x)
    ]


def kill(s: State, h: Hero, ev: list[Event], what: str) -> State:
    """``h`` dies: his figure and his cards leave the game (the cards to the discards, Q15)."""
    s = kill_heroes(s, [h])
    ev.append(Happened(what=what, seat=h.owner, text=text("{hero} dies", hero=term(h.name))))
    return s


def retreat(s: State, t: Tables, task: Retreat, to: str | None, ev: list[Event]) -> State:
    pid = task.province
    seat = task.seat
    s = pop(s)
    ctx = record(s)
    in_battle = not task.heroes_only and ctx.province == pid
    if not task.heroes_only:
        p = province(s, t, pid)
        troops = p.army(seat)
        s = set_province(s, t, pid, with_army(p, seat, Troops()))
        if to is not None:
            q = province(s, t, to)
            here = next((a for a in q.armies if a.seat == seat), None)
            total = q.army(seat).add(troops)
            fields = {} if here is not None else {"since": s.step}
            s = set_province(s, t, to, with_army(q, seat, total, **fields))
            ev.append(
                Happened(
                    what="retreat",
                    seat=seat,
                    at=to,
                    text=text("retreats from {province}", province=id_term(pid)),
                )
            )
        elif troops.total():
            ev.append(
                Happened(what="army_destroyed", seat=seat, at=pid, text=text("nowhere to go"))
            )
    captured: list[str] = []
    for h in list(s.heroes):
        if h.province != pid or h.owner != seat or h.captor is not None:
            continue
        if task.heroes_only and h.kind != "administrator":
            continue
        if to is not None:
            s = set_hero(s, _R(h, province=to))
        elif h.kind == "administrator":
            s = kill(s, h, ev, "administrator_killed")
        elif in_battle and ctx.winner is not None:  # R3
            s = capture(s, h, ctx.winner, ev, pid)
            captured.append(h.id)
    if in_battle:
        ctx = record(s)
        i = side_of(ctx, seat)
        side = ctx.sides[i]
        ctx = set_side(ctx, i, _R(side, captured=(*side.captured, *captured)))
        s = set_record(s, _R(ctx, retreated_to=to))
    return s


# ----------------------------------------------------------------------------- fates


def _placement(s: State, t: Tables, captor: int, pid: str) -> str | None:
    """R7: where a general who joins his captor stands."""
    if province(s, t, pid).army(captor).total():
        return pid
    ctx = record(s)
    if ctx.province == pid and ctx.retreated_to and ctx.winner != captor:
        return ctx.retreated_to
    cap = capital(s, t, captor)
    if cap is not None and province(s, t, cap).owner == captor:
        return cap
    mine = owned(s, captor)
    return t.provinces[mine[0]].id if mine else None


def fate_roll(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    """N28: 1-2 killed; 3-5 prisoner (keep or kill); 6 joins (accept, keep or kill)."""
    s = pop(s)
    h = next((x for x in s.heroes if x.id == task.hero), None)
    ev.append(DiceRolled(purpose="fate", seat=task.seat, at=task.at, face=face))
    if h is None or h.captor is None:
        return s
    captor = h.captor
    bonus = mod_sum(trait_mods(t, h), "fate_roll") + mod_sum(
        modifiers.features(s, t, captor), "fate_roll"
    )
    roll = min(6, max(1, face + bonus))
    if roll in FATE_KILLED:
        return kill(s, h, ev, "general_killed")
    to = _placement(s, t, captor, task.at or "") if roll == FATE_JOINS else None
    return push(s, Fate(seat=captor, hero=h.id, roll=roll, to=to))


def fate(s: State, task: Fate, move: Any, ev: list[Event]) -> State:
    s = pop(s)
    h = hero(s, task.hero)
    if isinstance(move, Kill):
        return kill(s, h, ev, "general_killed")
    if isinstance(move, AcceptGeneral):
        ev.append(Happened(what="general_joins", seat=task.seat, at=task.to, text=term(h.name)))
        return set_hero(
            s,
            _R(
                h,
                owner=task.seat,
                captor=None,
                province=task.to,
                moved=True,
                acts_from=s.turn + 1,
            ),
        )
    ev.append(
        Happened(
            what="prisoner", seat=task.seat, text=text("{hero} is kept prisoner", hero=term(h.name))
        )
    )
    return s
