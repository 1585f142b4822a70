"""Where a ``POST /v1/games/{game}/moves`` request (or the same move as GraphQL's
``applyMove``) spends its time, without HTTP: the app is driven as ASGI in this process, with 200
distinct requests shuffled (as ``bench http``'s ``distinct`` scenario sends them, memo off), and
profiled.

Run as a module (not part of ``make bench``)::

    python -m bench.request_profile --game scythe --handle state_id --top 30
    python -m bench.request_profile --api graphql --handle state_id
    python -m bench.request_profile --game pig --top 0     # the service's own cost per request
    python -m bench.request_profile --game pig --api echo --top 0
    python -m bench.request_profile --game scythe --api core --top 0
    python -m bench.request_profile --game scythe --redis redis://127.0.0.1:6379/0

Prints the requests per second in-process (no server, no client: what the handler costs) and
the functions with the most cumulative time (``--everything``: not only the service's).

``--api core`` does, for the same requests, only the work no service can skip: the rules check
and apply the move (:meth:`Game.apply`), draw chance that follows it, list the legal moves of every seat to act next, and the
new state and those moves are written as JSON. What a ``moves`` request costs beyond that is the
service's and the framework's: with ``echo`` the cost of one request that does nothing, the
three give the best ratio to echo a service over these rules could reach.

``--prepared`` answers every move with the answer the service made for it before the timed
passes: no rules, no store, only the API's own work (routing, decoding, Strawberry and
graphql-core's execution, encoding). GraphQL's prepared cost next to REST's whole request is the
floor of GraphQL / REST: even a service that cost nothing would not take GraphQL past
``rest / (graphql_prepared + rest - rest_prepared)``.
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
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec
from starlette.testclient import TestClient

from arbiter.api.app import ArbiterApp, create_app
from arbiter.api.settings import Settings
from arbiter.core import CHANCE, Registry
from arbiter.core.record import draw_chance
from arbiter.games import registry
from bench.throughput import DISTINCT, SHUFFLE_SEED, move_bodies
from tests.toy import Pig

_encode = msgspec.json.Encoder().encode

#: Distinct requests (as many as ``bench http`` sends).
COUNT = DISTINCT


#: GraphQL's ``applyMove`` with the fields a REST answer carries.
APPLY_MOVE = """mutation($game: String!, $move: JSON!, $state: JSON, $stateId: String) {
  applyMove(game: $game, move: $move, state: $state, stateId: $stateId) {
    game stateId state toAct legalMoves events finished
  }
}"""


def as_graphql(game: str, body: bytes) -> bytes:
    """The REST request ``body`` as a GraphQL ``applyMove``."""
    sent = json.loads(body)
    variables = {"game": game, "move": sent["move"]}
    variables.update({"stateId": sent["state_id"]} if "state_id" in sent else {})
    variables.update({"state": sent["state"]} if "state" in sent else {})
    return json.dumps({"query": APPLY_MOVE, "variables": variables}).encode()


def bodies(app: ArbiterApp, game: str, handle: str) -> list[bytes]:
    """``COUNT`` distinct requests by ``handle`` along random games (``bench http``'s), shuffled."""
    with TestClient(app) as client:  # one event loop for every request (a Redis client's)
        made = move_bodies(lambda path, body: client.post(path, json=body).json(), game, COUNT)
    sent = [body.encode() for body in made[handle]]
    random.Random(SHUFFLE_SEED).shuffle(sent)
    return sent


async def post(app: ArbiterApp, path: str, body: bytes) -> tuple[int, bytes]:
    """One request through the ASGI app; its status and body."""
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
    answer: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            answer.append(message.get("body", b""))

    await app(scope, receive, send)
    return status[0], b"".join(answer)


async def send_all(app: ArbiterApp, path: str, sent: list[bytes]) -> float:
    """Send ``sent`` to ``path`` one after the other; the seconds it took. Every answer must be
    200 (a GraphQL error is answered 200 too: it must carry data and no errors)."""
    start = time.perf_counter()
    for body in sent:
        status, answer = await post(app, path, body)
        assert status == 200 and b'"errors"' not in answer, (status, answer[:300])
    return time.perf_counter() - start


def bench_settings(memo_bytes: int, redis_url: str | None = None) -> Settings:
    """The settings of the profiled app: test mode, a fresh state key, quiet logs."""
    return Settings(
        env="test",
        state_keys=(secrets.token_hex(32),),
        log_level="warning",
        memo_bytes=memo_bytes,
        redis_url=redis_url,
    )


def prepare(
    app: ArbiterApp, loop: asyncio.AbstractEventLoop, path: str, sent: list[bytes]
) -> Callable[[bool], None]:
    """Make the service answer each of ``sent`` with the answer it makes now, from then on;
    the switch it returns turns that on (``True``) and off."""
    service = app.service
    apply_move = service.apply_move
    made: dict[tuple[Any, Any], Any] = {}

    async def prepared(game: str, handle: Any, move: Any, **options: Any) -> Any:
        key = (handle.state_id, bytes(handle.state) if handle.state is not None else None)
        if key not in made:
            made[key] = await apply_move(game, handle, move, **options)
        return made[key]

    def switch(on: bool) -> None:
        service.apply_move = prepared if on else apply_move  # type: ignore[method-assign]

    switch(True)
    loop.run_until_complete(send_all(app, path, sent))
    return switch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--game",
        default="scythe",
        choices=[*registry().ids(), "pig"],
        help="a registered game, or the core's test game Pig (rules that cost almost nothing: "
        "what is left is the service's own cost)",
    )
    parser.add_argument("--handle", default="state_id", choices=("state_id", "state"))
    parser.add_argument("--rounds", type=int, default=15, help="timed passes over the requests")
    parser.add_argument(
        "--api",
        default="rest",
        choices=("rest", "graphql", "echo", "core"),
        help="echo: the same bodies to POST /v1/echo; core: the rules' own work only",
    )
    parser.add_argument("--top", type=int, default=30, help="functions listed")
    parser.add_argument("--everything", action="store_true", help="list every function")
    parser.add_argument(
        "--sort", default="cumulative", choices=("cumulative", "tottime"), help="order of the list"
    )
    parser.add_argument(
        "--repeat", action="store_true", help="one request again and again, memo on (4096)"
    )
    parser.add_argument(
        "--redis", default=None, metavar="URL", help="states kept in this Redis (default: embedded)"
    )
    parser.add_argument(
        "--prepared",
        action="store_true",
        help="the service answers every move with the answer it made for it beforehand (no "
        "rules, no store): what is left is the API's own cost (REST's or GraphQL's)",
    )
    args = parser.parse_args()
    if args.api == "core" and args.repeat:
        parser.error("--repeat is a memo's scenario; the rules' own work has no memo")
    if args.prepared and args.api not in ("rest", "graphql"):
        parser.error("--prepared answers moves: --api rest or graphql")
    settings = bench_settings(4096 if args.repeat else 1, args.redis)
    games = Registry([Pig()]) if args.game == "pig" else registry()
    app = create_app(settings, games)
    # with Redis, the bodies are made through an app of their own: a Redis client's connections
    # belong to the event loop that opened them, and the test client's loop is not the profile's
    maker = create_app(settings, games) if args.redis else app
    sent = bodies(maker, args.game, args.handle)
    path = f"/v1/games/{args.game}/moves"
    if args.repeat:
        sent = sent[:1] * COUNT
    if args.api == "graphql":
        sent, path = [as_graphql(args.game, b) for b in sent], "/graphql"
    elif args.api == "echo":
        path = "/v1/echo"

    if args.api == "core":
        game, codec = app.service.game(args.game)
        steps = [json.loads(body) for body in bodies(app, args.game, "state")]
        work = [(codec.state(step["state"]), codec.move(step["move"])) for step in steps]

    async def core(rounds: int) -> list[float]:
        """Seconds of each pass of the rules' own work over the requests."""
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            for state, move in work:
                after, _ = game.apply(state, move)
                if CHANCE in game.to_act(after):
                    after, _, _ = draw_chance(game, after)
                listed = [game.legal_moves(after, actor) for actor in game.to_act(after)]
                codec.state_json(after), _encode(listed)
            times.append(time.perf_counter() - start)
        return times

    async def run(rounds: int) -> list[float]:
        """Seconds of each pass over the requests."""
        if args.api == "core":
            return await core(rounds)
        return [await send_all(app, path, sent) for _ in range(rounds)]

    loop = asyncio.new_event_loop()  # one loop for the timed and the profiled passes (Redis's)
    if args.prepared:
        prepare(app, loop, path, sent)
    times = loop.run_until_complete(run(args.rounds))
    rate = len(sent) / statistics.median(times)
    best = len(sent) / min(times)
    scenario = "repeat" if args.repeat else "distinct"
    by = "states decoded beforehand" if args.api == "core" else f"by {args.handle}"
    by += ", answers prepared" if args.prepared else ""
    print(
        f"{args.game}, {args.api}, {scenario} {by}: {rate:,.0f} requests/s "
        f"(median of {args.rounds} passes; best {best:,.0f})"
    )
    if not args.top:
        return
    profile = cProfile.Profile()
    profile.runcall(loop.run_until_complete, run(3))
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out).sort_stats(args.sort)
    stats.print_stats(*([] if args.everything else [r"arbiter/"]), args.top)
    print(out.getvalue())


if __name__ == "__main__":
    main()
