"""Readable moves: one short English sentence per legal move, in the rulebook's vocabulary.

:func:`describe_move` answers :meth:`~arbiter.core.Game.describe` for the ancient wargame: one
describer per move type (:data:`DESCRIBERS`, keyed by move class), naming provinces, seas and
states by the pack's printed names, heroes by name and kind, buildings and sciences by the
English names of table 2 («Стрельбище» -- Archery range ...), flanks left, centre and right
(Q53), and saying what a move costs or does ("Hire 3 infantry in your capital Latium for 3 food").
Most moves are count or choice answers to the decision on top of the stack, so a describer reads
that task (the hero moving, the deal being written, the deployment question asked now).

A description is shown only to the seat that may make the move: it may name that seat's own
buildings under construction, science in study and sealed draft, never another seat's. A chance
outcome names only the die face, hits, card or hero it carries, with what it is rolled for.

The naming helpers (:func:`seat_text`, :func:`hero_text`, :data:`BUILDING_NAMES` ...) live in
:mod:`.naming`, shared with :mod:`.render` (which imports them from here too), so a move's
sentence and the table's text agree; the battle describers live in :mod:`.describe_battle`,
the diplomacy's in :mod:`.describe_diplomacy`.
Each sentence is a text (:mod:`arbiter.core.texts`): its English, with the template and the
terms the catalogs say it from in Russian and Polish (issue #40).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.core.texts import Text, joined, plural, term, text
from arbiter.games.ancient_wargame import (
    describe_battle,
    describe_diplomacy,
    economy,
    espionage,
    movement,
)
from arbiter.games.ancient_wargame.battle_state import Retreat
from arbiter.games.ancient_wargame.common import passage, seats_in_play
from arbiter.games.ancient_wargame.describe_diplomacy import offer_terms
from arbiter.games.ancient_wargame.moves import (
    Abandon,
    AcceptDeal,
    AcceptGeneral,
    AddTerm,
    Allocate,
    Annex,
    Attach,
    BasicLearned,
    Besiege,
    BuildFortress,
    BuyVp,
    Commit,
    DeclareWar,
    Decline,
    Deploy,
    Disband,
    Done,
    Fight,
    FireAt,
    GiveGeneral,
    HeroGiven,
    HeroKindDrawn,
    Hide,
    Hire,
    HitsRolled,
    HoldSiege,
    Keep,
    Kill,
    KillPrisoner,
    Mission,
    MoveHero,
    MoveShips,
    NoAnnex,
    NoCounterIntel,
    NoNaval,
    OpenDeal,
    Pass,
    PayCounterIntel,
    PickState,
    PlaceHero,
    Propose,
    ProposeCancel,
    RejectDeal,
    Release,
    ReserveTiming,
    RetreatTo,
    RollFace,
    SixesRolled,
    SpillTo,
    StartBuilding,
    StartNaval,
    StateDealt,
    Stay,
    StrikeFlank,
    StudyNext,
    TakeProvince,
    TakeSoldiers,
    TraitDrawn,
    Transfer,
    UpperHero,
)
from arbiter.games.ancient_wargame.naming import (
    BUILDING_NAMES,
    FLANKS,
    SCIENCE_NAMES,
    count_text,
    food_text,
    hero_of,
    hero_text,
    kind_term,
    money_text,
    place,
    sea_text,
    seat_text,
    top_task,
    trait_text,
    unit_term,
    units_text,
)
from arbiter.games.ancient_wargame.rules import (
    BIRTHS,
    CAPITAL_PRICE,
    DEATHS,
    FORTRESS_FOOD,
    MISSION_MONEY,
    SHIP_FOOD,
    SHIP_MONEY,
    VP_FOOD,
    VP_MONEY,
)
from arbiter.games.ancient_wargame.state import (
    D6,
    AnnexChoice,
    DealStates,
    DefenderChoice,
    DrawBasic,
    DrawTrait,
    HireLine,
    Hits,
    MoveFleets,
    NavalChoice,
    NewHero,
    Research,
    Sealed,
    TakeArmy,
    WargameState,
)
from arbiter.games.ancient_wargame.state import HeroTurn as HeroTurnTask
from arbiter.games.ancient_wargame.state import PlaceHero as PlaceHeroTask
from arbiter.games.ancient_wargame.tables import Tables

__all__ = [
    "BUILDING_NAMES",
    "DESCRIBERS",
    "FLANKS",
    "SCIENCE_NAMES",
    "describe_move",
    "hero_text",
    "offer_terms",
    "place",
    "sea_text",
    "seat_text",
    "trait_text",
]

_DECKS: Final = {
    "admin_plus": text("administrator +"),
    "admin_minus": text("administrator -"),
    "general_plus": text("general +"),
    "general_minus": text("general -"),
}
_SEALED_STEP: Final = {
    "hire": text("hiring"),
    "upkeep": text("upkeep"),
    "build": text("construction"),
    "buy_vp": text("VP purchase"),
    "mission": text("espionage order"),
}


# ------------------------------------------------------------------------------- chance


def _roll_face(s: WargameState, t: Tables, m: RollFace) -> str:
    task = top_task(s, D6)
    face = m.face
    players = max(2, len(seats_in_play(s)))
    if task.purpose == "births":
        return plural(
            "Chance: the die shows {face}: {count} hero(es) born",
            "Chance: the die shows {face}: {count} hero(es) born",
            count=BIRTHS[players][m.face - 1],
            face=face,
        )
    if task.purpose == "deaths":
        return plural(
            "Chance: the die shows {face}: {count} hero(es) die",
            "Chance: the die shows {face}: {count} hero(es) die",
            count=DEATHS[players][m.face - 1],
            face=face,
        )
    if task.purpose == "storm":
        return text(
            "Chance: the die shows {face} for the storm in {sea} (class {storm})",
            face=face,
            sea=sea_text(t, task.at),
            storm=t.sea[task.at].storm,
        )
    if task.purpose == "fortress":
        ctx = s.battle
        enemy = next(x.seat for x in ctx.sides if x.seat != task.seat) if ctx else None
        if enemy is not None:
            return text(
                "Chance: the die shows {face}: a fortress of {province} fires at {seat}'s "
                "{flank} flank",
                face=face,
                province=place(t, task.at),
                seat=seat_text(s, t, enemy),
                flank=FLANKS[task.flank],
            )
        return text(
            "Chance: the die shows {face}: a fortress of {province} fires at {flank} flank",
            face=face,
            province=place(t, task.at),
            flank=FLANKS[task.flank],
        )
    if task.purpose == "fate":
        return text(
            "Chance: the die shows {face} for the fate of the captured {hero}",
            face=face,
            hero=hero_text(hero_of(s, task.hero)),
        )
    if task.purpose == "assassinate":
        return text(
            "Chance: the die shows {face} for the assassination of {hero}",
            face=face,
            hero=hero_text(hero_of(s, task.at)),
        )
    return text(
        "Chance: the die shows {face} for the sabotage of {province}",
        face=face,
        province=place(t, task.at),
    )


_HIT_KINDS: Final = {
    "naval": text("naval battle"),
    "archery": text("archery"),
    "melee": text("melee"),
}


def _hits_rolled(s: WargameState, t: Tables, m: HitsRolled) -> str:
    task = top_task(s, Hits)
    where: str = ""
    if task.at:
        at = sea_text(t, task.at) if task.at in t.sea else place(t, task.at)
        where = text(" in {place}", place=at)
    flank: str = text(", {flank} flank", flank=FLANKS[task.flank]) if task.flank is not None else ""
    return plural(
        "Chance: {hits} of {count} die hit ({seat}'s {what}{flank}{where}, {threshold}-6 hits)",
        "Chance: {hits} of {count} dice hit ({seat}'s {what}{flank}{where}, {threshold}-6 hits)",
        count=task.dice,
        hits=m.hits,
        seat=seat_text(s, t, task.seat),
        what=_HIT_KINDS[task.purpose],
        flank=flank,
        where=where,
        threshold=task.threshold,
    )


def _sixes(s: WargameState, t: Tables, m: SixesRolled) -> str:
    task = top_task(s, Research)
    seat, dice = seat_text(s, t, task.seat), task.dice
    if m.sixes == 0:
        return text(
            "Chance: {seat}'s research dice ({dice} to roll) show no six", seat=seat, dice=dice
        )
    if m.sixes == 1:
        return text(
            "Chance: {seat}'s research dice ({dice} to roll) show one six", seat=seat, dice=dice
        )
    return text(
        "Chance: {seat}'s research dice ({dice} to roll) show two or more sixes",
        seat=seat,
        dice=dice,
    )


def _basic(s: WargameState, t: Tables, m: BasicLearned) -> str:
    task = top_task(s, DrawBasic)
    return text(
        "Chance: {seat} learns {science}",
        seat=seat_text(s, t, task.seat),
        science=SCIENCE_NAMES[m.science],
    )


def _kind_drawn(s: WargameState, t: Tables, m: HeroKindDrawn) -> str:
    if m.kind == "administrator":
        return text("Chance: the hero born is an administrator")
    return text("Chance: the hero born is a general")


def _given(s: WargameState, t: Tables, m: HeroGiven) -> str:
    task = top_task(s, NewHero)
    kind = kind_term(task.kind) if task.kind else term("hero")
    return text("Chance: the new {kind} goes to {seat}", kind=kind, seat=seat_text(s, t, m.owner))


def _trait(s: WargameState, t: Tables, m: TraitDrawn) -> str:
    task = top_task(s, DrawTrait)
    card = t.traits[m.card]
    return text(
        "Chance: {hero} draws the trait {trait} ({deck})",
        hero=hero_text(hero_of(s, task.hero)),
        trait=term(card.name),
        deck=_DECKS[card.deck],
    )


def _dealt(s: WargameState, t: Tables, m: StateDealt) -> str:
    task = top_task(s, DealStates)
    card = t.states[m.state]
    return text(
        "Chance: seat {seat} is dealt {state} (capital {capital})",
        seat=task.seat,
        state=term(card.name),
        capital=place(t, card.capital),
    )


# -------------------------------------------------------------------------------- setup


def _pick_state(s: WargameState, t: Tables, m: PickState) -> str:
    card = t.states[m.state]
    return text(
        "Take the state {state} (capital {capital})",
        state=term(card.name),
        capital=place(t, card.capital),
    )


def _upper(s: WargameState, t: Tables, m: UpperHero) -> str:
    return text("Write {hero} higher in the hero list", hero=hero_text(hero_of(s, m.hero)))


# ------------------------------------------------------------------------------- sealed


def _line_cost(s: WargameState, t: Tables, seat: int, line: HireLine | Hire) -> tuple[int, int]:
    """The food and money a hire line costs."""
    if line.unit == "ships":
        return SHIP_FOOD * line.count, SHIP_MONEY * line.count
    if line.mercenary:
        return 0, economy.mercenary_price(s, t, seat, line.at, line.unit) * line.count
    return CAPITAL_PRICE[line.unit] * line.count, 0


def line_text(s: WargameState, t: Tables, seat: int, line: HireLine | Hire) -> Text:
    """A hire (or a ship order) with its price: ``3 infantry in your capital Latium for 3 food``."""
    n, unit = line.count, line.unit
    if unit == "ships":
        return text(
            "{ships} in {sea} ({food}, {money})",
            ships=units_text(n, "ships"),
            sea=sea_text(t, line.at),
            food=food_text(SHIP_FOOD * n),
            money=money_text(SHIP_MONEY * n),
        )
    if line.mercenary:
        price = economy.mercenary_price(s, t, seat, line.at, unit)
        return text(
            "{units} mercenaries in {province} for {money}",
            units=units_text(n, unit),
            province=place(t, line.at),
            money=money_text(price * n),
        )
    return text(
        "{units} in your capital {province} for {food}",
        units=units_text(n, unit),
        province=place(t, line.at),
        food=food_text(CAPITAL_PRICE[unit] * n),
    )


def _hire(s: WargameState, t: Tables, m: Hire) -> str:
    if m.unit == "ships":
        return text("Build {order}", order=line_text(s, t, m.seat, m))
    return text("Hire {order}", order=line_text(s, t, m.seat, m))


def _disband(s: WargameState, t: Tables, m: Disband) -> str:
    return text(
        "Disband {units} in {province} (upkeep {upkeep} food, {held} held)",
        units=count_text(m.count, m.unit),
        province=place(t, m.at),
        upkeep=economy.upkeep(s, t, m.seat),
        held=s.players[m.seat].food,
    )


def _start_building(s: WargameState, t: Tables, m: StartBuilding) -> str:
    cost = economy.building_cost(s, t, m.seat, m.building)
    return text(
        "Start building the {building} in your capital for {money} (ready next turn)",
        building=BUILDING_NAMES[m.building],
        money=money_text(cost),
    )


def _fortress(s: WargameState, t: Tables, m: BuildFortress) -> str:
    cost = economy.fortress_cost(s, t, m.seat, m.province)
    now = s.provinces[t.province_index[m.province]].fortresses
    return text(
        "Build a fortress in {province} ({food}, {money}; {now} there now)",
        province=place(t, m.province),
        food=food_text(FORTRESS_FOOD),
        money=money_text(cost),
        now=now,
    )


def _buy_vp(s: WargameState, t: Tables, m: BuyVp) -> str:
    return text("Buy a VP token for {food} food and {money} money", food=VP_FOOD, money=VP_MONEY)


def _mission(s: WargameState, t: Tables, m: Mission) -> str:
    money = money_text(MISSION_MONEY)
    if m.kind == "assassinate":
        h = hero_of(s, m.target)
        return text(
            "Order the assassination of {hero} of {seat} for {money}",
            hero=hero_text(h),
            seat=seat_text(s, t, h.owner),
            money=money,
        )
    owner = s.provinces[t.province_index[m.target]].owner
    if owner is not None:
        return text(
            "Order the sabotage of {province} of {seat} for {money}",
            province=place(t, m.target),
            seat=seat_text(s, t, owner),
            money=money,
        )
    return text(
        "Order the sabotage of {province} for {money}", province=place(t, m.target), money=money
    )


def _commit(s: WargameState, t: Tables, m: Commit) -> str:
    task = top_task(s, Sealed)
    d = s.drafts[m.seat]
    head = text("Commit your {step}", step=_SEALED_STEP[task.step])
    if task.step == "hire":
        if not d.hire:
            return text("{head}: nothing hired", head=head)
        food = sum(_line_cost(s, t, m.seat, x)[0] for x in d.hire)
        money = sum(_line_cost(s, t, m.seat, x)[1] for x in d.hire)
        parts = [
            text(
                "{units} in {province}", units=units_text(x.count, x.unit), province=place(t, x.at)
            )
            for x in d.hire
        ]
        said = text(
            "{head}: {orders} ({food} food, {money} money)",
            head=head,
            orders=joined(parts, "; "),
            food=food,
            money=money,
        )
        if len(said) <= 150:
            return said
        return plural(
            "{head}: {count} orders ({food} food, {money} money)",
            "{head}: {count} orders ({food} food, {money} money)",
            count=len(parts),
            head=head,
            food=food,
            money=money,
        )
    if task.step == "upkeep":
        gone = sum(x.count for x in d.disband)
        need = economy.upkeep(s, t, m.seat, gone)
        if gone:
            return plural(
                "{head}: pay {food} food, {count} soldiers disbanded",
                "{head}: pay {food} food, {count} soldiers disbanded",
                count=gone,
                head=head,
                food=need,
            )
        return text("{head}: pay {food} food", head=head, food=need)
    if task.step == "build":
        names: list[str] = [BUILDING_NAMES[b] for b in d.buildings]
        names += [text("a fortress in {province}", province=place(t, x)) for x in d.fortresses]
        if not names:
            return text("{head}: nothing built", head=head)
        said = text("{head}: {orders}", head=head, orders=joined(names, ", "))
        if len(said) <= 150:
            return said
        return plural(
            "{head}: {count} orders", "{head}: {count} orders", count=len(names), head=head
        )
    if task.step == "buy_vp":
        if d.buy_vp:
            return text("{head}: buy a VP token", head=head)
        return text("{head}: no VP bought", head=head)
    if d.mission == "none" or d.target is None:
        return text("{head}: no mission", head=head)
    if d.mission == "assassinate":
        return text(
            "{head}: assassinate {target}", head=head, target=hero_text(hero_of(s, d.target))
        )
    return text("{head}: sabotage {target}", head=head, target=place(t, d.target))


# ------------------------------------------------------------------------------- phases


def _study(s: WargameState, t: Tables, m: StudyNext) -> str:
    return text("Study {science} next (face down)", science=SCIENCE_NAMES[m.science])


def _place_hero(s: WargameState, t: Tables, m: PlaceHero) -> str:
    task = top_task(s, PlaceHeroTask)
    return text(
        "Place {hero} in {province}",
        hero=hero_text(hero_of(s, task.hero)),
        province=place(t, m.province),
    )


def _move_ships(s: WargameState, t: Tables, m: MoveShips) -> str:
    return text(
        "Move {ships} from {origin} to {to}",
        ships=units_text(m.count, "ships"),
        origin=sea_text(t, m.origin),
        to=sea_text(t, m.to),
    )


def _done(s: WargameState, t: Tables, m: Done) -> str:
    top_task(s, MoveFleets)
    return text("Finish moving your ships")


def _naval(s: WargameState, t: Tables, m: StartNaval | NoNaval) -> str:
    task = top_task(s, NavalChoice)
    foe = seat_text(s, t, task.opponent)
    where = sea_text(t, task.sea)
    if isinstance(m, NoNaval):
        return text("Do not attack {seat} in {sea}", seat=foe, sea=where)
    if tuple(sorted((task.seat, task.opponent))) in s.wars:
        return text("Start a naval battle against {seat} in {sea}", seat=foe, sea=where)
    return text("Start a naval battle against {seat} in {sea} (declares war)", seat=foe, sea=where)


def _move_hero(s: WargameState, t: Tables, m: MoveHero) -> str:
    task = top_task(s, HeroTurnTask)
    h = hero_of(s, task.hero)
    hero, origin, to = hero_text(h), place(t, h.province or ""), place(t, m.to)
    owner = s.provinces[t.province_index[m.to]].owner
    if (
        h.kind == "general"
        and owner is not None
        and owner != m.seat
        and not passage(s, owner, m.seat)
    ):
        seat = seat_text(s, t, owner)
        if tuple(sorted((owner, m.seat))) in s.wars:
            return text(
                "Move {hero} from {origin} to {to} (invading {seat})",
                hero=hero,
                origin=origin,
                to=to,
                seat=seat,
            )
        return text(
            "Move {hero} from {origin} to {to} (invading {seat}: war)",
            hero=hero,
            origin=origin,
            to=to,
            seat=seat,
        )
    return text("Move {hero} from {origin} to {to}", hero=hero, origin=origin, to=to)


def _stay(s: WargameState, t: Tables, m: Stay) -> str:
    task = s.pending[-1]
    if not isinstance(task, HeroTurnTask | DefenderChoice):
        raise LookupError("no hero decides")
    h = hero_of(s, task.hero)
    return text(
        "{hero} stays in {province}", hero=hero_text(h), province=place(t, h.province or "")
    )


def _take(s: WargameState, t: Tables, m: TakeSoldiers) -> str:
    task = top_task(s, TakeArmy)
    there = s.provinces[t.province_index[task.origin]].army(m.seat).of(m.unit)
    if m.count == 0:
        return text(
            "Take no {unit} with him (leave {there} in {province})",
            unit=unit_term(m.unit),
            there=there,
            province=place(t, task.origin),
        )
    if task.retreat:
        return text(
            "Take {units} with him (of {there}; retreat to {province})",
            units=count_text(m.count, m.unit),
            there=there,
            province=place(t, task.to),
        )
    return text(
        "Take {units} with him (of {there}; march to {province})",
        units=count_text(m.count, m.unit),
        there=there,
        province=place(t, task.to),
    )


def _annex(s: WargameState, t: Tables, m: Annex | NoAnnex) -> str:
    task = top_task(s, AnnexChoice)
    if isinstance(m, NoAnnex):
        return text("Leave {province} neutral", province=place(t, task.province))
    cost = movement.annex_cost(s, t, hero_of(s, task.hero), task.province)
    return text(
        "Annex the neutral {province} for {money}",
        province=place(t, task.province),
        money=money_text(cost),
    )


def _retreat(s: WargameState, t: Tables, m: RetreatTo) -> str:
    task = s.pending[-1]
    if isinstance(task, DefenderChoice):
        h = hero_of(s, task.hero)
        return text(
            "{hero} retreats from {origin} to {to}",
            hero=hero_text(h),
            origin=place(t, task.province),
            to=place(t, m.province),
        )
    if not isinstance(task, Retreat):
        raise LookupError("no retreat")
    origin, to = place(t, task.province), place(t, m.province)
    if task.heroes_only:
        return text("Your administrators retreat from {origin} to {to}", origin=origin, to=to)
    return text("Retreat from {origin} to {to}", origin=origin, to=to)


# ---------------------------------------------------------------------------- espionage


def _counter(s: WargameState, t: Tables, m: PayCounterIntel | NoCounterIntel) -> str:
    if isinstance(m, NoCounterIntel):
        return text("No counter-intelligence this turn")
    cost = espionage.counter_cost(s, t, m.seat)
    return text(
        "Pay {money} for counter-intelligence this turn (1 per hero)", money=money_text(cost)
    )


_D = Callable[[WargameState, Tables, Any], str]

DESCRIBERS: Final[dict[type, _D]] = {
    RollFace: _roll_face,
    HitsRolled: _hits_rolled,
    SixesRolled: _sixes,
    BasicLearned: _basic,
    HeroKindDrawn: _kind_drawn,
    HeroGiven: _given,
    TraitDrawn: _trait,
    StateDealt: _dealt,
    PickState: _pick_state,
    UpperHero: _upper,
    Hire: _hire,
    Disband: _disband,
    StartBuilding: _start_building,
    BuildFortress: _fortress,
    BuyVp: _buy_vp,
    Mission: _mission,
    Commit: _commit,
    StudyNext: _study,
    PlaceHero: _place_hero,
    MoveShips: _move_ships,
    Done: _done,
    StartNaval: _naval,
    NoNaval: _naval,
    MoveHero: _move_hero,
    Stay: _stay,
    TakeSoldiers: _take,
    Annex: _annex,
    NoAnnex: _annex,
    RetreatTo: _retreat,
    Hide: describe_battle.siege,
    Fight: describe_battle.siege,
    Besiege: describe_battle.siege,
    HoldSiege: describe_battle.siege,
    Deploy: describe_battle.deploy,
    Attach: describe_battle.attach,
    ReserveTiming: describe_battle.timing,
    FireAt: describe_battle.fire_at,
    StrikeFlank: describe_battle.strike,
    SpillTo: describe_battle.spill,
    Allocate: describe_battle.allocate,
    TakeProvince: describe_battle.take_province,
    Decline: describe_battle.take_province,
    Keep: describe_battle.fate,
    Kill: describe_battle.fate,
    AcceptGeneral: describe_battle.fate,
    OpenDeal: describe_diplomacy.open_deal,
    ProposeCancel: describe_diplomacy.cancel,
    DeclareWar: describe_diplomacy.war,
    KillPrisoner: describe_diplomacy.kill_prisoner,
    Pass: describe_diplomacy.pass_,
    AddTerm: describe_diplomacy.add_term,
    Transfer: describe_diplomacy.transfer,
    Release: describe_diplomacy.release,
    GiveGeneral: describe_diplomacy.give_general,
    Propose: describe_diplomacy.propose,
    Abandon: describe_diplomacy.abandon,
    AcceptDeal: describe_diplomacy.answer,
    RejectDeal: describe_diplomacy.answer,
    PayCounterIntel: _counter,
    NoCounterIntel: _counter,
}


def describe_move(state: WargameState, tables: Tables, move: Any) -> str:
    """What ``move`` does in ``state``, in one line of the rules' words."""
    return describe_by(DESCRIBERS, state, tables, move)
