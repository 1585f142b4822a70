"""Chance decisions resolved from the state's secret seed and step counter.

The same (seed, step) always gives the same outcome, so a game replays exactly from its seed and
its list of player moves, and no client that lacks the seed can predict the next outcome.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

from arbiter.core.types import ChanceOutcome, Move

T = TypeVar("T")


def generator(seed: int, step: int) -> random.Random:
    """A generator private to decision ``step`` of the game seeded with ``seed``."""
    digest = hashlib.blake2b(f"{seed}:{step}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def pick(outcomes: Sequence[ChanceOutcome], rng: random.Random) -> Move:
    """Draw one outcome in proportion to its weight."""
    if not outcomes:
        raise ValueError("a chance decision needs at least one outcome")
    total = sum(o.weight for o in outcomes)
    ticket = rng.randrange(total)
    for outcome in outcomes:
        ticket -= outcome.weight
        if ticket < 0:
            return outcome.move
    raise AssertionError("unreachable: weights exhausted")  # pragma: no cover


def pick_uniform(choices: Sequence[T], rng: random.Random) -> T:
    """The choice of the outcome :func:`pick` draws from outcomes of weight 1, one per choice in
    this order, with the same generator -- without building those outcomes (a card drawn from a
    deck of dozens)."""
    if not choices:
        raise ValueError("a chance decision needs at least one outcome")
    return choices[rng.randrange(len(choices))]
