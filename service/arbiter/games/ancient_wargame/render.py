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
from arbiter.core.texts import Text, joined, plural, term, text
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
from arbiter.games.ancient_wargame.naming import count_text, kind_term, units_text
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
    0: text("setup"),
    1: text("phase 1, buying troops"),
    2: text("phase 2, upkeep"),
    3: text("phase 3, heroes born and dying"),
    4: text("phase 4, construction"),
    5: text("phase 5, research"),
    6: text("phase 6, income"),
    7: text("phase 7, fleets"),
    8: text("phase 8, hero movement"),
    9: text("phase 9, land battles"),
    10: text("phase 10, diplomacy"),
    11: text("phase 11, espionage"),
}
_STEPS: Final = {
    "hire": text("what to hire"),
    "upkeep": text("what to disband for the upkeep"),
    "build": text("what to build"),
    "buy_vp": text("whether to buy a VP token"),
    "mission": text("a spy mission"),
}
_D6: Final = {
    "births": text("how many heroes are born"),
    "deaths": text("how many heroes die"),
    "storm": text("the storm"),
    "fortress": text("a fortress's fire"),
    "fate": text("a captured general's fate"),
    "assassinate": text("an assassination"),
    "sabotage": text("a sabotage"),
}
_HITS: Final = {"naval": text("naval"), "archery": text("archery"), "melee": text("melee")}
#: The automatic steps with no words of their own: said by their tags in English.
_TAGS: Final = {
    "start_kits": text("start_kits"),
    "fleet_step": text("fleet_step"),
    "end_movement": text("end_movement"),
}

_STAGES: Final = {
    "siege": text("siege"),
    "deploy": text("deployment"),
    "timing": text("reserve timing"),
    "fortress": text("fortress fire"),
    "archery": text("archery"),
    "archery_hits": text("archery hits"),
    "melee1": text("first melee"),
    "melee1_hits": text("first melee hits"),
    "melee2": text("second melee"),
    "melee2_hits": text("second melee hits"),
    "result": text("result"),
    "fates": text("captured generals"),
    "done": text("over"),
}


def _indent(spaces: int, line: str) -> Text:
    """``line`` after ``spaces`` blanks (said as ``line``)."""
    return joined((" " * spaces, line), "")


def troops_text(x: Troops | FlankState) -> Text:
    parts = []
    if x.infantry:
        parts.append(units_text(x.infantry, "infantry"))
    if x.archers:
        parts.append(units_text(x.archers, "archers"))
    if x.cavalry:
        parts.append(units_text(x.cavalry, "cavalry"))
    return joined(parts, ", ") if parts else text("no soldiers")


class _PackText:
    """The texts of a pack that every view of it repeats, made once per :class:`Tables`: the
    names of provinces, of any place (as :func:`place`) and of trait cards (as
    :func:`trait_text`), each sea's name (as :func:`sea_text`), and the hero list's lines of the
    heroes seen lately (a line depends on the hero and the pack only)."""

    def __init__(self, t: Tables) -> None:
        self.province: dict[str, Text] = {x.id: term(x.name) for x in t.provinces}
        self.place: dict[str, Text] = {x.id: term(x.name) for x in t.seas} | self.province
        self.trait: dict[str | None, Text] = {x.id: term(x.name) for x in t.traits.values()}
        self.sea: dict[str, Text] = {x.id: sea_text(t, x.id) for x in t.seas}
        self._hero_lines: dict[Hero, Text] = {}

    def hero_line(self, h: Hero) -> Text:
        """``  Scipio (general), seat 1, Latium; +Brave, -Rash``: a line of the hero list."""
        line = self._hero_lines.get(h)
        if line is None:
            if len(self._hero_lines) >= _HERO_LINES_KEPT:
                self._hero_lines.clear()
            where: str
            if h.captor is not None:
                where = text("prisoner of seat {seat}", seat=h.captor)
            elif h.province:
                where = self.place.get(h.province, h.province)
            else:
                where = text("unplaced")
            line = self._hero_lines[h] = text(
                "  {hero}, seat {seat}, {where}; +{plus}, -{minus}",
                hero=hero_text(h),
                seat=h.owner,
                where=where,
                plus=self.trait.get(h.plus, "-"),
                minus=self.trait.get(h.minus, "-"),
            )
        return line


