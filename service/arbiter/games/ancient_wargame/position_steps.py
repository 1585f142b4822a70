"""The turn of a position: its phase, the steps under way, and the battle in progress.

Each step belongs to the phase that makes it («Описание хода»: the phases follow one another,
each done by every player before the next): the sealed steps to phases 1, 2, 4, 6 and 11, the
births and deaths to 3, research to 5 (and 4: the Academy's two sciences «сразу после
постройки»), the fleets to 7, the heroes' movement to 8, the land battles to 9, the deals to 10,
the counter-intelligence and the missions to 11. A step names seats in play, the pack's
provinces and seas and heroes of the hero list. A battle in progress (:class:`~.battle_state.
BattleCtx`) is in phase 9, below its battle step, between that step's defender and attacker; its
deployment (:class:`~.battle_state.Muster`) divides each side's whole army in the province
(«делят свои войска на 3 фланга»), the reserve of a flank counted within its soldiers.
"""

from __future__ import annotations

from typing import Any, Final

from arbiter.core.texts import text
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
from arbiter.games.ancient_wargame.diplomacy_state import Diplomacy, Offer
from arbiter.games.ancient_wargame.naming import unit_term
from arbiter.games.ancient_wargame.position import WargamePosition
from arbiter.games.ancient_wargame.position_checks import Gaps
from arbiter.games.ancient_wargame.rules import MAX_DEAL
from arbiter.games.ancient_wargame.state import (
    D6,
    AnnexChoice,
    CounterIntel,
    DefenderChoice,
    DrawBasic,
    DrawTrait,
    EndMovement,
    FleetStep,
    HeroTurn,
    Hits,
    MoveFleets,
    NavalBattle,
    NavalChoice,
    NewHero,
    PlaceHero,
    Research,
    Sealed,
    StudyNext,
    TakeArmy,
)
from arbiter.games.ancient_wargame.tables import Tables

