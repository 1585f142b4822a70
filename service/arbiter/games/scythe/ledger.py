"""The changes of the table as events: what a step of the rules changed, and why.

The rules change the table in many places (a coin paid for Trade, a token taken onto a mech, a
worker sent home); the flow engine (:mod:`.flow`) hands this module the table before and after
each step -- the move applied, then each automatic step -- and :func:`record` reports every public
change as an event of :mod:`.events` carrying the new value and the ``reason`` (the action, bonus
or rule that made it). So no change goes unreported wherever it is made, and a client keeps its
view current from the events alone. The events the rules emit themselves (a battle revealed, a
star placed, a card drawn) say what happened beyond the change.

Hidden values stay hidden: a hand's values go only to its holder (:class:`.CombatCardsChanged`
is redacted for the others), the Factory cards only to the seat that looked at them; objective
cards are reported where they are dealt or revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.core import Event
from arbiter.games.scythe.board import combat_cards_shown
from arbiter.games.scythe.content import BOTTOM_ACTIONS
from arbiter.games.scythe.events import (
    CoinsChanged,
    CombatCardsChanged,
    CombatPilesChanged,
    EncounterCardPutUnder,
    EncounterTokenTaken,
    FactionsChanged,
    FactoryCardsSeen,
    FactoryCardTaken,
    MatsChanged,
    MechDeployed,
    PiecesPlaced,
    PlayStarted,
    PopularityChanged,
    PowerChanged,
    Reason,
    RecruitEnlisted,
    ResourcesChanged,
    SectionChosen,
    StructureBuilt,
    StructureTileDrawn,
    TurnEnded,
    UnitMoved,
    Upgraded,
    WorkerPlaced,
)
from arbiter.games.scythe.moves import GiveCoins
from arbiter.games.scythe.state import (
    NO_RESOURCES,
    AfterMove,
    AmountTask,
    Battle,
    Battles,
    BottomTask,
    EncounterTask,
    FactoryChoice,
    MoveTask,
    PlayerState,
    ProduceTask,
    RetreatTask,
    ScytheState,
    StarCheck,
    TargetTask,
)

State = ScytheState

_AMOUNT_REASONS: dict[str, Reason] = {
    "bolster": "bolster",
    "trade": "trade",
    "gain": "move_gain",
    "monument": "monument",
    "armory": "armory",
}


def reason(s: State, move: object = None) -> Reason:
    """Why what the next step changes changes: the nearest task on the stack that names a
    cause, else the section chosen this turn."""
    if isinstance(move, GiveCoins):
        return "bribe"
    if s.phase == "setup":
        return "setup"
    for task in reversed(s.pending):
        cause = _CAUSES.get(type(task))
        if cause is not None:
            return cause(task)
    section = s.turn.section
    if section is None:
        return "turn"
    return section


def _bottom_cause(task: BottomTask) -> Reason:
    return "recruit_bonus" if task.stage in ("recruits", "stars") else task.action


#: What each kind of pending task names as the cause of a change (the tasks are the leaves of
#: the ``Task`` union, so their type is the kind); a kind not here names none, and the one below
#: it is asked.
_CAUSES: dict[type, Callable[[Any], Reason]] = {
    AmountTask: lambda task: _AMOUNT_REASONS[task.source],
    EncounterTask: lambda task: "encounter",
    Battle: lambda task: "battle",
    Battles: lambda task: "battle",
    RetreatTask: lambda task: "battle",
    BottomTask: _bottom_cause,
    TargetTask: lambda task: task.action,
    ProduceTask: lambda task: "produce",
    MoveTask: lambda task: "move",
    AfterMove: lambda task: "move",
    FactoryChoice: lambda task: "factory",
    StarCheck: lambda task: "stars",
}


def record(before: State, after: State, why: Reason, events: list[Event]) -> None:
    """Append the events of every public change from ``before`` to ``after``."""
    if before is after:
        return
    # states share the members a step leaves alone: an identical member is unchanged
    if before.factions is not after.factions and before.factions != after.factions:
        events.append(FactionsChanged(factions=after.factions))
    if before.mats is not after.mats and before.mats != after.mats:
        events.append(MatsChanged(mats=after.mats))
    if before.structure_tile != after.structure_tile and after.structure_tile is not None:
        events.append(StructureTileDrawn(tile=after.structure_tile))
    if len(before.players) != len(after.players):
        events.append(PiecesPlaced())
    elif before.players is not after.players or before.pending is not after.pending:
        # without a battle on either side, the cards shown are the hand: only a new hand shows
        battles = _in_battle(before) or _in_battle(after)
        for seat, (p, q) in enumerate(zip(before.players, after.players, strict=True)):
            if p is not q:
                _player(seat, p, q, why, events)
            if battles or (p is not q and p.hand != q.hand):
                _combat_cards(before, after, seat, why, events)
    if before.resources is not after.resources:
        _resources(before, after, why, events)
    _board(before, after, why, events)
    _turn(before, after, events)


def _player(seat: int, p: PlayerState, q: PlayerState, why: Reason, events: list[Event]) -> None:
    if p.coins != q.coins:
        events.append(CoinsChanged(seat=seat, coins=q.coins, change=q.coins - p.coins, reason=why))
    if p.power != q.power:
        events.append(PowerChanged(seat=seat, power=q.power, change=q.power - p.power, reason=why))
    if p.popularity != q.popularity:
        change = q.popularity - p.popularity
        events.append(
            PopularityChanged(seat=seat, popularity=q.popularity, change=change, reason=why)
        )
    if p.character != q.character:
        events.append(
            UnitMoved(
                seat=seat, unit="character", index=0, origin=p.character, to=q.character, reason=why
            )
        )
    if p.mechs != q.mechs:
        for i, (a, b) in enumerate(zip(p.mechs, q.mechs, strict=False)):
            if a != b:
                events.append(
                    UnitMoved(seat=seat, unit="mech", index=i, origin=a, to=b, reason=why)
                )
        new = [m for m in q.mech_abilities if m not in p.mech_abilities]
        for i, at in enumerate(q.mechs[len(p.mechs) :], start=len(p.mechs)):
            mech = new.pop(0)
            events.append(MechDeployed(seat=seat, mech=mech, index=i, territory=at, reason=why))
    if p.workers != q.workers:
        for i, (a, b) in enumerate(zip(p.workers, q.workers, strict=False)):
            if a != b:
                events.append(
                    UnitMoved(seat=seat, unit="worker", index=i, origin=a, to=b, reason=why)
                )
        for i, at in enumerate(q.workers[len(p.workers) :], start=len(p.workers)):
            events.append(WorkerPlaced(seat=seat, index=i, territory=at, reason=why))
    for built in q.structures[len(p.structures) :]:
        events.append(
            StructureBuilt(
                seat=seat, structure=built.structure, territory=built.territory, reason=why
            )
        )
    for r in q.recruits[len(p.recruits) :]:
        events.append(RecruitEnlisted(seat=seat, action=r.action, bonus=r.bonus, reason=why))
    if p.covered != q.covered:
        to = next(a for a in BOTTOM_ACTIONS if p.covered.of(a) != q.covered.of(a))
        for c in q.cubes[len(p.cubes) :]:
            events.append(Upgraded(seat=seat, action=c.action, option=c.option, to=to, reason=why))
    if p.factory_card != q.factory_card and q.factory_card is not None:
        events.append(FactoryCardTaken(seat=seat, card=q.factory_card))


def _in_battle(s: State) -> bool:
    # a plain loop: asked at every step, of a stack of a task or two
    for task in s.pending:  # noqa: SIM110
        if isinstance(task, Battle):
            return True
    return False


def _combat_cards(before: State, after: State, seat: int, why: Reason, events: list[Event]) -> None:
    """The count of a seat's combat cards the table sees, and its hand for the seat itself."""
    hand = after.players[seat].hand
    shown = combat_cards_shown(after, seat)
    change = shown - combat_cards_shown(before, seat)
    if change or before.players[seat].hand != hand:
        events.append(
            CombatCardsChanged(
                seat=seat,
                combat_cards=shown,
                change=change,
                hand=hand,
                reason=why,
                visible_to=(seat,),
            )
        )