#: The most hero list lines a pack keeps (all are dropped when there would be more).
_HERO_LINES_KEPT: Final = 4096


#: The pack's :class:`_PackText`, kept as long as its tables are.
_pack_text = per_pack(_PackText)


def _hero_name(v: WargameView, hid: str | None) -> Text:
    return next((hero_text(h) for h in v.heroes if h.id == hid), text("a hero"))


def _seats(v: WargameView, t: Tables, seats: Any) -> Text:
    return joined([seat_text(v, t, x) for x in seats], ", ")


def task_text(v: WargameView, t: Tables, task: Any) -> str:
    """What ``task`` decides or does, in words (public: the stack is in every view)."""
    # Tasks are leaves of a tagged union: matched by exact type, as isinstance goes through the
    # msgspec struct metaclass (a few times slower, and this runs for every step waiting).
    task_type = type(task)
    who: str = seat_text(v, t, task.seat) if isinstance(getattr(task, "seat", None), int) else ""
    if task_type is Phase:
        return text("{phase} begins", phase=PHASES[task.number])
    if task_type is EndTurn:
        return text("the end of the turn (victory conditions)")
    if task_type is Sealed:
        waiting = [x for x in task.seats if not v.players[x].committed]
        return text(
            "{seats} choose {what}, in secret", seats=_seats(v, t, waiting), what=_STEPS[task.step]
        )
    if task_type is D6:
        if task.at in t.province or task.at in t.sea:
            return text(
                "a die is rolled for {what} ({place})",
                what=_D6[task.purpose],
                place=place(t, task.at),
            )
        return text("a die is rolled for {what}", what=_D6[task.purpose])
    if task_type is Hits:
        return plural(
            "{count} dice are rolled for {seat}'s {purpose}",
            "{count} dice are rolled for {seat}'s {purpose}",
            count=task.dice,
            seat=who,
            purpose=_HITS[task.purpose],
        )
    if task_type is Research:
        return text("{seat}'s research dice are rolled", seat=who)
    if task_type is DrawBasic:
        return text("{seat} learns a random basic science", seat=who)
    if task_type is NewHero:
        if task.kind:
            return text("a {kind} is born: his owner is drawn", kind=kind_term(task.kind))
        return text("a hero is born")
    if task_type is DrawTrait:
        return text("a trait card is drawn for {hero}", hero=_hero_name(v, task.hero))
    if task_type is DealStates:
        return text("a state card is dealt to seat {seat}", seat=task.seat)
    if task_type is PickState:
        return text("seat {seat} picks its state", seat=task.seat)
    if task_type is UpperHero:
        return text("{seat} decides which of its heroes stands higher in the hero list", seat=who)
    if task_type is HeroList:
        return text("the hero list is written")
    if task_type is StudyNext:
        return text("{seat} chooses the advanced science it studies next", seat=who)
    if task_type is PlaceHero:
        return text("{seat} decides where {hero} stands", seat=who, hero=_hero_name(v, task.hero))
    if task_type is MoveFleets:
        return text("{seat} moves its ships", seat=who)
    if task_type is NavalChoice:
        return text(
            "{seat} decides whether to attack {foe} in {sea}",
            seat=who,
            foe=seat_text(v, t, task.opponent),
            sea=sea_text(t, task.sea),
        )
    if task_type is NavalBattle:
        return text("the naval battle in {sea}", sea=sea_text(t, task.sea))
    if task_type is HeroTurn:
        return text("{seat} decides where {hero} moves", seat=who, hero=_hero_name(v, task.hero))
    if task_type is TakeArmy:
        return text(
            "{seat} decides which soldiers go with {hero} from {origin} to {to}",
            seat=who,
            hero=_hero_name(v, task.hero),
            origin=place(t, task.origin),
            to=place(t, task.to),
        )
    if task_type is AnnexChoice:
        return text(
            "{seat} decides whether to annex {province}",
            seat=who,
            province=place(t, task.province),
        )
    if task_type is DefenderChoice:
        return text(
            "{seat} decides whether {hero} stays in {province} or retreats",
            seat=who,
            hero=_hero_name(v, task.hero),
            province=place(t, task.province),
        )
    if task_type is CounterIntel:
        return text("{seat} decides whether to pay for counter-intelligence", seat=who)
    if task_type is Clash:
        return text("the clash in {province}", province=place(t, task.province))
    if task_type is Battle:
        return text(
            "the battle in {province}: {attacker} attacks {defender}",
            province=place(t, task.province),
            attacker=seat_text(v, t, task.attacker),
            defender=seat_text(v, t, task.defender),
        )
    if task_type is SiegeChoice:
        if task.step == "hide":
            return text(
                "{seat} decides whether to hide in its fortresses in {province}",
                seat=who,
                province=place(t, task.province),
            )
        return text(
            "{seat} decides whether to besiege the fortresses in {province}",
            seat=who,
            province=place(t, task.province),
        )
    if task_type is Muster:
        return text(
            "{seats} deploy their armies in {province}, in secret",
            seats=_seats(v, t, task.seats),
            province=place(t, task.province),
        )
    if task_type is Timing:
        return text(
            "{seats} time their reserves in {province}, in secret",
            seats=_seats(v, t, task.seats),
            province=place(t, task.province),
        )
    if task_type is Volley:
        return text(
            "{seat} names the flank the next fortress of {province} fires at",
            seat=who,
            province=place(t, task.province),
        )
    if task_type is Assign:
        return plural(
            "{seat} allocates {count} hit(s) on a {flank} flank",
            "{seat} allocates {count} hit(s) on a {flank} flank",
            count=task.hits,
            seat=who,
            flank=FLANKS[task.flank],
        )
    if task_type is Strike or task_type is Spill:
        return text(
            "{seat} chooses where its {flank} flank strikes", seat=who, flank=FLANKS[task.flank]
        )
    if task_type is Retreat:
        return text(
            "{seat} chooses where to retreat from {province}",
            seat=who,
            province=place(t, task.province),
        )
    if task_type is TakeNeutral:
        return text(
            "{seat} decides whether to take {province} for 1 money",
            seat=who,
            province=place(t, task.province),
        )
    if task_type is Fate:
        return text(
            "{seat} decides the fate of {hero} (the die showed {roll})",
            seat=who,
            hero=_hero_name(v, task.hero),
            roll=task.roll,
        )
    if task_type is Diplomacy:
        return text("{seat} acts in the diplomacy round", seat=who)
    if task_type is Offer:
        terms = offer_terms(v, t, task, task.seat)
        partner = seat_text(v, t, task.partner)
        if task.proposed:
            if task.cancel:
                return text(
                    "{partner} answers {seat}: cancelling their deals", partner=partner, seat=who
                )
            return text(
                "{partner} answers {seat}: the deal ({terms})",
                partner=partner,
                seat=who,
                terms=terms,
            )
        return text(
            "{seat} writes a deal for {partner} ({terms})", seat=who, partner=partner, terms=terms
        )
    tag = str(type(task).__struct_config__.tag)
    return _TAGS.get(tag, tag)


