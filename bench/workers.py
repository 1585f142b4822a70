"""Requests per second of one ``arbiter serve`` worker against two behind one port, both with
Redis as the shared store (issue #14): ``POST /v1/games/{game}/moves`` with 200 distinct states by
``state_id`` (shuffled, memo off, as ``bench http``'s ``distinct`` scenario), and ``POST /v1/echo``
with the same bodies, alternating rounds; medians.

On a 2-core machine ``wrk`` (one thread) shares the cores with the workers, so two workers cannot
show twice one worker's rate here: the figure to read is how much of a second core a second worker
turns into requests. ``make bench`` runs it for every game (part ``workers``); as a module::

    python -m bench.workers --game scythe --seconds 3 --rounds 3
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from arbiter.games import registry
from bench.support import arbiter_server, redis_server
from bench.throughput import DISTINCT, SHUFFLE_SEED, move_bodies, moves_and_echo, over_http

#: Two workers' rate over one worker's that issue #37 asks for.
GOAL = 1.8


def measure(
    game: str, workers: int, seconds: float, rounds: int, connections: int
) -> tuple[float, float]:
    """Median ``moves`` and ``echo`` requests per second of ``workers`` workers with Redis."""
    with (
        redis_server() as (_, port),
        arbiter_server(
            workers=workers, redis_url=f"redis://127.0.0.1:{port}/0", memo_bytes="1"
        ) as server,
    ):
        bodies = move_bodies(over_http(server.base), game, DISTINCT)["state_id"]
        random.Random(SHUFFLE_SEED).shuffle(bodies)
        return moves_and_echo(server.base, game, bodies, seconds, rounds, connections)


def run(seconds: float, rounds: int, connections: int, games: Sequence[str] = ()) -> None:
    """``make bench``'s part: one worker against two, for each game (#37, P4: goal 1.8x)."""
    print(f"\nWorkers with Redis: distinct moves by state_id, wrk -t1 -c{connections}")
    print(f"{'game':<24}{'1 worker':>11}{'2 workers':>11}{'ratio':>7}")
    for game in games or registry().ids():
        one, _ = measure(game, 1, seconds, rounds, connections)
        two, _ = measure(game, 2, seconds, rounds, connections)
        flag = "" if two >= GOAL * one else f"   < {GOAL:.1f}x goal (2 cores: see the docstring)"
        print(f"{game:<24}{one:>11,.0f}{two:>11,.0f}{two / one:>6.2f}x{flag}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="scythe")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    print(f"{args.game}, distinct moves by state_id with Redis, wrk -t1 -c{args.connections}")
    print(f"{'workers':>8}{'moves rps':>11}{'echo rps':>11}")
    rates = {}
    for workers in (1, 2):
        moves, echo = measure(args.game, workers, args.seconds, args.rounds, args.connections)
        rates[workers] = moves
        print(f"{workers:>8}{moves:>11,.0f}{echo:>11,.0f}")
    print(f"two workers / one: {rates[2] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()
