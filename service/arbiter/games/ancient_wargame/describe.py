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
sentence and the table's text agree; the battle describers live in :mod:`.describe_battle`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from arbiter.core.describe import describe_by
from arbiter.games.ancient_wargame import describe_battle, economy, espionage, movement
from arbiter.games.ancient_wargame.battle_state import Retreat
from arbiter.games.ancient_wargame.common import passage, seats_in_play
from arbiter.games.ancient_wargame.diplomacy_state import Offer
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
    Table,
    hero_of,
    hero_text,
    money_text,
    place,
    sea_text,
    seat_text,
    top_task,
    trait_text,
    turns_text,
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
    "admin_plus": "administrator +",
    "admin_minus": "administrator -",
    "general_plus": "general +",
    "general_minus": "general -",
}
_SEALED_STEP: Final = {
    "hire": "hiring",
    "upkeep": "upkeep",
    "build": "construction",
    "buy_vp": "VP purchase",
    "mission": "espionage order",
}


# ------------------------------------------------------------------------------- chance


def _roll_face(s: WargameState, t: Tables, m: RollFace) -> str:
    task = top_task(s, D6)
    head = f"Chance: the die shows {m.face}"
    players = max(2, len(seats_in_play(s)))
    if task.purpose == "births":
        return f"{head}: {BIRTHS[players][m.face - 1]} hero(es) born"
    if task.purpose == "deaths":
        return f"{head}: {DEATHS[players][m.face - 1]} hero(es) die"
    if task.purpose == "storm":
        return f"{head} for the storm in {sea_text(t, task.at)} (class {t.sea[task.at].storm})"
    if task.purpose == "fortress":
        ctx = s.battle
        enemy = next(x.seat for x in ctx.sides if x.seat != task.seat) if ctx else None
        whose = f"{seat_text(s, t, enemy)}'s " if enemy is not None else ""
        return (
            f"{head}: a fortress of {place(t, task.at)} fires at {whose}{FLANKS[task.flank]} flank"
        )
    if task.purpose == "fate":
        return f"{head} for the fate of the captured {hero_text(hero_of(s, task.hero))}"
    if task.purpose == "assassinate":
        return f"{head} for the assassination of {hero_text(hero_of(s, task.at))}"
    return f"{head} for the sabotage of {place(t, task.at)}"


def _hits_rolled(s: WargameState, t: Tables, m: HitsRolled) -> str:
    task = top_task(s, Hits)
    what = {"naval": "naval battle", "archery": "archery", "melee": "melee"}[task.purpose]
    where = ""
    if task.at:
        where = f" in {sea_text(t, task.at) if task.at in t.sea else place(t, task.at)}"
    flank = f", {FLANKS[task.flank]} flank" if task.flank is not None else ""
    return (
        f"Chance: {m.hits} of {task.dice} {'die' if task.dice == 1 else 'dice'} hit ({seat_text(s, t, task.seat)}'s {what}"
        f"{flank}{where}, {task.threshold}-6 hits)"
    )


def _sixes(s: WargameState, t: Tables, m: SixesRolled) -> str:
    task = top_task(s, Research)
    shown = ("no six", "one six", "two or more sixes")[m.sixes]
    return (
        f"Chance: {seat_text(s, t, task.seat)}'s research dice ({task.dice} to roll) show {shown}"
    )


def _basic(s: WargameState, t: Tables, m: BasicLearned) -> str:
    task = top_task(s, DrawBasic)
    return f"Chance: {seat_text(s, t, task.seat)} learns {SCIENCE_NAMES[m.science]}"


def _kind_drawn(s: WargameState, t: Tables, m: HeroKindDrawn) -> str:
    return f"Chance: the hero born is {'an administrator' if m.kind == 'administrator' else 'a general'}"


def _given(s: WargameState, t: Tables, m: HeroGiven) -> str:
    task = top_task(s, NewHero)
    return f"Chance: the new {task.kind or 'hero'} goes to {seat_text(s, t, m.owner)}"


