"""Hints never crash on a legal state (#39): in every game, a whole 2-player game where seat 1
follows 50-iteration hints and seat 0 plays at random, fixed seeds. Each hint must be one of the
seat's legal moves, and the game must reach its result.

A hint at every decision of seat 1 costs minutes in Scythe (about 1,400 of them in a game), so
seat 1 asks for a hint at every ``EVERY[game]``-th of its decisions with a choice and plays at
random otherwise: the searches still start from states all along a whole game. Whole games with a
hint at every decision are ``make bench``'s part ``hints`` (:mod:`bench.hints`), which also
counts how often hints win.
"""

from __future__ import annotations

import random

import pytest

from arbiter.core import CHANCE
from arbiter.core.search import Search
from arbiter.games import registry

GAMES = registry()
#: Seat 1 asks for a hint at every n-th of its decisions with a choice (module docstring).
EVERY = {"the-ancient-world": 2, "raiders-of-scythia": 6, "ancient-wargame": 8, "scythe": 25}
ITERATIONS = 50


@pytest.mark.parametrize("game_id", GAMES.ids())
def test_hints_through_a_whole_two_player_game(game_id: str) -> None:
    game = GAMES.get(game_id)
    every = EVERY.get(game_id, 1)
    state = game.new_state(2, seed=4242)
    rng = random.Random(4242)
    choices = hints = 0
    while to_act := game.to_act(state):
        actor = to_act[0]
        if actor == CHANCE:
            state, _ = game.apply(state, game.sample_chance(state))
            continue
        seat = 1 if 1 in to_act else actor
        moves = game.legal_moves(state, seat)
        move = rng.choice(moves)
        if seat == 1 and len(moves) > 1:
            if choices % every == 0:
                search = Search(game, state, 1, random.Random(choices))
                search.run(ITERATIONS)
                move = search.best()
                assert move in moves, (game_id, choices)
                hints += 1
            choices += 1
        state, _ = game.apply(state, move)
    assert game.result(state) is not None
    assert hints >= 15, f"only {hints} hints in a whole game of {game_id}"
