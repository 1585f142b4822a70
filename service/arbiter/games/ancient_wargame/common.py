"""Small helpers every rules module uses: the pending stack, players, provinces, relations."""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core.tuples import replace_at
from arbiter.games.ancient_wargame.rules import Building
from arbiter.games.ancient_wargame.state import (
    Army,
    Draft,
    EndTurn,
    Hero,
    Phase,
    Player,
    ProvinceState,
    SeaState,
    Task,
    Troops,
    WargameState,
)
from arbiter.games.ancient_wargame.tables import Tables

State = WargameState


def push(s: State, *tasks: Task) -> State:
    """Push ``tasks``; the last one is decided first."""
    return msgspec.structs.replace(s, pending=(*s.pending, *tasks))


def pop(s: State) -> State:
    return msgspec.structs.replace(s, pending=s.pending[:-1])


def begin_turn(s: State) -> State:
    """A new turn: its 11 phases, then its end, on the stack (phase 1 on top; «Описание хода»,
    :mod:`.turns` runs them)."""
    s = msgspec.structs.replace(s, turn=s.turn + 1, phase=0)
    tasks: list[Task] = [EndTurn(), *(Phase(number=n) for n in range(11, 0, -1))]
    return push(s, *tasks)


def replace_top(s: State, task: Task) -> State:
    return msgspec.structs.replace(s, pending=(*s.pending[:-1], task))


def update(s: State, seat: int, **changes: Any) -> State:
    player = msgspec.structs.replace(s.players[seat], **changes)
    return msgspec.structs.replace(s, players=replace_at(s.players, seat, player))


def set_draft(s: State, seat: int, draft: Draft) -> State:
    return msgspec.structs.replace(s, drafts=replace_at(s.drafts, seat, draft))


def province(s: State, t: Tables, pid: str) -> ProvinceState:
    return s.provinces[t.province_index[pid]]


def set_province(s: State, t: Tables, pid: str, p: ProvinceState) -> State:
    provinces = replace_at(s.provinces, t.province_index[pid], p)
    return msgspec.structs.replace(s, provinces=provinces)


def sea(s: State, t: Tables, sid: str) -> SeaState:
    return s.seas[t.sea_index[sid]]


def set_sea(s: State, t: Tables, sid: str, x: SeaState) -> State:
    return msgspec.structs.replace(s, seas=replace_at(s.seas, t.sea_index[sid], x))


def with_army(p: ProvinceState, seat: int, troops: Troops, **fields: Any) -> ProvinceState:
    """``p`` with ``seat``'s soldiers there set to ``troops`` (no army if none)."""
    armies = []
    found = False
    for a in p.armies:
        if a.seat == seat:
            found = True
            if troops.total():
                armies.append(msgspec.structs.replace(a, troops=troops, **fields))
        else:
            armies.append(a)
    if not found and troops.total():
        armies.append(Army(seat=seat, troops=troops, **fields))
    return msgspec.structs.replace(p, armies=tuple(armies))


def add_troops(s: State, t: Tables, pid: str, seat: int, troops: Troops) -> State:
    p = province(s, t, pid)
    return set_province(s, t, pid, with_army(p, seat, p.army(seat).add(troops)))


def set_ships(s: State, t: Tables, sid: str, seat: int, ships: int) -> State:
    from arbiter.games.ancient_wargame.state import Fleet

    x = sea(s, t, sid)
    fleets = [f for f in x.fleets if f.seat != seat]
    if ships:
        fleets.append(Fleet(seat=seat, ships=ships))
    fleets.sort(key=lambda f: f.seat)
    return set_sea(s, t, sid, msgspec.structs.replace(x, fleets=tuple(fleets)))


def hero_index(s: State, hid: str) -> int:
    for i, h in enumerate(s.heroes):  # a loop, not next() over a generator: asked very often
        if h.id == hid:
            return i
    raise KeyError(hid)


def hero(s: State, hid: str) -> Hero:
    return s.heroes[hero_index(s, hid)]


def set_hero(s: State, h: Hero) -> State:
    return msgspec.structs.replace(s, heroes=replace_at(s.heroes, hero_index(s, h.id), h))


