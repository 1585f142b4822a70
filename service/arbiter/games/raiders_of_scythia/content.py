"""The content type of Raiders of Scythia: the raid areas, dice and cards as data.

The rulebooks (RU «Всадники Скифии», PL «Najeźdźcy ze Scytii») give every rule but print few of the
cards: the settlements and raid spaces, the die faces, the 76 crew cards, 8 heroes, 36 animals,
24 of 26 quests and 14 scheme cards were never published in text. So the rules are data-driven:
a pack lists them, and card effects are a small vocabulary of named effects with parameters
(:data:`CrewAbility`, :data:`PlayEffect`, :data:`EndVp`) that an owner can fill with the exact
cards of their edition. The default pack (``data/default.json``) is the project's own
approximation, with every value the rulebooks print kept and labelled with its source: its
``labels`` (:mod:`arbiter.core.provenance`) give each card's sourced values, every other value is
the project's own (``data/README.md``).

What the rulebooks fix completely -- the eight village buildings, the worker and plunder counts,
the limits -- is rules, kept in code (:mod:`.rules`), not content.

Every string, number and collection is bounded (``msgspec.Meta``): packs come from clients.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.provenance import Card, Labels

# ------------------------------------------------------------------------------------ bounds

#: A card, settlement or space id (``vigilante-1``): copied into states, moves and events.
Id: TypeAlias = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[a-z0-9_-]+$")]
#: A printed name (English, Russian or Polish) or the pack's name.
Name: TypeAlias = Annotated[str, msgspec.Meta(max_length=120)]
Text: TypeAlias = Annotated[str, msgspec.Meta(max_length=4000)]
#: A count printed on a card or the board (strength, silver, VP...).
Small: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=20)]
#: A strength threshold of a reward band.
Threshold: TypeAlias = Annotated[int, msgspec.Meta(ge=0, le=200)]

# ----------------------------------------------------------------------------- vocabulary

#: The three worker colours (rulebook: синий / серый / красный рабочий).
Colour: TypeAlias = Literal["blue", "grey", "red"]
COLOURS: tuple[Colour, ...] = ("blue", "grey", "red")
#: The four regions (civilizations) of the raid area, top to bottom.
Region: TypeAlias = Literal["cimmeria", "assyria", "persia", "greece"]
REGIONS: tuple[Region, ...] = ("cimmeria", "assyria", "persia", "greece")
#: The eight village buildings (rulebook «ДЕРЕВНЯ»), in the order of the rulebook's pages.
Building: TypeAlias = Literal[
    "stables",  # «Конюшня»
    "barracks",  # «Казарма»
    "silversmith",  # «Монетная мастерская»
    "farm",  # «Ферма»
    "chiefs_tent",  # «Шатёр вождя»
    "town_centre",  # «Центр»
    "meeting_tent",  # «Общий шатёр»
    "market",  # «Базар»
]
BUILDINGS: tuple[Building, ...] = (
    "stables",
    "barracks",
    "silversmith",
    "farm",
    "chiefs_tent",
    "town_centre",
    "meeting_tent",
    "market",
)
#: The dice colours (rulebook «БРОСОК КУБИКОВ»: красные, белые, жёлтые).
DieColour: TypeAlias = Literal["red", "white", "yellow"]
DIE_COLOURS: tuple[DieColour, ...] = ("red", "white", "yellow")
#: The plunder kinds (rulebook «трофеи»: золото, снаряжение, повозки, скот).
PlunderKind: TypeAlias = Literal["gold", "equipment", "wagons", "livestock"]
PLUNDER_KINDS: tuple[PlunderKind, ...] = ("gold", "equipment", "wagons", "livestock")


class Items(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """Amounts of what a player holds, gains or pays, all zero unless printed.

    ``cards`` are crew cards drawn into the hand (as a gain) or discarded from it (as a cost);
    ``vp`` are victory points (rulebook «ПО»); the rest are tokens.
    """

    silver: Small = 0
    provisions: Small = 0
    kumis: Small = 0
    cards: Small = 0
    vp: Small = 0
    gold: Small = 0
    equipment: Small = 0
    wagons: Small = 0
    livestock: Small = 0


# --------------------------------------------------------------------- crew abilities (raid)


class RaidGain(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid_gain"
):
    """Gain ``gain`` when raiding ``region`` (any region if ``None``), before wounds are taken
    (Vigilante «Поборница»: 2 silver for raiding Assyria; Warmonger «Воитель»: 1 VP for Cimmeria)."""

    region: Region | None = None
    gain: Items


class RaidStrength(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid_strength"
):
    """+``amount`` strength in a raid on ``region`` (any if ``None``) made with a ``worker`` of
    that colour (any if ``None``) (Antagonist «Противница»: +2 if a grey worker raids)."""

    amount: Small
    region: Region | None = None
    worker: Colour | None = None


class RaidWoundReduction(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid_fewer_wounds"
):
    """Take ``amount`` fewer wounds in a raid on ``region`` (any if ``None``) (Strongman «Силач»:
    2 fewer when raiding Greece)."""

    amount: Small
    region: Region | None = None


class RaidReroll(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid_reroll"
):
    """After the roll, reroll up to ``dice`` dice of the raid, one at a time (Brawler; known from a
    review only)."""

    dice: Small


class IfWounded(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="if_wounded"
):
    """«При ранении»: gain ``gain`` once when this crew member received at least 1 wound in a raid
    and lives (Conspirator «Заговорщица»: draw 1 card)."""

    gain: Items


class IfKilled(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="if_killed"
):
    """«При гибели»: gain ``gain`` when this crew member dies in a raid (Gravedigger «Могильщик»:
    1 gold)."""

    gain: Items


#: An ongoing crew ability (the "crew ability" icon): what it does while the card is hired.
CrewAbility: TypeAlias = (
    RaidGain | RaidStrength | RaidWoundReduction | RaidReroll | IfWounded | IfKilled
)

# ------------------------------------------------------------------ play effects (Town Centre)


class Gain(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="gain"):
    """Gain ``gain`` (Antagonist's Play: 1 card and 1 provision)."""

    gain: Items


class Exchange(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="exchange"
):
    """«Потратьте (одно), чтобы взять (другое)»: pay ``pay`` to gain ``gain``; not playable
    without what it pays (Vigilante's Play: 1 kumis for 3 silver; Mercenary: VP for something)."""

    pay: Items
    gain: Items


class UseBuilding(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="use_building"
):
    """«Выполнить действие здания (без размещения рабочего)»: use any building's action with the
    colour of the worker that took this Town Centre action (Adventurer «Путешественница»)."""


class AnotherTownCentreAction(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag="another_town_centre_action",
):
    """«Выполнить другое действие «Центра»»: take one more Town Centre action (a hero's or an
    eagle's ability at most once a turn)."""


class SwapEagleForHorse(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag="swap_eagle_for_horse",
):
    """«Заменить 1 своего орла на 1 из доступных лошадей»: return one of your eagles to the
    animal display, then take one of the other three as a horse."""


class Heal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="heal"):
    """Remove up to ``wounds`` wounds from your crew (the rulebook: wounds can be healed «при
    определённых условиях — в «Центре»»)."""

    wounds: Small


