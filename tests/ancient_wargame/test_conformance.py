"""The generic conformance checks on the ancient wargame at every table size.

The game is not yet offered by the service (``arbiter.games.registry``), so the suite's own
parametrization (``tests/conformance``) does not reach it yet: this runs the same harness on it --
random playouts to the end with every listed move applied, mutated moves refused with the game's
codes, views and texts that hide what they must (sealed drafts, buildings under construction,
the science in study), every change of a view told by an event, take-backs, results.
"""

from __future__ import annotations

import pytest

from arbiter.games.ancient_wargame.game import AncientWargame
from tests.conformance.harness import check_random_game

GAME = AncientWargame()


@pytest.mark.parametrize("players", range(2, 7))
def test_random_game_conforms(players: int) -> None:
    check_random_game(GAME, players, seed=1)
