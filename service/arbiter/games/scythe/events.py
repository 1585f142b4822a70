"""What happened while a move was applied. Private events carry ``visible_to``; :func:`redact`
gives the form other seats see."""

from __future__ import annotations

from typing import Literal, TypeAlias

import msgspec

from arbiter.core import Event
from arbiter.games.scythe.content import (
    BottomActionName,
    FactionId,
    MatId,
    MechAbility,
    Structure,
    StructureBonusKind,
    TopActionName,
    TriumphGoal,
)
from arbiter.games.scythe.state import CardCounts, RecruitBonus, Resources, Section, TopChoice


class CombatCardDrawn(Event, frozen=True, kw_only=True, tag="combat_card_drawn"):
    """``seat`` drew a combat card (its value is private)."""

    explains = ("/players/{seat}/hand", "/players/{seat}/combat_cards", "/combat_deck_size")

    seat: int
    value: int


class CombatCardDrawnHidden(Event, frozen=True, kw_only=True, tag="combat_card_drawn_hidden"):
    """The other seats' form of :class:`CombatCardDrawn`: ``seat`` drew a combat card (how
    many is public, which is not)."""

    explains = ("/players/{seat}/combat_cards", "/combat_deck_size")

    seat: int


class ObjectiveDealt(Event, frozen=True, kw_only=True, tag="objective_dealt"):
    """``seat`` was dealt objective card ``card`` (private: «Не показывайте их соперникам»)."""

    explains = (
        "/players/{seat}/objectives",
        "/players/{seat}/objective_cards",
        "/objective_deck_size",
    )

    seat: int
    card: int


class ObjectiveDealtHidden(Event, frozen=True, kw_only=True, tag="objective_dealt_hidden"):
    """The other seats' form of :class:`ObjectiveDealt`: ``seat`` was dealt an objective card."""

    explains = ("/players/{seat}/objective_cards", "/objective_deck_size")

    seat: int


class FactoryCardsSetOut(Event, frozen=True, kw_only=True, tag="factory_card_set_out"):
    """A Factory card is set out face down (nobody sees which)."""

    explains = ("/factory_cards_count",)


class CombatCardStolen(Event, frozen=True, kw_only=True, tag="combat_card_stolen"):
    """Scout: ``seat`` took a card of ``value`` from ``victim`` (seen by both)."""

    explains = (
        "/players/{seat}/hand",
        "/players/{seat}/combat_cards",
        "/players/{victim}/hand",
        "/players/{victim}/combat_cards",
    )

    seat: int
    victim: int
    value: int


class CombatCardStolenHidden(Event, frozen=True, kw_only=True, tag="combat_card_stolen_hidden"):
    """The other seats' form of :class:`CombatCardStolen`: ``seat`` took one of ``victim``'s
    combat cards."""

    explains = ("/players/{seat}/combat_cards", "/players/{victim}/combat_cards")

    seat: int
    victim: int


class BattleRevealed(Event, frozen=True, kw_only=True, tag="battle_revealed"):
    """«Раскрытие»: both dials and cards shown; the winner."""

    territory: str
    attacker: int
    defender: int
    attacker_power: int
    attacker_cards: tuple[int, ...]
    defender_power: int
    defender_cards: tuple[int, ...]
    winner: int


class StarPlaced(Event, frozen=True, kw_only=True, tag="star_placed"):
    """``seat`` placed a star on the Triumph track for ``goal`` («Размещение звезд»)."""

    explains = ("/players/{seat}/stars",)

    seat: int
    goal: TriumphGoal


class WorkersSentHome(Event, frozen=True, kw_only=True, tag="workers_sent_home"):
    """``workers`` of ``seat``'s workers on ``territory`` went back to its home base (an
    opponent's character or mech moved in, or ``seat`` lost the battle there)."""

    seat: int
    territory: str
    workers: int


