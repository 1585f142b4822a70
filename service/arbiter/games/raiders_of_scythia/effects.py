"""Gaining and paying, and the named effects of the cards (:mod:`.content`'s vocabulary).

Rulings (rulebook «ИГРОВЫЕ ТЕРМИНЫ» and the spec's Q13, Q21, Q22):

* Silver, provisions, kumis and wounds are unlimited; plunder is limited by its tokens («общий
  запас ограничен числом фишек»): a gain of plunder takes what the supply has left.
* «Потратьте (одно), чтобы взять (другое)»: without what it pays, an effect gives nothing, and a
  card whose payment cannot be made is not playable. VP never go below 0.
* A Play ability: the card is discarded first, then its effect is done.
* «Больше, чем у вас» / the fewest: comparisons are strict. In solo play the chief is the other
  player compared with: its VP, its one AI crew card as its crew, and no silver and no cards (it
  never holds them), so "the fewest silver" or "cards" never holds in solo play.
"""

from __future__ import annotations

import msgspec

from arbiter.games.raiders_of_scythia.common import State, add_stock, hired, push, update
from arbiter.games.raiders_of_scythia.content import (
    AnotherTownCentreAction,
    Colour,
    Exchange,
    Gain,
    GainIfFewest,
    Heal,
    Items,
    PlayEffect,
    SwapEagleForHorse,
    SwapHiredWithHand,
    UseBuilding,
)
from arbiter.games.raiders_of_scythia.state import (
    BuildingAction,
    ChooseBuilding,
    ChooseSwapCrew,
    Draw,
    HealWounds,
    Player,
    ReturnEagle,
    SellCards,
)

STOCK_ITEMS = ("silver", "provisions", "kumis")
PLUNDER_ITEMS = ("gold", "equipment", "wagons", "livestock")


def scaled(items: Items, factor: int) -> Items:
    """``items`` times ``factor`` (a doubling eagle)."""
    if factor == 1:
        return items
    values = {f: getattr(items, f) * factor for f in items.__struct_fields__}
    return Items(**values)


def gain(s: State, seat: int, items: Items) -> State:
    """``seat`` gains ``items``: tokens from the supply (plunder only while tokens are left), VP,
    and crew cards drawn (a chance decision each, on top of the stack)."""
    p = s.players[seat]
    supply = s.supply
    amounts: dict[str, int] = {k: getattr(items, k) for k in STOCK_ITEMS}
    for kind in PLUNDER_ITEMS:
        want: int = getattr(items, kind)
        got = min(want, getattr(supply, kind))
        amounts[kind] = got
        if got:
            supply = msgspec.structs.replace(supply, **{kind: getattr(supply, kind) - got})
    p = msgspec.structs.replace(p, stock=add_stock(p.stock, **amounts), vp=p.vp + items.vp)
    s = update(s, seat, stock=p.stock, vp=p.vp)
    if supply != s.supply:
        s = msgspec.structs.replace(s, supply=supply)
    if items.cards:
        s = push(s, Draw(deck="crew", to="hand", seat=seat, count=items.cards))
    return s


def can_pay(p: Player, items: Items) -> bool:
    """Whether ``p`` holds what ``items`` asks (cards: that many in hand)."""
    if p.vp < items.vp or len(p.hand) < items.cards:
        return False
    return all(getattr(p.stock, k) >= getattr(items, k) for k in (*STOCK_ITEMS, *PLUNDER_ITEMS))


def pay(s: State, seat: int, items: Items) -> State:
    """``seat`` pays ``items`` (known to be payable): tokens to the supply, VP lost."""
    p = s.players[seat]
    amounts = {k: -getattr(items, k) for k in (*STOCK_ITEMS, *PLUNDER_ITEMS)}
    s = update(s, seat, stock=add_stock(p.stock, **amounts), vp=p.vp - items.vp)
    back = {k: getattr(s.supply, k) + getattr(items, k) for k in PLUNDER_ITEMS}
    if any(getattr(items, k) for k in PLUNDER_ITEMS):
        s = msgspec.structs.replace(s, supply=msgspec.structs.replace(s.supply, **back))
    return s


# ------------------------------------------------------------------------------ Play effects


def _measure(s: State, seat: int, of: str) -> int:
    p = s.players[seat]
    if of == "vp":
        return p.vp
    if of == "crew":
        return hired(p)
    if of == "silver":
        return p.stock.silver
    return len(p.hand)


def fewest(s: State, seat: int, of: str) -> bool:
    """Whether ``seat`` has strictly fewer ``of`` than every other player (and the chief)."""
    mine = _measure(s, seat, of)
    others = [_measure(s, i, of) for i in range(len(s.players)) if i != seat]
    if s.chief is not None:
        others.append({"vp": s.chief.vp, "crew": 1}.get(of, 0))
    return all(mine < o for o in others)


def wounds_of(p: Player) -> int:
    return sum(slot.wounds for slot in p.slots)


def playable(s: State, seat: int, effect: PlayEffect, hand_after: int) -> bool:
    """Whether ``effect`` can be done by ``seat`` (its payment made; a swap needs its cards);
    ``hand_after`` is the hand size once a played card is discarded."""
    p = s.players[seat]
    if isinstance(effect, Exchange):
        pay_cards = effect.pay.cards
        return can_pay(p, msgspec.structs.replace(effect.pay, cards=0)) and hand_after >= pay_cards
    if isinstance(effect, SwapEagleForHorse):
        others = sum(1 for c in s.animal_display if c is not None)
        return others >= 1 and any(slot.eagle is not None for slot in p.slots)
    if isinstance(effect, SwapHiredWithHand):
        return hired(p) >= 1 and hand_after >= 1
    return True


def resolve(s: State, seat: int, effect: PlayEffect, worker: Colour) -> State:
    """Do a Play ability (or a hero's) for ``seat``, whose Town Centre worker is ``worker``."""
    if isinstance(effect, Gain):
        return gain(s, seat, effect.gain)
    if isinstance(effect, Exchange):
        s = pay(s, seat, msgspec.structs.replace(effect.pay, cards=0))
        if effect.pay.cards:
            return push(s, SellCards(seat=seat, left=effect.pay.cards, gain=effect.gain))
        return gain(s, seat, effect.gain)
    if isinstance(effect, UseBuilding):
        return push(s, ChooseBuilding(seat=seat, worker=worker))
    if isinstance(effect, AnotherTownCentreAction):
        return push(
            s, BuildingAction(seat=seat, building="town_centre", worker=worker, source="effect")
        )
    if isinstance(effect, SwapEagleForHorse):
        return push(s, ReturnEagle(seat=seat))
    if isinstance(effect, Heal):
        left = min(effect.wounds, wounds_of(s.players[seat]))
        return push(s, HealWounds(seat=seat, left=left)) if left else s
    if isinstance(effect, SwapHiredWithHand):
        return push(s, ChooseSwapCrew(seat=seat))
    assert isinstance(effect, GainIfFewest)
    return gain(s, seat, effect.gain) if fewest(s, seat, effect.of) else s
