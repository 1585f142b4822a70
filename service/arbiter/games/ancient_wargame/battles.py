"""Phase 9: the land battles («Фаза 9: битвы на суше»).

Stages of a battle (the driver :class:`~.battle_state.Battle` runs them; its decisions are pushed
above it; the public record is :class:`~.battle_state.BattleCtx`):

1. **Clash** (:class:`~.battle_state.Clash`, one a province, Q49 order): lone generals captured
   (Q46), an undefended province besieged or taken (Q47), then the battles pair by pair (Q50).
2. **Siege** («укрыться в ней», «взять крепость в осаду»): the owner with fortresses hides or
   fights; after hiding the attacker besieges (one fortress removed) or holds (Q51, X2).
3. **Deployment** («Расстановка войск», sealed, :class:`~.battle_state.Muster`): count questions
   in a fixed order known from the public army -- archers, infantry, cavalry of flanks 0 and 1
   (flank 2 gets the rest), the reserve infantry and cavalry of each flank, the flank of each
   general -- built in the seat's draft, revealed when both are done.
4. **Reserve timing** (sealed, :class:`~.battle_state.Timing`, Q55): early or late, per flank
   with a reserve.
5. **Fortress fire** («Стрельба из крепостей», Q56): per fortress, the owner names a flank, a D6
   (± ``fortress_fire``), the owner allocates among archers and main soldiers.
6. **Archery** («Стрельба лучников», Q52): a die per archer (± ``archery_dice``), 5-6 or 4-6 with
   the archery workshop, at the main soldiers opposite; the shooter allocates; then the check.
7. **Melee 1 and 2** («рукопашная схватка», Q54): targets, dice
   ``inf + 2·cav + surplus soldiers + surplus cavalry`` (± ``melee_dice``), 5-6 or 4-6 with the
   armoury, allocation with spill-over onto flank attackers, then the check.
8. **Result** («Определение победителя и подсчет потерь»): annihilation, else points; the losses
   split ⌊k/2⌋ killed, ⌈k/2⌉ back; the change of owner; the retreat; a neutral province for 1 $.
9. **Captured generals** («Захваченные военачальники», Q60, Q66): a D6 (± ``fate_roll``) each,
   in list order; keep or kill, on a 6 also accept.

Rulings (spec §1.14, §4.3): Q46-Q66 as written there, and these of our own:

* **R1** A reserve stands behind main soldiers: a flank's reserve may not take its last main
  soldier (a reserve with no front would be lost unfought).
* **R2** An attacker with no entry province this turn (a siege carried over) retreats as a
  defender does, to a friendly neighbour.
* **R3** A loser's general with nowhere to retreat stays alone among enemy soldiers and is
  captured by the winner (as Q46); his administrators die (Q61).
* **R4** Modifiers: a side's state features count for every flank (``melee_dice`` and
  ``archery_dice`` with a ``unit`` only for a flank with main soldiers of that unit); a general's
  traits for the flank he is attached to; ``fortress_fire`` from the owner's features and his
  generals in the battle; ``fate_roll`` from the captive's own traits and the captor's features.
  Dice never go below 0, a modified face is clamped to 1-6 for the fate (0-… for fortress hits).
* **R5** A flank fielded with archers only has no main soldiers after the shooting: it is
  broken (the text: its archers are lost), and scores the enemy 2 points.
* **R6** Deployment progress (how many of the fixed questions a side answered) is public, like
  the committed flag; every choice stays in the seat's draft until the reveal.
* **R7** A general who joins (fate 6) stands where his captor's soldiers from the battle are (the
  battle province, else the captor's retreat), else in the captor's capital or another province.
* **R8** Melee allocations run defender flanks 0-2 then attacker flanks 0-2; a flank's hits are
  capped by what earlier allocations left of the target.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import msgspec

from arbiter.core import Event
from arbiter.games.ancient_wargame import modifiers, movement
from arbiter.games.ancient_wargame.battle_state import (
    Assign,
    Battle,
    BattleCtx,
    Clash,
    Fate,
    FlankState,
    Muster,
    Retreat,
    Side,
    SiegeChoice,
    Spill,
    Stage,
    Strike,
    TakeNeutral,
    Timing,
    Volley,
)
from arbiter.games.ancient_wargame.common import (
    State,
    at_war,
    capital,
    friendly,
    has,
    hero,
    owned,
    pair,
    pop,
    province,
    push,
    remove_hero,
    replace_top,
    set_draft,
    set_hero,
    set_province,
    update,
    with_army,
)
from arbiter.games.ancient_wargame.content import Modifier, Unit
from arbiter.games.ancient_wargame.events import DiceRolled, Happened, Revealed
from arbiter.games.ancient_wargame.moves import (
    AcceptGeneral,
    Allocate,
    Attach,
    Besiege,
    Decline,
    Deploy,
    Fight,
    FireAt,
    Hide,
    HitsRolled,
    HoldSiege,
    Keep,
    Kill,
    ReserveTiming,
    RetreatTo,
    RollFace,
    SpillTo,
    StrikeFlank,
    TakeProvince,
)
from arbiter.games.ancient_wargame.rules import (
    FATE_JOINS,
    FATE_KILLED,
    HIT,
    HIT_WITH_BUILDING,
    NEUTRAL_AFTER_BATTLE,
    POINTS_FLANK,
    POINTS_GENERAL,
    POINTS_WARRIOR,
)
from arbiter.games.ancient_wargame.state import D6, Deployment, Draft, Hero, Hits, Troops
from arbiter.games.ancient_wargame.tables import Tables

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

#: Dice a chance decision rolls at most (3^33 < 2^53: exact weights, spec §4.4).
BATCH = 33
#: The order of the deployment's questions on a flank: archers in front, then the main soldiers.
_FRONT: tuple[Unit, ...] = ("archers", "infantry", "cavalry")
_R = msgspec.structs.replace

# ------------------------------------------------------------------------ the record


def _ctx(s: State) -> BattleCtx:
    return s.battle if s.battle is not None else BattleCtx()


def _set_ctx(s: State, ctx: BattleCtx) -> State:
    return _R(s, battle=None if ctx == BattleCtx() else ctx)


def _set_side(ctx: BattleCtx, i: int, side: Side) -> BattleCtx:
    sides = list(ctx.sides)
    sides[i] = side
    return _R(ctx, sides=tuple(sides))


def _set_flank(ctx: BattleCtx, i: int, f: int, fl: FlankState) -> BattleCtx:
    side = ctx.sides[i]
    flanks = list(side.flanks)
    flanks[f] = fl
    return _set_side(ctx, i, _R(side, flanks=tuple(flanks)))


def _stage(s: State, stage: Stage) -> State:
    return _set_ctx(s, _R(_ctx(s), stage=stage))


def _index(ctx: BattleCtx, seat: int) -> int:
    return 0 if ctx.sides[0].seat == seat else 1


def _alive(fl: FlankState) -> bool:
    return not fl.broken and fl.main() > 0


def _cap(fl: FlankState) -> int:
    """Main soldiers of ``fl`` not yet allocated a hit."""
    return fl.main() - fl.hit_infantry - fl.hit_cavalry


def _troops(side: Side) -> int:
    return sum(fl.total() for fl in side.flanks)


# ------------------------------------------------------------------------ modifiers (R4)


def _sum(mods: Iterable[Modifier], kind: str, units: set[str] | None = None) -> int:
    return sum(
        m.value
        for m in mods
        if m.kind == kind and (m.unit is None or (units is not None and m.unit in units))
    )


def _traits(t: Tables, h: Hero) -> list[Modifier]:
    return [m for c in (h.plus, h.minus) if c is not None for m in t.traits[c].modifiers]


def _flank_mod(s: State, t: Tables, side: Side, f: int, kind: str) -> int:
    """``kind`` for ``side``'s flank ``f``: the state's features and the traits of the free
    generals attached to it."""
    fl = side.flanks[f]
    units = {u for u, n in (("infantry", fl.infantry), ("cavalry", fl.cavalry)) if n}
    total = _sum(modifiers.features(s, t, side.seat), kind, units)
    for hid, at in zip(side.generals, side.attach, strict=False):
        h = next((x for x in s.heroes if x.id == hid), None)
        if at == f and h is not None and h.captor is None:
            total += _sum(_traits(t, h), kind, units)
    return total


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


def _contested(s: State, t: Tables, pid: str) -> bool:
    """«отряды двух воюющих игроков оказываются в одной провинции» (and Q46, Q47)."""
    p = province(s, t, pid)
    armed = _armed(s, t, pid)
    if any(at_war(s, a, b) for a in armed for b in armed):
        return True
    if p.owner is not None and any(at_war(s, a, p.owner) for a in armed):
        return True
    return bool(_lone(s, t, pid))


def begin(s: State, t: Tables, ev: list[Event]) -> State:
    """Phase 9: a clash a province -- the sieges carried over first, then phase 8's clashes in
    their order, then any other (Q49)."""
    ctx = _ctx(s)
    order = dict.fromkeys((*ctx.sieges, *s.clashes, *(x.id for x in t.provinces)))
    found = [pid for pid in order if _contested(s, t, pid)]
    s = _set_ctx(_R(s, clashes=()), BattleCtx())
    return push(s, *(Clash(province=pid) for pid in reversed(found)))


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


def _capture(s: State, h: Hero, captor: int, ev: list[Event], at: str) -> State:
    ev.append(
        Happened(
            what="general_captured",
            seat=captor,
            at=at,
            text=f"{h.name} is captured by seat {captor}",
        )
    )
    return set_hero(s, _R(h, captor=captor, province=None))


def _fates(s: State, pid: str, ids: Iterable[str]) -> State:
    """A fate D6 for each captive of ``ids``, in hero-list order (Q60)."""
    wanted = set(ids)
    rolls = [
        D6(purpose="fate", seat=h.captor, at=pid, hero=h.id)
        for h in s.heroes
        if h.id in wanted and h.captor is not None
    ]
    return push(s, *reversed(rolls))


def _clash(s: State, t: Tables, task: Clash, ev: list[Event]) -> State:
    pid = task.province
    lone = [] if task.done else _lone(s, t, pid)  # a siege this phase shelters them (Q47)
    if lone:  # Q46
        for h, captor in lone:
            s = _capture(s, h, captor, ev, pid)
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
                ev.append(Happened(what="hides", seat=owner, at=pid, text="undefended: hides"))
                return push(s, SiegeChoice(seat=inv, province=pid, step="besiege", opponent=owner))
            s = set_province(s, t, pid, _R(p, owner=inv))
            ev.append(Happened(what="province_taken", seat=inv, at=pid, text="undefended"))
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
        return _fates(pop(s), pid, task.captives)
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
    ctx = BattleCtx(sieges=_ctx(s).sieges, province=pid, stage=stage, sides=sides)
    ev.append(
        Happened(
            what="battle",
            seat=attacker,
            at=pid,
            text=f"seat {attacker} attacks seat {defender}",
        )
    )
    return push(_set_ctx(s, ctx), Battle(province=pid, defender=defender, attacker=attacker))


# ------------------------------------------------------------------------------ siege


def _siege(s: State, t: Tables, task: SiegeChoice, move: Any, ev: list[Event]) -> State:
    pid = task.province
    ctx = _ctx(s)
    if isinstance(move, Fight):
        return pop(s)
    if isinstance(move, Hide):
        ev.append(Happened(what="hides", seat=task.seat, at=pid, text="hides in the fortresses"))
        s = _stage(s, "done")
        return replace_top(
            s,
            SiegeChoice(seat=task.opponent, province=pid, step="besiege", opponent=task.seat),
        )
    p = province(s, t, pid)
    if isinstance(move, Besiege):
        s = set_province(s, t, pid, _R(p, fortresses=max(0, p.fortresses - 1)))
        ev.append(Happened(what="besieged", seat=task.seat, at=pid, text="a fortress is removed"))
    ctx = _ctx(s)
    if pid not in ctx.sieges:
        s = _set_ctx(s, _R(ctx, sieges=(*ctx.sieges, pid)))
    return pop(s)


# ------------------------------------------------------------------------- deployment


def _pad_drafts(s: State) -> State:
    if len(s.drafts) < len(s.players):
        s = _R(s, drafts=(*s.drafts, *(Draft() for _ in range(len(s.players) - len(s.drafts)))))
    return s


def _questions(army: Troops, generals: int) -> list[tuple[Unit | str, int]]:
    """The deployment's count questions, known from the public army (R6, spec §4.3)."""
    q: list[tuple[Unit | str, int]] = [(u, f) for f in (0, 1) for u in _FRONT if army.of(u)]
    for f in (0, 1, 2):
        if army.infantry:
            q.append(("reserve_infantry", f))
        if army.cavalry:
            q.append(("reserve_cavalry", f))
    return q + [("attach", g) for g in range(generals)]


