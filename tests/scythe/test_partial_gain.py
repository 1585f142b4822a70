"""«Выполняя действие, сначала заплатите его стоимость, потом получите награду (или часть
награды)»: each top-row reward of one kind is ONE decision listing every amount from 0 to the
full reward (within the tracks' ends), and an amount out of range is refused.

Industrial (seat 0): Bolster/Upgrade, Produce/Deploy, Move/Build, Trade/Enlist.
Bolster: power 2 (3 upgraded) or 1 (2) combat cards; Move: or $1 ($2); Trade: or 1 (2)
popularity.
"""

from __future__ import annotations

import msgspec
import pytest

from arbiter.games.scythe.moves import (
    GainOne,
    RevealObjective,
    StopGaining,
    TakeAmount,
    TakeTopAction,
)
from arbiter.games.scythe.state import AmountTask, Built, Cube, GainTask, Section
from tests.scythe.helpers import (
    GAME,
    State,
    clear_board,
    legal,
    play,
    player,
    refused,
    started,
    turn,
)

POWER, CARDS = 0, 1
COINS = 1
POPULARITY = 1


def base() -> State:
    s = clear_board(started(("nordic", "rusviet"), ("industrial", "engineering")))
    return turn(player(s, 0, workers=("r1c5", "r1c5")), 0)  # a worker on the board, for Trade


def take(s: State, section: Section, choice: int) -> State:
    return play(turn(s, 0, "top", section=section), TakeTopAction(seat=0, choice=choice))


def offered(s: State) -> list[int]:
    """The amounts listed for the pending decision (the only moves besides reveals)."""
    moves = legal(s, 0)
    assert all(isinstance(m, TakeAmount | RevealObjective) for m in moves), moves
    return [m.amount for m in moves if isinstance(m, TakeAmount)]


def pending(s: State) -> AmountTask:
    task = s.pending[-1]
    assert isinstance(task, AmountTask)
    return task


def out_of_range(s: State, *amounts: int) -> None:
    for a in amounts:
        assert refused(s, TakeAmount(seat=0, amount=a)) == "scythe.gain.amount"


# ------------------------------------------------------------------------ Bolster: power


def test_bolster_power_lists_every_amount_and_gives_the_part_taken() -> None:
    s = player(base(), 0, power=3)
    coins = s.players[0].coins
    s = take(s, "bolster", POWER)
    assert s.players[0].coins == coins - 1  # paid first, in full
    assert pending(s) == AmountTask(seat=0, item="power", full=2, source="bolster")
    assert offered(s) == [0, 1, 2]
    out_of_range(s, 3, -1)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].power == 4
    assert not s.pending and s.turn.stage == "bottom"


def test_bolster_power_upgraded_and_near_the_top_of_the_track() -> None:
    s = player(base(), 0, power=3, cubes=(Cube(action="bolster", option=POWER),))
    s = take(s, "bolster", POWER)
    assert offered(s) == [0, 1, 2, 3]
    out_of_range(s, 4)
    s = play(s, TakeAmount(seat=0, amount=2))
    assert s.players[0].power == 5
    # 15 of 16: only 0 or 1; beyond the track's end is not offered
    s = take(player(base(), 0, power=15), "bolster", POWER)
    assert offered(s) == [0, 1]
    out_of_range(s, 2)
    s = play(s, TakeAmount(seat=0, amount=0))
    assert s.players[0].power == 15
    # at 16 nothing can be taken: no decision at all
    s = take(player(base(), 0, power=16), "bolster", POWER)
    assert not s.pending and s.turn.stage == "bottom" and s.players[0].power == 16


# ------------------------------------------------------------------------ Bolster: combat cards


def test_bolster_cards_lists_every_amount_and_draws_the_part_taken() -> None:
    s = player(base(), 0, cubes=(Cube(action="bolster", option=CARDS),))
    hand = s.players[0].hand
    s = take(s, "bolster", CARDS)
    assert pending(s) == AmountTask(seat=0, item="combat_cards", full=2, source="bolster")
    assert offered(s) == [0, 1, 2]
    out_of_range(s, 3)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert len(s.players[0].hand) == len(hand) + 1
    assert not s.pending and s.turn.stage == "bottom"
    # none taken
    s = take(player(base(), 0), "bolster", CARDS)
    assert offered(s) == [0, 1]
    s = play(s, TakeAmount(seat=0, amount=0))
    assert s.players[0].hand == hand and not s.pending


def test_bolster_cards_never_more_than_the_deck_and_discard_hold() -> None:
    """«Если колода сброса пуста, карту взять нельзя»: one card left to draw of two."""
    s = player(base(), 0, cubes=(Cube(action="bolster", option=CARDS),))
    # seat 1 holds every card of the deck but one 2, which lies in the discard pile
    deck = list(s.combat_deck)
    deck[0] -= 1
    drawn = [v for v, n in zip((2, 3, 4, 5), deck, strict=True) for _ in range(n)]
    s = player(s, 1, hand=tuple(sorted((*s.players[1].hand, *drawn))))
    s = msgspec.structs.replace(s, combat_deck=(0, 0, 0, 0), combat_discard=(1, 0, 0, 0))
    GAME.check_state(s)
    s = take(s, "bolster", CARDS)
    assert offered(s) == [0, 1]
    out_of_range(s, 2)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].hand.count(2) >= 1 and s.combat_discard == (0, 0, 0, 0)


