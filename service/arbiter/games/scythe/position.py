"""Positions of Scythe: what a real table shows, in the rulebook's own terms.

A companion app at a real table describes where the game stands with a
:class:`ScythePosition` and gets back a complete state (:meth:`Scythe.state_of`): the seats with
their factions, player mats, tracks, coins, cards and pieces; the board's resource tokens and
encounter tokens; the face-up decks; whose turn it is, what the turn has done and the decision
pending. The reverse, :meth:`Scythe.position_of`, gives the position of a state, with everything
known (``position_of(state_of(p, seed)) == p`` for every position it gives).

What a table does not show is given as a count and completed by a draw from what the content
pack leaves, seeded: a seat's combat cards (``combat_cards: 3``) from the combat cards neither in
a known hand, under a power dial nor in the discard pile; a seat's objective cards
(``objectives: 2``) from the objective cards neither known nor revealed; the Factory cards still
set out face down (``factory_cards: 3``) from those no seat keeps. The rest follows from what is
shown: the combat deck is the 42 cards less every card held, under a dial or discarded; the
encounter deck is the 28 cards less those drawn; the objective deck, the cards nobody holds.

Units are named by their seat's lists in the position: a mech is ``{"kind": "mech", "index": 1}``,
the second entry of ``mechs``; a worker likewise by its entry of ``workers``; the character is
``{"kind": "character"}``. Places are territory ids ``r{row}c{col}`` (the content pack's board)
or home base ids ``base_{faction}``. Cards are the content pack's ids. Sections are named by their
top-row action (``move_gain``, ``trade``, ``bolster``, ``produce``) or ``factory`` for the
Factory card; recruits and covered squares by the bottom-row action (``upgrade``, ``deploy``,
``build``, ``enlist``); mechs' abilities by name.

The decision pending is :attr:`ScythePosition.decision`, one of the steps of :data:`Step`; what it
is part of -- an encounter whose reward is being taken, a Trade whose Armory bonus waits, a
bottom-row action whose recruit bonuses are being drawn -- is listed in
:attr:`ScythePosition.under_way`, outermost first. What always surrounds a decision is implied:
a battle is fought after a Move, before its encounter and the Factory; an encounter comes after
the battles; the effect of the section's bottom-row action is chosen after paying for it.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias, TypeVar

import msgspec

from arbiter.games.scythe import content_limits as lim
from arbiter.games.scythe.content import (
    BottomActionName,
    FactionId,
    MatId,
    MechAbility,
    Reward,
    StructureBonusKind,
    TriumphGoal,
    Unit,
)
from arbiter.games.scythe.options import ScytheOptions
from arbiter.games.scythe.state import (
    NO_CARDS,
    NO_CARGO,
    NO_RESOURCES,
    NOT_COVERED,
    AmountItem,
    AmountSource,
    Built,
    Covered,
    Cube,
    MovedFrom,
    Recruit,
    Resources,
    Section,
    Side,
)

_T = TypeVar("_T")


def canon(value: _T, default: _T) -> _T:
    """``default`` itself when ``value`` equals it: msgspec leaves a member out of the JSON only
    when it *is* its default, so an equal copy (from a decoded state) would show."""
    return default if value == default else value


class _P(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Position structs leave out members at their defaults when encoded."""


# ------------------------------------------------------------------------------ the bounds
# Every count, string and number of a position is bounded (:mod:`.content_limits`): a position
# comes from a client, and ``state_of`` and the moves of its state scale with what it says.

