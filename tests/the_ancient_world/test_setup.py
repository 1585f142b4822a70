"""«Подготовка к игре» (setup) for 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.games.the_ancient_world.moves import DrawCard
from arbiter.games.the_ancient_world.state import Army
from arbiter.games.the_ancient_world.tables import stats

from .helpers import game, pass_all, start


@pytest.mark.parametrize(
    ("players", "coins", "row"),
    [(2, (6, 7), 4), (3, (6, 7, 8), 5), (4, (6, 7, 8, 8), 6)],
)
def test_setup_for_each_player_count(players: int, coins: tuple[int, ...], row: int) -> None:
    g = game()
    s = start(g, players)
    # Step 9-10: 6 coins, +1 for the second seat, +2 for the third and fourth.
    assert tuple(p.coins for p in s.players) == coins
    for p in s.players:
        assert p.citizens == (1, 2, 3) and p.ready == (1, 2, 3)
        assert p.empire == ("fishing-dock", "wheat-fields")
        assert p.armies == (Army(active="city-guard"), Army(active="militia"))
        assert p.knowledge == 0 and p.set_aside == () and p.provinces == () and p.titans == ()
    # Step 8: 4/5/6 empire cards from deck A; step 7: one army card a player.
    assert len(s.empire_row) == row
    assert all(g.tables(s.content_id).letter(c) == "A" for c in s.empire_row)
    assert len(s.army_row) == players
    # Steps 4-5: the top province and the top titan of each star deck are face up.
    assert s.province_top is not None
    assert all(top is not None for top in s.titan_tops.cards())
    assert s.round == 1 and s.phase == "actions" and s.current == 0 and s.first_player == 0
    assert g.to_act(s) == (0,)
    g.check_state(s)


def test_setup_reveals_are_chance_decisions() -> None:
    g = game()
    s = g.new_state(2, seed=3)
    assert g.to_act(s) == (CHANCE,)
    outcomes = g.chance_outcomes(s)
    # First the province deck (step 4): every province is equally likely.
    assert {o.move.deck for o in outcomes} == {"province"}  # type: ignore[attr-defined]
    assert sorted(o.move.card for o in outcomes) == ["delta", "march", "mine", "valley"]  # type: ignore[attr-defined]
    assert all(o.weight == 1 for o in outcomes)
    s, _ = g.apply(s, DrawCard(deck="province", card="mine"))
    assert s.province_top == "mine"
    with pytest.raises(IllegalMove) as err:
        g.apply(s, DrawCard(deck="province", card="mine"))
    assert err.value.code == "the-ancient-world.chance.wrong_deck"


def test_capital_and_starting_food_feed_three_citizens() -> None:
    """«1 еду от столицы и 2 еды от двух стартовых карт империи» feed the 3 starting citizens."""
    g = game()
    s = start(g)
    t = g.tables(s.content_id)
    st = stats(t, s.players[0])
    assert st.food == 3
    assert st.space == 4 and st.army_limit == 2 and st.income_coins == 5
    # At the end of round 1 nobody starves: no feeding decision, round 2 begins.
    s = pass_all(g, s)
    assert s.round == 2 and all(p.starving == () for p in s.players)


def test_players_out_of_range_refused() -> None:
    g = game()
    with pytest.raises(IllegalMove) as err:
        g.new_state(5)
    assert err.value.code == "the-ancient-world.setup.players"


def test_setup_is_deterministic_from_the_seed() -> None:
    g = game()
    assert start(g, 3, seed=11) == start(g, 3, seed=11)
