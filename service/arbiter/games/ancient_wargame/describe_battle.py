"""Readable moves of phase 9, the land battles: one sentence per siege, deployment, reserve
timing, fortress fire, strike, spill-over, hit allocation, neutral province and captive's fate
move (the describers :data:`.describe.DESCRIBERS` maps those move types to).

A sentence reads the battle decision on top of the stack and the public record
(:class:`~.battle_state.BattleCtx`): the deployment question asked now follows the fixed order of
:mod:`.deployment` (R6), flanks are named left, centre and right (Q53). No ruling is applied here.
"""

from __future__ import annotations

from arbiter.core.texts import Text, plural, text
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
    count_text,
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
        return plural(
            "Shelter in your {count} fortress(es) of {province} instead of fighting {seat}",
            "Shelter in your {count} fortress(es) of {province} instead of fighting {seat}",
            count=forts,
            province=where,
            seat=foe,
        )
    if isinstance(m, Fight):
        return text("Fight {seat} in {province}", seat=foe, province=where)
    if isinstance(m, Besiege):
        return text(
            "Besiege {seat}'s fortresses in {province} (one of {count} is removed)",
            seat=foe,
            province=where,
            count=forts,
        )
    return text(
        "Hold the siege of {province} without storming (no fortress removed)", province=where
    )


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
        return text(
            "Hold {units} of your {flank} flank in reserve",
            units=count_text(m.count, unit),
            flank=FLANKS[f],
        )
    if f == 1:
        return text(
            "Put {units} on your {flank} flank (the rest go right)",
            units=count_text(m.count, what),
            flank=FLANKS[f],
        )
    return text(
        "Put {units} on your {flank} flank", units=count_text(m.count, what), flank=FLANKS[f]
    )


def attach(s: WargameState, t: Tables, m: Attach) -> str:
    what, g = deploy_question(s, t, m.seat)
    assert what == "attach" and s.battle is not None
    h = hero_of(s, s.battle.sides[side_of(s, m.seat)].generals[g])
    return text("Attach {hero} to your {flank} flank", hero=hero_text(h), flank=FLANKS[m.flank])


def timing(s: WargameState, t: Tables, m: ReserveTiming) -> str:
    task = top_task(s, Timing)
    i = task.seats.index(m.seat)
    assert s.battle is not None
    flanks = [
        f
        for f, fl in enumerate(s.battle.sides[i].flanks)
        if fl.reserve_infantry or fl.reserve_cavalry
    ]
    flank = FLANKS[flanks[task.steps[i]]]
    if m.early:
        return text(
            "The reserve of your {flank} flank joins early (after the archery)", flank=flank
        )
    return text("The reserve of your {flank} flank joins late (after the first melee)", flank=flank)


def enemy_text(s: WargameState, t: Tables, seat: int) -> Text:
    assert s.battle is not None
    return seat_text(s, t, next(x.seat for x in s.battle.sides if x.seat != seat))


def fire_at(s: WargameState, t: Tables, m: FireAt) -> str:
    task = top_task(s, Volley)
    return text(
        "The next fortress of {province} fires at {seat}'s {flank} flank",
        province=place(t, task.province),
        seat=enemy_text(s, t, m.seat),
        flank=FLANKS[m.flank],
    )


def strike(s: WargameState, t: Tables, m: StrikeFlank) -> str:
    task = top_task(s, Strike)
    return text(
        "Your {flank} flank strikes {seat}'s {target} flank",
        flank=FLANKS[task.flank],
        seat=enemy_text(s, t, m.seat),
        target=FLANKS[m.flank],
    )


def spill(s: WargameState, t: Tables, m: SpillTo) -> str:
    task = top_task(s, Spill)
    return text(
        "Your {flank} flank's surplus hits go first to {seat}'s {target} flank",
        flank=FLANKS[task.flank],
        seat=enemy_text(s, t, m.seat),
        target=FLANKS[m.flank],
    )


def allocate(s: WargameState, t: Tables, m: Allocate) -> str:
    task = top_task(s, Assign)
    assert s.battle is not None
    side = s.battle.sides[task.side]
    hits = plural("{count} hit", "{count} hits", count=task.hits)
    flank = FLANKS[task.flank]
    if side.seat == m.seat:
        head = text("Of {hits} on your {flank} flank", hits=hits, flank=flank)
    else:
        head = text(
            "Of {hits} on {seat}'s {flank} flank",
            hits=hits,
            seat=seat_text(s, t, side.seat),
            flank=flank,
        )
    if task.immediate and task.archers is None:
        return text("{head}, {archers} knock out archers", head=head, archers=m.count)
    rest = task.hits - (task.archers or 0) - m.count
    return text(
        "{head}, {cavalry} fall on cavalry and {infantry} on infantry",
        head=head,
        cavalry=m.count,
        infantry=rest,
    )


def take_province(s: WargameState, t: Tables, m: TakeProvince | Decline) -> str:
    task = top_task(s, TakeNeutral)
    if isinstance(m, Decline):
        return text("Leave {province} neutral", province=place(t, task.province))
    return text(
        "Take the neutral {province} for {money}",
        province=place(t, task.province),
        money=money_text(NEUTRAL_AFTER_BATTLE),
    )


def fate(s: WargameState, t: Tables, m: Keep | Kill | AcceptGeneral) -> str:
    task = top_task(s, Fate)
    h = hero_of(s, task.hero)
    who = text("{hero} of {seat}", hero=hero_text(h), seat=seat_text(s, t, h.owner))
    if isinstance(m, Keep):
        return text("Keep {hero} prisoner", hero=who)
    if isinstance(m, Kill):
        return text("Kill the captured {hero}", hero=who)
    return text(
        "Accept {hero} into your state, placed in {province}",
        hero=who,
        province=place(t, task.to or ""),
    )
