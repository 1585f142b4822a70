"""Answers the rules remember from one decision to the next give what a fresh look would
(«Размещение звезд»: a star is placed the moment its goal is reached)."""

from __future__ import annotations

from arbiter.games.scythe import stars
from arbiter.games.scythe.board import update_player
from tests.scythe.helpers import GAME, T
from tests.walks import random_states

GAMES = ((2, 11), (2, 14), (3, 12), (3, 15), (4, 16), (5, 13))


def test_a_player_whose_progress_earned_nothing_earns_nothing_again() -> None:
    """``stars.award`` skips a player whose stars, counts and tracks are those it last found
    earned nothing. Over random games, seat by seat and decision by decision, as played and
    with the seat's stars taken off (so that every goal it has reached is due), it places what
    ``_award`` (which always looks) places."""
    for players, seed in GAMES:
        states = [s for s in random_states(GAME, ((players, seed),)) if s.phase == "play"]
        placed: set[str] = set()
        for seat in range(players):
            for s in states:
                # as played (every star earned is placed), then with the seat's stars taken off
                for asked in (s, update_player(s, seat, stars=())):
                    remembered = stars.award(asked, T, seat, [])
                    assert remembered == stars._award(asked, T, seat, []), (s.step, seat)
                    placed.update(remembered.players[seat].stars)
        assert placed, (players, seed)
