"""``make bench``: rules-core speed per game, and HTTP throughput of ``POST .../moves`` vs echo.

Part 1 plays random games in-process (``arbiter.core.playout.random_playout``) for every registered
game and player count and prints decisions per second (chance decisions included): the median of
several timed rounds. Our bar is 10,000 decisions per second for every game.

Part 2 starts ``arbiter serve`` (one uvicorn worker, embedded cache) on a free loopback port and
drives it with ``wrk`` (Debian package ``wrk``): ``POST /v1/games/{game}/moves`` with real states and
legal moves, next to ``POST /v1/echo`` with the very same bodies, alternating rounds, and prints the
median requests per second of each and their ratio, in two scenarios: ``repeat`` sends one request
over and over (the server's per-process memo answers it, as it does for a client that echoes back
the state it was just given), ``distinct`` cycles through 200 different states and moves on a
server started with the memo off, so every request decodes, checks and applies. Our bar is a ratio
of at least 0.5.

Everything stays on 127.0.0.1 and every load loop is bounded in time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
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


def wrk(url: str, bodies: list[str], workdir: Path, seconds: int, connections: int) -> float:
    """Requests per second of ``wrk`` POSTing ``bodies`` to ``url`` in turn (bounded in time)."""
    script = workdir / "bodies.lua"
    listing = ",\n".join("[==[" + body + "]==]" for body in bodies)
    script.write_text(
        "local bodies = {\n" + listing + "\n}\n"
        "local i = 0\n"
        "request = function()\n"
        "  i = i % #bodies + 1\n"
        "  return wrk.format('POST', nil, {['content-type'] = 'application/json'}, bodies[i])\n"
        "end\n"
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


def move_bodies(base: str, game_id: str, count: int) -> list[str]:
    """``count`` distinct ``moves`` requests: states along random games, each with a legal move."""
    rng = random.Random(7)
    bodies: list[str] = []
    seed = 1
    while len(bodies) < count:
        envelope = post(f"{base}/v1/games/{game_id}/states", {"players": 3, "seed": seed})
        seed += 1
        for _ in range(40):
            if envelope["finished"] or len(bodies) >= count:
                break
            move = rng.choice(envelope["legal_moves"])
            body = {"state": envelope["state"], "move": move}
            bodies.append(json.dumps(body))
            envelope = post(f"{base}/v1/games/{game_id}/moves", body)
    return bodies


def serve(port: int, memo_size: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "ARBITER_ENV": "development",
        "ARBITER_LOG_LEVEL": "warning",
        "ARBITER_MEMO_SIZE": str(memo_size),
    }
    arbiter = str(Path(sys.executable).with_name("arbiter"))
    return subprocess.Popen(
        [arbiter, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


#: The HTTP scenarios: a server setting and which bodies are sent.
#: ``repeat``: one identical request again and again (the server's memo answers it);
#: ``distinct``: 200 different states and moves, memo off -- every request runs the rules.
SCENARIOS = (("repeat", 4096, 1), ("distinct", 1, 200))


def bench_http(seconds: int, rounds: int, connections: int) -> list[tuple[str, str, float, float]]:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk")
    rows = []
    for scenario, memo_size, count in SCENARIOS:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = serve(port, memo_size)
        try:
            wait_ready(base, time.time() + 30)
            with tempfile.TemporaryDirectory() as tmp:
                for game in registry():
                    bodies = move_bodies(base, game.id, count)
                    moves, echo = [], []
                    for _ in range(rounds):
                        echo.append(wrk(f"{base}/v1/echo", bodies, Path(tmp), seconds, connections))
                        url = f"{base}/v1/games/{game.id}/moves"
                        moves.append(wrk(url, bodies, Path(tmp), seconds, connections))
                    rows.append(
                        (game.id, scenario, statistics.median(moves), statistics.median(echo))
                    )
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
    print(f"{'game':<24}{'scenario':<10}{'moves rps':>12}{'echo rps':>12}{'ratio':>8}")
    for game_id, scenario, moves, echo in bench_http(
        int(args.seconds), args.rounds, args.connections
    ):
        flag = "" if moves >= 0.5 * echo else "   < 0.5 target"
        print(f"{game_id:<24}{scenario:<10}{moves:>12,.0f}{echo:>12,.0f}{moves / echo:>8.2f}{flag}")


if __name__ == "__main__":
    main()