#: The phases each kind of step belongs to.
PHASES: dict[type, frozenset[int]] = {
    NewHero: frozenset({3}),
    DrawTrait: frozenset({3}),
    PlaceHero: frozenset({3, 9, 10}),
    Research: frozenset({4, 5}),
    DrawBasic: frozenset({4, 5}),
    StudyNext: frozenset({4, 5}),
    MoveFleets: frozenset({7}),
    FleetStep: frozenset({7}),
    NavalChoice: frozenset({7}),
    NavalBattle: frozenset({7}),
    HeroTurn: frozenset({8}),
    TakeArmy: frozenset({8}),
    AnnexChoice: frozenset({8}),
    DefenderChoice: frozenset({8}),
    EndMovement: frozenset({8}),
    CounterIntel: frozenset({11}),
    Diplomacy: frozenset({10}),
    Offer: frozenset({10}),
    **{
        kind: frozenset({9})
        for kind in (
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
    },
}
SEALED_PHASE = {"hire": 1, "upkeep": 2, "build": 4, "buy_vp": 6, "mission": 11}
D6_PHASES = {
    "births": 3,
    "deaths": 3,
    "storm": 7,
    "fortress": 9,
    "fate": 9,
    "assassinate": 11,
    "sabotage": 11,
}
HITS_PHASES = {"naval": 7, "archery": 9, "melee": 9}
#: Steps of the battle in progress: its province is the battle's.
_IN_BATTLE = (Muster, Timing, Volley, Assign, Strike, Spill)
_SEAT_FIELDS = ("seat", "opponent", "partner", "defender", "attacker", "a", "b")
_PROVINCE_FIELDS = ("province", "origin", "to")


def turn_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    if p.turn > p.options.turn_limit:
        g.gap(
            "position.turn",
            text(
                "the game ends after {turn_limit} turns («после 25 ходов»)",
                turn_limit=p.options.turn_limit,
            ),
            "/turn",
        )
    if p.finished and p.steps:
        g.gap("position.turn", text("a finished game has nothing under way"), "/steps")
    for k, step in enumerate(p.steps):
        _step_gaps(p, t, g, step, f"/steps/{k}")
    for k, pid in enumerate(p.clashes):
        if pid not in t.province:
            g.gap("position.steps", text("{pid!r} is no province", pid=pid), f"/clashes/{k}")
    if p.clashes and p.phase != 8:
        g.gap(
            "position.turn",
            text("the clashes of phase 8 wait for phase 9 («после передвижения армий»)"),
            "/clashes",
        )
    _battle_gaps(p, t, g)
    _offer_gaps(p, g)
    _hero_step_gaps(p, g)
    _chance_gaps(p, t, g)
    _draft_gaps(p, t, g)


def _offer_gaps(p: WargamePosition, g: Gaps) -> None:
    """An offer is drawn up by the seat whose diplomacy turn it is, for another seat in play, on
    the deal sheet's line of the two («Все сделки фиксируются в листе сделок»)."""
    for k, x in enumerate(p.steps):
        if not isinstance(x, Offer):
            continue
        at = f"/steps/{k}"
        below = p.steps[k + 1] if k + 1 < len(p.steps) else None
        if not isinstance(below, Diplomacy) or below.seat != x.seat:
            g.gap("position.steps", text("an offer is made in its seat's diplomacy turn"), at)
        if x.partner == x.seat:
            g.gap("position.diplomacy", text("a deal is between two seats"), f"{at}/partner")
        if (x.deal.a, x.deal.b) != (min(x.seat, x.partner), max(x.seat, x.partner)):
            g.gap(
                "position.diplomacy",
                text("the deal is between the seat and its partner"),
                f"{at}/deal",
            )
        heroes = {h.id: h for h in p.heroes}
        for field in ("general", "release"):
            hid = getattr(x, field)
            if hid is not None and hid not in heroes:
                g.gap(
                    "position.steps",
                    text("{hid!r} is in no hero list entry", hid=hid),
                    f"{at}/{field}",
                )
        d = x.deal
        lasting = d.expires == 0 or d.made < d.expires <= d.made + MAX_DEAL
        if not (
            (x.proposed and d.made == p.turn and lasting)
            or (d.made == 0 and d.expires == 0)  # drawn up, or a cancellation
        ):
            g.gap(
                "position.diplomacy",
                text(
                    "a deal proposed is dated this turn, for at most 5 turns («Игрок не может заключать сделки сроком более чем на 5 ходов»); one drawn up is not dated yet"
                ),
                f"{at}/deal/expires",
            )
    for k, x in enumerate(p.steps):
        if isinstance(x, Diplomacy) and len(x.proposals) not in (0, len(p.players)):
            g.gap(
                "position.steps",
                text("proposals are counted for each seat"),
                f"/steps/{k}/proposals",
            )


#: Where each die is rolled: a sea, a province, a hero, or nowhere in particular.
#: The words of :data:`_ROLLED_AT`.
_AT_WORDS: Final = {"sea": text("sea"), "province": text("province"), "hero": text("hero")}
_ROLLED_AT = {
    "births": None,
    "deaths": None,
    "storm": "sea",
    "fortress": "province",
    "fate": "province",
    "assassinate": "hero",
    "sabotage": "province",
    "naval": "sea",
    "archery": "province",
    "melee": "province",
}


def _chance_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    """A die in the air is rolled for what its purpose says: the storm in a sea («Каждое море
    имеет класс опасности»), a naval battle's dice in its sea, a fortress's volley and a flank's
    archery and melee in the battle's province, for a side of it and a flank, a captured
    general's fate for his captor, a mission against its target."""
    heroes = {h.id: h for h in p.heroes}
    b = p.battle
    sides = tuple(x.seat for x in b.sides) if b is not None else ()
    places: dict[str, set[str]] = {
        "sea": set(t.sea),
        "province": set(t.province),
        "hero": set(heroes),
    }
    for k, x in enumerate(p.steps):
        if not isinstance(x, (D6, Hits)):
            continue
        at = f"/steps/{k}"
        kind = _ROLLED_AT[x.purpose]
        if (kind is None and x.at is not None) or (
            kind is not None and (x.at is None or x.at not in places[kind])
        ):
            g.gap(
                "position.steps",
                text(
                    "a {purpose} roll is made at a {kind}",
                    purpose=x.purpose,
                    kind=_AT_WORDS.get(kind or "", str(kind)),
                ),
                f"{at}/at",
            )
        seated = x.purpose not in ("births", "deaths", "storm")
        if seated != (x.seat is not None):
            g.gap(
                "position.steps",
                text("a {purpose} roll is a seat's", purpose=x.purpose)
                if seated
                else text("a {purpose} roll is nobody's", purpose=x.purpose),
                f"{at}/seat",
            )
        battle = x.purpose in ("fortress", "archery", "melee")
        if battle != (x.flank is not None):
            g.gap(
                "position.steps",
                text("a flank is named for a roll of the battle only"),
                f"{at}/flank",
            )
        if battle and (b is None or b.province != x.at or x.seat not in sides):
            g.gap("position.battle", text("the battle's dice are a side's, in its province"), at)
        hero = getattr(x, "hero", None)
        if x.purpose == "fate" and (hero is None or heroes.get(hero) is None):
            g.gap("position.steps", text("a fate is rolled for a captured general"), f"{at}/hero")
        elif hero is not None and x.purpose != "fate":
            g.gap("position.steps", text("only a fate is rolled for a hero"), f"{at}/hero")


def _hero_step_gaps(p: WargamePosition, g: Gaps) -> None:
    """A hero's step is its owner's (phase 8: «игрок может переместить своих героев»); a general
    taking an army along takes soldiers standing with him, type by type
    («Вместе с военачальником может перемещаться армия»)."""
    heroes = {h.id: h for h in p.heroes}
    for k, x in enumerate(p.steps):
        at = f"/steps/{k}"
        if not isinstance(x, (HeroTurn, TakeArmy, AnnexChoice, DefenderChoice, PlaceHero)):
            continue
        h = heroes.get(x.hero)
        if h is None:
            continue  # refused as no hero of the list
        if h.owner != x.seat or h.captor is not None:
            g.gap(
                "position.steps",
                text("{hero} is no free hero of seat {seat}", hero=x.hero, seat=x.seat),
                f"{at}/hero",
            )
        if isinstance(x, (TakeArmy, AnnexChoice, DefenderChoice)) and h.kind != "general":
            g.gap("position.steps", text("only a general leads an army"), f"{at}/hero")
        if isinstance(x, TakeArmy):
            if h.province != x.to:  # he has moved; the soldiers follow once all are asked
                g.gap(
                    "position.steps",
                    text("{hero} stands in {province}", hero=x.hero, province=h.province),
                    f"{at}/to",
                )
            army = p.provinces.get(x.origin)
            held = {"infantry": 0, "archers": 0, "cavalry": 0}
            for a in army.armies if army is not None else ():
                if a.seat == x.seat:
                    held = {"infantry": a.infantry, "archers": a.archers, "cavalry": a.cavalry}
            for unit, n in held.items():
                taken = getattr(x.taken, unit)
                if taken > n or (taken and unit not in x.asked):
                    g.gap(
                        "position.steps",
                        text(
                            "the general takes at most the {n} {unit} standing with him, once asked",
                            n=n,
                            unit=unit,
                        ),
                        f"{at}/taken/{unit}",
                    )
            if len(set(x.asked)) != len(x.asked):
                g.gap("position.steps", text("each type of soldier is asked once"), f"{at}/asked")


def _sealed_seats(p: WargamePosition) -> set[int]:
    """The seats writing down choices: in a sealed step or a battle's deployment under way."""
    seats: set[int] = set()
    for x in p.steps:
        if isinstance(x, (Sealed, Muster, Timing)):
            seats.update(x.seats)
    return seats


def _draft_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    """What a seat wrote down in a sealed step: only while one is under way, on the pack's
    provinces and seas, disbanding soldiers and ships it has."""
    writing = _sealed_seats(p)
    for seat, x in enumerate(p.players):
        d = x.sealed
        if d is None:
            continue
        at = f"/players/{seat}/sealed"
        if seat not in writing:
            g.gap(
                "position.steps",
                text(
                    "choices are written down only in a sealed step under way («независимо друг от друга»)"
                ),
                at,
            )
            continue
        for field in ("hire", "disband"):
            for k, line in enumerate(getattr(d, field)):
                where = f"{at}/{field}/{k}"
                ships = line.unit == "ships"
                if (ships and line.at not in t.sea) or (not ships and line.at not in t.province):
                    g.gap(
                        "position.steps",
                        text(
                            "{at!r} is no place for {unit}", at=line.at, unit=unit_term(line.unit)
                        ),
                        f"{where}/at",
                    )
                elif not line.count:
                    g.gap("position.steps", text("a line counts at least one"), f"{where}/count")
        for (where_id, unit), count in _disbanded(d).items():
            if count > _held(p, seat, where_id, unit):
                g.gap(
                    "position.steps",
                    text(
                        "seat {seat} disbands more {unit} at {where_id} than it has («расформировать часть своих отрядов»)",
                        seat=seat,
                        unit=unit,
                        where_id=where_id,
                    ),
                    f"{at}/disband",
                )
        for k, pid in enumerate(d.fortresses):
            y = p.provinces.get(pid)
            if y is None or y.owner != seat:
                g.gap(
                    "position.fortresses",
                    text(
                        "a fortress is built in a province of one's own («в любой своей провинции»)"
                    ),
                    f"{at}/fortresses/{k}",
                )
        if (
            d.target is not None
            and d.target not in t.province
            and d.target not in {h.id for h in p.heroes}
        ):
            g.gap(
                "position.steps",
                text("{target!r} is no province or hero", target=d.target),
                f"{at}/target",
            )
        if (d.mission == "none") != (d.target is None):
            g.gap(
                "position.steps",
                text("a mission has its target, and only a mission"),
                f"{at}/target",
            )


def _disbanded(d: Any) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for line in d.disband:
        key = (line.at, line.unit)
        out[key] = out.get(key, 0) + line.count
    return out


def _held(p: WargamePosition, seat: int, where: str, unit: str) -> int:
    if unit == "ships":
        return sum(f.ships for f in p.seas.get(where, ()) if f.seat == seat)
    y = p.provinces.get(where)
    if y is None:
        return 0
    return sum(int(getattr(a, unit)) for a in y.armies if a.seat == seat)


def _phase_of(step: Any) -> frozenset[int]:
    if isinstance(step, Sealed):
        return frozenset({SEALED_PHASE[step.step]})
    if isinstance(step, D6):
        return frozenset({D6_PHASES[step.purpose]})
    if isinstance(step, Hits):
        return frozenset({HITS_PHASES[step.purpose]})
    return PHASES[type(step)]


def _step_gaps(p: WargamePosition, t: Tables, g: Gaps, step: Any, at: str) -> None:
    n = len(p.players)
    phases = _phase_of(step)
    if p.phase not in phases:
        g.gap(
            "position.turn",
            text(
                "a {kind} step belongs to phase {value}, not {phase}",
                kind=type(step).__name__,
                value=min(phases),
                phase=p.phase,
            ),
            at,
        )
    for field in _SEAT_FIELDS:
        seat = getattr(step, field, None)
        if isinstance(seat, int) and not (seat < n and p.players[seat].eliminated is None):
            g.gap("position.steps", text("no seat {seat} in play", seat=seat), f"{at}/{field}")
    seats = getattr(step, "seats", ())
    for j, seat in enumerate(seats):
        if seat >= n or p.players[seat].eliminated is not None:
            g.gap("position.steps", text("no seat {seat} in play", seat=seat), f"{at}/seats/{j}")
        elif isinstance(step, Sealed) and j and seat <= seats[j - 1]:
            g.gap(
                "position.steps",
                text("the seats of a sealed step, each once in order"),
                f"{at}/seats/{j}",
            )
    for field in _PROVINCE_FIELDS:
        pid = getattr(step, field, None)
        if isinstance(pid, str) and pid not in t.province:
            g.gap("position.steps", text("{pid!r} is no province", pid=pid), f"{at}/{field}")
    if isinstance(step, (MoveFleets, NavalChoice, NavalBattle)):
        sid = getattr(step, "sea", None)
        if sid is not None and sid not in t.sea:
            g.gap("position.steps", text("{sid!r} is no sea", sid=sid), f"{at}/sea")
    where = getattr(step, "at", None)
    if isinstance(where, str) and where not in t.province and where not in t.sea:
        g.gap("position.steps", text("{where!r} is no province or sea", where=where), f"{at}/at")
    hid = getattr(step, "hero", None)
    if isinstance(hid, str) and hid not in {h.id for h in p.heroes}:
        g.gap("position.steps", text("{hid!r} is in no hero list entry", hid=hid), f"{at}/hero")
    if isinstance(step, (Muster, Timing)) and (
        len(step.seats) != 2 or len(step.steps) != 2 or step.seats[0] == step.seats[1]
    ):
        g.gap("position.battle", text("a deployment is between two sides"), f"{at}/seats")
    if isinstance(step, Battle) and step.defender == step.attacker:
        g.gap("position.battle", text("a battle is between two seats"), f"{at}/attacker")


def _battle_gaps(p: WargamePosition, t: Tables, g: Gaps) -> None:
    b = p.battle
    battles = [(k, x) for k, x in enumerate(p.steps) if isinstance(x, Battle)]
    inside = [(k, x) for k, x in enumerate(p.steps) if isinstance(x, _IN_BATTLE)]
    if len(battles) > 1:
        g.gap("position.battle", text("one battle is fought at a time"), f"/steps/{battles[1][0]}")
    if b is None:
        if battles or inside:
            k = (battles or inside)[0][0]
            g.gap(
                "position.battle", text("a battle step needs the battle in progress"), f"/steps/{k}"
            )
        return
    for k, pid in enumerate(b.sieges):
        if pid not in t.province:
            g.gap("position.battle", text("{pid!r} is no province", pid=pid), f"/battle/sieges/{k}")
    if b.province is None:
        if battles or inside or b.sides or b.stage is not None:
            g.gap(
                "position.battle",
                text("a battle in progress names its province («Фаза 9: битвы на суше»)"),
                "/battle/province",
            )
        return
    if p.phase != 9:
        g.gap("position.battle", text("land battles are fought in phase 9"), "/battle/province")
    if b.province not in t.province:
        g.gap(
            "position.battle",
            text("{province!r} is no province", province=b.province),
            "/battle/province",
        )
        return
    if not battles or battles[0][1].province != b.province:
        g.gap(
            "position.battle",
            text("the battle in progress has its battle step, in its province"),
            "/battle/province",
        )
        return
    k, battle = battles[0]
    seats = (battle.defender, battle.attacker)
    if b.stage is None:
        g.gap("position.battle", text("a battle in progress is at some stage"), "/battle/stage")
    if len(b.sides) != 2 or tuple(x.seat for x in b.sides) != seats:
        g.gap(
            "position.battle",
            text(
                "the sides are the defender and the attacker of its step ({value}, {value2})",
                value=seats[0],
                value2=seats[1],
            ),
            "/battle/sides",
        )
        return
    if any(j > k for j, _ in inside):
        g.gap("position.battle", text("the battle's decisions lie above its step"), f"/steps/{k}")
    hero_of = {h.id: h for h in p.heroes}
    if b.winner is not None and b.winner not in seats:
        g.gap("position.battle", text("the winner is a side of the battle"), "/battle/winner")
    if b.retreated_to is not None and b.retreated_to not in t.province:
        g.gap(
            "position.battle",
            text("{retreated_to!r} is no province", retreated_to=b.retreated_to),
            "/battle/retreated_to",
        )
    for i, side in enumerate(b.sides):
        at = f"/battle/sides/{i}"
        for j, hid in enumerate(side.captured):
            if hid not in side.generals or side.captured.index(hid) != j:
                g.gap(
                    "position.battle",
                    text(
                        "a side's generals captured by the enemy are its own, each once («если этот фланг разобьют, это означает захват или гибель военачальника»)"
                    ),
                    f"{at}/captured/{j}",
                )
        if len(side.flanks) not in (0, 3):
            g.gap("position.battle", text("a side has three flanks once revealed"), f"{at}/flanks")
        if len(side.attach) > len(side.generals):
            g.gap("position.battle", text("each general is attached to one flank"), f"{at}/attach")
        for j, hid in enumerate(side.generals):
            h = hero_of.get(hid)
            if b.stage in ("result", "fates", "done") and (h is None or h.kind == "general"):
                continue  # killed, kept or joined the captor in the battle's fates
            if h is None or h.kind != "general" or h.owner != side.seat:
                g.gap(
                    "position.battle",
                    text(
                        "a side's generals are its own («Фигурка военачальника ... прикрепляется к одному из флангов»)"
                    ),
                    f"{at}/generals/{j}",
                )
    stage = b.stage
    _sides_gaps(p, g, b)
    for j, x in inside:
        at = f"/steps/{j}"
        if isinstance(x, (Muster, Timing, Volley)) and x.province != b.province:
            g.gap(
                "position.battle", text("the step is of the battle in progress"), f"{at}/province"
            )
        if isinstance(x, (Muster, Timing)) and x.seats != seats:
            g.gap(
                "position.battle",
                text("the deployment is of the battle's two sides"),
                f"{at}/seats",
            )
        if isinstance(x, Muster) and (stage != "timing" or any(len(s.flanks) for s in b.sides)):
            g.gap(
                "position.battle",
                text(
                    "the deployment comes before the sides are revealed («Когда оба игрока закончили расстановку, они открывают друг другу свои позиции»)"
                ),
                at,
            )
        if isinstance(x, (Timing, Volley, Assign, Strike, Spill)) and any(
            len(s.flanks) != 3 for s in b.sides
        ):
            g.gap("position.battle", text("the step comes once both sides are revealed"), at)
        if isinstance(x, Timing) and stage != "fortress":
            g.gap("position.battle", text("the reserves' timing follows the deployment"), at)
        if isinstance(x, (Volley, Strike, Spill, Assign)) and x.seat not in seats:
            g.gap("position.battle", text("a side of the battle decides"), f"{at}/seat")
    if any(isinstance(x, Muster) for _, x in inside):
        _deployment_gaps(p, g, seats, b.province)


#: The stages of a battle before its winner is known (the fighting, its deployment before it).
_FIGHTING = (
    "siege",
    "deploy",
    "timing",
    "fortress",
    "archery",
    "archery_hits",
    "melee1",
    "melee1_hits",
    "melee2",
    "melee2_hits",
)


def _sides_gaps(p: WargamePosition, g: Gaps, b: BattleCtx) -> None:
    """Until the result, each side's flanks and its losses so far are its army in the province
    («В битве участвуют все солдаты воюющих игроков, находящиеся в провинции»; the losses are
    counted at the result, «Определение победителя и подсчет потерь»), and no winner is known."""
    if b.stage not in _FIGHTING or b.province is None:
        return
    if b.winner is not None or b.retreated_to is not None:
        g.gap("position.battle", text("the winner is known at the result"), "/battle/winner")
    here = p.provinces.get(b.province)
    if b.fired > (here.fortresses if here is not None else 0):
        g.gap(
            "position.battle",
            text("each fortress fires once («для каждой крепости»)"),
            "/battle/fired",
        )
    for i, side in enumerate(b.sides):
        at = f"/battle/sides/{i}"
        army = {"archers": 0, "infantry": 0, "cavalry": 0}
        for a in here.armies if here is not None else ():
            if a.seat == side.seat:
                army = {"archers": a.archers, "infantry": a.infantry, "cavalry": a.cavalry}
        if not any(army.values()):
            g.gap("position.battle", text("each side fights with its soldiers in the province"), at)
            continue
        if not side.flanks:
            if side.lost() or side.points or side.captured:
                g.gap("position.battle", text("nothing is lost before the flanks are revealed"), at)
            continue
        counted = {
            "archers": sum(f.archers for f in side.flanks) + side.lost_archers,
            "infantry": sum(f.infantry + f.reserve_infantry for f in side.flanks)
            + side.lost_infantry,
            "cavalry": sum(f.cavalry + f.reserve_cavalry for f in side.flanks) + side.lost_cavalry,
        }
        if counted != army:
            g.gap(
                "position.battle",
                text("the flanks and the losses so far are the side's whole army in the province"),
                f"{at}/flanks",
            )
        for k, f in enumerate(side.flanks):
            if f.hit_infantry > f.infantry or f.hit_cavalry > f.cavalry:
                g.gap(
                    "position.battle",
                    text("losses fall on the flank's soldiers"),
                    f"{at}/flanks/{k}",
                )


def _deployment_gaps(p: WargamePosition, g: Gaps, seats: tuple[int, int], pid: str) -> None:
    """A deployment under way divides each side's whole army in the province: what a side wrote
    so far (its sealed draft's three flanks, reserves within them) adds up to its soldiers."""
    army = p.provinces.get(pid)
    for seat in seats:
        soldiers = {"archers": 0, "infantry": 0, "cavalry": 0}
        if army is not None:
            for a in army.armies:
                if a.seat == seat:
                    soldiers = {"archers": a.archers, "infantry": a.infantry, "cavalry": a.cavalry}
        draft = p.players[seat].sealed
        flanks = draft.flanks if draft is not None else ()
        at = f"/players/{seat}/sealed"
        if len(flanks) != 3:
            g.gap(
                "position.battle",
                text(
                    "a side deploying has three flanks written down («делят свои войска на 3 фланга»)"
                ),
                f"{at}/flanks" if draft is not None else f"/players/{seat}",
            )
            continue
        told = {
            "archers": sum(f.archers for f in flanks),
            "infantry": sum(f.infantry + f.reserve_infantry for f in flanks),
            "cavalry": sum(f.cavalry + f.reserve_cavalry for f in flanks),
        }
        if told != soldiers:
            g.gap(
                "position.battle",
                text(
                    "the flanks hold the side's whole army in the province («В битве участвуют все солдаты»), each reserve within its flank"
                ),
                f"{at}/flanks",
            )
