"""Random playouts: the driver behind the conformance tests and the benchmarks."""

from __future__ import annotations

import random
from typing import Any

from arbiter.core.game import Game
from arbiter.core.types import CHANCE


def random_playout(
    game: Game[Any, Any, Any, Any],
    players: int,
    seed: int,
    *,
    options: Any = None,
    max_decisions: int = 100_000,
) -> tuple[Any, int]:
    """Play one game with uniformly random player moves; chance comes from the state's seed.

    Returns the final state and the number of decisions taken (chance decisions included).
    """
    rng = random.Random(seed)
    state = game.new_state(players, options, seed=seed)
    decisions = 0
    while decisions < max_decisions:
        actors = game.to_act(state)
        if not actors:
            return state, decisions
        actor = actors[0]
        if actor == CHANCE:
            move = game.sample_chance(state)
        else:
            move = rng.choice(game.listed_moves(state, actor))
        state, _ = game.apply_unchecked(state, move)
        decisions += 1
    raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions (seed {seed})")
