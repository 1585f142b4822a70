"""Live tables across processes: real ``arbiter serve`` workers over one Redis (and over a Redis
Cluster: the ``store`` fixture). A move answered by one worker reaches a stream another worker
holds, through Redis' publication; a stream resumes on another worker from ``Last-Event-ID``; and
a worker told to stop (SIGTERM) ends its streams cleanly and at once."""

from __future__ import annotations

import http.client
import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from tests.api import test_scale_out
from tests.api.test_scale_out import Pod
from tests.conftest import Store

pytestmark = pytest.mark.redis

GAME = "/v1/games/pig"


class Reader:
    """A Server-Sent Events stream over a real connection."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", path, headers=headers or {})
        self.response = self.connection.getresponse()

    def next(self) -> tuple[str, dict[str, Any] | None]:
        """The next event's kind and data (heartbeats skipped); ``("", None)`` at the end."""
        kind, data = "", None
        while True:
            line = self.response.fp.readline().decode()
            if not line:
                return "", None
            line = line.rstrip("\n")
            if not line:
                if kind:
                    return kind, data
                continue
            name, _, value = line.partition(": ")
            if name == "event":
                kind = value
            elif name == "data":
                data = json.loads(value)

    def close(self) -> None:
        self.connection.close()


#: Two pods over the store (``test_scale_out``'s fixture).
pods = test_scale_out.pods


def sealed(pod: Pod) -> dict[str, Any]:
    status, master = pod.call(
        "POST", "/v1/games/the-ancient-world/states", {"players": 2, "seed": 5, "sealed": True}
    )
    assert status == 201, master
    return master


def test_a_move_answered_by_one_worker_reaches_a_stream_held_by_another(
    pods: tuple[Pod, Pod],
) -> None:
    a, b = pods
    master = sealed(a)
    game = "/v1/games/the-ancient-world"
    seat = master["seat_tokens"][1]
    reader = Reader(a.port, f"{game}/tables/{seat}/events")
    try:
        assert reader.response.status == 200
        kind, first = reader.next()
        assert kind == "update" and first is not None and first["version"] == 0
        token = master["state_token"]
        status, now = b.call("POST", f"{game}/current", {"state_token": token})
        started = time.perf_counter()
        status, moved = b.call(
            "POST", f"{game}/moves", {"state_token": token, "move": now["legal_moves"][0]}
        )
        assert status == 200, moved
        kind, update = reader.next()
        assert kind == "update" and update is not None
        assert update["version"] == 1 and update["to_act"] == moved["to_act"]
        assert time.perf_counter() - started < 5
        # the stream resumes on the other worker with exactly what it missed
        reader.close()
        status, moved = b.call(
            "POST",
            f"{game}/moves",
            {"state_token": moved["state_token"], "move": moved["legal_moves"][0]},
        )
        assert status == 200, moved
        reader = Reader(b.port, f"{game}/tables/{seat}/events", {"Last-Event-ID": "1"})
        kind, update = reader.next()
        assert kind == "update" and update is not None and update["version"] == 2
        assert update["current"]["as_seat"] == 1
    finally:
        reader.close()


def test_a_stopping_worker_ends_its_streams_at_once(tmp_path: Path, store: Store) -> None:
    pod = Pod(tmp_path / "a", store)
    try:
        master = sealed(pod)
        game = "/v1/games/the-ancient-world"
        reader = Reader(pod.port, f"{game}/tables/{master['state_token']}/events")
        assert reader.next()[0] == "update"
        started = time.perf_counter()
        pod.process.send_signal(signal.SIGTERM)
        assert reader.next() == ("end", {"reason": "stopping"})
        assert reader.next() == ("", None)
        pod.process.wait(timeout=15)
        assert time.perf_counter() - started < 10  # not the shutdown grace's 20 s
        reader.close()
    finally:
        pod.stop()