def _draft_lines(v: WargameView, t: Tables, d: Draft) -> list[str]:
    """The viewer's own secret choices not yet revealed."""
    parts: list[str] = [
        text(
            "hire {units} at {province}", units=count_text(x.count, x.unit), province=place(t, x.at)
        )
        for x in d.hire
    ]
    parts += [
        text(
            "disband {units} in {province}",
            units=count_text(x.count, x.unit),
            province=place(t, x.at),
        )
        for x in d.disband
    ]
    parts += [text("build the {building}", building=BUILDING_NAMES[b]) for b in d.buildings]
    parts += [text("a fortress in {province}", province=place(t, x)) for x in d.fortresses]
    parts += [text("buy a VP token")] if d.buy_vp else []
    if d.mission != "none" and d.target is not None:
        if d.mission == "assassinate":
            parts.append(text("assassinate {target}", target=_hero_name(v, d.target)))
        else:
            parts.append(text("sabotage {target}", target=place(t, d.target)))
    for f, x in enumerate(d.flanks):
        reserve = x.reserve_infantry + x.reserve_cavalry
        line = {
            "flank": FLANKS[f],
            "archers": x.archers,
            "infantry": x.infantry,
            "cavalry": x.cavalry,
        }
        if not reserve:
            parts.append(text("{flank} flank {archers}a/{infantry}i/{cavalry}c", **line))
        elif x.reserve_early:
            parts.append(
                text(
                    "{flank} flank {archers}a/{infantry}i/{cavalry}c +{reserve} reserve (early)",
                    reserve=reserve,
                    **line,
                )
            )
        else:
            parts.append(
                text(
                    "{flank} flank {archers}a/{infantry}i/{cavalry}c +{reserve} reserve (late)",
                    reserve=reserve,
                    **line,
                )
            )
    if not parts:
        return []
    return [text("  your secret choices: {choices}", choices=joined(parts, "; "))]


