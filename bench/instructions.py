"""CPU instructions per ``POST /v1/games/{game}/moves`` request, counted by callgrind: the
service's own next to echo's and the rules'.

For each game one child runs under ``valgrind --tool=callgrind`` and counts three passes over the
same 200 distinct, shuffled requests (``bench http``'s ``distinct`` scenario, memo off), each once
warmed up (:mod:`bench.request_profile` drives the ASGI app in-process, no HTTP):

* ``rest`` -- the moves requests;
* ``echo`` -- the same bodies to ``POST /v1/echo``: what a request that does nothing costs
  (middleware, routing, reading the body, answering);
* ``core`` -- only the work no service can skip: the rules check and apply the move, draw the
  chance that follows, list the moves of every seat to act next, and write the new state and
  those moves as JSON.

``rest - echo - core`` is the service's own cost per request: resolving the handle, decoding the
move, the memo, the store, the answer. Counting is switched on only inside the passes (each runs
under ``functools.reduce``, callgrind's ``--toggle-collect``), so start-up is not counted, and
instruction counts do not depend on what else the machine does.

``make bench`` runs it (part ``instructions``, two games at a time: a game takes a few minutes
under callgrind); as a module::

    python -m bench.instructions                      # every game, by state_id
    python -m bench.instructions --games scythe,pig --handle state
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from arbiter.api.app import create_app
from arbiter.core import CHANCE, Registry
from arbiter.core.record import draw_chance
from arbiter.games import registry
from bench.request_profile import bench_settings, bodies, post
from tests.toy import Pig

PASSES = ("rest", "echo", "core")
#: The C function each counted pass runs under (callgrind counts only inside it).
TOGGLE = "functools_reduce"


def child(game_id: str, handle: str) -> None:
    """Under callgrind: warm each pass up, then run it once under ``functools.reduce``."""
    games = Registry([Pig()]) if game_id == "pig" else registry()
    app = create_app(bench_settings(1), games)
    sent = bodies(app, game_id, handle)
    game, codec = app.service.game(game_id)
    steps = [json.loads(body) for body in bodies(app, game_id, "state")]
    work = [(codec.state(step["state"]), codec.move(step["move"])) for step in steps]
    loop = asyncio.new_event_loop()

    def request(path: str) -> Any:
        def one(count: int, body: bytes) -> int:
            status, _ = loop.run_until_complete(post(app, path, body))
            assert status == 200, status
            return count + 1

        return one

    def rules(count: int, item: tuple[Any, Any]) -> int:
        state, move = item
        after, _ = game.apply(state, move)
        if CHANCE in game.to_act(after):
            after, _, _ = draw_chance(game, after)
        listed = [game.legal_moves(after, actor) for actor in game.to_act(after)]
        codec.state_json(after), codec.state_json(listed)
        return count + 1

    passes: dict[str, tuple[Any, list[Any]]] = {
        "rest": (request(f"/v1/games/{game_id}/moves"), sent),
        "echo": (request("/v1/echo"), sent),
        "core": (rules, work),
    }
    for name in PASSES:
        step, items = passes[name]
        for item in items:  # warm up: caches filled, code paths taken once, not counted
            step(0, item)
        counted = functools.reduce(step, items, 0)
        print(json.dumps({"pass": name, "requests": counted}), flush=True)


def _totals(folder: Path) -> list[int]:
    """The instructions of each dump callgrind wrote (one per counted pass), in order."""
    dumps = sorted(
        (p for p in folder.iterdir() if p.name.startswith("cg.out.")),
        key=lambda p: int(p.name.rsplit(".", 1)[1]),
    )
    totals = []
    for dump in dumps:
        for line in dump.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                totals.append(int(line.split()[1]))
                break
    return totals


def count(game_id: str, handle: str) -> dict[str, float]:
    """Instructions per request of each pass, for one game."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={folder}/cg.out",
            f"--toggle-collect={TOGGLE}",
            f"--dump-after={TOGGLE}",
            sys.executable,
            "-m",
            "bench.instructions",
            "--child",
            game_id,
            "--handle",
            handle,
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"callgrind child failed: {done.stderr[-2000:]}")
        counts = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        totals = _totals(Path(folder))
    if len(totals) != len(PASSES):
        raise RuntimeError(f"expected {len(PASSES)} callgrind dumps, got {len(totals)}")
    return {c["pass"]: total / c["requests"] for c, total in zip(counts, totals, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", default=",".join(registry().ids()), help="comma-separated")
    parser.add_argument("--handle", default="state_id", choices=("state_id", "state"))
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.handle)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench.instructions needs valgrind: apt-get install -y valgrind")
    run(args.games.split(","), args.handle)


def run(games: Sequence[str] = (), handle: str = "state_id", jobs: int = 2) -> None:
    """The instructions of each game's passes, ``jobs`` games at a time (one core each)."""
    games = list(games) or registry().ids()
    print(f"\nInstructions per moves request by {handle} (callgrind, 200 distinct requests)")
    print(f"{'game':<20}{'rest':>12}{'echo':>12}{'core':>12}{'own':>12}")
    with ThreadPoolExecutor(jobs) as pool:
        for game_id, per in zip(games, pool.map(lambda g: count(g, handle), games), strict=True):
            own = per["rest"] - per["echo"] - per["core"]
            cells = "".join(f"{per[name]:>12,.0f}" for name in PASSES)
            print(f"{game_id:<20}{cells}{own:>12,.0f}", flush=True)


if __name__ == "__main__":
    main()
