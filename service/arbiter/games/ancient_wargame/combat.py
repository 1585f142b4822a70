"""Phase 9's fighting: fortress fire, archery and the two melees, with the hit allocation and the
check after each.

5. **Fortress fire** («Стрельба из крепостей», Q56): per fortress, the owner names a flank, a D6
   (± ``fortress_fire``), the owner allocates among archers and main soldiers.
6. **Archery** («Стрельба лучников», Q52): a die per archer (± ``archery_dice``), 5-6 or 4-6 with
   the archery workshop, at the main soldiers opposite; the shooter allocates; then the check.
7. **Melee 1 and 2** («рукопашная схватка», Q54): targets, dice
   ``inf + 2·cav + surplus soldiers + surplus cavalry`` (± ``melee_dice``), 5-6 or 4-6 with the
   armoury, allocation with spill-over onto flank attackers, then the check (losses removed,
   broken flanks, the reserve joining).

Rulings applied here:

* **R5** A flank fielded with archers only has no main soldiers after the shooting: it is
  broken (the text: its archers are lost), and scores the enemy 2 points.
* **R8** Melee allocations run defender flanks 0-2 then attacker flanks 0-2; a flank's hits are
  capped by what earlier allocations left of the target.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from arbiter.core import Event
from arbiter.core.texts import text
from arbiter.core.tuples import replace_at
from arbiter.games.ancient_wargame import modifiers
from arbiter.games.ancient_wargame.aftermath import capture
from arbiter.games.ancient_wargame.battle_record import (
    alive,
    flank_mod,
    mod_sum,
    record,
    set_flank,
    set_record,
    set_side,
    trait_mods,
    troops_of,
    unhit,
)
from arbiter.games.ancient_wargame.battle_state import (
    Assign,
    BattleCtx,
    FlankState,
    Spill,
    Stage,
    Strike,
)
from arbiter.games.ancient_wargame.common import State, has, pop, push, replace_top
from arbiter.games.ancient_wargame.events import DiceRolled, Happened
from arbiter.games.ancient_wargame.rules import HIT, HIT_WITH_BUILDING
from arbiter.games.ancient_wargame.state import D6, Hits
from arbiter.games.ancient_wargame.tables import Tables

#: Dice a chance decision rolls at most (3^33 < 2^53: exact weights, spec §4.4).
BATCH = 33
_R = msgspec.structs.replace


# ---------------------------------------------------------------------------- firing


def fortress_targets(ctx: BattleCtx) -> list[int]:
    return [f for f, fl in enumerate(ctx.sides[1].flanks) if fl.archers + fl.main()]


def fortress_roll(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    """N20: the face (± ``fortress_fire``) knocks out that many archers and main soldiers of the
    flank, the owner choosing; the reserve is out of reach; the surplus is lost (Q56)."""
    ctx = record(s)
    side = ctx.sides[0]
    bonus = mod_sum(modifiers.features(s, t, side.seat), "fortress_fire")
    for hid in side.generals:
        h = next((x for x in s.heroes if x.id == hid), None)
        if h is not None and h.captor is None:
            bonus += mod_sum(trait_mods(t, h), "fortress_fire")
    assert task.flank is not None
    fl = ctx.sides[1].flanks[task.flank]
    hits = min(max(0, face + bonus), fl.archers + fl.main())
    ev.append(DiceRolled(purpose="fortress", seat=side.seat, at=task.at, face=face))
    s = pop(s)
    if hits:
        s = push(s, Assign(seat=side.seat, side=1, flank=task.flank, hits=hits, immediate=True))
    return s


def _push_hits(
    s: State,
    purpose: Literal["archery", "melee"],
    seat: int,
    dice: int,
    threshold: int,
    at: str,
    flank: int,
) -> State:
    """A pool of dice, in batches of at most :data:`BATCH` (spec §4.4)."""
    while dice > 0:
        n = min(dice, BATCH)
        s = push(
            s, Hits(purpose=purpose, seat=seat, dice=n, threshold=threshold, at=at, flank=flank)
        )
        dice -= n
    return s


def archery(s: State, t: Tables, pid: str) -> State:
    """Q52: a die per archer at the main soldiers opposite, 5-6 or 4-6 with the workshop."""
    ctx = record(s)
    for i in (0, 1):
        side, enemy = ctx.sides[i], ctx.sides[1 - i]
        workshop = has(s.players[side.seat], "archery_workshop")
        threshold = HIT_WITH_BUILDING if workshop else HIT
        for f, fl in enumerate(side.flanks):
            if fl.archers and enemy.flanks[f].main():
                dice = max(0, fl.archers + flank_mod(s, t, side, f, "archery_dice"))
                s = _push_hits(s, "archery", side.seat, dice, threshold, pid, f)
    return s


def melee_dice(fl: FlankState, target: FlankState) -> int:
    """N23: a die a foot soldier, two a horseman, one a soldier more than the target, one a
    horseman more than the target's (Q54: each flank compares with its own target)."""
    return (
        fl.infantry
        + 2 * fl.cavalry
        + max(0, fl.main() - target.main())
        + max(0, fl.cavalry - target.cavalry)
    )