def _player_lines(v: WargameView, t: Tables, seats: Sequence[str]) -> list[str]:
    lines: list[str] = [text("Seats:")]
    held = Counter(x.owner for x in v.provinces.values() if x.in_play)
    for i, p in enumerate(v.players):
        lines.append(
            plural(
                "{seat}{you}: {food} food, {money} money, {vp} VP, {count} province(s){out}{done}",
                "{seat}{you}: {food} food, {money} money, {vp} VP, {count} province(s){out}{done}",
                count=held[i],
                seat=seats[i],
                you=text(" (you)") if i == v.seat else "",
                food=p.food,
                money=p.money,
                vp=p.vp,
                out=(
                    text(" -- eliminated on turn {turn}", turn=p.eliminated)
                    if p.eliminated is not None
                    else ""
                ),
                done=text(" -- has committed") if p.committed else "",
            )
        )
        none = text("none")
        built = joined([BUILDING_NAMES[b] for b in p.buildings], ", ") if p.buildings else none
        known = joined([SCIENCE_NAMES[x] for x in p.sciences], ", ") if p.sciences else none
        lines.append(
            text("  buildings: {buildings}; sciences: {sciences}", buildings=built, sciences=known)
        )
        private: list[str] = []
        if p.constructing is not None:
            if p.constructing:
                names = joined([BUILDING_NAMES[b] for b in p.constructing], ", ")
                private.append(text("under construction: {buildings}", buildings=names))
            if p.studying is not None:
                private.append(text("studying {science}", science=SCIENCE_NAMES[p.studying]))
        else:
            if p.constructing_count:
                private.append(
                    plural(
                        "{count} building(s) under construction",
                        "{count} building(s) under construction",
                        count=p.constructing_count,
                    )
                )
            if p.studies:
                private.append(text("studies an advanced science"))
        if private:
            lines.append(_indent(2, joined(private, "; ")))
        if p.draft is not None:
            lines.extend(_draft_lines(v, t, p.draft))
    return lines


def _standing_text(h: Hero, owner: int | None) -> Text:
    """A hero standing in a province owned by ``owner``: ``Scipio``, ``Cato (adm.)``, and with
    its seat when that is not the owner (``Scipio (seat 2)``, ``Cato (adm., seat 2)``)."""
    admin = h.kind == "administrator"
    name = term(h.name)
    if h.owner == owner:
        return text("{name} (adm.)", name=name) if admin else name
    if admin:
        return text("{name} (adm., seat {seat})", name=name, seat=h.owner)
    return text("{name} (seat {seat})", name=name, seat=h.owner)


