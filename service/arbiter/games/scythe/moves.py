"""The moves of Scythe: every player decision is one small atomic move naming its ``seat``;
chance outcomes name no seat. A tagged union on ``type``.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from arbiter.core import Move
from arbiter.games.scythe.content import (
    BottomActionName,
    FactionId,
    MatId,
    MechAbility,
    Structure,
    StructureBonusKind,
    TopActionName,
    Unit,
)
from arbiter.games.scythe.state import RecruitBonus, Section, TopChoice

#: What a moving unit can pick up or drop: a worker (mechs only) or a resource token.
CargoItem: TypeAlias = Literal["worker", "food", "wood", "metal", "oil"]
CARGO_ITEMS: tuple[CargoItem, ...] = ("worker", "food", "wood", "metal", "oil")

#: One unit of a reward taken by :class:`GainOne`.
GainItem: TypeAlias = Literal[
    "coins",
    "popularity",
    "power",
    "combat_cards",
    "food",
    "wood",
    "metal",
    "oil",
    "worker",
    "upgrade",
    "deploy",
    "build",
    "enlist",
    "produce",
]

# ------------------------------------------------------------------------------ setup


class ChooseFaction(Move, frozen=True, kw_only=True, tag="choose_faction"):
    """(``assignment: chosen``) take a faction and a player mat."""

    seat: int
    faction: FactionId
    mat: MatId


# ------------------------------------------------------------------------------ the turn


class GiveCoins(Move, frozen=True, kw_only=True, tag="give_coins"):
    """«Союзы и подкуп»: give ``amount`` coins to seat ``to``. An anytime move: any seat may give
    coins at any moment of play, but for the two sides of a battle to each other («Вы не можете
    откупиться в этот момент»)."""

    ranged = "amount"
    anytime = True

    seat: int
    to: int
    amount: int


class ChooseSection(Move, frozen=True, kw_only=True, tag="choose_section"):
    """Place the action token on a section of the player mat, named by its top-row action
    (``factory``: the Factory card, a fifth section)."""

    seat: int
    section: Section


class TakeTopAction(Move, frozen=True, kw_only=True, tag="take_top_action"):
    """Pay the top-row action and take its choice ``choice`` (index of the mat's options or of
    the Factory card's choices)."""

    seat: int
    choice: TopChoice


class SkipTopAction(Move, frozen=True, kw_only=True, tag="skip_top_action"):
    """Leave the top-row action of the chosen section («Выполните действие верхнего ряда
    этой секции (по желанию)»)."""

    seat: int


class TakeBottomAction(Move, frozen=True, kw_only=True, tag="take_bottom_action"):
    """Take the bottom-row action of the chosen section: pay its cost, take its coins, then
    its effect («Выполните действие нижнего ряда этой секции (по желанию)»)."""

    seat: int


class SkipBottomAction(Move, frozen=True, kw_only=True, tag="skip_bottom_action"):
    """Leave the bottom-row action of the chosen section (it is optional too)."""

    seat: int


class EndTurn(Move, frozen=True, kw_only=True, tag="end_turn"):
    """Pass the turn once its actions are done (offered while an objective could still be
    revealed: «Вы можете раскрыть завершённую карту цели в любой момент Вашего хода»)."""

    seat: int


class RevealObjective(Move, frozen=True, kw_only=True, tag="reveal_objective"):
    """«Цели»: reveal a completed objective card (any moment of your turn)."""

    seat: int
    card: int


# ------------------------------------------------------------------------------ Move


class SelectUnit(Move, frozen=True, kw_only=True, tag="select_unit"):
    """Start moving one of your units of ``kind`` standing on ``at``."""

    seat: int
    kind: Unit
    at: str


class Load(Move, frozen=True, kw_only=True, tag="load"):
    """The moving unit picks up one worker (mechs) or resource token where it stands."""

    seat: int
    item: CargoItem


class Unload(Move, frozen=True, kw_only=True, tag="unload"):
    """The moving unit drops one worker or resource token where it stands."""

    seat: int
    item: CargoItem


class Step(Move, frozen=True, kw_only=True, tag="step"):
    """The moving unit moves one step to ``to``."""

    seat: int
    to: str


class EndUnitMove(Move, frozen=True, kw_only=True, tag="end_unit_move"):
    """The moving unit stops (what it carries stays where it stands)."""

    seat: int


class EndMove(Move, frozen=True, kw_only=True, tag="end_move"):
    """The Move action ends (fewer units may be moved)."""

    seat: int


# ------------------------------------------------------------------------------ combat


class ChooseBattle(Move, frozen=True, kw_only=True, tag="choose_battle"):
    """The attacker chooses the next battle."""

    seat: int
    territory: str


class UseArtillery(Move, frozen=True, kw_only=True, tag="use_artillery"):
    """Nordic «Артиллерия»: pay 1 power so that the opponent loses 2 (or not)."""

    seat: int
    use: bool


class AddCombatCard(Move, frozen=True, kw_only=True, tag="add_combat_card"):
    """Put a combat card of ``value`` under the power dial (secret until both commit)."""

    seat: int
    value: int


class CommitPower(Move, frozen=True, kw_only=True, tag="commit_power"):
    """Set the power dial to ``power`` and commit (secret until both commit)."""

    seat: int
    power: int


class Retreat(Move, frozen=True, kw_only=True, tag="retreat"):
    """Seaworthy: where the beaten units go: the home base or an adjacent lake."""

    seat: int
    to: str


# ------------------------------------------------------------------------------ costs, rewards


class DiscardCombatCard(Move, frozen=True, kw_only=True, tag="discard_combat_card"):
    """Pay a combat card of ``value``."""

    seat: int
    value: int


class GainOne(Move, frozen=True, kw_only=True, tag="gain_one"):
    """Take one unit of the pending reward; resources and workers go to ``territory`` when the
    reward lets you choose (``null`` when where they go is set by the reward)."""

    seat: int
    item: GainItem
    territory: str | None = None


class StopGaining(Move, frozen=True, kw_only=True, tag="stop_gaining"):
    """Leave the rest of the reward."""

    seat: int


class TakeAmount(Move, frozen=True, kw_only=True, tag="take_amount"):
    """Take ``amount`` (0 to the full reward) of the pending top-row reward: Bolster's power or
    combat cards, Trade's popularity, Move's coins, the Monument's popularity, the Armory's
    power («или часть награды»)."""

    seat: int
    amount: int


class ChooseEncounterOption(Move, frozen=True, kw_only=True, tag="choose_encounter_option"):
    """«Случайные встречи»: choose ``option`` (0-2) of the drawn encounter card and pay its cost;
    its reward follows."""

    seat: int
    option: int


class EndEncounter(Move, frozen=True, kw_only=True, tag="end_encounter"):
    """Polania: stop after one option."""

    seat: int


class Produce(Move, frozen=True, kw_only=True, tag="produce"):
    """Produce ``amount`` (1 per worker; the Mill counts as one) on ``territory``."""

    seat: int
    territory: str
    amount: int


class EndProduce(Move, frozen=True, kw_only=True, tag="end_produce"):
    """End the Produce action: no more territories produce («выберите 1-2 различные
    территории»; the Mill's territory is one more)."""

    seat: int


class PayResource(Move, frozen=True, kw_only=True, tag="pay_resource"):
    """Spend one resource token of the action's type from a controlled ``territory``."""

    seat: int
    territory: str


class PayWithCombatCard(Move, frozen=True, kw_only=True, tag="pay_with_combat_card"):
    """Crimea «Принуждение»: a combat card as one resource (once a turn)."""

    seat: int
    value: int


class TakeCoins(Move, frozen=True, kw_only=True, tag="take_coins"):
    """Take the bottom-row action's coins (or not: «Игрок может не брать монеты»)."""

    seat: int
    take: bool


class Upgrade(Move, frozen=True, kw_only=True, tag="upgrade"):
    """Move the technology cube of choice ``option`` of top-row action ``action`` to a bracketed
    square of bottom-row action ``to`` («Улучшение»)."""

    seat: int
    action: TopActionName
    option: TopChoice
    to: BottomActionName


class Deploy(Move, frozen=True, kw_only=True, tag="deploy"):
    """Deploy the faction-mat mech of ability ``mech`` on ``territory`` («Ввод в строй»)."""

    seat: int
    mech: MechAbility
    territory: str


class Build(Move, frozen=True, kw_only=True, tag="build"):
    """Build ``structure`` on ``territory`` («Строительство»): a territory you control with your
    worker on it (an encounter's structure: where the character is)."""

    seat: int
    structure: Structure
    territory: str


class Enlist(Move, frozen=True, kw_only=True, tag="enlist"):
    """Take the recruit above bottom-row action ``action`` onto one-time bonus ``bonus``
    («Мобилизация»)."""

    seat: int
    action: BottomActionName
    bonus: RecruitBonus


class DeclineAction(Move, frozen=True, kw_only=True, tag="decline_action"):
    """Take no effect from the bottom-row action (paid and coins already taken)."""

    seat: int


class TakeFactoryCard(Move, frozen=True, kw_only=True, tag="take_factory_card"):
    """«Фактория»: on the character's first visit, keep Factory card ``card`` of those set out;
    the others go back."""

    seat: int
    card: int


# ------------------------------------------------------------------------------ chance


class DealStructureTile(Move, frozen=True, kw_only=True, tag="deal_structure_tile"):
    """Chance, at setup: the structure bonus tile ``tile``, chosen at random («Карта бонуса
    сооружений»)."""

    tile: StructureBonusKind


class DealFactions(Move, frozen=True, kw_only=True, tag="deal_factions"):
    """The factions in play, in seating order."""

    factions: tuple[FactionId, ...]


class DealMat(Move, frozen=True, kw_only=True, tag="deal_mat"):
    """Chance, at setup (``assignment: random``): seat ``player`` is dealt player mat ``mat``."""

    player: int
    mat: MatId


class DrawCombatCard(Move, frozen=True, kw_only=True, tag="draw_combat_card"):
    """Chance: a combat card of ``value`` comes off the shuffled combat deck (private to the seat
    drawing it)."""

    value: int


class DealObjective(Move, frozen=True, kw_only=True, tag="deal_objective"):
    """Chance, at setup: objective card ``card`` is dealt to the seat being dealt (secret)."""

    card: int


class DealFactoryCard(Move, frozen=True, kw_only=True, tag="deal_factory_card"):
    """Chance, at setup: Factory card ``card`` is set out face down (one more than the players)."""

    card: int


class DrawEncounterCard(Move, frozen=True, kw_only=True, tag="draw_encounter_card"):
    """Chance: the character's encounter card ``card``, at random from the deck (or, once the deck
    is empty, the first card put back under it)."""

    card: int


class StealCombatCard(Move, frozen=True, kw_only=True, tag="steal_combat_card"):
    """Crimea «Разведчик»: the value of the opponent's card taken at random."""

    value: int


ScytheMove: TypeAlias = (
    ChooseFaction
    | GiveCoins
    | ChooseSection
    | TakeTopAction
    | SkipTopAction
    | TakeBottomAction
    | SkipBottomAction
    | EndTurn
    | RevealObjective
    | SelectUnit
    | Load
    | Unload
    | Step
    | EndUnitMove
    | EndMove
    | ChooseBattle
    | UseArtillery
    | AddCombatCard
    | CommitPower
    | Retreat
    | DiscardCombatCard
    | GainOne
    | StopGaining
    | TakeAmount
    | ChooseEncounterOption
    | EndEncounter
    | Produce
    | EndProduce
    | PayResource
    | PayWithCombatCard
    | TakeCoins
    | Upgrade
    | Deploy
    | Build
    | Enlist
    | DeclineAction
    | TakeFactoryCard
    | DealStructureTile
    | DealFactions
    | DealMat
    | DrawCombatCard
    | DealObjective
    | DealFactoryCard
    | DrawEncounterCard
    | StealCombatCard
)
