"""Hints: Monte-Carlo tree search that sees only what its seat may see (:mod:`arbiter.core.search`)."""

from __future__ import annotations

import random

import msgspec
import pytest

from arbiter.core import CHANCE, Result, rank
from arbiter.core.search import Search, estimate, reward
from arbiter.games import registry
from tests.toy import Hold, Pig, PigState, Roll

PIG = Pig()


def deciding(seed: int = 3, players: int = 2) -> PigState:
    """A Pig table where seat 0 decides, with a few points already rolled this turn."""
    state = PIG.new_state(players, seed=seed)
    while PIG.to_act(state) != (0,) or state.turn_points == 0:
        actor = PIG.to_act(state)[0]
        move = PIG.sample_chance(state) if actor == CHANCE else Roll(seat=actor)
        state, _ = PIG.apply(state, move)
    return state


def hint(state: PigState, seed: int, playouts: int = 60, seat: int = 0) -> Search:
    search = Search(PIG, state, seat, random.Random(seed))
    search.run(playouts)
    return search


def test_the_same_seed_gives_the_same_hint() -> None:
    state = deciding()
    first, again = hint(state, 7), hint(state, 7)
    assert first.options() == again.options()
    assert first.iterations == 60 and first.best() in PIG.legal_moves(state, 0)


def test_what_the_seat_cannot_see_changes_nothing() -> None:
    """Two tables that differ only in the other seat's lucky number and the seed of the dice
    give the very same hint for the same search seed: the search never reads them."""
    state = deciding()
    for lucky in range(1, 6):
        other = msgspec.structs.replace(state, lucky=(state.lucky[0], lucky), seed=lucky * 1000)
        assert PIG.view(other, 0) == PIG.view(state, 0)
        for seed in range(3):
            assert hint(other, seed).options() == hint(state, seed).options()


class LuckyPig(Pig):
    """Pig whose lucky number is worth 100 points: another seat's secret decides the game."""

    def result(self, state: PigState) -> Result | None:
        result = super().result(state)
        if result is None:
            return None
        bonus = [100 if state.lucky[s] == state.rolls[s] else 0 for s in range(state.players)]
        return rank([state.banked[s] + bonus[s] for s in range(state.players)])


def test_a_secret_that_decides_the_game_does_not_steer_the_hint() -> None:
    """Seat 0 wins by holding now unless seat 1's face-down lucky number equals its rolls (3):
    a search that peeked would roll on when it does and hold when it does not. The hint is
    the very same for both secrets."""
    game = LuckyPig()
    state = deciding()
    state = msgspec.structs.replace(
        state, banked=(state.target - state.turn_points, 0), rolls=(state.rolls[0], 3)
    )
    state = msgspec.structs.replace(state, lucky=(state.rolls[0] + 1, 3))
    other = msgspec.structs.replace(state, lucky=(state.rolls[0] + 1, 5))
    assert game.view(other, 0) == game.view(state, 0)
    for seed in range(5):
        searches = [Search(game, s, 0, random.Random(seed)) for s in (state, other)]
        for search in searches:
            search.run(60)
        assert searches[0].options() == searches[1].options()


def test_a_seat_one_hold_from_winning_is_told_to_hold() -> None:
    """The control of the test above: what the seat sees (the points) steers the search; here
    holding wins at once and rolling may hand the game to a seat two points from winning."""
    state = deciding()
    winning = msgspec.structs.replace(
        state, banked=(state.target - state.turn_points, state.target - 2)
    )
    for seed in range(5):
        assert hint(winning, seed).best() == Hold(seat=0)


def test_a_forced_move_needs_no_playout() -> None:
    game = registry().get("scythe")
    rng = random.Random(1)
    state = game.new_state(2, seed=1)
    while True:
        actor = game.to_act(state)[0]
        moves = [] if actor == CHANCE else game.legal_moves(state, actor)
        if len(moves) == 1:
            break
        move = game.sample_chance(state) if actor == CHANCE else rng.choice(moves)
        state, _ = game.apply(state, move)
    search = Search(game, state, actor, random.Random(0))
    search.run(50)
    assert search.iterations == 0 and search.best() == moves[0]


def test_only_a_seat_that_decides_gets_a_hint() -> None:
    state = deciding()
    with pytest.raises(ValueError, match="does not decide"):
        Search(PIG, state, 1, random.Random(0))


def test_every_move_is_ranked_once_most_visited_first() -> None:
    search = hint(deciding(), 2)
    options = search.options()
    assert sorted(map(repr, (o.move for o in options))) == sorted(
        map(repr, PIG.legal_moves(search.state, 0))
    )
    assert [o.visits for o in options] == sorted((o.visits for o in options), reverse=True)
    assert sum(o.visits for o in options) == search.iterations
    assert all(0.0 <= o.value <= 1.0 for o in options)


def test_rewards_go_from_first_place_to_last() -> None:
    result = rank([10, 30, 20])
    assert [reward(result, seat) for seat in range(3)] == [0.0, 1.0, 0.5]
    assert reward(rank([5, 5]), 0) == reward(rank([5, 5]), 1) == 1.0
    solo: Result = rank([7])
    assert reward(solo, 0) == 1.0


def test_a_standing_counts_the_margin_as_well_as_the_place() -> None:
    """A playout cut short is half place, half margin over the best other score: leading by 20
    is worth more than leading by 1, trailing by 1 more than trailing by 20."""
    assert estimate(rank([21, 1]), 0) > estimate(rank([2, 1]), 0) > 0.5
    assert 0.5 > estimate(rank([1, 2]), 0) > estimate(rank([1, 21]), 0)
    assert estimate(rank([10, 30, 20]), 1) == pytest.approx((1.0 + (1 + 10 / 51) / 2) / 2)
    assert estimate(rank([5, 5]), 0) == estimate(rank([5, 5]), 1) == 0.75
    assert all(0.0 <= estimate(rank([a, b]), 0) <= 1.0 for a in (-9, 0, 40) for b in (-3, 0, 9))
    assert estimate(rank([7]), 0) == 1.0


def test_hints_beat_random_play_at_pig() -> None:
    """Banking at the right time wins: a seat that follows 100-playout hints beats a seat that
    rolls or holds at random in most of 20 games (the bench measures every game)."""
    won = 0
    for game in range(20):
        hinted = game % 2
        rng = random.Random(game)
        state = PIG.new_state(2, seed=game)
        while to_act := PIG.to_act(state):
            actor = to_act[0]
            if actor == CHANCE:
                move = PIG.sample_chance(state)
            elif actor == hinted:
                move = hint(state, game, 100, seat=hinted).best()
            else:
                move = rng.choice([Roll(seat=actor), Hold(seat=actor)])
                if move not in PIG.legal_moves(state, actor):
                    move = PIG.legal_moves(state, actor)[0]
            state, _ = PIG.apply(state, move)
        result = PIG.result(state)
        assert result is not None
        won += result.ranking[0] == hinted
    assert won >= 16
