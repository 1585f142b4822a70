"""``make bench``: rules-core speed per game, and HTTP throughput of ``POST .../moves`` vs echo.

Part 1 plays random games in-process (``arbiter.core.playout.random_playout``) for every registered
game and player count and prints decisions per second (chance decisions included): the median of
several timed rounds. Our bar is 10,000 decisions per second for every game.

Part 2 starts ``arbiter serve`` (one uvicorn worker, embedded cache) on a free loopback port and
drives it with ``wrk`` (Debian package ``wrk``): ``POST /v1/games/{game}/moves`` with a real state and
a legal move, next to ``POST /v1/echo`` with the very same body, alternating rounds, and prints the
median requests per second of each and their ratio. Our bar is a ratio of at least 0.5.

Everything stays on 127.0.0.1 and every load loop is bounded in time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from arbiter.core.playout import random_playout
from arbiter.games import registry


def bench_core(seconds_per_round: float, rounds: int) -> list[tuple[str, int, float, float]]:
    rows = []
    for game in registry():
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_ready(base: str, deadline: float) -> None:
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def wrk(url: str, body_file: Path, seconds: int, connections: int) -> float:
    script = body_file.with_suffix(".lua")
    script.write_text(
        "wrk.method = 'POST'\n"
        "wrk.headers['content-type'] = 'application/json'\n"
        f"local f = io.open('{body_file}', 'rb'); wrk.body = f:read('*a'); f:close()\n"
    )
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 30,
    ).stdout
    for line in out.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1])
    raise RuntimeError(f"wrk printed no rate:\n{out}")


def bench_http(seconds: int, rounds: int, connections: int) -> list[tuple[str, float, float]]:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "ARBITER_ENV": "development", "ARBITER_LOG_LEVEL": "warning"}
    arbiter = str(Path(sys.executable).with_name("arbiter"))
    server = subprocess.Popen(
        [arbiter, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    rows = []
    try:
        wait_ready(base, time.time() + 30)
        with tempfile.TemporaryDirectory() as tmp:
            for game in registry():
                created = post(f"{base}/v1/games/{game.id}/states", {"players": 2, "seed": 7})
                body = {"state": created["state"], "move": created["legal_moves"][0]}
                body_file = Path(tmp) / f"{game.id}.json"
                body_file.write_text(json.dumps(body))
                post(f"{base}/v1/games/{game.id}/moves", body)  # the move is legal
                moves, echo = [], []
                for _ in range(rounds):
                    echo.append(wrk(f"{base}/v1/echo", body_file, seconds, connections))
                    moves.append(
                        wrk(f"{base}/v1/games/{game.id}/moves", body_file, seconds, connections)
                    )
                rows.append((game.id, statistics.median(moves), statistics.median(echo)))
    finally:
        server.terminate()
        server.wait(timeout=10)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed round")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the median is quoted")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--skip-http", action="store_true")
    args = parser.parse_args()

    print("Rules core: random playouts in-process (median of rounds)")
    print(f"{'game':<24}{'players':>8}{'decisions/s':>14}{'games':>8}")
    for game_id, players, rate, games in bench_core(args.seconds, args.rounds):
        flag = "" if rate >= 10_000 else "   < 10k target"
        print(f"{game_id:<24}{players:>8}{rate:>14,.0f}{games:>8}{flag}")
    if args.skip_http:
        return
    print(f"\nHTTP: one uvicorn worker, wrk -t1 -c{args.connections}, {args.seconds}s rounds")
    print(f"{'game':<24}{'moves rps':>12}{'echo rps':>12}{'ratio':>8}")
    for game_id, moves, echo in bench_http(int(args.seconds), args.rounds, args.connections):
        flag = "" if moves >= 0.5 * echo else "   < 0.5 target"
        print(f"{game_id:<24}{moves:>12,.0f}{echo:>12,.0f}{moves / echo:>8.2f}{flag}")


if __name__ == "__main__":
    main()
