"""``make bench``: rules-core speed, HTTP throughput, and bounded cost under abuse.

Parts (``--only`` picks some, comma-separated; all of them by default):

* ``core`` (:mod:`bench.core`) -- random playouts in-process, decisions per second per game and
  player count; our bar is 20,000 for every game.
* ``http`` (:mod:`bench.throughput`) -- ``wrk`` against ``POST .../moves`` next to ``POST
  /v1/echo`` with the same bodies, ``repeat`` and ``distinct`` (200 shuffled bodies, memo off);
  our bar is a ratio of at least 0.5.
* ``graphql`` (:mod:`bench.graphql`) -- GraphQL ``applyMove`` next to REST ``moves`` in-process,
  the same distinct requests; the bar is 0.5, and the floor Strawberry puts under it is printed.
* ``instructions`` (:mod:`bench.instructions`) -- CPU instructions per ``moves`` request under
  callgrind, next to echo's and the rules' own: the service's own cost, which does not depend on
  what else the machine does (needs ``valgrind``).
* ``workers`` (:mod:`bench.workers`) -- two workers with Redis against one, for every game (the
  goal is 1.8x; on 2 cores wrk shares them).
* ``live`` (:mod:`bench.live`) -- 1,000 subscribers to the event streams of sealed games on one
  worker: p50 and p99 of the time from a move's answer to its update at every subscriber, and the
  worker's memory per subscriber.
* ``hints`` (:mod:`bench.hints`) -- 20 two-player games per game, one seat on 100-iteration hints,
  the other at random: the share the hinted seat wins (goal: 90% in every game). The longest part
  (most of an hour on 2 cores: Scythe's games are thousands of decisions).
* ``bounded`` = ``probes``, ``packs`` and ``redis`` (:mod:`bench.bounded`) -- ``/healthz`` latency
  while 8 long replays run (target: every probe < 100 ms); the RSS of a worker registering 10,000
  content packs (must level off); a frozen Redis (SIGSTOP), where open requests must be unaffected
  and ``state_id`` and sealed requests fail fast with 503.
* ``fairness`` (:mod:`bench.fairness`) -- an honest client's p50/p99 latency quiet and while
  another client (another key) floods the same worker with sealed games, open states or hints;
  the goal is within 2x, and the honest client never refused nor left without a ``state_id``.

Beside ``make bench``: ``python -m bench.turns --against 39d2571`` (Scythe player turns per second
with every move checked, next to an earlier commit, and a late decision's cost against an early
one's), ``python -m bench.request_profile`` (a ``moves`` request's profile in-process, ASGI
driven directly), ``python -m bench.hints --only rate`` (playouts per second of hints) and ``python -m bench.balance`` (the ancient wargame's balance tables).

Every server runs on 127.0.0.1 on a free port and is ended on the way out; every load loop is
bounded in count and time. These are benchmarks to read, not tests: the exit status is 0 unless a
part fails to run.

Examples: ``python -m bench --only bounded``, ``python -m bench --only probes --seconds 1``,
``python -m bench --only packs --packs 2000``.
"""

from __future__ import annotations

import argparse
import signal
import sys

from bench import (
    bounded,
    core,
    fairness,
    graphql,
    hints,
    instructions,
    live,
    throughput,
    workers,
)

PARTS = (
    "core", "http", "graphql", "instructions", "workers", "live", "hints", "probes", "packs",
    "redis", "fairness",
)  # fmt: skip
GROUPS = {"all": PARTS, "bounded": ("probes", "packs", "redis", "fairness")}


def parts(text: str) -> list[str]:
    chosen: list[str] = []
    for word in (w.strip() for w in text.split(",") if w.strip()):
        names = GROUPS.get(word, (word,))
        for name in names:
            if name not in PARTS:
                choices = ", ".join([*PARTS, *GROUPS])
                raise argparse.ArgumentTypeError(f"unknown part {name!r} (choose from {choices})")
            if name not in chosen:
                chosen.append(name)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--only", type=parts, default="all",
        help=f"parts to run, comma-separated: {', '.join(PARTS)}, or the groups bounded, all",
    )  # fmt: skip
    parser.add_argument("--skip-http", action="store_true", help="the rules core only")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed round")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds; the median is quoted")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections")
    parser.add_argument(
        "--games",
        default="",
        help="games of core, http and graphql, comma-separated (default: all)",
    )
    group = parser.add_argument_group("bounded cost")
    group.add_argument("--replays", type=int, default=8, help="long replays sent at once")
    group.add_argument("--replay-moves", type=int, default=8000, help="moves of each replay")
    group.add_argument("--probe-ms", type=float, default=20.0, help="interval of health probes")
    group.add_argument("--packs", type=int, default=10_000, help="content packs registered")
    group.add_argument("--pack-every", type=int, default=1000, help="RSS read every N packs")
    group.add_argument(
        "--pack-games", default="the-ancient-world,scythe", help="games whose packs are varied"
    )
    group.add_argument(
        "--redis-seconds", type=float, default=3.0, help="length of each wrk run (frozen Redis)"
    )
    group.add_argument(
        "--time-limit", type=float, default=180.0, help="seconds allowed for one load loop"
    )
    args = parser.parse_args()
    # Ctrl-C and SIGTERM unwind through the ``finally`` blocks that end our servers.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    chosen = ["core"] if args.skip_http else args.only
    games = [g.strip() for g in args.games.split(",") if g.strip()]

    if "core" in chosen:
        core.run(args.seconds, args.rounds, games)
    if "http" in chosen:
        throughput.run(args.seconds, args.rounds, args.connections, games)
    if "graphql" in chosen:
        graphql.run(args.rounds, games)
    if "instructions" in chosen:
        instructions.run(games)
    if "workers" in chosen:
        workers.run(args.seconds, args.rounds, args.connections, games)
    if "live" in chosen:
        live.run()
    if "hints" in chosen:
        hints.run(games)
    if "probes" in chosen:
        bounded.bench_probes(
            args.replays, args.replay_moves, args.probe_ms / 1000, 3.0, args.time_limit
        )
    if "packs" in chosen:
        games = [g.strip() for g in args.pack_games.split(",") if g.strip()]
        bounded.bench_packs(games, args.packs, args.pack_every, args.time_limit)
    if "redis" in chosen:
        bounded.bench_redis("the-ancient-world", args.redis_seconds, args.connections)
    if "fairness" in chosen:
        fairness.run(max(args.seconds, 3.0))


if __name__ == "__main__":
    main()
