"""Random games for tests that check a property of every state a game passes through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from arbiter.core import CHANCE


def random_states(game: Any, games: tuple[tuple[int, int], ...]) -> Iterator[Any]:
    """Every state of random games of (players, seed): chance drawn from the state's seed, each
    seat's move drawn from its legal moves by a generator seeded with the game's seed, and
    applied checked."""
    for players, seed in games:
        rng = random.Random(seed)
        s = game.new_state(players, seed=seed)
        while game.to_act(s):
            yield s
            actor = game.to_act(s)[0]
            move = (
                game.sample_chance(s) if actor == CHANCE else rng.choice(game.legal_moves(s, actor))
            )
            s, _ = game.apply(s, move)
