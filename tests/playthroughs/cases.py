"""Which games are kept as golden playthroughs: a few seeds at the smallest and largest table.

Scythe keeps one seed per table size: its random games run to thousands of moves. Raiders of
Scythia keeps every table size, solo included (its solo game is another game: the chief's turns);
the ancient wargame every table size (its map is trimmed by the player count), one seed each.
"""

from __future__ import annotations

from typing import Any

from arbiter.core import Game
from arbiter.games import registry
from tests.toy import Pig

GAMES: list[Game[Any, Any, Any, Any]] = [Pig(), *registry()]

CASES: list[tuple[Game[Any, Any, Any, Any], int, int]] = [
    (game, players, seed)
    for game in GAMES
    for players in (
        range(game.min_players, game.max_players + 1)
        if game.id in ("raiders-of-scythia", "ancient-wargame")
        else sorted({game.min_players, game.max_players})
    )
    for seed in ((1,) if game.id in ("scythe", "raiders-of-scythia", "ancient-wargame") else (1, 2))
]
