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

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from arbiter.core.render import now_lines, per_pack
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
    Hero,
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
    ProvinceState,
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
    parts = []
    if x.infantry:
        parts.append(f"{x.infantry} infantry")
    if x.archers:
        parts.append(f"{x.archers} archers")
    if x.cavalry:
        parts.append(f"{x.cavalry} cavalry")
    return ", ".join(parts) or "no soldiers"


class _PackText:
    """The texts of a pack that every view of it repeats, made once per :class:`Tables`: the
    names of provinces, of any place (as :func:`place`) and of trait cards (as
    :func:`trait_text`), each sea's head of its fleet line, and the hero list's lines of the
    heroes seen lately (a line depends on the hero and the pack only)."""

    def __init__(self, t: Tables) -> None:
        self.province: dict[str, str] = {x.id: x.name for x in t.provinces}
        self.place: dict[str, str] = {x.id: x.name for x in t.seas} | self.province
        self.trait: dict[str | None, str] = {x.id: x.name for x in t.traits.values()}
        self.fleet_head: dict[str, str] = {
            x.id: f"  {sea_text(t, x.id)} (storm class {x.storm}): " for x in t.seas
        }
        self._hero_lines: dict[Hero, str] = {}

    def hero_line(self, h: Hero) -> str:
        """``  Scipio (general), seat 1, Latium; +Brave, -Rash``: a line of the hero list."""
        line = self._hero_lines.get(h)
        if line is None:
            if len(self._hero_lines) >= _HERO_LINES_KEPT:
                self._hero_lines.clear()
            if h.captor is not None:
                where = f"prisoner of seat {h.captor}"
            else:
                where = self.place.get(h.province, h.province) if h.province else "unplaced"
            traits = f"+{self.trait.get(h.plus, '-')}, -{self.trait.get(h.minus, '-')}"
            line = self._hero_lines[h] = f"  {hero_text(h)}, seat {h.owner}, {where}; {traits}"
        return line


#: The most hero list lines a pack keeps (all are dropped when there would be more).
_HERO_LINES_KEPT: Final = 4096


#: The pack's :class:`_PackText`, kept as long as its tables are.
_pack_text = per_pack(_PackText)


def _hero_name(v: WargameView, hid: str | None) -> str:
    return next((hero_text(h) for h in v.heroes if h.id == hid), "a hero")


def _seats(v: WargameView, t: Tables, seats: Any) -> str:
    return ", ".join(seat_text(v, t, x) for x in seats)


def task_text(v: WargameView, t: Tables, task: Any) -> str:
    """What ``task`` decides or does, in words (public: the stack is in every view)."""
    # Tasks are leaves of a tagged union: matched by exact type, as isinstance goes through the
    # msgspec struct metaclass (a few times slower, and this runs for every step waiting).
    task_type = type(task)
    who = seat_text(v, t, task.seat) if isinstance(getattr(task, "seat", None), int) else ""
    if task_type is Phase:
        return f"{PHASES[task.number]} begins"
    if task_type is EndTurn:
        return "the end of the turn (victory conditions)"
    if task_type is Sealed:
        waiting = [x for x in task.seats if not v.players[x].committed]
        return f"{_seats(v, t, waiting)} choose {_STEPS[task.step]}, in secret"
    if task_type is D6:
        at = f" ({place(t, task.at)})" if task.at in t.province or task.at in t.sea else ""
        return f"a die is rolled for {_D6[task.purpose]}{at}"
    if task_type is Hits:
        return f"{task.dice} dice are rolled for {who}'s {task.purpose}"
    if task_type is Research:
        return f"{who}'s research dice are rolled"
    if task_type is DrawBasic:
        return f"{who} learns a random basic science"
    if task_type is NewHero:
        return f"a {task.kind} is born: his owner is drawn" if task.kind else "a hero is born"
    if task_type is DrawTrait:
        return f"a trait card is drawn for {_hero_name(v, task.hero)}"
    if task_type is DealStates:
        return f"a state card is dealt to seat {task.seat}"
    if task_type is PickState:
        return f"seat {task.seat} picks its state"
    if task_type is UpperHero:
        return f"{who} decides which of its heroes stands higher in the hero list"
    if task_type is HeroList:
        return "the hero list is written"
    if task_type is StudyNext:
        return f"{who} chooses the advanced science it studies next"
    if task_type is PlaceHero:
        return f"{who} decides where {_hero_name(v, task.hero)} stands"
    if task_type is MoveFleets:
        return f"{who} moves its ships"
    if task_type is NavalChoice:
        return (
            f"{who} decides whether to attack {seat_text(v, t, task.opponent)} "
            f"in {sea_text(t, task.sea)}"
        )
    if task_type is NavalBattle:
        return f"the naval battle in {sea_text(t, task.sea)}"
    if task_type is HeroTurn:
        return f"{who} decides where {_hero_name(v, task.hero)} moves"
    if task_type is TakeArmy:
        return (
            f"{who} decides which soldiers go with {_hero_name(v, task.hero)} "
            f"from {place(t, task.origin)} to {place(t, task.to)}"
        )
    if task_type is AnnexChoice:
        return f"{who} decides whether to annex {place(t, task.province)}"
    if task_type is DefenderChoice:
        return (
            f"{who} decides whether {_hero_name(v, task.hero)} stays in "
            f"{place(t, task.province)} or retreats"
        )
    if task_type is CounterIntel:
        return f"{who} decides whether to pay for counter-intelligence"
    if task_type is Clash:
        return f"the clash in {place(t, task.province)}"
    if task_type is Battle:
        return (
            f"the battle in {place(t, task.province)}: {seat_text(v, t, task.attacker)} "
            f"attacks {seat_text(v, t, task.defender)}"
        )
    if task_type is SiegeChoice:
        verb = "hide in its fortresses" if task.step == "hide" else "besiege the fortresses"
        return f"{who} decides whether to {verb} in {place(t, task.province)}"
    if task_type is Muster or task_type is Timing:
        what = "deploy their armies" if task_type is Muster else "time their reserves"
        return f"{_seats(v, t, task.seats)} {what} in {place(t, task.province)}, in secret"
    if task_type is Volley:
        return f"{who} names the flank the next fortress of {place(t, task.province)} fires at"
    if task_type is Assign:
        return f"{who} allocates {task.hits} hit(s) on a {FLANKS[task.flank]} flank"
    if task_type is Strike or task_type is Spill:
        return f"{who} chooses where its {FLANKS[task.flank]} flank strikes"
    if task_type is Retreat:
        return f"{who} chooses where to retreat from {place(t, task.province)}"
    if task_type is TakeNeutral:
        return f"{who} decides whether to take {place(t, task.province)} for 1 money"
    if task_type is Fate:
        return f"{who} decides the fate of {_hero_name(v, task.hero)} (the die showed {task.roll})"
    if task_type is Diplomacy:
        return f"{who} acts in the diplomacy round"
    if task_type is Offer:
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


