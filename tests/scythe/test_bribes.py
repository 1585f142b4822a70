"""«Союзы и подкуп»: coins change hands at any moment of play -- but not between the two sides of
a battle about to be fought, and never in a tournament."""

from __future__ import annotations

from arbiter.core import compact
from arbiter.games.scythe.events import CoinsChanged
from arbiter.games.scythe.moves import AddCombatCard, ChooseSection, CommitPower, GiveCoins
from tests.scythe.helpers import (
    GAME,
    clear_board,
    legal,
    play,
    player,
    refused,
    started,
    turn,
)
from tests.scythe.test_combat import vanya_and_sveta


def test_any_seat_gives_coins_at_any_moment_and_nobody_waits_for_it() -> None:
    """«Единственный осязаемый элемент, которым можно обменяться - это монеты»: seat 1 gives
    while seat 0 is choosing its section; the decision under way is unchanged."""
    s = turn(clear_board(started()), 0)
    assert GAME.to_act(s) == (0,)
    assert not any(isinstance(m, GiveCoins) for m in legal(s, 0)), "not part of the decision"
    offers = GAME.anytime_moves(s, 1)
    coins = s.players[1].coins
    assert offers == [GiveCoins(seat=1, to=0, amount=a) for a in range(1, coins + 1)]
    after, events = GAME.apply(s, GiveCoins(seat=1, to=0, amount=2))
    assert GAME.to_act(after) == (0,) and after.turn == s.turn
    assert (after.players[0].coins, after.players[1].coins) == (
        s.players[0].coins + 2,
        coins - 2,
    )
    assert {(e.seat, e.change, e.reason) for e in events if isinstance(e, CoinsChanged)} == {
        (0, 2, "bribe"),
        (1, -2, "bribe"),
    }
    assert GAME.legal_moves(after, 0) == GAME.legal_moves(s, 0)
    # the listing a client sees: one move a recipient, its amounts as a range
    listed, ranges = compact(offers)
    assert listed == [GiveCoins(seat=1, to=0, amount=1)] and ranges[0].max == coins


def test_bystanders_bribe_fighters_who_cannot_buy_their_way_out() -> None:
    """«Другие игроки могут оказать влияние на сражающихся игроков, подкупая их монетами» --
    «Вы не можете откупиться в этот момент, хотя и можете повлиять на результат»."""
    s = vanya_and_sveta()  # Vanya (seat 0) attacks Sveta (seat 1): the dials are being set
    assert GAME.to_act(s) == (0, 1)
    assert refused(s, GiveCoins(seat=1, to=0, amount=1)) == "scythe.bribe.buy_out"
    assert refused(s, GiveCoins(seat=0, to=1, amount=1)) == "scythe.bribe.buy_out"
    assert GAME.anytime_moves(s, 1) == [] and GAME.anytime_moves(s, 0) == []
    # a third seat: a three-player table, seat 2 bribes the defender mid-battle
    three = started(("nordic", "rusviet", "crimea"), ("industrial", "engineering", "patriotic"))
    s3 = vanya_and_sveta(player(player(three, 2, coins=5), 0, coins=4))
    gift = GiveCoins(seat=2, to=1, amount=1)
    assert gift in GAME.anytime_moves(s3, 2)
    after = play(s3, gift)
    assert after.players[1].coins == s3.players[1].coins + 1
    assert GAME.to_act(after) == (0, 1), "the battle goes on"
    # once it is revealed, the two may trade coins again
    done = play(after, AddCombatCard(seat=1, value=3), CommitPower(seat=1, power=4))
    done = play(done, CommitPower(seat=0, power=7))
    assert GAME.to_act(done) and done.players[0].coins == 4
    assert GiveCoins(seat=0, to=1, amount=1) in GAME.anytime_moves(done, 0)


def test_no_coins_change_hands_in_a_tournament_or_outside_play() -> None:
    """«В режиме турнира монеты нельзя обменять на сделки или союзы»."""
    t = turn(clear_board(started(tournament=True)), 0)
    assert GAME.anytime_moves(t, 1) == []
    assert refused(t, GiveCoins(seat=1, to=0, amount=1)) == "scythe.bribe.tournament"
    s = turn(clear_board(started()), 0)
    assert refused(s, GiveCoins(seat=1, to=1, amount=1)) == "scythe.bribe.recipient"
    assert refused(s, GiveCoins(seat=1, to=0, amount=0)) == "scythe.bribe.amount"
    assert refused(s, GiveCoins(seat=1, to=0, amount=99)) == "scythe.pay.not_enough_coins"
    setup = GAME.new_state(2, seed=3)
    assert refused(setup, GiveCoins(seat=1, to=0, amount=1)) == "scythe.bribe.window"
    assert play(s, ChooseSection(seat=0, section="trade")).turn.section == "trade"
