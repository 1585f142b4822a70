"""Many pods and many workers over one Redis, as real ``arbiter serve`` processes: a state made by
one pod is served by another, a sealed game's step moves on in every pod at once (a stale handle
is refused everywhere), and one pod's workers share states and aggregate their metrics. Each runs
on a single Redis and on a Redis Cluster (the ``store`` fixture)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_server_timeouts import request, start_serve, wait_until_healthy
from tests.conftest import Store

pytestmark = pytest.mark.redis

KEY = "cd" * 32
GAME = "/v1/games/the-ancient-world"


class Pod:
    """One ``arbiter serve`` process on a free loopback port."""

    def __init__(self, directory: Path, store: Store, workers: int = 1) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        env = {
            "ARBITER_STATE_KEY": KEY,
            **store.environment,
        }
        self.process, self.port = start_serve(directory, "--workers", str(workers), env=env)
        self.directory = directory
        wait_until_healthy(self.process, self.port, directory)

    def call(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        status, _, data = request(self.port, method, path, body)
        return status, json.loads(data) if data.startswith((b"{", b"[")) else data.decode()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hung server
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def pods(tmp_path: Path, store: Store) -> Iterator[tuple[Pod, Pod]]:
    a = Pod(tmp_path / "a", store)
    try:
        b = Pod(tmp_path / "b", store)
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def test_a_state_made_by_one_pod_is_served_by_another(pods: tuple[Pod, Pod]) -> None:
    a, b = pods
    status, made = a.call("POST", f"{GAME}/states", {"players": 2, "seed": 3})
    assert status == 201
    status, fetched = b.call("GET", f"/v1/states/{made['state_id']}")
    assert status == 200 and fetched["state"] == made["state"]
    move = {"state_id": made["state_id"], "move": made["legal_moves"][0]}
    status, moved = b.call("POST", f"{GAME}/moves", move)
    assert status == 200
    status, record = a.call("POST", f"{GAME}/record", {"state_id": moved["state_id"]})
    assert status == 200 and record["moves"][-1]["move"] == made["legal_moves"][0]


def test_a_stale_handle_is_refused_by_every_pod(pods: tuple[Pod, Pod]) -> None:
    a, b = pods
    status, master = a.call("POST", f"{GAME}/states", {"players": 2, "seed": 4, "sealed": True})
    assert status == 201
    seat0 = master["seat_tokens"][0]
    move = {"state_token": seat0, "move": master["legal_moves"][0]}
    status, moved = b.call("POST", f"{GAME}/moves", move)
    assert status == 200, moved
    for pod in (a, b):
        status, refused = pod.call("POST", f"{GAME}/moves", move)
        assert status == 409 and refused["code"] == "stale_state"
        status, current = pod.call("POST", f"{GAME}/current", {"state_token": seat0})
        assert status == 200 and current["view"]["step"] == moved["view"]["step"]


def test_the_workers_of_a_pod_share_states_and_aggregate_their_metrics(
    tmp_path: Path, store: Store
) -> None:
    pod = Pod(tmp_path / "pod", store, workers=2)
    try:
        ids = []
        for seed in range(20):
            status, made = pod.call("POST", f"{GAME}/states", {"players": 2, "seed": seed})
            assert status == 201
            ids.append(made["state_id"])
        for state_id in ids:  # whichever worker takes the request, Redis has the state
            assert pod.call("GET", f"/v1/states/{state_id}")[0] == 200
        status, text = pod.call("GET", "/metrics")
        assert status == 200
        counted = sum(
            float(value)
            for labels, value in re.findall(r"^arbiter_requests_total\{(.*)\} (\S+)$", text, re.M)
            if 'route="/v1/games/{game}/states"' in labels and 'status="201"' in labels
        )
        assert counted == len(ids)  # both workers' counts, whichever answered /metrics
    finally:
        pod.stop()
