"""A state differing from another only in what one seat cannot know (for leak tests).

The cards a seat cannot see are pooled by the back they show -- empire A, empire B, provinces,
each titan deck, armies -- and dealt again at random over the same hidden places: the middles of
the decks, the known tops and bottoms the seat did not see, the empire discard pile (face down),
other seats' set-aside cards, and the cards other seats drew privately. The seed changes too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import msgspec

from arbiter.core import InvalidState
from arbiter.games.the_ancient_world import invariants
from arbiter.games.the_ancient_world.state import (
    DECKS,
    AncientWorldState,
    ChooseProvince,
    ChooseSetAside,
    ChooseTitanOrder,
    Deck,
    DeckName,
    Pending,
    PlayerState,
)
from arbiter.games.the_ancient_world.tables import Tables

State = AncientWorldState


class _Pool:
    """Hidden slots of one card back: ``take`` collected cards, ``put`` writes them back."""

    def __init__(self) -> None:
        self.cards: list[str] = []
        self.sizes: list[int] = []

    def take(self, cards: tuple[str, ...]) -> None:
        self.cards.extend(cards)
        self.sizes.append(len(cards))

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.cards)
        self.cursor = 0

    def put(self) -> tuple[str, ...]:
        size = self.sizes.pop(0)
        out = tuple(self.cards[self.cursor : self.cursor + size])
        self.cursor += size
        return out


def _back(t: Tables, name: DeckName | str, card: str) -> str:
    if name in ("empire_a", "empire_b", "empire"):
        return "empire_" + t.letter(card).lower()
    return name


#: How many deals :func:`hidden_variant` tries before it keeps the hidden cards as they are.
ATTEMPTS = 20


def hidden_variant(s: State, t: Tables, seat: int | None, rng: random.Random) -> State:
    """A new deal of what ``seat`` cannot see, and a new seed.

    A deal can contradict what the seat may infer from the table: with no card of the row it can
    buy, a seat deciding what to Build must hold a set-aside card it can buy. Such a deal leaves a
    decision with nothing to decide (:func:`.invariants.check_settled`; the other invariants
    hold, as every card keeps its back) and is dealt again; after :data:`ATTEMPTS` deals the
    hidden cards stay as they are (only the seed changes).
    """
    for _ in range(ATTEMPTS):
        variant = _deal(s, t, seat, rng)
        try:
            invariants.check_settled(variant, t)
        except InvalidState:
            continue
        return variant
    return msgspec.structs.replace(s, seed=rng.randrange(2**62))


def _deal(s: State, t: Tables, seat: int | None, rng: random.Random) -> State:
    pools: dict[str, _Pool] = {name: _Pool() for name in DECKS}

    def others(owner: int | None) -> bool:
        return seat is None or owner != seat

    # Visit the hidden places in a fixed order: first collecting, then dealing the cards back.
    # Empire cards are pooled by their back (deck A or B): a deck or the discard pile may hold
    # both once the discards were shuffled into deck B, and a slot keeps the back it shows.
    def visit(put: bool) -> State:
        out = s
        for name in DECKS:
            deck: Deck = getattr(out, name)

            def back(c: str, name: str = name) -> str:
                return _back(t, name, c)

            top = deck.top
            if seat is None or seat not in deck.top_known:
                top = _swap(deck.top, back, pools, put)
            middle = _swap(deck.middle, back, pools, put)
            bottom = list(deck.bottom)
            idx = [i for i, b in enumerate(deck.bottom_by) if others(b)]
            swapped = _swap(tuple(deck.bottom[i] for i in idx), back, pools, put)
            for i, c in zip(idx, swapped, strict=True):
                bottom[i] = c
            if put:
                deck = msgspec.structs.replace(
                    deck, middle=tuple(sorted(middle)), top=top, bottom=tuple(bottom)
                )
                out = msgspec.structs.replace(out, **{name: deck})
        pile = _swap(out.empire_discard, lambda c: _back(t, "empire", c), pools, put)
        out = msgspec.structs.replace(out, empire_discard=tuple(sorted(pile)))
        players = list(out.players)
        for i, p in enumerate(players):
            if others(i):
                players[i] = _by_back(p.set_aside, lambda c: _back(t, "empire", c), pools, put, p)
        out = msgspec.structs.replace(out, players=tuple(players))
        pending = list(out.pending)
        for i, task in enumerate(pending):
            if not others(getattr(task, "seat", None)):
                continue
            pending[i] = _task(t, task, pools, put)
        return msgspec.structs.replace(out, pending=tuple(pending))

    visit(False)
    for pool in pools.values():
        pool.shuffle(rng)
    result = visit(True)
    return msgspec.structs.replace(result, seed=rng.randrange(2**62))


def _swap(
    cards: tuple[str, ...], back: Callable[[str], str], pools: dict[str, _Pool], put: bool
) -> tuple[str, ...]:
    """Each card of ``cards`` is a slot of its back's pool (one slot at a time)."""
    out = []
    for c in cards:
        pool = pools[back(c)]
        if put:
            out.append(pool.put()[0])
        else:
            pool.take((c,))
            out.append(c)
    return tuple(out)


def _by_back(
    cards: tuple[str, ...],
    back: Callable[[str], str],
    pools: dict[str, _Pool],
    put: bool,
    p: PlayerState,
) -> PlayerState:
    return msgspec.structs.replace(p, set_aside=_swap(cards, back, pools, put))


def _task(t: Tables, task: Pending, pools: dict[str, _Pool], put: bool) -> Pending:
    if isinstance(task, ChooseSetAside):
        drawn = _swap(task.drawn, lambda c: _back(t, "empire", c), pools, put)
        return msgspec.structs.replace(task, drawn=drawn)
    if isinstance(task, ChooseProvince):
        options = _swap(task.options, lambda c: "province", pools, put)
        return msgspec.structs.replace(task, options=options)
    if isinstance(task, ChooseTitanOrder):
        name = f"titan_{task.stars}"
        cards = _swap(task.cards, lambda c: name, pools, put)
        ordered = _swap(task.ordered, lambda c: name, pools, put)
        return msgspec.structs.replace(task, cards=cards, ordered=ordered)
    return task
