"""The moves of Raiders of Scythia: a tagged union on ``type``.

A player's move names its ``seat``; chance outcomes (:class:`DrawCard`, :class:`PlacePlunder`,
:class:`StartPlayer`, :class:`RollDie`) name none. Every decision of a turn is one small move: the
building, then each choice of its action, then the pick-up (rulebook «ХОД ИГРЫ»).
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypeAlias

from arbiter.core import Move
from arbiter.games.raiders_of_scythia.content import Building, DieColour, PlunderKind
from arbiter.games.raiders_of_scythia.state import CardId, Count, DeckName, Seat, SlotIndex


class _M(Move, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


# ------------------------------------------------------------------------------ chance


class DrawCard(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_card"):
    """Chance: ``card`` is the card drawn from ``deck``."""

    deck: DeckName
    card: CardId


class PlacePlunder(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="place_plunder"):
    """Chance (setup step 4): a plunder token of ``kind`` drawn from the bag onto the raid space."""

    kind: PlunderKind


class StartPlayer(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="start_player"):
    """Chance (setup step 14): seat ``first`` is the first player."""

    first: Seat


class RollDie(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="roll_die"):
    """Chance: the die shows a face of ``strength`` and ``wounds`` (a blank face: 0 and 0)."""

    colour: DieColour
    strength: Count = 0
    wounds: Count = 0


# ------------------------------------------------------------------------------- setup


class TakePair(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_pair"):
    """Setup step 14: take the pair of ``hero`` and the crew card beside it."""

    seat: Seat
    hero: CardId


class DiscardDealt(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_dealt"):
    """Setup step 17: discard ``card``, one of the 5 dealt (2 go, 3 stay)."""

    seat: Seat
    card: CardId


# ------------------------------------------------------------------------------ a turn


class Work(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="work"):
    """«ДЕРЕВНЯ»: place your worker on the free ``building``."""

    seat: Seat
    building: Building


class Raid(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="raid"):
    """«НАБЕГ»: raid ``settlement`` (your worker goes on its next worker spot for good; pay its
    provisions and wagons)."""

    seat: Seat
    settlement: CardId


class PickUp(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="pick_up"):
    """«ДЕРЕВНЯ»: pick up the worker on ``building`` (one that was there when the turn began)."""

    seat: Seat
    building: Building


class Skip(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="skip"):
    """Do not use the building's action («Действия зданий выполнять не обязательно»)."""

    seat: Seat


# ------------------------------------------------------------------------------ buildings


