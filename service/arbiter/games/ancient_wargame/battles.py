"""Phase 9: the land battles («Фаза 9: битвы на суше») -- the phase's protocol.

This module is what the flow engine calls (:data:`TASKS`, :func:`begin`, :func:`actors`,
:func:`moves`, :func:`perform`, :func:`run`) and the driver of a battle's stages
(:class:`~.battle_state.Battle`, whose decisions are pushed above it; the public record is
:class:`~.battle_state.BattleCtx`). The stages themselves live in their own modules:

1. **Clash** (:class:`~.battle_state.Clash`, one a province, Q49 order; :mod:`.clashes`): lone
   generals captured (Q46), an undefended province besieged or taken (Q47), then the battles
   pair by pair (Q50).
2. **Siege** («укрыться в ней», «взять крепость в осаду»; :mod:`.clashes`): the owner with
   fortresses hides or fights; after hiding the attacker besieges (one fortress removed) or holds
   (Q51, X2).
3. **Deployment** («Расстановка войск», sealed, :class:`~.battle_state.Muster`;
   :mod:`.deployment`): count questions in a fixed order known from the public army, built in
   the seat's draft, revealed when both are done.
4. **Reserve timing** (sealed, :class:`~.battle_state.Timing`, Q55; :mod:`.deployment`): early
   or late, per flank with a reserve.
5. **Fortress fire** («Стрельба из крепостей», Q56; :mod:`.combat`).
6. **Archery** («Стрельба лучников», Q52; :mod:`.combat`), then the check.
7. **Melee 1 and 2** («рукопашная схватка», Q54; :mod:`.combat`), each then the check.
8. **Result** («Определение победителя и подсчет потерь»; :mod:`.aftermath`): annihilation,
   else points; the losses split; the change of owner; the retreat; a neutral province for 1 $.
9. **Captured generals** («Захваченные военачальники», Q60, Q66; :mod:`.aftermath`): a D6 each,
   in list order; keep or kill, on a 6 also accept.

Rulings (spec §1.14, §4.3): Q46-Q66 as written there, and our own R1-R8, each stated in the
module that applies it: R1, R6 in :mod:`.deployment`; R2, R3, R7 in :mod:`.aftermath`; R4 in
:mod:`.battle_record`; R5, R8 in :mod:`.combat`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from arbiter.core import Event
from arbiter.core.texts import text
from arbiter.games.ancient_wargame.aftermath import (
    fate,
    fate_roll,
    fate_rolls,
    points,
    result,
    retreat,
    retreats,
    split,
)
from arbiter.games.ancient_wargame.battle_record import (
    alive,
    record,
    set_flank,
    set_record,
    set_stage,
    side_of,
    unhit,
)
from arbiter.games.ancient_wargame.battle_state import (
    Assign,
    Battle,
    BattleCtx,
    Clash,
    Fate,
    Muster,
    Retreat,
    SiegeChoice,
    Spill,
    Strike,
    TakeNeutral,
    Timing,
    Volley,
)
from arbiter.games.ancient_wargame.clashes import clash, contested, siege
from arbiter.games.ancient_wargame.combat import (
    allocate_next,
    archery,
    assign,
    assign_range,
    candidates,
    check,
    fortress_roll,
    fortress_targets,
    melee,
    melee_dice,
)
from arbiter.games.ancient_wargame.common import (
    State,
    pop,
    province,
    push,
    set_draft,
    set_province,
    update,
)
from arbiter.games.ancient_wargame.deployment import (
    clear_drafts,
    muster_moves,
    muster_perform,
    muster_q,
    muster_run,
    pad_drafts,
    timing_moves,
    timing_perform,
    timing_q,
    timing_run,
)
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.moves import (
    AcceptGeneral,
    Allocate,
    Besiege,
    Decline,
    Fight,
    FireAt,
    Hide,
    HitsRolled,
    HoldSiege,
    Keep,
    Kill,
    RetreatTo,
    RollFace,
    SpillTo,
    StrikeFlank,
    TakeProvince,
)
from arbiter.games.ancient_wargame.rules import FATE_JOINS, NEUTRAL_AFTER_BATTLE
from arbiter.games.ancient_wargame.state import D6, Deployment, Draft, Hits
from arbiter.games.ancient_wargame.tables import Tables

__all__ = [
    "TASKS",
    "actors",
    "begin",
    "melee_dice",
    "moves",
    "perform",
    "points",
    "run",
    "split",
]

_R = msgspec.structs.replace
#: The deployment's questions for side ``i`` (the battle tests' helpers ask them here).
_muster_q = muster_q


TASKS: tuple[type, ...] = (
    Clash,
    Battle,
    SiegeChoice,
    Muster,
    Timing,
    Volley,
    Assign,
    Strike,
    Spill,
    Retreat,
    TakeNeutral,
    Fate,
)


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    """Phase 9: a clash a province -- the sieges carried over first, then phase 8's clashes in
    their order, then any other (Q49)."""
    ctx = record(s)
    order = dict.fromkeys((*ctx.sieges, *s.clashes, *(x.id for x in t.provinces)))
    found = [pid for pid in order if contested(s, t, pid)]
    s = set_record(_R(s, clashes=()), BattleCtx())
    return push(s, *(Clash(province=pid) for pid in reversed(found)))


# ------------------------------------------------------------------------------ driver


def _battle(s: State, t: Tables, task: Battle, ev: list[Event]) -> State:
    ctx = record(s)
    pid = task.province
    stage = ctx.stage
    seats = (task.defender, task.attacker)
    if stage == "siege":
        s = set_stage(s, "deploy")
        return push(
            s, SiegeChoice(seat=task.defender, province=pid, step="hide", opponent=task.attacker)
        )
    if stage == "deploy":
        s = pad_drafts(s)
        for seat in seats:
            army = province(s, t, pid).army(seat)
            whole = Deployment(archers=army.archers, infantry=army.infantry, cavalry=army.cavalry)
            s = set_draft(s, seat, Draft(flanks=(Deployment(), Deployment(), whole)))
        return push(set_stage(s, "timing"), Muster(province=pid, seats=seats))
    if stage == "timing":
        s = set_stage(s, "fortress")
        if any(timing_q(s, i) for i in (0, 1)):
            return push(s, Timing(province=pid, seats=seats))
        return clear_drafts(s, seats)
    if stage == "fortress":
        p = province(s, t, pid)
        if p.owner == task.defender and ctx.fired < p.fortresses:
            cands = fortress_targets(ctx)
            if cands:
                s = set_record(s, _R(ctx, fired=ctx.fired + 1))
                if len(cands) == 1:
                    return push(
                        s, D6(purpose="fortress", seat=task.defender, at=pid, flank=cands[0])
                    )
                return push(s, Volley(seat=task.defender, province=pid))
        return archery(set_stage(s, "archery_hits"), t, pid)
    if stage in ("archery_hits", "melee1_hits", "melee2_hits"):
        done = allocate_next(s, spill=stage != "archery_hits")
        if done is not None:
            return done
        return check(s, stage.removesuffix("_hits"), ev)
    if stage == "melee1":
        return melee(s, t, pid, "melee1_hits")
    if stage == "melee2":
        return melee(s, t, pid, "melee2_hits")
    if stage == "result":
        return result(s, t, task, ev)
    if stage == "fates":
        s = set_stage(s, "done")
        return fate_rolls(s, pid, (*ctx.sides[0].captured, *ctx.sides[1].captured))
    return pop(set_record(s, BattleCtx(sieges=ctx.sieges)))


# ---------------------------------------------------------------------------- protocol


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    if isinstance(task, Muster):
        return tuple(x for x in task.seats if not s.drafts[x].committed)
    if isinstance(task, Timing):
        return tuple(x for i, x in enumerate(task.seats) if task.steps[i] < len(timing_q(s, i)))
    return None


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, Muster):
        return muster_moves(s, t, task, actor)
    if isinstance(task, Timing):
        return timing_moves(s, task, actor)
    if actor != getattr(task, "seat", None):
        return []
    seat = actor
    if isinstance(task, SiegeChoice):
        if task.step == "hide":
            return [Hide(seat=seat), Fight(seat=seat)]
        return [Besiege(seat=seat), HoldSiege(seat=seat)]
    if isinstance(task, Volley):
        return [FireAt(seat=seat, flank=f) for f in fortress_targets(record(s))]
    if isinstance(task, Assign):
        _, lo, hi = assign_range(s, task)
        return [Allocate(seat=seat, count=n) for n in range(lo, hi + 1)]
    if isinstance(task, Strike):
        ctx = record(s)
        i = side_of(ctx, seat)
        return [StrikeFlank(seat=seat, flank=g) for g in candidates(ctx, i, task.flank)]
    if isinstance(task, Spill):
        ctx = record(s)
        i = side_of(ctx, seat)
        enemy = ctx.sides[1 - i]
        front = ctx.sides[i].flanks[task.flank].target
        return [
            SpillTo(seat=seat, flank=g)
            for g, gl in enumerate(enemy.flanks)
            if g != front and gl.target == task.flank and alive(gl) and unhit(gl) > 0
        ]
    if isinstance(task, Retreat):
        return [RetreatTo(seat=seat, province=x) for x in retreats(s, t, task)]
    if isinstance(task, TakeNeutral):
        return [TakeProvince(seat=seat), Decline(seat=seat)]
    if isinstance(task, Fate):
        found: list[Any] = [Keep(seat=seat), Kill(seat=seat)]
        if task.roll == FATE_JOINS and task.to is not None:
            found.insert(0, AcceptGeneral(seat=seat))
        return found
    return []


def perform(s: State, t: Tables, task: Any, move: Any, ev: list[Event]) -> State:
    if isinstance(task, D6):
        assert isinstance(move, RollFace)
        if task.purpose == "fortress":
            return fortress_roll(s, t, task, move.face, ev)
        return fate_roll(s, t, task, move.face, ev)
    if isinstance(task, Hits):
        assert isinstance(move, HitsRolled) and task.flank is not None
        ev.append(
            DiceRolled(
                purpose=task.purpose, seat=task.seat, at=task.at, dice=task.dice, hits=move.hits
            )
        )
        s = pop(s)
        ctx = record(s)
        i = side_of(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        return set_record(s, set_flank(ctx, i, task.flank, _R(fl, hits=fl.hits + move.hits)))
    if isinstance(task, SiegeChoice):
        return siege(s, t, task, move, ev)
    if isinstance(task, Muster):
        return muster_perform(s, t, task, move)
    if isinstance(task, Timing):
        return timing_perform(s, task, move)
    if isinstance(task, Volley):
        return push(
            pop(s), D6(purpose="fortress", seat=task.seat, at=task.province, flank=move.flank)
        )
    if isinstance(task, Assign):
        return assign(s, task, move.count)
    if isinstance(task, Strike):
        ctx = record(s)
        i = side_of(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        return pop(set_record(s, set_flank(ctx, i, task.flank, _R(fl, target=move.flank))))
    if isinstance(task, Spill):
        ctx = record(s)
        i = side_of(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        n = min(fl.hits, unhit(ctx.sides[1 - i].flanks[move.flank]))
        s = set_record(pop(s), set_flank(ctx, i, task.flank, _R(fl, hits=fl.hits - n)))
        return push(s, Assign(seat=task.seat, side=1 - i, flank=move.flank, hits=n))
    if isinstance(task, Retreat):
        return retreat(s, t, task, move.province, ev)
    if isinstance(task, TakeNeutral):
        s = pop(s)
        if isinstance(move, TakeProvince):
            money = s.players[task.seat].money
            s = update(s, task.seat, money=money - NEUTRAL_AFTER_BATTLE)
            p = province(s, t, task.province)
            s = set_province(s, t, task.province, _R(p, owner=task.seat))
            ev.append(
                Happened(
                    what="province_taken", seat=task.seat, at=task.province, text=text("for 1 $")
                )
            )
        return s
    if isinstance(task, Fate):
        return fate(s, task, move, ev)
    raise AssertionError(f"no decision in {task!r}")


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, Clash):
        return clash(s, t, task, ev)
    if isinstance(task, Battle):
        return _battle(s, t, task, ev)
    if isinstance(task, Muster):
        return muster_run(s, t, task, ev)
    if isinstance(task, Timing):
        return timing_run(s, task, ev)
    if isinstance(task, Assign):
        _, lo, hi = assign_range(s, task)
        return assign(s, task, lo) if lo == hi else None
    if isinstance(task, Retreat):
        options = retreats(s, t, task)
        return (
            retreat(s, t, task, options[0] if options else None, ev) if len(options) < 2 else None
        )
    if isinstance(task, TakeNeutral):
        p = province(s, t, task.province)
        if p.owner is not None or s.players[task.seat].money < NEUTRAL_AFTER_BATTLE:
            return pop(s)
        if not p.army(task.seat).total():
            return pop(s)
        return None
    return None
