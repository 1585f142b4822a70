"""Positions of the ancient wargame: what a real table shows, in the rules' own terms.

A companion app at a real table describes where the game stands with a :class:`WargamePosition`
and gets back a complete state (:meth:`~.game.AncientWargame.state_of`); the reverse,
:meth:`~.game.AncientWargame.position_of`, gives the position of a state with everything known
(``position_of(state_of(p, seed)) == p`` for every position it gives).

The table («Подготовка к игре», «Листы»): every seat (its state card, ₣, $, VP tokens, buildings
finished and under construction, sciences learned and the advanced one in study, its sealed
choices written down so far), the provinces someone holds or stands in (owner, fortresses, the
armies in it, sabotaged or not), the seas with fleets, the hero list («Лист героев», the oldest
first, each hero with its two trait cards, where it stands or whose prisoner it is), the trait
cards of dead heroes, the wars and the deal sheet («Лист дипломатии»), the order in which seats
completed a shipyard, an admiralty and a spy centre (it orders phases 7 and 11). Then the turn
and the phase («Описание хода»: «сначала все игроки выполняют первую фазу, затем переходят ко
второй и т.д.»), the clashes the movement left for phase 9, the land battle in progress
(:class:`~.battle_state.BattleCtx`: its stage -- deployment, reserve timing, fortress fire,
archery, the two melees, the result, the fates -- and both sides' flanks once revealed), and
``steps``: what is still to be done in the phase, the decision now first.

What the table hides is not given but derived: the four trait decks are the pack's trait cards
of each deck named nowhere (on no hero and not among the discards), drawn at random; the state
cards nobody holds stay in the box. What the rules do by themselves is not given either: the
phases after the current one and the end of the turn follow from ``phase``. A position of the
setup (states being dealt, the hero list being written) cannot be given: the table is not laid
out yet.
"""

from __future__ import annotations

from typing import Annotated, TypeAlias

import msgspec

from arbiter.games.ancient_wargame.battle_state import BattleCtx, BattleTask
from arbiter.games.ancient_wargame.diplomacy_state import Deal, DiplomacyTask
from arbiter.games.ancient_wargame.options import WargameOptions
from arbiter.games.ancient_wargame.rules import Building, Science
from arbiter.games.ancient_wargame.state import (
    D6,
    AnnexChoice,
    CounterIntel,
    DefenderChoice,
    Draft,
    DrawBasic,
    DrawTrait,
    EndMovement,
    Fleet,
    FleetStep,
    Hero,
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
from arbiter.games.ancient_wargame.state_types import Id, Ids, Seat, Seats

#: A turn of the game (the rules' game has 25, «после 25 ходов»).
Turn: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=25)]
#: A phase of the turn, 1 to 11 («Описание хода»).
PhaseNumber: TypeAlias = Annotated[int, msgspec.Meta(ge=1, le=11)]
#: Soldiers of one type in one army, ₣, $ and VP: generous bounds no table reaches, far below the
#: state's, so that a position's play never overflows them.
Amount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=100_000)]
#: Steps still to be done in a phase: a handful, except the phase-8 hero turns (one per hero).
MAX_STEPS = 120