def _trait(s: WargameState, t: Tables, m: TraitDrawn) -> str:
    task = top_task(s, DrawTrait)
    card = t.traits[m.card]
    return (
        f"Chance: {hero_text(hero_of(s, task.hero))} draws the trait {card.name} "
        f"({_DECKS[card.deck]})"
    )


def _dealt(s: WargameState, t: Tables, m: StateDealt) -> str:
    task = top_task(s, DealStates)
    card = t.states[m.state]
    return f"Chance: seat {task.seat} is dealt {card.name} (capital {place(t, card.capital)})"


# -------------------------------------------------------------------------------- setup


def _pick_state(s: WargameState, t: Tables, m: PickState) -> str:
    card = t.states[m.state]
    return f"Take the state {card.name} (capital {place(t, card.capital)})"


def _upper(s: WargameState, t: Tables, m: UpperHero) -> str:
    return f"Write {hero_text(hero_of(s, m.hero))} higher in the hero list"


# ------------------------------------------------------------------------------- sealed


def _line_cost(s: WargameState, t: Tables, seat: int, line: HireLine | Hire) -> tuple[int, int]:
    """The food and money a hire line costs."""
    if line.unit == "ships":
        return SHIP_FOOD * line.count, SHIP_MONEY * line.count
    if line.mercenary:
        return 0, economy.mercenary_price(s, t, seat, line.at, line.unit) * line.count
    return CAPITAL_PRICE[line.unit] * line.count, 0


def line_text(s: WargameState, t: Tables, seat: int, line: HireLine | Hire) -> str:
    """A hire (or a ship order) with its price: ``3 infantry in your capital Latium for 3 food``."""
    n, unit = line.count, line.unit
    if unit == "ships":
        return (
            f"{units_text(n, 'ships')} in {sea_text(t, line.at)} "
            f"({SHIP_FOOD * n} food, {SHIP_MONEY * n} money)"
        )
    if line.mercenary:
        price = economy.mercenary_price(s, t, seat, line.at, unit)
        return f"{n} {unit} mercenaries in {place(t, line.at)} for {money_text(price * n)}"
    return f"{n} {unit} in your capital {place(t, line.at)} for {CAPITAL_PRICE[unit] * n} food"


def _hire(s: WargameState, t: Tables, m: Hire) -> str:
    return ("Build " if m.unit == "ships" else "Hire ") + line_text(s, t, m.seat, m)


def _disband(s: WargameState, t: Tables, m: Disband) -> str:
    need = economy.upkeep(s, t, m.seat)
    return (
        f"Disband {m.count} {m.unit} in {place(t, m.at)} (upkeep {need} food, "
        f"{s.players[m.seat].food} held)"
    )


def _start_building(s: WargameState, t: Tables, m: StartBuilding) -> str:
    cost = economy.building_cost(s, t, m.seat, m.building)
    return (
        f"Start building the {BUILDING_NAMES[m.building]} in your capital for {money_text(cost)} "
        "(ready next turn)"
    )


def _fortress(s: WargameState, t: Tables, m: BuildFortress) -> str:
    cost = economy.fortress_cost(s, t, m.seat, m.province)
    now = s.provinces[t.province_index[m.province]].fortresses
    return (
        f"Build a fortress in {place(t, m.province)} ({FORTRESS_FOOD} food, {money_text(cost)}; "
        f"{now} there now)"
    )


def _buy_vp(s: WargameState, t: Tables, m: BuyVp) -> str:
    return f"Buy a VP token for {VP_FOOD} food and {VP_MONEY} money"


def _mission(s: WargameState, t: Tables, m: Mission) -> str:
    if m.kind == "assassinate":
        h = hero_of(s, m.target)
        what = f"the assassination of {hero_text(h)} of {seat_text(s, t, h.owner)}"
    else:
        owner = s.provinces[t.province_index[m.target]].owner
        whose = f" of {seat_text(s, t, owner)}" if owner is not None else ""
        what = f"the sabotage of {place(t, m.target)}{whose}"
    return f"Order {what} for {money_text(MISSION_MONEY)}"