def _muster_q(s: State, t: Tables, task: Muster, i: int) -> list[tuple[Unit | str, int]]:
    ctx = _ctx(s)
    seat = task.seats[i]
    army = province(s, t, task.province).army(seat)
    return _questions(army, len(ctx.sides[i].generals))


def _draft_flanks(s: State, t: Tables, seat: int, pid: str) -> tuple[Deployment, ...]:
    """``seat``'s deployment so far; a draft without one (as a hidden variant may show another
    seat's) counts as everything on flank 2, unanswered."""
    flanks = s.drafts[seat].flanks
    if len(flanks) == 3:
        return flanks
    army = province(s, t, pid).army(seat)
    whole = Deployment(archers=army.archers, infantry=army.infantry, cavalry=army.cavalry)
    return (Deployment(), Deployment(), whole)


def _deployed(d: Deployment) -> int:
    return d.archers + d.infantry + d.cavalry + d.reserve_infantry + d.reserve_cavalry


def _muster_moves(s: State, t: Tables, task: Muster, seat: int) -> list[Any]:
    if seat not in task.seats:
        return []
    i = task.seats.index(seat)
    qs = _muster_q(s, t, task, i)
    if task.steps[i] >= len(qs):
        return []
    what, k = qs[task.steps[i]]
    flanks = _draft_flanks(s, t, seat, task.province)
    if what == "attach":
        return [Attach(seat=seat, flank=f) for f in range(3) if _deployed(flanks[f])]
    if what in _FRONT:
        army = province(s, t, task.province).army(seat)
        hi = army.of(what) - (getattr(flanks[0], what) if k == 1 else 0)  # type: ignore[arg-type]
    else:
        fl = flanks[k]
        if what == "reserve_infantry":  # R1: one main soldier stays in front
            hi = fl.infantry if fl.cavalry else max(0, fl.infantry - 1)
        else:
            hi = fl.cavalry if fl.infantry else max(0, fl.cavalry - 1)
    return [Deploy(seat=seat, count=n) for n in range(hi + 1)]