def candidates(ctx: BattleCtx, i: int, f: int) -> list[int]:
    """Q54: the enemy flanks a free flank may strike: live neighbours, else the nearest."""
    live = [g for g, gl in enumerate(ctx.sides[1 - i].flanks) if alive(gl)]
    if f in live:
        return [f]
    near = [g for g in live if abs(g - f) == 1]
    if near:
        return near
    best = min((abs(g - f) for g in live), default=0)
    return [g for g in live if abs(g - f) == best]


def melee(s: State, t: Tables, pid: str, hits_stage: Stage) -> State:
    """Targets first (a choice only for a free flank with two candidates), then the dice."""
    ctx = record(s)
    for i in (0, 1):
        for f, fl in enumerate(ctx.sides[i].flanks):
            if not alive(fl) or fl.target is not None:
                continue
            cands = candidates(ctx, i, f)
            if len(cands) > 1:
                return push(set_record(s, ctx), Strike(seat=ctx.sides[i].seat, flank=f))
            if cands:
                ctx = set_flank(ctx, i, f, _R(fl, target=cands[0]))
    s = set_record(s, _R(ctx, stage=hits_stage))
    for i in (0, 1):
        side, enemy = ctx.sides[i], ctx.sides[1 - i]
        armoury = has(s.players[side.seat], "armoury")
        threshold = HIT_WITH_BUILDING if armoury else HIT
        for f, fl in enumerate(side.flanks):
            if alive(fl) and fl.target is not None:
                dice = melee_dice(fl, enemy.flanks[fl.target])
                dice = max(0, dice + flank_mod(s, t, side, f, "melee_dice"))
                s = _push_hits(s, "melee", side.seat, dice, threshold, pid, f)
    return s


def allocate_next(s: State, spill: bool) -> State | None:
    """The next flank with hits: its front target first, then (melee) the flank attackers in
    the order its owner chooses; the surplus is lost (Q52, Q54, R8)."""
    ctx = record(s)
    for i in (0, 1):
        side, e = ctx.sides[i], 1 - i
        enemy = ctx.sides[e]
        for f, fl in enumerate(side.flanks):
            if not fl.hits:
                continue
            front = fl.target if spill else f
            if front is not None and unhit(enemy.flanks[front]) > 0:
                n = min(fl.hits, unhit(enemy.flanks[front]))
                s = set_record(s, set_flank(ctx, i, f, _R(fl, hits=fl.hits - n)))
                return push(s, Assign(seat=side.seat, side=e, flank=front, hits=n))
            attackers = (
                [
                    g
                    for g, gl in enumerate(enemy.flanks)
                    if g != front and gl.target == f and alive(gl) and unhit(gl) > 0
                ]
                if spill
                else []
            )
            if len(attackers) == 2 and fl.hits < sum(unhit(enemy.flanks[g]) for g in attackers):
                return push(s, Spill(seat=side.seat, flank=f))
            if attackers:
                g = attackers[0]
                n = min(fl.hits, unhit(enemy.flanks[g]))
                s = set_record(s, set_flank(ctx, i, f, _R(fl, hits=fl.hits - n)))
                return push(s, Assign(seat=side.seat, side=e, flank=g, hits=n))
            return set_record(s, set_flank(ctx, i, f, _R(fl, hits=0)))
    return None