class EncounterDrawn(Event, frozen=True, kw_only=True, tag="encounter_drawn"):
    """``seat``'s character drew encounter card ``card`` («Покажите карту всем игрокам») from the
    deck (or, once it is spent, from the cards put under it)."""

    explains = ("/encounter_deck", "/encounter_bottom")

    seat: int
    card: int


class ObjectiveRevealed(Event, frozen=True, kw_only=True, tag="objective_revealed"):
    """``seat`` revealed its completed objective card ``card`` («Цели»); but for Saxony, its other
    objective card goes back into the deck unseen."""

    explains = (
        "/players/{seat}/revealed",
        "/players/{seat}/objectives",
        "/players/{seat}/objective_cards",
        "/objective_deck_size",
    )

    seat: int
    card: int


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """A sixth star was placed: the game is over at once («Окончание игры»)."""

    explains = ("/phase",)

    seat: int


# ------------------------------------------------------------------------------------------
# Changes of the table. Each carries the new value (or the new state of what changed) and the
# ``reason``: the action, bonus or rule that made it (see :data:`Reason`), so applying one twice
# does no harm and a client can keep its view current from them alone (:mod:`.ledger` finds them).
# ------------------------------------------------------------------------------------------

#: What made a change: a top-row action (``move_gain``, ``trade``, ``bolster``, ``produce``), a
#: bottom-row action (``upgrade``, ``deploy``, ``build``, ``enlist``), the Factory card
#: (``factory``), a structure's bonus (``monument``, ``armory``), a recruit's ongoing bonus
#: (``recruit_bonus``), a Move action's consequences (``move``), a battle (``battle``), an
#: encounter card (``encounter``), a coin given («Союзы и подкуп»: ``bribe``), a star
#: (``stars``), the end of a turn (``turn``), or setup (``setup``).
Reason: TypeAlias = Literal[
    "setup",
    "move_gain",
    "trade",
    "bolster",
    "produce",
    "upgrade",
    "deploy",
    "build",
    "enlist",
    "factory",
    "monument",
    "armory",
    "recruit_bonus",
    "move",
    "battle",
    "encounter",
    "bribe",
    "stars",
    "turn",
]


class CoinsChanged(Event, frozen=True, kw_only=True, tag="coins_changed"):
    """``seat`` has ``coins`` coins now (``change``: how many more; negative, fewer)."""

    explains = ("/players/{seat}/coins",)

    seat: int
    coins: int
    change: int
    reason: Reason


class PowerChanged(Event, frozen=True, kw_only=True, tag="power_changed"):
    """``seat``'s power is ``power`` now («Сила»; ``change``: by how much)."""

    explains = ("/players/{seat}/power",)

    seat: int
    power: int
    change: int
    reason: Reason


class PopularityChanged(Event, frozen=True, kw_only=True, tag="popularity_changed"):
    """``seat``'s popularity is ``popularity`` now («Популярность»; ``change``: by how much)."""

    explains = ("/players/{seat}/popularity",)

    seat: int
    popularity: int
    change: int
    reason: Reason


class CombatCardsChanged(Event, frozen=True, kw_only=True, tag="combat_cards_changed"):
    """The table sees ``seat`` hold ``combat_cards`` combat cards now (``change``: how many
    more), cards under its power dial in a battle not yet revealed included. ``hand``, the
    values still in hand, only for ``seat`` itself (``null`` for the others: the count is
    public, the values are not; a card put under the dial changes the hand alone, so the others
    are told nothing)."""

    explains = ("/players/{seat}/combat_cards", "/players/{seat}/hand")

    seat: int
    combat_cards: int
    change: int
    hand: tuple[int, ...] | None = None
    reason: Reason


class CombatPilesChanged(Event, frozen=True, kw_only=True, tag="combat_piles_changed"):
    """The combat deck holds ``deck`` cards now and the discard pile ``discard`` (face up)."""

    explains = ("/combat_deck_size", "/combat_discard")

    deck: int
    discard: CardCounts
    reason: Reason


UnitKind: TypeAlias = Literal["character", "mech", "worker"]


