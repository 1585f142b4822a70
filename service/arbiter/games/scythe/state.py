"""The state of a game of Scythe: immutable msgspec structs, components named by content id.

Layout of the table (rulebook «Подготовка к игре» -- setup):

* one :class:`PlayerState` per seat (seats go clockwise; seat + 1 is a seat's *left* neighbour,
  who plays after it): tracks, coins, combat cards, objectives, units, structures, recruits,
  technology cubes and stars;
* the board: the resource tokens on each territory (indexed like ``Board.territories``) and the
  encounter tokens still on the board;
* the decks: combat cards as counts of each value (their order is chance), encounter cards and
  objective cards as the ids still in the deck, the Factory cards set out at setup;
* the turn of the active seat (:class:`Turn`) and a stack of pending tasks (``pending``, last =
  current). Automatic tasks are run by the flow engine (:mod:`.flow`) until a player or chance
  must decide.

Locations are territory ids (``r{row}c{col}``) or home base ids (``base_{owner}``).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

import msgspec

from arbiter.core import BaseState
from arbiter.games.scythe import content_limits as lim
from arbiter.games.scythe.content import (
    BottomActionName,
    FactionId,
    MatId,
    MechAbility,
    Resource,
    Reward,
    Structure,
    StructureBonusKind,
    TopActionName,
    TriumphGoal,
    Unit,
)
from arbiter.games.scythe.options import ScytheOptions

#: The combat card values, in the order of :data:`CardCounts` (rulebook «Битва»: 2, 3, 4, 5).
CARD_VALUES: tuple[int, ...] = (2, 3, 4, 5)
#: How many combat cards of each value a pile holds.
CardCounts: TypeAlias = Annotated[
    tuple[int, int, int, int],
    msgspec.Meta(
        description="How many combat cards of each value: [value 2, value 3, value 4, value 5]."
    ),
]
NO_CARDS: CardCounts = (0, 0, 0, 0)
#: A section of the player mat, named by its top-row action (the bottom-row action under it is the
#: mat's: ``PlayerMat.sections``); ``factory`` is the Factory card, «пятой секцией планшета игрока».
Section: TypeAlias = Literal["move_gain", "trade", "bolster", "produce", "factory"]
#: 8 workers a faction, 2 on the board at setup, 6 on the Produce slots of the mat.
WORKERS = 8
STARTING_WORKERS = 2

Phase: TypeAlias = Literal["setup", "play", "over"]


class _S(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Resources(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Resource tokens by type («Ресурсы»: еда, дерево, металл, нефть)."""

    food: lim.Tokens = 0
    wood: lim.Tokens = 0
    metal: lim.Tokens = 0
    oil: lim.Tokens = 0

    def of(self, resource: Resource) -> int:
        """The tokens of one type."""
        count: int = getattr(self, resource)
        return count

    def plus(self, resource: Resource, amount: int = 1) -> Resources:
        """These tokens with ``amount`` more (fewer, if negative) of one type."""
        return msgspec.structs.replace(self, **{resource: self.of(resource) + amount})

    def add(self, other: Resources) -> Resources:
        return Resources(
            food=self.food + other.food,
            wood=self.wood + other.wood,
            metal=self.metal + other.metal,
            oil=self.oil + other.oil,
        )

    def total(self) -> int:
        return self.food + self.wood + self.metal + self.oil

    def counts(self) -> tuple[int, int, int, int]:
        """``(food, wood, metal, oil)``."""
        return (self.food, self.wood, self.metal, self.oil)


NO_RESOURCES = Resources()


