"""The end of the game («Окончание игры»): N30, Q83-Q87, the turn limit option."""

from __future__ import annotations

from arbiter.games.ancient_wargame import ending, rules
from arbiter.games.ancient_wargame.state import WargameState
from tests.ancient_wargame.helpers import (
    G,
    T,
    army,
    at_phase,
    edit,
    hero_of,
    passive,
    player,
    set_hero,
    set_prov,
    ships,
    start,
)

EIGHT = ("latium", "etruria", "campania", "sicilia", "numidia", "judaea", "gallia", "persis")


def finish(s: WargameState) -> WargameState:
    """The last phase of the turn (no spy centre: nothing to decide), then its end."""
    return at_phase(s, 11)


def test_n30_seventeen_points() -> None:
    """2 VP tokens + 8 provinces + 1 province with 3 fortresses + 6 sciences = 17."""
    s = start(2, turn_limit=1)
    for pid in EIGHT:
        s = set_prov(s, pid, owner=0)
    s = set_prov(s, "etruria", fortresses=3)
    s = set_prov(s, "campania", fortresses=2)
    s = player(s, 0, sciences=rules.SCIENCES[:6])
    assert dict(ending.points(s, T, 0)) == {
        "VP tokens": 2,
        "provinces": 8,
        "provinces with 3 fortresses": 1,
        "sciences": 6,
    }
    s = finish(s)
    assert s.stage == "over"
    result = G.result(s)
    assert result is not None and result.scores == (17, 3) and result.winners == (0,)


def test_the_game_ends_after_the_turn_limit() -> None:
    s = start(2)
    assert s.options.turn_limit == rules.TURNS == 25
    s = finish(edit(s, turn=24))
    assert s.stage == "play" and s.turn == 25
    s = finish(s)
    assert s.stage == "over" and G.result(s) is not None


def test_the_turn_limit_option_through_play() -> None:
    s = passive(start(2, seed=3, turn_limit=2))
    assert s.stage == "over" and s.turn == 2
    result = G.result(s)
    assert result is not None and set(result.ranking) == {0, 1}


def test_n30_ties_go_to_money_then_food_then_shared() -> None:
    s = start(3, turn_limit=1)
    s = player(s, 0, money=4, food=9)
    s = player(s, 1, money=5, food=1)
    s = player(s, 2, money=4, food=8)
    result = G.result(finish(s))
    assert result is not None and result.scores == (3, 3, 3)
    assert result.ranking == (1, 0, 2) and result.winners == (1,)
    s = player(player(player(s, 0, money=5, food=1), 1, money=5, food=1), 2, money=1)
    result = G.result(finish(s))
    assert result is not None and result.winners == (0, 1) and result.places[:2] == (1, 1)


def test_q85_a_seat_with_no_province_and_no_free_hero_is_eliminated_and_not_scored() -> None:
    s = start(3, turn_limit=5)
    s = set_prov(s, "achaea", owner=0)
    s = player(s, 2, vp=9, money=50)
    s = army(s, "latium", 2, infantry=2)
    s = ships(s, "ionian", 2, 2)
    # Seat 2's general is held by seat 0; seat 2 holds seat 1's administrator.
    s = set_hero(s, hero_of(s, 2, "general").id, captor=0, province=None)
    s = set_hero(s, hero_of(s, 1, "administrator").id, captor=2, province=None)
    s = edit(s, heroes=tuple(h for h in s.heroes if h.id != hero_of(s, 2, "administrator").id))
    s = finish(s)
    assert s.players[2].eliminated == 1 and s.stage == "play"
    assert all(h.owner != 2 for h in s.heroes)  # its prisoner held by seat 0 died
    freed = hero_of(s, 1, "administrator")
    assert freed.captor is None and freed.province == "carthago"
    assert not any(a.seat == 2 for p in s.provinces for a in p.armies)
    assert not any(f.seat == 2 for x in s.seas for f in x.fleets)
    s = at_phase(edit(s, turn=5), 11)
    result = G.result(s)
    assert result is not None and result.scores[2] == 0 and result.ranking[-1] == 2
    assert len(s.pending) == 0


def test_q86_a_later_elimination_ranks_higher() -> None:
    s = start(4, turn_limit=9)
    s = edit(s, turn=9)
    s = player(player(s, 2, eliminated=3), 3, eliminated=7)
    for seat in (2, 3):
        s = set_prov(s, T.capital_of[s.players[seat].state], owner=None)
        s = edit(s, heroes=tuple(h for h in s.heroes if h.owner != seat))
    result = G.result(finish(s))
    assert result is not None and result.ranking[2:] == (3, 2)


def test_n30_unique_conditions_end_the_game_after_that_turn_only_fulfillers_compared() -> None:
    """A (seat 0) and B (seat 1) meet their conditions in turn 9: the game ends after turn 9
    and only they are compared; C (seat 2), with more points, comes after them."""
    s = start(3)
    s = edit(s, turn=9)
    s = player(s, 0, sciences=rules.SCIENCES, money=0)
    s = player(s, 1, sciences=rules.SCIENCES, money=3)
    s = player(s, 2, vp=30)
    s = finish(s)
    assert s.stage == "over" and s.turn == 9 and s.fulfilled == (0, 1)
    result = G.result(s)
    assert result is not None
    assert result.scores == (13, 13, 0) and result.ranking == (1, 0, 2) and result.winners == (1,)


def test_q83_the_condition_is_checked_at_the_end_of_the_turn_only() -> None:
    s = player(start(2), 0, sciences=rules.SCIENCES)
    s = at_phase(s, 10)
    assert s.stage == "play" and s.turn == 1
    s = passive(s, stop=lambda x: x.turn == 2 or x.stage == "over")
    assert s.stage == "over" and s.turn == 1 and s.fulfilled == (0,)


def test_q87_a_condition_met_in_the_last_turn_is_a_unique_ending() -> None:
    s = edit(start(2), turn=25)
    s = player(s, 1, sciences=rules.SCIENCES)
    s = player(s, 0, vp=40)
    result = G.result(finish(s))
    assert result is not None and result.winners == (1,) and result.scores[0] == 0


def test_conquest_the_last_seat_left_wins() -> None:
    s = start(2)
    s = set_prov(s, "carthago", owner=0)
    s = edit(s, heroes=tuple(h for h in s.heroes if h.owner != 1))
    s = finish(s)
    assert s.stage == "over" and s.turn == 1 and s.players[1].eliminated == 1
    result = G.result(s)
    assert result is not None and result.winners == (0,) and result.scores[1] == 0


def test_a_seat_with_a_free_hero_but_no_province_stays_in_the_game() -> None:
    s = set_prov(start(2), "carthago", owner=0)
    s = finish(s)
    assert s.stage == "play" and s.players[1].eliminated is None
    assert hero_of(s, 1, "general").province == "carthago"
