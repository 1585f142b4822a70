"""The eight buildings of the Scythian village (rulebook pp. 11-14) and their sub-decisions.

Each building's action is optional («Действия зданий выполнять не обязательно»); its rewards
depend on the colour of the worker placed there or picked up from there (Silversmith, Farm), and
Stables and the Chief's Tent take no blue worker. Rulings where the text is silent (spec §5):

* **Barracks, hiring** (Q4): the card goes into any of the 5 slots; into an occupied one, the old
  crew member is discarded with its wounds, its animals stay («чтобы положить на её место»).
* **Barracks, healing** (Q3; RU «убрать 2», PL «do 2»): exactly 1 kumis removes up to 2 wounds,
  legal with a single wound; the player picks the crew member for each.
* **Stables** (Q5): the new animal goes above (eagle) or below (horse) any slot; where that slot
  has one of the kind, the old card goes to the animal discard pile. The display is refilled at
  once («сразу должен раскрыть новую карту»).
* **Chief's Tent, strength quests** (Q25): cards are discarded one at a time until their printed
  strengths reach the quest's; only a hand whose whole strength reaches it may start.
* **Town Centre**: a played card is discarded first, then its effect done (Q21); a hero's and
  each eagle's ability at most once a turn («нельзя использовать дважды за 1 ход»).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from arbiter.core import Event
from arbiter.games.raiders_of_scythia import effects
from arbiter.games.raiders_of_scythia.common import (
    State,
    add_stock,
    pop,
    push,
    replace_top,
    update,
    with_slot,
    without,
)
from arbiter.games.raiders_of_scythia.content import BUILDINGS, Building, Colour, Items
from arbiter.games.raiders_of_scythia.events import AbilityUsed, QuestCompleted
from arbiter.games.raiders_of_scythia.moves import (
    CompleteQuest,
    DiscardForQuest,
    DrawOneAndKumis,
    DrawTwo,
    EagleAbility,
    Heal,
    HealWound,
    HeroAbility,
    Hire,
    HireInto,
    PlayCard,
    PutAnimal,
    ReturnEagle,
    SellCard,
    SellOne,
    SellTwo,
    Skip,
    SwapCrew,
    TakeEagle,
    TakeHorse,
    TakeProvisions,
    TakeSilver,
    TakeSwapHorse,
    TakeWagon,
    TradeLivestock,
    UseBuilding,
)
from arbiter.games.raiders_of_scythia.state import (
    SLOTS,
    BuildingAction,
    ChooseBuilding,
    ChooseHireSlot,
    ChooseSwapCrew,
    ChooseSwapHorse,
    Draw,
    HealWounds,
    PayQuest,
    PlaceAnimal,
    SellCards,
)
from arbiter.games.raiders_of_scythia.state import ReturnEagle as ReturnEagleTask
from arbiter.games.raiders_of_scythia.tables import Tables

#: Buildings a blue worker may not be placed on («только серых и красных рабочих»).
GREY_OR_RED_ONLY: frozenset[Building] = frozenset({"stables", "chiefs_tent"})
EAGLE_PRICE = 2  # silver
HORSE_PRICE = 1  # equipment


def allows(building: Building, worker: Colour) -> bool:
    """Whether a worker of this colour may be placed on (or use) ``building``."""
    return worker != "blue" or building not in GREY_OR_RED_ONLY


def silver_of(worker: Colour) -> int:
    """«МОНЕТНАЯ МАСТЕРСКАЯ»: 3 silver for blue, 2 for grey or red."""
    return 3 if worker == "blue" else 2


def provisions_of(worker: Colour) -> int:
    """«ФЕРМА»: 2 provisions for blue or grey, 3 for red."""
    return 3 if worker == "red" else 2


# ------------------------------------------------------------------------------ quests


def face_up_quests(s: State) -> list[str]:
    """Every face-up quest on the board, village first («их расположение на поле не имеет
    значения»)."""
    found = [q for q in s.village_quests if q is not None]
    found.extend(sp.quest for sp in s.spaces if sp.quest is not None)
    return found


def hand_strength(t: Tables, cards: tuple[str, ...]) -> int:
    return sum(t.card_strength(c) for c in cards)


def can_complete(s: State, t: Tables, seat: int, quest: str) -> bool:
    q = t.quests[quest]
    p = s.players[seat]
    if q.cost is not None:
        return effects.can_pay(p, q.cost)
    assert q.discard_strength is not None
    return hand_strength(t, p.hand) >= q.discard_strength


def take_quest(s: State, seat: int | None, quest: str) -> State:
    """Remove ``quest`` from the board; it goes to ``seat`` (``None``: the chief)."""
    vq = tuple(None if q == quest else q for q in s.village_quests)
    spaces = tuple(
        msgspec.structs.replace(sp, quest=None) if sp.quest == quest else sp for sp in s.spaces
    )
    s = msgspec.structs.replace(s, village_quests=vq, spaces=spaces)
    if seat is None:
        assert s.chief is not None
        chief = msgspec.structs.replace(s.chief, quests=(*s.chief.quests, quest))
        return msgspec.structs.replace(s, chief=chief)
    return update(s, seat, quests=(*s.players[seat].quests, quest))


# -------------------------------------------------------------------------- legal moves


def _play_moves(s: State, t: Tables, seat: int) -> list[Any]:
    """«ЦЕНТР»: a card from the hand, the hero's ability, an enabling eagle's."""
    p = s.players[seat]
    out: list[Any] = []
    for card in dict.fromkeys(p.hand):
        play = t.crew[card].play
        if play is not None and effects.playable(s, seat, play, len(p.hand) - 1):
            out.append(PlayCard(seat=seat, card=card))
    hero = p.hero
    ready = hero is not None and not s.turn.hero_used
    if (
        ready
        and hero is not None
        and effects.playable(s, seat, t.heroes[hero].ability, len(p.hand))
    ):
        out.append(HeroAbility(seat=seat))
    for i, slot in enumerate(p.slots):
        if slot.eagle is None or slot.crew is None or i in s.turn.eagles_used:
            continue
        play = t.crew[slot.crew].play
        if t.animals[slot.eagle].eagle.kind != "enable" or play is None:
            continue
        if effects.playable(s, seat, play, len(p.hand)):
            out.append(EagleAbility(seat=seat, slot=i))
    return out


def action_moves(s: State, t: Tables, task: BuildingAction) -> list[Any]:
    """The options of a building's action, and :class:`~.moves.Skip`."""
    seat, worker = task.seat, task.worker
    p = s.players[seat]
    b = task.building
    out: list[Any] = []
    if b == "stables":
        shown = [c for c in dict.fromkeys(s.animal_display) if c is not None]
        if p.stock.silver >= EAGLE_PRICE:
            out.extend(TakeEagle(seat=seat, card=c) for c in shown)
        if p.stock.equipment >= HORSE_PRICE:
            out.extend(TakeHorse(seat=seat, card=c) for c in shown)
    elif b == "barracks":
        out.extend(
            Hire(seat=seat, card=c)
            for c in dict.fromkeys(p.hand)
            if t.crew[c].cost <= p.stock.silver
        )
        if p.stock.kumis >= 1 and effects.wounds_of(p):
            out.append(Heal(seat=seat))
    elif b == "silversmith":
        out.append(TakeSilver(seat=seat))
    elif b == "farm":
        out.append(TakeProvisions(seat=seat))
        if worker == "red" and s.supply.wagons:
            out.append(TakeWagon(seat=seat))
    elif b == "chiefs_tent":
        if p.stock.livestock:
            out.append(TradeLivestock(seat=seat))
        out.extend(
            CompleteQuest(seat=seat, quest=q)
            for q in face_up_quests(s)
            if can_complete(s, t, seat, q)
        )
    elif b == "town_centre":
        out.extend(_play_moves(s, t, seat))
    elif b == "meeting_tent":
        out.append(DrawTwo(seat=seat))
        out.append(DrawOneAndKumis(seat=seat))
    else:
        assert b == "market"
        if p.hand:
            out.append(SellOne(seat=seat))
        if len(p.hand) >= 2:
            out.extend(
                SellTwo(seat=seat, reward=r)
                for r in ("wagons", "equipment")
                if getattr(s.supply, r)
            )
    out.append(Skip(seat=seat))
    return out