def _commit(s: WargameState, t: Tables, m: Commit) -> str:
    task = top_task(s, Sealed)
    d = s.drafts[m.seat]
    head = f"Commit your {_SEALED_STEP[task.step]}"
    if task.step == "hire":
        food = sum(_line_cost(s, t, m.seat, x)[0] for x in d.hire)
        money = sum(_line_cost(s, t, m.seat, x)[1] for x in d.hire)
        parts = [units_text(x.count, x.unit) + f" in {place(t, x.at)}" for x in d.hire]
        body = "; ".join(parts) if parts else "nothing hired"
        cost = f" ({food} food, {money} money)" if parts else ""
        text = f"{head}: {body}{cost}"
        return text if len(text) <= 150 else f"{head}: {len(parts)} orders{cost}"
    if task.step == "upkeep":
        gone = sum(x.count for x in d.disband)
        need = economy.upkeep(s, t, m.seat, gone)
        return f"{head}: pay {need} food" + (f", {gone} soldiers disbanded" if gone else "")
    if task.step == "build":
        names = [BUILDING_NAMES[b] for b in d.buildings]
        names += [f"a fortress in {place(t, x)}" for x in d.fortresses]
        text = f"{head}: " + (", ".join(names) or "nothing built")
        return text if len(text) <= 150 else f"{head}: {len(names)} orders"
    if task.step == "buy_vp":
        return f"{head}: " + ("buy a VP token" if d.buy_vp else "no VP bought")
    if d.mission == "none" or d.target is None:
        return f"{head}: no mission"
    target = hero_text(hero_of(s, d.target)) if d.mission == "assassinate" else place(t, d.target)
    return f"{head}: {'assassinate' if d.mission == 'assassinate' else 'sabotage'} {target}"


# ------------------------------------------------------------------------------- phases


def _study(s: WargameState, t: Tables, m: StudyNext) -> str:
    return f"Study {SCIENCE_NAMES[m.science]} next (face down)"


def _place_hero(s: WargameState, t: Tables, m: PlaceHero) -> str:
    task = top_task(s, PlaceHeroTask)
    return f"Place {hero_text(hero_of(s, task.hero))} in {place(t, m.province)}"


def _move_ships(s: WargameState, t: Tables, m: MoveShips) -> str:
    return (
        f"Move {units_text(m.count, 'ships')} from {sea_text(t, m.origin)} to {sea_text(t, m.to)}"
    )


def _done(s: WargameState, t: Tables, m: Done) -> str:
    top_task(s, MoveFleets)
    return "Finish moving your ships"


def _naval(s: WargameState, t: Tables, m: StartNaval | NoNaval) -> str:
    task = top_task(s, NavalChoice)
    foe = seat_text(s, t, task.opponent)
    where = sea_text(t, task.sea)
    if isinstance(m, NoNaval):
        return f"Do not attack {foe} in {where}"
    at_war = tuple(sorted((task.seat, task.opponent))) in s.wars
    return f"Start a naval battle against {foe} in {where}" + ("" if at_war else " (declares war)")


def _move_hero(s: WargameState, t: Tables, m: MoveHero) -> str:
    task = top_task(s, HeroTurnTask)
    h = hero_of(s, task.hero)
    text = f"Move {hero_text(h)} from {place(t, h.province or '')} to {place(t, m.to)}"
    owner = s.provinces[t.province_index[m.to]].owner
    if (
        h.kind == "general"
        and owner is not None
        and owner != m.seat
        and not passage(s, owner, m.seat)
    ):
        at_war = tuple(sorted((owner, m.seat))) in s.wars
        text += f" (invading {seat_text(s, t, owner)}{'' if at_war else ': war'})"
    return text


def _stay(s: WargameState, t: Tables, m: Stay) -> str:
    task = s.pending[-1]
    if not isinstance(task, HeroTurnTask | DefenderChoice):
        raise LookupError("no hero decides")
    h = hero_of(s, task.hero)
    return f"{hero_text(h)} stays in {place(t, h.province or '')}"


