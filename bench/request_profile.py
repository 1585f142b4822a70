"""Where a ``POST /v1/games/{game}/moves`` request spends its time, without HTTP: the app is
driven as ASGI in this process, with 200 distinct requests shuffled (as ``bench http``'s
``distinct`` scenario sends them, memo off), and profiled.

Run as a module (not part of ``make bench``)::

    python -m bench.request_profile --game scythe --handle state_id --top 30

Prints the requests per second in-process (no server, no client: what the handler costs) and
the functions of the service with the most cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pstats
import random
import secrets
import time
from typing import Any

from starlette.testclient import TestClient

from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.settings import Settings
from arbiter.games import registry

#: Distinct requests, and the seed of their shuffle (those of ``bench http``).
COUNT = 200
SHUFFLE_SEED = 2024


def bodies(app: ArbiterApp, game: str, handle: str) -> list[bytes]:
    """``COUNT`` distinct requests by ``handle`` along random games, shuffled."""
    client = TestClient(app)
    rng, steps, seed = random.Random(7), [], 1
    while len(steps) < COUNT:
        answer = client.post(f"/v1/games/{game}/states", json={"players": 3, "seed": seed}).json()
        seed += 1
        for _ in range(40):
            if answer["finished"] or len(steps) >= COUNT:
                break
            move = rng.choice(answer["legal_moves"])
            steps.append(json.dumps({handle: answer[handle], "move": move}).encode())
            body = {"state": answer["state"], "move": move}
            answer = client.post(f"/v1/games/{game}/moves", json=body).json()
    random.Random(SHUFFLE_SEED).shuffle(steps)
    return steps


async def post(app: ArbiterApp, path: str, body: bytes) -> int:
    """One request through the ASGI app; its status."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"host", b"127.0.0.1"),
        ],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    sent = False
    status: list[int] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])

    await app(scope, receive, send)
    return status[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="scythe", choices=registry().ids())
    parser.add_argument("--handle", default="state_id", choices=("state_id", "state"))
    parser.add_argument("--rounds", type=int, default=3, help="passes over the requests")
    parser.add_argument("--top", type=int, default=30, help="functions listed")
    args = parser.parse_args()
    settings = Settings(
        env="test", state_keys=(secrets.token_hex(32),), log_level="warning", memo_size=1
    )
    app = create_app(settings, registry())
    sent = bodies(app, args.game, args.handle)
    path = f"/v1/games/{args.game}/moves"

    async def run() -> None:
        for _ in range(args.rounds):
            for body in sent:
                status = await post(app, path, body)
                assert status == 200, status

    start = time.perf_counter()
    asyncio.run(run())
    elapsed = time.perf_counter() - start
    print(f"{args.game}, distinct by {args.handle}: {len(sent) * args.rounds / elapsed:,.0f} rps")
    profile = cProfile.Profile()
    profile.runcall(asyncio.run, run())
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out).sort_stats("cumulative")
    stats.print_stats(r"arbiter/", args.top)
    print(out.getvalue())


if __name__ == "__main__":
    main()
