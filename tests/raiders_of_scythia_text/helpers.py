"""Random games of Raiders of Scythia for the text tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from arbiter.core import CHANCE
from arbiter.games.raiders_of_scythia.game import RaidersOfScythia
from arbiter.games.raiders_of_scythia.state import RaidersState


@cache
def game() -> RaidersOfScythia:
    return RaidersOfScythia()


def playout(players: int, seed: int) -> Iterator[RaidersState]:
    """Every state of a random game, from the first to the last."""
    g = game()
    rng = random.Random(seed)
    state = g.new_state(players, seed=seed)
    yield state
    while g.to_act(state):
        actor = g.to_act(state)[0]
        if actor == CHANCE:
            move = g.sample_chance(state)
        else:
            move = rng.choice(g.legal_moves(state, actor))
        state, _ = g.apply(state, move)
        yield state