def _player_lines(v: WargameView, t: Tables, seats: Sequence[str]) -> list[str]:
    lines = ["Seats:"]
    held = Counter(x.owner for x in v.provinces.values() if x.in_play)
    for i, p in enumerate(v.players):
        you = " (you)" if i == v.seat else ""
        out = f" -- eliminated on turn {p.eliminated}" if p.eliminated is not None else ""
        done = " -- has committed" if p.committed else ""
        lines.append(
            f"{seats[i]}{you}: {p.food} food, {p.money} money, {p.vp} VP, "
            f"{held[i]} province(s){out}{done}"
        )
        built = ", ".join([BUILDING_NAMES[b] for b in p.buildings]) or "none"
        known = ", ".join([SCIENCE_NAMES[x] for x in p.sciences]) or "none"
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


def _standing_text(h: Hero, owner: int | None) -> str:
    """A hero standing in a province owned by ``owner``: ``Scipio``, ``Cato (adm.)``, and with
    its seat when that is not the owner (``Scipio (seat 2)``, ``Cato (adm., seat 2)``)."""
    admin = h.kind == "administrator"
    if h.owner == owner:
        return f"{h.name} (adm.)" if admin else h.name
    return f"{h.name} (adm., seat {h.owner})" if admin else f"{h.name} (seat {h.owner})"


def _province_bits(x: ProvinceState, heroes: Sequence[str]) -> list[str]:
    """What stands in a province: fortresses, armies (by seat unless the owner's alone), the free
    heroes (``heroes``, as :func:`_standing_text`), and whether it is sabotaged."""
    bits: list[str] = []
    if x.fortresses:
        bits.append(f"{x.fortresses} fortress(es)")
    armies = [a for a in x.armies if a.troops.total()] if x.armies else []
    if armies:
        many = len(x.armies) > 1
        bits.append(
            "; ".join(
                [
                    f"seat {a.seat}: {troops_text(a.troops)}"
                    if many or a.seat != x.owner
                    else troops_text(a.troops)
                    for a in armies
                ]
            )
        )
    named = ", ".join(heroes)
    if named:
        bits.append(named)
    if x.sabotaged:
        bits.append("sabotaged")
    return bits


def _province_lines(v: WargameView, t: Tables, seats: Sequence[str]) -> list[str]:
    lines: list[str] = []
    names = _pack_text(t).province
    owners: dict[int | None, list[str]] = {}
    quiet: dict[int | None, list[str]] = {}
    contested: list[str] = []
    standing: dict[str, list[str]] = {}  # the free heroes (as named here) by province, in order
    for h in v.heroes:
        if h.captor is None and h.province in v.provinces:
            owner = v.provinces[h.province].owner
            standing.setdefault(h.province, []).append(_standing_text(h, owner))
    for pid, x in v.provinces.items():
        if not x.in_play:
            continue
        heroes = standing.get(pid, ())
        bits = (
            _province_bits(x, heroes) if heroes or x.armies or x.fortresses or x.sabotaged else []
        )
        if not bits:
            quiet.setdefault(x.owner, []).append(names[pid])
            continue
        owners.setdefault(x.owner, []).append(f"    {names[pid]}: {' | '.join(bits)}")
        if x.armies and any(a.seat != x.owner for a in x.armies if a.troops.total()):
            contested.append(names[pid])
    for owner in sorted(owners.keys() | quiet.keys(), key=lambda o: -1 if o is None else o):
        if owner is None:
            continue
        lines.append(f"  {seats[owner]}:")
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


def _fleet_lines(v: WargameView, t: Tables) -> list[str]:
    heads = _pack_text(t).fleet_head
    fleets = []
    for sid, x in v.seas.items():
        ships = (
            [f"seat {f.seat} {f.ships} ship(s)" for f in x.fleets if f.ships] if x.fleets else []
        )
        if ships:
            fleets.append(heads[sid] + ", ".join(ships))
    return ["Fleets:", *fleets] if fleets else ["Fleets: none"]


def _hero_lines(v: WargameView, t: Tables) -> list[str]:
    pack = _pack_text(t)
    return ["Hero list (oldest first):", *[pack.hero_line(h) for h in v.heroes]]


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
    seats = [seat_text(v, t, i) for i in range(len(v.players))]
    lines.extend(_player_lines(v, t, seats))
    lines.extend(_province_lines(v, t, seats))
    lines.extend(_fleet_lines(v, t))
    lines.extend(_hero_lines(v, t))
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
