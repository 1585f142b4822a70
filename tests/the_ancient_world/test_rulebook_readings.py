"""Readings of the rulebook that issue #9 asked to settle: each test quotes the text it follows.

* the empire cards have one discard pile, shuffled into a new deck when the deck in use runs out
  («ИГРОВОЙ РАУНД», «1. Подготовка»);
* a citizen on Build or Recruit buys a card («ДЕЙСТВИЯ ЖИТЕЛЕЙ», «Строить.», «Рекрутировать.»).
"""

from __future__ import annotations

import msgspec

from arbiter.games.the_ancient_world.events import DeckReshuffled
from arbiter.games.the_ancient_world.moves import (
    Build,
    Decline,
    ExploreDeck,
    NewArmy,
    Place,
    Recruit,
)
from arbiter.games.the_ancient_world.state import ChooseSetAside, Deck

from .helpers import game, play, refused, set_player, settle, start, to_army_row, to_row


def test_deck_b_running_out_in_round_5_is_refilled_with_the_deck_a_cards_discarded_before() -> None:
    """«Если колода империи закончилась, перемешайте сброшенные карты империи — они образуют
    новую колоду»: one discard pile for the empire cards. In round 5 deck B runs out during an
    Explore; the new deck B is the whole pile, the deck A cards discarded in rounds 1-3 included."""
    g = game()
    s = start(g, 2)
    t = g.tables(s.content_id)
    deck_a, deck_b = list(t.deck_a), list(t.deck_b)
    # Rounds 1-3 left 8 deck A cards on the discard pile (rows and Explore discards); rounds 4-5
    # added 3 deck B cards. Deck B is down to 2 cards; 4 deck B cards are in the row.
    discarded_a, discarded_b = deck_a[:8], deck_b[:3]
    row, left = deck_b[3:7], deck_b[7:9]
    elsewhere = deck_b[9:]
    s = msgspec.structs.replace(
        s,
        round=5,
        empire_row=tuple(row),
        empire_a=Deck(middle=tuple(sorted(deck_a[8:]))),
        empire_b=Deck(middle=tuple(sorted(left))),
        empire_discard=tuple(sorted(discarded_a + discarded_b)),
    )
    s = set_player(s, 1, set_aside=tuple(elsewhere))
    g.check_state(s)
    s, _ = play(g, s, Place(seat=0, space="explore", skill=1), ExploreDeck(seat=0))
    s, events = settle(g, s)
    # The 2 cards of deck B were drawn, then the pile -- 8 deck A and 3 deck B cards -- became
    # the new deck B, and the Explore drew its 3 other cards from it.
    [reshuffled] = [e for e in events if isinstance(e, DeckReshuffled)]
    assert reshuffled == DeckReshuffled(deck="empire_b", pile="empire", cards=11)
    task = s.pending[-1]
    assert isinstance(task, ChooseSetAside) and len(task.drawn) == 5
    assert set(left) <= set(task.drawn)
    new_deck = set(task.drawn[2:]) | set(s.empire_b.middle)
    assert new_deck == set(discarded_a + discarded_b)
    assert s.empire_discard == () and g.view(s, None).discards.empire == 0
    # Deck A is not touched in round 5: its cards stay apart.
    assert s.empire_a.middle == tuple(sorted(deck_a[8:]))
    g.check_state(s)


def test_a_citizen_on_build_buys_a_card() -> None:
    """«Строить. Игрок может купить 1 карту империи» -- and «Поместив жетон жителя на ячейку
    действия, игрок немедленно выполняет это действие»; the board: «Купите 1 карту империи».
    The player may place there only if a card can be bought, and then buys one."""
    g = game()
    s = to_row(start(g, 2), "a1", "a2", "a3", "a4")  # costs 1, 2, 3, 0 coins
    t = g.tables(s.content_id)
    assert [t.empire[c].cost_coins for c in s.empire_row] == [1, 2, 3, 0]
    s, _ = play(g, s, Place(seat=0, space="build", skill=1))
    # The decision is which card, not whether: declining is refused.
    assert g.legal_moves(s, 0) == [Build(seat=0, card=c) for c in ("a1", "a2", "a3", "a4")]
    assert refused(g, s, Decline(seat=0)) == "build.must_buy"
    # With no card it can pay for, the seat cannot place a citizen on Build at all.
    s = to_row(start(g, 2), "a3")
    s = set_player(s, 0, coins=2)
    assert refused(g, s, Place(seat=0, space="build", skill=1)) == "pay.not_enough_coins"


def test_a_citizen_on_recruit_buys_an_army_card() -> None:
    """«Рекрутировать. Игрок может купить одну карту войска ... Выбрав карту и заплатив её цену,
    игрок должен поместить её в одну из своих армий»; the board: «Купите 1 карту войска»."""
    g = game()
    s = to_army_row(start(g, 2), "spearmen", "raiders")  # free, 2 coins
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1))
    assert g.legal_moves(s, 0) == [
        Recruit(seat=0, card="spearmen"),
        Recruit(seat=0, card="raiders"),
    ]
    assert refused(g, s, Decline(seat=0)) == "recruit.must_buy"
    s, _ = play(g, s, Recruit(seat=0, card="spearmen"))
    # The army card goes into an army: a new one or over an unused one, not back to the row.
    assert refused(g, s, Decline(seat=0)) == "recruit.must_buy"
    assert NewArmy(seat=0) not in g.legal_moves(s, 0)  # the army limit (2) is reached
    # With no army card it can pay for, the seat cannot place a citizen on Recruit.
    s = set_player(to_army_row(start(g, 2), "raiders"), 0, coins=1)
    assert refused(g, s, Place(seat=0, space="recruit", skill=1)) == "pay.not_enough_coins"