#: Spaces: the mechs or the workers of a seat, or territories (battles, tokens, produced on).
MechPlaces: TypeAlias = Annotated[tuple[lim.SpaceId, ...], lim.at_most(lim.MAX_MECHS)]
WorkerPlaces: TypeAlias = Annotated[tuple[lim.SpaceId, ...], lim.at_most(lim.MAX_WORKERS)]
Territories: TypeAlias = Annotated[tuple[lim.SpaceId, ...], lim.at_most(lim.MAX_TERRITORIES)]
#: Mechs or workers of a seat, by their indices in its lists.
MechIndices: TypeAlias = Annotated[tuple[lim.MechIndex, ...], lim.at_most(lim.MAX_MECHS)]
WorkerIndices: TypeAlias = Annotated[tuple[lim.UnitIndex, ...], lim.at_most(lim.MAX_WORKERS)]
#: Combat cards by value (a hand), objective, encounter and Factory cards by id.
CombatHand: TypeAlias = Annotated[tuple[lim.CardValue, ...], lim.at_most(lim.MAX_COMBAT_CARDS)]
ObjectiveIds: TypeAlias = Annotated[tuple[lim.CardNumber, ...], lim.at_most(lim.MAX_OBJECTIVES)]
EncounterIds: TypeAlias = Annotated[tuple[lim.CardNumber, ...], lim.at_most(lim.MAX_ENCOUNTERS)]
FactoryIds: TypeAlias = Annotated[tuple[lim.CardNumber, ...], lim.at_most(lim.MAX_FACTORY_CARDS)]
#: How many combat cards of each value a pile holds (``state.CardCounts``, bounded).
CardCounts: TypeAlias = Annotated[
    tuple[lim.CardCount, lim.CardCount, lim.CardCount, lim.CardCount],
    msgspec.Meta(
        description="How many combat cards of each value: [value 2, value 3, value 4, value 5]."
    ),
]
#: What a moving unit picked up or dropped on one space (``state.CargoCounts``, bounded).
CargoCounts: TypeAlias = Annotated[
    tuple[lim.Workers, lim.Tokens, lim.Tokens, lim.Tokens, lim.Tokens],
    msgspec.Meta(description="Counts of [workers, food, wood, metal, oil]."),
]


# ------------------------------------------------------------------------------ the table


class SeatPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat at the table (seats go clockwise: seat + 1 plays after seat).

    * ``faction``, ``mat`` -- the faction mat and the player mat («Выбор фракции»);
    * ``power``, ``popularity`` -- the seat's marks on the Power and Popularity tracks; ``coins``;
    * ``combat_cards`` -- the values of the combat cards in hand (2-5), or how many when they
      are not known (drawn by the seed from the combat cards left);
    * ``objectives`` -- the ids of the objective cards held, or how many;
      ``revealed_objectives`` -- the objective cards revealed (face up);
    * ``character`` -- where the character stands; ``mechs`` -- where each deployed mech
      stands; ``mech_abilities`` -- the abilities uncovered on the faction mat by deploying
      them (as many as ``mechs``); ``workers`` -- where each worker off the player mat stands
      (8 at most; the rest are on the mat);
    * ``structures`` -- the structures built, each on its territory, in the order built;
    * ``recruits`` -- the recruits enlisted: the bottom-row action each was taken from and the
      one-time bonus of the faction mat it covers;
    * ``cubes`` -- the technology cubes moved by Upgrade (the top-row action and choice whose
      green square each left); ``covered`` -- the red squares covered on each bottom-row
      action;
    * ``stars`` -- the Triumph track goals the seat placed a star on (``combat`` may repeat);
    * ``last_section`` -- the section the seat's action token stands on from its last turn
      (``null`` before its first turn); ``factory_card`` -- the Factory card kept.
    """

    faction: FactionId
    mat: MatId
    power: lim.Track
    popularity: lim.Track
    coins: lim.Coins
    combat_cards: CombatHand | lim.CombatCardCount
    objectives: ObjectiveIds | lim.ObjectiveCount
    revealed_objectives: ObjectiveIds = ()
    character: lim.SpaceId
    mechs: MechPlaces = ()
    mech_abilities: Annotated[tuple[MechAbility, ...], lim.at_most(lim.MAX_MECHS)] = ()
    workers: WorkerPlaces = ()
    structures: Annotated[tuple[Built, ...], lim.at_most(lim.MAX_STRUCTURES)] = ()
    recruits: Annotated[tuple[Recruit, ...], lim.at_most(lim.MAX_RECRUITS)] = ()
    cubes: Annotated[tuple[Cube, ...], lim.at_most(lim.MAX_CUBES)] = ()
    covered: Covered = NOT_COVERED
    stars: Annotated[tuple[TriumphGoal, ...], lim.at_most(lim.MAX_STARS)] = ()
    last_section: Section | None = None
    factory_card: lim.CardNumber | None = None


class BoardPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The board: ``resources`` -- the resource tokens on each territory that has any, by
    territory id; ``encounter_tokens`` -- the territories whose encounter token is still on the
    board (11 at the start)."""

    resources: Annotated[dict[lim.SpaceId, Resources], lim.at_most(lim.MAX_TERRITORIES)] = (
        msgspec.field(default_factory=dict)
    )
    encounter_tokens: Territories = ()


class DecksPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What the decks show.

    * ``combat_discard`` -- the combat cards in the discard pile (face up), as counts of the
      values ``[2, 3, 4, 5]``; the combat deck holds the rest of the 42;
    * ``encounters_drawn`` -- the encounter cards drawn so far and put under the deck, in the
      order drawn (every drawn card is shown to all); the deck holds the rest;
    * ``factory_cards`` -- the Factory cards still set out face down (not kept by a seat): their
      ids if known, else how many (players + 1 at the start).
    """

    combat_discard: CardCounts = NO_CARDS
    encounters_drawn: EncounterIds = ()
    factory_cards: FactoryIds | lim.FactoryCardCount = 0


AfterMoveStage: TypeAlias = Literal["battles", "encounter"]
TurnAt: TypeAlias = Literal["choose_section", "top_action", "bottom_action", "end_of_turn"]


class TurnPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The turn under way («Игровой процесс»).

    * ``seat`` -- whose turn it is; ``section`` -- the section its action token was placed on
      this turn (``null`` while choosing); ``turns_taken`` -- turns completed since the first;
    * ``after_move`` -- once the Move action is over, what follows it is under way: ``battles``
      (then the encounter and the Factory) or the ``encounter`` (then the Factory). ``null``: as
      the steps imply -- a battle, a choice of battle or a retreat is fought in the battles, an
      encounter after them; name it only when the steps do not (the loser of a battle drawing
      its combat card);
    * ``moved_from`` -- every unit moved this turn, with where the turn's Move found it (a unit
      named by its seat's lists; units moved onto an unfought battle go back there if the game
      ends, «Ограничение по звездам и окончание игры»);
    * ``encounter_at`` -- the encounter token the character stopped on this turn;
    * ``forced_retreat`` -- the seat sent an opponent's worker home this turn (objective «Send
      One Back as a Warning»);
    * ``coercion_used`` -- Crimea spent a combat card as a resource this turn («Принуждение»).
    """

    seat: lim.Seat
    section: Section | None = None
    turns_taken: lim.Turns = 0
    after_move: AfterMoveStage | None = None
    moved_from: Annotated[tuple[MovedFrom, ...], lim.at_most(lim.MAX_UNITS)] = ()
    encounter_at: lim.SpaceId | None = None
    forced_retreat: bool = False
    coercion_used: bool = False


# ------------------------------------------------------------------------------ the steps


class StepBase(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="step",
):
    """Base of the steps of a turn (a tagged union on ``step``)."""


class ChooseSection(StepBase, frozen=True, kw_only=True, tag="choose_section"):
    """The seat whose turn it is places its action token on a section («Выберите секцию»); it
    may first give coins («Союзы и подкуп»). Nothing is under way."""


class TopAction(StepBase, frozen=True, kw_only=True, tag="top_action"):
    """The top-row action of the chosen section (or of the Factory card) is to be taken or
    skipped. Nothing is under way."""


class BottomAction(StepBase, frozen=True, kw_only=True, tag="bottom_action"):
    """The top-row action is done or skipped; the bottom-row action is to be taken or skipped.
    Nothing is under way."""


class EndOfTurn(StepBase, frozen=True, kw_only=True, tag="end_of_turn"):
    """Both actions are done or skipped; the seat may still reveal a completed objective card
    («в любой момент Вашего хода») before passing the turn. Nothing is under way."""


class GameOver(StepBase, frozen=True, kw_only=True, tag="game_over"):
    """A sixth star was placed: the game is over («Окончание игры»). ``turn_at`` -- where the
    turn stood when it ended: choosing a section, the top-row action taken or to take, the
    bottom-row action next, or the end of the turn."""

    turn_at: TurnAt


