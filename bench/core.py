"""Rules-core speed: random playouts in-process for every game and player count.

Prints decisions per second (chance decisions included): the median of several timed rounds.
Our bar is 10,000 decisions per second for every game; issue #12 aims at 20,000.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from arbiter.core.playout import random_playout
from arbiter.games import registry

#: Decisions per second every game must reach.
TARGET = 10_000
#: What issue #12 asks of every game.
GOAL = 20_000


def bench_core(
    seconds_per_round: float, rounds: int, games: Sequence[str] = ()
) -> list[tuple[str, int, float, int]]:
    """(game, players, decisions/s, games played) for every game (or those named in ``games``).

    The rounds are interleaved: round 1 of every game and player count, then round 2 of each,
    and so on. A slow spell of the machine (a shared VM's neighbours) then costs one round of
    several rows, which their medians leave out, not every round of the row it fell on. Each row
    plays its own seeds (1, 2, ... across its rounds), as when its rounds ran back to back.
    """
    rows = [
        (game, players)
        for game in registry()
        if not games or game.id in games
        for players in range(game.min_players, game.max_players + 1)
    ]
    rates: list[list[float]] = [[] for _ in rows]
    seeds = [1] * len(rows)
    for _ in range(rounds):
        for row, (game, players) in enumerate(rows):
            decisions = 0
            seed = seeds[row]
            start = time.perf_counter()
            while time.perf_counter() - start < seconds_per_round:
                _, n = random_playout(game, players, seed)
                decisions += n
                seed += 1
            rates[row].append(decisions / (time.perf_counter() - start))
            seeds[row] = seed
    return [
        (game.id, players, statistics.median(rates[row]), seeds[row] - 1)
        for row, (game, players) in enumerate(rows)
    ]


def run(seconds: float, rounds: int, games: Sequence[str] = ()) -> None:
    print("Rules core: random playouts in-process (median of rounds, interleaved across rows)")
    print(f"{'game':<24}{'players':>8}{'decisions/s':>14}{'games':>8}")
    for game_id, players, rate, played in bench_core(seconds, rounds, games):
        flag = "" if rate >= GOAL else "   < 20k goal" if rate >= TARGET else "   < 10k target"
        print(f"{game_id:<24}{players:>8}{rate:>14,.0f}{played:>8}{flag}", flush=True)