def assign_range(s: State, task: Assign) -> tuple[str, int, int]:
    fl = record(s).sides[task.side].flanks[task.flank]
    inf = fl.infantry - fl.hit_infantry
    cav = fl.cavalry - fl.hit_cavalry
    if task.immediate and task.archers is None:
        return "archers", max(0, task.hits - inf - cav), min(task.hits, fl.archers)
    h = task.hits - (task.archers or 0)
    return "cavalry", max(0, h - inf), min(h, cav)


def assign(s: State, task: Assign, n: int) -> State:
    what, _, _ = assign_range(s, task)
    if what == "archers":
        return replace_top(s, _R(task, archers=n))
    ctx = record(s)
    archers = task.archers or 0
    inf = task.hits - archers - n
    side = ctx.sides[task.side]
    fl = side.flanks[task.flank]
    if task.immediate:
        fl = _R(
            fl, archers=fl.archers - archers, infantry=fl.infantry - inf, cavalry=fl.cavalry - n
        )
        side = _R(
            side,
            lost_archers=side.lost_archers + archers,
            lost_infantry=side.lost_infantry + inf,
            lost_cavalry=side.lost_cavalry + n,
        )
    else:
        fl = _R(fl, hit_infantry=fl.hit_infantry + inf, hit_cavalry=fl.hit_cavalry + n)
    ctx = set_side(ctx, task.side, _R(side, flanks=replace_at(side.flanks, task.flank, fl)))
    return pop(set_record(s, ctx))


def check(s: State, stage: str, ev: list[Event]) -> State:
    """After the shooting or a melee: the losses are removed together; a flank with no main
    soldiers left is broken -- its archers and reserve are lost, its generals captured (Q59);
    otherwise the reserve due now joins (early after the shooting, late after the first melee)."""
    ctx = record(s)
    pid = ctx.province or ""
    for i in (0, 1):
        side = ctx.sides[i]
        enemy_seat = ctx.sides[1 - i].seat
        flanks = []
        for f, fl in enumerate(side.flanks):
            side = _R(
                side,
                lost_infantry=side.lost_infantry + fl.hit_infantry,
                lost_cavalry=side.lost_cavalry + fl.hit_cavalry,
            )
            fl = _R(
                fl,
                infantry=fl.infantry - fl.hit_infantry,
                cavalry=fl.cavalry - fl.hit_cavalry,
                hit_infantry=0,
                hit_cavalry=0,
                hits=0,
            )
            if fl.fielded and not fl.broken and not fl.main():
                side = _R(
                    side,
                    lost_archers=side.lost_archers + fl.archers,
                    lost_infantry=side.lost_infantry + fl.reserve_infantry,
                    lost_cavalry=side.lost_cavalry + fl.reserve_cavalry,
                )
                fl = FlankState(fielded=True, broken=True)
                ev.append(
                    Happened(
                        what="flank_broken",
                        seat=side.seat,
                        at=pid,
                        text=text("flank {flank}", flank=f),
                    )
                )
                for hid, at in zip(side.generals, side.attach, strict=False):
                    h = next((x for x in s.heroes if x.id == hid), None)
                    if at == f and h is not None and h.captor is None:
                        s = capture(s, h, enemy_seat, ev, pid)
                        side = _R(side, captured=(*side.captured, hid))
            elif alive(fl) and (
                (stage == "archery" and fl.early) or (stage == "melee1" and not fl.early)
            ):
                fl = _R(
                    fl,
                    infantry=fl.infantry + fl.reserve_infantry,
                    cavalry=fl.cavalry + fl.reserve_cavalry,
                    reserve_infantry=0,
                    reserve_cavalry=0,
                )
            flanks.append(_R(fl, target=None))
        ctx = set_side(ctx, i, _R(side, flanks=tuple(flanks)))
    after: dict[str, Stage] = {"archery": "melee1", "melee1": "melee2", "melee2": "result"}
    nxt = after[stage]
    if not all(troops_of(x) for x in ctx.sides):
        nxt = "result"
    return set_record(s, _R(ctx, stage=nxt))
