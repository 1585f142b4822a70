"""Deck operations: draws from the known top, the hidden middle (chance) or the known bottom,
discard piles, and reshuffling a discard pile into its deck when the deck runs out.

«Если колода империи закончилась, перемешайте сброшенные карты империи — они образуют новую
колоду» (preparation): the empire cards have one discard pile, whatever their deck, so the deck in
use (A in rounds 1-3, B from round 4) is refilled from all of it -- from round 4 the deck A cards
discarded in rounds 1-3 too. Shuffling only moves the discards into the unordered middle. The army
deck is refilled from the army discard pile the same way; titan and province decks are never
refilled.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from arbiter.games.the_ancient_world.state import (
    AncientWorldState,
    Deck,
    DeckName,
    RefilledDeck,
    TitanDeck,
)
from arbiter.games.the_ancient_world.tables import Tables

State = AncientWorldState

TITAN_DECKS: tuple[TitanDeck, ...] = get_args(TitanDeck)


def titan_deck(stars: int) -> TitanDeck:
    """The titan deck of ``stars`` stars."""
    return TITAN_DECKS[stars - 1]


def get_deck(s: State, name: DeckName) -> Deck:
    deck: Deck = getattr(s, name)
    return deck


def set_deck(s: State, name: DeckName, deck: Deck) -> State:
    return msgspec.structs.replace(s, **{name: deck})


def current_empire(s: State) -> Literal["empire_a", "empire_b"]:
    """Rounds 1-3 use empire deck A, rounds 4-6 deck B («Раунд 4. Используйте колоду империи В»)."""
    return "empire_a" if s.round < 4 else "empire_b"


def refilled_deck(name: DeckName) -> RefilledDeck | None:
    """``name`` if a discard pile refills it (empire and army decks), else ``None``."""
    if name == "empire_a" or name == "empire_b" or name == "army":
        return name
    return None


def discard_pile(s: State, name: DeckName) -> tuple[str, ...] | None:
    """The discard pile that refills ``name`` when it runs out (``None``: never refilled): the
    one empire discard pile for both empire decks, the army discard pile for the army deck."""
    if name == "empire_a" or name == "empire_b":
        return s.empire_discard
    if name == "army":
        return s.army_discard
    return None


def can_draw(s: State, name: DeckName) -> bool:
    """Whether a card can still come out of ``name`` (its discard pile included)."""
    if get_deck(s, name).size():
        return True
    pile = discard_pile(s, name)
    return bool(pile)


def reshuffle(s: State, name: RefilledDeck) -> State:
    """Shuffle the discard pile of ``name`` into its (empty) middle."""
    deck = get_deck(s, name)
    pile = discard_pile(s, name) or ()
    deck = msgspec.structs.replace(deck, middle=tuple(sorted(deck.middle + pile)))
    s = set_deck(s, name, deck)
    if name == "army":
        return msgspec.structs.replace(s, army_discard=())
    return msgspec.structs.replace(s, empire_discard=())


def take_known(s: State, name: DeckName) -> tuple[State, str | None]:
    """Draw without chance: the known top, the only card of the middle, or the known bottom.

    Returns ``(state, None)`` if the next card is one of several hidden ones (chance decides) or
    the deck is empty (the caller reshuffles or gives up)."""
    deck = get_deck(s, name)
    if deck.top:
        card = deck.top[0]
        rest = deck.top[1:]
        deck = msgspec.structs.replace(deck, top=rest, top_known=deck.top_known if rest else ())
        return set_deck(s, name, deck), card
    if len(deck.middle) == 1:
        card = deck.middle[0]
        return set_deck(s, name, msgspec.structs.replace(deck, middle=())), card
    if deck.middle:
        return s, None
    if deck.bottom:
        card = deck.bottom[0]
        deck = msgspec.structs.replace(deck, bottom=deck.bottom[1:], bottom_by=deck.bottom_by[1:])
        return set_deck(s, name, deck), card
    return s, None


def take_middle(s: State, name: DeckName, card: str) -> State:
    """Remove ``card`` (the chance outcome) from the middle of ``name``."""
    deck = get_deck(s, name)
    middle = deck.middle
    i = middle.index(card)
    return set_deck(s, name, msgspec.structs.replace(deck, middle=middle[:i] + middle[i + 1 :]))


def discard_empire(s: State, cards: tuple[str, ...]) -> State:
    """Empire cards to the empire discard pile (face down; one pile for deck A and deck B cards)."""
    return msgspec.structs.replace(s, empire_discard=tuple(sorted(s.empire_discard + cards)))


def discard_armies(s: State, t: Tables, cards: tuple[str, ...]) -> State:
    """Army cards to the army discard pile; starting army cards go back to the box."""
    kept = tuple(c for c in cards if c not in t.start_armies)
    if kept:
        s = msgspec.structs.replace(s, army_discard=tuple(sorted(s.army_discard + kept)))
    return s