def _province_bits(x: ProvinceState, heroes: Sequence[str]) -> list[str]:
    """What stands in a province: fortresses, armies (by seat unless the owner's alone), the free
    heroes (``heroes``, as :func:`_standing_text`), and whether it is sabotaged."""
    bits: list[str] = []
    if x.fortresses:
        bits.append(plural("{count} fortress(es)", "{count} fortress(es)", count=x.fortresses))
    armies = [a for a in x.armies if a.troops.total()] if x.armies else []
    if armies:
        many = len(x.armies) > 1
        bits.append(
            joined(
                [
                    text("seat {seat}: {troops}", seat=a.seat, troops=troops_text(a.troops))
                    if many or a.seat != x.owner
                    else troops_text(a.troops)
                    for a in armies
                ],
                "; ",
            )
        )
    if heroes:
        bits.append(joined(heroes, ", "))
    if x.sabotaged:
        bits.append(text("sabotaged"))
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
        owners.setdefault(x.owner, []).append(
            _indent(4, joined((names[pid], joined(bits, " | ")), ": "))
        )
        if x.armies and any(a.seat != x.owner for a in x.armies if a.troops.total()):
            contested.append(names[pid])
    for owner in sorted(owners.keys() | quiet.keys(), key=lambda o: -1 if o is None else o):
        if owner is None:
            continue
        lines.append(_indent(2, joined((seats[owner], ""), ":")))
        lines.extend(owners.get(owner, []))
        if quiet.get(owner):
            lines.append(text("    also: {provinces}", provinces=joined(quiet[owner], ", ")))
    if owners.get(None):
        lines.append(text("  neutral, with troops or heroes:"))
        lines.extend(owners[None])
    if contested:
        lines.append(text("  contested: {provinces}", provinces=joined(contested, ", ")))
    if v.clashes:
        clashes = joined([place(t, x) for x in v.clashes], ", ")
        lines.append(text("  clashes for phase 9: {provinces}", provinces=clashes))
    if v.battle is not None and v.battle.sieges:
        sieges = joined([place(t, x) for x in v.battle.sieges], ", ")
        lines.append(text("  under siege: {provinces}", provinces=sieges))
    return [text("Provinces:"), *lines]


def _fleet_lines(v: WargameView, t: Tables) -> list[str]:
    seas = _pack_text(t).sea
    fleets: list[str] = []
    for sid, x in v.seas.items():
        ships = (
            [
                plural(
                    "seat {seat} {count} ship(s)",
                    "seat {seat} {count} ship(s)",
                    count=f.ships,
                    seat=f.seat,
                )
                for f in x.fleets
                if f.ships
            ]
            if x.fleets
            else []
        )
        if ships:
            fleets.append(
                text(
                    "  {sea} (storm class {storm}): {fleets}",
                    sea=seas[sid],
                    storm=t.sea[sid].storm,
                    fleets=joined(ships, ", "),
                )
            )
    return [text("Fleets:"), *fleets] if fleets else [text("Fleets: none")]


def _hero_lines(v: WargameView, t: Tables) -> list[str]:
    pack = _pack_text(t)
    return [text("Hero list (oldest first):"), *[pack.hero_line(h) for h in v.heroes]]


def _side_lines(v: WargameView, t: Tables, side: Side, role: str, timed: bool) -> list[str]:
    lines: list[str] = [
        plural(
            "  {role} {seat}: lost {infantry}i/{archers}a/{cavalry}c, {count} points",
            "  {role} {seat}: lost {infantry}i/{archers}a/{cavalry}c, {count} points",
            count=side.points,
            role=role,
            seat=seat_text(v, t, side.seat),
            infantry=side.lost_infantry,
            archers=side.lost_archers,
            cavalry=side.lost_cavalry,
        )
    ]
    for f, fl in enumerate(side.flanks):
        generals = [
            _hero_name(v, g) for g, at in zip(side.generals, side.attach, strict=False) if at == f
        ]
        reserve = fl.reserve_infantry + fl.reserve_cavalry
        parts: list[str] = [text("    {flank}: {troops}", flank=FLANKS[f], troops=troops_text(fl))]
        if reserve:
            parts.append(text(", reserve {count}", count=reserve))
            if timed:
                parts.append(text(" (early)") if fl.early else text(" (late)"))
        if fl.broken:
            parts.append(text(" -- broken"))
        if generals:
            parts.append(text("; {generals}", generals=joined(generals, ", ")))
        lines.append(joined(parts, ""))
    if not side.flanks and side.generals:
        names = joined([_hero_name(v, g) for g in side.generals], ", ")
        lines.append(text("    generals: {generals}", generals=names))
    if side.captured:
        names = joined([_hero_name(v, g) for g in side.captured], ", ")
        lines.append(text("    captured: {generals}", generals=names))
    return lines


