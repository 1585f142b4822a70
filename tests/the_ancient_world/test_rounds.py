"""«Игровой раунд»: preparation and the round track, the end of a round, feeding, game end."""

from __future__ import annotations

import msgspec
import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world.content import Capital, Symbols
from arbiter.games.the_ancient_world.moves import (
    Disband,
    DrawCard,
    Fight,
    Place,
    Recruit,
    Starve,
    UseArmy,
    Withdraw,
)
from arbiter.games.the_ancient_world.state import Army, Board, Deck

from .helpers import (
    empire,
    game,
    give,
    pack,
    pass_all,
    play,
    set_player,
    settle,
    start,
    to_army_row,
)


def test_round_track_opens_explore_then_populate_then_deck_b() -> None:
    g = game()
    s = start(g, 3)
    assert "explore" not in g.view(s, None).open_spaces
    s, _ = settle(g, pass_all(g, s))
    assert s.round == 2
    assert (
        "explore" in g.view(s, None).open_spaces and "populate" not in g.view(s, None).open_spaces
    )
    s, _ = settle(g, pass_all(g, s))
    assert s.round == 3 and "populate" in g.view(s, None).open_spaces
    t = g.tables(s.content_id)
    assert all(t.letter(c) == "A" for c in s.empire_row)
    s, _ = settle(g, pass_all(g, s))
    # «Раунд 4. Используйте колоду империи В».
    assert s.round == 4
    assert len(s.empire_row) == 5 and all(t.letter(c) == "B" for c in s.empire_row)
    # The deck A cards of round 3's row went to the empire discard pile.
    assert len(s.empire_discard) == 15


def test_preparation_discards_and_deals_the_row_and_tops_up_the_armies() -> None:
    g = game()
    s = start(g, 2)
    s = to_army_row(s, "spearmen", "archers")
    old_row = s.empire_row
    s, _ = play(g, s, Place(seat=0, space="recruit", skill=1), Recruit(seat=0, card="spearmen"))
    s, _ = play(g, s, Disband(seat=0, army=0))
    assert s.army_row == ("archers",)
    s = pass_all(g, s)
    # Preparation of round 2: 4 new cards (chance) after the old row was discarded...
    assert s.round == 2 and g.to_act(s) == (CHANCE,)
    assert s.empire_row == () and s.empire_discard == tuple(sorted(old_row))
    s, _ = settle(g, s)
    assert len(s.empire_row) == 4
    # ... and the army row is topped up to the number of players, keeping the old card.
    assert len(s.army_row) == 2 and s.army_row[0] == "archers"


def test_empty_empire_deck_reshuffles_its_discard_pile() -> None:
    g = game()
    s = start(g, 2)
    # Deck A is down to 1 card; 5 cards wait in its discard pile.
    deck = s.empire_a
    keep, rest = deck.middle[:1], deck.middle[1:]
    s = msgspec.structs.replace(
        s, empire_a=Deck(middle=keep), empire_discard=tuple(sorted(rest[:5]))
    )
    for c in rest[5:]:
        s = give(s, 1, c, "set_aside")
    s = pass_all(g, s)
    # The last card was dealt, then the discard pile (with the old row) became the deck.
    assert len(s.empire_row) == 1 and s.empire_discard == ()
    assert len(s.empire_a.middle) == 5 + 4
    s, _ = settle(g, s)
    assert len(s.empire_row) == 4 and s.empire_a.size() == 6


def test_end_of_round_income_army_coins_citizens_and_token() -> None:
    g = game(pack((empire("market", symbols={"income_coins": 1, "income_knowledge": 1}),)))
    s = start(g, 2)
    s = give(s, 0, "market")
    s = set_player(s, 0, armies=(Army(active="city-guard"), Army(active="militia", picture=2)))
    s, _ = play(g, s, Fight(seat=0, stars=3), UseArmy(seat=0, army=1), UseArmy(seat=0, army=0))
    s, _ = play(g, s, Withdraw(seat=0))
    assert s.players[0].coins == 6 - 3 - 1
    s, _ = play(g, s, Place(seat=1, space="work", skill=3))
    s = pass_all(g, s)
    p = s.players[0]
    # Income: the capital's 5 coins + the market's 1 coin and 1 knowledge.
    assert (p.coins, p.knowledge) == (2 + 6, 1)
    assert s.players[1].coins == 7 + 2 + 5
    # Coins move from the scroll down to the picture: price next round = picture + 1.
    assert p.armies == (Army(active="city-guard", picture=1), Army(active="militia", picture=5))
    # Citizens back home; the board is empty.
    assert s.players[1].ready == (1, 2, 3) and s.board == Board()


def test_feeding_unfed_citizens_starve_and_cost_two_points() -> None:
    g = game()
    s = start(g, 2)
    s = set_player(s, 0, empire=("fishing-dock",), lost=("wheat-fields",))
    s = pass_all(g, s)
    # 2 food for 3 citizens: seat 0 chooses the one who starves.
    assert g.to_act(s) == (0,)
    assert g.legal_moves(s, 0) == [Starve(seat=0, skill=k) for k in (1, 2, 3)]
    with pytest.raises(IllegalMove):
        g.apply(s, Starve(seat=1, skill=1))
    s, _ = play(g, s, Starve(seat=0, skill=2))
    s, _ = settle(g, s)
    p = s.players[0]
    assert p.starving == (2,) and p.ready == (1, 3)
    # A starving citizen cannot be used this round.
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Place(seat=0, space="work", skill=2))
    assert err.value.code == "the-ancient-world.place.citizen_starving"


def test_no_food_at_all_starves_everyone_without_a_choice() -> None:
    # A capital without food (a pack may print one).
    g2 = game(pack(capital=Capital(symbols=Symbols(space=4, army_limit=2, income_coins=5))))
    s = start(g2, 2)
    s = set_player(s, 0, empire=(), lost=("fishing-dock", "wheat-fields"))
    s = pass_all(g2, s)
    s, _ = settle(g2, s)
    assert s.players[0].starving == (1, 2, 3) and s.players[0].ready == ()
    assert g2.to_act(s) == (1,)  # seat 0 has nobody to place


def test_six_rounds_then_the_game_ends_without_a_last_income() -> None:
    g = game()
    s = start(g, 2)
    for round_ in range(1, 6):
        assert s.round == round_
        s, _ = settle(g, pass_all(g, s))
    assert s.round == 6
    coins = [p.coins for p in s.players]
    s = pass_all(g, s)
    assert s.phase == "over" and g.to_act(s) == ()
    # «если закончился 6-й раунд ... игроки не получают монеты и знания».
    assert [p.coins for p in s.players] == coins
    assert g.result(s) is not None
    with pytest.raises(IllegalMove) as err:
        g.apply(s, Place(seat=0, space="work", skill=1))
    assert err.value.code == "the-ancient-world.game_over"


def test_draw_outcomes_are_weighted_by_cards_left() -> None:
    g = game()
    s = start(g, 2)
    s = pass_all(g, s)
    outcomes = g.chance_outcomes(s)
    assert all(o.weight == 1 for o in outcomes)
    assert {o.move.card for o in outcomes} == set(s.empire_a.middle)  # type: ignore[attr-defined]
    first = outcomes[0].move
    assert isinstance(first, DrawCard)
    s, _ = g.apply(s, first)
    assert s.empire_row == (first.card,)