def _muster_perform(s: State, t: Tables, task: Muster, move: Any) -> State:
    seat = move.seat
    i = task.seats.index(seat)
    qs = _muster_q(s, t, task, i)
    what, k = qs[task.steps[i]]
    draft = s.drafts[seat]
    flanks = list(_draft_flanks(s, t, seat, task.province))
    attach = draft.attach
    if isinstance(move, Attach):
        attach = (*attach, move.flank)
    elif what in _FRONT:
        flanks[k] = _R(flanks[k], **{what: move.count})
        army = province(s, t, task.province).army(seat)
        rest = army.of(what) - getattr(flanks[0], what) - getattr(flanks[1], what)  # type: ignore[arg-type]
        flanks[2] = _R(flanks[2], **{what: rest})
    else:
        unit = "infantry" if what == "reserve_infantry" else "cavalry"
        fl = flanks[k]
        flanks[k] = _R(fl, **{what: move.count, unit: getattr(fl, unit) - move.count})
    steps = list(task.steps)
    steps[i] += 1
    done = steps[i] >= len(qs)
    s = set_draft(s, seat, _R(draft, flanks=tuple(flanks), attach=attach, committed=done))
    return replace_top(s, _R(task, steps=tuple(steps)))


def _muster_run(s: State, t: Tables, task: Muster, ev: list[Event]) -> State | None:
    if any(task.steps[i] < len(_muster_q(s, t, task, i)) for i in (0, 1)):
        return None
    ctx = _ctx(s)
    drafts = tuple(s.drafts[seat] for seat in task.seats)
    ev.append(Revealed(step="deploy", drafts=drafts))
    for i, d in enumerate(drafts):
        flanks = tuple(
            FlankState(
                archers=x.archers,
                infantry=x.infantry,
                cavalry=x.cavalry,
                reserve_infantry=x.reserve_infantry,
                reserve_cavalry=x.reserve_cavalry,
                fielded=_deployed(x) > 0,
            )
            for x in _draft_flanks(s, t, task.seats[i], task.province)
        )
        ctx = _set_side(ctx, i, _R(ctx.sides[i], flanks=flanks, attach=d.attach))
        s = set_draft(s, task.seats[i], _R(d, committed=False))
    return pop(_set_ctx(s, ctx))


