"""A seat's view of the ancient wargame as text, for a person to follow the game.

Read from the :class:`~.view.WargameView` only (and its pack), so a seat's text shows exactly what
it may know. Top to bottom: the turn and phase in words and what is decided now (``seat 2 decides
where Hannibal moves``), with the steps waiting under it; each seat (state, ₣, $, VP, buildings,
sciences; its own buildings under construction, science in study and secret choices only for
itself); the provinces by owner with fortresses, armies and heroes, and the contested ones; the
fleets by sea with their storm classes; the hero list with traits; wars and deals with their terms
and expiry; the battle under way, flank by flank. Names come from :mod:`.describe`, so a move's
sentence and the table's text agree.
"""

from __future__ import annotations

from typing import Any, Final

from arbiter.core.render import now_lines
from arbiter.games.ancient_wargame.battle_state import (
    Assign,
    Battle,
    Clash,
    Fate,
    FlankState,
    Muster,
    Retreat,
    Side,
    SiegeChoice,
    Spill,
    Strike,
    TakeNeutral,
    Timing,
    Volley,
)
from arbiter.games.ancient_wargame.describe import (
    BUILDING_NAMES,
    FLANKS,
    SCIENCE_NAMES,
    hero_text,
    offer_terms,
    place,
    sea_text,
    seat_text,
    trait_text,
)
from arbiter.games.ancient_wargame.diplomacy_state import Deal, Diplomacy, Offer
from arbiter.games.ancient_wargame.state import (
    D6,
    AnnexChoice,
    CounterIntel,
    DealStates,
    DefenderChoice,
    Draft,
    DrawBasic,
    DrawTrait,
    EndTurn,
    HeroList,
    HeroTurn,
    Hits,
    MoveFleets,
    NavalBattle,
    NavalChoice,
    NewHero,
    Phase,
    PickState,
    PlaceHero,
    Research,
    Sealed,
    StudyNext,
    TakeArmy,
    Troops,
    UpperHero,
)
from arbiter.games.ancient_wargame.tables import Tables
from arbiter.games.ancient_wargame.view import WargameView

PHASES: Final = {
    0: "setup",
    1: "phase 1, buying troops",
    2: "phase 2, upkeep",
    3: "phase 3, heroes born and dying",
    4: "phase 4, construction",
    5: "phase 5, research",
    6: "phase 6, income",
    7: "phase 7, fleets",
    8: "phase 8, hero movement",
    9: "phase 9, land battles",
    10: "phase 10, diplomacy",
    11: "phase 11, espionage",
}
_STEPS: Final = {
    "hire": "what to hire",
    "upkeep": "what to disband for the upkeep",
    "build": "what to build",
    "buy_vp": "whether to buy a VP token",
    "mission": "a spy mission",
}
_D6: Final = {
    "births": "how many heroes are born",
    "deaths": "how many heroes die",
    "storm": "the storm",
    "fortress": "a fortress's fire",
    "fate": "a captured general's fate",
    "assassinate": "an assassination",
    "sabotage": "a sabotage",
}

_STAGES: Final = {
    "siege": "siege",
    "deploy": "deployment",
    "timing": "reserve timing",
    "fortress": "fortress fire",
    "archery": "archery",
    "archery_hits": "archery hits",
    "melee1": "first melee",
    "melee1_hits": "first melee hits",
    "melee2": "second melee",
    "melee2_hits": "second melee hits",
    "result": "result",
    "fates": "captured generals",
    "done": "over",
}


def troops_text(x: Troops | FlankState) -> str:
    parts = [
        f"{n} {k}"
        for k, n in (("infantry", x.infantry), ("archers", x.archers), ("cavalry", x.cavalry))
        if n
    ]
    return ", ".join(parts) or "no soldiers"


def _hero_name(v: WargameView, hid: str | None) -> str:
    return next((hero_text(h) for h in v.heroes if h.id == hid), "a hero")


def _seats(v: WargameView, t: Tables, seats: Any) -> str:
    return ", ".join(seat_text(v, t, x) for x in seats)


