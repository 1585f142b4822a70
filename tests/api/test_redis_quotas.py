"""Redis is as fair as the in-process store (:mod:`arbiter.api.redis_quotas`, the module docstring
of :mod:`arbiter.api.cache`): each client holds its share of the states, tables and packs in
Redis; Redis never evicts a live game (tables carry no TTL and are swept when they expire); a
Redis full of games refuses new entries with 503, and does not open the circuit."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis as redis_py
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.api.cache import TABLE_INDEX, RedisCache
from arbiter.api.history import LogWrite
from arbiter.api.tables import Snap, Table
from arbiter.core import Registry
from tests.api.conftest import problem, settings
from tests.conftest import RedisServer, Store, running
from tests.toy import Pig

pytestmark = pytest.mark.redis

NEW = {"players": 2, "seed": 1}
SEALED = {"players": 2, "seed": 1, "sealed": True}


class As:
    """Requests of one client (an address a trusted proxy forwards) through a shared client:
    the app's Redis connections belong to that client's event loop."""

    def __init__(self, client: TestClient, address: str) -> None:
        self.client, self.address = client, address

    def post(self, path: str, json: Any) -> Any:
        return self.client.post(path, json=json, headers={"x-forwarded-for": self.address})

    def get(self, path: str) -> Any:
        return self.client.get(path, headers={"x-forwarded-for": self.address})


@pytest.fixture
def serve() -> Iterator[Any]:
    """``serve(store, **settings)``: a client of a new app on ``store`` (closed at the end) and
    a function giving the requests of any address through it."""
    opened: list[TestClient] = []

    def make(store: Any, **changes: Any) -> Any:
        app = create_app(
            settings(**{**store.settings, "trusted_proxies": ("127.0.0.1",), **changes}),
            Registry([Pig()]),
        )
        client = TestClient(app, client=("127.0.0.1", 1))
        client.__enter__()
        opened.append(client)
        return lambda address: As(client, address)

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def fresh_address() -> str:
    """An address no earlier test counted (the session's Redis outlives each test)."""
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


def table(version: int = 0) -> Table:
    return Table("pig", True, 2, version, Snap(b"d" * 20, packed=b"\x80"))


# ------------------------------------------------------------------------- each client's share


def test_a_client_at_its_share_of_states_in_redis_loses_its_own_oldest(
    store: Store, serve: Any
) -> None:
    at = serve(store, cache_bytes=40_000, client_share=0.25)  # 10,000 bytes each
    flood, other = at(fresh_address()), at(fresh_address())
    kept = other.post("/v1/games/pig/states", json={**NEW, "seed": 10_000}).json()["state_id"]
    made = [
        flood.post("/v1/games/pig/states", json={**NEW, "seed": n}).json()["state_id"]
        for n in range(60)
    ]
    assert all(made), "a client at its share is never refused an open state"
    redis = store.redis()
    left = [sid for sid in made if redis.exists(f"arbiter:state:{sid}")]
    assert made[-1] in left and made[0] not in left
    assert 0 < len(left) < 60
    assert other.get(f"/v1/states/{kept}").status_code == 200


def test_a_client_past_its_share_of_live_games_in_redis_is_refused_alone(
    store: Store, serve: Any
) -> None:
    at = serve(store, table_bytes=8_000, client_share=0.25)  # 2,000 bytes each
    flood, other = at(fresh_address()), at(fresh_address())
    answers = [flood.post("/v1/games/pig/states", json={**SEALED, "seed": n}) for n in range(20)]
    statuses = [a.status_code for a in answers]
    assert 201 in statuses and statuses[-1] == 429, statuses
    refused = problem(answers[-1], 429, "quota_exceeded")
    assert refused["allowed"] == 2_000 and refused["used"] <= 2_000
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert other.post("/v1/games/pig/states", json=SEALED).status_code == 201


def test_a_finished_game_in_redis_frees_its_owners_share(store: Store, serve: Any) -> None:
    client = serve(store, table_bytes=4_000, client_share=0.5)(fresh_address())
    games = []
    while True:
        answer = client.post("/v1/games/pig/states", json={**SEALED, "options": {"target": 1}})
        if answer.status_code == 429:
            break
        assert answer.status_code == 201, answer.text
        games.append(answer.json())
    assert games
    # play the first game to its end: roll, then hold what a roll other than a one brought
    game, last = games[0], "hold"
    for _ in range(200):
        if not game["to_act"]:
            break
        kind = "hold" if last == "roll" else "roll"
        move = next(m for m in game["legal_moves"] if m["type"] == kind)
        game = client.post(
            "/v1/games/pig/moves", json={"state_token": game["state_token"], "move": move}
        ).json()
        last = kind
    assert not game["to_act"], "the game did not end"
    assert client.post("/v1/games/pig/states", json=SEALED).status_code == 201


# --------------------------------------------------------------------------- tables' expiry


def test_tables_carry_no_ttl_and_the_sweeper_deletes_expired_ones(redis_url: str) -> None:
    async def run() -> None:
        cache = RedisCache(redis_url, ttl=60)
        table_id, other_id = secrets.token_bytes(16), secrets.token_bytes(16)
        for tid in (table_id, other_id):
            assert await cache.put_table(tid, table(), None, LogWrite(0, (b"{}",)), "key:t")
        key = RedisCache._table_key(table_id)
        plain = redis_py.Redis.from_url(redis_url)
        assert plain.ttl(key) == -1 and plain.ttl(RedisCache._log_key(table_id)) == -1
        later = int(time.time() * 1000) + 61_000
        # the other table moves on (a step at 'later - 1 s' would be due later): rescheduled
        await cache.put_table(other_id, table(1), 0, LogWrite(1, ()), "")
        plain.hset(RedisCache._table_key(other_id), "e", later + 60_000)
        assert await cache.sweep(later) == 1
        assert not plain.exists(key) and not plain.exists(RedisCache._log_key(table_id))
        assert await cache.get_table(table_id) is None
        assert await cache.get_table(other_id) is not None
        assert plain.zscore(TABLE_INDEX, other_id.hex()) == later + 60_000
        assert plain.zscore(TABLE_INDEX, table_id.hex()) is None
        await cache.close()

    asyncio.run(run())


def test_a_table_past_its_expiry_reads_as_gone_before_it_is_swept(redis_url: str) -> None:
    async def run() -> None:
        cache = RedisCache(redis_url, ttl=60)
        table_id = secrets.token_bytes(16)
        await cache.put_table(table_id, table(), None, LogWrite(0, (b"{}",)), "")
        redis_py.Redis.from_url(redis_url).hset(RedisCache._table_key(table_id), "e", 1)
        assert await cache.get_table(table_id) is None
        assert await cache.get_log(table_id) is None
        await cache.close()

    asyncio.run(run())


# ---------------------------------------------------------------- a small Redis under a flood


@pytest.fixture
def small_redis() -> Iterator[RedisServer]:
    """A redis-server of one test alone, with the shipped eviction policy and little memory."""
    server = RedisServer()
    server.extra = ["--maxmemory", "3mb", "--maxmemory-policy", "volatile-lru"]
    yield from running(server)


def test_a_flood_of_open_states_never_evicts_a_live_game(
    small_redis: RedisServer, serve: Any
) -> None:
    """Measured before: at 24 MB with allkeys-lru, 70 replays from one client evicted 8 of 10
    other clients' live sealed games. Here ten clients each start a game, one client floods a
    3 MB Redis with large open states from many addresses at once (quotas do not stop it), and
    every game is still there and playable."""
    at = serve(small_redis, client_share=1.0, cache_bytes=10**9)
    players = [at(f"10.1.0.{n}") for n in range(10)]
    games = [p.post("/v1/games/pig/states", json=SEALED).json() for p in players]
    long = {
        "players": 2,
        "options": {"target": 1000},
        "moves": [{"type": "hold", "seat": i % 2} for i in range(2500)],  # each ~60 kB kept
    }
    for n in range(80):
        flood = at(f"10.2.0.{n}")
        answer = flood.post("/v1/games/pig/replay", json={**long, "seed": n})
        assert answer.status_code == 200, answer.text
    info = small_redis.redis().info()
    assert info["evicted_keys"] > 0, "the flood did not fill Redis: the test proves nothing"
    for player, game in zip(players, games, strict=True):
        answer = player.post(
            "/v1/games/pig/moves",
            json={"state_token": game["state_token"], "move": game["legal_moves"][0]},
        )
        assert answer.status_code == 200, answer.text


def test_a_redis_full_of_games_refuses_new_ones_and_stays_ready(
    small_redis: RedisServer, serve: Any
) -> None:
    client = serve(small_redis, client_share=1.0, table_bytes=10**9)("10.3.0.1")
    redis = small_redis.redis()
    assert client.post("/v1/games/pig/states", json=SEALED).status_code == 201  # scripts loaded
    redis.config_set("maxmemory", redis.info()["used_memory"] + 300_000)
    statuses = []
    for n in range(2000):
        answer = client.post("/v1/games/pig/states", json={**SEALED, "seed": n})
        statuses.append(answer.status_code)
        if answer.status_code == 503:
            refused = problem(answer, 503, "store_full")
            assert refused["detail"] and int(answer.headers["retry-after"]) >= 1
            break
    assert statuses[0] == 201 and statuses[-1] == 503, statuses[-3:]
    assert client.get("/readyz").status_code == 200  # full, not away: the circuit stays closed
    opened = client.post("/v1/games/pig/states", json=NEW)
    assert opened.status_code == 201  # an open game is still served (without an id if need be)
