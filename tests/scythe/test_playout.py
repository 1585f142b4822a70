"""Random games of Scythe, for every player count.

The generic conformance harness plays Scythe's random games of seeds 1-3 at 2-5 players
(``tests/conformance/test_conformance.py``); these tests ask what is Scythe's own of random
games: that they end, and end as the rulebook says.
"""

from __future__ import annotations

import random

import pytest

from arbiter.core.playout import random_playout
from arbiter.games.scythe.moves import AddCombatCard, CommitPower
from arbiter.games.scythe.state import Battle
from tests.scythe.helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_with_a_sixth_star(players: int, seed: int) -> None:
    state, decisions = random_playout(GAME, players, seed)
    assert state.phase == "over"
    assert GAME.result(state) is not None
    assert any(len(p.stars) == 6 for p in state.players), "the game ends with a sixth star"
    assert decisions < 20_000


def test_the_chosen_assignment_and_tournament_games_end_too() -> None:
    from arbiter.games.scythe.options import ScytheOptions

    options = ScytheOptions(assignment="chosen", tournament=True)
    state, _ = random_playout(GAME, 3, seed=5, options=options)
    assert GAME.result(state) is not None


def test_same_seed_same_game() -> None:
    assert random_playout(GAME, 4, seed=3) == random_playout(GAME, 4, seed=3)


def test_battle_choices_stay_hidden_until_the_reveal() -> None:
    rng = random.Random(0)
    seen = 0
    for seed in range(1, 30):
        state = GAME.new_state(2, seed=seed)
        state, _ = GAME.resolve_chance(state)
        while GAME.to_act(state) and seen < 3:
            actors = GAME.to_act(state)
            task = state.pending[-1] if state.pending else None
            if isinstance(task, Battle) and task.stage == "choose" and len(actors) == 2:
                a = task.attacker
                moves = [
                    m
                    for m in GAME.legal_moves(state, a)
                    if isinstance(m, AddCombatCard | CommitPower)
                ]
                after, _ = GAME.apply(state, moves[-1])
                defender_view = GAME.view(after, task.defender)
                assert defender_view == GAME.view(
                    GAME.hidden_variant(after, task.defender, rng), task.defender
                )
                seen += 1
            actor = actors[0]
            move = (
                GAME.sample_chance(state)
                if actor == "chance"
                else rng.choice(GAME.legal_moves(state, actor))
            )
            state, _ = GAME.apply(state, move)
        if seen >= 3:
            break
    assert seen >= 1