def task_text(v: WargameView, t: Tables, task: Any) -> str:
    """What ``task`` decides or does, in words (public: the stack is in every view)."""
    who = seat_text(v, t, task.seat) if isinstance(getattr(task, "seat", None), int) else ""
    if isinstance(task, Phase):
        return f"{PHASES[task.number]} begins"
    if isinstance(task, EndTurn):
        return "the end of the turn (victory conditions)"
    if isinstance(task, Sealed):
        waiting = [x for x in task.seats if not v.players[x].committed]
        return f"{_seats(v, t, waiting)} choose {_STEPS[task.step]}, in secret"
    if isinstance(task, D6):
        at = f" ({place(t, task.at)})" if task.at in t.province or task.at in t.sea else ""
        return f"a die is rolled for {_D6[task.purpose]}{at}"
    if isinstance(task, Hits):
        return f"{task.dice} dice are rolled for {who}'s {task.purpose}"
    if isinstance(task, Research):
        return f"{who}'s research dice are rolled"
    if isinstance(task, DrawBasic):
        return f"{who} learns a random basic science"
    if isinstance(task, NewHero):
        return f"a {task.kind} is born: his owner is drawn" if task.kind else "a hero is born"
    if isinstance(task, DrawTrait):
        return f"a trait card is drawn for {_hero_name(v, task.hero)}"
    if isinstance(task, DealStates):
        return f"a state card is dealt to seat {task.seat}"
    if isinstance(task, PickState):
        return f"seat {task.seat} picks its state"
    if isinstance(task, UpperHero):
        return f"{who} decides which of its heroes stands higher in the hero list"
    if isinstance(task, HeroList):
        return "the hero list is written"
    if isinstance(task, StudyNext):
        return f"{who} chooses the advanced science it studies next"
    if isinstance(task, PlaceHero):
        return f"{who} decides where {_hero_name(v, task.hero)} stands"
    if isinstance(task, MoveFleets):
        return f"{who} moves its ships"
    if isinstance(task, NavalChoice):
        return (
            f"{who} decides whether to attack {seat_text(v, t, task.opponent)} "
            f"in {sea_text(t, task.sea)}"
        )
    if isinstance(task, NavalBattle):
        return f"the naval battle in {sea_text(t, task.sea)}"
    if isinstance(task, HeroTurn):
        return f"{who} decides where {_hero_name(v, task.hero)} moves"
    if isinstance(task, TakeArmy):
        return (
            f"{who} decides which soldiers go with {_hero_name(v, task.hero)} "
            f"from {place(t, task.origin)} to {place(t, task.to)}"
        )
    if isinstance(task, AnnexChoice):
        return f"{who} decides whether to annex {place(t, task.province)}"
    if isinstance(task, DefenderChoice):
        return (
            f"{who} decides whether {_hero_name(v, task.hero)} stays in "
            f"{place(t, task.province)} or retreats"
        )
    if isinstance(task, CounterIntel):
        return f"{who} decides whether to pay for counter-intelligence"
    if isinstance(task, Clash):
        return f"the clash in {place(t, task.province)}"
    if isinstance(task, Battle):
        return (
            f"the battle in {place(t, task.province)}: {seat_text(v, t, task.attacker)} "
            f"attacks {seat_text(v, t, task.defender)}"
        )
    if isinstance(task, SiegeChoice):
        verb = "hide in its fortresses" if task.step == "hide" else "besiege the fortresses"
        return f"{who} decides whether to {verb} in {place(t, task.province)}"
    if isinstance(task, Muster | Timing):
        what = "deploy their armies" if isinstance(task, Muster) else "time their reserves"
        return f"{_seats(v, t, task.seats)} {what} in {place(t, task.province)}, in secret"
    if isinstance(task, Volley):
        return f"{who} names the flank the next fortress of {place(t, task.province)} fires at"
    if isinstance(task, Assign):
        return f"{who} allocates {task.hits} hit(s) on a {FLANKS[task.flank]} flank"
    if isinstance(task, Strike | Spill):
        return f"{who} chooses where its {FLANKS[task.flank]} flank strikes"
    if isinstance(task, Retreat):
        return f"{who} chooses where to retreat from {place(t, task.province)}"
    if isinstance(task, TakeNeutral):
        return f"{who} decides whether to take {place(t, task.province)} for 1 money"
    if isinstance(task, Fate):
        return f"{who} decides the fate of {_hero_name(v, task.hero)} (the die showed {task.roll})"
    if isinstance(task, Diplomacy):
        return f"{who} acts in the diplomacy round"
    if isinstance(task, Offer):
        terms = offer_terms(v, t, task, task.seat)
        if task.proposed:
            what = "cancelling their deals" if task.cancel else f"the deal ({terms})"
            return f"{seat_text(v, t, task.partner)} answers {who}: {what}"
        return f"{who} writes a deal for {seat_text(v, t, task.partner)} ({terms})"
    return str(type(task).__struct_config__.tag)


