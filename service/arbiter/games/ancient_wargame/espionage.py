"""Phase 11: espionage («Фаза 11: шпионаж»), for seats with a spy centre (C2, C13, Q75).

First, in the order the spy centres were built, each owner says whether it pays for
counter-intelligence this turn: 1 $ a free hero it has (Q76; ± ``counter_intel_cost``). The owners
that did not pay may order one mission, sealed (Q77), 10 $ paid whatever the result (Q82):

* «Покушение» on another seat's general (Q78: any other seat; not a prisoner, Q65): a D6
  succeeds on 2-6, on 4-6 if the target's seat has a spy centre, on 6 if it paid for
  counter-intelligence (± ``spy_roll`` of the sender, ± ``assassination_guard``); the general
  dies.
* «Саботаж» of another seat's province: succeeds on 2-6, on 4-6 with an administrator of its
  owner there (± ``spy_roll``, ± ``sabotage_guard``); the province gives no income at the next
  phase 6 (Q30, Q80; counter-intelligence does not help, Q79).

The missions are resolved in spy-centre order; their targets and results are public (Q81).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.texts import term, text
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.common import (
    State,
    free_heroes,
    has,
    kill_heroes,
    pop,
    province,
    push,
    seats_in_play,
    set_province,
    update,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import Mission, NoCounterIntel, PayCounterIntel, RollFace
from arbiter.games.ancient_wargame.naming import id_term
from arbiter.games.ancient_wargame.rules import ASSASSINATION_FROM, MISSION_MONEY, SABOTAGE_FROM
from arbiter.games.ancient_wargame.state import D6, CounterIntel, Draft, Sealed
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (CounterIntel,)
DECIDES: tuple[type, ...] = (CounterIntel,)


def spies(s: State) -> list[int]:
    return [
        seat
        for seat in s.spy_order
        if seat in seats_in_play(s) and has(s.players[seat], "spy_centre")
    ]


def counter_cost(s: State, t: Tables, seat: int) -> int:
    change = modifiers.of_state(s, t, seat, "counter_intel_cost")
    change += modifiers.of_seat_heroes(s, t, seat, "counter_intel_cost", "administrator")
    return max(0, len(free_heroes(s, seat)) + change)


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    s = msgspec.structs.replace(s, counter_intel=())
    return push(s, *(CounterIntel(seat=seat) for seat in reversed(spies(s))))


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, CounterIntel):
        out: list[Any] = [NoCounterIntel(seat=task.seat)]
        if s.players[task.seat].money >= counter_cost(s, t, task.seat):
            out.insert(0, PayCounterIntel(seat=task.seat))
        return out
    return []


def _missions(s: State) -> State:
    seats = tuple(
        seat
        for seat in spies(s)
        if seat not in s.counter_intel and s.players[seat].money >= MISSION_MONEY
    )
    return push(s, Sealed(step="mission", seats=seats)) if seats else s


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, CounterIntel):
        s = pop(s)
        if isinstance(move, PayCounterIntel):
            p = s.players[task.seat]
            s = update(s, task.seat, money=p.money - counter_cost(s, t, task.seat))
            s = msgspec.structs.replace(s, counter_intel=(*s.counter_intel, task.seat))
        if not any(isinstance(x, CounterIntel) for x in s.pending):
            return _missions(s)
        return s
    assert isinstance(task, D6) and isinstance(move, RollFace)
    return _resolve(pop(s), t, task, move.face, ev)


def _resolve(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    seat = task.seat
    assert seat is not None and task.at is not None
    ev.append(DiceRolled(purpose=task.purpose, seat=seat, at=task.at, face=face))
    roll = face + modifiers.of_state(s, t, seat, "spy_roll")
    roll += modifiers.of_seat_heroes(s, t, seat, "spy_roll", "administrator")
    if task.purpose == "assassinate":
        target = next((h for h in s.heroes if h.id == task.at), None)
        if target is None or target.captor is not None:
            return s
        need = _assassination_need(s, t, target.owner) + modifiers.of_hero(
            t, target, "assassination_guard"
        )
        need += modifiers.of_state(s, t, target.owner, "assassination_guard")
        if roll >= need:
            ev.append(
                Happened(
                    what="assassinated",
                    seat=seat,
                    text=text("{hero} is assassinated", hero=term(target.name)),
                )
            )
            s = kill_heroes(s, [target])
        else:
            ev.append(
                Happened(
                    what="assassination_failed",
                    seat=seat,
                    text=text("the attempt on {hero} fails", hero=term(target.name)),
                )
            )
        return s
    p = province(s, t, task.at)
    owner = p.owner
    if owner is None:
        return s
    admin = any(
        h.owner == owner
        and h.kind == "administrator"
        and h.province == task.at
        and h.captor is None
        for h in s.heroes
    )
    need = SABOTAGE_FROM[1] if admin else SABOTAGE_FROM[0]
    need += modifiers.in_province(s, t, owner, task.at, "sabotage_guard")
    need += modifiers.of_state(s, t, owner, "sabotage_guard")
    if roll >= need:
        ev.append(
            Happened(
                what="sabotaged",
                seat=seat,
                at=task.at,
                text=text("{province} is sabotaged", province=id_term(task.at)),
            )
        )
        return set_province(s, t, task.at, msgspec.structs.replace(p, sabotaged=True))
    ev.append(
        Happened(
            what="sabotage_failed",
            seat=seat,
            at=task.at,
            text=text("the sabotage of {province} fails", province=id_term(task.at)),
        )
    )
    return s


def _assassination_need(s: State, t: Tables, target: int) -> int:
    if target in s.counter_intel:
        return ASSASSINATION_FROM[2]
    if has(s.players[target], "spy_centre"):
        return ASSASSINATION_FROM[1]
    return ASSASSINATION_FROM[0]


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    return None


class _Mission:
    @staticmethod
    def moves(s: State, t: Tables, seat: int, draft: Draft) -> list[Any]:
        if draft.mission != "none":
            return []
        out: list[Any] = [
            Mission(seat=seat, kind="assassinate", target=h.id)
            for h in s.heroes
            if h.owner != seat and h.kind == "general" and h.captor is None
        ]
        out.extend(
            Mission(seat=seat, kind="sabotage", target=x.id)
            for x, p in zip(t.provinces, s.provinces, strict=True)
            if p.owner is not None and p.owner != seat
        )
        return out

    @staticmethod
    def can_commit(s: State, t: Tables, seat: int, draft: Draft) -> bool:
        return True

    @staticmethod
    def add(s: State, t: Tables, seat: int, draft: Draft, move: Mission) -> Draft:
        return msgspec.structs.replace(draft, mission=move.kind, target=move.target)

    @staticmethod
    def apply(s: State, t: Tables, seat: int, draft: Draft, ev: list[Event]) -> State:
        if draft.mission == "none" or draft.target is None:
            return s
        s = update(s, seat, money=s.players[seat].money - MISSION_MONEY)
        # Resolved in spy-centre order: seats are applied in that order by :func:`order`.
        return push(s, D6(purpose=draft.mission, seat=seat, at=draft.target))


MISSION = _Mission
