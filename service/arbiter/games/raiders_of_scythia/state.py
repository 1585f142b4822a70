"""The state of a game of Raiders of Scythia: immutable msgspec structs, cards named by content id.

The table (rulebook «ПОДГОТОВКА К ИГРЕ»):

* the Scythian village: the worker on each of the 8 buildings (``village``, a :class:`Village`)
  and its two quest spaces (``village_quests``, top row first);
* the raid area: every raid space of the pack in content order (``spaces``: its plunder, the
  worker above it, its quest), and the workers players left on each settlement (``spots``);
* the animal display (3 face-up cards), the decks (hidden, unordered: a draw is a chance decision
  over them) and the public discard piles;
* one :class:`Player` per seat (seats go clockwise); in solo play the nameless chief
  (:class:`Chief`), who is not a seat.

The turn is a stack of pending tasks (``pending``, last = current): decisions of a seat, chance
decisions (:class:`Draw`, :class:`DrawPlunder`, :class:`Roll`, :class:`FirstPlayer`) and automatic
steps the flow engine runs by itself (:mod:`.flow`).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec

from arbiter.core import BaseState
from arbiter.games.raiders_of_scythia.content import (
    Building,
    ChiefLevel,
    Colour,
    DieColour,
    Items,
    PlunderKind,
)
from arbiter.games.raiders_of_scythia.options import RaidersOptions

Seat: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=3)]
Count: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
CardId: TypeAlias = Annotated[str, msgspec.Meta(max_length=40)]
Cards: TypeAlias = Annotated[tuple[CardId, ...], msgspec.Meta(max_length=200)]
SlotIndex: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=4)]

#: The crew slots of a player board (rulebook «КАЗАРМА»: «только 5 ячеек для соратников»).
SLOTS = 5
#: «У игрока не может быть более 8 серебра / продовольствия / кумыса / карт на руке на конец хода».
LIMIT = 8


class _S(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Stock(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a player holds besides cards: silver, provisions and kumis (at most 8 each at the end
    of a turn) and plunder (gold, equipment, wagons, livestock; no limit)."""

    silver: Count = 0
    provisions: Count = 0
    kumis: Count = 0
    gold: Count = 0
    equipment: Count = 0
    wagons: Count = 0
    livestock: Count = 0


