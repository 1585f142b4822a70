"""Bounded cost: three benches of what one client can cost everybody else (never timed tests).

``probes`` -- health probes while long replays run. One worker (embedded cache) gets a burst of
long ``POST /v1/games/{game}/replay`` requests (random Scythe games of several thousand moves,
recorded in-process from the rules core), all at once, while ``GET /healthz`` is probed every
20 ms on a fresh connection, as an orchestrator would. Prints the probes' median, p95 and max
latency with and without the replays, and when each replay finished. Target: every probe under
100 ms (replays run one at a time per worker, in 2 ms slices).

``packs`` -- memory after registering 10,000 content packs. One worker gets 10,000 distinct small
valid packs (a game's default pack, its ``name`` varied) on one keep-alive connection; its RSS
(``VmRSS``) is read every 1,000. A process keeps ``ARBITER_CONTENT_BYTES`` of packs, one client at
most its share (``ARBITER_CLIENT_SHARE``), losing its own oldest first, so the series must level
off; at the end the first pack must be gone (404) and the last one kept.

``redis`` -- a frozen Redis. A private ``redis-server`` and one worker using it; ``wrk`` measures
open requests (``POST .../moves`` with a full ``state``), ``state_id`` requests (``POST .../moves``)
and sealed-game requests (``POST .../legal-moves`` with a ``state_token``; a sealed game lives in
the store) with Redis up, after ``kill -STOP`` of redis-server, and after ``kill -CONT``. Open
requests must be unaffected while Redis is frozen; the others must fail fast with 503.

Everything stays on 127.0.0.1, is bounded in count and time, and every process started here is
ended on the way out, failure or not.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from arbiter.core import CHANCE
from arbiter.games import registry
from bench.support import (
    Connection,
    WrkResult,
    arbiter_server,
    get,
    median,
    percentile,
    post,
    redis_server,
    rss_kib,
    serving_pid,
    status_of,
    table,
    wrk,
)
from bench.throughput import SHUFFLE_SEED, over_http, walk

#: Every health probe must answer within this many seconds.
PROBE_TARGET = 0.100

# ------------------------------------------------------------------------------ 1. probes


def record_game(game_id: str, players: int, seed: int, max_moves: int) -> bytes:
    """A valid replay body: a random game's player moves (no chance outcomes), at most
    ``max_moves`` of them; chance is drawn from the seed, exactly as the service replays it."""
    game = registry().get(game_id)
    rng = random.Random(seed)
    state = game.new_state(players, seed=seed)
    moves: list[Any] = []
    while len(moves) < max_moves:
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            state, _ = game.resolve_chance(state)
            continue
        move = rng.choice(game.legal_moves(state, actors[0]))
        state, _ = game.apply(state, move)
        moves.append(move)
    return msgspec.json.encode({"players": players, "seed": seed, "moves": moves})


def refused_at_first_move(body: bytes) -> bytes:
    """The same replay with its first move given to the other seat: the service receives and
    decodes the whole body, sets the game up, and refuses move 0 (``422``) -- so the time of
    that request is what a replay costs before its sliced loop."""
    request = json.loads(body)
    first = request["moves"][0]
    if isinstance(first.get("seat"), int):
        first["seat"] = (first["seat"] + 1) % request["players"]
    else:  # no seat to change: the last move first
        request["moves"].insert(0, request["moves"].pop())
    return json.dumps(request).encode()


@dataclass
class Probe:
    at: float  # when it was sent (time.perf_counter())
    seconds: float  # latency; the timeout when it failed
    status: int  # 0: no answer (timeout or connection error)


class Prober(threading.Thread):
    """``GET url`` every ``interval`` seconds (a fresh connection each, one at a time) until
    stopped; a probe that overruns its slot is followed at once by the next."""

    def __init__(self, url: str, interval: float, timeout: float = 5.0) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.interval = interval
        self.timeout = timeout
        self.probes: list[Probe] = []
        self.halt = threading.Event()

    def run(self) -> None:
        due = time.perf_counter()
        while not self.halt.is_set():
            start = time.perf_counter()
            try:
                status, seconds = status_of(self.url, timeout=self.timeout)
            except OSError:
                status, seconds = 0, time.perf_counter() - start
            self.probes.append(Probe(start, seconds, status))
            due += self.interval
            delay = due - time.perf_counter()
            if delay > 0:
                self.halt.wait(delay)
            else:
                due = time.perf_counter()


@dataclass
class Replay:
    index: int
    moves: int
    size: int
    status: int = 0
    started: float = float("nan")  # seconds since the burst began
    finished: float = float("nan")
    answer: int = 0  # bytes answered
    error: str = ""


def send_replay(url: str, body: bytes, timeout: float) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return int(response.status), response.read()
    except urllib.error.HTTPError as error:
        return int(error.code), error.read()


def probe_phase(url: str, interval: float, during: Callable[[], None]) -> list[Probe]:
    prober = Prober(url, interval)
    prober.start()
    try:
        during()
    finally:
        prober.halt.set()
        prober.join(timeout=10)
    return prober.probes


def probe_row(phase: str, probes: Sequence[Probe]) -> list[Any]:
    answered = [p.seconds * 1000 for p in probes if p.status == 200]
    slow = sum(1 for p in probes if p.status != 200 or p.seconds >= PROBE_TARGET)
    return [
        phase,
        len(probes),
        f"{median(answered):.1f}",
        f"{percentile(answered, 0.95):.1f}",
        f"{max(answered, default=float('nan')):.1f}",
        slow,
    ]


def bench_probes(
    replays: int, replay_moves: int, interval: float, idle_seconds: float, time_limit: float
) -> bool:
    game_id, players = "scythe", 2
    print(f"\nProbes under long replays: recording {replays} random {game_id} games", flush=True)
    bodies: list[bytes] = []
    for seed in range(1, 4 * replays + 1):  # games that last at least replay_moves moves
        body = record_game(game_id, players, seed, replay_moves)
        if len(json.loads(body)["moves"]) == replay_moves:
            bodies.append(body)
        if len(bodies) == replays:
            break
    else:
        raise RuntimeError(f"too few random {game_id} games last {replay_moves} moves")
    counts = [len(json.loads(body)["moves"]) for body in bodies]
    with arbiter_server() as server:
        url = f"{server.base}/v1/games/{game_id}/replay"
        health = f"{server.base}/healthz"
        for _ in range(2):  # the first one warms the worker up; the second is timed
            start = time.perf_counter()
            status, answer = send_replay(url, bodies[0], time_limit)
            solo = time.perf_counter() - start
        if status != 200:
            raise RuntimeError(f"a replay was refused ({status}): {answer[:300]!r}")
        refused = refused_at_first_move(bodies[0])
        before_loop = []
        for _ in range(5):
            start = time.perf_counter()
            status, answer = send_replay(url, refused, time_limit)
            before_loop.append(time.perf_counter() - start)
            if status != 422:
                raise RuntimeError(
                    f"a replay refused at move 0 answered {status}: {answer[:300]!r}"
                )
        idle = probe_phase(health, interval, lambda: time.sleep(idle_seconds))

        runs = [Replay(i, counts[i], len(bodies[i])) for i in range(replays)]
        gate = threading.Barrier(replays + 1)
        origin = [0.0]

        def fire(run: Replay) -> None:
            gate.wait(timeout=30)
            run.started = time.perf_counter() - origin[0]
            try:
                run.status, data = send_replay(url, bodies[run.index], time_limit)
                run.answer = len(data)
                if run.status != 200:
                    run.error = data[:200].decode(errors="replace")
            except OSError as error:
                run.error = repr(error)
            run.finished = time.perf_counter() - origin[0]

        def burst() -> None:
            threads = [threading.Thread(target=fire, args=(r,), daemon=True) for r in runs]
            for thread in threads:
                thread.start()
            time.sleep(0.2)  # some quiet probes first: the burst starts 0.2 s into the phase
            origin[0] = time.perf_counter()
            gate.wait(timeout=30)
            for thread in threads:
                thread.join(timeout=time_limit)
            time.sleep(0.2)

        busy = probe_phase(health, interval, burst)

    # The probes that overlapped the burst: answered after it began, sent before it ended.
    end = origin[0] + max((r.finished for r in runs if r.finished == r.finished), default=0.0)
    in_burst = [p for p in busy if p.at + p.seconds >= origin[0] and p.at <= end]
    table(
        f"Probe latency: GET /healthz every {interval * 1000:.0f} ms, fresh connection each, "
        f"one worker (target: every probe < {PROBE_TARGET * 1000:.0f} ms)",
        ["phase", "probes", "median ms", "p95 ms", "max ms", ">= 100 ms or failed"],
        [
            probe_row("idle", idle),
            probe_row(f"{replays} replays running", in_burst),
        ],
    )
    table(
        f"Replays: {game_id}, {players} players, sent at once on {replays} connections "
        f"(one alone took {solo:.2f} s)",
        ["replay", "moves", "body KiB", "status", "started s", "finished s", "answer KiB"],
        [
            [
                f"#{r.index + 1}", r.moves, f"{r.size / 1024:.0f}", r.status or r.error[:40],
                f"{r.started:.2f}", f"{r.finished:.2f}", f"{r.answer / 1024:.0f}",
            ]
            for r in runs
        ],
    )  # fmt: skip
    print(
        f"  one body refused at move 0 (received, decoded, set up; no sliced loop): "
        f"{median(before_loop) * 1000:.0f} ms median of 5"
    )
    slow = [p for p in in_burst if p.status != 200 or p.seconds >= PROBE_TARGET]
    for probe in slow[:10]:
        at = probe.at - origin[0]
        print(f"  slow probe at {at:6.2f} s: {probe.seconds * 1000:.0f} ms (status {probe.status})")
    ok = not slow and all(r.status == 200 for r in runs)
    print("  verdict:", "every probe < 100 ms" if ok else "TARGET MISSED (see above)", flush=True)
    return ok


# ------------------------------------------------------------------------------- 2. packs


@dataclass
class PackSeries:
    game: str
    pack_kib: float
    points: list[tuple[int, int, float]]  # packs registered, RSS KiB, seconds
    first_gone: bool
    last_kept: bool


def register_packs(game_id: str, count: int, every: int, time_limit: float) -> PackSeries:
    with arbiter_server() as server:
        default = get(f"{server.base}/v1/games/{game_id}")["default_content_id"]
        pack = get(f"{server.base}/v1/games/{game_id}/content/{default}")
        path = f"/v1/games/{game_id}/content"
        connection = Connection(server.port)
        points = [(0, rss_kib(serving_pid(server.pid)), 0.0)]
        ids: list[str] = []
        start = time.perf_counter()
        try:
            for n in range(1, count + 1):
                pack["name"] = f"Bench pack {n:05d}"  # one harmless value: a distinct content id
                status, data = connection.request(
                    "POST", path, json.dumps(pack, separators=(",", ":")).encode()
                )
                if status != 201:
                    raise RuntimeError(f"pack {n} was refused ({status}): {data[:300]!r}")
                ids.append(json.loads(data)["content_id"])
                elapsed = time.perf_counter() - start
                if n % every == 0 or n == count:
                    points.append((n, rss_kib(serving_pid(server.pid)), elapsed))
                if elapsed > time_limit:
                    points.append((n, rss_kib(serving_pid(server.pid)), elapsed))
                    print(f"  {game_id}: stopped after {n} packs ({time_limit:.0f} s limit)")
                    break
            first, _ = connection.request("GET", f"{path}/{ids[0]}")
            last, _ = connection.request("GET", f"{path}/{ids[-1]}")
        finally:
            connection.close()
    size = len(json.dumps(pack, separators=(",", ":"))) / 1024
    return PackSeries(game_id, size, points, first == 404, last == 200)


def bench_packs(games: Sequence[str], count: int, every: int, time_limit: float) -> bool:
    ok = True
    for game_id in games:
        print(f"\nRSS under content packs: registering {count:,} {game_id} packs", flush=True)
        series = register_packs(game_id, count, every, time_limit)
        base = series.points[0][1]
        rows = []
        for n, kib, seconds in series.points:
            rows.append(
                [f"{n:,}", f"{kib / 1024:.1f}", f"{(kib - base) / 1024:+.1f}", f"{seconds:.1f}"]
            )
        table(
            f"RSS of one worker after registering {game_id} packs "
            f"({series.pack_kib:.0f} KiB of JSON each; the game keeps 64 besides its default)",
            ["packs", "RSS MiB", "vs start MiB", "seconds"],
            rows,
        )
        registered = series.points[-1][0]
        half = [p for p in series.points if p[0] >= registered // 2]
        late = (half[-1][1] - half[0][1]) / 1024 if len(half) > 1 else float("nan")
        first = series.points[1][1] if len(series.points) > 1 else base
        early = (first - base) / 1024
        print(
            f"  growth: first {series.points[1][0] if len(series.points) > 1 else 0:,} packs "
            f"{early:+.1f} MiB; from {half[0][0]:,} to {half[-1][0]:,} packs {late:+.1f} MiB; "
            f"first pack {'dropped (404)' if series.first_gone else 'STILL KEPT'}, "
            f"last pack {'kept' if series.last_kept else 'MISSING'}"
        )
        # Level: the second half of the run adds under 5 MiB (allocator noise, no per-pack cost).
        good = late < 5.0 and series.first_gone and series.last_kept
        print("  verdict:", "levels off" if good else "DOES NOT LEVEL OFF", flush=True)
        ok = ok and good
    return ok


# ------------------------------------------------------------------------------- 3. redis


@dataclass
class Kind:
    name: str
    path: str
    bodies: list[str]


def wait_status(url: str, wanted: int, limit: float) -> float:
    """Seconds until ``GET url`` answers ``wanted`` (polled every 50 ms), ``nan`` if never."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        try:
            status, _ = status_of(url, timeout=2)
        except OSError:
            status = 0
        if status == wanted:
            return time.perf_counter() - start
        time.sleep(0.05)
    return float("nan")


