"""Live tables under load: many subscribers to the event streams of sealed games on one worker.

One ``arbiter serve`` worker (embedded store), ``--subscribers`` streams (1,000 by default) held
open on the tables of ``--tables`` sealed games of ``--game`` (spread over each table's seats
and a spectator), then ``--moves`` moves made one after another through each table's master,
round robin. For every move it measures, at every subscriber of that table, how long after the
move's answer reached the mover its update arrived (and after the move was sent: the service
publishes a change before it answers, so an update may arrive before the answer), and:

* **latency** -- p50 and p99 over every (move, subscriber), on loopback;
* **memory per subscriber** -- the worker's resident memory with the streams open (each told
  its first update) less before them, divided by their count.

The subscribers are asyncio connections of this process reading raw Server-Sent Events; the
worker may hold more connections than its defaults for the run (``ARBITER_MAX_CONNECTIONS``,
``ARBITER_MAX_STREAMS``, ``ARBITER_CLIENT_STREAMS``) and the open-file limit is raised to allow
it. ``make bench`` runs it (part ``live``); as a module::

    python -m bench.live --subscribers 1000 --tables 10 --moves 40 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time
from dataclasses import dataclass, field
from typing import Any

from bench.support import HOST, arbiter_server, median, percentile, rss_kib, serving_pid


@dataclass
class Subscriber:
    """One stream: when each version's update arrived."""

    path: str
    arrived: dict[int, float] = field(default_factory=dict)
    first: asyncio.Event = field(default_factory=asyncio.Event)


async def subscribe(port: int, subscriber: Subscriber, stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
    writer.write(f"GET {subscriber.path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"a stream was refused: {head[:200]!r}")
    waiting = asyncio.ensure_future(stop.wait())
    try:
        while not stop.is_set():
            reading = asyncio.ensure_future(reader.readuntil(b"\n\n"))
            await asyncio.wait({reading, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if not reading.done():
                reading.cancel()
                break
            block = reading.result()
            now = time.perf_counter()
            for line in block.split(b"\n"):
                if line.startswith(b"id: "):
                    subscriber.arrived.setdefault(int(line[4:]), now)
                    subscriber.first.set()
    finally:
        waiting.cancel()
        writer.close()


async def call(port: int, method: str, path: str, body: Any = None) -> Any:
    reader, writer = await asyncio.open_connection(HOST, port)
    data = b"" if body is None else json.dumps(body).encode()
    writer.write(
        f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
        + data
    )
    await writer.drain()
    answer = await reader.read()
    writer.close()
    head, _, payload = answer.partition(b"\r\n\r\n")
    if not head.startswith((b"HTTP/1.1 200", b"HTTP/1.1 201")):
        raise RuntimeError(f"{method} {path}: {head[:100]!r} {payload[:300]!r}")
    return json.loads(payload)


async def measure(
    port: int, pid: int, game: str, subscribers: int, tables: int, moves: int
) -> dict[str, float]:
    base = f"/v1/games/{game}"
    masters = [
        await call(port, "POST", f"{base}/states", {"players": 2, "seed": 100 + t, "sealed": True})
        for t in range(tables)
    ]
    watchers = [
        (await call(port, "POST", f"{base}/spectators", {"state_token": m["state_token"]}))[
            "state_token"
        ]
        for m in masters
    ]
    handles = [[*m["seat_tokens"], w] for m, w in zip(masters, watchers, strict=True)]
    by_table: list[list[Subscriber]] = [[] for _ in range(tables)]
    for k in range(subscribers):
        table = k % tables
        held = handles[table][(k // tables) % len(handles[table])]
        by_table[table].append(Subscriber(f"{base}/tables/{held}/events"))
    stop = asyncio.Event()
    before = rss_kib(pid)
    tasks = [asyncio.ensure_future(subscribe(port, s, stop)) for group in by_table for s in group]
    everyone = [s for group in by_table for s in group]
    await asyncio.wait_for(asyncio.gather(*(s.first.wait() for s in everyone)), 120)
    await asyncio.sleep(0.5)
    held_kib = rss_kib(pid) - before
    tokens = [m["state_token"] for m in masters]
    legal = [m["legal_moves"] for m in masters]
    versions = [0] * tables
    after_answer: list[float] = []
    after_send: list[float] = []
    round_trips: list[float] = []
    for n in range(moves):
        table = n % tables
        sent = time.perf_counter()
        moved = await call(
            port, "POST", f"{base}/moves", {"state_token": tokens[table], "move": legal[table][0]}
        )
        answered = time.perf_counter()
        round_trips.append(answered - sent)
        tokens[table], legal[table] = moved["state_token"], moved["legal_moves"]
        versions[table] += 1
        version = versions[table]
        group = by_table[table]
        deadline = time.perf_counter() + 30
        while any(version not in s.arrived for s in group) and time.perf_counter() < deadline:
            await asyncio.sleep(0.001)
        late = [s for s in group if version not in s.arrived]
        if late:
            raise RuntimeError(f"{len(late)} subscribers never got version {version}")
        after_answer += [s.arrived[version] - answered for s in group]
        after_send += [s.arrived[version] - sent for s in group]
        if not legal[table]:
            raise RuntimeError("a table's game ended during the bench: fewer moves")
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "p50_answer_ms": percentile(after_answer, 0.5) * 1000,
        "p99_answer_ms": percentile(after_answer, 0.99) * 1000,
        "p50_send_ms": percentile(after_send, 0.5) * 1000,
        "p99_send_ms": percentile(after_send, 0.99) * 1000,
        "kib_per_subscriber": held_kib / subscribers,
        "move_ms": percentile(round_trips, 0.5) * 1000,
    }


def run(
    game: str = "the-ancient-world",
    subscribers: int = 1000,
    tables: int = 10,
    moves: int = 40,
    rounds: int = 3,
) -> dict[str, float]:
    """``rounds`` runs, each on a fresh worker; every figure printed is the median of the
    rounds' own."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4 * subscribers + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    limits = {
        "max_connections": str(subscribers + 100),
        "max_streams": str(subscribers + 10),
        "client_streams": str(subscribers + 10),
    }
    runs = []
    for _ in range(rounds):
        with arbiter_server(**limits) as server:
            pid = serving_pid(server.pid)
            runs.append(asyncio.run(measure(server.port, pid, game, subscribers, tables, moves)))
    result = {name: median([r[name] for r in runs]) for name in runs[0]}
    print(
        f"live tables, {game}: {subscribers} subscribers on {tables} tables, one worker, "
        f"{moves} moves; medians of {rounds} rounds\n"
        f"  update after the move was sent: p50 {result['p50_send_ms']:.2f} ms, "
        f"p99 {result['p99_send_ms']:.2f} ms (the move's own round trip: p50 "
        f"{result['move_ms']:.2f} ms)\n"
        f"  update after the move's answer reached the mover: p50 {result['p50_answer_ms']:.2f} "
        f"ms, p99 {result['p99_answer_ms']:.2f} ms (negative: before it; this process reads "
        "every subscriber too)\n"
        f"  memory per subscriber: {result['kib_per_subscriber']:.1f} KiB"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="the-ancient-world")
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3, help="fresh workers, medians printed")
    args = parser.parse_args()
    run(args.game, args.subscribers, args.tables, args.moves, args.rounds)


if __name__ == "__main__":
    main()
