"""Readable moves of phase 9, the land battles: one sentence per siege, deployment, reserve
timing, fortress fire, strike, spill-over, hit allocation, neutral province and captive's fate
move (the describers :data:`.describe.DESCRIBERS` maps those move types to).

A sentence reads the battle decision on top of the stack and the public record
(:class:`~.battle_state.BattleCtx`): the deployment question asked now follows the fixed order of
:mod:`.deployment` (R6), flanks are named left, centre and right (Q53). No ruling is applied here.
"""

from __future__ import annotations

from arbiter.games.ancient_wargame.battle_state import (
    Assign,
    Fate,
    Muster,
    SiegeChoice,
    Spill,
    Strike,
    TakeNeutral,
    Timing,
    Volley,
)
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
    HoldSiege,
    Keep,
    Kill,
    ReserveTiming,
    SpillTo,
    StrikeFlank,
    TakeProvince,
)
from arbiter.games.ancient_wargame.naming import (
    FLANKS,
    hero_of,
    hero_text,
    money_text,
    place,
    seat_text,
    top_task,
)
from arbiter.games.ancient_wargame.rules import NEUTRAL_AFTER_BATTLE
from arbiter.games.ancient_wargame.state import WargameState
from arbiter.games.ancient_wargame.tables import Tables


def siege(s: WargameState, t: Tables, m: Hide | Fight | Besiege | HoldSiege) -> str:
    task = top_task(s, SiegeChoice)
    where = place(t, task.province)
    foe = seat_text(s, t, task.opponent)
    forts = s.provinces[t.province_index[task.province]].fortresses
    if isinstance(m, Hide):
        return f"Shelter in your {forts} fortress(es) of {where} instead of fighting {foe}"
    if isinstance(m, Fight):
        return f"Fight {foe} in {where}"
    if isinstance(m, Besiege):
        return f"Besiege {foe}'s fortresses in {where} (one of {forts} is removed)"
    return f"Hold the siege of {where} without storming (no fortress removed)"


def side_of(s: WargameState, seat: int) -> int:
    assert s.battle is not None
    return next(i for i, x in enumerate(s.battle.sides) if x.seat == seat)


def deploy_question(s: WargameState, t: Tables, seat: int) -> tuple[str, int]:
    """The deployment question ``seat`` answers now (the fixed order of :mod:`.deployment`)."""
    task = top_task(s, Muster)
    i = task.seats.index(seat)
    army = s.provinces[t.province_index[task.province]].army(seat)
    qs: list[tuple[str, int]] = [
        (u, f) for f in (0, 1) for u in ("archers", "infantry", "cavalry") if army.of(u)
    ]
    for f in (0, 1, 2):
        if army.infantry:
            qs.append(("reserve_infantry", f))
        if army.cavalry:
            qs.append(("reserve_cavalry", f))
    assert s.battle is not None
    qs += [("attach", g) for g in range(len(s.battle.sides[i].generals))]
    step: int = task.steps[i]
    return qs[step]


def deploy(s: WargameState, t: Tables, m: Deploy) -> str:
    what, f = deploy_question(s, t, m.seat)
    if what.startswith("reserve_"):
        unit = what.removeprefix("reserve_")
        return f"Hold {m.count} {unit} of your {FLANKS[f]} flank in reserve"
    return f"Put {m.count} {what} on your {FLANKS[f]} flank" + (
        " (the rest go right)" if f == 1 else ""
    )


def attach(s: WargameState, t: Tables, m: Attach) -> str:
    what, g = deploy_question(s, t, m.seat)
    assert what == "attach" and s.battle is not None
    h = hero_of(s, s.battle.sides[side_of(s, m.seat)].generals[g])
    return f"Attach {hero_text(h)} to your {FLANKS[m.flank]} flank"


def timing(s: WargameState, t: Tables, m: ReserveTiming) -> str:
    task = top_task(s, Timing)
    i = task.seats.index(m.seat)
    assert s.battle is not None
    flanks = [
        f
        for f, fl in enumerate(s.battle.sides[i].flanks)
        if fl.reserve_infantry or fl.reserve_cavalry
    ]
    when = "early (after the archery)" if m.early else "late (after the first melee)"
    return f"The reserve of your {FLANKS[flanks[task.steps[i]]]} flank joins {when}"


def enemy_text(s: WargameState, t: Tables, seat: int) -> str:
    assert s.battle is not None
    return seat_text(s, t, next(x.seat for x in s.battle.sides if x.seat != seat))


def fire_at(s: WargameState, t: Tables, m: FireAt) -> str:
    task = top_task(s, Volley)
    return (
        f"The next fortress of {place(t, task.province)} fires at {enemy_text(s, t, m.seat)}'s "
        f"{FLANKS[m.flank]} flank"
    )


def strike(s: WargameState, t: Tables, m: StrikeFlank) -> str:
    task = top_task(s, Strike)
    return f"Your {FLANKS[task.flank]} flank strikes {enemy_text(s, t, m.seat)}'s {FLANKS[m.flank]} flank"


def spill(s: WargameState, t: Tables, m: SpillTo) -> str:
    task = top_task(s, Spill)
    return (
        f"Your {FLANKS[task.flank]} flank's surplus hits go first to {enemy_text(s, t, m.seat)}'s "
        f"{FLANKS[m.flank]} flank"
    )


def allocate(s: WargameState, t: Tables, m: Allocate) -> str:
    task = top_task(s, Assign)
    assert s.battle is not None
    side = s.battle.sides[task.side]
    whose = "your" if side.seat == m.seat else f"{seat_text(s, t, side.seat)}'s"
    hits = f"{task.hits} hit{'' if task.hits == 1 else 's'}"
    head = f"Of {hits} on {whose} {FLANKS[task.flank]} flank"
    if task.immediate and task.archers is None:
        return f"{head}, {m.count} knock out archers"
    rest = task.hits - (task.archers or 0) - m.count
    return f"{head}, {m.count} fall on cavalry and {rest} on infantry"


def take_province(s: WargameState, t: Tables, m: TakeProvince | Decline) -> str:
    task = top_task(s, TakeNeutral)
    if isinstance(m, Decline):
        return f"Leave {place(t, task.province)} neutral"
    return f"Take the neutral {place(t, task.province)} for {money_text(NEUTRAL_AFTER_BATTLE)}"


def fate(s: WargameState, t: Tables, m: Keep | Kill | AcceptGeneral) -> str:
    task = top_task(s, Fate)
    h = hero_of(s, task.hero)
    who = f"{hero_text(h)} of {seat_text(s, t, h.owner)}"
    if isinstance(m, Keep):
        return f"Keep {who} prisoner"
    if isinstance(m, Kill):
        return f"Kill the captured {who}"
    return f"Accept {who} into your state, placed in {place(t, task.to or '')}"