def sub_moves(s: State, t: Tables, task: Any) -> list[Any] | None:
    """The moves of a building's sub-decision; ``None`` if ``task`` is none of them."""
    if isinstance(task, PlaceAnimal):
        return [PutAnimal(seat=task.seat, slot=i) for i in range(SLOTS)]
    if isinstance(task, ChooseHireSlot):
        return [HireInto(seat=task.seat, slot=i) for i in range(SLOTS)]
    if isinstance(task, HealWounds):
        slots = s.players[task.seat].slots
        return [HealWound(seat=task.seat, slot=i) for i, sl in enumerate(slots) if sl.wounds]
    if isinstance(task, PayQuest):
        hand = s.players[task.seat].hand
        return [DiscardForQuest(seat=task.seat, card=c) for c in dict.fromkeys(hand)]
    if isinstance(task, SellCards):
        hand = s.players[task.seat].hand
        return [SellCard(seat=task.seat, card=c) for c in dict.fromkeys(hand)]
    if isinstance(task, ChooseBuilding):
        return [
            UseBuilding(seat=task.seat, building=b) for b in BUILDINGS if allows(b, task.worker)
        ]
    if isinstance(task, ReturnEagleTask):
        slots = s.players[task.seat].slots
        return [ReturnEagle(seat=task.seat, slot=i) for i, sl in enumerate(slots) if sl.eagle]
    if isinstance(task, ChooseSwapHorse):
        shown = [c for c in dict.fromkeys(s.animal_display) if c is not None and c != task.returned]
        return [TakeSwapHorse(seat=task.seat, card=c) for c in shown]
    if isinstance(task, ChooseSwapCrew):
        p = s.players[task.seat]
        return [
            SwapCrew(seat=task.seat, slot=i, card=c)
            for i, sl in enumerate(p.slots)
            if sl.crew is not None
            for c in dict.fromkeys(p.hand)
        ]
    return None