def _timing_q(s: State, i: int) -> list[int]:
    return [
        f
        for f, fl in enumerate(_ctx(s).sides[i].flanks)
        if fl.reserve_infantry or fl.reserve_cavalry
    ]


def _timing_moves(s: State, task: Timing, seat: int) -> list[Any]:
    if seat not in task.seats:
        return []
    i = task.seats.index(seat)
    if task.steps[i] >= len(_timing_q(s, i)):
        return []
    return [ReserveTiming(seat=seat, early=True), ReserveTiming(seat=seat, early=False)]


def _timing_perform(s: State, task: Timing, move: Any) -> State:
    seat = move.seat
    i = task.seats.index(seat)
    qs = _timing_q(s, i)
    f = qs[task.steps[i]]
    draft = s.drafts[seat]
    flanks = list(draft.flanks) if len(draft.flanks) == 3 else [Deployment()] * 3
    flanks[f] = _R(flanks[f], reserve_early=move.early)
    steps = list(task.steps)
    steps[i] += 1
    done = steps[i] >= len(qs)
    s = set_draft(s, seat, _R(draft, flanks=tuple(flanks), committed=done))
    return replace_top(s, _R(task, steps=tuple(steps)))


def _clear_drafts(s: State, seats: Iterable[int]) -> State:
    for seat in seats:
        s = set_draft(s, seat, Draft())
    return s


def _timing_run(s: State, task: Timing, ev: list[Event]) -> State | None:
    if any(task.steps[i] < len(_timing_q(s, i)) for i in (0, 1)):
        return None
    ctx = _ctx(s)
    drafts = tuple(s.drafts[seat] for seat in task.seats)
    ev.append(Revealed(step="timing", drafts=drafts))
    for i, d in enumerate(drafts):
        side = ctx.sides[i]
        flanks = tuple(
            _R(fl, early=d.flanks[f].reserve_early) if f < len(d.flanks) else fl
            for f, fl in enumerate(side.flanks)
        )
        ctx = _set_side(ctx, i, _R(side, flanks=flanks))
    return pop(_clear_drafts(_set_ctx(s, ctx), task.seats))


