"""Hints for every registered game: legal, and blind to what the advised seat cannot see.

Two states a seat cannot tell apart (one drawn from the other by ``hidden_variant``: other
seats' cards, deck orders, the seed) must give hints from the same distribution. The search
only ever sees states drawn by ``hidden_variant`` for the seat, so the two distributions are
equal in theory; the test compares 30 hints of each (fixed seeds, so it never flakes) and
allows the sampling noise of 30 draws. At these small budgets a search that peeked at the real
state would mostly pass here too: the test that catches a peeking search is
``tests/core/test_search.py`` (a game where another seat's secret decides the best move). This
one holds every registered game's ``hidden_variant`` and ``standing`` to what a hint needs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE
from arbiter.core.search import Search
from arbiter.games import registry

GAMES = list(registry())
#: Hints drawn from each of the two states, and playouts per hint.
DRAWS, PLAYOUTS = 30, 8
#: The largest total variation distance between the two samples of hints.
NOISE = 0.4

_encode = msgspec.json.Encoder().encode


def deciding(game: Any, decisions: int) -> tuple[Any, int]:
    """A state after about ``decisions`` random decisions where a seat chooses among several
    moves, and that seat."""
    rng = random.Random(17)
    state = game.new_state(2, seed=17)
    made = 0
    while True:
        actor = game.to_act(state)[0]
        moves = [] if actor == CHANCE else game.legal_moves(state, actor)
        if made >= decisions and len(moves) > 1:
            return state, actor
        move = game.sample_chance(state) if actor == CHANCE else rng.choice(moves)
        state, _ = game.apply(state, move)
        made += 1


def hints(game: Any, state: Any, seat: int) -> Counter[bytes]:
    drawn: Counter[bytes] = Counter()
    for seed in range(DRAWS):
        search = Search(game, state, seat, random.Random(seed))
        search.run(PLAYOUTS)
        assert search.best() in game.legal_moves(state, seat)
        assert all(0.0 <= o.value <= 1.0 for o in search.options())
        drawn[_encode(search.best())] += 1
    return drawn


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_hints_do_not_depend_on_what_the_seat_cannot_see(game: Any) -> None:
    state, seat = deciding(game, 60)
    other = game.hidden_variant(state, seat, random.Random(99))
    assert game.view(other, seat) == game.view(state, seat)
    assert other != state, "the variant differs in something hidden"
    first, second = hints(game, state, seat), hints(game, other, seat)
    distance = sum(abs(first[m] - second[m]) for m in first | second) / (2 * DRAWS)
    assert distance <= NOISE, (first, second)