class UnitMoved(Event, frozen=True, kw_only=True, tag="unit_moved"):
    """``seat``'s ``unit`` (for mechs and workers, number ``index`` of the player's list) went
    from ``origin`` to ``to`` (a move, a mech carrying it, a retreat home after a battle, an
    opponent moving in)."""

    explains = (
        "/players/{seat}/character",
        "/players/{seat}/mechs/{index}",
        "/players/{seat}/workers/{index}",
    )

    seat: int
    unit: UnitKind
    index: int
    origin: str
    to: str
    reason: Reason

    def explained(self) -> tuple[str, ...]:
        """The one member of :attr:`explains` that the unit is."""
        if self.unit == "character":
            return (f"/players/{self.seat}/character",)
        return (f"/players/{self.seat}/{self.unit}s/{self.index}",)


class MechDeployed(Event, frozen=True, kw_only=True, tag="mech_deployed"):
    """«Ввод в строй»: ``seat`` deployed the mech of ability ``mech`` on ``territory`` (it is
    number ``index`` of the player's mechs; the ability is unlocked)."""

    explains = ("/players/{seat}/mechs/{index}", "/players/{seat}/mech_abilities")

    seat: int
    mech: MechAbility
    index: int
    territory: str
    reason: Reason


class WorkerPlaced(Event, frozen=True, kw_only=True, tag="worker_placed"):
    """A worker came off ``seat``'s mat onto ``territory`` (number ``index`` of its workers)."""

    explains = ("/players/{seat}/workers/{index}",)

    seat: int
    index: int
    territory: str
    reason: Reason


class StructureBuilt(Event, frozen=True, kw_only=True, tag="structure_built"):
    """«Строительство»: ``seat`` built its ``structure`` on ``territory``."""

    explains = ("/players/{seat}/structures",)

    seat: int
    structure: Structure
    territory: str
    reason: Reason


class RecruitEnlisted(Event, frozen=True, kw_only=True, tag="recruit_enlisted"):
    """«Мобилизация»: ``seat`` enlisted the recruit above bottom-row action ``action`` onto one-time
    bonus ``bonus`` (its ongoing bonus is active from now on)."""

    explains = ("/players/{seat}/recruits",)

    seat: int
    action: BottomActionName
    bonus: RecruitBonus
    reason: Reason


class Upgraded(Event, frozen=True, kw_only=True, tag="upgraded"):
    """«Улучшение»: ``seat`` moved the technology cube of choice ``option`` of top-row action
    ``action`` onto a bracketed square of bottom-row action ``to``."""

    explains = ("/players/{seat}/cubes", "/players/{seat}/covered")

    seat: int
    action: TopActionName
    option: TopChoice
    to: BottomActionName
    reason: Reason


class ResourcesChanged(Event, frozen=True, kw_only=True, tag="resources_changed"):
    """The resource tokens on ``territory`` are ``resources`` now (all zero: none left)."""

    explains = ("/resources/{territory}",)

    territory: str
    resources: Resources
    reason: Reason


class EncounterTokenTaken(Event, frozen=True, kw_only=True, tag="encounter_token_taken"):
    """The encounter token on ``territory`` left the board: a character stopped there."""

    explains = ("/encounter_tokens",)

    territory: str


class EncounterCardPutUnder(Event, frozen=True, kw_only=True, tag="encounter_card_put_under"):
    """The encounter card ``card``, resolved, went under the deck («кладите её под низ колоды»)."""

    explains = ("/encounter_bottom",)

    card: int


class SectionChosen(Event, frozen=True, kw_only=True, tag="section_chosen"):
    """«Игровой процесс»: ``seat`` put its action token on ``section``."""

    explains = ("/turn/section",)

    seat: int
    section: Section


class TurnEnded(Event, frozen=True, kw_only=True, tag="turn_ended"):
    """``seat`` ended its turn on ``section`` (``null``: none taken); ``next`` plays now
    («передайте ход по часовой стрелке»); ``turns_taken`` turns are done."""

    explains = (
        "/players/{seat}/last_section",
        "/turn/seat",
        "/turn/section",
        "/turns_taken",
    )

    seat: int
    section: Section | None
    next: int
    turns_taken: int


