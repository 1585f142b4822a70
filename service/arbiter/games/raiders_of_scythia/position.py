"""Positions of Raiders of Scythia: what a real table shows, in the rulebook's own terms.

A companion app at a real table describes where the game stands with a :class:`RaidersPosition`
and gets back a complete state (:meth:`~.game.RaidersOfScythia.state_of`); the reverse,
:meth:`~.game.RaidersOfScythia.position_of`, gives the position of a state with everything known
(``position_of(state_of(p, seed)) == p`` for every position it gives).

The table («ПОДГОТОВКА К ИГРЕ»): the Scythian village (the worker on each of the 8 buildings, the
2 quest spaces), every raid space in use (its plunder, the worker above it, a face-down quest
under it or a face-up one on it, raided or not), the workers players left on the settlements'
worker spots, the plunder supply, the animal display and discard pile, the crew discard pile and
the number of cards in the crew deck, every seat (VP, tokens, the worker held, hero, the 5 slots
with crew, wounds, eagle and horse, the hand, completed quests), and in solo play the nameless
chief (AI crew card, VP, provisions, horses, quests, the scheme discard pile and the building its
last scheme card blocks). Then whose turn it is (a seat's or the chief's), whether the end is
triggered and how many turns are left («КОНЕЦ ИГРЫ»), what the turn has done so far, the raid
under way and the steps still to be decided.

What the table hides is given as a count or not at all and drawn by the seed from what the pack
leaves: a hand given as a count (``{"unknown": 5}``) from the crew cards named nowhere, the crew
deck likewise (in solo play one crew card more lies in the box: the draft's other pair); the
animal deck is every animal card named nowhere; the quests under the raid spaces (face down:
``face_down_quest``) are drawn from the quests named nowhere when they are turned up; the scheme
deck is every scheme card not in the discard pile.

What the rules do by themselves is not given but derived: the end of a turn, the raid's scoring
and aftermath, the chief's turn; the dice still to roll and the kumis still to choose follow from
the raid (:class:`RaidPosition`); with no step under way and no raid, the seat ``turn`` chooses
between the village and a raid («ХОД ИГРЫ»). A position of the setup (the draft, the cards set
aside) cannot be given: the table is not laid out yet.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias, TypeVar

import msgspec

from arbiter.games.raiders_of_scythia.content import Building, ChiefLevel, Colour, Items
from arbiter.games.raiders_of_scythia.state import (
    EMPTY_SLOTS,
    SLOTS,
    CardId,
    Cards,
    Count,
    Plunder,
    Rolled,
    Seat,
    Slot,
    SlotIndex,
    Spot,
    Village,
)

_T = TypeVar("_T")


def canon(value: _T, default: _T) -> _T:
    """``default`` itself when ``value`` equals it: msgspec leaves a member out of the JSON only
    when it *is* its default, so an equal copy (from a decoded state) would show."""
    return default if value == default else value


#: The village as set up: a blue worker on the Town Centre, the Meeting Tent and the Market.
START_VILLAGE = Village()
NO_PLUNDER = Plunder()

# ------------------------------------------------------------------------------------ bounds

#: «4 игрока»: at most 4 seats.
MAX_SEATS = 4
#: A content id of a raid space or a settlement (the pack's ids).
PlaceId: TypeAlias = Annotated[str, msgspec.Meta(max_length=40)]
#: Crew cards in a hand given as a count: at most the pack's crew cards (``state.Cards``).
HandCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=200)]
#: Turns still to play once the end is triggered: one a player and one for the chief.
TurnsLeft: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS + 1)]
#: A die of the raid (at most 12, ``state.Raid.dice``).
DieIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=11)]
#: A position of the animal display («3 карты животных лицевой стороной вверх»).
DisplayIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=2)]
#: The steps under way (a handful at most in any turn).
MAX_STEPS = 16
#: Silver, provisions and kumis: «не более 8» at the end of a turn, and within a turn what its
#: gains add; the chief's provisions have no limit (+2 or +3 a turn). A generous bound no table
#: reaches, far below the state's, so a position's play never overflows it.
MAX_TOKENS = 500
Tokens: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_TOKENS)]
#: Victory points (a few dozen in a game; generous).
MAX_VP = 1000
Points: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=MAX_VP)]
#: Plunder of one kind: at most the bag's tokens of the kind (26 livestock, «СОСТАВ ИГРЫ»).
PlunderCount: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=26)]


class _P(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Position structs leave out members at their defaults when encoded."""


class HandPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A hand of crew cards: the ``cards`` known (in the order held) and ``unknown`` more the
    table does not show (another seat's hand: its size is public)."""

    cards: Cards = ()
    unknown: HandCount = 0


NO_HAND = HandPosition()


class StockPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """What a seat holds besides cards: silver, provisions, kumis and plunder tokens."""

    silver: Tokens = 0
    provisions: Tokens = 0
    kumis: Tokens = 0
    gold: PlunderCount = 0
    equipment: PlunderCount = 0
    wagons: PlunderCount = 0
    livestock: PlunderCount = 0


NO_STOCK = StockPosition()


class SeatPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A seat (seats go clockwise): its VP, tokens (silver, provisions, kumis and plunder), the
    worker it holds (``null`` while its worker is placed and before it picks one up, or on a
    raid), its hero, the 5 slots of its player board (crew card, wounds on it, the eagle above it,
    the horse below it), its hand and its completed quests."""

    hero: CardId
    vp: Points = 0
    stock: StockPosition = NO_STOCK
    worker: Colour | None = "blue"
    slots: Annotated[tuple[Slot, ...], msgspec.Meta(min_length=SLOTS, max_length=SLOTS)] = (
        EMPTY_SLOTS
    )
    hand: HandPosition = NO_HAND
    quests: Cards = ()


class SpacePosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A raid space in use (the pack's ``id``): ``raided`` (its worker and plunder taken), its
    ``plunder``, the ``worker`` above it, a ``face_down_quest`` under it or the face-up ``quest``
    lying on it."""

    id: PlaceId
    raided: bool = False
    plunder: Plunder = NO_PLUNDER
    worker: Colour | None = None
    face_down_quest: bool = False
    quest: CardId | None = None


class ChiefPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The nameless chief of solo play: its AI crew card (``level``), VP, provisions, horses and
    quests; the scheme discard pile (``schemes``, the last one on top) and the building the top
    scheme card blocks for the player's next turn (``blocked``; ``null`` before the first)."""

    level: ChiefLevel
    vp: Points = 0
    provisions: Tokens = 0
    horses: Cards = ()
    quests: Cards = ()
    schemes: Cards = ()
    blocked: Building | None = None


class TurnRecord(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """What the seat whose turn it is has done so far: the building it ``placed`` its worker on
    (the worker there cannot be picked up), whether it used its hero's ability and which slots'
    eagles it used («нельзя использовать дважды за 1 ход»)."""

    placed: Building | None = None
    hero_used: bool = False
    eagles_used: Annotated[tuple[SlotIndex, ...], msgspec.Meta(max_length=SLOTS)] = ()


NO_TURN = TurnRecord()


class RaidScore(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The raid's strength once totalled («СИЛА»): ``strength`` = kumis + dice +
    ``crew_and_animals`` + ``abilities``; the band's ``vp`` scored and the ``wounds`` it
    brought (the dice's and the band's, less the reductions)."""

    strength: Count
    crew_and_animals: Count = 0
    abilities: Count = 0
    vp: Count = 0
    wounds: Count = 0


class RaidPosition(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The raid of the seat whose turn it is («НАБЕГ»), on ``settlement`` (the pack's id); its
    worker is on the settlement's last worker spot.

    * ``kumis`` -- spent (``null``: still to choose, before the dice);
    * ``dice`` -- the red and white dice of the settlement, then a yellow one for each of its
      remaining raid spaces holding gold; each ``rolled`` with its face, or not yet (the dice
      not rolled are rolled in order);
    * ``rerolls`` -- rerolls a crew ability still offers (0 once the seat keeps the dice);
      ``rerolling`` -- the die being rerolled now;
    * ``score`` -- once the strength is totalled; ``wounded`` -- the slots wounded in this raid
      whose crew member lives («При ранении»), ``killed`` -- the crew cards it killed.

    After the score, the wounds to place are a ``wounds`` step; a ``choose_space`` step once the
    raider chooses which remaining raid space it takes.
    """

    settlement: PlaceId
    kumis: Tokens | None = None
    dice: Annotated[tuple[Rolled, ...], msgspec.Meta(max_length=12)] = ()
    rerolls: Count = 0
    rerolling: DieIndex | None = None
    score: RaidScore | None = None
    wounded: Annotated[tuple[SlotIndex, ...], msgspec.Meta(max_length=SLOTS)] = ()
    killed: Cards = ()


# ------------------------------------------------------------------------------- steps


class _Step(_P, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="step"):
    """A step still to be done in the turn under way, by the seat whose turn it is (or chance)."""


class PickUpStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pick_up"):
    """«ДЕРЕВНЯ»: the seat placed its worker and must pick up one of the workers that were in the
    village when its turn began."""


class ActionStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="action"):
    """The seat may use ``building``'s action with a ``worker`` of that colour: the worker it
    ``placed`` there, the one it ``picked_up`` from there, or (``effect``) its Town Centre worker
    whose played effect uses the building."""

    building: Building
    worker: Colour
    source: Literal["placed", "picked_up", "effect"]


class PlaceAnimalStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_animal"
):
    """«КОНЮШНЯ»: the seat slides the animal ``card`` it took above a slot (``eagle``) or below
    one (``horse``)."""

    card: CardId
    half: Literal["eagle", "horse"]


class HireSlotStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hire_slot"):
    """«КАЗАРМА»: the seat paid for the crew ``card`` and puts it into a slot."""

    card: CardId


class HealStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="heal"):
    """The seat removes ``left`` more wounds from its crew, one at a time."""

    left: Count


class PayQuestStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pay_quest"):
    """«ШАТЁР ВОЖДЯ»: the seat discards cards for the strength ``quest`` (face up on the board),
    ``paid`` so far."""

    quest: CardId
    paid: Count = 0


class SellStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sell"):
    """«БАЗАР» (or an exchange that pays cards): the seat discards ``left`` more cards, then gains
    ``gain``."""

    left: Count
    gain: Items


class ChooseBuildingStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_building"
):
    """«Выполнить действие здания»: the seat chooses a building to use with its Town Centre
    ``worker``."""

    worker: Colour


class ReturnEagleStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="return_eagle"
):
    """«Заменить 1 своего орла на 1 из доступных лошадей»: the seat returns one of its eagles."""


class SwapHorseStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="swap_horse"):
    """... it returned the eagle ``returned`` and takes another display card as a horse."""

    returned: CardId


class SwapCrewStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="swap_crew"):
    """The seat swaps one hired crew member with a card of its hand."""


class WoundsStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="wounds"):
    """«РАНЕНИЯ»: the raider places ``left`` more wounds on its crew, one at a time."""

    left: Count


class ChooseSpaceStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_space"
):
    """«НАБЕГ»: the raider chooses which remaining raid space of the settlement it takes."""


class DiscardStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_to_limit"
):
    """«не более 8 карт на руке на конец хода»: the seat discards down to 8 cards."""


class DrawCrewStep(_Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_crew"):
    """Chance: ``count`` crew cards are drawn into the hand of the seat whose turn it is."""

    count: Annotated[int, msgspec.Meta(ge=1, le=40)] = 1


class TurnUpAnimalStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="turn_up_animal"
):
    """Chance: a new animal card is turned up at display ``position`` («сразу должен раскрыть
    новую карту»)."""

    position: DisplayIndex


class TurnUpQuestStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="turn_up_quest"
):
    """Chance: the quest under the raided ``space`` is turned face up."""

    space: PlaceId


class DrawSchemeStep(
    _Step, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_scheme"
):
    """Chance, solo: the chief's scheme card is turned up (its turn then follows it)."""


Step: TypeAlias = (
    PickUpStep
    | ActionStep
    | PlaceAnimalStep
    | HireSlotStep
    | HealStep
    | PayQuestStep
    | SellStep
    | ChooseBuildingStep
    | ReturnEagleStep
    | SwapHorseStep
    | SwapCrewStep
    | WoundsStep
    | ChooseSpaceStep
    | DiscardStep
    | DrawCrewStep
    | TurnUpAnimalStep
    | TurnUpQuestStep
    | DrawSchemeStep
)
#: Steps chance decides.
CHANCE_STEPS = (DrawCrewStep, TurnUpAnimalStep, TurnUpQuestStep, DrawSchemeStep)


class RaidersPosition(
    _P, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """A table of Raiders of Scythia, as the players see it (see the module docstring).

    * ``players`` -- every seat, clockwise; ``turn`` -- the seat whose turn it is, or ``chief``
      (solo: the chief's turn); ``turns_left`` -- ``null`` until the end is triggered, then the
      turns still to play (0: the game is over);
    * ``village``, ``village_quests`` -- the worker on each building and the 2 quest spaces (top
      row first);
    * ``spaces`` -- every raid space in use at this player count, in the pack's order; ``spots``
      -- by settlement id, the workers players left on its worker spots, left to right;
    * ``supply`` -- the plunder tokens in the supply;
    * ``animal_display`` (3 positions, ``null``: empty), ``animal_discard``; ``crew_deck`` -- the
      cards in the crew deck; ``crew_discard``;
    * ``chief`` -- solo play only;
    * ``this_turn`` -- what the seat whose turn it is has done so far; ``raid`` -- its raid under
      way; ``steps`` -- what is still to be decided in the turn, the decision now first (empty
      with no raid: the seat chooses the village or a raid).
    """

    players: Annotated[tuple[SeatPosition, ...], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]
    turn: Seat | Literal["chief"] = 0
    turns_left: TurnsLeft | None = None
    village: Village = START_VILLAGE
    village_quests: Annotated[
        tuple[CardId | None, ...], msgspec.Meta(min_length=2, max_length=2)
    ] = (None, None)
    spaces: Annotated[tuple[SpacePosition, ...], msgspec.Meta(max_length=48)] = ()
    spots: Annotated[
        dict[PlaceId, Annotated[tuple[Spot, ...], msgspec.Meta(max_length=24)]],
        msgspec.Meta(max_length=24),
    ] = {}
    supply: Plunder = NO_PLUNDER
    animal_display: Annotated[
        tuple[CardId | None, ...], msgspec.Meta(min_length=3, max_length=3)
    ] = (None, None, None)
    animal_discard: Cards = ()
    crew_deck: HandCount = 0
    crew_discard: Cards = ()
    chief: ChiefPosition | None = None
    this_turn: TurnRecord = NO_TURN
    raid: RaidPosition | None = None
    steps: Annotated[tuple[Step, ...], msgspec.Meta(max_length=MAX_STEPS)] = ()