def _take(s: WargameState, t: Tables, m: TakeSoldiers) -> str:
    task = top_task(s, TakeArmy)
    there = s.provinces[t.province_index[task.origin]].army(m.seat).of(m.unit)
    if m.count == 0:
        return f"Take no {m.unit} with him (leave {there} in {place(t, task.origin)})"
    verb = "retreat" if task.retreat else "march"
    return f"Take {m.count} {m.unit} with him (of {there}; {verb} to {place(t, task.to)})"


def _annex(s: WargameState, t: Tables, m: Annex | NoAnnex) -> str:
    task = top_task(s, AnnexChoice)
    if isinstance(m, NoAnnex):
        return f"Leave {place(t, task.province)} neutral"
    cost = movement.annex_cost(s, t, hero_of(s, task.hero), task.province)
    return f"Annex the neutral {place(t, task.province)} for {money_text(cost)}"


def _retreat(s: WargameState, t: Tables, m: RetreatTo) -> str:
    task = s.pending[-1]
    if isinstance(task, DefenderChoice):
        h = hero_of(s, task.hero)
        return f"{hero_text(h)} retreats from {place(t, task.province)} to {place(t, m.province)}"
    if not isinstance(task, Retreat):
        raise LookupError("no retreat")
    who = "Your administrators retreat" if task.heroes_only else "Retreat"
    return f"{who} from {place(t, task.province)} to {place(t, m.province)}"


# ---------------------------------------------------------------------------- diplomacy


def _open(s: WargameState, t: Tables, m: OpenDeal) -> str:
    return f"Write a deal with {seat_text(s, t, m.partner)}"


def _cancel(s: WargameState, t: Tables, m: ProposeCancel) -> str:
    return f"Propose to {seat_text(s, t, m.partner)} to cancel every deal between you"


def _war(s: WargameState, t: Tables, m: DeclareWar) -> str:
    return f"Declare war on {seat_text(s, t, m.target)}"


def _kill_prisoner(s: WargameState, t: Tables, m: KillPrisoner) -> str:
    h = hero_of(s, m.hero)
    return f"Kill your prisoner {hero_text(h)} of {seat_text(s, t, h.owner)}"


def _pass(s: WargameState, t: Tables, m: Pass) -> str:
    return "Pass (no more diplomacy for now)"


def _term_text(s: Table, t: Tables, term: str, target: int | None) -> str:
    if term == "passage_to":
        return "passage"
    if term == "passage_from":
        return "passage for you in return"
    if term == "passage_both":
        return "passage both ways"
    if term == "alliance":
        return "an alliance"
    if term == "peace":
        return "peace"
    return (
        f"a joint attack on {seat_text(s, t, target)}" if target is not None else "a joint attack"
    )


def _add_term(s: WargameState, t: Tables, m: AddTerm) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    if m.term == "passage_to":
        return f"Add a term: grant {partner} passage through your provinces"
    if m.term == "passage_from":
        return f"Add a term: {partner} grants you passage through its provinces"
    if m.term == "passage_both":
        return f"Add a term: passage both ways with {partner}"
    if m.term == "alliance":
        return f"Add a term: an alliance with {partner} (passage both ways)"
    if m.term == "peace":
        return f"Add a term: peace with {partner} (ends your war)"
    return f"Add a term: a joint attack with {partner} on {seat_text(s, t, m.target or 0)}"


def _transfer(s: WargameState, t: Tables, m: Transfer) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    what = f"{m.amount} {'VP' if m.resource == 'vp' else m.resource}"
    if m.direction == "to_partner":
        return f"Add a term: you give {partner} {what}"
    return f"Add a term: {partner} gives you {what}"


def _release(s: WargameState, t: Tables, m: Release) -> str:
    h = hero_of(s, m.hero)
    if h.captor == m.seat:
        return f"Add a term: you release your prisoner {hero_text(h)}"
    return f"Add a term: {seat_text(s, t, h.captor or 0)} releases your {hero_text(h)}"


def _give_general(s: WargameState, t: Tables, m: GiveGeneral) -> str:
    h = hero_of(s, m.hero)
    if h.owner == m.seat:
        return f"Add a term: you give your general {hero_text(h)}"
    return f"Add a term: {seat_text(s, t, h.owner)} gives you its general {hero_text(h)}"


