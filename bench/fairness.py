"""Fairness: an honest client's latency while another client floods the same worker.

One ``arbiter serve`` (one worker, embedded store, default quotas) with two API keys, ``honest``
and ``flood``. The honest client plays on one keep-alive connection, one request after another:
it starts an open game and applies its first legal move by ``state_id`` again and again (a new
game when one ends), or sends short replays. Each scenario runs it for ``seconds`` quietly, then
as long again while ``wrk`` sends the flood's requests with the other key:

* ``sealed games`` -- new sealed games as fast as the flood's connections go (the flood that used
  to starve every other client of the store);
* ``open states`` -- new open states, each a ``state_id`` the store keeps;
* ``hints`` -- hints of 0.1 s each (long tasks: turns by client, slice by slice).

What keeps the honest client's latency near its quiet one: the flood's requests wait while it
has used more than its share of the worker's time (:mod:`arbiter.api.fair_share`), so that the
honest requests mostly find the worker free instead of behind one of the flood's; its hints
pass the turn at the end of each slice (:mod:`arbiter.api.long_tasks`). What remains is the p99:
a request that arrives while one of the flood's runs waits for its end (a worker does not stop
a request once begun), so p99 under a flood is about the flood's costliest request.

Printed: the honest requests' p50 and p99 quiet and flooded and their ratio (the goal: within
2x), how many of its answers lacked a ``state_id`` or failed, and what the flood got (its rate
and statuses: past its share it is refused, alone).

The server runs on a core of its own, the clients on the others (:func:`cores_apart`), as in a
deployment where clients run elsewhere. The honest loop is Python and shares its core with the
flood's ``wrk``, so its latency grows with the flood's CPU as well as with the server's turns;
the last row, the honest client as ``wrk -c1``, measures the server's turns alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbiter.api.clients import key_digest
from bench.bounded import record_game
from bench.support import (
    Connection,
    WrkResult,
    arbiter_server,
    percentile,
    table,
    wrk,
)
from bench.throughput import walk

GAME = "the-ancient-world"
KEYS = {"honest": "honest-bench-key-0123456789abcdef", "flood": "flood-bench-key-0123456789abcdef"}


@dataclass
class Honest:
    """What the honest client saw: each request's latency (ms), answers without an id, errors."""

    latencies: list[float] = field(default_factory=list)
    without_id: int = 0
    errors: dict[int, int] = field(default_factory=dict)

    def row(self) -> tuple[float, float]:
        return percentile(self.latencies, 0.5), percentile(self.latencies, 0.99)


def play(connection: Connection, seconds: float) -> Honest:
    """Moves by ``state_id`` along open games, one after another, for ``seconds``."""
    seen = Honest()
    answer: Any = None
    seed = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if answer is None or not answer["legal_moves"] or answer["state_id"] is None:
            seed += 1
            path, body = f"/v1/games/{GAME}/states", {"players": 3, "seed": seed}
        else:
            path = f"/v1/games/{GAME}/moves"
            body = {"state_id": answer["state_id"], "move": answer["legal_moves"][0]}
        start = time.perf_counter()
        status, data = connection.request("POST", path, json.dumps(body).encode())
        seen.latencies.append((time.perf_counter() - start) * 1000)
        if status not in (200, 201):
            seen.errors[status] = seen.errors.get(status, 0) + 1
            answer = None
            continue
        answer = json.loads(data)
        seen.without_id += answer["state_id"] is None
    return seen


def by_wrk(server: Any, seconds: float) -> WrkResult:
    """The honest client as ``wrk -c1`` (little CPU of its own, so that the measure is the
    server's): distinct moves by ``state_id`` of random games its key made."""
    connection = Connection(server.port, headers=bearer("honest"))

    def send(path: str, body: Any) -> Any:
        status, data = connection.request("POST", path, json.dumps(body).encode())
        assert status in (200, 201), data[:200]
        return json.loads(data)

    try:
        steps = walk(send, GAME, 300)
    finally:
        connection.close()
    bodies = [json.dumps({"state_id": s["envelope"]["state_id"], "move": s["move"]}) for s in steps]
    return wrk(
        server.base + f"/v1/games/{GAME}/moves", bodies, seconds, 1, headers=bearer("honest")
    )


def replays(connection: Connection, seconds: float) -> Honest:
    """Short replays (30 moves), one after another, for ``seconds``."""
    seen = Honest()
    bodies = [record_game(GAME, 3, seed, 30) for seed in range(1, 6)]
    deadline = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        status, _ = connection.request("POST", f"/v1/games/{GAME}/replay", bodies[n % 5])
        seen.latencies.append((time.perf_counter() - start) * 1000)
        if status != 200:
            seen.errors[status] = seen.errors.get(status, 0) + 1
        n += 1
    return seen


@dataclass
class Scenario:
    name: str
    honest: Callable[[Connection, float], Honest]
    path: str
    bodies: Callable[[str], list[str]]
    connections: int