_ROLES: Final = (text("defender"), text("attacker"))


def _battle_lines(v: WargameView, t: Tables) -> list[str]:
    b = v.battle
    if b is None or b.province is None:
        return []
    stage = _STAGES.get(b.stage or "", b.stage)
    lines: list[str] = [
        text("Battle in {province} ({stage}):", province=place(t, b.province), stage=stage)
    ]
    for side, role in zip(b.sides, _ROLES, strict=False):
        lines.extend(_side_lines(v, t, side, role, b.stage not in ("siege", "deploy", "timing")))
    if b.winner is not None:
        lines.append(text("  won by {seat}", seat=seat_text(v, t, b.winner)))
    return lines


def _deal_text(v: WargameView, t: Tables, d: Deal) -> Text:
    terms: list[str] = []
    if d.alliance:
        terms.append(text("alliance"))
    if d.peace:
        terms.append(text("peace"))
    if d.passage_ab and d.passage_ba:
        terms.append(text("passage both ways"))
    elif d.passage_ab:
        terms.append(text("seat {a} grants seat {b} passage", a=d.a, b=d.b))
    elif d.passage_ba:
        terms.append(text("seat {a} grants seat {b} passage", a=d.b, b=d.a))
    if d.joint_attack is not None:
        terms.append(text("joint attack on {seat}", seat=seat_text(v, t, d.joint_attack)))
    return text(
        "  {a} and {b}: {terms} (made on turn {made}, until phase 10 of turn {expires})",
        a=seat_text(v, t, d.a),
        b=seat_text(v, t, d.b),
        terms=joined(terms, ", ") if terms else text("no terms"),
        made=d.made,
        expires=d.expires,
    )


def render_view(v: WargameView, t: Tables) -> str:
    who = text("spectator") if v.seat is None else seat_text(v, t, v.seat)
    turn = text("turn {turn} of 25", turn=v.turn) if v.turn else text("before the first turn")
    if v.stage == "over":
        phase: str = text("the game is over")
    else:
        phase = PHASES.get(v.phase, str(v.phase))
    lines: list[str] = [
        text("Ancient wargame -- {who}'s view; {turn}, {phase}", who=who, turn=turn, phase=phase)
    ]
    if v.pending and v.stage != "over":
        under = [task_text(v, t, x) for x in reversed(v.pending[:-1])]
        lines.extend(now_lines(task_text(v, t, v.pending[-1]), under))
    seats = [seat_text(v, t, i) for i in range(len(v.players))]
    lines.extend(_player_lines(v, t, seats))
    lines.extend(_province_lines(v, t, seats))
    lines.extend(_fleet_lines(v, t))
    lines.extend(_hero_lines(v, t))
    if v.wars:
        wars = joined([text("seat {a} vs seat {b}", a=a, b=b) for a, b in v.wars], "; ")
        lines.append(text("Wars: {wars}", wars=wars))
    else:
        lines.append(text("Wars: none"))
    if v.deals:
        lines.append(text("Deals:"))
        lines.extend(_deal_text(v, t, d) for d in v.deals)
    if v.counter_intel:
        seats_paid = _seats(v, t, v.counter_intel)
        lines.append(text("Counter-intelligence paid this turn: {seats}", seats=seats_paid))
    if v.fulfilled:
        lines.append(text("Unique victory condition met: {seats}", seats=_seats(v, t, v.fulfilled)))
    lines.extend(_battle_lines(v, t))
    return joined(lines, "\n")