def _draft_lines(v: WargameView, t: Tables, d: Draft) -> list[str]:
    """The viewer's own secret choices not yet revealed."""
    parts = [f"hire {x.count} {x.unit} at {place(t, x.at)}" for x in d.hire]
    parts += [f"disband {x.count} {x.unit} in {place(t, x.at)}" for x in d.disband]
    parts += [f"build the {BUILDING_NAMES[b]}" for b in d.buildings]
    parts += [f"a fortress in {place(t, x)}" for x in d.fortresses]
    parts += ["buy a VP token"] if d.buy_vp else []
    if d.mission != "none" and d.target is not None:
        target = _hero_name(v, d.target) if d.mission == "assassinate" else place(t, d.target)
        parts.append(f"{d.mission} {target}")
    for f, x in enumerate(d.flanks):
        reserve = x.reserve_infantry + x.reserve_cavalry
        parts.append(
            f"{FLANKS[f]} flank {x.archers}a/{x.infantry}i/{x.cavalry}c"
            + (f" +{reserve} reserve ({'early' if x.reserve_early else 'late'})" if reserve else "")
        )
    return [f"  your secret choices: {'; '.join(parts)}"] if parts else []


def _player_lines(v: WargameView, t: Tables) -> list[str]:
    lines = ["Seats:"]
    for i, p in enumerate(v.players):
        you = " (you)" if i == v.seat else ""
        out = f" -- eliminated on turn {p.eliminated}" if p.eliminated is not None else ""
        done = " -- has committed" if p.committed else ""
        held = sum(1 for x in v.provinces.values() if x.in_play and x.owner == i)
        lines.append(
            f"{seat_text(v, t, i)}{you}: {p.food} food, {p.money} money, {p.vp} VP, "
            f"{held} province(s){out}{done}"
        )
        built = ", ".join(BUILDING_NAMES[b] for b in p.buildings) or "none"
        known = ", ".join(SCIENCE_NAMES[x] for x in p.sciences) or "none"
        lines.append(f"  buildings: {built}; sciences: {known}")
        private: list[str] = []
        if p.constructing is not None:
            if p.constructing:
                names = ", ".join(BUILDING_NAMES[b] for b in p.constructing)
                private.append(f"under construction: {names}")
            if p.studying is not None:
                private.append(f"studying {SCIENCE_NAMES[p.studying]}")
        else:
            if p.constructing_count:
                private.append(f"{p.constructing_count} building(s) under construction")
            if p.studies:
                private.append("studies an advanced science")
        if private:
            lines.append(f"  {'; '.join(private)}")
        if p.draft is not None:
            lines.extend(_draft_lines(v, t, p.draft))
    return lines


def _province_lines(v: WargameView, t: Tables) -> list[str]:
    lines: list[str] = []
    owners: dict[int | None, list[str]] = {}
    quiet: dict[int | None, list[str]] = {}
    contested: list[str] = []
    for pid, x in v.provinces.items():
        if not x.in_play:
            continue
        heroes = [
            h.name
            + (" (adm." if h.kind == "administrator" else " (")
            + (
                f"{', ' if h.kind == 'administrator' else ''}seat {h.owner})"
                if h.owner != x.owner
                else ")"
            )
            for h in v.heroes
            if h.province == pid and h.captor is None
        ]
        heroes = [h.removesuffix(" ()") for h in heroes]
        armies = [
            (f"seat {a.seat}: " if len(x.armies) > 1 or a.seat != x.owner else "")
            + troops_text(a.troops)
            for a in x.armies
            if a.troops.total()
        ]
        forts = f"{x.fortresses} fortress(es)" if x.fortresses else ""
        bits = [b for b in (forts, "; ".join(armies), ", ".join(heroes)) if b]
        bits += ["sabotaged"] if x.sabotaged else []
        if not bits:
            quiet.setdefault(x.owner, []).append(t.province[pid].name)
            continue
        owners.setdefault(x.owner, []).append(f"    {t.province[pid].name}: {' | '.join(bits)}")
        if any(a.seat != x.owner for a in x.armies if a.troops.total()):
            contested.append(t.province[pid].name)
    for owner in sorted(owners.keys() | quiet.keys(), key=lambda o: -1 if o is None else o):
        if owner is None:
            continue
        lines.append(f"  {seat_text(v, t, owner)}:")
        lines.extend(owners.get(owner, []))
        if quiet.get(owner):
            lines.append(f"    also: {', '.join(quiet[owner])}")
    if owners.get(None):
        lines.append("  neutral, with troops or heroes:")
        lines.extend(owners[None])
    if contested:
        lines.append(f"  contested: {', '.join(contested)}")
    if v.clashes:
        lines.append(f"  clashes for phase 9: {', '.join(place(t, x) for x in v.clashes)}")
    if v.battle is not None and v.battle.sieges:
        lines.append(f"  under siege: {', '.join(place(t, x) for x in v.battle.sieges)}")
    return ["Provinces:", *lines]