@contextlib.contextmanager
def keyed_server() -> Iterator[Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "keys.json"
        path.write_text(
            json.dumps({"keys": [{"name": n, "sha256": key_digest(k)} for n, k in KEYS.items()]})
        )
        with arbiter_server(api_keys=str(path)) as server, cores_apart(server.process.pid):
            yield server


@contextlib.contextmanager
def cores_apart(server: int) -> Iterator[None]:
    """The server on a core of its own, the clients (this process, the honest loop, every
    ``wrk`` it starts) on the others: as in a deployment, where clients run elsewhere, a flood
    costs the honest client turns of the server, not CPU time the clients take from it. On one
    core there is nothing to set apart."""
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        yield
        return
    for task in Path(f"/proc/{server}/task").iterdir():  # every thread of the server
        os.sched_setaffinity(int(task.name), {cores[0]})
    os.sched_setaffinity(0, set(cores[1:]))  # this thread, and threads and processes it starts
    try:
        yield
    finally:
        os.sched_setaffinity(0, set(cores))


def bearer(name: str) -> dict[str, str]:
    return {"authorization": f"Bearer {KEYS[name]}"}


def flooded(server: Any, scenario: Scenario, seconds: float) -> tuple[Honest, Honest, WrkResult]:
    """The honest client quiet, then while ``wrk`` floods."""
    honest = Connection(server.port, headers=bearer("honest"))
    try:
        scenario.honest(honest, 0.5)  # warm up: connections, code paths
        quiet = scenario.honest(honest, seconds)
        bodies = scenario.bodies(server.base)
        result: list[WrkResult] = []
        flood = threading.Thread(
            target=lambda: result.append(
                wrk(
                    server.base + scenario.path,
                    bodies,
                    seconds + 1,
                    scenario.connections,
                    headers=bearer("flood"),
                    timeout=10,
                )
            )
        )
        flood.start()
        time.sleep(0.5)  # the flood under way
        loud = scenario.honest(honest, seconds)
        flood.join()
    finally:
        honest.close()
    return quiet, loud, result[0]


def hint_bodies(base: str) -> list[str]:
    """Hints of the flood: on a state it made itself (a ``state_id`` names the client's own)."""
    made = post_as(base, f"/v1/games/{GAME}/states", {"players": 3, "seed": 5}, "flood")
    body = {"state_id": made["state_id"], "playouts": 20_000, "seconds": 0.1}
    return [json.dumps(body)]


def post_as(base: str, path: str, body: Any, who: str) -> Any:
    connection = Connection(int(base.rsplit(":", 1)[1]), headers=bearer(who))
    try:
        status, data = connection.request("POST", path, json.dumps(body).encode())
    finally:
        connection.close()
    if status not in (200, 201):
        raise RuntimeError(f"{path} answered {status}: {data[:200]!r}")
    return json.loads(data)


SCENARIOS = (
    Scenario(
        "moves / sealed games",
        play,
        f"/v1/games/{GAME}/states",
        lambda _: [json.dumps({"players": 3, "seed": n, "sealed": True}) for n in range(1, 500)],
        2,
    ),
    Scenario(
        "moves / open states",
        play,
        f"/v1/games/{GAME}/states",
        lambda _: [json.dumps({"players": 3, "seed": n}) for n in range(1, 500)],
        2,
    ),
    Scenario("moves / hints", play, f"/v1/games/{GAME}/hints", hint_bodies, 4),
    Scenario("replays / hints", replays, f"/v1/games/{GAME}/hints", hint_bodies, 4),
)


def run(seconds: float) -> bool:
    """Every scenario; the table; whether the honest client stayed within 2x and unrefused."""
    rows = []
    fair = True
    with keyed_server() as server:
        for scenario in SCENARIOS:
            quiet, loud, flood = flooded(server, scenario, seconds)
            (q50, q99), (l50, l99) = quiet.row(), loud.row()
            refused = sum(loud.errors.values()) + loud.without_id
            fair = fair and not refused
            rows.append(
                [
                    scenario.name,
                    f"{q50:.2f}",
                    f"{q99:.2f}",
                    f"{l50:.2f}",
                    f"{l99:.2f}",
                    f"{l50 / q50:.1f}x / {l99 / q99:.1f}x",
                    f"{len(loud.latencies)}",
                    str(refused),
                    f"{flood.rps:,.0f} rps {flood.status_text()}",
                ]
            )
        # the same, the honest client as wrk -c1 (its own CPU out of the measure)
        quiet_wrk = by_wrk(server, seconds)
        flood_bodies = SCENARIOS[0].bodies(server.base)
        flooding = threading.Thread(
            target=lambda: wrk(
                server.base + SCENARIOS[0].path,
                flood_bodies,
                seconds + 2,
                2,
                headers=bearer("flood"),
                timeout=10,
            )
        )
        flooding.start()
        time.sleep(0.5)
        loud_wrk = by_wrk(server, seconds)
        flooding.join()
        rows.append(
            [
                "moves (wrk -c1) / sealed games",
                f"{quiet_wrk.p50:.2f}",
                f"{quiet_wrk.p99:.2f}",
                f"{loud_wrk.p50:.2f}",
                f"{loud_wrk.p99:.2f}",
                f"{loud_wrk.p50 / quiet_wrk.p50:.1f}x / {loud_wrk.p99 / quiet_wrk.p99:.1f}x",
                f"{loud_wrk.requests}",
                "0" if set(loud_wrk.statuses) <= {200} else loud_wrk.status_text(),
                "as above",
            ]
        )
    table(
        f"An honest client while another floods one worker ({seconds:g} s each; ms)",
        [
            "honest / flood",
            "p50 quiet",
            "p99 quiet",
            "p50 flood",
            "p99 flood",
            "ratio p50 / p99",
            "requests",
            "refused or no id",
            "the flood got",
        ],
        rows,
    )
    return fair


if __name__ == "__main__":
    import sys

    sys.exit(0 if run(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0) else 1)
