"""Phase 8: heroes move («Фаза 8: перемещение героев»), armies with their generals.

Heroes move one at a time in the order of the hero list, the oldest first, each at most one step
(Q39): to a province with a land border, or to one joined by a chain of seas each holding one of
the seat's own ships (the chain is one step; allies' ships do not count).

* An **administrator** goes only to his own or a friendly province (Q38, C8: one whose owner
  granted passage), never a neutral one or one of a seat at war.
* A **general** goes to his own, a friendly, a neutral or a hostile province, with any part of
  the soldiers where he stands, type by type (Q40). Entering a seat's province without passage
  declares war on it -- refused if a deal binds the two (Q44). The defender's generals standing
  there decide at once, in list order, to stay or to retreat to a friendly neighbour with any part
  of their soldiers; either way they move no more this turn (Q43). In a neutral province he may
  pay its annexation cost in $ (± ``annex_cost``) and take it, if no other seat's soldiers are
  there (Q41, Q42) -- also when he stays there.
* Soldiers never move without a general (but to retreat).

When every hero had his turn, the provinces where soldiers of two seats at war stand, or where a
seat's soldiers stand in a province of a seat at war with it, are the clashes of phase 9, in the
order the last side arrived (Q49).
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.lastcall import last_answer
from arbiter.core.texts import text
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.common import (
    State,
    at_war,
    declare_war,
    friendly,
    has_deal,
    hero,
    passage,
    pop,
    province,
    push,
    replace_top,
    set_hero,
    set_province,
    update,
    with_army,
)
from arbiter.games.ancient_wargame.content import UNITS
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.moves import (
    Annex,
    MoveHero,
    NoAnnex,
    RetreatTo,
    Stay,
    TakeSoldiers,
)
from arbiter.games.ancient_wargame.naming import id_term
from arbiter.games.ancient_wargame.state import (
    AnnexChoice,
    DefenderChoice,
    EndMovement,
    Hero,
    HeroTurn,
    SeaState,
    TakeArmy,
    Troops,
)
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = (HeroTurn, TakeArmy, AnnexChoice, DefenderChoice, EndMovement)
DECIDES: tuple[type, ...] = (HeroTurn, AnnexChoice, DefenderChoice)


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    # Last turn's marks (where an army entered from, whether a hero moved) cleared; a tuple with
    # none to clear is kept as it is (caches know it).
    if any(a.entered_from for p in s.provinces for a in p.armies):
        provinces = tuple(
            msgspec.structs.replace(
                p, armies=tuple(msgspec.structs.replace(a, entered_from=()) for a in p.armies)
            )
            if any(a.entered_from for a in p.armies)
            else p
            for p in s.provinces
        )
        s = msgspec.structs.replace(s, provinces=provinces)
    if any(h.moved for h in s.heroes):
        heroes = tuple(msgspec.structs.replace(h, moved=False) if h.moved else h for h in s.heroes)
        s = msgspec.structs.replace(s, heroes=heroes)
    turns = [
        HeroTurn(seat=h.owner, hero=h.id)
        for h in s.heroes
        if h.captor is None and h.province is not None
    ]
    return push(s, EndMovement(), *reversed(turns))


def neighbours(s: State, t: Tables, seat: int, origin: str) -> tuple[str, ...]:
    """Provinces one step from ``origin``: by land, or by a chain of seas with own ships."""
    known = _routes(s.seas)
    key = (t, seat, origin)
    found = known.get(key)
    if found is None:
        found = known[key] = _neighbours(s, t, seat, origin)
    return found


@last_answer  # every hero's turn of phase 8 asks it, and the fleets stay put all phase
def _routes(seas: tuple[SeaState, ...]) -> dict[tuple[Tables, int, str], tuple[str, ...]]:
    """The neighbours found with these seas, by (tables, seat, origin): they depend on nothing
    else (which provinces are in play is fixed at setup)."""
    return {}


def _neighbours(s: State, t: Tables, seat: int, origin: str) -> tuple[str, ...]:
    found = dict.fromkeys(p for p in t.land[origin] if s.provinces[t.province_index[p]].in_play)
    seen: set[str] = set()
    frontier = [x for x in t.coast[origin] if s.seas[t.sea_index[x]].ships(seat)]
    while frontier:
        x = frontier.pop()
        if x in seen:
            continue
        seen.add(x)
        for p in t.shores[x]:
            if s.provinces[t.province_index[p]].in_play:
                found[p] = None
        frontier.extend(
            y for y in t.sea_neighbours[x] if y not in seen and s.seas[t.sea_index[y]].ships(seat)
        )
    found.pop(origin, None)
    # In the pack's order: the tables' adjacency sets iterate by string hash, which changes
    # from one process to the next, and the legal moves must not.
    return tuple(sorted(found, key=t.province_index.__getitem__))


def may_enter(s: State, t: Tables, h: Hero, to: str) -> bool:
    owner = province(s, t, to).owner
    if h.kind == "administrator":
        return friendly(s, t, h.owner, to) and (owner is None or not at_war(s, owner, h.owner))
    if owner is None or owner == h.owner or passage(s, owner, h.owner):
        return True
    return at_war(s, owner, h.owner) or not has_deal(s, owner, h.owner)


def annex_cost(s: State, t: Tables, h: Hero, pid: str) -> int:
    change = modifiers.of_state(s, t, h.owner, "annex_cost") + modifiers.of_hero(t, h, "annex_cost")
    return max(0, t.province[pid].annex_cost + change)


def can_annex(s: State, t: Tables, h: Hero, pid: str) -> bool:
    p = province(s, t, pid)
    if h.kind != "general" or p.owner is not None:
        return False
    if any(a.seat != h.owner and a.troops.total() for a in p.armies):
        return False
    return s.players[h.owner].money >= annex_cost(s, t, h, pid)


def _retreats(s: State, t: Tables, h: Hero) -> list[str]:
    assert h.province is not None
    return [
        p
        for p in neighbours(s, t, h.owner, h.province)
        if friendly(s, t, h.owner, p)
        and not any(
            at_war(s, a.seat, h.owner) and a.troops.total() for a in province(s, t, p).armies
        )
    ]


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, HeroTurn):
        h = hero(s, task.hero)
        assert h.province is not None
        dest = [p for p in neighbours(s, t, h.owner, h.province) if may_enter(s, t, h, p)]
        return [Stay(seat=task.seat), *(MoveHero(seat=task.seat, to=p) for p in dest)]
    if isinstance(task, TakeArmy):
        unit = _next_unit(s, t, task)
        assert unit is not None
        n = province(s, t, task.origin).army(task.seat).of(unit)
        return [TakeSoldiers(seat=task.seat, unit=unit, count=k) for k in range(n + 1)]
    if isinstance(task, AnnexChoice):
        return [Annex(seat=task.seat), NoAnnex(seat=task.seat)]
    if isinstance(task, DefenderChoice):
        h = hero(s, task.hero)
        return [
            Stay(seat=task.seat),
            *(RetreatTo(seat=task.seat, province=p) for p in _retreats(s, t, h)),
        ]
    return []


def _next_unit(s: State, t: Tables, task: TakeArmy) -> Any:
    army = province(s, t, task.origin).army(task.seat)
    return next((u for u in UNITS if u not in task.asked and army.of(u)), None)


def _march(s: State, t: Tables, task: TakeArmy, ev: list[Event]) -> State:
    """Every soldier type asked: the soldiers taken go with the general (``task`` popped)."""
    if task.taken.total():
        s = _move_troops(s, t, task.seat, task.origin, task.to, task.taken)
    return s if task.retreat else _arrive(s, t, hero(s, task.hero), task.to, ev)


def _move_troops(s: State, t: Tables, seat: int, origin: str, to: str, troops: Troops) -> State:
    src = province(s, t, origin)
    s = set_province(s, t, origin, with_army(src, seat, src.army(seat).sub(troops)))
    dst = province(s, t, to)
    before = next((a for a in dst.armies if a.seat == seat), None)
    entered = before.entered_from if before is not None else ()
    since = before.since if before is not None and before.troops.total() else s.step
    fields = {"entered_from": tuple(dict.fromkeys((*entered, origin))), "since": since}
    return set_province(s, t, to, with_army(dst, seat, dst.army(seat).add(troops), **fields))


def _arrive(s: State, t: Tables, h: Hero, to: str, ev: list[Event]) -> State:
    """After a general's move: war and the defenders' choice, or annexation."""
    owner = province(s, t, to).owner
    if owner is not None and owner != h.owner and not passage(s, owner, h.owner):
        if not at_war(s, owner, h.owner):
            ev.append(
                Happened(
                    what="war_declared",
                    seat=h.owner,
                    at=to,
                    text=text("seat {seat} invades seat {other}", seat=h.owner, other=owner),
                )
            )
            s = declare_war(s, h.owner, owner)
        defenders = [
            d
            for d in s.heroes
            if d.owner == owner and d.kind == "general" and d.province == to and d.captor is None
        ]
        return push(
            s, *(DefenderChoice(seat=owner, hero=d.id, province=to) for d in reversed(defenders))
        )
    if owner is None and can_annex(s, t, h, to):
        return push(s, AnnexChoice(seat=h.owner, hero=h.id, province=to))
    return s


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, HeroTurn):
        h = msgspec.structs.replace(hero(s, task.hero), moved=True)
        s = pop(set_hero(s, h))
        assert h.province is not None
        if isinstance(move, Stay):
            if can_annex(s, t, h, h.province):
                return push(s, AnnexChoice(seat=h.owner, hero=h.id, province=h.province))
            return s
        assert isinstance(move, MoveHero)
        origin = h.province
        s = set_hero(s, msgspec.structs.replace(h, province=move.to))
        if h.kind == "general" and province(s, t, origin).army(h.owner).total():
            return push(s, TakeArmy(seat=h.owner, hero=h.id, origin=origin, to=move.to))
        return _arrive(s, t, hero(s, h.id), move.to, ev) if h.kind == "general" else s
    if isinstance(task, TakeArmy):
        assert isinstance(move, TakeSoldiers)
        task = msgspec.structs.replace(
            task, taken=task.taken.plus(move.unit, move.count), asked=(*task.asked, move.unit)
        )
        s = replace_top(s, task)
        if _next_unit(s, t, task) is not None:
            return s
        return _march(pop(s), t, task, ev)
    if isinstance(task, AnnexChoice):
        s = pop(s)
        if isinstance(move, NoAnnex):
            return s
        h = hero(s, task.hero)
        cost = annex_cost(s, t, h, task.province)
        s = update(s, h.owner, money=s.players[h.owner].money - cost)
        ev.append(
            Happened(
                what="annexed",
                seat=h.owner,
                at=task.province,
                text=text(
                    "seat {seat} annexes {province}", seat=h.owner, province=id_term(task.province)
                ),
            )
        )
        return set_province(
            s,
            t,
            task.province,
            msgspec.structs.replace(province(s, t, task.province), owner=h.owner),
        )
    assert isinstance(task, DefenderChoice)
    h = msgspec.structs.replace(hero(s, task.hero), moved=True)
    s = pop(set_hero(s, h))
    if isinstance(move, Stay):
        return s
    assert isinstance(move, RetreatTo)
    s = set_hero(s, msgspec.structs.replace(h, province=move.province))
    if province(s, t, task.province).army(h.owner).total():
        return push(
            s,
            TakeArmy(seat=h.owner, hero=h.id, origin=task.province, to=move.province, retreat=True),
        )
    return s


def clashes(s: State, t: Tables) -> list[str]:
    """The provinces of phase 9's clashes, in the order the last side arrived (Q49)."""
    found: list[tuple[int, str]] = []
    for x, p in zip(t.provinces, s.provinces, strict=True):
        if not p.armies:
            continue  # no soldiers (most provinces)
        sides = [a for a in p.armies if a.troops.total()]
        hostile = any(at_war(s, a.seat, b.seat) for a in sides for b in sides)
        invaded = p.owner is not None and any(at_war(s, a.seat, p.owner) for a in sides)
        if hostile or invaded:
            found.append((max(a.since for a in sides), x.id))
    return [pid for _, pid in sorted(found)]


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, EndMovement):
        s = pop(s)
        return msgspec.structs.replace(
            s, clashes=(*s.clashes, *(c for c in clashes(s, t) if c not in s.clashes))
        )
    if isinstance(task, HeroTurn):
        h = next((x for x in s.heroes if x.id == task.hero), None)
        if (
            h is None
            or h.moved
            or h.captor is not None
            or h.province is None
            or h.acts_from > s.turn
        ):
            return pop(s)  # dead, captured, or already made to decide (Q43)
    if isinstance(task, TakeArmy) and _next_unit(s, t, task) is None:
        return _march(pop(s), t, task, ev)  # no soldier left to ask about
    return None