class Plunder(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Plunder tokens (rulebook «трофеи»): 14 gold, 20 equipment, 20 wagons, 26 livestock in all."""

    gold: Count = 0
    equipment: Count = 0
    wagons: Count = 0
    livestock: Count = 0

    def total(self) -> int:
        return self.gold + self.equipment + self.wagons + self.livestock

    def of(self, kind: PlunderKind) -> int:
        value: int = getattr(self, kind)
        return value

    def plus(self, kind: PlunderKind, n: int) -> Plunder:
        return msgspec.structs.replace(self, **{kind: getattr(self, kind) + n})


#: The plunder bag's contents at setup (rulebook «СОСТАВ ИГРЫ»).
ALL_PLUNDER = Plunder(gold=14, equipment=20, wagons=20, livestock=26)


class Slot(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of the 5 slots of a player board: the hired crew card (or none), the wounds on it, the
    eagle slid above it and the horse below it. Animals stay when the crew card changes."""

    crew: CardId | None = None
    wounds: Count = 0
    eagle: CardId | None = None
    horse: CardId | None = None


EMPTY_SLOTS: tuple[Slot, ...] = (Slot(),) * SLOTS


class Player(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat: VP, tokens, the one worker held (``None`` while it is placed and before the next is
    taken), the hero, the 5 slots, the hand (crew cards), completed quests, and during setup the 2
    cards set aside from the 5 dealt (``set_aside``, private until every seat has chosen)."""

    vp: Count = 0
    stock: Stock = Stock(silver=3, provisions=1)
    worker: Colour | None = "blue"
    hero: CardId | None = None
    slots: Annotated[tuple[Slot, ...], msgspec.Meta(min_length=SLOTS, max_length=SLOTS)] = (
        EMPTY_SLOTS
    )
    hand: Cards = ()
    quests: Cards = ()
    set_aside: Cards = ()


class Chief(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The nameless chief of solo play («безымянный вождь»): its AI crew card (difficulty), VP,
    provisions (no limit), horses (animal cards, horse half only) and quests."""

    level: ChiefLevel
    vp: Count = 0
    provisions: Count = 0
    horses: Cards = ()
    quests: Cards = ()


class Village(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The worker on each building of the Scythian village (``None``: the building is free)."""

    stables: Colour | None = None
    barracks: Colour | None = None
    silversmith: Colour | None = None
    farm: Colour | None = None
    chiefs_tent: Colour | None = None
    town_centre: Colour | None = "blue"
    meeting_tent: Colour | None = "blue"
    market: Colour | None = "blue"

    def at(self, building: Building) -> Colour | None:
        value: Colour | None = getattr(self, building)
        return value

    def put(self, building: Building, worker: Colour | None) -> Village:
        return msgspec.structs.replace(self, **{building: worker})


class Space(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A raid space (content order): used at this player count, raided, its plunder, the worker
    above it, a face-down quest under it (``hidden_quest``; which one is drawn when it is turned
    up) or the face-up quest lying on it."""

    in_use: bool = True
    raided: bool = False
    plunder: Plunder = Plunder()
    worker: Colour | None = None
    hidden_quest: bool = False
    quest: CardId | None = None

    def open(self) -> bool:
        """Still to be raided."""
        return self.in_use and not self.raided


class Spot(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A worker a player left on a settlement's worker spot (it stays for the rest of the game)."""

    seat: Seat
    worker: Colour


class Pair(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hero and crew card turned up together for the draft (setup steps 12-13)."""

    hero: CardId
    crew: CardId | None = None


class Rolled(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A die of a raid: its colour and, once rolled, the face it shows."""

    colour: DieColour
    strength: Count = 0
    wounds: Count = 0
    rolled: bool = False


class Raid(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The raid under way: the settlement (content index), the raiding worker's colour, kumis
    spent, the dice, the strength and its parts once totalled, VP scored, wounds still to place,
    the slots wounded and the crew killed so far, rerolls left."""

    settlement: Count
    worker: Colour
    kumis: Count = 0
    dice: Annotated[tuple[Rolled, ...], msgspec.Meta(max_length=12)] = ()
    rerolls: Count = 0
    strength: Count | None = None
    crew_strength: Count = 0
    ability_strength: Count = 0
    vp: Count = 0
    wounds: Count = 0
    wounded: Annotated[tuple[SlotIndex, ...], msgspec.Meta(max_length=SLOTS)] = ()
    killed: Cards = ()


class Turn(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """This turn so far: the buildings that held a worker when it began (the pick-up choices),
    the building placed on, the abilities used once a turn (hero, eagles by slot), and in solo
    play the building the last scheme card blocks."""

    start_workers: Annotated[tuple[Building, ...], msgspec.Meta(max_length=8)] = ()
    placed: Building | None = None
    hero_used: bool = False
    eagles_used: Annotated[tuple[SlotIndex, ...], msgspec.Meta(max_length=SLOTS)] = ()
    blocked: Building | None = None


# ------------------------------------------------------------------------------------ tasks

#: Where a drawn card goes.
DrawTo: TypeAlias = Literal[
    "village_quest",  # a face-up quest on a village quest space (setup)
    "space_quest",  # the quest under a raided space, turned face up
    "display",  # a face-up card of the animal display
    "pair_hero",  # a hero of the draft (setup)
    "pair_crew",  # the crew card beside it (setup)
    "hand",  # a crew card to a seat's hand (private)
    "scheme",  # the chief's scheme card (solo)
]
DeckName: TypeAlias = Literal["crew", "animals", "heroes", "quests", "schemes"]


class _T(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="task"):
    pass


class Draw(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw"):
    """Chance: the next card of ``deck`` (uniform over its cards) goes ``to`` (``index``: which
    village quest space, raid space, display position or pair; ``seat``: whose hand)."""

    deck: DeckName
    to: DrawTo
    index: Count = 0
    seat: Seat | None = None
    count: Count = 1


class DrawPlunder(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_plunder"):
    """Chance (setup step 4): ``count`` more plunder from the bag onto raid space ``space``."""

    space: Count
    count: Count


class FirstPlayer(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="first_player"):
    """Chance (setup step 14): the first player, chosen at random."""


class Roll(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="roll"):
    """Chance: the die ``die`` of the raid under way is rolled."""

    die: Count


class ChoosePair(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_pair"):
    """Setup step 14: ``seat`` takes a hero and crew pair."""

    seat: Seat


class SetAside(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="set_aside"):
    """Setup step 17: ``seat`` discards ``left`` more of the 5 cards dealt (keeps 3)."""

    seat: Seat
    left: Count = 2


class RevealSetAside(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="reveal_set_aside"
):
    """Automatic: every seat has chosen; the set-aside cards go to the crew discard pile."""


class ChooseTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_turn"):
    """«ХОД ИГРЫ»: ``seat`` goes to the village (places its worker on a building) or raids."""

    seat: Seat


class BuildingAction(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="building_action"
):
    """``seat`` may use ``building``'s action once, with a ``worker`` of that colour: the worker
    placed there, the worker picked up from there, or (``source`` ``effect``) the worker of the
    Town Centre action whose effect uses it. Actions are optional (:class:`~.moves.Skip`)."""

    seat: Seat
    building: Building
    worker: Colour
    source: Literal["placed", "picked_up", "effect"]


class ChoosePickUp(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_pick_up"):
    """«ДЕРЕВНЯ»: ``seat`` must pick up one of the workers that were in the village when its turn
    began."""

    seat: Seat


class PlaceAnimal(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_animal"):
    """«КОНЮШНЯ»: ``seat`` slides ``card`` as an eagle (above a slot) or a horse (below one)."""

    seat: Seat
    card: CardId
    half: Literal["eagle", "horse"]


class ChooseHireSlot(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_hire_slot"
):
    """«КАЗАРМА»: ``seat`` puts the crew card it hires into a slot (an occupied one: the old crew
    member is discarded)."""

    seat: Seat
    card: CardId


class HealWounds(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="heal_wounds"):
    """``seat`` removes ``left`` more wounds from its crew, one at a time."""

    seat: Seat
    left: Count


class PayQuest(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pay_quest"):
    """«ШАТЁР ВОЖДЯ»: ``seat`` discards cards one at a time until their printed strength reaches
    the quest's ``need`` (``paid`` so far)."""

    seat: Seat
    quest: CardId
    need: Count
    paid: Count = 0


class SellCards(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sell_cards"):
    """«БАЗАР» (or an exchange that pays cards): ``seat`` discards ``left`` more cards, then
    gains ``gain``."""

    seat: Seat
    left: Count
    gain: Items


class ChooseBuilding(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_building"
):
    """«Выполнить действие здания»: ``seat`` chooses a building to use with a ``worker`` of that
    colour (the colour rules apply; occupancy and a solo block do not)."""

    seat: Seat
    worker: Colour


class ReturnEagle(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="return_eagle"):
    """«Заменить 1 своего орла на 1 из доступных лошадей»: ``seat`` returns one of its eagles to
    the animal display."""

    seat: Seat


class ChooseSwapHorse(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_swap_horse"
):
    """... then takes one of the other display cards (not ``returned``) as a horse."""

    seat: Seat
    returned: CardId


class ChooseSwapCrew(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_swap_crew"
):
    """``seat`` swaps one hired crew member with a card of its hand."""

    seat: Seat


class ChooseKumis(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_kumis"):
    """«НАБЕГ» step 3: ``seat`` may spend kumis, +1 strength each."""

    seat: Seat


class ChooseReroll(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_reroll"):
    """A reroll ability: ``seat`` may reroll a die of the raid (``Raid.rerolls`` left)."""

    seat: Seat


class ScoreRaid(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="score_raid"):
    """Automatic: total the strength, score the band, raid rewards, count the wounds."""


class AssignWounds(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="assign_wounds"):
    """«РАНЕНИЯ»: ``seat`` places ``left`` more wounds on its crew, one at a time."""

    seat: Seat
    left: Count


class RaidAftermath(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid_aftermath"
):
    """Automatic: «При ранении» abilities, then the raid space is taken."""


class ChooseSpace(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="choose_space"):
    """«НАБЕГ» step 5: ``seat`` takes the plunder and worker of one remaining raid space of the
    settlement."""

    seat: Seat


class EndTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_turn"):
    """Automatic: the limits, the end of the game, the next turn."""

    seat: Seat


class DiscardToLimit(
    _T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_to_limit"
):
    """«не более 8 карт на руке на конец хода»: ``seat`` discards down to 8 cards."""

    seat: Seat


class ChiefTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="chief_turn"):
    """Solo, automatic: the chief does what the scheme card just turned up shows."""


class EndChiefTurn(_T, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="end_chief_turn"):
    """Solo, automatic: the chief's turn is over (the end countdown), the player's begins."""


Task: TypeAlias = (
    Draw
    | DrawPlunder
    | FirstPlayer
    | Roll
    | ChoosePair
    | SetAside
    | RevealSetAside
    | ChooseTurn
    | BuildingAction
    | ChoosePickUp
    | PlaceAnimal
    | ChooseHireSlot
    | HealWounds
    | PayQuest
    | SellCards
    | ChooseBuilding
    | ReturnEagle
    | ChooseSwapHorse
    | ChooseSwapCrew
    | ChooseKumis
    | ChooseReroll
    | ScoreRaid
    | AssignWounds
    | RaidAftermath
    | ChooseSpace
    | EndTurn
    | DiscardToLimit
    | ChiefTurn
    | EndChiefTurn
)
#: The tasks chance decides.
CHANCE_TASKS = (Draw, DrawPlunder, FirstPlayer, Roll)
#: The tasks the flow engine runs by itself.
AUTOMATIC_TASKS = (RevealSetAside, ScoreRaid, RaidAftermath, EndTurn, ChiefTurn, EndChiefTurn)

Phase: TypeAlias = Literal["setup", "play", "over"]


class RaidersState(BaseState, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game of Raiders of Scythia (see the module docstring for the layout)."""

    options: RaidersOptions = RaidersOptions()
    phase: Phase = "setup"
    start_player: Seat = 0
    current: Seat = 0
    turns: Count = 0
    #: Turns still to play once the end is triggered («Затем все игроки ... совершают ещё по 1
    #: ходу»); ``None`` before.
    final_turns: Count | None = None
    players: Annotated[tuple[Player, ...], msgspec.Meta(min_length=1, max_length=4)]
    chief: Chief | None = None
    village: Village = Village()
    village_quests: Annotated[
        tuple[CardId | None, ...], msgspec.Meta(min_length=2, max_length=2)
    ] = (
        None,
        None,
    )
    spaces: Annotated[tuple[Space, ...], msgspec.Meta(max_length=48)] = ()
    spots: Annotated[tuple[tuple[Spot, ...], ...], msgspec.Meta(max_length=24)] = ()
    bag: Plunder = ALL_PLUNDER
    supply: Plunder = Plunder()
    animal_display: Annotated[tuple[CardId | None, ...], msgspec.Meta(max_length=3)] = ()
    animal_deck: Cards = ()
    animal_discard: Cards = ()
    crew_deck: Cards = ()
    crew_discard: Cards = ()
    hero_deck: Cards = ()
    pairs: Annotated[tuple[Pair, ...], msgspec.Meta(max_length=5)] = ()
    quest_pool: Cards = ()
    scheme_deck: Cards = ()
    scheme_discard: Cards = ()
    turn: Turn = Turn()
    raid: Raid | None = None
    pending: Annotated[tuple[Task, ...], msgspec.Meta(max_length=64)] = ()