# ---------------------------------------------------------------------------- firing


def _targets_for_fortress(ctx: BattleCtx) -> list[int]:
    return [f for f, fl in enumerate(ctx.sides[1].flanks) if fl.archers + fl.main()]


def _fortress_roll(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    """N20: the face (± ``fortress_fire``) knocks out that many archers and main soldiers of the
    flank, the owner choosing; the reserve is out of reach; the surplus is lost (Q56)."""
    ctx = _ctx(s)
    side = ctx.sides[0]
    bonus = _sum(modifiers.features(s, t, side.seat), "fortress_fire")
    for hid in side.generals:
        h = next((x for x in s.heroes if x.id == hid), None)
        if h is not None and h.captor is None:
            bonus += _sum(_traits(t, h), "fortress_fire")
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


def _archery(s: State, t: Tables, pid: str) -> State:
    """Q52: a die per archer at the main soldiers opposite, 5-6 or 4-6 with the workshop."""
    ctx = _ctx(s)
    for i in (0, 1):
        side, enemy = ctx.sides[i], ctx.sides[1 - i]
        workshop = has(s.players[side.seat], "archery_workshop")
        threshold = HIT_WITH_BUILDING if workshop else HIT
        for f, fl in enumerate(side.flanks):
            if fl.archers and enemy.flanks[f].main():
                dice = max(0, fl.archers + _flank_mod(s, t, side, f, "archery_dice"))
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


def _candidates(ctx: BattleCtx, i: int, f: int) -> list[int]:
    """Q54: the enemy flanks a free flank may strike: live neighbours, else the nearest."""
    live = [g for g, gl in enumerate(ctx.sides[1 - i].flanks) if _alive(gl)]
    if f in live:
        return [f]
    near = [g for g in live if abs(g - f) == 1]
    if near:
        return near
    best = min((abs(g - f) for g in live), default=0)
    return [g for g in live if abs(g - f) == best]


def _melee(s: State, t: Tables, pid: str, hits_stage: Stage) -> State:
    """Targets first (a choice only for a free flank with two candidates), then the dice."""
    ctx = _ctx(s)
    for i in (0, 1):
        for f, fl in enumerate(ctx.sides[i].flanks):
            if not _alive(fl) or fl.target is not None:
                continue
            cands = _candidates(ctx, i, f)
            if len(cands) > 1:
                return push(_set_ctx(s, ctx), Strike(seat=ctx.sides[i].seat, flank=f))
            if cands:
                ctx = _set_flank(ctx, i, f, _R(fl, target=cands[0]))
    s = _set_ctx(s, _R(ctx, stage=hits_stage))
    for i in (0, 1):
        side, enemy = ctx.sides[i], ctx.sides[1 - i]
        armoury = has(s.players[side.seat], "armoury")
        threshold = HIT_WITH_BUILDING if armoury else HIT
        for f, fl in enumerate(side.flanks):
            if _alive(fl) and fl.target is not None:
                dice = melee_dice(fl, enemy.flanks[fl.target])
                dice = max(0, dice + _flank_mod(s, t, side, f, "melee_dice"))
                s = _push_hits(s, "melee", side.seat, dice, threshold, pid, f)
    return s


def _allocate_next(s: State, spill: bool) -> State | None:
    """The next flank with hits: its front target first, then (melee) the flank attackers in
    the order its owner chooses; the surplus is lost (Q52, Q54, R8)."""
    ctx = _ctx(s)
    for i in (0, 1):
        side, e = ctx.sides[i], 1 - i
        enemy = ctx.sides[e]
        for f, fl in enumerate(side.flanks):
            if not fl.hits:
                continue
            front = fl.target if spill else f
            if front is not None and _cap(enemy.flanks[front]) > 0:
                n = min(fl.hits, _cap(enemy.flanks[front]))
                s = _set_ctx(s, _set_flank(ctx, i, f, _R(fl, hits=fl.hits - n)))
                return push(s, Assign(seat=side.seat, side=e, flank=front, hits=n))
            attackers = (
                [
                    g
                    for g, gl in enumerate(enemy.flanks)
                    if g != front and gl.target == f and _alive(gl) and _cap(gl) > 0
                ]
                if spill
                else []
            )
            if len(attackers) == 2 and fl.hits < sum(_cap(enemy.flanks[g]) for g in attackers):
                return push(s, Spill(seat=side.seat, flank=f))
            if attackers:
                g = attackers[0]
                n = min(fl.hits, _cap(enemy.flanks[g]))
                s = _set_ctx(s, _set_flank(ctx, i, f, _R(fl, hits=fl.hits - n)))
                return push(s, Assign(seat=side.seat, side=e, flank=g, hits=n))
            return _set_ctx(s, _set_flank(ctx, i, f, _R(fl, hits=0)))
    return None


def _assign_range(s: State, task: Assign) -> tuple[str, int, int]:
    fl = _ctx(s).sides[task.side].flanks[task.flank]
    inf = fl.infantry - fl.hit_infantry
    cav = fl.cavalry - fl.hit_cavalry
    if task.immediate and task.archers is None:
        return "archers", max(0, task.hits - inf - cav), min(task.hits, fl.archers)
    h = task.hits - (task.archers or 0)
    return "cavalry", max(0, h - inf), min(h, cav)


def _assign(s: State, task: Assign, n: int) -> State:
    what, _, _ = _assign_range(s, task)
    if what == "archers":
        return replace_top(s, _R(task, archers=n))
    ctx = _ctx(s)
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
    flanks = list(side.flanks)
    flanks[task.flank] = fl
    ctx = _set_side(ctx, task.side, _R(side, flanks=tuple(flanks)))
    return pop(_set_ctx(s, ctx))


def _check(s: State, stage: str, ev: list[Event]) -> State:
    """After the shooting or a melee: the losses are removed together; a flank with no main
    soldiers left is broken -- its archers and reserve are lost, its generals captured (Q59);
    otherwise the reserve due now joins (early after the shooting, late after the first melee)."""
    ctx = _ctx(s)
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
                ev.append(Happened(what="flank_broken", seat=side.seat, at=pid, text=f"flank {f}"))
                for hid, at in zip(side.generals, side.attach, strict=False):
                    h = next((x for x in s.heroes if x.id == hid), None)
                    if at == f and h is not None and h.captor is None:
                        s = _capture(s, h, enemy_seat, ev, pid)
                        side = _R(side, captured=(*side.captured, hid))
            elif _alive(fl) and (
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
        ctx = _set_side(ctx, i, _R(side, flanks=tuple(flanks)))
    after: dict[str, Stage] = {"archery": "melee1", "melee1": "melee2", "melee2": "result"}
    nxt = after[stage]
    if not all(_troops(x) for x in ctx.sides):
        nxt = "result"
    return _set_ctx(s, _R(ctx, stage=nxt))


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


def _result(s: State, t: Tables, task: Battle, ev: list[Event]) -> State:
    ctx = _ctx(s)
    pid = task.province
    d, a = ctx.sides
    pts = (points(a), points(d))
    gone = (_troops(d) == 0, _troops(a) == 0)
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
            text=f"seat {winner} wins ({pts[w]} points to {pts[1 - w]})",
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
        ev.append(Happened(what="province_taken", seat=winner, at=pid, text="after the battle"))
    s = set_province(_set_ctx(s, ctx), t, pid, p)
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
    ctx = _ctx(s)
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


def _kill(s: State, h: Hero, ev: list[Event], what: str) -> State:
    """``h`` dies: his figure and his cards leave the game (the cards to the discards, Q15)."""
    s = remove_hero(s, h.id)
    cards = tuple(c for c in (h.plus, h.minus) if c is not None)
    if cards:
        s = _R(s, traits=_R(s.traits, discards=(*s.traits.discards, *cards)))
    ev.append(Happened(what=what, seat=h.owner, text=f"{h.name} dies"))
    return s


def _retreat(s: State, t: Tables, task: Retreat, to: str | None, ev: list[Event]) -> State:
    pid = task.province
    seat = task.seat
    s = pop(s)
    ctx = _ctx(s)
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
            ev.append(Happened(what="retreat", seat=seat, at=to, text=f"retreats from {pid}"))
        elif troops.total():
            ev.append(Happened(what="army_destroyed", seat=seat, at=pid, text="nowhere to go"))
    captured: list[str] = []
    for h in list(s.heroes):
        if h.province != pid or h.owner != seat or h.captor is not None:
            continue
        if task.heroes_only and h.kind != "administrator":
            continue
        if to is not None:
            s = set_hero(s, _R(h, province=to))
        elif h.kind == "administrator":
            s = _kill(s, h, ev, "administrator_killed")
        elif in_battle and ctx.winner is not None:  # R3
            s = _capture(s, h, ctx.winner, ev, pid)
            captured.append(h.id)
    if in_battle:
        ctx = _ctx(s)
        i = _index(ctx, seat)
        side = ctx.sides[i]
        ctx = _set_side(ctx, i, _R(side, captured=(*side.captured, *captured)))
        s = _set_ctx(s, _R(ctx, retreated_to=to))
    return s


# ----------------------------------------------------------------------------- fates


def _placement(s: State, t: Tables, captor: int, pid: str) -> str | None:
    """R7: where a general who joins his captor stands."""
    if province(s, t, pid).army(captor).total():
        return pid
    ctx = _ctx(s)
    if ctx.province == pid and ctx.retreated_to and ctx.winner != captor:
        return ctx.retreated_to
    cap = capital(s, t, captor)
    if cap is not None and province(s, t, cap).owner == captor:
        return cap
    mine = owned(s, captor)
    return t.provinces[mine[0]].id if mine else None


def _fate_roll(s: State, t: Tables, task: D6, face: int, ev: list[Event]) -> State:
    """N28: 1-2 killed; 3-5 prisoner (keep or kill); 6 joins (accept, keep or kill)."""
    s = pop(s)
    h = next((x for x in s.heroes if x.id == task.hero), None)
    ev.append(DiceRolled(purpose="fate", seat=task.seat, at=task.at, face=face))
    if h is None or h.captor is None:
        return s
    captor = h.captor
    bonus = _sum(_traits(t, h), "fate_roll") + _sum(modifiers.features(s, t, captor), "fate_roll")
    roll = min(6, max(1, face + bonus))
    if roll in FATE_KILLED:
        return _kill(s, h, ev, "general_killed")
    to = _placement(s, t, captor, task.at or "") if roll == FATE_JOINS else None
    return push(s, Fate(seat=captor, hero=h.id, roll=roll, to=to))


def _fate(s: State, task: Fate, move: Any, ev: list[Event]) -> State:
    s = pop(s)
    h = hero(s, task.hero)
    if isinstance(move, Kill):
        return _kill(s, h, ev, "general_killed")
    if isinstance(move, AcceptGeneral):
        ev.append(Happened(what="general_joins", seat=task.seat, at=task.to, text=h.name))
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
    ev.append(Happened(what="prisoner", seat=task.seat, text=f"{h.name} is kept prisoner"))
    return s


# ------------------------------------------------------------------------------ driver


def _battle(s: State, t: Tables, task: Battle, ev: list[Event]) -> State:
    ctx = _ctx(s)
    pid = task.province
    stage = ctx.stage
    seats = (task.defender, task.attacker)
    if stage == "siege":
        s = _stage(s, "deploy")
        return push(
            s, SiegeChoice(seat=task.defender, province=pid, step="hide", opponent=task.attacker)
        )
    if stage == "deploy":
        s = _pad_drafts(s)
        for seat in seats:
            army = province(s, t, pid).army(seat)
            whole = Deployment(archers=army.archers, infantry=army.infantry, cavalry=army.cavalry)
            s = set_draft(s, seat, Draft(flanks=(Deployment(), Deployment(), whole)))
        return push(_stage(s, "timing"), Muster(province=pid, seats=seats))
    if stage == "timing":
        s = _stage(s, "fortress")
        if any(_timing_q(s, i) for i in (0, 1)):
            return push(s, Timing(province=pid, seats=seats))
        return _clear_drafts(s, seats)
    if stage == "fortress":
        p = province(s, t, pid)
        if p.owner == task.defender and ctx.fired < p.fortresses:
            cands = _targets_for_fortress(ctx)
            if cands:
                s = _set_ctx(s, _R(ctx, fired=ctx.fired + 1))
                if len(cands) == 1:
                    return push(
                        s, D6(purpose="fortress", seat=task.defender, at=pid, flank=cands[0])
                    )
                return push(s, Volley(seat=task.defender, province=pid))
        return _archery(_stage(s, "archery_hits"), t, pid)
    if stage in ("archery_hits", "melee1_hits", "melee2_hits"):
        done = _allocate_next(s, spill=stage != "archery_hits")
        if done is not None:
            return done
        return _check(s, stage.removesuffix("_hits"), ev)
    if stage == "melee1":
        return _melee(s, t, pid, "melee1_hits")
    if stage == "melee2":
        return _melee(s, t, pid, "melee2_hits")
    if stage == "result":
        return _result(s, t, task, ev)
    if stage == "fates":
        s = _stage(s, "done")
        return _fates(s, pid, (*ctx.sides[0].captured, *ctx.sides[1].captured))
    return pop(_set_ctx(s, BattleCtx(sieges=ctx.sieges)))


# ---------------------------------------------------------------------------- protocol


def actors(s: State, task: Any) -> tuple[Any, ...] | None:
    if isinstance(task, Muster):
        return tuple(x for x in task.seats if not s.drafts[x].committed)
    if isinstance(task, Timing):
        return tuple(x for i, x in enumerate(task.seats) if task.steps[i] < len(_timing_q(s, i)))
    return None


def moves(s: State, t: Tables, task: Any, actor: Any) -> list[Any]:
    if isinstance(task, Muster):
        return _muster_moves(s, t, task, actor)
    if isinstance(task, Timing):
        return _timing_moves(s, task, actor)
    if actor != getattr(task, "seat", None):
        return []
    seat = actor
    if isinstance(task, SiegeChoice):
        if task.step == "hide":
            return [Hide(seat=seat), Fight(seat=seat)]
        return [Besiege(seat=seat), HoldSiege(seat=seat)]
    if isinstance(task, Volley):
        return [FireAt(seat=seat, flank=f) for f in _targets_for_fortress(_ctx(s))]
    if isinstance(task, Assign):
        _, lo, hi = _assign_range(s, task)
        return [Allocate(seat=seat, count=n) for n in range(lo, hi + 1)]
    if isinstance(task, Strike):
        ctx = _ctx(s)
        i = _index(ctx, seat)
        return [StrikeFlank(seat=seat, flank=g) for g in _candidates(ctx, i, task.flank)]
    if isinstance(task, Spill):
        ctx = _ctx(s)
        i = _index(ctx, seat)
        enemy = ctx.sides[1 - i]
        front = ctx.sides[i].flanks[task.flank].target
        return [
            SpillTo(seat=seat, flank=g)
            for g, gl in enumerate(enemy.flanks)
            if g != front and gl.target == task.flank and _alive(gl) and _cap(gl) > 0
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
            return _fortress_roll(s, t, task, move.face, ev)
        return _fate_roll(s, t, task, move.face, ev)
    if isinstance(task, Hits):
        assert isinstance(move, HitsRolled) and task.flank is not None
        ev.append(
            DiceRolled(
                purpose=task.purpose, seat=task.seat, at=task.at, dice=task.dice, hits=move.hits
            )
        )
        s = pop(s)
        ctx = _ctx(s)
        i = _index(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        return _set_ctx(s, _set_flank(ctx, i, task.flank, _R(fl, hits=fl.hits + move.hits)))
    if isinstance(task, SiegeChoice):
        return _siege(s, t, task, move, ev)
    if isinstance(task, Muster):
        return _muster_perform(s, t, task, move)
    if isinstance(task, Timing):
        return _timing_perform(s, task, move)
    if isinstance(task, Volley):
        return push(
            pop(s), D6(purpose="fortress", seat=task.seat, at=task.province, flank=move.flank)
        )
    if isinstance(task, Assign):
        return _assign(s, task, move.count)
    if isinstance(task, Strike):
        ctx = _ctx(s)
        i = _index(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        return pop(_set_ctx(s, _set_flank(ctx, i, task.flank, _R(fl, target=move.flank))))
    if isinstance(task, Spill):
        ctx = _ctx(s)
        i = _index(ctx, task.seat)
        fl = ctx.sides[i].flanks[task.flank]
        n = min(fl.hits, _cap(ctx.sides[1 - i].flanks[move.flank]))
        s = _set_ctx(pop(s), _set_flank(ctx, i, task.flank, _R(fl, hits=fl.hits - n)))
        return push(s, Assign(seat=task.seat, side=1 - i, flank=move.flank, hits=n))
    if isinstance(task, Retreat):
        return _retreat(s, t, task, move.province, ev)
    if isinstance(task, TakeNeutral):
        s = pop(s)
        if isinstance(move, TakeProvince):
            money = s.players[task.seat].money
            s = update(s, task.seat, money=money - NEUTRAL_AFTER_BATTLE)
            p = province(s, t, task.province)
            s = set_province(s, t, task.province, _R(p, owner=task.seat))
            ev.append(
                Happened(what="province_taken", seat=task.seat, at=task.province, text="for 1 $")
            )
        return s
    if isinstance(task, Fate):
        return _fate(s, task, move, ev)
    raise AssertionError(f"no decision in {task!r}")


def run(s: State, t: Tables, task: Any, ev: list[Event]) -> State | None:
    if isinstance(task, Clash):
        return _clash(s, t, task, ev)
    if isinstance(task, Battle):
        return _battle(s, t, task, ev)
    if isinstance(task, Muster):
        return _muster_run(s, t, task, ev)
    if isinstance(task, Timing):
        return _timing_run(s, task, ev)
    if isinstance(task, Assign):
        _, lo, hi = _assign_range(s, task)
        return _assign(s, task, lo) if lo == hi else None
    if isinstance(task, Retreat):
        options = retreats(s, t, task)
        return (
            _retreat(s, t, task, options[0] if options else None, ev) if len(options) < 2 else None
        )
    if isinstance(task, TakeNeutral):
        p = province(s, t, task.province)
        if p.owner is not None or s.players[task.seat].money < NEUTRAL_AFTER_BATTLE:
            return pop(s)
        if not p.army(task.seat).total():
            return pop(s)
        return None
    return None
