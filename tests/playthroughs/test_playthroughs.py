"""Each recorded game replays move for move to the same states and the same result.

(``tests/api/test_records.py`` sends each golden file, a game record, to ``POST /replay`` as it
is.)
"""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.core import Game
from tests.playthroughs.cases import CASES
from tests.playthroughs.golden import (
    dump,
    dump_hashes,
    hashes_path,
    load,
    load_hashes,
    path_for,
    record,
    replay,
)


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [pytest.param(g, p, s, id=f"{g.id}-{p}p-seed{s}") for g, p, s in CASES],
)
def test_golden_playthrough_replays(
    game: Game[Any, Any, Any, Any], players: int, seed: int
) -> None:
    path = path_for(game.id, players, seed)
    assert path.exists(), f"{path.name} is missing: run `make playthroughs` and review the diff"
    golden = load(game, path)
    golden_hashes = load_hashes(path)
    assert (golden.game, golden.rules_version) == (game.id, game.rules_version)
    hashes, result = replay(game, golden)
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(hashes, golden_hashes, strict=False)) if a != b),
        None,
    )
    assert first_difference is None, f"state after move {first_difference} differs"
    assert hashes == golden_hashes
    assert result == golden.result
    # Recording again from the seed gives the same files: the random driver is deterministic.
    again, again_hashes = record(game, players, seed)
    assert dump(again) == path.read_bytes()
    assert dump_hashes(again_hashes) == hashes_path(path).read_bytes()
