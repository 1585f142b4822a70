"""An answered step of a sealed game outlives Redis: real redis-server processes killed (-9) and
started again from their files.

* With ``appendonly yes``, ``appendfsync always`` and ``ARBITER_REDIS_DURABILITY=aof``: every
  step answered 200 before the kill is there after the restart -- none lost; also under load,
  with four backends playing on two workers while Redis dies.
* A Redis restored from an older snapshot (``SAVE``, more steps, kill, restart from the
  snapshot): the newest handles are refused as ``table_rolled_back``, never taken for stale
  ones, and after other steps from the restored one, no old handle of those steps acts.
* ``aof`` against a Redis that does not fsync every write: not ready, and no step is taken.
* ``replicas:1``: a step waits for a replica; without one it is answered 503.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import NeverEndingPig, problem, settings
from tests.api.test_server_timeouts import request, start_serve, wait_until_healthy
from tests.conftest import RedisServer, running

pytestmark = pytest.mark.redis

ROLL_OR_HOLD = ("roll", "hold")
GAME = "/v1/games/the-ancient-world"


def server(*extra: str) -> Iterator[RedisServer]:
    redis = RedisServer()
    redis.extra = list(extra)
    yield from running(redis)


@pytest.fixture
def aof_redis() -> Iterator[RedisServer]:
    yield from server("--appendonly", "yes", "--appendfsync", "always")


@pytest.fixture
def snapshot_redis() -> Iterator[RedisServer]:
    yield from server()


@pytest.fixture
def master_redis() -> Iterator[RedisServer]:
    yield from server("--repl-diskless-sync-delay", "0")


def client_of(redis: RedisServer, **changes: Any) -> TestClient:
    values: dict[str, Any] = {"redis_timeout": 1.0, **changes}
    app = create_app(settings(redis_url=redis.url, **values), Registry([NeverEndingPig()]))
    return TestClient(app)


def step(client: TestClient, answer: dict[str, Any], n: int) -> dict[str, Any]:
    """The master plays on: a roll or a hold, by ``n``."""
    kind = ROLL_OR_HOLD[n % 2]
    move = next(m for m in answer["legal_moves"] if m["type"] == kind)
    moved = client.post(
        "/v1/games/pig/moves", json={"state_token": answer["state_token"], "move": move}
    )
    assert moved.status_code == 200, moved.text
    return moved.json()  # type: ignore[no-any-return]


def restart(redis: RedisServer) -> None:
    assert redis.process is not None
    redis.process.kill()  # -9: no shutdown save, no last fsync
    redis.process.wait(timeout=10)
    redis.process = None
    redis.start()


def test_with_aof_no_answered_step_is_lost_when_redis_dies(aof_redis: RedisServer) -> None:
    with client_of(aof_redis, redis_durability="aof") as client:
        assert client.get("/readyz").status_code == 200
        answers = [client.post("/v1/games/pig/states", json={"players": 2, "sealed": True}).json()]
        for n in range(40):
            answers.append(step(client, answers[-1], n))
        restart(aof_redis)
        last = answers[-1]
        for _ in range(50):  # the circuit may be open for a moment after the restart
            listed = client.post(
                "/v1/games/pig/legal-moves", json={"state_token": last["state_token"]}
            )
            if listed.status_code != 503:
                break
        assert listed.status_code == 200, listed.text
        assert step(client, last, 41)["view"] != last["view"]


def test_a_restored_snapshot_is_reported_and_no_stale_handle_acts(
    snapshot_redis: RedisServer,
) -> None:
    with client_of(snapshot_redis) as client:
        answers = [client.post("/v1/games/pig/states", json={"players": 2, "sealed": True}).json()]
        for n in range(10):
            answers.append(step(client, answers[-1], n))
        snapshot_redis.redis().save()  # the snapshot: step 10
        for n in range(10, 15):
            answers.append(step(client, answers[-1], n))
        restart(snapshot_redis)  # no AOF: back to the snapshot
        kept = answers[-1]
        refused = None
        for _ in range(50):
            refused = client.post(
                "/v1/games/pig/legal-moves", json={"state_token": kept["state_token"]}
            )
            if refused.status_code != 503:
                break
        assert refused is not None
        problem(refused, 409, "table_rolled_back")
        # five other steps from the restored one: the kept handle's version is reached again,
        # on another path, and it still acts on nothing
        again = client.post("/v1/games/pig/current", json={"state_token": kept["state_token"]})
        assert again.status_code == 200
        answer = again.json()
        for n in range(5):
            answer = step(client, answer, n + 1)  # the other move at each step
        for old in answers[11:]:
            moved = client.post(
                "/v1/games/pig/moves",
                json={"state_token": old["state_token"], "move": old["legal_moves"][0]},
            )
            assert moved.status_code == 409, moved.text
            assert moved.json()["code"] in ("table_rolled_back", "stale_state")
        assert "table_rolled_back" in {
            client.post(
                "/v1/games/pig/legal-moves", json={"state_token": old["state_token"]}
            ).json()["code"]
            for old in answers[11:]
        }


def test_aof_durability_needs_a_redis_that_fsyncs_every_write(
    snapshot_redis: RedisServer,
) -> None:
    with client_of(snapshot_redis, redis_durability="aof") as client:
        assert client.get("/readyz").status_code == 503
        refused = client.post("/v1/games/pig/states", json={"players": 2, "sealed": True})
        problem(refused, 503, "cache_unavailable")


def test_replica_durability_waits_for_a_replica(master_redis: RedisServer) -> None:
    snapshot_redis = master_redis
    with client_of(snapshot_redis, redis_durability="replicas:1", redis_timeout=0.3) as client:
        refused = client.post("/v1/games/pig/states", json={"players": 2, "sealed": True})
        problem(refused, 503, "cache_unavailable")  # no replica acknowledged it
    replica = RedisServer()
    replica.extra = ["--replicaof", "127.0.0.1", str(snapshot_redis.port)]
    for _ in running(replica):
        deadline = time.monotonic() + 10
        while snapshot_redis.redis().info("replication").get("slave0", {}).get("state") != "online":
            assert time.monotonic() < deadline, "the replica never caught up"
            time.sleep(0.05)
        # a replica's acknowledgement may take a while on a machine busy with other tests
        with client_of(snapshot_redis, redis_durability="replicas:1", redis_timeout=5.0) as client:
            made = client.post("/v1/games/pig/states", json={"players": 2, "sealed": True})
            assert made.status_code == 201, made.text
            step(client, made.json(), 0)
        assert replica.redis().keys("arbiter:table:*")


def test_under_load_redis_dies_and_no_answered_step_is_lost(
    aof_redis: RedisServer, tmp_path: Path
) -> None:
    """Four backends play their sealed games at full speed on a real ``arbiter serve`` (two
    workers) while Redis is killed (-9) and started again from its AOF. Every step answered 200
    is in Redis afterwards: the last handle each backend was answered is the game's current one
    (or a later step's answer was lost with the connection: stale, never rolled back), and no
    rollback was ever seen."""
    env = {
        "ARBITER_REDIS_URL": aof_redis.url,
        "ARBITER_REDIS_DURABILITY": "aof",
        "ARBITER_REDIS_TIMEOUT": "1",
        "ARBITER_STATE_KEY": "ef" * 32,
    }
    process, port = start_serve(tmp_path, "--workers", "2", env=env)
    try:
        wait_until_healthy(process, port, tmp_path)
        stop = threading.Event()
        answered: list[dict[str, Any]] = []
        counts = [0] * 4

        def play(seed: int) -> dict[str, Any] | None:
            """One game played until it ends or the test stops; its last answer."""
            body = {"players": 2, "seed": seed, "sealed": True}
            status, _, made = request(port, "POST", f"{GAME}/states", body)
            if status != 201:
                assert status in (0, 503), made  # Redis away: try again
                return None
            last: dict[str, Any] = json.loads(made)
            while not stop.is_set() and last["legal_moves"]:
                move = {"state_token": last["state_token"], "move": last["legal_moves"][0]}
                try:
                    status, _, body = request(port, "POST", f"{GAME}/moves", move)
                except OSError:  # the connection dropped: the step may or may not be taken
                    status = 0
                if status == 200:
                    last = json.loads(body)
                    counts[seed % 4] += 1
                elif status == 409:  # a step whose answer was lost: catch up
                    handle = {"state_token": last["state_token"]}
                    status, _, body = request(port, "POST", f"{GAME}/current", handle)
                    assert status in (200, 503), body
                    if status == 200:
                        last = json.loads(body)
                else:
                    assert status in (0, 503), body  # Redis away: nothing taken
                    time.sleep(0.05)
            return last

        def backend(k: int) -> None:
            seed = k
            while not stop.is_set():
                last = play(seed)
                if last is not None:
                    answered.append(last)
                seed += 4

        threads = [threading.Thread(target=backend, args=(k,)) for k in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(1.5)
        before = sum(counts)
        restart(aof_redis)
        time.sleep(2.5)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        assert before > 0 and sum(counts) > before  # load on both sides of the restart
        for last in answered:
            handle = {"state_token": last["state_token"]}
            status, _, body = request(port, "POST", f"{GAME}/legal-moves", handle)
            assert status == 200, body  # the very step last answered: nothing after it lost
        status, _, metrics = request(port, "GET", "/metrics")
        assert b"arbiter_rollbacks_total 0.0" in metrics
    finally:
        process.terminate()
        process.wait(timeout=30)
