"""The state of a game of the ancient wargame: immutable msgspec structs, named by content id.

The table (rules «Подготовка к игре»): every province of the map in content order (its owner,
fortresses, the armies in it), every sea (the fleets in it), the heroes in the order of the hero
list («Лист героев»: the oldest first), the wars and the deals («Лист дипломатии»), and one
:class:`Player` per seat (its state card, ₣, $, VP tokens, buildings and sciences).

The turn is a stack of pending tasks (``pending``, last = current): decisions of one seat, sealed
decisions of several seats at once (:class:`Sealed`: each builds a private draft, revealed when
all have committed), chance decisions, and automatic steps run by the flow engine (:mod:`.flow`).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec

from arbiter.core import BaseState
from arbiter.games.ancient_wargame.battle_state import BattleCtx, BattleTask
from arbiter.games.ancient_wargame.content import TraitDeck, Unit
from arbiter.games.ancient_wargame.diplomacy_state import Deal, DiplomacyTask
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.rules import Building, Science
from arbiter.games.ancient_wargame.state_types import (
    _T,
    Count,
    Flank,
    HeroKind,
    Id,
    Ids,
    Seat,
    Seats,
)


class _S(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Troops(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Soldiers by type («пехотинец», «лучник», «всадник»)."""

    infantry: Count = 0
    archers: Count = 0
    cavalry: Count = 0

    def total(self) -> int:
        return self.infantry + self.archers + self.cavalry

    def of(self, unit: Unit) -> int:
        value: int = getattr(self, unit)
        return value

    def plus(self, unit: Unit, n: int) -> Troops:
        return msgspec.structs.replace(self, **{unit: getattr(self, unit) + n})

    def add(self, other: Troops) -> Troops:
        return Troops(
            infantry=self.infantry + other.infantry,
            archers=self.archers + other.archers,
            cavalry=self.cavalry + other.cavalry,
        )

    def sub(self, other: Troops) -> Troops:
        return Troops(
            infantry=self.infantry - other.infantry,
            archers=self.archers - other.archers,
            cavalry=self.cavalry - other.cavalry,
        )


NO_TROOPS = Troops()


class Army(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's soldiers in a province, and the provinces they entered it from this turn (an
    attacker who loses retreats to one of them, «в ту провинцию, из которой он пришел»)."""

    seat: Seat
    troops: Troops
    entered_from: Ids = ()
    #: The turn (and order in it) the seat's soldiers first stood here; the earlier side defends
    #: where neither owns the province (Q48).
    since: Count = 0


class ProvinceState(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A province: in play at this player count, its owner (``None``: neutral), its fortresses
    (at most 3), the armies in it (one per seat), and whether it was sabotaged (no income at the
    next phase 6)."""

    in_play: bool = True
    owner: Seat | None = None
    fortresses: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    armies: Annotated[tuple[Army, ...], msgspec.Meta(max_length=6)] = ()
    sabotaged: bool = False

    def army(self, seat: int) -> Troops:
        for a in self.armies:
            if a.seat == seat:
                return a.troops
        return NO_TROOPS


