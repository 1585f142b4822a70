"""What happened while a move was applied. Private events carry ``visible_to``; :func:`redact`
gives the form other seats see."""

from __future__ import annotations

from typing import TypeAlias

from arbiter.core import Event
from arbiter.games.scythe.content import TriumphGoal


class CombatCardDrawn(Event, frozen=True, kw_only=True, tag="combat_card_drawn"):
    """``seat`` drew a combat card (its value is private)."""

    seat: int
    value: int


class CombatCardDrawnHidden(Event, frozen=True, kw_only=True, tag="combat_card_drawn_hidden"):
    """The other seats' form of :class:`CombatCardDrawn`: ``seat`` drew a combat card (how
    many is public, which is not)."""

    seat: int


class ObjectiveDealt(Event, frozen=True, kw_only=True, tag="objective_dealt"):
    """``seat`` was dealt objective card ``card`` (private: «Не показывайте их соперникам»)."""

    seat: int
    card: int


class ObjectiveDealtHidden(Event, frozen=True, kw_only=True, tag="objective_dealt_hidden"):
    """The other seats' form of :class:`ObjectiveDealt`: ``seat`` was dealt an objective card."""

    seat: int


class FactoryCardsSetOut(Event, frozen=True, kw_only=True, tag="factory_card_set_out"):
    """A Factory card is set out face down (nobody sees which)."""


class CombatCardStolen(Event, frozen=True, kw_only=True, tag="combat_card_stolen"):
    """Scout: ``seat`` took a card of ``value`` from ``victim`` (seen by both)."""

    seat: int
    victim: int
    value: int


class CombatCardStolenHidden(Event, frozen=True, kw_only=True, tag="combat_card_stolen_hidden"):
    """The other seats' form of :class:`CombatCardStolen`: ``seat`` took one of ``victim``'s
    combat cards."""

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

    seat: int
    goal: TriumphGoal


class WorkersSentHome(Event, frozen=True, kw_only=True, tag="workers_sent_home"):
    """``workers`` of ``seat``'s workers on ``territory`` went back to its home base (an
    opponent's character or mech moved in, or ``seat`` lost the battle there)."""

    seat: int
    territory: str
    workers: int


class EncounterDrawn(Event, frozen=True, kw_only=True, tag="encounter_drawn"):
    """``seat``'s character drew encounter card ``card`` («Покажите карту всем игрокам»)."""

    seat: int
    card: int


class ObjectiveRevealed(Event, frozen=True, kw_only=True, tag="objective_revealed"):
    """``seat`` revealed its completed objective card ``card`` («Цели»)."""

    seat: int
    card: int


class GameEnded(Event, frozen=True, kw_only=True, tag="game_ended"):
    """A sixth star was placed: the game is over at once."""

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
)


def redact(event: Event) -> Event | None:
    """The public form of a private event."""
    if isinstance(event, CombatCardDrawn):
        return CombatCardDrawnHidden(seat=event.seat)
    if isinstance(event, ObjectiveDealt):
        return ObjectiveDealtHidden(seat=event.seat)
    if isinstance(event, CombatCardStolen):
        return CombatCardStolenHidden(seat=event.seat, victim=event.victim)
    return None
