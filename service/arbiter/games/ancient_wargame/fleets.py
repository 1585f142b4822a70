"""Phase 7: fleets («Фаза 7: действия флота»).

* **Movement** («Движение кораблей»): the seats with an Admiralty move first, the oldest Admiralty
  first, then the seats with only a Shipyard, the oldest first (X3); each ship moves at most one
  step, to a neighbouring sea of class < 6 (Q33), route by route with a count.
* **Storms** («Проверка на прочность»): one D6 for each sea in play (pack order) with ships and
  class 1-5; a seat's ships there sink when the roll (+1 with an Admiralty, ± ``storm_roll``
  features) is at most the class (Q34, N18). Class 0 is always calm: no roll.
* **Naval battles** («Морские сражения»): where two seats' ships share a sea, the first of them in
  fleet order may start a battle, then the other (Q35: only between seats at war, or with no
  active deal between them -- which declares war); one battle per pair and sea a turn (Q36). Each
  rolls a die per ship plus one per ship more than the enemy (X1: Rome's 2 vs Carthage's 5: 2 and
  8 dice), ± ``naval_dice``; each 5-6 (4-6 with an Admiralty) sinks an enemy ship; losses are
  removed together.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.texts import plural, text
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.common import (
    State,
    at_war,
    declare_war,
    has,
    has_deal,
    pop,
    push,
    replace_top,
    seats_in_play,
    set_ships,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import (
    Done,
    HitsRolled,
    MoveShips,
    NoNaval,
    RollFace,
    StartNaval,
)
from arbiter.games.ancient_wargame.rules import CLOSED_SEA, HIT, HIT_WITH_BUILDING
from arbiter.games.ancient_wargame.state import (
    D6,
    FleetStep,
    Hits,
    MoveFleets,
    NavalBattle,
    NavalChoice,
)
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (MoveFleets, FleetStep, NavalChoice, NavalBattle)
DECIDES: tuple[type, ...] = (MoveFleets, NavalChoice)


def fleet_order(s: State) -> list[int]:
    """X3: Admiralty owners by its age, then Shipyard-only owners by its age."""
    order = [seat for seat in s.admiralty_order if seat in seats_in_play(s)]
    order += [seat for seat in s.shipyard_order if seat not in order and seat in seats_in_play(s)]
    order += [
        seat
        for seat in seats_in_play(s)
        if seat not in order and any(x.ships(seat) for x in s.seas)
    ]
    return order


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    """Movement in fleet order, then the storms, then the battles."""
    order = [seat for seat in fleet_order(s) if any(x.ships(seat) for x in s.seas)]
    s = push(s, FleetStep(stage="battles"), FleetStep(stage="storms"))
    return push(s, *(MoveFleets(seat=seat) for seat in reversed(order)))


def _movable(task: MoveFleets, sid: str, ships: int) -> int:
    arrived = sum(n for x, n in task.arrived if x == sid)
    return ships - arrived


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, MoveFleets):
        out: list[Any] = []
        for x, state in zip(t.seas, s.seas, strict=True):
            n = _movable(task, x.id, state.ships(task.seat))
            if n <= 0:
                continue
            for to in x.neighbours:
                y = s.seas[t.sea_index[to]]
                if not y.in_play or t.sea[to].storm >= CLOSED_SEA or (x.id, to) in task.done:
                    continue
                out.extend(
                    MoveShips(seat=task.seat, origin=x.id, to=to, count=k) for k in range(1, n + 1)
                )
        return [*out, Done(seat=task.seat)]
    if isinstance(task, NavalChoice):
        return [StartNaval(seat=task.seat), NoNaval(seat=task.seat)]
    return []


def may_fight(s: State, a: int, b: int) -> bool:
    """Q35: at war, or no active deal between them."""
    return at_war(s, a, b) or not has_deal(s, a, b)


def _storms(s: State, t: Tables) -> State:
    rolls = [
        D6(purpose="storm", at=x.id)
        for x, state in zip(t.seas, s.seas, strict=True)
        if state.fleets and 1 <= x.storm <= 5
    ]
    return push(s, *reversed(rolls))


def _battles(s: State, t: Tables) -> list[Any]:
    """The naval choices of this turn, sea by sea in pack order, pairs in fleet order."""
    order = fleet_order(s)
    choices: list[Any] = []
    for x, state in zip(t.seas, s.seas, strict=True):
        seats = sorted((f.seat for f in state.fleets if f.ships), key=order.index)
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                if may_fight(s, a, b):
                    choices.append(NavalChoice(seat=a, sea=x.id, opponent=b))
    return choices


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, MoveFleets):
        if isinstance(move, Done):
            return pop(s)
        assert isinstance(move, MoveShips)
        seat = move.seat
        origin = s.seas[t.sea_index[move.origin]].ships(seat)
        s = set_ships(s, t, move.origin, seat, origin - move.count)
        s = set_ships(s, t, move.to, seat, s.seas[t.sea_index[move.to]].ships(seat) + move.count)
        return replace_top(
            s,
            msgspec.structs.replace(
                task,
                done=(*task.done, (move.origin, move.to)),
                arrived=(*task.arrived, (move.to, move.count)),
            ),
        )
    if isinstance(task, NavalChoice):
        s = pop(s)
        if isinstance(move, NoNaval):
            if task.second:
                return s
            # «каждый из них может начать»: the other side may start it.
            return push(
                s, NavalChoice(seat=task.opponent, sea=task.sea, opponent=task.seat, second=True)
            )
        s = declare_war(s, task.seat, task.opponent)
        ev.append(
            Happened(
                what="naval_battle",
                seat=task.seat,
                at=task.sea,
                text=text(
                    "seat {seat} attacks seat {other}'s ships", seat=task.seat, other=task.opponent
                ),
            )
        )
        return _roll(push(s, NavalBattle(sea=task.sea, a=task.seat, b=task.opponent)), t)
    if isinstance(task, Hits):
        assert isinstance(move, HitsRolled)
        return _apply_hits(s, t, task, move, ev)
    assert isinstance(task, D6) and isinstance(move, RollFace)
    return _storm(pop(s), t, task, move.face, ev)


def _storm(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    assert task.at is not None
    ev.append(DiceRolled(purpose="storm", at=task.at, face=face))
    x = s.seas[t.sea_index[task.at]]
    storm = t.sea[task.at].storm
    for f in x.fleets:
        bonus = (1 if has(s.players[f.seat], "admiralty") else 0) + modifiers.of_state(
            s, t, f.seat, "storm_roll"
        )
        if face + bonus <= storm:
            ev.append(
                Happened(
                    what="storm",
                    seat=f.seat,
                    at=task.at,
                    # both English forms as the sentence always said them
                    text=plural(
                        "a storm sinks seat {seat}'s {count} ship(s)",
                        "a storm sinks seat {seat}'s {count} ship(s)",
                        count=f.ships,
                        seat=f.seat,
                    ),
                )
            )
            s = set_ships(s, t, task.at, f.seat, 0)
    return s


def naval_dice(s: State, t: Tables, seat: int, mine: int, theirs: int) -> int:
    """X1: a die a ship, and one more a ship the enemy lacks."""
    return max(0, mine + max(0, mine - theirs) + modifiers.of_state(s, t, seat, "naval_dice"))


def _roll(s: State, t: Tables) -> State:
    """The next side of the naval battle on top rolls its dice."""
    task = s.pending[-1]
    assert isinstance(task, NavalBattle)
    x = s.seas[t.sea_index[task.sea]]
    seat = task.a if task.hits_a is None else task.b
    other = task.b if seat == task.a else task.a
    threshold = HIT_WITH_BUILDING if has(s.players[seat], "admiralty") else HIT
    dice = min(naval_dice(s, t, seat, x.ships(seat), x.ships(other)), 33)
    return push(s, Hits(purpose="naval", seat=seat, dice=dice, threshold=threshold, at=task.sea))


def _apply_hits(s: State, t: Tables, hits: Hits, move: HitsRolled, ev: list[Event]) -> State:
    """One side's hits are noted; with both, the losses are removed together (Q36)."""
    s = pop(s)
    battle = s.pending[-1]
    assert isinstance(battle, NavalBattle)
    ev.append(
        DiceRolled(purpose="naval", seat=hits.seat, at=hits.at, dice=hits.dice, hits=move.hits)
    )
    if battle.hits_a is None:
        return _roll(replace_top(s, msgspec.structs.replace(battle, hits_a=move.hits)), t)
    s = pop(s)
    x = s.seas[t.sea_index[battle.sea]]
    a_left = max(0, x.ships(battle.a) - move.hits)
    b_left = max(0, x.ships(battle.b) - (battle.hits_a or 0))
    s = set_ships(s, t, battle.sea, battle.a, a_left)
    return set_ships(s, t, battle.sea, battle.b, b_left)


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, FleetStep):
        s = pop(s)
        if task.stage == "storms":
            return _storms(s, t)
        return push(s, *reversed(_battles(s, t)))
    if isinstance(task, NavalChoice):
        x = s.seas[t.sea_index[task.sea]]
        if not (x.ships(task.seat) and x.ships(task.opponent)):
            return pop(s)  # a storm or an earlier battle left one side no ships
    if isinstance(task, Hits) and task.dice == 0:
        return _apply_hits(s, t, task, HitsRolled(hits=0), ev)
    return None