# ------------------------------------------------------------------------ Trade: popularity


def test_trade_popularity_lists_every_amount_within_the_track() -> None:
    s = player(base(), 0, popularity=5, cubes=(Cube(action="trade", option=POPULARITY),))
    s = take(s, "trade", POPULARITY)
    assert pending(s) == AmountTask(seat=0, item="popularity", full=2, source="trade")
    assert offered(s) == [0, 1, 2]
    out_of_range(s, 3, -2)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].popularity == 6 and not s.pending
    s = take(player(base(), 0, popularity=17, cubes=s.players[0].cubes), "trade", POPULARITY)
    assert offered(s) == [0, 1]
    out_of_range(s, 2)
    s = take(player(base(), 0, popularity=18), "trade", POPULARITY)
    assert not s.pending and s.players[0].popularity == 18


# ------------------------------------------------------------------------ Move: gain coins


def test_gain_coins_lists_every_amount() -> None:
    s = player(base(), 0, cubes=(Cube(action="move_gain", option=COINS),))
    coins = s.players[0].coins
    s = take(s, "move_gain", COINS)
    assert pending(s) == AmountTask(seat=0, item="coins", full=2, source="gain")
    assert offered(s) == [0, 1, 2]
    out_of_range(s, 3, -1)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].coins == coins + 1 and not s.pending
    s = take(player(base(), 0), "move_gain", COINS)
    assert offered(s) == [0, 1]
    s = play(s, TakeAmount(seat=0, amount=0))
    assert s.players[0].coins == coins


# ------------------------------------------------------------------------ structure bonuses


def test_the_monument_popularity_is_its_own_amount_after_bolster() -> None:
    monument = (Built(structure="monument", territory="r1c4"),)
    s = player(base(), 0, power=3, popularity=4, structures=monument)
    s = take(s, "bolster", POWER)
    assert pending(s).source == "bolster"
    s = play(s, TakeAmount(seat=0, amount=2))
    assert pending(s) == AmountTask(seat=0, item="popularity", full=1, source="monument")
    assert offered(s) == [0, 1]
    out_of_range(s, 2, -1)
    s = play(s, TakeAmount(seat=0, amount=0))
    assert s.players[0].power == 5 and s.players[0].popularity == 4
    assert not s.pending and s.turn.stage == "bottom"
    # taken; and no decision at the track's end
    s = take(player(base(), 0, popularity=4, structures=monument), "bolster", CARDS)
    s = play(s, TakeAmount(seat=0, amount=0), TakeAmount(seat=0, amount=1))
    assert s.players[0].popularity == 5
    s = take(player(base(), 0, popularity=18, structures=monument), "bolster", CARDS)
    s = play(s, TakeAmount(seat=0, amount=0))
    assert not s.pending and s.players[0].popularity == 18


def test_the_armory_power_is_its_own_amount_after_trade() -> None:
    armory = (Built(structure="armory", territory="r1c4"),)
    s = player(base(), 0, power=3, popularity=4, structures=armory)
    s = take(s, "trade", POPULARITY)
    assert pending(s).source == "trade"
    s = play(s, TakeAmount(seat=0, amount=1))
    assert pending(s) == AmountTask(seat=0, item="power", full=1, source="armory")
    assert offered(s) == [0, 1]
    out_of_range(s, 2)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert s.players[0].power == 4 and s.players[0].popularity == 5 and not s.pending
    # after Trade's resources (taken one at a time, partly here), then the Armory: none of it
    s = take(player(base(), 0, power=3, structures=armory), "trade", 0)
    assert isinstance(s.pending[-1], GainTask)
    s = play(s, GainOne(seat=0, item="oil", territory="r1c5"), StopGaining(seat=0))
    assert offered(s) == [0, 1]
    s = play(s, TakeAmount(seat=0, amount=0))
    assert s.players[0].power == 3 and not s.pending
    # at 16 power the Armory offers nothing
    s = take(player(base(), 0, power=16, structures=armory), "trade", POPULARITY)
    s = play(s, TakeAmount(seat=0, amount=1))
    assert not s.pending and s.players[0].power == 16


# ------------------------------------------------------------------------ legality


@pytest.mark.parametrize(
    ("section", "choice", "changes"),
    [
        ("bolster", POWER, {"power": 14}),
        ("bolster", CARDS, {}),
        ("trade", POPULARITY, {"popularity": 17}),
        ("move_gain", COINS, {}),
    ],
)
def test_explain_and_the_move_list_agree_on_amounts(
    section: Section, choice: int, changes: dict[str, int]
) -> None:
    s = take(player(base(), 0, **changes), section, choice)
    listed = set(offered(s))
    for a in range(-2, 6):
        m = TakeAmount(seat=0, amount=a)
        if a in listed:
            GAME.apply(s, m)
        else:
            assert refused(s, m) == "scythe.gain.amount"


def test_an_amount_is_only_an_answer_to_an_amount_decision() -> None:
    s = base()
    assert refused(s, TakeAmount(seat=0, amount=0)) == "scythe.decision.wrong_move"
    s = take(s, "bolster", POWER)
    assert refused(s, GainOne(seat=0, item="power")) == "scythe.decision.wrong_move"
    assert refused(s, StopGaining(seat=0)) == "scythe.decision.wrong_move"