class SwapHiredWithHand(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    tag="swap_hired_with_hand",
):
    """Swap one hired crew member with a card from your hand, paying nothing (seen in a review)."""


class GainIfFewest(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="gain_if_fewest"
):
    """Gain ``gain`` if you have strictly fewer ``of`` than every other player («Больше, чем у
    вас»: ties do not count). In solo play the chief counts with its VP."""

    of: Literal["vp", "crew", "silver", "cards"]
    gain: Items


#: A Play ability (bottom right of a crew card; a hero's ability): used at the Town Centre.
PlayEffect: TypeAlias = (
    Gain
    | Exchange
    | UseBuilding
    | AnotherTownCentreAction
    | SwapEagleForHorse
    | Heal
    | SwapHiredWithHand
    | GainIfFewest
)

# ------------------------------------------------------------------------ end-of-game VP


class FixedVp(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="fixed"):
    """``vp`` at the end of the game."""

    vp: Small


class VpPer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="per"):
    """``vp`` for each ``every`` of ``of`` the owner has at the end of the game."""

    of: Literal["gold", "equipment", "wagons", "livestock", "crew", "eagles", "horses", "quests"]
    every: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    vp: Small


EndVp: TypeAlias = FixedVp | VpPer

# ---------------------------------------------------------------------------------- cards


class Provenance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A source the pack's values come from (which value comes from which: ``labels``)."""

    source: Text
    notes: Text = ""


class CrewCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One physical crew card (rulebook «карта соратника»): hire ``cost`` in silver at the
    Barracks, ``strength`` (top left), an ongoing ``ability``, a ``play`` ability and end-game
    ``end_vp``. ``sourced`` (kept for packs written before ``labels``) says a source gives some
    of the card's values besides its names; the pack's ``labels`` say which."""

    id: Id
    name: Name
    name_ru: Name = ""
    name_pl: Name = ""
    cost: Small
    strength: Annotated[int, msgspec.Meta(ge=0, le=10)]
    ability: CrewAbility | None = None
    play: PlayEffect | None = None
    end_vp: EndVp | None = None
    #: A source gives some of its values besides its names (``labels`` say which).
    sourced: bool = False


class Hero(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hero card: its ability is used at the Town Centre; heroes have no strength and never
    take wounds."""

    id: Id
    name: Name
    name_ru: Name = ""
    ability: PlayEffect
    #: A source gives some of its values besides its names (``labels`` say which).
    sourced: bool = False


class AnimalHalf(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One half of an animal card. An eagle's ``kind`` is ``plain`` (strength and VP like a
    horse), ``double`` (doubles the numbers of the crew ability of the crew member it is equipped
    to, not its strength) or ``enable`` (makes that crew member's Play ability a Town Centre
    action); a horse's kind is always ``plain``."""

    strength: Small = 0
    vp: Small = 0
    kind: Literal["plain", "double", "enable"] = "plain"


class AnimalCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An animal card: an eagle half (slid above a slot) and a horse half (below one)."""

    id: Id
    eagle: AnimalHalf
    horse: AnimalHalf


class Quest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A quest tile: paid at the Chief's Tent with ``cost`` (silver and plunder) or by discarding
    cards from the hand whose printed strength totals at least ``discard_strength``; scores
    ``vp`` at the end."""

    id: Id
    cost: Items | None = None
    discard_strength: Annotated[int, msgspec.Meta(ge=1, le=40)] | None = None
    vp: Small
    #: A source gives some of its values besides its names (``labels`` say which).
    sourced: bool = False


# ------------------------------------------------------------------------------ the board