class UnitRef(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A unit of a seat: its ``kind`` and, for a mech or a worker, its ``index`` in the seat's
    ``mechs`` or ``workers`` list of the position (0 for the character)."""

    kind: Unit
    index: lim.UnitIndex = 0


class MovingUnit(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The unit moving now, where it stands (``unit``'s place in the position).

    * ``steps_left`` -- steps it may still take; ``stepped`` -- it has taken one;
    * ``workers`` -- the workers a mech carries (indices in the seat's ``workers``, standing
      with it); ``cargo`` -- the resource tokens it carries;
    * ``picked_up_here`` / ``dropped_here`` -- what it picked up / dropped on the space where it
      stands, as counts of [workers, food, wood, metal, oil] (not dropped / picked up again
      there).
    """

    unit: UnitRef
    steps_left: lim.Steps
    stepped: bool = False
    workers: WorkerIndices = ()
    cargo: Resources = NO_RESOURCES
    picked_up_here: CargoCounts = NO_CARGO
    dropped_here: CargoCounts = NO_CARGO


class MoveAction(StepBase, frozen=True, kw_only=True, tag="move"):
    """A Move action in progress («Движение»; the Factory card's bottom row too): up to
    ``units_left`` more different units, ``steps`` steps each (Speed adds one for the character
    and mechs); ``moved`` -- the units that moved themselves so far, in order; ``moving`` -- the
    unit moving now, if any. The battles, the encounter and the Factory follow it."""

    units_left: lim.Amount
    steps: lim.Steps = 1
    moved: Annotated[tuple[UnitRef, ...], lim.at_most(lim.MAX_UNITS)] = ()
    moving: MovingUnit | None = None


class ChooseBattle(StepBase, frozen=True, kw_only=True, tag="choose_battle"):
    """The Move left battles on several ``territories``: the attacker chooses which is fought
    next («активный (атакующий) игрок выбирает порядок проведения битв»)."""

    territories: Territories


BattleStage: TypeAlias = Literal["artillery", "scout", "dials"]


class Battle(StepBase, frozen=True, kw_only=True, tag="battle"):
    """A battle («Битва») on ``territory``: the ``attacker`` (the seat whose turn it is) against
    the ``defender``.

    ``stage``: ``dials`` -- both sides choose, at once and in secret, a power on the dial and
    the combat cards under it («Выбор силы»); before it the abilities act, the attacker's first
    («Преимущество атакующего»): ``artillery`` -- seat ``ability_of`` decides whether to use
    Artillery; ``scout`` -- seat ``ability_of`` takes one of the opponent's combat cards at
    random. ``attacker_side`` / ``defender_side``: the combat cards put under the dial so far,
    the dial's value and whether the side has committed it (a companion app usually gives the
    battle before either side commits: no cards, not committed).
    """

    territory: lim.SpaceId
    attacker: lim.Seat
    defender: lim.Seat
    stage: BattleStage = "dials"
    ability_of: lim.Seat | None = None
    attacker_side: Side = Side()
    defender_side: Side = Side()


class Retreat(StepBase, frozen=True, kw_only=True, tag="retreat"):
    """Seaworthy («Мореходы»): ``seat``'s units that lost on ``territory`` were sent home and may
    retreat onto an adjacent lake instead: the ``character`` if it fought, the ``mechs`` and the
    ``workers`` (indices in the seat's lists)."""

    seat: lim.Seat
    territory: lim.SpaceId
    character: bool = False
    mechs: MechIndices = ()
    workers: WorkerIndices = ()


class DrawCombatCards(StepBase, frozen=True, kw_only=True, tag="draw_combat_cards"):
    """``seat`` is to draw ``count`` combat cards (chance: the loser of a battle who spent power
    or a card, a reward, a recruit's bonus)."""

    seat: lim.Seat
    count: lim.CombatCardCount


class Encounter(StepBase, frozen=True, kw_only=True, tag="encounter"):
    """An encounter («Случайные встречи») on ``territory``, its token already discarded:
    ``card`` -- the encounter card drawn (``null``: still to draw); ``chosen`` -- the options
    (0-2, as printed top to bottom) chosen so far (Polania may choose two, «Изворотливость»)."""

    territory: lim.SpaceId
    card: lim.CardNumber | None = None
    chosen: Annotated[tuple[lim.EncounterChoice, ...], lim.at_most(lim.ENCOUNTER_OPTIONS)] = ()


class FactoryVisit(StepBase, frozen=True, kw_only=True, tag="factory_visit"):
    """The character reached the Factory for the first time: the seat looks at the Factory
    cards set out and keeps one («Фактория»)."""


class TakeAmount(StepBase, frozen=True, kw_only=True, tag="take_amount"):
    """A top-row reward of one kind, taken as one amount from 0 to ``full`` («или часть
    награды»): ``item`` (power, popularity, coins, combat cards) of ``source`` (the action:
    Bolster, Trade, Move's coins ``gain``; or the structure bonus: Monument, Armory)."""

    item: AmountItem
    full: lim.Amount
    source: AmountSource


class Gain(StepBase, frozen=True, kw_only=True, tag="gain"):
    """The rest of a ``reward`` being taken one unit at a time, or left («можете взять не всю
    награду»): Trade's resources, an encounter option, a Factory card's choice. ``place`` --
    where resources and workers go (``null``: a territory the seat controls with a worker, as
    for Trade); ``actions_at`` -- where an encounter's deploy and build happen (the
    character's territory)."""

    reward: Reward
    place: lim.SpaceId | None = None
    actions_at: lim.SpaceId | None = None


class Discard(StepBase, frozen=True, kw_only=True, tag="discard"):
    """``count`` combat cards still to discard to pay a cost."""

    count: lim.CombatCardCount


class Produce(StepBase, frozen=True, kw_only=True, tag="produce"):
    """A Produce in progress («Производство»): up to ``territories_left`` more territories, plus
    the Mill's territory ``mill`` (``null``: no Mill); ``done`` -- the territories produced on
    so far."""

    territories_left: lim.Amount
    mill: lim.SpaceId | None = None
    done: Territories = ()


class PayCost(StepBase, frozen=True, kw_only=True, tag="pay_cost"):
    """The bottom-row action of the chosen section is being paid: ``left`` resource tokens still
    to pay from controlled territories (Crimea: one may be a combat card)."""

    left: lim.Amount


class TakeCoins(StepBase, frozen=True, kw_only=True, tag="take_coins"):
    """The bottom-row action of the chosen section is paid: its coins are to be taken or
    refused."""


class ActionEffect(StepBase, frozen=True, kw_only=True, tag="action_effect"):
    """The effect of a bottom-row ``action`` is to be chosen (the cube to move and the square to
    cover, the mech and where, the structure and where, the recruit and its bonus), or declined.
    ``free``: given by an encounter or a Factory card (no cost, coins or recruit bonuses);
    otherwise it is the chosen section's action, paid and its coins taken. ``place``: where it
    must happen (an encounter's character territory; ``null``: anywhere legal)."""

    action: BottomActionName
    free: bool = False
    place: lim.SpaceId | None = None


RecruitStage: TypeAlias = Literal["recruit_bonuses", "stars"]


class BottomActionTaken(StepBase, frozen=True, kw_only=True, tag="bottom_action_taken"):
    """The chosen section's bottom-row action is done; what follows waits on the steps after
    this one: ``next`` -- ``recruit_bonuses`` (the recruits' ongoing bonuses of the seat and its
    neighbours, then the stars) or ``stars`` (the bonuses are given)."""

    next: RecruitStage


#: A step of a turn: the decision pending (:attr:`ScythePosition.decision`) or a step under way
#: that waits on the ones after it (:attr:`ScythePosition.under_way`).
Step: TypeAlias = (
    ChooseSection
    | TopAction
    | BottomAction
    | EndOfTurn
    | GameOver
    | MoveAction
    | ChooseBattle
    | Battle
    | Retreat
    | DrawCombatCards
    | Encounter
    | FactoryVisit
    | TakeAmount
    | Gain
    | Discard
    | Produce
    | PayCost
    | TakeCoins
    | ActionEffect
    | BottomActionTaken
)
#: The decisions that are the turn itself: nothing is under way.
TURN_DECISIONS = (ChooseSection, TopAction, BottomAction, EndOfTurn, GameOver)


class ScythePosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table of Scythe, as a companion app sees it (see the module docs of
    :mod:`arbiter.games.scythe.position`).

    * ``options`` -- the table options; ``structure_tile`` -- the structure bonus tile drawn;
    * ``seats`` -- each seat, clockwise (2-5);
    * ``board``, ``decks`` -- the tokens on the board and what the decks show;
    * ``turn`` -- whose turn it is and what it has done;
    * ``decision`` -- the decision pending now;
    * ``under_way`` -- the steps the decision is part of, outermost first (each waits on the
      ones after it); empty for most positions.
    """

    options: ScytheOptions = ScytheOptions()
    structure_tile: StructureBonusKind
    seats: Annotated[tuple[SeatPosition, ...], lim.at_most(lim.MAX_SEATS, least=lim.MIN_SEATS)]
    board: BoardPosition = BoardPosition()
    decks: DecksPosition = DecksPosition()
    turn: TurnPosition
    decision: Step
    under_way: Annotated[tuple[Step, ...], lim.at_most(lim.MAX_UNDER_WAY)] = ()
