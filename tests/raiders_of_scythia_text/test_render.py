"""The text of a view: made of the view alone, readable, and never showing another seat's hand."""

from __future__ import annotations

import random

import pytest

from arbiter.core.render import render_generic
from arbiter.games.raiders_of_scythia import render
from arbiter.games.raiders_of_scythia.state import RaidersState

from .helpers import game, playout

SECTIONS = ("Village (building, worker, notes):", "Raid area", "Animal display:", "Decks:")


def text(state: RaidersState, seat: int | None) -> str:
    g = game()
    view = g.view(state, seat)
    return render.render_view(view, g.tables(view.content_id))  # raises if it cannot be made


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_texts_at_many_points_of_random_games(players: int, seed: int) -> None:
    g = game()
    rng = random.Random(seed)
    states = list(playout(players, seed))
    points = sorted({0, len(states) - 1, *rng.sample(range(len(states)), 12)})
    raids = 0
    for i in points + [j for j, s in enumerate(states) if s.raid is not None][:3]:
        state = states[i]
        for seat in (None, *range(players)):
            out = text(state, seat)
            assert all(section in out for section in SECTIONS), out
            assert ("Now: " in out) == bool(state.pending), out
            view = g.view(state, seat)
            assert g.render_view(view) == out != render_generic(view)
            assert ("The chief (" in out) == (players == 1)
            assert all(f"Seat {i}" in out or f"seat {i}" in out for i in range(players))
        if state.raid is not None:
            raids += 1
            assert "Raid under way:" in text(state, None)
    assert raids
    assert "The game is over." in text(states[-1], None)


def test_a_seat_sees_its_own_hand_and_not_another() -> None:
    g = game()
    state = next(s for s in playout(2, 7) if s.phase == "play" and s.players[1].hand)
    mine, theirs = state.players[0].hand, state.players[1].hand
    t = g.tables(state.content_id)
    out = text(state, 0)
    block = out[out.index("Seat 0 (you)") : out.index("Seat 1")]
    assert f"hand ({len(mine)}):" in block
    assert all(t.crew[c].name in block for c in mine)
    other = out[out.index("Seat 1") :]
    assert f"hand: {len(theirs)} card" in other
    assert not any(t.crew[c].name in other.split("  hand:")[1] for c in theirs)
    # The same text whatever the cards this seat cannot see.
    rng = random.Random(3)
    for seat in (0, 1):
        for _ in range(5):
            variant = g.hidden_variant(state, seat, rng)
            assert text(variant, seat) == text(state, seat)


def test_the_village_table_and_a_settlement() -> None:
    state = next(iter(playout(3, 1)))
    out = text(state, None)
    assert "  Stables       -     closed to blue" in out
    assert "  Town Centre   blue" in out
    assert "bands <10: 0 VP + 2 wounds; 10+: 2 VP; 16+: 4 VP" in out
    assert (
        "assyria-centre (Assyrian walled town): grey/red workers, 3+ crew, pay 2 provisions" in out
    )
