"""Random playouts over several seeds and every player count: every listed move applies, mutated
moves are refused with a rule code, the invariants and the hidden information hold."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import msgspec
import pytest

from arbiter.core import CHANCE, IllegalMove
from arbiter.core.playout import random_playout
from arbiter.games.the_ancient_world import TheAncientWorld
from arbiter.games.the_ancient_world.moves import AncientWorldMove, Pass
from arbiter.games.the_ancient_world.options import AncientWorldOptions
from arbiter.games.the_ancient_world.state import AncientWorldState

from .helpers import game


@pytest.fixture(scope="module")
def default_game() -> TheAncientWorld:
    return TheAncientWorld()


def mutations(move: Any) -> list[Any]:
    """Moves like ``move`` with one field changed (those that still decode)."""
    data = msgspec.to_builtins(move)
    out = []
    for key, value in data.items():
        if key == "type":
            continue
        for new in (
            [value + 7, -1]
            if isinstance(value, int) and not isinstance(value, bool)
            else ["no-such-card"]
            if isinstance(value, str)
            else [not value]
            if isinstance(value, bool)
            else []
        ):
            with contextlib.suppress(msgspec.ValidationError):
                out.append(msgspec.convert({**data, key: new}, AncientWorldMove))
    return out


def checked_playout(g: TheAncientWorld, players: int, seed: int, plus: bool) -> AncientWorldState:
    rng = random.Random(seed)
    s = g.new_state(players, AncientWorldOptions(expand_borders_plus=plus), seed=seed)
    for _ in range(5000):
        actors = g.to_act(s)
        if not actors:
            break
        g.check_state(s)
        actor = actors[0]
        moves = g.legal_moves(s, actor)
        assert moves, g.render(s)
        # Every listed move is accepted by the checked apply (and leaves a valid state).
        for listed in moves:
            after, _ = g.apply(s, listed)
            if rng.random() < 0.05:
                g.check_state(after)
        if actor == CHANCE:
            move = g.sample_chance(s)
        else:
            move = rng.choice(moves)
            if isinstance(move, Pass) and rng.random() < 0.8:  # play longer rounds
                move = rng.choice(moves)
        for bad in mutations(move):
            if bad not in moves:
                with pytest.raises(IllegalMove) as err:
                    g.apply(s, bad)
                assert err.value.code.startswith("the-ancient-world."), err.value.code
        if rng.random() < 0.1:
            seat = rng.choice([None, *range(players)])
            variant = g.hidden_variant(s, seat, random.Random(seed))
            g.check_state(variant)
            assert g.view(variant, seat) == g.view(s, seat)
        s, _ = g.apply(s, move)
    assert g.result(s) is not None
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_checked_random_playout_default_pack(
    default_game: TheAncientWorld, players: int, seed: int
) -> None:
    s = checked_playout(default_game, players, seed, plus=bool(seed % 2))
    result = default_game.result(s)
    assert result is not None and len(result.scores) == players
    assert "round 6 of 6" in default_game.render(s)


@pytest.mark.parametrize("players", [2, 4])
def test_checked_random_playout_test_pack(players: int) -> None:
    checked_playout(game(), players, 7, plus=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_reach_a_result(default_game: TheAncientWorld, players: int) -> None:
    for seed in range(10):
        s, decisions = random_playout(default_game, players, seed)
        assert default_game.result(s) is not None and decisions > 50


def test_view_never_shows_the_seed_or_hidden_cards(default_game: TheAncientWorld) -> None:
    g = default_game
    s = g.new_state(3, seed=5)
    s, _ = g.resolve_chance(s)
    for seat in (None, 0, 1):
        text = msgspec.json.encode(g.view(s, seat)).decode()
        assert '"seed"' not in text
        for card in s.empire_a.middle + s.army.middle + s.titan_1.middle + s.province.middle:
            assert card not in text