def bench_redis(game_id: str, seconds: float, connections: int) -> bool:
    print(f"\nFrozen Redis: {game_id}, wrk -t1 -c{connections}, {max(1, round(seconds))}s runs")
    results: list[tuple[str, str, WrkResult]] = []
    notes: list[str] = []
    with redis_server() as (redis, redis_port):
        url = f"redis://127.0.0.1:{redis_port}/0"
        with arbiter_server(redis_url=url) as server:
            steps = walk(over_http(server.base), game_id, 200)
            random.Random(SHUFFLE_SEED).shuffle(steps)
            if any(step["envelope"]["state_id"] is None for step in steps):
                raise RuntimeError("an answer carried no state_id while Redis was up")
            sealed = [
                post(f"{server.base}/v1/games/{game_id}/states",
                     {"players": 3, "seed": seed, "sealed": True})["state_token"]
                for seed in range(1, 21)
            ]  # fmt: skip
            kinds = [
                Kind("open (full state)", f"/v1/games/{game_id}/moves", [
                    json.dumps({"state": s["envelope"]["state"], "move": s["move"]}) for s in steps
                ]),
                Kind("state_id", f"/v1/games/{game_id}/moves", [
                    json.dumps({"state_id": s["envelope"]["state_id"], "move": s["move"]})
                    for s in steps
                ]),
                Kind("sealed (state_token)", f"/v1/games/{game_id}/legal-moves", [
                    json.dumps({"state_token": token}) for token in sealed
                ]),
            ]  # fmt: skip

            def measure(phase: str) -> None:
                for kind in kinds:
                    result = wrk(server.base + kind.path, kind.bodies, seconds, connections)
                    results.append((phase, kind.name, result))

            def first_requests(phase: str) -> None:
                for kind in kinds:
                    status, took = status_of(server.base + kind.path, kind.bodies[0].encode())
                    notes.append(
                        f"{phase}: first {kind.name} request {status} in {took * 1000:.1f} ms"
                    )

            for kind in kinds:  # warm up: every body once through the memo, connections made
                wrk(server.base + kind.path, kind.bodies, 1, connections)
            measure("redis up")
            os.kill(redis.pid, signal.SIGSTOP)
            try:
                first_requests("after STOP")
                measure("redis frozen")
                took = wait_status(server.base + "/readyz", 503, 5)
                notes.append(f"redis frozen: /readyz answered 503 within {took * 1000:.0f} ms")
            finally:
                os.kill(redis.pid, signal.SIGCONT)
            took = wait_status(server.base + "/readyz", 200, 10)
            notes.append(f"after CONT: /readyz answered 200 after {took * 1000:.0f} ms")
            first_requests("after CONT")
            measure("redis resumed")
    table(
        "Requests under a frozen Redis (SIGSTOP), one worker; latency in ms",
        ["phase", "requests", "rps", "p50", "p99", "max", "statuses"],
        [
            [phase, kind, f"{r.rps:,.0f}", f"{r.p50:.1f}", f"{r.p99:.1f}", f"{r.max:.1f}",
             r.status_text()]
            for phase, kind, r in results
        ],
        left=2,
    )  # fmt: skip
    for note in notes:
        print(f"  {note}")
    by = {(phase, kind): r for phase, kind, r in results}
    up = by[("redis up", kinds[0].name)]
    frozen = by[("redis frozen", kinds[0].name)]
    open_ok = frozen.rps >= 0.8 * up.rps and set(frozen.statuses) == {200} and not frozen.errors
    fast = all(
        set(by[("redis frozen", k.name)].statuses) == {503}
        and by[("redis frozen", k.name)].p99 < 50
        and not by[("redis frozen", k.name)].errors
        for k in kinds[1:]
    )
    back = all(set(by[("redis resumed", k.name)].statuses) == {200} for k in kinds)
    print(
        "  verdict:",
        f"open requests {'unaffected' if open_ok else 'AFFECTED'};",
        f"store requests {'fail fast with 503' if fast else 'DO NOT FAIL FAST'};",
        f"{'all back after CONT' if back else 'NOT ALL BACK AFTER CONT'}",
        flush=True,
    )
    return open_ok and fast and back