def remove_hero(s: State, hid: str) -> State:
    return msgspec.structs.replace(s, heroes=tuple(h for h in s.heroes if h.id != hid))


#: The buildings whose age orders the seats: fleets (phase 7), spy centres (phase 11).
AGE_ORDERS = {
    "shipyard": "shipyard_order",
    "admiralty": "admiralty_order",
    "spy_centre": "spy_order",
}


def completed(s: State, seat: int, building: str) -> State:
    """``seat`` completed ``building``: it joins that building's age order, if it has one (Q25)."""
    field = AGE_ORDERS.get(building)
    if field is None:
        return s
    return msgspec.structs.replace(s, **{field: (*getattr(s, field), seat)})


def kill_heroes(s: State, dead: list[Hero]) -> State:
    """The heroes ``dead`` die: their figures leave the game and their trait cards go to the
    discards (Q15: the discards are the traits of dead heroes, reshuffled into an empty deck)."""
    gone = {h.id for h in dead}
    cards = tuple(c for h in dead for c in (h.plus, h.minus) if c is not None)
    traits = msgspec.structs.replace(s.traits, discards=(*s.traits.discards, *cards))
    heroes = tuple(h for h in s.heroes if h.id not in gone)
    return msgspec.structs.replace(s, heroes=heroes, traits=traits)


def has(p: Player, building: Building) -> bool:
    return building in p.buildings


def active(s: State, seat: int) -> bool:
    """Not eliminated."""
    return s.players[seat].eliminated is None


def seats_in_play(s: State) -> list[int]:
    return [i for i in range(len(s.players)) if active(s, i)]


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def at_war(s: State, a: int, b: int) -> bool:
    return a != b and pair(a, b) in s.wars


def deals_between(s: State, a: int, b: int) -> list[Any]:
    x, y = pair(a, b)
    return [d for d in s.deals if (d.a, d.b) == (x, y)]


def has_deal(s: State, a: int, b: int) -> bool:
    """Whether an active deal binds ``a`` and ``b`` (war may not be declared between them)."""
    return b in deal_partners(s, a)


def deal_partners(s: State, seat: int) -> set[int]:
    """The seats an active deal binds to ``seat``."""
    return {d.b if d.a == seat else d.a for d in s.deals if seat in (d.a, d.b)}


def passage(s: State, owner: int, seat: int) -> bool:
    """Whether ``owner`` granted ``seat`` a right of passage (an alliance includes one)."""
    for d in deals_between(s, owner, seat):
        if d.alliance:
            return True
        if owner == d.a and d.passage_ab:
            return True
        if owner == d.b and d.passage_ba:
            return True
    return False


def friendly(s: State, t: Tables, seat: int, pid: str) -> bool:
    """Own, or owned by a seat that granted ``seat`` passage (Q38; C8)."""
    owner = province(s, t, pid).owner
    return owner is not None and (owner == seat or passage(s, owner, seat))


def enemy_soldiers(s: State, t: Tables, pid: str, seat: int) -> bool:
    """Whether soldiers of a seat at war with ``seat`` stand in ``pid`` (Q27)."""
    p = province(s, t, pid)
    return any(at_war(s, a.seat, seat) and a.troops.total() for a in p.armies)


def owned(s: State, seat: int) -> list[int]:
    return [i for i, p in enumerate(s.provinces) if p.owner == seat]


def free_heroes(s: State, seat: int) -> list[Hero]:
    return [h for h in s.heroes if h.owner == seat and h.captor is None]


def capital(s: State, t: Tables, seat: int) -> str | None:
    state = s.players[seat].state
    return t.capital_of[state] if state is not None else None


def declare_war(s: State, a: int, b: int) -> State:
    if a == b or at_war(s, a, b):
        return s
    return msgspec.structs.replace(s, wars=tuple(sorted((*s.wars, pair(a, b)))))


def make_peace(s: State, a: int, b: int) -> State:
    return msgspec.structs.replace(s, wars=tuple(w for w in s.wars if w != pair(a, b)))