# ------------------------------------------------------------------------------- perform


def _discard_crew(s: State, cards: tuple[str, ...]) -> State:
    return msgspec.structs.replace(s, crew_discard=(*s.crew_discard, *cards))


def _from_display(s: State, card: str) -> tuple[State, int]:
    i = s.animal_display.index(card)
    display = list(s.animal_display)
    display[i] = None
    return msgspec.structs.replace(s, animal_display=tuple(display)), i


def _refill(s: State, index: int) -> State:
    """Turn up a new animal card at display position ``index`` (a chance decision)."""
    return push(s, Draw(deck="animals", to="display", index=index))


def _play(
    s: State, t: Tables, seat: int, effect: Any, card: str, ability: str, ev: list[Event]
) -> State:
    task = s.pending[-1]
    assert isinstance(task, BuildingAction)
    ev.append(AbilityUsed(seat=seat, card=card, ability=ability))
    s = pop(s)
    return effects.resolve(s, seat, effect, task.worker)


def perform(s: State, t: Tables, move: Any, ev: list[Event]) -> State | None:
    """Apply a building move; ``None`` if ``move`` is no building move."""
    seat: int = getattr(move, "seat", -1)
    if isinstance(move, (TakeEagle, TakeHorse)):
        s = pop(s)
        half: Literal["eagle", "horse"] = "eagle" if isinstance(move, TakeEagle) else "horse"
        p = s.players[seat]
        if half == "eagle":
            s = update(s, seat, stock=add_stock(p.stock, silver=-EAGLE_PRICE))
        else:
            s = effects.pay(s, seat, Items(equipment=HORSE_PRICE))
        s, index = _from_display(s, move.card)
        s = push(s, PlaceAnimal(seat=seat, card=move.card, half=half))
        return _refill(s, index)
    if isinstance(move, PutAnimal):
        task = s.pending[-1]
        assert isinstance(task, PlaceAnimal)
        s = pop(s)
        p = s.players[seat]
        slot = p.slots[move.slot]
        old = getattr(slot, task.half)
        slot = msgspec.structs.replace(slot, **{task.half: task.card})
        s = update(s, seat, slots=with_slot(p, move.slot, slot).slots)
        if old is not None:
            s = msgspec.structs.replace(s, animal_discard=(*s.animal_discard, old))
        return s
    if isinstance(move, Hire):
        p = s.players[seat]
        s = pop(s)
        cost = t.crew[move.card].cost
        s = update(s, seat, stock=add_stock(p.stock, silver=-cost), hand=without(p.hand, move.card))
        return push(s, ChooseHireSlot(seat=seat, card=move.card))
    if isinstance(move, HireInto):
        task = s.pending[-1]
        assert isinstance(task, ChooseHireSlot)
        s = pop(s)
        p = s.players[seat]
        slot = p.slots[move.slot]
        if slot.crew is not None:
            s = _discard_crew(s, (slot.crew,))
        new = msgspec.structs.replace(slot, crew=task.card, wounds=0)
        return update(s, seat, slots=with_slot(p, move.slot, new).slots)
    if isinstance(move, Heal):
        p = s.players[seat]
        s = pop(s)
        s = update(s, seat, stock=add_stock(p.stock, kumis=-1))
        return push(s, HealWounds(seat=seat, left=min(2, effects.wounds_of(p))))
    if isinstance(move, HealWound):
        task = s.pending[-1]
        assert isinstance(task, HealWounds)
        p = s.players[seat]
        slot = p.slots[move.slot]
        s = update(
            s,
            seat,
            slots=with_slot(
                p, move.slot, msgspec.structs.replace(slot, wounds=slot.wounds - 1)
            ).slots,
        )
        left = min(task.left - 1, effects.wounds_of(s.players[seat]))
        return replace_top(s, msgspec.structs.replace(task, left=left)) if left else pop(s)
    if isinstance(move, TakeSilver):
        task = s.pending[-1]
        assert isinstance(task, BuildingAction)
        return effects.gain(pop(s), seat, Items(silver=silver_of(task.worker)))
    if isinstance(move, TakeProvisions):
        task = s.pending[-1]
        assert isinstance(task, BuildingAction)
        return effects.gain(pop(s), seat, Items(provisions=provisions_of(task.worker)))
    if isinstance(move, TakeWagon):
        return effects.gain(pop(s), seat, Items(wagons=1))
    if isinstance(move, TradeLivestock):
        s = effects.pay(pop(s), seat, Items(livestock=1))
        return effects.gain(s, seat, Items(provisions=2, kumis=1))
    if isinstance(move, CompleteQuest):
        s = pop(s)
        q = t.quests[move.quest]
        if q.cost is not None:
            s = effects.pay(s, seat, q.cost)
            ev.append(QuestCompleted(seat=seat, quest=move.quest))
            return take_quest(s, seat, move.quest)
        assert q.discard_strength is not None
        return push(s, PayQuest(seat=seat, quest=move.quest, need=q.discard_strength))
    if isinstance(move, DiscardForQuest):
        task = s.pending[-1]
        assert isinstance(task, PayQuest)
        p = s.players[seat]
        s = _discard_crew(update(s, seat, hand=without(p.hand, move.card)), (move.card,))
        paid = task.paid + t.card_strength(move.card)
        if paid < task.need:
            return replace_top(s, msgspec.structs.replace(task, paid=paid))
        ev.append(QuestCompleted(seat=seat, quest=task.quest))
        return take_quest(pop(s), seat, task.quest)
    if isinstance(move, PlayCard):
        p = s.players[seat]
        s = _discard_crew(update(s, seat, hand=without(p.hand, move.card)), (move.card,))
        play = t.crew[move.card].play
        return _play(s, t, seat, play, move.card, "play", ev)
    if isinstance(move, HeroAbility):
        hero = s.players[seat].hero
        assert hero is not None
        s = msgspec.structs.replace(s, turn=msgspec.structs.replace(s.turn, hero_used=True))
        return _play(s, t, seat, t.heroes[hero].ability, hero, "hero", ev)
    if isinstance(move, EagleAbility):
        slot = s.players[seat].slots[move.slot]
        assert slot.crew is not None
        turn = msgspec.structs.replace(s.turn, eagles_used=(*s.turn.eagles_used, move.slot))
        s = msgspec.structs.replace(s, turn=turn)
        return _play(s, t, seat, t.crew[slot.crew].play, slot.crew, "eagle", ev)
    if isinstance(move, UseBuilding):
        task = s.pending[-1]
        assert isinstance(task, ChooseBuilding)
        s = pop(s)
        return push(
            s,
            BuildingAction(seat=seat, building=move.building, worker=task.worker, source="effect"),
        )
    if isinstance(move, ReturnEagle):
        s = pop(s)
        p = s.players[seat]
        slot = p.slots[move.slot]
        assert slot.eagle is not None
        s = update(
            s, seat, slots=with_slot(p, move.slot, msgspec.structs.replace(slot, eagle=None)).slots
        )
        return push(s, ChooseSwapHorse(seat=seat, returned=slot.eagle))
    if isinstance(move, TakeSwapHorse):
        task = s.pending[-1]
        assert isinstance(task, ChooseSwapHorse)
        s = pop(s)
        i = s.animal_display.index(move.card)
        display = list(s.animal_display)
        display[i] = task.returned
        s = msgspec.structs.replace(s, animal_display=tuple(display))
        return push(s, PlaceAnimal(seat=seat, card=move.card, half="horse"))
    if isinstance(move, SwapCrew):
        s = pop(s)
        p = s.players[seat]
        slot = p.slots[move.slot]
        assert slot.crew is not None
        hand = (*without(p.hand, move.card), slot.crew)
        new = msgspec.structs.replace(slot, crew=move.card, wounds=0)
        return update(s, seat, hand=hand, slots=with_slot(p, move.slot, new).slots)
    if isinstance(move, DrawTwo):
        return push(pop(s), Draw(deck="crew", to="hand", seat=seat, count=2))
    if isinstance(move, DrawOneAndKumis):
        s = effects.gain(pop(s), seat, Items(kumis=2))
        return push(s, Draw(deck="crew", to="hand", seat=seat, count=1))
    if isinstance(move, SellOne):
        return push(pop(s), SellCards(seat=seat, left=1, gain=Items(silver=2)))
    if isinstance(move, SellTwo):
        return push(pop(s), SellCards(seat=seat, left=2, gain=Items(**{move.reward: 1})))
    if isinstance(move, SellCard):
        task = s.pending[-1]
        assert isinstance(task, SellCards)
        p = s.players[seat]
        s = _discard_crew(update(s, seat, hand=without(p.hand, move.card)), (move.card,))
        if task.left > 1:
            return replace_top(s, msgspec.structs.replace(task, left=task.left - 1))
        return effects.gain(pop(s), seat, task.gain)
    return None