class FactoryCardsSeen(Event, frozen=True, kw_only=True, tag="factory_cards_seen"):
    """«Фактория»: ``seat``'s character reached the Factory; it looks at the Factory cards
    ``cards`` (private to ``seat``)."""

    explains = ("/factory_cards",)

    seat: int
    cards: tuple[int, ...]


class FactoryCardTaken(Event, frozen=True, kw_only=True, tag="factory_card_taken"):
    """``seat`` kept Factory card ``card``; the others stay face down («МАКСИМУМ 1 КАРТА»)."""

    explains = ("/players/{seat}/factory_card", "/factory_cards", "/factory_cards_count")

    seat: int
    card: int


class StructureTileDrawn(Event, frozen=True, kw_only=True, tag="structure_tile_drawn"):
    """Setup: the structure bonus tile ``tile`` («Карта бонуса сооружений»)."""

    explains = ("/structure_tile",)

    tile: StructureBonusKind


class FactionsChanged(Event, frozen=True, kw_only=True, tag="factions_changed"):
    """Setup: the factions in play so far, by seat («Выбор фракции»)."""

    explains = ("/factions",)

    factions: tuple[FactionId, ...]


class MatsChanged(Event, frozen=True, kw_only=True, tag="mats_changed"):
    """Setup: the player mats dealt or chosen so far, by seat."""

    explains = ("/mats",)

    mats: tuple[MatId, ...]


class PiecesPlaced(Event, frozen=True, kw_only=True, tag="pieces_placed"):
    """Setup: every faction's pieces are on the board, tracks set and decks made («Стартовые
    карты и начальные позиции»); the view shows them all."""

    explains = (
        "/players",
        "/encounter_tokens",
        "/encounter_deck",
        "/combat_deck_size",
        "/objective_deck_size",
    )


class PlayStarted(Event, frozen=True, kw_only=True, tag="play_started"):
    """Setup is over: ``seat`` (the lowest player-mat number) plays first («Первый игрок»)."""

    explains = ("/phase", "/turn/seat")

    seat: int


ScytheEvent: TypeAlias = (
    CombatCardDrawn
    | CombatCardDrawnHidden
    | ObjectiveDealt
    | ObjectiveDealtHidden
    | FactoryCardsSetOut
    | CombatCardStolen
    | CombatCardStolenHidden
    | BattleRevealed
    | StarPlaced
    | WorkersSentHome
    | EncounterDrawn
    | ObjectiveRevealed
    | GameEnded
    | CoinsChanged
    | PowerChanged
    | PopularityChanged
    | CombatCardsChanged
    | CombatPilesChanged
    | UnitMoved
    | MechDeployed
    | WorkerPlaced
    | StructureBuilt
    | RecruitEnlisted
    | Upgraded
    | ResourcesChanged
    | EncounterTokenTaken
    | EncounterCardPutUnder
    | SectionChosen
    | TurnEnded
    | FactoryCardsSeen
    | FactoryCardTaken
    | StructureTileDrawn
    | FactionsChanged
    | MatsChanged
    | PiecesPlaced
    | PlayStarted
)


def redact(event: Event) -> Event | None:
    """The public form of a private event (``None``: the others see nothing of it)."""
    if isinstance(event, CombatCardsChanged):
        return (
            None
            if event.change == 0
            else msgspec.structs.replace(event, hand=None, visible_to=None)
        )
    if isinstance(event, CombatCardDrawn):
        return CombatCardDrawnHidden(seat=event.seat)
    if isinstance(event, ObjectiveDealt):
        return ObjectiveDealtHidden(seat=event.seat)
    if isinstance(event, CombatCardStolen):
        return CombatCardStolenHidden(seat=event.seat, victim=event.victim)
    return None
