"""A tiny map and a driver for phase 9, the way the flow engine runs it.

The map (setup ours): ``a`` (seat 0's capital) - ``b`` - ``c`` (seat 1's capital), ``b`` - ``d``
- ``c``; ``d`` is neutral. Seat 0 plays the state ``alpha``, seat 1 ``beta``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.games.ancient_wargame import battles
from arbiter.games.ancient_wargame.common import pop
from arbiter.games.ancient_wargame.content import (
    Condition,
    Modifier,
    Province,
    Sea,
    StateCard,
    Trait,
    WargameContent,
)
from arbiter.games.ancient_wargame.events import ledger
from arbiter.games.ancient_wargame.moves import Attach, Deploy, ReserveTiming
from arbiter.games.ancient_wargame.state import (
    D6,
    Army,
    Draft,
    Hero,
    Hits,
    Player,
    ProvinceState,
    SeaState,
    Troops,
    WargameState,
)
from arbiter.games.ancient_wargame.tables import Tables

LAND = {"a": ("b",), "b": ("a", "c", "d"), "c": ("b", "d"), "d": ("b", "c")}
WIN = (Condition(kind="sciences", n=10),)
CONTENT = WargameContent(
    name="tiny",
    provinces=tuple(
        Province(id=p, name=p.upper(), fertility=1, tribute=1, annex_cost=3, land=n)
        for p, n in LAND.items()
    ),
    seas=(Sea(id="s", name="S", storm=0),),
    states=(
        StateCard(id="alpha", name="Alpha", capital="a", victory=WIN),
        StateCard(
            id="beta",
            name="Beta",
            capital="c",
            victory=WIN,
            features=(Modifier(kind="fortress_fire", value=0),),
        ),
        *(StateCard(id=f"x{i}", name=f"X{i}", capital="d", victory=WIN) for i in range(4)),
    ),
    traits=(
        Trait(
            id="brave",
            deck="general_plus",
            name="Brave",
            modifiers=(Modifier(kind="melee_dice", value=1),),
        ),
        Trait(
            id="eagle",
            deck="general_plus",
            name="Eagle",
            modifiers=(Modifier(kind="archery_dice", value=2),),
        ),
        Trait(
            id="fickle",
            deck="general_minus",
            name="Fickle",
            modifiers=(Modifier(kind="fate_roll", value=1),),
        ),
        Trait(
            id="farmer",
            deck="admin_plus",
            name="Farmer",
            modifiers=(Modifier(kind="income_food", value=1),),
        ),
    ),
)
T = Tables(CONTENT)


def troops(infantry: int = 0, archers: int = 0, cavalry: int = 0) -> Troops:
    return Troops(infantry=infantry, archers=archers, cavalry=cavalry)


def army(seat: int, since: int = 0, entered_from: tuple[str, ...] = (), **units: int) -> Army:
    return Army(seat=seat, troops=troops(**units), since=since, entered_from=entered_from)


def general(
    hid: str, owner: int, at: str | None, plus: str | None = None, minus: str | None = None
) -> Hero:
    return Hero(
        id=hid, name=hid.upper(), kind="general", owner=owner, province=at, plus=plus, minus=minus
    )


def admin(hid: str, owner: int, at: str) -> Hero:
    return Hero(id=hid, name=hid.upper(), kind="administrator", owner=owner, province=at)


def table(
    b: ProvinceState,
    *,
    a: ProvinceState | None = None,
    c: ProvinceState | None = None,
    d: ProvinceState | None = None,
    heroes: tuple[Hero, ...] = (),
    buildings: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ()),
    **fields: Any,
) -> WargameState:
    """Seat 0 owns ``a``, seat 1 owns ``c``, the two are at war; ``b`` as given."""
    return WargameState(
        rules_version="1.2.0",
        content_id="tiny",
        seed=0,
        stage="play",
        turn=3,
        phase=9,
        players=(
            Player(state="alpha", food=5, money=5, buildings=buildings[0]),
            Player(state="beta", food=5, money=5, buildings=buildings[1]),
        ),
        provinces=(
            a or ProvinceState(owner=0),
            b,
            c or ProvinceState(owner=1),
            d or ProvinceState(),
        ),
        seas=(SeaState(),),
        heroes=heroes,
        wars=fields.pop("wars", ((0, 1),)),
        drafts=(Draft(), Draft()),
        **fields,
    )


def to_act(s: WargameState) -> tuple[int, ...]:
    task = s.pending[-1]
    found = battles.actors(s, task)
    return found if found is not None else (int(task.seat),)


def check(before: WargameState, after: WargameState) -> WargameState:
    """The state keeps its bounds (a decode validates them) and the ledger describes it."""
    raw = msgspec.json.encode(after)
    assert msgspec.json.decode(raw, type=WargameState) == after
    ledger(before, after, "test", T)
    return after


def settle(s: WargameState) -> WargameState:
    while s.pending:
        task = s.pending[-1]
        before = s
        done = battles.run(s, T, task, [])
        if done is None:
            if isinstance(task, (D6, Hits)):
                return s
            if any(battles.moves(s, T, task, a) for a in to_act(s)):
                return s
            s = pop(s)
        else:
            s = check(before, done)
    return s


def begin(s: WargameState, events: list[Any] | None = None) -> WargameState:
    return settle(check(s, battles.begin(s, T, events if events is not None else [])))


def legal(s: WargameState, seat: int | None = None) -> list[Any]:
    task = s.pending[-1]
    seats = to_act(s) if seat is None else (seat,)
    return [m for a in seats for m in battles.moves(s, T, task, a)]


def play(s: WargameState, *moves: Any, events: list[Any] | None = None) -> WargameState:
    for move in moves:
        task = s.pending[-1]
        if not isinstance(task, (D6, Hits)):
            assert move in legal(s, move.seat), (move, task, legal(s))
        ev = events if events is not None else []
        s = settle(check(s, battles.perform(s, T, task, move, ev)))
    return s


def deploy(
    s: WargameState, seat: int, plan: dict[tuple[str, int], int] | None = None
) -> WargameState:
    """Answer ``seat``'s deployment questions: ``plan[(what, flank)]`` (what: a unit,
    ``reserve_infantry``, ``reserve_cavalry``, or ``attach`` with the general's index), else
    everything on flank 0... of the legal answers, the plan's or the largest count / first flank."""
    plan = plan or {}
    task = s.pending[-1]
    i = task.seats.index(seat)
    while seat in to_act(s) and type(s.pending[-1]).__name__ == "Muster":
        task = s.pending[-1]
        qs = battles._muster_q(s, T, task, i)
        what, k = qs[task.steps[i]]
        options = legal(s, seat)
        if what == "attach":
            general = s.battle.sides[i].generals[k] if s.battle else ""
            move = Attach(seat=seat, general=general, flank=plan.get((what, k), options[0].flank))
        else:
            default = (
                options[-1].count if (what in ("archers", "infantry", "cavalry") and k == 0) else 0
            )
            move = Deploy(seat=seat, flank=k, troops=what, count=plan.get((what, k), default))
        s = play(s, move)
    return s


def timing(s: WargameState, seat: int, early: tuple[bool, ...]) -> WargameState:
    for e in early:
        flank = legal(s, seat)[0].flank
        s = play(s, ReserveTiming(seat=seat, flank=flank, early=e))
    return s
