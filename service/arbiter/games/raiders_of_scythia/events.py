"""The events of Raiders of Scythia: what happened, and every change of the table it made.

Two kinds:

* *happenings* told in the rulebook's words -- a worker placed, dice rolled, a raid's strength and
  reward band, a crew member killed, a quest completed, a scheme card turned up, the end
  triggered -- emitted by the rules where they happen;
* *changes* (:func:`ledger`): after every move the state before and after are compared and each
  changed member of the table gets an event carrying its new value and the ``reason`` (the move
  or step that changed it), so a client keeps its view current from events alone. A hand change
  is shown to its owner; the other seats get its size (:func:`redact`).
"""

from __future__ import annotations

import operator
from typing import ClassVar, TypeAlias

from arbiter.core import Event
from arbiter.games.raiders_of_scythia.state import (
    Chief,
    Pair,
    Plunder,
    Raid,
    RaidersState,
    Slot,
    Space,
    Spot,
    Stock,
    Turn,
)
from arbiter.games.raiders_of_scythia.tables import Tables

# ------------------------------------------------------------------------------ happenings


class WorkerPlaced(Event, frozen=True, kw_only=True, tag="worker_placed"):
    """A seat placed its worker on a building («ДЕРЕВНЯ») or a settlement («НАБЕГ»)."""

    seat: int
    worker: str
    at: str


class WorkerPickedUp(Event, frozen=True, kw_only=True, tag="worker_picked_up"):
    """A seat picked up the worker on a building."""

    seat: int
    worker: str
    building: str


class ActionSkipped(Event, frozen=True, kw_only=True, tag="action_skipped"):
    """A seat did not use a building's action."""

    seat: int
    building: str


class DieRolled(Event, frozen=True, kw_only=True, tag="die_rolled"):
    """A die of the raid showed a face («БРОСОК КУБИКОВ»)."""

    seat: int
    die: int
    colour: str
    strength: int
    wounds: int


class RaidScored(Event, frozen=True, kw_only=True, tag="raid_scored"):
    """«СИЛА»: the raid's strength and its parts, the band's VP and wounds to place."""

    seat: int
    settlement: str
    strength: int
    kumis: int
    dice: int
    crew_and_animals: int
    abilities: int
    vp: int
    wounds: int


class CrewWounded(Event, frozen=True, kw_only=True, tag="crew_wounded"):
    """«РАНЕНИЯ»: a wound was placed on a crew member."""

    seat: int
    slot: int
    card: str


class CrewKilled(Event, frozen=True, kw_only=True, tag="crew_killed"):
    """A crew member at strength 0 took a wound and died («При гибели»)."""

    seat: int
    slot: int
    card: str


class AbilityUsed(Event, frozen=True, kw_only=True, tag="ability_used"):
    """A card's ability took effect (a crew ability in a raid, a Play ability, a hero's or an
    eagle's ability); ``doubled`` by a doubling eagle."""

    seat: int
    card: str
    ability: str
    doubled: bool = False


class QuestTurnedUp(Event, frozen=True, kw_only=True, tag="quest_turned_up"):
    """The quest under a raided space was turned face up."""

    space: str
    quest: str


class QuestCompleted(Event, frozen=True, kw_only=True, tag="quest_completed"):
    """A seat (or the chief, ``seat`` ``None``) completed or took a quest."""

    seat: int | None
    quest: str


class SchemeRevealed(Event, frozen=True, kw_only=True, tag="scheme_revealed"):
    """Solo: a scheme card was turned up for the chief."""

    scheme: str


class ChiefActed(Event, frozen=True, kw_only=True, tag="chief_acted"):
    """Solo: what the chief did (``raid``, ``quest``, ``provisions``, ``horse``, ``nothing``)."""

    action: str
    detail: str = ""


class EndTriggered(Event, frozen=True, kw_only=True, tag="end_triggered"):
    """«КОНЕЦ ИГРЫ»: two raid spaces or two quests are left; every player has one more turn."""

    raid_spaces: int
    quests: int
    turns_left: int


class DeckReshuffled(Event, frozen=True, kw_only=True, tag="deck_reshuffled"):
    """A deck ran out: its discard pile was shuffled into a new deck."""

    deck: str
    cards: int


