"""The content types of Scythe (base game) and the loader of the default content pack.

Everything printed on the components is data: the board (territories, rivers, tunnels, lakes,
encounter spaces, home bases), the five player mats, the five faction mats, the 28 encounter cards,
the 23 objective cards, the 12 Factory cards, the popularity tiers, the six structure bonus tiles,
the combat-card deck and the Triumph track. What a component *does* is a rule: faction abilities,
mech abilities, structure bonuses and structure-bonus tiles are named by ``Literal`` values that the
rules engine implements, each documented here with the rulebook's words.

The rulebook is the project's Russian rulebook (``../shared/rules/scythe.ru.txt``); sections are
cited by their headings, e.g. «Ввод в строй». The default pack lives in ``data/*.json`` (one file per
part, each with its provenance and its cards' provenance labels, :mod:`arbiter.core.provenance`);
``default_content()`` assembles it into one ``ScytheContent``.

Every string, number and collection of a pack is bounded (:mod:`.content_limits`): packs come from
clients, and the rules turn their numbers into legal moves, chance decisions and state size.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Annotated, Final, Literal, TypeAlias, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from arbiter.core.provenance import Labels
from arbiter.games.scythe import content_limits as lim

# --------------------------------------------------------------------------------------------
# Names of things
# --------------------------------------------------------------------------------------------

#: A resource token (rulebook «Ресурсы»: «еда, дерево, металл и нефть»). Workers are not resources
#: («Рабочие - это не ресурсы»).
Resource: TypeAlias = Literal["food", "wood", "metal", "oil"]
RESOURCES: Final[tuple[Resource, ...]] = ("food", "wood", "metal", "oil")

#: The terrain of a territory (rulebook «Территория»): ферма, лес, горы, тундра, деревня, озеро,
#: Фактория.
Terrain: TypeAlias = Literal["farm", "forest", "mountain", "tundra", "village", "lake", "factory"]
TERRAINS: Final[tuple[Terrain, ...]] = (
    "farm",
    "forest",
    "mountain",
    "tundra",
    "village",
    "lake",
    "factory",
)

#: What a worker produces on each terrain (rulebook «Производство», table «Тип местности — что
#: производит»): горы — металл, ферма — еда, тундра — нефть, лес — дерево, деревня — рабочий; озеро
#: and Фактория produce nothing.
PRODUCES: Final[dict[Terrain, Resource | Literal["worker"] | None]] = {
    "mountain": "metal",
    "farm": "food",
    "tundra": "oil",
    "forest": "wood",
    "village": "worker",
    "lake": None,
    "factory": None,
}

#: The five base-game factions (rulebook «Компоненты фракций»: Нордик, Саксония, Полания, Кримея,
#: Русвет).
FactionId: TypeAlias = Literal["nordic", "rusviet", "crimea", "saxony", "polania"]
FACTIONS: Final[tuple[FactionId, ...]] = ("nordic", "rusviet", "crimea", "saxony", "polania")

#: Whose home base a board space is. Besides the five factions the board has «две домашние базы без
#: соответствующих символов. Это места для фракций расширения» (rulebook «Домашняя база»); they are
#: named after the expansion factions that use them (Invaders from Afar: Albion and Togawa).
HomeBaseOwner: TypeAlias = Literal[
    "nordic", "rusviet", "crimea", "saxony", "polania", "albion", "togawa"
]

#: A faction's colour (rulebook «Компоненты фракций»: синий, черный, белый, желтый, красный).
FactionColor: TypeAlias = Literal["blue", "red", "yellow", "black", "white"]

#: A unit (rulebook «Типы игровых единиц»: Герой, Механизм, рабочий).
Unit: TypeAlias = Literal["character", "mech", "worker"]

#: A structure (rulebook «Подготовка к игре»: «Оружейный склад, Памятник, Шахта и Мельница»). Each
#: is printed under one top-row action and, once built, gives that action an ongoing bonus
#: (rulebook «Строительство», «Постоянный бонус»):
#:
#: * ``monument`` -- «МОНУМЕНТ: Выполняя действие Усиления, также получите 1 популярность»;
#: * ``mill`` -- «МЕЛЬНИЦА: Выполняя действие Производства, Вы можете произвести ресурс на
#:   территории, где находится Мельница» (an extra produce territory; the Mill produces as a worker);
#: * ``mine`` -- «ШАХТА: Шахта действует как туннель, которым можете пользоваться только Вы ...
#:   эта постоянная способность используется при движении всех юнитов»;
#: * ``armory`` -- «ОРУЖЕЙНЫЙ СКЛАД: Выполняя действие Торговли, получите 1 силу».
Structure: TypeAlias = Literal["monument", "mill", "mine", "armory"]

#: A top-row action (rulebook «Действия верхнего ряда»): ``move_gain`` is «Движение» (move 1-2 units
#: / «Получить монету(ы)»), ``trade`` «Торговля», ``bolster`` «Усиление», ``produce``
#: «Производство». «Действия верхнего ряда на всех планшетах одинаковые, но расположены в разном
#: порядке».
TopActionName: TypeAlias = Literal["move_gain", "trade", "bolster", "produce"]
TOP_ACTIONS: Final[tuple[TopActionName, ...]] = ("move_gain", "trade", "bolster", "produce")

#: A bottom-row action (rulebook «Действия нижнего ряда»): ``upgrade`` «Улучшение», ``deploy``
#: «Ввод в строй», ``build`` «Строительство», ``enlist`` «Мобилизация». «Действия нижнего ряда
#: расположены в том же порядке на всех планшетах, но их стоимость и награда отличаются».
BottomActionName: TypeAlias = Literal["upgrade", "deploy", "build", "enlist"]
BOTTOM_ACTIONS: Final[tuple[BottomActionName, ...]] = ("upgrade", "deploy", "build", "enlist")

#: One choice of a top-row action («“/” означает “или”»):
#:
#: * ``move`` -- move that many *different* units one territory each (Движение);
#: * ``coins`` -- gain that many coins (Получить монету);
#: * ``resources`` -- gain that many resources of any types on a controlled territory with a worker
#:   (Торговля);
#: * ``popularity`` -- gain that much popularity (Торговля);
#: * ``power`` -- gain that much power (Усиление);
#: * ``combat_cards`` -- draw that many combat cards (Усиление);
#: * ``produce`` -- produce on that many different controlled territories (Производство).
TopOptionName: TypeAlias = Literal[
    "move", "coins", "resources", "popularity", "power", "combat_cards", "produce"
]

#: The player mats of the base game, by the name printed on them.
MatId: TypeAlias = Literal["industrial", "engineering", "patriotic", "mechanical", "agricultural"]

#: A faction ability, printed in the top right corner of the faction mat (rulebook «Особенности
#: фракций»):
#:
#: * ``relentless`` -- Русвет «БЕСПОЩАДНЫЕ»: «Вы можете выбрать ту же самую секцию на планшете
#:   игрока, что и в предыдущий ход или ходы ... Эта особенность применяется и к картам Фактории»;
#: * ``coercion`` -- Кримея «ПРИНУЖДЕНИЕ»: «Раз в ход Вы можете использовать 1 карту битвы, как если
#:   бы это был 1 любой ресурс»;
#: * ``swim`` -- Нордик «ПЛАВАНИЕ»: «Ваши рабочие могут переходить реки ... переходя на любой тип
#:   местности (кроме озер). Это относится только к рабочим»;
#: * ``meander`` -- Полания «ИЗВОРОТЛИВОСТЬ»: «Выберите до 2-х опций каждой карты Случайной встречи
#:   ... Награда первой опции может быть использована для оплаты стоимости второй опции»;
#: * ``dominate`` -- Саксония «ПОДАВЛЕНИЕ»: «Нет ограничений на количество звезд, которые игрок может
#:   получить при выполнении целей или победы в битвах».
FactionAbility: TypeAlias = Literal["relentless", "coercion", "swim", "meander", "dominate"]

#: A character/mech ability, printed under a mech on the faction mat and unlocked for the character
#: and every mech when that mech is deployed (rulebook «Ввод в строй»):
#:
#: * ``riverwalk`` -- «БРОД: Ваш Герой и Механизмы, пересекая реки, могут передвигаться в ...» the
#:   two terrains of ``Faction.riverwalk``;
#: * ``speed`` -- «СКОРОСТЬ: Ваш Герой и Механизмы могут передвинуться на 1 дополнительный шаг ...
#:   Если любой из этих юнитов входит на территорию, где находится Герой, Механизм или рабочий
#:   противника, их движение заканчивается»;
#: * ``underpass`` -- Саксония «ПРОХОД ПОД ЗЕМЛЕЙ»: «горы, которые Вы контролируете, и все туннели
#:   (включая шахты, если они у Вас есть) считаются примыкающими друг к другу»;
#: * ``disarm`` -- Саксония «ОСЛАБЛЕНИЕ МОЩИ»: «Перед тем, как начать с Вами битву на территории с
#:   туннелем, Ваш противник теряет 2 силы ... 1 раз в битву» (a printed tunnel only: the rulebook
#:   does not extend it to the Mine, unlike Underpass);
#: * ``township`` -- Русвет «ГОРОДОУСТРОЙСТВО»: «контролируемые Вами деревни и Фактория считаются
#:   прилегающими друг к другу»;
#: * ``peoples_army`` -- Русвет «НАРОДНАЯ АРМИЯ»: «Если в битве у Вас участвует хотя бы 1 рабочий,
#:   Вы можете сыграть 1 дополнительную карту битвы»;
#: * ``seaworthy`` -- Нордик «МОРЕХОДЫ»: «могут передвигаться по озерам и возвращаться на
#:   прилегающее озеро»; no building or deploying on a lake;
#: * ``artillery`` -- Нордик «Артиллерия»: «Перед битвой Вы можете заплатить 1 Силу, чтобы Ваш
#:   противник потерял 2 Силы ... 1 раз в битву»;
#: * ``wayfare`` -- Кримея «СТРАНСТВИЕ»: «могут перемещаться с территории или домашней базы на любую
#:   "неактивную" базу Фракции или Вашу собственную, независимо от расстояния»;
#: * ``scout`` -- Кримея «РАЗВЕДЧИК»: «Перед битвой, украдите одну из карт битвы соперника»;
#: * ``submerge`` -- Полания «ПОГРУЖЕНИЕ»: «могут передвигаться по озерам и перемещаться от одного
#:   озера к другому»; no building or deploying on a lake;
#: * ``camaraderie`` -- Полания «ТОВАРИЩЕСТВО»: «Вы не теряете популярность, когда вынуждаете
#:   соперников вернуть их рабочих после Вашей победы в битве как нападающий».
MechAbility: TypeAlias = Literal[
    "riverwalk",
    "speed",
    "underpass",
    "disarm",
    "township",
    "peoples_army",
    "seaworthy",
    "artillery",
    "wayfare",
    "scout",
    "submerge",
    "camaraderie",
]

#: A direction from a hex to a neighbour (pointy-top hexes, the board as printed, Nordic at the top).
Direction: TypeAlias = Literal["NW", "NE", "E", "SE", "SW", "W"]
DIRECTIONS: Final[tuple[Direction, ...]] = ("NW", "NE", "E", "SE", "SW", "W")
#: The axial step ``(dq, dr)`` of each direction.
AXIAL_STEPS: Final[dict[Direction, tuple[int, int]]] = {
    "NW": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
}
OPPOSITE: Final[dict[Direction, Direction]] = {
    "NW": "SE",
    "NE": "SW",
    "E": "W",
    "SE": "NW",
    "SW": "NE",
    "W": "E",
}


def axial(row: int, col: int) -> tuple[int, int]:
    """The axial ``(q, r)`` of an offset ``(row, col)``: even rows sit half a hex to the right."""
    return col - (row + (row & 1)) // 2, row


# --------------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------------


class Adjacency(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One side of a hex touching another space (territory or home base).

    ``river`` is true when a river runs along the shared edge (rulebook «Движение»: «Река - это
    вода на границе двух территорий суши»). Units cannot cross a river unless an ability says so
    (Riverwalk, Swim). Tunnels and lakes are not edges: all tunnel territories are adjacent to each
    other for movement («ТУННЕЛИ: ... считаются примыкающими друг к другу»), which the rules engine
    derives from ``Territory.tunnel``.
    """

    to: lim.SpaceId
    direction: Direction
    river: bool