def _resources(before: State, after: State, why: Reason, events: list[Event]) -> None:
    a, b = before.resources, after.resources
    for territory in sorted(a.keys() | b.keys()):
        now = b.get(territory, NO_RESOURCES)
        if a.get(territory, NO_RESOURCES) != now:
            events.append(ResourcesChanged(territory=territory, resources=now, reason=why))


def _board(before: State, after: State, why: Reason, events: list[Event]) -> None:
    deck, discard = after.combat_deck, after.combat_discard
    if (before.combat_deck is not deck and before.combat_deck != deck) or (
        before.combat_discard is not discard and before.combat_discard != discard
    ):
        events.append(
            CombatPilesChanged(
                deck=sum(after.combat_deck), discard=after.combat_discard, reason=why
            )
        )
    tokens = after.encounter_tokens
    if (
        before.encounter_tokens is not tokens
        and before.encounter_tokens != tokens
        and before.players
    ):
        for territory in before.encounter_tokens:
            if territory not in after.encounter_tokens:
                events.append(EncounterTokenTaken(territory=territory))
    bottom = after.encounter_bottom
    if before.encounter_bottom is not bottom:
        put_under = len(bottom) - len(before.encounter_bottom)
        if put_under > 0 and before.encounter_bottom == bottom[:-put_under]:
            for card in bottom[-put_under:]:
                events.append(EncounterCardPutUnder(card=card))
    if after.factory_seen_by is not before.factory_seen_by:
        for seat in after.factory_seen_by:
            if seat not in before.factory_seen_by:
                events.append(
                    FactoryCardsSeen(seat=seat, cards=after.factory_cards, visible_to=(seat,))
                )


def _turn(before: State, after: State, events: list[Event]) -> None:
    if before.phase == "setup" and after.phase == "play":
        events.append(PlayStarted(seat=after.turn.seat))
        return
    if after.turns_taken != before.turns_taken:
        events.append(
            TurnEnded(
                seat=before.turn.seat,
                section=before.turn.section,
                next=after.turn.seat,
                turns_taken=after.turns_taken,
            )
        )
    elif after.turn.section != before.turn.section and after.turn.section is not None:
        events.append(SectionChosen(seat=after.turn.seat, section=after.turn.section))