class Covered(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The bracketed red squares covered by Upgrade on each bottom-row action («Улучшение»)."""

    upgrade: lim.Amount = 0
    deploy: lim.Amount = 0
    build: lim.Amount = 0
    enlist: lim.Amount = 0

    def of(self, action: BottomActionName) -> int:
        count: int = getattr(self, action)
        return count


NOT_COVERED = Covered()
NO_CARGO: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)


class Built(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A structure on the board."""

    structure: Structure
    territory: lim.SpaceId


#: Which one-time recruit bonus of the faction mat: an index of ``Faction.recruit_bonuses``.
RecruitBonus: TypeAlias = Annotated[
    int,
    msgspec.Meta(
        description="An index into the faction's recruit_bonuses (content pack): 0-3, as printed "
        "left to right (base game: power, coins, popularity, combat cards)."
    ),
]
#: Which choice of a top-row action: an index of ``TopAction.options``.
TopChoice: TypeAlias = Annotated[
    int,
    msgspec.Meta(
        description="An index into the top-row action's options (content pack: "
        "player_mats[].sections[].top.options, or a Factory card's top.choices), left to right."
    ),
]


class Recruit(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An enlisted recruit: taken from above bottom-row action ``action``, placed on one-time bonus
    ``bonus`` of the faction mat («Мобилизация»)."""

    action: BottomActionName
    #: One of the faction's four recruit bonuses (``Faction.recruit_bonuses``).
    bonus: Annotated[RecruitBonus, msgspec.Meta(ge=0, le=3)]


class Cube(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A technology cube taken by Upgrade off the green square of choice ``option`` of top-row
    action ``action``."""

    action: TopActionName
    #: A choice of a mat's top-row action (``TopAction.options``).
    option: Annotated[TopChoice, msgspec.Meta(ge=0, le=lim.MAX_TOP_OPTIONS - 1)]


class PlayerState(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat.

    * ``hand`` -- combat card values, sorted (the count is public, the values private);
    * ``objectives`` -- objective cards held (private);
    * ``character`` -- its location; ``mechs`` -- locations of the deployed mechs, in the order
      they were deployed; ``mech_abilities`` -- the abilities of the faction-mat mechs deployed
      (unlocked), in faction-mat order; ``workers`` -- locations of the workers off the mat;
    * ``cubes`` -- technology cubes moved by Upgrade, ``covered`` -- bracketed red squares covered
      on each bottom-row action;
    * ``stars`` -- the Triumph track goals a star was placed on (``combat`` may repeat);
    * ``last_section`` -- the section chosen last turn (``null`` before the first turn);
    * ``factory_card`` -- the Factory card kept (``null``: none yet).
    """

    faction: FactionId
    mat: MatId
    power: int
    popularity: int
    coins: int
    hand: tuple[int, ...] = ()
    objectives: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    character: str
    mechs: tuple[str, ...] = ()
    mech_abilities: tuple[MechAbility, ...] = ()
    workers: tuple[str, ...] = ()
    structures: tuple[Built, ...] = ()
    recruits: tuple[Recruit, ...] = ()
    cubes: tuple[Cube, ...] = ()
    covered: Covered = NOT_COVERED
    stars: tuple[TriumphGoal, ...] = ()
    last_section: Section | None = None
    factory_card: int | None = None


class MovedFrom(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a unit was when the turn's Move began (for the end-of-game edge case)."""

    kind: Unit
    index: lim.UnitIndex
    origin: lim.SpaceId


class Turn(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The turn of the active seat («Игровой процесс»): choose a section, then its top-row action,
    then its bottom-row action (each optional).

    ``coercion_used`` -- Crimea's combat card spent as a resource this turn; ``moved_from`` --
    units moved this turn; ``encounter_at`` -- the encounter space the character stopped on;
    ``forced_retreat`` -- an opponent's worker was sent home this turn (objective 6).
    """

    seat: int
    stage: Literal["section", "top", "bottom", "end"] = "section"
    section: Section | None = None
    coercion_used: bool = False
    moved_from: tuple[MovedFrom, ...] = ()
    encounter_at: str | None = None
    forced_retreat: bool = False
    moved: bool = False


# ------------------------------------------------------------------------------- the tasks


class Task(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="task"):
    """Base of the pending tasks (a tagged union on ``task``)."""


class SetupTile(Task, frozen=True, kw_only=True, tag="setup_tile"):
    """Chance: «Случайным образом выберите одну карту бонуса сооружений»."""


class SetupFactions(Task, frozen=True, kw_only=True, tag="setup_factions"):
    """Chance: which factions play («Выбор фракции»)."""


class SetupMat(Task, frozen=True, kw_only=True, tag="setup_mat"):
    """Chance: the player mat of ``player``."""

    player: int


class ChooseFactionTask(Task, frozen=True, kw_only=True, tag="choose_faction"):
    """Decision (``assignment: chosen``): ``seat`` chooses its faction and player mat."""

    seat: int


class PlaceStart(Task, frozen=True, kw_only=True, tag="place_start"):
    """Automatic: place the pieces and set the tracks («Стартовые карты и начальные позиции»)."""


class DrawCombat(Task, frozen=True, kw_only=True, tag="draw_combat"):
    """Chance: ``seat`` draws ``count`` more combat cards."""

    seat: int
    count: int


class DealObjectives(Task, frozen=True, kw_only=True, tag="deal_objectives"):
    """Chance: ``seat`` is dealt ``count`` more objective cards (private)."""

    seat: int
    count: int


class DealFactory(Task, frozen=True, kw_only=True, tag="deal_factory"):
    """Chance: ``count`` more Factory cards are set out face down."""

    count: int


class StartPlay(Task, frozen=True, kw_only=True, tag="start_play"):
    """Automatic: the seat with the lowest player-mat number starts («Первый игрок»)."""


#: Counts of what a moving unit picked up or dropped on one space.
CargoCounts: TypeAlias = Annotated[
    tuple[int, int, int, int, int],
    msgspec.Meta(description="Counts of [workers, food, wood, metal, oil]."),
]


class Carry(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The unit moving now, its steps left and what it carries.

    ``workers`` -- indices of the workers on board a mech carries; ``cargo`` -- resource tokens
    carried; ``loaded_here`` / ``dropped_here`` -- what was picked up / dropped on the current
    space (it cannot be dropped / picked up again there, so the choices are finite).
    """

    kind: Unit
    index: int
    at: str
    steps_left: int
    stepped: bool = False
    workers: tuple[int, ...] = ()
    cargo: Resources = NO_RESOURCES
    loaded_here: CargoCounts = (0, 0, 0, 0, 0)
    dropped_here: CargoCounts = (0, 0, 0, 0, 0)


class MoveTask(Task, frozen=True, kw_only=True, tag="move"):
    """Decision: the Move action («Движение»): up to ``units_left`` more different units, each
    ``steps`` steps (Speed adds one for the character and mechs). ``moved`` -- ``kind:index`` of
    the units that moved themselves."""

    seat: int
    units_left: int
    steps: int
    moved: tuple[str, ...] = ()
    current: Carry | None = None


class AfterMove(Task, frozen=True, kw_only=True, tag="after_move"):
    """Automatic: what follows a Move action: battles, then the encounter, then the Factory."""

    seat: int
    stage: Literal["battles", "encounter", "factory"]


class Battles(Task, frozen=True, kw_only=True, tag="battles"):
    """Decision when several battles wait: the attacker chooses which is fought next."""

    seat: int
    territories: tuple[str, ...]


class Side(_S, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One side's secret choice: combat cards put under the power dial and the dial value."""

    cards: Annotated[tuple[lim.CardValue, ...], lim.at_most(lim.MAX_COMBAT_CARDS)] = ()
    power: Annotated[int, msgspec.Meta(ge=0, le=lim.MAX_DIAL)] = 0
    committed: bool = False


BattleStage: TypeAlias = Literal[
    "attacker_abilities", "defender_abilities", "artillery", "scout", "choose"
]


class Battle(Task, frozen=True, kw_only=True, tag="battle"):
    """A battle («Битва») on ``territory``.

    ``stage``: the abilities before the reveal, attacker first («Преимущество атакующего»), then
    the simultaneous choice. ``acting`` -- whose ability is being resolved.
    """

    territory: str
    attacker: int
    defender: int
    stage: BattleStage = "attacker_abilities"
    acting: int = -1
    attacker_side: Side = Side()
    defender_side: Side = Side()


class EncounterTask(Task, frozen=True, kw_only=True, tag="encounter"):
    """An encounter («Случайные встречи»): ``card`` ``null`` until drawn; ``chosen`` options taken
    (one, or up to two for a faction with Meander, «Изворотливость»: the faction decides, not the
    task)."""

    seat: int
    territory: str
    card: int | None = None
    chosen: tuple[int, ...] = ()


class DiscardTask(Task, frozen=True, kw_only=True, tag="discard"):
    """Decision: discard ``count`` combat cards to pay a cost."""

    seat: int
    count: int


class GainTask(Task, frozen=True, kw_only=True, tag="gain"):
    """Decision: take the rest of ``reward`` one unit at a time, or stop («можете взять не всю
    награду»). ``place``: where resources and workers go (``null``: a controlled territory with a
    worker, as for Trade); ``actions_at``: the character's territory, where an encounter's
    deploy/build are placed (``null``: anywhere legal)."""

    seat: int
    reward: Reward
    place: str | None = None
    actions_at: str | None = None


#: A top-row reward taken as one amount (:class:`AmountTask`).
AmountItem: TypeAlias = Literal["power", "popularity", "coins", "combat_cards"]
#: Where it comes from: the action (Bolster, Trade, Move's «получите монеты») or the structure
#: bonus (Monument, Armory).
AmountSource: TypeAlias = Literal["bolster", "trade", "gain", "monument", "armory"]


class AmountTask(Task, frozen=True, kw_only=True, tag="amount"):
    """Decision: how much of a top-row reward to take, 0 to ``full`` at once («потом получите
    награду (или часть награды)»): ``item`` of ``source``. Amounts beyond a track's end or beyond
    the combat cards left to draw are not offered; nothing to decide, no decision."""

    seat: int
    item: AmountItem
    full: int
    source: AmountSource


class ProduceTask(Task, frozen=True, kw_only=True, tag="produce"):
    """Decision: the Produce action («Производство»): up to ``territories_left`` more territories,
    plus the Mill's territory ``mill`` (``null``: no Mill); ``done`` -- territories already
    produced on."""

    seat: int
    territories_left: int
    mill: str | None = None
    done: tuple[str, ...] = ()


class BottomTask(Task, frozen=True, kw_only=True, tag="bottom"):
    """The bottom-row action ``action`` being taken: pay, coins, the action, the recruits'
    ongoing bonuses, then stars («Действия нижнего ряда»)."""

    seat: int
    action: BottomActionName
    stage: Literal["pay", "coins", "target", "recruits", "stars"] = "pay"
    left: int = 0


class TargetTask(Task, frozen=True, kw_only=True, tag="target"):
    """Decision: the effect of a bottom-row action (``free``: from an encounter or a Factory card,
    «Отдельные затраты и награды»; ``place``: where it must happen, ``null``: anywhere legal)."""

    seat: int
    action: BottomActionName
    free: bool = False
    place: str | None = None


class StarCheck(Task, frozen=True, kw_only=True, tag="star_check"):
    """Automatic: place the stars ``seats`` have earned, in that order («Размещение звезд»)."""

    seats: tuple[int, ...]


class RetreatTask(Task, frozen=True, kw_only=True, tag="retreat"):
    """Decision (Seaworthy): the units that lost on ``territory`` and were sent home may retreat
    onto an adjacent lake instead («Мореходы»: «возвращаться на прилегающее озеро»)."""

    seat: int
    territory: str
    character: bool
    mechs: tuple[int, ...]
    workers: tuple[int, ...]


class FactoryChoice(Task, frozen=True, kw_only=True, tag="factory_choice"):
    """Decision: pick one of the Factory cards («Фактория»)."""

    seat: int


Pending: TypeAlias = (
    SetupTile
    | SetupFactions
    | SetupMat
    | ChooseFactionTask
    | PlaceStart
    | DrawCombat
    | DealObjectives
    | DealFactory
    | StartPlay
    | MoveTask
    | AfterMove
    | Battles
    | Battle
    | EncounterTask
    | DiscardTask
    | GainTask
    | AmountTask
    | ProduceTask
    | BottomTask
    | TargetTask
    | StarCheck
    | RetreatTask
    | FactoryChoice
)


class ScytheState(BaseState, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game of Scythe.

    * ``players`` -- empty until the factions and mats are set out;
    * ``factions`` / ``mats`` -- the seats' factions and mats while they are dealt;
    * ``resources`` -- the resource tokens on each territory that has any, by territory id;
    * ``combat_deck`` / ``combat_discard`` -- counts of the values 2, 3, 4, 5;
    * ``encounter_deck`` -- encounter cards not yet drawn; ``encounter_bottom`` -- drawn cards
      put under the deck, in order;
    * ``objective_deck`` -- objective cards neither held nor revealed;
    * ``factory_cards`` -- the Factory cards set out and not taken; ``factory_seen_by`` -- seats
      that looked at them;
    * ``structure_tile`` -- the structure bonus tile (``null`` until drawn);
    * ``turn`` -- the active seat's turn; ``pending`` -- the task stack (last = current).
    """

    options: ScytheOptions
    players_count: int
    phase: Phase = "setup"
    factions: tuple[FactionId, ...] = ()
    mats: tuple[MatId, ...] = ()
    players: tuple[PlayerState, ...] = ()
    resources: dict[str, Resources] = msgspec.field(default_factory=dict)
    encounter_tokens: tuple[str, ...] = ()
    encounter_deck: tuple[int, ...] = ()
    encounter_bottom: tuple[int, ...] = ()
    combat_deck: CardCounts = NO_CARDS
    combat_discard: CardCounts = NO_CARDS
    objective_deck: tuple[int, ...] = ()
    factory_cards: tuple[int, ...] = ()
    factory_seen_by: tuple[int, ...] = ()
    structure_tile: StructureBonusKind | None = None
    turn: Turn = Turn(seat=0)
    pending: tuple[Pending, ...] = ()
    turns_taken: int = 0
