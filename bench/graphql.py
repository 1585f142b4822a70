"""GraphQL ``applyMove`` next to REST ``POST .../moves`` on the same inputs, and the floor
Strawberry puts under their ratio (#12, P3: GraphQL at 0.50 of REST at least).

In-process, the app driven as ASGI (:mod:`bench.request_profile`): for every game, the 200 shuffled
distinct requests by ``state_id`` of ``bench http`` (memo off), sent as REST and as GraphQL in
alternating passes; the median of the passes is quoted.

Then every move is answered with the answer the service made for it (``--prepared`` of
:mod:`bench.request_profile`): no rules, no store, only each API's own work. ``floor`` is
``rest / (graphql_prepared + rest - rest_prepared)``: the ratio GraphQL would reach if its service
cost what REST's does and Strawberry and graphql-core cost what they cost now -- the most a faster
service could give GraphQL. ``own`` is what GraphQL's own work costs per request, in REST requests.
"""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Sequence

from arbiter.api.app import ArbiterApp, create_app
from arbiter.games import registry
from bench.request_profile import as_graphql, bench_settings, bodies, prepare, send_all

#: GraphQL / REST that issue #12 asks for.
GOAL = 0.5


def seconds_per_request(
    loop: asyncio.AbstractEventLoop, app: ArbiterApp, path: str, sent: list[bytes]
) -> float:
    """One pass over ``sent``: seconds per request."""
    return loop.run_until_complete(send_all(app, path, sent)) / len(sent)


def bench_game(game: str, rounds: int) -> dict[str, float]:
    """Median seconds per request of ``rest``, ``graphql``, and of both with answers prepared;
    the four passes alternate round by round, so that all share the machine's state."""
    app = create_app(bench_settings(memo_bytes=1), registry())
    rest = bodies(app, game, "state_id")
    graphql = [as_graphql(game, body) for body in rest]
    moves = f"/v1/games/{game}/moves"
    passes = {"rest": (moves, rest), "graphql": ("/graphql", graphql)}
    times: dict[str, list[float]] = {}
    loop = asyncio.new_event_loop()
    try:
        switch = prepare(app, loop, moves, rest)  # the same state ids: GraphQL's answers too
        for _ in range(rounds):
            for prepared in (False, True):
                switch(prepared)
                for name, (path, sent) in passes.items():
                    key = f"{name}_prepared" if prepared else name
                    times.setdefault(key, []).append(seconds_per_request(loop, app, path, sent))
    finally:
        loop.close()
    return {name: statistics.median(taken) for name, taken in times.items()}


def run(rounds: int, games: Sequence[str] = ()) -> None:
    print("\nGraphQL applyMove / REST moves, in-process, distinct by state_id (memo off)")
    print(
        f"{'game':<24}{'rest rps':>10}{'graphql rps':>13}{'ratio':>7}{'floor':>7}"
        f"{'graphql own us':>16}{'own/rest':>10}"
    )
    for game in registry().ids():
        if games and game not in games:
            continue
        t = bench_game(game, max(rounds, 5))
        ratio = t["rest"] / t["graphql"]
        floor = t["rest"] / (t["graphql_prepared"] + t["rest"] - t["rest_prepared"])
        flag = "" if ratio >= GOAL else f"   < {GOAL:.2f} target"
        print(
            f"{game:<24}{1 / t['rest']:>10,.0f}{1 / t['graphql']:>13,.0f}{ratio:>7.2f}"
            f"{floor:>7.2f}{t['graphql_prepared'] * 1e6:>16,.0f}"
            f"{t['graphql_prepared'] / t['rest']:>10.2f}{flag}",
            flush=True,
        )