# --------------------------------------------------------------------------------- changes


class _Change(Event, frozen=True, kw_only=True):
    reason: str


class VpChanged(_Change, frozen=True, kw_only=True, tag="vp_changed"):
    """A seat's victory points changed (``change`` may be negative: VP paid)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/vp",)
    seat: int
    vp: int
    change: int


class StockChanged(_Change, frozen=True, kw_only=True, tag="stock_changed"):
    """A seat's silver, provisions, kumis or plunder changed (``stock`` is the new amounts)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/stock",)
    seat: int
    stock: Stock


class WorkerChanged(_Change, frozen=True, kw_only=True, tag="worker_changed"):
    """The worker a seat holds (``None`` while it is placed and the next not yet taken)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/worker",)
    seat: int
    worker: str | None


class HeroChanged(_Change, frozen=True, kw_only=True, tag="hero_changed"):
    """A seat took its hero (setup)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/hero",)
    seat: int
    hero: str | None


class SlotChanged(_Change, frozen=True, kw_only=True, tag="slot_changed"):
    """A slot of a player board: its crew card, wounds, eagle and horse as they are now."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/slots/{slot}/crew",
        "/players/{seat}/slots/{slot}/wounds",
        "/players/{seat}/slots/{slot}/eagle",
        "/players/{seat}/slots/{slot}/horse",
    )
    seat: int
    slot: int
    now: Slot


class HandChanged(_Change, frozen=True, kw_only=True, tag="hand_changed"):
    """A seat's hand (shown to that seat only; the others see :class:`HandSizeChanged`)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/hand", "/players/{seat}/hand_size")
    seat: int
    hand: tuple[str, ...]


class HandSizeChanged(_Change, frozen=True, kw_only=True, tag="hand_size_changed"):
    """The size of another seat's hand (what the others see of :class:`HandChanged`)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/hand_size",)
    seat: int
    size: int


class SetAsideChanged(_Change, frozen=True, kw_only=True, tag="set_aside_changed"):
    """Setup: the cards a seat set aside from its deal (that seat only; others see the size)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/players/{seat}/set_aside",
        "/players/{seat}/set_aside_size",
    )
    seat: int
    cards: tuple[str, ...]


class SetAsideSizeChanged(_Change, frozen=True, kw_only=True, tag="set_aside_size_changed"):
    """How many cards another seat set aside (what the others see of :class:`SetAsideChanged`)."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/set_aside_size",)
    seat: int
    size: int


class QuestsChanged(_Change, frozen=True, kw_only=True, tag="quests_changed"):
    """The quests a seat completed."""

    explains: ClassVar[tuple[str, ...]] = ("/players/{seat}/quests",)
    seat: int
    quests: tuple[str, ...]


class ChiefChanged(_Change, frozen=True, kw_only=True, tag="chief_changed"):
    """Solo: the chief's VP, provisions, horses and quests as they are now."""

    explains: ClassVar[tuple[str, ...]] = (
        "/chief/level",
        "/chief/vp",
        "/chief/provisions",
        "/chief/horses",
        "/chief/quests",
    )
    chief: Chief


class VillageChanged(_Change, frozen=True, kw_only=True, tag="village_changed"):
    """The worker on a building of the village (``None``: free)."""

    explains: ClassVar[tuple[str, ...]] = ("/village/{building}",)
    building: str
    worker: str | None


class VillageQuestChanged(_Change, frozen=True, kw_only=True, tag="village_quest_changed"):
    """A quest space of the village (``None``: the quest was taken)."""

    explains: ClassVar[tuple[str, ...]] = ("/village_quests/{index}",)
    index: int
    quest: str | None


class SpaceChanged(_Change, frozen=True, kw_only=True, tag="space_changed"):
    """A raid space as it is now (``index`` in board order; ``space`` its id)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/spaces/{space}/in_use",
        "/spaces/{space}/raided",
        "/spaces/{space}/plunder",
        "/spaces/{space}/worker",
        "/spaces/{space}/hidden_quest",
        "/spaces/{space}/quest",
    )
    index: int
    space: str
    now: Space


class SpotsChanged(_Change, frozen=True, kw_only=True, tag="spots_changed"):
    """The workers left on a settlement's worker spots."""

    explains: ClassVar[tuple[str, ...]] = ("/spots/{settlement}",)
    index: int
    settlement: str
    spots: tuple[Spot, ...]


