"""Phase 9's clashes and sieges: which provinces see a clash, in what order, and who fights whom.

* **Clash** (:class:`~.battle_state.Clash`, one a province, Q49 order): lone generals captured
  (Q46), an undefended province besieged or taken (Q47), then the battles pair by pair -- the
  owner defends (Q48), the attacker is the seat whose oldest general is highest in the hero list
  (Q50), else the one there first.
* **Siege** («укрыться в ней», «взять крепость в осаду», :class:`~.battle_state.SiegeChoice`):
  the owner with fortresses hides or fights; after hiding the attacker besieges (one fortress
  removed) or holds (Q51, X2); a besieged province is fought over first next turn.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.texts import text
from arbiter.games.ancient_wargame.aftermath import capture, fate_rolls
from arbiter.games.ancient_wargame.battle_record import record, set_record, set_stage
from arbiter.games.ancient_wargame.battle_state import (
    Battle,
    BattleCtx,
    Clash,
    Retreat,
    Side,
    SiegeChoice,
    Stage,
)
from arbiter.games.ancient_wargame.common import (
    State,
    at_war,
    pair,
    pop,
    province,
    push,
    replace_top,
    set_province,
)
from arbiter.games.ancient_wargame.events import Happened
from arbiter.games.ancient_wargame.moves import Besiege, Fight, Hide
from arbiter.games.ancient_wargame.state import Hero
from arbiter.games.ancient_wargame.tables import Tables

_R = msgspec.structs.replace


# ----------------------------------------------------------------------- phase begins


def _armed(s: State, t: Tables, pid: str) -> list[int]:
    return [a.seat for a in province(s, t, pid).armies if a.troops.total()]


def _lone(s: State, t: Tables, pid: str) -> list[tuple[Hero, int]]:
    """Q46: generals of a side with no soldiers where soldiers of a seat at war with it stand
    (not those sheltering in their owner's province with a fortress), and their captors."""
    p = province(s, t, pid)
    armed = _armed(s, t, pid)
    found = []
    for h in s.heroes:
        if h.province != pid or h.kind != "general" or h.captor is not None:
            continue
        if h.owner in armed or (h.owner == p.owner and p.fortresses):
            continue
        enemies = [x for x in armed if at_war(s, x, h.owner)]
        if enemies:
            found.append((h, _first(s, t, pid, enemies)))
    return found


def contested(s: State, t: Tables, pid: str) -> bool:
    """«отряды двух воюющих игроков оказываются в одной провинции» (and Q46, Q47)."""
    p = province(s, t, pid)
    armed = _armed(s, t, pid)
    if not armed:  # no soldiers: no one to fight, nor to take a lone general (most provinces)
        return False
    if any(at_war(s, a, b) for a in armed for b in armed):
        return True
    if p.owner is not None and any(at_war(s, a, p.owner) for a in armed):
        return True
    return bool(_lone(s, t, pid))


def _since(s: State, t: Tables, pid: str, seat: int) -> int:
    return next((a.since for a in province(s, t, pid).armies if a.seat == seat), 0)


def _first(s: State, t: Tables, pid: str, seats: list[int]) -> int:
    """Of ``seats``, the one whose oldest general here is highest in the list (Q50), else the
    one there first (Q48)."""

    def key(seat: int) -> tuple[int, int, int]:
        ranks = [
            i
            for i, h in enumerate(s.heroes)
            if h.owner == seat and h.province == pid and h.kind == "general" and h.captor is None
        ]
        return (min(ranks, default=len(s.heroes)), _since(s, t, pid, seat), seat)

    return min(seats, key=key)


def clash(s: State, t: Tables, task: Clash, ev: list[Event]) -> State:
    pid = task.province
    lone = [] if task.done else _lone(s, t, pid)  # a siege this phase shelters them (Q47)
    if lone:  # Q46
        for h, captor in lone:
            s = capture(s, h, captor, ev, pid)
        return replace_top(s, _R(task, captives=(*task.captives, *(h.id for h, _ in lone))))
    p = province(s, t, pid)
    armed = _armed(s, t, pid)
    owner = p.owner
    if owner is not None and owner not in armed:  # Q47
        invaders = [x for x in armed if at_war(s, x, owner) and pair(x, owner) not in task.done]
        if invaders:
            inv = _first(s, t, pid, invaders)
            s = replace_top(s, _R(task, done=(*task.done, pair(inv, owner))))
            if p.fortresses:
                ev.append(
                    Happened(what="hides", seat=owner, at=pid, text=text("undefended: hides"))
                )
                return push(s, SiegeChoice(seat=inv, province=pid, step="besiege", opponent=owner))
            s = set_province(s, t, pid, _R(p, owner=inv))
            ev.append(Happened(what="province_taken", seat=inv, at=pid, text=text("undefended")))
            if any(h.province == pid and h.owner == owner and h.captor is None for h in s.heroes):
                s = push(s, Retreat(seat=owner, province=pid, heroes_only=True))
            return s
    pairs = [
        (a, b)
        for a in armed
        for b in armed
        if a < b and at_war(s, a, b) and (a, b) not in task.done
    ]
    if not pairs:
        return fate_rolls(pop(s), pid, task.captives)
    seats = [x for pr in pairs for x in pr]
    if owner in seats:  # Q48: the owner defends
        defender = owner
    else:
        defender = min(dict.fromkeys(seats), key=lambda x: (_since(s, t, pid, x), x))
    foes = [b if a == defender else a for a, b in pairs if defender in (a, b)]
    attacker = _first(s, t, pid, foes)
    s = replace_top(s, _R(task, done=(*task.done, pair(defender, attacker))))
    sides = tuple(
        Side(
            seat=seat,
            generals=tuple(
                h.id
                for h in s.heroes
                if h.owner == seat and h.province == pid and h.kind == "general"
                if h.captor is None
            ),
        )
        for seat in (defender, attacker)
    )
    stage: Stage = "siege" if owner == defender and p.fortresses else "deploy"
    ctx = BattleCtx(sieges=record(s).sieges, province=pid, stage=stage, sides=sides)
    ev.append(
        Happened(
            what="battle",
            seat=attacker,
            at=pid,
            text=text("seat {seat} attacks seat {other}", seat=attacker, other=defender),
        )
    )
    return push(set_record(s, ctx), Battle(province=pid, defender=defender, attacker=attacker))


# ------------------------------------------------------------------------------ siege


def siege(s: State, t: Tables, task: SiegeChoice, move: Any, ev: list[Event]) -> State:
    pid = task.province
    ctx = record(s)
    if isinstance(move, Fight):
        return pop(s)
    if isinstance(move, Hide):
        ev.append(
            Happened(what="hides", seat=task.seat, at=pid, text=text("hides in the fortresses"))
        )
        s = set_stage(s, "done")
        return replace_top(
            s,
            SiegeChoice(seat=task.opponent, province=pid, step="besiege", opponent=task.seat),
        )
    p = province(s, t, pid)
    if isinstance(move, Besiege):
        s = set_province(s, t, pid, _R(p, fortresses=max(0, p.fortresses - 1)))
        ev.append(
            Happened(what="besieged", seat=task.seat, at=pid, text=text("a fortress is removed"))
        )
    ctx = record(s)
    if pid not in ctx.sieges:
        s = set_record(s, _R(ctx, sieges=(*ctx.sieges, pid)))
    return pop(s)