def _side_lines(v: WargameView, t: Tables, side: Side, role: str, timed: bool) -> list[str]:
    lost = f"{side.lost_infantry}i/{side.lost_archers}a/{side.lost_cavalry}c"
    lines = [f"  {role} {seat_text(v, t, side.seat)}: lost {lost}, {side.points} points"]
    for f, fl in enumerate(side.flanks):
        generals = [
            _hero_name(v, g) for g, at in zip(side.generals, side.attach, strict=False) if at == f
        ]
        reserve = fl.reserve_infantry + fl.reserve_cavalry
        lines.append(
            f"    {FLANKS[f]}: {troops_text(fl)}"
            + (f", reserve {reserve}" if reserve else "")
            + (f" ({'early' if fl.early else 'late'})" if reserve and timed else "")
            + (" -- broken" if fl.broken else "")
            + (f"; {', '.join(generals)}" if generals else "")
        )
    if not side.flanks and side.generals:
        lines.append(f"    generals: {', '.join(_hero_name(v, g) for g in side.generals)}")
    if side.captured:
        lines.append(f"    captured: {', '.join(_hero_name(v, g) for g in side.captured)}")
    return lines


def _battle_lines(v: WargameView, t: Tables) -> list[str]:
    b = v.battle
    if b is None or b.province is None:
        return []
    stage = _STAGES.get(b.stage or "", b.stage)
    lines = [f"Battle in {place(t, b.province)} ({stage}):"]
    for side, role in zip(b.sides, ("defender", "attacker"), strict=False):
        lines.extend(_side_lines(v, t, side, role, b.stage not in ("siege", "deploy", "timing")))
    if b.winner is not None:
        lines.append(f"  won by {seat_text(v, t, b.winner)}")
    return lines


def _deal_text(v: WargameView, t: Tables, d: Deal) -> str:
    terms = []
    if d.alliance:
        terms.append("alliance")
    if d.peace:
        terms.append("peace")
    if d.passage_ab and d.passage_ba:
        terms.append("passage both ways")
    elif d.passage_ab:
        terms.append(f"seat {d.a} grants seat {d.b} passage")
    elif d.passage_ba:
        terms.append(f"seat {d.b} grants seat {d.a} passage")
    if d.joint_attack is not None:
        terms.append(f"joint attack on {seat_text(v, t, d.joint_attack)}")
    return (
        f"  {seat_text(v, t, d.a)} and {seat_text(v, t, d.b)}: {', '.join(terms) or 'no terms'}"
        f" (made on turn {d.made}, until phase 10 of turn {d.expires})"
    )


def render_view(v: WargameView, t: Tables) -> str:
    who = "spectator" if v.seat is None else seat_text(v, t, v.seat)
    turn = f"turn {v.turn} of 25" if v.turn else "before the first turn"
    phase = "the game is over" if v.stage == "over" else PHASES.get(v.phase, str(v.phase))
    lines = [f"Ancient wargame -- {who}'s view; {turn}, {phase}"]
    if v.pending and v.stage != "over":
        under = [task_text(v, t, x) for x in reversed(v.pending[:-1])]
        lines.extend(now_lines(task_text(v, t, v.pending[-1]), under))
    lines.extend(_player_lines(v, t))
    lines.extend(_province_lines(v, t))
    fleets = [
        f"  {sea_text(t, sid)} (storm class {t.sea[sid].storm}): "
        + ", ".join(f"seat {f.seat} {f.ships} ship(s)" for f in x.fleets if f.ships)
        for sid, x in v.seas.items()
        if any(f.ships for f in x.fleets)
    ]
    lines.extend(["Fleets:", *fleets] if fleets else ["Fleets: none"])
    lines.append("Hero list (oldest first):")
    for h in v.heroes:
        where = (
            f"prisoner of seat {h.captor}"
            if h.captor is not None
            else (place(t, h.province) if h.province else "unplaced")
        )
        traits = f"+{trait_text(t, h.plus)}, -{trait_text(t, h.minus)}"
        lines.append(f"  {hero_text(h)}, seat {h.owner}, {where}; {traits}")
    if v.wars:
        lines.append("Wars: " + "; ".join(f"seat {a} vs seat {b}" for a, b in v.wars))
    else:
        lines.append("Wars: none")
    if v.deals:
        lines.append("Deals:")
        lines.extend(_deal_text(v, t, d) for d in v.deals)
    if v.counter_intel:
        lines.append(f"Counter-intelligence paid this turn: {_seats(v, t, v.counter_intel)}")
    if v.fulfilled:
        lines.append(f"Unique victory condition met: {_seats(v, t, v.fulfilled)}")
    lines.extend(_battle_lines(v, t))
    return "\n".join(lines)