class TakeEagle(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_eagle"):
    """«КОНЮШНЯ»: pay 2 silver for the display's ``card`` as an eagle."""

    seat: Seat
    card: CardId


class TakeHorse(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_horse"):
    """«КОНЮШНЯ»: pay 1 equipment for the display's ``card`` as a horse."""

    seat: Seat
    card: CardId


class PutAnimal(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="put_animal"):
    """Slide the animal taken at ``slot`` (replacing the animal of that kind there, if any)."""

    seat: Seat
    slot: SlotIndex


class Hire(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hire"):
    """«КАЗАРМА»: hire ``card`` from your hand, paying its cost in silver."""

    seat: Seat
    card: CardId


class HireInto(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hire_into"):
    """Put the hired card into ``slot`` (an occupied slot's crew card is discarded; its animals
    stay)."""

    seat: Seat
    slot: SlotIndex


class Heal(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="heal"):
    """«КАЗАРМА»: spend 1 kumis to remove 2 wounds from your crew."""

    seat: Seat


class HealWound(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="heal_wound"):
    """Remove a wound from the crew member in ``slot``."""

    seat: Seat
    slot: SlotIndex


class TakeSilver(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_silver"):
    """«МОНЕТНАЯ МАСТЕРСКАЯ»: 3 silver with a blue worker, 2 with a grey or red one."""

    seat: Seat


class TakeProvisions(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_provisions"
):
    """«ФЕРМА»: 2 provisions with a blue or grey worker, 3 with a red one."""

    seat: Seat


class TakeWagon(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_wagon"):
    """«ФЕРМА»: 1 wagon instead, with a red worker."""

    seat: Seat


class TradeLivestock(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="trade_livestock"
):
    """«ШАТЁР ВОЖДЯ»: spend 1 livestock for 2 provisions and 1 kumis."""

    seat: Seat


class CompleteQuest(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="complete_quest"
):
    """«ШАТЁР ВОЖДЯ»: complete the face-up ``quest``, paying its cost."""

    seat: Seat
    quest: CardId


class DiscardForQuest(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_for_quest"
):
    """Discard ``card`` from your hand towards the quest's strength."""

    seat: Seat
    card: CardId


class PlayCard(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="play_card"):
    """«ЦЕНТР»: discard ``card`` from your hand and do its Play ability."""

    seat: Seat
    card: CardId


class HeroAbility(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="hero_ability"):
    """«ЦЕНТР»: use your hero's ability (once a turn)."""

    seat: Seat


class EagleAbility(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="eagle_ability"):
    """«ЦЕНТР»: use the eagle above ``slot``: the Play ability of the crew member it is equipped
    to, which stays hired (once a turn per eagle)."""

    seat: Seat
    slot: SlotIndex


class UseBuilding(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="use_building"):
    """A card's «Выполнить действие здания»: use ``building``'s action."""

    seat: Seat
    building: Building


class ReturnEagle(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="return_eagle"):
    """Return the eagle above ``slot`` to the animal display (to take a horse instead)."""

    seat: Seat
    slot: SlotIndex


class TakeSwapHorse(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_swap_horse"
):
    """Take the display's ``card`` as a horse in exchange for the eagle returned."""

    seat: Seat
    card: CardId


class SwapCrew(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="swap_crew"):
    """Swap the crew member in ``slot`` (to your hand, its wounds removed) with ``card`` from your
    hand."""

    seat: Seat
    slot: SlotIndex
    card: CardId


class DrawTwo(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_two"):
    """«ОБЩИЙ ШАТЁР»: draw 2 crew cards."""

    seat: Seat


class DrawOneAndKumis(
    _M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="draw_one_and_kumis"
):
    """«ОБЩИЙ ШАТЁР»: draw 1 crew card and take 2 kumis."""

    seat: Seat


class SellOne(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sell_one"):
    """«БАЗАР»: discard 1 card from your hand for 2 silver."""

    seat: Seat


class SellTwo(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sell_two"):
    """«БАЗАР»: discard 2 cards from your hand for 1 wagon or 1 equipment."""

    seat: Seat
    reward: Literal["wagons", "equipment"]


class SellCard(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="sell_card"):
    """Discard ``card`` at the Market."""

    seat: Seat
    card: CardId


# ---------------------------------------------------------------------------------- raids


class SpendKumis(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="spend_kumis"):
    """«НАБЕГ» step 3: spend ``kumis`` kumis, +1 strength each for this raid."""

    ranged: ClassVar[str | None] = "kumis"

    seat: Seat
    kumis: Count


class Reroll(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="reroll"):
    """A reroll ability: roll die ``die`` of the raid again."""

    seat: Seat
    die: Count


class KeepDice(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="keep_dice"):
    """Keep the dice as they are (no more rerolls)."""

    seat: Seat


class Wound(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="wound"):
    """«РАНЕНИЯ»: place a wound on the crew member in ``slot`` (at strength 0 it dies)."""

    seat: Seat
    slot: SlotIndex


class TakeSpace(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="take_space"):
    """«НАБЕГ» step 5: take the plunder and the worker of raid space ``space``."""

    seat: Seat
    space: CardId


class DiscardCard(_M, frozen=True, kw_only=True, forbid_unknown_fields=True, tag="discard_card"):
    """«не более 8 карт на руке»: discard ``card`` at the end of your turn."""

    seat: Seat
    card: CardId


RaidersMove: TypeAlias = (
    DrawCard
    | PlacePlunder
    | StartPlayer
    | RollDie
    | TakePair
    | DiscardDealt
    | Work
    | Raid
    | PickUp
    | Skip
    | TakeEagle
    | TakeHorse
    | PutAnimal
    | Hire
    | HireInto
    | Heal
    | HealWound
    | TakeSilver
    | TakeProvisions
    | TakeWagon
    | TradeLivestock
    | CompleteQuest
    | DiscardForQuest
    | PlayCard
    | HeroAbility
    | EagleAbility
    | UseBuilding
    | ReturnEagle
    | TakeSwapHorse
    | SwapCrew
    | DrawTwo
    | DrawOneAndKumis
    | SellOne
    | SellTwo
    | SellCard
    | SpendKumis
    | Reroll
    | KeepDice
    | Wound
    | TakeSpace
    | DiscardCard
)