class Band(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A reward band of a settlement: a raid of strength ``min_strength`` or more (and less than
    the next band's) scores ``vp`` and takes ``wounds``."""

    min_strength: Threshold
    vp: Small = 0
    wounds: Small = 0


class RaidSpace(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A raid space: ``plunder`` drawn from the bag onto it at setup, the ``worker`` colour placed
    above it, and whether it is used only with 4 players."""

    id: Id
    plunder: Annotated[int, msgspec.Meta(ge=0, le=6)]
    worker: Literal["grey", "red"]
    four_players_only: bool = False


class Dice(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How many red and white dice a raid rolls."""

    red: Annotated[int, msgspec.Meta(ge=0, le=2)]
    white: Annotated[int, msgspec.Meta(ge=0, le=2)]


class Settlement(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A settlement (rulebook «поселение»), listed left to right within its region: the worker
    colours that may raid it, the minimum number of hired crew, the provisions and wagons a raid
    costs, the reward bands (lowest first) and its 1-2 raid spaces (left to right). ``dice``
    overrides the region's red and white dice (the Russian text prints them per settlement)."""

    id: Id
    region: Region
    name: Name = ""
    workers: Annotated[tuple[Colour, ...], msgspec.Meta(min_length=1, max_length=3)]
    min_crew: Annotated[int, msgspec.Meta(ge=0, le=5)]
    provisions: Small = 0
    wagons: Small = 0
    bands: Annotated[tuple[Band, ...], msgspec.Meta(min_length=1, max_length=6)]
    spaces: Annotated[tuple[RaidSpace, ...], msgspec.Meta(min_length=1, max_length=2)]
    dice: Dice | None = None
    #: A source gives some of its values besides its names (``labels`` say which).
    sourced: bool = False


class RegionInfo(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A region: its names, its red and white dice, and whether its raid spaces hide quests."""

    id: Region
    name: Name
    name_ru: Name = ""
    name_pl: Name = ""
    dice: Dice
    quests: bool


class Face(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """A die face: ``strength`` and ``wounds`` (a blank face has neither)."""

    strength: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    wounds: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0


SixFaces: TypeAlias = Annotated[tuple[Face, ...], msgspec.Meta(min_length=6, max_length=6)]


class DiceFaces(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The six faces of each colour of die."""

    red: SixFaces
    white: SixFaces
    yellow: SixFaces


# ------------------------------------------------------------------------------------ solo

Fallback: TypeAlias = Literal["quest", "provisions", "horse"]


class Scheme(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A solo scheme card (rulebook «карта планов»): the chief raids ``region`` at its
    ``target``-th raid space from the left if it passes the three checks (a raidable space,
    ``provisions``, ``strength``), else does the ``fallbacks`` entry of the first check failed.
    ``quest_rows``/``quest_in_row`` are the arrows above the quest icon, ``horse`` the display
    position above the horse icon, ``blocked`` the building blocked on the player's next turn."""

    id: Id
    region: Region
    target: Annotated[int, msgspec.Meta(ge=1, le=12)]
    provisions: Small
    strength: Small
    vp: Small
    fallbacks: Annotated[tuple[Fallback, ...], msgspec.Meta(min_length=3, max_length=3)] = (
        "quest",
        "provisions",
        "horse",
    )
    quest_rows: Literal["down", "up"] = "down"
    quest_in_row: Literal["left", "right"] = "left"
    horse: Literal["left", "centre", "right"] = "centre"
    blocked: Building
    #: A source gives some of its values besides its names (``labels`` say which).
    sourced: bool = False


ChiefLevel: TypeAlias = Literal["trader", "lookout", "huntsman", "outrider"]
CHIEF_LEVELS: tuple[ChiefLevel, ...] = ("trader", "lookout", "huntsman", "outrider")


class ChiefCrew(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A solo AI crew card (the chief's difficulty): its permanent ``strength``, its starting
    ``provisions`` and how many provisions its "+2 provisions" action gives."""

    id: ChiefLevel
    level: Annotated[int, msgspec.Meta(ge=1, le=4)]
    name: Name
    name_ru: Name = ""
    name_pl: Name = ""
    strength: Small
    provisions: Small
    provision_gain: Small = 2


# --------------------------------------------------------------------------------- the pack


class RaidersContent(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A content pack of Raiders of Scythia. Settlements are listed region by region (top to
    bottom), left to right within a region."""

    name: Name
    provenance: Annotated[tuple[Provenance, ...], msgspec.Meta(max_length=40)] = ()
    regions: Annotated[tuple[RegionInfo, ...], msgspec.Meta(min_length=4, max_length=4)]
    settlements: Annotated[tuple[Settlement, ...], msgspec.Meta(min_length=1, max_length=24)]
    dice: DiceFaces
    crew: Annotated[tuple[CrewCard, ...], msgspec.Meta(min_length=20, max_length=160)]
    heroes: Annotated[tuple[Hero, ...], msgspec.Meta(min_length=5, max_length=16)]
    animals: Annotated[tuple[AnimalCard, ...], msgspec.Meta(min_length=3, max_length=72)]
    quests: Annotated[tuple[Quest, ...], msgspec.Meta(min_length=4, max_length=52)]
    schemes: Annotated[tuple[Scheme, ...], msgspec.Meta(min_length=1, max_length=28)]
    chiefs: Annotated[tuple[ChiefCrew, ...], msgspec.Meta(min_length=4, max_length=4)]
    #: Which source gives which value of each card (:mod:`arbiter.core.provenance`); left out:
    #: the pack is unlabelled, an owner's edition as transcribed.
    labels: Labels | UnsetType = UNSET


def cards(c: RaidersContent) -> tuple[Card, ...]:
    """Every card of a pack with its key (``crew/vigilante-1``, ``dice/red``): what ``labels``
    name."""
    return (
        *((f"regions/{r.id}", r) for r in c.regions),
        *((f"settlements/{s.id}", s) for s in c.settlements),
        *((f"dice/{colour}", getattr(c.dice, colour)) for colour in DIE_COLOURS),
        *((f"crew/{card.id}", card) for card in c.crew),
        *((f"heroes/{h.id}", h) for h in c.heroes),
        *((f"animals/{a.id}", a) for a in c.animals),
        *((f"quests/{q.id}", q) for q in c.quests),
        *((f"schemes/{s.id}", s) for s in c.schemes),
        *((f"chiefs/{chief.id}", chief) for chief in c.chiefs),
    )