class Territory(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hex of the board (rulebook «Территория»), lakes and the Factory included.

    * ``id`` -- ``r{row}c{col}``; ``row`` 0-8 from the top (Nordic side), ``col`` 0-7 from the left,
      even rows shifted half a hex to the right (see ``axial``);
    * ``neighbours`` -- every space touching this hex, with river flags, home bases included (a
      home base's owner is on the ``HomeBase``; see ``Board.home_bases_next_to``);
    * ``tunnel`` -- the tunnel symbol is printed on it;
    * ``encounter`` -- the encounter symbol (compass) is printed on it; setup puts an encounter
      token there («Положите по 1 жетону на каждую территорию с символом случайной встречи (всего
      11 жетонов)»).
    """

    id: lim.SpaceId
    terrain: Terrain
    row: lim.Coordinate
    col: lim.Coordinate
    tunnel: bool
    encounter: bool
    neighbours: Annotated[tuple[Adjacency, ...], lim.at_most(lim.MAX_NEIGHBOURS)]

    @property
    def axial(self) -> tuple[int, int]:
        """The axial coordinates ``(q, r)``."""
        return axial(self.row, self.col)

    @property
    def lake(self) -> bool:
        """A lake: impassable by default, counts as a territory at the end («включая озера»)."""
        return self.terrain == "lake"

    @property
    def factory(self) -> bool:
        """The Factory: counts as 3 territories at the end for whoever controls it."""
        return self.terrain == "factory"

    @property
    def produces(self) -> Resource | Literal["worker"] | None:
        """What each worker here produces (``PRODUCES``)."""
        return PRODUCES[self.terrain]


class HomeBase(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A home base: not a territory (rulebook «Домашняя база»: «ЭТО НЕ ТЕРРИТОРИЯ»).

    ``expansion`` marks the two bases without a faction symbol. ``starting_workers`` are the
    territories that get a worker at setup: «по 1 рабочему на каждую территорию, примыкающую к Вашей
    домашней базе по земле (всего 2 рабочих)» -- neighbours not across a river and not a lake.
    """

    id: lim.SpaceId
    owner: HomeBaseOwner
    expansion: bool
    row: lim.Coordinate
    col: lim.Coordinate
    neighbours: Annotated[tuple[Adjacency, ...], lim.at_most(lim.MAX_NEIGHBOURS)]
    starting_workers: Annotated[tuple[lim.SpaceId, ...], lim.at_most(lim.MAX_STARTING_WORKERS)]

    @property
    def axial(self) -> tuple[int, int]:
        """The axial coordinates ``(q, r)``."""
        return axial(self.row, self.col)


class Board(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The standard (non-modular) side of the base-game board."""

    territories: Annotated[tuple[Territory, ...], lim.at_most(lim.MAX_TERRITORIES)]
    home_bases: Annotated[tuple[HomeBase, ...], lim.at_most(lim.MAX_HOME_BASES)]

    def territory(self, territory_id: str) -> Territory:
        """The territory with this id (``KeyError`` if none)."""
        for territory in self.territories:
            if territory.id == territory_id:
                return territory
        raise KeyError(territory_id)

    def home_base(self, owner: HomeBaseOwner) -> HomeBase:
        """The home base of this faction (``KeyError`` if none)."""
        for base in self.home_bases:
            if base.owner == owner:
                return base
        raise KeyError(owner)

    def home_bases_next_to(self, territory_id: str) -> tuple[HomeBase, ...]:
        """The home bases touching a territory (by land or across a river)."""
        return tuple(
            base
            for base in self.home_bases
            if any(edge.to == territory_id for edge in base.neighbours)
        )

    def rivers(self) -> frozenset[frozenset[str]]:
        """Every river edge as the pair of space ids it separates."""
        nodes: tuple[Territory | HomeBase, ...] = (*self.territories, *self.home_bases)
        return frozenset(
            frozenset((node.id, edge.to))
            for node in nodes
            for edge in node.neighbours
            if edge.river
        )


# --------------------------------------------------------------------------------------------
# Costs and rewards
# --------------------------------------------------------------------------------------------


class Cost(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """A cost that must be paid in full before its reward (rulebook «Игровой процесс»: «сначала
    заплатите его стоимость, потом получите награду»). ``combat_cards`` are discarded from hand."""

    coins: lim.Amount = 0
    popularity: lim.Amount = 0
    power: lim.Amount = 0
    combat_cards: lim.Amount = 0

    def is_free(self) -> bool:
        """Nothing to pay."""
        return not (self.coins or self.popularity or self.power or self.combat_cards)


class Reward(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """What a card, a recruit or a bonus gives; the player may take only part of it (rulebook
    «Случайные встречи»: «можете взять не всю награду»).

    * ``coins``, ``popularity``, ``power``; ``combat_cards`` drawn from the deck;
    * ``food``, ``wood``, ``metal``, ``oil`` -- resource tokens of that type; ``any_resources`` --
      tokens of any mix of types;
    * ``workers`` -- workers taken from the player mat (left to right) onto the board;
    * ``upgrade``, ``deploy``, ``build``, ``enlist`` -- that bottom-row action done that many times
      without paying its cost, for no coins and no Recruit Ongoing Bonus (rulebook «Случайные
      встречи», «Отдельные затраты и награды»; «Фактория», «Отдельно от наград планшета игрока»);
    * ``produce`` -- a Produce on that many territories (Factory card): its card cost replaces the
      mat's produce cost and the Mill adds no territory (see the pack's doubts).

    Where encounter gains go is a rule: «Любые ресурсы, сооружения, Механизмы или рабочие, которых
    Вы получаете по карте Случайных встреч, размещаются на той же территории, что и Ваш Герой».
    """

    coins: lim.Amount = 0
    popularity: lim.Amount = 0
    power: lim.Amount = 0
    combat_cards: lim.Amount = 0
    food: lim.Amount = 0
    wood: lim.Amount = 0
    metal: lim.Amount = 0
    oil: lim.Amount = 0
    any_resources: lim.Amount = 0
    workers: lim.Amount = 0
    upgrade: lim.Amount = 0
    deploy: lim.Amount = 0
    build: lim.Amount = 0
    enlist: lim.Amount = 0
    produce: lim.Amount = 0

    def is_empty(self) -> bool:
        """Gives nothing."""
        return self == Reward()


# --------------------------------------------------------------------------------------------
# Player mats
# --------------------------------------------------------------------------------------------


class TopOption(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One choice of a top-row action: ``amount`` at the start and ``upgraded`` once Upgrade takes
    the technology cube off its green square (equal when no cube is printed there)."""

    name: TopOptionName
    amount: lim.Amount
    upgraded: lim.Amount

    @property
    def has_cube(self) -> bool:
        """A technology cube starts on this choice (rulebook «Кубики технологий»)."""
        return self.upgraded != self.amount


class TopAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A top-row action of a mat section: pay ``cost``, then do one of ``options``.

    Produce's printed ``cost`` is empty: it pays the mat's uncovered ``produce_cost_slots``.
    ``structure`` is the structure printed under the action; once built, the action gets its
    ongoing bonus (see ``Structure``).
    """

    name: TopActionName
    cost: Cost
    options: Annotated[tuple[TopOption, ...], lim.at_most(lim.MAX_TOP_OPTIONS)]
    structure: Structure


class BottomAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A bottom-row action of a mat section.

    * ``resource`` and ``cost`` -- the resources paid at the start (open red squares);
    * ``upgrade_slots`` -- red squares with black brackets: Upgrade may cover that many, lowering the
      cost by one each (rulebook «Улучшение»);
    * ``coins`` -- the coins gained when the action is taken (rulebook «Монеты»);
    * ``recruit_bonus`` -- the Recruit Ongoing Bonus printed in the green circle, gained once the
      recruit above it is enlisted whenever the owner or a neighbour takes this action (rulebook
      «Мобилизация», «Постоянный бонус»).
    """

    name: BottomActionName
    resource: Resource
    cost: lim.Amount
    upgrade_slots: lim.Amount
    coins: lim.Amount
    recruit_bonus: Reward

    @property
    def min_cost(self) -> int:
        """The cost once every bracketed square is covered."""
        return self.cost - self.upgrade_slots


class MatSection(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of the four sections of a player mat: a top-row and a bottom-row action."""

    top: TopAction
    bottom: BottomAction


class PlayerMat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A player mat (rulebook «Подготовка к игре», «Планшет игрока»).

    * ``number`` -- «Игрок с наименьшим значением в этой ячейке планшета начинает первым»;
    * ``popularity``, ``objective_cards``, ``coins`` -- the starting popularity, objective cards
      drawn and coins;
    * ``sections`` -- left to right;
    * ``produce_cost_slots`` -- the six red rectangles under the six workers that start on the mat
      («Ваши оставшиеся 6 рабочих ... на прямоугольные ячейки над действием Производство»), left to
      right; deploying workers uncovers them from the left and Produce pays every uncovered cost.
    """

    id: MatId
    name: lim.Name
    number: lim.Ordinal
    popularity: lim.Track
    coins: lim.StartingCoins
    objective_cards: lim.StartingCards
    sections: tuple[MatSection, MatSection, MatSection, MatSection]
    produce_cost_slots: tuple[Cost, Cost, Cost, Cost, Cost, Cost]

    def section_of(self, action: TopActionName | BottomActionName) -> int:
        """The index of the section holding this top- or bottom-row action."""
        for index, section in enumerate(self.sections):
            if action in (section.top.name, section.bottom.name):
                return index
        raise KeyError(action)


# --------------------------------------------------------------------------------------------
# Factions
# --------------------------------------------------------------------------------------------


class Faction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A faction mat and its pieces (rulebook «Подготовка к игре», «Планшет фракции»).

    * ``seat`` -- the recommended clockwise seating from the top of the board, 1-5 («Нордик, Русвет,
      Кримея, Саксония, Полания»);
    * ``power``, ``combat_cards`` -- the starting power and combat cards printed on the faction mat;
    * ``ability`` -- the faction ability (top right corner);
    * ``riverwalk`` -- the two terrains Riverwalk may cross a river into (the faction's Riverwalk
      card);
    * ``mech_abilities`` -- the four abilities under the four mechs, as printed;
    * ``recruit_bonuses`` -- the four Recruit One-time Bonuses (bottom left corner).
    """

    id: FactionId
    name: lim.Name
    name_ru: lim.Name
    color: FactionColor
    character: lim.Name
    character_ru: lim.Name
    home_base: lim.SpaceId
    seat: lim.Ordinal
    power: lim.Track
    combat_cards: lim.StartingCards
    ability: FactionAbility
    riverwalk: tuple[Terrain, Terrain]
    mech_abilities: tuple[MechAbility, MechAbility, MechAbility, MechAbility]
    recruit_bonuses: tuple[Reward, Reward, Reward, Reward]


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


class EncounterOption(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One of the three options of an encounter card: pay ``cost`` in full, take ``reward``
    («Вы должны выбрать одну и заплатить ее стоимость ... но можете взять не всю награду»)."""

    cost: Cost
    reward: Reward


class EncounterCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An encounter card (green). ``id`` is the number in its top left corner, «используется только
    для вопросов»; flavour text is not data and is left out."""

    id: lim.CardNumber
    options: tuple[EncounterOption, EncounterOption, EncounterOption]


class FactoryTopAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The top-row action of a Factory card: pay ``cost``, then take one of ``choices``."""

    cost: Cost
    choices: Annotated[tuple[Reward, ...], lim.at_most(lim.MAX_FACTORY_CHOICES)]


class FactoryMove(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The bottom-row Move of every Factory card: «Передвиньте юнит до 2-х раз в течение одного
    действия Движения» (rulebook «Карты Фактории»; with Speed a mech or the character moves up to
    3)."""

    units: lim.Amount
    moves: lim.Amount


class FactoryCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Factory card (purple): «равносильна пятой секции планшета игрока» (rulebook «Карты
    Фактории»). Its actions give no bottom-row coins, Recruit Ongoing Bonus or structure bonus."""

    id: lim.CardNumber
    top: FactoryTopAction
    bottom: FactoryMove


#: A player quantity an objective tests:
#:
#: * ``power``, ``popularity``, ``coins`` -- the tracks and coins in hand;
#: * ``factory_cards`` -- Factory cards owned (0 or 1);
#: * ``mechs_on_board``, ``workers_on_board`` -- deployed mechs, workers on the board;
#: * ``structures_built``, ``recruits_enlisted``, ``upgrades_done`` -- pieces taken off the mats;
#: * ``combat_cards`` -- combat cards in hand;
#: * ``combat_stars`` -- stars placed for combat victories.
Stat: TypeAlias = Literal[
    "power",
    "popularity",
    "coins",
    "factory_cards",
    "mechs_on_board",
    "workers_on_board",
    "structures_built",
    "recruits_enlisted",
    "upgrades_done",
    "combat_cards",
    "combat_stars",
]

#: A comparison of a quantity with a value.
Op: TypeAlias = Literal[">=", "<=", "=="]


class Compare(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``quantity op value``."""

    op: Op
    value: lim.Threshold

    def holds(self, quantity: int) -> bool:
        """Whether ``quantity`` satisfies the comparison."""
        if self.op == ">=":
            return quantity >= self.value
        if self.op == "<=":
            return quantity <= self.value
        return quantity == self.value


class Condition(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="kind"
):
    """Base of the typed requirements of objective cards (a tagged union on ``kind``)."""


class StatCondition(Condition, frozen=True, kw_only=True, tag="stat"):
    """A player quantity compared with a value."""

    stat: Stat
    compare: Compare


class StatsEqual(Condition, frozen=True, kw_only=True, tag="stats_equal"):
    """Two player quantities are equal."""

    left: Stat
    right: Stat


class ControlCount(Condition, frozen=True, kw_only=True, tag="control_count"):
    """The number of territories you control that match every given filter: ``terrain``,
    ``tunnel`` (the printed tunnel symbol; a Mine does not make a territory a tunnel) and
    ``adjacent_to`` (touching a territory of that terrain)."""

    terrain: Terrain | None = None
    tunnel: bool = False
    adjacent_to: Terrain | None = None
    compare: Compare


class HighestPower(Condition, frozen=True, kw_only=True, tag="highest_power"):
    """Your power is the highest of all players (``ties``: a shared highest counts)."""

    ties: bool


class ForcedWorkerRetreat(Condition, frozen=True, kw_only=True, tag="forced_worker_retreat"):
    """You forced at least one opponent's worker to retreat to its home base (when is an open
    question; see the pack's doubts)."""


class TerritoryWith(Condition, frozen=True, kw_only=True, tag="territory"):
    """Some single territory meets every given constraint.

    * ``controlled`` -- you control it;
    * ``character`` -- your character is there;
    * ``mechs``, ``workers`` -- your mechs / workers there;
    * ``resources`` -- resource tokens there (all types together);
    * ``each_resource`` -- at least that many tokens of each of the four types there;
    * ``own_pieces`` -- your character, workers, mechs and structures there, all counted.
    """

    controlled: bool = True
    character: bool = False
    mechs: Compare | None = None
    workers: Compare | None = None
    resources: Compare | None = None
    each_resource: lim.Threshold = 0
    own_pieces: Compare | None = None


class ControlledResources(Condition, frozen=True, kw_only=True, tag="controlled_resources"):
    """Resource tokens on territories you control: at least ``each_type`` of every type and at
    least ``one_type`` of some single type."""

    each_type: lim.Threshold = 0
    one_type: lim.Threshold = 0


class LakeShore(Condition, frozen=True, kw_only=True, tag="lake_shore"):
    """Some lake has at least ``territories`` adjacent territories that you control."""

    territories: lim.Threshold


#: A requirement of an objective card.
ObjectiveCondition: TypeAlias = (
    StatCondition
    | StatsEqual
    | ControlCount
    | HighestPower
    | ForcedWorkerRetreat
    | TerritoryWith
    | ControlledResources
    | LakeShore
)


class Objective(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An objective card (beige); all ``conditions`` must hold.

    Timing is a rule, not card data (rulebook «Цели»): «Вы можете раскрыть завершённую карту цели в
    любой момент Вашего хода ... Вы должны суметь выполнить все требования карты в тот момент, когда
    решите ее открыть».
    """

    id: lim.CardNumber
    name: lim.Name
    conditions: Annotated[tuple[ObjectiveCondition, ...], lim.at_most(lim.MAX_CONDITIONS)]


# --------------------------------------------------------------------------------------------
# Scoring, structure bonus tiles, combat cards, Triumph track
# --------------------------------------------------------------------------------------------


class PopularityTier(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A tier of the popularity track: coins per star, per territory and per 2 resources at the end
    (rulebook «Подсчет очков в конце игры»)."""

    min: lim.Track
    max: lim.Track
    star: lim.Payoff
    territory: lim.Payoff
    resources: lim.Payoff


#: A tie-breaker (rulebook «Объявление победителя», in order): «Количество рабочих, Механизмов и
#: сооружений», «Сила», «Популярность», «Количество фишек ресурсов под контролем», «Число
#: контролируемых территорий», «Число размещенных фишек звезд».
TieBreaker: TypeAlias = Literal[
    "workers_mechs_structures", "power", "popularity", "resources", "territories", "stars"
]


class Scoring(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End-game scoring (rulebook «Категории подсчета очков»).

    * ``tiers`` -- the popularity tiers, lowest first;
    * ``factory_territories`` -- «Фактория считается как 3 территории»;
    * ``resources_per_payout`` -- «за каждые 2 фишки ресурса»;
    * ``tie_breakers`` -- in order.
    """

    tiers: Annotated[tuple[PopularityTier, ...], lim.at_most(lim.MAX_TIERS, least=1)]
    factory_territories: lim.Amount
    resources_per_payout: lim.PerPayout
    tie_breakers: Annotated[tuple[TieBreaker, ...], lim.at_most(lim.MAX_TIE_BREAKERS)]

    def tier(self, popularity: int) -> PopularityTier:
        """The tier a popularity falls in."""
        for tier in self.tiers:
            if tier.min <= popularity <= tier.max:
                return tier
        raise ValueError(f"popularity {popularity} is off the track")


#: What a structure bonus tile counts (rulebook «Строительство», «Бонус в конце игры»):
#:
#: * ``adjacent_tunnels`` -- «Число туннелей, примыкающих к Вашим сооружениям. Каждый туннель
#:   считается только 1 раз. Шахта в данном случае не считается как туннель. Реки не разделяют
#:   примыкание»;
#: * ``adjacent_lakes`` -- «Количество озер, примыкающих к Вашим сооружениям. Каждое озеро считается
#:   только 1 раз»;
#: * ``adjacent_encounters`` -- «Количество Компасов Случайных встреч, прилегающих к сооружениям.
#:   Каждый компас считается только 1 раз. Считается независимо от наличия жетона ... Реки не
#:   разделяют примыкание»;
#: * ``on_tunnels`` -- «Количество территорий с туннелями, на которых стоят Ваши сооружения. Шахта в
#:   данном случае не считается как туннель»;
#: * ``in_a_row`` -- «Количество Ваших сооружений в ряд (прямая линия любой длины; считается только
#:   самый длинный ряд сооружений; реки не прерывают ряд)»;
#: * ``on_farms_or_tundras`` -- «Число территорий ферм или тундры с Вашими сооружениями».
StructureBonusKind: TypeAlias = Literal[
    "adjacent_tunnels",
    "adjacent_lakes",
    "adjacent_encounters",
    "on_tunnels",
    "in_a_row",
    "on_farms_or_tundras",
]


class Payout(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Coins for a count from ``min`` to ``max`` inclusive."""

    min: lim.Threshold
    max: lim.Threshold
    coins: lim.Payoff


class StructureBonusTile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A structure bonus tile; one is drawn at setup. Its coins are paid «даже если не
    контролируете территории, на которых стоят Ваши сооружения»."""

    id: StructureBonusKind
    payouts: Annotated[tuple[Payout, ...], lim.at_most(lim.MAX_PAYOUTS, least=1)]

    def coins_for(self, count: int) -> int:
        """The coins for a count: 0 below the first row, the top row's coins above the last row."""
        if count < self.payouts[0].min:
            return 0
        for payout in self.payouts:
            if payout.min <= count <= payout.max:
                return payout.coins
        return self.payouts[-1].coins


class CombatCards(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``count`` combat cards of power ``value`` (rulebook «Битва», table «Сила — количество»)."""

    value: lim.CardValue
    count: lim.CardCount


#: A goal of the Triumph track (rulebook «Размещение звезд»): ``upgrades`` «Завершить 6 улучшений»,
#: ``mechs`` «Ввести в строй 4 Механизма», ``structures`` «Построить 4 сооружения», ``recruits``
#: «Мобилизовать 4 рекрутов», ``workers`` «Выставить 8 рабочих на поле», ``objective`` «Раскрыть 1
#: завершённую карту цели», ``combat`` «Победить в битве (не более 2 раз)», ``popularity``
#: «Получить 18 популярности», ``power`` «Получить 16 силы».
TriumphGoal: TypeAlias = Literal[
    "upgrades",
    "mechs",
    "structures",
    "recruits",
    "workers",
    "objective",
    "combat",
    "popularity",
    "power",
]


class TriumphSlot(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A space of the Triumph track: the goal and the number it needs (1 for the objective and for
    each combat victory)."""

    goal: TriumphGoal
    count: lim.Track


class TriumphTrack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Triumph track, left to right as printed.

    ``stars`` per player; the game ends at once when one is placed the last of them («Как только
    один из игроков разместил свою 6-ю звезду ... игра заканчивается»). ``combat_stars`` and
    ``objective_stars`` are the limits that Saxony's Dominate lifts.
    """

    slots: Annotated[tuple[TriumphSlot, ...], lim.at_most(lim.MAX_TRIUMPH_SLOTS)]
    stars: lim.StarsPerPlayer
    combat_stars: lim.Stars
    objective_stars: lim.Stars


class Tracks(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The board's tracks and the power dial (rulebook «Битва», «Выбор силы»: «Трек может обеспечивать
    Вас 16 единицами, но потратить на Круге Силы можете не более 7»)."""

    popularity_max: lim.Track
    power_max: lim.Track
    power_dial_max: lim.DialMax


class Components(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Component counts of the box (rulebook «Компоненты», «Компоненты фракций», «Фактория»).

    ``coins`` counts the cardboard coin pieces, not their value. ``factory_cards_extra``: setup
    draws «X карт лицом вниз, где X - число игроков + 1».
    The ``*_per_faction`` counts are the pieces of each faction.
    """

    combat_cards: lim.BoxCount
    player_mats: lim.BoxCount
    objective_cards: lim.BoxCount
    encounter_cards: lim.BoxCount
    factory_cards: lim.BoxCount
    factory_cards_extra: lim.BoxCount
    structure_bonus_tiles: lim.BoxCount
    encounter_tokens: lim.BoxCount
    resource_tokens_per_type: lim.BoxCount
    coins: lim.BoxCount
    multiplier_tokens: lim.BoxCount
    power_dials: lim.BoxCount
    riverwalk_cards: lim.BoxCount
    player_aids: lim.BoxCount
    factions: lim.BoxCount
    mechs_per_faction: lim.BoxCount
    workers_per_faction: lim.BoxCount
    structures_per_faction: lim.BoxCount
    recruits_per_faction: lim.BoxCount
    stars_per_faction: lim.BoxCount
    technology_cubes_per_faction: lim.BoxCount


# --------------------------------------------------------------------------------------------
# Provenance
# --------------------------------------------------------------------------------------------

#: A part of the pack, one data file each.
ContentPart: TypeAlias = Literal[
    "pack",
    "board",
    "player_mats",
    "factions",
    "encounters",
    "objectives",
    "factory_cards",
    "scoring",
]

#: How sure the values of a part are.
Confidence: TypeAlias = Literal["high", "medium", "low"]

#: How a doubt was settled: by the rulebook; by agreement of the sources (majority, photo); by a
#: decision of the project (a reading or a choice, always explained); or left open for the rules
#: engine.
Basis: TypeAlias = Literal["rulebook", "sources", "project", "open"]


class Provenance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where the values of a part come from and how sure they are."""

    part: ContentPart
    sources: Annotated[tuple[lim.Prose, ...], lim.at_most(lim.MAX_SOURCES)]
    confidence: Confidence
    notes: Annotated[tuple[lim.Prose, ...], lim.at_most(lim.MAX_NOTES)] = ()


class Doubt(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A value a source disagreed on or left open, and how the pack settled it.

    ``item`` is a stable key (e.g. ``factory_cards.4.coins``); ``values`` lists the candidates with
    their sources; ``rulebook`` quotes the rulebook section the resolution follows, if any.
    """

    part: ContentPart
    item: lim.ItemKey
    values: Annotated[tuple[lim.Prose, ...], lim.at_most(lim.MAX_DOUBT_VALUES)]
    resolution: lim.Prose
    basis: Basis
    rulebook: lim.Prose = ""


# --------------------------------------------------------------------------------------------
# The pack and its files
# --------------------------------------------------------------------------------------------


class ScytheContent(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A content pack of Scythe: every component of the base game as data."""

    name: lim.Name
    provenance: Annotated[tuple[Provenance, ...], lim.at_most(lim.MAX_PROVENANCE)]
    doubts: Annotated[tuple[Doubt, ...], lim.at_most(lim.MAX_DOUBTS)]
    components: Components
    board: Board
    player_mats: Annotated[tuple[PlayerMat, ...], lim.at_most(lim.MAX_MATS)]
    factions: Annotated[tuple[Faction, ...], lim.at_most(lim.MAX_FACTIONS)]
    encounters: Annotated[tuple[EncounterCard, ...], lim.at_most(lim.MAX_ENCOUNTERS)]
    objectives: Annotated[tuple[Objective, ...], lim.at_most(lim.MAX_OBJECTIVES)]
    factory_cards: Annotated[tuple[FactoryCard, ...], lim.at_most(lim.MAX_FACTORY_CARDS)]
    scoring: Scoring
    structure_bonus_tiles: Annotated[
        tuple[StructureBonusTile, ...], lim.at_most(lim.MAX_BONUS_TILES)
    ]
    combat_cards: Annotated[tuple[CombatCards, ...], lim.at_most(lim.MAX_COMBAT_KINDS)]
    triumph_track: TriumphTrack
    tracks: Tracks
    #: Which source gives which value of each card (:mod:`arbiter.core.provenance`, cards as
    #: :func:`.content_cards.cards` names them); left out: the pack is unlabelled, an owner's
    #: edition as transcribed.
    labels: Labels | UnsetType = UNSET

    def faction(self, faction_id: FactionId) -> Faction:
        """The faction with this id (``KeyError`` if none)."""
        for faction in self.factions:
            if faction.id == faction_id:
                return faction
        raise KeyError(faction_id)

    def player_mat(self, mat_id: MatId) -> PlayerMat:
        """The player mat with this id (``KeyError`` if none)."""
        for mat in self.player_mats:
            if mat.id == mat_id:
                return mat
        raise KeyError(mat_id)


class DataFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fields every data file of a pack starts with: its provenance and its doubts, and the
    provenance labels of its cards."""

    provenance: Annotated[tuple[Provenance, ...], lim.at_most(lim.MAX_PROVENANCE)]
    doubts: Annotated[tuple[Doubt, ...], lim.at_most(lim.MAX_DOUBTS)] = ()
    labels: Labels = ()


class PackFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``pack.json``: the pack's name and the component counts."""

    name: lim.Name
    components: Components


class BoardFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``board.json``."""

    board: Board


class PlayerMatsFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``player_mats.json``."""

    player_mats: Annotated[tuple[PlayerMat, ...], lim.at_most(lim.MAX_MATS)]


class FactionsFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``factions.json``."""

    factions: Annotated[tuple[Faction, ...], lim.at_most(lim.MAX_FACTIONS)]


class EncountersFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``encounters.json``."""

    encounters: Annotated[tuple[EncounterCard, ...], lim.at_most(lim.MAX_ENCOUNTERS)]


class ObjectivesFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``objectives.json``."""

    objectives: Annotated[tuple[Objective, ...], lim.at_most(lim.MAX_OBJECTIVES)]


class FactoryCardsFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``factory_cards.json``."""

    factory_cards: Annotated[tuple[FactoryCard, ...], lim.at_most(lim.MAX_FACTORY_CARDS)]


class ScoringFile(DataFile, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``scoring.json``: scoring, structure bonus tiles, combat cards, Triumph track, tracks."""

    scoring: Scoring
    structure_bonus_tiles: Annotated[
        tuple[StructureBonusTile, ...], lim.at_most(lim.MAX_BONUS_TILES)
    ]
    combat_cards: Annotated[tuple[CombatCards, ...], lim.at_most(lim.MAX_COMBAT_KINDS)]
    triumph_track: TriumphTrack
    tracks: Tracks


_F = TypeVar("_F", bound=DataFile)

#: The data files of a pack and their types, in assembly order.
DATA_FILES: Final[dict[str, type[DataFile]]] = {
    "pack.json": PackFile,
    "board.json": BoardFile,
    "player_mats.json": PlayerMatsFile,
    "factions.json": FactionsFile,
    "encounters.json": EncountersFile,
    "objectives.json": ObjectivesFile,
    "factory_cards.json": FactoryCardsFile,
    "scoring.json": ScoringFile,
}


def _part(files: dict[str, bytes], name: str, kind: type[_F]) -> _F:
    return msgspec.json.decode(files[name], type=kind)


def assemble(files: dict[str, bytes]) -> ScytheContent:
    """Decode the data files of a pack (strictly, by ``DATA_FILES``) and join them into one."""
    pack = _part(files, "pack.json", PackFile)
    board = _part(files, "board.json", BoardFile)
    mats = _part(files, "player_mats.json", PlayerMatsFile)
    factions = _part(files, "factions.json", FactionsFile)
    encounters = _part(files, "encounters.json", EncountersFile)
    objectives = _part(files, "objectives.json", ObjectivesFile)
    factory = _part(files, "factory_cards.json", FactoryCardsFile)
    scoring = _part(files, "scoring.json", ScoringFile)
    parts: tuple[DataFile, ...] = (
        pack,
        board,
        mats,
        factions,
        encounters,
        objectives,
        factory,
        scoring,
    )
    return ScytheContent(
        name=pack.name,
        provenance=tuple(entry for part in parts for entry in part.provenance),
        doubts=tuple(doubt for part in parts for doubt in part.doubts),
        components=pack.components,
        board=board.board,
        player_mats=mats.player_mats,
        factions=factions.factions,
        encounters=encounters.encounters,
        objectives=objectives.objectives,
        factory_cards=factory.factory_cards,
        scoring=scoring.scoring,
        structure_bonus_tiles=scoring.structure_bonus_tiles,
        combat_cards=scoring.combat_cards,
        triumph_track=scoring.triumph_track,
        tracks=scoring.tracks,
        labels=tuple(label for part in parts for label in part.labels) or UNSET,
    )


@functools.cache
def default_content() -> ScytheContent:
    """The default pack: the base game as transcribed in ``data/*.json`` (read once, then cached)."""
    data = resources.files("arbiter.games.scythe").joinpath("data")
    return assemble({name: data.joinpath(name).read_bytes() for name in DATA_FILES})
