"""An answered step of a sealed game outlives Redis: real redis-server processes killed (-9) and
started again from their files.

* With ``appendonly yes``, ``appendfsync always`` and ``ARBITER_REDIS_DURABILITY=aof``: every
  step answered 200 before the kill is there after the restart -- none lost.
* A Redis restored from an older snapshot (``SAVE``, more steps, kill, restart from the
  snapshot): the newest handles are refused as ``table_rolled_back``, never taken for stale
  ones, and after other steps from the restored one, no old handle of those steps acts.
* ``aof`` against a Redis that does not fsync every write: not ready, and no step is taken.
* ``replicas:1``: a step waits for a replica; without one it is answered 503.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from arbiter.api.app import create_app
from arbiter.core import Registry
from tests.api.conftest import NeverEndingPig, problem, settings
from tests.conftest import RedisServer, running

pytestmark = pytest.mark.redis

ROLL_OR_HOLD = ("roll", "hold")


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
        with client_of(snapshot_redis, redis_durability="replicas:1") as client:
            made = client.post("/v1/games/pig/states", json={"players": 2, "sealed": True})
            assert made.status_code == 201, made.text
            step(client, made.json(), 0)
        assert replica.redis().keys("arbiter:table:*")