class PlunderChanged(_Change, frozen=True, kw_only=True, tag="plunder_changed"):
    """The plunder bag (setup only) and the plunder supply."""

    explains: ClassVar[tuple[str, ...]] = ("/bag", "/supply")
    bag: Plunder
    supply: Plunder


class CardsChanged(_Change, frozen=True, kw_only=True, tag="cards_changed"):
    """The animal display, the sizes of the decks and the discard piles as they are now."""

    explains: ClassVar[tuple[str, ...]] = (
        "/animal_display",
        "/animal_deck",
        "/animal_discard",
        "/crew_deck",
        "/crew_discard",
        "/hero_deck",
        "/pairs",
        "/quest_pool",
        "/scheme_deck",
        "/scheme_discard",
    )
    animal_display: tuple[str | None, ...]
    animal_deck: int
    animal_discard: tuple[str, ...]
    crew_deck: int
    crew_discard: tuple[str, ...]
    hero_deck: int
    pairs: tuple[Pair, ...]
    quest_pool: int
    scheme_deck: int
    scheme_discard: tuple[str, ...]


class TurnChanged(_Change, frozen=True, kw_only=True, tag="turn_changed"):
    """Whose turn it is, the phase, the turn count, the end countdown and this turn's record (the
    workers in the village when it began, the building placed on, abilities used, the building a
    scheme card blocks)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/phase",
        "/start_player",
        "/current",
        "/turns",
        "/final_turns",
        "/turn/start_workers",
        "/turn/placed",
        "/turn/hero_used",
        "/turn/eagles_used",
        "/turn/blocked",
    )
    phase: str
    start_player: int
    current: int
    turns: int
    final_turns: int | None
    turn: Turn


class RaidChanged(_Change, frozen=True, kw_only=True, tag="raid_changed"):
    """The raid under way as it is now (``None``: it is over)."""

    explains: ClassVar[tuple[str, ...]] = (
        "/raid/settlement",
        "/raid/worker",
        "/raid/kumis",
        "/raid/dice",
        "/raid/rerolls",
        "/raid/strength",
        "/raid/crew_strength",
        "/raid/ability_strength",
        "/raid/vp",
        "/raid/wounds",
        "/raid/wounded",
        "/raid/killed",
    )
    raid: Raid | None


RaidersEvent: TypeAlias = (
    WorkerPlaced
    | WorkerPickedUp
    | ActionSkipped
    | DieRolled
    | RaidScored
    | CrewWounded
    | CrewKilled
    | AbilityUsed
    | QuestTurnedUp
    | QuestCompleted
    | SchemeRevealed
    | ChiefActed
    | EndTriggered
    | DeckReshuffled
    | VpChanged
    | StockChanged
    | WorkerChanged
    | HeroChanged
    | SlotChanged
    | HandChanged
    | HandSizeChanged
    | SetAsideChanged
    | SetAsideSizeChanged
    | QuestsChanged
    | ChiefChanged
    | VillageChanged
    | VillageQuestChanged
    | SpaceChanged
    | SpotsChanged
    | PlunderChanged
    | CardsChanged
    | TurnChanged
    | RaidChanged
)


def redact(event: Event) -> Event | None:
    """What the other seats see of a private event: the new size only."""
    if isinstance(event, HandChanged):
        return HandSizeChanged(seat=event.seat, size=len(event.hand), reason=event.reason)
    if isinstance(event, SetAsideChanged):
        return SetAsideSizeChanged(seat=event.seat, size=len(event.cards), reason=event.reason)
    return None


_CARD_FIELDS = (
    "animal_display",
    "animal_deck",
    "animal_discard",
    "crew_deck",
    "crew_discard",
    "hero_deck",
    "pairs",
    "quest_pool",
    "scheme_deck",
    "scheme_discard",
)
_TURN_FIELDS = ("phase", "start_player", "current", "turns", "final_turns", "turn")
# members read as one tuple: tuples compare their items by identity first, and states share
# the members a step leaves alone
_cards = operator.attrgetter(*_CARD_FIELDS)
_turn = operator.attrgetter(*_TURN_FIELDS)


def ledger(a: RaidersState, b: RaidersState, reason: str, t: Tables) -> list[Event]:
    """An event for each member of the table that differs between ``a`` and ``b``."""
    ev: list[Event] = []
    # states share the members a step leaves alone: an identical member is unchanged
    same_players = a.players is b.players
    for seat, (p, q) in enumerate(() if same_players else zip(a.players, b.players, strict=True)):
        if p is q:
            continue
        if p.vp != q.vp:
            ev.append(VpChanged(seat=seat, vp=q.vp, change=q.vp - p.vp, reason=reason))
        if p.stock != q.stock:
            ev.append(StockChanged(seat=seat, stock=q.stock, reason=reason))
        if p.worker != q.worker:
            ev.append(WorkerChanged(seat=seat, worker=q.worker, reason=reason))
        if p.hero != q.hero:
            ev.append(HeroChanged(seat=seat, hero=q.hero, reason=reason))
        if p.slots is not q.slots:
            for i, (x, y) in enumerate(zip(p.slots, q.slots, strict=True)):
                if x is not y and x != y:
                    ev.append(SlotChanged(seat=seat, slot=i, now=y, reason=reason))
        if p.hand != q.hand:
            ev.append(HandChanged(seat=seat, hand=q.hand, reason=reason, visible_to=(seat,)))
        if p.set_aside != q.set_aside:
            ev.append(
                SetAsideChanged(seat=seat, cards=q.set_aside, reason=reason, visible_to=(seat,))
            )
        if p.quests != q.quests:
            ev.append(QuestsChanged(seat=seat, quests=q.quests, reason=reason))
    if a.chief is not b.chief and a.chief != b.chief and b.chief is not None:
        ev.append(ChiefChanged(chief=b.chief, reason=reason))
    if a.village is not b.village and a.village != b.village:
        for building in a.village.__struct_fields__:
            if getattr(a.village, building) != getattr(b.village, building):
                worker = getattr(b.village, building)
                ev.append(VillageChanged(building=building, worker=worker, reason=reason))
    if a.village_quests is not b.village_quests:
        for i, (qa, qb) in enumerate(zip(a.village_quests, b.village_quests, strict=True)):
            if qa != qb:
                ev.append(VillageQuestChanged(index=i, quest=qb, reason=reason))
    if a.spaces is not b.spaces:
        for i, (sx, sy) in enumerate(zip(a.spaces, b.spaces, strict=True)):
            if sx is not sy and sx != sy:
                ev.append(SpaceChanged(index=i, space=t.spaces[i].id, now=sy, reason=reason))
    if a.spots is not b.spots:
        for i, (tx, ty) in enumerate(zip(a.spots, b.spots, strict=True)):
            if tx is not ty and tx != ty:
                ev.append(
                    SpotsChanged(index=i, settlement=t.settlements[i].id, spots=ty, reason=reason)
                )
    if (a.bag is not b.bag or a.supply is not b.supply) and (a.bag, a.supply) != (b.bag, b.supply):
        ev.append(PlunderChanged(bag=b.bag, supply=b.supply, reason=reason))
    if _cards(a) != _cards(b):
        ev.append(
            CardsChanged(
                animal_display=b.animal_display,
                animal_deck=len(b.animal_deck),
                animal_discard=b.animal_discard,
                crew_deck=len(b.crew_deck),
                crew_discard=b.crew_discard,
                hero_deck=len(b.hero_deck),
                pairs=b.pairs,
                quest_pool=len(b.quest_pool),
                scheme_deck=len(b.scheme_deck),
                scheme_discard=b.scheme_discard,
                reason=reason,
            )
        )
    if _turn(a) != _turn(b):
        ev.append(
            TurnChanged(
                phase=b.phase,
                start_player=b.start_player,
                current=b.current,
                turns=b.turns,
                final_turns=b.final_turns,
                turn=b.turn,
                reason=reason,
            )
        )
    if a.raid is not b.raid and a.raid != b.raid:
        ev.append(RaidChanged(raid=b.raid, reason=reason))
    return ev
