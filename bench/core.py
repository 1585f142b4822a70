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
    """(game, players, decisions/s, games played) for every game (or those named in ``games``)."""
    rows = []
    for game in registry():
        if games and game.id not in games:
            continue
        for players in range(game.min_players, game.max_players + 1):
            rates = []
            seed = 1
            for _ in range(rounds):
                decisions = 0
                start = time.perf_counter()
                while time.perf_counter() - start < seconds_per_round:
                    _, n = random_playout(game, players, seed)
                    decisions += n
                    seed += 1
                rates.append(decisions / (time.perf_counter() - start))
            games_played = seed - 1
            rows.append((game.id, players, statistics.median(rates), games_played))
    return rows


def run(seconds: float, rounds: int, games: Sequence[str] = ()) -> None:
    print("Rules core: random playouts in-process (median of rounds)")
    print(f"{'game':<24}{'players':>8}{'decisions/s':>14}{'games':>8}")
    for game_id, players, rate, played in bench_core(seconds, rounds, games):
        flag = "" if rate >= GOAL else "   < 20k goal" if rate >= TARGET else "   < 10k target"
        print(f"{game_id:<24}{players:>8}{rate:>14,.0f}{played:>8}{flag}", flush=True)