def offer_terms(s: Table, t: Tables, task: Offer, viewer: int) -> str:
    """The terms of a deal being written or proposed, as ``viewer`` (one of its two seats)
    reads them: ``passage for 3 turns; you give 5 food``."""
    mine = viewer == task.seat
    other = task.partner if mine else task.seat
    parts: list[str] = []
    for term in task.terms:
        if term in ("food", "money", "vp"):
            amount = getattr(task, term)
            if (amount > 0) == mine:
                parts.append(f"you give {abs(amount)} {'VP' if term == 'vp' else term}")
            else:
                parts.append(f"you get {abs(amount)} {'VP' if term == 'vp' else term}")
        elif term == "release" and task.release is not None:
            parts.append(f"the release of {hero_text(hero_of(s, task.release))}")
        elif term == "general" and task.general is not None:
            given = hero_of(s, task.general)
            giving = "you give" if given.owner == viewer else f"seat {other} gives you"
            parts.append(f"{giving} the general {hero_text(given)}")
        elif term in ("passage_to", "passage_from"):
            gives = (term == "passage_to") == mine
            parts.append("you grant passage" if gives else f"seat {other} grants you passage")
        elif term not in ("release", "general"):
            parts.append(_term_text(s, t, term, task.deal.joint_attack))
    return "; ".join(parts) or "no terms"


def _propose(s: WargameState, t: Tables, m: Propose) -> str:
    task = top_task(s, Offer)
    partner = seat_text(s, t, task.partner)
    lasting = [x for x in task.terms if x not in ("food", "money", "vp", "release", "general")]
    if lasting and len(task.terms) == 1 and lasting[0] == "passage_to":
        return f"Offer {partner} passage for {turns_text(m.duration)}"
    span = f" for {turns_text(m.duration)}" if m.duration else ""
    text = f"Offer {partner} a deal{span}: {offer_terms(s, t, task, m.seat)}"
    return text if len(text) <= 155 else f"Offer {partner} a deal{span} ({len(task.terms)} terms)"


def _abandon(s: WargameState, t: Tables, m: Abandon) -> str:
    task = top_task(s, Offer)
    return f"Tear up the deal with {seat_text(s, t, task.partner)} (it counts as a proposal)"


def _answer(s: WargameState, t: Tables, m: AcceptDeal | RejectDeal) -> str:
    task = top_task(s, Offer)
    verb = "Accept" if isinstance(m, AcceptDeal) else "Reject"
    who = seat_text(s, t, task.seat)
    if task.cancel:
        return f"{verb} {who}'s proposal to cancel every deal between you"
    turns = task.deal.expires - task.deal.made if task.deal.expires else 0
    span = f" for {turns_text(turns)}" if turns else ""
    text = f"{verb} {who}'s deal{span}: {offer_terms(s, t, task, m.seat)}"
    return text if len(text) <= 155 else f"{verb} {who}'s deal{span} ({len(task.terms)} terms)"


# ---------------------------------------------------------------------------- espionage


def _counter(s: WargameState, t: Tables, m: PayCounterIntel | NoCounterIntel) -> str:
    if isinstance(m, NoCounterIntel):
        return "No counter-intelligence this turn"
    cost = espionage.counter_cost(s, t, m.seat)
    return f"Pay {money_text(cost)} for counter-intelligence this turn (1 per hero)"


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
    OpenDeal: _open,
    ProposeCancel: _cancel,
    DeclareWar: _war,
    KillPrisoner: _kill_prisoner,
    Pass: _pass,
    AddTerm: _add_term,
    Transfer: _transfer,
    Release: _release,
    GiveGeneral: _give_general,
    Propose: _propose,
    Abandon: _abandon,
    AcceptDeal: _answer,
    RejectDeal: _answer,
    PayCounterIntel: _counter,
    NoCounterIntel: _counter,
}


def describe_move(state: WargameState, tables: Tables, move: Any) -> str:
    """What ``move`` does in ``state``, in one line of the rules' words."""
    return describe_by(DESCRIBERS, state, tables, move)