class _P(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Position structs leave out members at their defaults when encoded."""


class SeatPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A seat: its state card («Карточка государства»), ₣ (``food``), $ (``money``), VP tokens;
    its buildings finished and those under construction (face down, finished at the next phase
    4); its sciences learned and the advanced science it studies (face down); how many heroes
    appeared for it so far (its starting two and births: a new hero goes to the seat with the
    fewest, «у которого до этого момента появилось меньше всего героев»); whether it bought its
    VP this turn (phase 6: «одно очко победы»); the turn it was eliminated (``null``: in play);
    and ``sealed``: its choices written down in the sealed step under way (``null``: none yet),
    revealed when every seat has committed."""

    state: Id
    food: Amount = 0
    money: Amount = 0
    vp: Amount = 0
    buildings: Annotated[tuple[Building, ...], msgspec.Meta(max_length=10)] = ()
    constructing: Annotated[tuple[Building, ...], msgspec.Meta(max_length=10)] = ()
    sciences: Annotated[tuple[Science, ...], msgspec.Meta(max_length=10)] = ()
    studying: Science | None = None
    heroes_appeared: Annotated[int, msgspec.Meta(ge=0, le=400)] = 0
    vp_bought: bool = False
    eliminated: Turn | None = None
    sealed: Draft | None = None


class ArmyPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A seat's soldiers in a province («пехотинец», «лучник», «всадник»); ``entered_from``: the
    provinces they entered it from this turn (an attacker who loses retreats «в ту провинцию, из
    которой он пришел»); ``since``: when they first stood here, in the order of the game's
    arrivals (where neither side owns the province, the earlier one defends, Q48)."""

    seat: Seat
    infantry: Amount = 0
    archers: Amount = 0
    cavalry: Amount = 0
    entered_from: Annotated[tuple[Id, ...], msgspec.Meta(max_length=12)] = ()
    since: Amount = 0


class ProvincePosition(
    _P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """A province someone holds or stands in: its owner (``null``: neutral; its «фишка
    провинции»), its fortresses (at most 3, «не больше 3 крепостей в одной провинции»), the
    armies in it (one per seat), and whether a sabotage succeeded there this turn (no income at
    the next phase 6)."""

    owner: Seat | None = None
    fortresses: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    armies: Annotated[tuple[ArmyPosition, ...], msgspec.Meta(max_length=6)] = ()
    sabotaged: bool = False


#: What may still be done in a phase: the rules' own steps, each a tagged member (``task``) with
#: the seat deciding, or a chance step (a D6, a pool of dice counted by hits, a card drawn), or a
#: step the rules do by themselves once the decisions above it are made (the storms after the
#: fleets moved, a clash, a battle). Their members are those of the state's pending steps.
Step: TypeAlias = (
    Sealed
    | D6
    | Hits
    | Research
    | DrawBasic
    | NewHero
    | DrawTrait
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


class WargamePosition(
    _P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """A table of the ancient wargame, as the players see it (see the module docstring).

    * ``options`` -- the table's options; ``players`` -- every seat (2-6);
    * ``provinces`` -- by the pack's id, every province someone holds or stands in (any other
      province in play is neutral and empty); ``seas`` -- by id, the fleets of each sea with
      ships in it;
    * ``heroes`` -- the hero list, the oldest first; ``heroes_created`` -- the heroes ever
      written in it (the next is ``h<heroes_created + 1>``); ``trait_discards`` -- the trait
      cards of dead heroes (Q15: reshuffled into an empty deck);
    * ``wars`` -- pairs of seats at war, the lower first; ``deals`` -- the deal sheet;
    * ``shipyard_order``, ``admiralty_order``, ``spy_order`` -- the seats in the order they
      completed that building (phase 7 and phase 11 go in this order);
    * ``counter_intel`` -- the seats that paid for counter-intelligence this turn; ``fulfilled``
      -- the seats that met their state's victory condition this turn;
    * ``turn``, ``phase`` -- where the game is; ``finished`` -- the game is over;
    * ``clashes`` -- provinces where the movement left a clash for phase 9, in order;
      ``battle`` -- the sieges going on and the land battle in progress;
    * ``steps`` -- what is still to be done in the phase, the decision now first. Empty (and
      the game not finished): the phase is about to begin, and the rules begin it (phase 3 rolls
      for the births, phase 8 lists every hero to move, the oldest first, phase 9 finds the
      clashes...): the way to jump to a phase.
    """

    options: WargameOptions = WargameOptions()
    players: Annotated[tuple[SeatPosition, ...], msgspec.Meta(min_length=2, max_length=6)]
    provinces: Annotated[dict[Id, ProvincePosition], msgspec.Meta(max_length=80)] = {}
    seas: Annotated[
        dict[Id, Annotated[tuple[Fleet, ...], msgspec.Meta(min_length=1, max_length=6)]],
        msgspec.Meta(max_length=40),
    ] = {}
    heroes: Annotated[tuple[Hero, ...], msgspec.Meta(max_length=400)] = ()
    heroes_created: Annotated[int, msgspec.Meta(ge=0, le=400)] = 0
    trait_discards: Ids = ()
    wars: Annotated[tuple[tuple[Seat, Seat], ...], msgspec.Meta(max_length=15)] = ()
    deals: Annotated[tuple[Deal, ...], msgspec.Meta(max_length=200)] = ()
    shipyard_order: Seats = ()
    admiralty_order: Seats = ()
    spy_order: Seats = ()
    counter_intel: Seats = ()
    fulfilled: Seats = ()
    turn: Turn = 1
    phase: PhaseNumber = 1
    finished: bool = False
    clashes: Annotated[tuple[Id, ...], msgspec.Meta(max_length=80)] = ()
    battle: BattleCtx | None = None
    steps: Annotated[tuple[Step, ...], msgspec.Meta(max_length=MAX_STEPS)] = ()