class Fleet(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    seat: Seat
    ships: Count


class SeaState(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A sea: in play at this player count, and the fleets in it."""

    in_play: bool = True
    fleets: Annotated[tuple[Fleet, ...], msgspec.Meta(max_length=6)] = ()

    def ships(self, seat: int) -> int:
        return next((f.ships for f in self.fleets if f.seat == seat), 0)


class Hero(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hero of the hero list: an administrator or a general, its owner, its two traits, where
    it stands (``None`` while a prisoner), its captor if a prisoner, whether it moved (or was
    made to decide) this turn, and the turn from which it may act (a general who joined its
    captor acts «со следующего хода»)."""

    id: Id
    name: Annotated[str, msgspec.Meta(max_length=120)]
    kind: HeroKind
    owner: Seat
    plus: Id | None = None
    minus: Id | None = None
    province: Id | None = None
    captor: Seat | None = None
    moved: bool = False
    acts_from: Count = 0


class Player(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat: its state card, ₣ (food), $ (money), VP tokens, buildings built and under
    construction (face down: private), sciences learned, the advanced science in study (face
    down: private), how many heroes appeared for it (starting ones and births), whether it bought
    a VP this turn, and the turn it was eliminated."""

    state: Id | None = None
    food: Count = 0
    money: Count = 0
    vp: Count = 0
    buildings: Annotated[tuple[Building, ...], msgspec.Meta(max_length=10)] = ()
    constructing: Annotated[tuple[Building, ...], msgspec.Meta(max_length=10)] = ()
    sciences: Annotated[tuple[Science, ...], msgspec.Meta(max_length=10)] = ()
    studying: Science | None = None
    appeared: Count = 0
    vp_bought: bool = False
    eliminated: Count | None = None


class TraitDecks(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The trait cards left in each of the 4 decks (drawn at random), and those of dead heroes."""

    admin_plus: Ids = ()
    admin_minus: Ids = ()
    general_plus: Ids = ()
    general_minus: Ids = ()
    discards: Ids = ()

    def of(self, deck: TraitDeck) -> tuple[str, ...]:
        cards: tuple[str, ...] = getattr(self, deck)
        return cards


# ------------------------------------------------------------------------------ drafts


class HireLine(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A line of a phase-1 draft: ``count`` of ``unit`` hired at ``at`` (the capital for ₣, a
    province for $), or ships (``unit`` ``ships``) built in the sea ``at``."""

    at: Id
    unit: Literal["infantry", "archers", "cavalry", "ships"]
    count: Count
    #: Hired as the map's mercenaries (for $), not in the capital for ₣.
    mercenary: bool = False


class Deployment(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A side's flank in a battle as written in its deployment: archers in front, main soldiers,
    the reserve behind. A flank's reserve is counted within its soldiers: the reserve infantry
    and cavalry were put on the flank and then held back («Часть войск каждого фланга игрок
    может оставить в резерве»), so ``infantry`` and ``cavalry`` are those in front only."""

    archers: Count = 0
    infantry: Count = 0
    cavalry: Count = 0
    reserve_infantry: Count = 0
    reserve_cavalry: Count = 0
    reserve_early: bool = True


class Draft(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's private choices in a sealed step, revealed when every seat has committed."""

    hire: Annotated[tuple[HireLine, ...], msgspec.Meta(max_length=300)] = ()
    disband: Annotated[tuple[HireLine, ...], msgspec.Meta(max_length=300)] = ()
    buildings: Annotated[tuple[Building, ...], msgspec.Meta(max_length=10)] = ()
    fortresses: Ids = ()
    buy_vp: bool = False
    flanks: Annotated[tuple[Deployment, ...], msgspec.Meta(max_length=3)] = ()
    attach: Annotated[tuple[Flank, ...], msgspec.Meta(max_length=200)] = ()
    mission: Literal["none", "assassinate", "sabotage"] = "none"
    target: Id | None = None
    committed: bool = False


# --------------------------------------------------------------------------------- tasks

SealedStep: TypeAlias = Literal["hire", "upkeep", "build", "buy_vp", "mission"]


class Sealed(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sealed"):
    """A sealed step: ``seats`` build private drafts at once; revealed when all committed."""

    step: SealedStep
    seats: Seats


class Phase(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="phase"):
    """Automatic: phase ``number`` of the turn begins (it pushes its steps)."""

    number: Annotated[int, msgspec.Meta(ge=1, le=11)]


class EndTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_turn"):
    """Automatic: the end of the turn (victory conditions, conquest, turn 25)."""


class D6(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="d6"):
    """Chance: a D6 is rolled for ``purpose`` (``seat``, ``sea``/``province``, ``hero``: what it
    is rolled for)."""

    purpose: Literal["births", "deaths", "storm", "fortress", "fate", "assassinate", "sabotage"]
    seat: Seat | None = None
    at: Id | None = None
    hero: Id | None = None
    flank: Flank | None = None


class Hits(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hits"):
    """Chance: how many of ``dice`` dice hit (a face of ``threshold`` or more) for ``seat``."""

    purpose: Literal["naval", "archery", "melee"]
    seat: Seat
    dice: Count
    threshold: Annotated[int, msgspec.Meta(ge=2, le=6)]
    at: Id | None = None
    flank: Flank | None = None


class Research(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="research"):
    """Chance: how many sixes ``seat``'s research dice show (0, 1, two or more), rolled in
    batches of at most 20 dice (``dice`` still to roll, ``sixes`` so far); ``academy``: a
    success the Academy gives, no dice."""

    seat: Seat
    dice: Count = 0
    sixes: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0
    academy: bool = False


class DrawBasic(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_basic"):
    """Chance: the basic science ``seat`` learns («определяется случайным образом»)."""

    seat: Seat


class NewHero(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="new_hero"):
    """Chance, then chance: a hero is born -- its kind (1:1), then its owner among the seats with
    the fewest heroes so far (``kind`` known once drawn)."""

    kind: HeroKind | None = None


class DrawTrait(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_trait"):
    """Chance: a trait card of ``deck`` for hero ``hero``."""

    deck: TraitDeck
    hero: Id


class DealStates(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="deal_states"):
    """Setup, chance (``state_assignment: random``): the state card of ``seat``."""

    seat: Seat


class StartKits(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="start_kits"):
    """Setup, automatic: every seat has its state; the starting kits are handed out."""


class HeroList(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hero_list"):
    """Setup, automatic: the hero list is written as a snake (first seat first and last)."""


class PickState(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pick_state"):
    """Setup (``state_assignment: draft``): ``seat`` picks its state."""

    seat: Seat


class UpperHero(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="upper_hero"):
    """Setup: ``seat`` chooses which of its two heroes is written higher in the hero list."""

    seat: Seat


class StudyNext(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="study_next"):
    """``seat`` chooses the advanced science it studies next (face down)."""

    seat: Seat


class PlaceHero(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_hero"):
    """The owner of ``hero`` does not hold its capital: it chooses a province for him."""

    seat: Seat
    hero: Id


class MoveFleets(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="move_fleets"):
    """Phase 7: ``seat`` moves ships to neighbouring seas, route by route (``done``: the routes
    used this phase; ``arrived``: ships that moved in, which move no more), then is done."""

    seat: Seat
    done: Annotated[tuple[tuple[Id, Id], ...], msgspec.Meta(max_length=200)] = ()
    arrived: Annotated[tuple[tuple[Id, Count], ...], msgspec.Meta(max_length=200)] = ()


class FleetStep(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fleet_step"):
    """Phase 7, automatic: after the movement, the storms; after the storms, the battles."""

    stage: Literal["storms", "battles"]


class NavalChoice(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="naval_choice"):
    """Phase 7: ``seat`` may start a naval battle against ``opponent`` in ``sea`` (``second``:
    the opponent already declined)."""

    seat: Seat
    sea: Id
    opponent: Seat
    second: bool = False


class NavalBattle(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="naval_battle"):
    """Phase 7: the battle in ``sea`` between ``a`` and ``b``; hits once both sides rolled."""

    sea: Id
    a: Seat
    b: Seat
    hits_a: Count | None = None
    hits_b: Count | None = None


class HeroTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hero_turn"):
    """Phase 8: the owner of ``hero`` moves him (and, a general, an army) or lets him stay."""

    seat: Seat
    hero: Id


class TakeArmy(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_army"):
    """Phase 8: the general ``hero`` moving from ``origin`` to ``to`` takes soldiers with him,
    type by type (``taken`` so far; ``asked``: the types already decided)."""

    seat: Seat
    hero: Id
    origin: Id
    to: Id
    taken: Troops = NO_TROOPS
    asked: Annotated[tuple[Unit, ...], msgspec.Meta(max_length=3)] = ()
    retreat: bool = False


class AnnexChoice(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="annex_choice"):
    """Phase 8: the general ``hero`` in the neutral ``province`` may annex it."""

    seat: Seat
    hero: Id
    province: Id


class DefenderChoice(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="defender_choice"
):
    """Phase 8: the defender's general ``hero`` in ``province`` the enemy entered decides at
    once: stay, or retreat to a neighbouring friendly province."""

    seat: Seat
    hero: Id
    province: Id


class EndMovement(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_movement"):
    """Phase 8, automatic: the clashes the movement made, for phase 9."""


class CounterIntel(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="counter_intel"):
    """Phase 11: ``seat`` says whether it pays for counter-intelligence this turn."""

    seat: Seat


Task: TypeAlias = (
    Sealed
    | Phase
    | EndTurn
    | D6
    | Hits
    | Research
    | DrawBasic
    | NewHero
    | DrawTrait
    | DealStates
    | StartKits
    | HeroList
    | PickState
    | UpperHero
    | StudyNext
    | PlaceHero
    | MoveFleets
    | FleetStep
    | NavalChoice
    | NavalBattle
    | HeroTurn
    | TakeArmy
    | AnnexChoice
    | DefenderChoice
    | EndMovement
    | CounterIntel
    | BattleTask
    | DiplomacyTask
)

StepName: TypeAlias = Literal["setup", "play", "over"]


class WargameState(BaseState, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game of the ancient wargame (see the module docstring for the layout)."""

    options: WargameOptions = WargameOptions()
    stage: StepName = "setup"
    turn: Count = 0
    phase: Annotated[int, msgspec.Meta(ge=0, le=11)] = 0
    players: Annotated[tuple[Player, ...], msgspec.Meta(min_length=2, max_length=6)]
    provinces: Annotated[tuple[ProvinceState, ...], msgspec.Meta(max_length=80)] = ()
    seas: Annotated[tuple[SeaState, ...], msgspec.Meta(max_length=40)] = ()
    heroes: Annotated[tuple[Hero, ...], msgspec.Meta(max_length=400)] = ()
    #: Heroes ever created (hero ids are ``h1``, ``h2``...).
    created: Count = 0
    wars: Annotated[tuple[tuple[Seat, Seat], ...], msgspec.Meta(max_length=15)] = ()
    deals: Annotated[tuple[Deal, ...], msgspec.Meta(max_length=200)] = ()
    #: Seats in the order they completed a shipyard, an admiralty, a spy centre (Q25).
    shipyard_order: Seats = ()
    admiralty_order: Seats = ()
    spy_order: Seats = ()
    traits: TraitDecks = TraitDecks()
    #: State cards not yet dealt (setup).
    states_left: Ids = ()
    #: Seats that paid for counter-intelligence this turn.
    counter_intel: Seats = ()
    #: Seats that met their unique victory condition, checked at the end of a turn.
    fulfilled: Seats = ()
    drafts: Annotated[tuple[Draft, ...], msgspec.Meta(max_length=6)] = ()
    #: Provinces where a clash waits for phase 9, in the order phase 8 made them (Q49).
    clashes: Ids = ()
    #: The land battle under way (phase 9).
    battle: BattleCtx | None = None
    pending: Annotated[tuple[Task, ...], msgspec.Meta(max_length=200)] = ()
