"""The economy: phase 1 buying troops, 2 upkeep, 4 construction, 6 income and VP.

* **Phase 1** («Покупка войск»), sealed: in the capital for ₣ (1 an infantryman or archer, 2 a
  horseman; archers need a range, cavalry a stable), in a province the seat controls with its
  general or a fortress for $, the map's mercenaries at the map's prices up to the map's count a
  turn (Q9, Q11; no building needed), ships (2 ₣ + 2 $, a shipyard) in a sea of class < 6 beside
  a province of the seat with its administrator, at most ``ships_per_state`` on the board (Q10).
  Troops bought in the capital appear there (Q8: it must be the seat's).
* **Phase 2** («Содержание войск»): 1 ₣ a soldier, ships free (Q12); a seat that cannot pay
  disbands soldiers of its choice (sealed) until it can, then pays; others pay at once (Q13:
  every soldier on the board).
* **Phase 4** («Строительство»): last turn's buildings are turned face up (their completion
  turn is their age, ties in seat order -- the text leaves them, a ruling); an Academy gives two
  research successes (C4). Then, sealed: buildings whose science is learned, paid in $ (C9), at
  most once each (Q20-Q22), in the capital the seat holds; fortresses (5 ₣ + 5 $) in a province
  of the seat with a fortress or its administrator there, at most 3, none while soldiers of a
  seat at war with it stand there (Q23).
* **Phase 6** («Получение дохода»): fertility and tribute of every province of the seat with no
  enemy soldiers and not sabotaged (Q27, Q30), +3 ₣ with a Mill, +3 $ with a Treasury (Q31); then,
  sealed, one VP token for 10 ₣ + 10 $ (Q32).
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
    add_troops,
    capital,
    completed,
    enemy_soldiers,
    has,
    province,
    push,
    seats_in_play,
    set_province,
    set_ships,
    update,
    with_army,
)
from arbiter.games.ancient_wargame.content import UNITS, Province
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.moves import BuildFortress, BuyVp, Disband, Hire, StartBuilding
from arbiter.games.ancient_wargame.naming import id_term
from arbiter.games.ancient_wargame.rules import (
    BUILDING_COST,
    BUILDINGS,
    CAPITAL_PRICE,
    CLOSED_SEA,
    FORTRESS_FOOD,
    FORTRESS_MONEY,
    MAX_FORTRESSES,
    MILL_FOOD,
    SCIENCE_OF,
    SHIP_FOOD,
    SHIP_MONEY,
    TREASURY_MONEY,
    VP_FOOD,
    VP_MONEY,
    Building,
)
from arbiter.games.ancient_wargame.state import (
    NO_TROOPS,
    Draft,
    Hero,
    HireLine,
    ProvinceState,
    Research,
    Sealed,
    SeaState,
    Troops,
)
from arbiter.games.ancient_wargame.tables import Tables

TASKS: tuple[type, ...] = ()


def _spent(s: State, t: Tables, seat: int, draft: Draft) -> tuple[int, int]:
    """The ₣ and $ a phase-1 or phase-4 draft costs so far."""
    food = money = 0
    for line in draft.hire:
        if line.unit == "ships":
            food += SHIP_FOOD * line.count
            money += SHIP_MONEY * line.count
        elif line.mercenary:
            money += mercenary_price(s, t, seat, line.at, line.unit) * line.count
        else:
            food += CAPITAL_PRICE[line.unit] * line.count
    for b in draft.buildings:
        money += building_cost(s, t, seat, b)
    for pid in draft.fortresses:
        food += FORTRESS_FOOD
        money += fortress_cost(s, t, seat, pid)
    return food, money


def _left(s: State, t: Tables, seat: int, draft: Draft) -> tuple[int, int]:
    food, money = _spent(s, t, seat, draft)
    p = s.players[seat]
    return p.food - food, p.money - money


# ------------------------------------------------------------------------------ phase 1


def mercenary_price(s: State, t: Tables, seat: int, pid: str, unit: str) -> int:
    """What ``seat`` pays for one ``unit`` of ``pid``'s mercenaries: the map's price, changed by
    its state card's features and its free heroes' traits in ``pid``."""
    known = _prices(s.heroes)
    key = (t, seat, s.players[seat].state, pid, unit)
    price = known.get(key)
    if price is None:
        merc = next(m for m in t.province[pid].mercenaries if m.unit == unit)
        change = modifiers.of_state(s, t, seat, "hire_price", unit)
        change += modifiers.in_province(s, t, seat, pid, "hire_price", unit=unit)
        change += modifiers.in_province(s, t, seat, pid, "hire_price", "general", unit)
        price = known[key] = max(0, merc.price + change)
    return price


@last_answer  # a seat lists its hires again after each line it adds: the heroes stay the same
def _prices(heroes: tuple[Hero, ...]) -> dict[tuple[Tables, int, str | None, str, str], int]:
    """Mercenary prices found with this hero list, by (tables, seat, the seat's state card,
    province, unit): a price depends on nothing else."""
    return {}


def _recruiting(s: State, t: Tables, seat: int) -> list[Province]:
    """The provinces where ``seat`` may hire mercenaries, in the pack's order: «контролировать
    ее и иметь в ней военачальника или крепость»."""
    generals = {
        h.province for h in s.heroes if h.owner == seat and h.kind == "general" and h.captor is None
    }
    return [
        x
        for x, p in zip(t.provinces, s.provinces, strict=True)
        if p.owner == seat and (p.fortresses > 0 or x.id in generals)
    ]


def ship_seas(s: State, t: Tables, seat: int) -> list[str]:
    """Seas where ``seat`` may launch ships: beside its province with its administrator."""
    seas: dict[str, None] = {}
    for h in s.heroes:
        if h.owner != seat or h.kind != "administrator" or h.captor is not None or not h.province:
            continue
        if province(s, t, h.province).owner != seat:
            continue
        for sid in t.province[h.province].coast:
            x = s.seas[t.sea_index[sid]]
            if x.in_play and t.sea[sid].storm < CLOSED_SEA:
                seas[sid] = None
    return list(seas)


def ships_on_board(s: State, seat: int) -> int:
    return _ships(s.seas).get(seat, 0)


@last_answer  # a seat lists its hires again after each line it adds: the seas stay the same
def _ships(seas: tuple[SeaState, ...]) -> dict[int, int]:
    """The ships on ``seas`` by seat (one pass for every seat)."""
    n: dict[int, int] = {}
    for x in seas:
        for f in x.fleets:
            n[f.seat] = n.get(f.seat, 0) + f.ships
    return n


class _Hire:
    @staticmethod
    def moves(
        s: State, t: Tables, seat: int, draft: Draft, only: tuple[str, str, bool] | None = None
    ) -> list[Any]:
        """The hire lines the draft may add; with ``only`` (a place, a unit, whether mercenary),
        only those of that place and unit: the part a line of them is in if it is legal."""
        food, money = _left(s, t, seat, draft)
        used = {(line.at, line.unit, line.mercenary) for line in draft.hire}
        p = s.players[seat]
        out: list[Any] = []
        cap = capital(s, t, seat)
        if (
            cap is not None
            and (only is None or (only[0] == cap and not only[2]))
            and province(s, t, cap).owner == seat
        ):
            needs = {"archers": "range", "cavalry": "stable"}
            for unit in UNITS:
                if (cap, unit, False) in used or (unit in needs and not has(p, needs[unit])):  # type: ignore[arg-type]
                    continue
                if only is not None and unit != only[1]:
                    continue
                most = food // CAPITAL_PRICE[unit]
                out.extend(Hire(seat=seat, at=cap, unit=unit, count=n) for n in range(1, most + 1))
        for x in _recruiting(s, t, seat) if only is None or only[2] else ():
            if only is not None and x.id != only[0]:
                continue
            for merc in x.mercenaries:
                if (x.id, merc.unit, True) in used or (only is not None and merc.unit != only[1]):
                    continue
                price = mercenary_price(s, t, seat, x.id, merc.unit)
                most = merc.count if price == 0 else min(merc.count, money // price)
                out.extend(
                    Hire(seat=seat, at=x.id, unit=merc.unit, count=n, mercenary=True)
                    for n in range(1, most + 1)
                )
        if has(p, "shipyard") and (only is None or (only[1] == "ships" and not only[2])):
            room = t.content.ships_per_state - ships_on_board(s, seat)
            room -= sum(line.count for line in draft.hire if line.unit == "ships")
            most = min(room, food // SHIP_FOOD, money // SHIP_MONEY)
            for sid in ship_seas(s, t, seat):
                if (sid, "ships", False) not in used and (only is None or only[0] == sid):
                    out.extend(
                        Hire(seat=seat, at=sid, unit="ships", count=n) for n in range(1, most + 1)
                    )
        return out

    @staticmethod
    def candidates(s: State, t: Tables, seat: int, draft: Draft, move: Any) -> list[Any]:
        """The part of :meth:`moves` ``move`` is in if it is legal (``Game.candidate_moves``)."""
        if not isinstance(move, Hire):
            return []
        return _Hire.moves(s, t, seat, draft, (move.at, move.unit, move.mercenary))

    @staticmethod
    def can_commit(s: State, t: Tables, seat: int, draft: Draft) -> bool:
        return True

    @staticmethod
    def add(s: State, t: Tables, seat: int, draft: Draft, move: Hire) -> Draft:
        line = HireLine(at=move.at, unit=move.unit, count=move.count, mercenary=move.mercenary)
        return msgspec.structs.replace(draft, hire=(*draft.hire, line))

    @staticmethod
    def apply(s: State, t: Tables, seat: int, draft: Draft, ev: list[Event]) -> State:
        food, money = _spent(s, t, seat, draft)
        p = s.players[seat]
        s = update(s, seat, food=p.food - food, money=p.money - money)
        for line in draft.hire:
            if line.unit == "ships":
                s = set_ships(
                    s, t, line.at, seat, s.seas[t.sea_index[line.at]].ships(seat) + line.count
                )
            else:
                s = add_troops(s, t, line.at, seat, Troops().plus(line.unit, line.count))
        return s


HIRE = _Hire


def begin_hire(s: State, t: Tables, ev: list[Event]) -> State:
    return push(s, Sealed(step="hire", seats=tuple(seats_in_play(s))))


# ------------------------------------------------------------------------------ phase 2


def soldiers(s: State, seat: int) -> int:
    """The soldiers ``seat`` has on the map."""
    return _soldiers(s.provinces).get(seat, 0)


@last_answer  # phase 2 asks each seat's upkeep again after each line of its draft
def _soldiers(provinces: tuple[ProvinceState, ...]) -> dict[int, int]:
    """The soldiers on ``provinces`` by seat (one pass for every seat)."""
    n: dict[int, int] = {}
    for p in provinces:
        for a in p.armies:
            n[a.seat] = n.get(a.seat, 0) + a.troops.total()
    return n


def upkeep(s: State, t: Tables, seat: int, gone: int = 0) -> int:
    """1 ₣ a soldier, ``gone`` of them disbanded (``upkeep`` features and generals' traits change
    the total, never below 0; no soldier, no upkeep)."""
    left = soldiers(s, seat) - gone
    if left <= 0:
        return 0
    change = modifiers.of_state(s, t, seat, "upkeep")
    change += modifiers.of_seat_heroes(s, t, seat, "upkeep", "general")
    return max(0, left + change)


class _Upkeep:
    @staticmethod
    def moves(s: State, t: Tables, seat: int, draft: Draft) -> list[Any]:
        if _Upkeep.can_commit(s, t, seat, draft):
            return []
        out: list[Any] = []
        gone: dict[tuple[str, str], int] = {}
        for line in draft.disband:
            gone[(line.at, line.unit)] = gone.get((line.at, line.unit), 0) + line.count
        for x, p in zip(t.provinces, s.provinces, strict=True):
            if not p.armies:
                continue  # no soldiers here (most provinces)
            army = p.army(seat)
            if army is NO_TROOPS:  # none of the seat's soldiers here
                continue
            for unit in UNITS:
                n = army.of(unit) - gone.get((x.id, unit), 0)
                if n > 0:
                    out += [
                        Disband(seat=seat, at=x.id, unit=unit, count=k) for k in range(1, n + 1)
                    ]
        return out

    @staticmethod
    def can_commit(s: State, t: Tables, seat: int, draft: Draft) -> bool:
        gone = sum(line.count for line in draft.disband)
        return upkeep(s, t, seat, gone) <= s.players[seat].food

    @staticmethod
    def add(s: State, t: Tables, seat: int, draft: Draft, move: Disband) -> Draft:
        line = HireLine(at=move.at, unit=move.unit, count=move.count)
        return msgspec.structs.replace(draft, disband=(*draft.disband, line))

    @staticmethod
    def apply(s: State, t: Tables, seat: int, draft: Draft, ev: list[Event]) -> State:
        for line in draft.disband:
            p = province(s, t, line.at)
            assert line.unit != "ships"
            s = set_province(
                s, t, line.at, with_army(p, seat, p.army(seat).plus(line.unit, -line.count))
            )
        return _pay_upkeep(s, t, seat)


UPKEEP = _Upkeep


def _pay_upkeep(s: State, t: Tables, seat: int) -> State:
    return update(s, seat, food=s.players[seat].food - upkeep(s, t, seat))


def begin_upkeep(s: State, t: Tables, ev: list[Event]) -> State:
    short = []
    for seat in seats_in_play(s):
        if upkeep(s, t, seat) > s.players[seat].food:
            short.append(seat)
        else:
            s = _pay_upkeep(s, t, seat)
    return push(s, Sealed(step="upkeep", seats=tuple(short))) if short else s


# ------------------------------------------------------------------------------ phase 4


def building_cost(s: State, t: Tables, seat: int, b: Building) -> int:
    change = modifiers.of_state(s, t, seat, "building_cost")
    change += modifiers.of_seat_heroes(s, t, seat, "building_cost", "administrator")
    return max(1, BUILDING_COST[b] + change)


def fortress_cost(s: State, t: Tables, seat: int, pid: str) -> int:
    change = modifiers.of_state(s, t, seat, "fortress_cost")
    change += modifiers.in_province(s, t, seat, pid, "fortress_cost")
    return max(0, FORTRESS_MONEY + change)


def can_fortify(s: State, t: Tables, seat: int, pid: str, planned: int = 0) -> bool:
    p = province(s, t, pid)
    if p.owner != seat or p.fortresses + planned >= MAX_FORTRESSES:
        return False
    if enemy_soldiers(s, t, pid, seat):
        return False  # Q23: not under siege
    admin = any(
        h.owner == seat and h.kind == "administrator" and h.province == pid and h.captor is None
        for h in s.heroes
    )
    return p.fortresses + planned > 0 or admin


class _Build:
    @staticmethod
    def moves(s: State, t: Tables, seat: int, draft: Draft) -> list[Any]:
        food, money = _left(s, t, seat, draft)
        p = s.players[seat]
        out: list[Any] = []
        cap = capital(s, t, seat)
        if cap is not None and province(s, t, cap).owner == seat:
            for b in BUILDINGS:
                if b in p.buildings or b in p.constructing or b in draft.buildings:
                    continue
                if SCIENCE_OF[b] in p.sciences and building_cost(s, t, seat, b) <= money:
                    out.append(StartBuilding(seat=seat, building=b))
        if food >= FORTRESS_FOOD:
            for x, here in zip(t.provinces, s.provinces, strict=True):
                if here.owner != seat:
                    continue  # only in its own provinces (can_fortify): asked of them alone
                planned = draft.fortresses.count(x.id)
                if fortress_cost(s, t, seat, x.id) <= money and can_fortify(
                    s, t, seat, x.id, planned
                ):
                    out.append(BuildFortress(seat=seat, province=x.id))
        return out

    @staticmethod
    def can_commit(s: State, t: Tables, seat: int, draft: Draft) -> bool:
        return True

    @staticmethod
    def add(s: State, t: Tables, seat: int, draft: Draft, move: Any) -> Draft:
        if isinstance(move, StartBuilding):
            return msgspec.structs.replace(draft, buildings=(*draft.buildings, move.building))
        return msgspec.structs.replace(draft, fortresses=(*draft.fortresses, move.province))

    @staticmethod
    def apply(s: State, t: Tables, seat: int, draft: Draft, ev: list[Event]) -> State:
        food, money = _spent(s, t, seat, draft)
        p = s.players[seat]
        s = update(
            s,
            seat,
            food=p.food - food,
            money=p.money - money,
            constructing=(*p.constructing, *draft.buildings),
        )
        for pid in draft.fortresses:
            x = province(s, t, pid)
            s = set_province(s, t, pid, msgspec.structs.replace(x, fortresses=x.fortresses + 1))
        return s


BUILD = _Build


def begin_build(s: State, t: Tables, ev: list[Event]) -> State:
    """Last turn's buildings are built; then the sealed construction (and any Academy's two
    research successes first)."""
    academies: list[int] = []
    for seat in seats_in_play(s):
        p = s.players[seat]
        if not p.constructing:
            continue
        for b in p.constructing:
            ev.append(
                Happened(
                    what="building_built",
                    seat=seat,
                    text=text("seat {seat} built the {building}", seat=seat, building=id_term(b)),
                )
            )
            s = completed(s, seat, b)
            if b == "academy":
                academies.append(seat)
        s = update(s, seat, buildings=(*p.buildings, *p.constructing), constructing=())
    s = push(s, Sealed(step="build", seats=tuple(seats_in_play(s))))
    for seat in reversed(academies):
        s = push(s, Research(seat=seat, academy=True), Research(seat=seat, academy=True))
    return s


# ------------------------------------------------------------------------------ phase 6


def income(s: State, t: Tables, seat: int) -> tuple[int, int]:
    food = money = 0
    for x, p in zip(t.provinces, s.provinces, strict=True):
        if p.owner != seat or p.sabotaged or enemy_soldiers(s, t, x.id, seat):
            continue
        food += x.fertility + modifiers.in_province(s, t, seat, x.id, "income_food")
        money += x.tribute + modifiers.in_province(s, t, seat, x.id, "income_money")
    pl = s.players[seat]
    food += (MILL_FOOD if has(pl, "mill") else 0) + modifiers.of_state(s, t, seat, "income_food")
    money += (TREASURY_MONEY if has(pl, "treasury") else 0) + modifiers.of_state(
        s, t, seat, "income_money"
    )
    return max(0, food), max(0, money)


class _BuyVp:
    @staticmethod
    def moves(s: State, t: Tables, seat: int, draft: Draft) -> list[Any]:
        p = s.players[seat]
        if draft.buy_vp or p.food < VP_FOOD or p.money < VP_MONEY:
            return []
        return [BuyVp(seat=seat)]

    @staticmethod
    def can_commit(s: State, t: Tables, seat: int, draft: Draft) -> bool:
        return True

    @staticmethod
    def add(s: State, t: Tables, seat: int, draft: Draft, move: Any) -> Draft:
        return msgspec.structs.replace(draft, buy_vp=True)

    @staticmethod
    def apply(s: State, t: Tables, seat: int, draft: Draft, ev: list[Event]) -> State:
        if not draft.buy_vp:
            return s
        p = s.players[seat]
        return update(
            s, seat, food=p.food - VP_FOOD, money=p.money - VP_MONEY, vp=p.vp + 1, vp_bought=True
        )


BUY_VP = _BuyVp


def begin_income(s: State, t: Tables, ev: list[Event]) -> State:
    for seat in seats_in_play(s):
        food, money = income(s, t, seat)
        p = s.players[seat]
        s = update(s, seat, food=p.food + food, money=p.money + money, vp_bought=False)
    # Q30: a sabotage blocks this phase 6 only.
    if any(p.sabotaged for p in s.provinces):  # else the same provinces (caches know them)
        s = msgspec.structs.replace(
            s,
            provinces=tuple(
                msgspec.structs.replace(p, sabotaged=False) if p.sabotaged else p
                for p in s.provinces
            ),
        )
    buyers = tuple(
        seat
        for seat in seats_in_play(s)
        if s.players[seat].food >= VP_FOOD and s.players[seat].money >= VP_MONEY
    )
    return push(s, Sealed(step="buy_vp", seats=buyers)) if buyers else s
